"""A turn whose first step the engine takes itself (the only way on and nothing to play before it):
the heuristic plans the rest of the walk from there (plan_forced, its default since 2026-11-28); with
plan_forced=false, as before and as the planner plays, it follows the previous turn's plan and stops on
that first location."""

from __future__ import annotations

import pytest

from gwt_sim.engine.game import A, F, GameState
from gwt_sim.game import rules_for
from gwt_sim.variant import EXPERIENCED_SETUP, Variant
from strategies.registry import StrategyError, make_policy


def first_moves_after_a_forced_step(spec: str, seeds: range) -> list[int]:
    """4-player self-play of `spec`: the action chosen at every turn whose first walk decision is a
    step of phase A (the first step was forced), and at no other turn."""
    handle = rules_for(Variant(players=4, **EXPERIENCED_SETUP))
    chosen = []
    for seed in seeds:
        state = GameState(handle, seed)
        policies = [make_policy(spec) for _ in range(4)]
        for seat, policy in enumerate(policies):
            policy.reset(seed, seat)
        seen = set()
        while not state.is_terminal():
            legal, seat, kind = state.legal_actions(), state.current_player(), state.decision_kind()
            action = policies[seat].choose(state, legal)
            if kind in (F["BEFORE_MOVE"], F["MOVE"]) and (seat, state.turn_number) not in seen:
                seen.add((seat, state.turn_number))
                if kind == F["MOVE"]:
                    chosen.append(action)
            state.apply_action(action)
    return chosen


def test_without_plan_forced_a_forced_first_step_ends_the_walk():
    chosen = first_moves_after_a_forced_step("heuristic:profile=balanced:plan_forced=false", range(100, 104))
    assert chosen and all(a == A["STOP"] for a in chosen)


@pytest.mark.parametrize("spec", ["heuristic:profile=balanced", "fast"])
def test_by_default_a_forced_first_step_is_planned(spec: str):
    chosen = first_moves_after_a_forced_step(spec, range(100, 104))
    stops = sum(a == A["STOP"] for a in chosen)
    assert 0 < stops < len(chosen)      # valued: here it stops when the location is worth it, else walks on


def test_plan_forced_is_named_and_checked():
    assert make_policy("heuristic:profile=cattle").plan_forced
    assert make_policy("heuristic:profile=cattle:plan_forced=true").name == "heuristic:profile=cattle"
    assert make_policy("heuristic:profile=cattle:plan_forced=false").name == "heuristic:profile=cattle:plan_forced=false"
    with pytest.raises(StrategyError, match="plan_forced must be true or false"):
        make_policy("heuristic:profile=cattle:plan_forced=1")
