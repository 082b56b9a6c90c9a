"""The plan indicators of any strategy's self-play, against the bar an issue holds it to.

    python benchmarks/plan_check.py --strategy expert --players 4 --games 1000 [--jobs 2] [--edition 1e]
    python benchmarks/plan_check.py --strategy expert:profile=benchmarks/profiles/expert_base_turn_cost_4.toml --games 200

Plays strategy_quality.py's self-play games (the same variant and seeds: game g uses seed
2,000,000 + 100,000 x players + g, so `--strategy expert --games 1000` gives strategy_quality's
numbers for the expert) and prints every indicator of reports/plan_indicators.py, one per line. Where
the strategy (or the registry name it is an option string of: `expert:...`, `fast:...`,
`heuristic:profile=<archetype>`) has targets, each line also shows its bar and whether it is met:
issue 11's for `expert`, issue 12's for `fast` and the archetypes. The games do not depend on --jobs.

    python benchmarks/plan_check.py --strategy expert --opponent planner --players 4 --games 1000

With --opponent the strategy plays one seat among players - 1 of the opponent (the same seeds; its
seat moves round the table, seat 1 + (-g mod players) in game g) and the indicators are printed for its
seats and for the opponent's side by side, with its win share: how it plays in a field that is not
its own. Per-game indicators (station masters per game) then count each side's own seats, and the
winners' VP a side's wins; the issues' bars are for self-play, so they are shown, not judged.
"""

from __future__ import annotations

import time

import strategy_quality as sq
from common import (
    Parser,
    add_self_play_options,
    check_self_play_options,
    check_strategy,
    run_main,
    usage_error,
)

from reports.plan_indicators import (
    ARCHETYPE_TARGETS,
    BOT_TARGETS,
    EXPERT_WINNERS_VP_FLOOR,
    INDICATORS,
    WINNERS_VP_TARGET,
    plan_indicators,
)
from strategies.registry import parse_strategy


def targets_of(strategy: str) -> tuple[dict[str, float], str]:
    """{indicator: minimum} the strategy is held to, and which issue sets them ({} and "" if none)."""
    name, params = parse_strategy(strategy)
    if name in BOT_TARGETS:
        bars, winners_vp, issue = BOT_TARGETS[name]
        return {**dict(bars), "winners_vp": winners_vp}, issue
    profile = str(params.get("profile", "balanced"))
    if name == "heuristic" and profile in ARCHETYPE_TARGETS:
        return {**dict(ARCHETYPE_TARGETS[profile]), "winners_vp": WINNERS_VP_TARGET}, "issue 12"
    return {}, ""


def _shown(values: dict[str, float], key: str, width: int) -> str:
    # an indicator the content cannot measure (the First Edition has no far_delivery) is None or absent
    return f"{'–':>{width}}" if values.get(key) is None else f"{values[key]:>{width}.3f}"


def report(strategy: str, players: int, games: int, seconds: float, values: dict[str, float]) -> str:
    bars, issue = targets_of(strategy)
    lines = [f"{strategy}, {players}-player self-play, {games} games ({seconds:.0f} s)"
             + (f"; the bars are {issue}'s" if issue else "")]
    for key, meaning in INDICATORS.items():
        line = f"  {key:<26} {_shown(values, key, 9)}   {meaning}"
        if key in bars and values.get(key) is None:
            line += f"   (bar {bars[key]:g}: not measured)"
        elif key in bars:
            line += f"   (bar {bars[key]:g}: {'met' if values[key] >= bars[key] else 'MISSED'})"
            if key == "winners_vp" and issue == "issue 11":
                line += f", floor {EXPERT_WINNERS_VP_FLOOR:g}: {'met' if values[key] >= EXPERT_WINNERS_VP_FLOOR else 'MISSED'}"
        lines.append(line)
    return "\n".join(lines)


def self_play_indicators(strategy: str, players: int, games: int, jobs: int, edition: str = "2e") -> dict[str, float]:
    """Every plan indicator of `strategy`'s self-play on strategy_quality's seeds, and its
    decisions_per_game (the decisions its policies made, forced ones not counted)."""
    import polars as pl

    _, rows, _, decisions = sq.play_many(players, [strategy], games, sq.self_play_seed0(players), detail=True,
                                         jobs=jobs, edition=edition)
    return {**plan_indicators(pl.DataFrame(rows))[strategy], "decisions_per_game": decisions / games}


def mixed_indicators(strategy: str, opponent: str, players: int, games: int, jobs: int, edition: str = "2e"
                     ) -> tuple[dict[str, float], dict[str, float]]:
    """Every plan indicator of `strategy` as one seat among players - 1 `opponent`s, and of the
    opponent's seats, on strategy_quality's self-play seeds; the first also has its win_share."""
    import polars as pl

    results, rows, _, _ = sq.play_many(players, [strategy] + [opponent] * (players - 1), games,
                                       sq.self_play_seed0(players), detail=True, jobs=jobs, edition=edition)
    both = plan_indicators(pl.DataFrame(rows))
    return {**both[strategy], "win_share": sq.summarise(results, strategy)["win_share"]}, both[opponent]


def mixed_report(strategy: str, opponent: str, players: int, games: int, seconds: float,
                 mine: dict[str, float], theirs: dict[str, float]) -> str:
    bars, issue = targets_of(strategy)
    lines = [f"{strategy} as one seat among {players - 1} {opponent}, {players} players, {games} games "
             f"({seconds:.0f} s): win share {mine['win_share']:.3f} (par {1 / players:.3f})"
             + (f"; {issue}'s bars are for self-play: shown, not judged" if issue else ""),
             f"  {'indicator':<26} {'its seats':>9}  {'the others':>10}"]
    for key, meaning in INDICATORS.items():
        line = f"  {key:<26} {_shown(mine, key, 9)}  {_shown(theirs, key, 10)}   {meaning}"
        if key in bars:
            line += f"   (self-play bar {bars[key]:g})"
        lines.append(line)
    return "\n".join(lines)


def main() -> None:
    ap = Parser(description=__doc__.splitlines()[0])
    add_self_play_options(ap)
    ap.add_argument("--opponent", default="", help="play the strategy as one seat among this one (default: self-play)")
    args = ap.parse_args()
    check_self_play_options(args)
    if args.opponent:
        check_strategy(args.opponent)
        if args.opponent == args.strategy:
            usage_error("--opponent is the --strategy itself: leave it out for self-play")
    t0 = time.perf_counter()
    if args.opponent:
        mine, theirs = mixed_indicators(args.strategy, args.opponent, args.players, args.games, args.jobs, args.edition)
        print(mixed_report(args.strategy, args.opponent, args.players, args.games, time.perf_counter() - t0,
                           mine, theirs))
        return
    values = self_play_indicators(args.strategy, args.players, args.games, args.jobs, args.edition)
    print(report(args.strategy, args.players, args.games, time.perf_counter() - t0, values))


if __name__ == "__main__":
    run_main(main)
