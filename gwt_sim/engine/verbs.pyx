# cython: embedsignature=True
"""The action vocabulary: one function per verb, found through VERB_TABLE by op code, and the
decision frames the verbs push (see verbs.pxd). A verb either finishes at once or pushes the frame
that finishes it."""

from gwt_sim.engine.frames cimport *
from gwt_sim.engine.queries cimport *
from gwt_sim.engine.state cimport *
from gwt_sim.engine.typedefs cimport i8, i16, i32, u64


cdef int action_feasible(Game* g, const Rules* r, int pl, int action) noexcept nogil:
    """Can the action's requirements (payments, discards, exact backward engine moves) be met in
    full? Rewards never block an action: they may be declined."""
    if action < 0:
        return 0
    if not r.action_may_block[action]:
        return 1
    return steps_feasible(g, r, pl, r.action_first[action], r.action_len[action])

cdef int steps_feasible(Game* g, const Rules* r, int pl, int first, int n) noexcept nogil:
    """Can the requirements of steps first..first+n-1 be met in full (see action_feasible)?"""
    cdef Player* p = &g.p[pl]
    cdef int money = p.money
    cdef int i, s, op, k, any_opt
    cdef const i16* a
    for i in range(n):
        s = first + i
        op = r.step_op[s]
        a = r.step_arg[s]
        if op == OP_PAY_MONEY:
            money -= a[0]
            if money < 0:
                return 0
        elif op == OP_GAIN_MONEY:
            money += a[0]
        elif op == OP_DISCARD:
            if a[2] == DISCARD_CARDS:
                if hand_matching(g, r, pl, a[0]) < a[1]:
                    return 0
            elif a[2] == DISCARD_PAIR:
                if not pair_possible(g, r, pl, a[0]):
                    return 0
            elif hand_objectives(g, r, pl) < a[1]:
                return 0
        elif op == OP_ENGINE_BACK:
            if p.engine == 0 or rail_targets(g, r, p.engine, a[0], a[0], 1) == 0:
                return 0
        elif op == OP_CHOICE:
            any_opt = 0
            for k in range(a[1]):
                if action_feasible(g, r, pl, a[0] + k):
                    any_opt = 1
                    break
            if not any_opt:
                return 0
    return 1

# ----------------------------------------------------------------------------- the verbs

cdef inline void gain_certificates(const Rules* r, Player* p, int n) noexcept nogil:
    cdef int lim = cert_limit(r, p)
    if p.cert >= lim:
        return
    p.cert = p.cert + n if p.cert + n < lim else lim

cdef void v_gain_money(Game* g, const Rules* r, int pl, const i16* a) noexcept nogil:
    add_money(g, pl, a[0])

cdef void v_pay_money(Game* g, const Rules* r, int pl, const i16* a) noexcept nogil:
    add_money(g, pl, -a[0])

cdef void v_discard(Game* g, const Rules* r, int pl, const i16* a) noexcept nogil:
    cdef DiscardArgs* d = &push(g, F_DISCARD).args.discard
    d.breeds = a[0]
    d.count = a[1]
    d.kind = a[2]

cdef void v_hire(Game* g, const Rules* r, int pl, const i16* a) noexcept nogil:
    push(g, F_HIRE).args.hire.cost_delta = a[0]

cdef void v_buy_cattle(Game* g, const Rules* r, int pl, const i16* a) noexcept nogil:
    push(g, F_BUY).args.buy.cowboys = g.p[pl].workers[W_COWBOY]

cdef void v_build(Game* g, const Rules* r, int pl, const i16* a) noexcept nogil:
    push(g, F_BUILD).args.build.cost_per_builder = a[0]

cdef void v_move_engine(Game* g, const Rules* r, int pl, const i16* a) noexcept nogil:
    cdef int hi = a[1] if a[1] >= 0 else counter(g, r, pl, a[2])
    cdef EngineArgs* e
    if hi < a[0] or hi <= 0:
        return
    e = &push(g, F_ENGINE).args.engine
    e.mode = ENGINE_FORWARD
    e.min_steps = a[0]
    e.max_steps = hi

cdef void v_engine_back(Game* g, const Rules* r, int pl, const i16* a) noexcept nogil:
    cdef EngineArgs* e = &push(g, F_ENGINE).args.engine
    e.mode = ENGINE_BACK
    e.min_steps = a[0]
    e.max_steps = a[0]

cdef void v_certificates(Game* g, const Rules* r, int pl, const i16* a) noexcept nogil:
    # Certificates are taken in full: holding more never hurts (declining is dominated).
    cdef int n = a[0] * (counter(g, r, pl, a[1]) if a[1] >= 0 else 1)
    if n > 0:
        gain_certificates(r, &g.p[pl], n)

cdef void v_certificates_to_limit(Game* g, const Rules* r, int pl, const i16* a) noexcept nogil:
    cdef int lim = cert_limit(r, &g.p[pl])
    if g.p[pl].cert < lim:
        g.p[pl].cert = lim

cdef void v_permanent_certificates(Game* g, const Rules* r, int pl, const i16* a) noexcept nogil:
    g.p[pl].perm_certs += a[0]

cdef void v_objective_card(Game* g, const Rules* r, int pl, const i16* a) noexcept nogil:
    cdef ObjTakeArgs* o = &push(g, F_OBJ_TAKE).args.obj_take
    o.to_hand = a[0]
    o.from_stack = a[1]
    o.compulsory = a[2]

cdef void v_aux(Game* g, const Rules* r, int pl, const i16* a) noexcept nogil:
    push(g, F_AUX_CHOOSE).args.aux.allow_double = a[0]

cdef void v_take_section_tile(Game* g, const Rules* r, int pl, const i16* a) noexcept nogil:
    # bounty (2E: an outlaw) and trade_with_indians (1E: a teepee) are one verb: take a tile of the
    # trail's tile section and get what its space gives (or pay what it costs: node_take)
    push(g, F_BOUNTY)

cdef void v_exchange_token(Game* g, const Rules* r, int pl, const i16* a) noexcept nogil:
    g.p[pl].tokens += a[0]

cdef void v_remove_hazard(Game* g, const Rules* r, int pl, const i16* a) noexcept nogil:
    push(g, F_HAZARD).args.hazard.cost = a[0]

cdef void v_move_herder(Game* g, const Rules* r, int pl, const i16* a) noexcept nogil:
    cdef MoveArgs* m = &push(g, F_HERDER).args.move
    m.moved = 0
    m.limit = a[0]
    m.charge_fees = 1 - a[1]
    m.may_enter_kc = a[3]
    m.purpose = MOVE_USE_LOCATION if a[2] else MOVE_END_PHASE_B

cdef void v_money_per(Game* g, const Rules* r, int pl, const i16* a) noexcept nogil:
    add_money(g, pl, a[1] * counter(g, r, pl, a[0]))

cdef void draw_then_discard(Game* g, const Rules* r, int k) noexcept nogil:
    """Draw k cards (as many as there are), then discard as many."""
    cdef int i, drawn = 0
    for i in range(k):
        if draw_card(g, r, g.current) >= 0:
            drawn += 1
    if drawn:
        push(g, F_DISCARD_N).args.cards.left = drawn

cdef void v_draw_discard(Game* g, const Rules* r, int pl, const i16* a) noexcept nogil:
    cdef int n, k, drawn = 0
    if a[1] >= 0:
        # draw exactly n (as many as there are), then discard as many
        for k in range(a[1]):
            if draw_card(g, r, pl) >= 0:
                drawn += 1
        if drawn:
            push(g, F_DISCARD_N).args.cards.left = drawn
        return
    n = a[0] if a[0] >= 0 else counter(g, r, pl, a[2])
    if n > 0:
        push(g, F_DRAW_COUNT).args.draw_count.most = n

cdef void v_remove_hand_cards(Game* g, const Rules* r, int pl, const i16* a) noexcept nogil:
    cdef RemoveArgs* m = &push(g, F_REMOVE_CARDS).args.remove
    m.left = a[0]
    m.compulsory = 0 if r.aux5_removal_optional else 1

cdef void v_adjacent_building(Game* g, const Rules* r, int pl, const i16* a) noexcept nogil:
    push(g, F_ADJACENT)

cdef void v_extraordinary_delivery(Game* g, const Rules* r, int pl, const i16* a) noexcept nogil:
    push(g, F_EXTRA_DELIVERY)

cdef void v_upgrade_station_behind(Game* g, const Rules* r, int pl, const i16* a) noexcept nogil:
    push(g, F_STATION_BEHIND)

cdef void v_choice(Game* g, const Rules* r, int pl, const i16* a) noexcept nogil:
    cdef OptionArgs* o = &push(g, F_OPTION).args.option
    o.first_action = a[0]
    o.options = a[1]

VERB_TABLE[OP_GAIN_MONEY] = v_gain_money
VERB_TABLE[OP_PAY_MONEY] = v_pay_money
VERB_TABLE[OP_DISCARD] = v_discard
VERB_TABLE[OP_HIRE] = v_hire
VERB_TABLE[OP_BUY_CATTLE] = v_buy_cattle
VERB_TABLE[OP_BUILD] = v_build
VERB_TABLE[OP_MOVE_ENGINE] = v_move_engine
VERB_TABLE[OP_ENGINE_BACK] = v_engine_back
VERB_TABLE[OP_CERTIFICATES] = v_certificates
VERB_TABLE[OP_CERTIFICATES_TO_LIMIT] = v_certificates_to_limit
VERB_TABLE[OP_PERMANENT_CERTIFICATES] = v_permanent_certificates
VERB_TABLE[OP_OBJECTIVE_CARD] = v_objective_card
VERB_TABLE[OP_AUX] = v_aux
VERB_TABLE[OP_BOUNTY] = v_take_section_tile
VERB_TABLE[OP_EXCHANGE_TOKEN] = v_exchange_token
VERB_TABLE[OP_REMOVE_HAZARD] = v_remove_hazard
VERB_TABLE[OP_MOVE_HERDER] = v_move_herder
VERB_TABLE[OP_MONEY_PER] = v_money_per
VERB_TABLE[OP_DRAW_DISCARD] = v_draw_discard
VERB_TABLE[OP_REMOVE_HAND_CARDS] = v_remove_hand_cards
VERB_TABLE[OP_ADJACENT_BUILDING] = v_adjacent_building
VERB_TABLE[OP_EXTRAORDINARY_DELIVERY] = v_extraordinary_delivery
VERB_TABLE[OP_UPGRADE_STATION_BEHIND] = v_upgrade_station_behind
VERB_TABLE[OP_CHOICE] = v_choice
VERB_TABLE[OP_TRADE_WITH_INDIANS] = v_take_section_tile

# ----------------------------------------------------------------------------- objectives and exchange tokens

cdef int offer_exchange(Game* g, const Rules* r, int pl, i16* out, int n) noexcept nogil:
    """Append the exchange token to the legal actions if one is held and there are cards to draw.
    Offered before phase A, in phase B, and wherever the cards in hand matter during an action
    (discard requirements, either/or, discards after drawing, removing cards, the first-turn
    discard, Kansas City's income and Simmental upgrades)."""
    if g.p[pl].tokens > 0 and cards_available(g, pl) > 0:
        out[n] = A_EXCHANGE
        n += 1
    return n

cdef int offer_objectives_and_exchange(Game* g, const Rules* r, int pl, i16* out, int n) noexcept nogil:
    """Append the objective cards in hand (to play) and the exchange token to the legal actions."""
    cdef int o
    if any_nonzero(&g.p[pl].hand[r.n_card_types], r.n_obj):
        for o in range(r.n_obj):
            if g.p[pl].hand[r.n_card_types + o]:
                out[n] = A_OBJ_PLAY + o
                n += 1
    return offer_exchange(g, r, pl, out, n)

cdef int discard_possible(Game* g, const Rules* r, int pl, DiscardArgs* d) noexcept nogil:
    """Can the rest of a discard requirement still be met from the hand?"""
    if d.count <= 0:
        return 1
    if d.kind == DISCARD_CARDS:
        return hand_matching(g, r, pl, d.breeds) >= d.count
    if d.kind == DISCARD_PAIR:
        return pair_possible(g, r, pl, d.breeds)
    return hand_objectives(g, r, pl) >= d.count

cdef int requirements_kept(Game* g, const Rules* r, int pl, int below) noexcept nogil:
    """Can the requirements pending in the stack from frame `below` down still be met? A discard
    after drawing (an exchange token used in the middle of a discard requirement, or a draw step
    followed by a requirement) may not make a pending requirement impossible: it was met when the
    action began and must be paid in full."""
    cdef int i, k, any_opt
    cdef Frame* f
    cdef OptionArgs* o
    for i in range(below, -1, -1):
        f = &g.stack[i]
        if f.kind == F_DISCARD_N:
            continue
        if f.kind == F_DISCARD:
            if not discard_possible(g, r, pl, &f.args.discard):
                return 0
        elif f.kind == F_ACTION:
            if not steps_feasible(g, r, pl, r.action_first[f.args.action.action] + f.args.action.step,
                                  r.action_len[f.args.action.action] - f.args.action.step):
                return 0
        elif f.kind == F_OPTION:
            o = &f.args.option
            if not o.may_decline:
                any_opt = 0
                for k in range(o.options):
                    if action_feasible(g, r, pl, o.first_action + k):
                        any_opt = 1
                        break
                if not any_opt:
                    return 0
        else:
            break
    return 1

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
    """Apply an objective play or an exchange token; 0 if `a` is neither."""
    if A_OBJ_PLAY <= a < A_OBJ_PLAY + MAX_OBJ:
        play_objective(g, r, pl, a - A_OBJ_PLAY)
        return 1
    if a == A_EXCHANGE:
        use_exchange(g, r, pl)
        return 1
    return 0

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

# ----------------------------------------------------------------------------- cards

cdef int list_hand(Game* g, const Rules* r, int pl, i16* out, int n) noexcept nogil:
    cdef int c
    for c in range(r.n_card_types + r.n_obj):
        if g.p[pl].hand[c]:
            out[n] = A_CARD + c
            n += 1
    return n

cdef int lg_first_discard(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil:
    return offer_exchange(g, r, g.current, out, list_hand(g, r, g.current, out, 0))

cdef void ap_first_discard(Game* g, const Rules* r, Frame* f, int a) noexcept nogil:
    if a == A_EXCHANGE:
        use_exchange(g, r, g.current)
        return
    discard_from_hand(g, g.current, a - A_CARD)

cdef int rs_discard(Game* g, const Rules* r, Frame* f) noexcept nogil:
    if f.args.discard.count <= 0:
        pop(g)
        return 0
    return 1

cdef int lg_discard(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil:
    cdef DiscardArgs* d = &f.args.discard
    cdef int pl = g.current
    cdef int c, b, n = 0
    if d.kind == DISCARD_OBJECTIVE:
        for c in range(r.n_card_types, r.n_card_types + r.n_obj):
            if g.p[pl].hand[c]:
                out[n] = A_CARD + c
                n += 1
        return offer_exchange(g, r, pl, out, n)
    for c in range(r.n_card_types):
        if not g.p[pl].hand[c]:
            continue
        b = r.card_breed[c]
        if not (d.breeds >> b) & 1:
            continue
        if d.kind == DISCARD_PAIR and hand_matching(g, r, pl, pair_mask(r, b) & d.breeds) < 2:
            continue
        out[n] = A_CARD + c
        n += 1
    return offer_exchange(g, r, pl, out, n)

cdef void ap_discard(Game* g, const Rules* r, Frame* f, int a) noexcept nogil:
    cdef DiscardArgs* d = &f.args.discard
    cdef int c = a - A_CARD
    if a == A_EXCHANGE:
        use_exchange(g, r, g.current)
        return
    discard_from_hand(g, g.current, c)
    if d.kind == DISCARD_PAIR:
        # the first card of a pair fixes the breed of the second
        d.kind = DISCARD_CARDS
        d.breeds = pair_mask(r, r.card_breed[c]) & d.breeds
        d.count = 1
    else:
        d.count -= 1

cdef int lg_draw_count(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil:
    cdef int k, n = 1
    cdef int avail = cards_available(g, g.current)
    out[0] = A_STOP
    for k in range(1, f.args.draw_count.most + 1):
        if k > avail:
            break
        out[n] = A_COUNT + k
        n += 1
    return n

cdef void ap_draw_count(Game* g, const Rules* r, Frame* f, int a) noexcept nogil:
    pop(g)
    if a != A_STOP:
        draw_then_discard(g, r, a - A_COUNT)

cdef int rs_discard_n(Game* g, const Rules* r, Frame* f) noexcept nogil:
    if f.args.cards.left <= 0 or g.p[g.current].hand_n == 0:
        pop(g)
        return 0
    return 1

cdef int lg_discard_n(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil:
    """Any card in hand, except one whose discard would make a pending requirement impossible."""
    cdef int pl = g.current
    cdef Player* p = &g.p[pl]
    cdef int c, ok, n = 0
    cdef int below = g.sp - 2
    cdef int kind = g.stack[below].kind if below >= 0 else F_GAME
    cdef int check = kind == F_DISCARD or kind == F_ACTION or kind == F_OPTION or kind == F_DISCARD_N
    for c in range(r.n_card_types + r.n_obj):
        if not p.hand[c]:
            continue
        if check:
            p.hand[c] -= 1
            p.hand_n -= 1
            ok = requirements_kept(g, r, pl, below)
            p.hand[c] += 1
            p.hand_n += 1
            if not ok:
                continue
        out[n] = A_CARD + c
        n += 1
    return offer_exchange(g, r, pl, out, n)

cdef void ap_discard_n(Game* g, const Rules* r, Frame* f, int a) noexcept nogil:
    if a == A_EXCHANGE:
        use_exchange(g, r, g.current)
        return
    discard_from_hand(g, g.current, a - A_CARD)
    f.args.cards.left -= 1

cdef int rs_remove_cards(Game* g, const Rules* r, Frame* f) noexcept nogil:
    if f.args.remove.left <= 0 or g.p[g.current].hand_n == 0:
        pop(g)
        return 0
    return 1

cdef int lg_remove_cards(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil:
    cdef int n = 0
    if not f.args.remove.compulsory:
        out[0] = A_STOP
        n = 1
    return offer_exchange(g, r, g.current, out, list_hand(g, r, g.current, out, n))

cdef void ap_remove_cards(Game* g, const Rules* r, Frame* f, int a) noexcept nogil:
    cdef int c
    cdef Player* p = &g.p[g.current]
    if a == A_STOP:
        pop(g)
        return
    if a == A_EXCHANGE:
        use_exchange(g, r, g.current)
        return
    c = a - A_CARD
    p.hand[c] -= 1
    p.hand_n -= 1
    p.removed[c] += 1
    f.args.remove.left -= 1

# ----------------------------------------------------------------------------- workers and cattle

cdef int lg_hire(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil:
    cdef Player* p = &g.p[g.current]
    cdef int row, col, t, n = 1
    out[0] = A_STOP
    for row in range(g.token_row if g.token_row < r.job_rows else r.job_rows):
        for col in range(r.job_columns):
            t = g.job[row][col]
            if t >= 0 and p.workers[t] < r.worker_spaces and hire_price(r, row, f.args.hire.cost_delta) <= p.money:
                out[n] = A_HIRE + row * MAX_JOB_COLS + col
                n += 1
    return n

cdef void ap_hire(Game* g, const Rules* r, Frame* f, int a) noexcept nogil:
    cdef int pl = g.current
    cdef Player* p = &g.p[pl]
    cdef int row, col, t, delta = f.args.hire.cost_delta
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
    cdef int cowboys = f.args.buy.cowboys
    cdef int o, t, in_group, n = 1
    out[0] = A_STOP
    for o in range(r.n_buy):
        if r.buy_cowboys[o] > cowboys or r.buy_dollars[o] > p.money:
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
    if cowboys >= 1 and g.market_deck_n > 0:
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
        f.args.buy.cowboys -= 1
        reveal_market(g, r.buy_reveal)
    else:
        o = (a - A_BUY) // MAX_CARD_TYPES
        t = (a - A_BUY) % MAX_CARD_TYPES
        f.args.buy.cowboys -= r.buy_cowboys[o]
        add_money(g, g.current, -r.buy_dollars[o])
        take_market_card(g, t)
        if r.buy_cards[o] == 2:
            push(g, F_BUY_SECOND).args.buy_second.breeds = r.buy_mask[o]

cdef int lg_buy_second(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil:
    cdef int t, n = 0
    for t in range(r.n_card_types):
        if g.market[t] and (f.args.buy_second.breeds >> r.card_breed[t]) & 1:
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
    cdef int rate = f.args.build.cost_per_builder
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
    cdef int rate = f.args.build.cost_per_builder
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

# ----------------------------------------------------------------------------- objectives, aux, tiles

cdef int lg_obj_take(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil:
    cdef int i, n = 0
    if not f.args.obj_take.compulsory:
        out[0] = A_STOP
        n = 1
    for i in range(r.objective_display):
        if g.obj_display[i] >= 0:
            out[n] = A_OBJ_TAKE + i
            n += 1
    if f.args.obj_take.from_stack and g.obj_stack_n > 0:
        out[n] = A_OBJ_TAKE + 4
        n += 1
    return n

cdef void ap_obj_take(Game* g, const Rules* r, Frame* f, int a) noexcept nogil:
    cdef int pl = g.current
    cdef int slot, o, to_hand = f.args.obj_take.to_hand
    pop(g)
    if a == A_STOP:
        return
    slot = a - A_OBJ_TAKE
    if slot == 4:
        g.obj_stack_n -= 1
        o = g.obj_stack[g.obj_stack_n]
    else:
        o = take_display_card(g, r, slot)
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
        if f.args.aux.allow_double and empty >= 2 and action_feasible(g, r, g.current, r.aux_double[k]):
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
    """Any tile of the section, on or off the trail, whose space's take action can be paid in full
    (a 1E teepee on a negative space costs its value; only hand fees may be paid in part)."""
    cdef int i, node, take, n = 1
    out[0] = A_STOP
    for i in range(r.n_section_spaces):
        node = r.section_space[i]
        if g.node_tile[node] < 0:
            continue
        take = r.node_take[node]
        if take >= 0 and not action_feasible(g, r, g.current, take):
            continue
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
    p.section_tiles[r.tile_sub[t]] += 1
    p.bounties += 1
    push_action(g, r, r.node_take[node])

cdef int lg_hazard(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil:
    cdef int i, j, node, n = 1
    out[0] = A_STOP
    if g.p[g.current].money < f.args.hazard.cost:
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
    cdef int node, cost = f.args.hazard.cost
    pop(g)
    if a == A_STOP:
        return
    node = a - A_NODE
    add_money(g, pl, -cost)
    g.p[pl].hazards[g.node_tile[node]] += 1
    g.p[pl].hazards_removed += 1
    g.node_tile[node] = -1

# ----------------------------------------------------------------------------- adjacent buildings (6b)

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
    cdef VisitArgs* v
    cdef int node
    pop(g)
    if a == A_STOP:
        return
    node = a - A_NODE
    v = &push(g, F_ADJ_ACTIONS).args.visit
    v.node = node
    v.building = g.node_building[node]

cdef int rs_adj_actions(Game* g, const Rules* r, Frame* f) noexcept nogil:
    if g.moved:
        pop(g)
        return 0
    return 1

cdef int lg_adj_actions(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil:
    cdef VisitArgs* v = &f.args.visit
    cdef int pl = g.current
    cdef int i, act, used, n = 1
    out[0] = A_STOP
    if g.node_building[v.node] != v.building:
        return 1
    used = local_used_slots(g, v.node, v.building)    # once per turn, whether used here or on the spot
    for i in range(4):
        if (used >> i) & 1:
            continue
        if i == 3 and not (r.adjacent_risk_if_owner and g.node_owner[v.node] == pl):
            continue
        act = local_action_of(r, v.building, v.node, i)
        # no chaining into another adjacent-building action
        if act < 0 or r.step_op[r.action_first[act]] == OP_ADJACENT_BUILDING:
            continue
        if action_feasible(g, r, pl, act):
            out[n] = A_LOCAL + i
            n += 1
    return n

cdef void ap_adj_actions(Game* g, const Rules* r, Frame* f, int a) noexcept nogil:
    cdef VisitArgs* v = &f.args.visit
    cdef int slot
    if a == A_STOP:
        pop(g)
        return
    slot = a - A_LOCAL
    mark_local_used(g, v.node, v.building, slot)
    push_action(g, r, local_action_of(r, v.building, v.node, slot))

# ----------------------------------------------------------------------------- either/or

cdef void push_optional_action(Game* g, const Rules* r, int action) noexcept nogil:
    """An action the player may use now or lose: when it has a requirement, it is offered (if it can
    be met in full) next to declining; an action of rewards only is run (each reward may be declined)."""
    cdef OptionArgs* o
    if action < 0:
        return
    if not r.action_has_req[action]:
        push_action(g, r, action)
        return
    o = &push(g, F_OPTION).args.option
    o.first_action = action
    o.options = 1
    o.may_decline = 1

cdef int lg_option(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil:
    cdef OptionArgs* o = &f.args.option
    cdef int i, n = 0
    if o.may_decline:
        out[0] = A_STOP
        n = 1
    for i in range(o.options):
        if action_feasible(g, r, g.current, o.first_action + i):
            out[n] = A_OPTION + i
            n += 1
    if n == 0:
        return 0            # nothing can be chosen: the exchange token alone does not keep the frame
    return offer_exchange(g, r, g.current, out, n)

cdef void ap_option(Game* g, const Rules* r, Frame* f, int a) noexcept nogil:
    cdef int first = f.args.option.first_action
    if a == A_EXCHANGE:
        use_exchange(g, r, g.current)
        return
    pop(g)
    if a != A_STOP:
        push_action(g, r, first + a - A_OPTION)
