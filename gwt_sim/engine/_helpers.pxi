# Small state helpers shared by the rules: cards, limits, counters, trail, railroad, job market.

# ----------------------------------------------------------------------------- frames

cdef inline Frame* top(Game* g) noexcept nogil:
    return &g.stack[g.sp - 1]

cdef inline Frame* push(Game* g, int kind) noexcept nogil:
    cdef Frame* f
    if g.sp >= MAX_FRAMES:
        g.terminal = 2          # engine fault: reported by GameState
        return &g.stack[MAX_FRAMES - 1]
    f = &g.stack[g.sp]
    memset(f, 0, sizeof(Frame))
    f.kind = kind
    f.player = g.current
    g.sp += 1
    return f

cdef inline void pop(Game* g) noexcept nogil:
    g.sp -= 1

cdef inline Frame* push_action(Game* g, const Rules* r, int action) noexcept nogil:
    """Run the steps of an action (nothing for -1)."""
    cdef Frame* f
    if action < 0:
        return NULL
    f = push(g, F_ACTION)
    f.x0 = action
    f.x1 = 0
    return f

cdef inline void add_money(Game* g, int pl, int delta) noexcept nogil:
    """Money from (delta > 0) or to (delta < 0) the bank; the ledger backs the money invariant."""
    g.p[pl].money += delta
    g.bank_net += delta

# ----------------------------------------------------------------------------- cards

cdef inline int is_objective_card(const Rules* r, int c) noexcept nogil:
    return c >= r.n_card_types

cdef inline int card_breed_of(const Rules* r, int c) noexcept nogil:
    return r.card_breed[c] if c < r.n_card_types else -1

cdef int draw_card(Game* g, const Rules* r, int pl) noexcept nogil:
    """Draw the top card into the hand; the discard pile is shuffled into a new draw pile only
    when a card must be drawn from an empty one. Returns the card id or -1 if none is left."""
    cdef Player* p = &g.p[pl]
    cdef int c
    if p.draw_n == 0:
        if p.discard_n == 0:
            return -1
        memcpy(p.draw, p.discard, p.discard_n)
        p.draw_n = p.discard_n
        p.discard_n = 0
        rng_shuffle_i8(&g.rng_deck[pl], p.draw, p.draw_n)
    p.draw_n -= 1
    c = p.draw[p.draw_n]
    p.hand[c] += 1
    p.hand_n += 1
    return c

cdef inline void discard_from_hand(Game* g, int pl, int c) noexcept nogil:
    cdef Player* p = &g.p[pl]
    p.hand[c] -= 1
    p.hand_n -= 1
    p.discard[p.discard_n] = c
    p.discard_n += 1

cdef inline void gain_to_discard(Game* g, int pl, int c) noexcept nogil:
    cdef Player* p = &g.p[pl]
    p.discard[p.discard_n] = c
    p.discard_n += 1

cdef int cards_available(Game* g, int pl) noexcept nogil:
    return g.p[pl].draw_n + g.p[pl].discard_n

cdef int hand_matching(Game* g, const Rules* r, int pl, int mask) noexcept nogil:
    """Cattle cards in hand whose breed is in the mask."""
    cdef int c, n = 0
    for c in range(r.n_card_types):
        if g.p[pl].hand[c] and (mask >> r.card_breed[c]) & 1:
            n += g.p[pl].hand[c]
    return n

cdef inline int pair_key(const Rules* r, int breed) noexcept nogil:
    """Breeds that count as "the same breed" for pair discards (Simmental stages share a key)."""
    if r.simmental_pair and (r.simmental_mask >> breed) & 1:
        return 100 + r.breed_group[breed]
    return breed

cdef int pair_possible(Game* g, const Rules* r, int pl, int mask) noexcept nogil:
    cdef int b, b2, n
    for b in range(r.n_breeds):
        if not (mask >> b) & 1:
            continue
        n = 0
        for b2 in range(r.n_breeds):
            if (mask >> b2) & 1 and pair_key(r, b2) == pair_key(r, b):
                n += hand_matching(g, r, pl, 1 << b2)
        if n >= 2:
            return 1
    return 0

cdef int pair_mask(const Rules* r, int breed) noexcept nogil:
    cdef int b, m = 0
    for b in range(r.n_breeds):
        if pair_key(r, b) == pair_key(r, breed):
            m |= 1 << b
    return m

cdef int hand_objectives(Game* g, const Rules* r, int pl) noexcept nogil:
    cdef int o, n = 0
    for o in range(r.n_obj):
        n += g.p[pl].hand[r.n_card_types + o]
    return n

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

# ----------------------------------------------------------------------------- player board

cdef int cleared(const Rules* r, Player* p, int group) noexcept nogil:
    return r.disc_count[group] - p.discs[group]

cdef int group_fully_cleared(const Rules* r, Player* p, int unlock) noexcept nogil:
    cdef int grp = r.disc_of_unlock[unlock]
    return p.discs[grp] == 0

cdef int aux_empty_spaces(const Rules* r, Player* p, int k) noexcept nogil:
    cdef int grp = r.disc_of_unlock[UNLOCK_AUX1 + k]
    return r.disc_grey[grp] + cleared(r, p, grp)

cdef int step_limit(const Rules* r, Player* p) noexcept nogil:
    cdef int n = r.step_base
    if group_fully_cleared(r, p, UNLOCK_STEP_LEFT):
        n += r.step_left
    if group_fully_cleared(r, p, UNLOCK_STEP_RIGHT):
        n += r.step_right
    return n

cdef int hand_limit(const Rules* r, Player* p) noexcept nogil:
    cdef int n = r.hand_base + r.hand_per_disc * cleared(r, p, r.disc_of_unlock[UNLOCK_HAND])
    return n if n < r.hand_max else r.hand_max

cdef int cert_limit(const Rules* r, Player* p) noexcept nogil:
    """Index on the certificate track that the marker may reach."""
    if group_fully_cleared(r, p, UNLOCK_CERT4):
        if group_fully_cleared(r, p, UNLOCK_CERT6):
            return r.cert_limit_6
        return r.cert_limit_4
    return r.cert_limit_base

cdef inline void gain_certificates(const Rules* r, Player* p, int n) noexcept nogil:
    cdef int lim = cert_limit(r, p)
    if p.cert >= lim:
        return
    p.cert = p.cert + n if p.cert + n < lim else lim

cdef int cert_value(const Rules* r, Player* p) noexcept nogil:
    return r.cert_positions[p.cert]

# ----------------------------------------------------------------------------- counters

cdef int deck_count(Game* g, const Rules* r, int pl, int mask) noexcept nogil:
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
    cdef Player* p = &g.p[pl]
    cdef int i, n = 0
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
    if code == C_OUTLAW_PAIRS:
        return p.outlaws[0] if p.outlaws[0] < p.outlaws[1] else p.outlaws[1]
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
    if code == C_ORANGE_OUTLAWS:
        return p.outlaws[1]
    if code == C_GREEN_OUTLAWS:
        return p.outlaws[0]
    if code == C_DECK_VALUE3:
        return deck_count(g, r, pl, r.counter_mask[0])
    if code == C_DECK_SHORTHORN:
        return deck_count(g, r, pl, r.counter_mask[1])
    if code == C_DECK_HEREFORD:
        return deck_count(g, r, pl, r.counter_mask[2])
    if code == C_NEW_YORK_DISCS:
        return p.city_discs[r.city_new_york] if r.city_new_york >= 0 else 0
    return 0

# ----------------------------------------------------------------------------- trail

cdef int is_location(Game* g, const Rules* r, int node) noexcept nogil:
    cdef int k = r.node_kind[node]
    if k == NK_KC:
        return 1
    if k == NK_NEUTRAL or k == NK_PRIVATE:
        return g.node_building[node] >= 0
    if k == NK_HAZARD or k == NK_OUTLAW:
        return g.node_tile[node] >= 0
    return 0

cdef void _next_locations(Game* g, const Rules* r, int node, u64* found) noexcept nogil:
    cdef int j, m
    for j in range(MAX_NEXT):
        m = r.node_next[node][j]
        if m < 0:
            continue
        if is_location(g, r, m):
            found[0] |= (<u64>1) << m
        else:
            _next_locations(g, r, m, found)

cdef u64 next_locations(Game* g, const Rules* r, int node) noexcept nogil:
    """Bit set of the locations one step forward from `node` (empty spaces are passed freely)."""
    cdef u64 found = 0
    _next_locations(g, r, node, &found)
    return found

cdef int location_fee(Game* g, const Rules* r, int node, int pl, int* payee) noexcept nogil:
    """Hand fee for passing or stopping on `node`; payee -1 = bank."""
    cdef int hand = 0
    payee[0] = -1
    if r.node_kind[node] == NK_PRIVATE and g.node_building[node] >= 0:
        if g.node_owner[node] == pl:
            return 0
        hand = r.building_hand[g.node_building[node]]
        payee[0] = g.node_owner[node]
    elif r.node_kind[node] == NK_NEUTRAL and g.node_building[node] >= 0:
        hand = r.building_hand[g.node_building[node]]
    elif (r.node_kind[node] == NK_HAZARD or r.node_kind[node] == NK_OUTLAW) and g.node_tile[node] >= 0:
        hand = r.tile_hand[g.node_tile[node]]
    return ((hand & HAND_GREEN) != 0) * r.fee_green + ((hand & HAND_BLACK) != 0) * r.fee_black

cdef void enter_location(Game* g, const Rules* r, int pl, int node, int charge) noexcept nogil:
    """Move the herder onto a location, paying what it can of the hand fee."""
    cdef int payee, fee, paid
    g.p[pl].herder = node
    if not charge:
        return
    fee = location_fee(g, r, node, pl, &payee)
    paid = fee if fee < g.p[pl].money else g.p[pl].money
    if paid > 0:
        g.p[pl].money -= paid
        g.p[pl].fees_paid += paid
        if payee >= 0:
            g.p[payee].money += paid
            g.p[payee].fees_received += paid
        else:
            g.bank_net -= paid

# ----------------------------------------------------------------------------- railroad

cdef int rail_free(Game* g, int pos) noexcept nogil:
    return pos == 0 or g.rail_occ[pos] == 0

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
    for d in range(1, hi + 1):
        nxt = 0
        for q in range(r.n_rail):
            if (frontier >> q) & 1:
                _rail_step(g, r, q, back, &nxt)
        frontier = nxt
        if d >= lo:
            result |= frontier
        if frontier == 0:
            break
    return result

cdef inline void move_engine_to(Game* g, int pl, int pos) noexcept nogil:
    if g.p[pl].engine != 0:
        g.rail_occ[g.p[pl].engine] = 0
    g.p[pl].engine = pos
    if pos != 0:
        g.rail_occ[pos] = pl + 1

cdef int transport_cost(const Rules* r, int engine_pos, int city_value) noexcept nogil:
    cdef int c, n = 0
    for c in range(r.rail_number[engine_pos], city_value):
        if c < MAX_SPACES and r.cross_after[c]:
            n += 1
    return n * r.cross_cost

cdef int station_at(const Rules* r, int pos) noexcept nogil:
    return r.rail_station[pos]

cdef int numbered_back(Game* g, const Rules* r, int start, int dest) noexcept nogil:
    """Free numbered spaces entered when moving back from start to dest (extraordinary delivery)."""
    cdef int lo = r.rail_order[dest] // 2 + (r.rail_order[dest] & 1)
    cdef int hi = (r.rail_order[start] + 1) // 2
    cdef int s, n = 0
    for s in range(lo, hi):
        if s == 0 or g.rail_occ[s] == 0:
            n += 1
    return n

# ----------------------------------------------------------------------------- tiles

cdef int bag_draw(Game* g, int bag) noexcept nogil:
    cdef int i, t
    if g.bag_n[bag] == 0:
        return -1
    i = rng_below(&g.rng_bags, g.bag_n[bag])
    t = g.bag[bag][i]
    g.bag_n[bag] -= 1
    g.bag[bag][i] = g.bag[bag][g.bag_n[bag]]
    return t

cdef int free_tile_space(Game* g, const Rules* r, int t) noexcept nogil:
    """The node a hazard or outlaw tile goes to (lowest-numbered empty space), or -1."""
    cdef int i, node
    if r.tile_kind[t] == TILE_HAZARD:
        for i in range(r.haz_section_size):
            node = r.hazard_space[r.tile_sub[t]][i]
            if node >= 0 and g.node_tile[node] < 0:
                return node
    elif r.tile_kind[t] == TILE_OUTLAW:
        for i in range(r.n_outlaw_spaces):
            node = r.outlaw_space[i]
            if g.node_tile[node] < 0:
                return node
    return -1

cdef void refill_market(Game* g, const Rules* r) noexcept nogil:
    cdef int c
    while g.market_n < r.market_target and g.market_deck_n > 0:
        g.market_deck_n -= 1
        c = g.market_deck[g.market_deck_n]
        g.market[c] += 1
        g.market_n += 1

cdef void reveal_market(Game* g, int n) noexcept nogil:
    cdef int c
    while n > 0 and g.market_deck_n > 0:
        g.market_deck_n -= 1
        c = g.market_deck[g.market_deck_n]
        g.market[c] += 1
        g.market_n += 1
        n -= 1

cdef void job_market_add(Game* g, const Rules* r, int worker_type, int in_setup) noexcept nogil:
    """A worker into the token's row, left to right; the token's own space is filled last and the
    token then moves down (yellow arrows refill the cattle market; off the last row ends the game)."""
    g.job[g.token_row][g.token_fill] = worker_type
    g.token_fill += 1
    if g.token_fill < r.job_columns:
        return
    g.token_row += 1
    g.token_fill = 0
    if in_setup:
        return
    if g.token_row >= r.job_rows:
        g.end_triggered = 1
        g.end_player = g.current
        g.last_turns_left = g.n_players - 1
        g.no_worker_picks = 1
        g.p[g.current].job_token = 1
        return
    if r.job_refill_row[g.token_row]:
        refill_market(g, r)

cdef void place_tile(Game* g, const Rules* r, int t) noexcept nogil:
    """A tile taken in Kansas City goes to the job market, a hazard section or the outlaw spaces;
    without a free space it leaves the game."""
    cdef int node
    if r.tile_kind[t] == TILE_WORKER:
        if g.token_row < r.job_rows:
            job_market_add(g, r, r.tile_sub[t], 0)
        else:
            g.tiles_gone += 1
        return
    node = free_tile_space(g, r, t)
    if node >= 0:
        g.node_tile[node] = t
    else:
        g.tiles_gone += 1

cdef int building_id(Game* g, const Rules* r, int number) noexcept nogil:
    """Building id of private tile `number` (1-based) with this game's side."""
    return r.n_neutral_buildings + 2 * (number - 1) + g.sides[number - 1]

cdef int disc_ok(Game* g, const Rules* r, int pl, int grp, int target_corner) noexcept nogil:
    """May the player take a disc from this group for a target of the given corner colour?"""
    cdef Player* p = &g.p[pl]
    cdef int k, white_left = 0
    if p.discs[grp] <= 0:
        return 0
    if r.disc_clear_cost[grp] > p.money:
        return 0
    if target_corner == CORNER_WHITE and r.disc_corner[grp] == CORNER_DARK:
        # a dark-cornered disc may go on a white space only when no white-cornered disc is left
        for k in range(N_DISC):
            if r.disc_corner[k] == CORNER_WHITE and p.discs[k] > 0:
                white_left = 1
        return not white_left
    return 1



# ----------------------------------------------------------------------------- hidden information

cdef void sort_i8(i8* a, int n) noexcept nogil:
    """Insertion sort (the piles are short)."""
    cdef int i, j
    cdef i8 x
    for i in range(1, n):
        x = a[i]
        j = i - 1
        while j >= 0 and a[j] > x:
            a[j + 1] = a[j]
            j -= 1
        a[j + 1] = x


cdef void resample_hidden(Game* g, const Rules* r, int me, Xoshiro256* rng) noexcept nogil:
    """Replace everything `me` cannot know by a random draw consistent with what it can know: its
    own draw pile order, every other player's split of hand and draw pile, the order of the market
    deck and the objective stack, and all future randomness (bags, reshuffles). Used by tests
    (policies must not depend on hidden information) and by policies that look ahead on a copy.
    Each hidden pile is put in a canonical (sorted) order before it is shuffled, so the redraw depends
    only on what `me` knows (the piles' contents), never on the true hidden order."""
    cdef int pl, i, c, n
    cdef i8 pool[MAX_DECK + MAX_CARD_IDS]
    cdef Player* p
    sort_i8(g.p[me].draw, g.p[me].draw_n)
    rng_shuffle_i8(rng, g.p[me].draw, g.p[me].draw_n)
    for pl in range(g.n_players):
        if pl == me:
            continue
        p = &g.p[pl]
        n = 0
        for c in range(r.n_card_types + r.n_obj):
            for i in range(p.hand[c]):
                pool[n] = c
                n += 1
            p.hand[c] = 0
        for i in range(p.draw_n):
            pool[n] = p.draw[i]
            n += 1
        sort_i8(pool, n)
        rng_shuffle_i8(rng, pool, n)
        for i in range(p.hand_n):
            p.hand[pool[i]] += 1
        p.draw_n = n - p.hand_n
        for i in range(p.draw_n):
            p.draw[i] = pool[p.hand_n + i]
    sort_i8(g.market_deck, g.market_deck_n)
    rng_shuffle_i8(rng, g.market_deck, g.market_deck_n)
    sort_i8(g.obj_stack, g.obj_stack_n)
    rng_shuffle_i8(rng, g.obj_stack, g.obj_stack_n)
    rng_seed(&g.rng_market, rng_next(rng))
    rng_seed(&g.rng_objectives, rng_next(rng))
    rng_seed(&g.rng_bags, rng_next(rng))
    for pl in range(MAX_PLAYERS):
        rng_seed(&g.rng_deck[pl], rng_next(rng))
