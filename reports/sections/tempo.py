"""Game length and tempo: turns per game, and per player the turns, Kansas City visits, deliveries and
delivery value; deliveries per city when the engine records ``deliveries_<city>``."""

from __future__ import annotations

import numpy as np
import polars as pl

from reports import figures, fmt
from reports import stats as st
from reports.data import Dataset
from reports.model import Figure, Section, Table
from reports.sections.common import group_name, histogram, int_edges, short_group

PER_PLAYER = (("turns", "turns"), ("kc_visits", "Kansas City visits"), ("deliveries", "deliveries"),
              ("delivery_value", "delivery value"))


def build(ds: Dataset, other: Dataset | None = None) -> Section:
    games = (ds.games_lf().group_by("arm", "players")
             .agg(pl.len().alias("n"), pl.col("turns").cast(pl.Float64).mean().alias("turns"),
                  pl.col("turns").cast(pl.Float64).var().alias("turns_var"),
                  pl.col("turns").quantile(0.1).alias("q10"), pl.col("turns").median().alias("q50"),
                  pl.col("turns").quantile(0.9).alias("q90"),
                  pl.col("decisions").cast(pl.Float64).mean().alias("decisions"))
             .collect())
    cols = [c for c, _ in PER_PLAYER if ds.has(c)]
    per = (ds.players_lf().group_by("arm", "players")
           .agg(pl.len().alias("rows"), *[pl.col(c).cast(pl.Float64).mean().alias(c) for c in cols],
                *[pl.col(c).cast(pl.Float64).var().alias(f"{c}_var") for c in cols])
           .collect())
    df = games.join(per, on=["arm", "players"])
    rows, parts = [], []
    for arm, players in ds.groups:
        r = df.filter((pl.col("arm") == arm) & (pl.col("players") == players)).row(0, named=True)
        lo, hi = st.mean_ci(r["turns"], r["turns_var"] or 0.0, r["n"])
        cells = [arm, str(players), fmt.n(r["n"]), fmt.num(r["turns"]), fmt.ci(float(lo), float(hi)),
                 fmt.num(r["q10"], 0), fmt.num(r["q50"], 0), fmt.num(r["q90"], 0), fmt.num(r["decisions"], 0),
                 fmt.n(r["rows"])]
        for c in cols:
            plo, phi = st.mean_ci(r[c], r[f"{c}_var"] or 0.0, r["rows"])
            cells += [f"{r[c]:.2f} ± {(float(phi) - float(plo)) / 2:.2f}"]
        rows.append(cells)
        extra = ""
        if {"kc_visits", "deliveries", "delivery_value"} <= set(cols):
            extra = (f", {r['kc_visits']:.1f} Kansas City visits and {r['deliveries']:.1f} deliveries per player "
                     f"(mean delivery value {r['delivery_value'] / max(r['deliveries'], 1e-9):.1f})")
        parts.append(f"{fmt.sentence(group_name(ds, arm, players))}: a game lasts "
                     f"{fmt.pm(r['turns'], float(lo), float(hi))} turns (n = {fmt.n(r['n'])} games), "
                     f"{r['turns'] / players:.1f} per player{extra}.")
    tables = [Table("Game length and tempo",
                    ["arm", "players", "games (n)", "mean turns", "95% CI", "10th pct", "median", "90th pct",
                     "decisions", "player rows (n)", *[f"{lab} per player (± 95%)" for c, lab in PER_PLAYER if c in cols]],
                    rows, note="Turns count every player's turns; per-player values are means with t-based 95% "
                               "half-widths.")]
    turns = ds.games.select("arm", "players", "turns")
    edges = int_edges(turns["turns"].to_numpy(), 60)
    hists = {}
    for arm, players in ds.groups:
        v = turns.filter((pl.col("arm") == arm) & (pl.col("players") == players))["turns"].to_numpy()
        hists[f"{short_group(ds, arm, players)}, n = {v.size:,}"] = histogram(v, edges=edges)
    figs = [Figure("game_length", "Game length", figures.histograms(
        hists, title="Game length distribution", xlabel="turns per game (all players)", ylabel="share of games"))]
    notes = []
    cities = ds.columns_like(r"deliveries_.+")
    if cities:
        cm = (ds.players_lf().group_by("players").agg(pl.len().alias("n"),
                                                       *[pl.col(c).cast(pl.Float64).mean() for c in cities])
              .sort("players").collect())
        tables.append(Table("Deliveries per player by city", ["players", "player rows (n)",
                                                               *[c[11:].replace("_", " ") for c in cities]],
                            [[str(r["players"]), fmt.n(r["n"]), *[f"{r[c]:.2f}" for c in cities]]
                             for r in cm.iter_rows(named=True)]))
        figs.append(Figure("deliveries_city", "Deliveries by city", figures.grouped_bars(
            [c[11:].replace("_", " ") for c in cities],
            {f"{r['players']}p, n = {r['n']:,}": (np.array([r[c] for c in cities]), None, None)
             for r in cm.iter_rows(named=True)},
            title="Deliveries per player by city", xlabel="city", ylabel="deliveries per player")))
    else:
        notes.append("Deliveries per city need per-player deliveries_<city> columns, which this dataset lacks.")
    return Section("tempo", "Game length and tempo", " ".join(parts), notes, tables, figs, data={"table": df})
