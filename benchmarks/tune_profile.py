"""Tune a heuristic profile's weights by self-play or against a fixed opponent (coordinate search).

    python benchmarks/tune_profile.py --players 4 --games 300 --minutes 20 --out tuned.toml [--start balanced]
    python benchmarks/tune_profile.py --players 2 --games 800 --opponent planner --jobs 2 --out tuned.toml

Each candidate (one weight scaled up or down) plays `--games` games in one seat, on fixed seeds
(common random numbers) with its seat rotated, against copies of the current best profile — or, with
`--opponent STRATEGY`, against that strategy in every other seat, the current best playing the same
games in the same seat for comparison. It replaces the best when its mean score margin over the
others beats the best's own margin by more than one standard error (and 0.4 VP). The result is
written as a profile TOML file. A tool for designers and for maintaining the built-in archetypes;
not run by the tests.
"""

from __future__ import annotations

import argparse
import time

import numpy as np
from joblib import Parallel, delayed

from gwt_sim.engine.play import play_game
from gwt_sim.game import rules_for
from gwt_sim.variant import Variant
from strategies.heuristic import HeuristicPolicy
from strategies.profiles import PROFILE_FIELDS, Profile, load_profile
from strategies.registry import make_policy


def margin(handle, cand: Profile, base: Profile, games: int, players: int, seed0: int) -> tuple[float, float]:
    diffs = []
    for g in range(games):
        seat = g % players
        pols = [HeuristicPolicy(cand if i == seat else base) for i in range(players)]
        _, pr = play_game(handle, pols, seed0 + g)
        scores = pr[:, 1].astype(float)
        diffs.append(scores[seat] - np.delete(scores, seat).mean())
    d = np.array(diffs)
    return float(d.mean()), float(d.std(ddof=1) / np.sqrt(len(d)))


def _margins_vs(players: int, prof: Profile, opponent: str, seeds: range) -> list[float]:
    """`prof`'s score margin over the mean of `opponent` seats, game by game (seat rotated)."""
    handle = rules_for(Variant(players=players, sides="random", neutral_layout="random"))
    out = []
    for g in seeds:
        seat = g % players
        pols = [HeuristicPolicy(prof) if i == seat else make_policy(opponent) for i in range(players)]
        _, pr = play_game(handle, pols, g)
        scores = pr[:, 1].astype(float)
        out.append(scores[seat] - np.delete(scores, seat).mean())
    return out


def margins_vs(players: int, prof: Profile, opponent: str, games: int, seed0: int, jobs: int) -> np.ndarray:
    chunks = [c for c in np.array_split(np.arange(seed0, seed0 + games), jobs * 4) if len(c)]
    parts = Parallel(n_jobs=jobs)(delayed(_margins_vs)(players, prof, opponent, range(int(c[0]), int(c[-1]) + 1))
                                  for c in chunks)
    return np.array([m for part in parts for m in part])


def write_profile(path: str, prof: Profile, note: str) -> None:
    lines = ["[profile]", f'name = "{prof.name}"', f'description = "{prof.description}"', "", f"# {note}",
             "[weights]"]
    for k in PROFILE_FIELDS:
        lines.append(f"{k} = {prof.weight(k):.4g}")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--minutes", type=float, default=20)
    ap.add_argument("--start", default="balanced")
    ap.add_argument("--out", default="tuned.toml")
    ap.add_argument("--fixed", default="", help="comma-separated weights not to tune")
    ap.add_argument("--opponent", default="", help="tune against this strategy (e.g. planner) instead of self-play")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes (with --opponent)")
    ap.add_argument("--sweeps", type=int, default=0,
                    help="stop after this many sweeps over the weights (0: only --minutes); with it the result "
                         "does not depend on the machine's speed")
    ap.add_argument("--name", default="", help="the tuned profile's name (default: the start profile's)")
    ap.add_argument("--description", default="", help="the tuned profile's description (default: the start's)")
    args = ap.parse_args()
    handle = rules_for(Variant(players=args.players, sides="random"))
    best = load_profile(args.start)
    if args.name or args.description:
        best = Profile(args.name or best.name, args.description or best.description, dict(best.weights))
    fixed = set(filter(None, args.fixed.split(",")))
    deadline = time.time() + args.minutes * 60
    rng = np.random.default_rng(0)
    seed0 = 10_000
    sweep = 0
    base_margins = None              # the best profile's margins on this seed block (--opponent)
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
                if args.opponent:
                    if base_margins is None:
                        base_margins = margins_vs(args.players, best, args.opponent, args.games, seed0, args.jobs)
                    d = margins_vs(args.players, cand, args.opponent, args.games, seed0, args.jobs) - base_margins
                    m, se = float(d.mean()), float(d.std(ddof=1) / np.sqrt(len(d)))
                else:
                    m, se = margin(handle, cand, best, args.games, args.players, seed0)
                if m > max(se, 0.4):
                    print(f"sweep {sweep}: {key} {cur:.3g} -> {new:.3g}: margin {m:+.2f} ± {se:.2f}", flush=True)
                    best = cand
                    base_margins = None
                    improved += 1
                    write_profile(args.out, best, f"tuned by benchmarks/tune_profile.py, sweep {sweep}")
                    break
            seed0 += args.games
            base_margins = None
        print(f"sweep {sweep} done, {improved} changes", flush=True)
    write_profile(args.out, best, f"tuned by benchmarks/tune_profile.py, {sweep} sweeps")


if __name__ == "__main__":
    main()
