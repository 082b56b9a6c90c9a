"""Building sides: for each private building number 1–12 whose side varies between games (random sides),
side b against side a.

Always (from the games' side_1..side_12): the effect of side b on the average player's score per game
(the game is the unit: Welch t, 95% interval, Cohen's d), on the winning score and on game length, on
the buildings score category, and per strategy (archetype) on its score and win share. With the per-
player columns ``built_<n>`` (when the engine records them): build rate by side, win rate of the players
who built it, and their score against the other players of the same games. Numbers are flagged only
when significant after Holm correction over the numbers tested.
"""

from __future__ import annotations

import numpy as np
import polars as pl

from reports import figures, fmt
from reports import stats as st
from reports.data import SIDE_COLUMNS, Dataset
from reports.model import Figure, Section, Table
from reports.sections.common import stats_exprs

MIN_GAMES = 2
GAME_METRICS = (("mean_score", "average player score"), ("winning_score", "winning score"),
                ("turns", "game length (turns)"), ("mean_buildings", "buildings score per player"))


def _varying(ds: Dataset, arm: str) -> list[int]:
    g = ds.games.filter(pl.col("arm") == arm)
    out = []
    for k, col in enumerate(SIDE_COLUMNS, start=1):
        if col in g.columns:
            counts = g[col].value_counts()
            if counts.height == 2 and counts["count"].min() >= MIN_GAMES:
                out.append(k)
    return out


def _diff_rows(stats: pl.DataFrame, key: str, prefix: str) -> dict:
    """Welch b − a from a 2-row frame of <prefix>_n/_mean/_var by side."""
    a = stats.filter(pl.col(key) == "a").row(0, named=True)
    b = stats.filter(pl.col(key) == "b").row(0, named=True)
    d = st.welch(a[f"{prefix}_mean"], a[f"{prefix}_var"] or 0.0, a[f"{prefix}_n"],
                 b[f"{prefix}_mean"], b[f"{prefix}_var"] or 0.0, b[f"{prefix}_n"])
    return {"a": a[f"{prefix}_mean"], "b": b[f"{prefix}_mean"], "diff": d}


def _game_frame(ds: Dataset, arm: str) -> pl.LazyFrame:
    per_game = (ds.players_lf().filter(pl.col("arm") == arm).group_by("game_id")
                .agg(pl.col("score").cast(pl.Float64).mean().alias("mean_score"),
                     pl.col("score_buildings").cast(pl.Float64).mean().alias("mean_buildings")))
    cols = ["game_id", "winning_score", "turns", *[c for c in SIDE_COLUMNS if ds.has(c, "games")]]
    return ds.games_lf().filter(pl.col("arm") == arm).select(cols).join(per_game, on="game_id")


def _arm_effects(ds: Dataset, arm: str, numbers: list[int]) -> tuple[list[dict], list[dict], list[dict]]:
    games = _game_frame(ds, arm)
    queries = [games.group_by(f"side_{k}").agg(*[e for m, _ in GAME_METRICS for e in stats_exprs(m)])
               for k in numbers]
    players = ds.players_with(*(f"side_{k}" for k in numbers)).filter(pl.col("arm") == arm)
    multi = ds.players.filter(pl.col("arm") == arm)["strategy"].n_unique() > 1
    if multi:
        queries += [players.group_by(f"side_{k}", "strategy")
                    .agg(*stats_exprs("score"), pl.col("win_share").sum().alias("wins")) for k in numbers]
    built = [k for k in numbers if ds.has(f"built_{k}")]
    queries += [players.with_columns(pl.col(f"built_{k}").cast(pl.Int8).alias("_built"))
                .group_by(f"side_{k}", "_built")
                .agg(*stats_exprs("score"), pl.col("win_share").sum().alias("wins")) for k in built]
    res = pl.collect_all(queries)
    main, arche, builders = [], [], []
    for i, k in enumerate(numbers):
        row = {"arm": arm, "number": k}
        for m, _ in GAME_METRICS:
            row[m] = _diff_rows(res[i], f"side_{k}", m)
        row["n_a"], row["n_b"] = row["mean_score"]["diff"].n1, row["mean_score"]["diff"].n2
        main.append(row)
    pos = len(numbers)
    if multi:
        for i, k in enumerate(numbers):
            df = res[pos + i]
            for s in sorted(df["strategy"].unique().to_list()):
                sub = df.filter(pl.col("strategy") == s)
                if sub.height < 2:
                    continue
                a = sub.filter(pl.col(f"side_{k}") == "a").row(0, named=True)
                b = sub.filter(pl.col(f"side_{k}") == "b").row(0, named=True)
                arche.append({"arm": arm, "number": k, "strategy": s, "score": _diff_rows(sub, f"side_{k}", "score"),
                              "win": st.two_prop_test(a["wins"], a["score_n"], b["wins"], b["score_n"])})
        pos += len(numbers)
    for i, k in enumerate(built):
        df = res[pos + i]
        r = {"arm": arm, "number": k}
        for side in ("a", "b"):
            s = df.filter(pl.col(f"side_{k}") == side)
            yes = s.filter(pl.col("_built") == 1)
            no = s.filter(pl.col("_built") == 0)
            n_all = int(s["score_n"].sum())
            n_yes = int(yes["score_n"].sum()) if yes.height else 0
            w_yes = float(yes["wins"].sum()) if yes.height else 0.0
            r[f"build_rate_{side}"] = (n_yes / n_all if n_all else np.nan, *st.wilson(n_yes, n_all), n_all)
            r[f"win_{side}"] = (w_yes / n_yes if n_yes else np.nan, *st.wilson(w_yes, n_yes), n_yes, w_yes)
            if yes.height and no.height:
                y, o = yes.row(0, named=True), no.row(0, named=True)
                r[f"score_vs_others_{side}"] = st.welch(o["score_mean"], o["score_var"] or 0.0, o["score_n"],
                                                        y["score_mean"], y["score_var"] or 0.0, y["score_n"])
            else:
                r[f"score_vs_others_{side}"] = None
        wa, wb = r["win_a"], r["win_b"]
        r["win_diff"] = st.two_prop_test(wa[4], wa[3], wb[4], wb[3]) if wa[3] and wb[3] else None
        builders.append(r)
    return main, arche, builders


def build(ds: Dataset, other: Dataset | None = None) -> Section:
    arms = {arm: _varying(ds, arm) for arm in ds.arms}
    arms = {a: ks for a, ks in arms.items() if ks}
    title = "Building sides (a vs b)"
    if not arms:
        fixed = []
        for arm in ds.arms:
            first = ds.games.filter(pl.col("arm") == arm).select(SIDE_COLUMNS).row(0)
            fixed.append(f"{arm}: {''.join(first)}")
        return Section("building-sides", title,
                       "Building sides do not vary between games within any arm (" + "; ".join(fixed) + "), so no "
                       "per-number comparison of side a and side b is possible from this dataset; simulate an "
                       "experiment with sides = \"random\" (experiments/building_sides.toml). Arms that differ "
                       "only in their sides are compared in the What-if section.", data={"effects": None})
    main, arche, builders = [], [], []
    for arm, ks in arms.items():
        m, a, b = _arm_effects(ds, arm, ks)
        main += m
        arche += a
        builders += b
    p = np.array([r["mean_score"]["diff"].p for r in main])
    padj = st.adjust(p, "holm")
    for r, q in zip(main, padj, strict=True):
        r["p_holm"] = q
    rows = []
    for r in main:
        d = r["mean_score"]["diff"]
        rows.append([r["arm"], str(r["number"]), fmt.n(r["n_a"]), fmt.n(r["n_b"]), fmt.num(r["mean_score"]["a"], 2),
                     fmt.num(r["mean_score"]["b"], 2), fmt.signed(d.estimate, 2), fmt.ci(d.low, d.high, 2),
                     fmt.pcell(d.p), fmt.pcell(r["p_holm"]), fmt.sig(r["p_holm"]), f"{d.effect:+.3f}",
                     fmt.signed(r["winning_score"]["diff"].estimate, 2), fmt.signed(r["turns"]["diff"].estimate, 2),
                     fmt.signed(r["mean_buildings"]["diff"].estimate, 2)])
    tables = [Table("Effect of side b against side a on the average player's score per game",
                    ["arm", "number", "games a (n)", "games b (n)", "mean score a", "mean score b", "b − a",
                     "95% CI", "p", "p (Holm)", "significant", "Cohen's d", "winning score b − a",
                     "turns b − a", "buildings VP b − a"], rows,
                    note="Unit: the game (mean score of its players). Welch t-test; Holm correction over all "
                         "numbers tested. Cohen's d uses the pooled SD of per-game mean scores.")]
    effects = pl.DataFrame({"arm": [r["arm"] for r in main], "number": [r["number"] for r in main],
                            "diff": [r["mean_score"]["diff"].estimate for r in main],
                            "low": [r["mean_score"]["diff"].low for r in main],
                            "high": [r["mean_score"]["diff"].high for r in main],
                            "p": p, "p_holm": padj, "d": [r["mean_score"]["diff"].effect for r in main],
                            "n_a": [r["n_a"] for r in main], "n_b": [r["n_b"] for r in main]})
    flagged = effects.filter(pl.col("p_holm") < st.ALPHA)
    multi_arm = len(arms) > 1
    labels = [(f"{r['arm']}: " if multi_arm else "") + f"building {r['number']}" for r in main]
    figs = [Figure("building_sides_score", "Score effect of side b by building number", figures.forest(
        labels, effects["diff"], effects["low"], effects["high"], flagged=(padj < st.ALPHA).tolist(),
        title="Side b − side a: average player score per game (95% CI)",
        xlabel="difference in mean score per player (VP)", ylabel="building number"))]
    data = {"effects": effects, "archetypes": None, "builders": None}
    notes = []
    if arche:
        pa = st.adjust([r["score"]["diff"].p for r in arche])
        pw = st.adjust([r["win"].p for r in arche])
        arows = []
        for r, q1, q2 in zip(arche, pa, pw, strict=True):
            d, w = r["score"]["diff"], r["win"]
            arows.append([r["arm"], str(r["number"]), r["strategy"], fmt.n(d.n1), fmt.n(d.n2), fmt.signed(d.estimate, 2),
                          fmt.ci(d.low, d.high, 2), fmt.pcell(q1), f"{d.effect:+.3f}",
                          fmt.signed(100 * w.estimate, 2) + " pp", fmt.ci(100 * w.low, 100 * w.high, 2), fmt.pcell(q2),
                          f"{w.effect:+.3f}", fmt.sig(min(q1, q2))])
        tables.append(Table("Effect of side b per strategy (archetype)",
                            ["arm", "number", "strategy", "rows a (n)", "rows b (n)", "score b − a", "95% CI",
                             "p (Holm)", "Cohen's d", "win share b − a", "95% CI (pp)", "p (Holm)", "Cohen's h",
                             "significant"], arows,
                            note="Unit: the player row. Holm correction over all numbers × strategies, "
                                 "separately for score and win share."))
        data["archetypes"] = pl.DataFrame({"number": [r["number"] for r in arche],
                                           "strategy": [r["strategy"] for r in arche],
                                           "score_diff": [r["score"]["diff"].estimate for r in arche],
                                           "score_p_holm": pa, "win_diff": [r["win"].estimate for r in arche],
                                           "win_p_holm": pw})
    if builders:
        pb = st.adjust([r["win_diff"].p if r["win_diff"] else np.nan for r in builders])
        brows = []
        for r, q in zip(builders, pb, strict=True):
            cells = [r["arm"], str(r["number"])]
            for side in ("a", "b"):
                br, w, so = r[f"build_rate_{side}"], r[f"win_{side}"], r[f"score_vs_others_{side}"]
                cells += [fmt.pct(br[0]), fmt.ci(br[1], br[2], percent=True), fmt.n(w[3]), fmt.pct(w[0]),
                          fmt.ci(w[1], w[2], percent=True), fmt.signed(so.estimate, 2) if so else "–"]
            wd = r["win_diff"]
            cells += [fmt.signed(100 * wd.estimate, 2) + " pp" if wd else "–", fmt.pcell(q), fmt.sig(q)]
            brows.append(cells)
        tables.append(Table("Who built it: build rate, builders' win rate and score against the other players",
                            ["arm", "number", "build rate a", "95% CI", "builders a (n)", "builders' win rate a",
                             "95% CI", "builders' score − others a", "build rate b", "95% CI", "builders b (n)",
                             "builders' win rate b", "95% CI", "builders' score − others b",
                             "builders' win rate b − a", "p (Holm)", "significant"], brows,
                            note="From the per-player built_<n> columns; Wilson intervals; two-proportion z-test "
                                 "of the builders' win rate, Holm-corrected over the numbers."))
        data["builders"] = pl.DataFrame({"number": [r["number"] for r in builders],
                                         "win_a": [r["win_a"][0] for r in builders],
                                         "win_b": [r["win_b"][0] for r in builders],
                                         "win_diff": [r["win_diff"].estimate if r["win_diff"] else np.nan
                                                      for r in builders], "p_holm": pb})
    else:
        notes.append("The dataset has no per-player built_<n> columns, so build rates and the win rate of the "
                     "players who built each building are not available; the effects above are those of the side "
                     "being in play, on every player of the game.")
    n_games = int(effects["n_a"][0] + effects["n_b"][0])
    if flagged.height:
        parts = []
        for r in flagged.sort(pl.col("diff").abs(), descending=True).iter_rows(named=True):
            parts.append(f"side b of building {r['number']}" + (f" (arm {r['arm']})" if multi_arm else "")
                         + f" changes the average player's score by {fmt.signed(r['diff'], 2)} VP per game "
                         f"(95% CI {fmt.ci(r['low'], r['high'], 2)}; Cohen's d = {r['d']:+.2f}; "
                         f"{fmt.pval(r['p_holm'])} after Holm; n = {fmt.n(r['n_a'])} vs {fmt.n(r['n_b'])} games)")
        finding = "; ".join(parts)
        finding = fmt.sentence(finding) + f". {effects.height - flagged.height} of {effects.height} " \
                  f"{'numbers' if not multi_arm else 'number × arm tests'} show no significant side effect after " \
                  "Holm correction."
    else:
        top = effects.sort(pl.col("diff").abs(), descending=True).row(0, named=True)
        tests = (f"{effects.height} numbers" if not multi_arm else
                 f"{effects.height} tests: numbers × {len(arms)} arms")
        finding = (f"No building number's side changes the average player's score significantly after Holm "
                   f"correction ({tests}, about {fmt.n(n_games)} games each); the largest "
                   f"difference is building {top['number']}: b − a = {fmt.signed(top['diff'], 2)} VP "
                   f"(95% CI {fmt.ci(top['low'], top['high'], 2)}; {fmt.pval(top['p'])} before correction).")
    if data["builders"] is not None:
        fb = data["builders"].filter(pl.col("p_holm") < st.ALPHA)
        finding += (f" The builders' win rate differs between sides for building(s) "
                    f"{', '.join(map(str, fb['number'].to_list()))} after Holm correction." if fb.height else
                    " The win rate of the players who built a number does not differ between its sides after "
                    "Holm correction.")
    return Section("building-sides", title, finding, notes, tables, figs, data)
