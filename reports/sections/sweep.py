"""Sweep: each outcome against a swept parameter, with 95% bands, and where it meets its target.

A sweep dataset (`gwt-sim sweep`, or an experiment with a `[sweep]` table) records in its manifest
which parameter values each arm plays (``sweep``: parameters, values, arms). Its arms share seeds, so
the differences between values are paired (common random numbers). For every swept parameter (for a
grid: one curve per combination of the other parameters' values) the section shows:

* the average player's score and the game length (turns) — no target; their trend per unit of the
  parameter;
* each seat's win share, each strategy's (when several play) — target par (1 / players);
* for a parameter of a numbered building: the win share of the players who built it (target par)
  and, when the games draw its side, side b − side a on the average player's score (target 0).

Estimates, bands and crossings come from `gwt_sim.targets` (the statistics `gwt-sim tune` uses):
means with intervals clustered by seed; a crossing between two adjacent values whose estimates lie on
either side of the target, located by the line through them (a paired, within-seed slope) with
Fieller's 95% interval. Findings: the change of each outcome from the lowest to the highest value
(paired by seed), Holm-corrected over the section.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import polars as pl

from gwt_sim.targets import Metric, crossings, fit_line, metric_rows, point_estimates
from reports import figures, fmt
from reports import stats as st
from reports.data import Dataset
from reports.model import Figure, Finding, Section, Table
from reports.options import ReportOptions


@dataclass
class Curve:
    base_arm: str
    param: dict[str, Any]
    others: str                          # the other parameters' values ("" for a one-parameter sweep)
    arm_x: dict[str, float]              # arm -> this parameter's value
    players: int = 0
    outcomes: list[Outcome] = field(default_factory=list)

    @property
    def name(self) -> str:
        return display(self.param) + (f" ({self.others})" if self.others else "")


def display(param: dict[str, Any]) -> str:
    """A parameter's name in the report: a seat knob as written (seat_vp[0]), a content path by its
    short label (10b.amount)."""
    return param["path"] if param.get("kind") == "variant" else param["label"]


@dataclass
class Outcome:
    metric: Metric
    label: str
    unit: str                            # "VP", "share", "turns"
    target: float | None
    points: pl.DataFrame
    crossings: list = field(default_factory=list)
    slope: tuple[float, float, float] | None = None      # per unit of the parameter: estimate, low, high
    change: tuple[float, float, float, float] | None = None   # lowest -> highest value: est, low, high, p


def _fmt_x(x: float) -> str:
    return f"{x:g}"


def _curves(ds: Dataset, sweep: dict[str, Any]) -> list[Curve]:
    params = sweep.get("params", [])
    arms = {a: v for a, v in sweep.get("arms", {}).items() if a in set(ds.arms)}
    bases = list(dict.fromkeys(v["base_arm"] for v in arms.values()))
    out = []
    for base in bases:
        members = {a: v["values"] for a, v in arms.items() if v["base_arm"] == base}
        for i, p in enumerate(params):
            groups: dict[tuple, dict[str, float]] = {}
            for a, vals in members.items():
                key = tuple(v for j, v in enumerate(vals) if j != i)
                groups.setdefault(key, {})[a] = float(vals[i])
            for key, arm_x in groups.items():
                if len(set(arm_x.values())) < 2:
                    continue
                others = ", ".join(f"{display(q)} = {_fmt_x(v)}" for q, v in
                                   zip([q for j, q in enumerate(params) if j != i], key, strict=True))
                if len(bases) > 1:
                    others = f"arm {base}" + (f", {others}" if others else "")
                out.append(Curve(base, p, others, arm_x))
    return out


def _metrics(ds: Dataset, curve: Curve) -> list[tuple[Metric, str, str, float | None]]:
    """(metric, label, unit, target) of every outcome drawn for a curve."""
    arms = list(curve.arm_x)
    players = ds.players.filter(pl.col("arm").is_in(arms))
    n = int(players["players"].max())
    curve.players = n
    par = 1.0 / n
    out: list[tuple[Metric, str, str, float | None]] = [
        (Metric("mean_score"), "average player's score", "VP", None),
        (Metric("turns"), "game length (turns)", "turns", None)]
    out += [(Metric("seat_win_share", s), f"seat {s} win share", "share", par) for s in range(1, n + 1)]
    strategies = sorted(players["strategy"].unique().to_list())
    if len(strategies) > 1:
        out += [(Metric("win_share", s), f"{s} win share", "share", par) for s in strategies]
    number = curve.param.get("subject", {}).get("number")
    if number is not None:
        if ds.has(f"built_{number}"):
            out.append((Metric("users_win_share", number), f"win share of building {number}'s builders", "share", par))
        col = f"side_{number}"
        if ds.has(col, "games"):
            sides = ds.games.filter(pl.col("arm").is_in(arms))[col].unique().to_list()
            if {"a", "b"} <= set(sides):
                out.append((Metric("side_diff", number), f"building {number} side b − side a (average score)", "VP",
                            0.0))
    return out


def _measure(ds: Dataset, curve: Curve) -> list[str]:
    """Measure every outcome of the curve; returns notes on outcomes with no observation."""
    notes = []
    for metric, label, unit, target in _metrics(ds, curve):
        rows = metric_rows(metric, ds.players, ds.games, curve.arm_x)
        if rows.height == 0:
            why = (f"nobody built building {metric.arg} in these games" if metric.kind == "users_win_share"
                   else "no observation")
            notes.append(f"{fmt.sentence(label)} ({curve.name}): {why}.")
            continue
        pts = point_estimates(rows, metric.grouped)
        o = Outcome(metric, label, unit, target, pts)
        xs = pts["x"].to_list()
        if len(xs) >= 2:
            line = fit_line(rows, metric.grouped)
            if line is not None:
                o.slope = (line.slope, *line.slope_interval)
            end_rows = rows.filter(pl.col("x").is_in([xs[0], xs[-1]]))
            two = fit_line(end_rows, metric.grouped)
            if two is not None:
                span = xs[-1] - xs[0]
                se = math.sqrt(max(two.cov[1][1], 0.0)) * span
                est = two.slope * span
                z = est / se if se > 0 else (0.0 if est == 0 else math.inf)
                p = float(st.p_from_z(z)) if math.isfinite(z) else 0.0
                o.change = (est, est - st.Z95 * se, est + st.Z95 * se, p)
        if target is not None:
            o.crossings = crossings(pts, rows, target, metric.grouped)
        curve.outcomes.append(o)
    return notes


def _value(o: Outcome, est: float, low: float, high: float) -> str:
    if o.unit == "share":
        return f"{fmt.pct(est)} ({fmt.ci(low, high, 1, percent=True)})"
    return f"{fmt.num(est, 2)} ({fmt.ci(low, high, 2)})"


def _crossing_text(o: Outcome, curve: Curve) -> str:
    target = "par" if o.unit == "share" else f"{o.target:g}"
    pts = o.points
    lo_x, hi_x = pts["x"][0], pts["x"][-1]
    if not o.crossings:
        first, last = pts.row(0, named=True), pts.row(-1, named=True)
        t = o.target or 0.0
        side = "above" if first["estimate"] > t else "below"
        clear = all((q["low"] > t) if side == "above" else (q["high"] < t) for q in (first, last))
        how = "" if clear else ", though within the 95% interval of it at an end"
        return (f"{o.label} stays {side} {target} from {_fmt_x(lo_x)} to {_fmt_x(hi_x)}{how} "
                f"({_value(o, first['estimate'], first['low'], first['high'])} at {_fmt_x(lo_x)}, "
                f"{_value(o, last['estimate'], last['low'], last['high'])} at {_fmt_x(hi_x)})")
    parts = []
    for c in o.crossings:
        r = c.root
        ci = (f"95% CI {r.low:.3g} to {r.high:.3g}" if r.bounded and math.isfinite(r.low) else
              "interval unbounded: the curve is too flat there for this many games")
        beyond = "; it reaches beyond the values swept" if r.bounded and (r.low < lo_x or r.high > hi_x) else ""
        parts.append(f"at {display(curve.param)} ≈ {r.estimate:.3g} ({ci}{beyond}), between {_fmt_x(c.lo)} and "
                     f"{_fmt_x(c.hi)}")
    return f"{o.label} crosses {target} " + "; ".join(parts)


def build(ds: Dataset, other: Dataset | None = None, opts: ReportOptions | None = None) -> Section | None:
    sweep = ds.manifest.get("sweep")
    if not isinstance(sweep, dict):
        return None
    curves = _curves(ds, sweep)
    if not curves:
        return Section("sweep", "Sweep", "The dataset is a sweep, but no parameter takes two values in the arms "
                       "present.", data={"curves": []})
    notes = [n for c in curves for n in _measure(ds, c)]
    texts, tables, figs, found = [], [], [], []
    multi = len(curves) > 1
    for c in curves:
        label = display(c.param)
        where = f" ({c.others})" if c.others else ""
        xs = sorted(set(c.arm_x.values()))
        # one table: outcomes by value
        by_x: dict[float, list[str]] = {x: [] for x in xs}
        games = (ds.games.filter(pl.col("arm").is_in(list(c.arm_x))).group_by("arm").len())
        n_games = {c.arm_x[a]: n for a, n in games.iter_rows()}
        cols = [label, "games (n)"]
        for o in c.outcomes:
            cols.append(o.label + " (95% CI)")
            est = {r["x"]: r for r in o.points.iter_rows(named=True)}
            for x in xs:
                r = est.get(x)
                by_x[x].append("–" if r is None else _value(o, r["estimate"], r["low"], r["high"]))
        tables.append(Table(f"Outcomes by {label}{where}", cols,
                            [[_fmt_x(x), fmt.n(n_games.get(x, 0)), *by_x[x]] for x in xs], key_columns=1,
                            note="Means over the games (win shares over the player rows of that seat, strategy or "
                                 "building's builders) with 95% intervals clustered by seed. Every value plays the "
                                 "same seeds (common random numbers)."))
        rows = []
        for o in c.outcomes:
            slope = "–" if o.slope is None else (
                f"{fmt.signed(100 * o.slope[0], 2)} pts ({fmt.ci(100 * o.slope[1], 100 * o.slope[2], 2)})"
                if o.unit == "share" else f"{fmt.signed(o.slope[0], 3)} ({fmt.ci(o.slope[1], o.slope[2], 3)})")
            if o.target is None:
                meets = "– (no target)"
            elif o.crossings:
                r = o.crossings[0].root
                meets = (f"{r.estimate:.3g} ({fmt.ci(r.low, r.high, 2)})" if r.bounded and math.isfinite(r.low)
                         else f"{r.estimate:.3g} (interval unbounded)")
                if len(o.crossings) > 1:
                    meets += f"; {len(o.crossings) - 1} more crossing(s)"
            else:
                meets = "not in range"
            rows.append([o.label, "par" if o.unit == "share" else ("–" if o.target is None else f"{o.target:g}"),
                         meets, slope])
        tables.append(Table(f"Where each outcome meets its target, {label}{where}",
                            ["outcome", "target", f"{label} at the target (95% CI)", f"change per unit of {label} "
                             "(95% CI)"], rows,
                            note="Crossing: between two adjacent values whose estimates lie on either side of the "
                                 "target, where the line through them meets it (Fieller's 95% interval; the slope is a "
                                 "paired, within-seed difference). Change per unit: the slope of a line through all "
                                 "values (least squares, errors clustered by seed)."))
        sentences = [_crossing_text(o, c) for o in c.outcomes if o.target is not None]
        trend = [o for o in c.outcomes if o.target is None and o.slope is not None]
        for o in trend:
            s0, s1, s2 = (round(v, 3) + 0.0 for v in o.slope)      # + 0.0: no "-0.000"
            unit = " VP" if o.unit == "VP" else " turns"
            sentences.append(f"{o.label} changes by {fmt.signed(s0, 3)}{unit} per unit of {label} "
                             f"(95% CI {fmt.ci(s1, s2, 3)})")
        full = f" ({c.param['path']})" if c.param["path"] != label else ""
        head = (f"Sweeping {label}{full}{where} over {', '.join(_fmt_x(x) for x in xs)} "
                f"({c.players} players, {fmt.n(sum(n_games.values()))} games, the same seeds at every value): ")
        texts.append(head + "; ".join(sentences) + ".")
        # figures: win shares (with par), then each VP / turns outcome
        shares = [o for o in c.outcomes if o.unit == "share"]
        suffix = f" — {c.name}" if multi else ""
        if shares:
            marks = [(cr.root.estimate, cr.root.low, cr.root.high) for o in shares for cr in o.crossings
                     if cr.root.bounded and math.isfinite(cr.root.estimate)]
            figs.append(Figure(f"sweep_shares_{c.param['label']}", f"Win shares against {label}{where}", figures.curves(
                {o.label: _series(o) for o in shares}, title=f"Win shares against {label}, 95% bands{suffix}",
                xlabel=label, ylabel="win share", ref=1.0 / c.players, ref_label="par", marks=marks, percent=True)))
        for o in c.outcomes:
            if o.unit == "share":
                continue
            marks = [(cr.root.estimate, cr.root.low, cr.root.high) for cr in o.crossings
                     if cr.root.bounded and math.isfinite(cr.root.estimate)]
            figs.append(Figure(f"sweep_{o.metric.kind}_{c.param['label']}", f"{o.label} against {label}{where}", figures.curves(
                {o.label: _series(o)}, title=f"{fmt.sentence(o.label)} against {label}, 95% band{suffix}",
                xlabel=label, ylabel=o.label, ref=o.target, ref_label="target" if o.target is not None else "",
                marks=marks)))
        for o in c.outcomes:
            if o.change is None or o.unit == "turns":
                continue
            est, low, high, p = o.change
            span = f"from {_fmt_x(xs[0])} to {_fmt_x(xs[-1])}"
            shown = (f"{fmt.signed(100 * est, 1)} points (95% CI {fmt.ci(100 * low, 100 * high, 1)})"
                     if o.unit == "share" else f"{fmt.signed(est, 2)} VP (95% CI {fmt.ci(low, high, 2)})")
            found.append(Finding("sweep", (c.name, o.label), f"{label} {span}: {o.label}{where}",
                                 f"Raising {label}{where} {span} changes {o.label} by {shown} ({c.players} players; "
                                 f"paired by seed", o.unit, est, low, high, p, int(o.points["n"].max()),
                                 n_label="observations per value"))
    for f, q in zip(found, st.adjust([f.p_adj for f in found]) if found else [], strict=True):
        f.p_adj = float(q)
        f.text += f"; {fmt.pval(q)} after Holm)."
    return Section("sweep", "Sweep", " ".join(texts), notes, tables, figs, data={"curves": curves}, findings=found)


def _series(o: Outcome) -> tuple:
    p = o.points
    return (p["x"].to_numpy(), p["estimate"].to_numpy(), p["low"].to_numpy(), p["high"].to_numpy())
