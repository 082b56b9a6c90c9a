# cython: embedsignature=True
"""Final scoring and the numeric game record (see scoring.pxd)."""

from libc.string cimport memset

from gwt_sim.engine.queries cimport counter
from gwt_sim.engine.state cimport *
from gwt_sim.engine.typedefs cimport i8, i16, i32, u64

cdef struct ObjSearch:
    int n                        # cards considered
    int mandatory[48]            # 1 = in the objective area (must be scored), 0 = still in the deck
    int card[48]
    int have[MAX_TASKS]
    int n_tasks
    int best
    int best_area
    int sm_vp[MAX_SM]            # station masters scoring per objective card in the area
    int sm_every[MAX_SM]
    int n_sm

cdef int _sm_objective_bonus(ObjSearch* s, int area_cards) noexcept nogil:
    cdef int i, v = 0
    for i in range(s.n_sm):
        v += s.sm_vp[i] * (area_cards // s.sm_every[i])
    return v

cdef void _obj_leaf(ObjSearch* s, const Rules* r, int* fulfilled) noexcept nogil:
    """Score one set of fulfilled cards: area cards not fulfilled pay their penalty; deck cards not
    fulfilled are dropped or, when a station master pays per card in the area, committed unfulfilled
    if that is worth it (cheapest penalties first)."""
    cdef int i, j, t, v = 0, area = 0, extra_best, extra_area, pen_sum, e, tmp
    cdef int pens[48]
    cdef int np = 0
    for i in range(s.n):
        if fulfilled[i]:
            v += r.obj_vp[s.card[i]]
            area += 1
        elif s.mandatory[i]:
            v += r.obj_penalty[s.card[i]]
            area += 1
        else:
            pens[np] = r.obj_penalty[s.card[i]]
            np += 1
    # least negative penalties first
    for i in range(1, np):
        tmp = pens[i]
        j = i - 1
        while j >= 0 and pens[j] < tmp:
            pens[j + 1] = pens[j]
            j -= 1
        pens[j + 1] = tmp
    extra_best = _sm_objective_bonus(s, area)
    extra_area = area
    pen_sum = 0
    for e in range(np):
        pen_sum += pens[e]
        if pen_sum + _sm_objective_bonus(s, area + e + 1) > extra_best:
            extra_best = pen_sum + _sm_objective_bonus(s, area + e + 1)
            extra_area = area + e + 1
    if v + extra_best > s.best:
        s.best = v + extra_best
        s.best_area = extra_area

cdef void _obj_dfs(ObjSearch* s, const Rules* r, int i, int* fulfilled, int* left) noexcept nogil:
    cdef int t, ok
    if i == s.n:
        _obj_leaf(s, r, fulfilled)
        return
    ok = 1
    for t in range(s.n_tasks):
        if r.obj_need[s.card[i]][t] > left[t]:
            ok = 0
            break
    if ok:
        for t in range(s.n_tasks):
            left[t] -= r.obj_need[s.card[i]][t]
        fulfilled[i] = 1
        _obj_dfs(s, r, i + 1, fulfilled, left)
        fulfilled[i] = 0
        for t in range(s.n_tasks):
            left[t] += r.obj_need[s.card[i]][t]
    _obj_dfs(s, r, i + 1, fulfilled, left)

cdef int score_objectives(Game* g, const Rules* r, int pl, int* area_cards) noexcept nogil:
    """Best total of objective cards (area cards must count, deck cards may be committed), each
    owned item fulfilling one task on one card. Returns category 7 without station-master VP;
    area_cards receives the number of cards in the area under the chosen plan."""
    cdef Player* p = &g.p[pl]
    cdef ObjSearch s
    cdef int o, k, i, c, t
    cdef int fulfilled[48]
    cdef int left[MAX_TASKS]
    cdef int in_deck[MAX_OBJ]
    memset(&s, 0, sizeof(ObjSearch))
    memset(in_deck, 0, sizeof(in_deck))
    for i in range(p.draw_n):
        c = p.draw[i]
        if c >= r.n_card_types:
            in_deck[c - r.n_card_types] += 1
    for i in range(p.discard_n):
        c = p.discard[i]
        if c >= r.n_card_types:
            in_deck[c - r.n_card_types] += 1
    for o in range(r.n_obj):
        in_deck[o] += p.hand[r.n_card_types + o]
    for o in range(r.n_obj):
        for k in range(p.objectives[o]):
            if s.n < 48:
                s.card[s.n] = o
                s.mandatory[s.n] = 1
                s.n += 1
        for k in range(in_deck[o]):
            if s.n < 48:
                s.card[s.n] = o
                s.mandatory[s.n] = 0
                s.n += 1
    s.n_tasks = r.n_tasks
    for t in range(r.n_tasks):
        s.have[t] = counter(g, r, pl, r.task_counter[t])
        left[t] = s.have[t]
    for i in range(r.n_sm):
        if p.sm_held[i] and r.sm_per[i] == C_OBJECTIVES_IN_AREA:
            s.sm_vp[s.n_sm] = r.sm_vp[i]
            s.sm_every[s.n_sm] = r.sm_every[i]
            s.n_sm += 1
    s.best = -1000000
    memset(fulfilled, 0, sizeof(fulfilled))
    _obj_dfs(&s, r, 0, fulfilled, left)
    area_cards[0] = s.best_area
    return s.best - _sm_objective_bonus(&s, s.best_area)

cdef void final_scoring(Game* g, const Rules* r) noexcept nogil:
    cdef int pl, i
    for pl in range(g.n_players):
        score_player(g, r, pl, g.score[pl])
        g.total[pl] = r.seat_vp[pl]          # seat compensation: outside the 11 scoresheet categories
        for i in range(N_SCORES):
            g.total[pl] += g.score[pl][i]

cdef int score_player(Game* g, const Rules* r, int pl, i16* sc) noexcept nogil:
    """The 11 scoring categories of one player as the game stands (final scoring when it has ended);
    returns the total. Reads the player's whole deck, so policies use it only for their own seat."""
    cdef int i, c, v, area, total = 0
    cdef Player* p = &g.p[pl]
    memset(sc, 0, sizeof(i16) * N_SCORES)
    sc[S_MONEY] = p.money // r.money_per_vp if p.money > 0 else 0
    for i in range(r.n_private_spaces):
        if g.node_owner[r.private_space[i]] == pl and g.node_building[r.private_space[i]] >= 0:
            sc[S_BUILDINGS] += r.building_vp[g.node_building[r.private_space[i]]]
    for c in range(r.n_cities):
        sc[S_CITIES] += r.city_vp_per_disc[c] * p.city_discs[c]
        if p.city_discs[c] > 0:
            sc[S_CITIES] += r.city_end_vp[c]
    for i in range(r.n_arrows):
        if p.city_discs[r.arrow_a[i]] > 0 and p.city_discs[r.arrow_b[i]] > 0:
            sc[S_CITIES] += r.arrow_end_vp[i]
    for i in range(r.n_stations):
        if p.station_disc[i]:
            sc[S_STATIONS] += r.station_vp[i]
    for i in range(r.n_tile_types):
        sc[S_HAZARDS] += p.hazards[i] * r.tile_vp[i]
    for i in range(p.draw_n):
        c = p.draw[i]
        if c < r.n_card_types:
            sc[S_CATTLE] += r.card_vp[c]
    for i in range(p.discard_n):
        c = p.discard[i]
        if c < r.n_card_types:
            sc[S_CATTLE] += r.card_vp[c]
    for c in range(r.n_card_types):
        sc[S_CATTLE] += p.hand[c] * r.card_vp[c]
    area = 0
    if r.seat_all_objectives[pl]:
        # Sam: every card in his objective area counts as fulfilled, whatever its tasks
        for i in range(r.n_obj):
            sc[S_OBJECTIVES] += p.objectives[i] * r.obj_vp[i]
            area += p.objectives[i]
    else:
        sc[S_OBJECTIVES] = score_objectives(g, r, pl, &area)
    for i in range(r.n_sm):
        g.sm_points[pl][i] = 0
        if p.sm_held[i] and r.sm_per[i] >= 0:
            v = area if r.sm_per[i] == C_OBJECTIVES_IN_AREA else counter(g, r, pl, r.sm_per[i])
            g.sm_points[pl][i] = r.sm_vp[i] * (v // r.sm_every[i])
            sc[S_STATION_MASTERS] += g.sm_points[pl][i]
    for i in range(N_WTYPES):
        for c in range(1, p.workers[i] + 1):
            sc[S_WORKERS] += r.worker_space_vp[c]
    for i in range(N_DISC):
        if p.discs[i] == 0:
            sc[S_STEP_DISC] += r.disc_end_vp[i]
    if p.job_token:
        sc[S_JOB_TOKEN] = r.job_token_end_vp
    for i in range(N_SCORES):
        if r.seat_skip_score[pl][i]:
            sc[i] = 0                        # a category this seat does not score (Sam: money, ...)
        total += sc[i]
    return total


# ----------------------------------------------------------------------------- the game record

cdef enum:
    GAME_FIXED = 6               # players, turns, decisions, end_player, tiles_left_in_bags, market_deck_left
    PLAYER_FIXED = 2 + N_SCORES + 25    # seat, score, the categories, the 25 statistics

cdef int game_record_width(const Rules* r) noexcept nogil:
    return GAME_FIXED + r.n_numbers + r.n_neutral + r.sm_used + (1 + r.sam_n_cards if r.solo else 0)

cdef int player_record_width(const Rules* r) noexcept nogil:
    return PLAYER_FIXED + r.n_numbers + 2 * r.n_sm + r.n_cities

cdef void fill_record(Game* g, const Rules* r, i32* game_row, i32* player_rows) noexcept nogil:
    """The record in the order of gwt_sim.schema.game_columns and player_columns (a test checks the
    widths and the values against the state's Python view)."""
    cdef int width = player_record_width(r)
    cdef int pl, i, k, bags = 0
    cdef i32* row
    cdef Player* p
    k = 0
    game_row[k] = g.n_players; k += 1
    game_row[k] = g.turn_number; k += 1
    game_row[k] = g.decisions; k += 1
    game_row[k] = g.end_player; k += 1
    for i in range(r.n_numbers):
        game_row[k] = g.sides[i]; k += 1
    for i in range(r.n_neutral):
        game_row[k] = g.layout[i]; k += 1
    for i in range(r.sm_used):
        game_row[k] = g.sm_drawn[i]; k += 1
    for i in range(N_BAGS):
        bags += g.bag_n[i]
    game_row[k] = bags; k += 1
    game_row[k] = g.market_deck_n; k += 1
    if r.solo:
        game_row[k] = g.sam.specialisation; k += 1
        for i in range(r.sam_n_cards):
            game_row[k] = g.sam.played[i]; k += 1
    for pl in range(g.n_players):
        p = &g.p[pl]
        row = player_rows + pl * width
        k = 0
        row[k] = pl; k += 1
        row[k] = g.total[pl]; k += 1
        for i in range(N_SCORES):
            row[k] = g.score[pl][i]; k += 1
        # the statistics (gwt_sim.schema.PLAYER_STATISTICS)
        row[k] = p.money; k += 1
        row[k] = p.turns; k += 1
        row[k] = p.kc_visits; k += 1
        row[k] = p.deliveries; k += 1
        row[k] = p.delivery_value; k += 1
        row[k] = p.workers_hired; k += 1
        row[k] = p.workers[W_COWBOY]; k += 1
        row[k] = p.workers[W_BUILDER]; k += 1
        row[k] = p.workers[W_ENGINEER]; k += 1
        row[k] = p.buildings_built; k += 1
        row[k] = p.buildings_replaced; k += 1
        row[k] = p.sm_taken; k += 1
        row[k] = p.stations_upgraded; k += 1
        row[k] = p.hazards_removed; k += 1
        row[k] = p.bounties; k += 1
        row[k] = p.cards_bought; k += 1
        row[k] = p.fees_paid; k += 1
        row[k] = p.fees_received; k += 1
        row[k] = p.objectives_gained; k += 1
        row[k] = p.income_total; k += 1
        row[k] = r.cert_positions[p.cert]; k += 1
        row[k] = p.perm_certs; k += 1
        row[k] = p.engine; k += 1
        row[k] = p.hand_n + p.draw_n + p.discard_n; k += 1
        row[k] = p.job_token; k += 1
        # per component
        for i in range(r.n_numbers):
            row[k] = p.tiles[i] != 0; k += 1          # ever built (a replaced tile too)
        for i in range(r.n_sm):
            row[k] = p.sm_held[i] != 0; k += 1
        for i in range(r.n_sm):
            row[k] = g.sm_points[pl][i]; k += 1
        for i in range(r.n_cities):
            row[k] = p.city_discs[i]; k += 1
