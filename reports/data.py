"""Loading a gwt-sim dataset for the reports: polars scans of the Parquet parts, checked once.

The reports read the dataset only through its files (``DIR/manifest.json``, ``DIR/games/*.parquet``,
``DIR/players/*.parquet``; the schema is documented in `gwt_sim.dataset`), never through the engine.
Both tables are scanned lazily with projection to the columns the reports know, collected once into
memory, and handed to the sections as LazyFrames (``ds.games_lf()``, ``ds.players_lf()``), so each
section is a lazy polars pipeline over in-memory data.

A ``pool`` column (string, in both tables) names the strategy pool that played a game when an
experiment plays its arms with several pools; without it the whole dataset is one pool. The names and
effect texts of the content as run come from the manifest (`reports.vocab`).

A solo dataset (one player against Sam; the games table has the solo columns
`gwt_sim.schema.SOLO_GAME_COLUMNS`) keeps Sam's rows apart: ``ds.players`` holds the human players'
rows, ``ds.sam`` Sam's (strategy ``sam:<difficulty>``), and only the sections that ask questions of a
solo game are built (`reports.report.SOLO_SECTIONS`).

Optional per-player columns are used when the engine records them (see `OPTIONAL_PLAYER_PREFIXES`):
``built_<n>`` (building number n — 1–12 in the Second Edition, 1–10 in the First — on the board at
game end: 0/1), ``station_master_taken_<id>``
(0/1), ``station_master_points_<id>`` (VP from that tile's task) and ``deliveries_<city>``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import polars as pl

from gwt_sim import schema  # imports nothing: the reports still read the dataset only through its files
from gwt_sim.errors import UserError
from gwt_sim.parts import FORMAT, MANIFEST, TABLES, DatasetError, read_manifest_file, verify
from reports.vocab import Vocabulary

__all__ = ["FORMAT", "Dataset", "ReportError", "load"]

SCORE_CATEGORIES = schema.SCORE_CATEGORIES
SCORE_COLUMNS = schema.SCORE_COLUMNS
MASTER_COLUMNS = tuple(f"{schema.STATION_MASTER}{i}" for i in range(1, 6))
REQUIRED_GAMES = ("arm", "game_id", "players", "turns")
TEXT_COLUMNS = ("arm", "strategy")      # of the required columns, the text ones
REQUIRED_PLAYERS = ("arm", "game_id", "players", "seat", "strategy", "score", "rank", "win_share", "winner")
OPTIONAL_PLAYER_PREFIXES = schema.PLAYER_COMPONENT_PREFIXES
POOL = schema.POOL
SEED_INDEX = schema.SEED_INDEX


class ReportError(UserError):
    """The input cannot be reported on (missing folder, not a dataset, empty, incomparable datasets)."""


@dataclass
class Dataset:
    path: Path
    manifest: dict[str, Any]
    games: pl.DataFrame
    players: pl.DataFrame
    label: str = ""
    arms: list[str] = field(default_factory=list)
    pool: str | None = None          # set on a one-pool subset (`for_pool`)
    sam: pl.DataFrame | None = None  # a solo dataset: Sam's player rows (ds.players holds the humans')

    @property
    def solo(self) -> bool:
        """One player against Sam (the solo mode) in every game."""
        return self.sam is not None

    @property
    def vocab(self) -> Vocabulary:
        return Vocabulary(self.manifest)

    @property
    def pools(self) -> list[str]:
        """Strategy pools in the dataset (sorted); [] when it has no pool column (one pool)."""
        if POOL not in self.players.columns:
            return []
        return sorted(str(p) for p in self.players[POOL].unique().to_list() if p is not None)

    def for_pool(self, pool: str) -> Dataset:
        """The games of one strategy pool (same manifest, arms and label)."""
        games = self.games.filter(pl.col(POOL) == pool) if POOL in self.games.columns else \
            self.games.join(self.players.filter(pl.col(POOL) == pool).select("game_id").unique(), on="game_id")
        sam = None if self.sam is None else self.sam.join(games.select("game_id"), on="game_id", how="semi")
        return Dataset(self.path, self.manifest, games, self.players.filter(pl.col(POOL) == pool), self.label,
                       [a for a in self.arms if a in set(games["arm"].unique().to_list())], pool, sam)

    def replays_seeds(self, arm: str) -> bool:
        """Whether several games of `arm` play one seed (its strategy pools, or the rotations of the
        lineup). They share the seed's setup — sides, neutral layout, station masters, decks — so they
        are not independent observations: the sections' tests then cluster the games and players by
        seed (`reports.stats.clustered_diff`), and a setup factor's evidence is its seeds, not its games."""
        if SEED_INDEX not in self.games.columns:
            return False
        g = self.games.filter(pl.col("arm") == arm)
        return g.height > g[SEED_INDEX].n_unique()

    def games_lf(self) -> pl.LazyFrame:
        return self.games.lazy()

    def players_lf(self) -> pl.LazyFrame:
        return self.players.lazy()

    def has(self, column: str, table: str = "players") -> bool:
        return column in (self.players if table == "players" else self.games).columns

    def columns_like(self, pattern: str, table: str = "players") -> list[str]:
        """Column names matching a regular expression (full match), in table order."""
        cols = (self.players if table == "players" else self.games).columns
        return [c for c in cols if re.fullmatch(pattern, c)]

    def players_with(self, *game_columns: str) -> pl.LazyFrame:
        """Players joined with some games columns (by game_id)."""
        cols = [c for c in game_columns if c in self.games.columns and c not in self.players.columns]
        if not cols:
            return self.players_lf()
        return self.players_lf().join(self.games_lf().select("game_id", *cols), on="game_id", how="left")

    @property
    def groups(self) -> list[tuple[str, int]]:
        """(arm, player count) pairs present, arms in manifest order."""
        pairs = self.games.select("arm", "players").unique().rows()
        order = {a: i for i, a in enumerate(self.arms)}
        return sorted(pairs, key=lambda r: (order.get(r[0], len(order)), r[0], r[1]))

    @property
    def building_numbers(self) -> list[int]:
        """The private building numbers of the content as run: those with a ``side_<n>`` column."""
        pre = schema.SIDE
        return sorted(int(c[len(pre):]) for c in self.games.columns
                      if c.startswith(pre) and c[len(pre):].isdigit())

    @property
    def side_columns(self) -> list[str]:
        """``side_<n>`` of every building number, in number order."""
        return [f"{schema.SIDE}{k}" for k in self.building_numbers]

    @property
    def player_counts(self) -> list[int]:
        return sorted(self.games["players"].unique().to_list())

    @property
    def strategies(self) -> list[str]:
        return sorted(self.players["strategy"].unique().to_list())


def _parts(root: Path, table: str) -> list[Path]:
    return sorted((root / table).glob("*.parquet"))


def read_manifest(root: Path) -> dict[str, Any]:
    path = root / MANIFEST
    if not path.is_file():
        raise ReportError(f"{root}: not a gwt-sim dataset (no {MANIFEST})")
    return read_manifest_file(path, ReportError)


def check_integrity(root: Path, manifest: dict[str, Any]) -> None:
    """Refuse a dataset whose parts are not the ones its run recorded (damaged, missing, copied in)."""
    try:
        verify(root, manifest)
    except DatasetError as exc:
        raise ReportError(str(exc)) from None


def _odd_player_count(lf: pl.LazyFrame, counts: set[int], rows: str) -> None:
    """Refuse rows of a player count no arm plays, naming a part that holds them."""
    odd = lf.filter(~pl.col("players").is_in(list(counts))).select("part", "players").head(1).collect()
    if odd.height:
        raise ReportError(f"{odd['part'][0]}: holds {odd['players'][0]}-player {rows}, but the dataset's arms are "
                          f"{'/'.join(map(str, sorted(counts)))}-player (copied in from another dataset?)")


def check_contents(root: Path, manifest: dict[str, Any]) -> None:
    """Refuse duplicate game ids, seats given twice and rows of a player count no arm plays, naming a
    part that holds them (for datasets of any format, checksums or not)."""
    arms = [a for a in manifest.get("arms", []) if isinstance(a, dict)]
    counts = {a.get("players") for a in arms}
    for table in TABLES:
        lf = pl.scan_parquet([str(p) for p in _parts(root, table)], include_file_paths="part")
        try:
            if arms:
                _odd_player_count(lf, counts, "games" if table == "games" else "rows")
            if table == "games":
                dup = (lf.filter(pl.col("game_id").is_duplicated()).group_by("game_id")
                       .agg(pl.col("part").sort()).sort("game_id").head(1).collect())
                if dup.height:
                    n = lf.select(pl.col("game_id").is_duplicated().sum()).collect().item()
                    parts = ", ".join(dict.fromkeys(dup["part"][0]))
                    raise ReportError(f"{root}: {n} rows share their game_id with another (e.g. game "
                                      f"{dup['game_id'][0]} in {parts}): a part copied twice?")
            else:
                dup = lf.filter(pl.struct("game_id", "seat").is_duplicated()).select("part", "game_id").head(1).collect()
                if dup.height:
                    raise ReportError(f"{dup['part'][0]}: game {dup['game_id'][0]} has a seat twice in the players "
                                      f"table")
        except pl.exceptions.PolarsError as exc:
            raise ReportError(f"{root}: cannot read the {table} table ({' '.join(str(exc).split())[:200]})") from None


def _scan(root: Path, table: str, required: tuple[str, ...]) -> pl.DataFrame:
    parts = _parts(root, table)
    if not parts:
        raise ReportError(f"{root}: empty dataset (no {table} parts; run `gwt-sim simulate` into it first)")
    try:
        lf = pl.scan_parquet([str(p) for p in parts])
        names = lf.collect_schema().names()
        missing = [c for c in required if c not in names]
        if missing:
            raise ReportError(f"{root}: not a gwt-sim dataset ({table} table lacks {', '.join(missing)})")
        drop = {"seed", "sides", "neutral_layout", "station_masters", "strategies"}   # kept as columns
        frame = lf.select([c for c in names if c not in drop]).collect()
    except ReportError:
        raise
    except (pl.exceptions.PolarsError, OSError) as exc:
        raise ReportError(f"{root}: cannot read the {table} table ({' '.join(str(exc).split())[:200]})") from None
    _check_required(root, table, frame, required)
    return frame


def _check_required(root: Path, table: str, frame: pl.DataFrame, required: tuple[str, ...]) -> None:
    """The columns every section reads have the runner's types and no gaps: a part rewritten by hand
    (its checksum recorded again) is named here rather than failing deep inside a section."""
    for c in required:
        col = frame[c]
        text = c in TEXT_COLUMNS
        if (col.dtype == pl.String) != text or not (text or col.dtype.is_numeric() or col.dtype == pl.Boolean):
            raise ReportError(f"{root}: the {table} table's column {c!r} is {col.dtype}, expected "
                              f"{'text' if text else 'numbers'}")
        if col.null_count() or (col.dtype.is_float() and not col.is_finite().all()):
            raise ReportError(f"{root}: the {table} table's column {c!r} has missing or non-finite values")


def load(path: str | Path, label: str | None = None) -> Dataset:
    """Read a dataset folder; ReportError (one line) when it is missing, not a dataset or empty."""
    root = Path(path)
    if not root.exists():
        raise ReportError(f"{root}: no such folder")
    if not root.is_dir():
        raise ReportError(f"{root}: not a folder")
    manifest = read_manifest(root)
    check_integrity(root, manifest)
    games = _scan(root, "games", REQUIRED_GAMES)
    players = _scan(root, "players", REQUIRED_PLAYERS)
    if games.height == 0 or players.height == 0:
        raise ReportError(f"{root}: empty dataset (0 games)")
    check_contents(root, manifest)
    # an experiment with pools lists each arm once per pool
    arms = list(dict.fromkeys(a.get("name") for a in manifest.get("arms", []) if isinstance(a, dict)))
    present = set(games["arm"].unique().to_list())
    arms = [a for a in arms if a in present] + sorted(present - set(arms))
    sam = None
    if schema.SOLO_GAME_COLUMNS[0] in games.columns:
        is_sam = pl.col("strategy").str.starts_with(f"{schema.SAM_STRATEGY}:")
        sam, players = players.filter(is_sam), players.filter(~is_sam)
    return Dataset(root, manifest, games, players, label or manifest.get("experiment") or root.name, arms, sam=sam)
