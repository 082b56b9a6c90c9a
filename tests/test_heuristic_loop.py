"""The heuristic's loop plan against every walk: the rest of the loop from each location, and the
turn's best walk, recomputed here by enumerating all walks (the heuristic keeps each location's
cheapest walks instead, strategies/heuristic.pyx loop_rest, or with backward_loop sums them up
backwards once per plan, loop_rest_backward)."""

from __future__ import annotations

from functools import cache

import pytest

from gwt_sim.game import new_game
from gwt_sim.variant import Variant
from strategies.heuristic import HeuristicPolicy, debug_loop

VARIANT = Variant(players=4, sides="random", neutral_layout="random")


def walks(start: int, nxt: dict[int, list[int]], kc: int, limit: int):
    """Every walk of 1..limit locations from `start` (none goes on from Kansas City), as the list of
    its locations."""
    stack = [(start, [])]
    while stack:
        node, path = stack.pop()
        for m in nxt[node]:
            walk = [*path, m]
            yield walk
            if m != kc and len(walk) < limit:
                stack.append((m, walk))


def check_plan(plan: dict) -> int:
    """Assert the plan's values against all walks; the number of locations checked."""
    nodes, kc, limit, turn = plan["nodes"], plan["kc"], plan["limit"], plan["turn_cost"]
    nxt = {m: info["next"] for m, info in nodes.items()}
    nxt[plan["origin"]] = plan["origin_next"]

    def value(walk: list[int]) -> float:
        """Stopping at the walk's end: its visit minus the fees and the turn, plus the rest of the
        loop from there (none from Kansas City)."""
        last = walk[-1]
        v = nodes[last]["visit"] - sum(nodes[m]["fee"] for m in walk) - turn
        return v + (rest(last) if last != kc else 0.0)

    @cache
    def rest(x: int) -> float:
        return max((value(w) for w in walks(x, nxt, kc, limit)), default=-1.0e9)

    for m, info in nodes.items():
        if m != kc:
            assert info["val"] == pytest.approx(rest(m), abs=1e-9), m
    assert plan["best"] == pytest.approx(rest(plan["origin"]), abs=1e-9)
    path = plan["path"]
    assert path and all(b in nxt[a] for a, b in zip([plan["origin"], *path[:-1]], path, strict=True))
    return len(nodes)


@pytest.mark.parametrize("backward_loop", [False, True])
@pytest.mark.parametrize("profile", ["balanced", "builder"])
def test_loop_plan_is_the_best_over_all_walks(profile: str, backward_loop: bool) -> None:
    checked = plans = 0
    for seed in (11, 12):
        state = new_game(VARIANT, seed=seed)
        policies = [HeuristicPolicy(profile, backward_loop=backward_loop) for _ in range(VARIANT.players)]
        for seat, policy in enumerate(policies):
            policy.reset(seed, seat)
        while not state.is_terminal():
            legal = state.legal_actions()
            if state.decision_name() == "before phase A" and state.turn_number % 3 == 0:
                checked += check_plan(debug_loop(state, profile, backward_loop))
                plans += 1
            action = legal[0] if len(legal) == 1 else policies[state.current_player()].choose(state, legal)
            state.apply_action(action)
    assert plans > 20 and checked > 10 * plans       # whole loops, not a turn's reach


def test_backward_loop_is_an_option_of_the_heuristic_and_named() -> None:
    assert HeuristicPolicy("balanced").backward_loop        # the default (the planner keeps it off)
    assert HeuristicPolicy("balanced").name == "heuristic:profile=balanced"
    assert HeuristicPolicy("balanced", backward_loop=False).name == "heuristic:profile=balanced:backward_loop=false"
    with pytest.raises(ValueError, match="backward_loop"):
        HeuristicPolicy("balanced", backward_loop="yes")
