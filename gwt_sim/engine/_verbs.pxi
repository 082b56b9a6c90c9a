# The action vocabulary: one function per verb, found through VERB_TABLE by op code. A verb either
# finishes at once or pushes the decision frame that finishes it.

ctypedef void (*verb_fn)(Game* g, const Rules* r, int pl, const i16* a) noexcept nogil

cdef int action_feasible(Game* g, const Rules* r, int pl, int action) noexcept nogil:
    """Can the action's requirements (payments, discards, exact backward engine moves) be met in
    full? Rewards never block an action: they may be declined."""
    cdef Player* p = &g.p[pl]
    cdef int money = p.money
    cdef int i, s, op, k, any_opt
    cdef const i16* a
    if action < 0:
        return 0
    for i in range(r.action_len[action]):
        s = r.action_first[action] + i
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

cdef void v_gain_money(Game* g, const Rules* r, int pl, const i16* a) noexcept nogil:
    add_money(g, pl, a[0])

cdef void v_pay_money(Game* g, const Rules* r, int pl, const i16* a) noexcept nogil:
    add_money(g, pl, -a[0])

cdef void v_discard(Game* g, const Rules* r, int pl, const i16* a) noexcept nogil:
    cdef Frame* f = push(g, F_DISCARD)
    f.x0 = a[0]      # breed mask
    f.x1 = a[1]      # cards still to discard
    f.x2 = a[2]      # kind: cards / pair / objective

cdef void v_hire(Game* g, const Rules* r, int pl, const i16* a) noexcept nogil:
    push(g, F_HIRE).x0 = a[0]

cdef void v_buy_cattle(Game* g, const Rules* r, int pl, const i16* a) noexcept nogil:
    push(g, F_BUY).x0 = g.p[pl].workers[W_COWBOY]

cdef void v_build(Game* g, const Rules* r, int pl, const i16* a) noexcept nogil:
    push(g, F_BUILD).x0 = a[0]

cdef void v_move_engine(Game* g, const Rules* r, int pl, const i16* a) noexcept nogil:
    cdef int hi = a[1] if a[1] >= 0 else counter(g, r, pl, a[2])
    cdef Frame* f
    if hi < a[0] or hi <= 0:
        return
    f = push(g, F_ENGINE)
    f.x0 = 0         # forward
    f.x1 = a[0]
    f.x2 = hi

cdef void v_engine_back(Game* g, const Rules* r, int pl, const i16* a) noexcept nogil:
    cdef Frame* f = push(g, F_ENGINE)
    f.x0 = 1         # exactly back
    f.x1 = a[0]
    f.x2 = a[0]

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
    cdef Frame* f = push(g, F_OBJ_TAKE)
    f.x0 = a[0]      # 0: discard pile, 1: hand
    f.x1 = a[1]      # 1: the top of the stack may be taken too
    f.x2 = a[2]      # 1: compulsory (city arrows); otherwise a reward that may be declined

cdef void v_aux(Game* g, const Rules* r, int pl, const i16* a) noexcept nogil:
    push(g, F_AUX_CHOOSE).x0 = a[0]

cdef void v_bounty(Game* g, const Rules* r, int pl, const i16* a) noexcept nogil:
    push(g, F_BOUNTY)

cdef void v_exchange_token(Game* g, const Rules* r, int pl, const i16* a) noexcept nogil:
    g.p[pl].tokens += a[0]

cdef void v_remove_hazard(Game* g, const Rules* r, int pl, const i16* a) noexcept nogil:
    push(g, F_HAZARD).x0 = a[0]

cdef void v_move_herder(Game* g, const Rules* r, int pl, const i16* a) noexcept nogil:
    cdef Frame* f = push(g, F_HERDER)
    f.x0 = 0         # locations moved so far
    f.x1 = a[0]      # at most
    f.x2 = 1 - a[1]  # charge hand fees
    f.x3 = a[3]      # may enter Kansas City
    f.x4 = 1 if a[2] else 2   # afterwards: 1 = phase B at the new location, 2 = phase B ends

cdef void v_money_per(Game* g, const Rules* r, int pl, const i16* a) noexcept nogil:
    add_money(g, pl, a[1] * counter(g, r, pl, a[0]))

cdef void v_draw_discard(Game* g, const Rules* r, int pl, const i16* a) noexcept nogil:
    cdef int n, k, drawn = 0
    cdef Frame* f
    if a[1] >= 0:
        # draw exactly n (as many as there are), then discard as many
        for k in range(a[1]):
            if draw_card(g, r, pl) >= 0:
                drawn += 1
        if drawn:
            push(g, F_DISCARD_N).x0 = drawn
        return
    n = a[0] if a[0] >= 0 else counter(g, r, pl, a[2])
    if n > 0:
        push(g, F_DRAW_COUNT).x0 = n

cdef void v_remove_hand_cards(Game* g, const Rules* r, int pl, const i16* a) noexcept nogil:
    cdef Frame* f = push(g, F_REMOVE_CARDS)
    f.x0 = a[0]
    f.x1 = 0 if r.aux5_removal_optional else 1

cdef void v_adjacent_building(Game* g, const Rules* r, int pl, const i16* a) noexcept nogil:
    push(g, F_ADJACENT)

cdef void v_extraordinary_delivery(Game* g, const Rules* r, int pl, const i16* a) noexcept nogil:
    push(g, F_EXTRA_DELIVERY)

cdef void v_upgrade_station_behind(Game* g, const Rules* r, int pl, const i16* a) noexcept nogil:
    push(g, F_STATION_BEHIND)

cdef void v_choice(Game* g, const Rules* r, int pl, const i16* a) noexcept nogil:
    cdef Frame* f = push(g, F_OPTION)
    f.x0 = a[0]
    f.x1 = a[1]

cdef verb_fn VERB_TABLE[N_OPS]
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
VERB_TABLE[OP_BOUNTY] = v_bounty
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
