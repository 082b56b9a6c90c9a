"""Tempo matching (issue 11, not kept): play the slow table's expert until a rival is seen racing.

    python benchmarks/tempo_matching.py --games 200 expert planner fast "$SLOW"
    python benchmarks/head_to_head.py --strategy tempo_matching:TempoMatching --players 4 --games 1000 --opponent planner
    python benchmarks/head_to_head.py --strategy expert --players 4 --games 1000 --opponent tempo_matching:TempoMatching
    python benchmarks/plan_check.py --strategy tempo_matching:TempoMatching --games 1000

Every field found that delivers 9 per delivery in 4-player self-play (issue 11's bar) plays slowly,
and any racer beats it (benchmarks/results/head_to_head.md). `TempoMatching` tries the way out a
strong human would: play slowly while the table does, race once a rival races. It plays `slow`
(default: the slow table of head_to_head.md's tenth session, `SLOW`) until, at the start of one of
its turns, some rival has made v >= 2 Kansas City visits within `slope` x v - `offset` turns (default
8 x v - 7: the 2nd visit by turn 9, the 3rd by 17, the 4th by 25, ...), and `race` (default the
shipped expert) for the rest of the game. The defaults never fire in the slow table's own games
(its 2nd visit comes at turn 10 or later, its 3rd at 18 or later) and fire against every racer
found, but late: the racers' first loops look like the slow table's.

Run as a script it prints, for each strategy's 4-player self-play, at which turn of the player the
k-th Kansas City visit came (percentiles over player-games): how soon a racer can be told from the
slow table. It is a plain-Python plugin that asks two compiled experts (one Python call per
decision), kept as the evidence behind head_to_head.md's section on it; nothing ships it.
"""

from __future__ import annotations

import numpy as np
from common import COUNT, JOB_COUNT, Parser, check_strategy, run_main, seed_chunks
from joblib import Parallel, delayed

from gwt_sim.engine.game import GameState
from gwt_sim.engine.policy import Policy, reset_policy
from gwt_sim.game import rules_for
from gwt_sim.variant import EXPERIENCED_SETUP, Variant
from strategies.registry import make_policy

# The slow table that meets every 4-player self-play bar of issue 11 (README "Strategies").
SLOW = ("expert:profile=benchmarks/profiles/cattle_turn_cost_0.7.toml:finish=builder:prior=20"
        ":finish_prior=5:builder_prior=12:widen=1")
SEED0 = 100_000                 # head_to_head.py's seeds
VISITS = 5                      # Kansas City visits reported


class TempoMatching(Policy):
    """Plays `slow` until a rival is seen racing (v >= 2 Kansas City visits within slope x v - offset
    turns), then `race` for the rest of the game."""

    def __init__(self, slow: str = SLOW, race: str = "expert", slope: float = 8.0, offset: float = 7.0) -> None:
        self.slow = make_policy(slow)
        self.race = make_policy(race)
        self.slope = float(slope)
        self.offset = float(offset)
        self.playing = self.slow
        self.turn = -1
        self.switched_at = -1   # the own turn at which it began to race (-1: it has not)

    def reset(self, game_seed: int, seat: int) -> None:
        super().reset(game_seed, seat)
        reset_policy(self.slow, game_seed, seat)
        reset_policy(self.race, game_seed, seat)
        self.playing = self.slow
        self.turn = -1
        self.switched_at = -1

    def racer_seen(self, state: GameState) -> bool:
        """Has a rival made v >= 2 Kansas City visits within slope x v - offset of its turns?"""
        for seat in range(state.num_players):
            stats = state.player(seat)["stats"]
            visits = stats["kc_visits"]
            if seat != self.seat and visits >= 2 and stats["turns"] <= self.slope * visits - self.offset:
                return True
        return False

    def choose(self, state: GameState, legal: list[int]) -> int:
        turn = state.player(self.seat)["stats"]["turns"]
        if turn != self.turn:                        # switch only between turns: each expert plans whole turns
            self.turn = turn
            if self.playing is self.slow and self.racer_seen(state):
                self.playing = self.race
                self.switched_at = turn
        return self.playing.choose(state, legal)


def visit_turns(strategy: str, seeds: range) -> list[list[int]]:
    """Per player-game of `strategy`'s 4-player self-play: its turn count at each Kansas City visit."""
    handle = rules_for(Variant(players=4, **EXPERIENCED_SETUP))
    out = []
    for g in seeds:
        pols = [make_policy(strategy) for _ in range(4)]
        state = GameState(handle, g)
        for seat, pol in enumerate(pols):
            reset_policy(pol, g, seat)
        turns: list[list[int]] = [[] for _ in range(4)]
        while not state.is_terminal():
            state.apply_action(pols[state.current_player()].choose(state, state.legal_actions()))
            for seat in range(4):
                stats = state.player(seat)["stats"]
                if stats["kc_visits"] > len(turns[seat]):
                    turns[seat].append(stats["turns"])
        out.extend(turns)
    return out


def main() -> None:
    ap = Parser(description=__doc__.splitlines()[0])
    ap.add_argument("strategies", nargs="+", help="strategy strings, each played in 4-player self-play")
    ap.add_argument("--games", type=COUNT, default=200)
    ap.add_argument("--jobs", type=JOB_COUNT, default=2)
    args = ap.parse_args()
    for text in args.strategies:
        check_strategy(text)
    print(f"4-player self-play, {args.games} games each (seeds {SEED0} on): the player's turn at its "
          f"k-th Kansas City visit, percentiles 5 / 50 / 95 over player-games")
    for text in args.strategies:
        parts = Parallel(n_jobs=args.jobs)(delayed(visit_turns)(text, seeds)
                                           for seeds in seed_chunks(SEED0, args.games, args.jobs))
        games = [v for part in parts for v in part]
        cells = []
        for k in range(VISITS):
            at = np.array([v[k] for v in games if len(v) > k])
            shown = " / ".join(f"{x:.0f}" for x in np.percentile(at, [5, 50, 95])) if len(at) else "-"
            cells.append(f"visit {k + 1}: {shown}")
        print(f"  {text}: " + "; ".join(cells))


if __name__ == "__main__":
    run_main(main)
