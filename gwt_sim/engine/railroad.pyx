# cython: embedsignature=True
"""The railroad: engine moves, station upgrades, discs, station masters (see railroad.pxd)."""

from gwt_sim.engine.frames cimport *
from gwt_sim.engine.queries cimport *
from gwt_sim.engine.state cimport *
from gwt_sim.engine.typedefs cimport i8, i16, i32, u64


cdef void offer_upgrade(Game* g, const Rules* r, int pos) noexcept nogil:
    cdef int s = station_at(r, pos)
    if s >= 0 and not g.p[g.current].station_done[s]:
        push(g, F_UPGRADE).args.station.station = s

cdef int lg_engine(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil:
    cdef EngineArgs* e = &f.args.engine
    cdef Player* p = &g.p[g.current]
    cdef u64 targets
    cdef int q, n = 0
    if e.mode == ENGINE_FORWARD:
        out[0] = A_STOP
        n = 1
        targets = rail_targets(g, r, p.engine, e.min_steps, e.max_steps, 0)
    elif e.mode == ENGINE_BACK:
        targets = rail_targets(g, r, p.engine, e.min_steps, e.max_steps, 1)
    else:
        # end of the track: back at least one space, to any free space
        targets = 0
        for q in range(r.n_rail):
            if q != r.rail_end and rail_free(g, q):
                targets |= (<u64>1) << q
    while targets:
        q = lowest_bit(targets)
        targets &= targets - 1
        out[n] = A_RAIL + q
        n += 1
    return n

cdef void ap_engine(Game* g, const Rules* r, Frame* f, int a) noexcept nogil:
    cdef int mode = f.args.engine.mode
    cdef int q
    pop(g)
    if a == A_STOP:
        return
    q = a - A_RAIL
    move_engine_to(g, g.current, q)
    if mode == ENGINE_END_OF_TRACK:
        offer_upgrade(g, r, q)
        push_action(g, r, r.rail_end_reward)     # the $3 first: it may pay for the upgrade
    elif q == r.rail_end:
        push(g, F_ENGINE).args.engine.mode = ENGINE_END_OF_TRACK
        offer_upgrade(g, r, q)                   # station 10 may be upgraded before the bounce
    else:
        offer_upgrade(g, r, q)

cdef void start_upgrade(Game* g, const Rules* r, int s) noexcept nogil:
    cdef int pl = g.current
    cdef Player* p = &g.p[pl]
    cdef DiscArgs* d
    add_money(g, pl, -r.station_cost[s])
    p.station_done[s] = 1
    p.stations_upgraded += 1
    if s < SM_SPACES and r.station_has_master[s] and g.sm_station[s] >= 0 and \
            (p.workers[0] >= 2 or p.workers[1] >= 2 or p.workers[2] >= 2):
        push(g, F_SM).args.station.station = s
    d = &push(g, F_DISC).args.disc
    d.corner = r.station_corner[s]
    d.purpose = DISC_FOR_STATION
    d.target = s

cdef int lg_upgrade(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil:
    out[0] = A_STOP
    if g.p[g.current].money >= r.station_cost[f.args.station.station]:
        out[1] = A_UPGRADE
        return 2
    return 1

cdef void ap_upgrade(Game* g, const Rules* r, Frame* f, int a) noexcept nogil:
    cdef int s = f.args.station.station
    pop(g)
    if a == A_UPGRADE:
        start_upgrade(g, r, s)

cdef int lg_disc(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil:
    cdef DiscArgs* d = &f.args.disc
    cdef Player* p = &g.p[g.current]
    cdef int k, s, n = 0
    for k in range(N_DISC):
        if disc_ok(g, r, g.current, k, d.corner, d.reserve):
            out[n] = A_DISC + k
            n += 1
    if n == 0:
        # no disc can come from the board: move one of your discs from a station instead
        for s in range(r.n_stations):
            if p.station_disc[s] and not (d.purpose == DISC_FOR_STATION and s == d.target):
                out[n] = A_STATION + s
                n += 1
    if n == 0:
        out[0] = A_STOP
        n = 1
    return n

cdef void ap_disc(Game* g, const Rules* r, Frame* f, int a) noexcept nogil:
    cdef int pl = g.current
    cdef Player* p = &g.p[pl]
    cdef int purpose = f.args.disc.purpose
    cdef int target = f.args.disc.target
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
    if purpose == DISC_FOR_CITY:
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
    cdef int s = f.args.station.station
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
