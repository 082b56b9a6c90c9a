# cython: embedsignature=True
"""The Great Western Trail (2nd edition) rules engine.

A `GameState` holds one game as flat C data. Decisions are atomic integer actions: the pending
decision is the top frame of a decision stack; `legal_actions()` lists its actions (sorted ints),
`apply_action(a)` applies one and advances to the next real decision. A decision with a single
legal action is applied automatically (it is not a choice), so every decision a policy sees is one.

Action ids are global (see structs.pxd: A_NODE + node, A_CARD + card, A_HIRE + space, ...), and
`action_to_string` names them in the game's own words.
"""

from libc.string cimport memcpy, memset, memcmp

from gwt_sim.engine.rng cimport (
    STREAM_BAGS, STREAM_MARKET, STREAM_OBJECTIVES, STREAM_PLAYER_DECK, STREAM_SETUP, Xoshiro256,
    rng_below, rng_next, rng_seed, rng_seed_stream, rng_shuffle_i8,
)
from gwt_sim.engine.structs cimport *
from gwt_sim.engine.typedefs cimport i8, i16, i32, u64

include "_helpers.pxi"
include "_verbs.pxi"
include "_scoring.pxi"
include "_frames.pxi"
include "_load.pxi"

FRAME_NAMES = (
    "game", "turn", "first-turn discard", "first-turn placement", "before phase A", "phase A",
    "phase B", "action", "discard", "hire", "buy cattle", "buy second card", "build", "engine",
    "station upgrade", "disc", "station master", "delivery", "objective card", "auxiliary action",
    "bounty", "hazard", "herder move", "draw count", "discard drawn", "remove cards", "adjacent building",
    "adjacent actions", "extraordinary delivery", "delivery city", "station behind engine", "either/or",
    "Kansas City", "foresight", "income", "Simmental upgrades", "exchange token", "phase C",
)
SCORE_CATEGORIES = ("money", "buildings", "cities", "stations", "hazards", "cattle", "objectives",
                    "station_masters", "workers", "step_disc", "job_market_token")


class EngineError(RuntimeError):
    """The engine reached a state it cannot continue from (a bug, never a rules outcome)."""


class IllegalActionError(ValueError):
    """An action that is not among the legal actions of the pending decision."""


# ----------------------------------------------------------------------------- advancing

cdef void sort_actions(i16* a, int n) noexcept nogil:
    cdef int i, j
    cdef i16 v
    for i in range(1, n):
        v = a[i]
        j = i - 1
        while j >= 0 and a[j] > v:
            a[j + 1] = a[j]
            j -= 1
        a[j + 1] = v

cdef int advance(Game* g, const Rules* r, i16* out, Trace* tr=NULL) noexcept nogil:
    """Run control frames and forced decisions until a real decision (>= 2 legal actions) or the
    end of the game. Returns the number of legal actions written to out (0 when terminal)."""
    cdef Frame* f
    cdef int n
    cdef long guard = 0
    while not g.terminal:
        guard += 1
        if guard > 2000000 or g.sp <= 0:
            g.terminal = 2
            break
        f = top(g)
        if not RESUME[f.kind](g, r, f):
            continue
        n = LEGAL[f.kind](g, r, f, out)
        if n == 0:
            pop(g)
        elif n == 1:
            if tr != NULL and tr.n < 128:
                tr.kind[tr.n] = f.kind
                tr.player[tr.n] = g.current
                tr.action[tr.n] = out[0]
                tr.turn[tr.n] = g.turn_number
                tr.n += 1
            APPLY[f.kind](g, r, f, out[0])
        else:
            sort_actions(out, n)
            return n
    return 0

# ----------------------------------------------------------------------------- setup

cdef void setup_game(Game* g, const Rules* r, u64 seed, sides, layout, masters) except *:
    cdef Xoshiro256 setup_rng
    cdef int i, j, t, node, pl, attempts, n
    cdef i8 starting[MAX_OBJ]
    memset(g, 0, sizeof(Game))
    g.n_players = r.players
    rng_seed_stream(&setup_rng, seed, STREAM_SETUP)
    rng_seed_stream(&g.rng_market, seed, STREAM_MARKET)
    rng_seed_stream(&g.rng_objectives, seed, STREAM_OBJECTIVES)
    rng_seed_stream(&g.rng_bags, seed, STREAM_BAGS)
    for pl in range(MAX_PLAYERS):
        rng_seed_stream(&g.rng_deck[pl], seed, STREAM_PLAYER_DECK + pl)
    for i in range(MAX_NODES):
        g.node_building[i] = -1
        g.node_owner[i] = -1
        g.node_tile[i] = -1
    for i in range(r.n_numbers):
        g.sides[i] = sides[i]
    for i in range(r.n_neutral):
        g.layout[i] = layout[i]
        g.node_building[r.neutral_space[i]] = layout[i]
    for i in range(SM_SPACES):
        g.sm_station[i] = masters[i] if i < len(masters) else -1
        g.sm_drawn[i] = g.sm_station[i]
    for i in range(MAX_JOB_ROWS):
        for j in range(MAX_JOB_COLS):
            g.job[i][j] = -1
    for i in range(N_BAGS):
        g.bag_n[i] = r.bag_size[i]
        memcpy(g.bag[i], r.bag_tiles[i], r.bag_size[i])
    # 7 tiles from bag 1 onto the hazard and outlaw sections (a tile without space goes back)
    n = 0
    attempts = 0
    while n < r.setup_bag1_tiles and g.bag_n[0] > 0 and attempts < 10000:
        attempts += 1
        t = bag_draw(g, 0)
        node = free_tile_space(g, r, t)
        if node < 0:
            g.bag[0][g.bag_n[0]] = t
            g.bag_n[0] += 1
            continue
        g.node_tile[node] = t
        n += 1
    # job market: workers from bag 2, row 1 then row 2 up to the token
    for i in range(r.initial_workers):
        t = bag_draw(g, 1)
        if t < 0 or r.tile_kind[t] != TILE_WORKER:
            raise ValueError("bag 2 must hold only workers for the job market setup")
        job_market_add(g, r, r.tile_sub[t], 1)
    if g.token_row != r.job_token_start_row:
        raise ValueError("the initial workers do not end next to the job-market token")
    for i in range(N_BAGS):
        for j in range(r.foresight_rows):
            g.foresight[i][j] = bag_draw(g, r.foresight_bag[i])
    # cattle market
    g.market_deck_n = r.market_deck_n
    memcpy(g.market_deck, r.market_deck, r.market_deck_n)
    rng_shuffle_i8(&g.rng_market, g.market_deck, g.market_deck_n)
    refill_market(g, r)
    for i in range(MAX_BREEDS):
        g.supply[i] = r.supply_count[i]
    # objective cards: one random starting card each; the rest of the deck shuffled, 4 on display
    n = 0
    for i in range(r.n_obj):
        if r.obj_starting[i]:
            for j in range(r.obj_count[i]):
                starting[n] = i
                n += 1
    rng_shuffle_i8(&setup_rng, starting, n)
    for i in range(r.n_obj):
        if not r.obj_starting[i]:
            for j in range(r.obj_count[i]):
                g.obj_stack[g.obj_stack_n] = i
                g.obj_stack_n += 1
    rng_shuffle_i8(&g.rng_objectives, g.obj_stack, g.obj_stack_n)
    for i in range(4):
        g.obj_display[i] = -1
    for i in range(r.objective_display):
        refill_display(g, i)
    # players
    for pl in range(g.n_players):
        p = &g.p[pl]
        p.money = r.start_money[pl]
        p.herder = -1
        p.cert = r.cert_start
        p.tokens = r.start_tokens
        for i in range(N_DISC):
            p.discs[i] = r.disc_count[i]
        for i in range(N_WTYPES):
            p.workers[i] = 1
        for i in range(MAX_NUMBERS):
            p.tile_node[i] = -1
        for i in range(r.start_objectives):
            if pl * r.start_objectives + i < n:
                p.objectives[starting[pl * r.start_objectives + i]] += 1
        p.draw_n = r.start_deck_n
        memcpy(p.draw, r.start_deck, r.start_deck_n)
        rng_shuffle_i8(&g.rng_deck[pl], p.draw, p.draw_n)
        for i in range(r.start_cards[pl]):
            draw_card(g, r, pl)
    g.sp = 0
    push(g, F_GAME)

# ----------------------------------------------------------------------------- invariants

cdef list check_invariants(Game* g, const Rules* r, int start_money_total):
    """Conservation and limit checks (debug mode). Returns a list of violations."""
    bad = []
    cdef int pl, i, c, n, total
    cdef Player* p
    cattle = [0] * r.n_card_types
    objs = [0] * r.n_obj
    tiles = [0] * r.n_tile_types
    money = 0
    for pl in range(g.n_players):
        p = &g.p[pl]
        money += p.money
        if p.money < 0:
            bad.append(f"player {pl} has negative money {p.money}")
        n = 0
        for c in range(r.n_card_types + r.n_obj):
            if p.hand[c] < 0:
                bad.append(f"player {pl} holds {p.hand[c]} of card {c}")
            n += p.hand[c]
        if n != p.hand_n:
            bad.append(f"player {pl} hand count {p.hand_n} != {n}")
        for i in range(p.draw_n):
            c = p.draw[i]
            if c < r.n_card_types: cattle[c] += 1
            else: objs[c - r.n_card_types] += 1
        for i in range(p.discard_n):
            c = p.discard[i]
            if c < r.n_card_types: cattle[c] += 1
            else: objs[c - r.n_card_types] += 1
        for c in range(r.n_card_types):
            cattle[c] += p.hand[c] + p.removed[c]
        for c in range(r.n_obj):
            objs[c] += p.hand[r.n_card_types + c] + p.objectives[c] + p.removed[r.n_card_types + c]
        total = 0
        for i in range(N_DISC):
            if not 0 <= p.discs[i] <= r.disc_count[i]:
                bad.append(f"player {pl} disc group {i} holds {p.discs[i]}")
            total += p.discs[i]
        for i in range(r.n_cities):
            total += p.city_discs[i]
        for i in range(r.n_stations):
            total += p.station_disc[i]
            if p.station_disc[i] and not p.station_done[i]:
                bad.append(f"player {pl} has a disc on station {i + 1} it never upgraded")
        if total != sum(r.disc_count[i] for i in range(N_DISC)):
            bad.append(f"player {pl} discs not conserved: {total}")
        for i in range(N_WTYPES):
            if not 1 <= p.workers[i] <= r.worker_spaces:
                bad.append(f"player {pl} worker row {i} holds {p.workers[i]}")
            tiles[i] += p.workers[i] - 1
        tiles[0] += 0
        for i in range(r.n_tile_types):
            tiles[i] += p.hazards[i]
        if p.cert > cert_limit(r, p) or p.cert < 0:
            bad.append(f"player {pl} certificate marker {p.cert} beyond limit {cert_limit(r, p)}")
        if p.engine != 0 and g.rail_occ[p.engine] != pl + 1:
            bad.append(f"player {pl} engine position {p.engine} not marked occupied")
        if p.herder >= r.n_nodes:
            bad.append(f"player {pl} herder on unknown node {p.herder}")
        if p.hand_n > hand_limit(r, p) + 8:
            bad.append(f"player {pl} holds {p.hand_n} cards")
    # outlaws held, by colour
    outlaws_held = [0, 0]
    for pl in range(g.n_players):
        outlaws_held[0] += g.p[pl].outlaws[0]
        outlaws_held[1] += g.p[pl].outlaws[1]
        tiles[0] += 0
    sm_workers = sum(g.p[pl].sm_taken for pl in range(g.n_players))
    for c in range(r.n_card_types):
        cattle[c] += g.market[c]
    for i in range(g.market_deck_n):
        cattle[g.market_deck[i]] += 1
    for i in range(r.n_breeds):
        if r.supply_type[i] >= 0:
            cattle[r.supply_type[i]] += g.supply[i]
    expected_cattle = [0] * r.n_card_types
    for i in range(r.start_deck_n):
        expected_cattle[r.start_deck[i]] += g.n_players
    for i in range(r.market_deck_n):
        expected_cattle[r.market_deck[i]] += 1
    for i in range(r.n_breeds):
        if r.supply_type[i] >= 0:
            expected_cattle[r.supply_type[i]] += r.supply_count[i]
    if cattle != expected_cattle:
        bad.append(f"cattle cards not conserved: {cattle} != {expected_cattle}")
    for i in range(4):
        if g.obj_display[i] >= 0:
            objs[g.obj_display[i]] += 1
    for i in range(g.obj_stack_n):
        objs[g.obj_stack[i]] += 1
    expected_objs = [0 if r.obj_starting[o] else r.obj_count[o] for o in range(r.n_obj)]
    n_start = sum(r.obj_count[o] for o in range(r.n_obj) if r.obj_starting[o])
    dealt = min(n_start, g.n_players * r.start_objectives)
    got_start = sum(objs[o] for o in range(r.n_obj) if r.obj_starting[o])
    if got_start != dealt or [objs[o] for o in range(r.n_obj) if not r.obj_starting[o]] != \
            [expected_objs[o] for o in range(r.n_obj) if not r.obj_starting[o]]:
        bad.append(f"objective cards not conserved: {objs}")
    # tiles: bags, foresight, job market, board, players, station masters, out of the game
    counted = [0] * r.n_tile_types
    for i in range(N_BAGS):
        for j in range(g.bag_n[i]):
            counted[g.bag[i][j]] += 1
        for j in range(r.foresight_rows):
            if g.foresight[i][j] >= 0:
                counted[g.foresight[i][j]] += 1
    workers_in_market = [0, 0, 0]
    for i in range(r.job_rows):
        for j in range(r.job_columns):
            if g.job[i][j] >= 0:
                workers_in_market[g.job[i][j]] += 1
    on_board = [0] * r.n_tile_types
    for i in range(r.n_nodes):
        if g.node_tile[i] >= 0:
            on_board[g.node_tile[i]] += 1
    total_tiles = sum(counted) + sum(workers_in_market) + sum(on_board) + sum(tiles) + sm_workers \
        + sum(outlaws_held) + g.tiles_gone
    expected_tiles = sum(r.bag_size[i] for i in range(N_BAGS))
    if total_tiles != expected_tiles:
        bad.append(f"tiles not conserved: {total_tiles} != {expected_tiles}")
    if money != start_money_total + g.bank_net:
        bad.append(f"money not conserved: players hold {money}, expected {start_money_total + g.bank_net}")
    occupied = [i for i in range(1, r.n_rail) if g.rail_occ[i]]
    engines = [g.p[pl].engine for pl in range(g.n_players) if g.p[pl].engine != 0]
    if sorted(occupied) != sorted(engines):
        bad.append(f"railroad occupancy {occupied} != engines {engines}")
    if len(set(engines)) != len(engines):
        bad.append("two engines share a space")
    for i in range(SM_SPACES):
        if g.sm_station[i] >= 0 and any(g.p[pl].sm_held[g.sm_station[i]] for pl in range(g.n_players)):
            bad.append("a station master is both on its station and held")
    return bad

# ----------------------------------------------------------------------------- Python API

cdef class RulesHandle:
    """Compiled tables loaded into the engine's Rules struct (one per content + variant)."""

    def __init__(self, tables):
        load_rules(&self.rules, tables)
        self.tables = tables
        self.names = tables.names

    @property
    def players(self) -> int:
        return self.rules.players


cdef class GameState:
    """One game of Great Western Trail. Create with `GameState(tables_or_handle, seed)`."""

    def __init__(self, tables, seed, debug=False, tracing=False):
        from gwt_sim.tables import draw_game_variant

        if isinstance(tables, RulesHandle):
            self.handle = tables
        else:
            self.handle = RulesHandle(tables)
        if not isinstance(seed, int) or not 0 <= seed < 2 ** 64:
            raise ValueError(f"seed must be an integer in [0, 2**64), got {seed!r}")
        self.r = &self.handle.rules
        self.seed = seed
        self.debug = debug
        self.tracing = tracing
        drawn = draw_game_variant(self.handle.tables, seed)
        self.variant_drawn = drawn
        setup_game(&self.g, self.r, seed, drawn.sides, drawn.layout, drawn.station_masters)
        self.c_refresh()
        if self.g.terminal == 2:
            raise EngineError("the engine stopped during setup")
        if debug:
            self._check()

    cdef void c_refresh(self) noexcept nogil:
        self.trace_buf.n = 0
        self.n_legal = advance(&self.g, self.r, self.legal_buf, &self.trace_buf if self.tracing else NULL)

    cdef int c_apply(self, int action) except -1:
        cdef int lo = 0, hi = self.n_legal - 1, mid
        cdef Frame* f
        if self.g.terminal:
            raise IllegalActionError("the game is over")
        while lo <= hi:
            mid = (lo + hi) // 2
            if self.legal_buf[mid] == action:
                break
            if self.legal_buf[mid] < action:
                lo = mid + 1
            else:
                hi = mid - 1
        else:
            raise IllegalActionError(f"action {action} ({self.action_to_string(action)}) is not legal "
                                     f"in '{self.decision_name()}'")
        f = top(&self.g)
        APPLY[f.kind](&self.g, self.r, f, action)
        self.g.decisions += 1
        self.trace_buf.n = 0
        self.n_legal = advance(&self.g, self.r, self.legal_buf, &self.trace_buf if self.tracing else NULL)
        if self.g.terminal == 2:
            raise EngineError(f"engine fault after action {action} (turn {self.g.turn_number})")
        if self.debug:
            self._check()
        return 0

    cdef GameState c_clone(self):
        cdef GameState s = GameState.__new__(GameState)
        s.handle = self.handle
        s.r = self.r
        memcpy(&s.g, &self.g, sizeof(Game))
        memcpy(s.legal_buf, self.legal_buf, sizeof(i16) * self.n_legal)
        s.n_legal = self.n_legal
        s.debug = self.debug
        s.tracing = self.tracing
        s.seed = self.seed
        s.variant_drawn = self.variant_drawn
        return s

    def _check(self):
        cdef int pl, total = 0
        for pl in range(self.g.n_players):
            total += self.r.start_money[pl]
        bad = check_invariants(&self.g, self.r, total)
        if bad:
            raise AssertionError("invariant violated: " + "; ".join(bad))

    # --- OpenSpiel-style API ---------------------------------------------------------------

    def legal_actions(self) -> list:
        return [self.legal_buf[i] for i in range(self.n_legal)]

    def apply_action(self, int action) -> None:
        self.c_apply(action)

    def current_player(self) -> int:
        """Seat whose decision is pending, or -4 when the game is over (OpenSpiel's terminal id)."""
        return -4 if self.g.terminal else self.g.current

    def is_terminal(self) -> bool:
        return self.g.terminal != 0

    def clone(self) -> GameState:
        return self.c_clone()

    def returns(self) -> list:
        """Final VP per seat (zeros until the game is over)."""
        return [self.g.total[p] for p in range(self.g.n_players)]

    def scores(self) -> list:
        """Per seat, a dict of the 11 scoring categories and the total (after the game ends)."""
        out = []
        for p in range(self.g.n_players):
            d = {SCORE_CATEGORIES[i]: self.g.score[p][i] for i in range(N_SCORES)}
            d["total"] = self.g.total[p]
            out.append(d)
        return out

    def winners(self) -> list:
        best = max(self.returns())
        return [p for p, v in enumerate(self.returns()) if v == best]

    def to_bytes(self) -> bytes:
        return (<char*>&self.g)[:sizeof(Game)]

    def __eq__(self, other):
        if not isinstance(other, GameState):
            return NotImplemented
        return memcmp(&self.g, &(<GameState>other).g, sizeof(Game)) == 0

    def __hash__(self):
        return hash(self.to_bytes())

    @property
    def num_players(self) -> int:
        return self.g.n_players

    @property
    def turn_number(self) -> int:
        return self.g.turn_number

    @property
    def decisions(self) -> int:
        return self.g.decisions

    def decision_kind(self) -> int:
        return top(&self.g).kind if not self.g.terminal and self.g.sp > 0 else -1

    def decision_name(self) -> str:
        k = self.decision_kind()
        return FRAME_NAMES[k] if k >= 0 else "game over"

    def action_to_string(self, int action, decision=None) -> str:
        """Name an action of the pending decision (or of the decision named by `decision`)."""
        from gwt_sim.engine.describe_action import action_name
        return action_name(self, action, decision)

    def forced_actions(self) -> list:
        """Decisions with a single legal action that the last step applied automatically, as
        (turn, seat, decision name, action) — recorded only when `tracing` is on."""
        return [(self.trace_buf.turn[i], self.trace_buf.player[i], FRAME_NAMES[self.trace_buf.kind[i]],
                 self.trace_buf.action[i]) for i in range(self.trace_buf.n)]

    def __repr__(self):
        return f"<GameState seed={self.seed} turn={self.g.turn_number} decision={self.decision_name()!r}>"

    # --- read access for logs, policies and tests (public information plus the own hand) ---

    def player(self, int seat) -> dict:
        cdef Player* p = &self.g.p[seat]
        r = self.r
        return {
            "money": p.money, "herder": p.herder, "engine": p.engine,
            "certificates": r.cert_positions[p.cert], "permanent_certificates": p.perm_certs,
            "exchange_tokens": p.tokens, "job_token": p.job_token,
            "discs": [p.discs[i] for i in range(N_DISC)],
            "workers": [p.workers[i] for i in range(N_WTYPES)],
            "tiles": [p.tiles[i] for i in range(r.n_numbers)],
            "stations": [p.station_disc[i] for i in range(r.n_stations)],
            "cities": [p.city_discs[i] for i in range(r.n_cities)],
            "station_masters": [i for i in range(r.n_sm) if p.sm_held[i]],
            "station_master_points": [self.g.sm_points[seat][i] for i in range(r.n_sm)],
            "hazards": [p.hazards[i] for i in range(r.n_tile_types)],
            "outlaws": [p.outlaws[0], p.outlaws[1]],
            "objectives": [p.objectives[i] for i in range(r.n_obj)],
            "hand_size": p.hand_n, "draw_size": p.draw_n,
            "discard": [p.discard[i] for i in range(p.discard_n)],
            "step_limit": step_limit(r, p), "hand_limit": hand_limit(r, p),
            "certificate_limit": r.cert_positions[cert_limit(r, p)],
            "stats": {
                "turns": p.turns, "kc_visits": p.kc_visits, "deliveries": p.deliveries,
                "delivery_value": p.delivery_value, "workers_hired": p.workers_hired,
                "buildings_built": p.buildings_built, "buildings_replaced": p.buildings_replaced,
                "station_masters_taken": p.sm_taken, "hazards_removed": p.hazards_removed,
                "bounties": p.bounties, "cards_bought": p.cards_bought, "fees_paid": p.fees_paid,
                "fees_received": p.fees_received, "objectives_gained": p.objectives_gained,
                "stations_upgraded": p.stations_upgraded, "income_total": p.income_total,
            },
        }

    def hand(self, int seat) -> list:
        """Card ids in a seat's hand (private to that seat), one entry per card."""
        cdef Player* p = &self.g.p[seat]
        out = []
        for c in range(self.r.n_card_types + self.r.n_obj):
            out.extend([c] * p.hand[c])
        return out

    def observation(self, int seat) -> dict:
        """What `seat` may know: the public board and players (hand sizes, draw-pile sizes, discard
        piles, ...), its own hand, and bag / deck / stack contents only as counts."""
        return {"seat": seat, "current_player": self.current_player(), "decision": self.decision_name(),
                "turn": self.g.turn_number, "board": self.board(),
                "players": [self.player(i) for i in range(self.g.n_players)], "hand": self.hand(seat)}

    def _resample_hidden(self, int seat, u64 seed):
        """Redraw everything `seat` cannot know (see resample_hidden); for tests of policies."""
        cdef Xoshiro256 rng
        rng_seed(&rng, seed)
        resample_hidden(&self.g, self.r, seat, &rng)

    def board(self) -> dict:
        g = &self.g
        r = self.r
        return {
            "buildings": {i: (g.node_building[i], g.node_owner[i]) for i in range(r.n_nodes) if g.node_building[i] >= 0},
            "tiles": {i: g.node_tile[i] for i in range(r.n_nodes) if g.node_tile[i] >= 0},
            "job_market": [[g.job[i][j] for j in range(r.job_columns)] for i in range(r.job_rows)],
            "job_token_row": g.token_row,
            "foresight": [[g.foresight[i][j] for j in range(r.foresight_rows)] for i in range(N_BAGS)],
            "market": [g.market[i] for i in range(r.n_card_types)],
            "market_deck_size": g.market_deck_n,
            "objective_display": [g.obj_display[i] for i in range(r.objective_display)],
            "objective_stack_size": g.obj_stack_n,
            "station_masters": [g.sm_station[i] for i in range(SM_SPACES)],
            "station_masters_drawn": [g.sm_drawn[i] for i in range(SM_SPACES)],
            "sides": "".join("ab"[g.sides[i]] for i in range(r.n_numbers)),
            "layout": [g.layout[i] for i in range(r.n_neutral)],
            "bag_sizes": [g.bag_n[i] for i in range(N_BAGS)],
            "end_triggered": g.end_triggered, "end_player": g.end_player,
        }

    def frame(self) -> tuple:
        """The pending decision frame (kind, x0..x5), for logs and tests."""
        f = top(&self.g)
        return (f.kind, f.x0, f.x1, f.x2, f.x3, f.x4, f.x5)

    # --- scenario hooks: build exact positions for rule tests (not used in play) ----------

    def _refresh(self):
        """Advance to the next real decision after poking the state."""
        self.n_legal = advance(&self.g, self.r, self.legal_buf)
        if self.g.terminal == 2:
            raise EngineError("engine fault after a scenario edit")

    def _poke_player(self, int seat, **fields):
        """Set player fields: money, workers [c, b, e], cert (track index), perm_certs, tokens,
        discs [10 groups], engine (position), herder (node), city_discs, station_disc, station_done,
        sm_held, hazards (by tile type), outlaws [green, orange], objectives (by type), tiles,
        tile_node, job_token. Money edits go through the bank ledger."""
        cdef Player* p = &self.g.p[seat]
        arrays = {"workers": (N_WTYPES, 0), "discs": (N_DISC, 1), "city_discs": (MAX_CITIES, 2),
                  "station_disc": (MAX_STATIONS, 3), "station_done": (MAX_STATIONS, 4), "sm_held": (MAX_SM, 5),
                  "hazards": (MAX_TILE_TYPES, 6), "outlaws": (2, 7), "objectives": (MAX_OBJ, 8),
                  "tiles": (MAX_NUMBERS, 9), "tile_node": (MAX_NUMBERS, 10)}
        for k, v in fields.items():
            if k == "money":
                self.g.bank_net += v - p.money
                p.money = v
            elif k == "cert":
                p.cert = v
            elif k == "perm_certs":
                p.perm_certs = v
            elif k == "tokens":
                p.tokens = v
            elif k == "job_token":
                p.job_token = v
            elif k == "engine":
                move_engine_to(&self.g, seat, v)
            elif k == "herder":
                p.herder = v
            elif k == "first_turn_done":
                p.first_turn_done = v
            elif k in arrays:
                cap, which = arrays[k]
                if len(v) > cap:
                    raise ValueError(f"{k}: at most {cap} values")
                for i, x in enumerate(v):
                    if which == 0: p.workers[i] = x
                    elif which == 1: p.discs[i] = x
                    elif which == 2: p.city_discs[i] = x
                    elif which == 3: p.station_disc[i] = x
                    elif which == 4: p.station_done[i] = x
                    elif which == 5: p.sm_held[i] = x
                    elif which == 6: p.hazards[i] = x
                    elif which == 7: p.outlaws[i] = x
                    elif which == 8: p.objectives[i] = x
                    elif which == 9: p.tiles[i] = x
                    else: p.tile_node[i] = x
            else:
                raise KeyError(k)

    def _set_cards(self, int seat, hand=None, draw=None, discard=None):
        """Replace a seat's hand / draw pile (last = top) / discard pile by lists of card ids."""
        cdef Player* p = &self.g.p[seat]
        cdef int c
        if hand is not None:
            for c in range(MAX_CARD_IDS):
                p.hand[c] = 0
            p.hand_n = 0
            for c in hand:
                p.hand[c] += 1
                p.hand_n += 1
        if draw is not None:
            p.draw_n = len(draw)
            for i, c in enumerate(draw):
                p.draw[i] = c
        if discard is not None:
            p.discard_n = len(discard)
            for i, c in enumerate(discard):
                p.discard[i] = c

    def _set_node(self, int node, building=None, owner=None, tile=None):
        """Put a building (id, owner; -1 to clear) or a hazard/outlaw tile (type; -1 to clear) on a node."""
        if building is not None:
            self.g.node_building[node] = building
            self.g.node_owner[node] = -1 if owner is None else owner
        if tile is not None:
            self.g.node_tile[node] = tile

    def _set_job(self, int row, int col, int worker):
        self.g.job[row][col] = worker

    def _set_job_token(self, int row, int fill):
        self.g.token_row = row
        self.g.token_fill = fill

    def _set_market(self, counts, deck=None):
        cdef int i
        self.g.market_n = 0
        for i in range(self.r.n_card_types):
            self.g.market[i] = counts[i] if i < len(counts) else 0
            self.g.market_n += self.g.market[i]
        if deck is not None:
            self.g.market_deck_n = len(deck)
            for i, c in enumerate(deck):
                self.g.market_deck[i] = c

    def _set_foresight(self, int col, int row, int tile):
        self.g.foresight[col][row] = tile

    def _set_objectives(self, display=None, stack=None):
        if display is not None:
            for i in range(4):
                self.g.obj_display[i] = display[i] if i < len(display) else -1
        if stack is not None:
            self.g.obj_stack_n = len(stack)
            for i, o in enumerate(stack):
                self.g.obj_stack[i] = o

    def _set_station_master(self, int station, int master):
        self.g.sm_station[station] = master

    def _set_current(self, int seat):
        self.g.current = seat

    def _set_end(self, int triggered, int end_player=0, int last_turns_left=0):
        self.g.end_triggered = triggered
        self.g.no_worker_picks = triggered
        self.g.end_player = end_player
        self.g.last_turns_left = last_turns_left

    def _push(self, int kind, int x0=0, int x1=0, int x2=0, int x3=0, int x4=0, int x5=0):
        """Push a frame for the current player (e.g. F_ACTION with x0 = action index), then advance."""
        cdef Frame* f = push(&self.g, kind)
        f.x0, f.x1, f.x2, f.x3, f.x4, f.x5 = x0, x1, x2, x3, x4, x5
        self._refresh()

    def _visit(self, int node):
        """Put the current player's herder on `node` and push its visit (phase B or Kansas City)."""
        cdef Frame* f
        self.g.p[self.g.current].herder = node
        f = push(&self.g, F_PHASE_B)
        start_location(&self.g, self.r, f)
        self._refresh()

    def _finish_scoring(self):
        """Score the game as it stands (for scoring tests)."""
        final_scoring(&self.g, self.r)
        self.g.terminal = 1
        self.n_legal = 0

    def _objective_search(self, int seat):
        """(category-7 score, cards in the area) of the best objective plan for a seat."""
        cdef int area = 0
        v = score_objectives(&self.g, self.r, seat, &area)
        return v, area

    def _transport_cost(self, int engine_pos, int city_value):
        return transport_cost(self.r, engine_pos, city_value)

    def _breeding_value(self, int seat):
        return breeding_value(&self.g, self.r, seat)

    def _invariants(self):
        """Violations of the conservation invariants (empty list when all hold)."""
        cdef int pl, total = 0
        for pl in range(self.g.n_players):
            total += self.r.start_money[pl]
        return check_invariants(&self.g, self.r, total)


# frame kinds and action bases, for Python code and tests
FRAME_KINDS = {name: i for i, name in enumerate(FRAME_NAMES)}
F = dict(GAME=F_GAME, TURN=F_TURN, FIRST_DISCARD=F_FIRST_DISCARD, FIRST_PLACE=F_FIRST_PLACE,
         BEFORE_MOVE=F_BEFORE_MOVE, MOVE=F_MOVE, PHASE_B=F_PHASE_B, ACTION=F_ACTION, DISCARD=F_DISCARD,
         HIRE=F_HIRE, BUY=F_BUY, BUILD=F_BUILD, ENGINE=F_ENGINE, UPGRADE=F_UPGRADE, DISC=F_DISC, SM=F_SM,
         DELIVER=F_DELIVER, OBJ_TAKE=F_OBJ_TAKE, AUX_CHOOSE=F_AUX_CHOOSE, BOUNTY=F_BOUNTY, HAZARD=F_HAZARD,
         HERDER=F_HERDER, DRAW_COUNT=F_DRAW_COUNT, DISCARD_N=F_DISCARD_N, REMOVE_CARDS=F_REMOVE_CARDS,
         ADJACENT=F_ADJACENT, ADJ_ACTIONS=F_ADJ_ACTIONS, EXTRA_DELIVERY=F_EXTRA_DELIVERY, CITY=F_CITY,
         STATION_BEHIND=F_STATION_BEHIND, OPTION=F_OPTION, KC=F_KC, FORESIGHT=F_FORESIGHT, INCOME=F_INCOME,
         SIMMENTAL=F_SIMMENTAL, EXCHANGE=F_EXCHANGE, PHASE_C=F_PHASE_C)
A = dict(STOP=A_STOP, NODE=A_NODE, LOCAL=A_LOCAL, AUX=A_AUX, CARD=A_CARD, COUNT=A_COUNT, OPTION=A_OPTION,
         HIRE=A_HIRE, BUY=A_BUY, REVEAL=A_REVEAL, BUILD=A_BUILD, RAIL=A_RAIL, UPGRADE=A_UPGRADE,
         STATION=A_STATION, DISC=A_DISC, SM_WORKER=A_SM_WORKER, CITY=A_CITY, FORESIGHT=A_FORESIGHT,
         OBJ_TAKE=A_OBJ_TAKE, OBJ_PLAY=A_OBJ_PLAY, EXCHANGE=A_EXCHANGE, NUM_ACTIONS=NUM_ACTIONS)
LIMITS = dict(MAX_CARD_TYPES=MAX_CARD_TYPES, MAX_PRIVATE_SPACES=MAX_PRIVATE_SPACES, MAX_JOB_COLS=MAX_JOB_COLS)
