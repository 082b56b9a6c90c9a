"""Tune a heuristic profile's weights by self-play (coordinate search).

    python benchmarks/tune_profile.py --players 4 --games 300 --minutes 20 --out tuned.toml [--start balanced]

Each candidate (one weight scaled up or down) plays `--games` games in one seat against copies of the
current best profile, on fixed seeds (common random numbers) with the candidate's seat rotated; it
replaces the best when its mean score margin over the others beats the best's own margin by more than
one standard error. The result is written as a profile TOML file. A tool for designers and for
maintaining the built-in archetypes; not run by the tests.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from gwt_sim.engine.play import play_game
from gwt_sim.game import rules_for
from gwt_sim.variant import Variant
from strategies.heuristic import HeuristicPolicy
from strategies.profiles import PROFILE_FIELDS, Profile, load_profile


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
    args = ap.parse_args()
    handle = rules_for(Variant(players=args.players, sides="random"))
    best = load_profile(args.start)
    fixed = set(filter(None, args.fixed.split(",")))
    deadline = time.time() + args.minutes * 60
    rng = np.random.default_rng(0)
    seed0 = 10_000
    sweep = 0
    while time.time() < deadline:
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
                m, se = margin(handle, cand, best, args.games, args.players, seed0)
                if m > max(se, 0.4):
                    print(f"sweep {sweep}: {key} {cur:.3g} -> {new:.3g}: margin {m:+.2f} ± {se:.2f}", flush=True)
                    best = cand
                    improved += 1
                    write_profile(args.out, best, f"tuned by benchmarks/tune_profile.py, sweep {sweep}")
                    break
            seed0 += args.games
        print(f"sweep {sweep} done, {improved} changes", flush=True)
    write_profile(args.out, best, f"tuned by benchmarks/tune_profile.py, {sweep} sweeps")


if __name__ == "__main__":
    main()
