"""The built-in First Edition content (gwt_sim/content/gwt1e) against the component reference.

Expected values are transcribed from shared/reference/gwt-components.md §17 (First Edition
differences), §15.2 (the First Edition objective deck) and the sections §17 refers back to; the
Czech rulebook (seed 002) is cited where it states a value. `test_checks_notice_broken_data_1e`
runs some checks on a deliberately broken copy to show that they can fail.
"""

from __future__ import annotations

import pytest
from test_cli import assert_one_line_error
from test_content import node_ids, shortest_route, steps

from gwt_sim.content import BOX_COUNTS_1E, FIRST_EDITION_DIR, load_content, patched
from gwt_sim.model import Content
from gwt_sim.tables import compile_tables
from gwt_sim.variant import Variant, VariantError
from gwt_sim.vocabulary import COUNTER_NEEDS, COUNTERS, SPACE_VERB, VERB_BY_NAME

# --------------------------------------------------------------------------- reference data (§17)

# §17.1, §3.1: breed -> (colour, value, source, per_player, count, {VP: cards}, 2E name)
BREEDS = {
    "jersey": ("grey", 1, "starting", 5, 0, {0: 5}, "criollo"),
    "dutch_belt": ("green", 2, "starting", 3, 0, {0: 3}, "santa_gertrudis"),
    "black_angus": ("black", 2, "starting", 3, 0, {0: 3}, "pineywoods"),
    "guernsey": ("white", 2, "starting", 3, 0, {0: 3}, "galloway"),
    "holstein": ("yellow", 3, "market", 0, 7, {1: 7}, "black_angus"),
    "brown_swiss": ("red", 3, "market", 0, 7, {2: 7}, "longhorn"),
    "ayrshire": ("blue", 3, "market", 0, 7, {3: 7}, "corriente"),
    "west_highland": ("brown", 4, "market", 0, 9, {3: 3, 4: 3, 5: 3}, "shorthorn"),
    "texas_longhorn": ("purple", 5, "market", 0, 6, {5: 2, 6: 2, 7: 2}, "hereford"),
}

# §4 (same table in 1E, no Simmental): (cowboys, dollars, cards, group)
BUY_OPTIONS = [
    (1, 6, 1, "value3_market"), (2, 3, 1, "value3_market"), (3, 5, 2, "value3_market"),
    (1, 12, 1, "west_highland"), (3, 6, 1, "west_highland"), (5, 8, 2, "west_highland"),
    (2, 12, 1, "texas_longhorn"), (4, 6, 1, "texas_longhorn"),
]

# §17.3: (id, value, corner, repeatable, vp_per_disc, end_vp)
CITIES = [
    ("kansas_city", 0, "white", True, -6, 0), ("topeka", 1, "white", False, 0, 0),
    ("wichita", 4, "white", False, 0, 0), ("colorado_springs", 6, "white", False, 0, 0),
    ("santa_fe", 8, "white", False, 0, 0), ("albuquerque", 10, "dark", False, 0, 0),
    ("el_paso", 12, "dark", False, 0, 0), ("san_diego", 14, "white", False, 0, 0),
    ("sacramento", 16, "dark", False, 0, 6), ("san_francisco", 18, "dark", True, 9, 0),
]
OBJECTIVE = [("objective_card", {"to": "discard"})]
ARROWS = {
    ("kansas_city", "topeka"): ([], 0),
    ("topeka", "wichita"): (OBJECTIVE, -3),
    ("wichita", "colorado_springs"): ([], -1),
    ("colorado_springs", "santa_fe"): (OBJECTIVE, 0),
    ("santa_fe", "albuquerque"): (OBJECTIVE, 0),
    ("albuquerque", "el_paso"): ([], 6),
    ("el_paso", "san_diego"): ([], 8),
    ("san_diego", "sacramento"): ([], 4),
}

TRADE = ("trade_with_indians", {})
AUX = ("aux", {"mode": "single_or_double"})


def discard(card: str, count: int = 1) -> tuple[str, dict]:
    return ("discard", {"card": card, "count": count})


def money(n: int) -> tuple[str, dict]:
    return ("gain_money", {"amount": n})


def engine(lo: int, hi: int) -> tuple[str, dict]:
    return ("move_engine", {"min": lo, "max": hi})


def herder(n: int) -> tuple[str, dict]:
    return ("move_herder", {"max": n, "ignore_fees": False, "use_location": True, "may_enter_kc": True})


# §17.8 / §12: neutral building -> local actions
NEUTRAL = {
    "A": [[discard("guernsey"), money(2)], [("hire", {"cost_delta": 0})], [("hire", {"cost_delta": 2})]],
    "B": [[discard("dutch_belt"), money(2)], [("build", {"cost_per_builder": 2})]],
    "C": [[("choice", [[("certificates", {"up_to": 1})], [("objective_card", {"to": "discard"})]])],
          [("move_engine", {"min": 1, "per": "engineers"})]],
    "D": [[("choice", [[TRADE], [("pay_money", {"amount": 2}), engine(1, 2)]])], [AUX]],
    "E": [[discard("black_angus"), money(2)], [("buy_cattle", {})]],
    "F": [[discard("pair_same_breed", 2), money(4)], [("remove_hazard", {"cost": 7})]],
    "G": [[("move_engine", {"min": 1, "per": "engineers"})], [AUX]],
}

# §17.9: tile -> (craftsmen, VP, hand, local actions)
PRIVATE = {
    "1a": (1, 1, "green", [[("money_per", {"per": "own_woods_buildings", "amount": 2})]]),
    "1b": (1, 1, "green", [[discard("objective"), ("certificates", {"up_to": 2})],
                           [("engine_back", {"exactly": 1}), money(3)]]),
    "2a": (1, 1, "none", [[discard("guernsey"), money(4)], [("buy_cattle", {})]]),
    "2b": (1, 1, "none", [[discard("jersey"), engine(1, 1)], [discard("dutch_belt"), money(3)]]),
    "3a": (1, 1, "none", [[discard("pair_same_breed", 2), money(3)], [herder(1)]]),
    "3b": (2, 3, "none", [[AUX], [herder(1)]]),
    "4a": (2, 3, "black", [[("remove_hazard", {"cost": 5})], [herder(2)]]),
    "4b": (2, 3, "black", [[("draw_discard", {"per": "cowboys"})], [herder(3)]]),
    "5a": (3, 4, "none", [[("hire", {"cost_delta": -1})], [("move_engine", {"min": 1, "per": "engineers"})]]),
    "5b": (3, 4, "none", [[discard("black_angus"), ("certificates", {"up_to": 2})],
                          [("money_per", {"per": "engineers", "amount": 1})]]),
    "6a": (4, 5, "none", [[discard("holstein"), money(10)], [AUX]]),
    "6b": (4, 5, "none", [[discard("any"), money(3), ("objective_card", {"to": "hand"})]]),
    "7a": (5, 6, "both", [[("money_per", {"per": "teepee_pairs", "amount": 2}),
                           ("certificates", {"up_to": 2, "per": "teepee_pairs"})]]),
    "7b": (5, 6, "both", [[("move_engine", {"min": 1, "per": "own_woods_buildings"})]]),
    "8a": (5, 6, "green", [[("choice", [[TRADE], [AUX]])], [engine(1, 2)]]),
    "8b": (6, 8, "none", [[("adjacent_building", {})]]),
    "9a": (7, 9, "none", [[engine(1, 3)], [("extraordinary_delivery", {})]]),
    "9b": (6, 8, "none", [[("upgrade_station_behind", {})]]),
    "10a": (9, 13, "black", [[("certificates_to_limit", {})], [herder(5)]]),
    "10b": (8, 11, "black", [[money(4)], [engine(1, 4)], [herder(4)]]),
}

# §17.7 / §14: SM1-SM5 with "trade with Indians" and teepee pairs
STATION_MASTERS = {
    "SM1": ([("choice", [[("remove_hazard", {"cost": 0})], [TRADE]])], (3, 2, "objective_cards_in_area")),
    "SM2": ([("permanent_certificates", {"count": 1})], (3, 2, "certificates_total")),
    "SM3": ([("permanent_certificates", {"count": 1})], (3, 1, "teepee_pairs")),
    "SM4": ([("permanent_certificates", {"count": 1})], (3, 2, "hazards_held")),
    "SM5": ([money(2)], (1, 1, "workers_on_board")),
}

# §15.2: id -> (count, immediate, task codes, VP, penalty); codes B S H G Bl 3 4 5 SF
DECK = {
    "START_34B": (1, None, "3 4 B", 3, 0), "START_SSG": (1, None, "S S G", 3, 0),
    "START_BBH": (1, None, "B B H", 3, 0), "START_BLHH": (1, None, "Bl H H", 3, 0),
    "GAIN2_BBLBL": (1, "money", "B Bl Bl", 3, -2), "GAIN2_BGBL": (1, "money", "B G Bl", 3, -2),
    "GAIN2_4HH": (1, "money", "4 H H", 3, -2), "GAIN2_SSH": (1, "money", "S S H", 3, -2),
    "GAIN2_333B": (1, "money", "3 3 3 B", 4, -2),
    "DRAW_BBH": (1, "draw", "B B H", 3, -2), "DRAW_SGBL": (1, "draw", "S G Bl", 3, -2),
    "DRAW_5H": (1, "draw", "5 H", 3, -2), "DRAW_SGG": (1, "draw", "S G G", 3, -2),
    "DRAW_333S": (1, "draw", "3 3 3 S", 4, -2),
    "ENGINE_44SG": (1, "engine2", "4 4 S G", 5, -3), "ENGINE_345": (1, "engine2", "3 4 5", 5, -3),
    "ENGINE_BBGG": (1, "engine2", "B B G G", 5, -3), "ENGINE3_BBLHH": (1, "engine3", "B Bl H H", 5, -3),
    "ENGINE3_SSHH": (1, "engine3", "S S H H", 5, -3),
    "MOVE_BBHH": (1, "herder", "B B H H", 5, -2), "MOVE_SSBLBL": (1, "herder", "S S Bl Bl", 5, -2),
    "MOVE_345": (1, "herder", "3 4 5", 5, -2), "MOVE_34HH": (1, "herder", "3 4 H H", 5, -2),
    "MOVE_SSBB": (1, "herder", "S S B B", 5, -2),
    "AUX_SF": (4, "aux", "SF", 5, -3),
}
TASK_CODES = {"B": "building", "S": "station", "H": "hazard", "G": "green_teepee", "Bl": "blue_teepee",
              "3": "cattle_value3", "4": "west_highland", "5": "texas_longhorn", "SF": "san_francisco_disc"}
TASK_COUNTERS = {"building": "own_buildings_on_board", "station": "upgraded_stations", "hazard": "hazards_held",
                 "green_teepee": "green_teepees_held", "blue_teepee": "blue_teepees_held",
                 "cattle_value3": "deck_value3_market", "west_highland": "deck_west_highland",
                 "texas_longhorn": "deck_texas_longhorn", "san_francisco_disc": "san_francisco_discs"}

# §8.4 / §17.4: teepee space -> (value, on the trail); filled lowest value first
TEEPEES = {"TEEPEE--3": (-3, False), "TEEPEE--2": (-2, False), "TEEPEE--1": (-1, False),
           "TEEPEE-1": (1, True), "TEEPEE-2": (2, True), "TEEPEE-4": (4, True), "TEEPEE-6": (6, True),
           "TEEPEE-8": (8, True), "TEEPEE-10": (10, True)}

# §8.2 with §17.5: C-2 instead of D-1, TEEPEE-RISK-n instead of OUTLAW-RISK-n
PRIVATE_SPACES = {
    "A-1", "A-2", "A-3", "FLOOD-RISK-1", "FLOOD-RISK-2", "B-1", "B-2", "B-3", "DROUGHT-RISK-1", "C-1-1",
    "C-1-2", "C-2", "E-1", "E-2", "TEEPEE-RISK-1", "TEEPEE-RISK-2", "ROCKFALL-RISK-1", "ROCKFALL-RISK-2",
    "F-1", "F-2", "G-1", "G-2",
}
WOODS_SPACES = {"FLOOD-RISK-2", "B-1", "C-1-1", "C-1-2", "E-1", "E-2", "ROCKFALL-RISK-2", "F-2"}
RISK_ANY = [discard("any"), ("certificates", {"up_to": 1})]
RISK_JERSEY = [discard("jersey"), ("certificates", {"up_to": 1}), money(2)]
# §8.3 with §17.5: FLOOD-RISK-1 has the Jersey form in the First Edition
RISK = {"FLOOD-RISK-1": RISK_JERSEY, "FLOOD-RISK-2": RISK_JERSEY, "DROUGHT-RISK-1": RISK_ANY,
        "TEEPEE-RISK-1": RISK_ANY, "TEEPEE-RISK-2": RISK_JERSEY, "ROCKFALL-RISK-1": RISK_ANY,
        "ROCKFALL-RISK-2": RISK_JERSEY}


@pytest.fixture(scope="module")
def first_edition() -> Content:
    return load_content(FIRST_EDITION_DIR)


# --------------------------------------------------------------------------- checks (reusable)


def check_cattle(c: Content) -> None:
    assert set(c.breeds) == set(BREEDS)
    for bid, (colour, value, source, per_player, count, vp, name_2e) in BREEDS.items():
        b = c.breeds[bid]
        got = (b.colour, b.value, b.source, b.per_player, b.count, dict(b.vp_counts), b.name_2e)
        assert got == (colour, value, source, per_player, count, vp, name_2e), bid
    assert c.card_groups["value3_market"] == ("holstein", "brown_swiss", "ayrshire")
    opts = [(o.cowboys, o.dollars, o.cards, o.group) for o in c.buy_options]
    assert opts == BUY_OPTIONS
    assert all(o.variant is None for o in c.buy_options)


def check_cities(c: Content) -> None:
    got = [(x.id, x.value, x.corner, x.repeatable, x.vp_per_disc, x.end_vp) for x in c.cities]
    assert got == CITIES
    assert steps(c.cities[0].on_place) == [money(6)]          # Kansas City +$6 (2E: +$4)
    assert all(not x.on_place for x in c.cities[1:])
    assert {a.between: (steps(a.immediate), a.end_vp) for a in c.arrows} == ARROWS


def check_buildings(c: Content) -> None:
    assert {b: steps_of(c.neutral_buildings[b]) for b in NEUTRAL} == NEUTRAL
    assert set(c.private_buildings) == set(PRIVATE)
    for bid, (builders, vp, hand, actions) in PRIVATE.items():
        b = c.private_buildings[bid]
        assert (b.builders, b.vp, b.hand, steps_of(b)) == (builders, vp, hand, actions), bid


def check_trail(c: Content) -> None:
    nodes = c.trail.nodes
    assert node_ids(c, "neutral") == set("ABCDEFG")
    assert node_ids(c, "private") == PRIVATE_SPACES
    assert {n.id for n in c.trail.nodes.values() if n.woods} == WOODS_SPACES
    assert {nid: steps(nodes[nid].risk) for nid in RISK} == RISK
    assert {n.id for n in c.trail.of_kind("private") if n.risk} == set(RISK)
    assert node_ids(c, "outlaw") == set()
    teepees = {n.id: (n.value, n.on_trail) for n in c.trail.of_kind("teepee")}
    assert teepees == TEEPEES
    by_index = [n.id for n in sorted(c.trail.of_kind("teepee"), key=lambda n: n.index)]
    assert by_index == list(TEEPEES)                           # filled lowest value first
    assert nodes["C"].next == ("C-1-1", "C-2")
    assert nodes["C-2"].next == ("D", "TEEPEE-1")
    assert nodes["D"].next == ("E",)
    assert "D-1" not in nodes
    assert nodes["TEEPEE-10"].next == ("TEEPEE-RISK-1",)
    assert all(nodes[t].next == () for t, (_, on) in TEEPEES.items() if not on)


def check_objectives(c: Content) -> None:
    got = {o.id: (o.count, o.immediate, " ".join(_codes(o.tasks)), o.vp, o.penalty)
           for o in c.objective_cards.values()}
    assert got == DECK
    assert {t.id: t.counts for t in c.tasks.values()} == TASK_COUNTERS


def steps_of(building) -> list:
    return [steps(a) for a in building.actions]


def _codes(tasks) -> list[str]:
    names = {v: k for k, v in TASK_CODES.items()}
    return [names[t] for t in tasks]


# --------------------------------------------------------------------------- tests


def test_first_edition_loads_with_the_box_counts(first_edition):
    c = first_edition
    assert (c.edition, c.name, c.version) == (1, "Great Western Trail, First Edition", "1E-1")
    assert c.forbidden_verbs == ("bounty", "exchange_token")
    market = sum(b.count for b in c.breeds.values() if b.source == "market")
    starting = sum(b.per_player for b in c.breeds.values() if b.source == "starting")
    assert (market, starting) == (BOX_COUNTS_1E["market cattle cards"], 14) == (36, 14)
    assert sum(c.supply.workers.values()) == 54
    assert sum(c.supply.teepee_colours.values()) == BOX_COUNTS_1E["teepee tiles"] == 22
    assert dict(c.supply.teepee_colours) == {"blue": 11, "green": 11}
    assert dict(c.supply.outlaw_colours) == {}
    assert len(c.station_masters) == 5 == c.setup["station_masters_used"] == c.setup["station_masters_in_box"]
    assert sum(o.count for o in c.objective_cards.values() if not o.starting) == 24
    assert sum(o.count for o in c.objective_cards.values() if o.starting) == 4
    assert len(c.private_numbers) == 10 == c.setup["private_tiles_per_player"]
    assert len(c.trail.of_kind("private")) == 22 and len(c.trail.of_kind("teepee")) == 9
    assert len(c.trail.of_kind("hazard")) == 12 and len(c.cities) == 10 and len(c.railroad.stations) == 10
    assert c.board.discs_per_player == 14 and len(c.scoring_categories) == 11


def test_cattle_and_buy_table(first_edition):
    check_cattle(first_edition)


def test_no_simmental_and_no_exchange_tokens(first_edition):
    c = first_edition
    assert not any(b.source.endswith("simmental") for b in c.breeds.values())
    assert "cattle_market_size_simmental" not in c.setup
    assert "simmental_pair_counts_as_same_breed" not in c.options
    assert c.setup["starting_exchange_tokens"] == 0
    assert not c.uses & {"exchange_token", "bounty", "outlaw"}
    assert "trade_with_indians" in c.uses


def test_setup(first_edition):
    s = first_edition.setup
    assert list(s["starting_money_by_seat"]) == [6, 7, 8, 9]
    assert list(s["starting_cards_by_seat"]) == [4, 4, 4, 4]      # 1E: 4 cards for everybody
    assert s["first_turn_discard_down_to"] == 4
    assert dict(s["cattle_market_size"]) == {2: 7, 3: 10, 4: 13}
    assert dict(s["job_market_initial_workers"]) == {2: 3, 3: 5, 4: 7}


def test_kansas_city_supply(first_edition):
    s = first_edition.supply
    bags = {n: {kind: dict(v) for kind, v in bag.items()} for n, bag in s.bags.items()}
    assert bags == {
        1: {"hazards": {"flood": 6, "drought": 6, "rockfall": 6}, "teepees": {"green": 9, "blue": 8}},
        2: {"workers": {"cowboy": 11, "builder": 11, "engineer": 11}},
        3: {"workers": {"cowboy": 7, "builder": 7, "engineer": 7}, "teepees": {"green": 2, "blue": 3}},
    }
    assert dict(s.teepee_hands) == {"blue": "black", "green": "green"}
    assert (s.foresight_columns, s.foresight_spaces_per_column, s.foresight_bags) == (3, 2, (1, 2, 3))


def test_cities_and_arrows(first_edition):
    check_cities(first_edition)
    assert first_edition.raw["meta"]["repeatable_far_city"] == "san_francisco"


def test_buildings(first_edition):
    check_buildings(first_edition)


def test_station_masters(first_edition):
    sms = first_edition.station_masters
    assert set(sms) == set(STATION_MASTERS)
    for sid, (immediate, scoring) in STATION_MASTERS.items():
        sm = sms[sid]
        assert steps(sm.immediate) == immediate, sid
        assert (sm.scoring_vp, sm.scoring_every, sm.scoring_per) == scoring, sid


def test_objective_deck(first_edition):
    check_objectives(first_edition)


def test_objective_deck_fits_the_rulebook_example(first_edition):
    """R-1E: start card B,B,H + a B,blue,H,H card + two San Francisco cards make 18 VP, or 10 VP
    with one San Francisco disc missing."""
    cards = first_edition.objective_cards
    area = [cards["START_BBH"], cards["ENGINE3_BBLHH"], cards["AUX_SF"], cards["AUX_SF"]]
    assert sum(o.vp for o in area) == 18
    assert sum(o.vp for o in area[:3]) + cards["AUX_SF"].penalty == 10


def test_trail(first_edition):
    check_trail(first_edition)


def test_shortest_route_through_neutral_spaces(first_edition):
    route = shortest_route(first_edition, node_ids(first_edition, "neutral"))
    assert route == ["A", "B", "C", "E", "F", "G", "KC"]      # the upper road past C skips D, as in 2E


def test_player_board(first_edition):
    b = first_edition.board
    assert steps(b.aux_actions["aux5"].single) == [("engine_back", {"exactly": 1}), ("remove_hand_cards", {"up_to": 1})]
    assert steps(b.aux_actions["aux5"].double) == [("engine_back", {"exactly": 2}), ("remove_hand_cards", {"up_to": 2})]
    assert steps(b.worker_immediate[("cowboy", 6)]) == [TRADE]
    assert steps(b.worker_immediate[("engineer", 3)]) == [discard("jersey"), money(2)]
    assert {p: (s.base, s.left_disc, s.right_disc) for p, s in b.step_limits.items()} == {
        2: (3, 1, 1), 3: (3, 2, 1), 4: (4, 2, 1)}


def test_railroad_is_the_second_editions(first_edition, builtin_content):
    r1, r2 = first_edition.railroad, builtin_content.railroad
    assert (r1.numbered_spaces, r1.crosses_after, r1.per_cross) == (r2.numbered_spaces, r2.crosses_after, r2.per_cross)
    assert [(s.space, s.cost, s.vp, s.corner, s.station_master_space) for s in r1.stations] == \
           [(s.space, s.cost, s.vp, s.corner, s.station_master_space) for s in r2.stations]
    assert first_edition.job_market.row_costs == builtin_content.job_market.row_costs


def test_every_counter_names_what_it_counts():
    assert set(COUNTER_NEEDS) <= set(COUNTERS)
    assert set(SPACE_VERB.values()) <= set(VERB_BY_NAME)


def test_patch_on_first_edition_content(first_edition):
    c = patched(first_edition, [{"set": {"cities.kansas_city.on_place[0].amount": 4}}])
    assert steps(c.cities[0].on_place) == [money(4)]
    assert c.content_hash != first_edition.content_hash


def test_simmental_variant_needs_simmental_cards(first_edition):
    with pytest.raises(VariantError, match="the content has no Simmental cards"):
        compile_tables(first_edition, Variant(players=3, simmental=True))


def test_cli_checks_shows_and_plays_the_first_edition(run, tmp_path):
    result = run("content", "check", "--edition", "1e")
    assert result.exit_code == 0, result.output
    assert "teepee tiles" in result.stdout and "outlaw tiles" not in result.stdout
    assert "private buildings                 10 × 2 sides" in result.stdout
    assert run("content", "check", str(FIRST_EDITION_DIR)).stdout == result.stdout
    shown = run("content", "show", "building", "D", "--edition", "1e")
    assert shown.exit_code == 0 and "trade with Indians" in shown.stdout, shown.output
    assert run("content", "uncertain", "--edition", "1e").exit_code == 0
    replay = tmp_path / "g.json"
    game = run("play", "--edition", "1e", "-n", "3", "--seed", "5", "--sides", "random", "--replay-out", str(replay))
    assert game.exit_code == 0, game.output
    assert game.stdout.startswith("Great Western Trail, First Edition — 3 players, seed 5")
    # a replay names its content by hash: the First Edition's is found without --edition
    again = run("play", "--replay", str(replay), "-q")
    assert again.exit_code == 0, again.output
    assert again.stdout.splitlines()[-14:] == game.stdout.splitlines()[-14:]
    assert_one_line_error(run("content", "check", str(FIRST_EDITION_DIR), "--edition", "2e"),
                          "give a content folder or --edition, not both")
    assert run("play", "--edition", "3e").exit_code == 2


# --------------------------------------------------------------------------- the checks can fail


BROKEN = [
    ("cattle.toml", 'count = 7\nvp = { "3" = 7 }', 'count = 7\nvp = { "2" = 7 }', check_cattle),
    ("cities.toml", "amount = 6 }]", "amount = 4 }]", check_cities),
    ("cities.toml", "end_vp = -1", "end_vp = -2", check_cities),
    ("buildings.toml", '{ op = "gain_money", amount = 10 }', '{ op = "gain_money", amount = 7 }', check_buildings),
    ("buildings.toml", '[[{ op = "trade_with_indians" }], [{ op = "aux", mode = "single_or_double" }]]',
     '[[{ op = "remove_hazard", cost = 0 }], [{ op = "aux", mode = "single_or_double" }]]', check_buildings),
    ("trail.toml", "value = 4\n", "value = 5\n", check_trail),
    ("trail.toml", 'next = ["D", "TEEPEE-1"]', 'next = ["TEEPEE-1", "D"]', check_trail),
    ("objectives.toml", 'tasks = ["texas_longhorn", "hazard"]', 'tasks = ["west_highland", "hazard"]',
     check_objectives),
]


@pytest.mark.parametrize("file,old,new,check", BROKEN, ids=[f"{b[3].__name__}-{i}" for i, b in enumerate(BROKEN)])
def test_checks_notice_broken_data_1e(content_folder_1e, file, old, new, check):
    check(content_folder_1e.load())  # the unmodified copy passes
    content_folder_1e.edit(file, old, new)
    with pytest.raises(AssertionError):
        check(content_folder_1e.load())
