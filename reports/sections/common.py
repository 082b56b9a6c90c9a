"""Helpers shared by the sections: group names, mean/variance aggregations, comparisons clustered by
seed, histograms."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import polars as pl

from reports import stats as st
from reports.data import SEED_INDEX, Dataset


def group_name(ds: Dataset, arm: str, players: int) -> str:
    """"4 players" when the dataset has one arm, else "arm sides_a, 4 players"."""
    return f"{players} players" if len(ds.arms) <= 1 else f"arm {arm}, {players} players"


def short_group(ds: Dataset, arm: str, players: int) -> str:
    return f"{players}p" if len(ds.arms) <= 1 else f"{arm} ({players}p)"


def stats_exprs(col: str, prefix: str | None = None) -> list[pl.Expr]:
    """n, mean and variance of a column, named <prefix>_n/_mean/_var."""
    p = prefix or col
    c = pl.col(col).cast(pl.Float64)
    return [c.count().alias(f"{p}_n"), c.mean().alias(f"{p}_mean"), c.var().alias(f"{p}_var")]


def sum_exprs(col: str, prefix: str | None = None) -> list[pl.Expr]:
    """Rows, sum and sum of squares of a column, named <prefix>_n/_sum/_sq: aggregated per seed and
    group, what `clustered` compares."""
    p = prefix or col
    c = pl.col(col).cast(pl.Float64)
    return [c.count().alias(f"{p}_n"), c.sum().alias(f"{p}_sum"), (c * c).sum().alias(f"{p}_sq")]


def clustered(sums: pl.DataFrame, key: str, first: Any, second: Any, prefix: str,
              proportion: bool = False, cluster: str = SEED_INDEX) -> st.Diff:
    """`prefix`'s mean where `key` is `second` minus where it is `first`, from per-(cluster, key) sums
    (`sum_exprs`): the games and players of one seed counted as one cluster (`Dataset.replays_seeds`), or
    with `cluster="game_id"` the players of one game."""
    sub = sums.filter(pl.col(key).is_in([first, second]) & (pl.col(f"{prefix}_n") > 0))
    return st.clustered_diff(sub[cluster].to_numpy(), (sub[key] == second).to_numpy(),
                             sub[f"{prefix}_sum"].to_numpy(), sub[f"{prefix}_sq"].to_numpy(),
                             sub[f"{prefix}_n"].to_numpy(), proportion)


CLUSTERED = ", clustered by seed"     # after a finding's n when its games replay seeds
CLUSTER_NOTE = ("Several games play each seed here (strategy pools or rotations) and share its setup, so "
                "intervals and tests are clustered by seed (cluster-robust errors, t with seeds − 1 degrees of "
                "freedom) rather than counting the games as independent.")


ROWS_NOTE = ("Comparisons of player rows cluster them by game (by seed where games replay seeds): the players of "
             "one game share its length, its setup and its one win, so they are not independent "
             "(cluster-robust errors, t).")


def row_cluster(ds: Dataset, arm: str) -> str:
    """The cluster of an arm's player rows: the seed when its games replay seeds, else the game (the
    players of one game share it: its length, its setup, its one win)."""
    return SEED_INDEX if ds.replays_seeds(arm) else "game_id"


def wilson_note(seeds: bool) -> str:
    """How a table's Wilson intervals of rates over player rows were made (`reports.stats.wilson_clustered`)."""
    return ("Wilson intervals at the effective number of rows: the players of one game"
            + (", and the games that replay one seed," if seeds else "") + " are not independent, so the rows are "
            "divided by their design effect (the rate's clustered variance over the binomial one, at least 1).")


def cluster_note(what: str = "") -> str:
    """CLUSTER_NOTE for a table note (with a leading space), after `what` ("The takers' comparisons")."""
    return f" {what}: {CLUSTER_NOTE[0].lower()}{CLUSTER_NOTE[1:]}" if what else f" {CLUSTER_NOTE}"


def mean_intervals(lf: pl.LazyFrame, value: str, by: Sequence[str]) -> dict[tuple, tuple[float, float]]:
    """95% interval of `value`'s mean per group of `by` (() for all rows), the rows clustered by seed, or by
    game without a seed_index: the players of one game, and the games that replay a seed (pools,
    rotations, arms on common seeds), are not independent. Cluster-robust errors, t on clusters − 1."""
    cluster = SEED_INDEX if SEED_INDEX in lf.collect_schema().names() else "game_id"
    v = pl.col(value).cast(pl.Float64)
    sums = (lf.group_by(*by, cluster).agg(v.sum().alias("_sum"), v.count().alias("_n")).collect() if by else
            lf.group_by(cluster).agg(v.sum().alias("_sum"), v.count().alias("_n")).collect())
    out = {}
    for key, g in (sums.group_by(*by) if by else [((), sums)]):
        m, se, clusters = st.clustered_mean(g[cluster], g["_sum"], g["_n"])
        low, high, _ = st.t_interval(m, se, clusters)
        out[tuple(key)] = (low, high)
    return out


def histogram(values: np.ndarray, bins: int = 40, edges: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    values = np.asarray(values, dtype=float)
    if edges is None:
        lo, hi = (np.nanmin(values), np.nanmax(values)) if values.size else (0.0, 1.0)
        if hi <= lo:
            hi = lo + 1
        edges = np.linspace(lo, hi + 1e-9, bins + 1)
    counts, edges = np.histogram(values, bins=edges)
    return edges, counts


def int_edges(values: np.ndarray, max_bins: int = 50) -> np.ndarray:
    """Bin edges for integer data: unit bins when the range is small, else ~max_bins wide ones."""
    lo, hi = int(np.nanmin(values)), int(np.nanmax(values))
    step = max(1, int(np.ceil((hi - lo + 1) / max_bins)))
    return np.arange(lo, hi + step + 1, step) - 0.5


def plural(k: int, word: str, many: str | None = None) -> str:
    return f"{k:,} {word if k == 1 else (many or word + 's')}"
