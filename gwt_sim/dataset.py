"""The on-disk dataset of a simulation run: layout, schema, atomic chunk writes, manifest, reading.

    DIR/manifest.json                 experiment hash, engine version, per-arm content/config hashes, ...
    DIR/games/part-00000.parquet      one row per game
    DIR/players/part-00000.parquet    one row per player per game

Reading it back (one line each)::

    import polars as pl;  players = pl.read_parquet("DIR/players/*.parquet")
    import pandas as pd;  games = pd.read_parquet("DIR/games")
    from gwt_sim import dataset;  players = dataset.read("DIR")          # polars; table="games", lazy=True

A chunk is written players first, games last, each to a hidden temporary file renamed into place
(`os.replace`), so a part either exists whole or not at all; then the manifest records both parts
(SHA-256, size, rows, game-id range; see `gwt_sim.parts`), and a chunk counts as done only when
its record is there and both files still match it. Temporary names start with "." and end in
".tmp", which neither the `*.parquet` glob nor pyarrow's dataset discovery reads.

Columns (seats are numbered from 1; strings are plain UTF-8 columns):

* both tables: ``arm``, ``game_id`` (unique in the dataset), ``seed_index`` (i: game i of every arm
  and rotation shares ``seed`` = derive_game_seed(root seed, i)), ``seed``, ``rotation``, ``players``,
  and ``pool`` (the strategy pool that played the game) when the experiment has [[pools]].
* ``games``: ``strategies`` (by seat, comma-separated), ``winner_seat`` (0 when several players tie
  for first), ``n_winners``, ``winning_score``, ``turns``, ``decisions``, ``end_seat`` (who triggered
  the end), ``sides`` (12 letters, building 1 first) and ``side_1``..``side_12`` ("a"/"b"),
  ``neutral_layout`` (the tile on neutral spaces 1..7) and ``neutral_space_1``..``_7``,
  ``station_masters`` (stations 1..5, comma-separated) and ``station_master_1``..``_5``,
  ``simmental``, ``tiles_left_in_bags``, ``market_deck_left``.
* ``players``: ``seat``, ``strategy``, ``starting_money``, ``seat_vp`` (VP added at final scoring,
  the variant's seat compensation), ``score`` (``seat_vp`` included), ``rank`` (1 = best, ties share
  the better rank), ``win_share`` (1/k for each of k tied winners, else 0), ``winner``,
  ``score_<category>`` for each scoring category, then the engine's end-of-game statistics (money, turns,
  deliveries, workers_hired, buildings_built, station_masters_taken, ... — see
  `gwt_sim.schema.PLAYER_STATISTICS`), then per component ``built_<number>``,
  ``station_master_taken_<id>``, ``station_master_points_<id>``, ``deliveries_<city>`` (named from the
  content: `gwt_sim.schema.player_columns`).
* accumulator columns (``gwt_sim.run(..., accumulators=[...])``) follow, as float64: scalars in
  ``games``, per-seat values in ``players``.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from gwt_sim import schema
from gwt_sim.parts import (  # noqa: F401 (re-exported: the dataset's layout lives in gwt_sim.parts)
    FORMAT,
    LOCK,
    MANIFEST,
    TABLES,
    DatasetError,
    part_name,
    part_path,
    part_problem,
    part_record,
    read_manifest_file,
    recorded_chunks,
    strangers,
    written_part_names,
)

if TYPE_CHECKING:
    import pandas as pd
    import polars as pl
    import pyarrow as pa

    from gwt_sim.tables import Tables

# pyarrow is imported where it is used, so that importing this module (the CLI does, for its error
# types) stays cheap.

# snappy (Parquet's default codec): zstd files are ~15% smaller but take ~1.5 µs more per game to
# write, a few % of a random-policy game (see benchmarks/bench_runner.py).
COMPRESSION = "snappy"

# Columns shared by both tables, in front.
KEY_COLUMNS = ("arm", "game_id", "seed_index", "seed", "rotation", "players")
STATISTICS = ("arm", "game_id", "seed_index", "players")


# --------------------------------------------------------------------------- records -> Arrow


@dataclass
class ArmBlock:
    """The records of one arm's games in a chunk (rows grouped by game, seats in order)."""

    arm: str
    players: int
    game_id: np.ndarray          # int64 (n,)
    seed_index: np.ndarray       # int64 (n,)
    seed: np.ndarray             # uint64 (n,)
    rotation: np.ndarray         # int32 (n,)
    game_rows: np.ndarray        # int32 (n, len(game_fields))
    player_rows: np.ndarray      # int32 (n * players, len(player_fields))
    seat_strategy: np.ndarray    # int32 (n, players): index into `strategies`
    strategies: Sequence[str]
    building_names: Sequence[str]
    station_master_names: Sequence[str]
    starting_money: Sequence[int]
    simmental: bool
    game_fields: Sequence[str] = ()      # columns of game_rows (the RulesHandle's game_fields)
    player_fields: Sequence[str] = ()    # columns of player_rows
    extra_games: Mapping[str, np.ndarray] | None = None     # accumulator columns: (n,) float64
    extra_players: Mapping[str, np.ndarray] | None = None   # accumulator columns: (n * players,) float64
    seat_vp: Sequence[int] = ()
    pool: str | None = None              # the strategy pool playing these games (None: no pool column)
    solo: SoloInfo | None = None         # the solo mode: player_rows hold the human's and Sam's rows


@dataclass(frozen=True)
class SoloInfo:
    """What the solo mode adds to an arm's block: Sam's seat and strategy name, the arm's difficulty
    and Sam's first-delivery city, the worker type names (Sam's specialisation)."""

    sam_seat: int
    difficulty: str
    first_delivery: str
    worker_types: Sequence[str]

    @property
    def sam_strategy(self) -> str:
        return f"{schema.SAM_STRATEGY}:{self.difficulty}"


def solo_info(tables: Tables) -> SoloInfo:
    """The solo facts of compiled solo tables (gwt_sim.tables.Tables)."""
    sc = tables.scalars
    names = tables.names
    return SoloInfo(int(sc["sam_seat"]), names["solo_difficulty"][0], names["city"][int(sc["sam_first_city"])],
                    names["worker_type"])


def _take(names: Sequence[str], idx: np.ndarray) -> pa.Array:
    import pyarrow as pa

    return pa.array(list(names), type=pa.string()).take(pa.array(np.ascontiguousarray(idx, dtype=np.int32)))


def _join(cols: Sequence[Any], sep: str) -> pa.Array:
    import pyarrow.compute as pc

    return pc.binary_join_element_wise(*cols, sep)


def block_tables(b: ArmBlock) -> tuple[pa.Table, pa.Table]:
    """One arm's block as (games, players) Arrow tables."""
    import pyarrow as pa

    n = len(b.game_id)
    g = b.game_rows
    pr = b.player_rows
    p = len(pr) // n if n else b.players         # player rows per game: the players; solo: the human and Sam
    seat_strategy, strategies = b.seat_strategy, list(b.strategies)
    if b.solo is not None:
        # Sam's seat plays the strategy "sam:<difficulty>" in both tables
        strategies.append(b.solo.sam_strategy)
        seat_strategy = np.insert(np.asarray(seat_strategy, dtype=np.int32), b.solo.sam_seat,
                                  len(strategies) - 1, axis=1)
    game_fields, player_fields = tuple(b.game_fields), tuple(b.player_fields)
    side_cols = [f for f in game_fields if f.startswith(schema.SIDE)]
    neutral_cols = [f for f in game_fields if f.startswith(schema.NEUTRAL_SPACE)]
    master_cols = [f for f in game_fields if f.startswith(schema.STATION_MASTER)]
    special = {"players", "end_player", *side_cols, *neutral_cols, *master_cols}
    scores = pr[:, player_fields.index("score")].reshape(n, p)
    rank = 1 + (scores[:, None, :] > scores[:, :, None]).sum(axis=2, dtype=np.int32)
    top = rank == 1
    n_winners = top.sum(axis=1, dtype=np.int32)
    win_share = top / n_winners[:, None]
    winner_seat = np.where(n_winners == 1, top.argmax(axis=1) + 1, 0).astype(np.int32)

    def keys(repeat: int) -> dict[str, pa.Array]:
        def rep(a: np.ndarray) -> np.ndarray:
            return np.repeat(a, repeat) if repeat > 1 else a
        out = {"arm": pa.array([b.arm] * (n * repeat), type=pa.string()),
               "game_id": pa.array(rep(b.game_id), type=pa.int64()),
               "seed_index": pa.array(rep(b.seed_index), type=pa.int64()),
               "seed": pa.array(rep(b.seed), type=pa.uint64()),
               "rotation": pa.array(rep(b.rotation), type=pa.int32()),
               "players": pa.array(np.full(n * repeat, b.players, dtype=np.int32))}
        if b.pool is not None:
            out[schema.POOL] = pa.array([b.pool] * (n * repeat), type=pa.string())
        return out

    seat_strategy_cols = [_take(strategies, seat_strategy[:, s]) for s in range(p)]
    sides = [_take(("a", "b"), g[:, game_fields.index(c)]) for c in side_cols]
    neutral = [_take(b.building_names, g[:, game_fields.index(c)]) for c in neutral_cols]
    masters = [_take(b.station_master_names, g[:, game_fields.index(c)]) for c in master_cols]
    gcols = np.ascontiguousarray(g.T)
    games: dict[str, Any] = keys(1)
    games["strategies"] = _join(seat_strategy_cols, ",")
    games["winner_seat"] = pa.array(winner_seat)
    games["n_winners"] = pa.array(n_winners)
    games["winning_score"] = pa.array(scores.max(axis=1).astype(np.int32))
    for j, f in enumerate(game_fields):
        if f == "end_player":
            games["end_seat"] = pa.array(gcols[j] + 1)
        elif side_cols and f == side_cols[0]:
            games["sides"] = _join(sides, "")
            games.update(zip(side_cols, sides, strict=True))
        elif neutral_cols and f == neutral_cols[0]:
            games["neutral_layout"] = _join(neutral, "")
            games.update(zip(neutral_cols, neutral, strict=True))
        elif master_cols and f == master_cols[0]:
            games["station_masters"] = _join(masters, ",")
            games.update(zip(master_cols, masters, strict=True))
            games["simmental"] = pa.array(np.full(n, b.simmental, dtype=bool))
        elif f == schema.SAM_SPECIALISATION and b.solo is not None:
            games.update(_solo_columns(b.solo, scores, gcols[j]))
        elif f not in special:
            games[f] = pa.array(gcols[j])
    _add_extra(games, b.extra_games)

    pcols = np.ascontiguousarray(pr.T)
    players: dict[str, Any] = keys(p)
    players["seat"] = pa.array(pcols[player_fields.index("seat")] + 1)
    players["strategy"] = _take(strategies, seat_strategy.ravel())
    players["starting_money"] = pa.array(np.tile(np.asarray(b.starting_money[:p], dtype=np.int32), n))
    players["seat_vp"] = pa.array(np.tile(np.asarray(list(b.seat_vp[:p]) or [0] * p, dtype=np.int32), n))
    players["score"] = pa.array(pcols[player_fields.index("score")])
    players["rank"] = pa.array(rank.ravel())
    players["win_share"] = pa.array(win_share.ravel())
    players["winner"] = pa.array(top.ravel())
    for j, f in enumerate(player_fields):
        if f not in players:
            players[f] = pa.array(pcols[j])
    _add_extra(players, b.extra_players)
    return pa.table(games), pa.table(players)


def _solo_columns(solo: SoloInfo, scores: np.ndarray, specialisation: np.ndarray) -> dict[str, Any]:
    """The games table's solo columns (gwt_sim.schema.SOLO_GAME_COLUMNS): the arm's difficulty and
    Sam's first-delivery city, the human's result and margin against Sam, Sam's final specialisation."""
    import pyarrow as pa

    n = len(scores)
    human = 1 if solo.sam_seat == 0 else 0
    margin = (scores[:, human] - scores[:, solo.sam_seat]).astype(np.int32)
    result = np.where(margin > 0, 0, np.where(margin < 0, 1, 2)).astype(np.int32)     # schema.SOLO_RESULTS order
    cols = dict(zip(schema.SOLO_GAME_COLUMNS, (
        pa.array([solo.difficulty] * n, type=pa.string()), pa.array([solo.first_delivery] * n, type=pa.string()),
        _take(schema.SOLO_RESULTS, result), pa.array(margin), _take(solo.worker_types, specialisation)), strict=True))
    return cols


def _add_extra(columns: dict[str, Any], extra: Mapping[str, np.ndarray] | None) -> None:
    """Accumulator columns after the engine's (float64; a name the table already has is refused)."""
    import pyarrow as pa

    for name, values in (extra or {}).items():
        if name in columns:
            raise DatasetError(f"accumulator column {name!r} clashes with a dataset column")
        columns[name] = pa.array(np.asarray(values, dtype=np.float64))


def chunk_tables(blocks: Sequence[ArmBlock]) -> tuple[pa.Table, pa.Table]:
    """The blocks of a chunk (one per arm) as two Arrow tables (games, players)."""
    import pyarrow as pa

    parts = [block_tables(b) for b in blocks]
    return (pa.concat_tables([t[0] for t in parts]), pa.concat_tables([t[1] for t in parts]))


def parquet_bytes(table: pa.Table) -> bytes:
    """A table as Parquet bytes: small integers delta/bit-packed, strings dictionary-encoded, snappy;
    statistics only for the key columns (file skipping when filtering by arm, game or seed). These
    choices halve the write time of the defaults at a similar size (benchmarks/bench_runner.py)."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    ints = [f.name for f in table.schema if pa.types.is_integer(f.type) and f.name != "seed"]
    strings = [f.name for f in table.schema if pa.types.is_string(f.type)]
    sink = io.BytesIO()
    pq.write_table(table, sink, compression=COMPRESSION, write_statistics=list(STATISTICS),
                   use_dictionary=strings, column_encoding=dict.fromkeys(ints, "DELTA_BINARY_PACKED"))
    return sink.getvalue()


# --------------------------------------------------------------------------- files


def write_atomic(path: Path, data: bytes) -> None:
    """Write `data` to `path` through a hidden temporary file in the same folder and a rename."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with open(tmp, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            tmp.unlink()
        if isinstance(exc, OSError) and exc.errno is not None:
            # name the file being written (a failed write() names none): "DIR/games/part-00003.parquet:
            # No space left on device"
            raise OSError(exc.errno, exc.strerror, str(path)) from exc
        raise


def write_chunk(root: str | Path, chunk: int, games: bytes, players: bytes) -> None:
    """Write one chunk: players part first, games part last (the games part marks it done)."""
    write_atomic(part_path(root, "players", chunk), players)
    write_atomic(part_path(root, "games", chunk), games)


def check_folder(root: str | Path) -> None:
    """Refuse a folder that is not a dataset: one with a manifest, a new or empty folder, or what an
    interrupted first run leaves (lock file, empty table folders) are fine."""
    root = Path(root)
    if not root.exists():
        return
    if not root.is_dir():
        raise DatasetError(f"{root}: exists and is not a folder")
    if (root / MANIFEST).exists():
        return
    for entry in root.iterdir():
        if entry.name == LOCK:
            continue
        if entry.name in TABLES and entry.is_dir() and not any(entry.glob("*.parquet")):
            continue
        raise DatasetError(f"{root}: not empty and not a gwt-sim dataset (no {MANIFEST}); "
                           f"choose a new or empty --out folder")


def clear(root: str | Path, manifest: Mapping[str, Any]) -> None:
    """Delete what the run of `manifest` wrote — its parts (those it recorded and those named after
    its chunks), temporary files, the manifest — and nothing else (hold the lock)."""
    root = Path(root)
    names = written_part_names(manifest)
    for table in TABLES:
        folder = root / table
        if folder.is_dir():
            for part in [*(folder / n for n in names), *folder.glob(".*.tmp")]:
                part.unlink(missing_ok=True)
    (root / MANIFEST).unlink(missing_ok=True)


def prepare_folder(root: str | Path) -> None:
    """Create the table folders and delete temporaries an interrupted run left (hold the lock)."""
    for table in TABLES:
        folder = Path(root) / table
        folder.mkdir(exist_ok=True)
        for tmp in folder.glob(".*.tmp"):
            with contextlib.suppress(OSError):
                tmp.unlink()


@contextlib.contextmanager
def locked(root: str | Path) -> Iterator[None]:
    """Hold an exclusive lock on the folder for the whole run (released by the OS even on kill -9)."""
    root = Path(root)
    root.mkdir(parents=True, exist_ok=True)
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows: no lock
        yield
        return
    with open(root / LOCK, "a+") as f:
        try:
            fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            raise DatasetError(f"{root}: another gwt-sim run is writing to this folder") from None
        try:
            yield
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)


# --------------------------------------------------------------------------- manifest


def read_manifest(root: str | Path) -> dict[str, Any] | None:
    """The folder's manifest, or None when it has none."""
    path = Path(root) / MANIFEST
    if not path.exists():
        return None
    return read_manifest_file(path)


def write_manifest(root: str | Path, manifest: Mapping[str, Any]) -> None:
    text = json.dumps(manifest, indent=2, sort_keys=False) + "\n"
    write_atomic(Path(root) / MANIFEST, text.encode())


def manifest(root: str | Path) -> dict[str, Any]:
    """The manifest of a dataset folder (DatasetError if there is none)."""
    data = read_manifest(root)
    if data is None:
        raise DatasetError(f"{root}: no {MANIFEST} (not a gwt-sim dataset)")
    return data


# --------------------------------------------------------------------------- reading


def _check_table(table: str) -> None:
    if table not in TABLES:
        raise ValueError(f"table must be one of {', '.join(TABLES)}, got {table!r}")


def read(root: str | Path, table: str = "players", *, lazy: bool = False) -> pl.DataFrame | pl.LazyFrame:
    """A table of a dataset as a polars DataFrame (LazyFrame with lazy=True)."""
    import polars as pl

    _check_table(table)
    pattern = str(Path(root) / table / "*.parquet")
    return pl.scan_parquet(pattern) if lazy else pl.read_parquet(pattern)


def read_pandas(root: str | Path, table: str = "players") -> pd.DataFrame:
    """A table of a dataset as a pandas DataFrame."""
    import pandas as pd

    _check_table(table)
    return pd.read_parquet(Path(root) / table)
