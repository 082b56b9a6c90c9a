"""The built-in Second Edition content against the component reference.

Expected values are transcribed from shared/reference/gwt-components.md (the source of truth); the
section of the reference is named next to each table. The checks are plain functions run on the
built-in content, and `test_checks_notice_broken_data` runs some of them on a deliberately broken
copy to show that they can fail.
"""

from __future__ import annotations

import heapq
from collections import Counter

import pytest

from gwt_sim.content import BOX_COUNTS_2E, load_content
from gwt_sim.model import Content, Step

# --------------------------------------------------------------------------- helpers


def steps(content_steps) -> list:
    """Steps as plain data: [(op, {args}), ...]; a choice as ('choice', [options...])."""
    out = []
    for s in content_steps:
        assert isinstance(s, Step)
        if s.op == "choice":
            out.append(("choice", [steps(o) for o in s.options]))
        else:
            out.append((s.op, dict(s.args)))
    return out


def node_ids(content: Content, kind: str) -> set[str]:
    return {n.id for n in content.trail.of_kind(kind)}


# --------------------------------------------------------------------------- reference data

# §1.1, §3.1: breed -> (value, source, per_player, count, {VP: cards})
BREEDS = {
    "criollo": (1, "starting", 5, 0, {0: 5}),
    "santa_gertrudis": (2, "starting", 3, 0, {0: 3}),
    "pineywoods": (2, "starting", 3, 0, {0: 3}),
    "galloway": (2, "starting", 3, 0, {0: 3}),
    "black_angus": (3, "market", 0, 7, {1: 7}),
    "longhorn": (3, "market", 0, 7, {2: 7}),
    "corriente": (3, "market", 0, 7, {3: 7}),
    "shorthorn": (4, "market", 0, 9, {3: 3, 4: 3, 5: 3}),
    "hereford": (5, "market", 0, 6, {5: 2, 6: 2, 7: 2}),
    "simmental_calf": (2, "market_simmental", 0, 8, {3: 8}),
    "simmental_heifer": (4, "supply_simmental", 0, 8, {4: 8}),
    "simmental_cow": (5, "supply_simmental", 0, 8, {5: 8}),
}

# §4: (cowboys, dollars, cards, group, variant)
BUY_OPTIONS = [
    (1, 6, 1, "value3_market", None), (2, 3, 1, "value3_market", None), (3, 5, 2, "value3_market", None),
    (1, 12, 1, "shorthorn", None), (3, 6, 1, "shorthorn", None), (5, 8, 2, "shorthorn", None),
    (2, 12, 1, "hereford", None), (4, 6, 1, "hereford", None),
    (1, 8, 1, "simmental_calf", "simmental"), (2, 5, 1, "simmental_calf", "simmental"),
]

# §6
JOB_ROW_COSTS = (6, 6, 7, 5, 7, 9, 6, 8, 10, 6, 5, 4)

# §10.2: station -> (turnout after / on space, cost, VP, corner, station-master space)
STATIONS = {
    1: (4.5, 2, 1, "white", True), 2: (7.5, 2, 1, "white", True), 3: (10.5, 4, 2, "white", True),
    4: (13.5, 4, 2, "white", True), 5: (16.5, 6, 3, "dark", True), 6: (21.5, 8, 5, "dark", False),
    7: (25.5, 7, 6, "dark", False), 8: (29.5, 6, 7, "dark", False), 9: (33.5, 5, 8, "dark", False),
    10: (39.0, 3, 9, "dark", False),
}
CROSSES = (3, 4, 5, 7, 9, 10, 11, 13, 15, 16, 17)

# §11.1: (id, value, corner, repeatable, vp_per_disc, end_vp)
CITIES = [
    ("kansas_city", 0, "white", True, -6, 0), ("fulton", 1, "white", False, 0, 0),
    ("st_louis", 4, "white", False, 0, 0), ("bloomington", 6, "white", False, 0, 0),
    ("peoria", 8, "white", False, 0, 0), ("chicago", 10, "dark", False, 0, 0),
    ("toledo", 12, "dark", False, 0, 0), ("pittsburgh", 14, "white", False, 0, 0),
    ("philadelphia", 16, "dark", False, 0, 6), ("new_york", 18, "dark", True, 9, 0),
]
# §11.2: (a, b) -> (immediate, end VP)
ARROWS = {
    ("kansas_city", "fulton"): ([], 0),
    ("fulton", "st_louis"): ([("objective_card", {"to": "discard"})], -3),
    ("st_louis", "bloomington"): ([("exchange_token", {"count": 1})], 0),
    ("bloomington", "peoria"): ([("objective_card", {"to": "discard"})], 0),
    ("peoria", "chicago"): ([("objective_card", {"to": "discard"})], 0),
    ("chicago", "toledo"): ([], 6),
    ("toledo", "pittsburgh"): ([], 8),
    ("pittsburgh", "philadelphia"): ([], 4),
}

# §9: players -> (green, black)
HAND_FEES = {2: (2, 2), 3: (2, 1), 4: (1, 2)}
# §5.3: players -> (base, left disc, right disc)
STEP_LIMITS = {2: (3, 1, 1), 3: (3, 2, 1), 4: (4, 2, 1)}

# §13.2: tile -> (builders, VP, hand)
PRIVATE = {
    "1a": (1, 1, "green"), "1b": (1, 1, "green"), "2a": (1, 1, "none"), "2b": (1, 1, "none"),
    "3a": (1, 1, "none"), "3b": (2, 3, "none"), "4a": (2, 3, "black"), "4b": (2, 3, "black"),
    "5a": (3, 4, "none"), "5b": (3, 4, "none"), "6a": (4, 5, "none"), "6b": (4, 5, "none"),
    "7a": (5, 6, "both"), "7b": (5, 6, "both"), "8a": (5, 6, "green"), "8b": (6, 8, "none"),
    "9a": (7, 9, "none"), "9b": (6, 8, "none"), "10a": (9, 13, "black"), "10b": (8, 11, "black"),
    "11a": (12, 20, "none"), "11b": (5, 10, "none"), "12a": (4, 5, "none"), "12b": (3, 4, "none"),
}

# §14: id -> (immediate, (VP, every, per) or None)
STATION_MASTERS = {
    "SM1": ([("choice", [[("remove_hazard", {"cost": 0})], [("bounty", {})]])], (3, 2, "objective_cards_in_area")),
    "SM2": ([("permanent_certificates", {"count": 1})], (3, 2, "certificates_total")),
    "SM3": ([("permanent_certificates", {"count": 1})], (3, 1, "outlaw_pairs")),
    "SM4": ([("permanent_certificates", {"count": 1})], (3, 2, "hazards_held")),
    "SM5": ([("gain_money", {"amount": 2})], (1, 1, "workers_on_board")),
    "SM6": ([("permanent_certificates", {"count": 1})], (3, 2, "upgraded_stations")),
    "SM7": ([("certificates", {"up_to": 2})], (2, 1, "own_buildings_on_board")),
    "SM8": ([("permanent_certificates", {"count": 2})], None),
    "SM9": ([("gain_money", {"amount": 12})], None),
}

# §8.4
OUTLAW_BOUNTIES = {
    1: ("exchange_token", 1, False), 2: ("gain_money", 1, False), 3: ("gain_money", 2, False),
    4: ("gain_money", 3, True), 5: ("gain_money", 4, True), 6: ("gain_money", 5, True),
    7: ("gain_money", 6, True), 8: ("gain_money", 8, True), 9: ("gain_money", 10, True),
}

# §8.2
PRIVATE_SPACES = {
    "A-1", "A-2", "A-3", "FLOOD-RISK-1", "FLOOD-RISK-2", "B-1", "B-2", "B-3", "DROUGHT-RISK-1", "C-1-1",
    "C-1-2", "D-1", "E-1", "E-2", "OUTLAW-RISK-1", "OUTLAW-RISK-2", "ROCKFALL-RISK-1", "ROCKFALL-RISK-2",
    "F-1", "F-2", "G-1", "G-2",
}
RISK_SPACES = {"FLOOD-RISK-1", "FLOOD-RISK-2", "DROUGHT-RISK-1", "OUTLAW-RISK-1", "OUTLAW-RISK-2",
               "ROCKFALL-RISK-1", "ROCKFALL-RISK-2"}
WOODS_SPACES = {"FLOOD-RISK-2", "B-1", "C-1-1", "C-1-2", "E-1", "E-2", "ROCKFALL-RISK-2", "F-2"}
RISK_ANY = [("discard", {"card": "any", "count": 1}), ("certificates", {"up_to": 1})]
RISK_CRIOLLO = [("discard", {"card": "criollo", "count": 1}), ("certificates", {"up_to": 1}),
                ("gain_money", {"amount": 2})]


# --------------------------------------------------------------------------- checks (reusable)


def check_cattle(c: Content) -> None:
    assert set(c.breeds) == set(BREEDS)
    for bid, (value, source, per_player, count, vp) in BREEDS.items():
        b = c.breeds[bid]
        assert (b.value, b.source, b.per_player, b.count, dict(b.vp_counts)) == (value, source, per_player,
                                                                                 count, vp), bid
    assert sum(b.count for b in c.breeds.values() if b.source == "market") == 36
    assert sum(b.per_player for b in c.breeds.values() if b.source == "starting") == 14
    assert c.card_groups["value3_market"] == ("black_angus", "longhorn", "corriente")
    assert c.breeds["simmental_calf"].upgrades_to == "simmental_heifer"
    assert c.breeds["simmental_heifer"].upgrades_to == "simmental_cow"
    assert {c.breeds[b].income_group for b in ("simmental_calf", "simmental_heifer", "simmental_cow")} == {
        "simmental"}


def check_supply(c: Content) -> None:
    s = c.supply
    assert dict(s.workers) == {"cowboy": 18, "builder": 18, "engineer": 18}
    assert s.hazard_types == ("flood", "drought", "rockfall")
    assert [(k.vp, k.hand, k.count) for k in s.hazard_kinds] == [
        (2, "green", 1), (2, "black", 1), (3, "green", 1), (3, "black", 1), (4, "green", 2)]
    assert len(s.hazard_types) * sum(k.count for k in s.hazard_kinds) == 18
    assert dict(s.outlaw_colours) == {"green": 11, "orange": 11}
    assert dict(s.outlaw_hands) == {"green": "green", "orange": "black"}
    bags = {n: {kind: dict(v) for kind, v in bag.items()} for n, bag in s.bags.items()}
    assert bags == {
        1: {"hazards": {"flood": 6, "drought": 6, "rockfall": 6}, "outlaws": {"green": 9, "orange": 8}},
        2: {"workers": {"cowboy": 11, "builder": 11, "engineer": 11}},
        3: {"workers": {"cowboy": 7, "builder": 7, "engineer": 7}, "outlaws": {"green": 2, "orange": 3}},
    }
    totals = Counter()
    for bag in s.bags.values():
        for kind, tiles in bag.items():
            totals[kind] += sum(tiles.values())
    assert totals == {"workers": 54, "hazards": 18, "outlaws": 22}
    assert (s.foresight_columns, s.foresight_spaces_per_column, s.foresight_bags) == (3, 2, (1, 2, 3))


def check_stations(c: Content) -> None:
    r = c.railroad
    assert r.numbered_spaces == 39 and r.end_space == 39
    assert [s.id for s in r.stations] == list(range(1, 11))
    for s in r.stations:
        assert (s.space, s.cost, s.vp, s.corner, s.station_master_space) == STATIONS[s.id], s.id
    assert r.stations[9].turnout_after is None
    assert r.crosses_after == CROSSES and r.per_cross == 1
    assert steps(r.end_reward) == [("gain_money", {"amount": 3})] and r.end_min_back == 1


def check_cities(c: Content) -> None:
    got = [(x.id, x.value, x.corner, x.repeatable, x.vp_per_disc, x.end_vp) for x in c.cities]
    assert got == CITIES
    assert [x.order for x in c.cities] == list(range(10))
    assert steps(c.cities[0].on_place) == [("gain_money", {"amount": 4})]
    assert all(not x.on_place for x in c.cities[1:])
    arrows = {a.between: (steps(a.immediate), a.end_vp) for a in c.arrows}
    assert arrows == ARROWS


def check_trail_counts(c: Content) -> None:
    assert node_ids(c, "neutral") == set("ABCDEFG")
    assert node_ids(c, "private") == PRIVATE_SPACES
    assert {n.id for n in c.trail.of_kind("private") if n.risk} == RISK_SPACES
    assert {n.id for n in c.trail.nodes.values() if n.woods} == WOODS_SPACES
    assert len(c.trail.of_kind("hazard")) == 12
    assert len(c.trail.of_kind("outlaw")) == 9
    assert sum(1 for n in c.trail.of_kind("outlaw") if n.on_trail) == 6


def check_private_buildings(c: Content) -> None:
    assert set(c.private_buildings) == set(PRIVATE)
    for bid, expected in PRIVATE.items():
        b = c.private_buildings[bid]
        assert (b.builders, b.vp, b.hand) == expected, bid


# --------------------------------------------------------------------------- tests


def test_builtin_content_loads(builtin_content):
    c = builtin_content
    assert c.edition == 2
    assert c.name == "Great Western Trail, Second Edition"
    assert c.source == "builtin:gwt2e"
    assert c.setup["players"] == (2, 3, 4)


def test_cattle(builtin_content):
    check_cattle(builtin_content)


def test_buy_options(builtin_content):
    got = [(o.cowboys, o.dollars, o.cards, o.group, o.variant) for o in builtin_content.buy_options]
    assert got == BUY_OPTIONS
    assert builtin_content.unused_cowboy_reveals == 2


def test_kc_supply_workers_hazards_outlaws(builtin_content):
    check_supply(builtin_content)


def test_station_masters(builtin_content):
    sms = builtin_content.station_masters
    assert len(sms) == 9
    for sid, (immediate, scoring) in STATION_MASTERS.items():
        sm = sms[sid]
        assert steps(sm.immediate) == immediate, sid
        got = (sm.scoring_vp, sm.scoring_every, sm.scoring_per) if sm.scoring_per else None
        assert got == scoring, sid
    assert builtin_content.setup["station_masters_in_box"] == 9
    assert builtin_content.setup["station_masters_used"] == 5
    assert sum(s.station_master_space for s in builtin_content.railroad.stations) == 5


def test_objective_cards(builtin_content):
    cards = builtin_content.objective_cards
    assert sum(c.count for c in cards.values() if c.starting) == 4
    assert sum(c.count for c in cards.values() if not c.starting) == 24
    assert len([c for c in cards.values() if not c.starting]) == 21
    assert cards["AUX_NY"].count == 4
    assert cards["AUX_NY"].tasks == ("new_york_disc",)
    assert (cards["AUX_NY"].vp, cards["AUX_NY"].penalty) == (5, -3)
    assert all(c.penalty == 0 and c.immediate is None for c in cards.values() if c.starting)
    assert all(c.immediate is not None for c in cards.values() if not c.starting)
    assert cards["ENGINE3_BBLHH"].tasks == ("building", "orange_outlaw", "hazard", "hazard")
    assert steps(builtin_content.objective_immediates["herder"]) == [
        ("move_herder", {"max": 3, "ignore_fees": True, "use_location": False, "may_enter_kc": False})]
    assert steps(builtin_content.objective_immediates["engine3"]) == [("move_engine", {"min": 1, "max": 3})]


def test_neutral_buildings_and_spaces(builtin_content):
    c = builtin_content
    assert sorted(c.neutral_buildings) == list("ABCDEFG")
    assert all(b.hand == "none" for b in c.neutral_buildings.values())
    assert [n.id for n in c.trail.of_kind("neutral")] == list("ABCDEFG")
    assert [n.default_tile for n in c.trail.of_kind("neutral")] == list("ABCDEFG")


def test_neutral_building_actions(builtin_content):
    n = builtin_content.neutral_buildings
    assert [steps(a) for a in n["A"].actions] == [
        [("discard", {"card": "galloway", "count": 1}), ("gain_money", {"amount": 2})],
        [("hire", {"cost_delta": 0})],
        [("hire", {"cost_delta": 2})],
    ]
    assert steps(n["D"].actions[0]) == [("choice", [
        [("bounty", {})],
        [("pay_money", {"amount": 2}), ("move_engine", {"min": 1, "max": 2})],
    ])]
    assert steps(n["F"].actions[0]) == [("discard", {"card": "pair_same_breed", "count": 2}),
                                        ("gain_money", {"amount": 4})]
    assert steps(n["F"].actions[1]) == [("remove_hazard", {"cost": 7})]
    assert steps(n["C"].actions[1]) == [("move_engine", {"min": 1, "per": "engineers"})]


def test_private_building_numbers_sides_and_values(builtin_content):
    c = builtin_content
    assert c.private_numbers == tuple(range(1, 13))
    assert len(c.private_buildings) == 24
    for num in range(1, 13):
        assert {c.private_buildings[f"{num}{s}"].side for s in "ab"} == {"a", "b"}
    check_private_buildings(c)


def test_private_10b_and_11a(builtin_content):
    b10 = builtin_content.private_buildings["10b"]
    assert [steps(a) for a in b10.actions] == [
        [("gain_money", {"amount": 4})],
        [("move_engine", {"min": 1, "max": 4})],
        [("move_herder", {"max": 4, "ignore_fees": False, "use_location": True, "may_enter_kc": True})],
    ]
    b11 = builtin_content.private_buildings["11a"]
    assert (b11.builders, b11.vp) == (12, 20)
    assert [steps(a) for a in b11.actions] == [[("remove_hazard", {"cost": 2})]] * 2


def test_private_actions_spot_checks(builtin_content):
    p = builtin_content.private_buildings
    assert steps(p["7a"].actions[0]) == [("money_per", {"per": "outlaw_pairs", "amount": 2}),
                                         ("certificates", {"up_to": 2, "per": "outlaw_pairs"})]
    assert steps(p["7b"].actions[0]) == [("move_engine", {"min": 1, "per": "own_woods_buildings"})]
    assert steps(p["8b"].actions[0]) == [("discard", {"card": "any", "count": 1}), ("gain_money", {"amount": 6}),
                                         ("objective_card", {"to": "hand"})]
    assert steps(p["5a"].actions[0]) == [("discard", {"card": "value3_market", "count": 1}),
                                         ("gain_money", {"amount": 7})]
    assert steps(p["12b"].actions[1]) == [("exchange_token", {"count": 1})]


def test_neutral_f_hazard_cost_is_7_tagged_low(builtin_content):
    f = builtin_content.neutral_buildings["F"]
    assert steps(f.actions[1]) == [("remove_hazard", {"cost": 7})]
    assert f.conf.of("remove_hazard_cost") == "L"
    assert f.conf.of("actions") == "M"


def test_confidence_tags_visible(builtin_content):
    c = builtin_content
    assert c.private_buildings["11a"].conf.of("hand") == "L"
    assert c.private_buildings["11a"].conf.of("builders") == "M"
    assert c.private_buildings["12b"].conf.of("exchange_token") == "H"
    assert c.private_buildings["2a"].conf.of("actions") == "H"
    assert c.breeds["galloway"].conf.of("colour") == "L"
    assert c.breeds["galloway"].conf.of("value") == "H"
    assert c.breeds["corriente"].conf.of("colour") == "H"
    assert c.breeds["black_angus"].conf.of("colour") == "M"
    assert c.railroad.stations[0].conf.default == "H"
    assert c.cities[-1].conf.of("repeatable") == "H"
    assert c.cities[-1].conf.of("value") == "M"
    assert c.job_market.conf.default == "H"
    assert c.board.step_limits[4].conf.default == "M"


def test_counts_per_box(builtin_content):
    c = builtin_content
    assert len(c.supply.workers) == 3 and sum(c.supply.workers.values()) == 54
    assert sum(c.supply.outlaw_colours.values()) == 22
    assert len(c.station_masters) == 9
    assert len(c.neutral_buildings) == 7 and len(c.trail.of_kind("neutral")) == 7
    assert len(c.trail.of_kind("private")) == 22
    assert sum(1 for n in c.trail.of_kind("private") if n.risk) == 7
    assert sum(1 for n in c.trail.of_kind("private") if n.woods) == 8
    assert c.railroad.numbered_spaces == 39
    assert len(c.railroad.stations) == 10
    assert len(c.cities) == 10
    assert len(c.private_numbers) == 12
    assert c.board.discs_per_player == 14
    assert c.setup["discs_per_player"] == 14
    assert len(c.scoring_categories) == 11
    assert BOX_COUNTS_2E["market cattle cards"] == 36


def test_trail_spaces(builtin_content):
    check_trail_counts(builtin_content)


def test_risk_actions(builtin_content):
    nodes = builtin_content.trail.nodes
    for nid in RISK_SPACES:
        expected = RISK_CRIOLLO if nid.endswith("-2") else RISK_ANY
        assert steps(nodes[nid].risk) == expected, nid


def test_outlaw_spaces(builtin_content):
    outlaws = {n.index: n for n in builtin_content.trail.of_kind("outlaw")}
    assert sorted(outlaws) == list(range(1, 10))
    for i, (op, amount, on_trail) in OUTLAW_BOUNTIES.items():
        n = outlaws[i]
        assert n.id == f"OUTLAW-{i}"
        assert n.on_trail is on_trail
        key = "count" if op == "exchange_token" else "amount"
        assert steps(n.bounty) == [(op, {key: amount})]
        assert (n.next == ()) is (not on_trail)


def test_hazard_sections(builtin_content):
    for section in ("flood", "drought", "rockfall"):
        nodes = sorted((n for n in builtin_content.trail.of_kind("hazard") if n.section == section),
                       key=lambda n: n.index)
        assert [n.id for n in nodes] == [f"{section.upper()}-{i}" for i in range(1, 5)]


def test_player_board(builtin_content):
    b = builtin_content.board
    assert [(d.id, d.discs, d.corner) for d in b.disc_spaces] == [
        ("aux1", 1, "white"), ("aux2", 1, "white"), ("aux3", 2, "white"), ("aux4", 2, "white"),
        ("aux5", 2, "white"), ("step_left", 1, "dark"), ("step_right", 1, "dark"), ("hand_limit", 2, "dark"),
        ("cert_limit_4", 1, "white"), ("cert_limit_6", 1, "dark")]
    assert sum(d.discs for d in b.disc_spaces if d.corner == "white") == 9
    assert sum(d.discs for d in b.disc_spaces if d.corner == "dark") == 5
    by_id = {d.id: d for d in b.disc_spaces}
    assert steps(by_id["step_left"].on_clear) == [("gain_money", {"amount": 3})]
    assert by_id["step_right"].end_vp == 3
    assert by_id["hand_limit"].clear_cost == 5
    assert (b.hand_limit_base, b.hand_limit_per_disc, b.hand_limit_max) == (4, 1, 6)
    assert b.certificate_positions == (0, 1, 2, 3, 4, 6)
    assert (b.certificate_start, b.certificate_limit_base, b.certificate_limit_4, b.certificate_limit_6) == (
        0, 3, 4, 6)
    assert dict(b.vp_per_worker_on_space) == {5: 4, 6: 4}
    assert steps(b.worker_immediate[("engineer", 3)]) == [("discard", {"card": "criollo", "count": 1}),
                                                          ("gain_money", {"amount": 2})]
    # the player board's coin "+2" on engineer space 4 (the reference §5.6): $2 less than the row's cost
    assert steps(b.worker_immediate[("engineer", 4)]) == [("hire", {"cost_delta": -2})]
    assert steps(b.aux_actions["aux5"].single) == [("engine_back", {"exactly": 1}), ("gain_money", {"amount": 1}),
                                                   ("remove_hand_cards", {"up_to": 1})]


def test_step_limits(builtin_content):
    sl = builtin_content.board.step_limits
    assert {p: (x.base, x.left_disc, x.right_disc) for p, x in sl.items()} == STEP_LIMITS


def test_hand_fees(builtin_content):
    assert dict(builtin_content.trail.hand_fees) == HAND_FEES


def test_job_market(builtin_content):
    j = builtin_content.job_market
    assert (j.rows, j.columns) == (12, 4)
    assert j.row_costs == JOB_ROW_COSTS
    assert (j.token_start_row, j.token_column) == (2, 4)
    assert j.refill_rows == (7, 10)
    assert j.token_end_vp == 2
    assert dict(j.columns_used) == {2: (3, 4), 3: (2, 3, 4), 4: (1, 2, 3, 4)}


def test_setup(builtin_content):
    s = builtin_content.setup
    assert s["starting_money_by_seat"] == (6, 7, 8, 9)
    assert s["starting_cards_by_seat"] == (4, 5, 6, 7)
    assert dict(s["cattle_market_size"]) == {2: 7, 3: 10, 4: 13}
    assert dict(s["cattle_market_size_simmental"]) == {2: 9, 3: 12, 4: 15}
    assert dict(s["job_market_initial_workers"]) == {2: 3, 3: 5, 4: 7}
    assert s["bag1_tiles_placed_at_setup"] == 7
    assert s["objective_display_size"] == 4
    assert s["starting_exchange_tokens"] == 1


def test_stations_and_crosses(builtin_content):
    check_stations(builtin_content)


def test_cities_and_arrows(builtin_content):
    check_cities(builtin_content)


def test_scoring_categories(builtin_content):
    assert builtin_content.scoring_categories == (
        "money", "buildings", "cities", "stations", "hazards", "cattle", "objectives", "station_masters",
        "workers", "step_disc", "job_market_token")


def test_green_teepee_option_default_orange(builtin_content):
    assert builtin_content.options["green_teepee_task_as"] == "orange_outlaw"
    assert builtin_content.objective_cards["START_SSG"].tasks == ("station", "station", "orange_outlaw")
    assert builtin_content.objective_cards["DRAW_SGG"].tasks == ("station", "orange_outlaw", "orange_outlaw")
    assert "green_teepee_task" not in builtin_content.tasks


def test_green_teepee_option_flipped_by_patch():
    c = load_content(patches=['[options]\ngreen_teepee_task_as = "green_outlaw"'])
    assert c.options["green_teepee_task_as"] == "green_outlaw"
    assert c.objective_cards["START_SSG"].tasks == ("station", "station", "green_outlaw")
    assert c.objective_cards["ENGINE_BBGG"].tasks == ("building", "building", "green_outlaw", "green_outlaw")
    # cards without the task are unchanged
    assert c.objective_cards["START_BLHH"].tasks == ("orange_outlaw", "hazard", "hazard")


# --------------------------------------------------------------------------- content hash


def test_content_hash_stable(builtin_content):
    again = load_content()
    assert again.content_hash == builtin_content.content_hash
    assert len(builtin_content.content_hash) == 16
    int(builtin_content.content_hash, 16)


def test_content_hash_ignores_comments_and_source(builtin_content, content_folder):
    content_folder.append("cities.toml", "# a designer's note")
    content_folder.edit("railroad.toml", "cost = 4\n", "cost = 4    # unchanged\n", count=2)
    assert content_folder.load().content_hash == builtin_content.content_hash


@pytest.mark.parametrize("patch", [
    "[stations.3]\ncost = 5",
    'set = { "private.10b.actions[0][0].amount" = 3 }',
    '[options]\ngreen_teepee_task_as = "green_outlaw"',
    '[meta]\ncontent_version = "2E-2"',
    '[cities.philadelphia]\nconf_end_vp = "M"',
    {"job_market": {"token_end_vp": 3}},
])
def test_content_hash_changes_with_any_patch(builtin_content, patch):
    patched = load_content(patches=[patch])
    assert patched.content_hash != builtin_content.content_hash
    assert load_content(patches=[patch]).content_hash == patched.content_hash


def test_content_hash_of_no_op_patch_is_unchanged(builtin_content):
    assert load_content(patches=["[stations.3]\ncost = 4"]).content_hash == builtin_content.content_hash


def test_content_hash_depends_on_patch_order():
    a = load_content(patches=["[stations.3]\ncost = 5", "[stations.3]\ncost = 6"])
    b = load_content(patches=["[stations.3]\ncost = 6", "[stations.3]\ncost = 5"])
    assert a.railroad.stations[2].cost == 6 and b.railroad.stations[2].cost == 5
    assert a.content_hash != b.content_hash


def test_content_hash_of_edited_copy_differs(builtin_content, content_folder):
    content_folder.edit("railroad.toml", "cost = 8\n", "cost = 9\n")
    assert content_folder.load().content_hash != builtin_content.content_hash


# --------------------------------------------------------------------------- trail graph


def test_trail_is_a_dag_from_start_to_kc(builtin_content):
    t = builtin_content.trail
    nodes = t.nodes
    assert nodes[t.start].kind == "start" and nodes[t.end].kind == "kc"
    # Kahn's algorithm over all nodes: a full topological order exists iff there is no cycle
    indeg = Counter(m for n in nodes.values() for m in n.next)
    order, ready = [], [nid for nid in nodes if indeg[nid] == 0]
    while ready:
        nid = ready.pop()
        order.append(nid)
        for m in nodes[nid].next:
            indeg[m] -= 1
            if indeg[m] == 0:
                ready.append(m)
    assert len(order) == len(nodes)
    # everything on the trail is reachable from START; only the off-trail outlaw spaces are not
    seen, stack = {t.start}, [t.start]
    while stack:
        for m in nodes[stack.pop()].next:
            if m not in seen:
                seen.add(m)
                stack.append(m)
    assert set(nodes) - seen == {"OUTLAW-1", "OUTLAW-2", "OUTLAW-3"}
    # every reachable node leads to KC: the only sink reachable is KC
    assert [nid for nid in seen if not nodes[nid].next] == [t.end]
    assert nodes["A"].next == ("A-1", "FLOOD-1")
    assert nodes["C"].next == ("C-1-1", "D")
    assert nodes["D"].next == ("D-1", "OUTLAW-4")


def shortest_route(content: Content, locations: set[str]) -> list[str]:
    """Fewest locations from START to KC when only `locations` hold tiles (other spaces cost no step)."""
    t = content.trail
    best = {t.start: 0}
    heap = [(0, t.start, ())]
    while heap:
        d, nid, path = heapq.heappop(heap)
        if nid == t.end:
            return list(path)
        if d > best.get(nid, d):
            continue
        for m in t.nodes[nid].next:
            cost = 1 if (m in locations or m == t.end) else 0
            if d + cost < best.get(m, 1 << 30):
                best[m] = d + cost
                heapq.heappush(heap, (d + cost, m, (*path, m) if cost else path))
    raise AssertionError("KC not reachable")


def test_shortest_route_through_neutral_spaces(builtin_content):
    route = shortest_route(builtin_content, node_ids(builtin_content, "neutral"))
    assert route == ["A", "B", "C", "E", "F", "G", "KC"]


# --------------------------------------------------------------------------- the checks can fail


BROKEN = [
    ("railroad.toml", "cost = 8\n", "cost = 9\n", check_stations),
    ("railroad.toml", "crosses_after = [3, 4, 5, 7,", "crosses_after = [3, 4, 6, 7,", check_stations),
    ("cities.toml", "vp_per_disc = 9", "vp_per_disc = 8", check_cities),
    ("cities.toml", "end_vp = 8", "end_vp = 7", check_cities),
    ("trail.toml", '[nodes.B-1]\nkind = "private"\nnext = ["B-2"]\nwoods = true',
     '[nodes.B-1]\nkind = "private"\nnext = ["B-2"]', check_trail_counts),
    ("buildings.toml", "builders = 12\nvp = 20", "builders = 12\nvp = 25", check_private_buildings),
    ("kc_supply.toml", 'hand = "black"\nconf = "H"', 'hand = "green"\nconf = "H"', check_supply),
    # a market card more: the box count check is switched off so that the copy still loads
    ("cattle.toml", 'count = 7\nvp = { "1" = 7 }', 'count = 8\nvp = { "1" = 8 }', check_cattle),
]


@pytest.mark.parametrize("file,old,new,check", BROKEN, ids=[f"{b[3].__name__}-{i}" for i, b in enumerate(BROKEN)])
def test_checks_notice_broken_data(content_folder, file, old, new, check):
    check(content_folder.load())  # the unmodified copy passes
    content_folder.disable_count_check()
    content_folder.edit(file, old, new)
    broken = content_folder.load()
    with pytest.raises(AssertionError):
        check(broken)
