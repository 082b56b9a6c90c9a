"""Station masters: for each tile, the effect of being drawn (games with it against games without it:
average score, winning score, length), how often it is taken and how many points its task gives.

Take rate and task points come from the per-game totals (station_masters_taken, score_station_masters
summed over the players) split over the tiles drawn in each game by least squares without intercept:
total = Σ over drawn tiles of (that tile's takes, or points, per game in which it is drawn). With the
per-player columns ``station_master_taken_<id>`` / ``station_master_points_<id>`` the take rate, the
taker's win rate and score against the other players of the same games, and its points are measured
directly; the takers' comparisons and rates cluster the player rows by game (the taker and the others
of a game share its win). Effects are flagged only when significant after Holm correction over the
tiles. When the arm replays seeds (strategy pools, rotations) the fits' covariance and the takers'
comparisons are clustered by seed.

Coverage: a tile taken in fewer than `ReportOptions.min_usage` of the games in which it is drawn is
"not enough evidence" (left out of the Holm family), never "no significant effect"; every test carries
its minimum detectable effect; with several strategy pools each tile is also estimated per pool.
"""

from __future__ import annotations

import numpy as np
import polars as pl

from reports import figures, fmt
from reports import stats as st
from reports.data import MASTER_COLUMNS, SEED_INDEX, Dataset
from reports.findings import mde_cell, pool_table, with_pools
from reports.model import Figure, Finding, Section, Table
from reports.options import ReportOptions
from reports.sections.common import (
    CLUSTERED,
    ROWS_NOTE,
    cluster_note,
    clustered,
    row_cluster,
    sum_exprs,
    wilson_note,
)
from reports.vocab import Vocabulary

METRICS = (("mean_score", "average player score"), ("winning_score", "winning score"), ("turns", "turns"))


def _tiles(g: pl.DataFrame) -> list[str]:
    vals = set()
    for c in MASTER_COLUMNS:
        if c in g.columns:
            vals |= set(g[c].unique().to_list())
    vals.discard(None)
    return sorted(vals, key=lambda t: (len(t), t))


def _game_frame(ds: Dataset, arm: str, tiles: list[str]) -> pl.DataFrame:
    per_game = (ds.players_lf().filter(pl.col("arm") == arm).group_by("game_id")
                .agg(pl.col("score").cast(pl.Float64).mean().alias("mean_score"),
                     pl.col("score_station_masters").sum().alias("sm_points"),
                     pl.col("station_masters_taken").sum().alias("sm_taken")))
    masters = [c for c in MASTER_COLUMNS if ds.has(c, "games")]
    return (ds.games_lf().filter(pl.col("arm") == arm)
            .select("game_id", "winning_score", "turns", *([SEED_INDEX] if ds.has(SEED_INDEX, "games") else []),
                    *[pl.any_horizontal([pl.col(c) == t for c in masters]).cast(pl.Int8).alias(f"drawn_{t}")
                      for t in tiles])
            .join(per_game, on="game_id").collect())


def _direct(ds: Dataset, arm: str, tiles: list[str], gf: pl.DataFrame) -> list[dict]:
    """Per tile from the per-player columns, in games where it was drawn: takers against the others."""
    tiles = [t for t in tiles if ds.has(f"station_master_taken_{t}")]
    if not tiles:
        return []
    players = (ds.players_lf().filter(pl.col("arm") == arm)
               .join(gf.lazy().select("game_id", *[f"drawn_{t}" for t in tiles]), on="game_id"))
    queries = []
    for t in tiles:
        tc, pc = f"station_master_taken_{t}", f"station_master_points_{t}"
        queries.append(players.filter(pl.col(f"drawn_{t}") == 1)
                       .group_by((pl.col(tc) > 0).alias("took"))
                       .agg(pl.len().alias("n"), pl.col("win_share").sum().alias("wins"),
                            (pl.col(pc).cast(pl.Float64).mean() if ds.has(pc) else pl.lit(np.nan)).alias("points")))
    # several games per seed: the takers' comparisons and the rates' Wilson intervals are clustered by seed;
    # else by game: the other players of one game share what the taker did not win
    key = row_cluster(ds, arm)
    queries += [players.filter(pl.col(f"drawn_{t}") == 1)
                .group_by(key, (pl.col(f"station_master_taken_{t}") > 0).alias("took"))
                .agg(*sum_exprs("score"), *sum_exprs("win_share")) for t in tiles]
    results = pl.collect_all(queries)
    sums = results[len(tiles):]
    drawn_games = gf.group_by(key).agg(*[pl.col(f"drawn_{t}").sum() for t in tiles])
    out = []
    for i, (t, res) in enumerate(zip(tiles, results[:len(tiles)], strict=True)):
        by = {r["took"]: r for r in res.iter_rows(named=True)}
        took, rest = by.get(True), by.get(False)
        n_games = int(gf[f"drawn_{t}"].sum())
        n_take = took["n"] if took else 0
        takes = (drawn_games.filter(pl.col(f"drawn_{t}") > 0)
                 .join(sums[i].filter(pl.col("took")).select(key, "win_share_n"), on=key, how="left").fill_null(0))
        r = {"arm": arm, "tile": t, "games": n_games, "takers": n_take,
             "take_rate": (n_take / n_games if n_games else np.nan,
                           *st.wilson_clustered(takes[key], takes["win_share_n"], takes[f"drawn_{t}"])[:2])}
        if took and rest:
            wt, wr = float(took["wins"]), float(rest["wins"])
            tk, ot = sums[i].filter(pl.col("took")), sums[i].filter(~pl.col("took"))
            r["win_taker"] = (wt / n_take, *st.wilson_clustered(tk[key], tk["win_share_sum"], tk["win_share_n"])[:2])
            r["win_others"] = (wr / rest["n"],
                               *st.wilson_clustered(ot[key], ot["win_share_sum"], ot["win_share_n"])[:2])
            # the taker and the other players of a game share its win: clustered by game (or seed)
            r["win_diff"] = clustered(sums[i], "took", False, True, "win_share", proportion=True, cluster=key)
            r["score_diff"] = clustered(sums[i], "took", False, True, "score", cluster=key)
        r["points"] = float(took["points"]) if took else np.nan
        out.append(r)
    return out


def analyse(ds: Dataset, opts: ReportOptions, details: bool = True) -> dict:
    """Per arm, the tile effects (least squares over the tiles drawn, HC1), takes and task points, usage
    (share of the games drawn in which the tile was taken), Holm over the tiles used enough, and the
    minimum detectable effects; details: the per-player (taker) comparisons."""
    results, direct, fixed = [], [], []
    for arm in ds.arms:
        g = ds.games.filter(pl.col("arm") == arm)
        tiles = _tiles(g)
        if not tiles:
            continue
        gf = _game_frame(ds, arm, tiles)
        X = gf.select([f"drawn_{t}" for t in tiles]).to_numpy().astype(float)
        drawn_rate = X.mean(axis=0)
        if np.all((drawn_rate == 0) | (drawn_rate == 1)):
            always = [t for t, r in zip(tiles, drawn_rate, strict=True) if r == 1]
            fixed.append((arm, always, gf))
            if details:
                direct += _direct(ds, arm, always, gf)      # the takers can still be compared
            continue
        ys = [gf[c].to_numpy().astype(float) for c in ("sm_taken", "sm_points", *(m for m, _ in METRICS))]
        cluster = ds.replays_seeds(arm)
        take_fit, pts_fit, *metric_fits = st.ols_hc1_many(X, ys, [float(np.std(y)) for y in ys],
                                                          gf[SEED_INDEX].to_numpy() if cluster else None)
        b_take, se_take = take_fit.params, take_fit.bse
        b_pts, se_pts = pts_fit.params, pts_fit.bse
        effects = {m: f.contrasts for (m, _), f in zip(METRICS, metric_fits, strict=True)}
        taken = _taken_share(ds, arm, tiles, gf)
        for j, t in enumerate(tiles):
            r = {"arm": arm, "tile": t, "games": gf.height, "drawn": int(X[:, j].sum()), "clustered": cluster,
                 "take": (b_take[j], se_take[j]), "points": (b_pts[j], se_pts[j])}
            for m, _ in METRICS:
                r[m] = effects[m][j]
            # usage: measured from the per-player columns, else the fitted takes per game drawn
            r["usage"] = taken.get(t, float(np.clip(b_take[j], 0, 1)))
            r["usage_measured"] = t in taken
            r["enough"] = r["usage"] >= opts.min_usage
            results.append(r)
        if details:
            direct += _direct(ds, arm, tiles, gf)
    ok = [r for r in results if "mean_score" in r]
    padj = st.adjust([r["mean_score"].p if r["enough"] else np.nan for r in ok])
    alpha = st.family_alpha(sum(r["enough"] for r in ok))
    for r, q in zip(ok, padj, strict=True):
        r["p_holm"] = q
        r["mean_score"].mde = st.mde_se(r["mean_score"].se, alpha)
    return {"results": results, "direct": direct, "fixed": fixed, "ok": ok, "padj": padj}


def _taken_share(ds: Dataset, arm: str, tiles: list[str], gf: pl.DataFrame) -> dict[str, float]:
    """Tile -> share of the games it is drawn in where some player took it (per-player columns only)."""
    cols = [t for t in tiles if ds.has(f"station_master_taken_{t}")]
    if not cols:
        return {}
    per_game = (ds.players_lf().filter(pl.col("arm") == arm).group_by("game_id")
                .agg(*[(pl.col(f"station_master_taken_{t}").max() > 0).alias(f"took_{t}") for t in cols]).collect())
    j = gf.select("game_id", *[f"drawn_{t}" for t in cols]).join(per_game, on="game_id", how="left")
    out = {}
    for t in cols:
        drawn = j.filter(pl.col(f"drawn_{t}") == 1)
        out[t] = float(drawn[f"took_{t}"].fill_null(False).mean()) if drawn.height else 0.0
    return out


def _usage_text(r: dict) -> str:
    how = "" if r["usage_measured"] else " (estimated from per-game totals)"
    return f"taken in {fmt.pct(r['usage'])} of the games it is drawn in{how}"


def findings(ds: Dataset, opts: ReportOptions, res: dict | None = None) -> list[Finding]:
    res = res if res is not None else analyse(ds, opts, details=False)
    ok = res["ok"]
    multi = len({r["arm"] for r in ok}) > 1
    v = ds.vocab
    out = []
    for r in ok:
        d = r["mean_score"]
        where = f" (arm {r['arm']})" if multi else ""
        test = f"{fmt.pval(r['p_holm'])} after Holm" if r["enough"] else "not tested"
        text = (f"Drawing station master {v.station_master_text(r['tile'], r['arm'])}{where} instead of an average "
                f"other tile changes the average player's score by {fmt.signed(d.estimate, 2)} VP per game (95% CI "
                f"{fmt.ci(d.low, d.high, 2)}; {test}; n = {fmt.n(r['drawn'])} games with it"
                f"{CLUSTERED if r['clustered'] else ''}; {_usage_text(r)}).")
        out.append(Finding("station-masters", (r["arm"], r["tile"]),
                           (f"{r['arm']}: " if multi else "") + f"station master {v.station_master(r['tile'], r['arm'])}",
                           text, "VP", d.estimate, d.low, d.high, r["p_holm"], r["drawn"], mde=d.mde,
                           usage=r["usage"], usage_text=_usage_text(r)))
    return out


def _takers_table(direct: list[dict], v: Vocabulary, seed_note: str = "") -> Table:
    """Per tile: take rate, and the takers' win rate and score against the other players of the same games."""
    pd_ = st.adjust([r["win_diff"].p if "win_diff" in r else np.nan for r in direct])
    drows = []
    for r, q in zip(direct, pd_, strict=True):
        tr = r["take_rate"]
        wt, wo = r.get("win_taker"), r.get("win_others")
        sd = r.get("score_diff")
        drows.append([r["arm"], v.station_master(r["tile"], r["arm"]), fmt.n(r["games"]), fmt.pct(tr[0]),
                      fmt.ci(tr[1], tr[2], percent=True),
                      fmt.n(r["takers"]), fmt.pct(wt[0]) if wt else "–",
                      fmt.ci(wt[1], wt[2], percent=True) if wt else "–", fmt.pct(wo[0]) if wo else "–",
                      fmt.pcell(q), fmt.sig(q), fmt.signed(sd.estimate, 2) if sd else "–",
                      fmt.ci(sd.low, sd.high, 2) if sd else "–", fmt.num(r["points"], 2)])
    return Table("Takers against the other players of the same games (per-player columns)",
                 ["arm", "tile", "games drawn (n)", "take rate", "95% CI", "takers (n)",
                  "taker win rate", "95% CI", "others' win rate", "p (Holm)", "significant",
                  "taker score − others", "95% CI", "taker's task VP"], drows,
                 note=wilson_note(bool(seed_note)) + " " + ROWS_NOTE + " Holm over the tiles."
                      + (cluster_note("The takers' comparisons") if seed_note else ""))


def build(ds: Dataset, other: Dataset | None = None, opts: ReportOptions | None = None) -> Section:
    opts = opts or ReportOptions()
    title = "Station masters"
    res = analyse(ds, opts)
    results, direct, fixed = res["results"], res["direct"], res["fixed"]
    seed_note = cluster_note() if any(ds.replays_seeds(arm) for arm in ds.arms) else ""
    if not results:
        parts = [f"{arm}: always {', '.join(t)}" for arm, t, _ in fixed]
        finding = ("The station masters do not vary between games within any arm (" + "; ".join(parts) +
                   "), so the effect of drawing a tile cannot be separated from the others (the First Edition "
                   "always draws all of its 5 tiles; with a box of more tiles than stations, simulate with "
                   "station_masters = \"random\", as experiments/station_masters.toml does).")
        if not direct:
            return Section("station-masters", title, finding, data={"effects": None})
        top = max(direct, key=lambda r: r["take_rate"][0])
        finding += (f" Taken most: {ds.vocab.station_master_text(top['tile'], top['arm'])}, in "
                    f"{fmt.pct(top['take_rate'][0])} of the games (n = {fmt.n(top['games'])}); the takers' "
                    f"results against the other players of the same games are below.")
        notes = [f"Arm {arm} always draws {', '.join(tiles)} ({fmt.n(gf.height)} games): "
                 f"{gf['sm_taken'].mean():.2f} tiles taken and {gf['sm_points'].mean():.2f} task VP per game."
                 for arm, tiles, gf in fixed]
        return Section("station-masters", title, finding, notes, [_takers_table(direct, ds.vocab, seed_note)], [],
                       data={"effects": None, "direct": direct})
    found, pools = with_pools(ds, lambda d: findings(d, opts), findings(ds, opts, res))
    v = ds.vocab
    ok, padj = res["ok"], res["padj"]
    multi = len({r["arm"] for r in results}) > 1
    rows = []
    for r in results:
        d = r.get("mean_score")
        tk, pt = r["take"], r["points"]
        status = fmt.sig(r.get("p_holm", np.nan)) if r["enough"] else \
            f"not enough evidence (taken in {fmt.pct(r['usage'])})"
        rows.append([r["arm"], v.station_master(r["tile"], r["arm"]), v.effect("station_masters", r["tile"], r["arm"]) or "–",
                     fmt.n(r["drawn"]), fmt.n(r["games"] - r["drawn"]), fmt.pct(r["usage"]),
                     fmt.signed(d.estimate, 2) if d else "–", fmt.ci(d.low, d.high, 2) if d else "–",
                     fmt.pcell(r.get("p_holm")) if d else "–", status, mde_cell(d.mde, "VP") if d else "–",
                     f"{d.effect:+.3f}" if d else "–",
                     fmt.signed(r["winning_score"].estimate, 2) if d else "–",
                     fmt.signed(r["turns"].estimate, 2) if d else "–",
                     fmt.num(tk[0], 3), fmt.ci(tk[0] - st.Z95 * tk[1], tk[0] + st.Z95 * tk[1], 3),
                     fmt.num(pt[0], 2), fmt.ci(pt[0] - st.Z95 * pt[1], pt[0] + st.Z95 * pt[1], 2)])
    tables = [Table("Station-master tiles: effect of being drawn, takes and task points",
                    ["arm", "tile", "effect (content as run)", "games drawn (n)", "games not drawn (n)",
                     "taken in games drawn", "avg score vs other tiles", "95% CI", "p (Holm)", "significant",
                     "detectable (80% power)", "Cohen's d", "winning score vs other tiles", "turns vs other tiles",
                     "takes per game drawn", "95% CI", "task VP per game drawn", "95% CI"], rows, key_columns=2,
                    note=f"Tiles taken in fewer than {fmt.pct(opts.min_usage, 0)} of the games they are drawn in are "
                         "not enough evidence and are not tested. Detectable: the effect the test finds with 80% "
                         "power at the Holm family's strictest level. Unit: the game. Every game draws the same number of tiles, so a tile's effect is "
                         "measured against the other tiles: the per-game value is fitted as a sum of one term per "
                         "tile drawn (least squares, no intercept, HC1 robust covariance) and the effect is the "
                         "tile's term minus the mean of the others' (what drawing it instead of an average other "
                         "tile changes); z-test, Holm over the tiles; d = effect ÷ SD of the per-game value. Takes "
                         "and task VP per game in which the tile is drawn are the tile's own terms of the same "
                         "fit on the per-game totals." + seed_note)]
    labels = [(f"{r['arm']}: " if multi else "") + r["tile"] + ("" if r["enough"] else " (rarely taken)") for r in ok]
    figs = [Figure("station_masters_score", "Effect of drawing each station master", figures.forest(
                labels, [r["mean_score"].estimate for r in ok], [r["mean_score"].low for r in ok],
                [r["mean_score"].high for r in ok], flagged=(np.asarray(padj) < st.ALPHA).tolist(),
                muted=[not r["enough"] for r in ok],
                title="Average player score: drawing the tile instead of an average other tile (95% CI)",
                xlabel="difference in mean score per player (VP)", ylabel="station master tile")),
            Figure("station_masters_points", "Task points per game by tile", figures.forest(
                [(f"{r['arm']}: " if multi else "") + r["tile"] for r in results],
                [r["points"][0] for r in results],
                [r["points"][0] - st.Z95 * r["points"][1] for r in results],
                [r["points"][0] + st.Z95 * r["points"][1] for r in results],
                title="VP from the tile's task per game in which it is drawn (95% CI)",
                xlabel="task VP per game (all players)", ylabel="station master tile"))]
    notes = []
    if direct:
        tables.append(_takers_table(direct, v, seed_note))
    else:
        notes.append("The dataset has no per-player station_master_taken_<id> columns: the taker's win rate and "
                     "score against the others at the same station cannot be measured; takes and task points are "
                     "estimated from per-game totals.")
    for arm, tiles, gf in fixed:
        notes.append(f"Arm {arm} always draws {', '.join(tiles)} ({fmt.n(gf.height)} games): "
                     f"{gf['sm_taken'].mean():.2f} tiles taken and {gf['sm_points'].mean():.2f} task VP per game.")
    flagged = [r for r in ok if r["p_holm"] < st.ALPHA]
    tested = [r for r in ok if r["enough"]]
    rare = [r for r in ok if not r["enough"]]
    best = max(results, key=lambda r: r["points"][0])
    if flagged:
        flagged.sort(key=lambda r: -abs(r["mean_score"].estimate))
        finding = "; ".join(
            f"drawing {v.station_master_text(r['tile'], r['arm'])}" + (f" (arm {r['arm']})" if multi else "")
            + " instead of an average other tile "
            f"changes the average player's score by {fmt.signed(r['mean_score'].estimate, 2)} VP (95% CI "
            f"{fmt.ci(r['mean_score'].low, r['mean_score'].high, 2)}; d = {r['mean_score'].effect:+.2f}; "
            f"{fmt.pval(r['p_holm'])} after Holm; n = {fmt.n(r['drawn'])} games with it vs "
            f"{fmt.n(r['games'] - r['drawn'])} without)" for r in flagged[:2])
        finding = fmt.sentence(finding) + "."
        rest = flagged[2:]
        if rest:
            finding += (f" {len(rest)} other tile(s) ({', '.join(r['tile'] for r in rest)}) also differ significantly, "
                        f"by at most {max(abs(r['mean_score'].estimate) for r in rest):.2f} VP; every game draws the "
                        f"same number of tiles, so a strong tile shifts the others' comparison the opposite way.")
    elif tested:
        top = max(tested, key=lambda r: abs(r["mean_score"].estimate))
        mdes = [r["mean_score"].mde for r in tested]
        finding = (f"No station-master tile changes the average player's score significantly when drawn (against "
                   f"the other tiles), after Holm correction over {len(tested)} tiles (effects smaller than "
                   f"{fmt.span(min(mdes), max(mdes))} VP per game would not be seen with 80% power); the largest "
                   f"difference is {top['tile']}: {fmt.signed(top['mean_score'].estimate, 2)} VP (95% CI "
                   f"{fmt.ci(top['mean_score'].low, top['mean_score'].high, 2)}; n = {fmt.n(top['drawn'])} games "
                   f"with it).")
    else:
        finding = "No station-master tile was taken often enough to test it."
    if rare:
        finding += (f" Not enough evidence for {len(rare)} tile(s), taken in fewer than {fmt.pct(opts.min_usage, 0)} "
                    f"of the games they are drawn in: " + ", ".join(f"{r['tile']} ({fmt.pct(r['usage'])})" for r in rare)
                    + "; they are not judged.")
    finding += (f" {best['tile']}'s task gives the most points: {best['points'][0]:.2f} ± "
                f"{st.Z95 * best['points'][1]:.2f} VP per game in which it is drawn; it is taken "
                f"{best['take'][0]:.2f} times per such game (n = {fmt.n(best['drawn'])}).")
    if pools:
        tables.append(pool_table(found, pools, "Effect of drawing each tile by strategy pool (VP per player per game)"))
        flags = [f for f in found if f.pool_flag]
        finding += (f" Strategy pools ({', '.join(pools)}) disagree on " + "; ".join(
            f"{f.subject}: {f.pool_flag}" for f in flags[:3]) + "." if flags else
            f" The strategy pools ({', '.join(pools)}) agree on every tile.")
    effects = pl.DataFrame({"arm": [r["arm"] for r in ok], "tile": [r["tile"] for r in ok],
                            "diff": [r["mean_score"].estimate for r in ok], "p_holm": padj,
                            "mde": [r["mean_score"].mde for r in ok], "usage": [r["usage"] for r in ok],
                            "enough": [r["enough"] for r in ok],
                            "take": [r["take"][0] for r in ok], "points": [r["points"][0] for r in ok],
                            "points_se": [r["points"][1] for r in ok]})
    return Section("station-masters", title, finding, notes, tables, figs,
                   data={"effects": effects, "direct": direct, "pools": pools}, findings=found)
