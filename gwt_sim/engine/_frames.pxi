# Decision frames. Each kind has three small functions found through tables indexed by kind:
#   resume(g, r, f) -> 1 if the frame now waits for a decision, 0 if it changed the stack itself
#   legal(g, r, f, out) -> number of legal actions written to out
#   apply(g, r, f, action)

ctypedef int (*resume_fn)(Game* g, const Rules* r, Frame* f) noexcept nogil
ctypedef int (*legal_fn)(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil
ctypedef void (*apply_fn)(Game* g, const Rules* r, Frame* f, int a) noexcept nogil

DEF MAX_TURNS = 3000

cdef int rs_wait(Game* g, const Rules* r, Frame* f) noexcept nogil:
    return 1

cdef int lg_none(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil:
    return 0

cdef void ap_none(Game* g, const Rules* r, Frame* f, int a) noexcept nogil:
    pass

cdef int list_hand(Game* g, const Rules* r, int pl, i16* out, int n) noexcept nogil:
    cdef int c
    for c in range(r.n_card_types + r.n_obj):
        if g.p[pl].hand[c]:
            out[n] = A_CARD + c
            n += 1
    return n

cdef int list_objectives_and_exchange(Game* g, const Rules* r, int pl, i16* out, int n) noexcept nogil:
    cdef int o
    for o in range(r.n_obj):
        if g.p[pl].hand[r.n_card_types + o]:
            out[n] = A_OBJ_PLAY + o
            n += 1
    if g.p[pl].tokens > 0 and cards_available(g, pl) > 0:
        out[n] = A_EXCHANGE
        n += 1
    return n

cdef void play_objective(Game* g, const Rules* r, int pl, int o) noexcept nogil:
    """Play an objective card from hand into the objective area, then its immediate action."""
    g.p[pl].hand[r.n_card_types + o] -= 1
    g.p[pl].hand_n -= 1
    g.p[pl].objectives[o] += 1
    push_action(g, r, r.obj_immediate[o])

cdef void use_exchange(Game* g, const Rules* r, int pl) noexcept nogil:
    g.p[pl].tokens -= 1
    push(g, F_EXCHANGE)

cdef int common_turn_action(Game* g, const Rules* r, int pl, int a) noexcept nogil:
    """Objective plays and exchange tokens, allowed at several decision points of one's turn."""
    if A_OBJ_PLAY <= a < A_OBJ_PLAY + MAX_OBJ:
        play_objective(g, r, pl, a - A_OBJ_PLAY)
        return 1
    if a == A_EXCHANGE:
        use_exchange(g, r, pl)
        return 1
    return 0

# ----------------------------------------------------------------------------- game and turn

cdef int rs_game(Game* g, const Rules* r, Frame* f) noexcept nogil:
    if f.x0 == 0:
        f.x0 = 1
    else:
        # a turn has just ended
        if g.end_triggered:
            if g.current != g.end_player:
                g.last_turns_left -= 1
            if g.last_turns_left <= 0:
                final_scoring(g, r)
                g.terminal = 1
                return 0
        g.current = (g.current + 1) % g.n_players
    g.turn_number += 1
    if g.turn_number > MAX_TURNS:
        g.terminal = 2
        return 0
    push(g, F_TURN)
    return 0

cdef void init_phase_b(Game* g, const Rules* r, Frame* f, int node) noexcept nogil:
    cdef int pl = g.current
    f.kind = F_PHASE_B
    f.x0 = node
    f.x1 = g.node_building[node]
    f.x2 = 0
    f.x4 = 0
    f.x5 = 0
    # full use of neutral and own buildings; elsewhere only a single auxiliary action
    f.x3 = 1 if f.x1 >= 0 and (r.node_kind[node] == NK_NEUTRAL or g.node_owner[node] == pl) else 0

cdef void start_location(Game* g, const Rules* r, Frame* f) noexcept nogil:
    """Turn a frame into the visit of the herder's location: Kansas City or phase B."""
    cdef int node = g.p[g.current].herder
    if node == r.node_kc:
        memset(f, 0, sizeof(Frame))
        f.kind = F_KC
        f.player = g.current
    else:
        init_phase_b(g, r, f, node)

cdef int rs_turn(Game* g, const Rules* r, Frame* f) noexcept nogil:
    cdef Player* p = &g.p[g.current]
    cdef Frame* c
    if f.x0 == 0:
        p.turns += 1
        if not p.first_turn_done:
            p.first_turn_done = 1
            f.x0 = 10
            if p.hand_n > r.first_turn_hand:
                push(g, F_FIRST_DISCARD)
            return 0
        f.x0 = 2
        push(g, F_BEFORE_MOVE)
        return 0
    if f.x0 == 10:
        f.x0 = 2
        push(g, F_FIRST_PLACE)
        return 0
    if f.x0 == 2:
        f.x0 = 5
        c = push(g, F_PHASE_B)
        start_location(g, r, c)
        return 0
    if f.x0 == 5:
        f.x0 = 6
        push(g, F_PHASE_C)
        return 0
    pop(g)
    return 0

cdef int rs_first_discard(Game* g, const Rules* r, Frame* f) noexcept nogil:
    if g.p[g.current].hand_n <= r.first_turn_hand:
        pop(g)
        return 0
    return 1

cdef int lg_hand_card(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil:
    return list_hand(g, r, g.current, out, 0)

cdef void ap_first_discard(Game* g, const Rules* r, Frame* f, int a) noexcept nogil:
    discard_from_hand(g, g.current, a - A_CARD)

cdef int lg_first_place(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil:
    cdef int i
    for i in range(r.n_neutral):
        out[i] = A_NODE + r.neutral_space[i]
    return r.n_neutral

cdef void ap_first_place(Game* g, const Rules* r, Frame* f, int a) noexcept nogil:
    g.p[g.current].herder = a - A_NODE      # no movement, no fees
    pop(g)

# ----------------------------------------------------------------------------- phase A and herder moves

cdef int list_moves(Game* g, const Rules* r, int from_node, int may_enter_kc, i16* out, int n) noexcept nogil:
    cdef u64 targets = next_locations(g, r, from_node)
    cdef int m
    for m in range(r.n_nodes):
        if (targets >> m) & 1 and (may_enter_kc or m != r.node_kc):
            out[n] = A_NODE + m
            n += 1
    return n

cdef int rs_before_move(Game* g, const Rules* r, Frame* f) noexcept nogil:
    g.moved = 0          # an objective herder move before phase A: phase A starts from there
    return 1

cdef int lg_before_move(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil:
    cdef int pl = g.current
    cdef int n = list_moves(g, r, g.p[pl].herder, 1, out, 0)
    return list_objectives_and_exchange(g, r, pl, out, n)

cdef void ap_before_move(Game* g, const Rules* r, Frame* f, int a) noexcept nogil:
    cdef int pl = g.current
    cdef int node, limit
    cdef Frame* m
    if common_turn_action(g, r, pl, a):
        return
    node = a - A_NODE
    pop(g)
    enter_location(g, r, pl, node, 1)
    limit = step_limit(r, &g.p[pl])
    if node != r.node_kc and limit > 1:
        m = push(g, F_MOVE)
        m.x0 = 1           # locations moved
        m.x1 = limit
        m.x2 = 1           # hand fees charged
        m.x3 = 1           # may enter Kansas City
        m.x4 = 0           # phase A

cdef int lg_move(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil:
    cdef int n = 0
    if f.x0 >= 1 or f.x4 != 0:
        out[n] = A_STOP      # phase A needs at least one location; herder-move rewards may be declined
        n += 1
    if f.x0 < f.x1:
        n = list_moves(g, r, g.p[g.current].herder, f.x3, out, n)
    return n

cdef void ap_move(Game* g, const Rules* r, Frame* f, int a) noexcept nogil:
    cdef int node, purpose, moved
    if a != A_STOP:
        node = a - A_NODE
        enter_location(g, r, g.current, node, f.x2)
        f.x0 += 1
        if node != r.node_kc and f.x0 < f.x1:
            return
    purpose = f.x4
    moved = f.x0
    pop(g)
    if purpose != 0 and moved > 0:
        g.moved = purpose

# ----------------------------------------------------------------------------- phase B

cdef int local_action_of(Game* g, const Rules* r, int building, int node, int slot) noexcept nogil:
    if slot == 3:
        return r.node_risk[node]
    return r.building_actions[building][slot]

cdef int rs_phase_b(Game* g, const Rules* r, Frame* f) noexcept nogil:
    if g.moved == 1:
        g.moved = 0
        start_location(g, r, f)
        return 0 if f.kind == F_KC else 1
    if g.moved == 2:
        g.moved = 0
        pop(g)
        return 0
    return 1

cdef int lg_phase_b(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil:
    cdef int pl = g.current
    cdef int node = f.x0
    cdef int n = 0
    cdef int i, act
    out[n] = A_STOP
    n += 1
    if f.x3 and not f.x4 and f.x1 >= 0 and g.node_building[node] == f.x1:
        for i in range(4):
            if (f.x2 >> i) & 1:
                continue
            if i == 3 and g.node_owner[node] != pl:
                continue
            act = local_action_of(g, r, f.x1, node, i)
            if act >= 0 and action_feasible(g, r, pl, act):
                out[n] = A_LOCAL + i
                n += 1
    if not f.x4 and not f.x5:
        for i in range(N_AUX):
            if aux_empty_spaces(r, &g.p[pl], i) >= 1 and action_feasible(g, r, pl, r.aux_single[i]):
                out[n] = A_AUX + 2 * i
                n += 1
    return list_objectives_and_exchange(g, r, pl, out, n)

cdef void ap_phase_b(Game* g, const Rules* r, Frame* f, int a) noexcept nogil:
    cdef int pl = g.current
    cdef int slot
    if common_turn_action(g, r, pl, a):
        return
    if a == A_STOP:
        pop(g)
    elif A_LOCAL <= a < A_AUX:
        slot = a - A_LOCAL
        f.x2 |= 1 << slot
        f.x5 = 1
        push_action(g, r, local_action_of(g, r, f.x1, f.x0, slot))
    else:
        f.x4 = 1             # the single auxiliary action replaces all local actions
        push_action(g, r, r.aux_single[(a - A_AUX) // 2])

cdef int rs_action(Game* g, const Rules* r, Frame* f) noexcept nogil:
    cdef int s
    if g.moved or f.x1 >= r.action_len[f.x0]:
        pop(g)               # done, or the herder left (a move ends the action)
        return 0
    s = r.action_first[f.x0] + f.x1
    f.x1 += 1
    VERB_TABLE[r.step_op[s]](g, r, g.current, r.step_arg[s])
    return 0

# ----------------------------------------------------------------------------- cards

cdef int rs_count_left(Game* g, const Rules* r, Frame* f) noexcept nogil:
    if f.x0 <= 0 or g.p[g.current].hand_n == 0:
        pop(g)
        return 0
    return 1

cdef int rs_discard(Game* g, const Rules* r, Frame* f) noexcept nogil:
    if f.x1 <= 0:
        pop(g)
        return 0
    return 1

cdef int lg_discard(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil:
    cdef int pl = g.current
    cdef int c, b, n = 0
    if f.x2 == DISCARD_OBJECTIVE:
        for c in range(r.n_card_types, r.n_card_types + r.n_obj):
            if g.p[pl].hand[c]:
                out[n] = A_CARD + c
                n += 1
        return n
    for c in range(r.n_card_types):
        if not g.p[pl].hand[c]:
            continue
        b = r.card_breed[c]
        if not (f.x0 >> b) & 1:
            continue
        if f.x2 == DISCARD_PAIR and hand_matching(g, r, pl, pair_mask(r, b) & f.x0) < 2:
            continue
        out[n] = A_CARD + c
        n += 1
    return n

cdef void ap_discard(Game* g, const Rules* r, Frame* f, int a) noexcept nogil:
    cdef int c = a - A_CARD
    discard_from_hand(g, g.current, c)
    if f.x2 == DISCARD_PAIR:
        f.x2 = DISCARD_CARDS
        f.x0 = pair_mask(r, r.card_breed[c]) & f.x0
        f.x1 = 1
    else:
        f.x1 -= 1

cdef int lg_draw_count(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil:
    cdef int k, n = 1
    cdef int avail = cards_available(g, g.current)
    out[0] = A_STOP
    for k in range(1, f.x0 + 1):
        if k > avail:
            break
        out[n] = A_COUNT + k
        n += 1
    return n

cdef void draw_then_discard(Game* g, const Rules* r, int k) noexcept nogil:
    cdef int i, drawn = 0
    for i in range(k):
        if draw_card(g, r, g.current) >= 0:
            drawn += 1
    if drawn:
        push(g, F_DISCARD_N).x0 = drawn

cdef void ap_draw_count(Game* g, const Rules* r, Frame* f, int a) noexcept nogil:
    pop(g)
    if a != A_STOP:
        draw_then_discard(g, r, a - A_COUNT)

cdef void ap_discard_n(Game* g, const Rules* r, Frame* f, int a) noexcept nogil:
    discard_from_hand(g, g.current, a - A_CARD)
    f.x0 -= 1

cdef int lg_remove_cards(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil:
    cdef int n = 0
    if not f.x1:
        out[0] = A_STOP
        n = 1
    return list_hand(g, r, g.current, out, n)

cdef void ap_remove_cards(Game* g, const Rules* r, Frame* f, int a) noexcept nogil:
    cdef int c
    cdef Player* p = &g.p[g.current]
    if a == A_STOP:
        pop(g)
        return
    c = a - A_CARD
    p.hand[c] -= 1
    p.hand_n -= 1
    p.removed[c] += 1
    f.x0 -= 1

cdef int lg_exchange(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil:
    cdef int avail = cards_available(g, g.current)
    out[0] = A_COUNT + 1
    if avail >= 2:
        out[1] = A_COUNT + 2
        return 2
    return 1

cdef void ap_exchange(Game* g, const Rules* r, Frame* f, int a) noexcept nogil:
    pop(g)
    draw_then_discard(g, r, a - A_COUNT)

# ----------------------------------------------------------------------------- workers and cattle

cdef int hire_price(const Rules* r, int row, int delta) noexcept nogil:
    cdef int price = r.job_row_cost[row] + delta
    return price if price > r.hire_price_floor else r.hire_price_floor

cdef int lg_hire(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil:
    cdef Player* p = &g.p[g.current]
    cdef int row, col, t, n = 1
    out[0] = A_STOP
    for row in range(g.token_row if g.token_row < r.job_rows else r.job_rows):
        for col in range(r.job_columns):
            t = g.job[row][col]
            if t >= 0 and p.workers[t] < r.worker_spaces and hire_price(r, row, f.x0) <= p.money:
                out[n] = A_HIRE + row * MAX_JOB_COLS + col
                n += 1
    return n

cdef void ap_hire(Game* g, const Rules* r, Frame* f, int a) noexcept nogil:
    cdef int pl = g.current
    cdef Player* p = &g.p[pl]
    cdef int row, col, t, delta = f.x0
    pop(g)
    if a == A_STOP:
        return
    row = (a - A_HIRE) // MAX_JOB_COLS
    col = (a - A_HIRE) % MAX_JOB_COLS
    t = g.job[row][col]
    add_money(g, pl, -hire_price(r, row, delta))
    g.job[row][col] = -1
    p.workers[t] += 1
    p.workers_hired += 1
    # the space's immediate action: now or never (a space uncovered later triggers again)
    push_optional_action(g, r, r.worker_immediate[t][p.workers[t]])

cdef int lg_buy(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil:
    cdef Player* p = &g.p[g.current]
    cdef int o, t, in_group, n = 1
    out[0] = A_STOP
    for o in range(r.n_buy):
        if r.buy_cowboys[o] > f.x0 or r.buy_dollars[o] > p.money:
            continue
        in_group = 0
        for t in range(r.n_card_types):
            if (r.buy_mask[o] >> r.card_breed[t]) & 1:
                in_group += g.market[t]
        if in_group < r.buy_cards[o]:
            continue
        for t in range(r.n_card_types):
            if g.market[t] and (r.buy_mask[o] >> r.card_breed[t]) & 1:
                out[n] = A_BUY + o * MAX_CARD_TYPES + t
                n += 1
    if f.x0 >= 1 and g.market_deck_n > 0:
        out[n] = A_REVEAL
        n += 1
    return n

cdef void take_market_card(Game* g, int t) noexcept nogil:
    g.market[t] -= 1
    g.market_n -= 1
    gain_to_discard(g, g.current, t)
    g.p[g.current].cards_bought += 1

cdef void ap_buy(Game* g, const Rules* r, Frame* f, int a) noexcept nogil:
    cdef int o, t
    if a == A_STOP:
        pop(g)
    elif a == A_REVEAL:
        f.x0 -= 1
        reveal_market(g, r.buy_reveal)
    else:
        o = (a - A_BUY) // MAX_CARD_TYPES
        t = (a - A_BUY) % MAX_CARD_TYPES
        f.x0 -= r.buy_cowboys[o]
        add_money(g, g.current, -r.buy_dollars[o])
        take_market_card(g, t)
        if r.buy_cards[o] == 2:
            push(g, F_BUY_SECOND).x0 = r.buy_mask[o]

cdef int lg_buy_second(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil:
    cdef int t, n = 0
    for t in range(r.n_card_types):
        if g.market[t] and (f.x0 >> r.card_breed[t]) & 1:
            out[n] = A_CARD + t
            n += 1
    return n

cdef void ap_buy_second(Game* g, const Rules* r, Frame* f, int a) noexcept nogil:
    pop(g)
    take_market_card(g, a - A_CARD)

# ----------------------------------------------------------------------------- buildings

cdef int lg_build(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil:
    cdef int pl = g.current
    cdef Player* p = &g.p[pl]
    cdef int builders = p.workers[W_BUILDER]
    cdef int rate = f.x0
    cdef int num, m, s, node, bid, need, diff, n = 1
    out[0] = A_STOP
    for num in range(1, r.n_numbers + 1):
        if p.tiles[num - 1] != 0:
            continue
        bid = building_id(g, r, num)
        need = r.building_builders[bid]
        if need <= builders and rate * need <= p.money:
            for s in range(r.n_private_spaces):
                if g.node_building[r.private_space[s]] < 0:
                    out[n] = A_BUILD + (num - 1) * MAX_PRIVATE_SPACES + s
                    n += 1
        for m in range(1, r.n_numbers + 1):
            if p.tiles[m - 1] != 1:
                continue
            diff = need - r.building_builders[building_id(g, r, m)]
            if diff > 0 and diff <= builders and rate * diff <= p.money:
                node = p.tile_node[m - 1]
                out[n] = A_BUILD + (num - 1) * MAX_PRIVATE_SPACES + r.node_private_index[node]
                n += 1
    return n

cdef void ap_build(Game* g, const Rules* r, Frame* f, int a) noexcept nogil:
    cdef int pl = g.current
    cdef Player* p = &g.p[pl]
    cdef int num, s, node, bid, old, cost
    cdef int rate = f.x0
    pop(g)
    if a == A_STOP:
        return
    num = (a - A_BUILD) // MAX_PRIVATE_SPACES + 1
    s = (a - A_BUILD) % MAX_PRIVATE_SPACES
    node = r.private_space[s]
    bid = building_id(g, r, num)
    old = g.node_building[node]
    if old >= 0:
        # replacing one of your own tiles: pay only the builder difference; the old tile leaves the game
        cost = rate * (r.building_builders[bid] - r.building_builders[old])
        p.tiles[r.building_number[old] - 1] = 2
        p.buildings_replaced += 1
    else:
        cost = rate * r.building_builders[bid]
    add_money(g, pl, -cost)
    g.node_building[node] = bid
    g.node_owner[node] = pl
    p.tiles[num - 1] = 1
    p.tile_node[num - 1] = node
    p.buildings_built += 1

# ----------------------------------------------------------------------------- railroad

cdef void offer_upgrade(Game* g, const Rules* r, int pos) noexcept nogil:
    cdef int s = station_at(r, pos)
    if s >= 0 and not g.p[g.current].station_done[s]:
        push(g, F_UPGRADE).x0 = s

cdef int lg_engine(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil:
    cdef Player* p = &g.p[g.current]
    cdef u64 targets
    cdef int q, n = 0
    if f.x0 == 0:
        out[0] = A_STOP
        n = 1
        targets = rail_targets(g, r, p.engine, f.x1, f.x2, 0)
    elif f.x0 == 1:
        targets = rail_targets(g, r, p.engine, f.x1, f.x2, 1)
    else:
        # end of the track: back at least one space, to any free space
        targets = 0
        for q in range(r.n_rail):
            if q != r.rail_end and rail_free(g, q):
                targets |= (<u64>1) << q
    for q in range(r.n_rail):
        if (targets >> q) & 1:
            out[n] = A_RAIL + q
            n += 1
    return n

cdef void ap_engine(Game* g, const Rules* r, Frame* f, int a) noexcept nogil:
    cdef int mode = f.x0
    cdef int q
    cdef Frame* b
    pop(g)
    if a == A_STOP:
        return
    q = a - A_RAIL
    move_engine_to(g, g.current, q)
    if mode == 2:
        offer_upgrade(g, r, q)
        push_action(g, r, r.rail_end_reward)     # the $3 first: it may pay for the upgrade
    elif q == r.rail_end:
        b = push(g, F_ENGINE)
        b.x0 = 2
        offer_upgrade(g, r, q)                   # station 10 may be upgraded before the bounce
    else:
        offer_upgrade(g, r, q)

cdef void start_upgrade(Game* g, const Rules* r, int s) noexcept nogil:
    cdef int pl = g.current
    cdef Player* p = &g.p[pl]
    cdef Frame* d
    add_money(g, pl, -r.station_cost[s])
    p.station_done[s] = 1
    p.stations_upgraded += 1
    if s < SM_SPACES and r.station_has_master[s] and g.sm_station[s] >= 0 and \
            (p.workers[0] >= 2 or p.workers[1] >= 2 or p.workers[2] >= 2):
        push(g, F_SM).x0 = s
    d = push(g, F_DISC)
    d.x0 = r.station_corner[s]
    d.x1 = 1
    d.x2 = s

cdef int lg_upgrade(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil:
    out[0] = A_STOP
    if g.p[g.current].money >= r.station_cost[f.x0]:
        out[1] = A_UPGRADE
        return 2
    return 1

cdef void ap_upgrade(Game* g, const Rules* r, Frame* f, int a) noexcept nogil:
    cdef int s = f.x0
    pop(g)
    if a == A_UPGRADE:
        start_upgrade(g, r, s)

cdef int lg_disc(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil:
    cdef Player* p = &g.p[g.current]
    cdef int k, s, n = 0
    for k in range(N_DISC):
        if disc_ok(g, r, g.current, k, f.x0):
            out[n] = A_DISC + k
            n += 1
    if n == 0:
        # no disc can come from the board: move one of your discs from a station instead
        for s in range(r.n_stations):
            if p.station_disc[s] and not (f.x1 == 1 and s == f.x2):
                out[n] = A_STATION + s
                n += 1
    if n == 0:
        out[0] = A_STOP
        n = 1
    return n

cdef void ap_disc(Game* g, const Rules* r, Frame* f, int a) noexcept nogil:
    cdef int pl = g.current
    cdef Player* p = &g.p[pl]
    cdef int purpose = f.x1
    cdef int target = f.x2
    cdef int k = -1
    pop(g)
    if a == A_STOP:
        return
    if a >= A_DISC:
        k = a - A_DISC
        p.discs[k] -= 1
        if r.disc_clear_cost[k]:
            add_money(g, pl, -r.disc_clear_cost[k])
    else:
        p.station_disc[a - A_STATION] = 0
    if purpose == 0:
        p.city_discs[target] += 1
    else:
        p.station_disc[target] = 1
    if k >= 0:
        push_action(g, r, r.disc_on_clear[k])

cdef int lg_sm(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil:
    cdef int t, n = 1
    out[0] = A_STOP
    for t in range(N_WTYPES):
        if g.p[g.current].workers[t] >= 2:      # a hired worker, never the printed one
            out[n] = A_SM_WORKER + t
            n += 1
    return n

cdef void ap_sm(Game* g, const Rules* r, Frame* f, int a) noexcept nogil:
    cdef Player* p = &g.p[g.current]
    cdef int s = f.x0
    cdef int m
    pop(g)
    if a == A_STOP:
        return
    p.workers[a - A_SM_WORKER] -= 1
    m = g.sm_station[s]
    g.sm_station[s] = -1
    p.sm_held[m] = 1
    p.sm_taken += 1
    push_action(g, r, r.sm_immediate[m])

cdef int lg_station_behind(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil:
    cdef Player* p = &g.p[g.current]
    cdef int s, n = 1
    out[0] = A_STOP
    for s in range(r.n_stations):
        if r.rail_order[r.station_position[s]] < r.rail_order[p.engine] and not p.station_done[s] \
                and p.money >= r.station_cost[s]:
            out[n] = A_STATION + s
            n += 1
    return n

cdef void ap_station_behind(Game* g, const Rules* r, Frame* f, int a) noexcept nogil:
    pop(g)
    if a != A_STOP:
        start_upgrade(g, r, a - A_STATION)

cdef int lg_extra_delivery(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil:
    cdef Player* p = &g.p[g.current]
    cdef u64 targets = 0
    cdef int q, n = 1
    out[0] = A_STOP
    if p.engine != 0:
        targets = rail_targets(g, r, p.engine, 1, MAX_RAIL, 1)
    for q in range(r.n_rail):
        if (targets >> q) & 1:
            out[n] = A_RAIL + q
            n += 1
    return n

cdef void ap_extra_delivery(Game* g, const Rules* r, Frame* f, int a) noexcept nogil:
    cdef int pl = g.current
    cdef int start, q, reach
    cdef Frame* c
    pop(g)
    if a == A_STOP:
        return
    q = a - A_RAIL
    start = g.p[pl].engine
    reach = numbered_back(g, r, start, q)     # counted before the engine stands on its destination
    move_engine_to(g, pl, q)
    offer_upgrade(g, r, q)                # after the delivery, the turnout's station may be upgraded
    c = push(g, F_CITY)
    c.x0 = 1                              # extraordinary: no income, no transport cost
    c.x1 = reach

# ----------------------------------------------------------------------------- delivery and cities

cdef int lg_city(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil:
    cdef Player* p = &g.p[g.current]
    cdef int c, n = 0
    for c in range(r.n_cities):
        if r.city_value[c] <= f.x1 and (r.city_repeatable[c] or p.city_discs[c] == 0):
            out[n] = A_CITY + c
            n += 1
    return n

cdef void ap_city(Game* g, const Rules* r, Frame* f, int a) noexcept nogil:
    cdef int mode = f.x0
    cdef Frame* d
    pop(g)
    d = push(g, F_DELIVER)
    d.x0 = a - A_CITY
    d.x1 = mode

cdef int rs_deliver(Game* g, const Rules* r, Frame* f) noexcept nogil:
    cdef int pl = g.current
    cdef Player* p = &g.p[pl]
    cdef int c = f.x0
    cdef int i, other, cost
    cdef Frame* d
    if f.x2 == 0:
        f.x2 = 1
        f.x3 = p.city_discs[c]
        d = push(g, F_DISC)
        d.x0 = r.city_corner[c]
        d.x1 = 0
        d.x2 = c
        return 0
    if f.x2 == 1:
        f.x2 = 2
        if p.city_discs[c] > f.x3:
            p.deliveries += 1
            p.delivery_value += r.city_value[c]
            if p.city_discs[c] == 1:
                # arrows fire when the second city of a pair gets the player's disc
                for i in range(r.n_arrows):
                    other = r.arrow_b[i] if r.arrow_a[i] == c else (r.arrow_a[i] if r.arrow_b[i] == c else -1)
                    if other >= 0 and p.city_discs[other] > 0:
                        push_action(g, r, r.arrow_action[i])
            push_action(g, r, r.city_on_place[c])
        return 0
    if f.x1 == 0:
        cost = transport_cost(r, p.engine, r.city_value[c])
        add_money(g, pl, -(cost if cost < p.money else p.money))
    pop(g)
    return 0

# ----------------------------------------------------------------------------- objectives, aux, tiles

cdef void refill_display(Game* g, int slot) noexcept nogil:
    if g.obj_stack_n > 0:
        g.obj_stack_n -= 1
        g.obj_display[slot] = g.obj_stack[g.obj_stack_n]
    else:
        g.obj_display[slot] = -1

cdef int lg_obj_take(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil:
    cdef int i, n = 0
    if not f.x2:
        out[0] = A_STOP
        n = 1
    for i in range(r.objective_display):
        if g.obj_display[i] >= 0:
            out[n] = A_OBJ_TAKE + i
            n += 1
    if f.x1 and g.obj_stack_n > 0:
        out[n] = A_OBJ_TAKE + 4
        n += 1
    return n

cdef void ap_obj_take(Game* g, const Rules* r, Frame* f, int a) noexcept nogil:
    cdef int pl = g.current
    cdef int slot, o, to_hand = f.x0
    pop(g)
    if a == A_STOP:
        return
    slot = a - A_OBJ_TAKE
    if slot == 4:
        g.obj_stack_n -= 1
        o = g.obj_stack[g.obj_stack_n]
    else:
        o = g.obj_display[slot]
        refill_display(g, slot)
    g.p[pl].objectives_gained += 1
    if to_hand:
        g.p[pl].hand[r.n_card_types + o] += 1
        g.p[pl].hand_n += 1
    else:
        gain_to_discard(g, pl, r.n_card_types + o)

cdef int lg_aux(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil:
    cdef Player* p = &g.p[g.current]
    cdef int k, empty, n = 1
    out[0] = A_STOP
    for k in range(N_AUX):
        empty = aux_empty_spaces(r, p, k)
        if empty >= 1 and action_feasible(g, r, g.current, r.aux_single[k]):
            out[n] = A_AUX + 2 * k
            n += 1
        if f.x0 and empty >= 2 and action_feasible(g, r, g.current, r.aux_double[k]):
            out[n] = A_AUX + 2 * k + 1
            n += 1
    return n

cdef void ap_aux(Game* g, const Rules* r, Frame* f, int a) noexcept nogil:
    cdef int k
    pop(g)
    if a == A_STOP:
        return
    k = (a - A_AUX) // 2
    push_action(g, r, r.aux_double[k] if (a - A_AUX) & 1 else r.aux_single[k])

cdef int lg_bounty(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil:
    cdef int i, node, n = 1
    out[0] = A_STOP
    for i in range(r.n_outlaw_spaces):
        node = r.outlaw_space[i]
        if g.node_tile[node] >= 0:
            out[n] = A_NODE + node
            n += 1
    return n

cdef void ap_bounty(Game* g, const Rules* r, Frame* f, int a) noexcept nogil:
    cdef Player* p = &g.p[g.current]
    cdef int node, t
    pop(g)
    if a == A_STOP:
        return
    node = a - A_NODE
    t = g.node_tile[node]
    g.node_tile[node] = -1
    p.outlaws[1 if r.tile_sub[t] == r.outlaw_orange else 0] += 1
    p.bounties += 1
    push_action(g, r, r.node_bounty[node])

cdef int lg_hazard(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil:
    cdef int i, j, node, n = 1
    out[0] = A_STOP
    if g.p[g.current].money < f.x0:
        return 1
    for i in range(r.n_haz_types):
        for j in range(r.haz_section_size):
            node = r.hazard_space[i][j]
            if node >= 0 and g.node_tile[node] >= 0:
                out[n] = A_NODE + node
                n += 1
    return n

cdef void ap_hazard(Game* g, const Rules* r, Frame* f, int a) noexcept nogil:
    cdef int pl = g.current
    cdef int node, cost = f.x0
    pop(g)
    if a == A_STOP:
        return
    node = a - A_NODE
    add_money(g, pl, -cost)
    g.p[pl].hazards[g.node_tile[node]] += 1
    g.p[pl].hazards_removed += 1
    g.node_tile[node] = -1

cdef int lg_adjacent(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil:
    cdef int here = g.p[g.current].herder
    cdef int j, nb, n = 1
    out[0] = A_STOP
    for j in range(MAX_PREV + MAX_NEXT):
        nb = r.node_prev[here][j] if j < MAX_PREV else r.node_next[here][j - MAX_PREV]
        if nb >= 0 and (r.node_kind[nb] == NK_NEUTRAL or r.node_kind[nb] == NK_PRIVATE) \
                and g.node_building[nb] >= 0:
            out[n] = A_NODE + nb
            n += 1
    return n

cdef void ap_adjacent(Game* g, const Rules* r, Frame* f, int a) noexcept nogil:
    cdef Frame* s
    cdef int node
    pop(g)
    if a == A_STOP:
        return
    node = a - A_NODE
    s = push(g, F_ADJ_ACTIONS)
    s.x0 = node
    s.x1 = g.node_building[node]

cdef int rs_adj_actions(Game* g, const Rules* r, Frame* f) noexcept nogil:
    if g.moved:
        pop(g)
        return 0
    return 1

cdef int lg_adj_actions(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil:
    cdef int pl = g.current
    cdef int i, act, n = 1
    out[0] = A_STOP
    if g.node_building[f.x0] != f.x1:
        return 1
    for i in range(4):
        if (f.x2 >> i) & 1:
            continue
        if i == 3 and not (r.adjacent_risk_if_owner and g.node_owner[f.x0] == pl):
            continue
        act = local_action_of(g, r, f.x1, f.x0, i)
        # no chaining into another adjacent-building action
        if act < 0 or r.step_op[r.action_first[act]] == OP_ADJACENT_BUILDING:
            continue
        if action_feasible(g, r, pl, act):
            out[n] = A_LOCAL + i
            n += 1
    return n

cdef void ap_adj_actions(Game* g, const Rules* r, Frame* f, int a) noexcept nogil:
    cdef int slot
    if a == A_STOP:
        pop(g)
        return
    slot = a - A_LOCAL
    f.x2 |= 1 << slot
    push_action(g, r, local_action_of(g, r, f.x1, f.x0, slot))

cdef void push_optional_action(Game* g, const Rules* r, int action) noexcept nogil:
    """An action the player may use now or lose: when it has a requirement, it is offered (if it can
    be met in full) next to declining; an action of rewards only is run (each reward may be declined)."""
    cdef Frame* f
    if action < 0:
        return
    if not r.action_has_req[action]:
        push_action(g, r, action)
        return
    f = push(g, F_OPTION)
    f.x0 = action
    f.x1 = 1
    f.x2 = 1            # declining is allowed

cdef int lg_option(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil:
    cdef int i, n = 0
    if f.x2:
        out[0] = A_STOP
        n = 1
    for i in range(f.x1):
        if action_feasible(g, r, g.current, f.x0 + i):
            out[n] = A_OPTION + i
            n += 1
    return n

cdef void ap_option(Game* g, const Rules* r, Frame* f, int a) noexcept nogil:
    cdef int first = f.x0
    pop(g)
    if a != A_STOP:
        push_action(g, r, first + a - A_OPTION)

# ----------------------------------------------------------------------------- Kansas City

cdef int foresight_choosable(Game* g, const Rules* r, int col, int row) noexcept nogil:
    cdef int t = g.foresight[col][row]
    if t < 0:
        return 0
    return not (g.no_worker_picks and r.tile_kind[t] == TILE_WORKER)

cdef int rs_kc(Game* g, const Rules* r, Frame* f) noexcept nogil:
    cdef Player* p = &g.p[g.current]
    cdef int col, row, c, b
    cdef Frame* d
    if f.x0 == 0:
        p.kc_visits += 1
    if f.x0 < N_BAGS:
        col = f.x0
        f.x0 += 1
        for row in range(r.foresight_rows):
            if foresight_choosable(g, r, col, row):
                push(g, F_FORESIGHT).x0 = col
                break
        return 0
    if f.x0 == N_BAGS:
        f.x0 += 1
        push(g, F_INCOME)
        return 0
    if f.x0 == N_BAGS + 1:
        f.x0 += 1
        if r.simmental:
            push(g, F_SIMMENTAL)
        return 0
    if f.x0 == N_BAGS + 2:
        f.x0 += 1
        for c in range(r.n_card_types + r.n_obj):
            while p.hand[c] > 0:
                discard_from_hand(g, g.current, c)
        d = push(g, F_CITY)
        d.x0 = 0
        d.x1 = f.x1
        return 0
    # herder back to the start; the emptied foresight spaces are refilled from their bags
    p.herder = r.node_start
    for col in range(N_BAGS):
        for row in range(r.foresight_rows):
            if g.foresight[col][row] < 0:
                g.foresight[col][row] = bag_draw(g, r.foresight_bag[col])
    pop(g)
    return 0

cdef int lg_foresight(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil:
    cdef int row, n = 0
    for row in range(r.foresight_rows):
        if foresight_choosable(g, r, f.x0, row):
            out[n] = A_FORESIGHT + row
            n += 1
    return n

cdef void ap_foresight(Game* g, const Rules* r, Frame* f, int a) noexcept nogil:
    cdef int col = f.x0
    cdef int t = g.foresight[col][a - A_FORESIGHT]
    g.foresight[col][a - A_FORESIGHT] = -1
    pop(g)
    place_tile(g, r, t)

cdef int lg_income(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil:
    cdef Player* p = &g.p[g.current]
    cdef int j, n = 0
    for j in range(p.cert, -1, -1):
        out[n] = A_COUNT + r.cert_positions[p.cert] - r.cert_positions[j]
        n += 1
    if p.tokens > 0 and cards_available(g, g.current) > 0:
        out[n] = A_EXCHANGE
        n += 1
    return n

cdef void ap_income(Game* g, const Rules* r, Frame* f, int a) noexcept nogil:
    cdef int pl = g.current
    cdef Player* p = &g.p[pl]
    cdef int spent, j, income
    if a == A_EXCHANGE:
        use_exchange(g, r, pl)
        return
    spent = a - A_COUNT
    for j in range(p.cert, -1, -1):
        if r.cert_positions[p.cert] - r.cert_positions[j] == spent:
            p.cert = j
            break
    income = breeding_value(g, r, pl) + spent + p.perm_certs
    add_money(g, pl, income)
    p.income_total += income
    pop(g)
    top(g).x1 = income          # the Kansas City frame: the value available for delivery

cdef int simmental_next(Game* g, const Rules* r, int from_breed) noexcept nogil:
    cdef int b, up
    for b in range(from_breed, r.n_breeds):
        up = r.breed_upgrade[b]
        if up >= 0 and g.supply[up] > 0 and hand_matching(g, r, g.current, 1 << b) > 0:
            return b
    return -1

cdef int rs_simmental(Game* g, const Rules* r, Frame* f) noexcept nogil:
    # x0: first breed still to consider; x1: the breed being decided
    cdef int b = simmental_next(g, r, f.x0)
    if b < 0:
        pop(g)
        return 0
    f.x1 = b
    return 1

cdef int lg_simmental(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil:
    cdef int b = f.x1
    cdef int have = hand_matching(g, r, g.current, 1 << b)
    cdef int supply = g.supply[r.breed_upgrade[b]]
    cdef int k, n = 0
    for k in range(0, (have if have < supply else supply) + 1):
        out[n] = A_COUNT + k
        n += 1
    return n

cdef void ap_simmental(Game* g, const Rules* r, Frame* f, int a) noexcept nogil:
    cdef Player* p = &g.p[g.current]
    cdef int b = f.x1
    cdef int up = r.breed_upgrade[b]
    cdef int k, c
    for k in range(a - A_COUNT):
        for c in range(r.n_card_types):
            if p.hand[c] and r.card_breed[c] == b:
                p.hand[c] -= 1
                p.hand_n -= 1
                p.removed[c] += 1
                break
        g.supply[up] -= 1
        gain_to_discard(g, g.current, r.supply_type[up])
    f.x0 = b + 1      # later stages: only cards still in hand (new ones went to the discard pile)

cdef int rs_phase_c(Game* g, const Rules* r, Frame* f) noexcept nogil:
    cdef int pl = g.current
    cdef int lim = hand_limit(r, &g.p[pl])
    while g.p[pl].hand_n < lim:
        if draw_card(g, r, pl) < 0:
            break
    pop(g)
    return 0

# ----------------------------------------------------------------------------- the tables

cdef resume_fn RESUME[N_FRAMES]
cdef legal_fn LEGAL[N_FRAMES]
cdef apply_fn APPLY[N_FRAMES]
cdef int IS_DECISION[N_FRAMES]

cdef void _frame(int kind, resume_fn rs, legal_fn lg, apply_fn ap):
    RESUME[kind] = rs
    LEGAL[kind] = lg
    APPLY[kind] = ap

_frame(F_GAME, rs_game, lg_none, ap_none)
_frame(F_TURN, rs_turn, lg_none, ap_none)
_frame(F_FIRST_DISCARD, rs_first_discard, lg_hand_card, ap_first_discard)
_frame(F_FIRST_PLACE, rs_wait, lg_first_place, ap_first_place)
_frame(F_BEFORE_MOVE, rs_before_move, lg_before_move, ap_before_move)
_frame(F_MOVE, rs_wait, lg_move, ap_move)
_frame(F_PHASE_B, rs_phase_b, lg_phase_b, ap_phase_b)
_frame(F_ACTION, rs_action, lg_none, ap_none)
_frame(F_DISCARD, rs_discard, lg_discard, ap_discard)
_frame(F_HIRE, rs_wait, lg_hire, ap_hire)
_frame(F_BUY, rs_wait, lg_buy, ap_buy)
_frame(F_BUY_SECOND, rs_wait, lg_buy_second, ap_buy_second)
_frame(F_BUILD, rs_wait, lg_build, ap_build)
_frame(F_ENGINE, rs_wait, lg_engine, ap_engine)
_frame(F_UPGRADE, rs_wait, lg_upgrade, ap_upgrade)
_frame(F_DISC, rs_wait, lg_disc, ap_disc)
_frame(F_SM, rs_wait, lg_sm, ap_sm)
_frame(F_DELIVER, rs_deliver, lg_none, ap_none)
_frame(F_OBJ_TAKE, rs_wait, lg_obj_take, ap_obj_take)
_frame(F_AUX_CHOOSE, rs_wait, lg_aux, ap_aux)
_frame(F_BOUNTY, rs_wait, lg_bounty, ap_bounty)
_frame(F_HAZARD, rs_wait, lg_hazard, ap_hazard)
_frame(F_HERDER, rs_wait, lg_move, ap_move)
_frame(F_DRAW_COUNT, rs_wait, lg_draw_count, ap_draw_count)
_frame(F_DISCARD_N, rs_count_left, lg_hand_card, ap_discard_n)
_frame(F_REMOVE_CARDS, rs_count_left, lg_remove_cards, ap_remove_cards)
_frame(F_ADJACENT, rs_wait, lg_adjacent, ap_adjacent)
_frame(F_ADJ_ACTIONS, rs_adj_actions, lg_adj_actions, ap_adj_actions)
_frame(F_EXTRA_DELIVERY, rs_wait, lg_extra_delivery, ap_extra_delivery)
_frame(F_CITY, rs_wait, lg_city, ap_city)
_frame(F_STATION_BEHIND, rs_wait, lg_station_behind, ap_station_behind)
_frame(F_OPTION, rs_wait, lg_option, ap_option)
_frame(F_KC, rs_kc, lg_none, ap_none)
_frame(F_FORESIGHT, rs_wait, lg_foresight, ap_foresight)
_frame(F_INCOME, rs_wait, lg_income, ap_income)
_frame(F_SIMMENTAL, rs_simmental, lg_simmental, ap_simmental)
_frame(F_EXCHANGE, rs_wait, lg_exchange, ap_exchange)
_frame(F_PHASE_C, rs_phase_c, lg_none, ap_none)
