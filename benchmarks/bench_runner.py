"""Runner throughput: games/s with 1 and 2 workers, overhead against a bare `play_game` loop, and
dataset bytes per game.

    python benchmarks/bench_runner.py [--games N] [--players P] [--json PATH]

* loop: `play_game` over the same seeds with the same (compiled random) policies and variant, nothing
  kept — the floor the runner is measured against.
* runner, 1 job: `gwt_sim.runner.simulate(jobs=1)` into a fresh folder: seat assignment, records to
  Arrow, Parquet encoding, atomic writes, manifest (tables compiled beforehand, as a warm worker has).
* runner, 2 jobs: the same with two loky worker processes (warmed up by a first small run).
Each figure is the best of `--repeat` runs. Results are printed and written as JSON (default
benchmarks/results/runner.json).
"""

from __future__ import annotations

import json
import os
import platform
import shutil
import tempfile
import time
from pathlib import Path

from common import COUNT, PLAYER_COUNT, Parser, check_writable, run_main

from gwt_sim import __version__
from gwt_sim.engine.game import RulesHandle
from gwt_sim.engine.play import play_game
from gwt_sim.engine.rng import derive_game_seed
from gwt_sim.experiment import load_experiment
from gwt_sim.plan import compile_arms
from gwt_sim.runner import simulate
from strategies.registry import make_policy


def spec(games: int, players: int, chunk: int) -> dict:
    return {"name": "bench", "games": games, "seed": 1, "players": players, "chunk_size": chunk,
            "strategies": ["random"], "seating": "random",
            "variant": {"sides": "random", "neutral_layout": "random"}}


def bare_loop(games: int, players: int) -> float:
    exp = load_experiment(spec(games, players, 1000))
    handle = RulesHandle(compile_arms(exp)[0].tables)
    policies = [make_policy("random") for _ in range(players)]
    t0 = time.perf_counter()
    for i in range(games):
        play_game(handle, policies, derive_game_seed(1, i))
    return time.perf_counter() - t0


def runner(games: int, players: int, chunk: int, jobs: int, tmp: Path) -> tuple[float, int]:
    out = tmp / f"run-{jobs}"
    shutil.rmtree(out, ignore_errors=True)
    res = simulate(spec(games, players, chunk), out, jobs=jobs, progress=False)
    size = sum(p.stat().st_size for p in out.rglob("*.parquet"))
    return res.seconds, size


def main() -> None:
    ap = Parser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=COUNT, default=40000)
    ap.add_argument("--players", type=PLAYER_COUNT, nargs="+", default=[2, 4])
    ap.add_argument("--chunk-size", type=COUNT, default=2000)
    ap.add_argument("--repeat", type=COUNT, default=3)
    ap.add_argument("--json", default=str(Path(__file__).parent / "results" / "runner.json"))
    args = ap.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        for players in args.players:
            n = args.games
            runner(2000, players, args.chunk_size, 1, tmp)            # warm-up: imports, compile cache
            runner(8000, players, args.chunk_size, 2, tmp)            # warm-up: loky workers
            loop = min(bare_loop(n, players) for _ in range(args.repeat))
            one = min(runner(n, players, args.chunk_size, 1, tmp) for _ in range(args.repeat))
            two = min(runner(n, players, args.chunk_size, 2, tmp) for _ in range(args.repeat))
            rows.append({"players": players, "games": n, "chunk_size": args.chunk_size,
                         "loop_games_per_s": n / loop, "runner_1_job_games_per_s": n / one[0],
                         "runner_2_jobs_games_per_s": n / two[0], "overhead_1_job_pct": (one[0] / loop - 1) * 100,
                         "bytes_per_game": one[1] / n, "speedup_2_jobs": one[0] / two[0]})
    print(f"gwt-sim {__version__}, {os.cpu_count()} cores, {platform.processor() or platform.machine()}, "
          f"random policy (compiled), best of {args.repeat}")
    print("| players | games | loop games/s | runner 1 job | runner 2 jobs | overhead (1 job) | bytes/game |")
    print("|---:|---:|---:|---:|---:|---:|---:|")
    for r in rows:
        print(f"| {r['players']} | {r['games']:,} | {r['loop_games_per_s']:,.0f} | {r['runner_1_job_games_per_s']:,.0f} "
              f"| {r['runner_2_jobs_games_per_s']:,.0f} | {r['overhead_1_job_pct']:.1f}% | {r['bytes_per_game']:.0f} |")
    path = Path(args.json)
    check_writable(path, "--json")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"version": __version__, "cores": os.cpu_count(), "machine": platform.machine(),
                                "python": platform.python_version(), "rows": rows}, indent=2) + "\n")
    print(f"wrote {path}")


if __name__ == "__main__":
    run_main(main)
