"""The contract every registered strategy keeps (every row of `list_strategies()`, each heuristic
profile included), checked on many states reached by random play:

* `choose(state, legal)` returns one of `state.legal_actions()` and leaves the state untouched;
* it is deterministic: the same `reset(seed, seat)` gives the same choice, whatever the policy object
  saw before;
* it does not cheat: the choice is the same on a copy whose hidden information — own draw-pile order,
  rivals' hands, deck and stack order, all future randomness — was redrawn (`_resample_hidden`);
* whole games against `random` run to the end in compiled code (`play_game`), and the compiled path
  (`choose_c`) plays exactly the game the Python path (`choose`) plays.

The states come from random play (40 seeds x 2/3/4 players, stratified by decision kind), more seeds
for the rare kinds, and scenario positions for the building actions random play never reaches
(6b, 9a, 9b need 4-7 builders). Every decision kind of the engine shows up at least once.
Strategies that cannot be built (a compiled module missing) fail here; they are not skipped.
"""

from __future__ import annotations

import random
import re
import time
from collections import Counter
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np
import pytest

import gwt_sim.engine
from gwt_sim.engine.game import FRAME_NAMES, F, GameState, RulesHandle
from gwt_sim.engine.play import play_game, record
from gwt_sim.engine.scenario import ScenarioState
from gwt_sim.tables import compile_tables
from gwt_sim.variant import Variant
from strategies.base import Policy
from strategies.registry import list_strategies, make_policy
from tests.plugins.misbehaving import PlaysOnTheState

SEEDS = range(40)
PLAYERS = (2, 3, 4)
PER_KIND_PER_PLAYERS = 10        # states kept per decision kind and player count (stratified sample)
RARE_SEEDS = range(40, 3000)     # searched (and stopped early) for kinds the first sweep missed
RARE_KEEP = 3
RESAMPLES = (1, 2, 3, 4)         # hidden-information redraws per state
MIN_STATES = 500

STRATEGIES = [name for name, _ in list_strategies()]

# Decisions reached through the actions of private buildings 6b, 9a and 9b, which random play never
# builds; their states are made by running that action in a mid-game position (see scenario_states).
SCENARIO_ACTIONS = {
    "adjacent building": "building 6b action 1",
    "adjacent actions": "building 6b action 1",
    "extraordinary delivery": "building 9a action 2",
    "station behind engine": "building 9b action 1",
}


def decision_kinds() -> list[str]:
    """The frame kinds that are decisions (not control frames, nor Sam's turn: forced, one legal action,
    which no policy is asked), as frames.pxd documents them."""
    text = (Path(gwt_sim.engine.__file__).parent / "frames.pxd").read_text(encoding="utf-8")
    kinds = {int(num): what for _, num, what in
             re.findall(r"^\s*F_([A-Z0-9_]+)\s*=\s*(\d+)\s*#\s*(decision|control|forced):", text, re.MULTILINE)}
    assert sorted(kinds) == list(range(len(FRAME_NAMES))), "frames.pxd frame comments out of step"
    return [FRAME_NAMES[k] for k, what in sorted(kinds.items()) if what == "decision"]


@dataclass(frozen=True)
class Sample:
    state: GameState
    seed: int          # game seed: the policy is reset with (seed, seat)
    seat: int
    kind: str
    origin: str


@cache
def _handle(players: int, simmental: bool = False) -> RulesHandle:
    return RulesHandle(compile_tables(variant=Variant(players=players, sides="random", neutral_layout="random",
                                                      simmental=simmental)))


def _random_walk(handle: RulesHandle, seed: int, visit) -> None:
    """Play one game at random (its own stream), calling visit(state, decision index) at each decision
    (a ScenarioState: its clones take the scenario hooks)."""
    s = ScenarioState(handle, seed)
    rnd = random.Random(seed * 7919 + handle.players)
    i = 0
    while not s.is_terminal():
        visit(s, i)
        legal = s.legal_actions()
        s.apply_action(legal[rnd.randrange(len(legal))])
        i += 1


def _sweep_states() -> list[Sample]:
    out: list[Sample] = []
    for p in PLAYERS:
        handle = _handle(p)
        counts: Counter[str] = Counter()

        def count(s, i, counts=counts):
            counts[s.decision_name()] += 1

        for seed in SEEDS:
            _random_walk(handle, seed, count)
        stride = {k: max(1, n // PER_KIND_PER_PLAYERS) for k, n in counts.items()}
        seen: Counter[str] = Counter()

        def keep(s, i, seed, stride=stride, seen=seen, p=p):
            k = s.decision_name()
            if seen[k] % stride[k] == stride[k] // 2:
                out.append(Sample(s.clone(), seed, s.current_player(), k, f"random play, {p} players, seed {seed}"))
            seen[k] += 1

        for seed in SEEDS:
            _random_walk(handle, seed, lambda s, i, seed=seed: keep(s, i, seed))
    return out


def _rare_states(missing: set[str]) -> list[Sample]:
    """States of kinds the first sweep missed: more seeds (and the Simmental variant)."""
    out: list[Sample] = []
    found: Counter[str] = Counter()
    for p, simmental in ((2, False), (3, False), (4, False), (2, True), (4, True)):
        handle = _handle(p, simmental)
        for seed in RARE_SEEDS:
            if all(found[k] >= RARE_KEEP for k in missing):
                return out

            def keep(s, i, seed=seed, p=p, simmental=simmental):
                k = s.decision_name()
                if k in missing and found[k] < RARE_KEEP:
                    found[k] += 1
                    out.append(Sample(s.clone(), seed, s.current_player(), k,
                                      f"random play, {p} players{', Simmental' if simmental else ''}, seed {seed}"))

            _random_walk(handle, seed, keep)
    return out


def _scenario_states(pool: list[Sample]) -> list[Sample]:
    """Run the 6b / 9a / 9b action in mid-game phase-B positions of random play (a scenario hook of
    the engine), and keep the decisions it opens; the first of those for 6b is followed one step
    into 'adjacent actions'."""
    out: list[Sample] = []
    names = pool[0].state.handle.names["action"]
    found: Counter[str] = Counter()
    bases = [x for x in pool if x.kind == "phase B" and x.state.turn_number >= 8]
    for kind, label in SCENARIO_ACTIONS.items():
        action = names.index(label)
        for x in bases:
            if found[kind] >= RARE_KEEP:
                break
            s = x.state.clone()
            s._poke_player(x.seat, money=max(s.player(x.seat)["money"], 25))
            if kind == "station behind engine" and s.player(x.seat)["engine"] < 10:
                # engines hardly move in random play: put it where stations lie behind it
                taken = {s.player(q)["engine"] for q in range(s.num_players)}
                s._poke_player(x.seat, engine=min(set(range(10, 30)) - taken))
            s._push(F["ACTION"], action=action)     # run the building's action now
            if kind == "adjacent actions" and s.decision_name() == "adjacent building":
                for a in s.legal_actions()[1:]:
                    t = s.clone()
                    t.apply_action(a)
                    if t.decision_name() == kind:
                        s = t
                        break
            if s.decision_name() == kind and s.current_player() == x.seat:
                found[kind] += 1
                out.append(Sample(s, x.seed, x.seat, kind, f"scenario {label!r} from {x.origin}"))
    return out


@cache
def contract_states() -> tuple[Sample, ...]:
    states = _sweep_states()
    kinds = set(decision_kinds())
    missing = kinds - {x.kind for x in states} - set(SCENARIO_ACTIONS)
    states += _rare_states(missing)
    states += _scenario_states(states)
    return tuple(states)


# --------------------------------------------------------------------------- the states themselves


def test_states_cover_every_decision_kind():
    t0 = time.perf_counter()
    states = contract_states()
    kinds = Counter(x.kind for x in states)
    missing = [k for k in decision_kinds() if kinds[k] == 0]
    assert not missing, f"decision kinds without a collected state: {missing}"
    assert len(states) >= MIN_STATES, len(states)
    assert {x.state.num_players for x in states} == set(PLAYERS)
    for x in states:
        assert not x.state.is_terminal() and x.state.current_player() == x.seat
        assert len(x.state.legal_actions()) >= 2, x.origin
        assert x.kind == x.state.decision_name()
    assert time.perf_counter() - t0 < 20


def test_resampling_changes_hidden_information_but_not_the_decision():
    changed = 0
    for i, x in enumerate(contract_states()):
        c = x.state.clone()
        c._resample_hidden(x.seat, 1000 + i)
        assert c.legal_actions() == x.state.legal_actions(), f"resampling changed the legal actions ({x.origin})"
        assert c.observation(x.seat) == x.state.observation(x.seat), f"resampling changed the observation ({x.origin})"
        changed += c != x.state
    # not vacuous: the redraw really changes hidden information in almost every state
    assert changed >= 0.9 * len(contract_states())


# --------------------------------------------------------------------------- every strategy


def _choose(policy: Policy, x: Sample, state: GameState) -> int:
    policy.reset(x.seed, x.seat)
    legal = state.legal_actions()
    before = state.to_bytes()
    a = policy.choose(state, list(legal))
    assert state.to_bytes() == before, f"choose() changed the state ({x.kind}, {x.origin})"
    return a


def check_choices(make, states, label: str) -> None:
    """The choice contract of the policies `make()` builds, on `states` (AssertionError if broken)."""
    first, second = make(), make()
    assert first is not second and isinstance(first, Policy)
    choices = []
    for x in states:
        a = _choose(first, x, x.state)
        legal = x.state.legal_actions()
        assert isinstance(a, int) and a in legal, (
            f"{label}: returned {a!r}, not a legal action of {x.kind!r} ({x.origin}); legal: {legal}")
        assert _choose(first, x, x.state) == a, f"{label}: same reset, another choice ({x.kind}, {x.origin})"
        choices.append(a)
    # a second object, fed the states in the opposite order: no memory of earlier states after reset
    for x, a in zip(reversed(states), reversed(choices), strict=True):
        assert _choose(second, x, x.state) == a, (
            f"{label}: the choice depends on what the policy object saw before ({x.kind}, {x.origin})")
    # no cheating: the same choice whatever the hidden information
    for i, (x, a) in enumerate(zip(states, choices, strict=True)):
        for k in RESAMPLES:
            c = x.state.clone()
            c._resample_hidden(x.seat, 7919 * i + k)
            b = _choose(first, x, c)
            assert b == a, (f"{label}: choice changed from {x.state.action_to_string(a)!r} to "
                            f"{x.state.action_to_string(b)!r} when hidden information was redrawn "
                            f"({x.kind}, {x.origin}, resample {k})")


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_choice_is_legal_deterministic_and_uses_no_hidden_information(strategy):
    check_choices(lambda: make_policy(strategy), contract_states(), strategy)


# --------------------------------------------------------------------------- the checks have teeth


class _Peeker(Policy):
    """Cheats: reads the next rival's hand."""

    def choose(self, state, legal):
        rival = (self.seat + 1) % state.num_players
        return legal[sum(state.hand(rival)) % len(legal)]


class _Unseeded(Policy):
    """Not reproducible: a global random stream."""

    def choose(self, state, legal):
        return random.choice(legal)


class _Forgetful(Policy):
    """Keeps state across games and does not clear it in reset."""

    calls = 0

    def choose(self, state, legal):
        self.calls += 1
        return legal[self.calls % len(legal)]


class _Outlaw(Policy):
    def choose(self, state, legal):
        return max(legal) + 1


@pytest.mark.parametrize("cls, message", [
    (_Peeker, "when hidden information was redrawn"),
    (_Unseeded, "another choice"),
    (_Forgetful, "another choice"),
    (PlaysOnTheState, "changed the state"),
    (_Outlaw, "not a legal action"),
])
def test_the_contract_catches_misbehaving_policies(cls, message):
    states = contract_states()[::4]
    with pytest.raises(AssertionError, match=message):
        check_choices(cls, states, cls.__name__)


GAMES = [(2, 1), (2, 2), (3, 3), (3, 4), (4, 5), (4, 6)]   # (players, seed); the strategy sits at seed % players


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_whole_games_against_random(strategy):
    for players, seed in GAMES:
        handle = _handle(players)
        me = seed % players
        pols = [make_policy(strategy if s == me else "random") for s in range(players)]
        game, rows = play_game(handle, pols, seed)
        assert game[0] == players and rows.shape[0] == players
        again, rows2 = play_game(handle, [make_policy(strategy if s == me else "random") for s in range(players)],
                                 seed)
        assert np.array_equal(game, again) and np.array_equal(rows, rows2), f"{strategy}: game {seed} not reproducible"


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_compiled_and_python_paths_play_the_same_game(strategy):
    # play_game calls choose_c; a Python loop calls choose: both must be the same policy
    players, seed = 2, 5
    handle = _handle(players)
    compiled = play_game(handle, [make_policy(strategy), make_policy(strategy)], seed)
    pols = [make_policy(strategy), make_policy(strategy)]
    for s, pol in enumerate(pols):
        pol.reset(seed, s)
    state = GameState(handle, seed)
    while not state.is_terminal():
        state.apply_action(pols[state.current_player()].choose(state, state.legal_actions()))
    python = record(state)
    assert np.array_equal(compiled[0], python[0]) and np.array_equal(compiled[1], python[1]), strategy


# --------------------------------------------------------------------------- the solo mode (one player against Sam)

SOLO_SEEDS = range(10)
SOLO_DIFFICULTIES = ("easy", "medium", "hard")
SOLO_KEEP_EVERY = 23             # decisions between two kept states of a random solo game


@cache
def _solo_handle(difficulty: str) -> RulesHandle:
    return RulesHandle(compile_tables(variant=Variant(players=1, solo_difficulty=difficulty, sides="random",
                                                      neutral_layout="random")))


@cache
def solo_states() -> tuple[Sample, ...]:
    out: list[Sample] = []
    for difficulty in SOLO_DIFFICULTIES:
        handle = _solo_handle(difficulty)
        for seed in SOLO_SEEDS:
            def keep(s, i, seed=seed, difficulty=difficulty):
                if i % SOLO_KEEP_EVERY == seed % SOLO_KEEP_EVERY:
                    out.append(Sample(s.clone(), seed, s.current_player(), s.decision_name(),
                                      f"random solo play, {difficulty}, seed {seed}"))
            _random_walk(handle, seed, keep)
    return tuple(out)


def test_solo_states_are_the_humans_decisions():
    states = solo_states()
    assert len(states) >= 100
    for x in states:
        assert x.state.solo and x.seat == 0 and x.state.current_player() == 0 != x.state.sam_seat
        assert len(x.state.legal_actions()) >= 2
    assert len({x.kind for x in states}) >= 12


def test_solo_resampling_redraws_sams_hidden_part_only():
    changed_deck = 0
    for i, x in enumerate(solo_states()):
        c = x.state.clone()
        c._resample_hidden(x.seat, 5000 + i)
        assert c.observation(x.seat) == x.state.observation(x.seat), x.origin
        assert c.legal_actions() == x.state.legal_actions()
        assert c.player(c.sam_seat) == x.state.player(x.state.sam_seat)       # his public part
        changed_deck += _sam_order(c) != _sam_order(x.state)
    assert changed_deck >= 0.6 * len(solo_states())        # his deck order is hidden (short decks may repeat)


def _sam_order(s: GameState) -> list[int]:
    c = s.clone()
    out = []
    for _ in range(c.sam()["deck_size"]):
        out.append(_play_sam_card(c))
    return out


def _play_sam_card(s) -> int:
    return s._sam_turn()["card"]


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_solo_choice_is_legal_deterministic_and_uses_no_hidden_information(strategy):
    check_choices(lambda: make_policy(strategy), solo_states(), f"{strategy} (solo)")


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_whole_solo_games(strategy):
    for difficulty in SOLO_DIFFICULTIES:
        handle = _solo_handle(difficulty)
        for seed in (1, 2):
            game, rows = play_game(handle, [make_policy(strategy)], seed)
            assert rows.shape[0] == 2                                      # the human's row and Sam's
            again, rows2 = play_game(handle, [make_policy(strategy)], seed)
            assert np.array_equal(game, again) and np.array_equal(rows, rows2), (strategy, difficulty, seed)
