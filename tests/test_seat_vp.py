"""Seat compensation (`Variant.seat_vp`): VP added per seat at final scoring.

The VP go into the total (so ranks, winners and the dataset's `score` see them), not into the 11
scoresheet categories, and nothing the strategies see changes: under common random numbers a game
with seat VP is the same game, only its final totals differ.
"""

from __future__ import annotations

import numpy as np
import polars as pl
import pytest

from gwt_sim import schema
from gwt_sim.game import Replay, game_log, play_game, policies_from_names, rules_for, score_table
from gwt_sim.runner import simulate
from gwt_sim.variant import Variant, VariantError
from strategies.registry import make_policy

# the record's leading player columns (the per-component ones after them depend on the content)
PLAYER_FIELDS = ("seat", "score", *schema.SCORE_COLUMNS, *schema.PLAYER_STATISTICS)
SCORE = PLAYER_FIELDS.index("score")
CATEGORIES = slice(PLAYER_FIELDS.index("score") + 1, PLAYER_FIELDS.index("money"))


@pytest.mark.parametrize("strategy", ["random", "heuristic:profile=balanced"])
def test_seat_vp_changes_the_totals_only(strategy: str) -> None:
    plain = rules_for(Variant(players=3))
    bonus = rules_for(Variant(players=3, seat_vp=(-4, 0, 7)))
    for seed in range(5):
        g0, p0 = play_game(plain, [make_policy(strategy) for _ in range(3)], seed)
        g1, p1 = play_game(bonus, [make_policy(strategy) for _ in range(3)], seed)
        assert np.array_equal(g0, g1)                       # the same game, move for move
        assert np.array_equal(p1[:, SCORE], p0[:, SCORE] + np.array([-4, 0, 7]))
        assert np.array_equal(p1[:, CATEGORIES], p0[:, CATEGORIES])
        assert np.array_equal(p1[:, CATEGORIES].sum(axis=1) + np.array([-4, 0, 7]), p1[:, SCORE])


def test_seat_vp_validation() -> None:
    assert Variant(players=2, seat_vp=[1, -2]).seat_vp == (1, -2)
    for bad, match in (((1,), "1 values for 2 seats"), ((1.5, 0), "whole VP"), ("12", "whole VP"),
                       ((True, 0), "whole VP"), ((200, 0), r"seat 1: value 200 is out of range.*i8, -128\.\.127")):
        with pytest.raises(VariantError, match=f"^seat_vp: .*{match}"):
            Variant(players=2, seat_vp=bad)


def test_play_table_and_replay_show_seat_vp() -> None:
    v = Variant(players=2, seat_vp=(3, -2))
    _, state, replay = game_log(rules_for(v), policies_from_names(["random"], 2), 5, v)
    table = score_table(state)
    row = next(line for line in table if line.startswith("seat_vp"))
    assert row.split()[1:] == ["3", "-2"]
    assert Replay.from_json(replay.to_json()).run().returns() == state.returns()
    plain = score_table(game_log(rules_for(Variant(players=2)), policies_from_names(["random"], 2), 5,
                                 Variant(players=2))[1])
    assert not any(line.startswith("seat_vp") for line in plain)   # no line when there is no compensation


def test_dataset_records_seat_vp_and_ranks_with_it(tmp_path) -> None:
    exp = {"name": "vp", "games": 30, "seed": 4, "players": 2, "strategies": ["random"], "seating": "fixed",
           "arms": [{"name": "plain"}, {"name": "bonus", "variant": {"seat_vp": [0, 25]}}]}
    out = simulate(exp, tmp_path / "d", jobs=1, progress=False).path
    players = pl.read_parquet(out / "players" / "*.parquet").sort("arm", "game_id", "seat")
    plain = players.filter(pl.col("arm") == "plain")
    bonus = players.filter(pl.col("arm") == "bonus")
    assert plain["seat_vp"].to_list() == [0, 0] * 30
    assert bonus["seat_vp"].to_list() == [0, 25] * 30
    assert (bonus["score"] - plain["score"]).to_list() == [0, 25] * 30
    seat2 = bonus.filter(pl.col("seat") == 2)
    assert seat2["win_share"].sum() >= plain.filter(pl.col("seat") == 2)["win_share"].sum()
    # winners follow the compensated totals
    games = pl.read_parquet(out / "games" / "*.parquet").filter(pl.col("arm") == "bonus")
    best = bonus.group_by("game_id").agg(pl.col("score").max().alias("best"))
    assert games.join(best, on="game_id")["winning_score"].to_list() == \
        games.join(best, on="game_id")["best"].to_list()
