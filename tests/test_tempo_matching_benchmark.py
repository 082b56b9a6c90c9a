"""benchmarks/tempo_matching.py: TempoMatching plays its slow strategy until a rival has looped fast
(v >= 2 Kansas City visits within slope x v - offset turns), then its racing one, and only between
its turns; the script prints the turns of the Kansas City visits."""

from __future__ import annotations

import pytest

from gwt_sim.engine.game import GameState
from gwt_sim.engine.policy import reset_policy
from gwt_sim.game import rules_for
from gwt_sim.variant import EXPERIENCED_SETUP, Variant
from strategies.registry import make_policy

# cheap stand-ins for the two experts: the rule, not their play, is under test
SLOW, RACE = "heuristic:profile=cattle", "heuristic:profile=balanced"


@pytest.fixture(scope="module")
def tempo_matching(benchmarks_importable):
    import tempo_matching
    return tempo_matching


def play(first, rivals: str, seed: int) -> tuple[GameState, list[tuple[int, bool, bool]]]:
    """A 4-player game with the policy `first` in seat 1 and `rivals` in the others; per decision of
    seat 1, if it is a TempoMatching: its turn, whether a racer was seen then, and whether it played
    its racing strategy."""
    state = GameState(rules_for(Variant(players=4, **EXPERIENCED_SETUP)), seed)
    pols = [first] + [make_policy(rivals) for _ in range(3)]
    for seat, pol in enumerate(pols):
        reset_policy(pol, seed, seat)
    traced = hasattr(first, "racer_seen")
    trace = []
    while not state.is_terminal():
        seat = state.current_player()
        legal = state.legal_actions()
        if seat == 0 and traced:
            seen = first.racer_seen(state)
            action = first.choose(state, legal)
            trace.append((state.player(0)["stats"]["turns"], seen, first.playing is first.race))
        else:
            action = pols[seat].choose(state, legal)
        assert action in legal
        state.apply_action(action)
    return state, trace


def test_it_races_from_the_first_turn_after_a_rival_loops_fast(tempo_matching):
    tm = tempo_matching.TempoMatching(slow=SLOW, race=RACE)
    _, trace = play(tm, "fast", 11)
    assert tm.switched_at >= 0, "three fast rivals never looked fast"
    first_seen = next(turn for turn, seen, _ in trace if seen)
    for turn, _, racing in trace:
        # slow up to the turn the racer was seen in (the rule is read at a turn's first decision),
        # racing from the next turn on
        assert racing == (turn > first_seen or turn == tm.switched_at), (turn, first_seen, tm.switched_at)
    assert tm.switched_at in (first_seen, first_seen + 1)


def test_a_rule_that_cannot_fire_plays_the_slow_strategy_all_game(tempo_matching):
    tm = tempo_matching.TempoMatching(slow=SLOW, race=RACE, slope=0)     # 0 x v - 7 < 0 turns: never
    state, trace = play(tm, "fast", 12)
    reference, _ = play(make_policy(SLOW), "fast", 12)
    assert tm.switched_at == -1 and not any(racing for *_, racing in trace)
    assert state.to_bytes() == reference.to_bytes()      # the same game as the slow strategy alone


def test_reset_starts_a_game_slow_again(tempo_matching):
    tm = tempo_matching.TempoMatching(slow=SLOW, race=RACE)
    play(tm, "fast", 11)
    assert tm.playing is tm.race
    tm.reset(5, 0)
    assert tm.playing is tm.slow and tm.switched_at == -1


def test_the_script_prints_the_visits_of_each_strategy(run_benchmark):
    out = run_benchmark("tempo_matching.py", "--games", "2", "--jobs", "1", "fast", "random")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.strip().splitlines()
    assert lines[1].startswith("  fast: visit 1: ") and "visit 5: " in lines[1]
    assert lines[2].startswith("  random: visit 1: ")


def test_a_bad_strategy_is_one_line(run_benchmark):
    out = run_benchmark("tempo_matching.py", "--games", "2", "no_such_bot")
    assert out.returncode == 2 and len(out.stderr.strip().splitlines()) == 1 and "no_such_bot" in out.stderr

