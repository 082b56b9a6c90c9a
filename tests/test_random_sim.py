"""OpenSpiel-style random simulation: many complete random games in debug mode.

At every step: the legal actions are sorted, unique and in range; the chosen action is legal; a clone
equals the state and stays equal after the same action; the conservation invariants hold (debug
mode checks them after every action). Every game terminates with 11 scoring categories that add up.
"""

from __future__ import annotations

import os
import random

import pytest

from gwt_sim.engine.debug import invariant_violations
from gwt_sim.engine.game import A, EngineError, GameState, IllegalActionError, RulesHandle
from gwt_sim.tables import compile_tables
from gwt_sim.variant import Variant

GAMES = int(os.environ.get("GWT_SIM_RANDOM_GAMES", "2000"))


def play_checked(handle: RulesHandle, seed: int, rnd: random.Random) -> GameState:
    s = GameState(handle, seed, debug=True)
    steps = 0
    while not s.is_terminal():
        legal = s.legal_actions()
        assert len(legal) >= 2, "a pending decision always offers a real choice"
        assert legal == sorted(set(legal)), legal
        assert 0 <= legal[0] and legal[-1] < A["NUM_ACTIONS"]
        assert 0 <= s.current_player() < handle.players
        a = rnd.choice(legal)
        c = s.clone()
        c.debug = False
        assert c == s and c.legal_actions() == legal
        s.apply_action(a)
        c.apply_action(a)
        assert c == s, f"clone diverged after {s.action_to_string(a)} (seed {seed}, step {steps})"
        steps += 1
    assert s.current_player() == -4 and s.legal_actions() == []
    for row in s.scores():
        assert row["total"] == sum(v for k, v in row.items() if k != "total")
        assert len(row) == 12
    with pytest.raises(IllegalActionError):
        s.apply_action(0)
    return s


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_every_invariant(players: int) -> None:
    handle = RulesHandle(compile_tables(variant=Variant(players=players, sides="random",
                                                        neutral_layout="random")))
    rnd = random.Random(players)
    turns = []
    for seed in range(GAMES):
        s = play_checked(handle, seed, rnd)
        turns.append(s.turn_number)
    # every game ended well before the engine's safety cap
    assert max(turns) < 3000


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_first_edition_games_keep_every_invariant(players: int) -> None:
    from gwt_sim.content import FIRST_EDITION_DIR, load_content

    handle = RulesHandle(compile_tables(load_content(FIRST_EDITION_DIR), Variant(
        players=players, sides="random", neutral_layout="random")))
    rnd = random.Random(200 + players)
    traded = 0
    for seed in range(GAMES // 2):
        s = play_checked(handle, seed, rnd)
        assert s.turn_number < 3000
        traded += sum(s.player(p)["stats"]["bounties"] for p in range(players))
    assert traded > 0                     # the random games do trade with Indians


@pytest.mark.parametrize("players", [2, 4])
def test_random_games_simmental(players: int) -> None:
    handle = RulesHandle(compile_tables(variant=Variant(players=players, sides="random", simmental=True)))
    rnd = random.Random(100 + players)
    for seed in range(GAMES // 10):
        play_checked(handle, seed, rnd)


def test_illegal_action_is_refused_and_state_unchanged() -> None:
    s = GameState(compile_tables(variant=Variant(players=2)), 3)
    before = s.to_bytes()
    bad = max(s.legal_actions()) + 1
    with pytest.raises(IllegalActionError):
        s.apply_action(bad)
    assert s.to_bytes() == before


@pytest.mark.parametrize("seat", [-1, 2, 99, 1_000_000])
def test_a_seat_outside_the_game_is_refused_not_read(seat: int) -> None:
    """Policies call these with seats of their own choosing; C arrays must not be read out of range."""
    s = GameState(compile_tables(variant=Variant(players=2)), 3)
    before = s.to_bytes()
    for call in (s.observation, s.player, s.hand, s.score_now, lambda x: s.transport_cost(x, 0),
                 lambda x: s._resample_hidden(x, 1)):
        with pytest.raises(ValueError, match=f"got {seat}|no seat {seat}"):
            call(seat)
    assert s.to_bytes() == before


def test_a_state_made_without_init_reads_an_empty_game() -> None:
    """GameState.__new__ alone (a plugin may do it) used to leave the rules pointer NULL: a segfault."""
    s = GameState.__new__(GameState)
    assert s.is_terminal() and s.legal_actions() == [] and s.board()["buildings"] == {}


def test_engine_error_type_exists() -> None:
    assert issubclass(EngineError, RuntimeError)


def test_resampling_hidden_information_keeps_what_the_seat_knows() -> None:
    handle = RulesHandle(compile_tables(variant=Variant(players=4, sides="random")))
    rnd = random.Random(5)
    changed = 0
    for seed in range(30):
        s = GameState(handle, seed)
        for _ in range(rnd.randrange(20, 300)):
            if s.is_terminal():
                break
            s.apply_action(rnd.choice(s.legal_actions()))
        if s.is_terminal():
            continue
        me = s.current_player()
        before = s.observation(me)
        t = s.clone()
        t._resample_hidden(me, seed + 1000)
        assert t.observation(me) == before          # everything `me` may know is unchanged
        assert invariant_violations(t) == []
        changed += t.to_bytes() != s.to_bytes()
        assert t.legal_actions() == s.legal_actions()
    assert changed > 20                              # and the hidden part really was redrawn
