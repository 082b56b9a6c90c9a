# Read-only questions about a game: counters, limits, cards in hand, the trail, the railroad. The
# rules modules and compiled policies use them; none changes the state. Small ones are inline here
# (no call across modules in the hot paths); queries.pyx implements the rest.
#
# Policies read only what the acting player may know, except where noted (the no-cheating test
# checks policies against resampled hidden information).

from gwt_sim.engine.state cimport *
from gwt_sim.engine.typedefs cimport i8, i16, i32, u64

# ----------------------------------------------------------------------------- cards

cdef inline int cards_available(Game* g, int pl) noexcept nogil:
    """Cards the player could still draw (draw and discard piles)."""
    return g.p[pl].draw_n + g.p[pl].discard_n

cdef inline int hand_matching(Game* g, const Rules* r, int pl, int mask) noexcept nogil:
    """Cattle cards in hand whose breed is in the mask (own hand only)."""
    cdef int c, n = 0
    for c in range(r.n_card_types):
        if g.p[pl].hand[c] and (mask >> r.card_breed[c]) & 1:
            n += g.p[pl].hand[c]
    return n

cdef inline int hand_objectives(Game* g, const Rules* r, int pl) noexcept nogil:
    """Objective cards in hand."""
    cdef int o, n = 0
    for o in range(r.n_obj):
        n += g.p[pl].hand[r.n_card_types + o]
    return n

cdef inline int pair_key(const Rules* r, int breed) noexcept nogil:
    """Breeds that count as "the same breed" for pair discards (Simmental stages share a key)."""
    if r.simmental_pair and (r.simmental_mask >> breed) & 1:
        return 100 + r.breed_group[breed]
    return breed

cdef int pair_possible(Game* g, const Rules* r, int pl, int mask) noexcept nogil
cdef int pair_mask(const Rules* r, int breed) noexcept nogil
cdef int breeding_value(Game* g, const Rules* r, int pl) noexcept nogil      # own hand only
cdef int deck_count(Game* g, const Rules* r, int pl, int mask) noexcept nogil
cdef int count_own_buildings(Game* g, const Rules* r, int pl, int woods_only) noexcept nogil
cdef int counter(Game* g, const Rules* r, int pl, int code) noexcept nogil

# ----------------------------------------------------------------------------- player board

cdef inline int cleared(const Rules* r, Player* p, int group) noexcept nogil:
    """Discs already taken from a disc-space group."""
    return r.disc_count[group] - p.discs[group]

cdef inline int group_fully_cleared(const Rules* r, Player* p, int unlock) noexcept nogil:
    return p.discs[r.disc_of_unlock[unlock]] == 0

cdef inline int aux_empty_spaces(const Rules* r, Player* p, int k) noexcept nogil:
    """Empty spaces of auxiliary action k (grey ones printed empty, plus the cleared ones)."""
    cdef int grp = r.disc_of_unlock[UNLOCK_AUX1 + k]
    return r.disc_grey[grp] + cleared(r, p, grp)

cdef inline int step_limit(const Rules* r, Player* p) noexcept nogil:
    cdef int n = r.step_base
    if group_fully_cleared(r, p, UNLOCK_STEP_LEFT):
        n += r.step_left
    if group_fully_cleared(r, p, UNLOCK_STEP_RIGHT):
        n += r.step_right
    return n

cdef inline int hand_limit(const Rules* r, Player* p) noexcept nogil:
    cdef int n = r.hand_base + r.hand_per_disc * cleared(r, p, r.disc_of_unlock[UNLOCK_HAND])
    return n if n < r.hand_max else r.hand_max

cdef inline int cert_limit(const Rules* r, Player* p) noexcept nogil:
    """Index on the certificate track that the marker may reach."""
    if group_fully_cleared(r, p, UNLOCK_CERT4):
        if group_fully_cleared(r, p, UNLOCK_CERT6):
            return r.cert_limit_6
        return r.cert_limit_4
    return r.cert_limit_base

cdef inline int cert_value(const Rules* r, Player* p) noexcept nogil:
    """Temporary certificates held (the printed number under the marker)."""
    return r.cert_positions[p.cert]

cdef int disc_ok(Game* g, const Rules* r, int pl, int grp, int target_corner, int reserve) noexcept nogil

# ----------------------------------------------------------------------------- buildings and workers

cdef inline int building_id(Game* g, const Rules* r, int number) noexcept nogil:
    """Building id of private tile `number` (1-based) with this game's side."""
    return r.n_neutral_buildings + 2 * (number - 1) + g.sides[number - 1]

cdef inline int local_action_of(const Rules* r, int building, int node, int slot) noexcept nogil:
    """Action index of a local-action slot: 0..2 the building's actions, 3 the space's risk action."""
    if slot == 3:
        return r.node_risk[node]
    return r.building_actions[building][slot]

cdef inline int local_used_slots(Game* g, int node, int building) noexcept nogil:
    """Bit i: local-action slot i of the building on `node` already used this turn."""
    return g.used_slots[node] if g.used_building[node] == building else 0

cdef inline int hire_price(const Rules* r, int row, int delta) noexcept nogil:
    cdef int price = r.job_row_cost[row] + delta
    return price if price > r.hire_price_floor else r.hire_price_floor

# ----------------------------------------------------------------------------- trail

cdef inline int is_location(Game* g, const Rules* r, int node) noexcept nogil:
    """Does the herder stop here (a building, a tile, Kansas City) rather than pass freely?"""
    cdef int k = r.node_kind[node]
    if k == NK_KC:
        return 1
    if k == NK_NEUTRAL or k == NK_PRIVATE:
        return g.node_building[node] >= 0
    if k == NK_HAZARD or k == NK_SECTION:
        return g.node_tile[node] >= 0
    return 0

cdef u64 next_locations(Game* g, const Rules* r, int node) noexcept nogil
cdef u64 next_locations_passing(Game* g, const Rules* r, int node, u64* passed) noexcept nogil
cdef int location_fee(Game* g, const Rules* r, int node, int pl, int* payee) noexcept nogil

# ----------------------------------------------------------------------------- railroad

cdef inline int rail_free(Game* g, int pos) noexcept nogil:
    return pos == 0 or g.rail_occ[pos] == 0

cdef inline int station_at(const Rules* r, int pos) noexcept nogil:
    return r.rail_station[pos]

cdef u64 rail_targets(Game* g, const Rules* r, int pos, int lo, int hi, int back) noexcept nogil
cdef int transport_cost(const Rules* r, int engine_pos, int city_value) noexcept nogil
cdef int numbered_back(Game* g, const Rules* r, int start, int dest) noexcept nogil
