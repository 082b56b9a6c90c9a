"""Scenario tests for every verb of the content vocabulary (gwt_sim/vocabulary.py), rule by rule.

Each test builds an exact position with the engine's scenario hooks, runs one verb (usually by
pushing the action that holds it, or by visiting the building that offers it) and asserts exact
money, positions and legal actions. Section numbers (§) refer to
/work/shared/reference/gwt-components.md; "R-RU" is the 2E rulebook (Russian, seed 000).

A fresh GameState waits on seat 0's first-turn herder placement ("first-turn placement"); frames
pushed on top of it run first, and once they are done that decision is pending again (`BASE`).
Scenario edits (cards, workers, tiles) deliberately break the conservation invariants, so the states
here run with debug=False.
"""

from __future__ import annotations

import functools

import pytest

from gwt_sim.engine.game import A, F, GameState, RulesHandle
from gwt_sim.engine.scenario import ScenarioState
from gwt_sim.tables import compile_tables
from gwt_sim.variant import Variant

# Station masters on stations 1..5 (fixed so that station-master tests are deterministic).
MASTERS = ("SM9", "SM2", "SM7", "SM1", "SM5")


@functools.cache
def _handle(simmental: bool = False, masters: tuple[str, ...] = MASTERS) -> RulesHandle:
    variant = Variant(players=4, sides="a", neutral_layout="ABCDEFG", station_masters=masters, simmental=simmental)
    return RulesHandle(compile_tables(variant=variant))


NAMES = _handle().names
TABLES = _handle().tables
BASE = "first-turn placement"

N_CARD_TYPES = len(NAMES["card"])


def node(name: str) -> int:
    return NAMES["node"].index(name)


def bld(name: str) -> int:
    return NAMES["building"].index(name)


def act(label: str) -> int:
    return NAMES["action"].index(label)


def card(name: str) -> int:
    return NAMES["card"].index(name)


def rail(label) -> int:
    return NAMES["rail_position"].index(str(label))


def obj(name: str) -> int:
    return NAMES["objective"].index(name)


def tile(name: str) -> int:
    return NAMES["tile"].index(name)


def disc(name: str) -> int:
    return NAMES["disc_space"].index(name)


def sm(name: str) -> int:
    return NAMES["station_master"].index(name)


def buy_option(name: str, names=NAMES) -> int:
    return names["buy_option"].index(name)


PRIVATE_SPACES = [int(x) for x in TABLES.private_space]


def pspace(name: str) -> int:
    """Index of a private building space (as used by A_BUILD)."""
    return PRIVATE_SPACES.index(node(name))


CRIOLLO, SANTA, PINEY, GALLOWAY = card("criollo"), card("santa_gertrudis"), card("pineywoods"), card("galloway")
ANGUS, LONGHORN, CORRIENTE = card("black_angus"), card("longhorn"), card("corriente")
SH3, SH4, SH5 = card("shorthorn (3 VP)"), card("shorthorn (4 VP)"), card("shorthorn (5 VP)")
HF5, HF6, HF7 = card("hereford (5 VP)"), card("hereford (6 VP)"), card("hereford (7 VP)")
CALF = card("simmental_calf")
COWBOY, BUILDER, ENGINEER = 0, 1, 2
GREEN_OUTLAW, ORANGE_OUTLAW = tile("green outlaw"), tile("orange outlaw")
FLOOD2 = tile("flood hazard (2 VP, green hand)")
DROUGHT3 = tile("drought hazard (3 VP, black hand)")
ROCKFALL4 = tile("rockfall hazard (4 VP, green hand)")

STOP = A["STOP"]


def HIRE(row: int, col: int) -> int:
    return A["HIRE"] + row * 4 + col


def BUY(option: int, card_type: int) -> int:
    return A["BUY"] + option * 24 + card_type


def BUILD(building: str, space: str) -> int:
    number = int(building[:-1])
    return A["BUILD"] + (number - 1) * 24 + pspace(space)


def RAIL(label) -> int:
    return A["RAIL"] + rail(label)


def NODE(name: str) -> int:
    return A["NODE"] + node(name)


def LOCAL(slot: int) -> int:
    return A["LOCAL"] + slot


def AUX(k: int, double: bool = False) -> int:
    """Aux action k (1..5), single or double."""
    return A["AUX"] + 2 * (k - 1) + (1 if double else 0)


def DISC(name: str) -> int:
    return A["DISC"] + disc(name)


# ----------------------------------------------------------------------------- scenario helpers


def new_game(simmental: bool = False, masters: tuple[str, ...] = MASTERS, seed: int = 1) -> GameState:
    """A fresh 4-player game (all a-sides, neutral layout ABCDEFG) with an empty board: no hazard or
    outlaw tiles, an empty job market with the token in row 3, no cattle in the market, and no
    exchange tokens (a held token is offered beside every decision where the hand matters; the tests
    of that are under "exchange tokens in the middle of an action")."""
    s = ScenarioState(_handle(simmental, masters), seed=seed, debug=False)
    assert s.decision_name() == BASE
    for seat in range(4):
        s._poke_player(seat, tokens=0)
    for n in list(s.board()["tiles"]):
        s._set_node(n, tile=-1)
    set_job_market(s, {}, token_row=2)
    s._set_market([], deck=[])
    return s


def set_job_market(s: GameState, rows: dict[int, list[int]], token_row: int) -> None:
    """Empty the job market, then put workers: {row: [worker type or -1 per column]}."""
    for r in range(12):
        for c in range(4):
            s._set_job(r, c, -1)
    for r, workers in rows.items():
        for c, w in enumerate(workers):
            s._set_job(r, c, w)
    s._set_job_token(token_row, 0)


def market(s: GameState, cards: list[int], deck: list[int] | None = None) -> None:
    counts = [0] * N_CARD_TYPES
    for c in cards:
        counts[c] += 1
    s._set_market(counts, deck=[] if deck is None else deck)


def run(s: GameState, label: str) -> None:
    """Run the steps of one action (by its label) on top of the pending decision."""
    s._push(F["ACTION"], action=act(label))


def build_for(s: GameState, seat: int, building: str, space: str) -> None:
    """Put a private building of `seat` on a space and keep the player's tile bookkeeping in step."""
    s._set_node(node(space), building=bld(building), owner=seat)
    tiles = [2 if t == 2 else 0 for t in s.player(seat)["tiles"]]
    tile_node = [-1] * 12
    for n, (b, owner) in s.board()["buildings"].items():
        if owner == seat:
            number = int(TABLES.building_number[b])
            tiles[number - 1] = 1
            tile_node[number - 1] = n
    s._poke_player(seat, tiles=tiles, tile_node=tile_node)


def legal(s: GameState) -> set[int]:
    return set(s.legal_actions())


def names_of(s: GameState) -> list[str]:
    return [s.action_to_string(a) for a in s.legal_actions()]


def accept_discard(s: GameState, card_id: int) -> None:
    """Use a 'discard X -> reward' immediate action: accept it if it is offered (use it / decline),
    then discard the card if the discard is a decision."""
    if s.decision_name() == "either/or" and A["OPTION"] in legal(s):
        s.apply_action(A["OPTION"])
    if A["CARD"] + card_id in legal(s):
        s.apply_action(A["CARD"] + card_id)


def rail_free_positions(s: GameState, exclude=()) -> set[int]:
    occupied = {s.player(p)["engine"] for p in range(4)} - {0}
    return {A["RAIL"] + q for q in range(len(NAMES["rail_position"]))
            if q not in occupied and q not in {rail(x) for x in exclude}}


# ============================================================================= 1. hire (§6, §5.6)


def test_hire_worked_example_engineer_for_7_then_cowboy_for_6_plus_2():
    # §6 / R-RU p.13: at neutral A, Masha hires an engineer from the row above the token for $7
    # (action "+0"); it goes to her engineer space 3, whose immediate action she uses (discard a
    # Criollo -> $2). With the "+2" hire she takes a cowboy from a $6 row and pays $8. Without a
    # Galloway she cannot use A's discard action.
    s = new_game()
    set_job_market(s, {0: [COWBOY, -1, -1, -1], 2: [ENGINEER, -1, -1, -1]}, token_row=3)
    s._poke_player(0, money=20, workers=[1, 1, 2])
    s._set_cards(0, hand=[CRIOLLO, PINEY, SANTA, SANTA], draw=[], discard=[])
    s._visit(node("A"))
    assert s.decision_name() == "phase B"
    assert LOCAL(0) not in legal(s)                      # no Galloway in hand
    assert {LOCAL(1), LOCAL(2)} <= legal(s)
    s.apply_action(LOCAL(1))
    assert s.decision_name() == "hire"
    assert legal(s) == {STOP, HIRE(0, 0), HIRE(2, 0)}
    s.apply_action(HIRE(2, 0))
    assert s.player(0)["workers"] == [1, 1, 3]
    if s.decision_name() != "phase B":                   # the space's action waits for a decision
        assert s.player(0)["money"] == 13
    accept_discard(s, CRIOLLO)
    assert s.player(0)["money"] == 15
    assert s.player(0)["discard"] == [CRIOLLO]
    assert sorted(s.hand(0)) == sorted([PINEY, SANTA, SANTA])
    assert s.decision_name() == "phase B"
    s.apply_action(LOCAL(2))
    assert legal(s) == {STOP, HIRE(0, 0)}
    s.apply_action(HIRE(0, 0))
    assert s.player(0)["money"] == 7
    assert s.player(0)["workers"] == [2, 1, 3]
    assert s.board()["job_market"][0][0] == -1 and s.board()["job_market"][2][0] == -1


@pytest.mark.parametrize("label, price", [
    ("building A action 2", 7),          # A: row cost + 0
    ("building A action 3", 9),          # A: row cost + 2
    ("building 6a action 1", 6),         # 6a: row cost - 1
    ("engineer row space 4", 5),         # engineer space 4: row cost - 2
])
def test_hire_price_is_row_cost_plus_modifier(label, price):
    # §6: price = row cost ($7 in row 3) adjusted by the icon's modifier.
    s = new_game()
    set_job_market(s, {2: [BUILDER, -1, -1, -1]}, token_row=3)
    s._poke_player(0, money=20)
    run(s, label)
    assert s.decision_name() == "hire"
    assert legal(s) == {STOP, HIRE(2, 0)}
    s.apply_action(HIRE(2, 0))
    assert s.player(0)["money"] == 20 - price
    assert s.player(0)["workers"] == [1, 2, 1]
    assert s.decision_name() == BASE


@pytest.mark.parametrize("row, price", [(0, 6), (1, 6), (2, 7), (3, 5), (4, 7), (5, 9), (6, 6), (7, 8),
                                         (8, 10), (9, 6), (10, 5)])
def test_hire_row_costs(row, price):
    # §6: row costs 6, 6, 7, 5, 7, 9, 6, 8, 10, 6, 5, 4 (top to bottom).
    s = new_game()
    set_job_market(s, {row: [COWBOY, -1, -1, -1]}, token_row=11)
    s._poke_player(0, money=30)
    run(s, "building A action 2")
    s.apply_action(HIRE(row, 0))
    assert s.player(0)["money"] == 30 - price


def test_hire_never_from_the_token_row_or_below():
    # §6: only rows above the job-market token's row may be hired from.
    s = new_game()
    set_job_market(s, {0: [COWBOY, -1, -1, -1], 1: [-1, BUILDER, -1, -1], 2: [ENGINEER, -1, -1, -1],
                       3: [COWBOY, BUILDER, -1, -1]}, token_row=2)
    s._poke_player(0, money=50)
    run(s, "building A action 2")
    assert legal(s) == {STOP, HIRE(0, 0), HIRE(1, 1)}


def test_hire_can_not_take_a_worker_you_can_not_afford():
    # §6: the price must be paid in full ($6 row and $7 row, $6 in hand).
    s = new_game()
    set_job_market(s, {0: [COWBOY, -1, -1, -1], 2: [ENGINEER, -1, -1, -1]}, token_row=3)
    s._poke_player(0, money=6)
    run(s, "building A action 2")
    assert legal(s) == {STOP, HIRE(0, 0)}


def test_hire_with_plus_two_and_nothing_affordable_does_nothing():
    # §6: with $7 the "+2" icon can buy neither the $6 row ($8) nor the $7 row ($9).
    s = new_game()
    set_job_market(s, {0: [COWBOY, -1, -1, -1], 2: [ENGINEER, -1, -1, -1]}, token_row=3)
    s._poke_player(0, money=7)
    run(s, "building A action 3")
    assert s.decision_name() == BASE
    assert s.player(0)["money"] == 7
    assert s.player(0)["workers"] == [1, 1, 1]


def test_hire_may_be_declined():
    # §2.2: rewards may be refused.
    s = new_game()
    set_job_market(s, {0: [COWBOY, BUILDER, -1, -1]}, token_row=3)
    s._poke_player(0, money=20)
    run(s, "building A action 2")
    s.apply_action(STOP)
    assert s.decision_name() == BASE
    assert s.player(0)["money"] == 20
    assert s.player(0)["workers"] == [1, 1, 1]
    assert s.board()["job_market"][0][:2] == [COWBOY, BUILDER]


def test_hired_worker_goes_to_the_leftmost_empty_space_of_its_row():
    # §5.6: one more worker in its own row; the job-market space is emptied.
    s = new_game()
    set_job_market(s, {0: [COWBOY, BUILDER, ENGINEER, -1]}, token_row=3)
    s._poke_player(0, money=20, workers=[2, 3, 1])
    run(s, "building A action 2")
    s.apply_action(HIRE(0, 1))
    assert s.player(0)["workers"] == [2, 4, 1]
    assert s.player(0)["stats"]["workers_hired"] == 1
    assert s.board()["job_market"][0] == [COWBOY, -1, ENGINEER, -1]


def test_full_worker_row_can_not_hire_more_of_that_type():
    # §5.6: a row holds 6 workers at most.
    s = new_game()
    set_job_market(s, {0: [COWBOY, ENGINEER, BUILDER, -1]}, token_row=3)
    s._poke_player(0, money=50, workers=[1, 1, 6])
    run(s, "building A action 2")
    assert legal(s) == {STOP, HIRE(0, 0), HIRE(0, 2)}


def test_hire_engineer_space_3_discards_criollo_for_2():
    # §5.6: engineer space 3 = discard 1 Criollo -> $2 (worked example).
    s = new_game()
    set_job_market(s, {0: [ENGINEER, -1, -1, -1]}, token_row=3)
    s._poke_player(0, money=10, workers=[1, 1, 2])
    s._set_cards(0, hand=[CRIOLLO, GALLOWAY], discard=[])
    run(s, "building A action 2")
    s.apply_action(HIRE(0, 0))
    accept_discard(s, CRIOLLO)
    assert s.decision_name() == BASE
    assert s.player(0)["money"] == 10 - 6 + 2
    assert s.hand(0) == [GALLOWAY]
    assert s.player(0)["discard"] == [CRIOLLO]


def test_hire_engineer_space_2_discards_criollo_for_one_certificate():
    # §5.6: engineer space 2 = discard 1 Criollo -> certificate up to 1.
    s = new_game()
    set_job_market(s, {0: [ENGINEER, -1, -1, -1]}, token_row=3)
    s._poke_player(0, money=10, workers=[1, 1, 1], cert=0)
    s._set_cards(0, hand=[CRIOLLO, SANTA], discard=[])
    run(s, "building A action 2")
    s.apply_action(HIRE(0, 0))
    accept_discard(s, CRIOLLO)
    assert s.player(0)["certificates"] == 1
    assert s.player(0)["money"] == 4
    assert s.hand(0) == [SANTA]


def test_hire_engineer_space_5_discards_criollo_for_two_certificates():
    # §5.6: engineer space 5 = discard 1 Criollo -> certificates up to 2.
    s = new_game()
    set_job_market(s, {0: [ENGINEER, -1, -1, -1]}, token_row=3)
    s._poke_player(0, money=10, workers=[1, 1, 4], cert=0)
    s._set_cards(0, hand=[CRIOLLO, SANTA], discard=[])
    run(s, "building A action 2")
    s.apply_action(HIRE(0, 0))
    accept_discard(s, CRIOLLO)
    assert s.player(0)["workers"] == [1, 1, 5]
    assert s.player(0)["certificates"] == 2


def test_hire_engineer_space_6_discards_criollo_for_4():
    # §5.6: engineer space 6 = discard 1 Criollo -> $4.
    s = new_game()
    set_job_market(s, {0: [ENGINEER, -1, -1, -1]}, token_row=3)
    s._poke_player(0, money=10, workers=[1, 1, 5])
    s._set_cards(0, hand=[CRIOLLO, SANTA], discard=[])
    run(s, "building A action 2")
    s.apply_action(HIRE(0, 0))
    accept_discard(s, CRIOLLO)
    assert s.player(0)["workers"] == [1, 1, 6]
    assert s.player(0)["money"] == 10 - 6 + 4


def test_hire_engineer_space_4_hires_again_at_row_cost_minus_2():
    # §5.6: engineer space 4 = hire 1 worker $2 cheaper than the row's cost (the board's coin "+2").
    s = new_game()
    set_job_market(s, {0: [ENGINEER, -1, -1, -1], 2: [COWBOY, -1, -1, -1]}, token_row=3)
    s._poke_player(0, money=20, workers=[1, 1, 3])
    run(s, "building A action 2")
    s.apply_action(HIRE(0, 0))
    assert s.decision_name() == "hire"
    assert legal(s) == {STOP, HIRE(2, 0)}
    s.apply_action(HIRE(2, 0))
    assert s.player(0)["money"] == 20 - 6 - 5            # row 3 costs $7, less $2
    assert s.player(0)["workers"] == [2, 1, 4]


def test_hire_cowboy_space_4_removes_a_hazard_for_free():
    # §5.6: cowboy space 4 = remove 1 hazard for free (even with $0 left).
    s = new_game()
    s._set_node(node("FLOOD-1"), tile=FLOOD2)
    s._set_node(node("DROUGHT-1"), tile=DROUGHT3)
    set_job_market(s, {0: [COWBOY, -1, -1, -1]}, token_row=3)
    s._poke_player(0, money=6, workers=[3, 1, 1])
    run(s, "building A action 2")
    s.apply_action(HIRE(0, 0))
    assert s.decision_name() == "hazard"
    assert legal(s) == {STOP, NODE("FLOOD-1"), NODE("DROUGHT-1")}
    s.apply_action(NODE("DROUGHT-1"))
    p = s.player(0)
    assert p["money"] == 0
    assert p["hazards"][DROUGHT3] == 1
    assert node("DROUGHT-1") not in s.board()["tiles"]
    assert s.board()["tiles"] == {node("FLOOD-1"): FLOOD2}


def test_hire_cowboy_space_6_collects_a_bounty():
    # §5.6: cowboy space 6 = collect 1 outlaw bounty.
    s = new_game()
    s._set_node(node("OUTLAW-5"), tile=ORANGE_OUTLAW)
    set_job_market(s, {0: [COWBOY, -1, -1, -1]}, token_row=3)
    s._poke_player(0, money=10, workers=[5, 1, 1])
    run(s, "building A action 2")
    s.apply_action(HIRE(0, 0))
    assert s.decision_name() == "bounty"
    assert legal(s) == {STOP, NODE("OUTLAW-5")}
    s.apply_action(NODE("OUTLAW-5"))
    assert s.player(0)["money"] == 10 - 6 + 4
    assert s.player(0)["section_tiles"] == [0, 1]


def test_hire_builder_space_4_builds_at_1_per_builder():
    # §5.6 / §13.1: builder space 4 = place a private building at $1 per builder. With 4 builders and
    # $3 left, 5a (3 builders) costs $3 and 6a (4 builders) $4 (too much).
    s = new_game()
    set_job_market(s, {0: [BUILDER, -1, -1, -1]}, token_row=3)
    s._poke_player(0, money=9, workers=[1, 3, 1])
    run(s, "building A action 2")
    s.apply_action(HIRE(0, 0))
    assert s.decision_name() == "build"
    options = legal(s)
    assert BUILD("5a", "A-1") in options
    assert BUILD("4a", "A-1") in options
    assert not any(BUILD("6a", sp) in options for sp in ("A-1", "B-1", "G-2"))
    s.apply_action(BUILD("5a", "A-1"))
    assert s.player(0)["money"] == 0
    assert s.board()["buildings"][node("A-1")] == (bld("5a"), 0)
    assert s.player(0)["tiles"][4] == 1


def test_hire_builder_space_6_builds_at_1_per_builder():
    # §5.6: builder space 6 = place a private building at $1 per builder: 6a (4 builders) for $4.
    s = new_game()
    set_job_market(s, {0: [BUILDER, -1, -1, -1]}, token_row=3)
    s._poke_player(0, money=10, workers=[1, 5, 1])
    run(s, "building A action 2")
    s.apply_action(HIRE(0, 0))
    assert s.player(0)["workers"] == [1, 6, 1]
    s.apply_action(BUILD("6a", "B-2"))
    assert s.player(0)["money"] == 0


def test_hire_engineer_space_3_without_criollo_gives_nothing():
    # §5.6 / §2.2: the requirement (discard 1 Criollo) must be met in full to get the reward.
    s = new_game()
    set_job_market(s, {2: [ENGINEER, -1, -1, -1]}, token_row=3)
    s._poke_player(0, money=20, workers=[1, 1, 2])
    s._set_cards(0, hand=[GALLOWAY, PINEY], discard=[])
    run(s, "building A action 2")
    s.apply_action(HIRE(2, 0))
    assert s.decision_name() == BASE
    assert s.player(0)["money"] == 13
    assert sorted(s.hand(0)) == sorted([GALLOWAY, PINEY])


def test_hire_worker_space_immediate_action_may_be_declined():
    # §5.6: 'use it now or lose it' — the player may choose not to use it (R-RU: 'she decided to use
    # this action'). With a Criollo in hand there must be a decision that keeps the card.
    s = new_game()
    set_job_market(s, {2: [ENGINEER, -1, -1, -1]}, token_row=3)
    s._poke_player(0, money=20, workers=[1, 1, 2])
    s._set_cards(0, hand=[CRIOLLO, PINEY], discard=[])
    run(s, "building A action 2")
    s.apply_action(HIRE(2, 0))
    assert s.decision_name() != BASE                 # a decision: use the space or not
    assert STOP in legal(s) and len(legal(s)) >= 2
    s.apply_action(STOP)
    assert s.decision_name() == BASE
    assert s.player(0)["money"] == 13
    assert sorted(s.hand(0)) == sorted([CRIOLLO, PINEY])


# ============================================================================= 2. buy cattle (§4)

ALL_MARKET = [ANGUS, LONGHORN, CORRIENTE, SH3, SH4, SH5, HF5, HF6]


def test_buy_one_cowboy_offers_value3_for_6_and_shorthorn_for_12():
    # §4: 1 cowboy -> 1 value-3 card for $6 or 1 Shorthorn for $12; nothing else.
    s = new_game()
    market(s, ALL_MARKET)
    s._poke_player(0, money=20, workers=[1, 1, 1])
    run(s, "building E action 2")
    assert s.decision_name() == "buy cattle"
    v3, sh1 = buy_option("value3_1_cowboy"), buy_option("shorthorn_1_cowboy")
    assert legal(s) == {STOP, BUY(v3, ANGUS), BUY(v3, LONGHORN), BUY(v3, CORRIENTE),
                        BUY(sh1, SH3), BUY(sh1, SH4), BUY(sh1, SH5)}
    s.apply_action(BUY(v3, CORRIENTE))
    assert s.decision_name() == BASE                 # the only cowboy is used
    assert s.player(0)["money"] == 14
    assert s.player(0)["discard"] == [CORRIENTE]
    assert s.board()["market"][CORRIENTE] == 0
    assert s.player(0)["stats"]["cards_bought"] == 1


@pytest.mark.parametrize("option, cowboys, price, bought", [
    ("value3_1_cowboy", 1, 6, [ANGUS]),
    ("value3_2_cowboys", 2, 3, [ANGUS]),
    ("value3_pair_3_cowboys", 3, 5, [ANGUS, LONGHORN]),
    ("shorthorn_1_cowboy", 1, 12, [SH3]),
    ("shorthorn_3_cowboys", 3, 6, [SH3]),
    ("shorthorn_pair_5_cowboys", 5, 8, [SH3, SH5]),
    ("hereford_2_cowboys", 2, 12, [HF5]),
    ("hereford_4_cowboys", 4, 6, [HF5]),
])
def test_buy_option_table(option, cowboys, price, bought):
    # §4: cowboys used, price and cards gained per option; the cards go onto the discard pile.
    o = buy_option(option)
    s = new_game()
    market(s, ALL_MARKET)
    s._poke_player(0, money=price, workers=[cowboys, 1, 1])
    s._set_cards(0, hand=[CRIOLLO], discard=[])
    run(s, "building E action 2")
    assert BUY(o, bought[0]) in legal(s)
    s.apply_action(BUY(o, bought[0]))
    if len(bought) == 2:
        assert s.decision_name() == "buy second card"
        s.apply_action(A["CARD"] + bought[1])
    assert s.player(0)["money"] == 0
    assert sorted(s.player(0)["discard"]) == sorted(bought)
    assert s.hand(0) == [CRIOLLO]
    assert s.decision_name() == BASE                 # all cowboys used, no money left


@pytest.mark.parametrize("option, cowboys, price, first", [
    ("value3_2_cowboys", 2, 3, ANGUS),
    ("value3_pair_3_cowboys", 3, 5, ANGUS),
    ("shorthorn_3_cowboys", 3, 6, SH3),
    ("shorthorn_pair_5_cowboys", 5, 8, SH3),
    ("hereford_2_cowboys", 2, 12, HF5),
    ("hereford_4_cowboys", 4, 6, HF5),
])
def test_buy_option_needs_its_cowboys(option, cowboys, price, first):
    # §4: an option needs that many cowboys (printed one included).
    s = new_game()
    market(s, ALL_MARKET)
    s._poke_player(0, money=50, workers=[cowboys - 1, 1, 1])
    run(s, "building E action 2")
    assert BUY(buy_option(option), first) not in legal(s)


def test_buy_option_needs_its_price():
    # §4: 1 Hereford for 2 cowboys costs $12; with $11 it is not offered.
    s = new_game()
    market(s, ALL_MARKET)
    s._poke_player(0, money=11, workers=[2, 1, 1])
    run(s, "building E action 2")
    assert BUY(buy_option("hereford_2_cowboys"), HF5) not in legal(s)
    assert BUY(buy_option("value3_1_cowboy"), ANGUS) in legal(s)


def test_buy_combines_options_two_separate_one_cowboy_buys():
    # §4: with 2 cowboys, two separate (1 cowboy, $6) purchases in one action.
    s = new_game()
    market(s, ALL_MARKET)
    s._poke_player(0, money=12, workers=[2, 1, 1])
    run(s, "building E action 2")
    v3 = buy_option("value3_1_cowboy")
    s.apply_action(BUY(v3, ANGUS))
    assert s.decision_name() == "buy cattle"
    assert legal(s) == {STOP, BUY(v3, LONGHORN), BUY(v3, CORRIENTE)}
    s.apply_action(BUY(v3, LONGHORN))
    assert s.decision_name() == BASE
    assert s.player(0)["money"] == 0
    assert s.player(0)["discard"] == [ANGUS, LONGHORN]


def test_buy_each_cowboy_is_used_once():
    # §4: after a 2-cowboy purchase, 1 cowboy remains: only 1-cowboy options are left.
    s = new_game()
    market(s, ALL_MARKET)
    s._poke_player(0, money=50, workers=[3, 1, 1])
    run(s, "building E action 2")
    s.apply_action(BUY(buy_option("value3_2_cowboys"), ANGUS))
    v3, sh1 = buy_option("value3_1_cowboy"), buy_option("shorthorn_1_cowboy")
    assert legal(s) == {STOP, BUY(v3, LONGHORN), BUY(v3, CORRIENTE), BUY(sh1, SH3), BUY(sh1, SH4), BUY(sh1, SH5)}
    s.apply_action(BUY(sh1, SH4))
    assert s.decision_name() == BASE
    assert s.player(0)["money"] == 50 - 3 - 12


def test_buy_only_cards_in_the_market():
    # §4: only cards in the market can be bought: no Hereford there, one value-3 card only (no pair).
    s = new_game()
    market(s, [LONGHORN, SH3, SH4])
    s._poke_player(0, money=50, workers=[5, 1, 1])
    run(s, "building E action 2")
    assert legal(s) == {
        STOP,
        BUY(buy_option("value3_1_cowboy"), LONGHORN), BUY(buy_option("value3_2_cowboys"), LONGHORN),
        BUY(buy_option("shorthorn_1_cowboy"), SH3), BUY(buy_option("shorthorn_1_cowboy"), SH4),
        BUY(buy_option("shorthorn_3_cowboys"), SH3), BUY(buy_option("shorthorn_3_cowboys"), SH4),
        BUY(buy_option("shorthorn_pair_5_cowboys"), SH3), BUY(buy_option("shorthorn_pair_5_cowboys"), SH4),
    }


def test_buy_second_card_of_a_pair_comes_from_the_market():
    # §4: 3 cowboys + $5 -> 2 value-3 cards; the second is any value-3 card still in the market.
    s = new_game()
    market(s, [ANGUS, ANGUS, CORRIENTE, SH3])
    s._poke_player(0, money=5, workers=[3, 1, 1])
    run(s, "building E action 2")
    s.apply_action(BUY(buy_option("value3_pair_3_cowboys"), ANGUS))
    assert legal(s) == {A["CARD"] + ANGUS, A["CARD"] + CORRIENTE}
    s.apply_action(A["CARD"] + ANGUS)
    assert s.player(0)["discard"] == [ANGUS, ANGUS]
    assert s.board()["market"][ANGUS] == 0


def test_buy_unused_cowboy_reveals_two_cards_from_the_market_stack():
    # §4: an unused cowboy may reveal the top 2 cards of the market stack, at any moment of the action.
    s = new_game()
    market(s, [ANGUS], deck=[SH3, HF5, LONGHORN])         # top of the stack = last
    s._poke_player(0, money=12, workers=[2, 1, 1])
    run(s, "building E action 2")
    assert A["REVEAL"] in legal(s)
    s.apply_action(A["REVEAL"])
    b = s.board()
    assert b["market"][LONGHORN] == 1 and b["market"][HF5] == 1 and b["market"][SH3] == 0
    assert b["market_deck_size"] == 1
    v3 = buy_option("value3_1_cowboy")
    # one cowboy left: buy, or reveal the last card of the stack
    assert legal(s) == {STOP, BUY(v3, ANGUS), BUY(v3, LONGHORN), A["REVEAL"]}
    s.apply_action(BUY(v3, LONGHORN))
    assert s.player(0)["money"] == 6
    assert s.decision_name() == BASE


def test_buy_reveal_after_a_purchase():
    # §4: the reveal may also come after a purchase, with a cowboy not used for buying.
    s = new_game()
    market(s, [ANGUS], deck=[SH3, HF5])
    s._poke_player(0, money=6, workers=[2, 1, 1])
    run(s, "building E action 2")
    s.apply_action(BUY(buy_option("value3_1_cowboy"), ANGUS))
    assert legal(s) == {STOP, A["REVEAL"]}
    s.apply_action(A["REVEAL"])
    assert s.board()["market"][SH3] == 1 and s.board()["market"][HF5] == 1
    assert s.decision_name() == BASE


def test_buy_simmental_calf_options_only_with_the_variant():
    # §3.3 / §4: 1 cowboy + $8 or 2 cowboys + $5 -> 1 Simmental calf, only in the Simmental variant.
    plain = new_game()
    market(plain, [CALF, ANGUS])
    plain._poke_player(0, money=20, workers=[2, 1, 1])
    run(plain, "building E action 2")
    assert not any(a for a in legal(plain) if A["BUY"] <= a < A["REVEAL"] and (a - A["BUY"]) % 24 == CALF)

    sim_names = _handle(True).names
    s = new_game(simmental=True)
    market(s, [CALF, ANGUS])
    s._poke_player(0, money=8, workers=[2, 1, 1])
    run(s, "building E action 2")
    c1 = buy_option("simmental_1_cowboy", sim_names)
    c2 = buy_option("simmental_2_cowboys", sim_names)
    assert {BUY(c1, CALF), BUY(c2, CALF)} <= legal(s)
    s.apply_action(BUY(c1, CALF))
    assert s.player(0)["money"] == 0
    assert s.player(0)["discard"] == [CALF]


def test_buy_simmental_calf_for_2_cowboys_and_5():
    s = new_game(simmental=True)
    market(s, [CALF])
    s._poke_player(0, money=5, workers=[2, 1, 1])
    run(s, "building E action 2")
    c2 = buy_option("simmental_2_cowboys", _handle(True).names)
    assert legal(s) == {STOP, BUY(c2, CALF)}
    s.apply_action(BUY(c2, CALF))
    assert s.player(0)["money"] == 0
    assert s.player(0)["discard"] == [CALF]


# ============================================================================= 3. build and replace (§13.1)


def test_build_worked_example_2_builder_tile_for_4_at_b():
    # §13.1 / R-RU p.15: a 2-builder tile needs 2 builders and costs $4 at neutral B ($2 per builder).
    s = new_game()
    s._poke_player(0, money=4, workers=[1, 2, 1])
    run(s, "building B action 2")
    assert s.decision_name() == "build"
    options = legal(s)
    assert BUILD("4a", "A-1") in options and BUILD("3a", "A-1") in options
    assert not any(a for a in options if a != STOP and (a - A["BUILD"]) // 24 + 1 >= 5)   # 5a+ need 3+
    s.apply_action(BUILD("4a", "A-1"))
    p = s.player(0)
    assert p["money"] == 0
    assert p["tiles"][3] == 1
    assert s.board()["buildings"][node("A-1")] == (bld("4a"), 0)
    assert p["stats"]["buildings_built"] == 1


def test_build_needs_builders_and_the_full_price():
    # §13.1: 4a needs 2 builders and $4 at B: not with $3, not with 1 builder.
    s = new_game()
    s._poke_player(0, money=3, workers=[1, 2, 1])
    run(s, "building B action 2")
    assert BUILD("4a", "A-1") not in legal(s)
    assert BUILD("1a", "A-1") in legal(s)
    s2 = new_game()
    s2._poke_player(0, money=20, workers=[1, 1, 1])
    run(s2, "building B action 2")
    assert BUILD("4a", "A-1") not in legal(s2)


def test_build_replace_worked_example_pays_only_the_difference():
    # §13.1 / R-RU p.15: replacing the 2-builder tile by a 5-builder tile needs 3 builders and $6;
    # the old tile leaves the game.
    s = new_game()
    build_for(s, 0, "4a", "A-1")
    s._poke_player(0, money=6, workers=[1, 3, 1])
    run(s, "building B action 2")
    options = legal(s)
    assert BUILD("7a", "A-1") in options                       # replacement
    assert BUILD("7a", "A-2") not in options                   # a new 7a needs 5 builders
    s.apply_action(BUILD("7a", "A-1"))
    p = s.player(0)
    assert p["money"] == 0
    assert p["tiles"][3] == 2                                  # 4a out of the game
    assert p["tiles"][6] == 1
    assert s.board()["buildings"][node("A-1")] == (bld("7a"), 0)
    assert p["stats"]["buildings_replaced"] == 1


def test_build_replaced_tile_can_not_be_rebuilt():
    # §13.1: the replaced tile is out of the game for good.
    s = new_game()
    build_for(s, 0, "7a", "A-1")
    s._poke_player(0, tiles=[0, 0, 0, 2, 0, 0, 1, 0, 0, 0, 0, 0], money=100, workers=[1, 6, 1])
    run(s, "building B action 2")
    assert not any(a for a in legal(s) if a != STOP and (a - A["BUILD"]) // 24 == 3)
    assert BUILD("5a", "A-2") in legal(s)


def test_build_replace_with_the_builder_row_pays_1_per_builder_of_difference():
    # §13.1 / §5.6: replacing at $1 per builder: 4a (2) -> 8a (5) for $3 with 3 builders.
    s = new_game()
    build_for(s, 0, "4a", "C-1-1")
    s._poke_player(0, money=3, workers=[1, 3, 1])
    run(s, "builder row space 4")
    assert BUILD("8a", "C-1-1") in legal(s)
    s.apply_action(BUILD("8a", "C-1-1"))
    assert s.player(0)["money"] == 0
    assert s.board()["buildings"][node("C-1-1")] == (bld("8a"), 0)


def test_build_more_than_6_builders_only_by_replacing():
    # §13.1: 9a (7 builders) can only replace a tile; 10a (9) and 11a (12) only if the difference
    # is at most the builders (6).
    s = new_game()
    build_for(s, 0, "4a", "A-1")
    s._poke_player(0, money=100, workers=[1, 6, 1])
    run(s, "building B action 2")
    options = legal(s)
    assert BUILD("9a", "A-1") in options
    assert BUILD("9a", "A-2") not in options
    assert BUILD("10a", "A-1") not in options
    assert BUILD("11a", "A-1") not in options
    assert BUILD("6a", "A-2") in options
    s.apply_action(BUILD("9a", "A-1"))
    assert s.player(0)["money"] == 100 - 2 * 5


def test_build_replacement_must_need_more_builders():
    # §13.1: a tile may only be replaced by one needing more builders.
    s = new_game()
    build_for(s, 0, "5a", "A-1")
    s._poke_player(0, money=100, workers=[1, 6, 1])
    run(s, "building B action 2")
    options = legal(s)
    assert BUILD("4a", "A-1") not in options and BUILD("1a", "A-1") not in options
    assert BUILD("6a", "A-1") in options


def test_build_only_on_empty_private_spaces_risk_spaces_included():
    # §8.2 / §13.1: private tiles go on the 22 private spaces (risk spaces included) that are empty.
    s = new_game()
    build_for(s, 1, "1a", "B-1")                       # another player's tile
    build_for(s, 0, "2a", "FLOOD-RISK-1")              # own tile
    s._poke_player(0, money=2, workers=[1, 1, 1])
    run(s, "building B action 2")
    spaces_for_1 = {(a - A["BUILD"]) % 24 for a in legal(s) if a != STOP and (a - A["BUILD"]) // 24 == 0}
    expected = set(range(22)) - {pspace("B-1"), pspace("FLOOD-RISK-1")}
    assert spaces_for_1 == expected
    assert pspace("DROUGHT-RISK-1") in spaces_for_1 and pspace("ROCKFALL-RISK-2") in spaces_for_1
    # the 22 private spaces of §8.2; neutral, hazard and outlaw spaces are not among them
    assert {NAMES["node"][n] for n in PRIVATE_SPACES} == {
        "A-1", "A-2", "A-3", "FLOOD-RISK-1", "FLOOD-RISK-2", "B-1", "B-2", "B-3", "DROUGHT-RISK-1", "C-1-1",
        "C-1-2", "D-1", "E-1", "E-2", "OUTLAW-RISK-1", "OUTLAW-RISK-2", "ROCKFALL-RISK-1", "ROCKFALL-RISK-2",
        "F-1", "F-2", "G-1", "G-2"}
    # an own tile is not "empty": 2a on FLOOD-RISK-1 can only be replaced (by a tile needing more builders)
    assert BUILD("1a", "FLOOD-RISK-1") not in legal(s)


def test_build_never_on_a_hazard_or_outlaw_or_neutral_space():
    # §8.2: even an emptied hazard/outlaw space or a neutral space is no building space: every build
    # target is one of the 22 private spaces.
    s = new_game()
    s._poke_player(0, money=100, workers=[1, 6, 1])
    run(s, "building B action 2")
    targets = {PRIVATE_SPACES[(a - A["BUILD"]) % 24] for a in legal(s) if a != STOP}
    assert targets == set(PRIVATE_SPACES)


def test_build_can_not_replace_another_players_tile():
    # §13.1: only your own tiles may be replaced.
    s = new_game()
    build_for(s, 1, "4a", "A-1")
    s._poke_player(0, money=100, workers=[1, 6, 1])
    run(s, "building B action 2")
    assert not any(a for a in legal(s) if a != STOP and (a - A["BUILD"]) % 24 == pspace("A-1"))


def test_build_may_be_declined():
    s = new_game()
    s._poke_player(0, money=10, workers=[1, 2, 1])
    run(s, "building B action 2")
    s.apply_action(STOP)
    assert s.player(0)["money"] == 10 and s.player(0)["tiles"] == [0] * 12


# ============================================================================= 4. move engine (§10.1-10.3)


def test_move_engine_worked_example_skips_occupied_space():
    # §10.3 / R-RU p.14: 3 engineers, engine on 1, a red engine on 3: move up to 3 -> space 5
    # (3 is skipped and not counted), or turn into the turnout at 4.
    s = new_game()
    s._poke_player(0, workers=[1, 1, 3], engine=rail(1), money=0)
    s._poke_player(1, engine=rail(3))
    run(s, "building C action 2")
    assert s.decision_name() == "engine"
    assert legal(s) == {STOP, RAIL(2), RAIL(4), RAIL(5), RAIL("4.5")}
    s.apply_action(RAIL(5))
    assert s.player(0)["engine"] == rail(5)
    assert s.decision_name() == BASE


def test_move_engine_worked_example_turnout_alternative_offers_the_station():
    # §10.3 / §10.4: stopping on turnout 4.5 ends the move and offers station 1's upgrade.
    s = new_game()
    s._poke_player(0, workers=[1, 1, 3], engine=rail(1), money=10)
    s._poke_player(1, engine=rail(3))
    run(s, "building C action 2")
    s.apply_action(RAIL("4.5"))
    assert s.player(0)["engine"] == rail("4.5")
    assert s.decision_name() == "station upgrade"
    assert legal(s) == {STOP, A["UPGRADE"]}
    s.apply_action(STOP)
    assert s.decision_name() == BASE
    assert s.player(0)["engine"] == rail("4.5")
    assert s.player(0)["money"] == 10


@pytest.mark.parametrize("label", ["building C action 2", "building G action 1", "building 6a action 2"])
@pytest.mark.parametrize("engineers, targets", [
    (1, [1]),
    (2, [1, 2]),
    (5, [1, 2, 3, 4, 5, "4.5"]),
])
def test_move_engine_up_to_the_number_of_engineers(label, engineers, targets):
    # §10.3 / §12 C, G / §13.2 6a: move 1..(engineers) spaces forward.
    s = new_game()
    s._poke_player(0, workers=[1, 1, engineers])
    run(s, label)
    assert s.decision_name() == "engine"
    assert legal(s) == {STOP} | {RAIL(t) for t in targets}
    s.apply_action(RAIL(engineers))
    assert s.player(0)["engine"] == rail(engineers)


def test_move_engine_turnouts_count_as_extra_spaces():
    # §10.1: a turnout is an extra space between k and k+1: from 3, two steps reach 5 or 4.5,
    # and space 6 needs three steps.
    s = new_game()
    s._poke_player(0, engine=rail(3))
    run(s, "building 8a action 2")                      # move engine up to 2
    assert legal(s) == {STOP, RAIL(4), RAIL(5), RAIL("4.5")}


def test_move_engine_occupied_turnout_is_skipped():
    # §10.1: at most one engine per turnout; an occupied turnout can not be entered.
    s = new_game()
    s._poke_player(0, engine=rail(4))
    s._poke_player(2, engine=rail("4.5"))
    run(s, "building 8a action 2")
    assert legal(s) == {STOP, RAIL(5), RAIL(6)}


def test_move_engine_may_stop_early_but_moves_at_least_one():
    # §10.3: up to N, at least 1 (the start position is never a target).
    s = new_game()
    s._poke_player(0, engine=rail(20))
    run(s, "building 10b action 2")                     # up to 4
    assert legal(s) == {STOP, RAIL(21), RAIL(22), RAIL(23), RAIL(24), RAIL("21.5")}
    s.apply_action(RAIL(21))
    assert s.player(0)["engine"] == rail(21)
    assert s.decision_name() == BASE


def test_move_engine_space_39_stops_the_move_then_bounce_back_for_3():
    # §10.3: reaching 39 ends the move (station 10 may be upgraded first); then the engine must move
    # back to any free space (turnouts included) and gains $3; on a turnout its station may be
    # upgraded at once, using the $3.
    s = new_game()
    s._poke_player(0, engine=rail(37), money=5)
    s._poke_player(1, engine=rail(38))
    s._poke_player(2, engine=rail(30))
    run(s, "building 9a action 1")                      # up to 3
    assert legal(s) == {STOP, RAIL(39)}
    s.apply_action(RAIL(39))
    assert s.player(0)["engine"] == rail(39)
    assert s.decision_name() == "station upgrade"      # station 10 ($3) first
    s.apply_action(A["UPGRADE"])
    assert s.player(0)["money"] == 2
    assert s.decision_name() == "disc"
    s.apply_action(DISC("aux1"))
    assert s.player(0)["stations"][9] == 1
    assert s.decision_name() == "engine"               # the bounce: no way to decline
    options = legal(s)
    assert STOP not in options
    assert RAIL(39) not in options and RAIL(38) not in options and RAIL(30) not in options
    assert {RAIL(37), RAIL(1), RAIL("33.5"), RAIL("4.5"), RAIL(29)} <= options
    assert options - {A["RAIL"]} == rail_free_positions(s, exclude=[39]) - {A["RAIL"]}
    s.apply_action(RAIL("33.5"))
    assert s.player(0)["engine"] == rail("33.5")
    assert s.player(0)["money"] == 5                    # +$3
    assert s.decision_name() == "station upgrade"      # station 9 costs $5
    assert legal(s) == {STOP, A["UPGRADE"]}
    s.apply_action(A["UPGRADE"])
    s.apply_action(DISC("aux2"))
    assert s.player(0)["money"] == 0
    assert s.player(0)["stations"][8] == 1


def test_move_engine_space_39_bounce_is_mandatory_after_declining_station_10():
    s = new_game()
    s._poke_player(0, engine=rail(38), money=0)
    run(s, "building 8a action 2")
    s.apply_action(RAIL(39))
    assert s.decision_name() == "engine"                # station 10 unaffordable: straight to the bounce
    assert STOP not in legal(s)
    s.apply_action(RAIL(20))
    assert s.player(0)["engine"] == rail(20)
    assert s.player(0)["money"] == 3
    assert s.decision_name() == BASE


def test_move_engine_nothing_beyond_space_39():
    s = new_game()
    s._poke_player(0, engine=rail(36))
    run(s, "building 10b action 2")                     # up to 4, only 3 spaces left
    assert legal(s) == {STOP, RAIL(37), RAIL(38), RAIL(39)}


@pytest.mark.parametrize("label, poke, targets", [
    ("building 7b action 1", {}, [1, 2]),                                         # 2 own woods tiles
    ("building 11b action 1", {"hazards": [0, 0, 0, 1, 1, 0, 0, 0, 1]}, [1, 2, 3]),   # 3 hazards held
    ("building 8a action 2", {}, [1, 2]),
    ("objective ENGINE_345", {}, [1, 2]),
    ("objective ENGINE3_SSHH", {}, [1, 2, 3]),
])
def test_move_engine_per_counter_or_fixed(label, poke, targets):
    s = new_game()
    build_for(s, 0, "1a", "B-1")                       # woods
    build_for(s, 0, "2a", "E-2")                       # woods
    build_for(s, 0, "3a", "A-1")                       # not woods
    s._poke_player(0, **poke)
    run(s, label)
    assert legal(s) == {STOP} | {RAIL(t) for t in targets}


def test_move_engine_per_counter_of_zero_does_nothing():
    # 11b without hazards: no move.
    s = new_game()
    run(s, "building 11b action 1")
    assert s.decision_name() == BASE
    assert s.player(0)["engine"] == 0


def test_move_engine_2b_after_discarding_santa_gertrudis():
    s = new_game()
    s._set_cards(0, hand=[SANTA, CRIOLLO], discard=[])
    run(s, "building 2b action 2")
    assert s.player(0)["discard"] == [SANTA]
    assert legal(s) == {STOP, RAIL(1), RAIL(2)}


# ============================================================================= 5. engine back exactly N (aux 3/5, 1b)


def test_engine_back_1b_exact_with_occupied_space_skipped():
    # §5.2 / §13.2 1b: move exactly 1 back, then $3; occupied 4 is skipped, turnout 4.5 counts.
    s = new_game()
    s._poke_player(0, engine=rail(5), money=0)
    s._poke_player(1, engine=rail(4))
    run(s, "building 1b action 2")
    assert s.decision_name() == "engine"
    assert legal(s) == {RAIL(3), RAIL("4.5")}           # exact: no declining, no staying
    s.apply_action(RAIL(3))
    assert s.player(0)["engine"] == rail(3)
    assert s.player(0)["money"] == 3


def test_engine_back_not_legal_from_the_start_space():
    # §5.2: backward moves are impossible from the start space: 1b's action 2 is not offered.
    s = new_game()
    build_for(s, 0, "1b", "A-1")
    s._set_cards(0, hand=[CRIOLLO, SANTA])
    s._visit(node("A-1"))
    assert LOCAL(1) not in legal(s)
    s2 = new_game()
    build_for(s2, 0, "1b", "A-1")
    s2._poke_player(0, engine=rail(2))
    s2._set_cards(0, hand=[CRIOLLO, SANTA])
    s2._visit(node("A-1"))
    assert LOCAL(1) in legal(s2)


def test_engine_back_exact_distance_must_be_possible():
    # §5.2: aux 3 double needs exactly 2 spaces back: not from space 1; single is fine.
    s = new_game()
    s._poke_player(0, engine=rail(1), money=5, discs=[1, 1, 0, 2, 2, 1, 1, 2, 1, 1])
    run(s, "building G action 2")
    assert s.decision_name() == "auxiliary action"
    assert AUX(3) in legal(s)
    assert AUX(3, True) not in legal(s)


def test_engine_back_exactly_n_lands_exactly_n_counted_spaces_back():
    # §5.2: aux 5 double from 20 with 19 occupied: exactly 2 counted spaces back = 17.
    s = new_game()
    s._poke_player(0, engine=rail(20), money=0, discs=[1, 1, 2, 2, 0, 1, 1, 2, 1, 1])
    s._poke_player(3, engine=rail(19))
    s._set_cards(0, hand=[CRIOLLO])
    run(s, "building G action 2")
    s.apply_action(AUX(5, True))
    assert s.player(0)["engine"] == rail(17)
    assert s.player(0)["money"] == 2


def test_engine_back_onto_a_turnout_offers_its_station():
    # §10.4: a backward move stopping on a turnout allows upgrading that station.
    s = new_game()
    s._poke_player(0, engine=rail(8), money=2)
    run(s, "building 1b action 2")
    assert legal(s) == {RAIL(7), RAIL("7.5")}
    s.apply_action(RAIL("7.5"))
    assert s.decision_name() == "station upgrade"      # station 2 ($2), decided at once
    assert legal(s) == {STOP, A["UPGRADE"]}
    s.apply_action(A["UPGRADE"])
    s.apply_action(DISC("aux1"))
    assert s.player(0)["stations"][1] == 1
    assert s.player(0)["money"] == 2 - 2 + 3
    assert s.decision_name() == BASE


# ============================================================================= 6. station upgrade (§10.4, §5.1)


def stop_on_turnout(s: GameState, start, turnout) -> None:
    """Move the engine from `start` onto `turnout` with an 'up to 2' engine move (8a)."""
    s._poke_player(0, engine=rail(start))
    run(s, "building 8a action 2")
    s.apply_action(RAIL(turnout))


WHITE_DISCS = ["aux1", "aux2", "aux3", "aux4", "aux5", "cert_limit_4"]
DARK_DISCS = ["step_left", "step_right", "hand_limit", "cert_limit_6"]


def test_station_upgrade_pays_the_cost_and_places_a_white_disc_on_station_1():
    # §10.4: station 1 costs $2; white-cornered station: only white-cornered discs while any is left.
    s = new_game()
    s._poke_player(0, money=10)
    stop_on_turnout(s, 4, "4.5")
    assert s.decision_name() == "station upgrade"
    s.apply_action(A["UPGRADE"])
    assert s.player(0)["money"] == 8
    assert s.decision_name() == "disc"
    assert legal(s) == {DISC(d) for d in WHITE_DISCS}
    s.apply_action(DISC("aux3"))
    p = s.player(0)
    assert p["stations"][0] == 1
    assert p["discs"][disc("aux3")] == 1
    assert p["stats"]["stations_upgraded"] == 1
    assert s.decision_name() == BASE                    # no hired worker: no station master offer


@pytest.mark.parametrize("station, start, turnout, cost", [
    (1, 4, "4.5", 2), (2, 7, "7.5", 2), (3, 10, "10.5", 4), (4, 13, "13.5", 4), (5, 16, "16.5", 6),
    (6, 21, "21.5", 8), (7, 25, "25.5", 7), (8, 29, "29.5", 6), (9, 33, "33.5", 5),
])
def test_station_upgrade_costs(station, start, turnout, cost):
    # §10.2: upgrade cost per station; with $1 less the upgrade is not offered.
    s = new_game()
    s._poke_player(0, money=cost)
    stop_on_turnout(s, start, turnout)
    s.apply_action(A["UPGRADE"])
    if s.decision_name() == "disc":
        s.apply_action(DISC("aux1"))
    assert s.player(0)["money"] == 0
    assert s.player(0)["stations"][station - 1] == 1
    poor = new_game()
    poor._poke_player(0, money=cost - 1)
    stop_on_turnout(poor, start, turnout)
    assert poor.decision_name() == BASE
    assert poor.player(0)["stations"][station - 1] == 0


def test_station_upgrade_once_per_player_per_station():
    # §10.4: a station already upgraded (even if its disc was moved away) is never offered again.
    s = new_game()
    s._poke_player(0, money=10, station_done=[1], station_disc=[0])
    stop_on_turnout(s, 4, "4.5")
    assert s.decision_name() == BASE
    assert s.player(0)["money"] == 10


def test_station_upgrade_other_players_discs_do_not_matter():
    s = new_game()
    s._poke_player(1, station_done=[1], station_disc=[1])
    s._poke_player(0, money=10)
    stop_on_turnout(s, 4, "4.5")
    assert s.decision_name() == "station upgrade"


def test_station_upgrade_white_station_takes_dark_discs_only_when_no_white_is_left():
    # §5.1 / §10.4: only dark-cornered discs remain -> they may go on white station 1.
    s = new_game()
    s._poke_player(0, money=20, discs=[0, 0, 0, 0, 0, 1, 1, 2, 0, 1])
    stop_on_turnout(s, 4, "4.5")
    s.apply_action(A["UPGRADE"])
    assert legal(s) == {DISC(d) for d in DARK_DISCS}


def test_station_upgrade_dark_station_takes_both_corner_colours():
    # §10.4: dark-cornered stations (5-10) accept white- and dark-cornered discs.
    s = new_game()
    s._poke_player(0, money=6 + 5)
    stop_on_turnout(s, 16, "16.5")
    s.apply_action(A["UPGRADE"])
    assert legal(s) == {DISC(d) for d in WHITE_DISCS + DARK_DISCS}


def test_station_upgrade_hand_limit_disc_costs_5_and_needs_5():
    # §5.1: taking a hand-limit disc costs $5; without $5 (after the upgrade cost) it is not offered.
    s = new_game()
    s._poke_player(0, money=6 + 4)
    stop_on_turnout(s, 16, "16.5")
    s.apply_action(A["UPGRADE"])
    assert DISC("hand_limit") not in legal(s)
    s2 = new_game()
    s2._poke_player(0, money=6 + 5)
    stop_on_turnout(s2, 16, "16.5")
    s2.apply_action(A["UPGRADE"])
    s2.apply_action(DISC("hand_limit"))
    p = s2.player(0)
    assert p["money"] == 0
    assert p["hand_limit"] == 5
    assert p["stations"][4] == 1


def test_station_upgrade_step_left_disc_gives_3():
    # §5.1: clearing the left step-limit disc gives $3 at once.
    s = new_game()
    s._poke_player(0, money=6)
    stop_on_turnout(s, 16, "16.5")
    s.apply_action(A["UPGRADE"])
    s.apply_action(DISC("step_left"))
    assert s.player(0)["money"] == 3
    assert s.player(0)["step_limit"] == 6


def test_station_upgrade_without_a_disc_on_the_board_moves_one_from_a_station():
    # §2.6: no disc can be taken from the board -> move one from a station of your choice.
    s = new_game()
    s._poke_player(0, money=4, discs=[0] * 10, station_disc=[1, 1], station_done=[1, 1])
    stop_on_turnout(s, 10, "10.5")
    s.apply_action(A["UPGRADE"])
    assert s.decision_name() == "disc"
    assert legal(s) == {A["STATION"] + 0, A["STATION"] + 1}
    s.apply_action(A["STATION"] + 1)
    assert s.player(0)["stations"][:3] == [1, 0, 1]
    assert s.player(0)["money"] == 0


def test_station_upgrade_only_unaffordable_hand_limit_discs_left_moves_one_from_a_station():
    # §2.6: the only discs left are hand-limit discs and $5 can not be paid -> a station disc moves.
    s = new_game()
    s._poke_player(0, money=4 + 4, discs=[0, 0, 0, 0, 0, 0, 0, 2, 0, 0],
                   station_disc=[1, 1], station_done=[1, 1])
    stop_on_turnout(s, 10, "10.5")
    s.apply_action(A["UPGRADE"])
    assert legal(s) == {A["STATION"] + 0, A["STATION"] + 1}


def test_station_master_sm9_taken_by_giving_up_a_hired_worker():
    # §10.4 / §14: after upgrading station 1, its master (SM9: +$12) may be taken by giving up the
    # rightmost hired worker of one row; only rows with a hired worker are offered.
    s = new_game()
    s._poke_player(0, money=2, workers=[2, 1, 3])
    stop_on_turnout(s, 4, "4.5")
    s.apply_action(A["UPGRADE"])
    s.apply_action(DISC("aux1"))
    assert s.decision_name() == "station master"
    assert legal(s) == {STOP, A["SM_WORKER"] + COWBOY, A["SM_WORKER"] + ENGINEER}
    s.apply_action(A["SM_WORKER"] + ENGINEER)
    p = s.player(0)
    assert p["workers"] == [2, 1, 2]
    assert p["money"] == 12
    assert p["station_masters"] == [sm("SM9")]
    assert s.board()["station_masters"][0] == -1
    assert p["stats"]["station_masters_taken"] == 1


def test_station_master_never_with_only_printed_workers():
    # §10.4: printed workers can not be used -> no station-master offer.
    s = new_game()
    s._poke_player(0, money=2, workers=[1, 1, 1])
    stop_on_turnout(s, 4, "4.5")
    s.apply_action(A["UPGRADE"])
    s.apply_action(DISC("aux1"))
    assert s.decision_name() == BASE
    assert s.board()["station_masters"][0] == sm("SM9")


def test_station_master_may_be_declined_and_is_then_lost():
    # §10.4: only at the upgrade; declining keeps the tile on the station and the worker.
    s = new_game()
    s._poke_player(0, money=2, workers=[2, 1, 1])
    stop_on_turnout(s, 4, "4.5")
    s.apply_action(A["UPGRADE"])
    s.apply_action(DISC("aux1"))
    s.apply_action(STOP)
    assert s.player(0)["workers"] == [2, 1, 1]
    assert s.player(0)["money"] == 0
    assert s.board()["station_masters"][0] == sm("SM9")
    # the station can not be upgraded again, so the master can not be taken later
    s._poke_player(0, money=10)
    stop_on_turnout(s, 4, "4.5")
    assert s.decision_name() == BASE


def test_station_master_sm2_gives_a_permanent_certificate():
    s = new_game()
    s._poke_player(0, money=2, workers=[1, 2, 1])
    stop_on_turnout(s, 7, "7.5")
    s.apply_action(A["UPGRADE"])
    s.apply_action(DISC("aux1"))
    s.apply_action(A["SM_WORKER"] + BUILDER)
    p = s.player(0)
    assert p["permanent_certificates"] == 1
    assert p["certificates"] == 0
    assert p["workers"] == [1, 1, 1]


def test_station_master_sm7_gives_certificates_up_to_2():
    s = new_game()
    s._poke_player(0, money=4, workers=[1, 2, 1], cert=2)
    stop_on_turnout(s, 10, "10.5")
    s.apply_action(A["UPGRADE"])
    s.apply_action(DISC("aux1"))
    s.apply_action(A["SM_WORKER"] + BUILDER)
    assert s.player(0)["certificates"] == 3             # capped at the limit 3
    assert s.player(0)["station_masters"] == [sm("SM7")]


def test_station_master_sm1_either_remove_hazard_free_or_bounty():
    # §14 SM1: EITHER remove 1 hazard for free OR collect 1 outlaw bounty.
    s = new_game()
    s._set_node(node("FLOOD-2"), tile=FLOOD2)
    s._set_node(node("OUTLAW-8"), tile=GREEN_OUTLAW)
    s._poke_player(0, money=4, workers=[1, 2, 1])
    stop_on_turnout(s, 13, "13.5")
    s.apply_action(A["UPGRADE"])
    s.apply_action(DISC("aux1"))
    s.apply_action(A["SM_WORKER"] + BUILDER)
    assert s.decision_name() == "either/or"
    assert legal(s) == {A["OPTION"] + 0, A["OPTION"] + 1}
    s.apply_action(A["OPTION"] + 0)
    assert s.decision_name() == "hazard"
    assert legal(s) == {STOP, NODE("FLOOD-2")}
    s.apply_action(NODE("FLOOD-2"))
    p = s.player(0)
    assert p["money"] == 0 and p["hazards"][FLOOD2] == 1 and p["section_tiles"] == [0, 0]
    assert s.board()["tiles"] == {node("OUTLAW-8"): GREEN_OUTLAW}


def test_station_master_sm5_gives_2_on_station_5():
    s = new_game()
    s._poke_player(0, money=6, workers=[1, 1, 2])
    stop_on_turnout(s, 16, "16.5")
    s.apply_action(A["UPGRADE"])
    s.apply_action(DISC("step_right"))
    assert s.decision_name() == "station master"
    s.apply_action(A["SM_WORKER"] + ENGINEER)
    assert s.player(0)["money"] == 2
    assert s.player(0)["station_masters"] == [sm("SM5")]


def test_station_master_uncovered_worker_space_triggers_again_when_refilled():
    # §5.6 / §10.4: giving up the cowboy on space 4 uncovers it; the next cowboy hired onto space 4
    # removes a hazard for free again.
    s = new_game()
    s._set_node(node("ROCKFALL-1"), tile=ROCKFALL4)
    set_job_market(s, {0: [COWBOY, -1, -1, -1]}, token_row=3)
    s._poke_player(0, money=2 + 6, workers=[4, 1, 1])
    stop_on_turnout(s, 4, "4.5")
    s.apply_action(A["UPGRADE"])
    s.apply_action(DISC("aux1"))
    s.apply_action(A["SM_WORKER"] + COWBOY)
    assert s.player(0)["workers"] == [3, 1, 1]
    assert s.player(0)["money"] == 6 + 12
    run(s, "building A action 2")
    s.apply_action(HIRE(0, 0))
    assert s.player(0)["workers"] == [4, 1, 1]
    assert s.decision_name() == "hazard"
    s.apply_action(NODE("ROCKFALL-1"))
    assert s.player(0)["hazards"][ROCKFALL4] == 1
    assert s.player(0)["money"] == 12


def test_station_master_only_on_stations_1_to_5():
    s = new_game()
    s._poke_player(0, money=8, workers=[3, 3, 3])
    stop_on_turnout(s, 21, "21.5")
    s.apply_action(A["UPGRADE"])
    s.apply_action(DISC("aux1"))
    assert s.decision_name() == BASE
    assert s.player(0)["workers"] == [3, 3, 3]


# ============================================================================= 7. certificates (§5.5)


CERT1 = "building C action 1, option 1"            # certificates up to 1


@pytest.mark.parametrize("cert_discs, start, gain, expected, limit", [
    ((1, 1), 0, 1, 1, 3),
    ((1, 1), 2, 2, 3, 3),          # capped at 3
    ((1, 1), 3, 1, 3, 3),          # at the limit: nothing
    ((0, 1), 2, 2, 4, 4),          # "4" cleared
    ((0, 1), 4, 2, 4, 4),
    ((0, 0), 4, 1, 6, 6),          # 4 -> 6 is one step (no 5 on the track)
    ((0, 0), 3, 2, 6, 6),
    ((0, 0), 0, 2, 2, 6),
    ((1, 0), 2, 2, 3, 3),          # "6" cleared alone: the limit stays 3
])
def test_certificate_limits_and_track(cert_discs, start, gain, expected, limit):
    # §5.5: track 0-1-2-3-4-6; limit 3 / 4 (cert_limit_4 cleared) / 6 (both cleared).
    s = new_game()
    track = [0, 1, 2, 3, 4, 6]
    discs = [1, 1, 2, 2, 2, 1, 1, 2, cert_discs[0], cert_discs[1]]
    s._poke_player(0, discs=discs, cert=track.index(start))
    assert s.player(0)["certificate_limit"] == limit
    run(s, CERT1 if gain == 1 else "station master SM7")
    assert s.player(0)["certificates"] == expected


@pytest.mark.parametrize("cert_discs, limit", [((1, 1), 3), ((0, 1), 4), ((0, 0), 6), ((1, 0), 3)])
def test_certificates_to_limit_10a(cert_discs, limit):
    # §13.3: 10a sets the marker to the current temporary limit.
    s = new_game()
    s._poke_player(0, discs=[1, 1, 2, 2, 2, 1, 1, 2, cert_discs[0], cert_discs[1]], cert=1)
    run(s, "building 10a action 1")
    assert s.player(0)["certificates"] == limit
    assert s.decision_name() == BASE


def test_certificates_5b_discard_pineywoods_for_two():
    s = new_game()
    s._set_cards(0, hand=[PINEY, CRIOLLO], discard=[])
    run(s, "building 5b action 1")               # the only Pineywoods is discarded (no choice)
    assert s.player(0)["certificates"] == 2
    assert s.player(0)["discard"] == [PINEY]


def test_certificates_1b_discard_an_objective_card_for_two():
    # §13.2 1b action 1: discard 1 objective card from hand -> certificates up to 2.
    s = new_game()
    held = N_CARD_TYPES + obj("GAIN2_SSH")
    s._set_cards(0, hand=[CRIOLLO, held], discard=[])
    run(s, "building 1b action 1")
    assert s.player(0)["certificates"] == 2
    assert s.player(0)["discard"] == [held]
    assert s.hand(0) == [CRIOLLO]


def test_certificates_1b_needs_an_objective_card_in_hand():
    s = new_game()
    build_for(s, 0, "1b", "A-1")
    s._set_cards(0, hand=[CRIOLLO, SANTA])
    s._visit(node("A-1"))
    assert LOCAL(0) not in legal(s)


# ============================================================================= 8. objective_card (§15.1)


def setup_objectives(s: GameState) -> list[int]:
    display = [obj("GAIN2_4HH"), obj("DRAW_5H"), obj("MOVE_345"), obj("AUX_NY")]
    stack = [obj("ENGINE_345"), obj("GAIN2_SSH")]                 # top = last
    s._set_objectives(display=display, stack=stack)
    return display


def test_objective_card_from_the_display_to_the_discard_pile_and_refill():
    # §15.1 / §12 C: from the display (refilled at once from the stack) onto the discard pile.
    s = new_game()
    setup_objectives(s)
    s._set_cards(0, discard=[])
    run(s, "building C action 1, option 2")
    assert s.decision_name() == "objective card"
    assert legal(s) == {STOP} | {A["OBJ_TAKE"] + i for i in range(5)}
    s.apply_action(A["OBJ_TAKE"] + 1)
    assert s.player(0)["discard"] == [N_CARD_TYPES + obj("DRAW_5H")]
    b = s.board()
    assert b["objective_display"] == [obj("GAIN2_4HH"), obj("GAIN2_SSH"), obj("MOVE_345"), obj("AUX_NY")]
    assert b["objective_stack_size"] == 1
    assert s.player(0)["stats"]["objectives_gained"] == 1


def test_objective_card_from_the_top_of_the_stack():
    s = new_game()
    display = setup_objectives(s)
    s._set_cards(0, discard=[])
    run(s, "building C action 1, option 2")
    s.apply_action(A["OBJ_TAKE"] + 4)
    assert s.player(0)["discard"] == [N_CARD_TYPES + obj("GAIN2_SSH")]
    assert s.board()["objective_display"] == display
    assert s.board()["objective_stack_size"] == 1


def test_objective_card_nothing_left_to_take():
    # §2.6: an empty display and stack -> no more objective cards.
    s = new_game()
    s._set_objectives(display=[], stack=[])
    s._set_cards(0, discard=[])
    run(s, "building C action 1, option 2")
    assert s.decision_name() == BASE
    assert s.player(0)["discard"] == []


def test_objective_card_8b_discard_any_gain_6_and_card_into_the_hand():
    # §13.3 8b: discard any 1 cattle card -> $6 and 1 objective card into the hand.
    s = new_game()
    setup_objectives(s)
    s._poke_player(0, money=0)
    held = N_CARD_TYPES + obj("DRAW_BBH")
    s._set_cards(0, hand=[CRIOLLO, HF7, held], discard=[])
    run(s, "building 8b action 1")
    assert s.decision_name() == "discard"
    assert legal(s) == {A["CARD"] + CRIOLLO, A["CARD"] + HF7}       # cattle cards only
    s.apply_action(A["CARD"] + CRIOLLO)
    assert s.player(0)["money"] == 6
    assert s.decision_name() == "objective card"
    s.apply_action(A["OBJ_TAKE"] + 0)
    assert sorted(s.hand(0)) == sorted([HF7, held, N_CARD_TYPES + obj("GAIN2_4HH")])
    assert s.player(0)["discard"] == [CRIOLLO]


# ============================================================================= 9. aux actions (§5.2)


def visit_other_players_building(s: GameState) -> None:
    """Phase B on another player's building: only a single auxiliary action (or nothing)."""
    build_for(s, 1, "2a", "A-2")
    s._visit(node("A-2"))


def aux_ids(actions) -> set[int]:
    return {a for a in actions if A["AUX"] <= a < A["AUX"] + 10}


def test_aux_availability_at_the_start_only_aux1_and_aux2_single():
    # §5.1 / §5.2: aux 1 and 2 have a grey empty space -> single from the start; 3-5 are locked.
    s = new_game()
    s._poke_player(0, money=10, engine=rail(5))
    s._set_cards(0, hand=[CRIOLLO, SANTA], draw=[PINEY])
    visit_other_players_building(s)
    assert s.decision_name() == "phase B"
    assert aux_ids(legal(s)) == {AUX(1), AUX(2)}


def test_aux_3_4_5_single_available_after_one_disc_is_removed():
    s = new_game()
    s._poke_player(0, money=10, engine=rail(5), discs=[1, 1, 1, 1, 1, 1, 1, 2, 1, 1])
    s._set_cards(0, hand=[CRIOLLO, SANTA], draw=[PINEY])
    visit_other_players_building(s)
    assert aux_ids(legal(s)) == {AUX(1), AUX(2), AUX(3), AUX(4), AUX(5)}


def test_aux_fallback_on_a_location_is_never_doubled():
    # §2.2 / §5.2: the single aux action of phase B is never doubled, even with all aux discs gone.
    s = new_game()
    s._poke_player(0, money=10, engine=rail(5), discs=[0, 0, 0, 0, 0, 1, 1, 2, 1, 1])
    s._set_cards(0, hand=[CRIOLLO, SANTA], draw=[PINEY, GALLOWAY])
    visit_other_players_building(s)
    assert aux_ids(legal(s)) == {AUX(1), AUX(2), AUX(3), AUX(4), AUX(5)}


@pytest.mark.parametrize("discs, expected", [
    ([1, 1, 2, 2, 2], {1, 2}),
    ([0, 1, 2, 2, 2], {1, -1, 2}),
    ([1, 0, 2, 2, 2], {1, 2, -2}),
    ([1, 1, 1, 1, 1], {1, 2, 3, 4, 5}),
    ([1, 1, 0, 1, 2], {1, 2, 3, -3, 4}),
    ([0, 0, 0, 0, 0], {1, -1, 2, -2, 3, -3, 4, -4, 5, -5}),
])
def test_aux_single_or_double_by_empty_disc_spaces(discs, expected):
    # §5.2: available with one empty disc space; double once both are empty (icon "single or double").
    s = new_game()
    s._poke_player(0, money=10, engine=rail(10), discs=[*discs, 1, 1, 2, 1, 1])
    s._set_cards(0, hand=[CRIOLLO, SANTA], draw=[PINEY, GALLOWAY])
    run(s, "building G action 2")
    assert s.decision_name() == "auxiliary action"
    assert legal(s) == {STOP} | {AUX(abs(k), k < 0) for k in expected}


def test_aux_3_needs_the_dollar_and_an_engine_off_the_start():
    s = new_game()
    s._poke_player(0, money=0, engine=rail(10), discs=[1, 1, 0, 1, 0, 1, 1, 2, 1, 1])
    s._set_cards(0, hand=[CRIOLLO])
    run(s, "building G action 2")
    assert AUX(3) not in legal(s) and AUX(5) in legal(s) and AUX(5, True) in legal(s)
    s2 = new_game()
    s2._poke_player(0, money=5, engine=0, discs=[1, 1, 0, 1, 0, 1, 1, 2, 1, 1])
    run(s2, "building G action 2")
    assert legal(s2) == {STOP, AUX(1), AUX(2), AUX(4)}


@pytest.mark.parametrize("double, gain", [(False, 1), (True, 2)])
def test_aux_1_gains_money(double, gain):
    s = new_game()
    s._poke_player(0, money=3, discs=[0, 1, 2, 2, 2, 1, 1, 2, 1, 1])
    run(s, "building G action 2")
    s.apply_action(AUX(1, double))
    assert s.player(0)["money"] == 3 + gain
    assert s.decision_name() == BASE


def test_aux_2_single_draws_exactly_1_then_discards_1():
    s = new_game()
    s._set_cards(0, hand=[CRIOLLO, SANTA], draw=[PINEY, GALLOWAY], discard=[])
    run(s, "building G action 2")
    s.apply_action(AUX(2))
    assert sorted(s.hand(0)) == sorted([CRIOLLO, SANTA, GALLOWAY])   # top card drawn
    assert s.decision_name() == "discard drawn"
    assert legal(s) == {A["CARD"] + c for c in (CRIOLLO, SANTA, GALLOWAY)}
    s.apply_action(A["CARD"] + CRIOLLO)
    assert sorted(s.hand(0)) == sorted([SANTA, GALLOWAY])
    assert s.player(0)["discard"] == [CRIOLLO]
    assert s.player(0)["draw_size"] == 1
    assert s.decision_name() == BASE


def test_aux_2_double_draws_2_then_discards_2():
    s = new_game()
    s._poke_player(0, discs=[1, 0, 2, 2, 2, 1, 1, 2, 1, 1])
    s._set_cards(0, hand=[CRIOLLO], draw=[PINEY, GALLOWAY, HF5], discard=[])
    run(s, "building G action 2")
    s.apply_action(AUX(2, True))
    assert sorted(s.hand(0)) == sorted([CRIOLLO, GALLOWAY, HF5])
    s.apply_action(A["CARD"] + CRIOLLO)
    assert s.decision_name() == "discard drawn"
    s.apply_action(A["CARD"] + GALLOWAY)
    assert s.hand(0) == [HF5]
    assert s.player(0)["discard"] == [CRIOLLO, GALLOWAY]
    assert s.decision_name() == BASE


def test_aux_3_single_pays_1_moves_back_exactly_1_then_certificate():
    s = new_game()
    s._poke_player(0, money=1, engine=rail(9), cert=0, discs=[1, 1, 1, 2, 2, 1, 1, 2, 1, 1])
    run(s, "building G action 2")
    s.apply_action(AUX(3))
    p = s.player(0)
    assert (p["money"], p["engine"], p["certificates"]) == (0, rail(8), 1)
    assert s.decision_name() == BASE


def test_aux_3_double_pays_2_moves_back_exactly_2_then_two_certificates():
    s = new_game()
    s._poke_player(0, money=2, engine=rail(9), cert=0, discs=[1, 1, 0, 2, 2, 1, 1, 2, 1, 1])
    run(s, "building G action 2")
    s.apply_action(AUX(3, True))
    assert s.player(0)["money"] == 0
    assert legal(s) == {RAIL(7), RAIL("7.5")}
    s.apply_action(RAIL(7))
    assert s.player(0)["engine"] == rail(7)
    assert s.player(0)["certificates"] == 2


def test_aux_4_single_pays_1_then_engine_1_forward():
    s = new_game()
    s._poke_player(0, money=1, engine=rail(9), discs=[1, 1, 2, 1, 2, 1, 1, 2, 1, 1])
    run(s, "building G action 2")
    s.apply_action(AUX(4))
    assert s.player(0)["money"] == 0
    assert legal(s) == {STOP, RAIL(10)}
    s.apply_action(RAIL(10))
    assert s.player(0)["engine"] == rail(10)


def test_aux_4_double_pays_2_then_engine_up_to_2_forward():
    s = new_game()
    s._poke_player(0, money=2, engine=rail(9), discs=[1, 1, 2, 0, 2, 1, 1, 2, 1, 1])
    run(s, "building G action 2")
    s.apply_action(AUX(4, True))
    assert s.player(0)["money"] == 0
    assert legal(s) == {STOP, RAIL(10), RAIL(11), RAIL("10.5")}
    s.apply_action(RAIL(11))
    assert s.player(0)["engine"] == rail(11)


def test_aux_5_single_back_1_gain_1_remove_a_hand_card():
    s = new_game()
    s._poke_player(0, money=0, engine=rail(9), discs=[1, 1, 2, 2, 1, 1, 1, 2, 1, 1])
    s._set_cards(0, hand=[CRIOLLO, SANTA], discard=[])
    run(s, "building G action 2")
    s.apply_action(AUX(5))
    assert s.player(0)["engine"] == rail(8)
    assert s.player(0)["money"] == 1
    assert s.decision_name() == "remove cards"
    assert legal(s) == {STOP, A["CARD"] + CRIOLLO, A["CARD"] + SANTA}
    s.apply_action(A["CARD"] + CRIOLLO)
    assert s.hand(0) == [SANTA]
    assert s.player(0)["discard"] == []                 # out of the game, not discarded
    assert s.decision_name() == BASE


def test_aux_5_removal_is_optional():
    # §5.2: removing cards is a reward: 0..n.
    s = new_game()
    s._poke_player(0, money=0, engine=rail(9), discs=[1, 1, 2, 2, 1, 1, 1, 2, 1, 1])
    s._set_cards(0, hand=[CRIOLLO, SANTA], discard=[])
    run(s, "building G action 2")
    s.apply_action(AUX(5))
    s.apply_action(STOP)
    assert sorted(s.hand(0)) == sorted([CRIOLLO, SANTA])
    assert s.player(0)["money"] == 1


def test_aux_5_double_back_2_gain_2_remove_up_to_2():
    s = new_game()
    s._poke_player(0, money=0, engine=rail(12), discs=[1, 1, 2, 2, 0, 1, 1, 2, 1, 1])
    s._set_cards(0, hand=[CRIOLLO, SANTA, SANTA], discard=[])
    run(s, "building G action 2")
    s.apply_action(AUX(5, True))
    assert legal(s) == {RAIL(10), RAIL("10.5")}
    s.apply_action(RAIL(10))
    assert s.player(0)["money"] == 2
    s.apply_action(A["CARD"] + SANTA)
    assert s.decision_name() == "remove cards"
    s.apply_action(A["CARD"] + SANTA)
    assert s.hand(0) == [CRIOLLO]
    assert s.decision_name() == BASE


# ============================================================================= 10. bounty (§7.3, §8.4)


BOUNTIES = [("OUTLAW-1", "token"), ("OUTLAW-2", 1), ("OUTLAW-3", 2), ("OUTLAW-4", 3), ("OUTLAW-5", 4),
            ("OUTLAW-6", 5), ("OUTLAW-7", 6), ("OUTLAW-8", 8), ("OUTLAW-9", 10)]


@pytest.mark.parametrize("space, reward", BOUNTIES)
def test_bounty_of_each_outlaw_space(space, reward):
    # §8.4: OUTLAW-1 gives an exchange token, the others $1, 2, 3, 4, 5, 6, 8, 10 (R-RU: $6 and token).
    s = new_game()
    s._set_node(node(space), tile=GREEN_OUTLAW)
    s._poke_player(0, money=0, tokens=0)
    run(s, "building D action 1, option 1")
    assert s.decision_name() == "bounty"
    assert legal(s) == {STOP, NODE(space)}
    s.apply_action(NODE(space))
    p = s.player(0)
    assert p["money"] == (0 if reward == "token" else reward)
    assert p["exchange_tokens"] == (1 if reward == "token" else 0)
    assert p["section_tiles"] == [1, 0]
    assert p["stats"]["bounties"] == 1
    assert node(space) not in s.board()["tiles"]


def test_bounty_take_any_outlaw_kept_by_colour():
    # §7.3: any one outlaw of the section; the tile is kept face up (orange counted as orange).
    s = new_game()
    s._set_node(node("OUTLAW-1"), tile=GREEN_OUTLAW)
    s._set_node(node("OUTLAW-4"), tile=ORANGE_OUTLAW)
    s._set_node(node("OUTLAW-9"), tile=GREEN_OUTLAW)
    s._poke_player(0, money=0, section_tiles=[1, 2])
    run(s, "building D action 1, option 1")
    assert legal(s) == {STOP, NODE("OUTLAW-1"), NODE("OUTLAW-4"), NODE("OUTLAW-9")}
    s.apply_action(NODE("OUTLAW-4"))
    assert s.player(0)["section_tiles"] == [1, 3]
    assert s.player(0)["money"] == 3
    assert s.board()["tiles"] == {node("OUTLAW-1"): GREEN_OUTLAW, node("OUTLAW-9"): GREEN_OUTLAW}


def test_bounty_may_be_declined():
    s = new_game()
    s._set_node(node("OUTLAW-9"), tile=GREEN_OUTLAW)
    s._poke_player(0, money=0)
    run(s, "building D action 1, option 1")
    s.apply_action(STOP)
    assert s.player(0)["money"] == 0
    assert s.board()["tiles"] == {node("OUTLAW-9"): GREEN_OUTLAW}


# ============================================================================= discard, gain_money, pay_money (§2.2, §12, §13.3)


@pytest.mark.parametrize("label, hand, offered, gain", [
    ("building A action 1", [GALLOWAY, CRIOLLO], [GALLOWAY], 2),
    ("building B action 1", [SANTA, CRIOLLO], [SANTA], 2),
    ("building E action 1", [PINEY, CRIOLLO], [PINEY], 2),
    ("building 2a action 1", [GALLOWAY, SANTA], [GALLOWAY], 4),
    ("building 2b action 1", [CRIOLLO, SANTA], [CRIOLLO], 2),
    ("building 5a action 1", [ANGUS, CORRIENTE, SH3, HF5], [ANGUS, CORRIENTE], 7),
    ("building 8b action 1", [CRIOLLO, HF5], [CRIOLLO, HF5], 6),
])
def test_discard_named_cards_for_money(label, hand, offered, gain):
    # §12 / §13.2: discard exactly 1 card of the named breed (5a: a value-3 market card) -> $.
    s = new_game()
    s._poke_player(0, money=1)
    s._set_objectives(display=[], stack=[])
    s._set_cards(0, hand=hand, discard=[])
    run(s, label)
    if len(offered) > 1:
        assert s.decision_name() == "discard"
        assert legal(s) == {A["CARD"] + c for c in offered}
        s.apply_action(A["CARD"] + offered[-1])
    assert s.player(0)["money"] == 1 + gain
    assert s.player(0)["discard"] == [offered[-1]]
    assert len(s.hand(0)) == len(hand) - 1


@pytest.mark.parametrize("building, hand", [
    ("A", [CRIOLLO, SANTA]), ("B", [CRIOLLO, PINEY]), ("E", [GALLOWAY, SANTA]),
    ("5a", [SH3, HF5, CRIOLLO]), ("F", [CRIOLLO, SANTA, PINEY, GALLOWAY]),
])
def test_discard_requirement_not_met_action_not_offered(building, hand):
    # §2.2: a requirement must be met in full: the first local action is not offered.
    s = new_game()
    if building in "ABCDEFG":
        where = building
    else:
        build_for(s, 0, building, "A-1")
        where = "A-1"
    s._set_cards(0, hand=hand)
    s._visit(node(where))
    assert s.decision_name() == "phase B"
    assert LOCAL(0) not in legal(s)


def test_discard_pair_of_the_same_breed_f():
    # §12 F: discard 2 cards of one breed -> $4; the second card must match the first.
    s = new_game()
    s._poke_player(0, money=0)
    s._set_cards(0, hand=[SANTA, SANTA, PINEY, PINEY, CRIOLLO], discard=[])
    run(s, "building F action 1")
    assert s.decision_name() == "discard"
    assert legal(s) == {A["CARD"] + SANTA, A["CARD"] + PINEY}
    s.apply_action(A["CARD"] + PINEY)
    assert s.player(0)["money"] == 4                 # the second Pineywoods was the only choice
    assert s.player(0)["discard"] == [PINEY, PINEY]
    assert sorted(s.hand(0)) == sorted([SANTA, SANTA, CRIOLLO])


def test_discard_pair_3a_gains_3():
    s = new_game()
    s._poke_player(0, money=0)
    s._set_cards(0, hand=[HF5, HF6, CRIOLLO], discard=[])
    run(s, "building 3a action 1")
    # two Herefords of different VP are the same breed; the Criollo has no partner
    assert legal(s) == {A["CARD"] + HF5, A["CARD"] + HF6}
    s.apply_action(A["CARD"] + HF6)
    assert s.player(0)["money"] == 3
    assert sorted(s.player(0)["discard"]) == sorted([HF5, HF6])


def test_pay_money_d_engine_branch_pays_before_moving():
    # §12 D: pay $2, then move the engine up to 2; declining the move does not refund.
    s = new_game()
    s._poke_player(0, money=2)
    run(s, "building D action 1, option 2")
    assert s.player(0)["money"] == 0
    s.apply_action(STOP)
    assert s.player(0)["money"] == 0 and s.player(0)["engine"] == 0


@pytest.mark.parametrize("label, gain", [("building 10b action 1", 4), ("station master SM9", 12),
                                         ("station master SM5", 2), ("objective GAIN2_SSH", 2)])
def test_gain_money(label, gain):
    s = new_game()
    s._poke_player(0, money=3)
    run(s, label)
    assert s.player(0)["money"] == 3 + gain
    assert s.decision_name() == BASE


def test_permanent_certificates_sm8():
    s = new_game()
    s._poke_player(0, cert=0, perm_certs=1)
    run(s, "station master SM8")
    assert s.player(0)["permanent_certificates"] == 3
    assert s.player(0)["certificates"] == 0


# ============================================================================= 11. the other verbs


def test_exchange_token_12b():
    # §13.2 12b action 2: gain 1 exchange token.
    s = new_game()
    s._poke_player(0, tokens=1)
    run(s, "building 12b action 2")
    assert s.player(0)["exchange_tokens"] == 2
    assert s.decision_name() == BASE


@pytest.mark.parametrize("label, cost", [("building F action 2", 7), ("building 4a action 1", 5),
                                         ("building 11a action 1", 2), ("building 11a action 2", 2),
                                         ("cowboy row space 4", 0)])
def test_remove_hazard_costs(label, cost):
    # §12 F ($7), §13.2 4a ($5), 11a ($2), §5.6 cowboy space 4 (free): any hazard of any section.
    s = new_game()
    s._set_node(node("FLOOD-3"), tile=FLOOD2)
    s._set_node(node("DROUGHT-2"), tile=DROUGHT3)
    s._set_node(node("ROCKFALL-1"), tile=ROCKFALL4)
    s._poke_player(0, money=cost)
    run(s, label)
    assert s.decision_name() == "hazard"
    assert legal(s) == {STOP, NODE("FLOOD-3"), NODE("DROUGHT-2"), NODE("ROCKFALL-1")}
    s.apply_action(NODE("ROCKFALL-1"))
    p = s.player(0)
    assert p["money"] == 0
    assert p["hazards"][ROCKFALL4] == 1
    assert p["stats"]["hazards_removed"] == 1
    assert s.board()["tiles"] == {node("FLOOD-3"): FLOOD2, node("DROUGHT-2"): DROUGHT3}


@pytest.mark.parametrize("label, cost", [("building F action 2", 7), ("building 4a action 1", 5),
                                         ("building 11a action 1", 2)])
def test_remove_hazard_needs_the_full_cost(label, cost):
    s = new_game()
    s._set_node(node("FLOOD-3"), tile=FLOOD2)
    s._poke_player(0, money=cost - 1)
    run(s, label)
    assert s.decision_name() == BASE
    assert s.player(0)["money"] == cost - 1
    assert s.board()["tiles"] == {node("FLOOD-3"): FLOOD2}


def test_remove_hazard_11a_twice_in_one_visit():
    # §13.2 11a: two local actions, each removes 1 hazard for $2.
    s = new_game()
    build_for(s, 0, "11a", "E-1")
    s._set_node(node("FLOOD-1"), tile=FLOOD2)
    s._set_node(node("DROUGHT-1"), tile=DROUGHT3)
    s._poke_player(0, money=4)
    s._set_cards(0, hand=[CRIOLLO])
    s._visit(node("E-1"))
    assert {LOCAL(0), LOCAL(1)} <= legal(s)
    s.apply_action(LOCAL(0))
    s.apply_action(NODE("FLOOD-1"))
    assert LOCAL(1) in legal(s) and LOCAL(0) not in legal(s)
    s.apply_action(LOCAL(1))
    assert legal(s) == {STOP, NODE("DROUGHT-1")}
    s.apply_action(NODE("DROUGHT-1"))
    p = s.player(0)
    assert p["money"] == 0
    assert p["hazards"][FLOOD2] == 1 and p["hazards"][DROUGHT3] == 1
    assert s.board()["tiles"] == {}


# --- move_herder


def own_chain(s: GameState) -> None:
    """Seat 0 buildings on A-2, A-3, B-1, B-2, B-3: a chain of fee-free locations after A-1."""
    for sp in ("A-2", "A-3", "B-1", "B-2", "B-3"):
        s._set_node(node(sp), building=bld("1a"), owner=0)


@pytest.mark.parametrize("building, slot, max_moves", [
    ("3a", 1, 1), ("3b", 1, 1), ("4a", 1, 2), ("4b", 1, 3), ("10a", 1, 5), ("10b", 2, 4), ("12a", 1, 1),
])
def test_move_herder_up_to_n_locations(building, slot, max_moves):
    # §13.2: move the herder up to N locations forward (empty spaces are not locations).
    path = ["A-2", "A-3", "B", "B-1", "B-2"]
    s = new_game()
    s._set_node(node("A-1"), building=bld(building), owner=0)
    own_chain(s)
    s._poke_player(0, money=0)
    s._set_cards(0, hand=[CRIOLLO])
    s._visit(node("A-1"))
    s.apply_action(LOCAL(slot))
    moves = 0
    while s.decision_name() == "herder move":
        assert STOP in legal(s)
        s.apply_action(NODE(path[moves]))
        moves += 1
    assert moves == max_moves
    assert s.player(0)["herder"] == node(path[max_moves - 1])


def test_move_herder_then_phase_b_at_the_new_location():
    # §2.2: after a herder move, phase B is performed again at the new location (here neutral C).
    s = new_game()
    build_for(s, 0, "3a", "B-3")
    s._poke_player(0, money=0, workers=[1, 1, 2])
    s._set_cards(0, hand=[CRIOLLO])
    s._visit(node("B-3"))
    s.apply_action(LOCAL(1))
    assert s.decision_name() == "herder move"
    assert legal(s) == {STOP, NODE("C")}
    s.apply_action(NODE("C"))
    assert s.player(0)["herder"] == node("C")
    assert s.decision_name() == "phase B"
    assert {LOCAL(0), LOCAL(1)} <= legal(s)            # C's local actions
    s.apply_action(LOCAL(1))                            # C: engine up to 2 engineers
    assert legal(s) == {STOP, RAIL(1), RAIL(2)}


def test_move_herder_pays_fees_and_stopping_on_another_players_building_gives_single_aux():
    # §9: fees for every location passed or stopped on during move_herder (4 players: black $2).
    s = new_game()
    build_for(s, 0, "4a", "A-1")
    build_for(s, 1, "4b", "A-2")                       # black hand: $2 to seat 1
    s._poke_player(0, money=5)
    s._poke_player(1, money=0)
    s._set_cards(0, hand=[CRIOLLO, SANTA], draw=[PINEY])
    s._visit(node("A-1"))
    s.apply_action(LOCAL(1))                            # move up to 2
    s.apply_action(NODE("A-2"))
    assert s.player(0)["money"] == 3
    assert s.player(1)["money"] == 2
    assert legal(s) == {STOP, NODE("B")}               # A-3 is empty, so B is next
    s.apply_action(STOP)
    assert s.decision_name() == "phase B"
    assert s.player(0)["herder"] == node("A-2")
    assert LOCAL(0) not in legal(s) and LOCAL(1) not in legal(s)
    assert aux_ids(legal(s)) == {AUX(1), AUX(2)}


def test_move_herder_pays_hazard_fees_to_the_bank_and_what_it_can():
    # §9: a hazard's hand fee goes to the bank; pay what you can, the rest is forgiven.
    s = new_game()
    s._set_node(node("A"), building=bld("4b"), owner=0)          # own 4b standing in for A
    s._set_node(node("FLOOD-1"), tile=DROUGHT3)                  # black hand: $2 (4 players)
    s._set_node(node("FLOOD-2"), tile=FLOOD2)                    # green hand: $1
    s._poke_player(0, money=2)
    s._set_cards(0, hand=[CRIOLLO])
    s._visit(node("A"))
    s.apply_action(LOCAL(1))                                     # move up to 3
    s.apply_action(NODE("FLOOD-1"))
    assert s.player(0)["money"] == 0
    s.apply_action(NODE("FLOOD-2"))
    assert s.player(0)["money"] == 0
    assert s.player(0)["stats"]["fees_paid"] == 2


def test_move_herder_of_an_objective_card_ignores_fees_does_not_use_the_location_and_not_kc():
    # §15.1: up to 3, ignoring all hands, without using the location reached, never into Kansas City;
    # played in phase B, the turn goes on to phase C.
    s = new_game()
    build_for(s, 1, "4b", "F-1")                       # black hand
    s._poke_player(0, money=5)
    s._poke_player(1, money=0)
    card_id = N_CARD_TYPES + obj("MOVE_345")
    s._set_cards(0, hand=[CRIOLLO, card_id])
    s._visit(node("F"))
    assert A["OBJ_PLAY"] + obj("MOVE_345") in legal(s)
    s.apply_action(A["OBJ_PLAY"] + obj("MOVE_345"))
    assert s.player(0)["objectives"][obj("MOVE_345")] == 1
    assert s.decision_name() == "herder move"
    assert legal(s) == {STOP, NODE("F-1"), NODE("G")}
    s.apply_action(NODE("F-1"))
    assert s.player(0)["money"] == 5 and s.player(1)["money"] == 0
    assert legal(s) == {STOP, NODE("G")}
    s.apply_action(NODE("G"))
    # from G the next location is Kansas City (G-1, G-2 empty): not allowed -> the move ends
    assert s.player(0)["herder"] == node("G")
    assert s.decision_name() == BASE                    # phase B ended; G was not used


def test_move_herder_normal_move_may_enter_kansas_city():
    s = new_game()
    build_for(s, 0, "10b", "G-1")
    s._visit(node("G-1"))
    s.apply_action(LOCAL(2))
    assert legal(s) == {STOP, NODE("KC")}


def test_move_herder_of_an_objective_card_before_phase_a_then_phase_a_starts_there():
    # §15.1: played before phase A, the herder moves (no fees) and phase A starts from there.
    s = new_game()
    build_for(s, 1, "4b", "F-1")
    s._poke_player(0, money=5, herder=node("E"), tokens=1)   # the token keeps phase A's first step a decision
    s._poke_player(1, money=0)
    card_id = N_CARD_TYPES + obj("MOVE_SSBB")
    s._set_cards(0, hand=[CRIOLLO, card_id])
    s._push(F["BEFORE_MOVE"])
    assert s.decision_name() == "before phase A"
    assert A["OBJ_PLAY"] + obj("MOVE_SSBB") in legal(s)
    s.apply_action(A["OBJ_PLAY"] + obj("MOVE_SSBB"))
    assert legal(s) == {STOP, NODE("F")}              # E-1, E-2, rockfall and risk spaces are empty
    s.apply_action(NODE("F"))
    s.apply_action(NODE("F-1"))
    s.apply_action(STOP)
    assert s.player(0)["herder"] == node("F-1")
    assert s.player(0)["money"] == 5 and s.player(1)["money"] == 0
    assert s.decision_name() == "before phase A"
    assert {NODE("G")} <= legal(s)                      # phase A continues from F-1


# --- money_per


def test_money_per_1a_own_buildings_on_woods_including_itself():
    # §13.3: 1a gains $2 per own private tile on a woods space (this tile included).
    s = new_game()
    build_for(s, 0, "1a", "B-1")                       # woods
    build_for(s, 0, "2a", "C-1-1")                     # woods
    build_for(s, 0, "3a", "A-1")                       # not woods
    build_for(s, 1, "1a", "E-1")                       # woods, other player
    s._poke_player(0, money=0)
    s._set_cards(0, hand=[CRIOLLO])
    s._visit(node("B-1"))
    s.apply_action(LOCAL(0))
    assert s.player(0)["money"] == 4


@pytest.mark.parametrize("label, poke, gain", [
    ("building 5b action 2", {"workers": [1, 1, 4]}, 4),                      # $1 per engineer
    ("building 12a action 1", {"workers": [2, 5, 1]}, 5),                     # $1 per builder
    ("building 12b action 1", {"station_disc": [1, 0, 1, 0, 0, 0, 0, 0, 0, 1],
                               "station_done": [1, 1, 1, 0, 0, 0, 0, 0, 0, 1]}, 6),   # $2 per station disc
    ("building 7a action 1", {"section_tiles": [2, 1]}, 2),                         # $2 per outlaw pair
    ("building 7a action 1", {"section_tiles": [3, 3]}, 6),
    ("building 7a action 1", {"section_tiles": [4, 0]}, 0),
])
def test_money_per_counter(label, poke, gain):
    s = new_game()
    s._poke_player(0, money=1, **poke)
    run(s, label)
    assert s.player(0)["money"] == 1 + gain


@pytest.mark.parametrize("outlaws, cert_discs, expected", [([1, 1], (1, 1), 2), ([2, 3], (0, 1), 4),
                                                          ([2, 3], (1, 1), 3), ([0, 3], (1, 1), 0)])
def test_money_per_7a_outlaw_pairs_also_give_certificates_and_keep_the_tiles(outlaws, cert_discs, expected):
    # §13.3: per pair (1 green + 1 orange): certificates up to 2 (capped) and $2; tiles are kept.
    s = new_game()
    s._poke_player(0, section_tiles=outlaws, cert=0, discs=[1, 1, 2, 2, 2, 1, 1, 2, cert_discs[0], cert_discs[1]])
    run(s, "building 7a action 1")
    assert s.player(0)["certificates"] == expected
    assert s.player(0)["section_tiles"] == outlaws


# --- draw_discard


def test_draw_discard_4b_up_to_cowboys_then_discard_as_many():
    # §13.3 4b: draw up to (cowboys) cards, then discard exactly as many as drawn.
    s = new_game()
    s._poke_player(0, workers=[3, 1, 1])
    s._set_cards(0, hand=[CRIOLLO], draw=[SANTA, PINEY, GALLOWAY, HF5], discard=[])
    run(s, "building 4b action 1")
    assert s.decision_name() == "draw count"
    assert legal(s) == {STOP, A["COUNT"] + 1, A["COUNT"] + 2, A["COUNT"] + 3}
    s.apply_action(A["COUNT"] + 2)
    assert sorted(s.hand(0)) == sorted([CRIOLLO, GALLOWAY, HF5])
    assert s.decision_name() == "discard drawn"
    s.apply_action(A["CARD"] + CRIOLLO)
    s.apply_action(A["CARD"] + GALLOWAY)
    assert s.hand(0) == [HF5]
    assert s.player(0)["discard"] == [CRIOLLO, GALLOWAY]
    assert s.decision_name() == BASE


def test_draw_discard_limited_by_the_cards_left():
    s = new_game()
    s._poke_player(0, workers=[4, 1, 1])
    s._set_cards(0, hand=[CRIOLLO], draw=[SANTA], discard=[PINEY])
    run(s, "building 4b action 1")
    assert legal(s) == {STOP, A["COUNT"] + 1, A["COUNT"] + 2}


def test_draw_discard_of_an_objective_card_up_to_3():
    # §15.1: draw up to 3 cards, then discard as many.
    s = new_game()
    s._set_cards(0, hand=[CRIOLLO], draw=[SANTA, PINEY, GALLOWAY, HF5], discard=[])
    run(s, "objective DRAW_5H")
    assert legal(s) == {STOP, A["COUNT"] + 1, A["COUNT"] + 2, A["COUNT"] + 3}


# --- adjacent building (6b)


def test_adjacent_building_6b_direct_neighbours_any_owner():
    # §13.3: a building directly before or after 6b's space, neutral or any owner's.
    s = new_game()
    build_for(s, 0, "6b", "A-1")
    build_for(s, 1, "2a", "A-2")
    set_job_market(s, {0: [COWBOY, -1, -1, -1]}, token_row=3)
    s._poke_player(0, money=6)
    s._set_cards(0, hand=[CRIOLLO, GALLOWAY])
    s._visit(node("A-1"))
    s.apply_action(LOCAL(0))
    assert s.decision_name() == "adjacent building"
    assert legal(s) == {STOP, NODE("A"), NODE("A-2")}
    s.apply_action(NODE("A"))
    assert s.decision_name() == "adjacent actions"
    assert legal(s) == {STOP, LOCAL(0), LOCAL(1), LOCAL(2)}   # A's three local actions
    s.apply_action(LOCAL(0))                           # Galloway -> $2
    assert s.player(0)["money"] == 8
    assert s.player(0)["discard"][-1:] == [GALLOWAY]
    assert legal(s) == {STOP, LOCAL(1), LOCAL(2)}
    s.apply_action(LOCAL(2))
    s.apply_action(HIRE(0, 0))
    assert s.player(0)["money"] == 0
    assert s.player(0)["workers"] == [2, 1, 1]


def test_adjacent_building_other_players_tile_actions_usable():
    s = new_game()
    build_for(s, 0, "6b", "A-1")
    build_for(s, 1, "2a", "A-2")
    s._poke_player(0, money=0)
    s._set_cards(0, hand=[CRIOLLO, GALLOWAY], discard=[])
    s._visit(node("A-1"))
    s.apply_action(LOCAL(0))
    s.apply_action(NODE("A-2"))
    assert LOCAL(0) in legal(s)                        # 2a: Galloway -> $4
    s.apply_action(LOCAL(0))
    assert s.player(0)["money"] == 4
    assert s.player(1)["money"] == 7


def test_adjacent_building_herder_move_then_phase_b_at_the_new_location():
    # §13.3 / §2.2: a herder move taken through 6b moves the herder; phase B goes on there.
    s = new_game()
    build_for(s, 0, "6b", "A-1")
    build_for(s, 0, "4a", "A-2")
    s._set_cards(0, hand=[CRIOLLO, SANTA])
    s._visit(node("A-1"))
    s.apply_action(LOCAL(0))
    s.apply_action(NODE("A-2"))
    s.apply_action(LOCAL(1))                           # 4a: move the herder up to 2
    assert s.decision_name() == "herder move"
    s.apply_action(NODE("A-2"))
    s.apply_action(NODE("B"))
    assert s.player(0)["herder"] == node("B")
    assert s.decision_name() == "phase B"
    assert LOCAL(0) in legal(s)                        # B: Santa Gertrudis -> $2


def test_adjacent_building_empty_neighbour_space_means_nothing_that_way():
    # §13.3: an empty neighbouring space blocks that direction (A is two spaces back).
    s = new_game()
    build_for(s, 0, "6b", "A-2")
    build_for(s, 0, "1a", "A-3")
    s._set_cards(0, hand=[CRIOLLO])
    s._visit(node("A-2"))
    s.apply_action(LOCAL(0))
    assert legal(s) == {STOP, NODE("A-3")}


def test_adjacent_building_does_not_chain_into_another_6b():
    # §13.3: the neighbour's adjacent-building action is not offered.
    s = new_game()
    build_for(s, 0, "6b", "A-1")
    build_for(s, 1, "6b", "A-2")
    s._poke_player(0, money=0)
    s._set_cards(0, hand=[CRIOLLO])
    s._visit(node("A-1"))
    s.apply_action(LOCAL(0))
    s.tracing = True
    s.apply_action(NODE("A-2"))
    # nothing usable there: the adjacent actions end at once (and with them phase B on 6b)
    assert [(d, a) for _, _, d, a in s.forced_actions()][:1] == [("adjacent actions", STOP)]
    assert s.decision_name() == BASE


def test_adjacent_building_never_repeats_a_local_action_used_this_turn():
    # R-PL p.16: "an action may be performed only once per turn". Own 3a, its herder move onto own
    # 6b, then 3a again through 6b: 3a's actions were used this turn, so none is offered.
    s = new_game()
    build_for(s, 0, "3a", "A-1")                       # 3a: pair -> $3 | move the herder 1
    build_for(s, 0, "6b", "A-2")
    s._poke_player(0, money=0)
    s._set_cards(0, hand=[CRIOLLO, CRIOLLO, SANTA, SANTA], draw=[], discard=[])
    s._visit(node("A-1"))
    assert legal(s) >= {LOCAL(0), LOCAL(1)}
    s.apply_action(LOCAL(0))
    s.apply_action(A["CARD"] + CRIOLLO)                # the pair: two Criollo
    assert s.player(0)["money"] == 3
    s.apply_action(LOCAL(1))                           # move the herder onto 6b
    s.apply_action(NODE("A-2"))
    assert s.player(0)["herder"] == node("A-2") and s.decision_name() == "phase B"
    s.apply_action(LOCAL(0))                           # 6b: use an adjacent building
    assert legal(s) == {STOP, NODE("A-1")}
    s.tracing = True
    s.apply_action(NODE("A-1"))
    # 3a's pair action is not offered again (a Santa Gertrudis pair is still in hand): nothing is
    # left to do there, nor on 6b, so phase B ends by itself
    assert [d for _, _, d, _ in s.forced_actions()] == ["adjacent actions", "phase B"]
    assert s.decision_name() == BASE and s.player(0)["money"] == 3
    assert sorted(s.hand(0)) == [SANTA, SANTA]
    # the next turn, every local action may be used again
    s._poke_player(0, first_turn_done=1)
    s._push(F["TURN"])
    s._visit(node("A-2"))
    s.apply_action(LOCAL(0))
    s.apply_action(NODE("A-1"))
    assert s.decision_name() == "adjacent actions" and legal(s) == {STOP, LOCAL(0), LOCAL(1)}


def test_a_local_action_used_through_6b_is_not_offered_again_on_the_spot():
    # The same rule the other way round: 3a's actions used through 6b, then the herder moves onto
    # 3a (its own herder move, taken through 6b): phase B there offers neither of 3a's actions.
    s = new_game()
    build_for(s, 0, "6b", "A-1")
    build_for(s, 0, "3a", "A-2")
    s._poke_player(0, money=0)
    s._set_cards(0, hand=[CRIOLLO, CRIOLLO, SANTA, SANTA], draw=[], discard=[])
    s._visit(node("A-1"))
    s.apply_action(LOCAL(0))
    s.apply_action(NODE("A-2"))
    s.apply_action(LOCAL(0))                           # 3a through 6b: pair -> $3
    s.apply_action(A["CARD"] + CRIOLLO)
    assert s.player(0)["money"] == 3
    s.apply_action(LOCAL(1))                           # 3a through 6b: move the herder 1
    s.apply_action(NODE("A-2"))
    assert s.player(0)["herder"] == node("A-2") and s.decision_name() == "phase B"
    assert LOCAL(0) not in legal(s) and LOCAL(1) not in legal(s)
    s.apply_action(STOP)
    assert s.player(0)["money"] == 3 and sorted(s.hand(0)) == [SANTA, SANTA]


def test_adjacent_building_includes_the_risk_action_only_of_own_tiles():
    # §13.3: a risk action of the neighbour is included only if you own that tile.
    s = new_game()
    build_for(s, 0, "6b", "FLOOD-RISK-2")
    build_for(s, 0, "1b", "FLOOD-RISK-1")              # risk: discard any card -> certificate
    s._set_cards(0, hand=[CRIOLLO])
    s._visit(node("FLOOD-RISK-2"))
    s.apply_action(LOCAL(0))
    s.apply_action(NODE("FLOOD-RISK-1"))
    assert legal(s) == {STOP, LOCAL(3)}                # 1b's own actions need an objective / an engine
    other = new_game()
    build_for(other, 0, "6b", "FLOOD-RISK-2")
    build_for(other, 1, "2a", "FLOOD-RISK-1")
    other._set_cards(0, hand=[CRIOLLO, GALLOWAY])
    other._visit(node("FLOOD-RISK-2"))
    other.apply_action(LOCAL(0))
    other.apply_action(NODE("FLOOD-RISK-1"))
    assert legal(other) == {STOP, LOCAL(0), LOCAL(1)}


# --- extraordinary delivery (9a)


def extra_delivery(s: GameState, start, dest) -> None:
    s._poke_player(0, engine=rail(start))
    run(s, "building 9a action 2")
    assert s.decision_name() == "extraordinary delivery"
    s.apply_action(RAIL(dest))


def city_ids(*names) -> set[int]:
    return {A["CITY"] + NAMES["city"].index(c) for c in names}


def test_extraordinary_delivery_engine_back_at_least_1_any_distance():
    s = new_game()
    s._poke_player(0, engine=rail(6))
    s._poke_player(1, engine=rail(3))
    run(s, "building 9a action 2")
    assert legal(s) == {STOP, RAIL(0), RAIL(1), RAIL(2), RAIL(4), RAIL(5), RAIL("4.5")}


def test_extraordinary_delivery_to_st_louis_no_transport_cost():
    # §13.3: 4 numbered spaces back (4 -> 0): St. Louis (4) allowed; no income, no transport cost
    # (from the start space St. Louis normally costs $1).
    s = new_game()
    s._poke_player(0, money=0)
    extra_delivery(s, 4, 0)
    assert s.decision_name() == "delivery city"
    assert legal(s) == city_ids("kansas_city", "fulton", "st_louis")
    s.apply_action(A["CITY"] + NAMES["city"].index("st_louis"))
    s.apply_action(DISC("aux1"))
    p = s.player(0)
    assert p["money"] == 0
    assert p["cities"][NAMES["city"].index("st_louis")] == 1
    assert p["engine"] == rail(0)
    assert p["stats"]["deliveries"] == 1


def test_extraordinary_delivery_to_kansas_city_gains_4():
    s = new_game()
    s._poke_player(0, money=0)
    extra_delivery(s, 3, 0)
    assert legal(s) == city_ids("kansas_city", "fulton")
    s.apply_action(A["CITY"] + 0)
    s.apply_action(DISC("aux2"))
    assert s.player(0)["money"] == 4
    assert s.player(0)["cities"][0] == 1


def test_extraordinary_delivery_turnout_not_counted_then_station_upgrade():
    # §13.3: ending on a turnout: only numbered spaces count (8 -> 4.5 = 7, 6, 5); afterwards the
    # turnout's station may be upgraded.
    s = new_game()
    s._poke_player(0, money=2)
    extra_delivery(s, 8, "4.5")
    assert legal(s) == city_ids("kansas_city", "fulton")
    s.apply_action(A["CITY"] + NAMES["city"].index("fulton"))
    s.apply_action(DISC("aux1"))
    assert s.player(0)["cities"][1] == 1
    assert s.decision_name() == "station upgrade"
    s.apply_action(A["UPGRADE"])
    s.apply_action(DISC("aux2"))
    assert s.player(0)["stations"][0] == 1
    assert s.player(0)["money"] == 0


def test_extraordinary_delivery_9_to_turnout_counts_4():
    s = new_game()
    extra_delivery(s, 9, "4.5")
    assert legal(s) == city_ids("kansas_city", "fulton", "st_louis")


def test_extraordinary_delivery_counts_the_numbered_spaces_moved_back():
    # §13.3: 8 -> 4 moves back over 7, 6, 5, 4 = 4 numbered spaces: St. Louis (4) is allowed.
    s = new_game()
    extra_delivery(s, 8, 4)
    assert legal(s) == city_ids("kansas_city", "fulton", "st_louis")
    s2 = new_game()
    extra_delivery(s2, 3, 2)                           # 1 space back: Fulton (1) is allowed
    assert s2.decision_name() == "delivery city"
    assert legal(s2) == city_ids("kansas_city", "fulton")


def test_extraordinary_delivery_occupied_spaces_are_not_counted():
    # §13.3: 10 -> 5 with 7 occupied: 9, 8, 6, 5 = 4 numbered spaces (7 skipped and not counted):
    # St. Louis (4) is allowed; 6 -> 1 with 3 occupied: 5, 4, 2, 1 = 4 spaces as well.
    s = new_game()
    s._poke_player(1, engine=rail(7))
    extra_delivery(s, 10, 5)
    assert legal(s) == city_ids("kansas_city", "fulton", "st_louis")
    s2 = new_game()
    s2._poke_player(1, engine=rail(3))
    extra_delivery(s2, 6, 1)
    assert legal(s2) == city_ids("kansas_city", "fulton", "st_louis")


def test_extraordinary_delivery_six_back_to_start_reaches_bloomington():
    s = new_game()
    extra_delivery(s, 6, 0)
    assert legal(s) == city_ids("kansas_city", "fulton", "st_louis", "bloomington")


def test_extraordinary_delivery_not_to_a_city_already_holding_your_disc():
    s = new_game()
    s._poke_player(0, city_discs=[0, 1])
    extra_delivery(s, 4, 0)
    assert legal(s) == city_ids("kansas_city", "st_louis")


# --- upgrade a station behind the engine (9b)


def test_upgrade_station_behind_the_engine():
    # §13.3 9b: any one station whose turnout lies behind the engine; normal cost and discs; the
    # engine does not move.
    s = new_game()
    s._poke_player(0, engine=rail(12), money=100)
    run(s, "building 9b action 1")
    assert s.decision_name() == "station behind engine"
    assert legal(s) == {STOP, A["STATION"] + 0, A["STATION"] + 1, A["STATION"] + 2}
    s.apply_action(A["STATION"] + 2)
    assert s.player(0)["money"] == 96
    s.apply_action(DISC("aux1"))
    assert s.player(0)["stations"][2] == 1
    assert s.player(0)["engine"] == rail(12)


def test_upgrade_station_behind_skips_done_and_unaffordable_stations():
    s = new_game()
    s._poke_player(0, engine=rail(12), money=3, station_done=[1])
    run(s, "building 9b action 1")
    assert legal(s) == {STOP, A["STATION"] + 1}


def test_upgrade_station_behind_includes_station_10_only_from_behind_it_never():
    # station 10 is on space 39: it can never lie behind the engine (nothing beyond 39).
    s = new_game()
    s._poke_player(0, engine=rail(38), money=100, station_done=[1, 1, 1, 1, 1, 1, 1, 1, 0, 0])
    run(s, "building 9b action 1")
    assert legal(s) == {STOP, A["STATION"] + 8}


def test_upgrade_station_behind_offers_the_station_master():
    s = new_game()
    s._poke_player(0, engine=rail(12), money=2, workers=[2, 1, 1])
    run(s, "building 9b action 1")
    s.apply_action(A["STATION"] + 0)
    s.apply_action(DISC("aux1"))
    assert s.decision_name() == "station master"
    s.apply_action(A["SM_WORKER"] + COWBOY)
    assert s.player(0)["money"] == 12


# --- either/or


def test_either_or_c_certificate_or_objective_card():
    # §12 C: EITHER certificate up to 1 OR 1 objective card.
    s = new_game()
    setup_objectives(s)
    run(s, "building C action 1")
    assert s.decision_name() == "either/or"
    assert legal(s) == {A["OPTION"] + 0, A["OPTION"] + 1}
    s.apply_action(A["OPTION"] + 0)
    assert s.player(0)["certificates"] == 1
    assert s.decision_name() == BASE


def test_either_or_d_bounty_or_pay_2_and_engine_up_to_2():
    s = new_game()
    s._set_node(node("OUTLAW-6"), tile=GREEN_OUTLAW)
    s._poke_player(0, money=5)
    run(s, "building D action 1")
    assert legal(s) == {A["OPTION"] + 0, A["OPTION"] + 1}
    s.apply_action(A["OPTION"] + 1)
    assert s.player(0)["money"] == 3
    assert legal(s) == {STOP, RAIL(1), RAIL(2)}
    s.apply_action(RAIL(2))
    assert s.player(0)["engine"] == rail(2)
    assert s.board()["tiles"] == {node("OUTLAW-6"): GREEN_OUTLAW}


def test_either_or_d_engine_branch_needs_2():
    # §2.2: the $2 must be paid in full; with $1 only the bounty branch remains.
    s = new_game()
    s._set_node(node("OUTLAW-6"), tile=GREEN_OUTLAW)
    s._poke_player(0, money=1)
    run(s, "building D action 1")
    assert s.decision_name() == "bounty"
    s.apply_action(NODE("OUTLAW-6"))
    assert s.player(0)["money"] == 6


def test_either_or_8a_bounty_or_single_or_double_aux():
    s = new_game()
    s._set_node(node("OUTLAW-2"), tile=ORANGE_OUTLAW)
    s._poke_player(0, money=0, discs=[0, 1, 2, 2, 2, 1, 1, 2, 1, 1])
    run(s, "building 8a action 1")
    assert legal(s) == {A["OPTION"] + 0, A["OPTION"] + 1}
    s.apply_action(A["OPTION"] + 1)
    assert s.decision_name() == "auxiliary action"
    assert AUX(1, True) in legal(s)
    s.apply_action(AUX(1, True))
    assert s.player(0)["money"] == 2
    assert s.player(0)["section_tiles"] == [0, 0]


def test_aux_of_an_objective_card_single_or_double():
    # §15.1: AUX_NY's immediate action: one single or double auxiliary action.
    s = new_game()
    s._poke_player(0, money=0, discs=[0, 1, 2, 2, 2, 1, 1, 2, 1, 1])
    run(s, "objective AUX_NY")
    assert s.decision_name() == "auxiliary action"
    assert legal(s) == {STOP, AUX(1), AUX(1, True), AUX(2)}
    s.apply_action(AUX(1, True))
    assert s.player(0)["money"] == 2


def test_either_or_only_one_branch_per_use():
    # §13.3: exactly one branch: after the certificate, no objective card is taken.
    s = new_game()
    setup_objectives(s)
    s._set_cards(0, discard=[])
    run(s, "building C action 1")
    s.apply_action(A["OPTION"] + 1)
    assert s.decision_name() == "objective card"
    s.apply_action(A["OBJ_TAKE"] + 0)
    assert s.player(0)["certificates"] == 0
    assert s.decision_name() == BASE


# ============================================================================= exchange tokens in the middle of an action
# An exchange token may be used "at any moment, even in the middle of an action" (R-EN/R-RU/R-PL):
# it is offered at every decision of one's turn where the cards in hand matter. The discard that
# follows the draw may not give up a card a pending requirement needs: the requirement was met when
# the action began and is paid in full.


def test_exchange_token_in_the_middle_of_a_discard_requirement():
    # B: discard a Santa Gertrudis -> $2. With a token, the requirement's discard is a decision; the
    # token draws a card, and the Santa Gertrudis cannot be the card discarded for it.
    s = new_game()
    s._poke_player(0, money=0, tokens=1)
    s._set_cards(0, hand=[SANTA, CRIOLLO], draw=[GALLOWAY], discard=[])
    run(s, "building B action 1")
    assert s.decision_name() == "discard"
    assert legal(s) == {A["CARD"] + SANTA, A["EXCHANGE"]}
    s.apply_action(A["EXCHANGE"])                      # one card to draw: drawn at once
    assert s.decision_name() == "discard drawn"
    assert sorted(s.hand(0)) == sorted([SANTA, CRIOLLO, GALLOWAY])
    assert legal(s) == {A["CARD"] + CRIOLLO, A["CARD"] + GALLOWAY}     # never the Santa Gertrudis
    s.apply_action(A["CARD"] + GALLOWAY)
    assert s.player(0)["money"] == 2 and s.player(0)["exchange_tokens"] == 0   # the requirement, then $2
    assert s.player(0)["discard"] == [GALLOWAY, SANTA] and s.hand(0) == [CRIOLLO]
    assert s.decision_name() == BASE


def test_exchange_token_keeps_a_pair_requirement_payable():
    # 3a: discard a pair -> $3. After the first card of the Criollo pair the second one is pending:
    # the card discarded for the token may not be the remaining Criollo.
    s = new_game()
    s._poke_player(0, money=0, tokens=1)
    s._set_cards(0, hand=[CRIOLLO, CRIOLLO, SANTA], draw=[PINEY, GALLOWAY], discard=[])
    run(s, "building 3a action 1")
    s.apply_action(A["CARD"] + CRIOLLO)
    assert legal(s) == {A["CARD"] + CRIOLLO, A["EXCHANGE"]}
    s.apply_action(A["EXCHANGE"])
    s.apply_action(A["COUNT"] + 2)
    assert legal(s) == {A["CARD"] + SANTA, A["CARD"] + PINEY, A["CARD"] + GALLOWAY}
    s.apply_action(A["CARD"] + SANTA)
    assert legal(s) == {A["CARD"] + PINEY, A["CARD"] + GALLOWAY}
    s.apply_action(A["CARD"] + PINEY)
    assert s.player(0)["money"] == 3 and s.hand(0) == [GALLOWAY]


def test_exchange_token_can_bring_the_card_a_worker_bonus_needs():
    # Engineer space 3 (discard a Criollo -> $2) without a Criollo in hand: declining or the token,
    # which draws the Criollo; then the bonus can be taken.
    s = new_game()
    set_job_market(s, {2: [ENGINEER, -1, -1, -1]}, token_row=3)
    s._poke_player(0, money=20, workers=[1, 1, 2], tokens=1)
    s._set_cards(0, hand=[GALLOWAY, PINEY], draw=[CRIOLLO], discard=[])
    run(s, "building A action 2")
    s.apply_action(HIRE(2, 0))
    assert s.decision_name() == "either/or"
    assert legal(s) == {STOP, A["EXCHANGE"]}            # the option itself cannot be met yet
    s.apply_action(A["EXCHANGE"])
    s.apply_action(A["CARD"] + PINEY)                  # drew the Criollo, gave up the Pineywoods
    assert legal(s) == {STOP, A["OPTION"]}
    s.apply_action(A["OPTION"])
    assert s.player(0)["money"] == 20 - 7 + 2
    assert s.hand(0) == [GALLOWAY] and s.player(0)["discard"] == [PINEY, CRIOLLO]


def test_exchange_token_offered_at_every_decision_where_the_hand_matters():
    # aux 2 (draw 1, discard 1), aux 5 (remove hand cards): the token is offered beside the cards;
    # a hire (where the hand does not matter) does not offer it, nor are objective cards offered in
    # the middle of an action.
    s = new_game()
    s._poke_player(0, tokens=1, discs=[0] * 10)
    s._set_cards(0, hand=[CRIOLLO, N_CARD_TYPES + obj("GAIN2_BBLBL")], draw=[SANTA, PINEY], discard=[])
    run(s, "aux 2 single")
    assert s.decision_name() == "discard drawn"
    assert A["EXCHANGE"] in legal(s) and not any(A["OBJ_PLAY"] <= a < A["EXCHANGE"] for a in legal(s))
    s.apply_action(A["CARD"] + CRIOLLO)
    run(s, "aux 5 single")
    assert s.decision_name() == "remove cards" and A["EXCHANGE"] in legal(s)
    s.apply_action(STOP)
    set_job_market(s, {2: [BUILDER, -1, -1, -1]}, token_row=3)
    s._poke_player(0, money=20)
    run(s, "building A action 2")
    assert s.decision_name() == "hire" and A["EXCHANGE"] not in legal(s)


def test_exchange_token_offered_in_simmental_upgrades():
    s = new_game(simmental=True)
    s._poke_player(0, tokens=1)
    s._set_cards(0, hand=[CALF, CRIOLLO], draw=[SANTA], discard=[])
    s._push(F["SIMMENTAL"])
    assert s.decision_name() == "Simmental upgrades"
    assert legal(s) == {A["COUNT"], A["COUNT"] + 1, A["EXCHANGE"]}
