"""Compiled tables: decode the step bytecode back into verbs, check indices, graphs and masks.

The decoder below is written from the layout documented at the top of gwt_sim/tables.py, and is
independent of the compiler: op code -> verb name through gwt_sim.vocabulary.VERBS.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from gwt_sim.content import load_content
from gwt_sim.model import Content
from gwt_sim.tables import (
    DISCARD_CARDS,
    DISCARD_OBJECTIVE,
    DISCARD_PAIR,
    N_ARGS,
    NO,
    TILE_HAZARD,
    TILE_SECTION,
    TILE_WORKER,
    Tables,
    compile_tables,
)
from gwt_sim.variant import Variant
from gwt_sim.vocabulary import COUNTER_CODE, COUNTERS, VERBS

# --------------------------------------------------------------------------- decoder

# documented argument slots per verb (all other slots must be 0)
ARITY = {
    "gain_money": 1, "pay_money": 1, "discard": 3, "hire": 1, "build": 1, "move_engine": 3, "engine_back": 1,
    "certificates": 2, "permanent_certificates": 1, "objective_card": 3, "aux": 1, "exchange_token": 1,
    "remove_hazard": 1, "move_herder": 4, "money_per": 2, "draw_discard": 3, "remove_hand_cards": 1, "choice": 2,
}


def _opt(x: int) -> int | None:
    return None if x == NO else x


def _counter(x: int) -> str | None:
    return None if x == NO else COUNTERS[x]


def decode_step(t: Tables, i: int) -> tuple:
    op = VERBS[int(t.step_op[i])].name
    a = [int(x) for x in t.step_arg[i]]
    assert all(x == 0 for x in a[ARITY.get(op, 0):]), (op, a)
    breeds = t.names["breed"]
    if op in ("gain_money", "pay_money"):
        return op, {"amount": a[0]}
    if op == "discard":
        names = frozenset(b for k, b in enumerate(breeds) if a[0] >> k & 1)
        return op, {"breeds": names, "count": a[1], "kind": a[2]}
    if op == "hire":
        return op, {"cost_delta": a[0]}
    if op == "build":
        return op, {"cost_per_builder": a[0]}
    if op == "move_engine":
        return op, {"min": a[0], "max": _opt(a[1]), "per": _counter(a[2])}
    if op == "engine_back":
        return op, {"exactly": a[0]}
    if op == "certificates":
        return op, {"up_to": a[0], "per": _counter(a[1])}
    if op in ("permanent_certificates", "exchange_token"):
        return op, {"count": a[0]}
    if op == "objective_card":
        # the top of the stack is allowed, except for the compulsory cards of city arrows, which follow
        # the content option arrow_objective_from_stack (test_arrow_objective_cards_follow_...)
        assert a[1] == 1 or a[2] == 1, "the top of the stack is allowed by default"
        return op, {"to": ("discard", "hand")[a[0]]}
    if op == "aux":
        return op, {"mode": ("single", "single_or_double")[a[0]]}
    if op == "remove_hazard":
        return op, {"cost": a[0]}
    if op == "move_herder":
        return op, {"max": a[0], "ignore_fees": bool(a[1]), "use_location": bool(a[2]), "may_enter_kc": bool(a[3])}
    if op == "money_per":
        return op, {"per": _counter(a[0]), "amount": a[1]}
    if op == "draw_discard":
        return op, {"max": _opt(a[0]), "exactly": _opt(a[1]), "per": _counter(a[2])}
    if op == "remove_hand_cards":
        return op, {"up_to": a[0]}
    if op == "choice":
        return op, [decode(t, k) for k in range(a[0], a[0] + a[1])]
    return op, {}


def decode(t: Tables, action: int) -> list:
    """One action -> [(verb, {args}), ...]; a choice -> ('choice', [option, ...])."""
    assert 0 <= action < len(t.action_first), action
    first, n = int(t.action_first[action]), int(t.action_len[action])
    return [decode_step(t, i) for i in range(first, first + n)]


def expected_steps(content: Content, steps) -> list:
    """Content steps in the decoder's form, written from the model (not from the compiler)."""
    all_breeds = frozenset(content.breeds)
    out = []
    for s in steps:
        g = s.get
        if s.op == "choice":
            out.append(("choice", [expected_steps(content, o) for o in s.options]))
            continue
        if s.op == "discard":
            card = g("card")
            if card == "any":
                args = {"breeds": all_breeds, "count": g("count"), "kind": DISCARD_CARDS}
            elif card == "pair_same_breed":
                args = {"breeds": all_breeds, "count": 2, "kind": DISCARD_PAIR}
            elif card == "objective":
                args = {"breeds": frozenset(), "count": g("count"), "kind": DISCARD_OBJECTIVE}
            else:
                members = content.card_groups.get(card, (card,))
                args = {"breeds": frozenset(members), "count": g("count"), "kind": DISCARD_CARDS}
        elif s.op == "move_engine":
            args = {"min": g("min"), "max": g("max"), "per": g("per")}
        elif s.op == "certificates":
            args = {"up_to": g("up_to"), "per": g("per")}
        elif s.op == "draw_discard":
            args = {"max": g("max"), "exactly": g("exactly"), "per": g("per")}
        else:
            args = dict(s.args)
        out.append((s.op, args))
    return out


def referenced_actions(t: Tables) -> dict[str, np.ndarray]:
    return {name: np.asarray(t.arrays[name]).ravel() for name in (
        "building_actions", "node_risk", "node_take", "aux_single", "aux_double", "worker_immediate",
        "sm_immediate", "objective_immediate", "arrow_action", "city_on_place", "disc_on_clear", "rail_end_reward")}


@pytest.fixture(scope="module")
def tables(builtin_content) -> Tables:
    return compile_tables(builtin_content, Variant())


def building_action(t: Tables, bid: str, j: int) -> int:
    return int(t.building_actions[t.names["building"].index(bid), j])


def node(t: Tables, nid: str) -> int:
    return t.names["node"].index(nid)


def rail(t: Tables, name: str) -> int:
    return t.names["rail_position"].index(name)


# --------------------------------------------------------------------------- bytecode


def test_building_a_decodes(tables):
    assert [decode(tables, building_action(tables, "A", j)) for j in range(3)] == [
        [("discard", {"breeds": frozenset({"galloway"}), "count": 1, "kind": DISCARD_CARDS}),
         ("gain_money", {"amount": 2})],
        [("hire", {"cost_delta": 0})],
        [("hire", {"cost_delta": 2})],
    ]


def test_building_d_choice_decodes(tables):
    d = tables.names["building"].index("D")
    assert tables.building_actions[d].tolist()[2] == NO      # D has two local actions
    first = decode(tables, building_action(tables, "D", 0))
    assert first == [("choice", [
        [("bounty", {})],
        [("pay_money", {"amount": 2}), ("move_engine", {"min": 1, "max": 2, "per": None})],
    ])]
    assert decode(tables, building_action(tables, "D", 1)) == [("aux", {"mode": "single_or_double"})]
    # the raw choice step: a0 = first option action, a1 = number of options, options contiguous
    step = int(tables.action_first[building_action(tables, "D", 0)])
    a0, a1 = int(tables.step_arg[step][0]), int(tables.step_arg[step][1])
    assert a1 == 2
    assert tables.names["action"][a0].startswith("building D action 1, option 1")
    assert tables.names["action"][a0 + 1].startswith("building D action 1, option 2")


def test_other_buildings_decode(tables):
    assert decode(tables, building_action(tables, "10b", 1)) == [("move_engine", {"min": 1, "max": 4, "per": None})]
    assert decode(tables, building_action(tables, "7b", 0)) == [
        ("move_engine", {"min": 1, "max": None, "per": "own_woods_buildings"})]
    assert decode(tables, building_action(tables, "7a", 0)) == [
        ("money_per", {"per": "outlaw_pairs", "amount": 2}), ("certificates", {"up_to": 2, "per": "outlaw_pairs"})]
    assert decode(tables, building_action(tables, "4b", 0)) == [
        ("draw_discard", {"max": None, "exactly": None, "per": "cowboys"})]
    assert decode(tables, building_action(tables, "1b", 0))[0] == (
        "discard", {"breeds": frozenset(), "count": 1, "kind": DISCARD_OBJECTIVE})
    assert decode(tables, building_action(tables, "F", 0))[0][1]["kind"] == DISCARD_PAIR
    assert decode(tables, building_action(tables, "F", 1)) == [("remove_hazard", {"cost": 7})]
    assert decode(tables, building_action(tables, "10a", 1)) == [
        ("move_herder", {"max": 5, "ignore_fees": False, "use_location": True, "may_enter_kc": True})]


def test_every_action_round_trips(builtin_content, tables):
    c, t = builtin_content, tables
    checked = 0

    def same(action: int, steps, where: str) -> None:
        nonlocal checked
        if not steps:
            assert action == NO, where
            return
        assert decode(t, action) == expected_steps(c, steps), where
        checked += 1

    for b, bid in enumerate(t.names["building"]):
        acts = c.building(bid).actions
        for j in range(t.building_actions.shape[1]):
            same(int(t.building_actions[b, j]), acts[j] if j < len(acts) else (), f"building {bid} {j}")
    for i, nid in enumerate(t.names["node"]):
        same(int(t.node_risk[i]), c.trail.nodes[nid].risk, f"risk {nid}")
        same(int(t.node_take[i]), c.trail.nodes[nid].bounty, f"bounty {nid}")
    for i in range(5):
        aux = c.board.aux_actions[f"aux{i + 1}"]
        same(int(t.aux_single[i]), aux.single, f"aux{i + 1} single")
        same(int(t.aux_double[i]), aux.double, f"aux{i + 1} double")
    for w, wtype in enumerate(("cowboy", "builder", "engineer")):
        for space in range(t.worker_immediate.shape[1]):
            same(int(t.worker_immediate[w, space]), c.board.worker_immediate.get((wtype, space), ()),
                 f"{wtype} {space}")
    for i, sid in enumerate(t.names["station_master"]):
        same(int(t.sm_immediate[i]), c.station_masters[sid].immediate, sid)
    for i, oid in enumerate(t.names["objective"]):
        card = c.objective_cards[oid]
        same(int(t.objective_immediate[i]), c.objective_immediates[card.immediate] if card.immediate else (), oid)
    for i, a in enumerate(c.arrows):
        same(int(t.arrow_action[i]), a.immediate, a.id)
    for i, city in enumerate(c.cities):
        same(int(t.city_on_place[i]), city.on_place, city.id)
    for i, d in enumerate(c.board.disc_spaces):
        same(int(t.disc_on_clear[i]), d.on_clear, d.id)
    same(int(t.rail_end_reward[0]), c.railroad.end_reward, "end of track")
    assert checked > 90


def test_action_indices_in_range_and_op_codes_valid(tables):
    t = tables
    n_actions, n_steps = len(t.action_first), len(t.step_op)
    assert len(t.action_len) == n_actions == len(t.names["action"])
    assert t.step_arg.shape == (n_steps, N_ARGS)
    assert ((t.step_op >= 0) & (t.step_op < len(VERBS))).all()
    assert (t.action_len >= 1).all()
    assert (t.action_first >= 0).all() and (t.action_first + t.action_len <= n_steps).all()
    # top-level references: NO or a valid action
    top = []
    for name, refs in referenced_actions(t).items():
        for a in refs.tolist():
            assert a == NO or 0 <= a < n_actions, (name, a)
            if a != NO:
                top.append(a)
    # choice arguments: a contiguous run of valid actions
    options = []
    choice = next(i for i, v in enumerate(VERBS) if v.name == "choice")
    for i in np.flatnonzero(t.step_op == choice):
        a0, a1 = int(t.step_arg[i][0]), int(t.step_arg[i][1])
        assert a1 >= 2 and 0 <= a0 and a0 + a1 <= n_actions, (i, a0, a1)
        options += range(a0, a0 + a1)
    # every action is reached exactly once, either from a table or from a choice
    assert sorted(top + options) == list(range(n_actions))
    # the steps of different actions do not overlap
    spans = sorted(zip(t.action_first.tolist(), t.action_len.tolist(), strict=True))
    for (f1, n1), (f2, _) in itertools.pairwise(spans):
        assert f1 + n1 <= f2


@pytest.mark.parametrize("variant", [Variant(players=2, simmental=True, sides="random"),
                                     Variant(players=3, neutral_layout="random", station_masters="SM9,SM8,SM7,SM6,SM5")])
def test_indices_valid_for_other_variants(builtin_content, variant):
    test_action_indices_in_range_and_op_codes_valid(compile_tables(builtin_content, variant))


def test_worker_immediate_and_aux(tables):
    t = tables
    eng = 2
    assert decode(t, int(t.worker_immediate[eng, 3])) == [
        ("discard", {"breeds": frozenset({"criollo"}), "count": 1, "kind": DISCARD_CARDS}),
        ("gain_money", {"amount": 2})]
    assert decode(t, int(t.worker_immediate[eng, 4])) == [("hire", {"cost_delta": -2})]
    assert int(t.worker_immediate[eng, 1]) == NO and int(t.worker_immediate[0, 5]) == NO
    assert decode(t, int(t.worker_immediate[0, 6])) == [("bounty", {})]
    assert decode(t, int(t.aux_double[2])) == [("pay_money", {"amount": 2}), ("engine_back", {"exactly": 2}),
                                                ("certificates", {"up_to": 2, "per": None})]
    assert decode(t, int(t.aux_single[1])) == [("draw_discard", {"max": None, "exactly": 1, "per": None})]
    assert t.worker_space_vp.tolist() == [0, 0, 0, 0, 0, 4, 4]


def test_patched_step_reaches_bytecode():
    t = compile_tables(None, Variant(patches=['set = { "private.10b.actions[0][0].amount" = 3 }']))
    assert decode(t, building_action(t, "10b", 0)) == [("gain_money", {"amount": 3})]


# --------------------------------------------------------------------------- railroad


def test_rail_graph_around_turnout(tables):
    t = tables
    t45 = rail(t, "4.5")
    assert set(t.rail_next[4].tolist()) == {5, t45}
    assert t.rail_next[t45].tolist() == [5, NO]
    assert set(t.rail_prev[5].tolist()) == {4, t45}
    assert t.rail_prev[t45].tolist() == [4, NO]
    assert t.rail_next[5].tolist() == [6, NO] and t.rail_prev[4].tolist() == [3, NO]
    assert t.rail_prev[0].tolist() == [NO, NO]
    assert t.rail_next[39].tolist() == [NO, NO]
    assert t.rail_station[t45] == 0 and t.rail_station[4] == NO and t.rail_station[5] == NO


def test_rail_graph_all_turnouts(tables):
    t = tables
    turnouts = {s: k for s, k in zip(range(1, 10), (4, 7, 10, 13, 16, 21, 25, 29, 33), strict=True)}
    for station, k in turnouts.items():
        p = rail(t, f"{k}.5")
        assert t.station_position[station - 1] == p
        assert t.rail_station[p] == station - 1
        assert sorted(t.rail_next[k].tolist()) == sorted([k + 1, p])
        assert t.rail_next[p].tolist() == [k + 1, NO]
        assert sorted(t.rail_prev[k + 1].tolist()) == sorted([k, p])
    # plain spaces have a single way forward and back
    for k in set(range(39)) - set(turnouts.values()):
        assert t.rail_next[k].tolist() == [k + 1, NO]
    assert len(t.rail_next) == 40 + 9
    assert t.rail_end == 39


def test_turnout_counts_as_next_space(tables, builtin_content):
    t45 = rail(tables, "4.5")
    assert tables.rail_number[t45] == 5
    assert tables.rail_number[rail(tables, "33.5")] == 34
    assert tables.rail_number[:40].tolist() == list(range(40))
    off = compile_tables(builtin_content, Variant(patches=["[options]\nturnout_counts_as_next_space = false"]))
    assert off.rail_number[t45] == 4
    assert off.rail_number[rail(off, "33.5")] == 33


def test_station_10_on_space_39(tables):
    assert tables.station_position[9] == 39
    assert tables.rail_station[39] == 9
    assert tables.names["rail_position"][39] == "39"
    assert tables.station_cost.tolist() == [2, 2, 4, 4, 6, 8, 7, 6, 5, 3]
    assert tables.station_vp.tolist() == [1, 1, 2, 2, 3, 5, 6, 7, 8, 9]
    assert tables.station_corner.tolist() == [0, 0, 0, 0, 1, 1, 1, 1, 1, 1]
    assert tables.station_has_master.tolist() == [1] * 5 + [0] * 5


def test_crosses_and_end_of_track(tables):
    assert [i for i, x in enumerate(tables.cross_after.tolist()) if x] == [3, 4, 5, 7, 9, 10, 11, 13, 15, 16, 17]
    assert decode(tables, int(tables.rail_end_reward[0])) == [("gain_money", {"amount": 3})]
    assert (tables.rail_end_min_back, tables.cross_cost) == (1, 1)


# --------------------------------------------------------------------------- cattle and masks


def test_breed_masks(tables):
    t = tables
    breeds = t.names["breed"]

    def names(mask: int) -> set[str]:
        return {b for k, b in enumerate(breeds) if int(mask) >> k & 1}

    opts = t.names["buy_option"]
    for i, oid in enumerate(opts):
        expected = {"value3": {"black_angus", "longhorn", "corriente"}, "shorthorn": {"shorthorn"},
                    "hereford": {"hereford"}}[oid.split("_")[0]]
        assert names(t.buy_breed_mask[i]) == expected, oid
    five_a = decode(t, building_action(t, "5a", 0))[0]
    assert five_a[1]["breeds"] == {"black_angus", "longhorn", "corriente"}
    any_discard = decode(t, building_action(t, "8b", 0))[0]
    assert any_discard[1]["breeds"] == set(breeds)


def test_decks(tables):
    t = tables
    breeds = t.names["breed"]
    start = [breeds[t.card_breed[c]] for c in t.start_deck]
    assert {b: start.count(b) for b in set(start)} == {"criollo": 5, "santa_gertrudis": 3, "pineywoods": 3,
                                                       "galloway": 3}
    market = [(breeds[t.card_breed[c]], int(t.card_vp[c])) for c in t.market_deck]
    assert len(market) == 36
    assert market.count(("black_angus", 1)) == 7 and market.count(("corriente", 3)) == 7
    assert market.count(("shorthorn", 4)) == 3 and market.count(("hereford", 7)) == 2
    assert t.breed_value.tolist() == [1, 2, 2, 2, 3, 3, 3, 4, 5, 2, 4, 5]
    calf, heifer, cow = (breeds.index(b) for b in ("simmental_calf", "simmental_heifer", "simmental_cow"))
    assert (t.breed_upgrade[calf], t.breed_upgrade[heifer], t.breed_upgrade[cow]) == (heifer, cow, NO)
    assert len({int(t.breed_income_group[b]) for b in (calf, heifer, cow)}) == 1
    assert len(set(t.breed_income_group.tolist())) == 10


# --------------------------------------------------------------------------- trail


def test_trail_tables(tables):
    t = tables
    names = t.names["node"]
    assert names[t.node_start] == "START" and names[t.node_kc] == "KC"
    assert [names[x] for x in t.node_next[node(t, "A")].tolist()] == ["A-1", "FLOOD-1"]
    assert [names[x] for x in t.node_next[node(t, "D")].tolist()] == ["D-1", "OUTLAW-4"]
    assert t.node_next[node(t, "A-1")].tolist()[1] == NO
    assert t.node_next[node(t, "KC")].tolist() == [NO, NO]
    assert t.node_next[node(t, "OUTLAW-1")].tolist() == [NO, NO]
    assert [names[x] for x in t.neutral_space] == list("ABCDEFG")
    assert [t.names["building"][x] for x in t.neutral_default_tile] == list("ABCDEFG")
    assert len(t.private_space) == 22
    assert sum(t.node_woods.tolist()) == 8
    assert sum(1 for x in t.node_risk.tolist() if x != NO) == 7
    assert sum(t.node_on_trail.tolist()) == len(names) - 3


def test_hazard_spaces_in_index_order(tables):
    t = tables
    names = t.names["node"]
    assert t.names["hazard_type"] == ("flood", "drought", "rockfall")
    for row, section in enumerate(t.names["hazard_type"]):
        assert [names[x] for x in t.hazard_space[row]] == [f"{section.upper()}-{i}" for i in range(1, 5)]
        for i, x in enumerate(t.hazard_space[row].tolist()):
            assert t.node_section[x] == row and t.node_index[x] == i + 1


def test_outlaw_spaces_in_index_order(tables):
    t = tables
    names = t.names["node"]
    assert [names[x] for x in t.section_space] == [f"OUTLAW-{i}" for i in range(1, 10)]
    bounties = [decode(t, int(t.node_take[x])) for x in t.section_space]
    assert bounties[0] == [("exchange_token", {"count": 1})]
    assert [b[0][1]["amount"] for b in bounties[1:]] == [1, 2, 3, 4, 5, 6, 8, 10]
    assert [t.node_on_trail[x] for x in t.section_space] == [0, 0, 0, 1, 1, 1, 1, 1, 1]


def test_trail_tables_follow_a_patched_graph():
    t = compile_tables(None, Variant(patches=['[nodes.A]\nnext = ["FLOOD-1", "A-1"]']))
    names = t.names["node"]
    assert [names[x] for x in t.node_next[names.index("A")]] == ["FLOOD-1", "A-1"]


# --------------------------------------------------------------------------- supply, board, others


def test_bags_and_tiles(tables):
    t = tables
    kinds = t.tile_kind.tolist()
    assert kinds.count(TILE_WORKER) == 3 and kinds.count(TILE_SECTION) == 2 and kinds.count(TILE_HAZARD) == 15
    assert t.bag_size.tolist() == [35, 33, 26]
    for b, size in enumerate(t.bag_size.tolist()):
        row = t.bag_tiles[b].tolist()
        assert all(x != NO for x in row[:size]) and all(x == NO for x in row[size:])
    bag1 = t.bag_tiles[0, :35].tolist()
    assert sum(kinds[x] == TILE_HAZARD for x in bag1) == 18
    assert sum(t.tile_vp[x] for x in bag1) == 3 * (2 + 2 + 3 + 3 + 4 + 4)
    green, orange = t.names["section_colour"].index("green"), t.names["section_colour"].index("orange")
    outlaw_tile = {int(t.tile_sub[x]): x for x in range(len(kinds)) if kinds[x] == TILE_SECTION}
    assert bag1.count(outlaw_tile[green]) == 9 and bag1.count(outlaw_tile[orange]) == 8
    all_tiles = [x for b, n in enumerate(t.bag_size.tolist()) for x in t.bag_tiles[b, :n].tolist()]
    assert sum(kinds[x] == TILE_WORKER for x in all_tiles) == 54
    assert sum(kinds[x] == TILE_SECTION for x in all_tiles) == 22
    assert t.foresight_bag.tolist() == [0, 1, 2]


def test_board_and_job_market(tables):
    t = tables
    assert t.job_row_cost.tolist() == [6, 6, 7, 5, 7, 9, 6, 8, 10, 6, 5, 4]
    assert t.job_refill_row.tolist() == [0] * 6 + [1, 0, 0, 1, 0, 0]
    assert t.job_token_start_row == 1                     # 0-based row 2
    assert t.disc_count.tolist() == [1, 1, 2, 2, 2, 1, 1, 2, 1, 1] and sum(t.disc_count) == 14
    assert t.disc_clear_cost.tolist()[7] == 5
    assert t.cert_positions.tolist() == [0, 1, 2, 3, 4, 6]
    assert (t.cert_limit_base, t.cert_limit_4, t.cert_limit_6) == (3, 4, 5)    # indices into positions
    assert t.city_value.tolist() == [0, 1, 4, 6, 8, 10, 12, 14, 16, 18]
    assert t.counter_city[COUNTER_CODE["new_york_discs"]] == 9 == t.names["city"].index("new_york")
    assert t.arrow_end_vp.tolist() == [0, -3, 0, 0, 0, 6, 8, 4]
    assert [int(t.arrow_b[i]) - int(t.arrow_a[i]) for i in range(8)] == [1] * 8


def test_objectives_and_station_masters(tables, builtin_content):
    t = tables
    names = t.names["objective"]
    assert int(t.objective_count.sum()) == 28
    assert int(t.objective_starting.sum()) == 4
    ssg = names.index("START_SSG")
    need = dict(zip(t.names["task"], t.objective_need[ssg].tolist(), strict=True))
    assert need["station"] == 2 and need["orange_outlaw"] == 1 and sum(need.values()) == 3
    assert t.sm_vp.tolist() == [3, 3, 3, 3, 1, 3, 2, 0, 0]
    assert t.sm_every.tolist()[:7] == [2, 2, 1, 2, 1, 2, 1]
    assert [None if x == NO else COUNTERS[x] for x in t.sm_per.tolist()] == [
        "objective_cards_in_area", "certificates_total", "outlaw_pairs", "hazards_held", "workers_on_board",
        "upgraded_stations", "own_buildings_on_board", None, None]
    green = compile_tables(load_content(patches=['[options]\ngreen_teepee_task_as = "green_outlaw"']), Variant())
    need = dict(zip(green.names["task"], green.objective_need[ssg].tolist(), strict=True))
    assert need["green_outlaw"] == 1 and need["orange_outlaw"] == 0


def test_variant_knobs_stay_symbolic(builtin_content):
    t = compile_tables(builtin_content, Variant(sides="random", neutral_layout="random"))
    assert t.variant_sides.tolist() == [2] * 12
    assert t.variant_layout.tolist() == [NO] * 7
    assert t.variant_station_masters.tolist() == [NO] * 5


def test_arrow_objective_cards_follow_the_from_stack_option() -> None:
    from gwt_sim.vocabulary import OP_CODE

    def stack_flags(t):
        flags = {}
        for label, first, length in zip(t.names["action"], t.action_first, t.action_len, strict=True):
            for k in range(first, first + length):
                if t.step_op[k] == OP_CODE["objective_card"]:
                    flags[label] = int(t.step_arg[k][1])
        return flags

    # default (RU/PL/EN 2E rulebooks): an arrow's card comes from the general objective display only
    default = stack_flags(compile_tables(variant=Variant(players=2)))
    on = stack_flags(compile_tables(variant=Variant(
        players=2, patches=["[options]\narrow_objective_from_stack = true"])))
    arrows = [k for k in default if k.startswith("arrow ")]
    assert len(arrows) == 3 and all(default[k] == 0 for k in arrows)
    assert all(on[k] == 1 for k in arrows)
    off = default
    t = compile_tables(variant=Variant(players=2))
    compulsory = {label for label, first, length in zip(t.names["action"], t.action_first, t.action_len, strict=True)
                  for k in range(first, first + length)
                  if t.step_op[k] == OP_CODE["objective_card"] and t.step_arg[k][2] == 1}
    assert compulsory == set(arrows)
    assert off["building C action 1, option 2"] == 1 and off["building 8b action 1"] == 1
