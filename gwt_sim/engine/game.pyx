# cython: embedsignature=True
"""The Great Western Trail rules engine (both editions, as their content says): the Python API of one game.

A `GameState` holds one game as flat C data. Decisions are atomic integer actions: the pending
decision is the top frame of a decision stack; `legal_actions()` lists its actions (sorted ints),
`apply_action(a)` applies one and advances to the next real decision. A decision with a single
legal action is applied automatically (it is not a choice), so every decision a policy sees is one.

Action ids are global (see state.pxd: A_NODE + node, A_CARD + card, A_HIRE + space, ...), and
`action_to_string` names them in the game's own words. The rules live in the cimported modules
(turn, verbs, railroad, kansas_city, scoring; flow.pyx runs them); this module only wraps them.
"""

from collections import namedtuple

from libc.string cimport memcmp, memcpy

from gwt_sim.engine.flow cimport advance, apply_decision
from gwt_sim.engine.frames cimport *
from gwt_sim.engine.load cimport load_rules
from gwt_sim.engine.queries cimport cert_limit, hand_limit, step_limit
from gwt_sim.engine.queries cimport transport_cost as c_transport_cost
from gwt_sim.engine.rng cimport Xoshiro256, rng_seed
from gwt_sim.engine.scoring cimport game_record_width, player_record_width, score_player
from gwt_sim.engine.state cimport *
from gwt_sim.engine.typedefs cimport i8, i16, i32, u64

from gwt_sim.schema import SCORE_CATEGORIES, record_columns
from gwt_sim.errors import UserError

FRAME_NAMES = (
    "game", "turn", "first-turn discard", "first-turn placement", "before phase A", "phase A",
    "phase B", "action", "discard", "hire", "buy cattle", "buy second card", "build", "engine",
    "station upgrade", "disc", "station master", "delivery", "objective card", "auxiliary action",
    "bounty", "hazard", "herder move", "draw count", "discard drawn", "remove cards", "adjacent building",
    "adjacent actions", "extraordinary delivery", "delivery city", "station behind engine", "either/or",
    "Kansas City", "foresight", "income", "Simmental upgrades", "exchange token", "phase C", "Sam's turn",
)
# The decision of taking a tile of the trail's tile section, in the content's words.
SECTION_DECISION = {"outlaw": "bounty", "teepee": "trade with Indians"}
SETUP_ERRORS = {
    SETUP_BAG2_NOT_WORKERS: "bag 2 must hold only workers for the job market setup",
    SETUP_TOKEN_MISPLACED: "the initial workers do not end next to the job-market token",
}


class GameSetupError(UserError, ValueError):
    """The content cannot set up a game (it validated, but its setup does not fit the rules of setup)."""


class EngineError(RuntimeError):
    """The engine reached a state it cannot continue from (a bug, never a rules outcome)."""


class IllegalActionError(ValueError):
    """An action that is not among the legal actions of the pending decision."""


cdef object frame_args(Frame* f):
    """A frame's named arguments (the struct of its kind) as a dict."""
    cdef int k = f.kind
    if k == F_GAME:
        return f.args.root
    if k == F_TURN:
        return f.args.turn
    if k == F_MOVE or k == F_HERDER:
        return f.args.move
    if k == F_PHASE_B or k == F_ADJ_ACTIONS:
        return f.args.visit
    if k == F_ACTION:
        return f.args.action
    if k == F_DISCARD:
        return f.args.discard
    if k == F_HIRE:
        return f.args.hire
    if k == F_BUY:
        return f.args.buy
    if k == F_BUY_SECOND:
        return f.args.buy_second
    if k == F_BUILD:
        return f.args.build
    if k == F_ENGINE:
        return f.args.engine
    if k == F_UPGRADE or k == F_SM:
        return f.args.station
    if k == F_DISC:
        return f.args.disc
    if k == F_DELIVER:
        return f.args.deliver
    if k == F_OBJ_TAKE:
        return f.args.obj_take
    if k == F_AUX_CHOOSE:
        return f.args.aux
    if k == F_HAZARD:
        return f.args.hazard
    if k == F_DRAW_COUNT:
        return f.args.draw_count
    if k == F_DISCARD_N:
        return f.args.cards
    if k == F_REMOVE_CARDS:
        return f.args.remove
    if k == F_CITY:
        return f.args.city
    if k == F_OPTION:
        return f.args.option
    if k == F_KC:
        return f.args.kc
    if k == F_FORESIGHT:
        return f.args.foresight
    if k == F_SIMMENTAL:
        return f.args.simmental
    return {}           # kinds without arguments


class GameVariant(namedtuple("GameVariant", ("sides", "layout", "station_masters"))):
    """The variant as drawn for one game: side per building number (0 = a), neutral tiles in space
    order (with a random layout, an order of all neutral tiles: the spaces take the first ones),
    station masters on stations 1..5 (indices into the tables' name lists)."""

    __slots__ = ()

    def sides_string(self) -> str:
        return "".join("ab"[s] for s in self.sides)

    def layout_string(self, tables) -> str:
        return "".join(tables.names["building"][t] for t in self.layout)

    def station_master_ids(self, tables) -> tuple:
        return tuple(tables.names["station_master"][m] for m in self.station_masters)


def draw_game_variant(tables, seed) -> GameVariant:
    """Resolve the variant's `random` knobs for one game from its seed, as the engine's setup does
    (each knob from its own stream of the game seed's variant stream: common random numbers)."""
    cdef RulesHandle h = tables if isinstance(tables, RulesHandle) else RulesHandle(tables)
    cdef i8 sides[MAX_NUMBERS]
    cdef i8 layout[MAX_BUILDINGS]
    cdef i8 masters[SM_SPACES]
    cdef u64 s = seed
    cdef int n_layout = draw_variant(&h.rules, s, sides, layout, masters)
    return GameVariant(tuple(sides[i] for i in range(h.rules.n_numbers)),
                       tuple(layout[i] for i in range(n_layout)),
                       tuple(masters[i] for i in range(h.rules.sm_used)))


cdef class RulesHandle:
    """Compiled rules (from `gwt_sim.tables.compile_tables`), shared by many game states."""

    def __init__(self, tables):
        load_rules(&self.rules, tables)
        self.tables = tables
        self.names = tables.names
        self.game_fields, self.player_fields = record_columns(tables.names, self.rules.sm_used)
        if len(self.game_fields) != game_record_width(&self.rules) or \
                len(self.player_fields) != player_record_width(&self.rules):
            raise RuntimeError("the game record and gwt_sim.schema disagree on the columns")

    @property
    def players(self) -> int:
        """Seats of the board (a solo game: 2, Sam's included)."""
        return self.rules.players

    @property
    def solo(self) -> bool:
        return bool(self.rules.solo)

    @property
    def sam_seat(self) -> int:
        """Sam's seat in the solo mode, else -1."""
        return self.rules.sam_seat if self.rules.solo else -1

    @property
    def decision_seats(self) -> tuple:
        """The seats a policy plays: every seat, except Sam's in the solo mode."""
        return tuple(s for s in range(self.rules.players) if not (self.rules.solo and s == self.rules.sam_seat))


cdef Rules NO_RULES      # zero rules: what a GameState made without __init__ (GameState.__new__) reads


cdef class GameState:
    """One game of Great Western Trail. Create with `GameState(tables_or_handle, seed)`.

    Decisions with a single legal action are applied automatically (`tracing` records them for
    `forced_actions`). With `every_decision=True` the state stops at them too (`legal_actions()` has
    one action; applying it is the caller's job), so a log can see what each one changes; the game
    played is the same, and `decisions` still counts only choices. Clones play on as usual. In the
    solo mode Sam's whole turn is such a decision of his seat ("Sam's turn"): no policy is asked it,
    but an every_decision state stops before it with `current_player()` Sam's seat."""

    def __cinit__(self):
        self.r = &NO_RULES          # never NULL: a state made by __new__ alone reads an empty game, not memory
        self.g.terminal = 1

    def __init__(self, tables, seed, debug=False, tracing=False, every_decision=False):
        cdef int err
        cdef RulesHandle handle = tables if isinstance(tables, RulesHandle) else RulesHandle(tables)
        if not isinstance(seed, int) or not 0 <= seed < 2 ** 64:
            raise ValueError(f"seed must be an integer in [0, 2**64), got {seed!r}")
        # the handle and the pointer into it change together: __init__ called again on a live state
        # must not leave `r` pointing into a handle that is then freed
        self.handle = handle
        self.r = &handle.rules
        self.seed = seed
        self.debug = debug
        self.tracing = tracing
        self.every_decision = every_decision
        err = setup_game(&self.g, self.r, self.seed)
        if err != SETUP_OK:
            raise GameSetupError(f"content: cannot set up a game: {SETUP_ERRORS[err]}")
        self.c_refresh()
        if self.g.terminal == 2:
            raise EngineError("the engine stopped during setup")
        if debug:
            self._check()

    cdef void c_refresh(self) noexcept nogil:
        self.trace_buf.n = 0
        self.n_legal = advance(&self.g, self.r, self.legal_buf, &self.trace_buf if self.tracing else NULL,
                               self.every_decision)

    cdef int c_apply(self, int action) except -1:
        if self.g.terminal:
            raise IllegalActionError("the game is over")
        if not legal_now(self, action):
            raise IllegalActionError(f"action {action} ({self.action_to_string(action)}) is not legal "
                                     f"in '{self.decision_name()}'")
        apply_decision(&self.g, self.r, action)
        if self.n_legal > 1:                # a choice (a forced decision only with every_decision)
            self.g.decisions += 1
        self.trace_buf.n = 0
        self.n_legal = advance(&self.g, self.r, self.legal_buf, &self.trace_buf if self.tracing else NULL,
                               self.every_decision)
        if self.g.terminal == 2:
            raise EngineError(f"engine fault after action {action} (turn {self.g.turn_number})")
        if self.debug:
            self._check()
        return 0

    cdef GameState c_clone(self):
        # a subclass (the scenario hooks' ScenarioState) clones into its own type
        cdef GameState s = GameState.__new__(GameState) if type(self) is GameState else type(self).__new__(type(self))
        s.c_copy_from(self)
        return s

    cdef void c_copy_from(self, GameState src) noexcept:
        """Make this state a copy of `src`, as c_clone would (look-ahead reuses its scratch states:
        a new state per try costs an allocation that zeroes the whole Game first)."""
        self.handle = src.handle
        self.r = src.r
        memcpy(&self.g, &src.g, sizeof(Game))
        memcpy(self.legal_buf, src.legal_buf, sizeof(i16) * src.n_legal)
        self.n_legal = src.n_legal
        self.debug = src.debug
        self.tracing = src.tracing          # every_decision stays off: clones (look-ahead) play on as usual
        self.every_decision = False
        self.trace_buf.n = 0
        self.seed = src.seed

    def _check(self):
        from gwt_sim.engine.debug import invariant_violations

        bad = invariant_violations(self)
        if bad:
            raise AssertionError("invariant violated: " + "; ".join(bad))

    @property
    def variant_drawn(self) -> GameVariant:
        """The variant knobs this game drew (sides, neutral layout, station masters)."""
        return draw_game_variant(self.handle, self.seed)

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

    def score_now(self, int seat) -> dict:
        """A seat's scoresheet as the game stands — final scoring applied now: the 11 categories and
        the total (seat VP included) — computed on a copy, so the game is untouched (for logs)."""
        cdef i16 sc[N_SCORES]
        cdef GameState s
        self._check_seat(seat)
        s = self.c_clone()
        total = score_player(&s.g, s.r, seat, sc) + self.r.seat_vp[seat]
        d = {SCORE_CATEGORIES[i]: sc[i] for i in range(N_SCORES)}
        d["total"] = total
        return d

    def transport_cost(self, int seat, int city) -> int:
        """Dollars a delivery to `city` costs `seat` with its engine where it stands now."""
        if not 0 <= seat < self.g.n_players or not 0 <= city < self.r.n_cities:
            raise ValueError(f"no seat {seat} or city {city} in this game")
        return c_transport_cost(self.r, self.g.p[seat].engine, self.r.city_value[city])

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
        return self._frame_name(self.decision_kind())

    def _frame_name(self, int kind) -> str:
        """A frame kind's name in this content's words."""
        if kind == F_BOUNTY:
            return SECTION_DECISION[self.handle.names["section"][0]]
        if kind < 0:
            return "game over"
        if kind >= len(FRAME_NAMES):
            raise ValueError(f"no decision kind {kind}")
        return FRAME_NAMES[kind]

    def action_to_string(self, int action, decision=None) -> str:
        """Name an action of the pending decision (or of the decision named by `decision`)."""
        from gwt_sim.engine.describe_action import action_name
        return action_name(self, action, decision)

    def forced_actions(self) -> list:
        """Decisions with a single legal action that the last step applied automatically, as
        (turn, seat, decision name, action) — recorded only when `tracing` is on."""
        return [(self.trace_buf.turn[i], self.trace_buf.player[i], self._frame_name(self.trace_buf.kind[i]),
                 self.trace_buf.action[i]) for i in range(self.trace_buf.n)]

    def __repr__(self):
        return f"<GameState seed={self.seed} turn={self.g.turn_number} decision={self.decision_name()!r}>"

    # --- read access for logs, policies and tests (public information plus the own hand) ---

    def _check_set_up(self):
        """Helpers that read the rules' tables (records, invariants, debug valuations) need a state
        made by GameState(rules, seed): one made by __new__ alone holds the empty rules."""
        if self.handle is None:
            raise ValueError("a game state made without GameState(rules, seed) holds no game")

    def _check_seat(self, int seat):
        """Seats given from Python index C arrays: one outside the game raises instead of reading
        another player's (or no player's) memory."""
        if not 0 <= seat < self.g.n_players:
            raise ValueError(f"seat must be 0..{self.g.n_players - 1}, got {seat}")

    def player(self, int seat) -> dict:
        self._check_seat(seat)
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
            "section_tiles": [p.section_tiles[i] for i in range(MAX_SECTION_COLOURS)],
            # Sam's starting objective card lies face down: only that he has it is public
            "objectives": [0 if self._face_down(seat, i) else p.objectives[i] for i in range(r.n_obj)],
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

    def _face_down(self, int seat, int o) -> bint:
        if not 0 <= o < self.r.n_obj:
            raise ValueError(f"no objective card {o}")
        return self.r.solo and seat == self.r.sam_seat and self.r.obj_starting[o]

    # --- the solo mode --------------------------------------------------------------------------

    @property
    def solo(self) -> bool:
        """A solo game: one seat is the automated opponent Sam, whose turns the engine plays."""
        return bool(self.r.solo)

    @property
    def sam_seat(self) -> int:
        """Sam's seat in a solo game (-1 in a 2-4 player game)."""
        return self.r.sam_seat if self.r.solo else -1

    def decision_seats(self) -> list:
        """The seats a policy plays (all but Sam's)."""
        return [s for s in range(self.g.n_players) if not (self.r.solo and s == self.r.sam_seat)]

    def sam(self) -> dict:
        """Sam's public state (solo mode; {} otherwise): specialisation (worker type), discs in his
        supply, whether his engine left the track, his last delivery city, his draw pile as a count,
        his face-up discard pile (card numbers, top last), cards played so far by number, dollars the
        bank paid the human for his walks, market cards he revealed, face-down objective cards."""
        cdef Sam* S = &self.g.sam
        cdef Player* p
        cdef int o, face_down = 0
        r = self.r
        if not r.solo:
            return {}
        p = &self.g.p[r.sam_seat]
        for o in range(r.n_obj):
            if r.obj_starting[o]:
                face_down += p.objectives[o]
        return {"seat": r.sam_seat, "specialisation": S.specialisation, "discs": S.discs,
                "engine_off": S.engine_off, "last_city": S.last_city, "deck_size": S.deck_n,
                "discard": [S.discard[i] for i in range(S.discard_n)],
                "played": [S.played[i] for i in range(r.sam_n_cards)],
                "fees_to_human": S.fees_to_human, "cowboy_reveals": S.cowboy_reveals,
                "face_down_objectives": face_down}

    def sam_last_turn(self) -> dict:
        """What Sam's last turn did (solo mode; {} before his first turn): turn number, card, steps
        the card allowed, the walk (trail nodes), dollars the bank paid the human, and its events as
        (kind name, a, b) — see `SAM_EVENTS`."""
        cdef SamTurn* t = &self.g.sam.last
        if not self.r.solo or t.turn == 0:
            return {}
        return {"turn": t.turn, "card": t.card, "steps": t.steps, "walk": [t.walk[i] for i in range(t.walk_n)],
                "fee_to_human": t.fee_to_human,
                "events": [(SAM_EVENTS[t.kind[i]], t.a[i], t.b[i]) for i in range(t.n_events)]}

    def hand(self, int seat) -> list:
        """Card ids in a seat's hand (private to that seat), one entry per card."""
        self._check_seat(seat)
        cdef Player* p = &self.g.p[seat]
        out = []
        for c in range(self.r.n_card_types + self.r.n_obj):
            out.extend([c] * p.hand[c])
        return out

    def observation(self, int seat) -> dict:
        """What `seat` may know: the public board and players (hand sizes, draw-pile sizes, discard
        piles, ...), its own hand, and bag / deck / stack contents only as counts."""
        self._check_seat(seat)
        obs = {"seat": seat, "current_player": self.current_player(), "decision": self.decision_name(),
               "turn": self.g.turn_number, "board": self.board(),
               "players": [self.player(i) for i in range(self.g.n_players)], "hand": self.hand(seat)}
        if self.r.solo:
            obs["sam"] = self.sam()
        return obs

    def _resample_hidden(self, int seat, u64 seed):
        """Redraw everything `seat` cannot know (see resample_hidden); for tests of policies."""
        cdef Xoshiro256 rng
        self._check_seat(seat)
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
        """The pending frame as (kind, its named arguments as a dict), for logs and tests."""
        f = top(&self.g)
        return (f.kind, frame_args(f))


# What one turn of Sam's did (SamTurn events, state.pxd SAM_EV_*), in order of their codes.
SAM_EVENTS = ("nothing", "hire", "specialisation", "buy", "reveal", "take_card", "build", "replace", "engine",
              "upgrade", "master_to_box", "track_end", "objective", "bounty", "hazard", "foresight", "delivery",
              "end_triggered")

# Sam's verb op codes and counters (state.pxd), by their vocabulary names (gwt_sim.vocabulary.SAM_VERBS,
# SAM_COUNTERS; a test checks they agree).
SAM_OPS = {"hire": SAM_OP_HIRE, "buy_cattle": SAM_OP_BUY_CATTLE, "reveal_market_cards": SAM_OP_REVEAL_MARKET_CARDS,
           "take_market_card": SAM_OP_TAKE_MARKET_CARD, "place_building": SAM_OP_PLACE_BUILDING,
           "move_engine": SAM_OP_MOVE_ENGINE, "engine_to_next_free_station": SAM_OP_ENGINE_TO_NEXT_FREE_STATION,
           "objective_card": SAM_OP_OBJECTIVE_CARD, "bounty": SAM_OP_BOUNTY, "remove_hazard": SAM_OP_REMOVE_HAZARD}
SAM_COUNTERS = {"specialisation_workers": SAM_C_SPECIALISATION_WORKERS, "cowboys": SAM_C_COWBOYS,
                "builders": SAM_C_BUILDERS, "engineers": SAM_C_ENGINEERS,
                "most_buildings_of_a_player": SAM_C_MOST_BUILDINGS}

# frame kinds and action bases, for Python code and tests
FRAME_KINDS = {name: i for i, name in enumerate(FRAME_NAMES)}
F = dict(GAME=F_GAME, TURN=F_TURN, FIRST_DISCARD=F_FIRST_DISCARD, FIRST_PLACE=F_FIRST_PLACE,
         BEFORE_MOVE=F_BEFORE_MOVE, MOVE=F_MOVE, PHASE_B=F_PHASE_B, ACTION=F_ACTION, DISCARD=F_DISCARD,
         HIRE=F_HIRE, BUY=F_BUY, BUILD=F_BUILD, ENGINE=F_ENGINE, UPGRADE=F_UPGRADE, DISC=F_DISC, SM=F_SM,
         DELIVER=F_DELIVER, OBJ_TAKE=F_OBJ_TAKE, AUX_CHOOSE=F_AUX_CHOOSE, BOUNTY=F_BOUNTY, HAZARD=F_HAZARD,
         HERDER=F_HERDER, DRAW_COUNT=F_DRAW_COUNT, DISCARD_N=F_DISCARD_N, REMOVE_CARDS=F_REMOVE_CARDS,
         ADJACENT=F_ADJACENT, ADJ_ACTIONS=F_ADJ_ACTIONS, EXTRA_DELIVERY=F_EXTRA_DELIVERY, CITY=F_CITY,
         STATION_BEHIND=F_STATION_BEHIND, OPTION=F_OPTION, KC=F_KC, FORESIGHT=F_FORESIGHT, INCOME=F_INCOME,
         SIMMENTAL=F_SIMMENTAL, EXCHANGE=F_EXCHANGE, PHASE_C=F_PHASE_C, SAM_TURN=F_SAM_TURN)
A = dict(STOP=A_STOP, NODE=A_NODE, LOCAL=A_LOCAL, AUX=A_AUX, CARD=A_CARD, COUNT=A_COUNT, OPTION=A_OPTION,
         HIRE=A_HIRE, BUY=A_BUY, REVEAL=A_REVEAL, BUILD=A_BUILD, RAIL=A_RAIL, UPGRADE=A_UPGRADE,
         STATION=A_STATION, DISC=A_DISC, SM_WORKER=A_SM_WORKER, CITY=A_CITY, FORESIGHT=A_FORESIGHT,
         OBJ_TAKE=A_OBJ_TAKE, OBJ_PLAY=A_OBJ_PLAY, EXCHANGE=A_EXCHANGE, NUM_ACTIONS=NUM_ACTIONS)
LIMITS = dict(MAX_CARD_TYPES=MAX_CARD_TYPES, MAX_PRIVATE_SPACES=MAX_PRIVATE_SPACES, MAX_JOB_COLS=MAX_JOB_COLS)
# Named turn stages, Kansas City steps and frame modes, as the engine's enums (frames.pxd).
STAGES = dict(TURN_START=TURN_START, TURN_FIRST_PLACEMENT=TURN_FIRST_PLACEMENT, TURN_PHASE_B=TURN_PHASE_B,
              TURN_PHASE_C=TURN_PHASE_C, TURN_END=TURN_END, KC_FORESIGHT=KC_FORESIGHT, KC_INCOME=KC_INCOME,
              KC_SIMMENTAL=KC_SIMMENTAL, KC_DELIVERY=KC_DELIVERY, KC_END=KC_END, MOVE_PHASE_A=MOVE_PHASE_A,
              MOVE_USE_LOCATION=MOVE_USE_LOCATION, MOVE_END_PHASE_B=MOVE_END_PHASE_B,
              ENGINE_FORWARD=ENGINE_FORWARD, ENGINE_BACK=ENGINE_BACK, ENGINE_END_OF_TRACK=ENGINE_END_OF_TRACK,
              DELIVERY_KANSAS_CITY=DELIVERY_KANSAS_CITY, DELIVERY_EXTRAORDINARY=DELIVERY_EXTRAORDINARY)
