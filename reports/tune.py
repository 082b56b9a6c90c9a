"""The report of a tuning folder (`gwt-sim tune`): ``DIR/tune.json`` and one dataset per round.

The numbers are computed again from the rounds' Parquet parts (each round is checked like any
dataset: checksums, game ids), with the statistics the tuner used (`gwt_sim.targets`): the metric
at every value played (all rounds pooled, intervals clustered by seed) and the local line through
the values the result was read from, with Fieller's interval. A round the tuner has not finished is
named and left out.
"""

from __future__ import annotations

import json
import math
import time
from pathlib import Path
from typing import Any

import polars as pl

from gwt_sim.parts import MANIFEST, TUNE_FORMAT, TUNE_STATE, tune_state_problem
from gwt_sim.targets import TargetError, fit_line, metric_rows, parse_metric, point_estimates
from reports import figures, fmt
from reports.data import ReportError, load
from reports.model import Figure, Report, Section, Table

STATE = TUNE_STATE
FORMAT = TUNE_FORMAT


def is_tuning(path: str | Path) -> bool:
    root = Path(path)
    return (root / STATE).is_file() and not (root / MANIFEST).exists()


def _state(root: Path) -> dict[str, Any]:
    try:
        state = json.loads((root / STATE).read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError) as exc:
        raise ReportError(f"{root / STATE}: unreadable ({' '.join(str(exc).split())[:120]})") from None
    if not isinstance(state, dict) or state.get("format") != FORMAT or not isinstance(state.get("spec"), dict):
        raise ReportError(f"{root / STATE}: not a {FORMAT} file")
    problem = tune_state_problem(state)
    if problem:
        raise ReportError(f"{root / STATE}: damaged: {problem}; run the tuning again with --overwrite")
    return state



def _num(v: Any) -> float:
    if v in ("inf", "-inf"):
        return math.inf if v == "inf" else -math.inf
    return math.nan if v is None else float(v)


def build_tune_report(path: str | Path) -> Report:
    root = Path(path)
    state = _state(root)
    spec = state["spec"]
    try:
        metric = parse_metric(str(spec.get("metric", "")), f"{STATE}: metric")
    except TargetError as exc:
        raise ReportError(str(exc)) from None
    target = float(spec["target_value"])
    param = str(spec.get("param"))
    rounds = [r for r in state.get("rounds", []) if isinstance(r, dict)]
    done = [r for r in rounds if "analysis" in r]
    unfinished = [r for r in rounds if "analysis" not in r]
    parts = []
    per_round = []
    for r in done:
        ds = load(root / str(r.get("folder")))
        sweep = ds.manifest.get("sweep") or {}
        arm_x = {a: float(v["values"][0]) for a, v in sweep.get("arms", {}).items()}
        rows = metric_rows(metric, ds.players, ds.games, arm_x, int(r["round"]))
        parts.append(rows)
        per_round.append((r, ds.games.height))
    if not parts:
        raise ReportError(f"{root}: the tuning has no finished round yet (run the same gwt-sim tune command to "
                          f"go on)")
    rows = pl.concat(parts)
    pts = point_estimates(rows, metric.grouped)
    result = state.get("result") or {}
    window = (result.get("bracket") or done[-1]["analysis"].get("bracket"))
    line = root_ = None
    if window:
        line = fit_line(rows, metric.grouped, float(window[0]), float(window[1]))
        root_ = line.root(target) if line is not None else None

    share = metric.is_share
    shown_target = spec.get("target")
    games = sum(int(r.get("games", 0)) for r in done)
    lines = []
    if not result:
        lines.append(f"The tuning is not finished ({len(done)} round(s) done"
                     + (f"; round {unfinished[0]['round']} was interrupted" if unfinished else "")
                     + "): run the same gwt-sim tune command again to go on.")
    status = result.get("status")
    if status == "no_value_in_range":
        lines.append(f"No value of {param} in {spec['range'][0]}..{spec['range'][1]} meets {shown_target}: "
                     f"{result.get('why', '').split(': ', 1)[-1]}.")
    elif root_ is not None:
        ci = (f"95% CI {root_.low:.4g} to {root_.high:.4g}" if root_.bounded else
              "the interval is unbounded: the slope there is not significant yet")
        lines.append(f"{param} = {root_.estimate:.4g} ({ci}) makes {metric.words()} meet {shown_target}, "
                     f"read from a local linear fit over {window[0]:g} to {window[1]:g}.")
        if result.get("best_integer") is not None:
            cands = "; ".join(
                f"{c['value']}: {_value(c['estimate'], share)} (95% CI {_ci(c['low'], c['high'], share)}, "
                f"target {'inside' if c['meets'] else 'outside'})" for c in result.get("candidates", []))
            lines.append(f"Best whole value: {result['best_integer']} ({cands}).")
    if result and status != "found" and status != "no_value_in_range":
        lines.append(f"Not converged: {result.get('why')}.")
    lines.append(f"{fmt.n(games)} games in {len(done)} round(s), each on new seeds with every value of the round "
                 f"on the same seeds ({spec.get('players')} players, arm {spec.get('arm')} of {spec.get('experiment')}).")

    table = Table("The metric at every value played", [param, "observations (n)", "estimate", "95% CI", "rounds"],
                  [], key_columns=1,
                  note="All rounds pooled; intervals clustered by seed (normal).")
    played: dict[float, list[int]] = {}
    for r in done:
        for v in r.get("values", []):
            played.setdefault(float(v), []).append(int(r["round"]))
    for q in pts.iter_rows(named=True):
        table.rows.append([f"{q['x']:g}", fmt.n(q["n"]), _value(q["estimate"], share), _ci(q["low"], q["high"], share),
                           ", ".join(map(str, played.get(q["x"], [])))])
    round_rows = []
    for r, n_games in per_round:
        a = r["analysis"]
        rt = a.get("root") or {}
        round_rows.append([str(r["round"]), ", ".join(f"{v:g}" for v in r["values"]), fmt.n(n_games),
                           "–" if not rt else f"{_num(rt.get('estimate')):.4g}",
                           "–" if not rt else (f"{_num(rt.get('low')):.4g} to {_num(rt.get('high')):.4g}"
                                               if rt.get("bounded") else "unbounded"),
                           str(a.get("why", a.get("decision", "")))])
    rounds_table = Table("Rounds", ["round", "values played", "games", "value after the round", "95% CI",
                                    "decision"], round_rows, key_columns=1,
                         note="After each round the value is read from the line through the values bracketing the "
                              "target (a later round's values span the previous interval); the next round plays "
                              "values across the new interval until it is narrow enough.")
    tables = [table, rounds_table]
    figs = []
    if pts.height:
        target_value = str(shown_target).rpartition("=")[2].strip()
        seg = None
        if line is not None:
            seg = (line.lo, line.hi, line.predict(line.lo)[0], line.predict(line.hi)[0])
        rt = None if root_ is None or not root_.bounded else (root_.estimate, root_.low, root_.high)
        figs.append(Figure("tuning", f"{metric.words()} against {param}", figures.tuning(
            pts["x"].to_numpy(), pts["estimate"].to_numpy(), pts["low"].to_numpy(), pts["high"].to_numpy(),
            target=target, line=seg, root=rt, title=f"Tuning {param}: {metric.words()}, target {target_value}",
            xlabel=param, ylabel=metric.words(), percent=share)))
    section = Section("tuning", "Tuning", " ".join(lines),
                      [f"Round {r['round']} was interrupted and is left out: run the same gwt-sim tune command again "
                       f"to finish it." for r in unfinished],
                      tables, figs, data={"points": pts, "line": line, "root": root_, "result": result})
    title = f"gwt-sim tuning report: {param} for {shown_target}"
    sub = (f"{fmt.n(games)} games in {len(done)} round(s) from {root}; generated {time.strftime('%Y-%m-%d %H:%M')}")
    return Report(title, sub, [section])


def _value(x: float, share: bool) -> str:
    return fmt.pct(x, 2) if share else fmt.num(x, 3)


def _ci(lo: float, hi: float, share: bool) -> str:
    return fmt.ci(lo, hi, 2, percent=True) if share else fmt.ci(lo, hi, 3)
