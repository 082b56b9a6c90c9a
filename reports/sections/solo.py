"""Solo: one player against the automated opponent Sam. Per arm (Sam's difficulty and the human's
strategy): the human's win rate (a tie counts half; Wilson 95% interval) and the mean margin, the
human's total minus Sam's (t interval; a t-test against 0, Holm over the arms); Sam's score by
category per difficulty; which of Sam's cards move the result most (the margin regressed on how often
Sam played each card, with one intercept per arm, HC1 errors, Holm over the cards); and the margin by
the city of Sam's first delivery."""

from __future__ import annotations

from typing import Any

import numpy as np
import polars as pl
from scipy import stats as sps

from gwt_sim import schema
from reports import figures, fmt
from reports import stats as st
from reports.data import SCORE_COLUMNS, Dataset
from reports.findings import mde_cell
from reports.model import Figure, Finding, Section, Table
from reports.options import ReportOptions


def _games(ds: Dataset) -> pl.DataFrame:
    """One row per game: arm, difficulty, first delivery, result, margin, the human's strategy and
    score, Sam's score, the cards he played."""
    cards = ds.columns_like(f"{schema.SAM_CARD_PLAYED}\\d+", "games")
    human = ds.players.select("game_id", "strategy", pl.col("score").alias("human_score"), "win_share")
    assert ds.sam is not None
    sam = ds.sam.select("game_id", pl.col("score").alias("sam_score"))
    return (ds.games.select("arm", "game_id", *schema.SOLO_GAME_COLUMNS[:4], *cards)
            .join(human, on="game_id").join(sam, on="game_id"))


def arm_table(ds: Dataset) -> pl.DataFrame:
    g = _games(ds)
    df = (g.group_by("arm", "solo_difficulty", "strategy", "solo_first_delivery", maintain_order=True)
          .agg(pl.len().alias("games"), pl.col("win_share").sum().alias("wins"),
               (pl.col("solo_result") == "won").sum().alias("won"), (pl.col("solo_result") == "tie").sum().alias("ties"),
               pl.col("solo_margin").cast(pl.Float64).mean().alias("margin"),
               pl.col("solo_margin").cast(pl.Float64).var().alias("margin_var"),
               pl.col("human_score").cast(pl.Float64).mean().alias("human_score"),
               pl.col("sam_score").cast(pl.Float64).mean().alias("sam_score")))
    order = {a: i for i, a in enumerate(ds.arms)}
    df = df.with_columns(pl.col("arm").replace_strict(order, default=len(order)).alias("_o")).sort("_o").drop("_o")
    n = df["games"].to_numpy().astype(float)
    lo, hi = st.wilson(df["wins"].to_numpy(), n)
    var = df["margin_var"].fill_null(0).to_numpy()
    mlo, mhi = st.mean_ci(df["margin"].to_numpy(), var, n)
    with np.errstate(invalid="ignore", divide="ignore"):
        t = df["margin"].to_numpy() / np.sqrt(var / n)
    p = np.where(n >= 2, 2 * sps.t.sf(np.abs(t), np.maximum(n - 1, 1)), np.nan)
    p = np.where(np.isnan(p) & (var == 0) & (n >= 2), np.where(df["margin"].to_numpy() == 0, 1.0, 0.0), p)
    alpha = st.family_alpha(df.height)
    mde = [st.mde_se(float(np.sqrt(v / k)), alpha) if k >= 2 else np.nan for v, k in zip(var, n, strict=True)]
    return df.with_columns(share=pl.Series(df["wins"].to_numpy() / n), low=pl.Series(lo), high=pl.Series(hi),
                           margin_low=pl.Series(mlo), margin_high=pl.Series(mhi), p=pl.Series(p),
                           p_holm=pl.Series(st.adjust(p, "holm")), mde=pl.Series(mde, dtype=pl.Float64))


def arm_findings(df: pl.DataFrame) -> list[Finding]:
    out = []
    for r in df.iter_rows(named=True):
        subject = f"{r['strategy']} against Sam ({r['solo_difficulty']})"
        text = (f"{r['strategy']} wins {fmt.pm_pct(r['share'], r['low'], r['high'])} of its games against Sam on "
                f"{r['solo_difficulty']} (arm {r['arm']}; {r['won']:,} won, {r['ties']:,} tied); its mean margin is "
                f"{fmt.pm(r['margin'], r['margin_low'], r['margin_high'])} VP ({fmt.pval(r['p_holm'])} after Holm; "
                f"n = {fmt.n(r['games'])} games).")
        out.append(Finding("solo", (r["arm"],), subject, text, "VP", r["margin"], r["margin_low"],
                           r["margin_high"], r["p_holm"], int(r["games"]), mde=r["mde"]))
    return out


def card_effects(ds: Dataset) -> pl.DataFrame:
    """The human's margin per extra play of each Sam card (least squares, one intercept per arm, HC1)."""
    g = _games(ds)
    cards = [c for c in ds.columns_like(f"{schema.SAM_CARD_PLAYED}\\d+", "games") if g[c].max() > 0]
    if not cards or g.height < len(cards) + len(ds.arms) + 2:
        return pl.DataFrame()
    arms = g["arm"].to_numpy()
    dummies = np.stack([(arms == a).astype(float) for a in ds.arms if (arms == a).any()], axis=1)
    X = np.hstack([dummies, g.select(cards).to_numpy().astype(float)])
    fit = st.ols_hc1(X, g["solo_margin"].to_numpy())
    k = dummies.shape[1]
    est, se = np.asarray(fit.params)[k:], np.asarray(fit.bse)[k:]
    with np.errstate(invalid="ignore", divide="ignore"):
        p = st.p_from_z(est / se)
    alpha = st.family_alpha(len(cards))
    return pl.DataFrame({"card": [int(c[len(schema.SAM_CARD_PLAYED):]) for c in cards], "effect": est,
                         "low": est - st.Z95 * se, "high": est + st.Z95 * se, "p": p,
                         "p_holm": st.adjust(p, "holm"), "mde": [st.mde_se(float(s), alpha) for s in se],
                         "plays": [float(g[c].mean()) for c in cards]})


def card_findings(df: pl.DataFrame, n: int) -> list[Finding]:
    out = []
    for r in df.iter_rows(named=True):
        text = (f"Each time Sam plays card #{r['card']} the human's margin changes by "
                f"{fmt.pm(r['effect'], r['low'], r['high'], 2)} VP ({fmt.pval(r['p_holm'])} after Holm over the cards; "
                f"played {r['plays']:.1f} times per game on average; n = {fmt.n(n)} games).")
        out.append(Finding("solo", ("card", r["card"]), f"Sam card #{r['card']}", text, "VP", r["effect"],
                           r["low"], r["high"], r["p_holm"], n, mde=r["mde"]))
    return out


def first_delivery_table(ds: Dataset) -> pl.DataFrame:
    g = _games(ds)
    df = (g.group_by("solo_difficulty", "strategy", "solo_first_delivery", maintain_order=True)
          .agg(pl.len().alias("games"), pl.col("win_share").sum().alias("wins"),
               pl.col("solo_margin").cast(pl.Float64).mean().alias("margin"),
               pl.col("solo_margin").cast(pl.Float64).var().alias("margin_var")))
    n = df["games"].to_numpy().astype(float)
    lo, hi = st.wilson(df["wins"].to_numpy(), n)
    mlo, mhi = st.mean_ci(df["margin"].to_numpy(), df["margin_var"].fill_null(0).to_numpy(), n)
    return df.with_columns(share=pl.Series(df["wins"].to_numpy() / n), low=pl.Series(lo), high=pl.Series(hi),
                           margin_low=pl.Series(mlo), margin_high=pl.Series(mhi))


def sam_breakdown(ds: Dataset) -> pl.DataFrame:
    assert ds.sam is not None
    cols = [c for c in SCORE_COLUMNS if c in ds.sam.columns]
    return (ds.sam.join(ds.games.select("game_id", "solo_difficulty"), on="game_id")
            .group_by("solo_difficulty", maintain_order=True)
            .agg(pl.len().alias("n"), pl.col("score").cast(pl.Float64).mean().alias("score"),
                 *[pl.col(c).cast(pl.Float64).mean() for c in cols]))


def _finding(ds: Dataset, arms: pl.DataFrame, cards: pl.DataFrame, cities: pl.DataFrame) -> str:
    parts = []
    for diff, g in arms.group_by("solo_difficulty", maintain_order=True):
        best = max(g.iter_rows(named=True), key=lambda r: r["share"])
        parts.append(f"On {diff[0]} the best strategy, {best['strategy']}, wins "
                     f"{fmt.pm_pct(best['share'], best['low'], best['high'])} against Sam with a mean margin of "
                     f"{fmt.pm(best['margin'], best['margin_low'], best['margin_high'])} VP "
                     f"(n = {fmt.n(best['games'])} games).")
    if cards.height:
        top = cards.sort(pl.col("effect").abs(), descending=True).row(0, named=True)
        sig = cards.filter(pl.col("p_holm") < st.ALPHA).height
        parts.append(f"Of Sam's cards, #{top['card']} moves the result most: "
                     f"{fmt.pm(top['effect'], top['low'], top['high'], 2)} VP of the human's margin per play "
                     f"({sig} of {cards.height} cards significant after Holm).")
    varied = cities.group_by("solo_difficulty", "strategy").agg(pl.len().alias("k")).filter(pl.col("k") > 1)
    if varied.height:
        spread = []
        for (diff, strat), g in cities.group_by("solo_difficulty", "strategy", maintain_order=True):
            if g.height > 1:
                lo, hi = g.sort("margin").row(0, named=True), g.sort("margin").row(-1, named=True)
                spread.append(f"{strat} on {diff}: margin {hi['margin']:+.1f} VP when Sam first delivers to "
                              f"{ds.vocab.city(hi['solo_first_delivery'])} vs {lo['margin']:+.1f} to "
                              f"{ds.vocab.city(lo['solo_first_delivery'])}")
        parts.append("By the city of Sam's first delivery: " + "; ".join(spread) + ".")
    else:
        parts.append("Each difficulty was played with one first-delivery city (set `solo_first_delivery` per arm "
                     "to compare cities).")
    return " ".join(parts)


def build(ds: Dataset, other: Dataset | None = None, opts: ReportOptions | None = None) -> Section | None:
    if not ds.solo:
        return None
    arms = arm_table(ds)
    cards = card_effects(ds)
    cities = first_delivery_table(ds)
    sam = sam_breakdown(ds)
    found = arm_findings(arms) + card_findings(cards, ds.games.height)
    rows = [[r["arm"], r["solo_difficulty"], r["strategy"], ds.vocab.city(r["solo_first_delivery"]), fmt.n(r["games"]),
             fmt.pct(r["share"]),
             fmt.ci(r["low"], r["high"], percent=True), fmt.n(r["won"]), fmt.n(r["ties"]), fmt.num(r["margin"]),
             fmt.ci(r["margin_low"], r["margin_high"]), fmt.pcell(r["p_holm"]), mde_cell(r["mde"], "VP"),
             fmt.num(r["human_score"]), fmt.num(r["sam_score"])] for r in arms.iter_rows(named=True)]
    tables = [Table("The human against Sam, per arm",
                    ["arm", "difficulty", "strategy", "Sam's first delivery", "games (n)", "win rate", "95% CI", "won", "tied",
                     "mean margin (VP)", "95% CI", "p (margin ≠ 0, Holm)", "detectable (80% power)", "human score",
                     "Sam's score"], rows, key_columns=3,
                    note="Win rate counts a tie (equal totals, a shared win) as half a win; Wilson 95% intervals. "
                         "Margin = the human's total − Sam's; t intervals; the test of a margin against 0 is "
                         "Holm-corrected over the arms.")]
    cats = [c for c in SCORE_COLUMNS if c in sam.columns]
    tables.append(Table("Sam's score by category", ["difficulty", "games (n)",
                                                    *[ds.vocab.category(c[6:]) for c in cats], "total"],
                        [[r["solo_difficulty"], fmt.n(r["n"]), *[fmt.num(r[c], 2) for c in cats], fmt.num(r["score"], 2)]
                         for r in sam.iter_rows(named=True)], key_columns=1,
                        note="Mean VP per game; Sam does not score money, station masters or the step disc."))
    figs = []
    if cards.height:
        tables.append(Table("Sam's cards: the human's margin per play",
                            ["card", "plays per game", "VP per play", "95% CI", "p (Holm)", "detectable (80% power)"],
                            [[f"#{r['card']}", fmt.num(r["plays"], 2), fmt.signed(r["effect"], 2),
                              fmt.ci(r["low"], r["high"], 2), fmt.pcell(r["p_holm"]), mde_cell(r["mde"], "VP")]
                             for r in cards.sort(pl.col("effect").abs(), descending=True).iter_rows(named=True)],
                            note="Least squares of the margin on the number of times Sam played each card, with one "
                                 "intercept per arm (HC1 errors); a card played more often also means a longer game "
                                 "for Sam, so an effect is one more turn of Sam's with that card."))
        order = cards.sort("effect")
        figs.append(Figure("solo_cards", "Sam's cards", figures.forest(
            [f"card #{c}" for c in order["card"]], order["effect"], order["low"], order["high"],
            title="The human's margin per play of each Sam card (95% CI)", xlabel="VP per play",
            flagged=list(order["p_holm"] < st.ALPHA))))
    tables.append(Table("By the city of Sam's first delivery",
                        ["difficulty", "strategy", "first delivery", "games (n)", "win rate", "95% CI",
                         "mean margin (VP)", "95% CI"],
                        [[r["solo_difficulty"], r["strategy"], ds.vocab.city(r["solo_first_delivery"]), fmt.n(r["games"]),
                          fmt.pct(r["share"]), fmt.ci(r["low"], r["high"], percent=True), fmt.num(r["margin"]),
                          fmt.ci(r["margin_low"], r["margin_high"])] for r in cities.iter_rows(named=True)],
                        key_columns=3))
    difficulties = list(dict.fromkeys(arms["solo_difficulty"].to_list()))
    usual = {d: g["solo_first_delivery"].mode().sort()[0]                 # the first delivery most arms play
             for (d,), g in arms.group_by("solo_difficulty", maintain_order=True)}

    def label(r: dict[str, Any]) -> str:
        other = r["solo_first_delivery"] != usual[r["solo_difficulty"]]
        return r["strategy"] + (f", Sam first to {ds.vocab.city(r['solo_first_delivery'])}" if other else "")

    strategies = list(dict.fromkeys(label(r) for r in arms.iter_rows(named=True)))
    series = {}
    for d in difficulties:
        g = {label(r): r for r in arms.filter(pl.col("solo_difficulty") == d).iter_rows(named=True)}
        vals, lows, highs = (np.array([g[s][k] if s in g else np.nan for s in strategies])
                             for k in ("share", "low", "high"))
        series[d] = (vals, np.minimum(lows, vals), np.maximum(highs, vals))
    figs.insert(0, Figure("solo_win_rate", "Win rate against Sam", figures.grouped_bars(
        strategies, series, title="The human's win rate against Sam (95% Wilson intervals)", xlabel="strategy",
        ylabel="win rate", ref=0.5, ref_label="even")))
    return Section("solo", "Solo", _finding(ds, arms, cards, cities), [], tables, figs,
                   data={"arms": arms, "cards": cards, "first_delivery": cities, "sam": sam}, findings=found)
