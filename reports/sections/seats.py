"""Seat balance: win share per seat (Wilson 95%), normalised win rate (1.0 = par), test against 1/N with
its minimum detectable effect, mean score per seat — for every arm and player count, and per strategy
pool when the dataset has several."""

from __future__ import annotations

import numpy as np
import polars as pl

from reports import figures, fmt
from reports import stats as st
from reports.data import SEED_INDEX, Dataset
from reports.findings import mde_cell, pool_table, with_pools
from reports.model import Figure, Finding, Section, Table
from reports.options import ReportOptions
from reports.sections.common import CLUSTERED, cluster_note, group_name, short_group


def seat_table(ds: Dataset) -> pl.DataFrame:
    """One row per (arm, players, seat) with games, win share, interval, tests (Holm over all seats)."""
    df = (ds.players_lf()
          .group_by("arm", "players", "seat")
          .agg(pl.len().alias("games"), pl.col("win_share").sum().alias("wins"),
               pl.col("score").cast(pl.Float64).mean().alias("score_mean"),
               pl.col("score").cast(pl.Float64).var().alias("score_var"),
               pl.col("strategy").n_unique().alias("n_strategies"))
          .collect())
    order = {a: i for i, a in enumerate(ds.arms)}
    df = df.with_columns(pl.col("arm").replace_strict(order, default=len(order)).alias("_o")) \
           .sort("_o", "players", "seat").drop("_o")
    n = df["games"].to_numpy().astype(float)
    wins = df["wins"].to_numpy()
    par = 1.0 / df["players"].to_numpy()
    lo, hi = st.wilson(wins, n)
    _, p = st.prop_test_vs_par(wins, n, par)
    slo, shi = st.mean_ci(df["score_mean"].to_numpy(), df["score_var"].fill_null(0).to_numpy(), n)
    alpha = st.family_alpha(df.height)
    mde = [st.mde_share_vs(q, k, alpha) for q, k in zip(par, n, strict=True)]
    clustered = np.zeros(df.height, dtype=bool)
    replayed = [a for a in ds.arms if ds.replays_seeds(a)]
    if replayed:
        # several games per seed (pools, rotations): a seat's win share is a mean clustered by seed
        sums = (ds.players_lf().filter(pl.col("arm").is_in(replayed))
                .group_by("arm", "players", "seat", SEED_INDEX)
                .agg(pl.col("win_share").sum().alias("wins"), pl.len().alias("games"),
                     pl.col("score").cast(pl.Float64).sum().alias("score")).collect())
        lo, hi, p, slo, shi = (np.array(x, dtype=float) for x in (lo, hi, p, slo, shi))
        mde = list(mde)
        for i, r in enumerate(df.select("arm", "players", "seat").iter_rows()):
            if r[0] not in replayed:
                continue
            g = sums.filter((pl.col("arm") == r[0]) & (pl.col("players") == r[1]) & (pl.col("seat") == r[2]))
            m, se, k = st.clustered_mean(g[SEED_INDEX], g["wins"], g["games"])
            lo[i], hi[i], p[i] = st.t_interval(m, se, k, par[i])
            mde[i] = st.mde_se(se, alpha)
            m, se, k = st.clustered_mean(g[SEED_INDEX], g["score"], g["games"])
            slo[i], shi[i], _ = st.t_interval(m, se, k)
            clustered[i] = True
    return df.with_columns(
        share=pl.Series(wins / n), low=pl.Series(lo), high=pl.Series(hi), par=pl.Series(par),
        p=pl.Series(p), p_holm=pl.Series(st.adjust(p, "holm")), mde=pl.Series(mde, dtype=pl.Float64),
        score_low=pl.Series(slo), score_high=pl.Series(shi), clustered=pl.Series(clustered))


def equal_share_tests(ds: Dataset, df: pl.DataFrame) -> dict[tuple[str, int], dict]:
    """(arm, players) -> the test that every seat wins its par share: χ² on the summed win shares when every
    game has its own seed, else the F-test clustered by seed (`reports.stats.clustered_equal_shares`)."""
    out = {}
    replayed = [a for a in ds.arms if ds.replays_seeds(a)]
    seats = range(1, int(df["players"].max()) + 1)
    # per seed: each seat's summed win shares, and the games (one row of seat 1 per game)
    sums = (ds.players_lf().filter(pl.col("arm").is_in(replayed))
            .group_by("arm", "players", SEED_INDEX)
            .agg(*[(pl.col("win_share") * (pl.col("seat") == k)).sum().alias(f"wins_{k}") for k in seats],
                 (pl.col("seat") == 1).sum().alias("games")).collect()) if replayed else None
    for (arm, players), g in df.group_by("arm", "players", maintain_order=True):
        if arm in replayed:
            per_seed = sums.filter((pl.col("arm") == arm) & (pl.col("players") == players))
            f, df1, df2, p = st.clustered_equal_shares(
                per_seed[SEED_INDEX].to_numpy(), per_seed.select([f"wins_{k}" for k in range(1, players + 1)]).to_numpy(),
                per_seed["games"].to_numpy())
            out[(arm, players)] = {"clustered": True, "statistic": f, "df": f"{df1}, {df2}", "p": p}
        else:
            c, p = st.chi2_vs_par(g["wins"].to_numpy())
            out[(arm, players)] = {"clustered": False, "statistic": c, "df": str(players - 1), "p": p}
    return out


def seat_findings(ds: Dataset) -> list[Finding]:
    """One finding per (arm, player count, seat): win share − par, in share units."""
    out = []
    multi_arm = len(ds.arms) > 1
    for r in seat_table(ds).iter_rows(named=True):
        where = f"{r['players']}-player games" + (f" of arm {r['arm']}" if multi_arm else "")
        diff = r["share"] - r["par"]
        side = "above" if diff > 0 else "below"
        text = (f"Seat {r['seat']} wins {fmt.pm_pct(r['share'], r['low'], r['high'])} of {where}, "
                f"{abs(100 * diff):.1f} points {side} par ({fmt.pct(r['par'])}; 95% CI "
                f"{fmt.ci(100 * (r['low'] - r['par']), 100 * (r['high'] - r['par']), 1)} points; "
                f"{fmt.pval(r['p_holm'])} after Holm; n = {fmt.n(r['games'])} games"
                f"{CLUSTERED if r['clustered'] else ''}).")
        out.append(Finding("seat-balance", (r["arm"], r["players"], r["seat"]),
                           f"seat {r['seat']}, {r['players']} players" + (f" ({r['arm']})" if multi_arm else ""),
                           text, "share", diff, r["low"] - r["par"], r["high"] - r["par"], r["p_holm"],
                           int(r["games"]), mde=r["mde"]))
    return out


def _finding(ds: Dataset, df: pl.DataFrame, chi: dict) -> str:
    parts = []
    for (arm, players), g in df.group_by("arm", "players", maintain_order=True):
        rows = g.to_dicts()
        worst = max(rows, key=lambda r: abs(r["share"] - r["par"]))
        where = f"{players}-player games" + ("" if len(ds.arms) <= 1 else f" of arm {arm}")
        n_games = rows[0]["games"]
        sig = [r for r in rows if r["p_holm"] < st.ALPHA]
        if sig:
            texts = []
            for r in sorted(sig, key=lambda r: -abs(r["share"] - r["par"])):
                side = "above" if r["share"] > r["par"] else "below"
                texts.append(f"seat {r['seat']} wins {fmt.pm_pct(r['share'], r['low'], r['high'])} of {where}, "
                             f"{side} par ({fmt.pct(r['par'])}; {fmt.pval(r['p_holm'])} after Holm; "
                             f"normalised win rate {r['share'] * players:.2f}; n = {fmt.n(r['games'])} games)")
            parts.append(fmt.sentence("; ".join(texts)) + ".")
        else:
            parts.append(f"In {where} (n = {fmt.n(n_games)} games) no seat's win share differs from par "
                         f"({fmt.pct(1 / players)}) after Holm correction; the largest deviation is seat "
                         f"{worst['seat']} at {fmt.pm_pct(worst['share'], worst['low'], worst['high'])} "
                         f"({fmt.pval(worst['p'])} before correction; {_test_name(chi[(arm, players)])} of equal shares "
                         f"{fmt.pval(chi[(arm, players)]['p'])}).")
    return " ".join(parts)


def _test_name(t: dict, short: bool = False) -> str:
    """An `equal_share_tests` result's test: in a sentence, or (`short`) in the table's test column."""
    if t["clustered"]:
        return "F, clustered by seed" if short else "F-test (clustered by seed)"
    return "χ²" if short else "χ² test"


def build(ds: Dataset, other: Dataset | None = None, opts: ReportOptions | None = None) -> Section:
    df = seat_table(ds)
    found, pools = with_pools(ds, seat_findings)
    chi = equal_share_tests(ds, df)
    rows = []
    for r in df.iter_rows(named=True):
        rows.append([r["arm"], str(r["players"]), str(r["seat"]), fmt.n(r["games"]), fmt.pct(r["share"]),
                     fmt.ci(r["low"], r["high"], percent=True), f"{r['share'] * r['players']:.3f}",
                     f"{r['low'] * r['players']:.3f}–{r['high'] * r['players']:.3f}", fmt.pcell(r["p"]),
                     fmt.pcell(r["p_holm"]), fmt.sig(r["p_holm"]), mde_cell(r["mde"], "share"),
                     fmt.num(r["score_mean"]), fmt.ci(r["score_low"], r["score_high"])])
    table = Table("Win share and score by seat",
                  ["arm", "players", "seat", "games (n)", "win share", "95% CI", "normalised (1 = par)",
                   "95% CI", "p vs par", "p (Holm)", "significant", "detectable (80% power)", "mean score",
                   "95% CI"], rows, key_columns=3,
                  note="Win share counts a shared win as 1/k for each of k tied winners; intervals are Wilson "
                       "95% score intervals; the test is a two-sided score test of the share against par = 1/N, "
                       "Holm-corrected over every seat in the table. Normalised win rate = share × N. "
                       "Detectable: the departure from par (in points of win share) this test finds with 80% "
                       "power at the Holm family's strictest level; smaller imbalances may go unseen."
                       + (cluster_note("Arms whose games replay seeds")
                          + " The intervals and tests of these rows are on t, and their test of equal shares below is "
                            "an F-test clustered the same way."
                          if df["clustered"].any() else ""))
    chi_rows = [[arm, str(players), fmt.n(df.filter((pl.col("arm") == arm) & (pl.col("players") == players))
                                          ["games"][0]), _test_name(t, short=True), f"{t['statistic']:.2f}", t["df"], fmt.pcell(t["p"])]
                for (arm, players), t in chi.items()]
    chi_table = Table("Test of equal win shares across seats",
                      ["arm", "players", "games (n)", "test", "statistic", "df", "p"], chi_rows, key_columns=2,
                      note="χ²: goodness of fit of the summed win shares against equal shares, the games counted as "
                           "independent. F, clustered by seed: where several games play each seed, Wald's test of "
                           "the seats' shares with their cluster-robust covariance (the shares add up to 1 in a "
                           "game, so N − 1 of them), on (N − 1, seeds − 1) degrees of freedom.")
    series = {}
    max_seats = int(df["players"].max())
    for (arm, players), g in df.group_by("arm", "players", maintain_order=True):
        vals = np.full(max_seats, np.nan)
        lows, highs = vals.copy(), vals.copy()
        idx = g["seat"].to_numpy() - 1
        vals[idx] = g["share"].to_numpy() * players
        lows[idx] = g["low"].to_numpy() * players
        highs[idx] = g["high"].to_numpy() * players
        n_games = int(g["games"][0])
        series[f"{short_group(ds, arm, players)}, n = {n_games:,}"] = (vals, lows, highs)
    png = figures.grouped_bars([f"seat {i}" for i in range(1, max_seats + 1)], series,
                               title="Normalised win rate by seat (1.0 = par), 95% Wilson intervals",
                               xlabel="seat (turn order)", ylabel="win share × players", ref=1.0, ref_label="par")
    notes = []
    mixed = df.filter(pl.col("n_strategies") > 1)
    if mixed.height and any(a.get("seating") == "fixed" for a in ds.manifest.get("arms", [])):
        notes.append("Some arms seat different strategies in fixed seats: their seat effects include strategy "
                     "differences.")
    groups = {group_name(ds, a, p): (a, p) for a, p in ds.groups}
    tables = [table, chi_table]
    finding = _finding(ds, df, chi)
    if pools:
        tables.append(pool_table(found, pools, "Win share − par by strategy pool"))
        flags = [f for f in found if f.pool_flag]
        finding += (f" The strategy pools ({', '.join(pools)}) disagree on {len(flags)} seat(s): "
                    + "; ".join(f"{f.subject}: {f.pool_flag}" for f in flags[:3]) + "." if flags else
                    f" The strategy pools ({', '.join(pools)}) agree on every seat.")
    return Section("seat-balance", "Seat balance", finding, notes, tables,
                   [Figure("seat_balance", "Normalised win rate by seat", png)],
                   data={"table": df, "chi2": chi, "groups": groups, "pools": pools,
                         "flagged": [(r["arm"], r["players"], r["seat"]) for r in df.iter_rows(named=True)
                                     if r["p_holm"] < st.ALPHA]}, findings=found)
