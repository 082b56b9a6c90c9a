"""Building sides: for each private building number (1–12 in 2E, 1–10 in 1E) whose side varies
between games (random sides), side b against side a.

Always (from the games' side_<n> columns): the effect of side b on the average player's score per game
(the game is the unit: Welch t, 95% interval, Cohen's d; when the arm replays seeds — strategy pools,
rotations — clustered by seed, `reports.stats.clustered_diff`), on the winning score and on game length, on
the buildings score category, and per strategy (archetype) on its score and win share. With the per-
player columns ``built_<n>`` (when the engine records them): build rate by side, win rate of the players
who built it, and their score against the other players of the same games. The comparisons and rates
over player rows cluster them by game, or by seed when the arm replays seeds (`common.row_cluster`).
Numbers are flagged only when significant after Holm correction over the numbers tested.

Coverage: with ``built_<n>``, a number built in fewer than `ReportOptions.min_usage` of the games of
either side is "not enough evidence" (left out of the Holm family), never "no significant effect".
Every test carries its minimum detectable effect (80% power). With several strategy pools each
number's effect is also estimated per pool and disagreements are flagged.
"""

from __future__ import annotations

import numpy as np
import polars as pl

from reports import figures, fmt
from reports import stats as st
from reports.data import SEED_INDEX, Dataset
from reports.findings import mde_cell, pool_table, with_pools
from reports.model import Figure, Finding, Section, Table
from reports.options import ReportOptions
from reports.sections.common import (
    CLUSTERED,
    ROWS_NOTE,
    cluster_note,
    clustered,
    row_cluster,
    stats_exprs,
    sum_exprs,
    wilson_note,
)

MIN_GAMES = 2
GAME_METRICS = (("mean_score", "average player score"), ("winning_score", "winning score"),
                ("turns", "game length (turns)"), ("mean_buildings", "buildings score per player"))


def _varying(ds: Dataset, arm: str) -> list[int]:
    g = ds.games.filter(pl.col("arm") == arm)
    out = []
    for k, col in zip(ds.building_numbers, ds.side_columns, strict=True):
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
    na, nb = a[f"{prefix}_n"], b[f"{prefix}_n"]
    sd = np.sqrt(((na - 1) * (a[f"{prefix}_var"] or 0.0) + (nb - 1) * (b[f"{prefix}_var"] or 0.0))
                 / max(na + nb - 2, 1))
    return {"a": a[f"{prefix}_mean"], "b": b[f"{prefix}_mean"], "diff": d, "sd": float(sd)}


def _usage(stats: pl.DataFrame, key: str) -> dict[str, float]:
    """Side -> share of that side's games in which some player built the number (NaN: not recorded)."""
    if "built_any" not in stats.columns:
        return {"a": np.nan, "b": np.nan}
    return {r[key]: float(r["built_any"]) for r in stats.iter_rows(named=True)}


def _game_frame(ds: Dataset, arm: str, numbers: list[int]) -> pl.LazyFrame:
    built = [k for k in numbers if ds.has(f"built_{k}")]
    per_game = (ds.players_lf().filter(pl.col("arm") == arm).group_by("game_id")
                .agg(pl.col("score").cast(pl.Float64).mean().alias("mean_score"),
                     pl.col("score_buildings").cast(pl.Float64).mean().alias("mean_buildings"),
                     *[(pl.col(f"built_{k}").max() > 0).cast(pl.Float64).alias(f"built_any_{k}") for k in built]))
    cols = ["game_id", "winning_score", "turns", *ds.side_columns, *([SEED_INDEX] if ds.has(SEED_INDEX, "games") else [])]
    return ds.games_lf().filter(pl.col("arm") == arm).select(cols).join(per_game, on="game_id")


def _builders_long(sums: pl.DataFrame, key: str, k: int) -> pl.DataFrame:
    """`_cluster_sums` as one row per (cluster, side, built or not) in `sum_exprs`' names, for `clustered`:
    the other players' sums are the cluster's totals less the builders'."""
    side = pl.col(f"side_{k}")
    return pl.concat([
        sums.select(key, side, pl.lit(0).alias("_built"), (pl.col("_rows") - pl.col(f"_built_{k}")).alias("score_n"),
                    (pl.col("score_sum") - pl.col(f"_score_{k}")).alias("score_sum"),
                    (pl.col("score_sq") - pl.col(f"_score_sq_{k}")).alias("score_sq"),
                    (pl.col("_rows") - pl.col(f"_built_{k}")).alias("win_share_n"),
                    (pl.col("win_sum") - pl.col(f"_wins_{k}")).alias("win_share_sum"),
                    (pl.col("win_sq") - pl.col(f"_wins_sq_{k}")).alias("win_share_sq")),
        sums.select(key, side, pl.lit(1).alias("_built"), pl.col(f"_built_{k}").alias("score_n"),
                    pl.col(f"_score_{k}").alias("score_sum"), pl.col(f"_score_sq_{k}").alias("score_sq"),
                    pl.col(f"_built_{k}").alias("win_share_n"), pl.col(f"_wins_{k}").alias("win_share_sum"),
                    pl.col(f"_wins_sq_{k}").alias("win_share_sq"))])


def _cluster_sums(players: pl.LazyFrame, key: str, built: list[int]) -> pl.LazyFrame:
    """One row per cluster (seed or game; the sides are the same throughout one): its player rows, their
    score's sum and sum of squares, and per number built: its builders, their wins and their score's sum
    and sum of squares — what the build and win rates and the builders' comparisons need."""
    score, win = pl.col("score").cast(pl.Float64), pl.col("win_share").cast(pl.Float64)
    per = []
    for k in built:
        b = pl.col(f"built_{k}").cast(pl.Float64).clip(0, 1)
        per += [b.sum().alias(f"_built_{k}"), (b * win).sum().alias(f"_wins_{k}"),
                (b * win * win).sum().alias(f"_wins_sq_{k}"), (b * score).sum().alias(f"_score_{k}"),
                (b * score * score).sum().alias(f"_score_sq_{k}")]
    return (players.group_by(key, *(f"side_{k}" for k in built))
            .agg(pl.len().cast(pl.Float64).alias("_rows"), score.sum().alias("score_sum"),
                 (score * score).sum().alias("score_sq"), win.sum().alias("win_sum"), (win * win).sum().alias("win_sq"),
                 *per))


def _arm_effects(ds: Dataset, arm: str, numbers: list[int], details: bool = True
                 ) -> tuple[list[dict], list[dict], list[dict]]:
    games = _game_frame(ds, arm, numbers)
    queries = [games.group_by(f"side_{k}").agg(
        *[e for m, _ in GAME_METRICS for e in stats_exprs(m)],
        *([pl.col(f"built_any_{k}").mean().alias("built_any")] if ds.has(f"built_{k}") else []))
        for k in numbers]
    players = ds.players_with(*(f"side_{k}" for k in numbers)).filter(pl.col("arm") == arm)
    multi = details and ds.players.filter(pl.col("arm") == arm)["strategy"].n_unique() > 1
    built = [k for k in numbers if ds.has(f"built_{k}")] if details else []
    # several games per seed (pools, rotations): every comparison is clustered by seed, from per-seed
    # sums; else the games are independent, but the player rows of one game are not: clustered by game.
    # A cluster's sides are the same throughout, so one aggregate per cluster serves every number.
    cluster = ds.replays_seeds(arm)
    rows_key = row_cluster(ds, arm)
    sides = [f"side_{k}" for k in numbers]
    if cluster:
        queries += [games.group_by(SEED_INDEX, *sides).agg(*[e for m, _ in GAME_METRICS for e in sum_exprs(m)])]
    if multi:
        queries += [players.group_by(rows_key, "strategy", *sides).agg(*sum_exprs("score"), *sum_exprs("win_share"))]
    if built:
        queries += [_cluster_sums(players, rows_key, built)]
    res = pl.collect_all(queries)
    builder_sums = res.pop() if built else None
    strategy_sums = res.pop() if multi else None
    game_sums = res.pop() if cluster else None
    main, arche, builders = [], [], []
    for i, k in enumerate(numbers):
        row = {"arm": arm, "number": k, "clustered": cluster}
        for m, _ in GAME_METRICS:
            row[m] = _diff_rows(res[i], f"side_{k}", m)
            if cluster:
                row[m]["diff"] = clustered(game_sums, f"side_{k}", "a", "b", m)
        row["n_a"], row["n_b"] = row["mean_score"]["diff"].n1, row["mean_score"]["diff"].n2
        row["usage"] = _usage(res[i], f"side_{k}")
        main.append(row)
    for k in numbers if multi else []:
        for s in sorted(strategy_sums["strategy"].unique().to_list()):
            ss = strategy_sums.filter(pl.col("strategy") == s)
            if ss[f"side_{k}"].n_unique() < 2:
                continue
            arche.append({"arm": arm, "number": k, "strategy": s,
                          "score": {"diff": clustered(ss, f"side_{k}", "a", "b", "score", cluster=rows_key)},
                          "win": clustered(ss, f"side_{k}", "a", "b", "win_share", proportion=True, cluster=rows_key)})
    for k in built:
        r = {"arm": arm, "number": k, "clustered": cluster}
        long = _builders_long(builder_sums, rows_key, k)
        for side in ("a", "b"):
            # build and win rates count player rows, which come in games (and seeds): Wilson at the effective n
            g = builder_sums.filter(pl.col(f"side_{k}") == side)
            n_all, n_yes, w_yes = int(g["_rows"].sum()), int(g[f"_built_{k}"].sum()), float(g[f"_wins_{k}"].sum())
            r[f"build_rate_{side}"] = (n_yes / n_all if n_all else np.nan,
                                       *st.wilson_clustered(g[rows_key], g[f"_built_{k}"], g["_rows"])[:2], n_all)
            r[f"win_{side}"] = (w_yes / n_yes if n_yes else np.nan,
                                *st.wilson_clustered(g[rows_key], g[f"_wins_{k}"], g[f"_built_{k}"])[:2], n_yes, w_yes)
            r[f"score_vs_others_{side}"] = clustered(long.filter(pl.col(f"side_{k}") == side), "_built", 0, 1, "score",
                                                     cluster=rows_key) if 0 < n_yes < n_all else None
        r["win_diff"] = clustered(long.filter(pl.col("_built") == 1), f"side_{k}", "a", "b", "win_share",
                                  proportion=True, cluster=rows_key) if r["win_a"][3] and r["win_b"][3] else None
        builders.append(r)
    return main, arche, builders


def _usage_text(u: dict[str, float]) -> str:
    return f"built in {fmt.pct(u['a'])} of side-a games and {fmt.pct(u['b'])} of side-b games"


def analyse(ds: Dataset, opts: ReportOptions, details: bool = True) -> dict | None:
    """Every varying number's side effect (b − a) with Holm over the numbers that are used enough, the
    minimum detectable effects, and (details) the per-strategy and builders' comparisons."""
    arms = {arm: _varying(ds, arm) for arm in ds.arms}
    arms = {a: ks for a, ks in arms.items() if ks}
    if not arms:
        return None
    main, arche, builders = [], [], []
    for arm, ks in arms.items():
        m, a, b = _arm_effects(ds, arm, ks, details)
        main += m
        arche += a
        builders += b
    for r in main:
        u = r["usage"]
        low = min(u["a"], u["b"])
        r["usage_min"] = None if np.isnan(low) else low
        r["enough"] = r["usage_min"] is None or r["usage_min"] >= opts.min_usage
    p = np.array([r["mean_score"]["diff"].p if r["enough"] else np.nan for r in main])
    padj = st.adjust(p, "holm")
    alpha = st.family_alpha(int(np.isfinite(p).sum()))
    for r, q in zip(main, padj, strict=True):
        r["p_holm"] = q
        d = r["mean_score"]["diff"]
        d.mde = st.mde_se(d.se, alpha) if r["clustered"] else st.mde_means(d.n1, d.n2, r["mean_score"]["sd"], alpha)
    return {"arms": arms, "main": main, "arche": arche, "builders": builders, "p": p, "padj": padj}


def _label(ds: Dataset, arm: str, k: int, multi_arm: bool) -> str:
    return (f"{arm}: " if multi_arm else "") + f"building {k}"


def findings(ds: Dataset, opts: ReportOptions, res: dict | None = None) -> list[Finding]:
    res = res if res is not None else analyse(ds, opts, details=False)
    if res is None:
        return []
    multi_arm = len(res["arms"]) > 1
    v = ds.vocab
    out = []
    for r in res["main"]:
        d = r["mean_score"]["diff"]
        k, arm = r["number"], r["arm"]
        where = f" (arm {arm})" if multi_arm else ""
        usage = ""
        if r["usage_min"] is not None:
            usage = "; " + _usage_text(r["usage"])
        text = (f"Building {k}, side b ({v.building_text(f'{k}b', arm)}) against side a "
                f"({v.building_text(f'{k}a', arm)}){where}: the average player's score changes by "
                f"{fmt.signed(d.estimate, 2)} VP per game (95% CI {fmt.ci(d.low, d.high, 2)}; "
                f"{fmt.pval(r['p_holm']) + ' after Holm' if r['enough'] else 'not tested'}; "
                f"n = {fmt.n(r['n_a'])} vs {fmt.n(r['n_b'])} games{CLUSTERED if r['clustered'] else ''}{usage}).")
        out.append(Finding("building-sides", (arm, k), _label(ds, arm, k, multi_arm) + ": side b vs a", text,
                           "VP", d.estimate, d.low, d.high, r["p_holm"], r["n_a"] + r["n_b"], mde=d.mde,
                           usage=r["usage_min"],
                           usage_text=_usage_text(r["usage"]) if r["usage_min"] is not None else ""))
    return out


def _glossary(ds: Dataset, numbers: list[int]) -> Table:
    """What each compared building does, in the content as run (a column per patched arm that differs)."""
    v = ds.vocab
    patched = [a for a in v.arms if any(v.differs("buildings", f"{k}{s}") for k in numbers for s in "ab")]
    rows = []
    for k in numbers:
        for side in "ab":
            b = f"{k}{side}"
            rows.append([b, v.effect("buildings", b) or "–", *[v.effect("buildings", b, a) or "–" for a in patched]])
    note = "" if v.known else ("This dataset's manifest carries no content vocabulary (written by an older gwt-sim): "
                               "buildings are shown by number only.")
    return Table("The buildings compared (content as run)",
                 ["building", "effect", *[f"effect in arm {a}" for a in patched]], rows, note=note)


def build(ds: Dataset, other: Dataset | None = None, opts: ReportOptions | None = None) -> Section:
    opts = opts or ReportOptions()
    title = "Building sides (a vs b)"
    res = analyse(ds, opts)
    if res is None:
        fixed = []
        for arm in ds.arms:
            first = ds.games.filter(pl.col("arm") == arm).select(ds.side_columns).row(0)
            fixed.append(f"{arm}: {''.join(first)}")
        return Section("building-sides", title,
                       "Building sides do not vary between games within any arm (" + "; ".join(fixed) + "), so no "
                       "per-number comparison of side a and side b is possible from this dataset; simulate an "
                       "experiment with sides = \"random\" (experiments/building_sides.toml). Arms that differ "
                       "only in their sides are compared in the What-if section.", data={"effects": None})
    arms, main, arche, builders, p, padj = (res[k] for k in ("arms", "main", "arche", "builders", "p", "padj"))
    found, pools = with_pools(ds, lambda d: findings(d, opts), findings(ds, opts, res))
    multi_arm = len(arms) > 1
    has_usage = any(r["usage_min"] is not None for r in main)
    seed_note = cluster_note() if any(r["clustered"] for r in main) else ""
    rows = []
    for r in main:
        d = r["mean_score"]["diff"]
        status = fmt.sig(r["p_holm"]) if r["enough"] else f"not enough evidence ({fmt.pct(r['usage_min'])} of games)"
        u = r["usage"]
        rows.append([r["arm"], str(r["number"]), fmt.n(r["n_a"]), fmt.n(r["n_b"]),
                     fmt.pct(u["a"]) if has_usage else "–", fmt.pct(u["b"]) if has_usage else "–",
                     fmt.num(r["mean_score"]["a"], 2), fmt.num(r["mean_score"]["b"], 2), fmt.signed(d.estimate, 2),
                     fmt.ci(d.low, d.high, 2), fmt.pcell(d.p) if r["enough"] else "–", fmt.pcell(r["p_holm"]),
                     status, mde_cell(d.mde, "VP"), f"{d.effect:+.3f}",
                     fmt.signed(r["winning_score"]["diff"].estimate, 2), fmt.signed(r["turns"]["diff"].estimate, 2),
                     fmt.signed(r["mean_buildings"]["diff"].estimate, 2)])
    tables = [Table("Effect of side b against side a on the average player's score per game",
                    ["arm", "number", "games a (n)", "games b (n)", "built in games a", "built in games b",
                     "mean score a", "mean score b", "b − a", "95% CI", "p", "p (Holm)", "significant",
                     "detectable (80% power)", "Cohen's d", "winning score b − a", "turns b − a",
                     "buildings VP b − a"], rows, key_columns=2,
                    note="Unit: the game (mean score of its players). Welch t-test; Holm correction over the "
                         f"numbers built in at least {fmt.pct(opts.min_usage, 0)} of the games of each side (the "
                         "others are not enough evidence and are not tested). Built in games: share of the games "
                         "with that side in which some player built the number (from built_<n>). Detectable: the "
                         "b − a difference this test finds with 80% power at the Holm family's strictest level. "
                         "Cohen's d uses the pooled SD of per-game mean scores." + seed_note)]
    tables.append(_glossary(ds, sorted({r["number"] for r in main})))
    effects = pl.DataFrame({"arm": [r["arm"] for r in main], "number": [r["number"] for r in main],
                            "diff": [r["mean_score"]["diff"].estimate for r in main],
                            "low": [r["mean_score"]["diff"].low for r in main],
                            "high": [r["mean_score"]["diff"].high for r in main],
                            "p": p, "p_holm": padj, "d": [r["mean_score"]["diff"].effect for r in main],
                            "mde": [r["mean_score"]["diff"].mde for r in main],
                            "usage": [r["usage_min"] for r in main],
                            "enough": [r["enough"] for r in main],
                            "n_a": [r["n_a"] for r in main], "n_b": [r["n_b"] for r in main]},
                           schema_overrides={"usage": pl.Float64})
    flagged = effects.filter(pl.col("p_holm") < st.ALPHA)
    labels = [_label(ds, r["arm"], r["number"], multi_arm) + ("" if r["enough"] else " (rarely built)")
              for r in main]
    figs = [Figure("building_sides_score", "Score effect of side b by building number", figures.forest(
        labels, effects["diff"], effects["low"], effects["high"], flagged=(effects["p_holm"] < st.ALPHA).fill_null(False).to_list(),
        muted=[not r["enough"] for r in main],
        title="Side b − side a: average player score per game (95% CI)",
        xlabel="difference in mean score per player (VP)", ylabel="building number"))]
    data = {"effects": effects, "archetypes": None, "builders": None, "pools": pools}
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
                             "significant"], arows, key_columns=3,
                            note="Unit: the player row. " + ROWS_NOTE + " Holm correction over all numbers × "
                                 "strategies, separately for score and win share." + seed_note))
        data["archetypes"] = pl.DataFrame({"number": [r["number"] for r in arche],
                                           "strategy": [r["strategy"] for r in arche],
                                           "score_diff": [r["score"]["diff"].estimate for r in arche],
                                           "score_p_holm": pa, "win_diff": [r["win"].estimate for r in arche],
                                           "win_p_holm": pw})
    if builders:
        enough = {(r["arm"], r["number"]): r["enough"] for r in main}
        pb = st.adjust([r["win_diff"].p if r["win_diff"] and enough.get((r["arm"], r["number"]), True) else np.nan
                        for r in builders])
        alpha_b = st.family_alpha(int(np.isfinite(pb).sum()))
        brows = []
        for r, q in zip(builders, pb, strict=True):
            cells = [r["arm"], str(r["number"])]
            for side in ("a", "b"):
                br, w, so = r[f"build_rate_{side}"], r[f"win_{side}"], r[f"score_vs_others_{side}"]
                cells += [fmt.pct(br[0]), fmt.ci(br[1], br[2], percent=True), fmt.n(w[3]), fmt.pct(w[0]),
                          fmt.ci(w[1], w[2], percent=True), fmt.signed(so.estimate, 2) if so else "–"]
            wd = r["win_diff"]
            mde = st.mde_se(wd.se, alpha_b) if wd else np.nan
            judged = enough.get((r["arm"], r["number"]), True)
            cells += [fmt.signed(100 * wd.estimate, 2) + " pp" if wd else "–", fmt.pcell(q),
                      fmt.sig(q) if judged else "not enough evidence",
                      mde_cell(mde, "share")]
            brows.append(cells)
        tables.append(Table("Who built it: build rate, builders' win rate and score against the other players",
                            ["arm", "number", "build rate a", "95% CI", "builders a (n)", "builders' win rate a",
                             "95% CI", "builders' score − others a", "build rate b", "95% CI", "builders b (n)",
                             "builders' win rate b", "95% CI", "builders' score − others b",
                             "builders' win rate b − a", "p (Holm)", "significant", "detectable (80% power)"],
                            brows, key_columns=2,
                            note="From the per-player built_<n> columns (build rate: share of player rows). "
                                 + wilson_note(bool(seed_note)) + " " + ROWS_NOTE + " The builders' win rate b − a "
                                 "is Holm-corrected over the numbers."
                                 + (cluster_note("The win-rate and score comparisons") if seed_note else "")))
        data["builders"] = pl.DataFrame({"number": [r["number"] for r in builders],
                                         "win_a": [r["win_a"][0] for r in builders],
                                         "win_b": [r["win_b"][0] for r in builders],
                                         "win_diff": [r["win_diff"].estimate if r["win_diff"] else np.nan
                                                      for r in builders], "p_holm": pb})
    else:
        notes.append("The dataset has no per-player built_<n> columns, so build rates and the win rate of the "
                     "players who built each building are not available, and whether a number was used at all "
                     "cannot be told: a number with no significant effect may simply never have been built.")
    if pools:
        tables.append(pool_table(found, pools, "Side b − side a by strategy pool (VP per player per game)"))
    tested = effects.filter(pl.col("enough"))
    rare = effects.filter(~pl.col("enough"))
    n_games = int(effects["n_a"][0] + effects["n_b"][0])
    parts = []
    if flagged.height:
        for r in flagged.sort(pl.col("diff").abs(), descending=True).iter_rows(named=True):
            parts.append(f"side b of building {r['number']}" + (f" (arm {r['arm']})" if multi_arm else "")
                         + f" changes the average player's score by {fmt.signed(r['diff'], 2)} VP per game "
                         f"(95% CI {fmt.ci(r['low'], r['high'], 2)}; Cohen's d = {r['d']:+.2f}; "
                         f"{fmt.pval(r['p_holm'])} after Holm; n = {fmt.n(r['n_a'])} vs {fmt.n(r['n_b'])} games)")
        finding = fmt.sentence("; ".join(parts)) + "."
        if tested.height > flagged.height:
            finding += (f" {tested.height - flagged.height} of the {tested.height} numbers tested show no significant "
                        f"side effect after Holm correction (effects under "
                        f"{tested['mde'].max():.2f} VP per game may go unseen).")
    elif tested.height:
        top = tested.sort(pl.col("diff").abs(), descending=True).row(0, named=True)
        tests = (f"{tested.height} numbers" if not multi_arm else
                 f"{tested.height} tests: numbers × {len(arms)} arms")
        finding = (f"No building number's side changes the average player's score significantly after Holm "
                   f"correction ({tests}, about {fmt.n(n_games)} games each; effects smaller than "
                   f"{fmt.span(tested['mde'].min(), tested['mde'].max())} VP per game would not be seen with 80% "
                   f"power); the largest difference is building {top['number']}: b − a = "
                   f"{fmt.signed(top['diff'], 2)} VP (95% CI {fmt.ci(top['low'], top['high'], 2)}; "
                   f"{fmt.pval(top['p'])} before correction).")
    else:
        finding = "No building number was built often enough on both sides to test its side."
    if rare.height:
        finding += (f" Not enough evidence for {rare.height} number(s), built in fewer than "
                    f"{fmt.pct(opts.min_usage, 0)} of the games of a side: "
                    + ", ".join(f"{r['number']} ({r['arm'] + ': ' if multi_arm else ''}{fmt.pct(r['usage'])})"
                                for r in rare.iter_rows(named=True))
                    + "; their sides are not judged.")
    if data["builders"] is not None:
        fb = data["builders"].filter(pl.col("p_holm") < st.ALPHA)
        finding += (f" The builders' win rate differs between sides for building(s) "
                    f"{', '.join(map(str, fb['number'].to_list()))} after Holm correction." if fb.height else
                    " The win rate of the players who built a number does not differ between its sides after "
                    "Holm correction.")
    if pools:
        flags = [f for f in found if f.pool_flag]
        finding += (f" Strategy pools ({', '.join(pools)}) disagree on " + "; ".join(
            f"{f.subject}: {f.pool_flag}" for f in flags[:3]) + "." if flags else
            f" The strategy pools ({', '.join(pools)}) agree on every number.")
    return Section("building-sides", title, finding, notes, tables, figs, data, findings=found)
