"""Whole solo games (one player against Sam): random play at every difficulty with every invariant
checked after every action (Sam's included: docs/solo_engine.md §13), Sam never deciding, every game
ending, clones staying equal, and a replay reproducing each game; plus the golden solo playthroughs
(`gwt-sim play`'s log with Sam's turns, compared with files in tests/golden; regenerate deliberate
changes with GWT_SIM_UPDATE_GOLDEN=1) and the same log again from their replays."""

from __future__ import annotations

import difflib
import os
import random
import re
from pathlib import Path

import pytest

from gwt_sim.engine.game import A, GameState, RulesHandle
from gwt_sim.engine.policy import RandomPolicy
from gwt_sim.game import Replay, game_log, replay_log, rules_for, score_table, variant_dict
from gwt_sim.tables import compile_tables
from gwt_sim.variant import Variant

GAMES = int(os.environ.get("GWT_SIM_SOLO_GAMES", "200"))
GOLDEN = Path(__file__).parent / "golden"


def play_checked(handle: RulesHandle, seed: int, rnd: random.Random) -> tuple[GameState, list[int]]:
    s = GameState(handle, seed, debug=True)
    actions = []
    sam_turns = 0
    while not s.is_terminal():
        legal = s.legal_actions()
        assert len(legal) >= 2 and legal == sorted(set(legal))
        assert s.current_player() == 0, "Sam never decides: a policy only ever sees the human's seat"
        a = rnd.choice(legal)
        c = s.clone()
        c.debug = False
        s.apply_action(a)
        c.apply_action(a)
        assert c == s
        actions.append(a)
        t = s.sam_last_turn()
        if t and t["turn"] > sam_turns:
            sam_turns = t["turn"]
            assert t["card"] in range(1, 16) and 1 <= t["steps"] <= 5 and len(t["walk"]) <= t["steps"]
    scores = s.scores()
    for row in scores:
        assert row["total"] == sum(v for k, v in row.items() if k != "total")
    sam = scores[s.sam_seat]
    assert sam["money"] == sam["station_masters"] == sam["step_disc"] == 0
    assert s.player(s.sam_seat)["stats"]["turns"] in (s.player(0)["stats"]["turns"], s.player(0)["stats"]["turns"] - 1)
    return s, actions


@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard"])
def test_random_solo_games_keep_every_invariant_and_replay(difficulty):
    variant = Variant(players=1, solo_difficulty=difficulty, sides="random", neutral_layout="random")
    tables = compile_tables(variant=variant)
    handle = RulesHandle(tables)
    rnd = random.Random(hash(difficulty) % 1000)
    for seed in range(GAMES):
        s, actions = play_checked(handle, seed, rnd)
        assert s.turn_number < 300
        if seed % 20 == 0:
            replay = Replay(tables.content_hash, variant_dict(variant), seed, actions)
            again = Replay.from_json(replay.to_json()).run(debug=True)
            assert again == s and again.returns() == s.returns()


def test_simmental_solo_games():
    handle = RulesHandle(compile_tables(variant=Variant(players=1, simmental=True, sides="random")))
    rnd = random.Random(11)
    for seed in range(GAMES // 10):
        play_checked(handle, seed, rnd)


def test_replay_of_a_solo_game_names_the_variant():
    variant = Variant(players=1, solo_difficulty="hard", solo_first_delivery="chicago")
    d = variant_dict(variant)
    assert d["players"] == 1 and d["solo_difficulty"] == "hard" and d["solo_first_delivery"] == "chicago"
    assert "solo_difficulty" not in variant_dict(Variant(players=2))        # 2-4 player replays unchanged
    assert Replay("x", d, 1, []).variant_object() == variant


def test_illegal_action_in_a_solo_game():
    s = GameState(rules_for(Variant(players=1)), 3)
    with pytest.raises(ValueError):
        s.apply_action(A["NUM_ACTIONS"] - 1 if A["NUM_ACTIONS"] - 1 not in s.legal_actions() else 0)


# --------------------------------------------------------------------------- golden playthroughs

GOLDEN_CASES = [("easy", 21, "a"), ("medium", 22, "random"), ("hard", 23, "b")]


def render(difficulty: str, seed: int, sides: str) -> tuple[str, Replay]:
    variant = Variant(players=1, solo_difficulty=difficulty, sides=sides, neutral_layout="random")
    handle = rules_for(variant)
    lines, state, replay = game_log(handle, [RandomPolicy()], seed, variant, ["random"])
    text = "\n".join([f"# {variant.describe()} seed={seed} content={replay.content_hash}", *lines,
                      f"game over after {state.turn_number} turns", *score_table(state)]) + "\n"
    return text, replay


@pytest.mark.parametrize(("difficulty", "seed", "sides"), GOLDEN_CASES)
def test_golden_solo_playthrough(difficulty, seed, sides):
    text, replay = render(difficulty, seed, sides)
    path = GOLDEN / f"solo_{difficulty}_seed{seed}.txt"
    if os.environ.get("GWT_SIM_UPDATE_GOLDEN"):
        path.write_text(text, encoding="utf-8")
        replay.save(path.with_suffix(".replay.json"))
    expected = path.read_text(encoding="utf-8")
    if text != expected:
        diff = "".join(difflib.unified_diff(expected.splitlines(True), text.splitlines(True), "golden", "now", n=2))
        pytest.fail(f"{path.name} changed (regenerate with GWT_SIM_UPDATE_GOLDEN=1 if intended):\n{diff[:6000]}")


@pytest.mark.parametrize(("difficulty", "seed", "sides"), GOLDEN_CASES)
def test_golden_solo_replay_reproduces_the_game(difficulty, seed, sides):
    path = GOLDEN / f"solo_{difficulty}_seed{seed}.txt"
    state = Replay.load(path.with_suffix(".replay.json")).run(debug=True)
    table = score_table(state)
    assert path.read_text(encoding="utf-8").splitlines()[-len(table):] == table
    assert re.search(r"^-- turn \d+ · seat 2 \(Sam\) · \d+ VP · herder at .*\n   card #\d+: \d steps?, herder to ",
                     path.read_text(encoding="utf-8"), re.M)


@pytest.mark.parametrize(("difficulty", "seed", "sides"), GOLDEN_CASES)
def test_golden_solo_replay_prints_the_same_log(difficulty, seed, sides):
    """`gwt-sim play --replay` of a solo game prints the log it printed when it was played."""
    path = GOLDEN / f"solo_{difficulty}_seed{seed}.txt"
    lines, state = replay_log(Replay.load(path.with_suffix(".replay.json")))
    golden = path.read_text(encoding="utf-8").splitlines()
    assert lines == golden[1:1 + len(lines)]
    assert golden[1 + len(lines)] == f"game over after {state.turn_number} turns"


def test_play_solo_on_the_command_line(run, tmp_path):
    result = run("play", "--solo", "--difficulty", "hard", "--strategies", "heuristic", "--seed", "4",
                 "--replay-out", str(tmp_path / "r.json"))
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.startswith("Great Western Trail, Second Edition — solo against Sam (hard), seed 4")
    assert out.splitlines()[1] == "seats: 1 heuristic ($6); 2 Sam (hard, first delivery to Peoria)"
    assert "\n-- turn 2 · seat 2 (Sam) · " in out and re.search(r"\n   card #\d+: \d steps?, herder to ", out)
    lines = out.splitlines()
    assert lines[-14].split() == ["you", "Sam"] and lines[-1].startswith("result: ")
    replayed = run("play", "--replay", str(tmp_path / "r.json"))
    assert replayed.exit_code == 0 and replayed.output == out                # the same log
    again = run("play", "-n", "1", "--difficulty", "hard", "--strategies", "heuristic", "--seed", "4")
    assert again.output == out                                   # -n 1 is --solo
