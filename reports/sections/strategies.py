"""Strategies: win share per strategy (normalised, Wilson), how each strategy played (its plan
indicators), the head-to-head matrix (share of pairings in which the row strategy finishes ahead of the
column strategy in the same game, ties half), Bradley–Terry strengths fitted to those pairings, and score
distributions."""

from __future__ import annotations

import numpy as np
import polars as pl

from reports import figures, fmt
from reports import stats as st
from reports.data import POOL, SEED_INDEX, Dataset
from reports.model import Figure, Section, Table
from reports.options import ReportOptions
from reports.plan_indicators import INDICATORS, indicator_table, is_share
from reports.sections.common import cluster_note, histogram, int_edges


def strategy_table(ds: Dataset) -> pl.DataFrame:
    df = (ds.players_lf().group_by("strategy", "players")
          .agg(pl.len().alias("n"), pl.col("win_share").sum().alias("wins"),
               pl.col("score").cast(pl.Float64).mean().alias("score_mean"),
               pl.col("score").cast(pl.Float64).var().alias("score_var"),
               pl.col("score").quantile(0.1).alias("q10"), pl.col("score").median().alias("q50"),
               pl.col("score").quantile(0.9).alias("q90"))
          .sort("players", "strategy").collect())
    n = df["n"].to_numpy().astype(float)
    wins = df["wins"].to_numpy()
    lo, hi = st.wilson(wins, n)
    par = 1.0 / df["players"].to_numpy()
    _, p = st.prop_test_vs_par(wins, n, par)
    clustered = ds.has(SEED_INDEX, "games") and ds.games.height > ds.games[SEED_INDEX].n_unique()
    if clustered:
        # several games per seed (pools, rotations, arms on common seeds): a strategy's win share (pooled
        # over the arms) is a mean clustered by seed, which also takes two players of a strategy in one
        # game as one cluster
        sums = (ds.players_lf().group_by("strategy", "players", SEED_INDEX)
                .agg(pl.col("win_share").sum().alias("wins"), pl.len().alias("n")).collect())
        lo, hi, p = (np.array(x, dtype=float) for x in (lo, hi, p))
        for i, (strategy, players) in enumerate(df.select("strategy", "players").iter_rows()):
            g = sums.filter((pl.col("strategy") == strategy) & (pl.col("players") == players))
            m, se, k = st.clustered_mean(g[SEED_INDEX], g["wins"], g["n"])
            lo[i], hi[i], p[i] = st.t_interval(m, se, k, par[i])
    return df.with_columns(share=pl.Series(wins / n), low=pl.Series(lo), high=pl.Series(hi), par=pl.Series(par),
                           p=pl.Series(p), p_holm=pl.Series(st.adjust(p)),
                           clustered=pl.Series([clustered] * df.height, dtype=pl.Boolean))


def pairings(ds: Dataset, by_seed: bool = False) -> pl.DataFrame:
    """(strategy, opponent) -> pairings n and wins of strategy (ties half), over all games; `by_seed`:
    per seed as well (the clusters of `st.clustered_mean`)."""
    seed = [SEED_INDEX] if by_seed else []
    p = ds.players_lf().select("game_id", "seat", "strategy", "rank", *seed)
    return (p.join(p.drop(seed), on="game_id", suffix="_b")
            .filter((pl.col("seat") != pl.col("seat_b")) & (pl.col("strategy") != pl.col("strategy_b")))
            .group_by("strategy", "strategy_b", *seed)
            .agg(pl.len().alias("n"),
                 ((pl.col("rank") < pl.col("rank_b")).cast(pl.Float64)
                  + 0.5 * (pl.col("rank") == pl.col("rank_b")).cast(pl.Float64)).sum().alias("wins"))
            .sort("strategy", "strategy_b", *seed).collect())


def play_table(ds: Dataset) -> Table | None:
    """How each strategy played (per player count, and pool when there are pools): the plan indicators
    gwt-sim's bot benchmarks measure (`reports.plan_indicators`). A finding holds for games played like
    this; a plan no strategy here plays is not tested by them."""
    keys = [*([POOL] if ds.has(POOL) else []), "strategy", "players"]
    table = indicator_table(ds.players_lf(), keys)
    if not table.height:
        return None
    shown = [k for k in INDICATORS if k in table.columns]
    rows = [[*(str(r[k]) for k in keys), fmt.n(r["player_games"]),
             *(fmt.pct(r[k]) if is_share(k) else fmt.num(r[k], 2) for k in shown)] for r in table.iter_rows(named=True)]
    return Table("How each strategy played: its plan indicators",
                 [*keys, "player-games (n)", *(INDICATORS[k] for k in shown)], rows, key_columns=len(keys),
                 note="What the players of each strategy did in these games, by the measures gwt-sim's bot "
                      "benchmarks use (reports/plan_indicators.py; breeding value per delivery is the delivered "
                      "cities' value). The findings of this report hold for games played like this: a plan these "
                      "strategies seldom play (big hands, many builders, far deliveries) is seldom tested by them; "
                      "see Coverage for each component's use.")


def _score_figure(ds: Dataset, names: list[str]) -> bytes:
    scores = ds.players.select("strategy", "players", "score")
    edges = int_edges(scores["score"].to_numpy(), 60)
    hists = {}
    for (strategy, players), g in scores.group_by("strategy", "players", maintain_order=False):
        hists[(players, strategy)] = histogram(g["score"].to_numpy(), edges=edges)
    named = {f"{s} ({p}p), n = {int(h[1].sum()):,}": h for (p, s), h in sorted(hists.items())}
    return figures.histograms(named, title="Final score distribution by strategy and player count",
                              xlabel="final score (VP)", ylabel="share of players")


def build(ds: Dataset, other: Dataset | None = None, opts: ReportOptions | None = None) -> Section:
    tab = strategy_table(ds)
    names = ds.strategies
    rows = [[r["strategy"], str(r["players"]), fmt.n(r["n"]), fmt.pct(r["share"]),
             fmt.ci(r["low"], r["high"], percent=True), f"{r['share'] * r['players']:.3f}", fmt.pcell(r["p_holm"]),
             fmt.num(r["score_mean"]), fmt.num(float(np.sqrt(r["score_var"] or 0))), fmt.num(r["q10"], 0),
             fmt.num(r["q50"], 0), fmt.num(r["q90"], 0)] for r in tab.iter_rows(named=True)]
    tables = [Table("Win share and score by strategy",
                    ["strategy", "players", "player rows (n)", "win share", "95% CI", "normalised (1 = par)",
                     "p vs par (Holm)", "mean score", "SD", "10th pct", "median", "90th pct"], rows,
                    note="Wilson 95% intervals; normalised win rate = win share × players; test: score test "
                         "against par 1/N, Holm-corrected." + (cluster_note() + " The intervals are then on t."
                                                             if tab["clustered"].any() else ""))]
    play = play_table(ds)
    tables += [play] if play else []
    figs = [Figure("score_distribution", "Final score distribution by strategy", _score_figure(ds, names))]
    data: dict = {"table": tab}
    if len(names) < 2:
        r = tab.row(0, named=True) if tab.height else None
        finding = (f"Every player used the same strategy ({names[0]}), so there is no head-to-head to report; "
                   f"its scores are shown below" + (f" (e.g. {r['players']} players: mean {fmt.num(r['score_mean'])}, "
                                                     f"n = {fmt.n(r['n'])} player rows)." if r else "."))
        return Section("strategies", "Strategies", finding, [], tables, figs, data)

    # the pairings of one game, and of the games that replay its seed, are not independent: clustered by seed
    per_seed = pairings(ds, by_seed=True) if ds.has(SEED_INDEX) else None
    pairs = pairings(ds) if per_seed is None else (
        per_seed.group_by("strategy", "strategy_b").agg(pl.col("n").sum(), pl.col("wins").sum())
        .sort("strategy", "strategy_b"))
    idx = {s: i for i, s in enumerate(names)}
    k = len(names)
    wins = np.zeros((k, k))
    count = np.zeros((k, k))
    for r in pairs.iter_rows(named=True):
        wins[idx[r["strategy"]], idx[r["strategy_b"]]] = r["wins"]
        count[idx[r["strategy"]], idx[r["strategy_b"]]] = r["n"]
    with np.errstate(invalid="ignore", divide="ignore"):
        rate = np.where(count > 0, wins / count, np.nan)
    upper = [(i, j) for i in range(k) for j in range(i + 1, k) if count[i, j] > 0]
    lo, hi = np.full((k, k), np.nan), np.full((k, k), np.nan)
    p_up = np.full(len(upper), np.nan)
    if per_seed is None:
        lo, hi = st.wilson(wins, count)
        _, p_up = st.prop_test_vs_par(np.array([wins[i, j] for i, j in upper]),
                                      np.array([count[i, j] for i, j in upper]), 0.5)
    else:
        for (a, b), g in per_seed.group_by("strategy", "strategy_b"):
            m, se, clusters = st.clustered_mean(g[SEED_INDEX], g["wins"], g["n"])
            lo[idx[a], idx[b]], hi[idx[a], idx[b]], p = st.t_interval(m, se, clusters, 0.5)
            if idx[a] < idx[b]:
                p_up[upper.index((idx[a], idx[b]))] = p
    p_adj = st.adjust(p_up) if upper else np.array([])
    mrows = []
    for (i, j), p0, pa in zip(upper, p_up, p_adj, strict=True):
        mrows.append([names[i], names[j], fmt.n(count[i, j]), fmt.pct(rate[i, j]),
                      fmt.ci(lo[i, j], hi[i, j], percent=True), fmt.pcell(p0), fmt.pcell(pa), fmt.sig(pa),
                      f"{float(st.cohens_h(rate[i, j], 0.5)):+.2f}"])
    tables.append(Table("Head to head: share of pairings the first strategy finishes ahead of the second",
                        ["strategy", "opponent", "pairings (n)", "ahead", "95% CI", "p vs 50%", "p (Holm)",
                         "significant", "Cohen's h"], mrows,
                        note="A pairing is two players of different strategies in the same game; ties count half. "
                             + ("The pairings of one game (and of the games that replay its seed) are not "
                                "independent: intervals and tests are clustered by seed (cluster-robust errors, t "
                                "with seeds − 1 degrees of freedom)." if per_seed is not None else
                                "Wilson intervals and score tests: the pairings of one game are not independent, "
                                "so the intervals are a little narrow.")))
    figs.insert(0, Figure("head_to_head", "Head-to-head matrix", figures.heatmap(
        rate, names, names, title="Share of pairings the row strategy finishes ahead of the column strategy",
        xlabel="opponent strategy", ylabel="strategy")))
    bt = st.bradley_terry(wins, names)
    comparisons = count.sum(axis=1)
    brows = []
    order = np.argsort(-bt.strength)
    for i in order:
        blo, bhi = bt.strength[i] * np.exp(-st.Z95 * bt.log_se[i]), bt.strength[i] * np.exp(st.Z95 * bt.log_se[i])
        brows.append([names[i], f"{bt.strength[i]:.3f}", fmt.ci(blo, bhi, 3), fmt.pct(bt.strength[i] / (bt.strength[i] + 1)),
                      fmt.n(comparisons[i])])
    tables.append(Table("Bradley–Terry strengths (geometric mean = 1)",
                        ["strategy", "strength", "95% CI", "P(beats an average strategy)", "pairings (n)"], brows,
                        note="Fitted by the MM algorithm to all pairings; P(i ahead of j) = s_i / (s_i + s_j). "
                             "Intervals from the Fisher information of log-strengths."))
    figs.insert(1, Figure("bradley_terry", "Bradley–Terry strengths", figures.forest(
        [names[i] for i in order], bt.strength[order], bt.strength[order] * np.exp(-st.Z95 * bt.log_se[order]),
        bt.strength[order] * np.exp(st.Z95 * bt.log_se[order]), ref=1.0,
        title="Bradley–Terry strength by strategy (95% CI; 1 = geometric mean)", xlabel="strength",
        ylabel="strategy")))
    best, second = order[0], order[1]
    pb = 0 if count[best, second] == 0 else None
    h2h = (f"it finishes ahead of {names[second]} in {fmt.pm_pct(rate[best, second], lo[best, second], hi[best, second])} "
           f"of their pairings (n = {fmt.n(count[best, second])})" if pb is None else "")
    sig_pairs = [(names[i], names[j]) for (i, j), pa in zip(upper, p_adj, strict=True) if pa < st.ALPHA]
    finding = (f"{names[best]} is the strongest of {k} strategies: Bradley–Terry strength "
               f"{bt.strength[best]:.2f} against a geometric mean of 1 (n = {fmt.n(comparisons[best])} pairings)"
               + (f"; {h2h}" if h2h else "") + ". "
               + (f"{len(sig_pairs)} of {len(upper)} head-to-head pairs differ from 50% after Holm correction."
                  if sig_pairs else f"No head-to-head pair differs from 50% after Holm correction "
                                    f"({len(upper)} pairs)."))
    data.update(pairs=pairs, strengths=bt, rate=rate, names=names, significant_pairs=sig_pairs)
    return Section("strategies", "Strategies", finding, [], tables, figs, data)
