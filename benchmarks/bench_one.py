"""One row of benchmarks/bench_engine.py for any strategy string: self-play games/s on one core and
µs per decision, on bench_engine's seeds and setup (random building sides).

    python benchmarks/bench_one.py STRATEGY PLAYERS GAMES

Used to compare two versions of a strategy on the same machine (run them side by side, one process
each), e.g. the expert against `expert:profile=fast:finish=none` (benchmarks/results/expert_speed.md).
"""

from __future__ import annotations

from bench_engine import bench
from common import COUNT, PLAYER_COUNT, Parser, check_strategy, run_main

from strategies.registry import make_policy


def main() -> None:
    ap = Parser(description=__doc__.splitlines()[0])
    ap.add_argument("strategy")
    ap.add_argument("players", type=PLAYER_COUNT)
    ap.add_argument("games", type=COUNT)
    args = ap.parse_args()
    check_strategy(args.strategy)
    row = bench(args.players, args.games, lambda: make_policy(args.strategy))
    print(f"{args.strategy} {args.players}p: {row['games_per_s']:.2f} games/s per core, "
          f"{row['us_per_decision']:.1f} µs per decision, {row['decisions_per_game']:.0f} decisions per game")


if __name__ == "__main__":
    run_main(main)
