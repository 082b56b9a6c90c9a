"""Tuning: the value of one parameter at which a metric meets its target (`gwt-sim tune`).

    from gwt_sim.tune import TuneOptions, tune
    res = tune("experiments/fair_compensation.toml", "runs/tune_seat1", param="seat_vp[0]",
               target="seat_1_win_share = par", bounds="-10..10", overrides=Overrides(arm="p3_printed"))
    res.result["value"], res.result["low"], res.result["high"], res.games

The method is a sequential design with inverse regression, suited to noisy simulations paired by
common random numbers:

1. Round 0 plays `points` values spread over the range (both ends included), each on the same
   block of new seeds (a sweep: every seed at every value).
2. After each round the metric is estimated at every value played (`gwt_sim.targets`, all rounds
   pooled, intervals clustered by seed). Two adjacent values whose estimates lie on either side of
   the target bracket it. Without such a pair, when the 95% intervals at both ends of the range
   exclude the target on the same side, no value in range meets it: the search stops and says so,
   with the estimates as evidence; otherwise the same values are played again on new seeds.
3. Within the bracket a local linear fit (`gwt_sim.targets.fit_line`: the slope from paired, within-
   seed differences, the level with its full seed-to-seed noise, errors clustered by seed) gives
   the root and Fieller's 95% interval. The next round plays `points` values across that interval
   (for an integer parameter the integers around the root and their neighbours), and its line is
   fitted over all of its values, with the earlier rows between them (see `analyse`).
4. The search stops when the interval is no wider than `tolerance` (default 1 for an integer
   parameter, 1% of the range otherwise), the line was fitted locally (over values no more than a
   few intervals apart, so round 0's coarse bracket never ends a search) and, for an integer
   parameter, the integers on both sides of the root have been played; or when another round would
   pass `max_games` or `max_rounds` (the result then says the interval is wider than asked).

An integer parameter's result names the best integer (the one whose estimate is closest to the
target among those around the root) and the evidence for it and its neighbours: each one's estimate
with its 95% interval and whether the target lies in it.

Every round is a dataset of its own (``DIR/round-000``, ...: a sweep of the round's values, with its
manifest, resumable like `simulate`); ``DIR/tune.json`` records the spec, each round's values and
root seed, the analysis after every round and the result. Running the same command again resumes:
finished rounds are read back, an interrupted one is finished and the search goes on — the design
is a function of the data, so the result is the same as an uninterrupted run's. A folder holding
another tuning is refused (``--overwrite`` replaces it, deleting only what its rounds wrote).
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import json
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from gwt_sim import dataset as ds
from gwt_sim.errors import UserError
from gwt_sim.experiment import Experiment, Overrides, load_experiment
from gwt_sim.params import Number, ParamError, range_bounds
from gwt_sim.parts import TUNE_FORMAT, TUNE_STATE, tune_state_problem
from gwt_sim.targets import (
    Crossing,
    Root,
    Target,
    TargetError,
    crossings,
    fit_line,
    metric_rows,
    parse_target,
    point_estimates,
    with_subject,
)

if TYPE_CHECKING:
    import polars as pl

STATE = TUNE_STATE
FORMAT = TUNE_FORMAT


class TuneError(UserError):
    """A tuning that cannot start or go on (bad options, a folder holding another tuning)."""


class TuneInterrupted(KeyboardInterrupt):
    def __init__(self, message: str):
        super().__init__(message)


@dataclass(frozen=True)
class TuneOptions:
    """points: values per round; tolerance: the width of the 95% interval to reach (None: 1 for an
    integer parameter, 1% of the range otherwise); max_games: budget of games over all rounds
    (None: no limit); max_rounds: at most this many rounds."""

    points: int = 5
    tolerance: float | None = None
    max_games: int | None = None
    max_rounds: int = 8

    def __post_init__(self) -> None:
        if isinstance(self.points, bool) or not isinstance(self.points, int) or not 2 <= self.points <= 50:
            raise TuneError(f"--points: expected 2 to 50 values per round, got {self.points!r}")
        t = self.tolerance
        if t is not None and (isinstance(t, bool) or not isinstance(t, int | float) or not 0 < t < math.inf):
            raise TuneError(f"--tolerance: expected a positive number, got {t!r}")
        if self.max_games is not None and (isinstance(self.max_games, bool) or not isinstance(self.max_games, int)
                                           or self.max_games < 1):
            raise TuneError(f"--max-games: expected a positive number of games, got {self.max_games!r}")
        if isinstance(self.max_rounds, bool) or not isinstance(self.max_rounds, int) or not 1 <= self.max_rounds <= 100:
            raise TuneError(f"--max-rounds: expected 1 to 100, got {self.max_rounds!r}")


# --------------------------------------------------------------------------- the search (no simulation)


@dataclass(frozen=True)
class Problem:
    """What the search needs to know: the range, the parameter's type and the target value."""

    lo: float
    hi: float
    integer: bool
    target: float
    grouped: bool = False           # a side difference (rows carry g)

    def tol(self, options: TuneOptions) -> float:
        if options.tolerance is not None:
            return float(options.tolerance)
        return 1.0 if self.integer else (self.hi - self.lo) / 100


def initial_design(p: Problem, points: int) -> list[Number]:
    if p.integer:
        lo, hi = int(p.lo), int(p.hi)
        if hi - lo + 1 <= points:
            return list(range(lo, hi + 1))
        return sorted({int(v) for v in np.rint(np.linspace(lo, hi, points))})
    return [float(f"{v:.10g}") for v in np.linspace(p.lo, p.hi, points)]


def _show(x: float) -> str:
    return f"{x:.4g}"


def analyse(rows: pl.DataFrame, p: Problem, options: TuneOptions, design: Sequence[Number] | None = None) -> dict[str, Any]:
    """The state of the search after the rows played so far (`design`: the values of the latest
    round): the estimates, the bracket and root (when there is one) and the decision — stop (with
    why) or the values of the next round.

    The line is fitted over the latest round's values when they are a later round's (they span the
    previous interval, chosen before their games were played) and the root lies among them; else
    (round 0, or a root outside them) between two adjacent values of the latest round whose estimates
    lie on either side of the target, or, when the latest round shows no crossing, at the crossing of
    all values played nearest to its values. Rows of earlier rounds inside the window join the fit;
    the games of one round share seeds, so the slope is a paired difference."""
    import polars as pl

    pts = point_estimates(rows, p.grouped)
    points = pts.to_dicts()
    out: dict[str, Any] = {"points": points, "target": p.target}
    if not points:
        return {**out, "decision": "continue", "next": None}
    xs = [q["x"] for q in points]
    brackets = crossings(pts, rows, p.target, p.grouped)
    out["crossings"] = len(brackets)
    if not brackets:
        first, last = points[0], points[-1]
        above = all(q["low"] > p.target for q in (first, last))
        below = all(q["high"] < p.target for q in (first, last))
        if above or below:
            side = "above" if above else "below"
            return {**out, "decision": "stop", "status": "no_value_in_range",
                    "why": f"no value in range meets the target: the metric stays {side} {p.target:.4g} at both ends "
                           f"({_show(first['x'])}: {first['estimate']:.4g}, 95% CI {first['low']:.4g} to "
                           f"{first['high']:.4g}; {_show(last['x'])}: {last['estimate']:.4g}, 95% CI "
                           f"{last['low']:.4g} to {last['high']:.4g}) and never crosses it in between"}
        return {**out, "decision": "continue", "next": xs,
                "why": "no crossing seen yet and the ends do not rule one out: the same values on new seeds"}
    window = None
    # a later round's values span the previous interval: a line over all of them (and over the
    # earlier rows between them) uses every nearby game, and the span was chosen before its games
    if design and len(set(design)) >= 3 and not (min(design) <= p.lo and max(design) >= p.hi):
        a, b = float(min(design)), float(max(design))
        line = fit_line(rows, p.grouped, a, b)
        if line is not None:
            root = line.root(p.target)
            if a <= root.estimate <= b:
                window = (a, b)
    if window is None:
        # round 0, or the root lies outside the latest values: the crossing between adjacent values of
        # the latest round (paired by its seeds), else the crossing of all values nearest to them
        if design:
            latest = pts.filter(pl.col("x").is_in([float(v) for v in design]))
            own = crossings(latest, rows, p.target, p.grouped)
            if own:
                brackets = own
            else:
                mid = (min(design) + max(design)) / 2
                brackets = [min(brackets, key=lambda c: abs((c.lo + c.hi) / 2 - mid))]
        by_x = {q["x"]: q for q in points}

        def evidence(c: Crossing) -> float:
            return min(abs(by_x[x]["estimate"] - p.target) / max(by_x[x]["se"], 1e-12) for x in (c.lo, c.hi))

        best = max(brackets, key=evidence)       # both ends' estimates far from the target in their own units
        window, root = (best.lo, best.hi), best.root
        line = fit_line(rows, p.grouped, best.lo, best.hi)
    out["bracket"] = list(window)
    out["root"] = {"estimate": root.estimate, "low": root.low, "high": root.high, "bounded": root.bounded}
    out["line"] = None if line is None else {"center": line.center, "level": line.level, "slope": line.slope,
                                             "cov": [list(r) for r in line.cov], "n": line.n,
                                             "clusters": line.clusters, "lo": line.lo, "hi": line.hi}
    lo_w, hi_w = window
    estimate = min(max(root.estimate, lo_w), hi_w) if math.isfinite(root.estimate) else (lo_w + hi_w) / 2
    out["estimate"] = estimate
    tol = p.tol(options)
    # a line is only trusted locally: over values no wider apart than a few times the interval it
    # gives (round 0's coarse values bracket the root too widely for a line through them to be more
    # than a guess)
    done = root.bounded and root.width <= tol and hi_w - lo_w <= max(3 * tol, 2 * root.width) * (1 + 1e-9)
    if p.integer:
        k0, k1 = math.floor(estimate), math.ceil(estimate)
        have = set(xs)
        done = done and all(float(k) in have for k in (k0, k1) if p.lo <= k <= p.hi)
        out["integer"] = _integer_evidence(points, estimate, p)
    if done:
        return {**out, "decision": "stop", "status": "found",
                "why": f"the 95% interval ({root.low:.4g} to {root.high:.4g}) is no wider than {tol:g}"}
    return {**out, "decision": "continue", "next": next_design(p, options, estimate, root, lo_w, hi_w),
            "why": ("the interval is unbounded (the slope is not yet significant)" if not root.bounded else
                    f"the 95% interval ({root.low:.4g} to {root.high:.4g}) is wider than {tol:g}")}


def next_design(p: Problem, options: TuneOptions, estimate: float, root: Root, lo: float, hi: float) -> list[Number]:
    """Values across the root's interval (within the bracket; the bracket itself when unbounded)."""
    a = max(lo, root.low) if root.bounded else lo
    b = min(hi, root.high) if root.bounded else hi
    if p.integer:
        k0, k1 = math.floor(estimate), math.ceil(estimate)
        wanted = {k0 - 1, k0, k1, k1 + 1}
        span = [int(v) for v in np.unique(np.round(np.linspace(math.floor(a), math.ceil(b), options.points)))]
        values = sorted(v for v in wanted | set(span) if p.lo <= v <= p.hi)
        if len(values) > max(options.points, 4):        # keep the integers around the root, thin the rest
            keep = sorted(v for v in values if v in wanted)
            rest = [v for v in values if v not in wanted]
            step = max(1, len(rest) // max(1, options.points - len(keep)))
            values = sorted(set(keep) | set(rest[::step]))
        return values
    half = max((b - a) / 2, p.tol(options) / 2)
    a, b = max(p.lo, estimate - half), min(p.hi, estimate + half)
    return [float(f"{v:.10g}") for v in np.linspace(a, b, options.points)]


def _integer_evidence(points: Sequence[Mapping[str, Any]], estimate: float, p: Problem) -> dict[str, Any]:
    """The best integer — the one nearest the root, where the fitted line (which pools every game
    near the root) comes closest to the target — and the evidence for it and its neighbours: each
    one's own estimate and 95% interval."""
    by_x = {q["x"]: q for q in points}
    best = min(max(math.floor(estimate + 0.5), int(p.lo)), int(p.hi))
    if float(best) not in by_x:
        return {"best": None, "candidates": []}
    rows = []
    for k in (best - 1, best, best + 1):
        q = by_x.get(float(k))
        if q is not None:
            rows.append({"value": k, "estimate": q["estimate"], "low": q["low"], "high": q["high"], "n": q["n"],
                         "meets": q["low"] <= p.target <= q["high"]})
    return {"best": best, "candidates": rows}


Evaluate = Callable[[int, Sequence[Number], int], Any]     # (round, values, seed) -> rows


def search(evaluate: Evaluate, p: Problem, options: TuneOptions, seeds_per_round: int, games_per_value: int,
           recorded: Sequence[Sequence[Number]] = (), on_round: Callable[[int, list[Number], dict], None] | None = None
           ) -> dict[str, Any]:
    """Run the search: `evaluate(r, values, ...)` plays (or reads back) round r and returns its rows.
    `recorded` are the values of rounds already decided (resuming); `on_round(r, values, analysis)`
    is called after each round. `games_per_value`: games each value costs per seed (rotations)."""
    import polars as pl

    rows = None
    design: list[Number] = list(recorded[0]) if recorded else initial_design(p, options.points)
    spent = 0
    analysis: dict[str, Any] = {}
    for r in range(options.max_rounds):
        if r < len(recorded):
            design = list(recorded[r])
        cost = seeds_per_round * len(design) * games_per_value
        if options.max_games is not None and spent + cost > options.max_games and r >= len(recorded):
            return _result(analysis, p, options, spent, r, "budget_exhausted",
                           f"the next round would pass --max-games {options.max_games:,} "
                           f"({spent:,} games spent, the round needs {cost:,})")
        new = evaluate(r, design, seeds_per_round)
        rows = new if rows is None else pl.concat([rows, new])
        spent += cost
        analysis = analyse(rows, p, options, design)
        analysis["games"] = spent
        if on_round is not None:
            on_round(r, design, analysis)
        if analysis["decision"] == "stop":
            return _result(analysis, p, options, spent, r + 1, analysis["status"], analysis["why"])
        design = analysis["next"]
    return _result(analysis, p, options, spent, options.max_rounds, "max_rounds",
                   f"stopped after --max-rounds {options.max_rounds}: {analysis.get('why', '')}")


def _result(analysis: Mapping[str, Any], p: Problem, options: TuneOptions, spent: int, rounds: int, status: str,
            why: str) -> dict[str, Any]:
    root = analysis.get("root")
    res = {"status": status, "why": why, "games": spent, "rounds": rounds, "target": p.target,
           "range": [int(p.lo), int(p.hi)] if p.integer else [p.lo, p.hi], "integer": p.integer, "tolerance": p.tol(options),
           "value": analysis.get("estimate"), "low": root["low"] if root else None,
           "high": root["high"] if root else None, "bounded": bool(root and root["bounded"]),
           "points": analysis.get("points", []), "bracket": analysis.get("bracket"),
           "line": analysis.get("line"), "crossings": analysis.get("crossings", 0)}
    if p.integer:
        res["best_integer"] = (analysis.get("integer") or {}).get("best")
        res["candidates"] = (analysis.get("integer") or {}).get("candidates", [])
    return res


# --------------------------------------------------------------------------- tuning a real experiment


@dataclass
class TuneResult:
    path: Path
    result: dict[str, Any]
    games_run: int             # games played by this call (the rest were on disk)
    lines: list[str] = field(default_factory=list)

    @property
    def games(self) -> int:
        return int(self.result["games"])


def round_seed(seed: int, r: int) -> int:
    """The root seed of round r: its own seeds, independent of the other rounds'."""
    from gwt_sim.engine.rng import derive_game_seed

    return int(derive_game_seed(seed, r))


def round_folder(root: Path, r: int) -> Path:
    return root / f"round-{r:03d}"


def _check_metric(target: Target, exp: Experiment) -> Target:
    arm = exp.arms[0]
    m = target.metric
    if m.kind == "seat_win_share" and m.arg > arm.players:
        raise TargetError(f"--target: {m.name()}: the experiment has {arm.players} seats")
    if m.kind == "win_share" and m.arg not in arm.strategies:
        raise TargetError(f"--target: {m.name()}: no seat plays {m.arg!r} (strategies: {', '.join(arm.strategies)})")
    if m.kind == "users_win_share" and not 1 <= m.arg <= 12:
        raise TargetError(f"--target: {m.name()}: building numbers are 1 to 12")
    if m.kind == "side_diff":
        if not 1 <= m.arg <= 12:
            raise TargetError(f"--target: {m.name()}: building numbers are 1 to 12")
        if arm.variant.sides != "random":
            raise TargetError(f"--target: {m.name()} compares games with building {m.arg} on side b and on side a: "
                              f"set sides = 'random' in the experiment's [variant] (it is {arm.variant.sides!r})")
    return target


def tune(experiment: str | Path | Mapping[str, Any], out: str | Path, *, param: str, target: str,
         bounds: str, overrides: Overrides | None = None, options: TuneOptions | None = None,
         run_options: Any = None) -> TuneResult:
    """Tune `param` over `bounds` ("LO..HI") until `target` ("METRIC = VALUE") is met; resumable."""
    from gwt_sim.plan import plan_experiment
    from gwt_sim.runner import RunInterrupted, RunOptions, simulate

    options = options or TuneOptions()
    run_options = run_options or RunOptions()
    overrides = overrides or Overrides()
    if overrides.sweep is not None:
        raise TuneError("tune sweeps its own parameter: give it with --param, not a sweep")
    tgt = parse_target(target)
    lo, hi = range_bounds(bounds, "--range")
    # the base experiment: one arm, without the file's [sweep]
    base = load_experiment(experiment, dataclasses.replace(overrides, sweep=()))
    names = base.arm_names
    if len(names) != 1:
        raise TuneError(f"tune needs an experiment with one arm; {base.source} has {len(names)} "
                        f"({', '.join(names[:6])}{', ...' if len(names) > 6 else ''}): "
                        f"choose one with --arm")
    if len(base.pools) > 1:
        raise TuneError(f"tune plays one set of strategies; {base.source} has {len(base.pools)} strategy pools "
                        f"({', '.join(p.name for p in base.pools)}): choose one with --pool (or --strategies)")
    seeds = base.games

    def round_overrides(r: int, values: Sequence[Number]) -> Overrides:
        return dataclasses.replace(overrides, seed=round_seed(base.seed, r), sweep=((param, list(values)),),
                                   games=seeds)

    # the parameter, its type and the range ends, checked (and compiled) before anything is written
    probe = load_experiment(experiment, round_overrides(0, [0]))
    assert probe.sweep is not None
    p0 = probe.sweep.params[0]
    if p0.integer and not (float(lo).is_integer() and float(hi).is_integer()):
        raise ParamError(f"--range: {param} holds a whole number: give whole range ends, got {bounds!r}")
    lo_v, hi_v = (int(lo), int(hi)) if p0.integer else (float(lo), float(hi))
    ends_plan = plan_experiment(experiment, round_overrides(0, [lo_v, hi_v]))
    tgt = Target(with_subject(tgt.metric, p0.subject, "--target"), tgt.value, tgt.text)
    _check_metric(tgt, base)
    players = base.arms[0].players
    problem = Problem(float(lo_v), float(hi_v), p0.integer, tgt.resolved(players), tgt.metric.grouped)
    games_per_value = base.arms[0].games_per_seed
    spec = {"experiment": base.name, "experiment_hash": base.hash, "source": base.source, "param": param,
            "param_record": p0.record(), "target": tgt.text, "metric": tgt.metric.name(),
            "target_value": problem.target, "range": [lo_v, hi_v], "seeds_per_round": seeds, "root_seed": base.seed,
            "players": players, "arm": base.arms[0].name, "overrides": overrides.given(),
            "options": dataclasses.asdict(options),
            # other code or content would play other games: such a folder is another tuning
            "engine_version": ends_plan.work.engine_version, "code_hash": ends_plan.work.code_hash,
            "content_hashes": sorted({c.content_hash for c in ends_plan.compiled})}
    spec_hash = hashlib.sha256(json.dumps(spec, sort_keys=True, default=str).encode()).hexdigest()[:16]

    root = Path(out)
    _check_tune_folder(root)
    games_run = 0
    with ds.locked(root):
        state = _read_state(root)
        if state is not None and state.get("spec_hash") != spec_hash:
            if not run_options.overwrite:
                raise TuneError(f"{root} holds another tuning ({state.get('spec', {}).get('param')} for "
                                f"{state.get('spec', {}).get('target')!r}, spec {state.get('spec_hash')}), not this one "
                                f"(spec {spec_hash}): use --overwrite to replace it, or another --out folder")
            _clear_tuning(root, state)
            state = None
        if state is None:
            state = {"format": FORMAT, "spec": spec, "spec_hash": spec_hash, "rounds": [], "result": None}
            _write_state(root, state)
        recorded = [r["values"] for r in state["rounds"]]

        def evaluate(r: int, values: Sequence[Number], _seeds: int) -> pl.DataFrame:
            nonlocal games_run
            entry = {"round": r, "values": list(values), "root_seed": round_seed(base.seed, r),
                     "folder": round_folder(root, r).name, "games": seeds * len(values) * games_per_value}
            if r >= len(state["rounds"]):
                state["rounds"].append(entry)
                _write_state(root, state)
            elif state["rounds"][r]["values"] != list(values):      # the design is a function of the data
                raise TuneError(f"{root}: round {r} was recorded with values {state['rounds'][r]['values']}, the "
                                f"data now call for {list(values)}: the round datasets changed; use --overwrite")
            try:
                res = simulate(experiment, round_folder(root, r), round_overrides(r, values),
                               dataclasses.replace(run_options, overwrite=False))
            except RunInterrupted as exc:
                raise TuneInterrupted(f"interrupted in round {r}: {exc.chunks_done} of {exc.chunks_total} chunks of "
                                      f"{round_folder(root, r)} are saved ({_rounds(r)} before it complete)") from None
            games_run += res.games_run
            return _round_rows(res.path, tgt, res.manifest, r)

        def on_round(r: int, values: list[Number], analysis: dict) -> None:
            state["rounds"][r]["analysis"] = _jsonable({k: v for k, v in analysis.items() if k != "points"})
            state["rounds"][r]["points"] = _jsonable(analysis.get("points", []))
            _write_state(root, state)

        result = search(evaluate, problem, options, seeds, games_per_value, recorded, on_round)
        result["metric"] = tgt.metric.name()
        result["metric_words"] = tgt.metric.words()
        result["target_text"] = tgt.shown(players)
        result["param"] = param
        state["result"] = _jsonable(result)
        _write_state(root, state)
    return TuneResult(root, state["result"], games_run, result_lines(state["result"]))


def _rounds(k: int) -> str:
    return f"{k} round{'s' if k != 1 else ''}"


def _round_rows(path: Path, target: Target, manifest: Mapping[str, Any], r: int) -> pl.DataFrame:
    import polars as pl

    arm_x = {a: float(v["values"][0]) for a, v in manifest["sweep"]["arms"].items()}
    players = pl.read_parquet(str(path / "players" / "*.parquet"))
    games = pl.read_parquet(str(path / "games" / "*.parquet"))
    return metric_rows(target.metric, players, games, arm_x, r)


def _check_tune_folder(root: Path) -> None:
    if not root.exists():
        return
    if not root.is_dir():
        raise TuneError(f"{root}: exists and is not a folder")
    if (root / STATE).exists():
        return
    for entry in root.iterdir():
        if entry.name != ds.LOCK:
            raise TuneError(f"{root}: not empty and not a gwt-sim tuning (no {STATE}); choose a new or empty --out folder")


def _read_state(root: Path) -> dict[str, Any] | None:
    path = root / STATE
    if not path.exists():
        return None
    try:
        state = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError) as exc:
        raise TuneError(f"{path}: unreadable ({exc}); use --overwrite to start again") from None
    if not isinstance(state, dict) or state.get("format") != FORMAT or not isinstance(state.get("spec"), dict):
        raise TuneError(f"{path}: not a {FORMAT} file; use --overwrite to start again")
    if problem := tune_state_problem(state):
        raise TuneError(f"{path}: damaged: {problem}; use --overwrite to start again")
    return state


def _write_state(root: Path, state: Mapping[str, Any]) -> None:
    ds.write_atomic(root / STATE, (json.dumps(_jsonable(state), indent=2) + "\n").encode())


def _clear_tuning(root: Path, state: Mapping[str, Any]) -> None:
    """Delete what a tuning wrote: its rounds' parts and manifests (nothing else), then tune.json."""
    for entry in state.get("rounds", []):
        folder = root / str(entry.get("folder", ""))
        if folder.parent != root or not folder.is_dir():
            continue
        manifest = ds.read_manifest(folder)
        if manifest is not None:
            ds.clear(folder, manifest)
        for sub in (*(folder / t for t in ds.TABLES), folder):
            with contextlib.suppress(OSError):
                (sub / ds.LOCK).unlink(missing_ok=True)
                sub.rmdir()
    (root / STATE).unlink(missing_ok=True)


def _jsonable(x: Any) -> Any:
    if isinstance(x, Mapping):
        return {str(k): _jsonable(v) for k, v in x.items()}
    if isinstance(x, list | tuple):
        return [_jsonable(v) for v in x]
    if isinstance(x, np.integer):
        return int(x)
    if isinstance(x, np.floating | float):
        v = float(x)
        return v if math.isfinite(v) else (None if math.isnan(v) else ("inf" if v > 0 else "-inf"))
    return x


def _num(v: Any) -> float:
    if v == "inf":
        return math.inf
    if v == "-inf":
        return -math.inf
    return math.nan if v is None else float(v)


def result_lines(res: Mapping[str, Any]) -> list[str]:
    """The result in a few lines (what `gwt-sim tune` prints)."""
    param, metric = res.get("param", "the parameter"), res.get("metric_words", res.get("metric", "the metric"))
    target = res.get("target_text", str(res.get("target")))
    lo, hi = res["range"]
    lines = []
    status = res["status"]
    if status == "no_value_in_range":
        lines.append(f"no value of {param} in {lo}..{hi} meets the target: {res['why'].split(': ', 1)[-1]}")
    elif res.get("value") is None:
        lines.append(f"{param}: no crossing of the target found yet ({res['why']})")
    else:
        low, high = _num(res["low"]), _num(res["high"])
        ci = f"95% CI {low:.4g} to {high:.4g}" if res.get("bounded") else "95% CI unbounded (slope not significant)"
        lines.append(f"{param} = {res['value']:.4g} ({ci}) makes {metric} = {target}")
        if res.get("integer") and res.get("best_integer") is not None:
            lines.append(f"best integer: {res['best_integer']}")
            for c in res.get("candidates", []):
                mark = "target inside its 95% CI" if c["meets"] else "target outside its 95% CI"
                lines.append(f"  {param} = {c['value']}: {c['estimate']:.4f} (95% CI {c['low']:.4f} to "
                             f"{c['high']:.4f}; {c['n']:,} observations; {mark})")
        if status != "found":
            lines.append(f"not converged: {res['why']}")
    lines.append(f"{res['games']:,} games in {res['rounds']} round{'s' if res['rounds'] != 1 else ''}")
    return lines


__all__ = ["TargetError", "TuneError", "TuneInterrupted", "TuneOptions", "TuneResult", "analyse", "search", "tune"]
