"""Engine throughput: games/s per core, µs per decision and decisions per game, 2/3/4 players,
for the compiled random policy, the compiled heuristic (balanced profile), `fast`, the look-ahead planner,
the expert and a plain-Python policy, and the cost of one no-op accumulator.

    python benchmarks/bench_engine.py [--games N] [--json PATH]

Runs single-threaded (one core) through the compiled game loop `gwt_sim.engine.play.play_game`
with the compiled random policy, the compiled heuristic archetype (self-play, balanced profile), the
look-ahead planner (self-play; its µs per decision include every tried action's finished turn), the
expert (self-play; its µs per decision include every walk's play-outs), a
plain-Python random policy (one Python call per decision) for comparison, and the compiled random
policy with one no-op accumulator (a `step` method doing nothing: one Python call per decision; an
`after` method only: one call per game).
Prints a table and writes the same numbers as JSON (default benchmarks/results/engine.json).
"""

from __future__ import annotations

import json
import os
import platform
import random
import time
from collections.abc import Callable
from pathlib import Path

from common import COUNT, Parser, check_writable, run_main

from gwt_sim import __version__
from gwt_sim.engine.game import GameState, RulesHandle
from gwt_sim.engine.play import play_game
from gwt_sim.engine.policy import Policy, RandomPolicy
from gwt_sim.tables import compile_tables
from gwt_sim.variant import Variant
from strategies.expert import ExpertPolicy
from strategies.fast import FastPolicy
from strategies.heuristic import HeuristicPolicy
from strategies.planner import PlannerPolicy


class PythonRandom(Policy):
    """A plain-Python policy (one Python call per decision), as a user plugin would be."""

    name = "python-random"

    def __init__(self) -> None:
        self.rnd = random.Random(0)

    def choose(self, state: GameState, legal: list[int]) -> int:
        return legal[self.rnd.randrange(len(legal))]


class NoOpStep:
    """An accumulator whose step method does nothing (one Python call per decision)."""

    def step(self, state: GameState, action: int) -> None:
        pass


class NoOpAfter:
    """An accumulator with an after method only (one Python call per game)."""

    def after(self, state: GameState) -> dict:
        return {}


def bench(players: int, games: int, policy_factory: Callable[[], Policy], accumulator: type | None = None) -> dict:
    handle = RulesHandle(compile_tables(variant=Variant(players=players, sides="random")))
    policies = [policy_factory() for _ in range(players)]
    accumulators = None if accumulator is None else [accumulator()]
    name = str(policies[0].name) + ("" if accumulator is None else f" + {accumulator.__name__} accumulator")
    play_game(handle, policies, 10**6)          # warm-up
    decisions = 0
    t0 = time.perf_counter()
    for seed in range(games):
        game = play_game(handle, policies, seed, accumulators=accumulators)[0]
        decisions += int(game[2])
    dt = time.perf_counter() - t0
    return {"players": players, "policy": name, "games": games,
            "games_per_s": games / dt, "us_per_decision": dt / decisions * 1e6,
            "decisions_per_game": decisions / games, "seconds": dt}


def main() -> None:
    ap = Parser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=COUNT, default=3000)
    ap.add_argument("--json", default=str(Path(__file__).parent / "results" / "engine.json"))
    args = ap.parse_args()
    rows = []
    for players in (2, 3, 4):
        rows.append(bench(players, args.games, RandomPolicy))
        rows.append(bench(players, max(args.games // 3, 50), lambda: HeuristicPolicy("balanced")))
        rows.append(bench(players, max(args.games // 3, 50), FastPolicy))
        rows.append(bench(players, max(args.games // 30, 20), PlannerPolicy))
        rows.append(bench(players, max(args.games // 100, 20), ExpertPolicy))
        rows.append(bench(players, max(args.games // 5, 50), PythonRandom))
        rows.append(bench(players, args.games, RandomPolicy, NoOpAfter))
        rows.append(bench(players, max(args.games // 3, 50), RandomPolicy, NoOpStep))
    head = f"{'players':>7}  {'policy':<48} {'games/s/core':>12} {'µs/decision':>12} {'decisions/game':>15}"
    print(f"gwt-sim {__version__} engine benchmark — {platform.processor() or platform.machine()}, "
          f"{os.cpu_count()} cores, one core used")
    print(head)
    for r in rows:
        print(f"{r['players']:>7}  {r['policy']:<48} {r['games_per_s']:>12.0f} {r['us_per_decision']:>12.3f} "
              f"{r['decisions_per_game']:>15.1f}")
    out = Path(args.json)
    check_writable(out, "--json")
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"version": __version__, "cores": os.cpu_count(),
                               "machine": platform.machine(), "python": platform.python_version(),
                               "results": rows}, indent=2) + "\n")
    print(f"wrote {out}")


if __name__ == "__main__":
    run_main(main)
