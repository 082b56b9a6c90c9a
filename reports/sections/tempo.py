"""Game length and tempo: turns per game, and per player the turns, Kansas City visits, deliveries and
delivery value; deliveries per city when the engine records ``deliveries_<city>``."""

from __future__ import annotations

import polars as pl

from reports import figures, fmt
from reports.data import Dataset
from reports.model import Figure, Section, Table
from reports.options import ReportOptions
from reports.sections.common import group_name, histogram, int_edges, mean_intervals, short_group

PER_PLAYER = (("turns", "turns"), ("kc_visits", "Kansas City visits"), ("deliveries", "deliveries"),
              ("delivery_value", "delivery value"))


def build(ds: Dataset, other: Dataset | None = None, opts: ReportOptions | None = None) -> Section:
    opts = opts or ReportOptions()
    games = (ds.games_lf().group_by("arm", "players")
             .agg(pl.len().alias("n"), pl.col("turns").cast(pl.Float64).mean().alias("turns"),
                  pl.col("turns").quantile(0.1).alias("q10"), pl.col("turns").median().alias("q50"),
                  pl.col("turns").quantile(0.9).alias("q90"),
                  pl.col("decisions").cast(pl.Float64).mean().alias("decisions"))
             .collect())
    cols = [c for c, _ in PER_PLAYER if ds.has(c)]
    per = (ds.players_lf().group_by("arm", "players")
           .agg(pl.len().alias("rows"), *[pl.col(c).cast(pl.Float64).mean().alias(f"p_{c}") for c in cols])
           .collect())
    df = games.join(per, on=["arm", "players"])
    turns_ci = mean_intervals(ds.games_lf(), "turns", ("arm", "players"))
    player_ci = {c: mean_intervals(ds.players_lf(), c, ("arm", "players")) for c in cols}
    rows, parts = [], []
    for arm, players in ds.groups:
        r = df.filter((pl.col("arm") == arm) & (pl.col("players") == players)).row(0, named=True)
        lo, hi = turns_ci[(arm, players)]
        cells = [arm, str(players), fmt.n(r["n"]), fmt.num(r["turns"]), fmt.ci(float(lo), float(hi)),
                 fmt.num(r["q10"], 0), fmt.num(r["q50"], 0), fmt.num(r["q90"], 0), fmt.num(r["decisions"], 0),
                 fmt.n(r["rows"])]
        for c in cols:
            plo, phi = player_ci[c][(arm, players)]
            cells += [f"{r[f'p_{c}']:.2f} ± {(float(phi) - float(plo)) / 2:.2f}"]
        rows.append(cells)
        extra = ""
        if {"kc_visits", "deliveries", "delivery_value"} <= set(cols):
            extra = (f", {r['p_kc_visits']:.1f} Kansas City visits and {r['p_deliveries']:.1f} deliveries per player "
                     f"(mean delivery value {r['p_delivery_value'] / max(r['p_deliveries'], 1e-9):.1f})")
        parts.append(f"{fmt.sentence(group_name(ds, arm, players))}: a game lasts "
                     f"{fmt.pm(r['turns'], float(lo), float(hi))} turns (n = {fmt.n(r['n'])} games), "
                     f"{r['turns'] / players:.1f} per player{extra}.")
    tables = [Table("Game length and tempo",
                    ["arm", "players", "games (n)", "mean turns", "95% CI", "10th pct", "median", "90th pct",
                     "decisions", "player rows (n)", *[f"{lab} per player (± 95%)" for c, lab in PER_PLAYER if c in cols]],
                    rows, note="Turns count every player's turns; per-player values are means with t-based 95% "
                               "half-widths. Intervals are clustered by seed (the players of a game, and the "
                               "games that replay a seed, are not independent).")]
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
    usage = None
    if cities:
        usage = city_usage(ds, cities)
        counts = ds.player_counts
        rows = []
        for c in cities:
            u = usage.filter(pl.col("city") == c)
            cells = [ds.vocab.city(c[11:])]
            for p in counts:
                r = u.filter(pl.col("players") == p).row(0, named=True)
                cells += [f"{r['per_player']:.2f}", fmt.pct(r["reached"]), fmt.pct(r["games"])]
            status = "rarely reached" if float(u["games"].max()) < opts.min_usage else ""
            rows.append([*cells, status])
        n_rows = {p: int(usage.filter(pl.col("players") == p)["rows"][0]) for p in counts}
        tables.append(Table("Deliveries by city",
                            ["city", *[h for p in counts for h in (f"deliveries per player ({p}p, n = {n_rows[p]:,})",
                                                                   f"player-games reaching ({p}p)",
                                                                   f"games reached ({p}p)")], "coverage"], rows,
                            note="Reaching: at least one delivery there by that player (player-games) or by anyone "
                                 f"(games). A city reached in fewer than {fmt.pct(opts.min_usage, 0)} of the games at "
                                 "every player count is marked rarely reached."))
        per = usage.pivot(on="players", index="city", values="per_player")
        order = {c: i for i, c in enumerate(cities)}
        per = per.sort(pl.col("city").replace_strict(order))
        figs.append(Figure("deliveries_city", "Deliveries by city", figures.grouped_bars(
            [ds.vocab.city(c[11:]) for c in per["city"].to_list()],
            {f"{p}p, n = {n_rows[p]:,}": (per[str(p)].to_numpy(), None, None) for p in counts},
            title="Deliveries per player by city", xlabel="city", ylabel="deliveries per player")))
    else:
        notes.append("Deliveries per city need per-player deliveries_<city> columns, which this dataset lacks.")
    return Section("tempo", "Game length and tempo", " ".join(parts), notes, tables, figs,
                   data={"table": df, "cities": usage})


def city_usage(ds: Dataset, cities: list[str]) -> pl.DataFrame:
    """Per player count and city column: player rows, deliveries per player, share of player-games with a
    delivery there, share of games in which anyone delivered there."""
    per_game = (ds.players_lf().group_by("game_id", "players")
                .agg(pl.len().alias("rows"), *[pl.col(c).sum().alias(c) for c in cities],
                     *[(pl.col(c) > 0).sum().alias(f"reach_{c}") for c in cities]))
    agg = per_game.group_by("players").agg(
        pl.col("rows").sum(), pl.len().alias("n_games"),
        *[pl.col(c).sum().alias(f"sum_{c}") for c in cities],
        *[pl.col(f"reach_{c}").sum().alias(f"reach_{c}") for c in cities],
        *[(pl.col(c) > 0).sum().alias(f"games_{c}") for c in cities]).sort("players").collect()
    out = []
    for r in agg.iter_rows(named=True):
        for c in cities:
            out.append({"players": r["players"], "city": c, "rows": r["rows"], "games_n": r["n_games"],
                        "per_player": r[f"sum_{c}"] / r["rows"], "reached": r[f"reach_{c}"] / r["rows"],
                        "games": r[f"games_{c}"] / r["n_games"], "deliveries": r[f"sum_{c}"]})
    return pl.DataFrame(out)
