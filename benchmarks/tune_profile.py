"""Tune a heuristic profile's weights by self-play or against a fixed opponent (coordinate search).

    python benchmarks/tune_profile.py --players 4 --games 300 --minutes 20 --out tuned.toml [--start balanced]
    python benchmarks/tune_profile.py --players 2 --games 800 --opponent planner --jobs 2 --out tuned.toml

Each candidate (one weight scaled up or down) plays `--games` games in one seat, on fixed seeds
(common random numbers) with its seat rotated, against copies of the current best profile — or, with
`--opponent STRATEGY`, against that strategy in every other seat, the current best playing the same
games in the same seat for comparison. It replaces the best when its mean score margin over the
others beats the best's own margin by more than one standard error (and 0.4 VP). With `--require`
(e.g. `hand_limit_5>=0.35,least_built>=0.03`, with --opponent) a candidate must also keep those plan
indicators of its own player-games in the tuning games (a best that misses them is replaced by any
candidate that misses them by less). The games draw building sides and the neutral layout at random
(`--setup experienced`: station masters too). `--set key=value,...` changes the start profile's
weights before tuning. The result is written as a profile TOML file. A tool for designers and for maintaining the built-in archetypes;
not run by the tests.
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np
from common import (
    COUNT,
    JOB_COUNT,
    PLAYER_COUNT,
    Parser,
    check_strategy,
    check_writable,
    real,
    run_main,
    seed_chunks,
    usage_error,
    whole,
)
from joblib import Parallel, delayed

from gwt_sim.engine.game import RulesHandle
from gwt_sim.engine.play import play_game
from gwt_sim.files import toml_string
from gwt_sim.game import rules_for
from gwt_sim.variant import EXPERIENCED_SETUP, Variant
from strategies.heuristic import HeuristicPolicy
from strategies.profiles import PROFILE_FIELDS, Profile, ProfileError, load_profile, with_settings
from strategies.registry import StrategyError, make_policy, parse_strategy


def margin(handle: RulesHandle, cand: Profile, base: Profile, games: int, players: int, seed0: int,
           options: dict[str, bool]) -> tuple[float, float]:
    diffs = []
    for g in range(games):
        seat = g % players
        pols = [HeuristicPolicy(cand if i == seat else base, **options) for i in range(players)]
        _, pr = play_game(handle, pols, seed0 + g)
        scores = pr[:, 1].astype(float)
        diffs.append(scores[seat] - np.delete(scores, seat).mean())
    d = np.array(diffs)
    return float(d.mean()), float(d.std(ddof=1) / np.sqrt(len(d)))


SETUPS = {"sides": {"sides": "random", "neutral_layout": "random"}, "experienced": EXPERIENCED_SETUP}
BUILDING_NUMBERS = range(1, 13)

# --require indicators, from the tuned seat's records (hand_limit, built_1 .. built_12)
REQUIRABLE = {
    "hand_limit_5": "share of the tuned seat's games ending with hand limit >= 5",
    "least_built": "share of the tuned seat's games that built the least-built building number 1-12",
}


def _margins_vs(players: int, prof: Profile, opponent: str, seeds: range,
                setup: str, options: dict[str, bool]) -> tuple[list[float], list[list[int]]]:
    """`prof`'s score margin over the mean of `opponent` seats, game by game (seat rotated), and its
    seat's [hand_limit, built_1 .. built_12] in each game."""
    handle = rules_for(Variant(players=players, **SETUPS[setup]))
    cols = [handle.player_fields.index(c) for c in ["hand_limit", *(f"built_{n}" for n in BUILDING_NUMBERS)]]
    out, plan = [], []
    for g in seeds:
        seat = g % players
        pols = [HeuristicPolicy(prof, **options) if i == seat else make_policy(opponent) for i in range(players)]
        _, pr = play_game(handle, pols, g)
        scores = pr[:, 1].astype(float)
        out.append(scores[seat] - np.delete(scores, seat).mean())
        plan.append([int(pr[seat, c]) for c in cols])
    return out, plan


def margins_vs(players: int, prof: Profile, opponent: str, games: int, seed0: int,
               jobs: int, setup: str, options: dict[str, bool]) -> tuple[np.ndarray, dict[str, float]]:
    """Margins game by game, and the REQUIRABLE indicators of the tuned seat."""
    parts = Parallel(n_jobs=jobs)(delayed(_margins_vs)(players, prof, opponent, seeds, setup, options)
                                  for seeds in seed_chunks(seed0, games, jobs))
    plan = np.array([row for _, rows in parts for row in rows])
    indicators = {"hand_limit_5": float((plan[:, 0] >= 5).mean()),
                  "least_built": float((plan[:, 1:] > 0).mean(axis=0).min())}
    return np.array([m for part, _ in parts for m in part]), indicators


def parse_require(text: str) -> dict[str, float]:
    """`name>=value,...` -> {name: value} (names from REQUIRABLE)."""
    out = {}
    for item in filter(None, text.split(",")):
        name, sep, value = item.partition(">=")
        if not sep or name.strip() not in REQUIRABLE:
            usage_error(f"--require {item!r}: expected NAME>=VALUE with NAME one of {', '.join(REQUIRABLE)}")
        try:
            out[name.strip()] = float(value)
        except ValueError:
            usage_error(f"--require {item!r}: {value!r} is not a number")
    return out


def parse_heuristic_options(text: str) -> dict[str, Any]:
    """--heuristic-options: the heuristic's own options (not weights) for the tuned seat (and, in
    self-play, every seat), as a strategy string writes them (`backward_loop=false:plan_forced=false`),
    parsed and checked by the strategy registry and the heuristic itself; e.g. to train as the
    heuristic played before an option became its default."""
    if not text.strip():
        return {}
    try:
        _, options = parse_strategy(f"heuristic:{text}")
        if "profile" in options:
            raise StrategyError("the profile is --start, not an option")
        make_policy(f"heuristic:{text}")             # the heuristic's own checks of names and values
    except StrategyError as exc:
        usage_error(f"--heuristic-options {text!r}: {exc}")
    return options


def shortfall(indicators: dict[str, float], require: dict[str, float]) -> float:
    """How far the indicators fall below their required minimums (0: all met)."""
    return sum(max(0.0, lo - indicators[k]) for k, lo in require.items())


def write_profile(path: str, prof: Profile, note: str) -> None:
    lines = ["[profile]", f"name = {toml_string(prof.name)}", f"description = {toml_string(prof.description)}", "",
             f"# {' '.join(note.split())}",
             "[weights]"]
    for k in PROFILE_FIELDS:
        lines.append(f"{k} = {prof.weight(k):.4g}")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def main() -> None:
    ap = Parser()
    ap.add_argument("--players", type=PLAYER_COUNT, default=4)
    ap.add_argument("--games", type=COUNT, default=300)
    ap.add_argument("--minutes", type=real(0), default=20)
    ap.add_argument("--start", default="balanced")
    ap.add_argument("--out", default="tuned.toml")
    ap.add_argument("--fixed", default="", help="comma-separated weights not to tune")
    ap.add_argument("--opponent", default="", help="tune against this strategy (e.g. planner) instead of self-play")
    ap.add_argument("--jobs", type=JOB_COUNT, default=1, help="worker processes (with --opponent)")
    ap.add_argument("--sweeps", type=whole(0), default=0,
                    help="stop after this many sweeps over the weights (0: only --minutes); with it the result "
                         "does not depend on the machine's speed")
    ap.add_argument("--name", default="", help="the tuned profile's name (default: the start profile's)")
    ap.add_argument("--description", default="", help="the tuned profile's description (default: the start's)")
    ap.add_argument("--require", default="",
                    help="with --opponent: plan indicators a candidate must keep, e.g. hand_limit_5>=0.35,least_built>=0.03 "
                         f"({'; '.join(f'{k}: {v}' for k, v in REQUIRABLE.items())})")
    ap.add_argument("--setup", choices=sorted(SETUPS), default="sides",
                    help="what the games draw at random: sides (building sides, neutral layout) or experienced "
                         "(also station masters)")
    ap.add_argument("--set", default="", help="start weights to change first, e.g. space_early=3,disc_hand=10")
    ap.add_argument("--heuristic-options", default="",
                    help="the tuned heuristic's options, e.g. backward_loop=false:plan_forced=false (default: "
                         "the heuristic's defaults)")
    args = ap.parse_args()
    require = parse_require(args.require)
    options = parse_heuristic_options(args.heuristic_options)
    if require and not args.opponent:
        usage_error("--require needs --opponent")
    check_writable(args.out, "--out")
    if args.opponent:
        check_strategy(args.opponent)
    handle = rules_for(Variant(players=args.players, **SETUPS[args.setup]))
    best = load_profile(args.start)
    try:
        best = with_settings(best, args.set)
    except ProfileError as exc:
        usage_error(str(exc))
    best = Profile(args.name or best.name, args.description or best.description, dict(best.weights))
    fixed = set(filter(None, args.fixed.split(",")))
    deadline = time.time() + args.minutes * 60
    rng = np.random.default_rng(0)
    seed0 = 10_000
    sweep = 0
    base_margins = None              # the best profile's margins on this seed block (--opponent)
    base_short = 0.0                 # how far the best misses --require on this seed block
    while time.time() < deadline and not (args.sweeps and sweep >= args.sweeps):
        sweep += 1
        keys = [k for k in PROFILE_FIELDS if k not in fixed]
        rng.shuffle(keys)
        improved = 0
        for key in keys:
            if time.time() >= deadline:
                break
            _, lo, hi, _ = PROFILE_FIELDS[key]
            cur = best.weight(key)
            step = 1.35
            for new in (cur * step if cur != 0 else 0.3, cur / step if cur != 0 else -0.3):
                new = min(hi, max(lo, new))
                if abs(new - cur) < 1e-9:
                    continue
                cand = Profile(best.name, best.description, {**best.weights, key: new})
                note = ""
                if args.opponent:
                    if base_margins is None:
                        base_margins, base_ind = margins_vs(args.players, best, args.opponent, args.games, seed0,
                                                            args.jobs, args.setup, options)
                        base_short = shortfall(base_ind, require)
                    cand_margins, ind = margins_vs(args.players, cand, args.opponent, args.games, seed0, args.jobs,
                                                   args.setup, options)
                    d = cand_margins - base_margins
                    m, se = float(d.mean()), float(d.std(ddof=1) / np.sqrt(len(d)))
                    short = shortfall(ind, require)
                    if require:
                        note = " (" + ", ".join(f"{k} {ind[k]:.3f}" for k in require) + ")"
                    if base_short > 0:          # the best misses a requirement: any candidate missing less wins
                        better = short < base_short - 1e-9
                    else:
                        better = short == 0 and m > max(se, 0.4)
                else:
                    m, se = margin(handle, cand, best, args.games, args.players, seed0, options)
                    better = m > max(se, 0.4)
                if better:
                    print(f"sweep {sweep}: {key} {cur:.3g} -> {new:.3g}: margin {m:+.2f} ± {se:.2f}{note}", flush=True)
                    best = cand
                    base_margins = None
                    improved += 1
                    write_profile(args.out, best, f"tuned by benchmarks/tune_profile.py, sweep {sweep}")
                    break
            seed0 += args.games
            base_margins = None
        print(f"sweep {sweep} done, {improved} changes", flush=True)
    started = f" after --set {args.set}" if args.set else ""
    write_profile(args.out, best, f"tuned by benchmarks/tune_profile.py, {sweep} sweeps{started}")


if __name__ == "__main__":
    run_main(main)
