"""What-if: a variant against its baseline — arms of one dataset at the same player count (the arm named
"baseline", else the first arm, is the reference), and with ``--compare DIR2`` the dataset against DIR2
(DIR2 is the reference; differences are DIR − DIR2).

Per comparison: the average player's score, the winning score, game length and each scoring category
per game (the game is the unit; paired by seed when both sides played the same seeds — common random
numbers — else Welch), and each seat's and strategy's win share over the player rows (paired the same
way; the rows clustered by game, or by seed when seeds pair or replay games: `reports.stats.clustered_diff`,
Cohen's h).
Significance after Holm correction over all the tests of a comparison.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import polars as pl

from reports import figures, fmt
from reports import stats as st
from reports.data import POOL, SCORE_COLUMNS, SEED_INDEX, Dataset
from reports.model import Figure, Finding, Section, Table
from reports.options import ReportOptions
from reports.sections.common import CLUSTERED, cluster_note, clustered, sum_exprs

MIN_PAIRED = 0.5      # share of games that must pair up by seed for a paired comparison


@dataclass
class Side:
    ds: Dataset
    arms: list[str]
    players: int
    name: str

    def games(self) -> pl.DataFrame:
        """Per game: keys and the game-level metrics."""
        cats = [c for c in SCORE_COLUMNS if self.ds.has(c)]
        per = (self.ds.players_lf().filter(pl.col("arm").is_in(self.arms) & (pl.col("players") == self.players))
               .group_by("game_id")
               .agg(pl.col("score").cast(pl.Float64).mean().alias("average score"),
                    *[pl.col(c).cast(pl.Float64).mean().alias(self.ds.vocab.category(c[6:]) + " VP") for c in cats]))
        return (self.ds.games_lf().filter(pl.col("arm").is_in(self.arms) & (pl.col("players") == self.players))
                .select("game_id", "arm", "seed_index", "rotation", *([POOL] if self.ds.has(POOL, "games") else []),
                        pl.col("winning_score").cast(pl.Float64).alias("winning score"),
                        pl.col("turns").cast(pl.Float64).alias("turns"))
                .join(per, on="game_id").collect())

    def share_sums(self, by: str, games: pl.Series | None = None) -> pl.DataFrame:
        """Per seed and value of `by` (seat, strategy): the win shares' rows, sum and sum of squares
        (`sum_exprs`), over `games` when given (the paired ones)."""
        rows = self.ds.players_lf().filter(pl.col("arm").is_in(self.arms) & (pl.col("players") == self.players))
        if games is not None:
            rows = rows.filter(pl.col("game_id").is_in(games.implode()))
        return rows.group_by(SEED_INDEX, by).agg(*sum_exprs("win_share")).collect()


def edition_of(ds: Dataset) -> int:
    """The content edition a dataset was played with (manifest; datasets written before: the Second)."""
    return int(ds.manifest.get("edition") or 2)


EDITION_WORDS = {1: "First Edition", 2: "Second Edition"}


def _pairs(ds: Dataset, other: Dataset | None) -> list[tuple[Side, Side, bool]]:
    """(baseline, variant, pairable) comparisons."""
    out = []
    if other is None:
        for players in ds.player_counts:
            arms = [a for a, p in ds.groups if p == players]
            if len(arms) < 2:
                continue
            base = "baseline" if "baseline" in arms else arms[0]     # the reference arm
            for arm in arms:
                if arm != base:
                    out.append((Side(ds, [base], players, f"arm {base}"), Side(ds, [arm], players, f"arm {arm}"), True))
        return out
    # seeds pair games only under the same rules: two editions' games of one seed are unrelated
    same_seed = (ds.manifest.get("root_seed") is not None
                 and ds.manifest.get("root_seed") == other.manifest.get("root_seed")
                 and edition_of(ds) == edition_of(other))
    # DIR2 (the --compare dataset) is the baseline
    if set(ds.groups) == set(other.groups) and len(ds.arms) > 1:
        for arm, players in ds.groups:
            out.append((Side(other, [arm], players, f"{other.label} {arm}"),
                        Side(ds, [arm], players, f"{ds.label} {arm}"), same_seed))
    else:
        for players in ds.player_counts:
            arms_a = [a for a, p in other.groups if p == players]
            arms_b = [a for a, p in ds.groups if p == players]
            out.append((Side(other, arms_a, players, other.label), Side(ds, arms_b, players, ds.label),
                        same_seed and len(arms_a) == len(arms_b) == 1))
    return out


def _compare(base: Side, var: Side, pairable: bool) -> tuple[list[dict], bool, int, int]:
    gb, gv = base.games(), var.games()
    keys = ("game_id", "arm", "seed_index", "rotation", POOL)
    metrics = [c for c in gb.columns if c not in keys and c in gv.columns]
    rows = []
    joined = None
    pooled = [POOL in gb.columns, POOL in gv.columns]
    if pairable and len(set(pooled)) == 1:
        # a game is paired with the game of the same seed, rotation and strategy pool
        joined = gb.join(gv, on=["seed_index", "rotation", *([POOL] if all(pooled) else [])], suffix="__v")
        if joined.height < MIN_PAIRED * max(gb.height, gv.height):
            joined = None
    power = []     # per row: how to compute its minimum detectable effect once the family size is known
    # several pairs per seed (pools, rotations) share the seed's setup: their differences are clustered by seed
    cluster = joined is not None and joined.height > joined["seed_index"].n_unique()
    for m in metrics:
        if joined is not None:
            dif = joined[f"{m}__v"] - joined[m]
            pooled = np.sqrt(((joined[m].var() or 0.0) + (joined[f"{m}__v"].var() or 0.0)) / 2)
            if cluster:
                d = st.paired_clustered(dif.to_numpy(), joined["seed_index"].to_numpy(), pooled)
                power.append(lambda a, se=d.se: st.mde_se(se, a))
            else:
                d = st.paired(float(dif.mean()), float(dif.var() or 0.0), joined.height, pooled)
                sd_diff = float(np.sqrt(dif.var() or 0.0))
                power.append(lambda a, n=joined.height, s=sd_diff: st.mde_paired(n, s, a))
        else:
            d = st.welch(gb[m].mean(), gb[m].var() or 0.0, gb.height, gv[m].mean(), gv[m].var() or 0.0, gv.height)
            sd = float(np.sqrt(((gb[m].var() or 0.0) + (gv[m].var() or 0.0)) / 2))
            power.append(lambda a, n1=gb.height, n2=gv.height, s=sd: st.mde_means(n1, n2, s, a))
        rows.append({"kind": "mean", "metric": m, "base": float(gb[m].mean()), "var": float(gv[m].mean()), "diff": d,
                     "clustered": cluster})
    # win shares over player rows: the players of one game share its win, so the rows are clustered by
    # game — by seed when the games are paired by seed (the pair is then one cluster) or replay seeds
    for by, label in (("seat", "seat {} win share"), ("strategy", "{} win share")):
        if joined is not None:
            sb, sv = base.share_sums(by, joined["game_id"]), var.share_sums(by, joined["game_id__v"])
        else:
            sb, sv = base.share_sums(by), var.share_sums(by)
            # unpaired: a seed of one side has nothing to do with the same seed of the other
            sv = sv.with_columns(pl.col(SEED_INDEX).cast(pl.Int64) + 1 + int(sb[SEED_INDEX].max() or 0))
        if by == "strategy" and max(sb[by].n_unique(), sv[by].n_unique()) < 2:
            continue
        # several games of a seed (or pairs, when paired): say "clustered by seed"
        replayed = cluster if joined is not None else (sb[SEED_INDEX].n_unique() < gb.height
                                                       or sv[SEED_INDEX].n_unique() < gv.height)
        both = pl.concat([sb.with_columns(_variant=pl.lit(False)), sv.with_columns(_variant=pl.lit(True))],
                         how="vertical_relaxed")
        for value in sorted(set(sb[by].to_list()) & set(sv[by].to_list())):
            sub = both.filter(pl.col(by) == value)
            d = clustered(sub, "_variant", False, True, "win_share", proportion=True)
            b, v = (sub.filter(pl.col("_variant") == flag) for flag in (False, True))
            rows.append({"kind": "share", "metric": label.format(value), "diff": d, "clustered": replayed,
                         "base": float(b["win_share_sum"].sum() / b["win_share_n"].sum()),
                         "var": float(v["win_share_sum"].sum() / v["win_share_n"].sum())})
            power.append(lambda a, se=d.se: st.mde_se(se, a))
    padj = st.adjust([r["diff"].p for r in rows])
    alpha = st.family_alpha(len(rows))
    for r, q, mde in zip(rows, padj, power, strict=True):
        r["p_holm"] = q
        r["diff"].mde = mde(alpha)
    return rows, joined is not None, gb.height, gv.height


def _value(r: dict, x: float) -> str:
    return fmt.pct(x, 2) if r["kind"] == "share" else fmt.num(x, 2)


def build(ds: Dataset, other: Dataset | None = None, opts: ReportOptions | None = None) -> Section:
    title = "What-if comparison"
    if other is None and isinstance(ds.manifest.get("sweep"), dict):
        return Section("what-if", title, "The arms of this dataset are the values of a sweep: the Sweep section "
                       "compares them (each outcome against the parameter, paired by seed). Compare two datasets with "
                       "`gwt-sim report DIR --compare DIR2`.", data={"comparisons": []})
    pairs = _pairs(ds, other)
    if not pairs:
        return Section("what-if", title,
                       "Nothing to compare: the dataset has no two arms at the same player count. Compare two "
                       "datasets with `gwt-sim report DIR --compare DIR2` (differences are DIR − DIR2).",
                       data={"comparisons": []})
    table_rows, findings, comparisons = [], [], []
    found: list[Finding] = []
    fig_means: list[tuple[str, dict]] = []
    fig_shares: list[tuple[str, dict]] = []
    for base, var, pairable in pairs:
        rows, paired, nb, nv = _compare(base, var, pairable)
        label = f"{var.name} vs {base.name} (baseline), {base.players}p"
        comparisons.append({"label": label, "paired": paired, "rows": rows, "n_base": nb, "n_var": nv})
        for r in rows:
            d = r["diff"]
            scale = 100 if r["kind"] == "share" else 1
            unit = " pp" if r["kind"] == "share" else ""
            table_rows.append([label, r["metric"], _value(r, r["base"]), _value(r, r["var"]),
                               fmt.signed(scale * d.estimate, 2) + unit, fmt.ci(scale * d.low, scale * d.high, 2),
                               fmt.pcell(d.p), fmt.pcell(r["p_holm"]), fmt.sig(r["p_holm"]),
                               fmt.num(scale * d.mde, 2) + unit, f"{d.effect:+.3f}",
                               f"{fmt.n(d.n1)} / {fmt.n(d.n2)}"])
            (fig_shares if r["kind"] == "share" else fig_means).append((label, r))
            unit_f = "share" if r["kind"] == "share" else ("VP" if r["metric"] != "turns" else "")
            if unit_f:
                how_n = f"{fmt.n(nv)} paired games" if paired else f"{fmt.n(nv)} vs {fmt.n(nb)} games"
                how_n += CLUSTERED if r.get("clustered") else ""
                shown = (f"{fmt.signed(100 * d.estimate, 1)} points (95% CI {fmt.ci(100 * d.low, 100 * d.high, 1)})"
                         if unit_f == "share" else
                         f"{fmt.signed(d.estimate, 2)} VP (95% CI {fmt.ci(d.low, d.high, 2)})")
                per = " per player per game" if r["metric"] != "winning score" and unit_f == "VP" else ""
                found.append(Finding(
                    "what-if", (label, r["metric"]), f"{var.name} vs {base.name}: {r['metric']}",
                    f"Against the baseline {base.name} ({base.players} players), {var.name} changes the "
                    f"{r['metric']} by {shown}{per} ({fmt.pval(r['p_holm'])} after Holm; n = {how_n}).",
                    unit_f, d.estimate, d.low, d.high, r["p_holm"], d.n2, mde=d.mde))
        sig = sorted([r for r in rows if r["p_holm"] < st.ALPHA], key=lambda r: -abs(r["diff"].effect))
        how = f"{fmt.n(nv)} paired games" if paired else f"{fmt.n(nv)} vs {fmt.n(nb)} games"
        how += CLUSTERED if any(r.get("clustered") for r in rows) else ""
        avg = next(r for r in rows if r["metric"] == "average score")
        d = avg["diff"]
        text = (f"{var.name} against {base.name} ({base.players} players, {how}): the average player's score "
                f"changes by {fmt.signed(d.estimate, 2)} VP (95% CI {fmt.ci(d.low, d.high, 2)}; "
                f"{fmt.pval(avg['p_holm'])} after Holm)")
        same = paired and all(r["diff"].estimate == 0 and r["diff"].low == r["diff"].high for r in rows
                                  if r["kind"] == "mean")
        if same:
            text = (f"{var.name} against {base.name} ({base.players} players, {how}): every paired game ended "
                    f"exactly as in the baseline (every per-game metric identical), so the change never came "
                    f"into play in these games — e.g. a building these strategies never use.")
        elif sig:
            text += f"; {len(sig)} of {len(rows)} metrics differ significantly after Holm correction, largest: " + \
                ", ".join(f"{r['metric']} {fmt.signed((100 if r['kind'] == 'share' else 1) * r['diff'].estimate, 2)}"
                          f"{' pp' if r['kind'] == 'share' else ''} ({fmt.pval(r['p_holm'])}, "
                          f"{'h' if r['kind'] == 'share' else 'd'} = {r['diff'].effect:+.2f})" for r in sig[:3]) + "."
        else:
            text += f"; none of the {len(rows)} metrics differs significantly after Holm correction."
        findings.append(text)
    tables = [Table("Differences, variant − baseline", ["comparison", "metric", "baseline", "variant",
                                                        "difference", "95% CI", "p", "p (Holm)", "significant",
                                                        "detectable (80% power)", "effect (d or h)",
                                                        "n baseline / variant"], table_rows, key_columns=2,
                    note="Game metrics: means per game (the game is the unit), paired by seed when both sides "
                         "played the same seeds (t-test on the differences), else Welch; win shares: the difference "
                         "of the shares over player rows on the same paired games, with cluster-robust errors (the "
                         "players of one game share its win; paired games, and games that replay a seed, are one "
                         "cluster per seed) and t, Cohen's h. Holm over all tests "
                         "of a comparison. Detectable: the difference each test finds with 80% power at the family's "
                         "strictest Holm level." + (cluster_note("Paired game metrics")
                                                    if any(r.get("clustered") for c in comparisons for r in c["rows"])
                                                    else ""))]
    figs = []
    multi = len(pairs) > 1
    for name, items, xlabel, scale in (("whatif_means", fig_means, "difference (VP or turns)", 1),
                                       ("whatif_shares", fig_shares, "difference in win share (percentage points)", 100)):
        if not items:
            continue
        figs.append(Figure(name, "What-if differences", figures.forest(
            [(f"{lab}: " if multi else "") + r["metric"] for lab, r in items],
            [scale * r["diff"].estimate for _, r in items], [scale * r["diff"].low for _, r in items],
            [scale * r["diff"].high for _, r in items], flagged=[r["p_holm"] < st.ALPHA for _, r in items],
            title=("Variant − baseline: game metrics" if scale == 1 else "Variant − baseline: win shares")
            + " (95% CI)", xlabel=xlabel, ylabel="metric")))
    if other is not None and edition_of(ds) != edition_of(other):
        findings.insert(0, f"{ds.label} plays the {EDITION_WORDS.get(edition_of(ds), 'edition ' + str(edition_of(ds)))}"
                           f" and {other.label} the {EDITION_WORDS.get(edition_of(other), 'edition ' + str(edition_of(other)))}"
                           f": every score category lines up by its scoresheet name; the games are compared as "
                           f"independent samples (Welch), since a seed pairs nothing across two editions' rules.")
    finding = " ".join(fmt.sentence(f) for f in findings)
    if finding and not finding.endswith("."):
        finding += "."
    return Section("what-if", title, finding.replace("..", "."), [], tables, figs, data={"comparisons": comparisons},
                   findings=found)
