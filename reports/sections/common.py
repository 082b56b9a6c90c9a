"""Helpers shared by the sections: group names, mean/variance aggregations, histograms."""

from __future__ import annotations

import numpy as np
import polars as pl

from reports.data import Dataset


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
