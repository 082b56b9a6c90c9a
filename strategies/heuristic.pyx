"""Heuristic archetypes: compiled bots that play the whole game from one valuation model.

Every verb of the content vocabulary gets an estimated value in VP-equivalents for the acting
player, from what that player may know (public board, own hand, own deck composition). The same
estimates drive the turn plan (which location to stop on, by which path) and every sub-decision
(which worker, card, building and space, engine destination, station, station master, disc, city,
certificates to spend, foresight tile, objective card). A profile (strategies/profiles/*.toml)
weights the parts, which is what makes the archetypes differ, and holds the archetype's plan:
with a turn cost the herder's move is chosen for the whole loop to Kansas City (one stop a turn,
each turn costing that many VP), plan targets (workers, hand limit, stations, objective cards,
station masters, the big buildings) add value to every step toward them, and objective pursuit
values items by the objective cards they would fulfil.
"""

from libc.string cimport memcmp, memcpy, memset

from gwt_sim.engine.frames cimport *
from gwt_sim.engine.game cimport GameState
from gwt_sim.engine.policy cimport CompiledPolicy, Policy
from gwt_sim.engine.queries cimport (
    aux_empty_spaces, breeding_value, building_id, cards_available, cert_limit, cert_value, counter,
    disc_ok, hand_limit, hire_price, is_location, location_fee, next_locations_passing, numbered_back,
    rail_targets, station_at, step_limit, transport_cost,
)
from gwt_sim.engine.rng cimport rng_below
from gwt_sim.engine.state cimport *  # note: its W_COWBOY.. are worker types; weights are WT_*
from gwt_sim.engine.verbs cimport action_feasible
from gwt_sim.engine.typedefs cimport i8, i16, i32, u64

from strategies.checks import check_bool
from strategies.profiles import PROFILE_FIELDS, Profile, load_profile

DEF NEG = -1.0e9


cdef void make_ctx(Ctx* c, GameState s, HeuristicPolicy pol) noexcept:
    make_ctx_for(c, &s.g, s.r, s.g.current, pol.w, &pol.memo, &pol.rc)
    c.backward_loop = pol.backward_loop
    c.keep_stops = pol.keep_stops


cdef void make_ctx_for(Ctx* c, Game* g, const Rules* r, int me, const double* w, Memo* m,
                       const RulesCache* rc) noexcept:
    cdef int total, filled
    m.stamp += 1                        # a new decision: every memo entry of older stamps is stale
    if m.stamp >= 0x7fffffff:           # (feasible keeps 2 * stamp in 32 bits)
        memset(m, 0, sizeof(Memo))
        m.stamp = 1
    c.m = m
    c.rc = rc
    c.g = g
    c.r = r
    c.w = w
    c.me = me
    c.p = &g.p[me]
    total = r.job_rows * r.job_columns - r.initial_workers
    filled = g.token_row * r.job_columns + g.token_fill - r.initial_workers
    c.t = 1.0 if g.end_triggered else (<double>filled / total if total > 0 else 1.0)
    if c.t < 0:
        c.t = 0
    if c.t > 1:
        c.t = 1
    c.rem = 1.0 - c.t
    c.vm = w[WT_MONEY_EARLY] * c.rem + w[WT_MONEY_LATE] * c.t
    c.depth = 0
    c.nest = 0
    c.backward_loop = 0
    c.keep_stops = 0
    c.deficit_known = 0
    c.owned_known = 0
    c.hand_known = 0
    c.spaces_known = 0
    c.built_known = 0
    c.rail_known = 0


# ----------------------------------------------------------------------------- small values

cdef inline int feasible(Ctx* c, int action) noexcept:
    """action_feasible for the acting player, once per action and decision."""
    if action < 0:
        return 0
    if not c.r.action_may_block[action]:
        return 1
    if c.m.feasible[action] >> 1 != c.m.stamp:
        c.m.feasible[action] = 2 * c.m.stamp + (action_feasible(c.g, c.r, c.me, action) != 0)
    return c.m.feasible[action] & 1


cdef u64 next_of(Ctx* c, int node) noexcept:
    """next_locations, kept across decisions while the nodes it depends on stay locations or empty
    (see Memo.nxt)."""
    cdef Memo* m = c.m
    cdef u64 changed, left, passed, w_old, w_new, t_old, t_new
    cdef int i, j, v
    if m.nxt_at != m.stamp:
        m.nxt_at = m.stamp
        if memcmp(m.nxt_building, c.g.node_building, sizeof(m.nxt_building)) != 0 \
                or memcmp(m.nxt_tile, c.g.node_tile, sizeof(m.nxt_tile)) != 0:
            # the nodes that became or stopped being locations (a building or tile put or taken
            # away; one replaced by another changes nothing), and the entries that passed them
            changed = 0
            for i in range(0, MAX_NODES, 8):     # eight nodes at a time while nothing differs
                memcpy(&w_old, &m.nxt_building[i], 8)
                memcpy(&w_new, &c.g.node_building[i], 8)
                memcpy(&t_old, &m.nxt_tile[i], 8)
                memcpy(&t_new, &c.g.node_tile[i], 8)
                if w_old == w_new and t_old == t_new:
                    continue
                for j in range(i, i + 8):
                    if (m.nxt_building[j] >= 0) != (c.g.node_building[j] >= 0) \
                            or (m.nxt_tile[j] >= 0) != (c.g.node_tile[j] >= 0):
                        changed |= (<u64>1) << j
            left = m.nxt_valid if changed else 0
            while left:
                v = lowest_bit(left)
                left &= left - 1
                if m.nxt_dep[v] & changed:
                    m.nxt_valid &= ~((<u64>1) << v)
            memcpy(m.nxt_building, c.g.node_building, sizeof(m.nxt_building))
            memcpy(m.nxt_tile, c.g.node_tile, sizeof(m.nxt_tile))
    if not (m.nxt_valid >> node) & 1:
        m.nxt[node] = next_locations_passing(c.g, c.r, node, &passed)
        m.nxt_dep[node] = passed | m.nxt[node]
        m.nxt_valid |= (<u64>1) << node
    return m.nxt[node]


cdef inline double money(Ctx* c, double dollars) noexcept:
    return dollars * c.vm


cdef double worker_value(Ctx* c, int wtype, int with_immediate) noexcept:
    """Value of one more worker of a type (its use for the rest of the game, the 4 VP rows, and the
    immediate action of the space it lands on)."""
    cdef int k = c.p.workers[wtype]
    cdef double v
    cdef int act
    if k >= c.r.worker_spaces:
        return NEG
    # a worker works for the rest of the game: worth much more early than late
    v = c.w[WT_COWBOY + wtype] * 6.5 * c.rem * c.rem + 1.0 * c.rem
    if k >= 4:
        v *= 0.7
    v += c.r.worker_space_vp[k + 1] * c.w[WT_WORKER_ROW_VP]
    if k < c.w[WT_TARGET_COWBOYS + wtype]:
        v += c.w[WT_PLAN_BONUS] * c.rem            # the plan wants this worker
    if with_immediate:
        act = c.r.worker_immediate[wtype][k + 1]
        if act >= 0 and feasible(c, act):
            v += max(0.0, est_action(c, act)) * 0.9
    return v


cdef void hand_counts(Ctx* c) noexcept:
    """Cattle cards in hand per breed and per income group, once per decision."""
    cdef const Rules* r = c.r
    cdef int t, b
    for b in range(MAX_BREEDS):
        c.breed_hand[b] = 0
        c.group_hand[b] = 0
    for t in range(r.n_card_types):
        if c.p.hand[t]:
            b = r.card_breed[t]
            c.breed_hand[b] += c.p.hand[t]
            c.group_hand[r.breed_group[b]] += c.p.hand[t]
    c.hand_known = 1


cdef double card_keep_value(Ctx* c, int card) noexcept:
    """What a card in hand is worth keeping (for the next delivery / income, or to play)."""
    cdef const Rules* r = c.r
    cdef int b, same, grp, cc
    if card >= r.n_card_types:
        return 1.5 if c.t < 0.9 else 0.5          # an objective card still to play
    b = r.card_breed[card]
    grp = r.breed_group[b]
    if not c.hand_known:
        hand_counts(c)
    same = c.group_hand[grp]
    if same > 1:
        return 0.25 + r.breed_value[b] * 0.05      # a duplicate adds nothing to income
    return r.breed_value[b] * 0.6


cdef double discard_cost(Ctx* c, int mask, int count, int kind) noexcept:
    """Cheapest way to meet a discard requirement, as value lost."""
    cdef const Rules* r = c.r
    cdef double best = 1e9, v
    cdef int card
    if kind == DISCARD_OBJECTIVE:
        return 1.0
    for card in range(r.n_card_types):
        if c.p.hand[card] and (mask >> r.card_breed[card]) & 1:
            v = card_keep_value(c, card)
            if v < best:
                best = v
    if best > 1e8:
        return 1e9
    return best * count if kind == DISCARD_CARDS else best * 1.6


cdef inline u64 nonzero_bits(const i8* a, int n) noexcept:
    """Bit i set when a[i] != 0 (n <= 64), eight entries at a time while they are all zero (the
    objective cards in a hand or area are few)."""
    cdef u64 bits = 0, word
    cdef int i, j
    for i in range(0, n, 8):
        if i + 8 <= n:
            memcpy(&word, a + i, 8)
            if word == 0:
                continue
        for j in range(i, i + 8 if i + 8 <= n else n):
            if a[j]:
                bits |= (<u64>1) << j
    return bits


cdef void scan_owned(Ctx* c) noexcept:
    """Once per decision, one pass over the player's cards: cattle cards owned per type (hand, draw
    and discard piles), the objective cards owned (the same places) and those in the objective area."""
    cdef const Rules* r = c.r
    cdef int i
    memcpy(c.owned, c.p.hand, r.n_card_types + r.n_obj)     # every card id counted, no branch per card
    for i in range(c.p.draw_n):
        c.owned[c.p.draw[i]] += 1
    for i in range(c.p.discard_n):
        c.owned[c.p.discard[i]] += 1
    c.obj_owned = nonzero_bits(&c.owned[r.n_card_types], r.n_obj)
    c.obj_area = nonzero_bits(c.p.objectives, r.n_obj)
    c.owned_known = 1


cdef int count_of(Ctx* c, int code) noexcept:
    """counter() for the acting player; its deck counters (cattle cards of some breeds in hand, draw
    and discard piles) from scan_owned's counts, not a pass over the piles each."""
    cdef const Rules* r = c.r
    cdef int t, n = 0
    cdef u64 types
    if r.counter_source[code] != COUNTS_DECK:
        return counter(c.g, r, c.me, code)
    if not c.owned_known:
        scan_owned(c)
    types = c.rc.code_types[code]
    while types:
        t = lowest_bit(types)
        types &= types - 1
        n += c.owned[t]
    return n


cdef inline int task_deficit(Ctx* c, int t) noexcept:
    """Items of objective task t still needed (once per decision): what the objective area's cards
    ask for beyond what the player owns (negative: items to spare)."""
    cdef int q, d, k, i
    cdef u64 area
    if not (c.deficit_known >> t) & 1:
        if not c.deficit_known:             # the objective area's needs, all tasks at once
            for k in range(c.r.n_tasks):
                c.need[k] = 0
            if not c.owned_known:
                scan_owned(c)
            area = c.obj_area
            while area:
                q = lowest_bit(area)
                area &= area - 1
                for i in range(c.rc.n_obj_tasks[q]):
                    k = c.rc.obj_tasks[q][i]
                    c.need[k] += c.p.objectives[q] * c.r.obj_need[q][k]
        d = -count_of(c, c.r.task_counter[t])
        c.deficit[t] = d + c.need[t]
        c.deficit_known |= 1 << t
    return c.deficit[t]


cdef inline double task_pull(Ctx* c, int code) noexcept:
    """What one more item counted by `code` is worth toward the player's objective cards: for a task
    a card still misses, the card's VP (minus its penalty when it is in the objective area; one in
    the deck scores only if fulfilled) shared among the items it misses. An item fulfils one task
    on one card, so the best card counts. All counters at once, on first use in a decision."""
    if c.w[WT_OBJECTIVE_PURSUIT] == 0 or code < 0 or code >= 32:
        return 0
    if c.m.pull_at != c.m.stamp:
        objective_pulls(c)
    return c.m.pull[code]


cdef void objective_pulls(Ctx* c) noexcept:
    cdef const Rules* r = c.r
    cdef int t, q, i, in_area, miss, d, k
    cdef u64 cards
    cdef double gain, scale = c.w[WT_OBJECTIVE_PURSUIT] * c.w[WT_OBJECTIVE]
    memset(c.m.pull, 0, sizeof(c.m.pull))
    c.m.pull_at = c.m.stamp
    if not c.owned_known:
        scan_owned(c)
    cards = c.obj_owned | c.obj_area      # objective cards owned in hand, draw or discard pile, or in the area
    while cards:
        q = lowest_bit(cards)
        cards &= cards - 1
        in_area = c.p.objectives[q]
        miss = 0
        for i in range(c.rc.n_obj_tasks[q]):
            t = c.rc.obj_tasks[q][i]
            d = task_deficit(c, t) + (0 if in_area else r.obj_need[q][t])
            if d > 0:
                miss += min(d, r.obj_need[q][t])
        gain = <double>(r.obj_vp[q] - (r.obj_penalty[q] if in_area else 0)) / (miss if miss > 1 else 1) * scale
        for i in range(c.rc.n_obj_tasks[q]):
            t = c.rc.obj_tasks[q][i]
            k = r.task_counter[t]
            if 0 <= k < 32 and task_deficit(c, t) + (0 if in_area else r.obj_need[q][t]) > 0 \
                    and gain > c.m.pull[k]:
                c.m.pull[k] = gain


cdef inline double card_value(Ctx* c, int card) noexcept:
    """Value of adding a cattle card to the deck (VP printed, breeding value for future deliveries),
    once per card type and decision."""
    if c.m.card[card].at != c.m.stamp:
        c.m.card[card].val = card_value_now(c, card)
        c.m.card[card].at = c.m.stamp
    return c.m.card[card].val


cdef double card_value_now(Ctx* c, int card) noexcept:
    cdef const Rules* r = c.r
    cdef int b = r.card_breed[card]
    cdef double v = r.card_vp[card] * c.w[WT_CATTLE_VP]
    cdef int k
    if not c.hand_known:
        hand_counts(c)
    # a better breed raises every later delivery it is in hand for (more income, farther cities)
    v += max(0, r.breed_value[b] - 1) * c.w[WT_BREEDING] * (0.3 + 1.8 * c.rem)
    if c.breed_hand[b]:                            # this breed in hand already
        v -= 0.3
    for k in range(c.rc.n_breed_codes[b]):         # the deck counters objective tasks ask for
        v += task_pull(c, c.rc.breed_codes[b][k])
    return v


# ----------------------------------------------------------------------------- discs and stations

cdef double disc_value(Ctx* c, int grp) noexcept:
    """Value of taking a disc from a disc-space group (what clearing it unlocks)."""
    cdef const Rules* r = c.r
    cdef int u = r.disc_unlock[grp]
    cdef int left = c.p.discs[grp]
    cdef double v = 0
    if left <= 0:
        return NEG
    if u <= 4:                                            # auxiliary actions
        v = c.w[WT_DISC_AUX] * (0.9 if u == 2 else 0.6) * (0.3 + c.rem)
    elif u == UNLOCK_STEP_LEFT:
        v = c.w[WT_DISC_STEP] * 1.4 * c.rem + money(c, 3)
    elif u == UNLOCK_STEP_RIGHT:
        v = c.w[WT_DISC_STEP] * 0.9 * c.rem + 3.0
    elif u == UNLOCK_HAND:
        v = c.w[WT_DISC_HAND] * 2.2 * c.rem - money(c, r.disc_clear_cost[grp])
        if hand_limit(r, c.p) < c.w[WT_TARGET_HAND]:
            v += c.w[WT_PLAN_BONUS] * c.rem
    elif u == UNLOCK_CERT4:
        v = c.w[WT_DISC_CERT] * 1.1 * c.rem
    elif u == UNLOCK_CERT6:
        v = c.w[WT_DISC_CERT] * (1.1 if c.p.discs[r.disc_of_unlock[UNLOCK_CERT4]] == 0 else 0.3) * c.rem
    return v - 0.15 * (1.0 - c.rem)                       # discs are also needed for later deliveries


cdef int best_disc(Ctx* c, int corner, double* value) noexcept:
    """The disc to take for a target of the given corner colour, once per corner and decision."""
    if corner < 0 or corner > 1:
        return best_disc_now(c, corner, value)
    if c.m.disc_at[corner] != c.m.stamp:
        c.m.disc_best[corner] = best_disc_now(c, corner, &c.m.disc_val[corner])
        c.m.disc_at[corner] = c.m.stamp
    value[0] = c.m.disc_val[corner]
    return c.m.disc_best[corner]


cdef int best_disc_now(Ctx* c, int corner, double* value) noexcept:
    cdef int k, best = -1
    cdef double v, bv = NEG
    for k in range(N_DISC):
        if disc_ok(c.g, c.r, c.me, k, corner, 0):
            v = disc_value(c, k)
            if v > bv:
                bv = v
                best = k
    value[0] = bv if best >= 0 else -2.0                  # no disc: one must come off a station
    return best


cdef double sm_value(Ctx* c, int m) noexcept:
    """Taking station master m (its upper half now, its lower half at the end), minus the worker."""
    cdef const Rules* r = c.r
    cdef double v = 0, lost = 1e9, wv
    cdef int t, have
    if r.sm_immediate[m] >= 0:
        v += max(0.0, est_action(c, r.sm_immediate[m]))
    if r.sm_per[m] >= 0:
        have = count_of(c, r.sm_per[m])
        v += r.sm_vp[m] * (have + 2.0 * c.rem) / r.sm_every[m]
    for t in range(N_WTYPES):
        if c.p.workers[t] >= 2:
            wv = c.w[WT_COWBOY + t] * 2.0 * c.rem + r.worker_space_vp[c.p.workers[t]] * c.w[WT_WORKER_ROW_VP]
            if wv < lost:
                lost = wv
    if lost > 1e8:
        return NEG
    v = (v - lost) * c.w[WT_STATION_MASTER]
    if c.p.sm_taken < c.w[WT_TARGET_SMS]:
        v += c.w[WT_PLAN_BONUS] * c.rem            # the plan wants a station master
    return v


cdef double station_value(Ctx* c, int s) noexcept:
    """Upgrading station s now: its VP, a disc unlock, its station master, minus the cost."""
    cdef const Rules* r = c.r
    cdef double dv, v
    if c.p.station_done[s] or c.p.money < r.station_cost[s]:
        return NEG
    best_disc(c, r.station_corner[s], &dv)
    v = r.station_vp[s] * c.w[WT_STATION] + dv - money(c, r.station_cost[s])
    if c.p.stations_upgraded < c.w[WT_TARGET_STATIONS]:
        v += c.w[WT_PLAN_BONUS] * c.rem
    v += task_pull(c, C_UPGRADED_STATIONS)
    if s < SM_SPACES and r.station_has_master[s] and c.g.sm_station[s] >= 0:
        v += max(0.0, sm_value(c, c.g.sm_station[s]))
    return v


cdef double engine_pos_value(Ctx* c, int pos, int moved_spaces) noexcept:
    """Standing at railroad position pos after a move of `moved_spaces` (may be negative)."""
    cdef int s = station_at(c.r, pos)
    cdef double v = c.w[WT_ENGINE_STEP] * moved_spaces * (0.25 + c.rem)
    if s >= 0:
        v += max(0.0, station_value(c, s))
    if pos == c.r.rail_end:
        v += money(c, 3) + 0.5
    return v


cdef double best_engine_move(Ctx* c, int lo, int hi, int* best_pos) noexcept:
    cdef u64 targets
    cdef int q
    cdef double v, bv = 0
    best_pos[0] = -1
    if not (c.rail_known and c.rail_lo == lo and c.rail_hi == hi):   # once per decision (and reach)
        c.rail_targets = rail_targets(c.g, c.r, c.p.engine, lo, hi, 0)
        c.rail_lo = lo
        c.rail_hi = hi
        c.rail_known = 1
    targets = c.rail_targets
    while targets:
        q = lowest_bit(targets)
        targets &= targets - 1
        v = engine_pos_value(c, q, (c.r.rail_order[q] - c.r.rail_order[c.p.engine]) // 2 + 1)
        if v > bv:
            bv = v
            best_pos[0] = q
    return bv


# ----------------------------------------------------------------------------- verbs

cdef double best_hire(Ctx* c, int delta, int* best_action) noexcept:
    cdef const Rules* r = c.r
    cdef int row, col, t, rows, price, seen
    cdef double v, bv = 0
    cdef double wv[3]
    cdef char known[3]
    best_action[0] = A_STOP
    known[0] = known[1] = known[2] = 0
    rows = c.g.token_row if c.g.token_row < r.job_rows else r.job_rows
    for row in range(rows):
        price = hire_price(r, row, delta)     # one price per row
        if price > c.p.money:
            continue
        seen = 0                              # worker types met in this row: the first of a type counts
        for col in range(r.job_columns):
            t = c.g.job[row][col]
            if t < 0 or (seen >> t) & 1:
                continue
            seen |= 1 << t
            if not known[t]:                  # a worker's value depends on its type only
                wv[t] = worker_value(c, t, 1)
                known[t] = 1
            v = wv[t] - money(c, price)
            if v > bv:
                bv = v
                best_action[0] = A_HIRE + row * MAX_JOB_COLS + col
    return bv


cdef double best_buy(Ctx* c, int cowboys, int* best_action) noexcept:
    cdef const Rules* r = c.r
    cdef int o, t, in_group, top_t
    cdef u64 offer = 0, types
    cdef double v, bv = 0, second, top, top2
    best_action[0] = A_STOP
    for t in range(r.n_card_types):            # the card types on the market
        if c.g.market[t]:
            offer |= (<u64>1) << t
    for o in range(r.n_buy):
        if r.buy_cowboys[o] > cowboys or r.buy_dollars[o] > c.p.money:
            continue
        in_group = 0
        top = top2 = NEG                  # the best two card values on offer (a 2-card buy's second card)
        top_t = -1
        types = c.rc.buy_types[o] & offer
        while types:
            t = lowest_bit(types)
            types &= types - 1
            in_group += c.g.market[t]
            if c.g.market[t] > 0 and r.buy_cards[o] == 2:
                v = card_value(c, t)
                if v > top:
                    top2 = top
                    top = v
                    top_t = t
                elif v > top2:
                    top2 = v
        if in_group < r.buy_cards[o]:
            continue
        types = c.rc.buy_types[o] & offer
        while types:
            t = lowest_bit(types)
            types &= types - 1
            v = card_value(c, t)
            if r.buy_cards[o] == 2:
                # the best other card on offer (this type again if the market has two)
                second = top2 if t == top_t else top
                if c.g.market[t] >= 2 and v > second:
                    second = v
                v += second
            v -= money(c, r.buy_dollars[o]) + 0.15 * r.buy_cowboys[o]
            if v > bv:
                bv = v
                best_action[0] = A_BUY + o * MAX_CARD_TYPES + t
    return bv


cdef double building_use(Ctx* c, int bid) noexcept:
    """Rough future value of owning a building's actions (their value now, for the rest of the game)."""
    cdef int j, act
    cdef double v = 0
    if bid < 32 and c.nest < 4 and c.m.use[c.nest][bid].at == c.m.stamp:
        return c.m.use[c.nest][bid].val
    for j in range(MAX_BACTIONS):
        act = c.r.building_actions[bid][j]
        if act >= 0 and c.r.step_op[c.r.action_first[act]] != OP_MOVE_HERDER:
            v += max(0.0, est_action(c, act))
    if bid < 32 and c.nest < 4:
        c.m.use[c.nest][bid].val = v
        c.m.use[c.nest][bid].at = c.m.stamp
    return v


cdef void trail_earliness(const Rules* r, double* early) noexcept:
    """Each private space's place along the trail (steps from the start, breadth first), scaled to 1
    on the nearest private space and 0 on the farthest."""
    cdef int dist[MAX_NODES]
    cdef int queue[MAX_NODES]
    cdef int head = 0, tail = 0, i, j, m, node, lo = MAX_NODES, hi = 0
    for i in range(MAX_NODES):
        dist[i] = -1
    dist[r.node_start] = 0
    queue[tail] = r.node_start
    tail += 1
    while head < tail:
        node = queue[head]
        head += 1
        for j in range(MAX_NEXT):
            m = r.node_next[node][j]
            if m >= 0 and dist[m] < 0:
                dist[m] = dist[node] + 1
                queue[tail] = m
                tail += 1
    for i in range(r.n_private_spaces):
        node = r.private_space[i]
        if dist[node] >= 0:
            lo = min(lo, dist[node])
            hi = max(hi, dist[node])
    for i in range(r.n_private_spaces):
        node = r.private_space[i]
        early[node] = 1.0 - <double>(dist[node] - lo) / (hi - lo) if dist[node] >= 0 and hi > lo else 0.0


cdef double fee_income_value(Ctx* c, int bid) noexcept:
    """The hand fees rivals will pay passing a building."""
    cdef const Rules* r = c.r
    cdef int hand = r.building_hand[bid]
    cdef double fee = ((hand & HAND_GREEN) != 0) * r.fee_green + ((hand & HAND_BLACK) != 0) * r.fee_black
    return fee * (c.g.n_players - 1) * 0.7 * c.rem * c.w[WT_FEE_INCOME] * c.vm * 3


cdef inline double space_value(Ctx* c, int node, double fee_income) noexcept:
    """Where a building stands: its fee income (fee_income_value), a risk action, woods, how early on
    the trail it is."""
    cdef double v = fee_income
    if c.r.node_risk[node] >= 0:
        v += 0.6 * c.rem
    if c.r.node_woods[node]:
        v += 0.3
    if c.w[WT_SPACE_EARLY] != 0:
        v += c.w[WT_SPACE_EARLY] * c.rc.early[node]
    return v


cdef void distinct_empty_spaces(Ctx* c) noexcept:
    """The empty private spaces worth trying (once per decision): a space is left out when an earlier
    one has each of space_value's terms at least as high (a risk action, woods, the earliness term;
    the terms are not negative but the last): space_value adds them in the same order, so it is worth
    no more than that one for any building, and the first of equals is the one chosen."""
    cdef const Rules* r = c.r
    cdef int s, j, node, other, covered
    cdef double early = c.w[WT_SPACE_EARLY]
    c.n_spaces = 0
    for s in range(r.n_private_spaces):
        node = r.private_space[s]
        if c.g.node_building[node] >= 0:
            continue
        covered = 0
        for j in range(c.n_spaces):
            other = r.private_space[c.spaces[j]]
            if (r.node_risk[other] >= 0) >= (r.node_risk[node] >= 0) \
                    and (r.node_woods[other] != 0) >= (r.node_woods[node] != 0) \
                    and (early == 0 or early * c.rc.early[other] >= early * c.rc.early[node]):
                covered = 1
                break
        if not covered:
            c.spaces[c.n_spaces] = s
            c.n_spaces += 1
    c.spaces_known = 1


cdef double best_build(Ctx* c, int rate, int* best_action) noexcept:
    """The best building to place (or to replace one of the player's with) at `rate` dollars per
    builder. A number's value (its VP and the use of its actions, building_use: nested estimates) is
    computed only when the player can afford to place it somewhere (the values are the same whatever
    the order, so the choice is too)."""
    cdef const Rules* r = c.r
    cdef int builders = c.p.workers[W_BUILDER]
    cdef int num, m, s, i, node, bid, old, need, diff, have_base
    cdef double v, base = 0, bv = 0, fee_income, pay, pull
    best_action[0] = A_STOP
    if not c.built_known:           # the player's buildings on the board, once per decision
        c.n_built = 0
        for m in range(1, r.n_numbers + 1):
            if c.p.tiles[m - 1] == 1:
                c.built[c.n_built] = m
                c.n_built += 1
        c.built_known = 1
    for num in range(1, r.n_numbers + 1):
        if c.p.tiles[num - 1] != 0:
            continue
        bid = building_id(c.g, r, num)
        need = r.building_builders[bid]
        have_base = 0
        if need <= builders and rate * need <= c.p.money:
            base = building_base(c, bid, num)
            have_base = 1
            fee_income = fee_income_value(c, bid)       # the same for every space
            pay = money(c, rate * need)
            pull = task_pull(c, C_OWN_BUILDINGS)
            if not c.spaces_known:
                distinct_empty_spaces(c)
            for i in range(c.n_spaces):
                s = c.spaces[i]
                node = r.private_space[s]
                v = base + space_value(c, node, fee_income) - pay + pull
                if v > bv:
                    bv = v
                    best_action[0] = A_BUILD + (num - 1) * MAX_PRIVATE_SPACES + s
        for i in range(c.n_built):
            m = c.built[i]
            old = building_id(c.g, r, m)
            diff = need - r.building_builders[old]
            if diff > 0 and diff <= builders and rate * diff <= c.p.money:
                if not have_base:
                    base = building_base(c, bid, num)
                    have_base = 1
                node = c.p.tile_node[m - 1]
                # the old building's VP and use, subtracted term by term (not building_base's sum:
                # the same terms in this order keep the floating-point result, and so the choices)
                v = base - r.building_vp[old] * c.w[WT_BUILDING_VP] \
                    - building_use(c, old) * c.w[WT_BUILDING_USE] * 1.2 * c.rem - money(c, rate * diff)
                if v > bv:
                    bv = v
                    best_action[0] = A_BUILD + (num - 1) * MAX_PRIVATE_SPACES + r.node_private_index[node]
    return bv


cdef inline double building_base(Ctx* c, int bid, int num) noexcept:
    """A building's worth to its owner wherever it stands: its VP, the use of its actions for the
    rest of the game, the profile's bonus for big buildings."""
    cdef double base = c.r.building_vp[bid] * c.w[WT_BUILDING_VP] \
        + building_use(c, bid) * c.w[WT_BUILDING_USE] * 1.2 * c.rem
    if c.w[WT_BIG_FROM] > 0 and num >= c.w[WT_BIG_FROM]:
        base += c.w[WT_BIG_BONUS]
    return base


cdef int objective_missing(Ctx* c, int o) noexcept:
    """Tasks of objective card o not yet covered by what the player owns (cards already in the
    objective area compete for the same items); once per card and decision."""
    cdef const Rules* r = c.r
    cdef int i, t, have, missing = 0
    if c.m.missing_at[o] == c.m.stamp:
        return c.m.missing[o]
    for i in range(c.rc.n_obj_tasks[o]):
        t = c.rc.obj_tasks[o][i]
        have = -task_deficit(c, t)
        if have < r.obj_need[o][t]:
            missing += r.obj_need[o][t] - (have if have > 0 else 0)
    c.m.missing[o] = missing
    c.m.missing_at[o] = c.m.stamp
    return missing


cdef double objective_value(Ctx* c, int o) noexcept:
    """Expected value of owning objective card o (its VP if its tasks can be met, else the penalty),
    once per card and decision."""
    cdef const Rules* r = c.r
    cdef int missing
    cdef double chance
    if c.m.objective[o].at != c.m.stamp:
        missing = objective_missing(c, o)
        chance = 1.0 if missing == 0 else max(0.0, 1.0 - missing * (0.3 + 0.6 * c.t))
        c.m.objective[o].val = (chance * r.obj_vp[o] + (1 - chance) * r.obj_penalty[o]) * c.w[WT_OBJECTIVE]
        c.m.objective[o].at = c.m.stamp
    return c.m.objective[o].val


cdef double best_objective(Ctx* c, int allow_stack, int* best_action) noexcept:
    cdef int i, o
    cdef double v, bv = NEG
    best_action[0] = A_STOP
    for i in range(c.r.objective_display):
        o = c.g.obj_display[i]
        if o >= 0:
            v = objective_value(c, o) + (max(0.0, est_action(c, c.r.obj_immediate[o])) if c.r.obj_immediate[o] >= 0 else 0)
            if v > bv:
                bv = v
                best_action[0] = A_OBJ_TAKE + i
    if allow_stack and c.g.obj_stack_n > 0 and bv < 1.0:
        bv = 1.0
        best_action[0] = A_OBJ_TAKE + 4
    if best_action[0] != A_STOP and c.p.objectives_gained < c.w[WT_TARGET_OBJECTIVES]:
        bv += c.w[WT_PLAN_BONUS] * c.rem            # the plan collects objective cards
    return bv


cdef double best_aux(Ctx* c, int allow_double, int* best_action) noexcept:
    cdef int k, empty
    cdef double v, bv = 0
    best_action[0] = A_STOP
    for k in range(N_AUX):
        empty = aux_empty_spaces(c.r, c.p, k)
        if empty >= 1 and feasible(c, c.r.aux_single[k]):
            v = est_action(c, c.r.aux_single[k]) + c.w[WT_AUX_BIAS]
            if v > bv:
                bv = v
                best_action[0] = A_AUX + 2 * k
        if allow_double and empty >= 2 and feasible(c, c.r.aux_double[k]):
            v = est_action(c, c.r.aux_double[k]) + c.w[WT_AUX_BIAS]
            if v > bv:
                bv = v
                best_action[0] = A_AUX + 2 * k + 1
    return bv


cdef void section_task_shares(const Rules* r, double* share) noexcept:
    """For each colour of the section's tiles (outlaws 2E, teepees 1E): the share of the objective
    deck's tasks asking for section tiles that ask for this colour (2E: orange 1, green 0 with the
    default reading; 1E: blue and green teepees half each)."""
    cdef int o, t, code, k
    cdef double n[MAX_SECTION_COLOURS]
    cdef double total = 0
    for k in range(MAX_SECTION_COLOURS):
        n[k] = 0
    for o in range(r.n_obj):
        for t in range(r.n_tasks):
            code = r.task_counter[t]
            if r.obj_need[o][t] and r.counter_source[code] == COUNTS_TILES and r.counter_colours[code][1] < 0:
                n[r.counter_colours[code][0]] += r.obj_count[o] * r.obj_need[o][t]
                total += r.obj_count[o] * r.obj_need[o][t]
    for k in range(MAX_SECTION_COLOURS):
        share[k] = n[k] / total if total > 0 else 0.0


cdef double section_tile_value(Ctx* c, int node, const double* task_share) noexcept:
    """A section tile (outlaw / teepee): what its space gives (a bounty, a trade's money) or costs (a
    negative teepee space), the objective tasks asking for its colour, and the pair it may complete."""
    cdef const Rules* r = c.r
    cdef int t = c.g.node_tile[node]
    cdef int take = r.node_take[node]
    cdef int k, other, i
    cdef double v = 0
    if t < 0:
        return NEG
    if take >= 0:
        v = est_action(c, take)
        if not r.action_has_req[take]:
            v = max(0.0, v)         # rewards may be declined; a cost is paid
    k = r.tile_sub[t]
    other = 1 - k
    v += task_share[k] * 0.6 * c.w[WT_OBJECTIVE] + (
        0.8 if other < MAX_SECTION_COLOURS and c.p.section_tiles[other] > c.p.section_tiles[k] else 0.2)
    for i in range(c.rc.n_colour_codes[k]):         # objective tasks asking for this colour
        v += task_pull(c, c.rc.colour_codes[k][i])
    return v


cdef double best_bounty(Ctx* c, int* best_action) noexcept:
    """The best section tile that may be taken (an outlaw's bounty, a trade with Indians)."""
    cdef int i, node, take
    cdef double v, bv = 0
    cdef const double* share
    best_action[0] = A_STOP
    share = c.rc.shares
    for i in range(c.r.n_section_spaces):
        node = c.r.section_space[i]
        take = c.r.node_take[node]
        if take >= 0 and not feasible(c, take):
            continue
        v = section_tile_value(c, node, share)
        if v > bv:
            bv = v
            best_action[0] = A_NODE + node
    return bv


cdef double best_hazard(Ctx* c, int cost, int* best_action) noexcept:
    cdef const Rules* r = c.r
    cdef int i, j, node, t
    cdef double v, bv = 0
    best_action[0] = A_STOP
    if c.p.money < cost:
        return 0
    for i in range(r.n_haz_types):
        for j in range(r.haz_section_size):
            node = r.hazard_space[i][j]
            if node < 0:
                continue
            t = c.g.node_tile[node]
            if t < 0:
                continue
            v = r.tile_vp[t] * c.w[WT_HAZARD] + 0.5 * c.w[WT_OBJECTIVE] + 0.3 - money(c, cost) \
                + task_pull(c, C_HAZARDS_HELD)
            if v > bv:
                bv = v
                best_action[0] = A_NODE + node
    return bv


cdef double city_gain(Ctx* c, int city, int with_transport) noexcept:
    """Delivering to a city now: the VP it is sure to bring (its own VP, arrows it completes, Kansas
    City's -6), plus weighted soft gains (arrow rewards, arrows it prepares, reaching farther), what
    its disc unlocks, and its on-placing effect, minus the transport cost."""
    cdef const Rules* r = c.r
    cdef double hard, soft = 0, dv, v
    cdef int i, j, other
    hard = r.city_vp_per_disc[city]
    if c.p.city_discs[city] == 0:
        hard += r.city_end_vp[city]
        for j in range(c.rc.n_city_arrows[city]):       # the arrows between this city and another
            i = c.rc.city_arrows[city][j]
            other = c.rc.city_arrow_other[city][j]
            if c.p.city_discs[other] > 0:
                hard += r.arrow_end_vp[i]
                if r.arrow_action[i] >= 0:
                    soft += max(0.0, est_action(c, r.arrow_action[i]))
            else:
                soft += 0.3 * r.arrow_end_vp[i] * c.rem
    if not r.city_repeatable[city]:
        # reaching farther keeps the near cities for weaker hands (else they end in Kansas City, -6)
        # and leads on to the arrows that pay
        soft += 0.3 * r.city_value[city]
    best_disc(c, r.city_corner[city], &dv)
    v = hard + soft * c.w[WT_DELIVERY] + dv
    if r.city_on_place[city] >= 0:
        v += est_action(c, r.city_on_place[city])
    for i in range(c.rc.n_city_codes[city]):        # objective tasks asking for discs on this city
        v += task_pull(c, c.rc.city_codes[city][i])
    if with_transport:
        v -= money(c, transport_cost(r, c.p.engine, r.city_value[city]))
    return v


cdef double best_city(Ctx* c, int value, int with_transport, int* best_city_out) noexcept:
    cdef int city
    cdef int k = 4 * c.nest + 2 * (c.depth > 0) + (with_transport != 0)   # estimates are cut off by these
    cdef double v, bv = NEG
    best_city_out[0] = -1
    for city in range(c.r.n_cities):
        if c.r.city_value[city] <= value and (c.r.city_repeatable[city] or c.p.city_discs[city] == 0):
            if k >= 16:
                v = city_gain(c, city, with_transport)
            else:
                if c.m.city[k][city].at != c.m.stamp:
                    c.m.city[k][city].val = city_gain(c, city, with_transport)
                    c.m.city[k][city].at = c.m.stamp
                v = c.m.city[k][city].val
            if v > bv:
                bv = v
                best_city_out[0] = city
    return bv


cdef double kc_value(Ctx* c) noexcept:
    """Heading to Kansas City now with this hand: income plus the best delivery it reaches."""
    cdef int bv = breeding_value(c.g, c.r, c.me)
    cdef int certs = cert_value(c.r, c.p)
    cdef int total = bv + certs + c.p.perm_certs
    cdef int city
    cdef double v = best_city(c, total, 1, &city) + money(c, bv + c.p.perm_certs) + 0.8
    v += c.w[WT_KC_URGENCY] * 0.35 * (total - c.w[WT_KC_HAND_TARGET])
    if c.g.end_triggered:
        v += 1.0
    return v


cdef double herder_move_value(Ctx* c, int max_steps, int use_location) noexcept:
    """A herder move of up to max_steps: the best location it reaches (if used), minus fees."""
    cdef u64 frontier, nxt, left, seen = 0
    cdef int d, m
    cdef double v, bv = 0
    if not use_location or c.depth > 0:
        return 0.3 * max_steps if use_location else 0.1
    c.depth += 1
    frontier = (<u64>1) << c.p.herder
    for d in range(max_steps):
        nxt = 0
        left = frontier
        while left:
            m = lowest_bit(left)
            left &= left - 1
            nxt |= next_of(c, m)
        frontier = nxt & ~seen
        seen |= nxt
        left = frontier
        while left:
            m = lowest_bit(left)
            left &= left - 1
            if m != c.r.node_kc:
                v = visit_value(c, m) - fee_cost(c, m) * (d + 1) * 0.5
                if v > bv:
                    bv = v
    c.depth -= 1
    return bv * 0.85


cdef double adjacent_value(Ctx* c, int* best_action) noexcept:
    cdef int here = c.p.herder
    cdef int j, nb
    cdef double v, bv = 0
    best_action[0] = A_STOP
    if c.depth > 0 or here < 0:
        return 0
    c.depth += 1
    for j in range(MAX_PREV + MAX_NEXT):
        nb = c.r.node_prev[here][j] if j < MAX_PREV else c.r.node_next[here][j - MAX_PREV]
        if nb >= 0 and (c.r.node_kind[nb] == NK_NEUTRAL or c.r.node_kind[nb] == NK_PRIVATE) \
                and c.g.node_building[nb] >= 0:
            v = building_actions_value(c, c.g.node_building[nb], nb, c.g.node_owner[nb] == c.me)
            if v > bv:
                bv = v
                best_action[0] = A_NODE + nb
    c.depth -= 1
    return bv


cdef double extra_delivery_value(Ctx* c, int* best_action) noexcept:
    cdef u64 targets
    cdef int q, n, city
    cdef double v, bv = 0
    best_action[0] = A_STOP
    if c.p.engine == 0:
        return 0
    targets = rail_targets(c.g, c.r, c.p.engine, 1, MAX_RAIL, 1)
    while targets:
        q = lowest_bit(targets)
        targets &= targets - 1
        n = numbered_back(c.g, c.r, c.p.engine, q)
        v = best_city(c, n, 0, &city) + engine_pos_value(c, q, -n)
        if v > bv:
            bv = v
            best_action[0] = A_RAIL + q
    return bv


cdef double best_station_behind(Ctx* c, int* best_action) noexcept:
    cdef int s
    cdef double v, bv = 0
    best_action[0] = A_STOP
    for s in range(c.r.n_stations):
        if c.r.rail_order[c.r.station_position[s]] < c.r.rail_order[c.p.engine]:
            v = station_value(c, s)
            if v > bv:
                bv = v
                best_action[0] = A_STATION + s
    return bv


cdef int weak_cards_in_hand(Ctx* c) noexcept:
    """Cattle cards in hand of breeding value 1 (the ones worth removing from the deck)."""
    cdef int card, n = 0
    for card in range(c.r.n_card_types):
        if c.p.hand[card] and c.r.breed_value[c.r.card_breed[card]] <= 1:
            n += c.p.hand[card]
    return n


cdef double est_step(Ctx* c, int op, const i16* a) noexcept:
    # one if/elif chain on op: Cython compiles it to a C switch
    cdef int dummy, n, room
    cdef double v = 0
    if op == OP_GAIN_MONEY:
        v = money(c, a[0])
    elif op == OP_PAY_MONEY:
        v = -money(c, a[0])
    elif op == OP_DISCARD:
        v = -discard_cost(c, a[0], a[1], a[2])
    elif op == OP_HIRE:
        v = best_hire(c, a[0], &dummy)
    elif op == OP_BUY_CATTLE:
        v = best_buy(c, c.p.workers[W_COWBOY], &dummy)
    elif op == OP_BUILD:
        v = best_build(c, a[0], &dummy)
    elif op == OP_MOVE_ENGINE:
        n = a[1] if a[1] >= 0 else count_of(c, a[2])
        v = best_engine_move(c, a[0], n, &dummy) if n >= a[0] and n > 0 else 0
    elif op == OP_ENGINE_BACK:
        v = -c.w[WT_ENGINE_STEP] * a[0] * (0.6 + c.rem)
    elif op == OP_CERTIFICATES or op == OP_CERTIFICATES_TO_LIMIT:
        room = cert_limit(c.r, c.p) - c.p.cert
        n = room if op == OP_CERTIFICATES_TO_LIMIT else a[0] * (count_of(c, a[1]) if a[1] >= 0 else 1)
        v = c.w[WT_CERTIFICATE] * min(n, room)
    elif op == OP_PERMANENT_CERTIFICATES:
        v = c.w[WT_CERTIFICATE] * a[0] * (1.0 + 2.0 * c.rem)
    elif op == OP_OBJECTIVE_CARD:
        v = max(0.0, best_objective(c, a[1], &dummy))
    elif op == OP_AUX:
        v = best_aux(c, a[0], &dummy)
    elif op == OP_BOUNTY or op == OP_TRADE_WITH_INDIANS:
        v = best_bounty(c, &dummy)
    elif op == OP_EXCHANGE_TOKEN:
        v = c.w[WT_EXCHANGE] * a[0]
    elif op == OP_REMOVE_HAZARD:
        v = best_hazard(c, a[0], &dummy)
    elif op == OP_MOVE_HERDER:
        v = herder_move_value(c, a[0], a[2])
    elif op == OP_MONEY_PER:
        v = money(c, a[1] * count_of(c, a[0]))
    elif op == OP_DRAW_DISCARD:
        n = a[1] if a[1] >= 0 else (a[0] if a[0] >= 0 else count_of(c, a[2]))
        v = 0.25 * min(n, cards_available(c.g, c.me))
    elif op == OP_REMOVE_HAND_CARDS:
        v = c.w[WT_THIN_DECK] * min(a[0], weak_cards_in_hand(c))
    elif op == OP_ADJACENT_BUILDING:
        v = adjacent_value(c, &dummy)
    elif op == OP_EXTRAORDINARY_DELIVERY:
        v = extra_delivery_value(c, &dummy)
    elif op == OP_UPGRADE_STATION_BEHIND:
        v = best_station_behind(c, &dummy)
    elif op == OP_CHOICE:
        v = NEG
        for n in range(a[1]):
            if feasible(c, a[0] + n):
                v = max(v, est_action(c, a[0] + n))
    return v


cdef inline double est_action(Ctx* c, int action) noexcept:
    """Value of performing an action now. Nested estimates (a hire whose space builds, a building
    whose actions hire...) are cut off after three levels with a flat guess (inline: often)."""
    if action < 0:
        return NEG
    if c.nest >= 3:
        return 0.5
    return est_action_now(c, action)


cdef double est_action_now(Ctx* c, int action) noexcept:
    cdef int i, s, j, k, op
    cdef double v = 0
    k = 2 * c.nest + (c.depth > 0)           # an estimate depends on these (and the state) only
    c.nest += 1
    for i in range(c.r.action_len[action]):
        s = c.r.action_first[action] + i
        op = c.r.step_op[s]
        if op == OP_GAIN_MONEY:              # cheap (est_step's): not worth a memo
            v += money(c, c.r.step_arg[s][0])
        elif op == OP_PAY_MONEY:
            v += -money(c, c.r.step_arg[s][0])
        else:
            j = c.rc.canon[s]
            if c.m.step[k][j].at != c.m.stamp:
                c.m.step[k][j].val = est_step(c, op, c.r.step_arg[s])
                c.m.step[k][j].at = c.m.stamp
            v += c.m.step[k][j].val
    c.nest -= 1
    return v


cdef double building_actions_value(Ctx* c, int bid, int node, int owner) noexcept:
    cdef int j, act
    cdef double v = 0, e
    for j in range(MAX_BACTIONS):
        act = c.r.building_actions[bid][j]
        if act >= 0 and feasible(c, act):
            e = est_action(c, act)
            if e > 0:
                v += e
    if owner and c.r.node_risk[node] >= 0 and feasible(c, c.r.node_risk[node]):
        v += max(0.0, est_action(c, c.r.node_risk[node]))
    return v


cdef double visit_value(Ctx* c, int node) noexcept:
    """What stopping on a location is worth this turn."""
    cdef int dummy, b, k
    cdef double v, aux
    if node == c.r.node_kc:
        return kc_value(c)
    k = 2 * c.nest + (c.depth > 0)      # estimates are cut off by nesting and depth
    if k >= 8:
        aux = best_aux(c, 0, &dummy)
    else:                               # what a stop's single auxiliary action is worth, anywhere
        if c.m.aux_single[k].at != c.m.stamp:
            c.m.aux_single[k].val = best_aux(c, 0, &dummy)
            c.m.aux_single[k].at = c.m.stamp
        aux = c.m.aux_single[k].val
    b = c.g.node_building[node]
    if b >= 0 and (c.r.node_kind[node] == NK_NEUTRAL or c.g.node_owner[node] == c.me):
        v = building_actions_value(c, b, node, c.g.node_owner[node] == c.me)
        return v if v > aux else aux
    return aux


cdef double fee_cost(Ctx* c, int node) noexcept:
    cdef int payee
    cdef int fee = location_fee(c.g, c.r, node, c.me, &payee)
    if fee > c.p.money:
        fee = c.p.money
    return money(c, fee) * (c.w[WT_FEE_OPPONENT] if payee >= 0 else 1.0)


# ----------------------------------------------------------------------------- movement planning

cdef void plan_dfs(Ctx* c, Plan* pl, int node, int depth, int limit, double fees, int may_kc,
                   int charge) noexcept:
    cdef u64 nxt
    cdef int m, i
    cdef double v, f
    nxt = next_of(c, node)
    while nxt:
        m = lowest_bit(nxt)
        nxt &= nxt - 1
        if m == c.r.node_kc and not may_kc:
            continue
        f = fees + (fee_cost(c, m) if charge else 0.0)
        pl.cur[depth] = m
        # a small tempo term: locations further along bring the next delivery closer
        if not pl.known[m]:
            pl.visit[m] = visit_value(c, m)
            pl.known[m] = 1
        v = pl.visit[m] - f + 0.05 * depth
        if c.keep_stops and v > pl.stop_best[m]:
            pl.stop_best[m] = v
        if v > pl.best:
            pl.best = v
            pl.n = depth + 1
            for i in range(depth + 1):
                pl.path[i] = pl.cur[i]
        if m != c.r.node_kc and depth + 1 < limit and depth + 1 < 16:
            plan_dfs(c, pl, m, depth + 1, limit, f, may_kc, charge)


cdef inline void plan_reset(Ctx* c, Plan* pl) noexcept:
    """An empty plan (no walk yet; with Ctx.keep_stops no stop reached yet)."""
    cdef int i
    pl.best = NEG
    pl.n = 0
    if c.keep_stops:
        for i in range(64):
            pl.stop_best[i] = NEG


cdef double plan_move(Ctx* c, int from_node, int limit, int may_kc, int charge, Plan* pl) noexcept:
    cdef int i
    cdef LoopPlan lp
    if c.w[WT_TURN_COST] > 0 and may_kc and charge:
        loop_plan(c, &lp, pl, from_node, limit)
        return pl.best
    plan_reset(c, pl)
    for i in range(64):
        pl.known[i] = 0
    plan_dfs(c, pl, from_node, 0, limit, 0.0, may_kc, charge)
    return pl.best


cdef void loop_plan(Ctx* c, LoopPlan* lp, Plan* pl, int origin, int limit, int walk_limit=-1) noexcept:
    """The turn's best walk over the whole loop into `pl` (pl.best, pl.path), with what the plan
    found per location in `lp` (plan_move, d_move; debug_loop reads it): walks of up to `walk_limit`
    locations (default `limit`, the step limit the rest of the loop is planned with)."""
    memset(lp.seen, 0, sizeof(lp.seen))
    memset(lp.nknown, 0, sizeof(lp.nknown))
    plan_reset(c, pl)
    loop_dfs(c, lp, pl, origin, limit, walk_limit)


cdef inline u64 loop_next(Ctx* c, LoopPlan* lp, int node) noexcept:
    if not lp.nknown[node]:
        lp.nxt[node] = next_of(c, node)
        lp.nknown[node] = 1
    return lp.nxt[node]


cdef void loop_first(Ctx* c, LoopPlan* lp, int m, int limit) noexcept:
    """A location the loop reaches for the first time: its fee, its visit (Kansas City: kc_value) and,
    unless it is Kansas City, the best rest of the loop from there (in this order); for the backward
    sum (Ctx.backward_loop) also what stopping there brings (stop[])."""
    lp.seen[m] = 1
    lp.fee[m] = fee_cost(c, m)
    if m == c.r.node_kc:
        lp.visit[m] = kc_value(c)
        lp.stop[m] = lp.visit[m] - c.w[WT_TURN_COST]
        return
    lp.visit[m] = visit_value(c, m)
    if c.backward_loop:
        loop_rest_backward(c, lp, m, limit)
        lp.stop[m] = lp.visit[m] - c.w[WT_TURN_COST] + lp.val[m]
    else:
        loop_rest(c, lp, m, limit)


cdef inline void loop_first_next(Ctx* c, LoopPlan* lp, u64 first, int limit) noexcept:
    """A location's next locations reached first, in order (loop_first for those not yet seen):
    everything beyond them is then known (loop_rest, loop_rest_backward)."""
    cdef int m
    while first:
        m = lowest_bit(first)
        first &= first - 1
        if not lp.seen[m]:
            loop_first(c, lp, m, limit)


cdef void loop_rest(Ctx* c, LoopPlan* lp, int origin, int limit) noexcept:
    """The best value of the rest of the loop with the herder standing on `origin`, into
    lp.val[origin]: the best over the walks of up to `limit` locations from there (not past Kansas
    City) of the last location's visit, minus the walk's fees and turn_cost, plus the rest of the loop
    from that location (one stop a turn, each turn costing turn_cost, the stops' values as they look
    now).
    The next locations are reached first, in order (loop_first: everything beyond them is then known);
    then, as a location's value falls with the fees paid to reach it, each location's cheapest walk
    counts: the fewest fees per location, one step at a time (the fees summed in walk order, as a walk
    would sum them), instead of every walk."""
    cdef u64 first = loop_next(c, lp, origin), cur, nxt, left, step
    cdef double fees[64]      # fewest fees to reach a location in d + 1 steps
    cdef double step_fees[64]
    cdef double least[64]     # fewest fees to reach a location in at most d + 1 steps
    cdef u64 reached
    cdef int m, x, d = 0, kc = c.r.node_kc
    cdef double v, best = NEG, f, turn = c.w[WT_TURN_COST]
    loop_first_next(c, lp, first, limit)
    left = first
    while left:
        m = lowest_bit(left)
        left &= left - 1
        fees[m] = 0.0 + lp.fee[m]
        least[m] = fees[m]
    cur = reached = first
    while d + 1 < limit and d + 1 < 16:
        nxt = 0
        left = cur & ~((<u64>1) << kc)       # no walk goes on from Kansas City
        while left:
            x = lowest_bit(left)
            left &= left - 1
            step = loop_next(c, lp, x)
            while step:
                m = lowest_bit(step)
                step &= step - 1
                f = fees[x] + lp.fee[m]
                if not (nxt >> m) & 1 or f < step_fees[m]:
                    step_fees[m] = f
                    nxt |= (<u64>1) << m
        if not nxt:
            break
        left = nxt
        while left:
            m = lowest_bit(left)
            left &= left - 1
            fees[m] = step_fees[m]
            if not (reached >> m) & 1 or fees[m] < least[m]:
                least[m] = fees[m]
        reached |= nxt
        cur = nxt
        d += 1
    left = reached
    while left:
        m = lowest_bit(left)
        left &= left - 1
        v = lp.visit[m] - least[m] - turn
        if m != kc:
            v += lp.val[m]
        if v > best:
            best = v
    lp.val[origin] = best


cdef void loop_rest_backward(Ctx* c, LoopPlan* lp, int origin, int limit) noexcept:
    """loop_rest summed up backwards (the policy's backward_loop): the same value up to rounding, from
    the values of the locations after `origin` instead of a walk from it. The next locations are
    reached first, in order (loop_first: everything beyond them is then known); then
    within[origin][d] = the best over the next locations y of (stopping on y: its stop[], or the best
    of walking on from y with one location fewer) minus y's fee: each location's walks are summed up
    once per plan instead of walked again from every location before them (about 9% fewer
    instructions for the expert). The fees are summed from the far end, not in walk order, so walks
    of exactly equal value may be chosen the other way round (the heuristic's default since
    2026-11-28; the planner keeps loop_rest, its baseline's ties)."""
    cdef u64 first = loop_next(c, lp, origin), left
    cdef int m, d, kc = c.r.node_kc
    cdef int n = 1 if limit < 1 else (limit if limit < 16 else 16)   # a walk has 1..16 locations
    cdef double v, t
    cdef double* best = lp.within[origin]
    loop_first_next(c, lp, first, limit)
    for d in range(n):
        best[d] = NEG
    left = first
    while left:
        m = lowest_bit(left)
        left &= left - 1
        v = lp.stop[m]
        t = v - lp.fee[m]
        if t > best[0]:
            best[0] = t
        if m == kc:             # no walk goes on from Kansas City
            for d in range(1, n):
                if t > best[d]:
                    best[d] = t
            continue
        for d in range(1, n):
            if lp.within[m][d - 1] > v:
                v = lp.within[m][d - 1]
            t = v - lp.fee[m]
            if t > best[d]:
                best[d] = t
    lp.val[origin] = best[n - 1]


cdef void loop_dfs(Ctx* c, LoopPlan* lp, Plan* pl, int origin, int limit, int walk_limit=-1) noexcept:
    """This turn's best walk into `pl`: up to `walk_limit` locations from `origin` (default `limit`,
    the step limit the rest of the loop is planned with; fewer when the turn's walk has begun);
    each location is a possible stop, valued by its visit, minus fees and the turn's cost, plus the
    best rest of the loop from there (loop_rest). Every walk, depth first in the order of the
    locations' numbers (the first of equal walks is kept), without recursion (the walk so far on a
    stack: the locations still to try after each step and the fees paid to get there)."""
    cdef u64 left[16]
    cdef double paid[16]
    cdef int d = 0, m, i, kc = c.r.node_kc
    cdef double v, f, turn = c.w[WT_TURN_COST]
    if walk_limit < 0:
        walk_limit = limit
    left[0] = loop_next(c, lp, origin)
    paid[0] = 0.0
    while d >= 0:
        if not left[d]:
            d -= 1
            continue
        m = lowest_bit(left[d])
        left[d] &= left[d] - 1
        if not lp.seen[m]:
            loop_first(c, lp, m, limit)
        f = paid[d] + lp.fee[m]
        v = lp.visit[m] - f - turn
        if m != kc:
            v += lp.val[m]
        pl.cur[d] = m
        if c.keep_stops and v > pl.stop_best[m]:
            pl.stop_best[m] = v
        if v > pl.best:
            pl.best = v
            pl.n = d + 1
            for i in range(d + 1):
                pl.path[i] = pl.cur[i]
        if m != kc and d + 1 < walk_limit and d + 1 < 16:
            d += 1
            left[d] = loop_next(c, lp, m)
            paid[d] = f


# ----------------------------------------------------------------------------- the policy

cdef int in_legal(const i16* legal, int n, int a) noexcept:
    cdef int i
    for i in range(n):
        if legal[i] == a:
            return 1
    return 0


cdef class HeuristicPolicy(CompiledPolicy):
    """A heuristic archetype. Parameters: profile (a built-in profile name or a profile file),
    backward_loop (the rest of the loop summed up backwards, loop_rest_backward: about 7% faster than
    walking it forwards, loop_rest, the same values up to rounding, so walks of exactly equal value may
    be chosen the other way round), plan_forced (a turn whose first step the engine took itself, the
    only way on, is planned from where that step led, d_move: without it the heuristic follows the
    previous turn's plan, which does not cover that location, and stops there). Both are on by default
    since 2026-11-28; false plays as the heuristic did before, as the planner does (its baseline games
    do not change) and as `fast`'s weights were trained (benchmarks/train_fast.sh)."""

    @property
    def name(self):
        return (f"heuristic:profile={self.profile_name}" + ("" if self.backward_loop else ":backward_loop=false")
                + ("" if self.plan_forced else ":plan_forced=false"))

    def __init__(self, profile="balanced", backward_loop=True, plan_forced=True):
        check_bool("backward_loop", backward_loop)
        check_bool("plan_forced", plan_forced)
        self.backward_loop = backward_loop
        self.plan_forced = plan_forced
        self.keep_stops = False
        self.stop_turn = -1
        prof = profile if isinstance(profile, Profile) else load_profile(str(profile))
        vec = prof.vector()
        if len(vec) != N_WEIGHTS:
            raise ValueError(f"profile has {len(vec)} weights, the heuristic reads {N_WEIGHTS}")
        for i, v in enumerate(vec):
            self.w[i] = v
        self.profile_name = prof.name
        self.plan_n = 0
        self.plan_turn = -1

    cpdef void reset(self, u64 game_seed, int seat):
        Policy.reset(self, game_seed, seat)
        self.plan_n = 0
        self.plan_turn = -1

    cdef void set_rules(self, GameState state) noexcept:
        """Derive from the rules, once per rules handle: each step's canonical number (one per verb and
        arguments: the same estimate; numbered densely, so a decision's step memos share few cache
        lines), the section task shares, the counters of each section tile colour and of each city,
        the tasks of each objective card, how early on the trail each private space is, the card
        types of each buy option."""
        cdef const Rules* r = state.r
        cdef int s, t, j, k, q, code, n = 0, same, n_canon
        if state.handle is self.canon_rules:
            return
        for s in range(r.n_actions):
            if r.action_first[s] + r.action_len[s] > n:
                n = r.action_first[s] + r.action_len[s]
        for s in range(MAX_STEPS):
            self.rc.canon[s] = -1
        n_canon = 0
        for s in range(n):
            for t in range(s):
                same = r.step_op[t] == r.step_op[s]
                for j in range(N_ARGS):
                    same = same and r.step_arg[t][j] == r.step_arg[s][j]
                if same:
                    self.rc.canon[s] = self.rc.canon[t]
                    break
            if self.rc.canon[s] < 0:
                self.rc.canon[s] = n_canon
                n_canon += 1
        section_task_shares(r, self.rc.shares)
        for k in range(MAX_SECTION_COLOURS):
            self.rc.n_colour_codes[k] = 0
            for code in range(N_COUNTERS):
                if r.counter_source[code] == COUNTS_TILES and r.counter_colours[code][0] == k \
                        and r.counter_colours[code][1] < 0:
                    self.rc.colour_codes[k][self.rc.n_colour_codes[k]] = code
                    self.rc.n_colour_codes[k] += 1
        for q in range(MAX_CITIES):
            self.rc.n_city_codes[q] = 0
        for code in range(N_COUNTERS):
            if r.counter_source[code] == COUNTS_CITY and 0 <= r.counter_city[code] < MAX_CITIES:
                q = r.counter_city[code]
                self.rc.city_codes[q][self.rc.n_city_codes[q]] = code
                self.rc.n_city_codes[q] += 1
        for q in range(MAX_OBJ):
            self.rc.n_obj_tasks[q] = 0
        for q in range(r.n_obj):
            for t in range(r.n_tasks):
                if r.obj_need[q][t]:
                    self.rc.obj_tasks[q][self.rc.n_obj_tasks[q]] = t
                    self.rc.n_obj_tasks[q] += 1
        trail_earliness(r, self.rc.early)
        for q in range(MAX_CITIES):
            self.rc.n_city_arrows[q] = 0
        for q in range(r.n_cities):
            for t in range(r.n_arrows):
                k = r.arrow_b[t] if r.arrow_a[t] == q else (r.arrow_a[t] if r.arrow_b[t] == q else -1)
                if k >= 0:
                    self.rc.city_arrows[q][self.rc.n_city_arrows[q]] = t
                    self.rc.city_arrow_other[q][self.rc.n_city_arrows[q]] = k
                    self.rc.n_city_arrows[q] += 1
        for q in range(MAX_BREEDS):
            self.rc.n_breed_codes[q] = 0
            for code in range(N_COUNTERS):
                if r.counter_source[code] == COUNTS_DECK and (r.counter_breeds[code] >> q) & 1:
                    self.rc.breed_codes[q][self.rc.n_breed_codes[q]] = code
                    self.rc.n_breed_codes[q] += 1
        for code in range(N_COUNTERS):
            self.rc.code_types[code] = 0
            if r.counter_source[code] == COUNTS_DECK:
                for t in range(r.n_card_types):
                    if (r.counter_breeds[code] >> r.card_breed[t]) & 1:
                        self.rc.code_types[code] |= (<u64>1) << t
        for q in range(MAX_BUY):
            self.rc.buy_types[q] = 0
        for q in range(r.n_buy):
            for t in range(r.n_card_types):
                if (r.buy_mask[q] >> r.card_breed[t]) & 1:
                    self.rc.buy_types[q] |= (<u64>1) << t
        self.memo.nxt_valid = 0             # next_of's locations were of other rules
        self.canon_rules = state.handle

    cdef int choose_c(self, GameState state, const i16* legal, int n) except? -1:
        cdef Ctx c
        cdef Frame* f = &state.g.stack[state.g.sp - 1]
        cdef int a
        self.set_rules(state)
        make_ctx(&c, state, self)
        a = self.decide(&c, f, legal, n)
        if not in_legal(legal, n, a):
            a = legal[0] if in_legal(legal, n, A_STOP) else legal[rng_below(&self.rng, n)]
        return a

    cdef int decide(self, Ctx* c, Frame* f, const i16* legal, int n) noexcept:
        """The decision for the pending frame, through the table of deciders by frame kind."""
        cdef decide_fn d = DECIDE[f.kind]
        return d(self, c, f, legal, n) if d != NULL else legal[0]

    # --- helpers of decide ---------------------------------------------------------------

    cdef void store_plan(self, Ctx* c, Plan* pl) noexcept:
        cdef int i
        self.plan_n = pl.n
        for i in range(pl.n):
            self.plan[i] = pl.path[i]
        self.plan_i = 0
        if c.keep_stops:
            memcpy(self.stop_best, pl.stop_best, sizeof(self.stop_best))
            self.stop_turn = c.g.turn_number

    cdef int follow_plan(self, Ctx* c, const i16* legal, int n) noexcept:
        cdef int i, want
        # the plan lists the locations to pass; the herder stands on plan[plan_i - 1] after a step
        for i in range(self.plan_n):
            if self.plan[i] == c.p.herder:
                self.plan_i = i + 1
        if self.plan_i < self.plan_n:
            want = A_NODE + self.plan[self.plan_i]
            if in_legal(legal, n, want):
                return want
        if in_legal(legal, n, A_STOP):
            return A_STOP
        return legal[0]

    cdef int turn_extras(self, Ctx* c, const i16* legal, int n, int in_phase_b) noexcept:
        """Objective cards worth playing now (tasks nearly met, immediate action useful)."""
        cdef int i, o
        cdef double v
        for i in range(n):
            if A_OBJ_PLAY <= legal[i] < A_EXCHANGE:
                o = legal[i] - A_OBJ_PLAY
                v = objective_value(c, o)
                if c.r.obj_immediate[o] >= 0 and not c.r.obj_herder[o]:
                    v += max(0.0, est_action(c, c.r.obj_immediate[o]))
                if objective_missing(c, o) == 0 or (objective_missing(c, o) <= c.w[WT_OBJ_PLAY_MISSING] and v > 1.0 and c.t < 0.7):
                    return legal[i]
        return -1

    cdef int phase_b(self, Ctx* c, Frame* f, const i16* legal, int n, int adjacent) noexcept:
        cdef VisitArgs* v_ = &f.args.visit
        cdef int i, a, best_a = A_STOP, slot, act, own_known = 0
        cdef double v, bv = 0.05, own = 0
        a = self.turn_extras(c, legal, n, 1)
        if a >= 0:
            return a
        for i in range(n):
            a = legal[i]
            if A_LOCAL <= a < A_AUX:
                slot = a - A_LOCAL
                # phase-B and adjacent-building frames both hold the visit (node, building)
                act = c.r.node_risk[v_.node] if slot == 3 else c.r.building_actions[v_.building][slot]
                v = est_action(c, act)
            elif A_AUX <= a < A_CARD:
                v = est_action(c, c.r.aux_single[(a - A_AUX) // 2]) + c.w[WT_AUX_BIAS]
                if not adjacent and v_.full_use and v_.building >= 0:
                    # the single aux action gives up the building's own actions (the same for each)
                    if not own_known:
                        own = building_actions_value(c, v_.building, v_.node, c.g.node_owner[v_.node] == c.me)
                        own_known = 1
                    v -= own
            else:
                continue
            if v > bv:
                bv = v
                best_a = a
        return best_a

    cdef int engine(self, Ctx* c, Frame* f, const i16* legal, int n) noexcept:
        cdef int i, q
        cdef double v, bv
        cdef int best_a = legal[0]
        bv = 0.0 if in_legal(legal, n, A_STOP) else NEG
        if bv == 0.0:
            best_a = A_STOP
        for i in range(n):
            if legal[i] < A_RAIL or legal[i] >= A_UPGRADE:
                continue
            q = legal[i] - A_RAIL
            v = engine_pos_value(c, q, (c.r.rail_order[q] - c.r.rail_order[c.p.engine]) // 2)
            if f.args.engine.mode == ENGINE_END_OF_TRACK:
                v = engine_pos_value(c, q, 0) + c.r.rail_order[q] * 0.01
            if v > bv:
                bv = v
                best_a = legal[i]
        return best_a

    cdef int sm_worker(self, Ctx* c, Frame* f, const i16* legal, int n) noexcept:
        cdef int i, t, best_a = A_STOP
        cdef double v, bv = NEG
        if sm_value(c, c.g.sm_station[f.args.station.station]) <= 0:
            return A_STOP
        for i in range(n):
            if A_SM_WORKER <= legal[i] < A_CITY:
                t = legal[i] - A_SM_WORKER
                v = -(c.w[WT_COWBOY + t] * 2.0 * c.rem + c.r.worker_space_vp[c.p.workers[t]] * c.w[WT_WORKER_ROW_VP])
                if v > bv:
                    bv = v
                    best_a = legal[i]
        return best_a

    cdef int worst_card(self, Ctx* c, const i16* legal, int n) noexcept:
        cdef int i, card, best_a = legal[0]
        cdef double v, bv = 1e9
        for i in range(n):
            if A_CARD <= legal[i] < A_COUNT:
                card = legal[i] - A_CARD
                v = card_keep_value(c, card)
                if v < bv:
                    bv = v
                    best_a = legal[i]
        return best_a

    cdef int best_card_of(self, Ctx* c, const i16* legal, int n) noexcept:
        cdef int i, best_a = legal[0]
        cdef double v, bv = NEG
        for i in range(n):
            if A_CARD <= legal[i] < A_COUNT:
                v = card_value(c, legal[i] - A_CARD)
                if v > bv:
                    bv = v
                    best_a = legal[i]
        return best_a

    cdef int remove_card(self, Ctx* c, const i16* legal, int n) noexcept:
        cdef int i, card
        if c.w[WT_THIN_DECK] <= 0.2:
            return A_STOP if in_legal(legal, n, A_STOP) else legal[0]
        for i in range(n):
            if A_CARD <= legal[i] < A_COUNT:
                card = legal[i] - A_CARD
                if card < c.r.n_card_types and c.r.breed_value[c.r.card_breed[card]] <= 1:
                    return legal[i]
        return A_STOP if in_legal(legal, n, A_STOP) else self.worst_card(c, legal, n)

    cdef int foresight(self, Ctx* c, Frame* f, const i16* legal, int n) noexcept:
        cdef int i, t, best_a = legal[0]
        cdef double v, bv = NEG
        for i in range(n):
            t = c.g.foresight[f.args.foresight.column][legal[i] - A_FORESIGHT]
            if t < 0:
                continue
            if c.r.tile_kind[t] == TILE_WORKER:
                v = c.w[WT_COWBOY + c.r.tile_sub[t]] * 0.5 + c.w[WT_DENY] * 0.2
            elif c.r.tile_kind[t] == TILE_HAZARD:
                v = -0.2 + c.r.tile_vp[t] * 0.05
            else:
                v = 0.1
            if v > bv:
                bv = v
                best_a = legal[i]
        return best_a

    cdef int income(self, Ctx* c, const i16* legal, int n) noexcept:
        cdef int i, spend, bvh, city, dup = 0, card
        cdef double v, bv = NEG
        cdef int best_a = legal[0]
        # exchange a token first when the hand holds duplicates (a better delivery is likely)
        if in_legal(legal, n, A_EXCHANGE):
            for card in range(c.r.n_card_types):
                if c.p.hand[card] >= 2:
                    dup += c.p.hand[card] - 1
            if dup >= 2 or hand_objective_count(c) >= 1:
                return A_EXCHANGE
        bvh = breeding_value(c.g, c.r, c.me) + c.p.perm_certs
        for i in range(n):
            if A_COUNT <= legal[i] < A_OPTION:
                spend = legal[i] - A_COUNT
                v = best_city(c, bvh + spend, 1, &city) + money(c, spend) - c.w[WT_CERTIFICATE] * spend * 0.8
                if v > bv:
                    bv = v
                    best_a = legal[i]
        return best_a


# ----------------------------------------------------------------------------- deciders by frame kind

ctypedef int (*decide_fn)(HeuristicPolicy pol, Ctx* c, Frame* f, const i16* legal, int n) noexcept

cdef decide_fn DECIDE[N_FRAMES]


cdef int d_worst_card(HeuristicPolicy pol, Ctx* c, Frame* f, const i16* legal, int n) noexcept:
    return pol.worst_card(c, legal, n)


cdef int d_last(HeuristicPolicy pol, Ctx* c, Frame* f, const i16* legal, int n) noexcept:
    """The highest count (draw all, upgrade all, exchange for 2)."""
    return legal[n - 1]


cdef int d_most(HeuristicPolicy pol, Ctx* c, Frame* f, const i16* legal, int n) noexcept:
    """The highest count (upgrade all), never the exchange token offered beside it."""
    cdef int i
    for i in range(n - 1, -1, -1):
        if A_COUNT <= legal[i] < A_OPTION:
            return legal[i]
    return legal[0]


cdef int d_first_place(HeuristicPolicy pol, Ctx* c, Frame* f, const i16* legal, int n) noexcept:
    cdef int i, best_a = legal[0]
    cdef double v, bv = NEG
    for i in range(n):
        v = visit_value(c, legal[i] - A_NODE)
        if v > bv:
            bv = v
            best_a = legal[i]
    return best_a


cdef int d_before_move(HeuristicPolicy pol, Ctx* c, Frame* f, const i16* legal, int n) noexcept:
    cdef Plan pl
    cdef int a = pol.turn_extras(c, legal, n, 0)
    if a >= 0:
        return a
    plan_move(c, c.p.herder, step_limit(c.r, c.p), 1, 1, &pl)
    pol.store_plan(c, &pl)
    pol.plan_turn = c.g.turn_number * 64
    return pol.follow_plan(c, legal, n)


cdef int d_move(HeuristicPolicy pol, Ctx* c, Frame* f, const i16* legal, int n) noexcept:
    cdef MoveArgs* m = &f.args.move
    cdef Plan pl
    cdef LoopPlan lp
    cdef double here
    if pol.plan_forced and m.purpose == MOVE_PHASE_A and pol.plan_turn != c.g.turn_number * 64:
        # the turn's first step was forced (the engine took it, so d_before_move made no plan): plan
        # the rest of the walk from here, against stopping here (its visit, the turn's cost and the
        # rest of the loop from here, as loop_dfs values a stop)
        pol.plan_turn = c.g.turn_number * 64
        if c.w[WT_TURN_COST] > 0 and m.may_enter_kc and m.charge_fees:
            loop_plan(c, &lp, &pl, c.p.herder, m.limit, m.limit - m.moved)
            if not lp.seen[c.p.herder]:
                loop_first(c, &lp, c.p.herder, m.limit)
            here = lp.visit[c.p.herder] - c.w[WT_TURN_COST] + lp.val[c.p.herder]
        else:
            plan_move(c, c.p.herder, m.limit - m.moved, m.may_enter_kc, m.charge_fees, &pl)
            here = visit_value(c, c.p.herder)
        if here >= pl.best and in_legal(legal, n, A_STOP):
            pol.plan_n = 0
            return A_STOP
        pol.store_plan(c, &pl)
    return pol.follow_plan(c, legal, n)


cdef int d_herder(HeuristicPolicy pol, Ctx* c, Frame* f, const i16* legal, int n) noexcept:
    cdef MoveArgs* m = &f.args.move
    cdef Plan pl
    if m.moved == 0 or pol.plan_turn != c.g.turn_number * 64 + 1:
        plan_move(c, c.p.herder, m.limit - m.moved, m.may_enter_kc, m.charge_fees, &pl)
        if pl.best <= visit_value(c, c.p.herder) and m.purpose == MOVE_USE_LOCATION and m.moved == 0:
            return A_STOP
        pol.store_plan(c, &pl)
        pol.plan_turn = c.g.turn_number * 64 + 1
    return pol.follow_plan(c, legal, n)


cdef int d_phase_b(HeuristicPolicy pol, Ctx* c, Frame* f, const i16* legal, int n) noexcept:
    return pol.phase_b(c, f, legal, n, 0)


cdef int d_adjacent_actions(HeuristicPolicy pol, Ctx* c, Frame* f, const i16* legal, int n) noexcept:
    return pol.phase_b(c, f, legal, n, 1)


cdef int d_hire(HeuristicPolicy pol, Ctx* c, Frame* f, const i16* legal, int n) noexcept:
    cdef int a
    best_hire(c, f.args.hire.cost_delta, &a)
    return a


cdef int d_buy(HeuristicPolicy pol, Ctx* c, Frame* f, const i16* legal, int n) noexcept:
    cdef int a
    cdef int cowboys = f.args.buy.cowboys
    best_buy(c, cowboys, &a)
    if a == A_STOP and cowboys >= 1 and in_legal(legal, n, A_REVEAL) and c.g.market_n < 4:
        return A_REVEAL
    return a


cdef int d_buy_second(HeuristicPolicy pol, Ctx* c, Frame* f, const i16* legal, int n) noexcept:
    return pol.best_card_of(c, legal, n)


cdef int d_build(HeuristicPolicy pol, Ctx* c, Frame* f, const i16* legal, int n) noexcept:
    cdef int a
    best_build(c, f.args.build.cost_per_builder, &a)
    return a


cdef int d_engine(HeuristicPolicy pol, Ctx* c, Frame* f, const i16* legal, int n) noexcept:
    return pol.engine(c, f, legal, n)


cdef int d_upgrade(HeuristicPolicy pol, Ctx* c, Frame* f, const i16* legal, int n) noexcept:
    return A_UPGRADE if station_value(c, f.args.station.station) > 0 else A_STOP


cdef int d_disc(HeuristicPolicy pol, Ctx* c, Frame* f, const i16* legal, int n) noexcept:
    cdef int i, best_a = legal[0]
    cdef double v, bv = NEG
    for i in range(n):
        if legal[i] >= A_DISC and legal[i] < A_SM_WORKER:
            v = disc_value(c, legal[i] - A_DISC)
            if v > bv:
                bv = v
                best_a = legal[i]
    return best_a


cdef int d_station_master(HeuristicPolicy pol, Ctx* c, Frame* f, const i16* legal, int n) noexcept:
    return pol.sm_worker(c, f, legal, n)


cdef int d_objective_take(HeuristicPolicy pol, Ctx* c, Frame* f, const i16* legal, int n) noexcept:
    cdef int a
    cdef double bv = best_objective(c, f.args.obj_take.from_stack, &a)
    if bv < 0.2 and in_legal(legal, n, A_STOP):
        return A_STOP
    return a


cdef int d_aux(HeuristicPolicy pol, Ctx* c, Frame* f, const i16* legal, int n) noexcept:
    cdef int a
    best_aux(c, f.args.aux.allow_double, &a)
    return a


cdef int d_bounty(HeuristicPolicy pol, Ctx* c, Frame* f, const i16* legal, int n) noexcept:
    cdef int a
    best_bounty(c, &a)
    return a


cdef int d_hazard(HeuristicPolicy pol, Ctx* c, Frame* f, const i16* legal, int n) noexcept:
    cdef int a
    best_hazard(c, f.args.hazard.cost, &a)
    return a


cdef int d_remove_cards(HeuristicPolicy pol, Ctx* c, Frame* f, const i16* legal, int n) noexcept:
    return pol.remove_card(c, legal, n)


cdef int d_adjacent(HeuristicPolicy pol, Ctx* c, Frame* f, const i16* legal, int n) noexcept:
    cdef int a
    adjacent_value(c, &a)
    return a


cdef int d_extra_delivery(HeuristicPolicy pol, Ctx* c, Frame* f, const i16* legal, int n) noexcept:
    cdef int a
    extra_delivery_value(c, &a)
    return a


cdef int d_city(HeuristicPolicy pol, Ctx* c, Frame* f, const i16* legal, int n) noexcept:
    cdef int city
    best_city(c, f.args.city.value, f.args.city.mode == DELIVERY_KANSAS_CITY, &city)
    return A_CITY + city


cdef int d_station_behind(HeuristicPolicy pol, Ctx* c, Frame* f, const i16* legal, int n) noexcept:
    cdef int a
    best_station_behind(c, &a)
    return a


cdef int d_option(HeuristicPolicy pol, Ctx* c, Frame* f, const i16* legal, int n) noexcept:
    cdef int i, best_a = A_STOP
    cdef double v, bv = 0.0 if in_legal(legal, n, A_STOP) else NEG
    for i in range(n):
        if legal[i] >= A_OPTION and legal[i] < A_HIRE:
            v = est_action(c, f.args.option.first_action + legal[i] - A_OPTION)
            if v > bv:
                bv = v
                best_a = legal[i]
    return best_a


cdef int d_foresight(HeuristicPolicy pol, Ctx* c, Frame* f, const i16* legal, int n) noexcept:
    return pol.foresight(c, f, legal, n)


cdef int d_income(HeuristicPolicy pol, Ctx* c, Frame* f, const i16* legal, int n) noexcept:
    return pol.income(c, legal, n)


DECIDE[F_FIRST_DISCARD] = d_worst_card
DECIDE[F_DISCARD_N] = d_worst_card
DECIDE[F_DISCARD] = d_worst_card
DECIDE[F_FIRST_PLACE] = d_first_place
DECIDE[F_BEFORE_MOVE] = d_before_move
DECIDE[F_MOVE] = d_move
DECIDE[F_HERDER] = d_herder
DECIDE[F_PHASE_B] = d_phase_b
DECIDE[F_ADJ_ACTIONS] = d_adjacent_actions
DECIDE[F_HIRE] = d_hire
DECIDE[F_BUY] = d_buy
DECIDE[F_BUY_SECOND] = d_buy_second
DECIDE[F_BUILD] = d_build
DECIDE[F_ENGINE] = d_engine
DECIDE[F_UPGRADE] = d_upgrade
DECIDE[F_DISC] = d_disc
DECIDE[F_SM] = d_station_master
DECIDE[F_OBJ_TAKE] = d_objective_take
DECIDE[F_AUX_CHOOSE] = d_aux
DECIDE[F_BOUNTY] = d_bounty
DECIDE[F_HAZARD] = d_hazard
DECIDE[F_DRAW_COUNT] = d_last
DECIDE[F_REMOVE_CARDS] = d_remove_cards
DECIDE[F_ADJACENT] = d_adjacent
DECIDE[F_EXTRA_DELIVERY] = d_extra_delivery
DECIDE[F_CITY] = d_city
DECIDE[F_STATION_BEHIND] = d_station_behind
DECIDE[F_OPTION] = d_option
DECIDE[F_FORESIGHT] = d_foresight
DECIDE[F_INCOME] = d_income
DECIDE[F_SIMMENTAL] = d_most
DECIDE[F_EXCHANGE] = d_last


cdef int hand_objective_count(Ctx* c) noexcept:
    cdef int o, n = 0
    for o in range(c.r.n_obj):
        n += c.p.hand[c.r.n_card_types + o]
    return n


def profile_weight_names():
    """The weights the compiled heuristic reads, in order (must equal PROFILE_FIELDS)."""
    return list(PROFILE_FIELDS)


def debug_values(GameState state not None, profile="balanced"):
    """Valuations the heuristic sees for the current player (for tuning and tests)."""
    cdef HeuristicPolicy pol = HeuristicPolicy(profile)
    cdef Ctx c
    cdef int a
    state._check_set_up()
    pol.set_rules(state)
    make_ctx(&c, state, pol)
    out = {"t": c.t, "vm": c.vm}
    out["visit"] = {state.handle.names["node"][m]: round(visit_value(&c, m), 2)
                    for m in range(c.r.n_nodes) if is_location(c.g, c.r, m)}
    out["hire"] = round(best_hire(&c, 0, &a), 2)
    out["hire_action"] = a
    out["workers"] = [round(worker_value(&c, t, 1), 2) for t in range(3)]
    out["build"] = round(best_build(&c, 2, &a), 2)
    out["buy"] = round(best_buy(&c, c.p.workers[0], &a), 2)
    out["kc"] = round(kc_value(&c), 2)
    out["aux"] = round(best_aux(&c, 0, &a), 2)
    return out


def debug_cities(GameState state not None, profile="balanced", int value=-1):
    """City valuations the heuristic sees for the current player (for tuning and tests)."""
    cdef HeuristicPolicy pol = HeuristicPolicy(profile)
    cdef Ctx c
    state._check_set_up()
    pol.set_rules(state)
    make_ctx(&c, state, pol)
    if value < 0:
        value = breeding_value(c.g, c.r, c.me) + cert_value(c.r, c.p) + c.p.perm_certs
    return {state.handle.names["city"][i]: (round(city_gain(&c, i, 1), 2),
                                            transport_cost(c.r, c.p.engine, c.r.city_value[i]))
            for i in range(c.r.n_cities)
            if c.r.city_value[i] <= value and (c.r.city_repeatable[i] or c.p.city_discs[i] == 0)}


def debug_loop(GameState state not None, profile="balanced", backward_loop=False):
    """The current player's loop plan as the heuristic makes it at a turn's start (for tests): the
    step limit, turn_cost, Kansas City's node, the best walk's value and path, and per location the
    plan reached: its fee, visit value, next locations and (not Kansas City) the rest of the loop's
    value from there."""
    cdef HeuristicPolicy pol = HeuristicPolicy(profile, backward_loop)
    cdef Ctx c
    cdef LoopPlan lp
    cdef Plan pl
    cdef int m, limit
    cdef u64 nxt
    state._check_set_up()
    pol.set_rules(state)
    make_ctx(&c, state, pol)
    limit = step_limit(c.r, c.p)
    loop_plan(&c, &lp, &pl, c.p.herder, limit)
    nodes = {}
    for m in range(MAX_NODES):
        if lp.seen[m]:
            nxt = loop_next(&c, &lp, m)
            nodes[m] = {"fee": lp.fee[m], "visit": lp.visit[m],
                        "val": lp.val[m] if m != c.r.node_kc else None,
                        "next": [k for k in range(MAX_NODES) if (nxt >> k) & 1]}
    nxt = loop_next(&c, &lp, c.p.herder)
    return {"limit": limit, "turn_cost": c.w[WT_TURN_COST], "kc": c.r.node_kc, "best": pl.best,
            "path": [pl.path[m] for m in range(pl.n)], "origin": c.p.herder,
            "origin_next": [k for k in range(MAX_NODES) if (nxt >> k) & 1], "nodes": nodes}
