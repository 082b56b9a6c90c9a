"""Rule tests for setup and the turn (phases A, B and C), written from the reference.

Sections cited are those of /work/shared/reference/gwt-components.md (§2.1 setup, §2.2 the turn,
§5.3 step limit, §5.4 hand limit, §6 job market, §7 tiles, §9 hand fees). Worked examples come from
the 2E rulebooks in /work/shared/seeds (000 Russian, 004 Polish).

Positions are built with the engine's scenario hooks while keeping every conservation invariant
intact (debug=True checks them after each action): tiles removed from the trail are handed to a
"keeper" seat and tiles put on the trail are taken back from it; a seat's cards are only ever
rearranged (a permutation of its 14 starting cards); objective cards put into a hand are taken
from the display.
"""

from __future__ import annotations

from collections import Counter
from functools import cache

import pytest

from gwt_sim.engine.game import A, F, GameState
from gwt_sim.engine.scenario import ScenarioState
from gwt_sim.tables import TILE_HAZARD, TILE_SECTION, TILE_WORKER, compile_tables
from gwt_sim.variant import Variant

# --------------------------------------------------------------------------- content names


@cache
def tables(players: int = 4, **kw):
    return compile_tables(variant=Variant(players=players, sides="a", **kw))


T4 = tables(4)
NAMES = T4.names
NODE = {n: i for i, n in enumerate(NAMES["node"])}
CARD = {n: i for i, n in enumerate(NAMES["card"])}
BUILDING = {n: i for i, n in enumerate(NAMES["building"])}
TILE = {n: i for i, n in enumerate(NAMES["tile"])}
DISC = {n: i for i, n in enumerate(NAMES["disc_space"])}
N_CARD_TYPES = len(NAMES["card"])

CR, SG, PW, GA = CARD["criollo"], CARD["santa_gertrudis"], CARD["pineywoods"], CARD["galloway"]
START_DECK = Counter({CR: 5, SG: 3, PW: 3, GA: 3})        # §3.1: 14 cards per player

GREEN_FLOOD = TILE["flood hazard (2 VP, green hand)"]
BLACK_FLOOD = TILE["flood hazard (2 VP, black hand)"]
GREEN_OUTLAW = TILE["green outlaw"]
ORANGE_OUTLAW = TILE["orange outlaw"]

NEUTRAL_NODES = [NODE[x] for x in "ABCDEFG"]
COWBOY, BUILDER, ENGINEER = 0, 1, 2                      # worker types
FULL_DISCS = [1, 1, 2, 2, 2, 1, 1, 2, 1, 1]               # §5.1 (order of names['disc_space'])

STOP = A["STOP"]
EXCHANGE = A["EXCHANGE"]
AUX1, AUX1_DOUBLE, AUX2 = A["AUX"], A["AUX"] + 1, A["AUX"] + 2
LOCAL = [A["LOCAL"] + i for i in range(4)]


def mv(name: str) -> int:
    return A["NODE"] + NODE[name]


def card(c: int) -> int:
    return A["CARD"] + c


def clear_discs(s: GameState, seat: int, **cleared: int) -> None:
    """Take `cleared` discs off the named disc-space groups (they go onto Kansas City, as after
    deliveries there, so the 14 discs stay conserved)."""
    d = list(FULL_DISCS)
    for k, n in cleared.items():
        d[DISC[k]] -= n
    cities = list(s.player(seat)["cities"])
    cities[0] += sum(cleared.values())
    s._poke_player(seat, discs=d, city_discs=cities)


# --------------------------------------------------------------------------- scenario helpers


def new_game(players: int = 4, seed: int = 1, **kw) -> GameState:
    return ScenarioState(tables(players, **kw), seed=seed, debug=True)


def second_turn(players: int = 4, seed: int = 1, **kw) -> GameState:
    """Play the first round (lowest legal action everywhere: discard the lowest card, place the herder
    on A, end phase B at once) until seat 0's second turn is pending before phase A."""
    s = new_game(players, seed, **kw)
    while not (s.current_player() == 0 and s.decision_name() == "before phase A"):
        s.apply_action(s.legal_actions()[0])
    return s


def clear_trail(s: GameState, keeper: int) -> None:
    """Take every hazard/outlaw tile off the board and give it to `keeper` (keeps tiles conserved)."""
    held = list(s.player(keeper)["hazards"])
    for node, t in s.board()["tiles"].items():
        s._set_node(node, tile=-1)
        held[t] += 1
    s._poke_player(keeper, hazards=held)


def take_from_keeper(s: GameState, keeper: int, n: int = 1) -> None:
    """Take n tiles (of any type) back from the keeper, to be placed elsewhere (the invariant counts
    the total number of tiles)."""
    held = list(s.player(keeper)["hazards"])
    for _ in range(n):
        held[next(i for i, k in enumerate(held) if k > 0)] -= 1
    s._poke_player(keeper, hazards=held)


def put_tile(s: GameState, node: str, tile: int, keeper: int) -> None:
    """Put a hazard/outlaw tile on a trail node, taking one tile back from the keeper."""
    take_from_keeper(s, keeper)
    s._set_node(NODE[node], tile=tile)


def arrange(s: GameState, seat: int, hand: list[int], draw: list[int] | None = None,
            discard: list[int] | None = None) -> None:
    """Rearrange a seat's 14 starting cards; whatever is not listed goes to the draw pile (bottom)."""
    draw = list(draw or [])
    discard = list(discard or [])
    listed = Counter(hand) + Counter(draw) + Counter(discard)
    assert all(listed[c] <= START_DECK[c] for c in listed), "fixture: more cards than the deck holds"
    draw = sorted((START_DECK - listed).elements()) + draw
    assert Counter(hand) + Counter(draw) + Counter(discard) == START_DECK, "fixture: not a permutation"
    s._set_cards(seat, hand=hand, draw=draw, discard=discard)


def legal(s: GameState) -> list[int]:
    return s.legal_actions()


def total_money(s: GameState) -> int:
    return sum(s.player(p)["money"] for p in range(s.num_players))


def phase_b_at(s: GameState) -> int:
    """The node of the pending phase B (asserts the pending decision is phase B)."""
    kind, args = s.frame()
    assert kind == F["PHASE_B"], s.decision_name()
    return args["node"]


def walk(s: GameState, *nodes: str) -> None:
    for n in nodes:
        s.apply_action(mv(n))


def at_start_of_turn(players: int = 4, seed: int = 1, herder: str = "A", money: int | None = None,
                     keeper: int | None = None) -> GameState:
    """Seat 0 before phase A of its second turn, trail cleared of tiles, herder on `herder`."""
    s = second_turn(players, seed)
    clear_trail(s, players - 1 if keeper is None else keeper)
    s._poke_player(0, herder=NODE[herder])
    if money is not None:
        s._poke_player(0, money=money)
    s._refresh()
    return s


# =========================================================================== 1. setup (§2.1)

SEEDS = range(1, 13)


@pytest.mark.parametrize("players, workers", [(2, 3), (3, 5), (4, 7)])
def test_setup_job_market_rows_and_token(players, workers):
    # §2.1 steps 3 and 6, §6: row 1 full, row 2 filled up to the token's space, token in row 2;
    # only the player count's columns are used (2 -> right 2, 3 -> right 3, 4 -> all 4).
    for seed in SEEDS:
        b = new_game(players, seed).board()
        jm = b["job_market"]
        assert len(jm) == 12 and all(len(row) == players for row in jm)
        assert all(w in (0, 1, 2) for w in jm[0])
        assert all(w in (0, 1, 2) for w in jm[1][:-1]) and jm[1][-1] == -1
        assert all(w == -1 for row in jm[2:] for w in row)
        assert sum(w >= 0 for row in jm for w in row) == workers
        assert b["job_token_row"] == 1            # 0-based row index: the second row


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_seven_bag1_tiles_on_lowest_spaces(players):
    # §2.1 step 5: 7 bag-1 tiles; a hazard on the lowest-numbered empty space of its own section,
    # an outlaw on the lowest-numbered empty outlaw space (§8.4 fill order).
    t = tables(players)
    bag1 = set(t.bag_tiles[0][: t.bag_size[0]].tolist())
    for seed in SEEDS:
        tiles = new_game(players, seed).board()["tiles"]
        assert len(tiles) == 7
        assert set(tiles.values()) <= bag1
        for section in range(3):
            spaces = t.hazard_space[section].tolist()
            filled = [sp in tiles for sp in spaces]
            assert filled == sorted(filled, reverse=True), f"seed {seed}: section {section} not a prefix"
            for sp in spaces:
                if sp in tiles:
                    assert t.tile_kind[tiles[sp]] == TILE_HAZARD and t.tile_sub[tiles[sp]] == section
        outlaw = t.section_space.tolist()
        filled = [sp in tiles for sp in outlaw]
        assert filled == sorted(filled, reverse=True), f"seed {seed}: outlaws not on the lowest spaces"
        assert all(t.tile_kind[tiles[sp]] == TILE_SECTION for sp in outlaw if sp in tiles)
        hazard_nodes = set(t.hazard_space.flatten().tolist())
        assert set(tiles) <= hazard_nodes | set(outlaw)


@pytest.mark.parametrize("players, workers", [(2, 3), (3, 5), (4, 7)])
def test_setup_foresight_columns_come_from_their_bags(players, workers):
    # §2.1 step 7, §7.4: 2 tiles in each of 3 columns, column k from bag k. Bag 1 has no workers,
    # bag 2 only workers.
    t = tables(players)
    for seed in SEEDS:
        b = new_game(players, seed).board()
        fs = b["foresight"]
        assert len(fs) == 3 and all(len(col) == 2 for col in fs)
        for k in range(3):
            bag = set(t.bag_tiles[k][: t.bag_size[k]].tolist())
            assert all(x >= 0 and x in bag for x in fs[k])
        assert all(t.tile_kind[x] != TILE_WORKER for x in fs[0])
        assert all(t.tile_kind[x] == TILE_WORKER for x in fs[1])
        # bag sizes after setup: bag 1 lost 7 + 2, bag 2 the job-market workers + 2, bag 3 lost 2
        assert b["bag_sizes"] == [35 - 9, 33 - workers - 2, 26 - 2]


@pytest.mark.parametrize("players, simmental, size", [
    (2, False, 7), (3, False, 10), (4, False, 13), (2, True, 9), (3, True, 12), (4, True, 15)])
def test_setup_cattle_market_size(players, simmental, size):
    # §2.1 step 8, §3.3: 7/10/13 cards revealed (9/12/15 with Simmental), from the 36 (+8) market cards.
    deck = 36 + (8 if simmental else 0)
    for seed in SEEDS:
        b = new_game(players, seed, simmental=simmental).board()
        assert sum(b["market"]) == size
        assert b["market_deck_size"] == deck - size
        assert all(b["market"][c] == 0 for c in (CR, SG, PW, GA))   # no starting breeds in the market
        if not simmental:
            assert b["market"][CARD["simmental_calf"]] == 0


def test_setup_objective_display_of_four():
    # §2.1 step 9: 4 objective cards face up from the 24 non-starting cards; the rest is the stack.
    t = tables(4)
    for seed in SEEDS:
        b = new_game(4, seed).board()
        assert len(b["objective_display"]) == 4
        assert all(o >= 0 and not t.objective_starting[o] for o in b["objective_display"])
        assert b["objective_stack_size"] == 24 - 4


def test_setup_five_distinct_station_masters():
    # §2.1 step 1: 5 of the 9 station masters face up on stations 1-5.
    seen = set()
    for seed in range(1, 30):
        sm = new_game(4, seed).board()["station_masters"]
        assert len(sm) == 5 and len(set(sm)) == 5 and all(0 <= m < 9 for m in sm)
        seen.add(tuple(sm))
    assert len(seen) > 1                              # random per game


def test_setup_explicit_station_masters_are_honoured():
    s = new_game(4, 3, station_masters=("SM9", "SM2", "SM7", "SM4", "SM1"))
    ids = [NAMES["station_master"].index(x) for x in ("SM9", "SM2", "SM7", "SM4", "SM1")]
    assert s.board()["station_masters"] == ids
    assert s.board()["station_masters_drawn"] == ids


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_players_money_hands_tokens_objectives(players):
    # §2.1 steps 10-11: $6/7/8/9 and 4/5/6/7 cards by seat, 1 exchange token, one starting objective
    # card in the objective area, engine on 0, certificates 0, 14 discs, workers 1/1/1.
    t = tables(players)
    s = new_game(players, 7)
    starting = []
    for seat in range(players):
        p = s.player(seat)
        assert p["money"] == [6, 7, 8, 9][seat]
        assert p["hand_size"] == [4, 5, 6, 7][seat]
        assert p["draw_size"] == 14 - p["hand_size"] and p["discard"] == []
        assert set(s.hand(seat)) <= {CR, SG, PW, GA}
        assert p["exchange_tokens"] == 1
        assert sum(p["objectives"]) == 1
        o = p["objectives"].index(1)
        assert t.objective_starting[o]
        starting.append(o)
        assert not any(c >= N_CARD_TYPES for c in s.hand(seat))      # the objective is not in hand
        assert p["engine"] == 0 and p["certificates"] == 0 and p["permanent_certificates"] == 0
        assert p["discs"] == FULL_DISCS and sum(p["discs"]) == 14
        assert p["workers"] == [1, 1, 1]
        assert p["herder"] == -1 and p["job_token"] == 0
        assert p["hand_limit"] == 4 and p["certificate_limit"] == 3
        assert p["step_limit"] == (4 if players == 4 else 3)
    assert len(set(starting)) == players               # dealt from the 4 different starting cards


def test_setup_neutral_buildings_default_layout():
    # §2.1 step 2: first game: tile A on space A, ... G on G.
    b = new_game(4, 1).board()
    assert b["layout"] == list(range(7))
    for i, node in enumerate(NEUTRAL_NODES):
        assert b["buildings"][node] == (BUILDING["ABCDEFG"[i]], -1)
    assert len(b["buildings"]) == 7                    # no private building yet


def test_setup_neutral_buildings_explicit_order():
    s = new_game(4, 1, neutral_layout="GFEDCBA")
    b = s.board()
    assert b["layout"] == [6, 5, 4, 3, 2, 1, 0]
    for i, node in enumerate(NEUTRAL_NODES):
        assert b["buildings"][node] == (BUILDING["GFEDCBA"[i]], -1)


def test_setup_starting_money_override():
    s = new_game(3, 1, starting_money=(10, 0, 25))
    assert [s.player(p)["money"] for p in range(3)] == [10, 0, 25]
    assert s._invariants() == []


def test_setup_is_seat0_first_turn_placement():
    # Seat 0 holds 4 cards: no discard, the pending decision is the first-turn placement.
    s = new_game(4, 1)
    assert s.current_player() == 0
    assert s.decision_name() == "first-turn placement"
    assert legal(s) == [A["NODE"] + n for n in NEUTRAL_NODES]


# =========================================================================== 2. first turn (§2.1 step 12)


def _to_first_turn_of(s: GameState, seat: int) -> None:
    while s.current_player() != seat:
        s.apply_action(legal(s)[0])


@pytest.mark.parametrize("seat, cards", [(1, 5), (2, 6), (3, 7)])
def test_first_turn_discard_down_to_four_one_card_at_a_time(seat, cards):
    s = new_game(4, 1)
    _to_first_turn_of(s, seat)
    assert s.player(seat)["hand_size"] == cards
    for left in range(cards, 4, -1):
        assert s.decision_name() == "first-turn discard"
        hand = s.hand(seat)
        assert len(hand) == left
        # the exchange token may be used in the middle of the first-turn discard too
        assert legal(s) == [card(c) for c in sorted(set(hand))] + [EXCHANGE]
        c = legal(s)[-2]
        s.apply_action(c)
        assert s.player(seat)["hand_size"] == left - 1
        assert s.player(seat)["discard"][-1] == c - A["CARD"]
    assert s.player(seat)["hand_size"] == 4
    assert len(s.player(seat)["discard"]) == cards - 4
    assert s.decision_name() == "first-turn placement"
    assert s.current_player() == seat


def test_first_turn_two_player_second_seat_discards_one():
    s = new_game(2, 4)
    _to_first_turn_of(s, 1)
    assert s.decision_name() == "first-turn discard" and s.player(1)["hand_size"] == 5
    s.apply_action(legal(s)[0])
    assert s.decision_name() == "first-turn placement" and s.player(1)["hand_size"] == 4


@pytest.mark.parametrize("space", list("ABCDEFG"))
def test_first_turn_place_herder_on_any_neutral_building_then_phase_b(space):
    # §2.1 step 12: any neutral building, no movement, no fees, straight into phase B there.
    s = new_game(4, 2)
    money = [s.player(p)["money"] for p in range(4)]
    assert mv(space) in legal(s)
    s.apply_action(mv(space))
    assert s.player(0)["herder"] == NODE[space]
    assert phase_b_at(s) == NODE[space]
    assert s.frame()[1]["building"] == BUILDING[space]             # the building used is the tile on that space
    assert [s.player(p)["money"] for p in range(4)] == money
    assert STOP in legal(s) and AUX1 in legal(s)


def test_first_turn_placement_uses_the_tile_on_the_space():
    # With the layout GFEDCBA, space A holds tile G: phase B offers G's local actions.
    s = new_game(4, 2, neutral_layout="GFEDCBA")
    s.apply_action(mv("A"))
    assert phase_b_at(s) == NODE["A"]
    assert s.frame()[1]["building"] == BUILDING["G"]
    # G: move engine up to #engineers (1), single/double aux; A's hire actions would be LOCAL+1/+2
    assert LOCAL[0] in legal(s) and LOCAL[1] in legal(s) and LOCAL[2] not in legal(s)


def test_first_turn_placement_is_not_offered_again():
    # The second turn starts with a normal phase A (no placement).
    s = second_turn(4, 1)
    assert s.decision_name() == "before phase A"
    assert s.player(0)["herder"] == NODE["A"]
    assert s.player(0)["stats"]["turns"] == 2


# =========================================================================== 3. phase A (§2.2, §5.3, §9)


@pytest.mark.parametrize("players, left, right, limit", [
    (2, 0, 0, 3), (2, 1, 0, 4), (2, 0, 1, 4), (2, 1, 1, 5),
    (3, 0, 0, 3), (3, 1, 0, 5), (3, 0, 1, 4), (3, 1, 1, 6),
    (4, 0, 0, 4), (4, 1, 0, 6), (4, 0, 1, 5), (4, 1, 1, 7),
])
def test_step_limit_by_player_count_and_discs(players, left, right, limit):
    # §5.3: base 3/3/4; left disc +1/+2/+2; right disc +1. The herder moves exactly that many
    # locations at most: from START over the bare trail the locations are A, B, C, D, E, F, G.
    s = at_start_of_turn(players, herder="START")
    clear_discs(s, 0, step_left=left, step_right=right)
    s._refresh()
    assert s.player(0)["step_limit"] == limit
    route = ["A", "B", "C", "D", "E", "F", "G"][:limit]
    for i, node in enumerate(route):
        assert s.decision_name() == ("before phase A" if i == 0 else "phase A")
        s.apply_action(mv(node))
    assert phase_b_at(s) == NODE[route[-1]]            # the limit ended the move by itself


def test_phase_a_must_move_at_least_one_location():
    # §2.2: at least 1 step: "before phase A" offers no stop; after one location stopping is allowed.
    s = at_start_of_turn(4, herder="A")
    assert STOP not in legal(s)
    assert legal(s) == [mv("B"), EXCHANGE]
    s.apply_action(mv("B"))
    assert s.decision_name() == "phase A"
    assert STOP in legal(s)
    s.apply_action(STOP)
    assert phase_b_at(s) == NODE["B"]


def test_phase_a_empty_spaces_are_skipped_freely():
    # §2.2: empty private/hazard/outlaw spaces are no locations: from A over the bare trail the only
    # next location is B (both branches), then C; from C the forks lead to D and E.
    s = at_start_of_turn(4, herder="A")
    assert [a for a in legal(s) if a != EXCHANGE] == [mv("B")]
    s.apply_action(mv("B"))
    assert legal(s) == [STOP, mv("C")]
    s.apply_action(mv("C"))
    assert legal(s) == [STOP, mv("D"), mv("E")]
    s.apply_action(mv("D"))
    assert legal(s) == [STOP, mv("E")]                # D-1 and the outlaw loop both lead to E
    assert s.frame()[1]["moved"] == 3                          # three locations moved so far


def test_phase_a_rulebook_steps_example_private_building_vs_two_floods():
    # Rulebook (RU/PL, phase A): to reach the neutral building after A, the herder needs 2 steps over
    # the private building of the upper path, or 3 steps over the two flood tiles of the lower path.
    s = at_start_of_turn(4, herder="A")
    s._set_node(NODE["A-2"], building=BUILDING["2a"], owner=1)
    put_tile(s, "FLOOD-1", GREEN_FLOOD, keeper=3)
    put_tile(s, "FLOOD-3", BLACK_FLOOD, keeper=3)
    s._refresh()
    assert legal(s) == [mv("A-2"), mv("FLOOD-1"), EXCHANGE]
    upper = s.clone()
    walk(upper, "A-2", "B")
    assert upper.frame()[0] == F["MOVE"] and upper.frame()[1]["moved"] == 2
    walk(s, "FLOOD-1", "FLOOD-3", "B")
    assert s.frame()[0] == F["MOVE"] and s.frame()[1]["moved"] == 3


def test_phase_a_fork_offers_both_branches():
    # §2.2: choose freely at forks.
    s = at_start_of_turn(4, herder="A")
    s._set_node(NODE["A-1"], building=BUILDING["2a"], owner=1)
    put_tile(s, "FLOOD-1", GREEN_FLOOD, keeper=3)
    s._refresh()
    assert legal(s) == [mv("A-1"), mv("FLOOD-1"), EXCHANGE]
    # a building only on the lower branch: the upper branch still reaches B
    s2 = at_start_of_turn(4, herder="A")
    put_tile(s2, "FLOOD-2", GREEN_FLOOD, keeper=3)
    s2._refresh()
    assert legal(s2) == [mv("FLOOD-2"), mv("B"), EXCHANGE]


def test_phase_a_other_herders_never_block():
    # §2.2: several herders may share a location; passing or stopping on it is unaffected.
    s = at_start_of_turn(4, herder="A")
    s._poke_player(1, herder=NODE["B"])
    s._poke_player(2, herder=NODE["C"])
    s._refresh()
    walk(s, "B", "C")
    s.apply_action(STOP)
    assert phase_b_at(s) == NODE["C"]
    assert s.player(2)["herder"] == NODE["C"]


def test_phase_a_kansas_city_ends_the_move():
    # §2.2: entering Kansas City ends the movement even with steps left; the KC visit starts.
    s = at_start_of_turn(4, herder="F")
    walk(s, "G")
    assert legal(s) == [STOP, mv("KC")]
    s.apply_action(mv("KC"))
    assert s.player(0)["herder"] == NODE["KC"]
    assert s.decision_name() == "foresight"           # Kansas City step 1, not more movement
    assert s.player(0)["stats"]["kc_visits"] == 1


def test_phase_a_neutral_buildings_cost_nothing():
    # §9: neutral buildings show no hands.
    s = at_start_of_turn(4, herder="START", money=5)
    walk(s, "A", "B", "C", "D")
    assert phase_b_at(s) == NODE["D"]
    assert s.player(0)["money"] == 5 and s.player(0)["stats"]["fees_paid"] == 0


def test_phase_a_no_objective_card_during_the_move():
    # §2.2/§15: objective cards before phase A or between phase-B actions only, not mid-move.
    s, o = _second_turn_with_objective_in_hand("GAIN2")
    assert A["OBJ_PLAY"] + o in legal(s)
    s._poke_player(0, herder=NODE["START"])
    s._refresh()
    s.apply_action(mv("A"))
    assert s.decision_name() == "phase A"
    assert A["OBJ_PLAY"] + o not in legal(s)


@pytest.mark.parametrize("players, green, black", [(2, 2, 2), (3, 2, 1), (4, 1, 2)])
def test_hand_fees_hazards_paid_to_bank(players, green, black):
    # §9: fee per green / black hand by player count; hazard fees go to the bank; passing and
    # stopping both cost.
    s = at_start_of_turn(players, herder="A", money=10)
    keeper = players - 1
    put_tile(s, "FLOOD-1", GREEN_FLOOD, keeper)
    put_tile(s, "FLOOD-2", BLACK_FLOOD, keeper)
    s._refresh()
    others = [s.player(p)["money"] for p in range(1, players)]
    bank = total_money(s)
    s.apply_action(mv("FLOOD-1"))
    assert s.player(0)["money"] == 10 - green
    s.apply_action(mv("FLOOD-2"))
    assert s.player(0)["money"] == 10 - green - black
    assert [s.player(p)["money"] for p in range(1, players)] == others
    assert total_money(s) == bank - green - black
    assert s.player(0)["stats"]["fees_paid"] == green + black


@pytest.mark.parametrize("players, fee", [(2, 4), (3, 3), (4, 3)])
def test_hand_fees_both_hands_paid_to_building_owner(players, fee):
    # §9: a tile with both hands charges both; another player's building pays its owner.
    s = at_start_of_turn(players, herder="A", money=10)
    assert T4.building_hand[BUILDING["7a"]] == 3
    s._set_node(NODE["A-1"], building=BUILDING["7a"], owner=1)
    s._refresh()
    owner = s.player(1)["money"]
    bank = total_money(s)
    s.apply_action(mv("A-1"))
    assert s.player(0)["money"] == 10 - fee
    assert s.player(1)["money"] == owner + fee
    assert total_money(s) == bank
    assert s.player(1)["stats"]["fees_received"] == fee


def test_hand_fees_own_building_costs_nothing():
    s = at_start_of_turn(4, herder="A", money=10)
    s._set_node(NODE["A-1"], building=BUILDING["7a"], owner=0)
    s._refresh()
    walk(s, "A-1", "B")
    assert s.player(0)["money"] == 10 and s.player(0)["stats"]["fees_paid"] == 0


def test_hand_fees_outlaws_green_and_orange_to_bank():
    # §7.3/§9: green outlaw = green hand, orange outlaw = black hand; paid to the bank (4 players).
    s = at_start_of_turn(4, herder="D", money=10)
    put_tile(s, "OUTLAW-4", GREEN_OUTLAW, keeper=3)
    put_tile(s, "OUTLAW-5", ORANGE_OUTLAW, keeper=3)
    s._refresh()
    assert legal(s) == [mv("OUTLAW-4"), mv("E"), EXCHANGE]
    bank = total_money(s)
    walk(s, "OUTLAW-4", "OUTLAW-5")
    assert s.player(0)["money"] == 10 - 1 - 2
    assert total_money(s) == bank - 3


def test_hand_fees_pay_what_you_can_rest_forgiven():
    # §2.2/§9: $1 owed $3 -> pays $1, the owner receives $1; the rest is forgiven and never paid
    # later, even after gaining money while standing on that location (rulebook: no paying back).
    s = at_start_of_turn(4, herder="A", money=1)
    s._set_node(NODE["A-1"], building=BUILDING["7a"], owner=1)
    s._refresh()
    owner = s.player(1)["money"]
    s.apply_action(mv("A-1"))
    assert s.player(0)["money"] == 0
    assert s.player(1)["money"] == owner + 1
    assert s.player(0)["stats"]["fees_paid"] == 1
    s.apply_action(STOP)                              # stop on A-1 (another player's building)
    assert phase_b_at(s) == NODE["A-1"]
    s.apply_action(AUX1)                              # single aux: +$1
    assert s.player(0)["money"] == 1
    s.apply_action(STOP)                              # end phase B -> phase C -> next player
    assert s.current_player() == 1
    assert s.player(0)["money"] == 1
    assert s.player(1)["money"] == owner + 1


def test_hand_fees_zero_money_moves_freely():
    s = at_start_of_turn(4, herder="A", money=0)
    s._set_node(NODE["A-1"], building=BUILDING["7a"], owner=1)
    put_tile(s, "FLOOD-1", BLACK_FLOOD, keeper=3)
    s._refresh()
    owner = s.player(1)["money"]
    walk(s, "A-1", "B", "C")
    assert s.player(0)["money"] == 0 and s.player(1)["money"] == owner


def _rulebook_fee_example() -> GameState:
    """RU/PL phase A fee example, 4 players: Masha (seat 0) on A with $2. Upper path: Misha's
    (seat 1) building with a black hand, then Sasha's (seat 2) building with a green hand. Lower
    path: a flood tile with a green hand, then one with a black hand. Both lead to B."""
    s = at_start_of_turn(4, herder="A", money=2)
    assert T4.building_hand[BUILDING["4a"]] == 2 and T4.building_hand[BUILDING["1a"]] == 1
    s._set_node(NODE["A-1"], building=BUILDING["4a"], owner=1)
    s._set_node(NODE["A-2"], building=BUILDING["1a"], owner=2)
    put_tile(s, "FLOOD-1", GREEN_FLOOD, keeper=3)
    put_tile(s, "FLOOD-2", BLACK_FLOOD, keeper=3)
    s._refresh()
    return s


def test_hand_fees_rulebook_example_upper_path_pays_rival():
    s = _rulebook_fee_example()
    m1, m2, bank = s.player(1)["money"], s.player(2)["money"], total_money(s)
    assert legal(s) == [mv("A-1"), mv("FLOOD-1"), EXCHANGE]
    s.apply_action(mv("A-1"))
    assert s.player(0)["money"] == 0 and s.player(1)["money"] == m1 + 2     # black hand: $2 to Misha
    s.apply_action(mv("A-2"))
    assert s.player(0)["money"] == 0 and s.player(2)["money"] == m2         # nothing left for Sasha
    s.apply_action(mv("B"))
    s.apply_action(STOP)                                                     # movement continues normally
    assert phase_b_at(s) == NODE["B"]
    assert total_money(s) == bank
    assert s.player(0)["stats"]["fees_paid"] == 2
    assert s.player(1)["stats"]["fees_received"] == 2 and s.player(2)["stats"]["fees_received"] == 0


def test_hand_fees_rulebook_example_lower_path_pays_bank():
    s = _rulebook_fee_example()
    m1, m2, bank = s.player(1)["money"], s.player(2)["money"], total_money(s)
    s.apply_action(mv("FLOOD-1"))
    assert s.player(0)["money"] == 1                  # green hand: $1 to the bank
    s.apply_action(mv("FLOOD-2"))
    assert s.player(0)["money"] == 0                  # black hand: her last $1 of $2
    s.apply_action(mv("B"))
    s.apply_action(STOP)
    assert phase_b_at(s) == NODE["B"]
    assert s.player(1)["money"] == m1 and s.player(2)["money"] == m2
    assert total_money(s) == bank - 2
    assert s.player(0)["stats"]["fees_paid"] == 2


def test_hand_fees_player_choice_of_path_decides_the_fee():
    # Two routes to B with different fees: the cheaper one costs less; the choice is the player's.
    s = at_start_of_turn(4, herder="A", money=10)
    s._set_node(NODE["A-1"], building=BUILDING["7a"], owner=1)      # $3 to seat 1
    put_tile(s, "FLOOD-1", GREEN_FLOOD, keeper=3)                    # $1 to the bank
    s._refresh()
    other = s.clone()
    walk(s, "A-1", "B")
    walk(other, "FLOOD-1", "B")
    assert s.player(0)["money"] == 7 and other.player(0)["money"] == 9
    assert s.player(1)["money"] == other.player(1)["money"] + 3


# =========================================================================== 4. phase B (§2.2)


def _phase_b_on_A(hand: list[int], money: int = 6, seed: int = 1) -> GameState:
    """Seat 0 in phase B on neutral building A (moved there from START)."""
    s = second_turn(4, seed)
    arrange(s, 0, hand=hand)
    s._poke_player(0, herder=NODE["START"], money=money)
    s._refresh()
    s.apply_action(mv("A"))
    s.apply_action(STOP)
    assert phase_b_at(s) == NODE["A"]
    return s


def test_phase_b_neutral_offers_local_actions_and_single_aux():
    # §2.2 phase B 1: local actions A1 (discard Galloway -> $2), A2 (hire), A3 (hire +$2), or one single
    # aux (aux 1 and aux 2 are available from the start), or end the phase.
    s = _phase_b_on_A([GA, CR, CR, SG])
    assert legal(s) == [STOP, LOCAL[0], LOCAL[1], LOCAL[2], AUX1, AUX2, EXCHANGE]


def test_phase_b_requirement_must_be_met_galloway():
    # A's "discard a Galloway -> $2" is not legal without a Galloway in hand.
    s = _phase_b_on_A([CR, CR, SG, PW])
    assert LOCAL[0] not in legal(s)
    assert legal(s) == [STOP, LOCAL[1], LOCAL[2], AUX1, AUX2, EXCHANGE]


def test_phase_b_local_action_once_and_money_in_full():
    s = _phase_b_on_A([GA, CR, CR, SG], money=6)
    s.apply_action(LOCAL[0])
    assert s.decision_name() == "discard"             # the only Galloway, or an exchange token first
    assert legal(s) == [card(GA), EXCHANGE]
    s.apply_action(card(GA))
    assert s.player(0)["money"] == 8                  # $2 taken in full
    assert sorted(s.hand(0)) == [CR, CR, SG]
    assert s.player(0)["discard"] == [GA]
    assert phase_b_at(s) == NODE["A"]
    # used once; no aux after a local action
    assert legal(s) == [STOP, LOCAL[1], LOCAL[2], EXCHANGE]


def test_phase_b_local_action_once_even_with_a_second_galloway():
    s = _phase_b_on_A([GA, GA, CR, SG], money=6)
    s.apply_action(LOCAL[0])
    s.apply_action(card(GA))
    assert s.player(0)["money"] == 8 and s.hand(0).count(GA) == 1
    assert LOCAL[0] not in legal(s)


def test_phase_b_local_actions_in_any_order():
    s = _phase_b_on_A([GA, CR, CR, SG], money=6)
    s.apply_action(LOCAL[1])                          # hire first
    assert s.decision_name() == "hire"
    assert A["OBJ_PLAY"] not in legal(s)              # objective cards: never in the middle of an action
    s.apply_action(STOP)                              # hire nobody
    assert legal(s) == [STOP, LOCAL[0], LOCAL[2], EXCHANGE]
    s.apply_action(LOCAL[0])                          # then the discard
    s.apply_action(card(GA))
    assert s.player(0)["money"] == 8
    assert legal(s) == [STOP, LOCAL[2], EXCHANGE]


def test_phase_b_hire_action_pays_row_cost():
    # A2: hire at the row cost ($6 in row 1, §6).
    s = _phase_b_on_A([CR, CR, SG, PW], money=10)
    s.apply_action(LOCAL[1])
    row1 = s.board()["job_market"][0]
    col = next(c for c, w in enumerate(row1) if w in (0, 1))    # a cowboy or builder: no bonus on space 2
    w = row1[col]
    s.apply_action(A["HIRE"] + col)
    assert s.player(0)["money"] == 4
    assert s.player(0)["workers"][w] == 2


def test_phase_b_every_action_optional():
    s = _phase_b_on_A([GA, CR, CR, SG], money=6)
    s.apply_action(STOP)
    assert s.current_player() == 1
    assert s.player(0)["money"] == 6 and s.player(0)["discard"] == []


def test_phase_b_single_aux_replaces_local_actions():
    # The single aux only if no local action was performed, and then no local action afterwards.
    s = _phase_b_on_A([GA, CR, CR, SG], money=6)
    s.apply_action(AUX1)
    assert s.player(0)["money"] == 7
    assert legal(s) == [STOP, EXCHANGE]


def test_phase_b_aux_is_never_doubled():
    # §2.2/§5.2: even with both aux-1 spaces empty, phase B offers only the single version.
    s = _phase_b_on_A([GA, CR, CR, SG], money=6)
    clear_discs(s, 0, aux1=1)
    s._refresh()
    assert AUX1 in legal(s) and AUX1_DOUBLE not in legal(s)
    s.apply_action(AUX1)
    assert s.player(0)["money"] == 7


def _visit_private(owner: int, node: str = "FLOOD-RISK-2", building: str = "10b",
                   hand: tuple[int, ...] = (CR, CR, SG, PW), money: int = 10) -> GameState:
    """Seat 0 moves from A onto a private building owned by `owner` and stops there."""
    s = at_start_of_turn(4, herder="A", money=money)
    arrange(s, 0, hand=list(hand))
    s._set_node(NODE[node], building=BUILDING[building], owner=owner)
    s._refresh()
    s.apply_action(mv(node))
    s.apply_action(STOP)
    assert phase_b_at(s) == NODE[node]
    return s


def test_phase_b_own_building_with_risk_action():
    # §2.2/§8.3: the risk action of FLOOD-RISK-2 (discard 1 Criollo -> certificate 1 and $2) is an
    # extra local action of the owner's tile. 10b: gain $4 / engine up to 4 / herder up to 4.
    s = _visit_private(owner=0)
    assert s.player(0)["money"] == 10                 # own building: no fee
    assert legal(s) == [STOP, LOCAL[0], LOCAL[1], LOCAL[2], LOCAL[3], AUX1, AUX2, EXCHANGE]
    s.apply_action(LOCAL[3])
    s.apply_action(card(CR))
    assert s.player(0)["money"] == 12
    assert s.player(0)["certificates"] == 1
    assert s.player(0)["discard"] == [CR] and sorted(s.hand(0)) == [CR, SG, PW]
    assert legal(s) == [STOP, LOCAL[0], LOCAL[1], LOCAL[2], EXCHANGE]
    s.apply_action(LOCAL[0])
    assert s.player(0)["money"] == 16


def test_phase_b_risk_action_needs_its_requirement():
    s = _visit_private(owner=0, hand=(SG, SG, PW, GA))
    assert LOCAL[3] not in legal(s)
    assert LOCAL[0] in legal(s)


def test_phase_b_no_risk_action_on_a_plain_space():
    s = _visit_private(owner=0, node="A-1")
    assert legal(s) == [STOP, LOCAL[0], LOCAL[1], LOCAL[2], AUX1, AUX2, EXCHANGE]


def test_phase_b_other_players_building_only_single_aux():
    # §2.2 phase B 2: another player's building (even on a risk space): only one single aux or nothing.
    s = _visit_private(owner=1)
    assert s.player(0)["money"] == 8                  # 10b has a black hand: $2 to seat 1 (4 players)
    assert legal(s) == [STOP, AUX1, AUX2, EXCHANGE]
    s.apply_action(AUX1)
    assert s.player(0)["money"] == 9
    assert legal(s) == [STOP, EXCHANGE]


def test_phase_b_hazard_only_single_aux():
    s = at_start_of_turn(4, herder="A", money=10)
    put_tile(s, "FLOOD-1", GREEN_FLOOD, keeper=3)
    s._refresh()
    s.apply_action(mv("FLOOD-1"))
    s.apply_action(STOP)
    assert phase_b_at(s) == NODE["FLOOD-1"]
    assert s.player(0)["money"] == 9
    assert legal(s) == [STOP, AUX1, AUX2, EXCHANGE]
    s.apply_action(AUX2)                               # draw 1, then discard 1
    while s.decision_name() == "discard drawn":
        s.apply_action(legal(s)[0])
    assert phase_b_at(s) == NODE["FLOOD-1"]
    assert legal(s) == [STOP, EXCHANGE]


def test_phase_b_outlaw_only_single_aux():
    s = at_start_of_turn(4, herder="D", money=10)
    put_tile(s, "OUTLAW-4", ORANGE_OUTLAW, keeper=3)
    s._refresh()
    s.apply_action(mv("OUTLAW-4"))
    s.apply_action(STOP)
    assert phase_b_at(s) == NODE["OUTLAW-4"]
    assert s.player(0)["money"] == 8                  # orange outlaw = black hand: $2
    assert legal(s) == [STOP, AUX1, AUX2, EXCHANGE]


def test_phase_b_rulebook_example_own_building_with_risk_space():
    # RU/PL rulebook, phase B example: on her own private building (2a: discard a Galloway -> $4;
    # buy cattle) standing on a risk space ("discard any 1 cattle card -> certificate 1"), Masha may
    # use each of the three actions once, in any order; only if she skips them all may she take a
    # single aux action instead.
    s = _visit_private(owner=0, node="FLOOD-RISK-1", building="2a", hand=(GA, SG, PW, CR), money=10)
    assert legal(s) == [STOP, LOCAL[0], LOCAL[1], LOCAL[3], AUX1, AUX2, EXCHANGE]
    s.apply_action(LOCAL[3])                          # risk action first: discard any cattle card
    assert s.decision_name() == "discard"
    assert legal(s) == [card(CR), card(SG), card(PW), card(GA), EXCHANGE]
    s.apply_action(card(SG))
    assert s.player(0)["certificates"] == 1
    assert legal(s) == [STOP, LOCAL[0], LOCAL[1], EXCHANGE]
    s.apply_action(LOCAL[0])                          # Galloway -> $4
    s.apply_action(card(GA))
    assert s.player(0)["money"] == 14
    s.apply_action(LOCAL[1])                          # buy cattle: she may buy nothing
    assert s.decision_name() == "buy cattle"
    s.apply_action(STOP)
    assert legal(s) == [STOP, EXCHANGE]
    assert s.player(0)["discard"] == [SG, GA]


def _rulebook_hire_example(hand: list[int]) -> GameState:
    """RU/PL rulebook hire example on neutral A (4 players): the job-market token is in row 4, row 3
    ($7) holds an engineer, row 1 ($6) a cowboy; Masha already has 2 engineers, so a hired engineer
    lands on engineer space 3 (discard 1 Criollo -> $2)."""
    s = at_start_of_turn(4, herder="START", money=20)
    take_from_keeper(s, 3, 6)              # 5 workers into the market + 1 engineer on the board
    s._set_job(0, 0, COWBOY)
    s._set_job(1, 3, BUILDER)
    for col, w in enumerate([ENGINEER, BUILDER, BUILDER, BUILDER]):
        s._set_job(2, col, w)
    s._set_job_token(3, 0)
    s._poke_player(0, workers=[1, 1, 2])
    arrange(s, 0, hand=hand)
    s._refresh()
    s.apply_action(mv("A"))
    s.apply_action(STOP)
    assert phase_b_at(s) == NODE["A"]
    assert s._invariants() == []
    return s


def test_phase_b_rulebook_example_hiring_on_building_a():
    # Masha hires the engineer from the row above the token for $7 (A2), uses the immediate action
    # of engineer space 3 (Criollo -> $2), then hires a cowboy from a $6 row at +$2 = $8 (A3). She has
    # no Galloway, so A1 is not available.
    s = _rulebook_hire_example([CR, SG, PW, PW])
    assert legal(s) == [STOP, LOCAL[1], LOCAL[2], AUX1, AUX2, EXCHANGE]
    s.apply_action(LOCAL[1])
    engineer = A["HIRE"] + 2 * 4 + 0
    assert engineer in legal(s)
    assert all((a - A["HIRE"]) // 4 < 3 for a in legal(s) if a != STOP)   # never the token's row
    s.apply_action(engineer)
    assert s.decision_name() == "either/or"            # use the space's bonus now, or lose it
    assert legal(s) == [STOP, A["OPTION"], EXCHANGE]   # (a token might first bring another Criollo)
    s.apply_action(A["OPTION"])
    s.apply_action(card(CR))                           # the only Criollo is discarded for $2
    assert s.player(0)["workers"] == [1, 1, 3]
    assert s.player(0)["money"] == 20 - 7 + 2
    assert s.player(0)["discard"] == [CR]
    s.apply_action(LOCAL[2])
    s.apply_action(A["HIRE"] + 0)
    assert s.player(0)["workers"] == [2, 1, 3]
    assert s.player(0)["money"] == 20 - 7 + 2 - 8
    assert legal(s) == [STOP, EXCHANGE]


def test_worker_bonus_requirement_must_be_met_in_full():
    # §2.2: costs/requirements must be met in full to get a reward; §5.6: engineer space 3.
    s = _rulebook_hire_example([SG, SG, PW, PW])      # no Criollo in hand
    s.apply_action(LOCAL[1])
    s.apply_action(A["HIRE"] + 2 * 4 + 0)
    assert s.player(0)["workers"] == [1, 1, 3]
    assert s.player(0)["money"] == 20 - 7              # no $2 without discarding a Criollo


def test_worker_bonus_may_be_declined():
    # §5.6 "do it now or lose it"; rulebook example: "she decided to use this action".
    s = _rulebook_hire_example([CR, SG, PW, PW])
    s.apply_action(LOCAL[1])
    s.apply_action(A["HIRE"] + 2 * 4 + 0)
    assert s.decision_name() != "phase B"              # a decision on the bonus is pending
    assert STOP in legal(s)
    s.apply_action(STOP)                               # decline
    assert s.hand(0).count(CR) == 1 and s.player(0)["money"] == 20 - 7
    assert phase_b_at(s) == NODE["A"]


# --- objective cards and exchange tokens


@cache
def _seed_with_display_objective(prefix: str) -> tuple[int, int, int]:
    for seed in range(1, 200):
        d = second_turn(4, seed).board()["objective_display"]
        for slot, o in enumerate(d):
            if NAMES["objective"][o].startswith(prefix):
                return seed, slot, o
    raise AssertionError(f"fixture: no seed shows a {prefix} objective")


def _second_turn_with_objective_in_hand(prefix: str, hand=(CR, CR, SG, GA)) -> tuple[GameState, int]:
    """Seat 0 before phase A with 4 cattle cards and one objective card (taken off the display)."""
    seed, slot, o = _seed_with_display_objective(prefix)
    s = second_turn(4, seed)
    display = s.board()["objective_display"]
    display[slot] = -1
    s._set_objectives(display=display)
    arrange(s, 0, hand=list(hand))
    s._set_cards(0, hand=[*hand, N_CARD_TYPES + o])
    s._refresh()
    assert s._invariants() == []
    return s, o


def test_objective_card_played_before_phase_a():
    # §2.2/§15: an objective card in hand may be played before phase A: into the objective area, then
    # its immediate action (GAIN2: $2); phase A is still to come.
    s, o = _second_turn_with_objective_in_hand("GAIN2")
    money = s.player(0)["money"]
    area = s.player(0)["objectives"][o]
    assert A["OBJ_PLAY"] + o in legal(s)
    s.apply_action(A["OBJ_PLAY"] + o)
    assert s.player(0)["money"] == money + 2
    assert s.player(0)["objectives"][o] == area + 1
    assert s.player(0)["hand_size"] == 4 and N_CARD_TYPES + o not in s.hand(0)
    assert s.decision_name() == "before phase A"
    assert A["OBJ_PLAY"] + o not in legal(s)
    assert STOP not in legal(s)


def test_objective_card_played_between_phase_b_actions():
    s, o = _second_turn_with_objective_in_hand("GAIN2")
    money = s.player(0)["money"]
    s._poke_player(0, herder=NODE["START"])
    s._refresh()
    s.apply_action(mv("A"))
    s.apply_action(STOP)
    assert phase_b_at(s) == NODE["A"]
    s.apply_action(LOCAL[0])                          # discard Galloway -> $2
    assert A["OBJ_PLAY"] + o not in legal(s)          # not in the middle of the action
    s.apply_action(card(GA))
    assert A["OBJ_PLAY"] + o in legal(s)
    s.apply_action(A["OBJ_PLAY"] + o)
    assert s.player(0)["money"] == money + 4
    assert phase_b_at(s) == NODE["A"]
    assert legal(s) == [STOP, LOCAL[1], LOCAL[2], EXCHANGE]   # the other local actions remain


def test_objective_card_does_not_count_as_a_local_action():
    s, o = _second_turn_with_objective_in_hand("GAIN2")
    s._poke_player(0, herder=NODE["START"])
    s._refresh()
    s.apply_action(mv("A"))
    s.apply_action(STOP)
    s.apply_action(A["OBJ_PLAY"] + o)
    assert legal(s) == [STOP, LOCAL[0], LOCAL[1], LOCAL[2], AUX1, AUX2, EXCHANGE]


@pytest.mark.parametrize("n", [1, 2])
def test_exchange_token_draw_then_discard_as_many(n):
    # §2.2: return the token, draw 1 or 2, then discard as many cards as were drawn.
    s = second_turn(4, 1)
    arrange(s, 0, hand=[CR, CR, CR, CR], draw=[SG, PW])       # PW is the top card
    s._refresh()
    assert EXCHANGE in legal(s)
    s.apply_action(EXCHANGE)
    assert s.decision_name() == "exchange token"
    assert legal(s) == [A["COUNT"] + 1, A["COUNT"] + 2]
    assert s.player(0)["exchange_tokens"] == 0
    s.apply_action(A["COUNT"] + n)
    assert s.player(0)["hand_size"] == 4 + n
    assert s.decision_name() == "discard drawn"
    assert sorted(s.hand(0)) == sorted([CR] * 4 + [PW, SG][:n])
    for _ in range(n):
        s.apply_action(card(CR))
    assert s.player(0)["hand_size"] == 4
    assert s.player(0)["discard"] == [CR] * n
    assert s.player(0)["draw_size"] == 10 - n
    assert s.decision_name() == "before phase A"
    assert EXCHANGE not in legal(s)


def test_exchange_token_in_phase_b_keeps_aux_available():
    s = _phase_b_on_A([GA, CR, CR, SG])
    s.apply_action(EXCHANGE)
    s.apply_action(A["COUNT"] + 1)
    s.apply_action(legal(s)[0])
    assert phase_b_at(s) == NODE["A"]
    assert AUX1 in legal(s) and AUX2 in legal(s) and LOCAL[1] in legal(s)
    assert EXCHANGE not in legal(s)


# =========================================================================== 5. phase C (§2.2)


def _end_turn_from_start(s: GameState) -> None:
    """Seat 0 moves START -> A, stops, ends phase B: phase C runs and seat 1's turn begins."""
    s._poke_player(0, herder=NODE["START"])
    s._refresh()
    s.apply_action(mv("A"))
    s.apply_action(STOP)
    s.apply_action(STOP)
    assert s.current_player() == 1


def test_phase_c_draw_up_to_hand_limit_after_a_discard():
    s = _phase_b_on_A([GA, CR, CR, SG])
    s.apply_action(LOCAL[0])
    s.apply_action(card(GA))
    assert s.player(0)["hand_size"] == 3
    s.apply_action(STOP)
    assert s.current_player() == 1
    assert s.player(0)["hand_size"] == 4
    assert s.player(0)["draw_size"] == 9


@pytest.mark.parametrize("cleared, limit", [(0, 4), (1, 5), (2, 6)])
def test_phase_c_hand_limit_plus_one_per_cleared_disc(cleared, limit):
    # §5.4: hand limit 4, +1 per cleared hand-limit disc.
    s = second_turn(4, 1)
    arrange(s, 0, hand=[CR, SG])
    clear_discs(s, 0, hand_limit=cleared)
    assert s.player(0)["hand_limit"] == limit
    _end_turn_from_start(s)
    assert s.player(0)["hand_size"] == limit
    assert s.player(0)["draw_size"] == 12 - (limit - 2)


def test_phase_c_rulebook_example_no_reshuffle_while_draw_pile_has_cards():
    # Rulebook (RU phase C example): hand limit 5, 3 cards in hand, exactly 2 in the draw pile: she
    # draws both; the empty draw pile is NOT yet refilled from the discard pile.
    s = second_turn(4, 1)
    discard = [CR, CR, CR, SG, SG, PW, PW, GA, CR]
    arrange(s, 0, hand=[SG, PW, GA], draw=[GA, CR], discard=discard)
    clear_discs(s, 0, hand_limit=1)
    _end_turn_from_start(s)
    p = s.player(0)
    assert p["hand_size"] == 5
    assert sorted(s.hand(0)) == sorted([SG, PW, GA, GA, CR])
    assert p["draw_size"] == 0
    assert p["discard"] == discard                    # untouched, same order


def test_phase_c_reshuffle_only_when_a_card_must_be_drawn():
    s = second_turn(4, 1)
    discard = [CR, CR, CR, CR, SG, SG, SG, PW, PW, PW, GA]
    arrange(s, 0, hand=[CR], draw=[GA, GA], discard=discard)
    _end_turn_from_start(s)
    p = s.player(0)
    assert p["hand_size"] == 4
    assert s.hand(0).count(GA) >= 2                   # the 2 draw-pile cards came first
    assert p["discard"] == [] and p["draw_size"] == 10


def _remove_cards(s: GameState, seat_cards: list[int]) -> None:
    """Remove the listed cards (put in seat 0's hand) from the game through the engine's own frame."""
    s._set_cards(0, hand=seat_cards)
    s._push(F["REMOVE_CARDS"], left=len(seat_cards), compulsory=1)
    while s.decision_name() == "remove cards":
        s.apply_action(legal(s)[0])
    assert s.player(0)["hand_size"] == 0


def test_phase_c_short_deck_means_fewer_cards():
    # §2.6: no minimum deck size; a short deck refills the hand only partly.
    s = second_turn(4, 1)
    keep = [CR, SG, PW]
    removed = list((START_DECK - Counter(keep)).elements())
    s._set_cards(0, hand=[], draw=keep, discard=[])
    _remove_cards(s, removed)
    s._set_cards(0, hand=[CR], draw=[SG], discard=[PW])
    s._refresh()
    assert s._invariants() == []
    _end_turn_from_start(s)
    p = s.player(0)
    assert p["hand_size"] == 3 and sorted(s.hand(0)) == [CR, SG, PW]
    assert p["draw_size"] == 0 and p["discard"] == []


# =========================================================================== 6. determinism and cloning


def _play(s: GameState, n: int, salt: int = 0) -> list[bytes]:
    out = []
    for i in range(n):
        if s.is_terminal():
            break
        la = legal(s)
        s.apply_action(la[(i * 31 + 7 + salt) % len(la)])
        out.append(s.to_bytes())
    return out


def test_same_seed_same_bytes_after_same_actions():
    a, b = new_game(4, 42), new_game(4, 42)
    assert a.to_bytes() == b.to_bytes() and a == b
    assert _play(a, 300) == _play(b, 300)
    assert a == b and hash(a) == hash(b)


def test_different_seeds_differ():
    a, b = new_game(4, 1), new_game(4, 2)
    assert a.to_bytes() != b.to_bytes() and a != b
    boards = {repr(new_game(4, seed).board()) for seed in range(1, 6)}
    assert len(boards) > 1


def test_clone_equals_original_and_diverges_independently():
    s = new_game(3, 9)
    _play(s, 60)
    c = s.clone()
    assert c == s and c.to_bytes() == s.to_bytes()
    assert c.legal_actions() == s.legal_actions()
    assert c.decision_name() == s.decision_name() and c.current_player() == s.current_player()
    before = s.to_bytes()
    la = legal(c)
    c.apply_action(la[-1])
    assert s.to_bytes() == before                    # the original is untouched
    assert c != s
    s.apply_action(la[0])
    assert c != s
    # clones replay identically
    d = s.clone()
    assert _play(s, 100, salt=3) == _play(d, 100, salt=3)


def test_clone_of_scenario_state_keeps_edits():
    s = _rulebook_fee_example()
    c = s.clone()
    assert c == s
    c.apply_action(mv("A-1"))
    assert s.player(0)["money"] == 2 and c.player(0)["money"] == 0


# =========================================================================== action_to_string


def test_action_to_string_readable_words():
    s = new_game(4, 1)
    assert s.action_to_string(mv("C")) == "place herder on C"
    s.apply_action(mv("A"))
    assert s.action_to_string(STOP) == "end phase B"
    assert s.action_to_string(LOCAL[0]) == "local action 1"
    assert s.action_to_string(AUX1) == "aux 1 single"
    assert s.action_to_string(EXCHANGE) == "use an exchange token"
    s2 = at_start_of_turn(4, herder="A")
    put_tile(s2, "FLOOD-1", GREEN_FLOOD, keeper=3)
    s2._refresh()
    assert s2.action_to_string(mv("FLOOD-1")) == "move to FLOOD-1"
    assert "B" in s2.action_to_string(mv("B"))
    s2.apply_action(mv("B"))
    assert s2.action_to_string(STOP) == "stop here"
    s3, o = _second_turn_with_objective_in_hand("GAIN2")
    assert NAMES["objective"][o] in s3.action_to_string(A["OBJ_PLAY"] + o)
    s3.apply_action(EXCHANGE)
    assert s3.action_to_string(A["COUNT"] + 2) == "draw 2"
    s3.apply_action(A["COUNT"] + 1)
    assert s3.action_to_string(card(GA)) == "discard galloway"
    for a in legal(s3):
        assert not s3.action_to_string(a).startswith("action ")
