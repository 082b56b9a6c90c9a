"""Golden playthroughs: fixed seeds played by the seeded random policy, compared with files in
tests/golden. The files are `gwt-sim play`'s log (every decision in the game's words, with the money
and VP it changed), so a rules change shows up as a readable diff of what happened. To accept a
deliberate change, regenerate with: GWT_SIM_UPDATE_GOLDEN=1 python -m pytest tests/test_golden.py
"""

from __future__ import annotations

import difflib
import os
from pathlib import Path

import pytest

from gwt_sim.content import FIRST_EDITION_DIR, load_content
from gwt_sim.engine.policy import RandomPolicy
from gwt_sim.game import Replay, game_log, replay_log, rules_for, score_table
from gwt_sim.variant import Variant

GOLDEN = Path(__file__).parent / "golden"
CASES = [(2, 11, "a"), (3, 12, "b"), (4, 13, "random"), (4, 14, "abbaabbaabab")]
# First Edition games (files game_1e_*): 10 building numbers, so 10 letters for explicit sides
CASES_1E = [(2, 21, "a"), (3, 22, "b"), (4, 23, "random"), (4, 24, "abbaabbaab")]


def render(players: int, seed: int, sides: str, edition: int = 2) -> tuple[str, Replay]:
    variant = Variant(players=players, sides=sides, neutral_layout="random" if players == 4 else "ABCDEFG")
    content = load_content(FIRST_EDITION_DIR) if edition == 1 else None
    handle = rules_for(variant, content)
    lines, state, replay = game_log(handle, [RandomPolicy() for _ in range(players)], seed, variant,
                                    ["random"] * players, content)
    text = "\n".join([f"# {variant.describe()} seed={seed} content={replay.content_hash}", *lines,
                      f"game over after {state.turn_number} turns", *score_table(state)]) + "\n"
    return text, replay


def golden_path(players: int, seed: int, edition: int) -> Path:
    return GOLDEN / f"game_{'1e_' if edition == 1 else ''}{players}p_seed{seed}.txt"


ALL_CASES = [(*c, 2) for c in CASES] + [(*c, 1) for c in CASES_1E]


@pytest.mark.parametrize(("players", "seed", "sides", "edition"), ALL_CASES)
def test_golden_playthrough(players: int, seed: int, sides: str, edition: int) -> None:
    text, replay = render(players, seed, sides, edition)
    path = golden_path(players, seed, edition)
    if os.environ.get("GWT_SIM_UPDATE_GOLDEN"):
        path.write_text(text, encoding="utf-8")
        replay.save(path.with_suffix(".replay.json"))
    expected = path.read_text(encoding="utf-8")
    if text != expected:
        diff = "".join(difflib.unified_diff(expected.splitlines(True), text.splitlines(True),
                                            "golden", "now", n=2))
        pytest.fail(f"{path.name} changed (regenerate with GWT_SIM_UPDATE_GOLDEN=1 if intended):\n{diff[:6000]}")


@pytest.mark.parametrize(("players", "seed", "sides", "edition"), ALL_CASES)
def test_golden_replay_reproduces_the_game(players: int, seed: int, sides: str, edition: int) -> None:
    path = golden_path(players, seed, edition).with_suffix(".replay.json")
    replay = Replay.load(path)
    state = replay.run(debug=True)          # the edition is found by the replay's content hash
    assert state.is_terminal()
    expected_scores = golden_path(players, seed, edition).read_text().splitlines()[-14:]
    assert score_table(state) == [line for line in expected_scores if line][-len(score_table(state)):]


@pytest.mark.parametrize(("players", "seed", "sides", "edition"), ALL_CASES)
def test_golden_replay_prints_the_same_log(players: int, seed: int, sides: str, edition: int) -> None:
    """`gwt-sim play --replay` prints the log the game printed when it was played (in the words of
    the edition the replay's content hash names)."""
    path = golden_path(players, seed, edition)
    lines, state = replay_log(Replay.load(path.with_suffix(".replay.json")))
    golden = path.read_text(encoding="utf-8").splitlines()
    assert lines == golden[1:1 + len(lines)]
    assert golden[1 + len(lines)] == f"game over after {state.turn_number} turns"


def test_same_seed_same_game_bytes() -> None:
    a, _ = render(3, 99, "random")
    b, _ = render(3, 99, "random")
    assert a == b
    c, _ = render(3, 100, "random")
    assert a != c
