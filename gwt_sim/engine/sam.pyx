# cython: embedsignature=True
"""The solo mode's automated opponent Sam (see sam.pxd and docs/solo_engine.md, whose section numbers
the comments cite). Sam never decides: every procedure here applies the solo rules' order and
tie-breaks, with the open readings taken from the content options compiled into `Rules.sam_*`."""

from libc.string cimport memcpy, memset

from gwt_sim.engine.frames cimport *
from gwt_sim.engine.kansas_city cimport arrows_fired, refill_foresight
from gwt_sim.engine.queries cimport *
from gwt_sim.engine.rng cimport rng_shuffle_i8
from gwt_sim.engine.state cimport *
from gwt_sim.engine.typedefs cimport i8, i16, i32, u64

DEF BIG = 1000000

# ----------------------------------------------------------------------------- small helpers

cdef int human_seat(const Rules* r) noexcept nogil:
    return 1 if r.sam_seat == 0 else 0

cdef inline void event(Game* g, int kind, int a, int b) noexcept nogil:
    """Record what his turn did (SamTurn), for readable logs."""
    cdef SamTurn* t = &g.sam.last
    if t.n_events < MAX_SAM_EVENTS:
        t.kind[t.n_events] = kind
        t.a[t.n_events] = a
        t.b[t.n_events] = b
        t.n_events += 1

cdef inline int sam_building_id(const Rules* r, int number) noexcept nogil:
    """Building id of Sam's tile `number`: always his side (b), whatever the human's sides."""
    return r.n_neutral_buildings + 2 * (number - 1) + r.sam_side

cdef int sam_counter(Game* g, const Rules* r, int code) noexcept nogil:
    """A Sam counter (SAM_C_*) as the game stands."""
    cdef Player* p = &g.p[r.sam_seat]
    cdef int pl, n, best = 0
    if code == SAM_C_SPECIALISATION_WORKERS:
        return p.workers[g.sam.specialisation]
    if code == SAM_C_COWBOYS:
        return p.workers[W_COWBOY]
    if code == SAM_C_BUILDERS:
        return p.workers[W_BUILDER]
    if code == SAM_C_ENGINEERS:
        return p.workers[W_ENGINEER]
    if code == SAM_C_MOST_BUILDINGS:
        for pl in range(g.n_players):
            if pl == r.sam_seat and not r.sam_most_buildings_counts_sam:
                continue
            n = count_own_buildings(g, r, pl, 0)
            if n > best:
                best = n
        return best
    return 0

cdef int sam_card_steps(Game* g, const Rules* r, int card) noexcept nogil:
    """§6.1: the card's fixed steps, or its icon's count clamped to the icon's min..max."""
    cdef int icon = r.sam_card_icon[card - 1]
    cdef int n
    if icon < 0:
        return r.sam_card_steps[card - 1]
    n = sam_counter(g, r, r.sam_icon_counter[icon])
    if n < r.sam_icon_min[icon]:
        return r.sam_icon_min[icon]
    if n > r.sam_icon_max[icon]:
        return r.sam_icon_max[icon]
    return n

# ----------------------------------------------------------------------------- his route (§6.2, §6.3)

cdef void _ordered_next(Game* g, const Rules* r, int node, i8* out, int* n) noexcept nogil:
    """The locations one step forward from `node` in trail order (forks in `next` order, empty
    spaces passed freely), each once."""
    cdef int j, m, k, seen
    for j in range(MAX_NEXT):
        m = r.node_next[node][j]
        if m < 0:
            continue
        if is_location(g, r, m):
            seen = 0
            for k in range(n[0]):
                if out[k] == m:
                    seen = 1
            if not seen and n[0] < MAX_NODES:
                out[n[0]] = m
                n[0] += 1
        else:
            _ordered_next(g, r, m, out, n)

cdef int _dist(Game* g, const Rules* r, int node, i8* memo) noexcept nogil:
    """Locations still to enter from `node` to Kansas City by the shortest route on this board."""
    cdef u64 nxt
    cdef int m, d, best
    if node == r.node_kc:
        return 0
    if memo[node] >= 0:
        return memo[node]
    best = BIG
    nxt = next_locations(g, r, node)
    while nxt:
        m = lowest_bit(nxt)
        nxt &= nxt - 1
        d = _dist(g, r, m, memo)
        if d < best:
            best = d
    memo[node] = best + 1 if best < BIG else 100
    return memo[node]

cdef struct RouteSearch:
    int steps                    # locations the card allows
    int me                       # Sam's seat
    int human
    i8 walk[MAX_SAM_WALK]        # the walk being built
    i8 best[MAX_SAM_WALK]        # the best walk so far
    int best_n
    int best_key[3]              # (dist or -steps, fees, paid to the human)
    i8 memo[MAX_NODES]           # distances to Kansas City

cdef void _walks(Game* g, const Rules* r, RouteSearch* s, int node, int n, int fees, int to_human) noexcept nogil:
    """Enumerate the walks in branch order (first listed fork first); keep the smallest key. Equal
    keys keep the walk found first: the first listed branch (solo.options.route_last_tie)."""
    cdef i8 nxt[MAX_NODES]
    cdef int k, m, fee, payee, cnt = 0
    cdef int key[3]
    if n == s.steps or (n > 0 and node == r.node_kc):
        key[0] = -n if r.sam_route == 1 else _dist(g, r, node, s.memo)
        key[1] = fees
        key[2] = to_human
        if s.best_n < 0 or key[0] < s.best_key[0] or (key[0] == s.best_key[0] and (
                key[1] < s.best_key[1] or (key[1] == s.best_key[1] and key[2] < s.best_key[2]))):
            s.best_n = n
            memcpy(s.best, s.walk, n)
            memcpy(s.best_key, key, sizeof(key))
        return
    _ordered_next(g, r, node, nxt, &cnt)
    if cnt == 0:
        # nowhere to go (never on a complete trail): the walk ends here
        key[0] = -n if r.sam_route == 1 else _dist(g, r, node, s.memo)
        if s.best_n < 0 or key[0] < s.best_key[0]:
            s.best_n = n
            memcpy(s.best, s.walk, n)
            s.best_key[0] = key[0]
            s.best_key[1] = fees
            s.best_key[2] = to_human
        return
    for k in range(cnt):
        m = nxt[k]
        fee = location_fee(g, r, m, s.me, &payee)      # as if Sam paid: his own buildings cost nothing
        s.walk[n] = m
        _walks(g, r, s, m, n + 1, fees + fee, to_human + (fee if payee == s.human else 0))

cdef int sam_route(Game* g, const Rules* r, int steps, i8* walk) noexcept nogil:
    """§6.2: every walk of `steps` locations (fewer when it enters Kansas City), compared by the
    distance left to Kansas City (route = shortest_to_kansas_city) or by its length (most_steps),
    then the lowest fees, then the least paid to the human, then the first listed branch."""
    cdef RouteSearch s
    if steps > MAX_SAM_WALK:
        steps = MAX_SAM_WALK
    s.steps = steps
    s.me = r.sam_seat
    s.human = human_seat(r)
    s.best_n = -1
    memset(s.memo, -1, sizeof(s.memo))
    _walks(g, r, &s, g.p[r.sam_seat].herder, 0, 0, 0)
    if s.best_n < 0:
        return 0
    memcpy(walk, s.best, s.best_n)
    return s.best_n

cdef void sam_walk(Game* g, const Rules* r, i8* walk, int n) noexcept nogil:
    """§6.3: his herder enters each location of the walk; for the human's buildings the bank pays
    the human their fee; hazards, outlaws, neutral and his own buildings cost nothing (he has no money)."""
    cdef int i, node, fee, payee
    cdef int me = r.sam_seat
    cdef int human = human_seat(r)
    for i in range(n):
        node = walk[i]
        fee = location_fee(g, r, node, me, &payee)
        if fee > 0 and payee == human:
            add_money(g, human, fee)
            g.p[human].fees_received += fee
            g.p[me].fees_paid += fee
            g.sam.fees_to_human += fee
            g.sam.last.fee_to_human += fee
        g.p[me].herder = node
        if i < MAX_SAM_WALK:
            g.sam.last.walk[i] = node
    g.sam.last.walk_n = n

# ----------------------------------------------------------------------------- hiring (§7.1)

cdef void sam_hire(Game* g, const Rules* r, int prefer) noexcept nogil:
    cdef Player* p = &g.p[r.sam_seat]
    cdef int spec = g.sam.specialisation
    cdef int rows = g.token_row if g.token_row < r.job_rows else r.job_rows
    cdef int row, col, t, k, grp, best_row = -1, best_col = -1, cost
    cdef int order[N_WTYPES]
    cdef int group_of[N_WTYPES]
    cdef int key[4]
    cdef int best[4]
    cdef int a, b, n_groups, old
    if prefer == 0:
        # cheapest: (cost, not his specialisation, top row, left column)
        for row in range(rows):
            for col in range(r.job_columns):
                t = g.job[row][col]
                if t < 0 or p.workers[t] >= r.worker_spaces:
                    continue
                key[0] = hire_price(r, row, 0)
                key[1] = t != spec
                key[2] = row
                key[3] = col
                if best_row < 0 or _less4(key, best):
                    memcpy(best, key, sizeof(key))
                    best_row, best_col = row, col
    else:
        # his specialisation; else the more numerous of the other two types (both if equal: the
        # cheapest of them); else the remaining type
        a = (spec + 1) % N_WTYPES
        b = (spec + 2) % N_WTYPES
        group_of[spec] = 0
        if p.workers[a] > p.workers[b]:
            group_of[a], group_of[b] = 1, 2
        elif p.workers[b] > p.workers[a]:
            group_of[b], group_of[a] = 1, 2
        else:
            group_of[a], group_of[b] = 1, 1
        for grp in range(3):
            for row in range(rows):
                for col in range(r.job_columns):
                    t = g.job[row][col]
                    if t < 0 or group_of[t] != grp or p.workers[t] >= r.worker_spaces:
                        continue
                    cost = hire_price(r, row, 0)
                    # a tied group is always cheapest first; a single type follows hire_same_type
                    key[0] = 0 if (r.sam_hire_top_left and not (grp == 1 and group_of[a] == group_of[b])) else cost
                    key[1] = row
                    key[2] = col
                    key[3] = 0
                    if best_row < 0 or _less4(key, best):
                        memcpy(best, key, sizeof(key))
                        best_row, best_col = row, col
            if best_row >= 0:
                break
    if best_row < 0:
        event(g, SAM_EV_NOTHING, SAM_OP_HIRE, 0)
        return
    t = g.job[best_row][best_col]
    g.job[best_row][best_col] = -1
    p.workers[t] += 1
    p.workers_hired += 1
    event(g, SAM_EV_HIRE, t, best_row * MAX_JOB_COLS + best_col)
    # no immediate action of the worker space (solo.options.worker_space_actions = false)
    if t != spec and p.workers[t] > p.workers[spec]:
        old = spec
        g.sam.specialisation = t          # only strictly more workers turn the specialisation tile
        event(g, SAM_EV_SPECIALISATION, t, old)

cdef inline int _less4(int* a, int* b) noexcept nogil:
    cdef int i
    for i in range(4):
        if a[i] != b[i]:
            return a[i] < b[i]
    return 0

# ----------------------------------------------------------------------------- cattle (§7.2, §7.3)

cdef struct Purchase:
    int n                        # options in the purchase
    int option[8]
    int cowboys
    int dollars
    int vp                       # VP of the cards taken
    int top                      # VP of the best card taken
    int cards[16]                # card types taken
    int n_cards

cdef int _take_best(const Rules* r, int* market, int mask, int k, int* cards, int* n_cards, int* vp, int* top) noexcept nogil:
    """Take the k highest-VP market cards of the breeds in mask (lowest type on ties); 0 if too few."""
    cdef int i, t, bt
    for i in range(k):
        bt = -1
        for t in range(r.n_card_types):
            if market[t] > 0 and (mask >> r.card_breed[t]) & 1 and (bt < 0 or r.card_vp[t] > r.card_vp[bt]):
                bt = t
        if bt < 0:
            return 0
        market[bt] -= 1
        cards[n_cards[0]] = bt
        n_cards[0] += 1
        vp[0] += r.card_vp[bt]
        if r.card_vp[bt] > top[0]:
            top[0] = r.card_vp[bt]
    return 1

cdef int _better(const Rules* r, Purchase* a, Purchase* b) noexcept nogil:
    """Is purchase a better than b: more VP, then a better single card, then fewer cowboys and fewer
    dollars (solo.options.cattle_last_ties; an earlier option list wins remaining ties)."""
    if a.vp != b.vp:
        return a.vp > b.vp
    if a.top != b.top:
        return a.top > b.top
    if r.sam_cattle_dollars_first:
        if a.dollars != b.dollars:
            return a.dollars < b.dollars
        return a.cowboys < b.cowboys
    if a.cowboys != b.cowboys:
        return a.cowboys < b.cowboys
    return a.dollars < b.dollars

cdef void _purchases(Game* g, const Rules* r, int first, int cowboys, int dollars, Purchase* cur,
                     Purchase* best) noexcept nogil:
    """Every multiset of buy options (in option order) within the cowboys and dollars; keep the best."""
    cdef int o, i
    cdef int market[MAX_CARD_TYPES]
    cdef Purchase trial
    if cur.n > 0:
        # value the purchase: each option in turn takes the best cards of its breeds left in the market
        for i in range(r.n_card_types):
            market[i] = g.market[i]
        trial = cur[0]
        trial.vp = 0
        trial.top = 0
        trial.n_cards = 0
        for i in range(cur.n):
            o = cur.option[i]
            if not _take_best(r, market, r.buy_mask[o] & r.sam_breeds, r.buy_cards[o], trial.cards,
                              &trial.n_cards, &trial.vp, &trial.top):
                return                  # not in the market: adding more options cannot help
        if best.n == 0 or _better(r, &trial, best):
            best[0] = trial
    if cur.n >= 8:
        return
    for o in range(first, r.n_buy):
        if not r.sam_buy_option[o] or r.buy_cowboys[o] > cowboys or r.buy_dollars[o] > dollars:
            continue
        cur.option[cur.n] = o
        cur.n += 1
        cur.cowboys += r.buy_cowboys[o]
        cur.dollars += r.buy_dollars[o]
        _purchases(g, r, o, cowboys - r.buy_cowboys[o], dollars - r.buy_dollars[o], cur, best)
        cur.n -= 1
        cur.cowboys -= r.buy_cowboys[o]
        cur.dollars -= r.buy_dollars[o]

cdef void _gain_card(Game* g, const Rules* r, int t) noexcept nogil:
    """A market card onto his face-down cattle pile (his discard pile: never drawn, scored as cattle)."""
    g.market[t] -= 1
    g.market_n -= 1
    gain_to_discard(g, r.sam_seat, t)
    g.p[r.sam_seat].cards_bought += 1

cdef int _reveal(Game* g, int n) noexcept nogil:
    cdef int before = g.market_deck_n
    reveal_market(g, n)
    g.sam.cowboy_reveals += before - g.market_deck_n
    return before - g.market_deck_n

cdef void sam_buy_cattle(Game* g, const Rules* r, int dollars) noexcept nogil:
    """The most VP his cowboys and `dollars` buy (ties: the best single card, then fewest cowboys,
    fewest dollars); while nothing can be bought, one cowboy at a time reveals market cards; cowboys
    left after buying reveal cards too."""
    cdef int left = g.p[r.sam_seat].workers[W_COWBOY]
    cdef int i
    cdef Purchase cur, best
    while True:
        memset(&cur, 0, sizeof(Purchase))
        memset(&best, 0, sizeof(Purchase))
        _purchases(g, r, 0, left, dollars, &cur, &best)
        if best.n > 0:
            for i in range(best.n_cards):
                _gain_card(g, r, best.cards[i])
            _buy_events(g, r, &best)
            left -= best.cowboys
            break
        if left == 0:
            event(g, SAM_EV_NOTHING, SAM_OP_BUY_CATTLE, 0)
            return
        left -= 1
        event(g, SAM_EV_REVEAL, _reveal(g, r.sam_reveal_per_cowboy), 0)
    while left > 0:
        left -= 1
        event(g, SAM_EV_REVEAL, _reveal(g, r.sam_reveal_per_cowboy), 0)

cdef void _buy_events(Game* g, const Rules* r, Purchase* b) noexcept nogil:
    """One event per card bought, naming the option that bought it."""
    cdef int i, k = 0, c
    for i in range(b.n):
        for c in range(r.buy_cards[b.option[i]]):
            if k < b.n_cards:
                event(g, SAM_EV_BUY, b.option[i], b.cards[k])
                k += 1

cdef void sam_reveal_market_cards(Game* g, const Rules* r, int cards) noexcept nogil:
    event(g, SAM_EV_REVEAL, _reveal(g, cards), 1)

cdef void sam_take_market_card(Game* g, const Rules* r, int value) noexcept nogil:
    """The market card of breeding value `value` with the most VP (never Simmental), for free."""
    cdef int t, bt = -1
    for t in range(r.n_card_types):
        if g.market[t] > 0 and (r.sam_breeds >> r.card_breed[t]) & 1 and r.breed_value[r.card_breed[t]] == value \
                and (bt < 0 or r.card_vp[t] > r.card_vp[bt]):
            bt = t
    if bt < 0:
        event(g, SAM_EV_NOTHING, SAM_OP_TAKE_MARKET_CARD, 0)
        return
    _gain_card(g, r, bt)
    event(g, SAM_EV_TAKE_CARD, bt, 0)

# ----------------------------------------------------------------------------- buildings (§7.4)

cdef int _free_space_from(Game* g, const Rules* r, int start) noexcept nogil:
    """Breadth-first from `start` along the trail (children in `next` order): the first private
    space that is empty and has no risk action, or -1 (solo.options.building_space_search)."""
    cdef i8 queue[MAX_NODES]
    cdef i8 seen[MAX_NODES]
    cdef int head = 0, tail = 0, node, j, m
    memset(seen, 0, sizeof(seen))
    queue[tail] = start
    tail += 1
    seen[start] = 1
    while head < tail:
        node = queue[head]
        head += 1
        for j in range(MAX_NEXT):
            m = r.node_next[node][j]
            if m < 0 or seen[m]:
                continue
            seen[m] = 1
            if r.node_kind[m] == NK_PRIVATE and g.node_building[m] < 0 and r.node_risk[m] < 0:
                return m
            queue[tail] = m
            tail += 1
    return -1

cdef inline int _has_hand(const Rules* r, int bid) noexcept nogil:
    return r.building_hand[bid] != 0

cdef void sam_place_building(Game* g, const Rules* r, int max_builders) noexcept nogil:
    """A new building on the next free space ahead of the human's herder (else from the start of the
    trail): most builders, then a hand, then the lowest number; only when none can be placed, the
    replacement using most builders (then the new tile's builders, keeping or gaining a hand, the
    lowest numbers)."""
    cdef int me = r.sam_seat
    cdef Player* p = &g.p[me]
    cdef int builders = p.workers[W_BUILDER]
    cdef int herder = g.p[human_seat(r)].herder
    cdef int node = -1, num, bid, best = -1, bb = 0, old, diff, bdiff = 0, bold = -1, bnew = -1
    cdef int hand_gain, bgain = 0, obid
    if max_builders > 0 and builders > max_builders:
        builders = max_builders
    if herder >= 0 and herder != r.node_kc:
        node = _free_space_from(g, r, herder)
    if node < 0:
        node = _free_space_from(g, r, r.node_start)
    if node >= 0:
        for num in range(1, r.n_numbers + 1):
            if p.tiles[num - 1] != 0:
                continue
            bid = sam_building_id(r, num)
            if r.building_builders[bid] > builders:
                continue
            if best < 0 or r.building_builders[bid] > r.building_builders[bb] or (
                    r.building_builders[bid] == r.building_builders[bb] and _has_hand(r, bid) > _has_hand(r, bb)):
                best = num
                bb = bid
        if best > 0:
            g.node_building[node] = bb
            g.node_owner[node] = me
            p.tiles[best - 1] = 1
            p.tile_node[best - 1] = node
            p.buildings_built += 1
            event(g, SAM_EV_BUILD, best, node)
            return
    for num in range(1, r.n_numbers + 1):
        if p.tiles[num - 1] != 0:
            continue
        bid = sam_building_id(r, num)
        for old in range(1, r.n_numbers + 1):
            if p.tiles[old - 1] != 1:
                continue
            obid = sam_building_id(r, old)
            diff = r.building_builders[bid] - r.building_builders[obid]
            if diff <= 0 or diff > builders:
                continue
            hand_gain = _has_hand(r, bid) - _has_hand(r, obid)
            if bnew < 0 or diff > bdiff or (diff == bdiff and (
                    r.building_builders[bid] > r.building_builders[bb] or (
                    r.building_builders[bid] == r.building_builders[bb] and hand_gain > bgain))):
                bnew, bold, bdiff, bb, bgain = num, old, diff, bid, hand_gain
    if bnew < 0:
        event(g, SAM_EV_NOTHING, SAM_OP_PLACE_BUILDING, 0)
        return
    node = p.tile_node[bold - 1]
    g.node_building[node] = bb
    p.tiles[bold - 1] = 2              # the replaced tile leaves the game
    p.tiles[bnew - 1] = 1
    p.tile_node[bnew - 1] = node
    p.buildings_built += 1
    p.buildings_replaced += 1
    event(g, SAM_EV_REPLACE, bnew, bold)

# ----------------------------------------------------------------------------- railroad (§7.5)

cdef int sam_take_disc(Game* g, const Rules* r, int keep) noexcept nogil:
    cdef Player* p = &g.p[r.sam_seat]
    cdef int s, best = -1
    if g.sam.discs > 0:
        g.sam.discs -= 1
        return -1
    for s in range(r.n_stations):
        if s != keep and p.station_disc[s] and (best < 0 or r.station_vp[s] < r.station_vp[best]):
            best = s
    if best < 0:
        return -2
    p.station_disc[best] = 0            # that station stops scoring for him; it stays upgraded
    return best

cdef void sam_arrive(Game* g, const Rules* r, int pos) noexcept nogil:
    """His engine stops on `pos`: a station there he has not upgraded is upgraded for free (a disc
    from his supply or his lowest station), its station master goes to the box; at the end of the
    track his engine then leaves the railroad."""
    cdef Player* p = &g.p[r.sam_seat]
    cdef int s = station_at(r, pos)
    cdef int from_station
    event(g, SAM_EV_ENGINE, p.engine, pos)
    move_engine_to(g, r.sam_seat, pos)
    if s >= 0 and not p.station_done[s]:
        from_station = sam_take_disc(g, r, s)
        p.station_done[s] = 1
        if from_station != -2:
            p.station_disc[s] = 1
        p.stations_upgraded += 1
        event(g, SAM_EV_UPGRADE, s, from_station)
        if s < SM_SPACES and r.station_has_master[s] and g.sm_station[s] >= 0:
            event(g, SAM_EV_MASTER_TO_BOX, s, g.sm_station[s])
            g.sm_station[s] = -1           # no worker given, no VP: the tile leaves the game
    if pos == r.rail_end:
        move_engine_to(g, r.sam_seat, 0)
        g.sam.engine_off = 1
        event(g, SAM_EV_TRACK_END, 0, 0)

cdef void sam_move_engine(Game* g, const Rules* r, int per) noexcept nogil:
    """1 space per `per` (his engineers), occupied spaces skipped: the farthest station in reach he
    has not upgraded, else the farthest space exactly that far, else the farthest he can reach."""
    cdef Player* p = &g.p[r.sam_seat]
    cdef int n = sam_counter(g, r, per)
    cdef u64 reach, exact, left
    cdef int q, best = -1
    if g.sam.engine_off or n <= 0:
        event(g, SAM_EV_NOTHING, SAM_OP_MOVE_ENGINE, 0)
        return
    reach = rail_targets(g, r, p.engine, 1, n, 0)
    left = reach
    while left:
        q = lowest_bit(left)
        left &= left - 1
        if station_at(r, q) >= 0 and not p.station_done[station_at(r, q)] and \
                (best < 0 or r.rail_order[q] > r.rail_order[best]):
            best = q
    if best < 0:
        exact = rail_targets(g, r, p.engine, n, n, 0)
        left = exact if exact else reach
        while left:
            q = lowest_bit(left)
            left &= left - 1
            if best < 0 or r.rail_order[q] > r.rail_order[best]:
                best = q
    if best < 0:
        event(g, SAM_EV_NOTHING, SAM_OP_MOVE_ENGINE, 0)
        return
    sam_arrive(g, r, best)

cdef void sam_engine_to_next_free_station(Game* g, const Rules* r, int unused) noexcept nogil:
    """Card #15 with engineer specialisation: to the nearest station ahead the human's engine is not on."""
    cdef Player* p = &g.p[r.sam_seat]
    cdef int s, pos, best = -1
    if g.sam.engine_off:
        event(g, SAM_EV_NOTHING, SAM_OP_ENGINE_TO_NEXT_FREE_STATION, 0)
        return
    for s in range(r.n_stations):
        pos = r.station_position[s]
        if r.rail_order[pos] > r.rail_order[p.engine] and rail_free(g, pos) and not p.station_done[s] \
                and (best < 0 or r.rail_order[pos] < r.rail_order[best]):
            best = pos
    if best < 0:
        event(g, SAM_EV_NOTHING, SAM_OP_ENGINE_TO_NEXT_FREE_STATION, 0)
        return
    sam_arrive(g, r, best)

# ----------------------------------------------------------------------------- picks (§7.6)

cdef void sam_objective_card(Game* g, const Rules* r, int unused) noexcept nogil:
    """The display card farthest from the stack; the cards nearer the stack slide away from it."""
    cdef int slot, o
    for slot in range(r.objective_display - 1, -1, -1):
        if g.obj_display[slot] >= 0:
            o = take_display_card(g, r, slot)
            g.p[r.sam_seat].objectives[o] += 1
            g.p[r.sam_seat].objectives_gained += 1
            event(g, SAM_EV_OBJECTIVE, o, slot)
            return
    event(g, SAM_EV_NOTHING, SAM_OP_OBJECTIVE_CARD, 0)

cdef void sam_bounty(Game* g, const Rules* r, int unused) noexcept nogil:
    """The outlaw on the highest-numbered occupied outlaw space (its reward is ignored)."""
    cdef Player* p = &g.p[r.sam_seat]
    cdef int i, node, t
    for i in range(r.n_section_spaces - 1, -1, -1):
        node = r.section_space[i]
        t = g.node_tile[node]
        if t >= 0:
            g.node_tile[node] = -1
            p.section_tiles[r.tile_sub[t]] += 1
            p.bounties += 1
            event(g, SAM_EV_BOUNTY, node, t)
            return
    event(g, SAM_EV_NOTHING, SAM_OP_BOUNTY, 0)

cdef void sam_remove_hazard(Game* g, const Rules* r, int unused) noexcept nogil:
    """The section with most tiles (then the highest-VP tile, then the first listed); in it the
    highest-VP tile, then the lowest-numbered space. Free."""
    cdef Player* p = &g.p[r.sam_seat]
    cdef int i, j, node, t, n, top, best_sec = -1, best_n = 0, best_top = 0, pick = -1
    for i in range(r.n_haz_types):
        n = 0
        top = -1
        for j in range(r.haz_section_size):
            node = r.hazard_space[i][j]
            if node >= 0 and g.node_tile[node] >= 0:
                n += 1
                if r.tile_vp[g.node_tile[node]] > top:
                    top = r.tile_vp[g.node_tile[node]]
        if n > 0 and (best_sec < 0 or n > best_n or (n == best_n and top > best_top)):
            best_sec, best_n, best_top = i, n, top
    if best_sec < 0:
        event(g, SAM_EV_NOTHING, SAM_OP_REMOVE_HAZARD, 0)
        return
    for j in range(r.haz_section_size):
        node = r.hazard_space[best_sec][j]
        if node >= 0 and g.node_tile[node] >= 0 and \
                (pick < 0 or r.tile_vp[g.node_tile[node]] > r.tile_vp[g.node_tile[pick]]):
            pick = node
    t = g.node_tile[pick]
    g.node_tile[pick] = -1
    p.hazards[t] += 1
    p.hazards_removed += 1
    event(g, SAM_EV_HAZARD, pick, t)

SAM_VERB_TABLE[SAM_OP_HIRE] = sam_hire
SAM_VERB_TABLE[SAM_OP_BUY_CATTLE] = sam_buy_cattle
SAM_VERB_TABLE[SAM_OP_REVEAL_MARKET_CARDS] = sam_reveal_market_cards
SAM_VERB_TABLE[SAM_OP_TAKE_MARKET_CARD] = sam_take_market_card
SAM_VERB_TABLE[SAM_OP_PLACE_BUILDING] = sam_place_building
SAM_VERB_TABLE[SAM_OP_MOVE_ENGINE] = sam_move_engine
SAM_VERB_TABLE[SAM_OP_ENGINE_TO_NEXT_FREE_STATION] = sam_engine_to_next_free_station
SAM_VERB_TABLE[SAM_OP_OBJECTIVE_CARD] = sam_objective_card
SAM_VERB_TABLE[SAM_OP_BOUNTY] = sam_bounty
SAM_VERB_TABLE[SAM_OP_REMOVE_HAZARD] = sam_remove_hazard

# ----------------------------------------------------------------------------- Kansas City (§8)

cdef int _foresight_ok(Game* g, const Rules* r, int col, int row) noexcept nogil:
    cdef int t = g.foresight[col][row]
    return t >= 0 and not (g.no_worker_picks and r.tile_kind[t] == TILE_WORKER)

cdef void _sam_rewards(Game* g, const Rules* r, int action) noexcept nogil:
    """A city's or an arrow's rewards as Sam takes them: objective cards (his farthest pick); money
    and exchange tokens are ignored (the content compiler refuses any other verb there)."""
    cdef int s
    if action < 0:
        return
    for s in range(r.action_first[action], r.action_first[action] + r.action_len[action]):
        if r.step_op[s] == OP_OBJECTIVE_CARD:
            sam_objective_card(g, r, 0)

cdef void sam_kansas_city(Game* g, const Rules* r) noexcept nogil:
    """Steps 1-3: the lower tile of each column (end phase: the upper one if the lower is a worker,
    unless end_phase_foresight = lower_only); no income; delivery to his next city with a disc and its
    objective-card rewards; herder back to the start; the foresight slides down and is refilled."""
    cdef Player* p = &g.p[r.sam_seat]
    cdef int col, row, t, c, from_station, i, n, before
    cdef int fired[MAX_ARROWS]
    p.kc_visits += 1
    for col in range(N_BAGS):
        row = -1
        if _foresight_ok(g, r, col, 0):
            row = 0
        elif not r.sam_end_phase_lower_only and r.foresight_rows > 1 and _foresight_ok(g, r, col, 1):
            row = 1
        if row < 0:
            event(g, SAM_EV_FORESIGHT, col, -1)
            continue
        t = g.foresight[col][row]
        g.foresight[col][row] = -1
        before = g.end_triggered
        event(g, SAM_EV_FORESIGHT, col, t)
        place_tile(g, r, t)
        if g.end_triggered and not before:
            event(g, SAM_EV_END_TRIGGERED, 0, 0)
    # the delivery: his first city, then each next city up the strip, the last one repeatedly
    if g.sam.last_city < 0:
        c = r.sam_first_city
    elif g.sam.last_city + 1 < r.n_cities:
        c = g.sam.last_city + 1
    else:
        c = g.sam.last_city
    g.sam.last_city = c
    from_station = sam_take_disc(g, r, -1)
    event(g, SAM_EV_DELIVERY, c, from_station)
    if from_station != -2:
        p.city_discs[c] += 1
        p.deliveries += 1
        p.delivery_value += r.city_value[c]
        _sam_rewards(g, r, r.city_on_place[c])
        n = arrows_fired(g, r, r.sam_seat, c, fired)
        for i in range(n):
            _sam_rewards(g, r, fired[i])
    p.herder = r.node_start
    refill_foresight(g, r)

# ----------------------------------------------------------------------------- his turn (§5)

cdef int lg_sam_turn(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil:
    out[0] = A_STOP
    return 1

cdef void ap_sam_turn(Game* g, const Rules* r, Frame* f, int a) noexcept nogil:
    cdef Sam* S = &g.sam
    cdef Player* p = &g.p[r.sam_seat]
    cdef i8 walk[MAX_SAM_WALK]
    cdef int c, n, half, s, spec
    p.turns += 1
    memset(&S.last, 0, sizeof(SamTurn))
    S.last.turn = g.turn_number
    if S.deck_n == 0:
        # an empty deck is reshuffled from his discard pile when he needs a card
        memcpy(S.deck, S.discard, S.discard_n)
        S.deck_n = S.discard_n
        S.discard_n = 0
        rng_shuffle_i8(&g.rng_sam, S.deck, S.deck_n)
    if S.deck_n == 0:
        pop(g)
        return
    S.deck_n -= 1
    c = S.deck[S.deck_n]
    S.card = c
    S.played[c - 1] += 1
    S.last.card = c
    n = sam_card_steps(g, r, c)
    S.last.steps = n
    sam_walk(g, r, walk, sam_route(g, r, n, walk))
    # the card's action, for his specialisation as it is now (the location reached does not matter)
    spec = r.sam_card_spec[c - 1]
    half = 0 if spec < 0 or spec == S.specialisation else 1
    for s in range(r.sam_card_first[c - 1][half], r.sam_card_first[c - 1][half] + r.sam_card_len[c - 1][half]):
        SAM_VERB_TABLE[r.sam_step_op[s]](g, r, r.sam_step_arg[s])
    S.discard[S.discard_n] = c
    S.discard_n += 1
    S.card = 0
    if p.herder == r.node_kc:
        sam_kansas_city(g, r)          # after the card's action (solo.turn.action_before_kansas_city)
    pop(g)
