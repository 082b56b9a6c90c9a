"""Whole-game play in compiled code: records, determinism, policies (compiled and plain Python)."""

from __future__ import annotations

import numpy as np
import pytest

from gwt_sim.engine.game import GameState, RulesHandle
from gwt_sim.engine.play import PolicyError, play_game, play_state
from gwt_sim.engine.policy import Policy, RandomPolicy
from gwt_sim.game import Replay, play, rules_for
from gwt_sim.game import play_game as play_game_api
from gwt_sim.tables import compile_tables
from gwt_sim.variant import Variant


class FirstLegal(Policy):
    """A plain-Python policy: always the smallest legal action."""

    name = "first"

    def choose(self, state, legal):
        return legal[0]


class Illegal(Policy):
    def choose(self, state, legal):
        return max(legal) + 1


@pytest.fixture(scope="module")
def handle3() -> RulesHandle:
    return RulesHandle(compile_tables(variant=Variant(players=3, sides="random", neutral_layout="random")))


def test_record_columns_and_consistency(handle3: RulesHandle) -> None:
    game, players = play_game(handle3, [RandomPolicy() for _ in range(3)], 42)
    GAME_FIELDS, PLAYER_FIELDS = handle3.game_fields, handle3.player_fields
    assert game.dtype == np.int32 and players.dtype == np.int32
    assert game.shape == (len(GAME_FIELDS),) and players.shape == (3, len(PLAYER_FIELDS))
    g = dict(zip(GAME_FIELDS, game.tolist(), strict=True))
    assert g["players"] == 3 and g["turns"] > 0 and g["decisions"] > 0 and 0 <= g["end_player"] < 3
    assert {g[f"side_{i}"] for i in range(1, 13)} <= {0, 1}
    assert sorted(g[f"neutral_space_{i}"] for i in range(1, 8)) == list(range(7))
    assert len({g[f"station_master_{i}"] for i in range(1, 6)}) == 5
    cats = [f for f in PLAYER_FIELDS if f.startswith("score_")]
    assert len(cats) == 11
    for row in players:
        r = dict(zip(PLAYER_FIELDS, row.tolist(), strict=True))
        assert r["score"] == sum(r[c] for c in cats)
    assert sorted(players[:, 0].tolist()) == [0, 1, 2]
    assert players[:, PLAYER_FIELDS.index("job_token")].sum() == 1


def test_same_seed_same_record_different_seed_differs(handle3: RulesHandle) -> None:
    a = play_game(handle3, [RandomPolicy() for _ in range(3)], 7)
    b = play_game(handle3, [RandomPolicy() for _ in range(3)], 7)
    c = play_game(handle3, [RandomPolicy() for _ in range(3)], 8)
    assert np.array_equal(a[0], b[0]) and np.array_equal(a[1], b[1])
    assert not np.array_equal(a[1], c[1])


def test_compiled_loop_matches_python_loop(handle3: RulesHandle) -> None:
    game, players = play_game(handle3, [RandomPolicy() for _ in range(3)], 11)
    state, actions = play(handle3, [RandomPolicy() for _ in range(3)], 11)
    assert state.returns() == players[:, 1].tolist()
    assert state.decisions == game[2] == len(actions)


def test_plain_python_policy_plays_whole_games(handle3: RulesHandle) -> None:
    game, players = play_game(handle3, [FirstLegal(), RandomPolicy(), FirstLegal()], 3)
    assert game[1] > 0
    state = GameState(handle3, 3)
    policies = [FirstLegal(), RandomPolicy(), FirstLegal()]
    for seat, p in enumerate(policies):
        p.reset(3, seat)
    play_state(state, policies)
    assert state.returns() == players[:, 1].tolist()


def test_misbehaving_policy_is_reported(handle3: RulesHandle) -> None:
    with pytest.raises(PolicyError, match="not a legal action"):
        play_game(handle3, [Illegal(), RandomPolicy(), RandomPolicy()], 1)
    with pytest.raises(ValueError, match="3 players"):
        play_game(handle3, [RandomPolicy()], 1)
    with pytest.raises(TypeError, match="not a gwt_sim Policy"):
        play_game(handle3, [RandomPolicy(), RandomPolicy(), object()], 1)


class LooksLikeAPolicy:
    """reset and choose, but no Policy: the compiled loops cannot call it (they read a C struct)."""

    def reset(self, game_seed, seat):
        pass

    def choose(self, state, legal):
        return legal[0]


def test_an_object_that_is_no_policy_is_a_type_error_in_every_loop(handle3: RulesHandle) -> None:
    # gwt_sim.game.play and game_log once cast it unchecked and crashed the interpreter
    from gwt_sim.engine.policy import reset_policy
    from gwt_sim.game import game_log

    odd = [RandomPolicy(), LooksLikeAPolicy(), RandomPolicy()]
    with pytest.raises(TypeError, match=r"^seat 2: .*LooksLikeAPolicy.* is not a gwt_sim Policy$"):
        play(handle3, odd, 1)
    with pytest.raises(TypeError, match=r"seat 2: .* is not a gwt_sim Policy"):
        game_log(handle3, odd, 1, Variant(players=3))
    with pytest.raises(TypeError, match=r"seat 2: .* is not a gwt_sim Policy"):
        play_state(GameState(handle3, 1), odd)
    with pytest.raises(TypeError):
        reset_policy(LooksLikeAPolicy(), 1, 0)


def test_policy_base_requires_choose_and_params() -> None:
    with pytest.raises(ValueError, match="takes no parameters"):
        RandomPolicy(depth=3)
    handle = rules_for(Variant(players=2))
    with pytest.raises(PolicyError, match=r"policy Policy \(seat 1\) raised NotImplementedError: Policy must implement"):
        play_game(handle, [Policy(), Policy()], 1)


def test_policy_streams_are_seeded_per_seat_and_game() -> None:
    p = RandomPolicy()
    p.reset(5, 0)
    first = [p.random_below(1000) for _ in range(5)]
    p.reset(5, 0)
    assert [p.random_below(1000) for _ in range(5)] == first
    p.reset(5, 1)
    assert [p.random_below(1000) for _ in range(5)] != first


def test_api_play_game_accepts_variants_tables_and_handles() -> None:
    v = Variant(players=2)
    a = play_game_api(v, [RandomPolicy(), RandomPolicy()], 9)
    b = play_game_api(compile_tables(variant=v), [RandomPolicy(), RandomPolicy()], 9)
    c = play_game_api(rules_for(v), [RandomPolicy(), RandomPolicy()], 9)
    assert np.array_equal(a[1], b[1]) and np.array_equal(b[1], c[1])


def test_replay_round_trip_and_bad_files(tmp_path) -> None:
    v = Variant(players=2, sides="random")
    state, actions = play(rules_for(v), [RandomPolicy(), RandomPolicy()], 21)
    from gwt_sim.game import variant_dict

    r = Replay(state.handle.tables.content_hash, variant_dict(v), 21, actions)
    path = tmp_path / "g.json"
    r.save(path)
    again = Replay.load(path).run(debug=True)
    assert again == state and again.returns() == state.returns()
    (tmp_path / "bad.json").write_text("{nope")
    with pytest.raises(ValueError, match="not valid JSON"):
        Replay.load(tmp_path / "bad.json")
    wrong = Replay("0000", variant_dict(v), 21, actions)
    with pytest.raises(ValueError, match="recorded with content"):
        wrong.run()


def test_per_component_columns_agree_with_the_totals() -> None:
    from strategies.heuristic import HeuristicPolicy

    handle = rules_for(Variant(players=3, sides="random"))
    seen_master = seen_building = False
    for seed in range(12):
        _, players = play_game(handle, [HeuristicPolicy(p) for p in ("engineer", "builder", "cattle")], seed)
        for row in players:
            r = dict(zip(handle.player_fields, row.tolist(), strict=True))
            points = sum(v for k, v in r.items() if k.startswith("station_master_points_"))
            taken = sum(v for k, v in r.items() if k.startswith("station_master_taken_"))
            assert points == r["score_station_masters"]
            assert taken == r["station_masters_taken"]
            assert sum(v for k, v in r.items() if k.startswith("deliveries_")) == r["deliveries"]
            built = sum(v for k, v in r.items() if k.startswith("built_"))
            assert built == r["buildings_built"]        # each number can be placed once
            seen_master |= taken > 0
            seen_building |= built > 0
    assert seen_master and seen_building


class MinusOne(Policy):
    def choose(self, state, legal):
        return -1


def test_policy_returning_minus_one_is_a_policy_error(handle3: RulesHandle) -> None:
    with pytest.raises(PolicyError, match="returned -1"):
        play_game(handle3, [MinusOne(), RandomPolicy(), RandomPolicy()], 1)
