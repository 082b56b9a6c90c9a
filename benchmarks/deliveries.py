"""Deliveries in self-play: the city each delivery went to against the most valuable city it could have
gone to (issue 11's breeding value per delivery, which is the delivered cities' value per delivery).

    python benchmarks/deliveries.py --strategy expert --players 4 --games 1000 [--jobs 2] [--edition 1e]
        [--out benchmarks/results/deliveries.md]

Plays strategy_quality.py's self-play games (the same variant and seeds: game g uses seed
2,000,000 + 100,000 x players + g), so the mean delivered value is its `value_per_delivery` for the
same number of games. At every delivery-city choice (also those with one city only, which the
policies never see) it notes the value of the city chosen and of the most valuable city the rules
allowed there (after the certificates spent at income); a delivery counts when its disc is placed, as
the players table counts it. It prints, overall and by the delivery's number in the player's game
(1st, 2nd, ...), the deliveries, the mean value delivered, the mean value the delivery could spend (at
Kansas City the game's own total breeding value: the hand's distinct breeds plus the certificates spent
and the permanent ones, the visit's income; for an extraordinary delivery the stations its engine went
back), the mean most valuable city allowed (the cities' values come in steps of 2 or 3, so it is often
below the value that could be spent), the
share of deliveries to a cheaper city than allowed, and the mean breeding value of the best hand the
player's deck could make there (one card of each of its hand-limit most valuable breeds, without
certificates: the value model's `best_hand`), which tells a deck that is too weak from hands that do
not reach what the deck holds; and how often each city was chosen. The games do not depend on --jobs.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from pathlib import Path
from typing import NamedTuple

from common import (
    Parser,
    add_self_play_options,
    check_self_play_options,
    check_writable,
    run_main,
    seed_chunks,
    usage_error,
)
from joblib import Parallel, delayed
from strategy_quality import rules, self_play_seed0

from gwt_sim.engine.game import A, F, GameState
from strategies.planner import position_features
from strategies.registry import make_policy
from strategies.values import FEATURE_NAMES

ORDINALS = 8        # deliveries numbered 1..8 in the tables; later ones are counted with the 8th
BEST_HAND = 2 + FEATURE_NAMES.index("best_hand")     # its column in position_features
TITLE = ("# Deliveries in self-play: the city chosen against the most valuable city allowed\n\n"
         "Made by `benchmarks/deliveries.py` (strategy_quality's self-play games, fixed seeds); "
         "\"value delivered\" over all deliveries is strategy_quality's `value_per_delivery`; "
         "\"breeding value\" is the total breeding value a Kansas City delivery could spend (the hand's "
         "distinct breeds plus the certificates spent and the permanent ones: the visit's income; for an "
         "extraordinary delivery, the stations its engine went back); "
         "\"deck's best hand\" is the breeding value of the best hand the player's cattle could make "
         "at the delivery (its hand-limit most valuable breeds, one card each, without certificates).\n\n")


class Delivery(NamedTuple):
    """One delivery: its number in the player's game, the city value delivered, the value it could spend
    (a Kansas City delivery's total breeding value, certificates included; an extraordinary delivery's
    reach), the most valuable city the rules allowed, and the deck's best hand then."""
    number: int
    delivered: int
    breeding: int
    allowed: int
    best_hand: int


def _deliveries(strategy: str, players: int, edition: str, seeds: range) -> list[Delivery]:
    """Every delivery of the games `seeds`."""
    handle = rules(players, edition)
    city_value = handle.tables.arrays["city_value"]
    first_city = A["CITY"]
    out = []
    for seed in seeds:
        pols = [make_policy(strategy) for _ in range(players)]
        for seat, pol in enumerate(pols):
            pol.reset(seed, seat)
        state = GameState(handle, seed, every_decision=True)
        pending = None      # a delivery chosen, not yet made: (seat, its deliveries before, the Delivery but its number)
        while not state.is_terminal():
            legal = state.legal_actions()
            seat = state.current_player()
            # forced decisions are the engine's own in play_game: the policy never sees them
            action = pols[seat].choose(state, legal) if len(legal) > 1 else legal[0]
            if state.decision_kind() == F["CITY"]:
                pending = (seat, state.player(seat)["stats"]["deliveries"],
                           Delivery(0, int(city_value[action - first_city]), int(state.frame()[1]["value"]),
                                    max(int(city_value[a - first_city]) for a in legal),
                                    int(position_features(state, seat)[BEST_HAND])))
            state.apply_action(action)
            if pending is not None:
                made = state.player(pending[0])["stats"]["deliveries"]
                if made > pending[1]:                   # its disc is placed: a delivery
                    out.append(pending[2]._replace(number=made))
                    pending = None
                elif state.decision_kind() != F["DISC"]:    # no disc to place: no delivery
                    pending = None
    return out


def report(strategy: str, players: int, games: int, edition: str, rows: list[Delivery]) -> str:
    """The tables of a run as markdown."""
    def line(label: str, part: list[Delivery]) -> str:
        n = len(part)
        chosen = sum(d.delivered for d in part) / n
        breeding = sum(d.breeding for d in part) / n
        best = sum(d.allowed for d in part) / n
        below = sum(d.delivered < d.allowed for d in part) / n
        deck = sum(d.best_hand for d in part) / n
        return f"| {label} | {n} | {chosen:.2f} | {breeding:.2f} | {best:.2f} | {below:.1%} | {deck:.2f} |"

    by_number: dict[int, list[Delivery]] = defaultdict(list)
    for d in rows:
        by_number[min(d.number, ORDINALS)].append(d)
    md = [f"### {strategy}, {players} players, {games} games ({edition})", "",
          "| delivery | deliveries | value delivered | breeding value | most valuable allowed | to a cheaper city "
          "| deck's best hand |",
          "|---|---:|---:|---:|---:|---:|---:|", line("all", rows)]
    md += [line(f"{k}{'+' if k == ORDINALS else ''}", by_number[k]) for k in sorted(by_number)]
    counts = Counter(d.delivered for d in rows)
    md += ["", "Cities chosen (value: deliveries): "
           + ", ".join(f"{v}: {counts[v]}" for v in sorted(counts)), ""]
    return "\n".join(md)


def main() -> None:
    ap = Parser(description=__doc__.splitlines()[0])
    add_self_play_options(ap)
    ap.add_argument("--out", default="", help="also append the tables to this markdown file (a new one starts with a title)")
    args = ap.parse_args()
    check_self_play_options(args)
    if args.out:
        check_writable(args.out, "--out")
    parts = Parallel(n_jobs=args.jobs)(
        delayed(_deliveries)(args.strategy, args.players, args.edition, range(s.start, s.stop))
        for s in seed_chunks(self_play_seed0(args.players), args.games, args.jobs))
    rows = [r for part in parts for r in part]
    if not rows:
        usage_error(f"{args.strategy} made no delivery in {args.games} games")
    text = report(args.strategy, args.players, args.games, args.edition, rows)
    print(text)
    if args.out:
        out = Path(args.out)
        title = "" if out.exists() else TITLE
        with out.open("a", encoding="utf-8") as fh:
            fh.write(title + text + "\n")


if __name__ == "__main__":
    run_main(main)
