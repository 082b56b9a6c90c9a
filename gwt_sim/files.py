"""Reading the user's text files: the one strict reader of TOML (content, patches, experiment
files, heuristic profiles, value models) and of plain text files.

Every problem — a missing file, a folder, bytes that are not UTF-8, a TOML syntax error — becomes one
line built by the caller's `fail(problem)`, which returns the caller's own `UserError` (so a content
file's error names its content file, an experiment's its experiment file).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

Fail = Callable[[str], Exception]


def _article(kind: str) -> str:
    return "an" if kind[:1].lower() in "aeiou" else "a"


def read_text(path: str | Path, fail: Fail, kind: str = "") -> str:
    """The UTF-8 text of a file; `kind` names the file in messages ("experiment", "patch"...)."""
    what = f"{kind} file" if kind else "file"
    try:
        return Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise fail(f"{what} not found") from None
    except IsADirectoryError:
        raise fail(f"is a folder, expected {_article(what)} {what}") from None
    except UnicodeDecodeError:
        raise fail("not UTF-8 text") from None
    except OSError as exc:
        raise fail(f"cannot read the {what} ({exc.strerror or exc})") from None


def parse_toml(text: str, fail: Fail) -> dict[str, Any]:
    """TOML text as a dict; a syntax error names its line and column."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise fail(f"not valid TOML: {exc}") from None
    except RecursionError:      # arrays or tables nested thousands deep
        raise fail("not valid TOML: nested too deeply") from None


def writable_problem(path: str | Path, folder: bool = False) -> str:
    """Why `path` could not be written later (as a file, or with `folder` as a folder), or '': checked
    before a long run or report, so the result is not lost to a file standing where a folder must be."""
    target = Path(path)
    if target.exists() and target.is_dir() != folder:
        return "a file, not a folder" if folder else "a folder, not a file"
    for parent in target.parents:
        if parent.exists():
            return "" if parent.is_dir() else f"{parent} is a file, not a folder"
    return ""


def toml_string(text: str) -> str:
    """`text` as a TOML basic string, quotes and backslashes escaped (a JSON string is one)."""
    return json.dumps(text, ensure_ascii=False)


def read_toml(path: str | Path, fail: Fail, kind: str = "") -> dict[str, Any]:
    """A TOML file as a dict (see `read_text` and `parse_toml`)."""
    return parse_toml(read_text(path, fail, kind), fail)
