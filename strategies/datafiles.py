"""Strategy data files (heuristic profiles, value models): found by built-in name or by path, read as
TOML, parsed once per file version. Every problem is one line naming the file, raised as the
caller's error class."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any, TypeVar

from gwt_sim.files import read_toml

T = TypeVar("T")


def builtin_names(folder: Path) -> list[str]:
    return sorted(p.stem for p in folder.glob("*.toml"))


def load_data_file(name_or_path: str, folder: Path, kind: str, error: type[Exception],
                   parse: Callable[[dict[str, Any], str], T]) -> T:
    """A built-in file of `folder` by name (no suffix) or any file by path, parsed by `parse(data,
    file name)`; cached by (path, modification time, size), so a changed file is read again."""
    path = Path(name_or_path)
    if not path.suffix and not path.exists():
        path = folder / f"{name_or_path}.toml"
        if not path.exists():
            raise error(f"unknown {kind} {name_or_path!r} "
                        f"(built-in: {', '.join(builtin_names(folder)) or 'none'})")
    try:
        stat = path.stat()
    except FileNotFoundError:
        raise error(f"{path}: {kind} file not found") from None
    return _parse_file(str(path.resolve()), stat.st_mtime_ns, stat.st_size, kind, error, parse)


@lru_cache(maxsize=256)
def _parse_file(path: str, mtime_ns: int, size: int, kind: str, error: type[Exception],
                parse: Callable[[dict[str, Any], str], Any]) -> Any:
    p = Path(path)
    return parse(read_toml(p, lambda problem: error(f"{p.name}: {problem}"), kind), p.name)
