# cython: embedsignature=True
"""Read-only questions about a game (see queries.pxd; the small ones are inline there)."""

from gwt_sim.engine.state cimport *
from gwt_sim.engine.typedefs cimport i8, i16, i32, u64

# ----------------------------------------------------------------------------- cards

cdef int pair_possible(Game* g, const Rules* r, int pl, int mask) noexcept nogil:
    """Can two cards of "the same breed" (pair_key) among the mask's breeds be discarded?"""
    cdef int b, c
    cdef int in_hand[MAX_BREEDS]             # cards in hand per breed (one pass over the hand)
    cdef int in_group[MAX_BREEDS]            # the Simmental stages' cards per income group
    for b in range(r.n_breeds):
        in_hand[b] = 0
    for c in range(r.n_card_types):
        if g.p[pl].hand[c]:
            in_hand[r.card_breed[c]] += g.p[pl].hand[c]
    # the mask's cards summed by pair key: a breed alone, or (pair_key) the Simmental stages of one
    # income group together
    for b in range(MAX_BREEDS):
        in_group[b] = 0
    for b in range(r.n_breeds):
        if not (mask >> b) & 1:
            continue
        if r.simmental_pair and (r.simmental_mask >> b) & 1:
            in_group[r.breed_group[b]] += in_hand[b]
            if in_group[r.breed_group[b]] >= 2:
                return 1
        elif in_hand[b] >= 2:
            return 1
    return 0

cdef int pair_mask(const Rules* r, int breed) noexcept nogil:
    """The breeds that count as the same breed as `breed`."""
    cdef int b, m = 0
    for b in range(r.n_breeds):
        if pair_key(r, b) == pair_key(r, breed):
            m |= 1 << b
    return m

cdef int breeding_value(Game* g, const Rules* r, int pl) noexcept nogil:
    """Sum of the values of distinct breeds in hand; breeds sharing an income group (Simmental
    stages) count once, with the highest value among them."""
    cdef int best[MAX_BREEDS]
    cdef int c, b, grp, total = 0
    for grp in range(MAX_BREEDS):
        best[grp] = 0
    for c in range(r.n_card_types):
        if g.p[pl].hand[c]:
            b = r.card_breed[c]
            grp = r.breed_group[b]
            if r.breed_value[b] > best[grp]:
                best[grp] = r.breed_value[b]
    for grp in range(MAX_BREEDS):
        total += best[grp]
    return total

# ----------------------------------------------------------------------------- counters

cdef int deck_count(Game* g, const Rules* r, int pl, int mask) noexcept nogil:
    """Cattle cards of the mask's breeds the player owns (hand, draw and discard piles)."""
    cdef Player* p = &g.p[pl]
    cdef int i, c, n = 0
    for i in range(p.draw_n):
        c = p.draw[i]
        if c < r.n_card_types and (mask >> r.card_breed[c]) & 1:
            n += 1
    for i in range(p.discard_n):
        c = p.discard[i]
        if c < r.n_card_types and (mask >> r.card_breed[c]) & 1:
            n += 1
    return n + hand_matching(g, r, pl, mask)

cdef int count_own_buildings(Game* g, const Rules* r, int pl, int woods_only) noexcept nogil:
    cdef int i, node, n = 0
    for i in range(r.n_private_spaces):
        node = r.private_space[i]
        if g.node_owner[node] == pl and g.node_building[node] >= 0 and (not woods_only or r.node_woods[node]):
            n += 1
    return n

cdef int counter(Game* g, const Rules* r, int pl, int code) noexcept nogil:
    """The value of a counter of the vocabulary for a player: a component of the content as the
    compiled tables say (a card group, section tile colours, a city), else a count every content has."""
    cdef Player* p = &g.p[pl]
    cdef int i, a, b, n = 0
    cdef int source = r.counter_source[code]
    if source == COUNTS_DECK:
        return deck_count(g, r, pl, r.counter_breeds[code])
    if source == COUNTS_TILES:
        a = p.section_tiles[r.counter_colours[code][0]]
        if r.counter_colours[code][1] < 0:
            return a
        b = p.section_tiles[r.counter_colours[code][1]]
        return a if a < b else b              # pairs of one tile of each colour
    if source == COUNTS_CITY:
        return p.city_discs[r.counter_city[code]]
    if source == COUNTS_NOTHING:
        return 0
    if code == C_COWBOYS:
        return p.workers[W_COWBOY]
    if code == C_BUILDERS:
        return p.workers[W_BUILDER]
    if code == C_ENGINEERS:
        return p.workers[W_ENGINEER]
    if code == C_UPGRADED_STATIONS:
        for i in range(r.n_stations):
            n += p.station_disc[i]
        return n
    if code == C_OWN_WOODS_BUILDINGS:
        return count_own_buildings(g, r, pl, 1)
    if code == C_HAZARDS_HELD:
        for i in range(r.n_tile_types):
            n += p.hazards[i]
        return n
    if code == C_OBJECTIVES_IN_AREA:
        for i in range(r.n_obj):
            n += p.objectives[i]
        return n
    if code == C_CERTIFICATES_TOTAL:
        return cert_value(r, p) + p.perm_certs
    if code == C_WORKERS_ON_BOARD:
        return p.workers[0] + p.workers[1] + p.workers[2]
    if code == C_OWN_BUILDINGS:
        return count_own_buildings(g, r, pl, 0)
    return 0

# ----------------------------------------------------------------------------- player board

cdef int disc_ok(Game* g, const Rules* r, int pl, int grp, int target_corner, int reserve) noexcept nogil:
    """May the player take a disc from this group for a target of the given corner colour, paying
    the group's cost and keeping `reserve` dollars for a cost still to come (every cost is paid in
    full: a delivery's transport cost, paid after its disc)?"""
    cdef Player* p = &g.p[pl]
    cdef int k, white_left = 0
    if p.discs[grp] <= 0:
        return 0
    if r.disc_clear_cost[grp] and r.disc_clear_cost[grp] + reserve > p.money:
        return 0
    if target_corner == CORNER_WHITE and r.disc_corner[grp] == CORNER_DARK:
        # a dark-cornered disc may go on a white space only when no white-cornered disc is left
        for k in range(N_DISC):
            if r.disc_corner[k] == CORNER_WHITE and p.discs[k] > 0:
                white_left = 1
        return not white_left
    return 1

# ----------------------------------------------------------------------------- trail

cdef void _next_locations(Game* g, const Rules* r, int node, u64* found, u64* passed) noexcept nogil:
    cdef int j, m
    for j in range(MAX_NEXT):
        m = r.node_next[node][j]
        if m < 0:
            continue
        if is_location(g, r, m):
            found[0] |= (<u64>1) << m
        else:
            passed[0] |= (<u64>1) << m
            _next_locations(g, r, m, found, passed)

cdef u64 next_locations(Game* g, const Rules* r, int node) noexcept nogil:
    """Bit set of the locations one step forward from `node` (empty spaces are passed freely)."""
    cdef u64 found = 0, passed = 0
    _next_locations(g, r, node, &found, &passed)
    return found

cdef u64 next_locations_passing(Game* g, const Rules* r, int node, u64* passed) noexcept nogil:
    """next_locations, and into `passed` the empty spaces passed on the way: the answer stays the
    same while none of those nor of the locations found changes whether it is a location."""
    cdef u64 found = 0
    passed[0] = 0
    _next_locations(g, r, node, &found, passed)
    return found

cdef int location_fee(Game* g, const Rules* r, int node, int pl, int* payee) noexcept nogil:
    """Hand fee for passing or stopping on `node`; payee -1 = bank (also for the buildings of a seat
    whose fees go to the bank: Sam's in the solo mode)."""
    cdef int hand = 0
    payee[0] = -1
    if r.node_kind[node] == NK_PRIVATE and g.node_building[node] >= 0:
        if g.node_owner[node] == pl:
            return 0
        hand = r.building_hand[g.node_building[node]]
        if not r.seat_fees_to_bank[g.node_owner[node]]:
            payee[0] = g.node_owner[node]
    elif r.node_kind[node] == NK_NEUTRAL and g.node_building[node] >= 0:
        hand = r.building_hand[g.node_building[node]]
    elif (r.node_kind[node] == NK_HAZARD or r.node_kind[node] == NK_SECTION) and g.node_tile[node] >= 0:
        hand = r.tile_hand[g.node_tile[node]]
    return ((hand & HAND_GREEN) != 0) * r.fee_green + ((hand & HAND_BLACK) != 0) * r.fee_black

# ----------------------------------------------------------------------------- railroad

cdef void _rail_step(Game* g, const Rules* r, int pos, int back, u64* out) noexcept nogil:
    """Positions one counted step from pos (occupied positions are skipped, not counted)."""
    cdef int j, q
    for j in range(2):
        q = r.rail_prev[pos][j] if back else r.rail_next[pos][j]
        if q < 0:
            continue
        if rail_free(g, q):
            out[0] |= (<u64>1) << q
        else:
            _rail_step(g, r, q, back, out)

cdef u64 rail_targets(Game* g, const Rules* r, int pos, int lo, int hi, int back) noexcept nogil:
    """Positions reachable in lo..hi counted steps. Forward moves pass through turnouts (a move
    stopping there ends), and nothing lies beyond the last space."""
    cdef u64 frontier = (<u64>1) << pos
    cdef u64 nxt, result = 0
    cdef int d, q
    cdef u64 left
    for d in range(1, hi + 1):
        nxt = 0
        left = frontier
        while left:
            q = lowest_bit(left)
            left &= left - 1
            _rail_step(g, r, q, back, &nxt)
        frontier = nxt
        if d >= lo:
            result |= frontier
        if frontier == 0:
            break
    return result

cdef int transport_cost(const Rules* r, int engine_pos, int city_value) noexcept nogil:
    """Dollars for the crosses between the engine's space and the city's value."""
    cdef int c, n = 0
    for c in range(r.rail_number[engine_pos], city_value):
        if c < MAX_SPACES and r.cross_after[c]:
            n += 1
    return n * r.cross_cost

cdef int numbered_back(Game* g, const Rules* r, int start, int dest) noexcept nogil:
    """Free numbered spaces entered when moving back from start to dest (extraordinary delivery)."""
    cdef int lo = r.rail_order[dest] // 2 + (r.rail_order[dest] & 1)
    cdef int hi = (r.rail_order[start] + 1) // 2
    cdef int s, n = 0
    for s in range(lo, hi):
        if s == 0 or g.rail_occ[s] == 0:
            n += 1
    return n
