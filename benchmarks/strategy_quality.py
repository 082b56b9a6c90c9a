"""Strategy quality bars: every archetype (and the planner) vs random, self-play scores with speed
(games/s per core, µs per decision) and the plan indicators of 4-player self-play, mixed-pool
scores, and the strategy-vs-strategy matrix with 95% intervals. Fixed seeds; --jobs cores.

    python benchmarks/strategy_quality.py [--games 2000] [--jobs 2] [--out benchmarks/results/strategy_quality]
    python benchmarks/strategy_quality.py --edition 1e --out benchmarks/results/strategy_quality_1e   # First Edition

Writes <out>.md (tables) and <out>.json.
"""

from __future__ import annotations

import functools
import itertools
import json
import math
import time
from pathlib import Path

import numpy as np
import polars as pl
from common import COUNT, JOB_COUNT, Parser, check_writable, run_main
from joblib import Parallel, delayed

from gwt_sim.content import EDITION_KEYS, edition_dir, load_content
from gwt_sim.engine.game import RulesHandle
from gwt_sim.engine.play import play_game
from gwt_sim.game import rules_for
from gwt_sim.variant import Variant
from reports.plan_indicators import BOT_TARGETS, INDICATORS, bot_target_misses, plan_indicators
from strategies.registry import make_policy

Game = list[tuple[str, int, float]]     # one game: (strategy, score, win share) per seat

ARCHETYPES = ["expert", "planner:samples=3", "planner", "fast", "heuristic:profile=balanced", "heuristic:profile=cattle", "heuristic:profile=builder",
              "heuristic:profile=engineer", "heuristic:profile=objectives"]
JOBS = 2
EDITION = "2e"          # the built-in content played ("1e" | "2e"); sent to the worker processes


def short(name: str) -> str:
    return name.split("=")[-1] if name.startswith("heuristic") else name


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float, float]:
    if n == 0:
        return 0.0, 0.0, 0.0
    p = wins / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return p, max(0.0, centre - half), min(1.0, centre + half)


def self_play_seed0(players: int) -> int:
    """The self-play games' first seed at this player count (game g plays seed0 + g)."""
    return 2_000_000 + 100_000 * players


def rules(players: int, edition: str = "2e") -> RulesHandle:
    """The rules every game here is played with: building sides and neutral layout drawn per game."""
    return rules_for(Variant(players=players, sides="random", neutral_layout="random"),
                     load_content(edition_dir(edition)))


def _play_range(players: int, strategies: list[str], seeds: range, seed0: int, rotate: bool, edition: str = "2e",
                detail: bool = False) -> tuple[list[Game], list[dict], float, int]:
    """The games `seeds`: per game [(strategy, score, win share)] per seat; with detail the players'
    records (as dicts of the dataset's columns, for the plan indicators); CPU seconds and decisions."""
    handle = rules(players, edition)
    fields = list(handle.player_fields)
    decisions_at = list(handle.game_fields).index("decisions")
    out, rows = [], []
    decisions = 0
    k = len(strategies)
    cpu0 = time.process_time()
    for g in seeds:
        names = [strategies[(i + (g if rotate else 0)) % k] for i in range(players)]
        gr, pr = play_game(handle, [make_policy(s) for s in names], seed0 + g)
        decisions += int(gr[decisions_at])
        scores = pr[:, 1]
        top = scores.max()
        winners = int((scores == top).sum())
        out.append([(names[i], int(scores[i]), (1.0 / winners) if scores[i] == top else 0.0)
                    for i in range(players)])
        for i in range(players if detail else 0):
            row = dict(zip(fields, pr[i].tolist(), strict=True))
            row.update(strategy=names[i], game_id=int(g), rank=1 + int((scores > scores[i]).sum()))
            rows.append(row)
    return out, rows, time.process_time() - cpu0, decisions


def play_many(players: int, strategies: list[str], games: int, seed0: int, rotate: bool = True, detail: bool = False,
              jobs: int = JOBS, edition: str = EDITION
              ) -> list[Game] | tuple[list[Game], list[dict], float, int]:
    """Play `games` games; seat i gets strategies[(i + g) % k] when rotating. Returns per-game
    lists of (strategy, score, win share) (with detail: also the players' records, the workers' CPU
    seconds and the decisions played). Spread over `jobs` processes; the same games whatever their
    number. The content played is `edition`'s."""
    chunks = [c for c in np.array_split(np.arange(games), jobs * 4) if len(c)]
    parts = Parallel(n_jobs=jobs)(delayed(_play_range)(players, strategies, range(int(c[0]), int(c[-1]) + 1),
                                                       seed0, rotate, edition, detail) for c in chunks)
    results = [game for part in parts for game in part[0]]
    if not detail:
        return results
    return (results, [row for part in parts for row in part[1]], sum(part[2] for part in parts),
            sum(part[3] for part in parts))


def summarise(results: list[Game], name: str) -> dict:
    scores = [s for game in results for (n, s, _) in game if n == name]
    shares = [w for game in results for (n, _, w) in game if n == name]
    win_scores = [s for game in results for (n, s, w) in game if n == name and w > 0]
    return {"n": len(scores), "mean": float(np.mean(scores)), "sd": float(np.std(scores)),
            "win_share": float(np.mean(shares)), "mean_winning": float(np.mean(win_scores)) if win_scores else None}


def main() -> None:
    ap = Parser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=COUNT, default=2000)
    ap.add_argument("--jobs", type=JOB_COUNT, default=2)
    ap.add_argument("--out", default="benchmarks/results/strategy_quality")
    ap.add_argument("--edition", choices=tuple(EDITION_KEYS), default="2e", help="the built-in content to play")
    args = ap.parse_args()
    for suffix in (".md", ".json"):
        check_writable(Path(args.out).with_suffix(suffix), "--out")
    # the options go to every play_many call
    play = functools.partial(play_many, jobs=args.jobs, edition=args.edition)
    n = args.games
    t0 = time.time()
    report: dict = {"games": n, "vs_random": {}, "self_play": {}, "mixed": {}, "matrix": {}}
    name = load_content(edition_dir(args.edition)).name
    md = [f"# Strategy quality: {name} ({n} games per cell, fixed seeds)", ""]
    # 1. every archetype (and greedy) against random, 2 players, seats alternating
    md += [f"Strategies: {', '.join(ARCHETYPES)}; {args.jobs} worker processes.", "",
           "## Against random (2 players)", "", "| strategy | wins | win rate | 95% CI | mean score | random's mean |",
           "|---|---:|---:|---|---:|---:|"]
    for s in [*ARCHETYPES, "greedy"]:
        res = play(2, [s, "random"], n, 1_000_000)
        me = summarise(res, s)
        rnd = summarise(res, "random")
        wins = sum(w for game in res for (nm, _, w) in game if nm == s)
        p, lo, hi = wilson(wins, n)
        report["vs_random"][s] = {"win_rate": p, "ci": [lo, hi], **me, "random_mean": rnd["mean"]}
        md.append(f"| {s} | {wins:.0f} | {p:.1%} | {lo:.1%}–{hi:.1%} | {me['mean']:.1f} | {rnd['mean']:.1f} |")
    # 2. self-play per archetype and player count
    md += ["", "## Self-play (all seats the same archetype)", "",
           "Speed from the worker processes' CPU time (games/s per core; µs per decision, engine + policy).", "",
           "| strategy | players | mean score | sd | mean winning score | games/s per core | µs per decision |",
           "|---|---:|---:|---:|---:|---:|---:|"]
    indicators: dict[str, dict[str, float]] = {}
    for s in ARCHETYPES:
        for players in (2, 3, 4):
            games = n // 2
            res, rows, cpu, decisions = play(players, [s], games, self_play_seed0(players), detail=True)
            sm = summarise(res, s)
            sm.update(games_per_s_core=games / cpu, us_per_decision=1e6 * cpu / decisions)
            report["self_play"][f"{s}|{players}"] = sm
            md.append(f"| {s} | {players} | {sm['mean']:.1f} | {sm['sd']:.1f} | {sm['mean_winning']:.1f} | "
                      f"{sm['games_per_s_core']:,.0f} | {sm['us_per_decision']:.2f} |")
            if players == 4:
                indicators[s] = plan_indicators(pl.DataFrame(rows))[s]
    report["plan_indicators"] = indicators
    shown = [k for k in INDICATORS if k != "mean_vp"]
    md += ["", f"## Plan indicators (4-player self-play, {n // 2} games each; reports/plan_indicators.py)", "",
           "| strategy | " + " | ".join(shown) + " |", "|---|" + "---:|" * len(shown)]
    md += [f"| {s} | " + " | ".join(f"{v[k]:.3g}" if v.get(k) is not None else "–" for k in shown) + " |"
           for s, v in indicators.items()]
    for bot, (targets, winners_vp, issue) in BOT_TARGETS.items():
        if bot in indicators:
            bar = ", ".join(f"{k} >= {lo:g}" for k, lo in targets) + f", winners_vp >= {winners_vp:g}"
            misses = bot_target_misses(bot, indicators[bot])
            report[f"{bot}_target_misses"] = misses
            md += ["", f"`{bot}`'s plan targets ({issue}: {bar}): " + ("; ".join(misses) or "all met") + "."]
    # 3. mixed pools: rotating seats over the five archetypes
    md += ["", "## Mixed pools (strategies rotated over the seats)", "",
           "| players | strategy | mean score | win share | mean winning score |", "|---:|---|---:|---:|---:|"]
    for players in (2, 3, 4):
        res = play(players, ARCHETYPES, n, 3_000_000 + 100_000 * players)
        for s in ARCHETYPES:
            sm = summarise(res, s)
            report["mixed"][f"{s}|{players}"] = sm
            ws = sm["mean_winning"]
            md.append(f"| {players} | {s} | {sm['mean']:.1f} | {sm['win_share']:.1%} | "
                      f"{ws:.1f} |" if ws is not None else f"| {players} | {s} | {sm['mean']:.1f} | {sm['win_share']:.1%} | – |")
    # 4. strategy matrix, 2 players, seats alternating
    md += ["", "## Strategy matrix (2 players; row's win share against column, 95% CI)", "",
           "| row \\ column | " + " | ".join(short(a) for a in ARCHETYPES) + " |",
           "|---|" + "---|" * len(ARCHETYPES)]
    cells = {}
    for a, b in itertools.combinations(ARCHETYPES, 2):
        res = play(2, [a, b], n, 4_000_000)
        wins = sum(w for game in res for (nm, _, w) in game if nm == a)
        cells[(a, b)] = wilson(wins, n)
        pb = wilson(n - wins, n)
        cells[(b, a)] = pb
        report["matrix"][f"{a}|{b}"] = {"win_share": cells[(a, b)][0], "ci": list(cells[(a, b)][1:])}
    for a in ARCHETYPES:
        row = []
        for b in ARCHETYPES:
            if a == b:
                row.append("–")
            else:
                p, lo, hi = cells[(a, b)]
                row.append(f"{p:.1%} ({lo:.1%}–{hi:.1%})")
        md.append(f"| {short(a)} | " + " | ".join(row) + " |")
    md += ["", f"Run time {time.time() - t0:.0f} s."]
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.with_suffix(".md").write_text("\n".join(md) + "\n")
    out.with_suffix(".json").write_text(json.dumps(report, indent=1) + "\n")
    print("\n".join(md))


if __name__ == "__main__":
    run_main(main)
