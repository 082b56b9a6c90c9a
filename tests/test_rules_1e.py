"""Scenario tests for the rules the First Edition plays differently (gwt_sim/content/gwt1e).

The engine has no First Edition code: these tests check that the First Edition's content, run by the
same verbs, gives the First Edition's rules — teepees placed lowest value first and traded for their
space's value (paid when negative, only in full), the 1E cities and arrows (Kansas City +$6, the -1 VP
arrow, San Francisco repeatable), aux 5 without money, the buildings that differ from the Second
Edition (2b, 5a, 6a, 6b, 7a, 8a, 8b and D; 2a, 5b, A, B and E by the breed they take), the teepee
counters of station masters and objective cards, and the five station masters all on the board.

Sources: "R-1E" is the Czech First Edition rulebook (seed 002); § numbers refer to
/work/shared/reference/gwt-components.md (§17: First Edition differences). Positions are built with
the scenario hooks, which cannot keep the conservation ledgers balanced, so they run with debug=False;
the random games at the end run with debug=True.
"""

from __future__ import annotations

import functools

import pytest

from gwt_sim.content import FIRST_EDITION_DIR, load_content
from gwt_sim.engine.game import A, F, GameState, RulesHandle
from gwt_sim.engine.play import play_state
from gwt_sim.engine.policy import RandomPolicy
from gwt_sim.engine.scenario import ScenarioState
from gwt_sim.tables import compile_tables
from gwt_sim.variant import Variant

SMS = ("SM1", "SM2", "SM3", "SM4", "SM5")


@functools.cache
def first_edition():
    return load_content(FIRST_EDITION_DIR)


@functools.cache
def handle(players: int = 4, sides: str = "a", masters=SMS) -> RulesHandle:
    return RulesHandle(compile_tables(first_edition(), Variant(players=players, sides=sides,
                                                               station_masters=masters)))


NAMES = handle().names
NODE = {x: i for i, x in enumerate(NAMES["node"])}
CARD = {x: i for i, x in enumerate(NAMES["card"])}
TILE = {x: i for i, x in enumerate(NAMES["tile"])}
CITY = {x: i for i, x in enumerate(NAMES["city"])}
DISC = {x: i for i, x in enumerate(NAMES["disc_space"])}
OBJ = {x: i for i, x in enumerate(NAMES["objective"])}
SM = {x: i for i, x in enumerate(NAMES["station_master"])}
BUILDING = {x: i for i, x in enumerate(NAMES["building"])}
RAIL = {x: i for i, x in enumerate(NAMES["rail_position"])}
ACTION = {x: i for i, x in enumerate(NAMES["action"])}

JERSEY, DUTCH, ANGUS, GUERNSEY = CARD["jersey"], CARD["dutch_belt"], CARD["black_angus"], CARD["guernsey"]
HOLSTEIN, SWISS, AYRSHIRE = CARD["holstein"], CARD["brown_swiss"], CARD["ayrshire"]
HIGHLAND3, LONGHORN5 = CARD["west_highland (3 VP)"], CARD["texas_longhorn (5 VP)"]
BLUE, GREEN = TILE["blue teepee"], TILE["green teepee"]
FLOOD2 = TILE["flood hazard (2 VP, green hand)"]
COWBOY, BUILDER, ENGINEER = 0, 1, 2
N_OBJ = len(NAMES["objective"])
BASE = "first-turn placement"       # the decision a fresh game waits on; pushed frames run on top of it
STOP = A["STOP"]
FULL_DISCS = [1, 1, 2, 2, 2, 1, 1, 2, 1, 1]

# R-1E setup step 6 and Kansas City: the Indian village fills from its lowest value
VILLAGE = ["TEEPEE--3", "TEEPEE--2", "TEEPEE--1", "TEEPEE-1", "TEEPEE-2", "TEEPEE-4", "TEEPEE-6", "TEEPEE-8",
           "TEEPEE-10"]
VALUE = {"TEEPEE--3": -3, "TEEPEE--2": -2, "TEEPEE--1": -1, "TEEPEE-1": 1, "TEEPEE-2": 2, "TEEPEE-4": 4,
         "TEEPEE-6": 6, "TEEPEE-8": 8, "TEEPEE-10": 10}


def new_state(players: int = 4, seed: int = 1, **poke) -> GameState:
    """A fresh game (sides a, station masters SM1-SM5 in order) with an empty trail and job market."""
    s = ScenarioState(handle(players), seed=seed)
    for n in list(s.board()["tiles"]):
        s._set_node(n, tile=-1)
    for r in range(12):
        for c in range(4):
            s._set_job(r, c, -1)
    s._set_job_token(2, 0)
    if poke:
        s._poke_player(0, **poke)
    return s


def NODE_(name: str) -> int:
    return A["NODE"] + NODE[name]


def run(s: GameState, label: str) -> None:
    """Run the steps of one action (by its label) on top of the pending decision."""
    s._push(F["ACTION"], action=ACTION[label])


def legal(s: GameState) -> set[int]:
    return set(s.legal_actions())


def act(s: GameState, decision: str, action: int) -> None:
    assert s.decision_name() == decision, f"pending {s.decision_name()!r}, expected {decision!r}"
    assert action in s.legal_actions(), f"{s.action_to_string(action)} not legal in {decision!r}"
    s.apply_action(action)


def finish(s: GameState, base: str = BASE) -> None:
    """Answer the remaining decisions of a pushed frame with their first legal action."""
    for _ in range(300):
        if s.decision_name() == base:
            return
        s.apply_action(s.legal_actions()[0])
    raise AssertionError("pushed frame did not finish")


def teepees(s: GameState) -> dict[str, int]:
    return {NAMES["node"][n]: t for n, t in s.board()["tiles"].items() if NAMES["node"][n].startswith("TEEPEE")}


def build_for(s: GameState, seat: int, building: str, space: str) -> None:
    s._set_node(NODE[space], building=BUILDING[building], owner=seat)


# ============================================================================ teepees: placement (§17.4)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_places_teepees_on_the_village_lowest_value_first(players):
    # R-1E setup step 6: 7 tiles of pile 1; a teepee goes to the empty village space of the lowest
    # value (-3 first), a hazard to the lowest empty space of its section
    h = handle(players, "random")
    seen_teepees = 0
    for seed in range(60):
        s = GameState(h, seed)
        filled = [name for name in VILLAGE if NODE[name] in s.board()["tiles"]]
        assert filled == VILLAGE[:len(filled)], f"seed {seed}: {filled}"
        assert all(s.board()["tiles"][NODE[n]] in (BLUE, GREEN) for n in filled)
        assert len(s.board()["tiles"]) == 7
        seen_teepees += len(filled)
    assert seen_teepees > 60         # pile 1 holds 17 teepees of 35 tiles: about 3.4 per game


def _place_one(s: GameState, tile: int) -> None:
    """Run Kansas City's steps 1-3 with one tile offered in foresight column 1 (taken automatically)."""
    no_foresight(s)
    s._set_foresight(0, 0, tile)
    s._set_cards(0, hand=[JERSEY], draw=[], discard=[])
    s._push(F["KC"])


def test_kansas_city_teepee_goes_to_the_lowest_empty_village_space():
    # R-1E Kansas City: "the empty space of the Indian village with the lowest value"
    s = new_state()
    for name in ("TEEPEE--3", "TEEPEE--1", "TEEPEE-2"):
        s._set_node(NODE[name], tile=GREEN)
    _place_one(s, BLUE)
    assert teepees(s) == {"TEEPEE--3": GREEN, "TEEPEE--2": BLUE, "TEEPEE--1": GREEN, "TEEPEE-2": GREEN}
    finish(s)
    _place_one(s, GREEN)
    assert teepees(s)["TEEPEE-1"] == GREEN


def test_kansas_city_teepee_without_a_free_village_space_leaves_the_game():
    s = new_state()
    for name in VILLAGE:
        s._set_node(NODE[name], tile=GREEN)
    _place_one(s, BLUE)
    assert set(teepees(s).values()) == {GREEN}
    assert s.board()["foresight"][0] == [-1, -1]


# ============================================================================ teepees: trading (§17.4)


@pytest.mark.parametrize("space", VILLAGE)
def test_trade_gains_or_pays_the_value_of_the_space(space):
    # R-1E "obchod s indiány": take one teepee, gain the space's value or pay it when negative
    s = new_state(money=5)
    s._set_node(NODE[space], tile=GREEN)
    run(s, "building D action 1, option 1")
    assert s.decision_name() == "trade with Indians"
    assert legal(s) == {STOP, NODE_(space)}
    assert s.action_to_string(NODE_(space)) == f"trade for the teepee on {space}"
    s.apply_action(NODE_(space))
    p = s.player(0)
    assert p["money"] == 5 + VALUE[space]
    assert p["section_tiles"] == [0, 1]                       # [blue, green]
    assert p["stats"]["bounties"] == 1                        # tiles taken from the village
    assert teepees(s) == {}
    assert s.decision_name() == BASE


def test_trade_any_teepee_on_or_off_the_trail_kept_by_colour():
    s = new_state(money=0, section_tiles=[1, 0])
    s._set_node(NODE["TEEPEE--2"], tile=BLUE)
    s._set_node(NODE["TEEPEE-4"], tile=GREEN)
    s._set_node(NODE["TEEPEE-10"], tile=BLUE)
    run(s, "building D action 1, option 1")
    assert legal(s) == {STOP, NODE_("TEEPEE-4"), NODE_("TEEPEE-10")}      # -2 cannot be paid with $0
    s.apply_action(NODE_("TEEPEE-10"))
    assert s.player(0)["section_tiles"] == [2, 0] and s.player(0)["money"] == 10
    assert teepees(s) == {"TEEPEE--2": BLUE, "TEEPEE-4": GREEN}


@pytest.mark.parametrize("money, offered", [(0, []), (1, ["TEEPEE--1"]), (2, ["TEEPEE--2", "TEEPEE--1"]),
                                            (3, ["TEEPEE--3", "TEEPEE--2", "TEEPEE--1"])])
def test_a_negative_space_is_offered_only_when_its_price_can_be_paid_in_full(money, offered):
    # R-1E phase A: only hand fees may be paid in part, "never fees or costs of other kinds"
    s = new_state(money=money)
    for name in ("TEEPEE--3", "TEEPEE--2", "TEEPEE--1", "TEEPEE-1"):
        s._set_node(NODE[name], tile=BLUE)
    run(s, "building D action 1, option 1")
    assert legal(s) == {STOP, NODE_("TEEPEE-1"), *(NODE_(n) for n in offered)}


def test_a_trade_may_be_declined_and_nothing_happens_without_teepees():
    s = new_state(money=4)
    s._set_node(NODE["TEEPEE--3"], tile=BLUE)
    run(s, "building D action 1, option 1")
    s.apply_action(STOP)
    assert s.player(0)["money"] == 4 and teepees(s) == {"TEEPEE--3": BLUE}
    s._set_node(NODE["TEEPEE--3"], tile=-1)
    run(s, "building D action 1, option 1")                 # an empty village: nothing to decide
    assert s.decision_name() == BASE and s.player(0)["section_tiles"] == [0, 0]


def test_neutral_d_either_trade_or_pay_2_and_engine_up_to_2():
    # R-1E: D = EITHER trade with Indians OR pay $2 and move the engine up to 2
    s = new_state(money=1)
    s._set_node(NODE["TEEPEE-6"], tile=GREEN)
    run(s, "building D action 1")
    assert s.decision_name() == "trade with Indians"        # $1: the engine branch cannot be paid
    s.apply_action(NODE_("TEEPEE-6"))
    assert s.player(0)["money"] == 7
    s = new_state(money=5)
    s._set_node(NODE["TEEPEE-6"], tile=GREEN)
    run(s, "building D action 1")
    assert legal(s) == {A["OPTION"], A["OPTION"] + 1}
    s.apply_action(A["OPTION"] + 1)
    assert s.player(0)["money"] == 3 and s.decision_name() == "engine"


def test_private_8a_either_trade_or_aux():
    s = new_state(money=0, discs=[0, 1, 2, 2, 2, 1, 1, 2, 1, 1])
    s._set_node(NODE["TEEPEE-8"], tile=BLUE)
    run(s, "building 8a action 1")
    assert legal(s) == {A["OPTION"], A["OPTION"] + 1}
    s.apply_action(A["OPTION"])
    s.apply_action(NODE_("TEEPEE-8"))
    assert s.player(0)["money"] == 8 and s.player(0)["section_tiles"] == [1, 0]


def test_cowboy_space_6_trades_with_indians():
    # §17.6 / BGF: the sixth cowboy's space trades with Indians
    s = new_state(money=10, workers=[5, 1, 1])
    s._set_node(NODE["TEEPEE-4"], tile=BLUE)
    s._set_job(0, 0, COWBOY)
    s._set_job_token(3, 0)
    run(s, "building A action 2")
    s.apply_action(A["HIRE"])
    assert s.decision_name() == "trade with Indians"
    s.apply_action(NODE_("TEEPEE-4"))
    assert s.player(0)["money"] == 10 - 6 + 4
    assert s.player(0)["workers"] == [6, 1, 1]


def test_station_master_sm1_either_remove_a_hazard_free_or_trade():
    # R-1E: SM1's upper half = EITHER remove 1 hazard for free OR trade with Indians
    s = new_state(money=4, workers=[1, 2, 1])
    s._set_node(NODE["FLOOD-1"], tile=FLOOD2)
    s._set_node(NODE["TEEPEE--1"], tile=GREEN)
    run(s, "station master SM1")
    assert legal(s) == {A["OPTION"], A["OPTION"] + 1}
    s.apply_action(A["OPTION"] + 1)
    s.apply_action(NODE_("TEEPEE--1"))
    assert s.player(0)["money"] == 3 and s.player(0)["section_tiles"] == [0, 1]


def test_hand_fees_for_teepees_go_to_the_bank():
    # R-1E phase A: a teepee charges its hand's fee to the bank (blue = black hand, green = green hand
    # [M]); 4 players: green $1, black $2
    s = new_state(money=10)
    s._set_node(NODE["TEEPEE-1"], tile=BLUE)
    s._set_node(NODE["TEEPEE-2"], tile=GREEN)
    s._poke_player(0, herder=NODE["C-2"])
    others = [s.player(p)["money"] for p in range(1, 4)]
    s._push(F["BEFORE_MOVE"])
    assert {NODE_("D"), NODE_("TEEPEE-1")} <= legal(s)        # C-2 forks to D and the village
    s.apply_action(NODE_("TEEPEE-1"))
    s.apply_action(NODE_("TEEPEE-2"))
    assert s.player(0)["money"] == 10 - 2 - 1
    assert s.player(0)["stats"]["fees_paid"] == 3
    assert [s.player(p)["money"] for p in range(1, 4)] == others


# ============================================================================ teepee counters (§17.7, §17.10)


def blank(players: int = 4) -> GameState:
    """Every seat: $0 and no objective card, so each category starts at 0."""
    s = new_state(players)
    for seat in range(players):
        s._poke_player(seat, money=0, objectives=[0] * N_OBJ)
    return s


def score(s: GameState, seat: int = 0) -> dict:
    s._finish_scoring()
    sc = s.scores()[seat]
    assert sc["total"] == sum(v for k, v in sc.items() if k != "total")
    return sc


def _sm(name: str) -> list[int]:
    h = [0] * 9
    h[SM[name]] = 1
    return h


@pytest.mark.parametrize("held, vp", [([2, 3], 6), ([4, 0], 0), ([1, 1], 3), ([0, 5], 0)])
def test_sm3_scores_3_per_pair_of_a_blue_and_a_green_teepee(held, vp):
    s = blank()
    s._poke_player(0, sm_held=_sm("SM3"), section_tiles=held)
    assert score(s)["station_masters"] == vp


@pytest.mark.parametrize("held, money, certs", [([1, 1], 2, 2), ([2, 3], 4, 4), ([3, 0], 0, 0)])
def test_private_7a_per_teepee_pair_2_dollars_and_certificates_tiles_kept(held, money, certs):
    # R-1E 7a: for each pair of teepees (one blue, one green) 2 certificates and $2 (limit 4 here)
    s = new_state(money=0, section_tiles=held, cert=0, discs=[1, 1, 2, 2, 2, 1, 1, 2, 0, 1])
    run(s, "building 7a action 1")
    assert s.player(0)["money"] == money
    assert s.player(0)["certificates"] == certs
    assert s.player(0)["section_tiles"] == held


def _area(*names) -> list[int]:
    o = [0] * N_OBJ
    for n in names:
        o[OBJ[n]] += 1
    return o


def _with_buildings(s: GameState, n: int) -> None:
    for space, b in zip(("A-1", "A-2", "A-3", "B-1", "B-2"), ("1a", "2a", "3a", "4a", "5a"), strict=False):
        if n <= 0:
            break
        build_for(s, 0, b, space)
        n -= 1


def _with_hazards(s: GameState, n: int) -> None:
    h = [0] * 24
    h[FLOOD2] = n
    s._poke_player(0, hazards=h)


@pytest.mark.parametrize("san_francisco_discs, vp", [(2, 18), (1, 10)])
def test_objectives_rulebook_example(san_francisco_discs, vp):
    # R-1E scoring example: start card B,B,H + B,blue teepee,H,H + two San Francisco cards; 3 buildings,
    # 3 hazards, 1 blue teepee, 2 San Francisco discs -> 3 + 5 + 5 + 5 = 18; one disc short, one San
    # Francisco card fails (-3): 10
    s = blank()
    s._poke_player(0, objectives=_area("START_BBH", "ENGINE3_BBLHH", "AUX_SF", "AUX_SF"),
                   section_tiles=[1, 0], city_discs=[0] * 9 + [san_francisco_discs])
    _with_buildings(s, 3)
    _with_hazards(s, 3)
    assert s._objective_search(0) == (vp, 4)          # all four cards in the search
    assert score(s)["objectives"] == vp


def test_objective_teepee_tasks_count_their_colour_only():
    # ENGINE_BBGG: 2 buildings and 2 green teepees (5 VP, else -3 [M])
    s = blank()
    s._poke_player(0, objectives=_area("ENGINE_BBGG"), section_tiles=[2, 1])
    _with_buildings(s, 2)
    assert score(s)["objectives"] == -3
    s = blank()
    s._poke_player(0, objectives=_area("ENGINE_BBGG"), section_tiles=[0, 2])
    _with_buildings(s, 2)
    assert score(s)["objectives"] > 0


def test_objective_west_highland_and_texas_longhorn_tasks_count_the_deck():
    # ENGINE_345: 1 value-3 card, 1 West Highland, 1 Texas Longhorn in the whole deck
    s = blank()
    s._poke_player(0, objectives=_area("ENGINE_345"))
    s._set_cards(0, hand=[HOLSTEIN], draw=[HIGHLAND3], discard=[LONGHORN5])
    assert score(s)["objectives"] > 0
    s = blank()
    s._poke_player(0, objectives=_area("ENGINE_345"))
    s._set_cards(0, hand=[HOLSTEIN], draw=[HIGHLAND3], discard=[JERSEY])
    assert score(s)["objectives"] < 0


# ============================================================================ cities and arrows (§17.3)


def no_foresight(s: GameState) -> None:
    for c in range(3):
        for r in range(2):
            s._set_foresight(c, r, -1)


def kc_state(hand, **poke) -> GameState:
    """Seat 0 about to visit Kansas City with an exact hand (foresight steps skipped)."""
    s = new_state(tokens=0)
    s._set_cards(0, hand=list(hand), draw=[], discard=[])
    if poke:
        s._poke_player(0, **poke)
    no_foresight(s)
    return s


def _deliver(s: GameState, city: str, disc: str | None = None) -> None:
    no_foresight(s)
    s._push(F["KC"])
    act(s, "delivery city", A["CITY"] + CITY[city])
    if disc is not None:
        act(s, "disc", A["DISC"] + DISC[disc])


def test_delivery_value_18_reaches_san_francisco_and_cities_are_the_first_editions():
    # §17.3: Kansas City 0, Topeka 1, Wichita 4, Colorado Springs 6, Santa Fe 8, Albuquerque 10,
    # El Paso 12, San Diego 14, Sacramento 16, San Francisco 18
    assert [int(v) for v in handle().tables.city_value] == [0, 1, 4, 6, 8, 10, 12, 14, 16, 18]
    s = kc_state([LONGHORN5, HIGHLAND3, HOLSTEIN, SWISS, AYRSHIRE])       # 5 + 4 + 3 + 3 + 3 = 18
    s._push(F["KC"])
    assert s.legal_actions() == [A["CITY"] + c for c in range(10)]
    s = kc_state([DUTCH, HOLSTEIN], city_discs=[0, 1, 0, 0, 0, 0, 0, 0, 0, 0])             # 5
    s._push(F["KC"])
    assert s.legal_actions() == [A["CITY"] + CITY[c] for c in ("kansas_city", "wichita")]


def test_kansas_city_gives_6_dollars_at_once_and_costs_6_vp_per_disc():
    # R-1E: a disc on Kansas City brings $6 from the bank at once and -6 VP at the end
    s = kc_state([JERSEY], money=0)
    _deliver(s, "kansas_city", "aux1")
    finish(s)
    assert s.player(0)["money"] == 1 + 6
    s._set_cards(0, hand=[JERSEY], draw=[], discard=[])
    _deliver(s, "kansas_city", "aux2")
    finish(s)
    assert s.player(0)["money"] == 14
    assert s.player(0)["cities"][CITY["kansas_city"]] == 2
    s._poke_player(0, objectives=[0] * N_OBJ, money=0)
    s._finish_scoring()
    assert s.scores()[0]["cities"] == -12


def test_san_francisco_is_repeatable_and_scores_9_per_disc():
    s = kc_state([LONGHORN5, HIGHLAND3, HOLSTEIN, SWISS, AYRSHIRE], city_discs=[0] * 9 + [1],
                 engine=RAIL["20"])
    _deliver(s, "san_francisco", "step_left")
    finish(s)
    assert s.player(0)["cities"][CITY["san_francisco"]] == 2
    s = blank()
    s._poke_player(0, city_discs=[0] * 9 + [3])
    assert score(s)["cities"] == 27


def test_arrow_topeka_wichita_objective_card_and_minus_3_vp():
    s = kc_state([DUTCH, HOLSTEIN], city_discs=[0, 1, 0, 0, 0, 0, 0, 0, 0, 0])
    s._set_objectives(display=[OBJ[o] for o in ("DRAW_BBH", "GAIN2_SSH", "MOVE_345", "DRAW_5H")],
                      stack=[OBJ["AUX_SF"]])
    _deliver(s, "wichita", "aux1")
    assert s.decision_name() == "objective card"
    assert STOP not in legal(s)                                # compulsory
    act(s, "objective card", A["OBJ_TAKE"] + 4)               # the content option: the stack's top too
    assert s.player(0)["discard"][-1] == len(NAMES["card"]) + OBJ["AUX_SF"]
    finish(s)
    s._poke_player(0, objectives=[0] * N_OBJ, money=0)
    s._finish_scoring()
    assert s.scores()[0]["cities"] == -3


def test_arrow_wichita_colorado_springs_costs_1_vp_and_gives_nothing_at_once():
    # §17.3: the First Edition's Wichita - Colorado Springs arrow is -1 VP (2E: an exchange token)
    s = kc_state([DUTCH, HOLSTEIN, JERSEY], city_discs=[0, 0, 1, 0, 0, 0, 0, 0, 0, 0])      # value 6
    _deliver(s, "colorado_springs", "aux1")
    assert s.decision_name() == BASE
    assert s.player(0)["exchange_tokens"] == 0
    s._poke_player(0, objectives=[0] * N_OBJ, money=0)
    s._finish_scoring()
    assert s.scores()[0]["cities"] == -1


def test_cities_every_arrow_sacramento_and_san_francisco():
    # Topeka-Wichita -3, Wichita-Colorado Springs -1, Albuquerque-El Paso +6, El Paso-San Diego +8,
    # San Diego-Sacramento +4 (R-1E example: +8, +4), Sacramento 6, San Francisco 2 x 9
    s = blank()
    s._poke_player(0, city_discs=[0, 1, 1, 1, 1, 1, 1, 1, 1, 2])
    assert score(s)["cities"] == -3 - 1 + 6 + 8 + 4 + 6 + 18


# ============================================================================ aux 5 (§17.6)


def test_aux_5_single_moves_the_engine_back_and_removes_a_card_without_money():
    # R-1E: engine exactly 1 back, then 1 hand card out of the game; no money (2E: +$1)
    s = new_state(money=0, engine=RAIL["3"], discs=[1, 1, 2, 2, 1, 1, 1, 2, 1, 1])
    s._set_cards(0, hand=[JERSEY, DUTCH], draw=[], discard=[])
    run(s, "aux 5 single")
    assert s.player(0)["engine"] == RAIL["2"]                # the only space 1 back: no decision
    assert s.decision_name() == "remove cards"
    assert STOP in legal(s)                                 # the removal may be declined [L]
    s.apply_action(A["CARD"] + JERSEY)
    assert s.player(0)["money"] == 0 and s.player(0)["engine"] == RAIL["2"]
    assert s.hand(0) == [DUTCH]


def test_aux_5_double_moves_back_2_and_removes_up_to_2():
    s = new_state(money=0, engine=RAIL["3"], discs=[1, 1, 2, 2, 0, 1, 1, 2, 1, 1])
    s._set_cards(0, hand=[JERSEY, JERSEY, DUTCH], draw=[], discard=[])
    run(s, "aux 5 double")
    assert s.player(0)["engine"] == RAIL["1"]
    s.apply_action(A["CARD"] + JERSEY)
    s.apply_action(A["CARD"] + JERSEY)
    assert s.decision_name() == BASE
    assert s.player(0)["money"] == 0 and s.hand(0) == [DUTCH]


def test_aux_5_needs_the_engine_to_go_back():
    s = new_state(money=0, engine=0, discs=[1, 1, 2, 2, 1, 1, 1, 2, 1, 1])
    s._set_cards(0, hand=[JERSEY], draw=[], discard=[])
    s._visit(NODE["A"])
    assert A["AUX"] + 8 not in legal(s)                      # aux 5 single
    assert A["AUX"] in legal(s)                              # aux 1 single


# ============================================================================ buildings that differ (§17.9)


def test_private_2b_jersey_moves_the_engine_1_and_dutch_belt_gives_3():
    # R-1E 2b: discard 1 Jersey -> engine 1 forward; discard 1 Dutch Belt -> $3 (2E changed the tile)
    s = new_state(money=0)
    s._set_cards(0, hand=[JERSEY, DUTCH], draw=[], discard=[])
    run(s, "building 2b action 1")
    act(s, "engine", A["RAIL"] + RAIL["1"])
    assert s.player(0)["engine"] == RAIL["1"] and s.hand(0) == [DUTCH]
    run(s, "building 2b action 2")
    assert s.player(0)["money"] == 3 and s.hand(0) == []


# The buildings whose 1E form differs from 2E only by the breed they take (2E: Galloway, Pineywoods,
# Santa Gertrudis): R-1E / §17.9. (building, breed discarded, $ gained, certificates gained)
BREED_SWAPS = [("2a", "guernsey", 4, 0), ("5b", "black_angus", 0, 2), ("A", "guernsey", 2, 0),
               ("B", "dutch_belt", 2, 0), ("E", "black_angus", 2, 0)]


@pytest.mark.parametrize("building, breed, money, certificates", BREED_SWAPS)
def test_buildings_take_the_first_editions_breed(building, breed, money, certificates):
    others = [c for c in (JERSEY, GUERNSEY, DUTCH, ANGUS, HOLSTEIN) if c != CARD[breed]]
    where = building
    for has_breed in (False, True):
        s = new_state(money=0, cert=0)
        if building not in "ABCDEFG":
            build_for(s, 0, building, "A-2")
            where = "A-2"
        s._set_cards(0, hand=[*others, CARD[breed]] if has_breed else others, draw=[], discard=[])
        s._visit(NODE[where])
        assert s.decision_name() == "phase B"
        assert (A["LOCAL"] in legal(s)) == has_breed          # another breed does not meet the requirement
    s.apply_action(A["LOCAL"])
    p = s.player(0)
    assert (p["money"], p["certificates"]) == (money, certificates)
    assert p["discard"] == [CARD[breed]] and s.hand(0) == sorted(others)


def test_private_5a_hires_at_row_cost_minus_1_and_moves_the_engine_per_engineer():
    s = new_state(money=10, workers=[1, 1, 2])
    s._set_job(2, 0, BUILDER)
    s._set_job_token(3, 0)
    run(s, "building 5a action 1")
    s.apply_action(A["HIRE"] + 2 * 4)
    assert s.player(0)["money"] == 10 - (7 - 1)             # row 3 costs $7
    run(s, "building 5a action 2")
    assert legal(s) == {STOP, A["RAIL"] + RAIL["1"], A["RAIL"] + RAIL["2"]}


def test_private_6a_holstein_gives_10_and_aux():
    s = new_state(money=0, discs=[0, 1, 2, 2, 2, 1, 1, 2, 1, 1])
    s._set_cards(0, hand=[HOLSTEIN, SWISS], draw=[], discard=[])
    run(s, "building 6a action 1")
    assert s.player(0)["money"] == 10 and s.hand(0) == [SWISS]
    run(s, "building 6a action 2")
    assert A["AUX"] + 1 in legal(s)                          # aux 1 double


def test_private_6b_any_card_for_3_dollars_and_an_objective_card_into_the_hand():
    s = new_state(money=0)
    s._set_cards(0, hand=[AYRSHIRE], draw=[], discard=[])
    s._set_objectives(display=[OBJ[o] for o in ("DRAW_BBH", "GAIN2_SSH", "MOVE_345", "DRAW_5H")],
                      stack=[OBJ["AUX_SF"]])
    run(s, "building 6b action 1")
    assert s.player(0)["money"] == 3
    act(s, "objective card", A["OBJ_TAKE"] + 4)
    assert s.hand(0) == [len(NAMES["card"]) + OBJ["AUX_SF"]]


def test_private_8b_uses_an_adjacent_building():
    # R-1E 8b: the local actions of a building next to it (2E moved this to 6b)
    s = new_state(money=0)
    build_for(s, 0, "8b", "A-2")
    build_for(s, 0, "1a", "B-1")
    build_for(s, 1, "2a", "A-3")
    s._poke_player(0, herder=NODE["A-2"])
    s._set_cards(0, hand=[GUERNSEY], draw=[], discard=[])
    run(s, "building 8b action 1")
    assert s.decision_name() == "adjacent building"
    assert legal(s) == {STOP, NODE_("A-3")}                   # A-1 is empty
    s.apply_action(NODE_("A-3"))
    s.apply_action(A["LOCAL"])                                # 2a: discard a Guernsey -> $4
    assert s.player(0)["money"] == 4 and s.hand(0) == []


def test_flood_risk_1_is_the_jersey_form():
    # §17.5: FLOOD-RISK-1 = discard 1 Jersey -> certificate up to 1 and $2 (2E: any card -> certificate)
    s = new_state(money=0, cert=0)
    s._set_cards(0, hand=[JERSEY, DUTCH], draw=[], discard=[])
    run(s, "risk action at FLOOD-RISK-1")
    assert s.hand(0) == [DUTCH]
    assert s.player(0)["money"] == 2 and s.player(0)["certificates"] == 1


# ============================================================================ station masters (§17.7)


def test_all_five_station_masters_are_drawn_in_a_random_order():
    h = handle(4, "a", "random")
    orders = set()
    for seed in range(40):
        drawn = GameState(h, seed).board()["station_masters_drawn"]
        assert sorted(drawn) == [0, 1, 2, 3, 4]
        orders.add(tuple(drawn))
    assert len(orders) > 10


# ============================================================================ whole games


@pytest.mark.parametrize("players, seed", [(2, 11), (3, 12), (4, 13), (4, 14)])
def test_random_first_edition_game_finishes_with_invariants(players, seed):
    h = handle(players, "random", "random")
    s = ScenarioState(h, seed=seed, debug=True)
    policies = [RandomPolicy() for _ in range(players)]
    for seat, pol in enumerate(policies):
        pol.reset(seed, seat)
    play_state(s, policies)
    assert s.is_terminal() and s._invariants() == []
    b = s.board()
    assert b["end_triggered"] == 1 and b["job_token_row"] == 12
