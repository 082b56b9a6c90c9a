"""Misusing the compiled API from Python is an exception, never a crash of the interpreter.

Each probe found by a crash hunt (2026-12-01) segfaulted, corrupted memory or hung the process
before; it runs in its own interpreter, so a crash fails its case instead of the whole suite.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

PREAMBLE = """
import pytest
from gwt_sim.game import new_game, rules_for
from gwt_sim.variant import Variant
from gwt_sim.engine.game import GameState
h = rules_for(Variant(players=4))
s = new_game(h, seed=1)
"""

PROBES = {
    # a policy asked before its first reset used the all-zero stream: random_below never returned
    "a policy that was never reset": """
        from gwt_sim.engine.policy import Policy, RandomPolicy
        from gwt_sim.game import play_game
        from strategies.greedy import GreedyPolicy
        assert RandomPolicy().choose(s, s.legal_actions()) in s.legal_actions()
        assert 0 <= Policy().random_below(7) < 7
        assert GreedyPolicy().choose(s, s.legal_actions()) in s.legal_actions()
        class ForgetsTheBase(GreedyPolicy):
            def reset(self, game_seed, seat):
                pass
        game, players = play_game(rules_for(Variant(players=2)), [ForgetsTheBase(), ForgetsTheBase()], 1)
        assert game[1] > 0
    """,
    # spaces_per_column beyond the engine's 2 wrote past the foresight arrays
    "foresight spaces beyond the engine's": """
        from gwt_sim.content import ContentError
        from gwt_sim.game import Replay, ReplayError
        for n in (3, 7, 20):
            with pytest.raises(ContentError, match=f"{n} foresight spaces per column, the engine holds 1 to 2"):
                rules_for(Variant(players=4, patches=(f"[foresight]\\nspaces_per_column = {n}",)))
        import json
        from gwt_sim.content import load_content
        from gwt_sim.tables import compile_tables
        patch = "[foresight]\\nspaces_per_column = 20"
        patched = compile_tables(load_content(patches=[patch]), Variant(players=4, patches=(patch,)))
        text = json.dumps({"format": "gwt-sim-replay/1", "content_hash": patched.content_hash,
                           "variant": {"players": 4, "patches": [patch]}, "seed": 1, "actions": []})
        with pytest.raises(ReplayError, match="foresight spaces per column"):
            Replay.from_json(text).run()
    """,
    "play_state with too few policies or no state": """
        from gwt_sim.engine.play import play_state
        from gwt_sim.engine.policy import RandomPolicy
        p = RandomPolicy(); p.reset(1, 0)
        for policies in ([p], []):
            with pytest.raises(ValueError, match="policies for a game of 4 players"):
                play_state(s, policies)
        with pytest.raises(TypeError):
            play_state(None, [])
    """,
    # the planner's and the expert's heuristics are made by their __init__
    "a planner or expert subclass that skips the base __init__": """
        from gwt_sim.engine.play import PolicyError, play_game
        from strategies.expert import ExpertPolicy
        from strategies.planner import PlannerPolicy
        for base in (PlannerPolicy, ExpertPolicy):
            class Skips(base):
                def __init__(self):
                    pass
            with pytest.raises(RuntimeError, match=f"Skips was made without {base.__name__}.__init__"):
                Skips().reset(1, 0)
            with pytest.raises(RuntimeError, match="was made without"):
                Skips().choose(s, s.legal_actions())
            with pytest.raises(PolicyError, match="was made without"):
                play_game(h, [Skips() for _ in range(4)], 1)
    """,
    "record of no state or of an empty one": """
        from gwt_sim.engine.play import record
        with pytest.raises(TypeError):
            record(None)
        with pytest.raises(ValueError, match="holds no game"):
            record(GameState.__new__(GameState))
    """,
    "the planner's helpers with a seat outside the game": """
        from strategies.planner import PlannerPolicy, position_features
        planner = PlannerPolicy()
        for seat in (4, 100000, -2 ** 31):
            with pytest.raises(ValueError, match="seat must be 0..3"):
                planner.position_value(s, seat)
            with pytest.raises(ValueError, match="seat must be 0..3"):
                position_features(s, seat)
        for call in (lambda: planner.position_value(None, 0), lambda: planner.action_values(None),
                     lambda: position_features(None, 0)):
            with pytest.raises(TypeError):
                call()
    """,
    # the compiled policies index their tables by action: ids the state does not allow corrupted the heap
    "a compiled policy asked to choose among actions the state does not allow": """
        from strategies.registry import make_policy
        for name in ("heuristic:profile=balanced", "fast", "planner", "greedy"):
            p = make_policy(name); p.reset(1, 0)
            with pytest.raises(ValueError, match="is not legal in the state given"):
                p.choose(s, list(range(512)))
            with pytest.raises(ValueError, match="is not legal in the state given"):
                p.choose(s, [384, 385])
            assert p.choose(s, s.legal_actions()[:1]) == s.legal_actions()[0]     # a subset is fine
    """,
    # the handle was replaced before the seed was checked: `r` then pointed into a freed handle
    "__init__ again with a bad seed": """
        import gc
        s2 = new_game(rules_for(Variant(players=4)), seed=1)
        with pytest.raises(ValueError, match="seed must be"):
            s2.__init__(rules_for(Variant(players=2)), -1)
        gc.collect()
        junk = [b"\\x7f" * (9191 + k) for k in range(-64, 64) for _ in range(4)]
        assert s2.handle.players == 4 and s2.num_players == 4
        for _ in range(200):
            if s2.is_terminal():
                break
            s2.apply_action(s2.legal_actions()[0])
    """,
    "debug helpers with no state or an empty one": """
        from gwt_sim.engine.debug import invariant_violations
        from strategies.heuristic import debug_cities, debug_loop, debug_values
        empty = GameState.__new__(GameState)
        for helper in (invariant_violations, debug_values, debug_cities, debug_loop):
            with pytest.raises(TypeError):
                helper(None)
            with pytest.raises(ValueError, match="holds no game"):
                helper(empty)
        with pytest.raises(ValueError, match="holds no game"):
            empty._check()
        assert invariant_violations(s) == []
    """,
    "scenario hooks given indices or lists beyond the engine's arrays": """
        from gwt_sim.engine.game import F
        from gwt_sim.engine.scenario import ScenarioState
        sc = ScenarioState(h, 1)
        for call, fragment in [
            (lambda: sc._set_cards(0, draw=[0] * 10000), "at most 112"),
            (lambda: sc._set_cards(0, discard=[500]), "card id must be"),
            (lambda: sc._set_market([1], deck=[0] * 100000), "at most 64"),
            (lambda: sc._set_objectives(stack=[0] * 100000), "stack: at most"),
            (lambda: sc._push(-1), "frame kind must be"),
            (lambda: sc._push(F["ACTION"], action=30000), "action must be"),
            (lambda: sc._push(F["ACTION"], action=2 ** 20), "action must be"),
            (lambda: sc._objective_search(10 ** 6), "seat must be"),
            (lambda: sc._breeding_value(10 ** 6), "seat must be"),
            (lambda: sc._sam_verb(10 ** 4), "Sam's verb must be"),
            (lambda: sc._sam_verb(0), "only in the solo mode"),
            (lambda: sc._set_node(10 ** 6, building=1), "node must be"),
            (lambda: sc._set_job(10 ** 5, 0, 1), "row must be"),
            (lambda: sc._set_foresight(0, 5, 1), "row must be"),
            (lambda: sc._set_station_master(9, 1), "station must be"),
            (lambda: sc._set_current(7), "seat must be"),
            (lambda: sc._visit(500), "node must be"),
        ]:
            with pytest.raises(ValueError, match=fragment):
                call()
        assert sc._invariants() == []
    """,
    "tables edited by hand beyond the engine's limits": """
        from gwt_sim.content import load_content
        from gwt_sim.engine.game import RulesHandle
        from gwt_sim.tables import compile_tables
        for key, value, fragment in (("players", 9, "9 players, the engine holds 1 to 4"),
                                     ("foresight_rows", 100, "100 foresight spaces per column")):
            t = compile_tables(load_content(), Variant(players=4))
            t.scalars[key] = value
            with pytest.raises(ValueError, match=fragment):
                RulesHandle(t)
    """,
}


@pytest.mark.parametrize("probe", list(PROBES), ids=list(PROBES))
def test_misuse_is_an_exception_not_a_crash(probe: str) -> None:
    code = PREAMBLE + textwrap.dedent(PROBES[probe]) + "\nprint('probe passed')\n"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0 and "probe passed" in out.stdout, (
        f"exit code {out.returncode} (negative: killed by that signal)\n{out.stderr[-3000:]}")
