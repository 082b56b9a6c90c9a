# cython: embedsignature=True
"""Loading compiled tables (gwt_sim.tables.Tables) into the fixed-size Rules struct (see load.pxd)."""

from libc.string cimport memset

from gwt_sim.engine.frames cimport F_SAM_TURN, F_TURN
from gwt_sim.engine.state cimport *
from gwt_sim.engine.typedefs cimport i8, i16, i32, u64

cdef _fill(void* dst, object arr, int cap, int elem, str name):
    """Copy a 1-D int array into a C array of i8 (elem=1), i16 (2) or i32 (4)."""
    cdef int n = len(arr)
    cdef int k
    if n > cap:
        raise ValueError(f"engine limit: {name} has {n} entries, the engine holds {cap}")
    vals = [int(v) for v in arr]
    for k in range(n):
        if elem == 1:
            if not -128 <= vals[k] <= 127:
                raise ValueError(f"engine limit: {name}[{k}] = {vals[k]} does not fit a byte")
            (<i8*>dst)[k] = vals[k]
        elif elem == 2:
            (<i16*>dst)[k] = vals[k]
        else:
            (<i32*>dst)[k] = vals[k]
    return n


cdef int load_rules(Rules* r, object t) except -1:
    memset(r, 0, sizeof(Rules))
    A = t.arrays
    S = t.scalars
    cdef int i, j, n, s
    r.players = S["players"]
    if not 1 <= r.players <= MAX_PLAYERS:
        raise ValueError(f"engine limit: {r.players} players, the engine holds 1 to {MAX_PLAYERS}")
    r.simmental = S["simmental"]
    # bytecode
    ops = A["step_op"]
    args = A["step_arg"]
    if len(ops) > MAX_STEPS or len(A["action_first"]) > MAX_ACTIONS:
        raise ValueError("engine limit: too many action steps")
    for i in range(len(ops)):
        if not 0 <= int(ops[i]) < N_OPS:
            raise ValueError(f"engine limit: unknown verb (op code {int(ops[i])}) in step {i}")
        r.step_op[i] = int(ops[i])
        for j in range(N_ARGS):
            r.step_arg[i][j] = int(args[i][j])
    r.n_actions = _fill(r.action_first, A["action_first"], MAX_ACTIONS, 2, "actions")
    _fill(r.action_len, A["action_len"], MAX_ACTIONS, 2, "actions")
    # cattle
    r.n_breeds = _fill(r.breed_value, A["breed_value"], 15, 1, "breeds")
    _fill(r.breed_group, A["breed_income_group"], MAX_BREEDS, 1, "breeds")
    _fill(r.breed_upgrade, A["breed_upgrade"], MAX_BREEDS, 1, "breeds")
    r.n_card_types = _fill(r.card_breed, A["card_breed"], MAX_CARD_TYPES, 1, "card types")
    _fill(r.card_vp, A["card_vp"], MAX_CARD_TYPES, 1, "card types")
    r.start_deck_n = _fill(r.start_deck, A["start_deck"], 24, 1, "starting deck")
    r.market_deck_n = _fill(r.market_deck, A["market_deck"], MAX_MARKET_DECK, 1, "market deck")
    _fill(r.supply_type, A["supply_card_type"], MAX_BREEDS, 1, "supply")
    _fill(r.supply_count, A["supply_count"], MAX_BREEDS, 1, "supply")
    r.n_buy = _fill(r.buy_cowboys, A["buy_cowboys"], MAX_BUY, 1, "buy options")
    _fill(r.buy_dollars, A["buy_dollars"], MAX_BUY, 1, "buy options")
    _fill(r.buy_cards, A["buy_cards"], MAX_BUY, 1, "buy options")
    _fill(r.buy_mask, A["buy_breed_mask"], MAX_BUY, 4, "buy options")
    r.buy_reveal = S["buy_reveal_cards"]
    r.simmental_pair = S["simmental_pair_same_breed"]
    if len(A["counter_source"]) != N_COUNTERS:
        raise ValueError(f"engine limit: {len(A['counter_source'])} counters, the engine knows {N_COUNTERS}")
    _fill(r.counter_source, A["counter_source"], N_COUNTERS, 1, "counters")
    _fill(r.counter_breeds, A["counter_breeds"], N_COUNTERS, 4, "counters")
    _fill(r.counter_city, A["counter_city"], N_COUNTERS, 1, "counters")
    for i in range(N_COUNTERS):
        for j in range(2):
            r.counter_colours[i][j] = int(A["counter_colours"][i][j])
    r.simmental_mask = S["simmental_mask"]
    # board
    _fill(r.disc_count, A["disc_count"], N_DISC, 1, "disc spaces")
    _fill(r.disc_grey, A["disc_grey"], N_DISC, 1, "disc spaces")
    _fill(r.disc_corner, A["disc_corner"], N_DISC, 1, "disc spaces")
    _fill(r.disc_unlock, A["disc_unlock"], N_DISC, 1, "disc spaces")
    _fill(r.disc_on_clear, A["disc_on_clear"], N_DISC, 2, "disc spaces")
    _fill(r.disc_clear_cost, A["disc_clear_cost"], N_DISC, 1, "disc spaces")
    _fill(r.disc_end_vp, A["disc_end_vp"], N_DISC, 1, "disc spaces")
    for i in range(N_DISC):
        r.disc_of_unlock[r.disc_unlock[i]] = i
    _fill(r.aux_single, A["aux_single"], N_AUX, 2, "aux")
    _fill(r.aux_double, A["aux_double"], N_AUX, 2, "aux")
    r.step_base, r.step_left, r.step_right = S["step_base"], S["step_left"], S["step_right"]
    r.hand_base, r.hand_per_disc, r.hand_max = S["hand_base"], S["hand_per_disc"], S["hand_max"]
    r.n_cert = _fill(r.cert_positions, A["cert_positions"], MAX_CERT, 1, "certificate track")
    r.cert_start, r.cert_limit_base = S["cert_start"], S["cert_limit_base"]
    r.cert_limit_4, r.cert_limit_6 = S["cert_limit_4"], S["cert_limit_6"]
    r.aux5_removal_optional = S["aux5_removal_optional"]
    r.worker_spaces = S["worker_spaces"]
    if r.worker_spaces + 1 > MAX_WSPACES:
        raise ValueError("engine limit: worker rows")
    wi = A["worker_immediate"]
    for i in range(N_WTYPES):
        for j in range(r.worker_spaces + 1):
            r.worker_immediate[i][j] = int(wi[i][j])
    _fill(r.worker_space_vp, A["worker_space_vp"], MAX_WSPACES, 1, "worker rows")
    # job market
    r.job_rows, r.job_columns = S["job_rows"], S["job_columns"]
    r.job_token_start_row, r.job_token_end_vp = S["job_token_start_row"], S["job_token_end_vp"]
    r.hire_price_floor = S["hire_price_floor"]
    _fill(r.job_row_cost, A["job_row_cost"], MAX_JOB_ROWS, 1, "job market rows")
    _fill(r.job_refill_row, A["job_refill_row"], MAX_JOB_ROWS, 1, "job market rows")
    # tiles
    r.n_tile_types = _fill(r.tile_kind, A["tile_kind"], MAX_TILE_TYPES, 1, "tile types")
    _fill(r.tile_sub, A["tile_sub"], MAX_TILE_TYPES, 1, "tile types")
    _fill(r.tile_vp, A["tile_vp"], MAX_TILE_TYPES, 1, "tile types")
    _fill(r.tile_hand, A["tile_hand"], MAX_TILE_TYPES, 1, "tile types")
    bags = A["bag_tiles"]
    if len(bags) != N_BAGS:
        raise ValueError("engine limit: exactly 3 bags")
    _fill(r.bag_size, A["bag_size"], N_BAGS, 1, "bags")
    for i in range(N_BAGS):
        _fill(r.bag_tiles[i], bags[i][: r.bag_size[i]], MAX_BAG, 1, "bag")
    _fill(r.foresight_bag, A["foresight_bag"], N_BAGS, 1, "foresight")
    r.foresight_rows = S["foresight_rows"]
    if not 1 <= r.foresight_rows <= MAX_FORESIGHT_ROWS:
        raise ValueError(f"engine limit: {r.foresight_rows} foresight spaces per column, the engine holds "
                         f"1 to {MAX_FORESIGHT_ROWS}")
    for i in range(N_BAGS):
        if not 0 <= r.foresight_bag[i] < N_BAGS:
            raise ValueError(f"engine limit: foresight column {i + 1} draws from bag {r.foresight_bag[i] + 1}, "
                             f"the engine has bags 1 to {N_BAGS}")
    for i in range(r.n_tile_types):
        if r.tile_kind[i] == TILE_SECTION and not 0 <= r.tile_sub[i] < MAX_SECTION_COLOURS:
            raise ValueError(f"engine limit: more than {MAX_SECTION_COLOURS} colours of outlaw/teepee tiles")
    # trail
    nxt = A["node_next"]
    r.n_nodes = _fill(r.node_kind, A["node_kind"], MAX_NODES, 1, "trail nodes")
    r.node_start, r.node_kc = S["node_start"], S["node_kc"]
    if nxt.shape[1] > MAX_NEXT:
        raise ValueError("engine limit: a trail node has more than 2 ways forward")
    for i in range(r.n_nodes):
        for j in range(MAX_NEXT):
            r.node_next[i][j] = int(nxt[i][j]) if j < nxt.shape[1] else -1
        for j in range(MAX_PREV):
            r.node_prev[i][j] = -1
    for i in range(r.n_nodes):
        for j in range(MAX_NEXT):
            n = r.node_next[i][j]
            if n >= 0:
                k = 0
                while k < MAX_PREV and r.node_prev[n][k] >= 0:
                    k += 1
                if k == MAX_PREV:
                    raise ValueError("engine limit: a trail node has more than 3 ways in")
                r.node_prev[n][k] = i
    _fill(r.node_woods, A["node_woods"], MAX_NODES, 1, "trail nodes")
    _fill(r.node_risk, A["node_risk"], MAX_NODES, 2, "trail nodes")
    _fill(r.node_take, A["node_take"], MAX_NODES, 2, "trail nodes")
    _fill(r.node_section, A["node_section"], MAX_NODES, 1, "trail nodes")
    hz = A["hazard_space"]
    r.n_haz_types = hz.shape[0]
    r.haz_section_size = hz.shape[1]
    if r.n_haz_types > MAX_HAZ_TYPES or r.haz_section_size > MAX_HAZ_SPACES:
        raise ValueError("engine limit: hazard sections")
    for i in range(r.n_haz_types):
        for j in range(r.haz_section_size):
            r.hazard_space[i][j] = int(hz[i][j])
    r.n_section_spaces = _fill(r.section_space, A["section_space"], MAX_SECTION_SPACES, 1, "outlaw/teepee spaces")
    r.n_neutral = _fill(r.neutral_space, A["neutral_space"], MAX_NEUTRAL, 1, "neutral spaces")
    r.n_private_spaces = _fill(r.private_space, A["private_space"], MAX_PRIVATE_SPACES, 1, "private spaces")
    for i in range(MAX_NODES):
        r.node_private_index[i] = -1
    for i in range(r.n_private_spaces):
        r.node_private_index[r.private_space[i]] = i
    r.fee_green, r.fee_black = S["fee_green"], S["fee_black"]
    # railroad
    rn, rp = A["rail_next"], A["rail_prev"]
    r.n_rail = _fill(r.rail_number, A["rail_number"], MAX_RAIL, 1, "railroad positions")
    for i in range(r.n_rail):
        for j in range(2):
            r.rail_next[i][j] = int(rn[i][j])
            r.rail_prev[i][j] = int(rp[i][j])
    _fill(r.rail_station, A["rail_station"], MAX_RAIL, 1, "railroad positions")
    _fill(r.rail_order, A["rail_order"], MAX_RAIL, 1, "railroad positions")
    _fill(r.cross_after, A["cross_after"], MAX_SPACES, 1, "crosses")
    r.rail_end, r.rail_end_min_back, r.cross_cost = S["rail_end"], S["rail_end_min_back"], S["cross_cost"]
    r.rail_end_reward = int(A["rail_end_reward"][0])
    r.n_stations = _fill(r.station_position, A["station_position"], MAX_STATIONS, 1, "stations")
    _fill(r.station_cost, A["station_cost"], MAX_STATIONS, 1, "stations")
    _fill(r.station_vp, A["station_vp"], MAX_STATIONS, 1, "stations")
    _fill(r.station_corner, A["station_corner"], MAX_STATIONS, 1, "stations")
    _fill(r.station_has_master, A["station_has_master"], MAX_STATIONS, 1, "stations")
    # cities
    r.n_cities = _fill(r.city_value, A["city_value"], MAX_CITIES, 1, "cities")
    _fill(r.city_corner, A["city_corner"], MAX_CITIES, 1, "cities")
    _fill(r.city_repeatable, A["city_repeatable"], MAX_CITIES, 1, "cities")
    _fill(r.city_on_place, A["city_on_place"], MAX_CITIES, 2, "cities")
    _fill(r.city_vp_per_disc, A["city_vp_per_disc"], MAX_CITIES, 1, "cities")
    _fill(r.city_end_vp, A["city_end_vp"], MAX_CITIES, 1, "cities")
    r.n_arrows = _fill(r.arrow_a, A["arrow_a"], MAX_ARROWS, 1, "arrows")
    _fill(r.arrow_b, A["arrow_b"], MAX_ARROWS, 1, "arrows")
    _fill(r.arrow_action, A["arrow_action"], MAX_ARROWS, 2, "arrows")
    _fill(r.arrow_end_vp, A["arrow_end_vp"], MAX_ARROWS, 1, "arrows")
    r.arrow_objective_from_stack = S["arrow_objective_from_stack"]
    # buildings
    ba = A["building_actions"]
    r.n_buildings = _fill(r.building_builders, A["building_builders"], MAX_BUILDINGS, 1, "buildings")
    if ba.shape[1] > MAX_BACTIONS:
        raise ValueError("engine limit: more than 3 local actions on a building")
    for i in range(r.n_buildings):
        for j in range(MAX_BACTIONS):
            r.building_actions[i][j] = int(ba[i][j]) if j < ba.shape[1] else -1
    _fill(r.building_vp, A["building_vp"], MAX_BUILDINGS, 1, "buildings")
    _fill(r.building_hand, A["building_hand"], MAX_BUILDINGS, 1, "buildings")
    _fill(r.building_number, A["building_number"], MAX_BUILDINGS, 1, "buildings")
    r.n_neutral_buildings = S["n_neutral"]
    r.n_numbers = (r.n_buildings - r.n_neutral_buildings) // 2
    r.adjacent_risk_if_owner = S["adjacent_risk_if_owner"]
    # station masters
    r.n_sm = _fill(r.sm_immediate, A["sm_immediate"], MAX_SM, 2, "station masters")
    _fill(r.sm_vp, A["sm_vp"], MAX_SM, 1, "station masters")
    _fill(r.sm_every, A["sm_every"], MAX_SM, 1, "station masters")
    _fill(r.sm_per, A["sm_per"], MAX_SM, 1, "station masters")
    r.sm_used = S["station_masters_used"]
    # objectives
    r.n_tasks = _fill(r.task_counter, A["task_counter"], MAX_TASKS, 1, "tasks")
    need = A["objective_need"]
    r.n_obj = _fill(r.obj_count, A["objective_count"], MAX_OBJ, 1, "objective cards")
    for i in range(r.n_obj):
        for j in range(r.n_tasks):
            r.obj_need[i][j] = int(need[i][j])
    _fill(r.obj_starting, A["objective_starting"], MAX_OBJ, 1, "objective cards")
    _fill(r.obj_vp, A["objective_vp"], MAX_OBJ, 1, "objective cards")
    _fill(r.obj_penalty, A["objective_penalty"], MAX_OBJ, 1, "objective cards")
    _fill(r.obj_immediate, A["objective_immediate"], MAX_OBJ, 2, "objective cards")
    if r.n_card_types + r.n_obj > MAX_CARD_IDS:
        raise ValueError("engine limit: too many card kinds")
    for i in range(r.n_obj):
        a = r.obj_immediate[i]
        r.obj_herder[i] = 1 if a >= 0 and r.step_op[r.action_first[a]] == OP_MOVE_HERDER else 0
    # setup
    _fill(r.start_money, A["start_money"], MAX_PLAYERS, 2, "starting money")
    _fill(r.seat_vp, A["seat_vp"], MAX_PLAYERS, 1, "seat VP")
    _fill(r.start_cards, A["start_cards"], MAX_PLAYERS, 1, "starting cards")
    r.first_turn_hand = S["first_turn_hand"]
    r.start_tokens = S["start_exchange_tokens"]
    r.start_objectives = S["start_objectives"]
    r.setup_bag1_tiles = S["setup_bag1_tiles"]
    r.objective_display = S["objective_display"]
    if r.objective_display > 4:
        raise ValueError("engine limit: objective display holds at most 4 cards")
    r.market_target = S["market_target"]
    r.initial_workers = S["initial_workers"]
    r.money_per_vp = S["money_per_vp"]
    _fill(r.variant_sides, A["variant_sides"], MAX_NUMBERS, 1, "building numbers")
    _fill(r.variant_layout, A["variant_layout"], MAX_NEUTRAL, 1, "neutral layout")
    _fill(r.variant_sm, A["variant_station_masters"], SM_SPACES, 1, "station masters")
    for i in range(r.n_actions):
        op = r.step_op[r.action_first[i]]
        r.action_has_req[i] = is_requirement(op)
        r.action_may_block[i] = 0
        for s in range(r.action_first[i], r.action_first[i] + r.action_len[i]):
            if is_requirement(r.step_op[s]):
                r.action_may_block[i] = 1
    for i in range(MAX_PLAYERS):
        r.seat_turn_frame[i] = F_TURN
    if S.get("solo", 0):
        _load_solo(r, t)
    return 0


cdef int _load_solo(Rules* r, object t) except -1:
    """Sam's tables and the rules the solo mode changes for every seat (gwt_sim.tables, solo)."""
    A = t.arrays
    S = t.scalars
    cdef int i, j, n
    r.solo = 1
    r.sam_seat = S["sam_seat"]
    if not 0 <= r.sam_seat < r.players:
        raise ValueError("engine limit: Sam's seat is not a seat of the board")
    r.seat_turn_frame[r.sam_seat] = F_SAM_TURN
    r.sam_n_cards = _fill(r.sam_in_deck, A["sam_in_deck"], MAX_SAM_CARDS, 1, "Sam cards")
    _fill(r.sam_card_steps, A["sam_card_steps"], MAX_SAM_CARDS, 1, "Sam cards")
    _fill(r.sam_card_icon, A["sam_card_icon"], MAX_SAM_CARDS, 1, "Sam cards")
    _fill(r.sam_card_spec, A["sam_card_spec"], MAX_SAM_CARDS, 1, "Sam cards")
    first, length = A["sam_card_first"], A["sam_card_len"]
    for i in range(r.sam_n_cards):
        for j in range(2):
            r.sam_card_first[i][j] = int(first[i][j])
            r.sam_card_len[i][j] = int(length[i][j])
    n = _fill(r.sam_step_op, A["sam_step_op"], MAX_SAM_STEPS, 1, "Sam card steps")
    _fill(r.sam_step_arg, A["sam_step_arg"], MAX_SAM_STEPS, 2, "Sam card steps")
    for i in range(n):
        if not 0 <= r.sam_step_op[i] < N_SAM_OPS:
            raise ValueError(f"engine limit: unknown Sam verb code {r.sam_step_op[i]}")
    _fill(r.sam_icon_counter, A["sam_icon_counter"], MAX_SAM_ICONS, 1, "Sam step icons")
    _fill(r.sam_icon_min, A["sam_icon_min"], MAX_SAM_ICONS, 1, "Sam step icons")
    _fill(r.sam_icon_max, A["sam_icon_max"], MAX_SAM_ICONS, 1, "Sam step icons")
    _fill(r.sam_extra_workers, A["sam_extra_workers"], N_WTYPES, 1, "worker types")
    _fill(r.sam_buy_option, A["sam_buy_option"], MAX_BUY, 1, "buy options")
    _fill(r.seat_fees_to_bank, A["seat_fees_to_bank"], MAX_PLAYERS, 1, "seats")
    _fill(r.seat_all_objectives, A["seat_all_objectives"], MAX_PLAYERS, 1, "seats")
    skip = A["seat_skip_score"]
    for i in range(r.players):
        for j in range(N_SCORES):
            r.seat_skip_score[i][j] = int(skip[i][j])
    r.sam_worker_bag, r.sam_bag_workers = S["sam_worker_bag"], S["sam_bag_workers"]
    if not 0 <= r.sam_worker_bag < N_BAGS:
        raise ValueError("engine limit: Sam's worker bag is not one of the 3 bags")
    r.sam_discs, r.sam_side, r.sam_first_city = S["sam_discs"], S["sam_side"], S["sam_first_city"]
    r.sam_reveal_per_cowboy, r.sam_breeds = S["sam_reveal_per_cowboy"], S["sam_breeds"]
    r.sam_route, r.sam_hire_top_left = S["sam_route"], S["sam_hire_top_left"]
    r.sam_cattle_dollars_first = S["sam_cattle_dollars_first"]
    r.sam_end_phase_lower_only = S["sam_end_phase_lower_only"]
    r.sam_most_buildings_counts_sam = S["sam_most_buildings_counts_sam"]
    r.foresight_slide, r.obj_display_slide = S["foresight_slide"], S["obj_display_slide"]
    return 0
