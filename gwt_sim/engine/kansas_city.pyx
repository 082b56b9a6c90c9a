# cython: embedsignature=True
"""Kansas City and deliveries (see kansas_city.pxd)."""

from gwt_sim.engine.frames cimport *
from gwt_sim.engine.queries cimport *
from gwt_sim.engine.railroad cimport offer_upgrade
from gwt_sim.engine.state cimport *
from gwt_sim.engine.typedefs cimport i8, i16, i32, u64
from gwt_sim.engine.verbs cimport offer_exchange, use_exchange


cdef int foresight_choosable(Game* g, const Rules* r, int col, int row) noexcept nogil:
    cdef int t = g.foresight[col][row]
    if t < 0:
        return 0
    return not (g.no_worker_picks and r.tile_kind[t] == TILE_WORKER)

cdef void refill_foresight(Game* g, const Rules* r) noexcept nogil:
    """After a Kansas City visit: in the solo mode (foresight_slide) each column's upper tile first
    slides onto an empty lower space; then every empty space is refilled from its column's bag."""
    cdef int col, row
    if r.foresight_slide:
        for col in range(N_BAGS):
            for row in range(r.foresight_rows - 1):
                if g.foresight[col][row] < 0 and g.foresight[col][row + 1] >= 0:
                    g.foresight[col][row] = g.foresight[col][row + 1]
                    g.foresight[col][row + 1] = -1
    for col in range(N_BAGS):
        for row in range(r.foresight_rows):
            if g.foresight[col][row] < 0:
                g.foresight[col][row] = bag_draw(g, r.foresight_bag[col])

cdef int rs_kc(Game* g, const Rules* r, Frame* f) noexcept nogil:
    cdef KcArgs* k = &f.args.kc
    cdef Player* p = &g.p[g.current]
    cdef int col, row, c
    cdef CityArgs* city
    if k.step == KC_FORESIGHT:
        p.kc_visits += 1
    if k.step < KC_INCOME:
        # one tile from each foresight column, left to right
        col = k.step - KC_FORESIGHT
        k.step += 1
        for row in range(r.foresight_rows):
            if foresight_choosable(g, r, col, row):
                push(g, F_FORESIGHT).args.foresight.column = col
                break
        return 0
    if k.step == KC_INCOME:
        k.step = KC_SIMMENTAL
        push(g, F_INCOME)
        return 0
    if k.step == KC_SIMMENTAL:
        k.step = KC_DELIVERY
        if r.simmental:
            push(g, F_SIMMENTAL)
        return 0
    if k.step == KC_DELIVERY:
        k.step = KC_END
        for c in range(r.n_card_types + r.n_obj):
            while p.hand[c] > 0:
                discard_from_hand(g, g.current, c)
        city = &push(g, F_CITY).args.city
        city.mode = DELIVERY_KANSAS_CITY
        city.value = k.income
        return 0
    # herder back to the start; the emptied foresight spaces are refilled from their bags
    p.herder = r.node_start
    refill_foresight(g, r)
    pop(g)
    return 0

cdef int lg_foresight(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil:
    cdef int row, n = 0
    for row in range(r.foresight_rows):
        if foresight_choosable(g, r, f.args.foresight.column, row):
            out[n] = A_FORESIGHT + row
            n += 1
    return n

cdef void ap_foresight(Game* g, const Rules* r, Frame* f, int a) noexcept nogil:
    cdef int col = f.args.foresight.column
    cdef int t = g.foresight[col][a - A_FORESIGHT]
    g.foresight[col][a - A_FORESIGHT] = -1
    pop(g)
    place_tile(g, r, t)

# ----------------------------------------------------------------------------- income

cdef int lg_income(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil:
    cdef Player* p = &g.p[g.current]
    cdef int j, n = 0
    for j in range(p.cert, -1, -1):
        out[n] = A_COUNT + r.cert_positions[p.cert] - r.cert_positions[j]
        n += 1
    return offer_exchange(g, r, g.current, out, n)

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
    top(g).args.kc.income = income          # the Kansas City frame: the value available for delivery

# ----------------------------------------------------------------------------- Simmental

cdef int simmental_next(Game* g, const Rules* r, int from_breed) noexcept nogil:
    cdef int b, up
    for b in range(from_breed, r.n_breeds):
        up = r.breed_upgrade[b]
        if up >= 0 and g.supply[up] > 0 and hand_matching(g, r, g.current, 1 << b) > 0:
            return b
    return -1

cdef int rs_simmental(Game* g, const Rules* r, Frame* f) noexcept nogil:
    cdef int b = simmental_next(g, r, f.args.simmental.next_breed)
    if b < 0:
        pop(g)
        return 0
    f.args.simmental.breed = b
    return 1

cdef int lg_simmental(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil:
    cdef int b = f.args.simmental.breed
    cdef int have = hand_matching(g, r, g.current, 1 << b)
    cdef int supply = g.supply[r.breed_upgrade[b]]
    cdef int k, n = 0
    for k in range(0, (have if have < supply else supply) + 1):
        out[n] = A_COUNT + k
        n += 1
    return offer_exchange(g, r, g.current, out, n)

cdef void ap_simmental(Game* g, const Rules* r, Frame* f, int a) noexcept nogil:
    cdef Player* p = &g.p[g.current]
    cdef int b = f.args.simmental.breed
    cdef int up = r.breed_upgrade[b]
    cdef int k, c
    if a == A_EXCHANGE:
        use_exchange(g, r, g.current)
        return
    for k in range(a - A_COUNT):
        for c in range(r.n_card_types):
            if p.hand[c] and r.card_breed[c] == b:
                p.hand[c] -= 1
                p.hand_n -= 1
                p.removed[c] += 1
                break
        g.supply[up] -= 1
        gain_to_discard(g, g.current, r.supply_type[up])
    f.args.simmental.next_breed = b + 1   # later stages: only cards still in hand (new ones went to the discard pile)

# ----------------------------------------------------------------------------- delivery

cdef int lg_city(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil:
    cdef Player* p = &g.p[g.current]
    cdef int c, n = 0
    for c in range(r.n_cities):
        if r.city_value[c] <= f.args.city.value and (r.city_repeatable[c] or p.city_discs[c] == 0):
            out[n] = A_CITY + c
            n += 1
    return n

cdef void ap_city(Game* g, const Rules* r, Frame* f, int a) noexcept nogil:
    cdef int mode = f.args.city.mode
    cdef DeliverArgs* d
    pop(g)
    d = &push(g, F_DELIVER).args.deliver
    d.city = a - A_CITY
    d.mode = mode

cdef int arrows_fired(Game* g, const Rules* r, int pl, int c, int* actions) noexcept nogil:
    """Arrows fire when the second city of a pair gets the player's disc: after `pl`'s first disc on
    city c, the actions (index, -1 for none) of the arrows to cities where it already has one."""
    cdef Player* p = &g.p[pl]
    cdef int i, other, n = 0
    if p.city_discs[c] != 1:
        return 0
    for i in range(r.n_arrows):
        other = r.arrow_b[i] if r.arrow_a[i] == c else (r.arrow_a[i] if r.arrow_b[i] == c else -1)
        if other >= 0 and p.city_discs[other] > 0:
            actions[n] = r.arrow_action[i]
            n += 1
    return n

cdef int rs_deliver(Game* g, const Rules* r, Frame* f) noexcept nogil:
    cdef DeliverArgs* d = &f.args.deliver
    cdef int pl = g.current
    cdef Player* p = &g.p[pl]
    cdef int c = d.city
    cdef int i, n, cost
    cdef int fired[MAX_ARROWS]
    cdef DiscArgs* disc
    if d.step == DELIVER_PLACE_DISC:
        d.step = DELIVER_EFFECTS
        d.discs_before = p.city_discs[c]
        disc = &push(g, F_DISC).args.disc
        disc.corner = r.city_corner[c]
        disc.purpose = DISC_FOR_CITY
        disc.target = c
        if d.mode == DELIVERY_KANSAS_CITY:       # the transport cost comes after the disc's cost
            disc.reserve = transport_cost(r, p.engine, r.city_value[c])
        return 0
    if d.step == DELIVER_EFFECTS:
        d.step = DELIVER_PAY
        if p.city_discs[c] > d.discs_before:
            p.deliveries += 1
            p.delivery_value += r.city_value[c]
            n = arrows_fired(g, r, pl, c, fired)
            for i in range(n):
                push_action(g, r, fired[i])
            push_action(g, r, r.city_on_place[c])
        return 0
    if d.mode == DELIVERY_KANSAS_CITY:
        # the box's costs are always affordable here (the income is at least the city's value, and a
        # disc with a cost of its own is offered only if it leaves the transport cost: DiscArgs.reserve);
        # content with dearer crosses may not be, and money never goes below 0
        cost = transport_cost(r, p.engine, r.city_value[c])
        add_money(g, pl, -(cost if cost < p.money else p.money))
    pop(g)
    return 0

cdef int lg_extra_delivery(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil:
    cdef Player* p = &g.p[g.current]
    cdef u64 targets = 0
    cdef int q, n = 1
    out[0] = A_STOP
    if p.engine != 0:
        targets = rail_targets(g, r, p.engine, 1, MAX_RAIL, 1)
    while targets:
        q = lowest_bit(targets)
        targets &= targets - 1
        out[n] = A_RAIL + q
        n += 1
    return n

cdef void ap_extra_delivery(Game* g, const Rules* r, Frame* f, int a) noexcept nogil:
    cdef int pl = g.current
    cdef int start, q, reach
    cdef CityArgs* c
    pop(g)
    if a == A_STOP:
        return
    q = a - A_RAIL
    start = g.p[pl].engine
    reach = numbered_back(g, r, start, q)     # counted before the engine stands on its destination
    move_engine_to(g, pl, q)
    offer_upgrade(g, r, q)                # after the delivery, the turnout's station may be upgraded
    c = &push(g, F_CITY).args.city
    c.mode = DELIVERY_EXTRAORDINARY       # no income, no transport cost
    c.value = reach
