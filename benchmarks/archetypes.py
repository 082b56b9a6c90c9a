"""Do the heuristic archetypes play their plans? Fixed-seed runs through the whole runner:

- 4-player self-play of each archetype (experienced setup: random sides, neutral layout and station
  masters): the plan indicators of reports/plan_indicators.py against the archetype's targets;
- each archetype against `random` at 2 players (both seat orders);
- a 4-player pool of all archetypes (each seat drawn at random): win share per archetype, so
  `balanced` can be seen to be the strongest.

    python benchmarks/archetypes.py [--games 1000] [--jobs 2] [--out benchmarks/results/archetypes]

Writes <out>.md and <out>.json.
"""

from __future__ import annotations

import json
import tempfile
import time
from pathlib import Path
from typing import Any

from common import COUNT, JOB_COUNT, Parser, check_writable, run_main

from gwt_sim.variant import EXPERIENCED_SETUP
from reports.plan_indicators import (
    ARCHETYPE_TARGETS,
    INDICATORS,
    WINNERS_VP_TARGET,
    plan_indicators,
    target_misses,
)

ARCHETYPES = list(ARCHETYPE_TARGETS)
SEED = 20261126


def run(name: str, games: int, players: int, strategies: list[str], seating: str, jobs: int,
        root: Path) -> tuple[Any, float]:
    """Simulate one experiment; its players table and the games per second of the run."""
    import polars as pl

    from gwt_sim.runner import RunOptions, simulate

    exp = {"name": name, "description": name, "games": games, "seed": SEED, "players": players,
           "strategies": strategies, "seating": seating, "variant": dict(EXPERIENCED_SETUP), "chunk_size": 250}
    t0 = time.perf_counter()
    res = simulate(exp, root / name, options=RunOptions(jobs=jobs, progress=False))
    seconds = time.perf_counter() - t0
    players_table = pl.read_parquet(root / name / "players")
    return players_table, res.total_games / seconds if seconds > 0 else 0.0


def main() -> None:
    ap = Parser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=COUNT, default=1000)
    ap.add_argument("--jobs", type=JOB_COUNT, default=2)
    ap.add_argument("--out", default="benchmarks/results/archetypes")
    a = ap.parse_args()
    for suffix in (".md", ".json"):
        check_writable(Path(a.out).with_suffix(suffix), "--out")
    import polars as pl

    out: dict[str, Any] = {"games": a.games, "jobs": a.jobs, "seed": SEED, "self_play": {}, "vs_random": {}}
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for arch in ARCHETYPES:
            strat = f"heuristic:profile={arch}"
            table, rate = run(f"self_{arch}", a.games, 4, [strat], "fixed", a.jobs, root)
            values = plan_indicators(table)[strat]
            out["self_play"][arch] = {"indicators": values, "games_per_s": rate,
                                      "misses": target_misses(arch, values)}
            table, _ = run(f"random_{arch}", a.games, 2, [strat, "random"], "rotations", a.jobs, root)
            mine = table.filter(table["strategy"] == strat)
            out["vs_random"][arch] = {"games": mine.height, "win_rate": float(mine["win_share"].mean())}
            print(arch, out["self_play"][arch]["misses"] or "all targets met", flush=True)
        pool = [f"heuristic:profile={arch}" for arch in ARCHETYPES]
        table, _ = run("pool", 2 * a.games, 4, pool, "draw", a.jobs, root)
        shares = table.group_by("strategy").agg(n=pl.len(), win_share=pl.col("win_share").mean())
        out["pool"] = {r["strategy"].split("=")[-1]: {"n": r["n"], "win_share": r["win_share"]}
                       for r in shares.iter_rows(named=True)}
    Path(a.out).parent.mkdir(parents=True, exist_ok=True)
    Path(a.out + ".json").write_text(json.dumps(out, indent=1) + "\n")
    Path(a.out + ".md").write_text(markdown(out) + "\n")
    print(markdown(out))


def markdown(out: dict[str, Any]) -> str:
    shown = [k for k in INDICATORS if k not in ("mean_vp",)]
    lines = [f"# Heuristic archetypes: their plans in 4-player self-play ({out['games']} games each, "
             f"experienced setup, seed {out['seed']})", "",
             f"Targets (issue 12): builder builders_4 >= 0.6 and big_building >= 0.5; engineer "
             f"stations_4_and_master >= 0.6; cattle hand_limit_5 >= 0.6, value_per_delivery >= 9, far_delivery "
             f">= 0.4; objectives objectives_gained >= 4 and objective_vp >= 10; every archetype winners_vp >= "
             f"{WINNERS_VP_TARGET:g}.", "",
             "| archetype | " + " | ".join(shown) + " | games/s (whole runner with start-up, "
             f"{out['jobs']} jobs) | targets missed |",
             "|---|" + "---:|" * (len(shown) + 1) + "---|"]
    for arch, row in out["self_play"].items():
        v = row["indicators"]
        cells = [f"{v[k]:.3g}" if v.get(k) is not None else "-" for k in shown]
        lines.append(f"| {arch} | " + " | ".join(cells) + f" | {row['games_per_s']:.0f} | "
                     + ("; ".join(row["misses"]) or "none") + " |")
    lines += ["", "Indicators: " + "; ".join(f"`{k}` {d}" for k, d in INDICATORS.items() if k in shown) + ".", "",
              "## Against random (2 players, both seat orders)", "", "| archetype | games | win rate |",
              "|---|---:|---:|"]
    lines += [f"| {k} | {v['games']} | {v['win_rate']:.1%} |" for k, v in out["vs_random"].items()]
    lines += ["", "## A 4-player pool of all archetypes (each seat drawn at random; par 25%)", "",
              "| archetype | player-games | win share |", "|---|---:|---:|"]
    lines += [f"| {k} | {v['n']} | {v['win_share']:.1%} |"
              for k, v in sorted(out["pool"].items(), key=lambda kv: -kv[1]["win_share"])]
    return "\n".join(lines)


if __name__ == "__main__":
    run_main(main)
