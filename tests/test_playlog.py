"""`gwt-sim play`'s log: the game it plays is the game `play` plays, every decision in the game's words,
money changes that add up to the final money, the same log from a replay, the default strategy and
the seats named in the header; a solo game's log with Sam's turns in it. (The golden playthroughs in
tests/golden are this log.)"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from gwt_sim.cli import cli
from gwt_sim.engine.game import GameState
from gwt_sim.game import Replay, game_log, play, policies_from_names, replay_log, rules_for, seat_strategies
from gwt_sim.variant import Variant
from strategies.registry import DEFAULT_PLAY_STRATEGY

HEADER = re.compile(r"-- turn (\d+) · seat (\d+) \((.*?)\) · (?:\$(-?\d+), )?(-?\d+) VP · ")   # Sam: no money
MONEY = re.compile(r"\$(-?\d+) → \$(-?\d+)")
VP = re.compile(r"(-?\d+) → (-?\d+) VP$")
OTHERS = re.compile(r"(?:fee )?\$(\d+) to seat (\d+)")
BANK_VP = re.compile(r"seat (\d+)(?: from the bank)?, (-?\d+) → (-?\d+) VP\)")   # Sam's turn: the human's VP

# 1 player: the solo mode (seed 2: the bank pays the human fees for Sam's walks)
CASES = [(2, 3, "heuristic:profile=balanced"), (3, 8, "heuristic:profile=builder"), (4, 5, "random"),
         (1, 2, "heuristic:profile=builder")]


def _log(players: int, seed: int, strategy: str) -> tuple[list[str], GameState, Replay, Variant]:
    variant = Variant(players=players, sides="random", neutral_layout="random")
    seats = seat_strategies([strategy], players)
    lines, state, replay = game_log(rules_for(variant), policies_from_names(seats, players), seed, variant, seats)
    return lines, state, replay, variant


@pytest.mark.parametrize(("players", "seed", "strategy"), CASES)
def test_the_logged_game_is_the_game_play_plays(players: int, seed: int, strategy: str) -> None:
    """Stopping at every decision to log it changes nothing: same state bytes, same choices."""
    _, logged, replay, variant = _log(players, seed, strategy)
    plain, actions = play(rules_for(variant), policies_from_names([strategy], players), seed)
    assert logged.to_bytes() == plain.to_bytes()
    assert replay.actions == actions and logged.decisions == plain.decisions == len(actions)


@pytest.mark.parametrize(("players", "seed", "strategy"), CASES)
def test_money_in_the_log_adds_up(players: int, seed: int, strategy: str) -> None:
    """Each seat's money, followed through the log's changes (its own lines and the fees others pay it),
    matches every turn header and the final money; each VP change starts where the seat's VP stood."""
    lines, state, _, _ = _log(players, seed, strategy)
    seats = state.num_players                      # the solo mode: the human's and Sam's
    money = [int(m) for m in state.handle.tables.start_money[:seats]]
    vp: list[int | None] = [None] * seats
    seat = None
    for line in lines:
        head = HEADER.match(line)
        if head:
            seat = int(head.group(2)) - 1
            assert head.group(3) == ("Sam" if seat == state.sam_seat else strategy)
            assert int(head.group(4) or 0) == money[seat], line
            vp[seat] = int(head.group(5))
            continue
        assert seat is not None
        found = MONEY.findall(line)                # the changes come last ("$9 → $7, 26 → 25 VP")
        if found:
            assert int(found[-1][0]) == money[seat], line
            money[seat] = int(found[-1][1])
        for paid, to in OTHERS.findall(line):
            money[int(to) - 1] += int(paid)
        for other, was, now in BANK_VP.findall(line):
            assert int(was) == vp[int(other) - 1], line
            vp[int(other) - 1] = int(now)
        v = VP.search(line)
        if v:
            assert int(v.group(1)) == vp[seat], line
            vp[seat] = int(v.group(2))
    assert money == [state.player(s)["money"] for s in range(seats)]
    if state.solo:               # every VP change of both seats is in the log (the bank's fees in Sam's turns)
        assert vp == [state.score_now(s)["total"] for s in range(seats)] == state.returns()


def test_the_log_says_what_happened_in_game_words() -> None:
    lines = []
    for players, seed, strategy in [(3, 2, "heuristic:profile=balanced"), (4, 1, "random"), (4, 2, "random")]:
        lines += _log(players, seed, strategy)[0]
    text = "\n".join(lines)
    assert re.search(r"   hire (cowboy|builder|engineer) \(row \d+\) for \$\d+ ", text)
    assert re.search(r"   build \d+[ab] on \S+ for \$\d+ \(\d+ builders?\)", text)
    assert re.search(r"   deliver to [A-Z][a-z]+.*: breeding value \d+.*disc from \w+", text)
    assert re.search(r"   deliver to .*transport \$\d+", text)
    assert re.search(r"   move to \S+ .*\(fee \$\d+ to (seat \d|the bank)\)", text)
    assert re.search(r"   [A-G] action \d: ", text)                       # a building's action with its text
    assert re.search(r"   auxiliary action \d( \(double\))?: ", text)
    assert re.search(r"   take station master SM\d at station \d, giving up an? (cowboy|builder|engineer)", text)
    # no engine-internal names left
    for raw in ("local action", "option 1", "[phase", "aux 1 single", "spend 0 certificate"):
        assert raw not in text


def test_score_now_is_the_final_score_at_the_end_and_touches_nothing() -> None:
    _, state, _, _ = _log(3, 8, "heuristic:profile=builder")
    assert [state.score_now(s)["total"] for s in range(3)] == state.returns()
    assert [{k: v for k, v in state.score_now(s).items()} for s in range(3)] == state.scores()
    handle = rules_for(Variant(players=2))
    s = GameState(handle, 4)
    for _ in range(40):
        s.apply_action(s.legal_actions()[-1])
    before = s.to_bytes()
    s.score_now(0), s.score_now(1)
    assert s.to_bytes() == before
    with pytest.raises(ValueError):
        s.score_now(2)


def test_clones_of_an_every_decision_state_play_on_as_usual() -> None:
    import random

    handle = rules_for(Variant(players=2))
    s = GameState(handle, 7, every_decision=True)
    rng = random.Random(1)
    while len(s.legal_actions()) > 1:
        s.apply_action(rng.choice(s.legal_actions()))
    assert len(s.legal_actions()) == 1 and s.every_decision
    c = s.clone()
    assert not c.every_decision
    c.apply_action(c.legal_actions()[0])
    while not c.is_terminal():                  # the clone never stops at a forced decision
        assert len(c.legal_actions()) > 1
        c.apply_action(rng.choice(c.legal_actions()))


def test_replay_log_is_the_play_log(tmp_path: Path) -> None:
    lines, state, replay, _ = _log(3, 8, "heuristic:profile=builder")
    path = tmp_path / "game.json"
    replay.save(path)
    again, state2 = replay_log(Replay.load(path))
    assert again == lines and state2.to_bytes() == state.to_bytes()
    # a replay without strategies (written before they were recorded) still replays, unnamed
    bare = Replay(replay.content_hash, replay.variant, replay.seed, replay.actions)
    unnamed, _ = replay_log(bare)
    assert [re.sub(r" \(.*?\) · \$", " · $", x, count=1) if x.startswith("--") else x for x in lines] == \
        [re.sub(r" · \$", " · $", x) for x in unnamed]


def test_cli_play_defaults_names_seats_and_replays_the_same_log(tmp_path: Path) -> None:
    runner = CliRunner()
    out = tmp_path / "g.json"
    first = runner.invoke(cli, ["play", "-n", "3", "--seed", "4", "--replay-out", str(out)], catch_exceptions=False)
    assert first.exit_code == 0, first.output
    assert DEFAULT_PLAY_STRATEGY == "fast"
    assert first.output.splitlines()[1] == (f"seats: 1 {DEFAULT_PLAY_STRATEGY} ($6); 2 {DEFAULT_PLAY_STRATEGY} ($7); "
                                            f"3 {DEFAULT_PLAY_STRATEGY} ($8)")
    again = runner.invoke(cli, ["play", "--replay", str(out)], catch_exceptions=False)
    assert again.exit_code == 0 and again.output == first.output
    mixed = runner.invoke(cli, ["play", "-n", "2", "--strategies", "random,heuristic:profile=cattle", "-q"],
                          catch_exceptions=False)
    assert mixed.output.splitlines()[1] == "seats: 1 random ($6); 2 heuristic:profile=cattle ($7)"
