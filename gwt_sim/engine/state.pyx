# cython: embedsignature=True
"""Setup (with the per-game variant draw), the board mutators shared by the rules modules, and the
redraw of hidden information. See state.pxd for the state itself."""

from libc.string cimport memcpy, memset

from gwt_sim.engine.frames cimport *
from gwt_sim.engine.rng cimport (
    STREAM_BAGS, STREAM_MARKET, STREAM_OBJECTIVES, STREAM_PLAYER_DECK, STREAM_SAM_DECK, STREAM_SETUP,
    STREAM_VARIANT, Xoshiro256, derive_seed, rng_below, rng_next, rng_seed, rng_seed_stream, rng_shuffle_i8,
)
from gwt_sim.engine.typedefs cimport i8, i16, i32, u64

# ----------------------------------------------------------------------------- cards

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

# ----------------------------------------------------------------------------- tiles and markets

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
    """The node a hazard or section tile (outlaw, teepee) goes to, or -1: the lowest-numbered empty
    space of its hazard section, or the section's first empty space in fill order."""
    cdef int i, node
    if r.tile_kind[t] == TILE_HAZARD:
        for i in range(r.haz_section_size):
            node = r.hazard_space[r.tile_sub[t]][i]
            if node >= 0 and g.node_tile[node] < 0:
                return node
    elif r.tile_kind[t] == TILE_SECTION:
        for i in range(r.n_section_spaces):
            node = r.section_space[i]
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
    """A tile taken in Kansas City goes to the job market, a hazard section or the outlaw/teepee spaces;
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

cdef void refill_display(Game* g, int slot) noexcept nogil:
    if g.obj_stack_n > 0:
        g.obj_stack_n -= 1
        g.obj_display[slot] = g.obj_stack[g.obj_stack_n]
    else:
        g.obj_display[slot] = -1

cdef int take_display_card(Game* g, const Rules* r, int slot) noexcept nogil:
    """Take the display card in `slot` (slot 0 lies next to the stack). In the solo mode
    (obj_display_slide) the cards in slots 0..slot-1 move one slot away from the stack and slot 0 is
    refilled; otherwise the emptied slot is refilled."""
    cdef int o = g.obj_display[slot]
    cdef int i
    if r.obj_display_slide:
        for i in range(slot, 0, -1):
            g.obj_display[i] = g.obj_display[i - 1]
        refill_display(g, 0)
    else:
        refill_display(g, slot)
    return o

# ----------------------------------------------------------------------------- setup

cdef int draw_variant(const Rules* r, u64 seed, i8* sides, i8* layout, i8* masters) noexcept nogil:
    """Resolve the variant's random knobs for one game: the side of each building number (sides,
    r.n_numbers entries), the neutral tiles in space order (layout: with a random layout, a random
    order of all r.n_neutral_buildings tiles, the first r.n_neutral of which go on the spaces; else
    the fixed r.n_neutral), the station masters on stations 1..r.sm_used (masters). Returns the
    number of layout entries. Each knob draws from its own stream k of derive_seed(seed,
    STREAM_VARIANT) (sides 0, layout 1, station masters 2), so fixing one knob never changes what the
    others draw: common random numbers across compared variants."""
    cdef u64 base = derive_seed(seed, STREAM_VARIANT)
    cdef Xoshiro256 rng
    cdef i8 pool[MAX_SM]
    cdef int i, n_layout
    rng_seed_stream(&rng, base, 0)
    for i in range(r.n_numbers):
        sides[i] = <i8>rng_below(&rng, 2) if r.variant_sides[i] == SIDE_RANDOM else r.variant_sides[i]
    if r.n_neutral > 0 and r.variant_layout[0] < 0:
        rng_seed_stream(&rng, base, 1)
        n_layout = r.n_neutral_buildings
        for i in range(n_layout):
            layout[i] = i
        rng_shuffle_i8(&rng, layout, n_layout)
    else:
        n_layout = r.n_neutral
        for i in range(n_layout):
            layout[i] = r.variant_layout[i]
    if r.sm_used > 0 and r.variant_sm[0] < 0:
        rng_seed_stream(&rng, base, 2)
        for i in range(r.n_sm):
            pool[i] = i
        rng_shuffle_i8(&rng, pool, r.n_sm)
        for i in range(r.sm_used):
            masters[i] = pool[i]
    else:
        for i in range(r.sm_used):
            masters[i] = r.variant_sm[i]
    return n_layout


cdef void sam_setup_workers(Game* g, const Rules* r, i8* workers) noexcept nogil:
    """Sam's board before the job market is filled (solo setup steps 2-4): hard's extra workers (the
    last tile of each type in bag order, so the draw is deterministic), then his random tile(s) from
    the worker bag; his specialisation is the type he has most of (ties: the first type)."""
    cdef int bag = r.sam_worker_bag
    cdef int t, k, i, w, best
    for w in range(N_WTYPES):
        workers[w] = 1                       # the printed worker of each type
        for k in range(r.sam_extra_workers[w]):
            for i in range(g.bag_n[bag] - 1, -1, -1):
                t = g.bag[bag][i]
                if r.tile_kind[t] == TILE_WORKER and r.tile_sub[t] == w:
                    g.bag_n[bag] -= 1
                    g.bag[bag][i] = g.bag[bag][g.bag_n[bag]]
                    workers[w] += 1
                    break
    for k in range(r.sam_bag_workers):
        t = bag_draw(g, bag)
        if t >= 0 and r.tile_kind[t] == TILE_WORKER:
            workers[r.tile_sub[t]] += 1
        elif t >= 0:
            g.tiles_gone += 1                # not a worker: out of the game (content checks bag 2 holds workers)
    best = 0
    for w in range(1, N_WTYPES):
        if workers[w] > workers[best]:
            best = w
    g.sam.specialisation = best


cdef void sam_setup_deck(Game* g, const Rules* r) noexcept nogil:
    """Sam's deck: all his cards shuffled with his own stream, then the cards the difficulty removes
    taken out keeping the order (so every difficulty starts from the same order: common random
    numbers)."""
    cdef i8 order[MAX_SAM_CARDS]
    cdef int i
    for i in range(r.sam_n_cards):
        order[i] = i + 1
    rng_shuffle_i8(&g.rng_sam, order, r.sam_n_cards)
    g.sam.deck_n = 0
    for i in range(r.sam_n_cards):
        if r.sam_in_deck[order[i] - 1]:
            g.sam.deck[g.sam.deck_n] = order[i]
            g.sam.deck_n += 1


cdef int setup_game(Game* g, const Rules* r, u64 seed) noexcept nogil:
    cdef Xoshiro256 setup_rng
    cdef int i, j, t, node, pl, attempts, n
    cdef i8 starting[MAX_OBJ]
    cdef i8 layout[MAX_BUILDINGS]
    cdef i8 sam_workers[N_WTYPES]
    cdef Player* p
    memset(g, 0, sizeof(Game))
    g.n_players = r.players
    rng_seed_stream(&setup_rng, seed, STREAM_SETUP)
    rng_seed_stream(&g.rng_market, seed, STREAM_MARKET)
    rng_seed_stream(&g.rng_objectives, seed, STREAM_OBJECTIVES)
    rng_seed_stream(&g.rng_bags, seed, STREAM_BAGS)
    for pl in range(MAX_PLAYERS):
        rng_seed_stream(&g.rng_deck[pl], seed, STREAM_PLAYER_DECK + pl)
    for i in range(MAX_NODES):
        g.node_building[i] = -1
        g.node_owner[i] = -1
        g.node_tile[i] = -1
    for i in range(SM_SPACES):
        g.sm_station[i] = -1
    draw_variant(r, seed, g.sides, layout, g.sm_station)
    for i in range(r.n_neutral):
        g.layout[i] = layout[i]
        g.node_building[r.neutral_space[i]] = layout[i]
    for i in range(SM_SPACES):
        g.sm_drawn[i] = g.sm_station[i]
    for i in range(MAX_JOB_ROWS):
        for j in range(MAX_JOB_COLS):
            g.job[i][j] = -1
    for i in range(N_BAGS):
        g.bag_n[i] = r.bag_size[i]
        memcpy(g.bag[i], r.bag_tiles[i], r.bag_size[i])
    # 7 tiles from bag 1 onto the hazard and outlaw/teepee sections (a tile without space goes back)
    n = 0
    attempts = 0
    while n < r.setup_bag1_tiles and g.bag_n[0] > 0 and attempts < 10000:
        attempts += 1
        t = bag_draw(g, 0)
        node = free_tile_space(g, r, t)
        if node < 0:
            g.bag[0][g.bag_n[0]] = t
            g.bag_n[0] += 1
            continue
        g.node_tile[node] = t
        n += 1
    if r.solo:
        rng_seed_stream(&g.rng_sam, seed, STREAM_SAM_DECK)
        sam_setup_workers(g, r, sam_workers)
    # job market: workers from bag 2, row 1 then row 2 up to the token
    for i in range(r.initial_workers):
        t = bag_draw(g, 1)
        if t < 0 or r.tile_kind[t] != TILE_WORKER:
            return SETUP_BAG2_NOT_WORKERS
        job_market_add(g, r, r.tile_sub[t], 1)
    if g.token_row != r.job_token_start_row:
        return SETUP_TOKEN_MISPLACED
    for i in range(N_BAGS):
        for j in range(r.foresight_rows):
            g.foresight[i][j] = bag_draw(g, r.foresight_bag[i])
    # cattle market
    g.market_deck_n = r.market_deck_n
    memcpy(g.market_deck, r.market_deck, r.market_deck_n)
    rng_shuffle_i8(&g.rng_market, g.market_deck, g.market_deck_n)
    refill_market(g, r)
    for i in range(MAX_BREEDS):
        g.supply[i] = r.supply_count[i]
    # objective cards: one random starting card each; the rest of the deck shuffled, 4 on display
    n = 0
    for i in range(r.n_obj):
        if r.obj_starting[i]:
            for j in range(r.obj_count[i]):
                starting[n] = i
                n += 1
    rng_shuffle_i8(&setup_rng, starting, n)
    for i in range(r.n_obj):
        if not r.obj_starting[i]:
            for j in range(r.obj_count[i]):
                g.obj_stack[g.obj_stack_n] = i
                g.obj_stack_n += 1
    rng_shuffle_i8(&g.rng_objectives, g.obj_stack, g.obj_stack_n)
    for i in range(4):
        g.obj_display[i] = -1
    for i in range(r.objective_display):
        refill_display(g, i)
    # players
    for pl in range(g.n_players):
        p = &g.p[pl]
        p.money = r.start_money[pl]
        p.herder = -1
        p.cert = r.cert_start
        p.tokens = r.start_tokens
        for i in range(N_DISC):
            p.discs[i] = r.disc_count[i]
        for i in range(N_WTYPES):
            p.workers[i] = 1
        for i in range(MAX_NUMBERS):
            p.tile_node[i] = -1
        for i in range(r.start_objectives):
            if pl * r.start_objectives + i < n:
                p.objectives[starting[pl * r.start_objectives + i]] += 1
        if r.solo and pl == r.sam_seat:
            # Sam: no money, tokens, cards or disc spaces; his herder starts on the rider space
            p.tokens = 0
            memset(p.discs, 0, sizeof(p.discs))
            memcpy(p.workers, sam_workers, N_WTYPES)
            p.herder = r.node_start
            p.first_turn_done = 1
            g.sam.discs = r.sam_discs
            g.sam.last_city = -1
            sam_setup_deck(g, r)
            continue
        p.draw_n = r.start_deck_n
        memcpy(p.draw, r.start_deck, r.start_deck_n)
        rng_shuffle_i8(&g.rng_deck[pl], p.draw, p.draw_n)
        for i in range(r.start_cards[pl]):
            draw_card(g, r, pl)
    g.sp = 0
    push(g, F_GAME)
    return SETUP_OK

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
    if r.solo and me != r.sam_seat:
        resample_sam(g, r, rng)


cdef void resample_sam(Game* g, const Rules* r, Xoshiro256* rng) noexcept nogil:
    """Sam's hidden part: the order of his draw pile, his face-down starting objective card(s) (any
    starting card nobody holds face up), and his deck's future reshuffles."""
    cdef Player* sam = &g.p[r.sam_seat]
    cdef i8 pool[MAX_OBJ * 2]
    cdef int o, k, pl, n = 0, mine = 0
    sort_i8(g.sam.deck, g.sam.deck_n)
    rng_shuffle_i8(rng, g.sam.deck, g.sam.deck_n)
    for o in range(r.n_obj):
        if not r.obj_starting[o]:
            continue
        k = r.obj_count[o]
        for pl in range(g.n_players):
            if pl != r.sam_seat:
                k -= g.p[pl].objectives[o]
        mine += sam.objectives[o]
        sam.objectives[o] = 0
        while k > 0 and n < MAX_OBJ * 2:
            pool[n] = o
            n += 1
            k -= 1
    rng_shuffle_i8(rng, pool, n)
    for k in range(mine):
        if k < n:
            sam.objectives[pool[k]] += 1
    rng_seed(&g.rng_sam, rng_next(rng))
