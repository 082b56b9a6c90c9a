"""The heuristic archetypes' (and `fast`'s) 4-player speed on this machine, and scaled to the speed
table's machine, against issue 12's aim of 2,500 four-player games per second per core.

    python benchmarks/archetype_speed.py [--rounds 5] [--games 1500] [--out benchmarks/results/archetype_speed]
    python benchmarks/archetype_speed.py --strategy heuristic:profile=my.toml --rounds 5 --out /tmp/mine

Machines differ (the project machine's speed varies from day to day by up to 2x), so each round
first plays the compiled random policy (10 x `--games` games), then every strategy (`--games`
games each; bench_engine.py's `bench`: self-play, one core, random building sides, seeds 0..N-1),
and scales each strategy's games/s by the speed table's random 4-player row
(`benchmarks/results/engine.json`) over the random policy's games/s in the same round. The
random policy's ratio is the machine's ratio for the engine; for a bot that thinks it is an
estimate (caches and branch prediction differ), which is why the raw numbers are kept beside it.
Medians over the rounds, with their range. Writes a Markdown table and the rows as JSON. `--strategy`
(repeatable) measures other strategies instead of the five archetypes and `fast`.
"""

from __future__ import annotations

import json
import os
import platform
import statistics
from pathlib import Path

from bench_engine import bench
from common import COUNT, Parser, check_strategy, check_writable, run_main

from gwt_sim import __version__
from gwt_sim.engine.policy import RandomPolicy
from strategies.registry import make_policy

RESULTS = Path(__file__).parent / "results"
PLAYERS = 4
AIM = 2500              # issue 12 part 3: archetypes >= 2,500 four-player games/s per core
STRATEGIES = ("heuristic:profile=balanced", "heuristic:profile=cattle", "heuristic:profile=builder",
              "heuristic:profile=engineer", "heuristic:profile=objectives", "fast")


def reference_random_speed(path: Path = RESULTS / "engine.json") -> float:
    """The speed table's compiled random policy, 4 players, games/s per core."""
    rows = json.loads(path.read_text())["results"]
    return next(r["games_per_s"] for r in rows if r["players"] == PLAYERS and r["policy"] == "random")


def measure(rounds: int, games: int, strategies: tuple[str, ...] = STRATEGIES) -> dict:
    reference = reference_random_speed()
    runs: dict[str, list[dict]] = {s: [] for s in strategies}
    randoms = []
    for _ in range(rounds):
        rnd = bench(PLAYERS, 10 * games, RandomPolicy)
        randoms.append(rnd["games_per_s"])
        for s in strategies:
            row = bench(PLAYERS, games, lambda s=s: make_policy(s))
            row["scaled"] = row["games_per_s"] * reference / rnd["games_per_s"]
            runs[s].append(row)
    rows = []
    for s, rs in runs.items():
        scaled = [r["scaled"] for r in rs]
        rows.append({"strategy": s, "decisions_per_game": statistics.median(r["decisions_per_game"] for r in rs),
                     "games_per_s": statistics.median(r["games_per_s"] for r in rs),
                     "us_per_decision": statistics.median(r["us_per_decision"] for r in rs),
                     "scaled": statistics.median(scaled), "scaled_range": [min(scaled), max(scaled)],
                     "needs": AIM / statistics.median(scaled)})
    return {"version": __version__, "cores": os.cpu_count(), "machine": platform.machine(),
            "players": PLAYERS, "rounds": rounds, "games": games, "aim": AIM,
            "reference_random": reference, "random": randoms, "rows": rows}


def markdown(report: dict) -> str:
    rnd, reference = report["random"], report["reference_random"]
    head = ["strategy", "decisions per game", "games/s here", "µs per decision here", "games/s scaled (range)",
            "needs"]
    lines = [f"# Archetype speed, {report['players']} players (benchmarks/archetype_speed.py)", "",
             f"{report['rounds']} rounds of {report['games']:,} games per strategy; the random policy played "
             f"{min(rnd):,.0f}-{max(rnd):,.0f} games/s here against the speed table's {reference:,.0f} "
             f"(machine ratio {statistics.median(rnd) / reference:.2f}); medians. Issue 12's aim: "
             f"{report['aim']:,} four-player games/s per core.", "",
             "| " + " | ".join(head) + " |", "|---|" + "---:|" * (len(head) - 1)]
    for r in report["rows"]:
        lo, hi = r["scaled_range"]
        need = f"x{r['needs']:.2f}" if r["needs"] > 1 else "met"
        lines.append(f"| {r['strategy']} | {r['decisions_per_game']:,.0f} | {r['games_per_s']:,.0f} | "
                     f"{r['us_per_decision']:.2f} | {r['scaled']:,.0f} ({lo:,.0f}-{hi:,.0f}) | {need} |")
    return "\n".join(lines) + "\n"


def main() -> None:
    ap = Parser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=COUNT, default=5)
    ap.add_argument("--games", type=COUNT, default=1500)
    ap.add_argument("--out", default=str(RESULTS / "archetype_speed"))
    ap.add_argument("--strategy", action="append", help="a strategy to measure (repeatable; default: "
                    "the archetypes and fast)")
    args = ap.parse_args()
    for s in args.strategy or ():
        check_strategy(s)
    report = measure(args.rounds, args.games, tuple(args.strategy or STRATEGIES))
    md = markdown(report)
    out = Path(args.out)
    check_writable(out, "--out", folder=True)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.with_suffix(".md").write_text(md)
    out.with_suffix(".json").write_text(json.dumps(report, indent=1) + "\n")
    print(md, end="")


if __name__ == "__main__":
    run_main(main)
