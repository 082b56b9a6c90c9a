# cython: embedsignature=True
"""The game and a player's turn (see turn.pxd)."""

from libc.string cimport memset

from gwt_sim.engine.frames cimport *
from gwt_sim.engine.queries cimport *
from gwt_sim.engine.scoring cimport final_scoring
from gwt_sim.engine.state cimport *
from gwt_sim.engine.typedefs cimport i8, i16, i32, u64
from gwt_sim.engine.verbs cimport VERB_TABLE, action_feasible, common_turn_action, offer_objectives_and_exchange

DEF MAX_TURNS = 3000     # an engine fault beyond this (random games end in under 200 turns)

# ----------------------------------------------------------------------------- game and turn

cdef int rs_game(Game* g, const Rules* r, Frame* f) noexcept nogil:
    if not f.args.root.started:
        f.args.root.started = 1
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
    push(g, r.seat_turn_frame[g.current])     # F_TURN; Sam's turn in the solo mode (F_SAM_TURN)
    return 0

cdef void init_phase_b(Game* g, const Rules* r, Frame* f, int node) noexcept nogil:
    cdef VisitArgs* v = &f.args.visit
    f.kind = F_PHASE_B
    v.node = node
    v.building = g.node_building[node]
    v.aux_used = 0
    v.local_used = 0
    # full use of neutral and own buildings; elsewhere only a single auxiliary action
    v.full_use = 1 if v.building >= 0 and (r.node_kind[node] == NK_NEUTRAL or g.node_owner[node] == g.current) else 0

cdef void start_location(Game* g, const Rules* r, Frame* f) noexcept nogil:
    cdef int node = g.p[g.current].herder
    if node == r.node_kc:
        memset(f, 0, sizeof(Frame))
        f.kind = F_KC
        f.player = g.current
    else:
        init_phase_b(g, r, f, node)

cdef int rs_turn(Game* g, const Rules* r, Frame* f) noexcept nogil:
    cdef TurnArgs* t = &f.args.turn
    cdef Player* p = &g.p[g.current]
    if t.stage == TURN_START:
        p.turns += 1
        memset(g.used_slots, 0, sizeof(g.used_slots))
        if not p.first_turn_done:
            p.first_turn_done = 1
            t.stage = TURN_FIRST_PLACEMENT
            if p.hand_n > r.first_turn_hand:
                push(g, F_FIRST_DISCARD)
            return 0
        t.stage = TURN_PHASE_B
        push(g, F_BEFORE_MOVE)
        return 0
    if t.stage == TURN_FIRST_PLACEMENT:
        t.stage = TURN_PHASE_B
        push(g, F_FIRST_PLACE)
        return 0
    if t.stage == TURN_PHASE_B:
        t.stage = TURN_PHASE_C
        start_location(g, r, push(g, F_PHASE_B))
        return 0
    if t.stage == TURN_PHASE_C:
        t.stage = TURN_END
        push(g, F_PHASE_C)
        return 0
    pop(g)
    return 0

# ----------------------------------------------------------------------------- first turn

cdef int rs_first_discard(Game* g, const Rules* r, Frame* f) noexcept nogil:
    if g.p[g.current].hand_n <= r.first_turn_hand:
        pop(g)
        return 0
    return 1

cdef int lg_first_place(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil:
    cdef int i
    for i in range(r.n_neutral):
        out[i] = A_NODE + r.neutral_space[i]
    return r.n_neutral

cdef void ap_first_place(Game* g, const Rules* r, Frame* f, int a) noexcept nogil:
    g.p[g.current].herder = a - A_NODE      # no movement, no fees
    pop(g)

# ----------------------------------------------------------------------------- phase A and herder moves

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

cdef int list_moves(Game* g, const Rules* r, int from_node, int may_enter_kc, i16* out, int n) noexcept nogil:
    cdef u64 targets = next_locations(g, r, from_node)
    cdef int m
    while targets:
        m = lowest_bit(targets)
        targets &= targets - 1
        if may_enter_kc or m != r.node_kc:
            out[n] = A_NODE + m
            n += 1
    return n

cdef int rs_before_move(Game* g, const Rules* r, Frame* f) noexcept nogil:
    g.moved = 0          # an objective herder move before phase A: phase A starts from there
    return 1

cdef int lg_before_move(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil:
    cdef int pl = g.current
    cdef int n = list_moves(g, r, g.p[pl].herder, 1, out, 0)
    return offer_objectives_and_exchange(g, r, pl, out, n)

cdef void ap_before_move(Game* g, const Rules* r, Frame* f, int a) noexcept nogil:
    cdef int pl = g.current
    cdef int node, limit
    cdef MoveArgs* m
    if common_turn_action(g, r, pl, a):
        return
    node = a - A_NODE
    pop(g)
    enter_location(g, r, pl, node, 1)
    limit = step_limit(r, &g.p[pl])
    if node != r.node_kc and limit > 1:
        m = &push(g, F_MOVE).args.move
        m.moved = 1
        m.limit = limit
        m.charge_fees = 1
        m.may_enter_kc = 1
        m.purpose = MOVE_PHASE_A

cdef int lg_move(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil:
    cdef MoveArgs* m = &f.args.move
    cdef int n = 0
    if m.moved >= 1 or m.purpose != MOVE_PHASE_A:
        out[n] = A_STOP      # phase A needs at least one location; herder-move rewards may be declined
        n += 1
    if m.moved < m.limit:
        n = list_moves(g, r, g.p[g.current].herder, m.may_enter_kc, out, n)
    return n

cdef void ap_move(Game* g, const Rules* r, Frame* f, int a) noexcept nogil:
    cdef MoveArgs* m = &f.args.move
    cdef int node, purpose, moved
    if a != A_STOP:
        node = a - A_NODE
        enter_location(g, r, g.current, node, m.charge_fees)
        m.moved += 1
        if node != r.node_kc and m.moved < m.limit:
            return
    purpose = m.purpose
    moved = m.moved
    pop(g)
    if purpose != MOVE_PHASE_A and moved > 0:
        g.moved = purpose

# ----------------------------------------------------------------------------- phase B

cdef int rs_phase_b(Game* g, const Rules* r, Frame* f) noexcept nogil:
    if g.moved == MOVE_USE_LOCATION:
        g.moved = 0
        start_location(g, r, f)
        return 0 if f.kind == F_KC else 1
    if g.moved == MOVE_END_PHASE_B:
        g.moved = 0
        pop(g)
        return 0
    return 1

cdef int lg_phase_b(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil:
    cdef VisitArgs* v = &f.args.visit
    cdef int pl = g.current
    cdef int n = 0
    cdef int i, act, used
    out[n] = A_STOP
    n += 1
    if v.full_use and not v.aux_used and v.building >= 0 and g.node_building[v.node] == v.building:
        used = local_used_slots(g, v.node, v.building)     # each local action once per turn
        for i in range(4):
            if (used >> i) & 1:
                continue
            if i == 3 and g.node_owner[v.node] != pl:
                continue
            act = local_action_of(r, v.building, v.node, i)
            if act >= 0 and action_feasible(g, r, pl, act):
                out[n] = A_LOCAL + i
                n += 1
    if not v.aux_used and not v.local_used:
        for i in range(N_AUX):
            if aux_empty_spaces(r, &g.p[pl], i) >= 1 and action_feasible(g, r, pl, r.aux_single[i]):
                out[n] = A_AUX + 2 * i
                n += 1
    return offer_objectives_and_exchange(g, r, pl, out, n)

cdef void ap_phase_b(Game* g, const Rules* r, Frame* f, int a) noexcept nogil:
    cdef VisitArgs* v = &f.args.visit
    cdef int pl = g.current
    cdef int slot
    if common_turn_action(g, r, pl, a):
        return
    if a == A_STOP:
        pop(g)
    elif A_LOCAL <= a < A_AUX:
        slot = a - A_LOCAL
        mark_local_used(g, v.node, v.building, slot)
        v.local_used = 1
        push_action(g, r, local_action_of(r, v.building, v.node, slot))
    else:
        v.aux_used = 1             # the single auxiliary action replaces all local actions
        push_action(g, r, r.aux_single[(a - A_AUX) // 2])

cdef int rs_action(Game* g, const Rules* r, Frame* f) noexcept nogil:
    cdef ActionArgs* x = &f.args.action
    cdef int s
    if g.moved or x.step >= r.action_len[x.action]:
        pop(g)               # done, or the herder left (a move ends the action)
        return 0
    s = r.action_first[x.action] + x.step
    x.step += 1
    VERB_TABLE[r.step_op[s]](g, r, g.current, r.step_arg[s])
    return 0

# ----------------------------------------------------------------------------- phase C

cdef int rs_phase_c(Game* g, const Rules* r, Frame* f) noexcept nogil:
    cdef int pl = g.current
    cdef int lim = hand_limit(r, &g.p[pl])
    while g.p[pl].hand_n < lim:
        if draw_card(g, r, pl) < 0:
            break
    pop(g)
    return 0
