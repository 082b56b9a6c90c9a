"""Scenario tests of the solo mode: Sam's setup, steps, route, card actions with their tie-breaks,
Kansas City, the end of the game and his scoring — the cases of docs/solo_engine.md §14 (numbered
in the test names), each with the outcome the solo rules (seed 003) and the note's readings give.

Positions are built with the scenario hooks (`_poke_player`, `_set_node`, `_set_job`, ... and
`_poke_sam`, `_sam_turn`, `_sam_verb`, `_sam_kansas_city`, `_sam_route`, `_sam_steps`). Edits go
around the rules, so these states run with debug=False; the random games in test_solo_games.py run
every invariant.
"""

from __future__ import annotations

import functools

import pytest

from gwt_sim.engine.game import SAM_OPS, GameState, RulesHandle
from gwt_sim.engine.scenario import ScenarioState
from gwt_sim.tables import compile_tables
from gwt_sim.variant import Variant

SMS = ("SM1", "SM2", "SM3", "SM4", "SM5")
HUMAN, SAM = 0, 1
COWBOY_T, BUILDER_T, ENGINEER_T = 0, 1, 2          # worker types


@functools.cache
def handle(difficulty: str = "medium", first: str | None = None, patch: str | None = None,
           simmental: bool = False) -> RulesHandle:
    variant = Variant(players=1, solo_difficulty=difficulty, solo_first_delivery=first, sides="a",
                      station_masters=SMS, simmental=simmental, patches=(patch,) if patch else ())
    return RulesHandle(compile_tables(variant=variant))


def new_state(seed: int = 1, **kw) -> ScenarioState:
    return ScenarioState(handle(**kw), seed=seed)


NAMES = handle().names
T = handle().tables
NODE = {x: i for i, x in enumerate(NAMES["node"])}
CARD = {x: i for i, x in enumerate(NAMES["card"])}
TILE = {x: i for i, x in enumerate(NAMES["tile"])}
CITY = {x: i for i, x in enumerate(NAMES["city"])}
OBJ = {x: i for i, x in enumerate(NAMES["objective"])}
BUILDING = {x: i for i, x in enumerate(NAMES["building"])}
RAIL = {x: i for i, x in enumerate(NAMES["rail_position"])}
STATION_OF = {RAIL[p]: k for k, p in enumerate(("4.5", "7.5", "10.5", "13.5", "16.5", "21.5", "25.5", "29.5",
                                                  "33.5", "39"))}
KC, START = NODE["KC"], NODE["START"]
ANGUS, LONGHORN, CORRIENTE = CARD["black_angus"], CARD["longhorn"], CARD["corriente"]
SHORT3, SHORT5 = CARD["shorthorn (3 VP)"], CARD["shorthorn (5 VP)"]
HERE6 = CARD["hereford (6 VP)"]
CALF = CARD["simmental_calf"]
W_TILE = {COWBOY_T: TILE["cowboy"], BUILDER_T: TILE["builder"], ENGINEER_T: TILE["engineer"]}
FLOOD = {vp: TILE[f"flood hazard ({vp} VP, green hand)"] for vp in (2, 3, 4)}
DROUGHT = {vp: TILE[f"drought hazard ({vp} VP, green hand)"] for vp in (2, 3, 4)}
ROCKFALL = {vp: TILE[f"rockfall hazard ({vp} VP, green hand)"] for vp in (2, 3, 4)}
GREEN_OUTLAW, ORANGE_OUTLAW = TILE["green outlaw"], TILE["orange outlaw"]
N_CARD_TYPES = len(NAMES["card"])
ROW_COST = [int(x) for x in T.job_row_cost]
NODE_KIND = [int(x) for x in T.node_kind]          # 2 private, 3 hazard, 4 outlaw


def events(s: GameState) -> list[tuple[str, int, int]]:
    return s.sam_last_turn()["events"]


def kinds(evs) -> list[str]:
    return [e[0] for e in evs]


def blank(s: ScenarioState) -> None:
    """No tiles on hazard / outlaw spaces, no private buildings, all private tiles in supply."""
    for node, kind in enumerate(NODE_KIND):
        if kind in (3, 4):
            s._set_node(node, tile=-1)
        elif kind == 2:
            s._set_node(node, building=-1)
    for seat in (HUMAN, SAM):
        s._poke_player(seat, tiles=[0] * 12, tile_node=[-1] * 12)


def place_sam_tiles(s: ScenarioState, on_board: dict[int, str], out: tuple[int, ...] = ()) -> None:
    """Sam's tiles: `on_board` number -> node, `out` out of the game, the rest in supply."""
    tiles, where = [0] * 12, [-1] * 12
    for number, node in on_board.items():
        s._set_node(NODE[node], building=BUILDING[f"{number}b"], owner=SAM)
        tiles[number - 1], where[number - 1] = 1, NODE[node]
    for number in out:
        tiles[number - 1] = 2
    s._poke_player(SAM, tiles=tiles, tile_node=where)


def clear_job_market(s: ScenarioState, token_row: int = 4) -> None:
    for row in range(12):
        for col in range(4):
            s._set_job(row, col, -1)
    s._set_job_token(token_row, 0)


def sam(s: GameState) -> dict:
    return s.player(SAM)


# --------------------------------------------------------------------------- setup (1-4)


def test_01_medium_setup():
    s = new_state(seed=5)
    p, human, info = sam(s), s.player(HUMAN), s.sam()
    workers = p["workers"]
    assert sorted(workers) == [1, 1, 2]
    assert workers[info["specialisation"]] == 2
    assert info["deck_size"] == 15 and info["discard"] == [] and info["discs"] == 14
    assert p["tiles"] == [0] * 12 and NAMES["node"][p["herder"]] == "START" and p["engine"] == 0
    assert p["money"] == 0 and p["exchange_tokens"] == 0 and p["hand_size"] == 0 and p["draw_size"] == 0
    assert info["face_down_objectives"] == 1 and sum(p["objectives"]) == 0   # face down: type hidden
    assert human["money"] == 6 and human["exchange_tokens"] == 1 and s.current_player() == HUMAN
    assert len(s.hand(HUMAN)) == 4
    # bag 2 held 33 tiles; Sam took 1, the job market 3 (2 players), the foresight draws bag 2 too
    market = [w for row in s.board()["job_market"] for w in row if w >= 0]
    assert len(market) == 3
    assert s.decision_seats() == [HUMAN] and s.sam_seat == SAM and s.solo


def test_02_hard_setup():
    for seed in range(1, 6):
        s = new_state(seed=seed, difficulty="hard")
        workers, spec = sam(s)["workers"], s.sam()["specialisation"]
        assert sorted(workers) == [2, 2, 3]
        assert workers[spec] == 3
        # 3 extra workers and 1 random tile left bag 2, besides what the job market and foresight took
        medium = new_state(seed=seed)
        assert sum(s.board()["bag_sizes"]) == sum(medium.board()["bag_sizes"]) - 3


def test_03_easy_deck_is_medium_deck_without_13_to_15():
    for seed in range(1, 6):
        easy = new_state(seed=seed, difficulty="easy")
        medium = new_state(seed=seed)
        order_easy = easy_order = _deck_order(easy)
        order_medium = _deck_order(medium)
        assert len(easy_order) == 12
        assert order_easy == [c for c in order_medium if c not in (13, 14, 15)]


def _deck_order(s: ScenarioState) -> list[int]:
    """Sam's deck from the top, read by playing his turns on a copy."""
    c = s.clone()
    return [c._sam_turn()["card"] for _ in range(c.sam()["deck_size"])]


def test_04_same_seed_same_game():
    from gwt_sim.engine.policy import RandomPolicy
    from gwt_sim.game import play

    a, actions_a = play(handle(), [RandomPolicy()], 9)
    b, actions_b = play(handle(), [RandomPolicy()], 9)
    assert a == b and actions_a == actions_b


# --------------------------------------------------------------------------- steps (5-7)


def test_05_fixed_steps_from_start():
    s = new_state()
    blank(s)
    turn = s._sam_turn(3)                    # card #3: 2 steps
    assert turn["steps"] == 2
    assert [NAMES["node"][n] for n in turn["walk"]] == ["A", "B"]   # empty spaces are passed freely


def test_06_specialisation_icon_counts_his_specialisation_workers():
    s = new_state()
    s._poke_sam(specialisation=COWBOY_T)
    s._poke_player(SAM, workers=[4, 1, 1])
    assert s._sam_steps(13) == 4                       # the rules' example
    s._poke_player(SAM, workers=[6, 1, 1])
    assert s._sam_steps(13) == 5                       # at most 5
    s._poke_sam(specialisation=ENGINEER_T)
    assert s._sam_steps(15) == 1


def test_07_most_buildings_icon():
    s = new_state()
    blank(s)
    assert s._sam_steps(10) == 1                       # nobody has built: 1
    for i, node in enumerate(["A-1", "A-2", "A-3"]):
        s._set_node(NODE[node], building=BUILDING[f"{i + 1}a"], owner=HUMAN)
    place_sam_tiles(s, {1: "B-1"})
    assert s._sam_steps(11) == 3
    for i, node in enumerate(["B-2", "B-3", "C-1-1", "C-1-2"]):
        s._set_node(NODE[node], building=BUILDING[f"{i + 4}a"], owner=HUMAN)
    assert s._sam_steps(12) == 5                       # the human's 7: at most 5
    blank(s)
    s._set_node(NODE["A-1"], building=BUILDING["1a"], owner=HUMAN)
    s._set_node(NODE["A-2"], building=BUILDING["2a"], owner=HUMAN)
    place_sam_tiles(s, {1: "B-1", 2: "B-2", 3: "B-3", 4: "C-1-1"})
    assert s._sam_steps(10) == 4                       # Sam's 4 count
    t = new_state(patch='[solo.options]\nmost_buildings_counts_sam = false')
    blank(t)
    t._set_node(NODE["A-1"], building=BUILDING["1a"], owner=HUMAN)
    t._set_node(NODE["A-2"], building=BUILDING["2a"], owner=HUMAN)
    place_sam_tiles(t, {1: "B-1", 2: "B-2", 3: "B-3", 4: "C-1-1"})
    assert t._sam_steps(10) == 2


# --------------------------------------------------------------------------- route (8-12)


def _walk(s: ScenarioState, steps: int) -> list[str]:
    return [NAMES["node"][n] for n in s._sam_route(steps)]


def test_08_shortest_beats_cheaper():
    for route, expected, paid in (("shortest_to_kansas_city", ["D-1", "E"], 2),
                                  ("most_steps", ["OUTLAW-RISK-1", "OUTLAW-RISK-2"], 0)):
        s = new_state(patch=f'[solo.options]\nroute = "{route}"')
        blank(s)
        s._set_node(NODE["D-1"], building=BUILDING["1a"], owner=HUMAN)        # green hand
        place_sam_tiles(s, {2: "OUTLAW-RISK-1", 3: "OUTLAW-RISK-2"})
        s._poke_player(SAM, herder=NODE["D"])
        money = s.player(HUMAN)["money"]
        assert _walk(s, 2) == expected
        s._sam_turn(3)                                                          # card #3: 2 steps
        assert [NAMES["node"][n] for n in s.sam_last_turn()["walk"]] == expected
        assert s.player(HUMAN)["money"] == money + paid
        assert s.player(HUMAN)["stats"]["fees_received"] == paid and sam(s)["money"] == 0


def test_09_kansas_city_ends_the_walk_early():
    for route, expected, paid in (("shortest_to_kansas_city", ["F-1", "G", "KC"], 0),
                                  ("most_steps", ["F-1", "G", "G-2", "KC"], 2)):
        s = new_state(patch=f'[solo.options]\nroute = "{route}"')
        blank(s)
        place_sam_tiles(s, {1: "F-1", 2: "F-2"})
        s._set_node(NODE["G-2"], building=BUILDING["4a"], owner=HUMAN)         # black hand
        s._poke_player(SAM, herder=NODE["F"], workers=[4, 1, 1])
        s._poke_sam(specialisation=COWBOY_T)
        money = s.player(HUMAN)["money"]
        assert _walk(s, 4) == expected
        s._sam_turn(13)                                                         # 4 cowboys: 4 steps
        assert _walk_of(s) == expected
        assert s.player(HUMAN)["money"] == money + paid
        assert NAMES["node"][s.player(SAM)["herder"]] == "START"               # Kansas City done


def test_10_equal_fees_the_one_paying_the_human_least():
    s = new_state()
    blank(s)
    s._set_node(NODE["E-1"], building=BUILDING["1a"], owner=HUMAN)            # green: $2 to the human
    s._set_node(NODE["ROCKFALL-1"], tile=ROCKFALL[2])                          # green: $2, to nobody
    s._poke_player(SAM, herder=NODE["E"])
    money = s.player(HUMAN)["money"]
    assert _walk(s, 1) == ["ROCKFALL-1"]
    s._sam_turn(1)
    assert s.player(HUMAN)["money"] == money


def test_11_last_tie_first_listed_branch():
    s = new_state()
    blank(s)
    place_sam_tiles(s, {1: "E-1", 2: "ROCKFALL-RISK-1"})
    s._poke_player(SAM, herder=NODE["E"])
    assert _walk(s, 1) == ["E-1"]


def test_12_fees_of_a_both_hands_building_and_of_hazards():
    s = new_state()
    blank(s)
    s._set_node(NODE["F-1"], building=BUILDING["7a"], owner=HUMAN)            # both hands: $4 at 2 players
    s._set_node(NODE["F-2"], building=BUILDING["8a"], owner=HUMAN)            # green: $2 ...
    s._poke_player(SAM, herder=NODE["F"])
    human = s.player(HUMAN)["money"]
    assert _walk(s, 1) == ["F-2"]                                              # ... is cheaper
    s._set_node(NODE["F-1"], building=BUILDING["7a"], owner=HUMAN)
    s._set_node(NODE["F-2"], building=BUILDING["7b"], owner=HUMAN)            # both hands too: first listed
    s._sam_turn(1)
    assert _walk_of(s) == ["F-1"]
    assert s.player(HUMAN)["money"] == human + 4 and s.sam()["fees_to_human"] == 4
    assert sam(s)["stats"]["fees_paid"] == 4 and sam(s)["money"] == 0
    # a hazard and his own building passed: no money moves
    t = new_state()
    blank(t)
    t._set_node(NODE["FLOOD-1"], tile=FLOOD[2])
    place_sam_tiles(t, {1: "A-1"})
    before = t.player(HUMAN)["money"]
    t._poke_player(SAM, herder=NODE["A"])
    t._sam_turn(3)                                                             # 2 steps
    assert t.player(HUMAN)["money"] == before and sam(t)["money"] == 0


def _walk_of(s: GameState) -> list[str]:
    return [NAMES["node"][n] for n in s.sam_last_turn()["walk"]]


# --------------------------------------------------------------------------- hiring (13-19)


def hire(s: ScenarioState, prefer: str) -> list:
    return s._sam_verb(SAM_OPS["hire"], 0 if prefer == "cheapest" else 1)


def test_13_hire_cheapest_ties_go_to_his_specialisation_then_left():
    s = new_state()
    clear_job_market(s)
    s._set_job(3, 0, ENGINEER_T)
    s._set_job(3, 1, COWBOY_T)
    assert ROW_COST[3] == 5 and ROW_COST[0] == ROW_COST[1] == 6
    for spec, expected in ((COWBOY_T, (COWBOY_T, 3 * 4 + 1)), (BUILDER_T, (ENGINEER_T, 3 * 4 + 0))):
        t = s.clone()
        t._poke_sam(specialisation=spec)
        t._poke_player(SAM, workers=[1, 1, 1])
        assert hire(t, "cheapest")[0] == ("hire", *expected)
    s = new_state()
    clear_job_market(s)
    s._set_job(0, 0, BUILDER_T)
    s._set_job(0, 1, BUILDER_T)
    s._set_job(1, 0, COWBOY_T)
    s._set_job(1, 1, ENGINEER_T)
    for spec, expected in ((ENGINEER_T, (ENGINEER_T, 4 + 1)), (COWBOY_T, (COWBOY_T, 4 + 0))):
        t = s.clone()
        t._poke_sam(specialisation=spec)
        t._poke_player(SAM, workers=[1, 1, 1])
        assert hire(t, "cheapest")[0] == ("hire", *expected)


def test_14_hire_specialisation_cheapest_then_top_left():
    for option, expected_row in (("cheapest_then_top_left", 3), ("top_left", 0)):
        s = new_state(patch=f'[solo.options]\nhire_same_type = "{option}"')
        clear_job_market(s)
        s._set_job(0, 0, ENGINEER_T)          # $6
        s._set_job(3, 1, ENGINEER_T)          # $5
        s._poke_sam(specialisation=ENGINEER_T)
        ev = hire(s, "specialisation")[0]
        assert ev[:2] == ("hire", ENGINEER_T) and ev[2] // 4 == expected_row


def test_15_hire_specialisation_fallbacks():
    s = new_state()
    clear_job_market(s)
    s._poke_sam(specialisation=COWBOY_T)
    s._poke_player(SAM, workers=[3, 2, 1])
    s._set_job(0, 0, ENGINEER_T)
    s._set_job(1, 0, BUILDER_T)
    assert hire(s.clone(), "specialisation")[0][1] == BUILDER_T       # no cowboy: the next most numerous type
    s._set_job(1, 0, -1)
    assert hire(s.clone(), "specialisation")[0][1] == ENGINEER_T      # no builder either: the third type
    # builders 2 = engineers 2, no cowboy: the cheapest of builders and engineers
    s._poke_player(SAM, workers=[3, 2, 2])
    s._set_job(0, 0, ENGINEER_T)      # $6
    s._set_job(3, 0, BUILDER_T)       # $5
    assert hire(s.clone(), "specialisation")[0][1:] == (BUILDER_T, 3 * 4)
    s._set_job(2, 1, ENGINEER_T)      # $7
    s._set_job(3, 0, -1)
    assert hire(s.clone(), "specialisation")[0][1:] == (ENGINEER_T, 0)


def test_16_full_row():
    s = new_state()
    clear_job_market(s)
    s._poke_sam(specialisation=COWBOY_T)
    s._poke_player(SAM, workers=[6, 1, 2])
    s._set_job(3, 0, COWBOY_T)        # $5, but his cowboy row is full
    s._set_job(0, 0, BUILDER_T)       # $6
    s._set_job(0, 1, ENGINEER_T)      # $6
    assert hire(s.clone(), "specialisation")[0][1] == ENGINEER_T      # engineers 2 > builders 1
    assert hire(s.clone(), "cheapest")[0][1:] == (BUILDER_T, 0)        # cowboys skipped; $6 tie: left


def test_17_never_from_the_token_row():
    s = new_state()
    clear_job_market(s, token_row=2)
    s._set_job(2, 0, COWBOY_T)
    assert hire(s, "cheapest") == [("nothing", SAM_OPS["hire"], 0)]
    assert s.player(SAM)["stats"]["workers_hired"] == 0


def test_18_specialisation_changes_only_on_strictly_more():
    s = new_state()
    clear_job_market(s)
    s._set_job(0, 0, BUILDER_T)
    t = s.clone()
    t._poke_sam(specialisation=COWBOY_T)
    t._poke_player(SAM, workers=[2, 2, 1])
    assert kinds(hire(t, "cheapest")) == ["hire", "specialisation"]
    assert t.sam()["specialisation"] == BUILDER_T
    t = s.clone()
    t._poke_sam(specialisation=COWBOY_T)
    t._poke_player(SAM, workers=[3, 2, 1])
    assert kinds(hire(t, "cheapest")) == ["hire"]
    assert t.sam()["specialisation"] == COWBOY_T and t.player(SAM)["workers"] == [3, 3, 1]


def test_19_no_worker_space_actions_and_no_money():
    s = new_state()
    clear_job_market(s)
    s._set_job(0, 0, COWBOY_T)
    s._poke_sam(specialisation=COWBOY_T)
    s._poke_player(SAM, workers=[3, 1, 1])
    s._set_node(NODE["FLOOD-1"], tile=FLOOD[2])
    hire(s, "specialisation")
    assert s.player(SAM)["workers"][0] == 4 and s.player(SAM)["money"] == 0
    assert s.player(SAM)["hazards"] == [0] * len(NAMES["tile"])        # no free hazard removal
    assert s.decision_name() == "first-turn placement"                 # nothing was offered to anybody


# --------------------------------------------------------------------------- cattle (20-26)


def market(s: ScenarioState, cards: dict[int, int], deck: list[int] | None = None) -> None:
    counts = [0] * N_CARD_TYPES
    for t, n in cards.items():
        counts[t] = n
    s._set_market(counts, deck)


def bought(evs) -> list[int]:
    return sorted(e[2] for e in evs if e[0] == "buy")


def test_20_the_rules_example_card_13():
    s = new_state()
    s._poke_sam(specialisation=COWBOY_T)
    s._poke_player(SAM, workers=[4, 1, 1])
    market(s, {CORRIENTE: 2, LONGHORN: 1, SHORT3 + 1: 1}, deck=[SHORT3, SHORT3, LONGHORN, ANGUS])
    s._poke_player(SAM, herder=NODE["START"])
    turn = s._sam_turn(13)
    assert turn["steps"] == 4
    evs = turn["events"]
    assert evs[0] == ("reveal", 2, 1)                                   # two free market cards first
    assert bought(evs) == [CORRIENTE, CORRIENTE]
    buys = [e for e in evs if e[0] == "buy"]
    assert {NAMES_OPTION[e[1]] for e in buys} == {"value3_pair_3_cowboys"}  # 3 cowboys and $5, not 2 x (2, $3)
    assert evs[-1] == ("reveal", 2, 0)                                  # the 4th cowboy adds 2 cards
    assert s.player(SAM)["discard"] == [CORRIENTE, CORRIENTE]
    assert s.player(SAM)["money"] == 0


NAMES_OPTION = NAMES["buy_option"]


def test_21_equal_vp_the_best_single_card():
    s = new_state()
    s._poke_player(SAM, workers=[4, 1, 1])
    market(s, {HERE6: 1, CORRIENTE: 2}, deck=[])
    evs = s._sam_verb(SAM_OPS["buy_cattle"], 8)
    assert bought(evs) == [HERE6]


def test_22_most_vp():
    s = new_state()
    s._poke_player(SAM, workers=[5, 1, 1])
    market(s, {CORRIENTE: 3, SHORT5: 2}, deck=[])
    evs = s._sam_verb(SAM_OPS["buy_cattle"], 8)
    assert bought(evs) == [SHORT5, SHORT5]


def test_23_reveal_until_something_can_be_bought():
    s = new_state()
    s._poke_player(SAM, workers=[2, 1, 1])
    market(s, {SHORT3: 2, HERE6: 2}, deck=[SHORT3, LONGHORN])          # top of the stack last
    evs = s._sam_verb(SAM_OPS["buy_cattle"], 8)
    assert evs[0] == ("reveal", 2, 0)
    assert bought(evs) == [LONGHORN]
    assert [NAMES_OPTION[e[1]] for e in evs if e[0] == "buy"] == ["value3_1_cowboy"]
    s = new_state()
    s._poke_player(SAM, workers=[1, 1, 1])
    market(s, {SHORT3: 2, HERE6: 2}, deck=[SHORT3, LONGHORN])
    evs = s._sam_verb(SAM_OPS["buy_cattle"], 8)
    assert evs == [("reveal", 2, 0), ("nothing", SAM_OPS["buy_cattle"], 0)]


def test_24_empty_stack_nothing_buyable():
    s = new_state()
    s._poke_player(SAM, workers=[3, 1, 1])
    market(s, {HERE6: 2}, deck=[])
    evs = s._sam_verb(SAM_OPS["buy_cattle"], 8)
    assert bought(evs) == [] and all(e[1] == 0 for e in evs if e[0] == "reveal")
    assert s.board()["market"][HERE6] == 2


def test_25_simmental_calves_never_bought():
    s = new_state(simmental=True)
    s._poke_player(SAM, workers=[2, 1, 1])
    market(s, {CALF: 3}, deck=[])
    assert bought(s._sam_verb(SAM_OPS["buy_cattle"], 8)) == []
    assert s._sam_verb(SAM_OPS["take_market_card"], 3)[0][0] == "nothing"


def test_26_card_13_without_cowboy_specialisation():
    s = new_state()
    s._poke_sam(specialisation=BUILDER_T)
    market(s, {ANGUS: 1, LONGHORN: 1}, deck=[SHORT3, SHORT3])
    evs = s._sam_turn(13)["events"]
    assert evs == [("take_card", LONGHORN, 0)]
    assert s.board()["market_deck_size"] == 2
    s = new_state()
    s._poke_sam(specialisation=ENGINEER_T)
    market(s, {SHORT3: 1}, deck=[])
    assert s._sam_turn(13)["events"] == [("nothing", SAM_OPS["take_market_card"], 0)]


# --------------------------------------------------------------------------- buildings (27-33)


def place(s: ScenarioState, max_builders: int = 0) -> list:
    return s._sam_verb(SAM_OPS["place_building"], max_builders)


def test_27_new_building_most_builders_then_a_hand():
    s = new_state()
    blank(s)
    s._poke_player(HUMAN, herder=NODE["B"])
    s._poke_player(SAM, workers=[1, 2, 1])
    assert place(s) == [("build", 4, NODE["B-1"])]


@pytest.mark.parametrize(("builders", "number"), [(3, 5), (5, 7), (6, 8), (8, 10)])
def test_28_new_building_ties(builders, number):
    s = new_state()
    blank(s)
    s._poke_player(HUMAN, herder=NODE["B"])
    s._poke_player(SAM, workers=[1, builders, 1])
    assert place(s)[0][:2] == ("build", number)


def test_29_space_search():
    s = new_state()
    blank(s)
    s._poke_player(SAM, workers=[1, 1, 1])
    s._poke_player(HUMAN, herder=NODE["A"])
    assert place(s.clone())[0][2] == NODE["A-1"]
    s._set_node(NODE["A-1"], building=BUILDING["1a"], owner=HUMAN)
    assert place(s.clone())[0][2] == NODE["A-2"]                       # FLOOD-1 is a hazard space
    s._poke_player(HUMAN, herder=NODE["FLOOD-4"])
    assert place(s.clone())[0][2] == NODE["B-1"]                       # FLOOD-RISK-1/2 have risk actions
    s._poke_player(HUMAN, herder=NODE["G"])
    s._set_node(NODE["G-1"], building=BUILDING["2a"], owner=HUMAN)
    s._set_node(NODE["G-2"], building=BUILDING["3a"], owner=HUMAN)
    assert place(s.clone())[0][2] == NODE["A-2"]                       # from the start of the trail


def test_30_replacement_by_most_builders_used():
    s = new_state()
    blank(s)
    s._poke_player(HUMAN, herder=NODE["B"])
    s._poke_player(SAM, workers=[1, 3, 1])
    place_sam_tiles(s, {1: "A-1", 2: "A-2", 3: "A-3", 4: "B-1", 5: "B-2", 12: "B-3"})
    assert place(s) == [("replace", 8, 5)]
    p = s.player(SAM)
    assert p["tiles"][4] == 2 and p["tiles"][7] == 1
    assert s.board()["buildings"][NODE["B-2"]] == (BUILDING["8b"], SAM)


def test_31_replacement_keeps_or_gains_a_hand():
    s = new_state()
    blank(s)
    s._poke_player(HUMAN, herder=NODE["B"])
    s._poke_player(SAM, workers=[1, 4, 1])
    place_sam_tiles(s, {1: "A-1", 2: "A-2"}, out=(3, 4, 5, 6, 8, 9, 10, 12))
    assert place(s) == [("replace", 7, 2)]


def test_32_card_14_without_builder_specialisation():
    s = new_state()
    blank(s)
    s._poke_player(HUMAN, herder=NODE["B"])
    s._poke_sam(specialisation=COWBOY_T)
    s._poke_player(SAM, workers=[2, 3, 1])
    place_sam_tiles(s, {}, out=(3, 4, 5, 6, 7, 8, 9, 10, 11, 12))
    assert s._sam_turn(14)["events"][0][:2] == ("build", 1)            # 1 builder: 1b has a hand
    s = new_state()
    blank(s)
    s._poke_player(HUMAN, herder=NODE["B"])
    s._poke_sam(specialisation=COWBOY_T)
    s._poke_player(SAM, workers=[2, 3, 1])
    place_sam_tiles(s, {1: "A-1", 2: "A-2"}, out=(5, 6, 7, 8, 9, 10, 11, 12))
    assert s._sam_turn(14)["events"] == [("replace", 4, 2)]


def test_33_nothing_to_place_and_fees_to_the_bank():
    s = new_state()
    blank(s)
    s._poke_player(HUMAN, herder=NODE["B"])
    s._poke_player(SAM, workers=[1, 1, 1])
    place_sam_tiles(s, {4: "A-1"}, out=(1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 12))
    assert place(s) == [("nothing", SAM_OPS["place_building"], 0)]
    # the human passing Sam's 4b (black hand) pays $2 to the bank
    from gwt_sim.engine.game import A, F
    t = new_state()
    blank(t)
    place_sam_tiles(t, {4: "A-1"})
    t._poke_player(HUMAN, herder=NODE["A"], first_turn_done=1, money=5)
    t._push(F["BEFORE_MOVE"])                                                  # the human's phase A
    t.apply_action(A["NODE"] + NODE["A-1"])
    assert t.player(HUMAN)["money"] == 3 and t.player(SAM)["money"] == 0
    assert t.player(SAM)["stats"]["fees_received"] == 0


# --------------------------------------------------------------------------- engine (34-41)


def engine(s: ScenarioState, card: int | None = None) -> list:
    if card is not None:
        return s._sam_turn(card)["events"]
    return s._sam_verb(SAM_OPS["move_engine"], 3)      # per engineers (SAM_COUNTERS["engineers"])


def test_34_no_station_in_reach():
    s = new_state()
    s._poke_player(SAM, workers=[1, 1, 2])
    assert engine(s, 5)[0] == ("engine", 0, RAIL["2"])


def test_35_station_upgraded_with_a_supply_disc_master_to_the_box():
    s = new_state()
    s._poke_player(SAM, workers=[1, 1, 2], engine=RAIL["3"])
    master = s.board()["station_masters"][0]
    evs = engine(s)
    assert evs[:3] == [("engine", RAIL["3"], RAIL["4.5"]), ("upgrade", 0, -1), ("master_to_box", 0, master)]
    assert s.sam()["discs"] == 13 and s.player(SAM)["stations"][0] == 1
    assert s.board()["station_masters"][0] == -1


def test_36_farthest_station():
    s = new_state()
    s._poke_player(SAM, workers=[1, 1, 5], engine=RAIL["3"])
    assert engine(s)[0] == ("engine", RAIL["3"], RAIL["7.5"])
    assert s.player(SAM)["stations"][:2] == [0, 1]


def test_37_occupied_spaces_are_skipped():
    s = new_state()
    s._poke_player(HUMAN, engine=RAIL["4"])
    s._poke_player(SAM, workers=[1, 1, 2], engine=RAIL["3"])
    assert engine(s)[0] == ("engine", RAIL["3"], RAIL["4.5"])


def test_38_a_station_under_the_human_engine_is_passed():
    s = new_state()
    s._poke_player(HUMAN, engine=RAIL["4.5"])
    s._poke_player(SAM, workers=[1, 1, 2], engine=RAIL["3"])
    assert engine(s)[0] == ("engine", RAIL["3"], RAIL["5"])


def test_39_end_of_track():
    s = new_state()
    s._poke_player(SAM, workers=[1, 1, 3], engine=RAIL["37"])
    evs = engine(s)
    assert evs == [("engine", RAIL["37"], RAIL["39"]), ("upgrade", 9, -1), ("track_end", 0, 0)]
    assert s.player(SAM)["engine"] == 0 and s.sam()["engine_off"] == 1
    assert s.player(SAM)["stations"][9] == 1
    assert engine(s, 6) == [("nothing", SAM_OPS["move_engine"], 0)]


def test_40_card_15_with_engineer_specialisation():
    s = new_state()
    s._poke_sam(specialisation=ENGINEER_T)
    s._poke_player(HUMAN, engine=RAIL["7.5"])
    s._poke_player(SAM, workers=[1, 1, 2], engine=RAIL["5"])
    assert engine(s, 15)[0] == ("engine", RAIL["5"], RAIL["10.5"])


def test_41_empty_supply_moves_his_lowest_station_disc():
    s = new_state()
    s._poke_sam(discs=0)
    s._poke_player(SAM, workers=[1, 1, 1], engine=RAIL["13"], station_disc=[1, 1, 1] + [0] * 9,
                   station_done=[1, 1, 1] + [0] * 9)
    evs = engine(s)
    assert evs[:2] == [("engine", RAIL["13"], RAIL["13.5"]), ("upgrade", 3, 0)]
    p = s.player(SAM)
    assert p["stations"][:4] == [0, 1, 1, 1]
    s._finish_scoring()
    assert s.scores()[SAM]["stations"] == sum(int(T.station_vp[k]) for k in (1, 2, 3))


# --------------------------------------------------------------------------- picks (42-44)


def test_42_objective_display_slides_away_from_the_stack():
    s = new_state()
    W, X, Y, Z, TOP = (OBJ[x] for x in ("GAIN2_BBLBL", "GAIN2_BGBL", "GAIN2_4HH", "GAIN2_SSH", "DRAW_BBH"))
    s._set_objectives(display=[W, X, Y, Z], stack=[OBJ["DRAW_SGBL"], TOP])
    assert s._sam_verb(SAM_OPS["objective_card"]) == [("objective", Z, 3)]
    assert s.board()["objective_display"] == [TOP, W, X, Y]
    assert s.player(SAM)["objectives"][Z] == 1
    # the human takes the card in slot 1: slot 0 slides into it, slot 0 refilled
    s._set_objectives(display=[W, X, Y, Z], stack=[TOP])
    from gwt_sim.engine.game import A, F
    s._push(F["OBJ_TAKE"], to_hand=1, from_stack=1)
    s.apply_action(A["OBJ_TAKE"] + 1)
    assert s.board()["objective_display"] == [TOP, W, Y, Z]
    s._set_objectives(display=[W, X, Y, Z], stack=[TOP])
    s._push(F["OBJ_TAKE"], to_hand=1, from_stack=1)
    s.apply_action(A["OBJ_TAKE"] + 4)                                   # the top of the stack
    assert s.board()["objective_display"] == [W, X, Y, Z]
    s._set_objectives(display=[-1, W, X, Y], stack=[])
    s._sam_verb(SAM_OPS["objective_card"])
    assert s.board()["objective_display"] == [-1, -1, W, X]


def test_43_bounty_highest_numbered_space():
    s = new_state()
    blank(s)
    for i, t in ((1, GREEN_OUTLAW), (4, ORANGE_OUTLAW), (6, GREEN_OUTLAW)):
        s._set_node(NODE[f"OUTLAW-{i}"], tile=t)
    tokens = s.player(SAM)["exchange_tokens"]
    assert s._sam_verb(SAM_OPS["bounty"]) == [("bounty", NODE["OUTLAW-6"], GREEN_OUTLAW)]
    p = s.player(SAM)
    assert p["section_tiles"] == [1, 0] and p["money"] == 0 and p["exchange_tokens"] == tokens


def test_44_hazards():
    s = new_state()
    blank(s)
    s._set_node(NODE["FLOOD-1"], tile=FLOOD[2])
    s._set_node(NODE["FLOOD-2"], tile=FLOOD[4])
    s._set_node(NODE["DROUGHT-1"], tile=DROUGHT[3])
    s._set_node(NODE["DROUGHT-2"], tile=DROUGHT[3])
    s._set_node(NODE["ROCKFALL-1"], tile=ROCKFALL[2])
    assert s._sam_verb(SAM_OPS["remove_hazard"]) == [("hazard", NODE["FLOOD-2"], FLOOD[4])]
    blank(s)
    s._set_node(NODE["FLOOD-1"], tile=FLOOD[2])
    s._set_node(NODE["FLOOD-2"], tile=FLOOD[3])
    s._set_node(NODE["DROUGHT-1"], tile=DROUGHT[3])
    s._set_node(NODE["DROUGHT-2"], tile=DROUGHT[2])
    assert s._sam_verb(SAM_OPS["remove_hazard"]) == [("hazard", NODE["FLOOD-2"], FLOOD[3])]
    blank(s)
    s._set_node(NODE["ROCKFALL-2"], tile=ROCKFALL[4])
    s._set_node(NODE["ROCKFALL-3"], tile=ROCKFALL[4])
    assert s._sam_verb(SAM_OPS["remove_hazard"]) == [("hazard", NODE["ROCKFALL-2"], ROCKFALL[4])]
    assert s.player(SAM)["stats"]["hazards_removed"] == 3 and s.player(SAM)["money"] == 0


# --------------------------------------------------------------------------- every card


EVENT_OP = {"hire": "hire", "specialisation": "hire", "buy": "buy_cattle", "take_card": "take_market_card",
            "build": "place_building", "replace": "place_building", "objective": "objective_card",
            "bounty": "bounty", "hazard": "remove_hazard"}


@pytest.mark.parametrize("card", range(1, 16))
@pytest.mark.parametrize("spec", [COWBOY_T, BUILDER_T, ENGINEER_T])
def test_every_card_runs_its_action_for_the_specialisation(builtin_content, card, spec):
    s = new_state(seed=card)
    s._poke_sam(specialisation=spec)
    s._poke_player(SAM, workers=[2 if t == spec else 1 for t in range(3)])
    s._set_node(NODE["OUTLAW-5"], tile=GREEN_OUTLAW)
    s._set_node(NODE["FLOOD-3"], tile=FLOOD[3])
    s._poke_player(HUMAN, herder=NODE["B"])
    turn = s._sam_turn(card)
    assert turn["card"] == card and s.sam()["played"][card - 1] == 1
    assert s.sam()["discard"][-1] == card
    c = builtin_content.solo.cards[card]
    icon = c.step_icon
    if icon is None:
        assert turn["steps"] == c.steps
    elif icon == "specialisation":
        assert turn["steps"] == 2
    ops = [st.op for st in c.action_for(("cowboy", "builder", "engineer")[spec])]
    first = turn["events"][0]
    if first[0] == "nothing":
        op = {v: k for k, v in SAM_OPS.items()}[first[1]]
    elif first[0] == "reveal":
        op = "reveal_market_cards" if first[2] == 1 else "buy_cattle"
    elif first[0] == "engine":
        op = ops[0] if ops[0] in ("move_engine", "engine_to_next_free_station") else "?"
    else:
        op = EVENT_OP[first[0]]
    assert op == ops[0], (card, spec, turn["events"])


# --------------------------------------------------------------------------- Kansas City (45-49)


def test_45_kansas_city_after_the_card_action():
    s = new_state()
    blank(s)
    clear_job_market(s, token_row=4)
    s._poke_player(SAM, herder=NODE["G"])
    lower = [W_TILE[COWBOY_T], DROUGHT[3], GREEN_OUTLAW]
    upper = [FLOOD[2], W_TILE[BUILDER_T], W_TILE[ENGINEER_T]]
    for col in range(3):
        s._set_foresight(col, 0, lower[col])
        s._set_foresight(col, 1, upper[col])
    display = s.board()["objective_display"]
    turn = s._sam_turn(7)                                             # 1 step: G -> Kansas City
    assert _walk_of(s) == ["KC"]
    evs = turn["events"]
    assert evs[0] == ("objective", display[3], 3)                      # the card's action comes first
    assert evs[1:4] == [("foresight", 0, lower[0]), ("foresight", 1, lower[1]), ("foresight", 2, lower[2])]
    assert evs[4] == ("delivery", CITY["bloomington"], -1)
    b = s.board()
    assert b["job_market"][4][0] == COWBOY_T                           # the worker went to the token's row
    assert any(t == DROUGHT[3] for t in b["tiles"].values()) and GREEN_OUTLAW in b["tiles"].values()
    assert [b["foresight"][col][0] for col in range(3)] == upper       # the upper tiles slid down ...
    assert all(b["foresight"][col][1] >= 0 for col in range(3))        # ... and the upper spaces were refilled
    p = s.player(SAM)
    assert p["money"] == 0 and p["cities"][CITY["bloomington"]] == 1 and s.sam()["discs"] == 13
    assert NAMES["node"][p["herder"]] == "START" and p["stats"]["kc_visits"] == 1
    assert p["stats"]["deliveries"] == 1 and p["stats"]["income_total"] == 0


@pytest.mark.parametrize(("difficulty", "first", "sequence"), [
    ("medium", None, [("bloomington", 0), ("peoria", 1), ("chicago", 1), ("toledo", 0), ("pittsburgh", 0),
                      ("philadelphia", 0), ("new_york", 0), ("new_york", 0)]),
    ("easy", None, [("bloomington", 0), ("peoria", 1)]),
    ("hard", None, [("peoria", 0), ("chicago", 1), ("toledo", 0)]),
    ("medium", "st_louis", [("st_louis", 0), ("bloomington", 0), ("peoria", 1)]),
])
def test_46_delivery_sequence(difficulty, first, sequence):
    s = new_state(difficulty=difficulty, first=first)
    for city, objectives in sequence:
        evs = s._sam_kansas_city()
        delivery = [e for e in evs if e[0] == "delivery"]
        assert delivery == [("delivery", CITY[city], -1)]
        assert sum(1 for e in evs if e[0] == "objective") == objectives, (city, evs)
    p = s.player(SAM)
    assert p["money"] == 0 and p["exchange_tokens"] == 0
    assert p["stats"]["deliveries"] == len(sequence)


def test_47_the_human_in_kansas_city():
    s = new_state()
    from gwt_sim.engine.game import A
    tiles = [[W_TILE[COWBOY_T], FLOOD[2]], [DROUGHT[3], W_TILE[BUILDER_T]], [GREEN_OUTLAW, W_TILE[ENGINEER_T]]]
    for col in range(3):
        for row in range(2):
            s._set_foresight(col, row, tiles[col][row])
    s._visit(KC)
    assert s.decision_name() == "foresight"
    s.apply_action(A["FORESIGHT"] + 0)            # column 1: the lower tile
    s.apply_action(A["FORESIGHT"] + 1)            # column 2: the upper tile
    while s.decision_name() != "first-turn placement":
        s.apply_action(s.legal_actions()[0])
    f = s.board()["foresight"]
    assert f[0][0] == FLOOD[2] and f[0][1] >= 0          # the upper tile slid down, the upper space refilled
    assert f[1][0] == DROUGHT[3] and f[1][1] >= 0        # the lower tile stayed


def test_48_end_phase_foresight():
    for option, expected in (("lower_else_upper", [("foresight", 1, DROUGHT[3]), ("foresight", 2, -1)]),
                             ("lower_only", [("foresight", 1, -1), ("foresight", 2, -1)])):
        s = new_state(patch=f'[solo.options]\nend_phase_foresight = "{option}"')
        s._set_end(1, end_player=HUMAN, last_turns_left=1)
        s._set_foresight(0, 0, FLOOD[2])
        s._set_foresight(1, 0, W_TILE[COWBOY_T])
        s._set_foresight(1, 1, DROUGHT[3])
        s._set_foresight(2, 0, W_TILE[BUILDER_T])
        s._set_foresight(2, 1, W_TILE[ENGINEER_T])
        evs = s._sam_kansas_city()
        assert evs[0] == ("foresight", 0, FLOOD[2])
        assert evs[1:3] == expected


def play_human_turn(s: GameState, policy) -> None:
    turn = s.turn_number
    while not s.is_terminal() and s.turn_number == turn:
        assert s.current_player() == HUMAN
        s.apply_action(policy.choose(s, s.legal_actions()))


def test_49_sam_triggers_the_end():
    from gwt_sim.engine.policy import RandomPolicy

    s = new_state(seed=3)
    rows = int(T.job_rows)
    s._set_job_token(rows - 1, 1)                      # one space left in the last row (2 columns)
    s._poke_player(SAM, herder=NODE["G"])
    s._poke_sam(deck=[c for c in range(1, 16) if c != 7] + [7])
    s._set_foresight(0, 0, W_TILE[COWBOY_T])
    policy = RandomPolicy()
    policy.reset(3, HUMAN)
    play_human_turn(s, policy)                         # turn 1: the human; turn 2: Sam triggers the end
    last = s.sam_last_turn()
    assert last["turn"] == 2 and ("end_triggered", 0, 0) in last["events"]
    assert s.board()["end_triggered"] and s.board()["end_player"] == SAM
    assert s.player(SAM)["job_token"] == 1 and not s.is_terminal()
    play_human_turn(s, policy)                         # turn 3: the human's one more turn
    assert s.is_terminal() and s.turn_number == 3
    assert s.scores()[SAM]["job_market_token"] == 2


def test_50_the_human_triggers_the_end():
    from gwt_sim.engine.game import A
    from gwt_sim.engine.policy import RandomPolicy

    s = new_state(seed=4)
    policy = RandomPolicy()
    policy.reset(4, HUMAN)
    play_human_turn(s, policy)                         # turns 1 and 2
    assert s.turn_number == 3 and s.decision_name() in ("before phase A", "phase A")
    rows = int(T.job_rows)
    s._set_job_token(rows - 1, 1)
    s._poke_player(HUMAN, herder=NODE["G"])
    for col in range(3):
        s._set_foresight(col, 0, W_TILE[COWBOY_T])
    s._poke_player(SAM, herder=NODE["G"])
    s._poke_sam(deck=[c for c in range(1, 16) if c != 7] + [7])
    s._refresh()                                       # the herder's moves from G
    s.apply_action(A["NODE"] + KC)
    assert s.decision_name() == "foresight"
    s.apply_action(A["FORESIGHT"] + 0)                 # the worker fills the last space: the end
    assert s.board()["end_triggered"] and s.board()["end_player"] == HUMAN
    while not s.is_terminal():
        assert s.current_player() == HUMAN and s.turn_number == 3
        s.apply_action(s.legal_actions()[0])
    last = s.sam_last_turn()
    assert last["turn"] == 4 and s.turn_number == 4    # Sam's one more turn, then scoring
    assert not any(e[0] == "foresight" and e[2] in W_TILE.values() for e in last["events"])


def test_51_reshuffle_at_the_start_of_a_turn_with_an_empty_deck():
    def cards(seed: int) -> list[int]:
        s = new_state(seed=seed)
        return [s._sam_turn()["card"] for _ in range(31)]

    a = cards(7)
    assert sorted(a[:15]) == list(range(1, 16)) and sorted(a[15:30]) == list(range(1, 16))
    assert a == cards(7)
    assert a[15:30] != a[:15] and a[15:] != cards(8)[15:]
    s = new_state(seed=7)
    for _ in range(16):
        s._sam_turn()
    assert s.sam()["deck_size"] == 14 and s.sam()["discard"] == [a[15]]


def test_52_sams_score():
    s = new_state()
    blank(s)
    place_sam_tiles(s, {8: "A-1", 4: "A-2"})
    cities = [0] * len(NAMES["city"])
    for c in ("bloomington", "peoria", "chicago", "toledo"):
        cities[CITY[c]] = 1
    hazards = [0] * len(NAMES["tile"])
    hazards[FLOOD[4]] = hazards[DROUGHT[3]] = 1
    objectives = [0] * len(NAMES["objective"])
    start = [i for i, o in enumerate(NAMES["objective"]) if o.startswith("START")]
    objectives[start[0]] = 1                                            # his starting card: 3 VP
    objectives[OBJ["ENGINE3_BBLHH"]] = 1                               # 5 VP, tasks not met
    objectives[OBJ["GAIN2_BBLBL"]] = 1                                 # 3 VP
    s._poke_player(SAM, city_discs=cities, station_disc=[1, 0, 1] + [0] * 9,
                   station_done=[1, 0, 1] + [0] * 9, hazards=hazards, objectives=objectives,
                   workers=[5, 1, 1], job_token=1)
    s._set_cards(SAM, discard=[CORRIENTE, CORRIENTE])
    assert [int(T.objective_vp[o]) for o in (start[0], OBJ["ENGINE3_BBLHH"], OBJ["GAIN2_BBLBL"])] == [3, 5, 3]
    s._finish_scoring()
    sc = s.scores()[SAM]
    assert sc == {"money": 0, "buildings": 11, "cities": 6, "stations": 3, "hazards": 7, "cattle": 6,
                  "objectives": 11, "station_masters": 0, "workers": 4, "step_disc": 0,
                  "job_market_token": 2, "total": 50}
    # the human's score uses the base rules unchanged: a full board of discs scores its step-disc VP
    human = s.scores()[HUMAN]
    assert human["step_disc"] == 0 and human["money"] == 1           # $6: 1 VP


def test_53_result_and_margin():
    from gwt_sim.schema import solo_result

    assert solo_result(50, 50) == ("tie", 0)
    assert solo_result(51, 50) == ("won", 1)
    assert solo_result(40, 50) == ("lost", -10)


def test_cattle_last_ties_option():
    for option, expected in (('["fewest_cowboys", "fewest_dollars"]', "value3_1_cowboy"),
                             ('["fewest_dollars", "fewest_cowboys"]', "value3_2_cowboys")):
        s = new_state(patch=f"[solo.options]\ncattle_last_ties = {option}")
        s._poke_player(SAM, workers=[2, 1, 1])
        market(s, {LONGHORN: 1}, deck=[])
        evs = s._sam_verb(SAM_OPS["buy_cattle"], 8)
        assert [NAMES_OPTION[e[1]] for e in evs if e[0] == "buy"] == [expected]
        assert evs[-1] == ("reveal", 0, 0) if expected == "value3_1_cowboy" else evs == [("buy", 1, LONGHORN)]


def test_sam_op_codes_and_counters_agree_with_the_vocabulary():
    from gwt_sim.engine.game import SAM_COUNTERS
    from gwt_sim.vocabulary import SAM_COUNTER_CODE, SAM_OP_CODE

    assert SAM_OPS == SAM_OP_CODE
    assert SAM_COUNTERS == SAM_COUNTER_CODE
