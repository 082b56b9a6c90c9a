"""reports/plan_indicators.py on a hand-made players table: the definitions the bot issues use."""

from __future__ import annotations

import pytest

from reports.plan_indicators import plan_indicators

pl = pytest.importorskip("polars")


def players_table():
    # two strategies, two player-games each; building 1 placed by all of A, building 2 by one of A,
    # building 3 by none of A
    return pl.DataFrame({
        "strategy": ["A", "A", "B", "B"], "game_id": [0, 1, 0, 1], "rank": [1, 2, 2, 1],
        "score": [80, 60, 70, 90], "turns": [30, 30, 30, 30], "builders": [4, 1, 3, 2],
        "stations_upgraded": [4, 0, 5, 1], "station_masters_taken": [1, 0, 2, 0],
        "delivery_value": [40, 20, 30, 30], "deliveries": [4, 4, 3, 3],
        "objectives_gained": [4, 2, 3, 3], "score_objectives": [12, 4, 8, 6], "score_cities": [10, -6, 2, 8],
        "hand_limit": [5, 4, 6, 6], "built_1": [1, 1, 1, 1], "built_2": [0, 1, 1, 1], "built_3": [0, 0, 1, 0],
    })


def test_least_built_is_the_share_of_the_least_placed_building_number():
    values = plan_indicators(players_table())
    assert values["A"]["least_built"] == 0.0          # nobody of A placed building 3
    assert values["B"]["least_built"] == 0.5          # building 3 in one of B's two player-games


def test_shares_and_means_follow_their_definitions():
    a = plan_indicators(players_table())["A"]
    assert a["hand_limit_5"] == 0.5 and a["builders_4"] == 0.5 and a["builders_3"] == 0.5
    assert a["stations_4_and_master"] == 0.5
    assert a["value_per_delivery"] == 60 / 8
    assert a["winners_vp"] == 80 and a["winners_cities_vp"] == 10
    assert a["station_masters_per_game"] == 0.5


def test_fast_target_misses_name_each_missed_bar():
    from reports.plan_indicators import FAST_WINNERS_VP_TARGET, fast_target_misses

    values = plan_indicators(players_table())["A"]        # least_built 0, hand_limit_5 0.5, winners 80
    assert fast_target_misses(values) == ["least_built 0 < 0.03"]
    values.update(least_built=0.05, winners_vp=FAST_WINNERS_VP_TARGET - 1, hand_limit_5=0.2)
    assert fast_target_misses(values) == ["hand_limit_5 0.2 < 0.3", f"winners_vp 69 < {FAST_WINNERS_VP_TARGET:g}"]
    values.update(winners_vp=FAST_WINNERS_VP_TARGET, hand_limit_5=0.3)
    assert fast_target_misses(values) == []


def test_expert_target_misses_name_each_missed_bar():
    from reports.plan_indicators import BOT_TARGETS, EXPERT_WINNERS_VP_TARGET, bot_target_misses
    targets, winners_vp, issue = BOT_TARGETS["expert"]
    assert winners_vp == EXPERT_WINNERS_VP_TARGET and issue == "issue 11"
    values = {key: minimum for key, minimum in targets} | {"winners_vp": winners_vp}
    assert bot_target_misses("expert", values) == []
    values.update(builders_3=0.1, winners_vp=70.0)
    assert bot_target_misses("expert", values) == ["builders_3 0.1 < 0.2", "winners_vp 70 < 85"]


def test_a_target_the_dataset_cannot_measure_is_a_miss_named_so():
    from reports.plan_indicators import BOT_TARGETS, bot_target_misses
    targets, winners_vp, _ = BOT_TARGETS["expert"]
    values = {key: minimum for key, minimum in targets if key != "far_delivery"} | {"winners_vp": winners_vp}
    assert bot_target_misses("expert", values) == ["far_delivery not measured"]
