"""The parts of a dataset folder and how their integrity is checked.

    DIR/manifest.json                 ... "parts": {"0": {"games": {"file": "games/part-00000.parquet",
                                      "sha256": ..., "bytes": ..., "rows": ...}, "players": {...},
                                      "game_ids": [first, last]}, ...}
    DIR/games/part-00000.parquet      one row per game
    DIR/players/part-00000.parquet    one row per player per game

The runner records each chunk's two parts in the manifest once they are written (checksum, size,
rows, the range of game ids). Resuming trusts only recorded parts whose bytes still match (a damaged
or missing part is named in one line and its chunk played again); `gwt-sim report` refuses a
dataset with a damaged, missing or unrecorded part, duplicate game ids, or games of a player count
none of its arms plays. `--overwrite` deletes only the parts the folder's own run wrote.

This module needs only the standard library (the reports, which never import the engine, use it).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from gwt_sim import schema
from gwt_sim.errors import UserError

FORMAT = schema.DATASET_FORMAT
READABLE_FORMATS = (FORMAT, "gwt-sim-dataset/1")   # /1: written before parts were recorded (no checksums)
MANIFEST = "manifest.json"
LOCK = ".lock"
TABLES = ("games", "players")
TUNE_STATE = "tune.json"            # a tuning folder's record (gwt_sim.tune); its rounds are datasets
TUNE_FORMAT = "gwt-sim-tune/1"
PART_NAME = re.compile(r"part-(\d{5,})\.parquet")


def dataset_file(path: str | Path) -> Path | None:
    """The dataset or tuning folder whose own files `path` would replace (its manifest, lock or
    tuning record, or anything in its games/ or players/ folders), else None: reports and tables
    must never be written there."""
    target = Path(path).resolve()
    for folder in target.parents:
        if (folder / MANIFEST).is_file() or (folder / TUNE_STATE).is_file():
            rel = target.relative_to(folder).parts
            if rel[0] in TABLES or (len(rel) == 1 and rel[0] in (MANIFEST, LOCK, TUNE_STATE)):
                return folder
    return None


def manifest_problem(manifest: dict[str, Any]) -> str:
    """What in a dataset manifest is not of the shape the runner writes (the fields resuming and
    reports read), or '': a hand-edited or damaged manifest is named, not met with a traceback."""
    typed = {"arms": list, "experiment_spec": dict, "sweep": dict, "vocabulary": dict, "vocabulary_arms": dict,
             "printed_starting_money": list, "parts": dict, "overrides": dict, "accumulators": list,
             "root_seed": int, "edition": int, "games": int, "chunk_size": int, "chunks": int,
             "experiment": str}
    for key, kind in typed.items():
        value = manifest.get(key)
        if value is not None and (not isinstance(value, kind) or isinstance(value, bool)):
            return f"{key} is not a{'n' if kind is int else ''} {kind.__name__}"
    for i, arm in enumerate(manifest.get("arms") or []):
        if not isinstance(arm, dict) or not isinstance(arm.get("name"), str) \
                or isinstance(arm.get("players"), bool) or not isinstance(arm.get("players"), int):
            return f"arms[{i}] is not a table with a name and a player count"
    spec_arms = (manifest.get("experiment_spec") or {}).get("arms", [])
    if not isinstance(spec_arms, list) or not all(isinstance(a, dict) for a in spec_arms):
        return "experiment_spec.arms is not a list of tables"
    sweep = manifest.get("sweep") or {}
    params, arms = sweep.get("params", []), sweep.get("arms", {})
    if not isinstance(params, list) or not all(isinstance(p, dict) for p in params):
        return "sweep.params is not a list of tables"
    if not isinstance(arms, dict) or not all(
            isinstance(v, dict) and isinstance(v.get("base_arm"), str) and isinstance(v.get("values"), list)
            and len(v["values"]) == len(params) for v in arms.values()):
        return "sweep.arms is not a table of arms with a base arm and one value per parameter"
    return ""


def tune_state_problem(state: dict[str, Any]) -> str:
    """What in a tuning record (a dict with a "spec" dict) is not of the shape `gwt_sim.tune` writes
    (the fields a resumed tuning and its report read), or '': a hand-edited or damaged file is named,
    not met with a traceback."""
    def number(v: Any) -> bool:
        return (isinstance(v, int | float) and not isinstance(v, bool)) or v in ("inf", "-inf")

    def numbers(v: Any, n: int | None = None) -> bool:
        return isinstance(v, list) and all(map(number, v)) and (n is None or len(v) == n)

    spec = state["spec"]
    if not number(spec.get("target_value")):
        return "spec.target_value is not a number"
    if "range" in spec and not numbers(spec["range"], 2):
        return "spec.range is not two numbers"
    rounds = state.get("rounds", [])
    if not isinstance(rounds, list):
        return "rounds is not a list"
    for i, r in enumerate(rounds):
        where = f"rounds[{i}]"
        if not isinstance(r, dict):
            return f"{where} is not a table"
        if isinstance(r.get("round"), bool) or not isinstance(r.get("round"), int):
            return f"{where}.round is not a whole number"
        if not numbers(r.get("values")) or not isinstance(r.get("folder"), str):
            return f"{where}: values or folder missing or of the wrong type"
        if not number(r.get("games", 0)):
            return f"{where}.games is not a number"
        a = r.get("analysis", {})
        if not isinstance(a, dict) or not isinstance(a.get("root") or {}, dict) or (
                a.get("bracket") is not None and not numbers(a["bracket"], 2)):
            return f"{where}.analysis is not of the recorded shape"
    result = state.get("result") or {}
    if not isinstance(result, dict) or (result.get("bracket") is not None and not numbers(result["bracket"], 2)) \
            or not isinstance(result.get("candidates", []), list) \
            or not all(isinstance(c, dict) for c in result.get("candidates", [])):
        return "result is not of the recorded shape"
    return ""


class DatasetError(UserError):
    """The output folder cannot hold this run (another experiment's data, in use, damaged...)."""


def part_name(chunk: int) -> str:
    return f"part-{chunk:05d}.parquet"


def part_path(root: str | Path, table: str, chunk: int) -> Path:
    return Path(root) / table / part_name(chunk)


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def file_sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def part_record(chunk: int, games: bytes, players: bytes, game_rows: int, player_rows: int,
                game_ids: tuple[int, int]) -> dict[str, Any]:
    """The manifest's record of one chunk's two parts (from the bytes about to be written)."""
    return {"games": {"file": f"games/{part_name(chunk)}", "sha256": sha256(games), "bytes": len(games),
                      "rows": game_rows},
            "players": {"file": f"players/{part_name(chunk)}", "sha256": sha256(players), "bytes": len(players),
                        "rows": player_rows},
            "game_ids": [int(game_ids[0]), int(game_ids[1])]}


def part_problem(root: str | Path, chunk: int, record: Mapping[str, Any]) -> str | None:
    """Why a recorded chunk cannot be trusted — one line naming the part — or None when both of its
    parts are on disk with the recorded size and checksum."""
    for table in TABLES:
        path = part_path(root, table, chunk)
        entry = record.get(table) if isinstance(record, Mapping) else None
        if not isinstance(entry, Mapping):
            return f"{path}: no valid record in {MANIFEST}"
        try:
            size = path.stat().st_size
        except FileNotFoundError:
            return f"{path}: missing (the manifest records it)"
        if size != entry.get("bytes") or file_sha256(path) != entry.get("sha256"):
            return f"{path}: damaged (its checksum differs from the one recorded in {MANIFEST})"
    return None


def parquet_files(root: str | Path) -> list[Path]:
    """Every *.parquet file in the table folders."""
    return sorted(p for table in TABLES if (Path(root) / table).is_dir() for p in (Path(root) / table).glob("*.parquet"))


def strangers(root: str | Path, names: Iterable[str]) -> list[Path]:
    """Parquet files in the table folders whose name is not one of `names` (part file names)."""
    known = set(names)
    return [p for p in parquet_files(root) if p.name not in known]


def recorded_chunks(manifest: Mapping[str, Any]) -> dict[int, Mapping[str, Any]]:
    """chunk -> record of the parts the manifest lists."""
    parts = manifest.get("parts")
    if not isinstance(parts, Mapping):
        return {}
    return {int(k): v for k, v in parts.items() if str(k).isdigit()}


def written_part_names(manifest: Mapping[str, Any]) -> set[str]:
    """Names of the part files a folder's run writes: its recorded chunks and every chunk of its plan."""
    chunks = set(recorded_chunks(manifest))
    n = manifest.get("chunks")
    if isinstance(n, int) and n >= 0:
        chunks.update(range(n))
    return {part_name(c) for c in chunks}


def verify(root: str | Path, manifest: Mapping[str, Any]) -> None:
    """Check a dataset before reading it: every part file is recorded, every recorded part is intact
    (DatasetError naming the part otherwise). A /1 dataset has no records: nothing to check here."""
    if manifest.get("format") != FORMAT:
        return
    records = recorded_chunks(manifest)
    listed = {part_name(c) for c in records}
    own = written_part_names(manifest)
    for path in strangers(root, listed):
        if path.name in own:
            raise DatasetError(f"{path}: written but not recorded in {MANIFEST} (the run was interrupted, or is "
                               f"still going): finish it with the same `gwt-sim simulate` command")
        raise DatasetError(f"{path}: not a part of this dataset (not recorded in {MANIFEST}; copied in from "
                           f"elsewhere?): move it out of the folder")
    for chunk, record in sorted(records.items()):
        problem = part_problem(root, chunk, record)
        if problem:
            raise DatasetError(f"{problem}: run `gwt-sim simulate` with the same experiment and --out to "
                               f"play its chunk again")


def read_manifest_file(path: Path, error: type[Exception] = DatasetError) -> dict[str, Any]:
    """Parse a manifest file (it exists); a file that is not a gwt-sim manifest is `error`."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError):
        raise error(f"{path}: not a gwt-sim manifest (invalid JSON)") from None
    if not isinstance(data, dict) or data.get("format") not in READABLE_FORMATS:
        raise error(f"{path}: not a {FORMAT} manifest")
    if problem := manifest_problem(data):
        raise error(f"{path}: damaged manifest: {problem}")
    return data
