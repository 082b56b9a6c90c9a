# cython: embedsignature=True
"""Conservation and limit invariants of a game state, checked after every action in debug mode
(`GameState(..., debug=True)`). Imported only when they are checked."""

from gwt_sim.engine.game cimport GameState
from gwt_sim.engine.queries cimport cert_limit, hand_limit
from gwt_sim.engine.state cimport *


cdef list sam_violations(Game* g, const Rules* r, int discs_placed):
    """Sam (solo mode): no money, tokens, cards or disc spaces; discs, cards and tiles conserved; his
    specialisation is a type he has most of (docs/solo_engine.md §13)."""
    bad = []
    cdef Player* p = &g.p[r.sam_seat]
    cdef Sam* S = &g.sam
    cdef int i, num, bid, node
    if p.money != 0 or p.tokens != 0 or p.hand_n != 0 or p.draw_n != 0 or any(p.sm_held[i] for i in range(MAX_SM)):
        bad.append(f"Sam holds money {p.money}, tokens {p.tokens}, cards {p.hand_n}/{p.draw_n} or a station master")
    if S.discs < 0 or S.discs + discs_placed != r.sam_discs:
        bad.append(f"Sam's discs not conserved: {S.discs} in supply + {discs_placed} placed != {r.sam_discs}")
    cards = sorted([S.deck[i] for i in range(S.deck_n)] + [S.discard[i] for i in range(S.discard_n)]
                   + ([S.card] if S.card else []))
    expected = [i + 1 for i in range(r.sam_n_cards) if r.sam_in_deck[i]]
    if cards != expected:
        bad.append(f"Sam's cards not conserved: {cards} != {expected}")
    for i in range(N_WTYPES):
        if p.workers[i] > p.workers[S.specialisation]:
            bad.append(f"Sam's specialisation {S.specialisation} is not a type he has most of")
    for num in range(1, r.n_numbers + 1):
        if p.tiles[num - 1] == 1:
            node = p.tile_node[num - 1]
            bid = r.n_neutral_buildings + 2 * (num - 1) + r.sam_side
            if node < 0 or g.node_owner[node] != r.sam_seat or g.node_building[node] != bid:
                bad.append(f"Sam's tile {num} is not on its node {node}")
        elif not 0 <= p.tiles[num - 1] <= 2:
            bad.append(f"Sam's tile {num} in state {p.tiles[num - 1]}")
    if S.engine_off and p.engine != 0:
        bad.append("Sam's engine left the track but stands on it")
    return bad


def invariant_violations(GameState s not None) -> list:
    """Violations of the conservation invariants (an empty list when all hold)."""
    cdef int pl, total = 0
    s._check_set_up()
    for pl in range(s.g.n_players):
        total += s.r.start_money[pl]
    return check_invariants(&s.g, s.r, total)


cdef list check_invariants(Game* g, const Rules* r, int start_money_total):
    """Conservation and limit checks (debug mode). Returns a list of violations."""
    bad = []
    cdef int pl, i, c, n, total
    cdef Player* p
    cattle = [0] * r.n_card_types
    objs = [0] * r.n_obj
    tiles = [0] * r.n_tile_types
    money = 0
    for pl in range(g.n_players):
        p = &g.p[pl]
        money += p.money
        if p.money < 0:
            bad.append(f"player {pl} has negative money {p.money}")
        n = 0
        for c in range(r.n_card_types + r.n_obj):
            if p.hand[c] < 0:
                bad.append(f"player {pl} holds {p.hand[c]} of card {c}")
            n += p.hand[c]
        if n != p.hand_n:
            bad.append(f"player {pl} hand count {p.hand_n} != {n}")
        for i in range(p.draw_n):
            c = p.draw[i]
            if c < r.n_card_types: cattle[c] += 1
            else: objs[c - r.n_card_types] += 1
        for i in range(p.discard_n):
            c = p.discard[i]
            if c < r.n_card_types: cattle[c] += 1
            else: objs[c - r.n_card_types] += 1
        for c in range(r.n_card_types):
            cattle[c] += p.hand[c] + p.removed[c]
        for c in range(r.n_obj):
            objs[c] += p.hand[r.n_card_types + c] + p.objectives[c] + p.removed[r.n_card_types + c]
        total = 0
        for i in range(N_DISC):
            if not 0 <= p.discs[i] <= r.disc_count[i]:
                bad.append(f"player {pl} disc group {i} holds {p.discs[i]}")
            total += p.discs[i]
        for i in range(r.n_cities):
            total += p.city_discs[i]
        for i in range(r.n_stations):
            total += p.station_disc[i]
            if p.station_disc[i] and not p.station_done[i]:
                bad.append(f"player {pl} has a disc on station {i + 1} it never upgraded")
        if r.solo and pl == r.sam_seat:
            bad.extend(sam_violations(g, r, total))
        elif total != sum(r.disc_count[i] for i in range(N_DISC)):
            bad.append(f"player {pl} discs not conserved: {total}")
        for i in range(N_WTYPES):
            if not 1 <= p.workers[i] <= r.worker_spaces:
                bad.append(f"player {pl} worker row {i} holds {p.workers[i]}")
            tiles[i] += p.workers[i] - 1
        tiles[0] += 0
        for i in range(r.n_tile_types):
            tiles[i] += p.hazards[i]
        if p.cert > cert_limit(r, p) or p.cert < 0:
            bad.append(f"player {pl} certificate marker {p.cert} beyond limit {cert_limit(r, p)}")
        if p.engine != 0 and g.rail_occ[p.engine] != pl + 1:
            bad.append(f"player {pl} engine position {p.engine} not marked occupied")
        if p.herder >= r.n_nodes:
            bad.append(f"player {pl} herder on unknown node {p.herder}")
        if p.hand_n > hand_limit(r, p) + 8:
            bad.append(f"player {pl} holds {p.hand_n} cards")
    # outlaw / teepee tiles held
    section_held = 0
    for pl in range(g.n_players):
        for i in range(MAX_SECTION_COLOURS):
            section_held += g.p[pl].section_tiles[i]
    sm_workers = sum(g.p[pl].sm_taken for pl in range(g.n_players))
    for c in range(r.n_card_types):
        cattle[c] += g.market[c]
    for i in range(g.market_deck_n):
        cattle[g.market_deck[i]] += 1
    for i in range(r.n_breeds):
        if r.supply_type[i] >= 0:
            cattle[r.supply_type[i]] += g.supply[i]
    expected_cattle = [0] * r.n_card_types
    for i in range(r.start_deck_n):
        expected_cattle[r.start_deck[i]] += g.n_players - r.solo      # Sam has no starting deck
    for i in range(r.market_deck_n):
        expected_cattle[r.market_deck[i]] += 1
    for i in range(r.n_breeds):
        if r.supply_type[i] >= 0:
            expected_cattle[r.supply_type[i]] += r.supply_count[i]
    if cattle != expected_cattle:
        bad.append(f"cattle cards not conserved: {cattle} != {expected_cattle}")
    for i in range(4):
        if g.obj_display[i] >= 0:
            objs[g.obj_display[i]] += 1
    for i in range(g.obj_stack_n):
        objs[g.obj_stack[i]] += 1
    expected_objs = [0 if r.obj_starting[o] else r.obj_count[o] for o in range(r.n_obj)]
    n_start = sum(r.obj_count[o] for o in range(r.n_obj) if r.obj_starting[o])
    dealt = min(n_start, g.n_players * r.start_objectives)
    got_start = sum(objs[o] for o in range(r.n_obj) if r.obj_starting[o])
    if got_start != dealt or [objs[o] for o in range(r.n_obj) if not r.obj_starting[o]] != \
            [expected_objs[o] for o in range(r.n_obj) if not r.obj_starting[o]]:
        bad.append(f"objective cards not conserved: {objs}")
    # tiles: bags, foresight, job market, board, players, station masters, out of the game
    counted = [0] * r.n_tile_types
    for i in range(N_BAGS):
        for j in range(g.bag_n[i]):
            counted[g.bag[i][j]] += 1
        for j in range(r.foresight_rows):
            if g.foresight[i][j] >= 0:
                counted[g.foresight[i][j]] += 1
    workers_in_market = [0, 0, 0]
    for i in range(r.job_rows):
        for j in range(r.job_columns):
            if g.job[i][j] >= 0:
                workers_in_market[g.job[i][j]] += 1
    on_board = [0] * r.n_tile_types
    for i in range(r.n_nodes):
        if g.node_tile[i] >= 0:
            on_board[g.node_tile[i]] += 1
    total_tiles = sum(counted) + sum(workers_in_market) + sum(on_board) + sum(tiles) + sm_workers \
        + section_held + g.tiles_gone
    expected_tiles = sum(r.bag_size[i] for i in range(N_BAGS))
    if total_tiles != expected_tiles:
        bad.append(f"tiles not conserved: {total_tiles} != {expected_tiles}")
    if money != start_money_total + g.bank_net:
        bad.append(f"money not conserved: players hold {money}, expected {start_money_total + g.bank_net}")
    occupied = [i for i in range(1, r.n_rail) if g.rail_occ[i]]
    engines = [g.p[pl].engine for pl in range(g.n_players) if g.p[pl].engine != 0]
    if sorted(occupied) != sorted(engines):
        bad.append(f"railroad occupancy {occupied} != engines {engines}")
    if len(set(engines)) != len(engines):
        bad.append("two engines share a space")
    for i in range(SM_SPACES):
        if g.sm_station[i] >= 0 and any(g.p[pl].sm_held[g.sm_station[i]] for pl in range(g.n_players)):
            bad.append("a station master is both on its station and held")
    return bad
