"""Rule tests: Kansas City, income, Simmental upgrades, delivery, end of game, final scoring.

Reference: /work/shared/reference/gwt-components.md (section numbers in the comments), worked
examples from the 2E rulebooks (seed 000 Russian, seed 004 Polish).

Positions are built with the engine's scenario hooks. Hooks such as `_set_cards`, `_set_node` and
`_poke_player(hazards=...)` cannot keep the card and tile conservation ledgers balanced, so the
constructed scenarios run with debug=False; the full random games at the end run with debug=True.
"""

from __future__ import annotations

import functools

import pytest

from gwt_sim.engine.game import A, F, GameState, IllegalActionError, RulesHandle
from gwt_sim.engine.play import play_state
from gwt_sim.engine.policy import RandomPolicy
from gwt_sim.engine.scenario import ScenarioState
from gwt_sim.tables import compile_tables
from gwt_sim.variant import Variant

SMS = ("SM1", "SM2", "SM3", "SM4", "SM5")


@functools.cache
def handle(players: int = 4, simmental: bool = False) -> RulesHandle:
    return RulesHandle(compile_tables(variant=Variant(players=players, sides="a", station_masters=SMS,
                                                      simmental=simmental)))


def new_state(players: int = 4, simmental: bool = False, seed: int = 1) -> GameState:
    return ScenarioState(handle(players, simmental), seed=seed)


NAMES = handle(4, True).names
NODE = {x: i for i, x in enumerate(NAMES["node"])}
CARD = {x: i for i, x in enumerate(NAMES["card"])}
TILE = {x: i for i, x in enumerate(NAMES["tile"])}
CITY = {x: i for i, x in enumerate(NAMES["city"])}
DISC = {x: i for i, x in enumerate(NAMES["disc_space"])}
OBJ = {x: i for i, x in enumerate(NAMES["objective"])}
SM = {x: i for i, x in enumerate(NAMES["station_master"])}
BUILDING = {x: i for i, x in enumerate(NAMES["building"])}
RAIL = {x: i for i, x in enumerate(NAMES["rail_position"])}

KC, START = NODE["KC"], NODE["START"]
CRIOLLO, SANTA, PINEY, GALLOWAY = CARD["criollo"], CARD["santa_gertrudis"], CARD["pineywoods"], CARD["galloway"]
ANGUS, LONGHORN, CORRIENTE = CARD["black_angus"], CARD["longhorn"], CARD["corriente"]
SHORT3, SHORT5 = CARD["shorthorn (3 VP)"], CARD["shorthorn (5 VP)"]
HERE5, HERE7 = CARD["hereford (5 VP)"], CARD["hereford (7 VP)"]
CALF, HEIFER, COW = CARD["simmental_calf"], CARD["simmental_heifer"], CARD["simmental_cow"]
COWBOY, BUILDER, ENGINEER = TILE["cowboy"], TILE["builder"], TILE["engineer"]
GREEN, ORANGE = TILE["green outlaw"], TILE["orange outlaw"]
FLOOD2, FLOOD4 = TILE["flood hazard (2 VP, green hand)"], TILE["flood hazard (4 VP, green hand)"]
DROUGHT3 = TILE["drought hazard (3 VP, black hand)"]
ROCKFALL3 = TILE["rockfall hazard (3 VP, green hand)"]
OUTLAW_NODES = [NODE[f"OUTLAW-{i}"] for i in range(1, 10)]
FLOOD_NODES = [NODE[f"FLOOD-{i}"] for i in range(1, 5)]
DROUGHT_NODES = [NODE[f"DROUGHT-{i}"] for i in range(1, 5)]
N_OBJ = len(NAMES["objective"])
BASE = "first-turn placement"      # the decision a fresh game waits on; pushed frames run on top of it
FULL_DISCS = [1, 1, 2, 2, 2, 1, 1, 2, 1, 1]


def obj_card(s: GameState, name: str) -> int:
    """Card id of an objective card (objective ids follow the cattle card types)."""
    return len(s.handle.names["card"]) + OBJ[name]


def act(s: GameState, decision: str, action: int) -> None:
    assert s.decision_name() == decision, f"pending {s.decision_name()!r}, expected {decision!r}"
    legal = s.legal_actions()
    assert action in legal, f"{s.action_to_string(action)} not legal in {decision!r}: {legal}"
    s.apply_action(action)


def finish(s: GameState, base: str = BASE) -> None:
    """Answer the remaining decisions of a pushed frame with their first legal action."""
    for _ in range(300):
        if s.decision_name() == base:
            return
        s.apply_action(s.legal_actions()[0])
    raise AssertionError("pushed frame did not finish")


def clear_tiles(s: GameState) -> None:
    for node in list(s.board()["tiles"]):
        s._set_node(node, tile=-1)


def set_foresight(s: GameState, cols) -> None:
    for c, col in enumerate(cols):
        for r, t in enumerate(col):
            s._set_foresight(c, r, t)


NO_FORESIGHT = [[-1, -1], [-1, -1], [-1, -1]]


def kc_state(hand, players: int = 4, simmental: bool = False, foresight=NO_FORESIGHT, draw=(), discard=(),
             **poke) -> GameState:
    """Seat 0 about to visit Kansas City with an exact hand; steps 1-3 skipped unless foresight is given."""
    s = new_state(players, simmental)
    s._set_cards(0, hand=list(hand), draw=list(draw), discard=list(discard))
    poke.setdefault("tokens", 0)
    s._poke_player(0, **poke)
    set_foresight(s, foresight)
    return s


def fill_row(s: GameState, row: int, upto: int, worker: int = BUILDER) -> None:
    for col in range(upto):
        s._set_job(row, col, worker)


# ============================================================================ 1. Kansas City (§2.3)

def test_kc_five_steps_in_order_rulebook_example():
    # §2.3 steps 1-5 in order; R-RU/R-PL worked example: hand Santa Gertrudis x2, Longhorn, Black Angus
    # = 8, two of three certificates spent -> 10, delivery to Chicago with the engine on 5 costs $3.
    s = kc_state([SANTA, SANTA, LONGHORN, ANGUS], cert=3, engine=RAIL["5"], money=6,
                 foresight=[[FLOOD2, ORANGE], [COWBOY, BUILDER], [ENGINEER, GREEN]])
    clear_tiles(s)
    bags = s.board()["bag_sizes"]
    s._visit(KC)
    assert s.decision_name() == "foresight" and s.frame()[1]["column"] == 0
    assert s.legal_actions() == [A["FORESIGHT"], A["FORESIGHT"] + 1]
    act(s, "foresight", A["FORESIGHT"] + 1)                    # step 1: orange outlaw
    assert s.board()["tiles"] == {OUTLAW_NODES[0]: ORANGE}
    assert s.decision_name() == "foresight" and s.frame()[1]["column"] == 1
    act(s, "foresight", A["FORESIGHT"])                        # step 2: cowboy
    assert s.board()["job_market"][1][3] == COWBOY
    assert s.decision_name() == "foresight" and s.frame()[1]["column"] == 2
    act(s, "foresight", A["FORESIGHT"])                        # step 3: engineer
    assert s.board()["job_market"][2][0] == ENGINEER
    assert s.legal_actions() == [A["COUNT"] + k for k in range(4)]
    act(s, "income", A["COUNT"] + 2)                           # step 4: 8 + 2 certificates
    assert s.player(0)["money"] == 16
    assert s.player(0)["certificates"] == 1
    assert s.frame()[1]["value"] == 10
    # step 5: cities up to value 10; foresight not yet refilled, herder still in Kansas City
    assert s.legal_actions() == [A["CITY"] + c for c in range(6)]
    assert s.board()["foresight"] == [[FLOOD2, -1], [-1, BUILDER], [-1, GREEN]]
    assert s.player(0)["herder"] == KC
    act(s, "delivery city", A["CITY"] + CITY["chicago"])
    act(s, "disc", A["DISC"] + DISC["aux1"])
    p = s.player(0)
    assert p["money"] == 13                                    # $3 transport cost
    assert p["cities"][CITY["chicago"]] == 1
    assert p["herder"] == START
    assert p["hand_size"] == 0 and sorted(p["discard"]) == sorted([SANTA, SANTA, LONGHORN, ANGUS])
    fs = s.board()["foresight"]
    assert fs[0][0] == FLOOD2 and fs[1][1] == BUILDER and fs[2][1] == GREEN
    assert all(t >= 0 for col in fs for t in col)
    assert s.board()["bag_sizes"] == [b - 1 for b in bags]
    assert s.decision_name() == BASE


def test_kc_visit_counts_in_stats_and_returns_herder_to_start():
    # §2.3 step 5: after delivery the herder goes back to the rider space
    s = kc_state([CRIOLLO])
    s._visit(KC)
    finish(s)
    assert s.player(0)["herder"] == START
    assert s.player(0)["stats"]["kc_visits"] == 1


@pytest.mark.parametrize("col", [0, 1, 2])
def test_foresight_step_takes_one_of_two_tiles_of_its_column(col):
    # §2.3 / §7.4: step k takes one of the two tiles of column k; the other stays
    cols = [[FLOOD2, DROUGHT3], [COWBOY, BUILDER], [ENGINEER, GREEN]]
    only = [[-1, -1], [-1, -1], [-1, -1]]
    only[col] = cols[col]
    s = kc_state([CRIOLLO], foresight=only)
    clear_tiles(s)
    s._push(F["KC"])
    assert s.decision_name() == "foresight"
    assert s.frame()[1]["column"] == col
    assert s.legal_actions() == [A["FORESIGHT"], A["FORESIGHT"] + 1]
    act(s, "foresight", A["FORESIGHT"] + 1)
    assert s.board()["foresight"][col] == [cols[col][0], -1]
    assert s.decision_name() != "foresight"


def test_foresight_single_choosable_tile_is_taken_without_decision():
    s = kc_state([CRIOLLO], foresight=[[FLOOD2, -1], [-1, -1], [-1, -1]])
    clear_tiles(s)
    s._push(F["KC"])
    assert s.decision_name() != "foresight"
    assert s.board()["tiles"] == {FLOOD_NODES[0]: FLOOD2}


def _place_one(s: GameState, tile: int, col: int = 0) -> None:
    """Run steps 1-3 with one tile offered in column `col` (taken automatically)."""
    fs = [[-1, -1], [-1, -1], [-1, -1]]
    fs[col] = [tile, -1]
    set_foresight(s, fs)
    s._push(F["KC"])


def test_outlaw_goes_to_lowest_empty_outlaw_space():
    # §2.3 placing: outlaw -> empty outlaw space with the lowest number
    s = kc_state([CRIOLLO])
    clear_tiles(s)
    for i in (0, 1, 3):
        s._set_node(OUTLAW_NODES[i], tile=GREEN)
    _place_one(s, ORANGE)
    tiles = s.board()["tiles"]
    assert tiles[OUTLAW_NODES[2]] == ORANGE
    assert tiles == {OUTLAW_NODES[0]: GREEN, OUTLAW_NODES[1]: GREEN, OUTLAW_NODES[2]: ORANGE,
                     OUTLAW_NODES[3]: GREEN}


def test_outlaw_without_empty_space_leaves_the_game():
    # §2.3 placing: no empty outlaw space -> the tile leaves the game
    s = kc_state([CRIOLLO])
    clear_tiles(s)
    for node in OUTLAW_NODES:
        s._set_node(node, tile=GREEN)
    before = dict(s.board()["tiles"])
    _place_one(s, ORANGE)
    assert s.board()["tiles"] == before
    assert s.board()["foresight"][0] == [-1, -1]
    finish(s)
    assert ORANGE not in s.board()["tiles"].values()


def test_hazard_goes_to_lowest_empty_space_of_its_own_section():
    # §2.3 placing: hazard -> lowest-numbered empty space of its section
    s = kc_state([CRIOLLO])
    clear_tiles(s)
    s._set_node(FLOOD_NODES[0], tile=FLOOD4)
    s._set_node(FLOOD_NODES[2], tile=FLOOD4)
    _place_one(s, FLOOD2)
    assert s.board()["tiles"] == {FLOOD_NODES[0]: FLOOD4, FLOOD_NODES[1]: FLOOD2, FLOOD_NODES[2]: FLOOD4}


def test_hazard_with_full_section_leaves_the_game_not_another_section():
    # §2.3 placing: no empty space in its section -> out of the game (drought spaces stay empty)
    s = kc_state([CRIOLLO])
    clear_tiles(s)
    for node in FLOOD_NODES:
        s._set_node(node, tile=FLOOD4)
    _place_one(s, FLOOD2)
    assert s.board()["tiles"] == {node: FLOOD4 for node in FLOOD_NODES}


def test_drought_hazard_goes_to_drought_section():
    s = kc_state([CRIOLLO])
    clear_tiles(s)
    _place_one(s, DROUGHT3)
    assert s.board()["tiles"] == {DROUGHT_NODES[0]: DROUGHT3}


def test_worker_fills_token_row_left_to_right():
    # §6: new workers go into the token's row, left to right
    s = kc_state([CRIOLLO])
    s._set_job_token(2, 0)
    set_foresight(s, [[-1, -1], [COWBOY, -1], [ENGINEER, -1]])
    s._push(F["KC"])
    jm = s.board()["job_market"]
    assert jm[2] == [COWBOY, ENGINEER, -1, -1]
    assert s.board()["job_token_row"] == 2


def test_worker_on_token_space_is_last_and_token_moves_down():
    # §6: the token's own space is filled last, then the token moves to the next row
    s = kc_state([CRIOLLO])
    assert s.board()["job_token_row"] == 1
    assert s.board()["job_market"][1][3] == -1
    _place_one(s, ENGINEER, col=1)
    assert s.board()["job_market"][1][3] == ENGINEER
    assert s.board()["job_token_row"] == 2
    assert s.board()["job_market"][2] == [-1, -1, -1, -1]


@pytest.mark.parametrize("players,cols", [(2, 2), (3, 3)])
def test_worker_placement_uses_player_count_columns(players, cols):
    # §6: 2 players use the right 2 columns, 3 players the right 3
    s = kc_state([CRIOLLO], players=players)
    jm = s.board()["job_market"]
    assert len(jm[0]) == cols
    assert jm[1].count(-1) == 1 and jm[1][-1] == -1          # setup stops beside the token
    _place_one(s, COWBOY, col=1)
    jm = s.board()["job_market"]
    assert jm[1][-1] == COWBOY
    assert s.board()["job_token_row"] == 2


def _market_state(players: int, simmental: bool, counts, deck, token_row: int):
    s = kc_state([CRIOLLO], players=players, simmental=simmental)
    cols = len(s.board()["job_market"][0])
    s._set_job_token(token_row, cols - 1)
    fill_row(s, token_row, cols - 1)
    s._set_market(counts, deck=deck)
    return s


def _counts(**kw):
    c = [0] * len(NAMES["card"])
    for name, n in kw.items():
        c[CARD[name]] = n
    return c


@pytest.mark.parametrize("token_row", [5, 8])
def test_yellow_arrow_refills_market_to_target(token_row):
    # §6 yellow arrows: the token entering row 7 / row 10 refills the market to 13 (4 players)
    deck = [SHORT3, HERE5, CORRIENTE, LONGHORN, ANGUS]       # top = last
    s = _market_state(4, False, _counts(black_angus=6, longhorn=4), deck, token_row)
    _place_one(s, COWBOY, col=1)
    assert s.board()["job_token_row"] == token_row + 1
    market = s.board()["market"]
    assert sum(market) == 13
    assert market[ANGUS] == 7 and market[LONGHORN] == 5 and market[CORRIENTE] == 1
    assert market[SHORT3] == 0 and market[HERE5] == 0
    assert s.board()["market_deck_size"] == 2


def test_no_refill_when_token_enters_other_rows():
    # §6: only the two yellow arrows refill (row 8 has none)
    s = _market_state(4, False, _counts(black_angus=6), [SHORT3, HERE5], 6)
    _place_one(s, COWBOY, col=1)
    assert s.board()["job_token_row"] == 7
    assert sum(s.board()["market"]) == 6
    assert s.board()["market_deck_size"] == 2


def test_yellow_arrow_never_fills_above_target():
    # §6: never above the target
    s = _market_state(4, False, _counts(black_angus=7, longhorn=7), [SHORT3, HERE5], 5)
    _place_one(s, COWBOY, col=1)
    assert sum(s.board()["market"]) == 14
    assert s.board()["market_deck_size"] == 2


def test_yellow_arrow_with_empty_stack_adds_nothing():
    # §6: nothing if the stack is empty
    s = _market_state(4, False, _counts(black_angus=5), [], 5)
    _place_one(s, COWBOY, col=1)
    assert s.board()["job_token_row"] == 6
    assert s.board()["market"] == _counts(black_angus=5)


def test_yellow_arrow_stack_runs_out_partially():
    s = _market_state(4, False, _counts(black_angus=10), [HERE5, SHORT3], 5)
    _place_one(s, COWBOY, col=1)
    expected = _counts(black_angus=10)
    expected[HERE5] = expected[SHORT3] = 1
    assert s.board()["market"] == expected
    assert s.board()["market_deck_size"] == 0


@pytest.mark.parametrize("players,target", [(2, 9), (3, 12), (4, 15)])
def test_yellow_arrow_target_with_simmental(players, target):
    # §3.3 / §4: Simmental targets 9 / 12 / 15
    deck = [CALF] * 20
    s = _market_state(players, True, _counts(black_angus=2), deck, 5)
    _place_one(s, COWBOY, col=1)
    assert sum(s.board()["market"]) == target
    assert s.board()["market"][CALF] == target - 2


@pytest.mark.parametrize("players,target", [(2, 7), (3, 10)])
def test_yellow_arrow_target_by_player_count(players, target):
    s = _market_state(players, False, _counts(black_angus=1), [ANGUS] * 20, 8)
    _place_one(s, COWBOY, col=1)
    assert sum(s.board()["market"]) == target


def test_green_arrow_last_space_ends_game_and_gives_token():
    # §6 green arrow / §2.4: filling row 12's last space moves the token off the board
    s = kc_state([CRIOLLO])
    s._set_job_token(11, 3)
    fill_row(s, 11, 3)
    assert s.board()["end_triggered"] == 0
    _place_one(s, COWBOY, col=1)
    b = s.board()
    assert b["job_market"][11] == [BUILDER, BUILDER, BUILDER, COWBOY]
    assert b["job_token_row"] == 12
    assert b["end_triggered"] == 1 and b["end_player"] == 0
    assert s.player(0)["job_token"] == 1


def test_emptied_foresight_spaces_refilled_from_matching_bags_after_delivery():
    # §7.4: the three spaces emptied in a visit are refilled after delivery from bag k
    s = kc_state([CRIOLLO, SANTA], foresight=[[FLOOD2, DROUGHT3], [COWBOY, BUILDER], [ENGINEER, GREEN]])
    clear_tiles(s)
    bags = s.board()["bag_sizes"]
    s._push(F["KC"])
    for _ in range(3):
        act(s, "foresight", A["FORESIGHT"])
    assert s.board()["foresight"] == [[-1, DROUGHT3], [-1, BUILDER], [-1, GREEN]]
    finish(s)
    fs = s.board()["foresight"]
    assert fs[0][1] == DROUGHT3 and fs[1][1] == BUILDER and fs[2][1] == GREEN
    assert fs[0][0] >= 0 and fs[1][0] >= 0 and fs[2][0] >= 0
    t = s.handle.tables.arrays
    assert t["tile_kind"][fs[1][0]] == 0                     # bag 2 holds only workers
    assert s.board()["bag_sizes"] == [bags[0] - 1, bags[1] - 1, bags[2] - 1]


# ============================================================================ 2. Income (§2.3 step 4, §3.2, §5.5)

def test_income_counts_each_breed_once():
    # §3.2: distinct breeds only
    s = kc_state([CRIOLLO, CRIOLLO, SANTA, SANTA, LONGHORN, LONGHORN], money=0)
    assert s._breeding_value(0) == 6
    s._push(F["KC"])
    assert s.player(0)["money"] == 6                          # no certificate -> income applied at once
    assert s.decision_name() == "delivery city"
    assert s.frame()[1]["value"] == 6


def test_income_all_breeds():
    s = kc_state([CRIOLLO, SANTA, PINEY, GALLOWAY, ANGUS, LONGHORN, CORRIENTE, SHORT3, HERE5])
    assert s._breeding_value(0) == 1 + 2 + 2 + 2 + 3 + 3 + 3 + 4 + 5


def test_objective_cards_in_hand_add_nothing_and_are_discarded():
    s = kc_state([CRIOLLO, SANTA], money=0)
    card = obj_card(s, "AUX_NY")
    s._set_cards(0, hand=[CRIOLLO, SANTA, card], draw=[], discard=[])
    assert s._breeding_value(0) == 3
    s._push(F["KC"])
    assert s.player(0)["money"] == 3
    assert s.hand(0) == [] and sorted(s.player(0)["discard"]) == sorted([CRIOLLO, SANTA, card])


def test_shorthorn_variants_are_one_breed():
    s = kc_state([SHORT3, SHORT5, HERE5, HERE7])
    assert s._breeding_value(0) == 9


def test_income_rulebook_example_8_becomes_10_with_two_certificates():
    # R-RU / R-PL income example: 8 + 2 of 3 temporary certificates = 10
    s = kc_state([SANTA, SANTA, LONGHORN, ANGUS], cert=3, money=0)
    assert s._breeding_value(0) == 8
    s._push(F["KC"])
    assert s.legal_actions() == [A["COUNT"] + k for k in range(4)]
    act(s, "income", A["COUNT"] + 2)
    assert s.player(0)["money"] == 10
    assert s.player(0)["certificates"] == 1
    assert s.frame()[1]["value"] == 10
    assert s.player(0)["stats"]["income_total"] == 10


def test_income_with_permanent_certificate_example_9():
    # R-RU / R-PL: with one permanent certificate the base value would be 9 instead of 8
    s = kc_state([SANTA, SANTA, LONGHORN, ANGUS], perm_certs=1, money=0)
    s._push(F["KC"])
    assert s.player(0)["money"] == 9
    assert s.frame()[1]["value"] == 9
    assert s.legal_actions() == [A["CITY"] + c for c in range(5)]   # Peoria (8) now reachable


def test_income_permanent_plus_temporary_certificates():
    s = kc_state([CRIOLLO, HERE5], perm_certs=2, cert=1, money=0)
    s._push(F["KC"])
    assert s.legal_actions() == [A["COUNT"], A["COUNT"] + 1]
    act(s, "income", A["COUNT"] + 1)
    assert s.player(0)["money"] == 6 + 2 + 1
    assert s.player(0)["certificates"] == 0
    assert s.player(0)["permanent_certificates"] == 2


def test_income_certificates_may_be_kept():
    s = kc_state([CRIOLLO], cert=2, money=0)
    s._push(F["KC"])
    act(s, "income", A["COUNT"])
    assert s.player(0)["money"] == 1
    assert s.player(0)["certificates"] == 2


def test_certificate_track_from_6_spends_2_to_reach_4_not_exactly_1():
    # §5.5: positions 0,1,2,3,4,6; from 6 spending moves back by positions (6->4 uses 2)
    discs = FULL_DISCS.copy()
    discs[DISC["cert_limit_4"]] = 0
    discs[DISC["cert_limit_6"]] = 0
    s = kc_state([CRIOLLO], cert=5, discs=discs, money=0)
    assert s.player(0)["certificates"] == 6 and s.player(0)["certificate_limit"] == 6
    s._push(F["KC"])
    assert s.legal_actions() == [A["COUNT"] + k for k in (0, 2, 3, 4, 5, 6)]
    act(s, "income", A["COUNT"] + 2)
    assert s.player(0)["certificates"] == 4
    assert s.player(0)["money"] == 3


def test_certificate_track_from_6_spend_all():
    discs = FULL_DISCS.copy()
    discs[DISC["cert_limit_4"]] = 0
    discs[DISC["cert_limit_6"]] = 0
    s = kc_state([CRIOLLO], cert=5, discs=discs, money=0)
    s._push(F["KC"])
    act(s, "income", A["COUNT"] + 6)
    assert s.player(0)["certificates"] == 0
    assert s.player(0)["money"] == 7
    assert s.frame()[1]["value"] == 7


def test_simmental_stages_count_as_one_breed_highest():
    # §3.2: only one orange card counts, whatever its stage (the highest is best)
    s = kc_state([CALF, HEIFER, COW, CRIOLLO], simmental=True)
    assert s._breeding_value(0) == 5 + 1
    s = kc_state([CALF, HEIFER, SANTA], simmental=True)
    assert s._breeding_value(0) == 4 + 2
    s = kc_state([CALF, CALF, CRIOLLO], simmental=True)
    assert s._breeding_value(0) == 2 + 1


def test_simmental_income_in_kc():
    s = kc_state([CALF, HEIFER, COW, CRIOLLO], simmental=True, money=0)
    s._push(F["KC"])
    # the Simmental decision follows the income; income already paid
    assert s.player(0)["money"] == 6


def test_exchange_token_usable_before_income():
    # §2.2: an exchange token at any moment; at income the new hand counts
    s = kc_state([CRIOLLO, CRIOLLO, CRIOLLO, CRIOLLO], draw=[HERE5], tokens=1, money=0)
    s._push(F["KC"])
    assert s.decision_name() == "income"
    assert s.legal_actions() == [A["COUNT"], A["EXCHANGE"]]
    act(s, "income", A["EXCHANGE"])
    # one card available: drawn without a decision, then discard one
    assert s.decision_name() == "discard drawn"
    assert s.legal_actions() == [A["CARD"] + CRIOLLO, A["CARD"] + HERE5]
    act(s, "discard drawn", A["CARD"] + CRIOLLO)
    assert s.player(0)["exchange_tokens"] == 0
    assert s.player(0)["money"] == 6                          # 1 + 5
    assert s.frame()[1]["value"] == 6


def test_exchange_token_draw_two_before_income():
    s = kc_state([CRIOLLO, CRIOLLO], draw=[ANGUS, HERE5], tokens=2, cert=1, money=0)
    s._push(F["KC"])
    act(s, "income", A["EXCHANGE"])
    assert s.legal_actions() == [A["COUNT"] + 1, A["COUNT"] + 2]
    act(s, "exchange token", A["COUNT"] + 2)
    act(s, "discard drawn", A["CARD"] + CRIOLLO)
    act(s, "discard drawn", A["CARD"] + CRIOLLO)
    assert s.player(0)["exchange_tokens"] == 1
    assert s.decision_name() == "income"
    act(s, "income", A["COUNT"] + 1)
    assert s.player(0)["money"] == 3 + 5 + 1


# ============================================================================ 3. Simmental (§3.3)

def test_simmental_calf_then_heifer_upgrades_after_income():
    # §3.3: calves in hand -> heifers onto the discard pile, then heifers in hand -> cows
    s = kc_state([CALF, HEIFER, CRIOLLO, CRIOLLO], simmental=True, money=0)
    s._push(F["KC"])
    assert s.player(0)["money"] == 4 + 1                     # income before any upgrade
    assert s.decision_name() == "Simmental upgrades"
    assert s.frame()[1]["breed"] == NAMES["breed"].index("simmental_calf")
    assert s.legal_actions() == [A["COUNT"], A["COUNT"] + 1]
    act(s, "Simmental upgrades", A["COUNT"] + 1)
    assert s.player(0)["discard"] == [HEIFER]
    assert s.hand(0) == [CRIOLLO, CRIOLLO, HEIFER]
    assert s.decision_name() == "Simmental upgrades"
    assert s.frame()[1]["breed"] == NAMES["breed"].index("simmental_heifer")
    assert s.legal_actions() == [A["COUNT"], A["COUNT"] + 1]  # only the heifer in hand, not the new one
    act(s, "Simmental upgrades", A["COUNT"] + 1)
    # new cards first, then the hand is discarded before the delivery
    assert s.player(0)["discard"] == [HEIFER, COW, CRIOLLO, CRIOLLO]
    assert s.hand(0) == []
    assert s.decision_name() == "delivery city"
    assert s.frame()[1]["value"] == 5                                  # the new cards do not change this income
    assert s.player(0)["money"] == 5


def test_simmental_polish_example_value_stays_7():
    # R-PL: a calf upgraded to a heifer in Kansas City; this visit's value stays 7 (not 9)
    s = kc_state([CALF, SANTA, LONGHORN, SANTA], simmental=True, money=0)
    s._push(F["KC"])
    act(s, "Simmental upgrades", A["COUNT"] + 1)
    assert s.player(0)["money"] == 7
    assert s.frame()[1]["value"] == 7
    assert s.legal_actions() == [A["CITY"] + c for c in range(4)]   # value 7: up to Bloomington (6)


def test_simmental_new_heifer_is_not_upgraded_again():
    # §3.3: only heifers in hand become cows; heifers gained this visit are on the discard pile
    s = kc_state([CALF, CALF, CRIOLLO], simmental=True)
    s._push(F["KC"])
    assert s.legal_actions() == [A["COUNT"] + k for k in range(3)]
    act(s, "Simmental upgrades", A["COUNT"] + 2)
    assert s.player(0)["discard"] == [HEIFER, HEIFER, CRIOLLO]
    assert s.decision_name() == "delivery city"


def test_simmental_upgrade_may_be_declined():
    s = kc_state([CALF, CRIOLLO], simmental=True)
    s._push(F["KC"])
    act(s, "Simmental upgrades", A["COUNT"])
    assert s.decision_name() == "delivery city"
    finish(s)
    assert sorted(s.player(0)["discard"]) == sorted([CALF, CRIOLLO])


def test_simmental_upgrade_partial_number():
    s = kc_state([CALF, CALF, CALF], simmental=True)
    s._push(F["KC"])
    act(s, "Simmental upgrades", A["COUNT"] + 1)
    finish(s)
    assert sorted(s.player(0)["discard"]) == sorted([HEIFER, CALF, CALF])


def test_simmental_cow_is_final_stage():
    s = kc_state([COW, CRIOLLO], simmental=True)
    s._push(F["KC"])
    assert s.decision_name() == "delivery city"


def test_simmental_supply_limits_upgrades():
    # §3.3 / §1.1: 8 heifers and 8 cows in the supply
    s = kc_state([CALF] * 7 + [CRIOLLO], simmental=True)
    s._push(F["KC"])
    assert s.legal_actions() == [A["COUNT"] + k for k in range(8)]
    act(s, "Simmental upgrades", A["COUNT"] + 7)
    finish(s)
    assert s.player(0)["discard"].count(HEIFER) == 7
    # next visit: three calves but only one heifer left in the supply
    s._set_cards(0, hand=[CALF, CALF, CALF, HEIFER], draw=[], discard=[])
    set_foresight(s, NO_FORESIGHT)
    s._push(F["KC"])
    assert s.frame()[1]["breed"] == NAMES["breed"].index("simmental_calf")
    assert s.legal_actions() == [A["COUNT"], A["COUNT"] + 1]
    act(s, "Simmental upgrades", A["COUNT"] + 1)
    # heifers: one in hand, cows plentiful
    assert s.legal_actions() == [A["COUNT"], A["COUNT"] + 1]
    act(s, "Simmental upgrades", A["COUNT"] + 1)
    finish(s)
    # third visit: no heifer left, calves cannot be upgraded any more
    s._set_cards(0, hand=[CALF, CRIOLLO], draw=[], discard=[])
    set_foresight(s, NO_FORESIGHT)
    s._push(F["KC"])
    assert s.decision_name() == "delivery city"


def test_no_simmental_step_without_variant():
    s = kc_state([CRIOLLO, SANTA])
    s._push(F["KC"])
    assert s.decision_name() == "delivery city"


# ============================================================================ 4. Delivery (§2.3 step 5, §10.5, §11)

def _deliver(s: GameState, city: str, disc: str | None = None):
    set_foresight(s, NO_FORESIGHT)
    s._push(F["KC"])
    act(s, "delivery city", A["CITY"] + CITY[city])
    if disc is not None:
        act(s, "disc", A["DISC"] + DISC[disc])


def test_delivery_cities_up_to_breeding_value():
    # §11.3: city value <= total breeding value incl. certificates
    s = kc_state([CRIOLLO, SANTA, LONGHORN])                  # 6
    s._push(F["KC"])
    assert s.legal_actions() == [A["CITY"] + c for c in range(4)]   # KC, Fulton, St. Louis, Bloomington


def test_delivery_value_18_reaches_new_york():
    s = kc_state([HERE5, SHORT3, ANGUS, LONGHORN, CORRIENTE])        # 18
    s._push(F["KC"])
    assert s.legal_actions() == [A["CITY"] + c for c in range(10)]


def test_delivery_value_zero_only_kansas_city():
    # §2.3: Kansas City (value 0) is always legal; an empty hand still delivers there
    s = kc_state([], money=0)
    s._push(F["KC"])
    assert s.decision_name() == "disc"
    assert s.frame()[1]["target"] == CITY["kansas_city"]


def test_delivery_each_city_once_except_kc_and_new_york():
    # §11.3: not a city already holding your disc, unless Kansas City or New York
    s = kc_state([HERE5, SHORT3, ANGUS, LONGHORN, CORRIENTE], city_discs=[1] * 10)
    s._push(F["KC"])
    assert s.legal_actions() == [A["CITY"] + CITY["kansas_city"], A["CITY"] + CITY["new_york"]]


def test_delivery_rulebook_example_cities_and_white_discs():
    # R-RU / R-PL: value 10, Fulton and Bloomington already delivered -> Chicago, Peoria, St. Louis or KC;
    # on those three only white-cornered discs
    s = kc_state([SANTA, SANTA, LONGHORN, ANGUS], cert=3, engine=RAIL["5"],
                 city_discs=[0, 1, 0, 1, 0, 0, 0, 0, 0, 0])
    s._push(F["KC"])
    act(s, "income", A["COUNT"] + 2)
    assert s.legal_actions() == [A["CITY"] + CITY[c] for c in ("kansas_city", "st_louis", "peoria", "chicago")]
    act(s, "delivery city", A["CITY"] + CITY["peoria"])
    white = [DISC[d] for d in ("aux1", "aux2", "aux3", "aux4", "aux5", "cert_limit_4")]
    assert s.legal_actions() == [A["DISC"] + k for k in white]


@pytest.mark.parametrize("city,cost", [("chicago", 3), ("peoria", 2), ("st_louis", 0), ("kansas_city", 0)])
def test_transport_cost_rulebook_example(city, cost):
    # §10.5 / R-RU, R-PL: engine on 5 -> Chicago $3, Peoria $2, St. Louis and Kansas City $0
    assert new_state()._transport_cost(RAIL["5"], s_city_value(city)) == cost
    s = kc_state([SANTA, SANTA, LONGHORN, ANGUS], cert=2, engine=RAIL["5"], money=0)
    s._push(F["KC"])
    act(s, "income", A["COUNT"] + 2)
    assert s.player(0)["money"] == 10
    act(s, "delivery city", A["CITY"] + CITY[city])
    act(s, "disc", A["DISC"] + DISC["aux1"])
    finish(s)
    bonus = 4 if city == "kansas_city" else 0
    assert s.player(0)["money"] == 10 - cost + bonus


def s_city_value(city: str) -> int:
    return int(handle().tables.arrays["city_value"][CITY[city]])


@pytest.mark.parametrize("city,cost", [("kansas_city", 0), ("fulton", 0), ("st_louis", 1), ("bloomington", 3),
                                       ("peoria", 4), ("chicago", 5), ("toledo", 7), ("pittsburgh", 8),
                                       ("philadelphia", 9), ("new_york", 11)])
def test_transport_cost_from_start_space(city, cost):
    # §10.5: crosses after 3,4,5,7,9,10,11,13,15,16,17
    assert new_state()._transport_cost(RAIL["0"], s_city_value(city)) == cost


def test_transport_cost_zero_when_engine_past_city():
    s = new_state()
    assert s._transport_cost(RAIL["12"], s_city_value("chicago")) == 0
    assert s._transport_cost(RAIL["10"], s_city_value("chicago")) == 0
    assert s._transport_cost(RAIL["17"], s_city_value("new_york")) == 1
    assert s._transport_cost(RAIL["18"], s_city_value("new_york")) == 0


def test_transport_cost_paid_in_delivery():
    s = kc_state([HERE5, SHORT3, ANGUS, LONGHORN, CORRIENTE], money=0)   # engine on the start space
    _deliver(s, "new_york", "step_right")
    finish(s)
    assert s.player(0)["money"] == 18 - 11


def test_disc_corner_rule_white_city_takes_only_white_discs():
    # §5.1: a dark-cornered disc only on a dark-cornered space while white ones remain
    s = kc_state([CRIOLLO], money=10)
    _deliver(s, "fulton")
    white = [DISC[d] for d in ("aux1", "aux2", "aux3", "aux4", "aux5", "cert_limit_4")]
    assert s.legal_actions() == [A["DISC"] + k for k in white]


def test_disc_corner_rule_dark_city_takes_any_disc():
    s = kc_state([CRIOLLO, SANTA, LONGHORN, SHORT3], money=10)      # 10 -> Chicago (dark)
    _deliver(s, "chicago")
    assert s.legal_actions() == [A["DISC"] + k for k in range(10)]


def test_dark_city_hand_limit_disc_excluded_without_5_dollars():
    # §5.1: the $5 condition also applies on dark cities (money poked after income to isolate the rule)
    s = kc_state([CRIOLLO, SANTA, LONGHORN, SHORT3], money=0, engine=RAIL["10"])   # income 10
    s._poke_player(0, discs=[1, 1, 2, 2, 2, 1, 1, 2, 1, 1])
    set_foresight(s, NO_FORESIGHT)
    s._push(F["KC"])
    s._poke_player(0, money=4)                                 # spent before the disc is chosen
    act(s, "delivery city", A["CITY"] + CITY["chicago"])
    assert s.legal_actions() == [A["DISC"] + k for k in range(10) if k != DISC["hand_limit"]]


def test_disc_white_city_may_take_dark_when_only_dark_left():
    # §2.6 fallback: only dark-cornered discs left -> a dark one may go on a white space
    discs = [0, 0, 0, 0, 0, 1, 1, 2, 0, 1]
    s = kc_state([CRIOLLO], discs=discs, money=10)
    _deliver(s, "fulton")
    assert s.legal_actions() == [A["DISC"] + DISC[d] for d in ("step_left", "step_right", "hand_limit",
                                                                 "cert_limit_6")]


def test_hand_limit_disc_needs_5_dollars():
    # §5.1: hand-limit discs cost $5; without the money a different disc must be taken
    discs = [0, 0, 0, 0, 0, 1, 1, 2, 0, 1]
    s = kc_state([CRIOLLO], discs=discs, money=3)                    # 3 + income 1 = 4 < 5
    _deliver(s, "fulton")
    assert s.legal_actions() == [A["DISC"] + DISC[d] for d in ("step_left", "step_right", "cert_limit_6")]


def test_hand_limit_disc_must_leave_the_transport_cost():
    # §5.1 / §11: the disc's $5 is paid first and the transport cost after it, every cost in full: a
    # hand-limit disc that would leave less than the transport cost is not offered (before
    # 2026-11-29 the engine let the transport cost go unpaid then)
    discs = [0, 0, 0, 0, 0, 1, 1, 2, 0, 1]                   # only dark-cornered discs left
    s = kc_state([CRIOLLO, SANTA, PINEY], discs=discs, money=0)   # income 5; St. Louis from the start: $1
    _deliver(s, "st_louis")
    assert s.legal_actions() == [A["DISC"] + DISC[d] for d in ("step_left", "step_right", "cert_limit_6")]
    s = kc_state([CRIOLLO, SANTA, PINEY], discs=discs, money=1)   # $6: the disc and the transport
    _deliver(s, "st_louis", "hand_limit")
    finish(s)
    assert s.player(0)["money"] == 0 and s.player(0)["hand_limit"] == 5
    s = kc_state([CRIOLLO, SANTA, PINEY], discs=discs, money=0, engine=RAIL["10"])   # no transport cost
    _deliver(s, "st_louis", "hand_limit")
    finish(s)
    assert s.player(0)["money"] == 0 and s.player(0)["hand_limit"] == 5


def test_hand_limit_disc_costs_5_and_raises_limit():
    # §5.1 / §5.4: +1 hand limit per cleared disc, paying $5 to the bank each time
    s = kc_state([CRIOLLO, SANTA, LONGHORN, SHORT3], engine=RAIL["10"], money=0)
    _deliver(s, "chicago", "hand_limit")
    finish(s)
    assert s.player(0)["money"] == 10 - 5
    assert s.player(0)["hand_limit"] == 5
    assert s.player(0)["discs"][DISC["hand_limit"]] == 1
    s._set_cards(0, hand=[CRIOLLO, SANTA, LONGHORN, SHORT3, HERE5], draw=[], discard=[])
    _deliver(s, "toledo", "hand_limit")
    finish(s)
    assert s.player(0)["money"] == 5 + 15 - 5 - 2             # Toledo from space 10: crosses 10, 11
    assert s.player(0)["hand_limit"] == 6


def test_station_disc_fallback_when_board_has_no_disc():
    # §2.6: no disc on the board -> move one of your discs from a station of your choice
    discs = [0] * 10
    stations = [1, 0, 0, 1, 0, 0, 0, 0, 0, 0]
    s = kc_state([CRIOLLO], discs=discs, station_disc=stations, station_done=stations, money=0)
    _deliver(s, "fulton")
    assert s.decision_name() == "disc"
    assert s.legal_actions() == [A["STATION"], A["STATION"] + 3]
    act(s, "disc", A["STATION"] + 3)
    p = s.player(0)
    assert p["stations"] == [1, 0, 0, 0, 0, 0, 0, 0, 0, 0]
    assert p["cities"][CITY["fulton"]] == 1


def test_station_disc_fallback_when_only_unaffordable_hand_limit_discs_left():
    # §2.6: only hand-limit discs left and no $5 -> a station disc moves instead
    discs = [0, 0, 0, 0, 0, 0, 0, 2, 0, 0]
    stations = [0, 1, 0, 0, 0, 0, 0, 0, 0, 0]
    s = kc_state([CRIOLLO], discs=discs, station_disc=stations, station_done=stations, money=0)
    _deliver(s, "fulton")                                     # single option: applied at once
    p = s.player(0)
    assert p["stations"] == [0] * 10
    assert p["cities"][CITY["fulton"]] == 1
    assert p["discs"][DISC["hand_limit"]] == 2
    assert p["money"] == 1


def test_aux_action_unlocked_single_then_double():
    # §5.2: an aux action is available with one empty disc space, doubled with both empty
    s = kc_state([CRIOLLO], money=10)
    single, double = A["AUX"] + 2 * 3, A["AUX"] + 2 * 3 + 1    # aux 4
    _deliver(s, "fulton", "aux4")
    finish(s)
    assert s.player(0)["discs"][DISC["aux4"]] == 1
    s._push(F["AUX_CHOOSE"], allow_double=1)
    assert single in s.legal_actions() and double not in s.legal_actions()
    act(s, "auxiliary action", A["STOP"])
    s._set_cards(0, hand=[CRIOLLO], draw=[], discard=[])
    s._poke_player(0, city_discs=[0] * 10)
    _deliver(s, "fulton", "aux4")
    finish(s)
    s._push(F["AUX_CHOOSE"], allow_double=1)
    assert single in s.legal_actions() and double in s.legal_actions()


def test_aux_action_locked_before_any_disc_cleared():
    s = kc_state([CRIOLLO], money=10)
    s._push(F["AUX_CHOOSE"], allow_double=1)
    legal = s.legal_actions()
    assert A["AUX"] + 2 * 3 not in legal and A["AUX"] + 2 * 4 not in legal
    assert legal == [A["STOP"], A["AUX"], A["AUX"] + 2]      # aux 1 and 2 single from their grey spaces


@pytest.mark.parametrize("players,base,left", [(2, 3, 1), (3, 3, 2), (4, 4, 2)])
def test_step_limit_left_disc_gives_3_dollars_and_steps(players, base, left):
    # §5.1 / §5.3: +$3 at once and the left increment of the step limit
    s = kc_state([CRIOLLO, SANTA, LONGHORN, SHORT3], players=players, engine=RAIL["10"], money=0)
    assert s.player(0)["step_limit"] == base
    _deliver(s, "chicago", "step_left")
    finish(s)
    assert s.player(0)["money"] == 10 + 3
    assert s.player(0)["step_limit"] == base + left
    s._finish_scoring()
    assert s.scores()[0]["step_disc"] == 0


@pytest.mark.parametrize("players,base", [(2, 3), (3, 3), (4, 4)])
def test_step_limit_right_disc_gives_step_and_3_vp(players, base):
    # §5.1 / §5.3 / §2.5 category 10
    s = kc_state([CRIOLLO, SANTA, LONGHORN, SHORT3], players=players, engine=RAIL["10"], money=0)
    _deliver(s, "chicago", "step_right")
    finish(s)
    assert s.player(0)["money"] == 10
    assert s.player(0)["step_limit"] == base + 1
    s._finish_scoring()
    assert s.scores()[0]["step_disc"] == 3


def test_certificate_limit_4_disc():
    # §5.5: limit 3 -> 4
    s = kc_state([CRIOLLO])
    assert s.player(0)["certificate_limit"] == 3
    _deliver(s, "fulton", "cert_limit_4")
    finish(s)
    assert s.player(0)["certificate_limit"] == 4


def test_certificate_limit_6_only_with_4_cleared():
    # §5.1: the 6 space cleared first leaves the limit at 3 until 4 is cleared too
    s = kc_state([CRIOLLO, SANTA, LONGHORN, SHORT3], engine=RAIL["10"])
    _deliver(s, "chicago", "cert_limit_6")
    finish(s)
    assert s.player(0)["certificate_limit"] == 3
    s._set_cards(0, hand=[CRIOLLO], draw=[], discard=[])
    _deliver(s, "fulton", "cert_limit_4")
    finish(s)
    assert s.player(0)["certificate_limit"] == 6


def _objectives_fixed(s: GameState, display, stack):
    s._set_objectives(display=[OBJ[o] for o in display], stack=[OBJ[o] for o in stack])


def test_arrow_fulton_st_louis_objective_card_and_minus_3_vp():
    # §11.2: objective card at once (onto the discard pile, display refilled); -3 VP at the end
    s = kc_state([CRIOLLO, SANTA, SANTA, LONGHORN], city_discs=[0, 1, 0, 0, 0, 0, 0, 0, 0, 0], engine=RAIL["5"])
    _objectives_fixed(s, ["DRAW_BBH", "GAIN2_SSH", "MOVE_345", "DRAW_5H"], ["AUX_NY", "ENGINE_345"])
    _deliver(s, "st_louis", "aux1")
    assert s.decision_name() == "objective card"
    # R-RU/R-PL/R-EN: "from the general objective display": never the top of the stack
    assert set(s.legal_actions()) == {A["OBJ_TAKE"] + i for i in range(4)}
    act(s, "objective card", A["OBJ_TAKE"] + 1)
    assert s.player(0)["discard"][-1] == obj_card(s, "GAIN2_SSH")
    assert s.board()["objective_display"] == [OBJ[o] for o in ("DRAW_BBH", "ENGINE_345", "MOVE_345", "DRAW_5H")]
    assert s.board()["objective_stack_size"] == 1
    finish(s)
    s._poke_player(0, objectives=[0] * N_OBJ)
    s._finish_scoring()
    assert s.scores()[0]["cities"] == -3


def test_arrow_objective_from_the_stack_only_with_the_content_option():
    # meta.toml [options] arrow_objective_from_stack = true lets the arrow's card come from the top of
    # the stack as well (the rulebooks' text says the display only: the default)
    h = RulesHandle(compile_tables(variant=Variant(players=4, sides="a", station_masters=SMS,
                                                   patches=["[options]\narrow_objective_from_stack = true"])))
    s = ScenarioState(h, seed=1)
    s._set_cards(0, hand=[CRIOLLO, SANTA, SANTA, LONGHORN], draw=[], discard=[])
    s._poke_player(0, tokens=0, city_discs=[0, 1, 0, 0, 0, 0, 0, 0, 0, 0])
    _objectives_fixed(s, ["DRAW_BBH", "GAIN2_SSH", "MOVE_345", "DRAW_5H"], ["AUX_NY", "ENGINE_345"])
    _deliver(s, "st_louis", "aux1")
    assert s.decision_name() == "objective card"
    assert set(s.legal_actions()) == {A["OBJ_TAKE"] + i for i in range(5)}
    act(s, "objective card", A["OBJ_TAKE"] + 4)
    assert s.player(0)["discard"][-1] == obj_card(s, "ENGINE_345")


def test_arrow_objective_card_is_compulsory():
    # §11.2: arrow actions are compulsory
    s = kc_state([CRIOLLO, SANTA, SANTA, LONGHORN], city_discs=[0, 1, 0, 0, 0, 0, 0, 0, 0, 0])
    _objectives_fixed(s, ["DRAW_BBH", "GAIN2_SSH", "MOVE_345", "DRAW_5H"], ["AUX_NY"])
    _deliver(s, "st_louis", "aux1")
    assert s.decision_name() == "objective card"
    assert A["STOP"] not in s.legal_actions()


def test_arrow_objective_with_nothing_left_does_nothing():
    # §11.2: nothing happens if no objective card is left
    s = kc_state([CRIOLLO, SANTA, SANTA, LONGHORN], city_discs=[0, 1, 0, 0, 0, 0, 0, 0, 0, 0])
    s._set_objectives(display=[-1, -1, -1, -1], stack=[])
    _deliver(s, "st_louis", "aux1")
    assert s.decision_name() == BASE
    assert s.player(0)["cities"][CITY["st_louis"]] == 1


def test_no_arrow_without_neighbour_disc():
    # §11.2: an arrow fires only when both neighbouring cities carry your disc
    s = kc_state([CRIOLLO, SANTA, SANTA, LONGHORN], city_discs=[0, 0, 0, 0, 0, 0, 0, 0, 0, 0])
    _deliver(s, "st_louis", "aux1")
    assert s.decision_name() == BASE
    assert s.player(0)["exchange_tokens"] == 0
    assert not any(c >= len(NAMES["card"]) for c in s.player(0)["discard"])


def test_arrow_st_louis_bloomington_exchange_token():
    s = kc_state([CRIOLLO, SANTA, LONGHORN], city_discs=[0, 0, 1, 0, 0, 0, 0, 0, 0, 0])
    _deliver(s, "bloomington", "aux1")
    assert s.decision_name() == BASE
    assert s.player(0)["exchange_tokens"] == 1


def test_arrow_fires_from_either_side():
    # placing on the lower city when the upper one already has the disc fires too
    s = kc_state([CRIOLLO, SANTA, SANTA, LONGHORN], city_discs=[0, 0, 0, 1, 0, 0, 0, 0, 0, 0])
    _deliver(s, "st_louis", "aux1")
    assert s.player(0)["exchange_tokens"] == 1


@pytest.mark.parametrize("have,city", [("bloomington", "peoria"), ("peoria", "chicago"), ("chicago", "peoria")])
def test_arrows_around_peoria_give_objective_card(have, city):
    discs = [0] * 10
    discs[CITY[have]] = 1
    s = kc_state([CRIOLLO, SANTA, LONGHORN, SHORT3], city_discs=discs, engine=RAIL["10"])
    _objectives_fixed(s, ["DRAW_BBH", "GAIN2_SSH", "MOVE_345", "DRAW_5H"], ["AUX_NY"])
    _deliver(s, city, "aux1")
    act(s, "objective card", A["OBJ_TAKE"] + 3)
    assert s.player(0)["discard"][-1] == obj_card(s, "DRAW_5H")
    assert s.decision_name() == BASE


def test_one_disc_completing_two_arrows_gives_two_objective_cards_display_refilled_between():
    # §11.2: Bloomington and Chicago held, Peoria completes both arrows -> two cards, refill between
    s = kc_state([CRIOLLO, SANTA, LONGHORN, SHORT3], city_discs=[0, 0, 0, 1, 0, 1, 0, 0, 0, 0],
                 engine=RAIL["10"])
    _objectives_fixed(s, ["DRAW_BBH", "GAIN2_SSH", "MOVE_345", "DRAW_5H"], ["AUX_NY", "ENGINE_345"])
    _deliver(s, "peoria", "aux1")
    act(s, "objective card", A["OBJ_TAKE"])
    assert s.board()["objective_display"][0] == OBJ["ENGINE_345"]
    assert s.decision_name() == "objective card"
    act(s, "objective card", A["OBJ_TAKE"])
    assert s.decision_name() == BASE
    d = s.player(0)["discard"]
    assert obj_card(s, "DRAW_BBH") in d and obj_card(s, "ENGINE_345") in d
    assert s.board()["objective_display"][0] == OBJ["AUX_NY"]
    assert s.board()["objective_stack_size"] == 0


def test_kansas_city_delivery_gives_4_dollars_and_minus_6_vp_each():
    # §11.1: +$4 on placing, -6 VP per disc at the end; repeatable
    s = kc_state([CRIOLLO], money=0, engine=RAIL["3"])
    _deliver(s, "kansas_city", "aux1")
    finish(s)
    assert s.player(0)["money"] == 1 + 4
    s._set_cards(0, hand=[CRIOLLO], draw=[], discard=[])
    _deliver(s, "kansas_city", "aux2")
    finish(s)
    assert s.player(0)["money"] == 10
    assert s.player(0)["cities"][CITY["kansas_city"]] == 2
    s._poke_player(0, objectives=[0] * N_OBJ, money=0)
    s._finish_scoring()
    assert s.scores()[0]["cities"] == -12


def test_new_york_repeatable_delivery():
    s = kc_state([HERE5, SHORT3, ANGUS, LONGHORN, CORRIENTE], city_discs=[0] * 9 + [1], engine=RAIL["20"])
    _deliver(s, "new_york", "step_left")
    finish(s)
    assert s.player(0)["cities"][CITY["new_york"]] == 2


def test_delivery_stats():
    s = kc_state([HERE5, SHORT3, ANGUS, LONGHORN, CORRIENTE], engine=RAIL["20"])
    _deliver(s, "toledo", "step_left")
    finish(s)
    st = s.player(0)["stats"]
    assert st["deliveries"] == 1 and st["delivery_value"] == 12


# ============================================================================ 5. End of game (§2.4)

def _to_turn(s: GameState, seat: int) -> None:
    """Play the first turns with the first legal action until `seat` starts a normal turn."""
    for _ in range(500):
        if s.decision_name() == "before phase A" and s.current_player() == seat:
            return
        s.apply_action(s.legal_actions()[0])
    raise AssertionError("seat never reached")


def _enter_kc(s: GameState, seat: int, foresight) -> None:
    """At `seat`'s phase A: herder on G, whose only next location is Kansas City (moved there at once)."""
    assert s.current_player() == seat and s.decision_name() == "before phase A"
    s._poke_player(seat, herder=NODE["G"], tokens=0)
    s._set_cards(seat, hand=[CRIOLLO], draw=[CRIOLLO, SANTA, SANTA, PINEY], discard=[])
    set_foresight(s, foresight)
    s._refresh()
    assert s.player(seat)["herder"] == KC


def _end_game_state(seat: int = 2, players: int = 4, seed: int = 3, last_row_filled: int | None = None):
    """`seat` at the start of a normal turn; the job market's last row filled up to its last space."""
    s = new_state(players, seed=seed)
    _to_turn(s, seat)
    cols = len(s.board()["job_market"][0])
    fill = cols - 1 if last_row_filled is None else last_row_filled
    s._set_job_token(11, fill)
    fill_row(s, 11, fill)
    return s


def _trigger_in_step_2(s: GameState, seat: int) -> None:
    _enter_kc(s, seat, [[-1, -1], [COWBOY, BUILDER], [-1, -1]])
    act(s, "foresight", A["FORESIGHT"])
    assert s.board()["end_triggered"] == 1
    finish(s, "before phase A")
    assert s.player(seat)["hand_size"] == 4                   # the triggering player finished the turn


def _play_turn_simply(s: GameState, seat: int) -> None:
    """A whole normal turn answered with the first legal action (move one location, end phase B)."""
    assert s.current_player() == seat and s.decision_name() == "before phase A"
    while s.current_player() == seat and not s.is_terminal():
        s.apply_action(s.legal_actions()[0])


def test_end_triggered_in_step_2_step_3_still_done_without_workers():
    # §2.4: token leaves in step 2; step 3 is still done but no worker may be chosen
    s = _end_game_state(2)
    clear_tiles(s)
    _enter_kc(s, 2, [[-1, -1], [COWBOY, BUILDER], [ENGINEER, ORANGE]])
    assert s.decision_name() == "foresight" and s.frame()[1]["column"] == 1
    act(s, "foresight", A["FORESIGHT"])                        # step 2: the last job-market space
    b = s.board()
    assert b["end_triggered"] == 1 and b["end_player"] == 2 and b["job_token_row"] == 12
    assert b["job_market"][11] == [BUILDER, BUILDER, BUILDER, COWBOY]
    assert s.player(2)["job_token"] == 1
    # step 3: only the outlaw may be chosen -> taken without a decision; the engineer stays
    assert s.decision_name() != "foresight"
    assert s.board()["tiles"] == {OUTLAW_NODES[0]: ORANGE}
    assert s.board()["foresight"][2] == [ENGINEER, -1]
    finish(s, "before phase A")                               # steps 4 and 5 as usual
    assert s.player(2)["stats"]["deliveries"] == 1 and s.player(2)["herder"] == START
    assert s.current_player() == 3


def test_end_triggered_in_step_2_step_3_skipped_if_only_workers():
    s = _end_game_state(2)
    bags = s.board()["bag_sizes"]
    _enter_kc(s, 2, [[-1, -1], [COWBOY, BUILDER], [ENGINEER, COWBOY]])
    act(s, "foresight", A["FORESIGHT"] + 1)
    assert s.board()["end_triggered"] == 1
    assert s.decision_name() != "foresight"
    # steps 4 and 5 as usual, then foresight refilled: only column 2 was emptied
    finish(s, "before phase A")
    assert s.current_player() == 3
    assert s.player(2)["stats"]["kc_visits"] == 1 and s.player(2)["stats"]["deliveries"] == 1
    fs = s.board()["foresight"]
    assert fs[2] == [ENGINEER, COWBOY]
    assert fs[1][0] == COWBOY and fs[1][1] >= 0
    # column 1 was set empty for the scenario (2 refills); column 2 emptied once; column 3 untouched
    assert s.board()["bag_sizes"] == [bags[0] - 2, bags[1] - 1, bags[2]]


def test_end_triggered_in_step_3():
    s = _end_game_state(2, last_row_filled=2)
    _enter_kc(s, 2, [[-1, -1], [COWBOY, BUILDER], [ENGINEER, COWBOY]])
    act(s, "foresight", A["FORESIGHT"])
    assert s.board()["end_triggered"] == 0
    assert s.board()["job_market"][11] == [BUILDER, BUILDER, COWBOY, -1]
    act(s, "foresight", A["FORESIGHT"])
    assert s.board()["end_triggered"] == 1 and s.board()["end_player"] == 2
    assert s.board()["job_market"][11] == [BUILDER, BUILDER, COWBOY, ENGINEER]
    assert s.player(2)["job_token"] == 1


def test_not_triggered_before_last_space():
    s = _end_game_state(2, last_row_filled=1)
    _enter_kc(s, 2, [[-1, -1], [COWBOY, BUILDER], [ENGINEER, COWBOY]])
    act(s, "foresight", A["FORESIGHT"])
    act(s, "foresight", A["FORESIGHT"])
    assert s.board()["end_triggered"] == 0
    assert s.board()["job_market"][11] == [BUILDER, COWBOY, ENGINEER, -1]
    assert s.board()["job_token_row"] == 11


def test_every_other_player_has_exactly_one_more_turn_in_order():
    # §2.4: the triggering player finishes the turn; each other player gets one more turn; then scoring
    s = _end_game_state(2)
    assert [s.player(i)["stats"]["turns"] for i in range(4)] == [2, 2, 2, 1]
    _trigger_in_step_2(s, 2)
    order = []
    while not s.is_terminal():
        seat = s.current_player()
        order.append(seat)
        assert len(order) <= 3
        _play_turn_simply(s, seat)
    assert order == [3, 0, 1]
    assert [s.player(i)["stats"]["turns"] for i in range(4)] == [3, 3, 2, 2]
    assert s.current_player() == -4
    sc = s.scores()
    assert [sc[i]["job_market_token"] for i in range(4)] == [0, 0, 2, 0]
    assert s.returns() == [sc[i]["total"] for i in range(4)]


def test_game_not_over_before_last_other_player_finishes():
    s = _end_game_state(2)
    _trigger_in_step_2(s, 2)
    _play_turn_simply(s, 3)
    _play_turn_simply(s, 0)
    assert not s.is_terminal() and s.current_player() == 1
    assert s.decision_name() == "before phase A"
    _play_turn_simply(s, 1)
    assert s.is_terminal()


@pytest.mark.parametrize("players", [2, 3])
def test_first_seat_triggers_others_follow(players):
    s = _end_game_state(0, players=players, seed=4)
    _trigger_in_step_2(s, 0)
    order = []
    while not s.is_terminal():
        order.append(s.current_player())
        assert len(order) <= players - 1
        _play_turn_simply(s, order[-1])
    assert order == list(range(1, players))
    assert [s.player(i)["stats"]["turns"] for i in range(players)] == [2] * players


def test_last_seat_triggers_others_follow():
    s = _end_game_state(3, seed=5)
    _trigger_in_step_2(s, 3)
    order = []
    while not s.is_terminal():
        order.append(s.current_player())
        assert len(order) <= 3
        _play_turn_simply(s, order[-1])
    assert order == [0, 1, 2]
    assert [s.player(i)["stats"]["turns"] for i in range(4)] == [3, 3, 3, 2]


def test_last_turns_no_worker_picks_in_kc():
    # §2.4: in the other players' last turns no worker tile may be chosen in steps 2 and 3
    s = _end_game_state(2)
    _trigger_in_step_2(s, 2)
    assert s.current_player() == 3
    clear_tiles(s)
    bags = s.board()["bag_sizes"]
    _enter_kc(s, 3, [[-1, -1], [COWBOY, FLOOD2], [BUILDER, ENGINEER]])
    # step 2 offers only the hazard (taken at once), step 3 only workers (skipped)
    assert s.decision_name() != "foresight"
    assert s.board()["tiles"] == {FLOOD_NODES[0]: FLOOD2}
    finish(s, "before phase A")
    assert s.current_player() == 0
    assert s.player(3)["stats"]["deliveries"] == 1
    fs = s.board()["foresight"]
    assert fs[1][0] == COWBOY and fs[1][1] >= 0                 # foresight still refilled
    assert fs[2] == [BUILDER, ENGINEER]
    # column 1 was set empty for the scenario (2 refills); column 2 emptied once; column 3 untouched
    assert s.board()["bag_sizes"] == [bags[0] - 2, bags[1] - 1, bags[2]]


def test_last_turns_foresight_choices_exclude_workers():
    s = _end_game_state(2)
    _trigger_in_step_2(s, 2)
    clear_tiles(s)
    _enter_kc(s, 3, [[FLOOD2, ORANGE], [DROUGHT3, BUILDER], [ENGINEER, GREEN]])
    assert s.legal_actions() == [A["FORESIGHT"], A["FORESIGHT"] + 1]   # step 1 unaffected
    act(s, "foresight", A["FORESIGHT"])
    assert s.decision_name() != "foresight"                     # steps 2 and 3: one choice each
    assert s.board()["tiles"] == {FLOOD_NODES[0]: FLOOD2, DROUGHT_NODES[0]: DROUGHT3, OUTLAW_NODES[0]: GREEN}
    assert s.board()["foresight"][1][1] == BUILDER and s.board()["foresight"][2][0] == ENGINEER


def test_job_token_holder_scores_2_vp():
    # §2.5 category 11
    s = new_state()
    s._poke_player(1, job_token=1)
    s._finish_scoring()
    assert [sc["job_market_token"] for sc in s.scores()] == [0, 2, 0, 0]


# ============================================================================ 6. Final scoring (§2.5)

def blank(players: int = 4, simmental: bool = False) -> GameState:
    """Every seat: $0 and no objective card, so each category starts at 0."""
    s = new_state(players, simmental)
    for seat in range(players):
        s._poke_player(seat, money=0, objectives=[0] * N_OBJ)
    return s


def score(s: GameState, seat: int = 0) -> dict:
    s._finish_scoring()
    sc = s.scores()[seat]
    assert sc["total"] == sum(v for k, v in sc.items() if k != "total")
    return sc


def test_blank_position_scores_zero():
    s = blank()
    assert all(v == 0 for v in score(s).values())


@pytest.mark.parametrize("money,vp", [(0, 0), (4, 0), (5, 1), (14, 2), (15, 3), (49, 9)])
def test_money_1_vp_per_full_5(money, vp):
    s = blank()
    s._poke_player(0, money=money)
    assert score(s)["money"] == vp


def test_private_building_vp():
    s = blank()
    s._set_node(NODE["A-1"], building=BUILDING["10a"], owner=0)
    s._set_node(NODE["B-1"], building=BUILDING["1a"], owner=0)
    s._set_node(NODE["C-1-1"], building=BUILDING["7a"], owner=1)
    assert score(s)["buildings"] == 13 + 1
    assert s.scores()[1]["buildings"] == 6


def test_cities_rulebook_example_philadelphia_and_arrow_without_toledo():
    # R-RU scoring example: 6 for Philadelphia + 4 Pittsburgh-Philadelphia; 8 missed without Toledo
    s = blank()
    s._poke_player(0, city_discs=[0, 0, 0, 0, 0, 1, 0, 1, 1, 0])
    assert score(s)["cities"] == 10


def test_cities_all_arrows_and_new_york():
    s = blank()
    s._poke_player(0, city_discs=[0, 1, 1, 1, 1, 1, 1, 1, 1, 3])
    # Fulton-St. Louis -3, Chicago-Toledo +6, Toledo-Pittsburgh +8, Pittsburgh-Philadelphia +4,
    # Philadelphia 6, New York 3 x 9
    assert score(s)["cities"] == -3 + 6 + 8 + 4 + 6 + 27


def test_cities_kansas_city_minus_6_per_disc_can_be_negative():
    s = blank()
    s._poke_player(0, city_discs=[3, 1, 0, 0, 0, 0, 0, 0, 0, 0])
    assert score(s)["cities"] == -18


def test_cities_new_york_9_per_disc():
    s = blank()
    s._poke_player(0, city_discs=[0] * 9 + [2])
    assert score(s)["cities"] == 18


def test_station_vp():
    # §2.5 category 4 / §10.2
    s = blank()
    st = [1, 0, 0, 0, 1, 0, 0, 0, 0, 1]
    s._poke_player(0, station_disc=st, station_done=st)
    assert score(s)["stations"] == 1 + 3 + 9


def test_hazard_vp():
    s = blank()
    hz = [0] * len(NAMES["tile"])
    hz[FLOOD2] = 1
    hz[FLOOD4] = 1
    hz[DROUGHT3] = 1
    hz[ROCKFALL3] = 2
    s._poke_player(0, hazards=hz)
    assert score(s)["hazards"] == 2 + 4 + 3 + 6


def test_cattle_vp_whole_deck():
    # §2.5 category 6: draw pile + hand + discard pile
    s = blank()
    s._set_cards(0, hand=[HERE7, CRIOLLO], draw=[SHORT5, CRIOLLO], discard=[CORRIENTE, obj_card(s, "AUX_NY")])
    assert score(s)["cattle"] == 7 + 5 + 3


def test_cattle_vp_simmental_and_value3():
    s = blank(simmental=True)
    s._set_cards(0, hand=[CALF], draw=[HEIFER, ANGUS], discard=[COW, LONGHORN])
    assert score(s)["cattle"] == 3 + 4 + 1 + 5 + 2


@pytest.mark.parametrize("workers,vp", [([1, 1, 1], 0), ([4, 4, 4], 0), ([5, 6, 4], 12), ([6, 6, 6], 24)])
def test_workers_on_space_5_or_6(workers, vp):
    s = blank()
    s._poke_player(0, workers=workers)
    assert score(s)["workers"] == vp


def test_step_right_disc_3_vp_only_that_space():
    s = blank()
    d = FULL_DISCS.copy()
    d[DISC["step_left"]] = 0
    d[DISC["hand_limit"]] = 0
    s._poke_player(0, discs=d)
    assert score(s)["step_disc"] == 0
    d[DISC["step_right"]] = 0
    s2 = blank()
    s2._poke_player(0, discs=d)
    assert score(s2)["step_disc"] == 3


def _with_buildings(s: GameState, n: int, seat: int = 0) -> None:
    spaces = ["A-1", "A-2", "A-3", "B-1", "B-2", "B-3"]
    for i in range(n):
        s._set_node(NODE[spaces[i]], building=BUILDING[f"{i + 1}a"], owner=seat)


def _with_hazards(s: GameState, n: int, seat: int = 0) -> None:
    hz = [0] * len(NAMES["tile"])
    hz[FLOOD2] = n
    s._poke_player(seat, hazards=hz)


def _area(*names) -> list:
    o = [0] * N_OBJ
    for n in names:
        o[OBJ[n]] += 1
    return o


@pytest.mark.parametrize("new_york_discs, vp", [(2, 18), (1, 10)])
def test_objectives_rulebook_example(new_york_discs, vp):
    # R-RU §15 example: start card B,B,H + B,orange,H,H card + two New York cards with 3 buildings,
    # 3 hazards, 1 orange outlaw, 2 New York discs -> 3 + 5 + 5 + 5 = 18; one New York disc short ->
    # one card unfulfilled (-3): 10 VP
    s = blank()
    s._poke_player(0, objectives=_area("START_BBH", "ENGINE3_BBLHH", "AUX_NY", "AUX_NY"),
                   section_tiles=[0, 1], city_discs=[0] * 9 + [new_york_discs])
    _with_buildings(s, 3)
    _with_hazards(s, 3)
    assert s._objective_search(0) == (vp, 4)          # all four cards in the search
    assert score(s)["objectives"] == vp


def test_objectives_each_item_fulfils_one_task_only():
    # §15.1 / §2.5 cat. 7: two B,B,H cards need 4 buildings and 2 hazards; with only enough for one,
    # the items go to the card with a penalty (DRAW_BBH 3 / -2) and the start card (no penalty) fails
    s = blank()
    s._poke_player(0, objectives=_area("START_BBH", "DRAW_BBH"))
    _with_buildings(s, 2)
    _with_hazards(s, 1)
    assert score(s)["objectives"] == 3 + 0
    s = blank()
    s._poke_player(0, objectives=_area("START_BBH", "DRAW_BBH"))
    _with_buildings(s, 3)
    _with_hazards(s, 1)
    assert score(s)["objectives"] == 3
    s = blank()
    s._poke_player(0, objectives=_area("START_BBH", "DRAW_BBH"))
    _with_buildings(s, 4)
    _with_hazards(s, 2)
    assert score(s)["objectives"] == 6


def test_objectives_best_assignment_not_greedy():
    # MOVE_BBHH (5/-2), START_BBH (3/0), DRAW_5H (3/-2) with 2 buildings, 2 hazards, 1 Hereford:
    # giving everything to the 5-VP card scores 5 + 0 - 2 = 3; the best plan scores 3 + 3 - 2 = 4
    s = blank()
    s._poke_player(0, objectives=_area("MOVE_BBHH", "START_BBH", "DRAW_5H"))
    s._set_cards(0, hand=[], draw=[HERE5], discard=[])
    _with_buildings(s, 2)
    _with_hazards(s, 2)
    assert score(s)["objectives"] == 4


def test_objectives_unfulfilled_area_cards_pay_penalty_starting_cards_none():
    s = blank()
    s._poke_player(0, objectives=_area("START_BBH", "AUX_NY", "GAIN2_SSH"))
    assert score(s)["objectives"] == 0 - 3 - 2


def test_objectives_cattle_tasks_count_deck():
    # value-3, Shorthorn, Hereford tasks count cards anywhere in the deck
    s = blank()
    s._poke_player(0, objectives=_area("ENGINE_345"))
    s._set_cards(0, hand=[LONGHORN], draw=[SHORT3], discard=[HERE7])
    assert score(s)["objectives"] == 5


def test_deck_objective_card_dropped_when_not_fulfilled():
    # §2.5 cat. 7: cards still in the deck may be dropped
    s = blank()
    s._set_cards(0, hand=[obj_card(s, "DRAW_BBH")], draw=[CRIOLLO], discard=[obj_card(s, "AUX_NY")])
    assert s._objective_search(0) == (0, 0)
    assert score(s)["objectives"] == 0


def test_deck_objective_card_committed_when_fulfilled():
    s = blank()
    s._set_cards(0, hand=[], draw=[obj_card(s, "DRAW_BBH")], discard=[obj_card(s, "AUX_NY")])
    _with_buildings(s, 2)
    _with_hazards(s, 1)
    assert s._objective_search(0) == (3, 1)
    assert score(s)["objectives"] == 3


def test_deck_objective_committed_unfulfilled_when_sm1_makes_it_worth_it():
    # SM1: 3 VP per 2 cards in the area; committing a -2 card for the second card gains 3
    s = blank()
    s._poke_player(0, objectives=_area("START_BBH"), sm_held=[1])
    s._set_cards(0, hand=[], draw=[obj_card(s, "DRAW_BBH")], discard=[])
    assert s._objective_search(0) == (-2, 2)
    sc = score(s)
    assert sc["objectives"] == -2 and sc["station_masters"] == 3


def test_deck_objective_not_committed_unfulfilled_without_sm1():
    s = blank()
    s._poke_player(0, objectives=_area("START_BBH"))
    s._set_cards(0, hand=[], draw=[obj_card(s, "DRAW_BBH")], discard=[])
    assert s._objective_search(0) == (0, 1)


def test_deck_objective_not_committed_when_sm1_gains_nothing():
    # area already 2 cards: a third card does not reach the next pair
    s = blank()
    s._poke_player(0, objectives=_area("START_BBH", "START_SSG"), sm_held=[1])
    s._set_cards(0, hand=[], draw=[obj_card(s, "DRAW_BBH")], discard=[])
    assert s._objective_search(0) == (0, 2)
    sc = score(s)
    assert sc["objectives"] == 0 and sc["station_masters"] == 3


def _sm(name: str) -> list:
    h = [0] * len(NAMES["station_master"])
    h[SM[name]] = 1
    return h


def test_sm1_objective_cards_in_area():
    s = blank()
    s._poke_player(0, sm_held=_sm("SM1"), objectives=_area("START_BBH", "START_SSG", "AUX_NY"))
    assert score(s)["station_masters"] == 3
    s = blank()
    s._poke_player(0, sm_held=_sm("SM1"), objectives=_area("START_BBH", "START_SSG", "AUX_NY", "AUX_NY"))
    assert score(s)["station_masters"] == 6


def test_sm2_certificates_total():
    # 3 VP per 2 certificates, temporary + permanent
    s = blank()
    s._poke_player(0, sm_held=_sm("SM2"), cert=4, perm_certs=1)
    assert score(s)["station_masters"] == 6
    s = blank()
    s._poke_player(0, sm_held=_sm("SM2"), cert=3, perm_certs=0)
    assert score(s)["station_masters"] == 3


def test_sm3_outlaw_pairs():
    s = blank()
    s._poke_player(0, sm_held=_sm("SM3"), section_tiles=[2, 3])
    assert score(s)["station_masters"] == 6
    s = blank()
    s._poke_player(0, sm_held=_sm("SM3"), section_tiles=[4, 0])
    assert score(s)["station_masters"] == 0


def test_sm4_hazards_held():
    s = blank()
    s._poke_player(0, sm_held=_sm("SM4"))
    _with_hazards(s, 5)
    assert score(s)["station_masters"] == 6


def test_sm5_workers_on_board_incl_printed():
    s = blank()
    s._poke_player(0, sm_held=_sm("SM5"), workers=[2, 3, 1])
    assert score(s)["station_masters"] == 6


def test_sm6_stations_with_disc():
    s = blank()
    st = [1, 1, 0, 1, 0, 0, 0, 0, 0, 0]
    s._poke_player(0, sm_held=_sm("SM6"), station_disc=st, station_done=st)
    assert score(s)["station_masters"] == 3
    st = [1, 1, 0, 1, 1, 0, 0, 0, 0, 0]
    s = blank()
    s._poke_player(0, sm_held=_sm("SM6"), station_disc=st, station_done=st)
    assert score(s)["station_masters"] == 6


def test_sm7_own_buildings():
    s = blank()
    s._poke_player(0, sm_held=_sm("SM7"))
    _with_buildings(s, 3)
    s._set_node(NODE["C-1-1"], building=BUILDING["7a"], owner=1)       # another player's building
    assert score(s)["station_masters"] == 6


@pytest.mark.parametrize("name", ["SM8", "SM9"])
def test_sm8_sm9_no_scoring(name):
    s = blank()
    s._poke_player(0, sm_held=_sm(name), cert=3, perm_certs=2, workers=[3, 3, 3])
    assert score(s)["station_masters"] == 0


def test_station_masters_add_up():
    s = blank()
    held = [0] * 9
    for n in ("SM2", "SM3", "SM5"):
        held[SM[n]] = 1
    s._poke_player(0, sm_held=held, cert=2, perm_certs=2, section_tiles=[1, 1], workers=[1, 2, 1])
    assert score(s)["station_masters"] == 6 + 3 + 4


def test_full_scoring_sheet():
    s = blank()
    s._poke_player(0, money=23, city_discs=[1, 0, 0, 0, 0, 0, 0, 0, 0, 1], workers=[5, 1, 1], job_token=1,
                   objectives=_area("START_BBH"))
    _with_buildings(s, 2)
    _with_hazards(s, 1)
    s._set_cards(0, hand=[HERE5], draw=[], discard=[])
    d = FULL_DISCS.copy()
    d[DISC["step_right"]] = 0
    s._poke_player(0, discs=d)
    sc = score(s)
    assert sc == {"money": 4, "buildings": 2, "cities": 3, "stations": 0, "hazards": 2, "cattle": 5,
                  "objectives": 3, "station_masters": 0, "workers": 4, "step_disc": 3, "job_market_token": 2,
                  "total": 28}
    assert s.returns()[0] == 28


def test_ties_are_shared():
    # §2.5: highest total wins; ties are shared
    s = blank(3)
    s._poke_player(0, money=10)
    s._poke_player(2, money=14)
    s._finish_scoring()
    assert s.returns() == [2, 0, 2]
    assert s.winners() == [0, 2]


def test_single_winner():
    s = blank(2)
    s._poke_player(1, money=5)
    s._finish_scoring()
    assert s.winners() == [1]


# ============================================================================ 7. Full random games

@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [11, 12, 13, 14])
def test_random_game_with_simmental_finishes_with_invariants(players, seed):
    h = RulesHandle(compile_tables(variant=Variant(players=players, simmental=True, sides="random",
                                                   neutral_layout="random", station_masters="random")))
    s = ScenarioState(h, seed=seed, debug=True)
    policies = [RandomPolicy() for _ in range(players)]
    for seat, pol in enumerate(policies):
        pol.reset(seed, seat)
    play_state(s, policies)
    assert s.is_terminal() and s.current_player() == -4
    assert s._invariants() == []
    b = s.board()
    assert b["end_triggered"] == 1 and b["job_token_row"] == 12
    end = b["end_player"]
    assert [s.player(i)["job_token"] for i in range(players)] == [int(i == end) for i in range(players)]
    # the trigger ends that player's game; every other seat had exactly one more turn
    turns = [s.player(i)["stats"]["turns"] for i in range(players)]
    k = turns[end]
    assert turns == [k + 1 if i < end else k for i in range(players)]
    sc = s.scores()
    for i in range(players):
        assert sc[i]["total"] == sum(v for c, v in sc[i].items() if c != "total")
        assert sc[i]["job_market_token"] == (2 if i == end else 0)
    assert s.returns() == [sc[i]["total"] for i in range(players)]
    assert s.winners() == [i for i in range(players) if s.returns()[i] == max(s.returns())]
    with pytest.raises(IllegalActionError):
        s.apply_action(0)
