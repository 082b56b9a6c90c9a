"""Score breakdown: mean VP in each of the 11 scoring categories, per strategy and per seat."""

from __future__ import annotations

import polars as pl

from reports import figures, fmt
from reports.data import SCORE_CATEGORIES, SCORE_COLUMNS, Dataset
from reports.model import Figure, Section, Table
from reports.options import ReportOptions
from reports.sections.common import mean_intervals


def breakdown(ds: Dataset, by: str) -> pl.DataFrame:
    cols = [c for c in SCORE_COLUMNS if ds.has(c)]
    return (ds.players_lf().group_by("players", by)
            .agg(pl.len().alias("n"), pl.col("score").cast(pl.Float64).mean().alias("score"),
                 *[pl.col(c).cast(pl.Float64).mean() for c in cols])
            .sort("players", by).collect())


def _table(ds: Dataset, df: pl.DataFrame, by: str, title: str) -> Table:
    cols = [c for c in SCORE_COLUMNS if c in df.columns]
    ci = mean_intervals(ds.players_lf(), "score", ("players", by))
    rows = []
    for r in df.iter_rows(named=True):
        lo, hi = ci[(r["players"], r[by])]
        rows.append([str(r["players"]), str(r[by]), fmt.n(r["n"]), *[fmt.num(r[c], 2) for c in cols],
                     fmt.num(r["score"], 2), fmt.ci(float(lo), float(hi), 2)])
    return Table(title, ["players", by, "player rows (n)", *[ds.vocab.category(c[6:]) for c in cols], "total",
                         "95% CI"], rows, key_columns=2,
                 note="Mean VP per player in each scoring category (the scoresheet rows); the total's 95% "
                      "interval is clustered by seed (the players of a game are not independent).")


def _figure(ds: Dataset, df: pl.DataFrame, by: str, title: str) -> bytes:
    cols = [c for c in SCORE_COLUMNS if c in df.columns]
    groups = [f"{r['players']}p · {by} {r[by]}" if by == "seat" else f"{r['players']}p · {r[by]}"
              for r in df.iter_rows(named=True)]
    parts = {ds.vocab.category(c[6:]): df[c].to_list() for c in cols}
    return figures.stacked_bars(groups, parts, title=title, xlabel="mean VP per player",
                                ylabel="player count · " + ("seat" if by == "seat" else "strategy"))


def build(ds: Dataset, other: Dataset | None = None, opts: ReportOptions | None = None) -> Section:
    by_strategy = breakdown(ds, "strategy")
    by_seat = breakdown(ds, "seat")
    cats = [c for c in SCORE_COLUMNS if c in by_seat.columns]
    totals_ci = mean_intervals(ds.players_lf(), "score", ("players",))
    parts = []
    for players in ds.player_counts:
        g = by_seat.filter(pl.col("players") == players)
        n = int(g["n"].sum())
        tot = ds.players.filter(pl.col("players") == players)["score"].cast(pl.Float64)
        lo, hi = totals_ci[(players,)]
        means = {c: float((g[c] * g["n"]).sum() / n) for c in cats}
        top = sorted(means, key=lambda c: -abs(means[c]))[:3]
        spread = {c: float(g[c].max() - g[c].min()) for c in cats}
        widest = max(spread, key=spread.get)
        parts.append(f"At {players} players the average final score is {fmt.pm(float(tot.mean()), float(lo), float(hi), 1)} "
                     f"VP (n = {fmt.n(n)} player rows); the largest categories are "
                     + ", ".join(f"{ds.vocab.category(c[6:])} ({means[c]:+.1f})" for c in top)
                     + f"; between seats, {ds.vocab.category(widest[6:])} varies most "
                       f"({spread[widest]:.2f} VP from lowest to highest seat).")
    finding = " ".join(parts)
    tables = [_table(ds, by_strategy, "strategy", "Score by category and strategy"),
              _table(ds, by_seat, "seat", "Score by category and seat")]
    figs = [Figure("score_breakdown_strategy", "Score breakdown by strategy",
                   _figure(ds, by_strategy, "strategy", "Mean VP per scoring category, by strategy and player count")),
            Figure("score_breakdown_seat", "Score breakdown by seat",
                   _figure(ds, by_seat, "seat", "Mean VP per scoring category, by seat and player count"))]
    if ds.vocab.known:
        tables.append(Table("Scoring categories (content as run)", ["scoresheet row", "what it counts"],
                            [[ds.vocab.category(c[6:]), ds.vocab.effect("scoring", c[6:]) or "–"] for c in cats]))
    missing = [c for c in SCORE_CATEGORIES if f"score_{c}" not in cats]
    notes = [f"Categories missing from the dataset: {', '.join(missing)}."] if missing else []
    return Section("score-breakdown", "Score breakdown", finding, notes, tables, figs,
                   data={"by_strategy": by_strategy, "by_seat": by_seat})
