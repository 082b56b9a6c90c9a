"""A heuristic profile, with some weights changed, or any strategy, head to head against a strategy
or in self-play.

    python benchmarks/head_to_head.py --profile fast --set fee_income=5 --players 2 --games 1600 --opponent planner
    python benchmarks/head_to_head.py --profile fast --set fee_income=5 --players 3 --games 6000 --self-play
    python benchmarks/head_to_head.py --strategy expert --players 4 --games 1000 --opponent planner
    python benchmarks/head_to_head.py --strategy expert --baseline expert:endgame=0 --players 4 --opponent expert

Against an opponent the profile plays one seat (rotated with the game number) and every other seat
is the opponent; it prints the profile's win share (a tie shared) with its Wilson 95% interval, its
mean score margin over the others, and the city value per delivery of its deliveries and of the
others' (issue 11's breeding value per delivery, as tools/plan_indicators.py counts it). With
`--baseline STRATEGY` that strategy also plays the profile's seat on the same seeds against the same
opponent, and the difference of the two win shares is printed with a paired 95% interval (normal, on
the per-game differences): a change that alters few decisions, such as the expert's endgame, alters
few games, so pairing measures it with far fewer games than two separate win shares would. In
self-play every seat plays the profile; it prints each seat's win share and the winners' mean score.

Fixed seeds (game g uses seed 100000 + g), the experienced setup (building sides, neutral layout and
station masters drawn per game), `--jobs` worker processes (the result does not depend on them).
benchmarks/results/strategy_notes.md quotes it for what single weights of `fast` do (`space_early`,
`turn_cost`, `fee_income`), and head_to_head.md holds its runs for the expert.
"""

from __future__ import annotations

import argparse

import numpy as np
from common import COUNT, JOB_COUNT, PLAYER_COUNT, Parser, check_strategy, run_main, seed_chunks, usage_error
from joblib import Parallel, delayed

from gwt_sim.engine.play import play_game
from gwt_sim.game import rules_for
from gwt_sim.variant import EXPERIENCED_SETUP, Variant
from strategies.heuristic import HeuristicPolicy
from strategies.profiles import Profile, ProfileError, load_profile, with_settings
from strategies.registry import make_policy

SEED0 = 100_000


def profile_with(name: str, settings: str) -> Profile:
    """A profile (built-in name or file) with `key=value,...` weights changed."""
    try:
        return with_settings(load_profile(name), settings)
    except ProfileError as exc:
        usage_error(str(exc))


def _play(prof: Profile | str, opponent: str, players: int, seeds: range) -> list[list[float]]:
    """Per game: [the profile's seat, its win share, its margin, its deliveries and their city value,
    the others' deliveries and their city value] (opponent) or every seat's win share and the winning
    score (self-play)."""
    handle = rules_for(Variant(players=players, **EXPERIENCED_SETUP))
    fields = handle.player_fields
    score, deliveries, value = fields.index("score"), fields.index("deliveries"), fields.index("delivery_value")
    out = []
    for g in seeds:
        seat = g % players
        pols = [(make_policy(prof) if isinstance(prof, str) else HeuristicPolicy(prof))
                if not opponent or i == seat else make_policy(opponent) for i in range(players)]
        _, pr = play_game(handle, pols, g)
        scores = pr[:, score].astype(float)
        shares = (scores == scores.max()) / (scores == scores.max()).sum()
        if opponent:
            out.append([seat, shares[seat], scores[seat] - np.delete(scores, seat).mean(),
                        pr[seat, deliveries], pr[seat, value], pr[:, deliveries].sum() - pr[seat, deliveries],
                        pr[:, value].sum() - pr[seat, value]])
        else:
            out.append([*shares, scores.max()])
    return out


def _rows(prof: Profile | str, args: argparse.Namespace) -> np.ndarray:
    """_play's rows of every game, the games split over `--jobs` processes."""
    parts = Parallel(n_jobs=args.jobs)(delayed(_play)(prof, args.opponent, args.players, seeds)
                                       for seeds in seed_chunks(SEED0, args.games, args.jobs))
    return np.array([r for part in parts for r in part])


def main() -> None:
    ap = Parser(description=__doc__.splitlines()[0])
    ap.add_argument("--profile", default="fast", help="a built-in profile name or a profile file")
    ap.add_argument("--set", default="", help="weights to change, e.g. fee_income=5,turn_cost=3.645")
    ap.add_argument("--strategy", default="", help="play this strategy string instead of a profile")
    ap.add_argument("--players", type=PLAYER_COUNT, default=2)
    ap.add_argument("--games", type=COUNT, default=1600)
    who = ap.add_mutually_exclusive_group(required=True)
    who.add_argument("--opponent", default="", help="the strategy in every other seat (e.g. planner)")
    who.add_argument("--self-play", action="store_true", help="the profile in every seat")
    ap.add_argument("--baseline", default="", help="with --opponent: also play this strategy in the "
                    "profile's seat on the same seeds and print the paired difference of win share")
    ap.add_argument("--jobs", type=JOB_COUNT, default=2)
    args = ap.parse_args()
    if args.baseline and not args.opponent:
        usage_error("--baseline compares against an opponent: give --opponent too")
    if args.strategy and args.set:
        usage_error("--set changes a profile's weights: not with --strategy")
    prof = args.strategy or profile_with(args.profile, args.set)
    for text in filter(None, (args.strategy, args.opponent, args.baseline)):
        check_strategy(text)
    rows = _rows(prof, args)
    label = args.strategy or f"{args.profile}" + (f" with {args.set}" if args.set else "")
    if args.opponent:
        from statsmodels.stats.proportion import proportion_confint

        wins, n = rows[:, 1].sum(), len(rows)
        lo, hi = proportion_confint(wins, n, method="wilson")
        print(f"{label} against {args.opponent}, {args.players} players, {n} games: win share "
              f"{wins / n:.1%} ({lo:.1%}-{hi:.1%}), mean margin {rows[:, 2].mean():+.2f} VP; city value "
              f"per delivery {rows[:, 4].sum() / rows[:, 3].sum():.2f} (the others' {rows[:, 6].sum() / rows[:, 5].sum():.2f})")
        if args.baseline:
            base = _rows(args.baseline, args)
            diff = rows[:, 1] - base[:, 1]
            half = 1.96 * diff.std(ddof=1) / np.sqrt(n) if n > 1 else float("nan")
            print(f"  against {args.baseline} in its seat on the same games: win share {base[:, 1].mean():.1%}; "
                  f"difference {diff.mean():+.2%} ({diff.mean() - half:+.2%} to {diff.mean() + half:+.2%}), "
                  f"{int((diff != 0).sum())} of {n} games' shares differ; margin {rows[:, 2].mean() - base[:, 2].mean():+.2f} VP")
    else:
        shares = ", ".join(f"seat {i + 1} {s:.1%}" for i, s in enumerate(rows[:, :-1].mean(axis=0)))
        print(f"{label} self-play, {args.players} players, {len(rows)} games: {shares}; "
              f"winners' mean score {rows[:, -1].mean():.1f} VP")


if __name__ == "__main__":
    run_main(main)
