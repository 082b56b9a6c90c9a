# cython: embedsignature=True
"""Scenario hooks: build exact positions for rule tests (never used in play).

    s = ScenarioState(handle, seed=1)          # a GameState with the hooks below
    s._poke_player(0, money=20, workers=[2, 1, 1])
    s._push(F["ACTION"], action=index)        # run an action's steps on top of the pending decision

Edits go around the rules (they may break the conservation invariants; run such states with
debug=False). Clones of a ScenarioState are ScenarioStates.
"""

from libc.string cimport memset

from gwt_sim.engine.flow cimport advance
from gwt_sim.engine.frames cimport *
from gwt_sim.engine.game cimport GameState, frame_args
from gwt_sim.engine.queries cimport breeding_value, transport_cost
from gwt_sim.engine.sam cimport SAM_VERB_TABLE, ap_sam_turn, sam_card_steps, sam_kansas_city, sam_route
from gwt_sim.engine.scoring cimport final_scoring, score_objectives
from gwt_sim.engine.state cimport *
from gwt_sim.engine.turn cimport start_location
from gwt_sim.engine.typedefs cimport i8, i16, i32, u64

from gwt_sim.engine.game import EngineError


def _index(str what, value, int n):
    """An index a hook writes at: 0..n-1, or a ValueError (the C arrays are written unchecked)."""
    if not 0 <= value < n:
        raise ValueError(f"{what} must be 0..{n - 1}, got {value}")


def _length(str what, values, int cap):
    """A list a hook copies into a C array of `cap` entries: at most that many."""
    if len(values) > cap:
        raise ValueError(f"{what}: at most {cap} values, got {len(values)}")


cdef int _to_top(Sam* S, int card) except -1:
    """Move one of Sam's cards from his deck or discard pile to the top of his deck."""
    cdef int i, j
    for i in range(S.deck_n):
        if S.deck[i] == card:
            for j in range(i, S.deck_n - 1):
                S.deck[j] = S.deck[j + 1]
            S.deck[S.deck_n - 1] = card
            return 0
    for i in range(S.discard_n):
        if S.discard[i] == card:
            for j in range(i, S.discard_n - 1):
                S.discard[j] = S.discard[j + 1]
            S.discard_n -= 1
            S.deck[S.deck_n] = card
            S.deck_n += 1
            return 0
    raise ValueError(f"Sam has no card {card}")


cdef class ScenarioState(GameState):
    """A GameState with hooks that set up exact positions (for rule tests)."""

    def _refresh(self):
        """Advance to the next real decision after poking the state."""
        self.n_legal = advance(&self.g, self.r, self.legal_buf)
        if self.g.terminal == 2:
            raise EngineError("engine fault after a scenario edit")

    def _poke_player(self, int seat, **fields):
        """Set player fields: money, workers [c, b, e], cert (track index), perm_certs, tokens,
        discs [10 groups], engine (position), herder (node), city_discs, station_disc, station_done,
        sm_held, hazards (by tile type), section_tiles (outlaws / teepees by colour), objectives (by type), tiles,
        tile_node, job_token. Money edits go through the bank ledger."""
        self._check_seat(seat)
        cdef Player* p = &self.g.p[seat]
        arrays = {"workers": (N_WTYPES, 0), "discs": (N_DISC, 1), "city_discs": (MAX_CITIES, 2),
                  "station_disc": (MAX_STATIONS, 3), "station_done": (MAX_STATIONS, 4), "sm_held": (MAX_SM, 5),
                  "hazards": (MAX_TILE_TYPES, 6), "section_tiles": (MAX_SECTION_COLOURS, 7), "objectives": (MAX_OBJ, 8),
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
                    elif which == 7: p.section_tiles[i] = x
                    elif which == 8: p.objectives[i] = x
                    elif which == 9: p.tiles[i] = x
                    else: p.tile_node[i] = x
            else:
                raise KeyError(k)

    def _set_cards(self, int seat, hand=None, draw=None, discard=None):
        """Replace a seat's hand / draw pile (last = top) / discard pile by lists of card ids."""
        self._check_seat(seat)
        cdef Player* p = &self.g.p[seat]
        cdef int c
        for pile in (hand, draw, discard):
            if pile is not None:
                _length("cards", pile, MAX_DECK)
                for c in pile:
                    _index("card id", c, MAX_CARD_IDS)
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
        """Put a building (id, owner; -1 to clear) or a hazard/outlaw/teepee tile (type; -1 to clear) on a node."""
        _index("node", node, self.r.n_nodes)
        if building is not None:
            self.g.node_building[node] = building
            self.g.node_owner[node] = -1 if owner is None else owner
        if tile is not None:
            self.g.node_tile[node] = tile

    def _set_job(self, int row, int col, int worker):
        _index("row", row, MAX_JOB_ROWS)
        _index("column", col, MAX_JOB_COLS)
        self.g.job[row][col] = worker

    def _set_job_token(self, int row, int fill):
        self.g.token_row = row
        self.g.token_fill = fill

    def _set_market(self, counts, deck=None):
        cdef int i
        if deck is not None:
            _length("deck", deck, MAX_MARKET_DECK)
        self.g.market_n = 0
        for i in range(self.r.n_card_types):
            self.g.market[i] = counts[i] if i < len(counts) else 0
            self.g.market_n += self.g.market[i]
        if deck is not None:
            self.g.market_deck_n = len(deck)
            for i, c in enumerate(deck):
                self.g.market_deck[i] = c

    def _set_foresight(self, int col, int row, int tile):
        _index("column", col, N_BAGS)
        _index("row", row, MAX_FORESIGHT_ROWS)
        self.g.foresight[col][row] = tile

    def _set_objectives(self, display=None, stack=None):
        if stack is not None:
            _length("stack", stack, MAX_OBJ * 2)
        if display is not None:
            for i in range(4):
                self.g.obj_display[i] = display[i] if i < len(display) else -1
        if stack is not None:
            self.g.obj_stack_n = len(stack)
            for i, o in enumerate(stack):
                self.g.obj_stack[i] = o

    def _set_station_master(self, int station, int master):
        _index("station", station, SM_SPACES)
        self.g.sm_station[station] = master

    def _set_current(self, int seat):
        self._check_seat(seat)
        self.g.current = seat

    def _set_end(self, int triggered, int end_player=0, int last_turns_left=0):
        self.g.end_triggered = triggered
        self.g.no_worker_picks = triggered
        self.g.end_player = end_player
        self.g.last_turns_left = last_turns_left

    def _push(self, int kind, **args):
        """Push a frame for the current player with named arguments (e.g. F_ACTION with action=the
        action index), then advance. Arguments not given are 0; an unknown name raises KeyError."""
        cdef Frame* f
        cdef i16* raw
        _index("frame kind", kind, N_FRAMES)
        if kind == F_ACTION:
            _index("action", args.get("action", 0), self.r.n_actions)
        for name, value in args.items():
            if not -2 ** 15 <= value < 2 ** 15:
                raise ValueError(f"{name} = {value} does not fit a frame argument (i16)")
        f = push(&self.g, kind)
        raw = <i16*>&f.args
        names = list(frame_args(f))        # the kind's fields in declaration order (all i16)
        unknown = sorted(set(args) - set(names))
        if unknown:
            pop(&self.g)
            raise KeyError(f"frame kind {kind} has no argument {', '.join(unknown)} "
                           f"(it has: {', '.join(names) or 'none'})")
        for name, value in args.items():
            raw[names.index(name)] = value
        self._refresh()

    def _visit(self, int node):
        """Put the current player's herder on `node` and push its visit (phase B or Kansas City)."""
        cdef Frame* f
        _index("node", node, self.r.n_nodes)
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
        self._check_seat(seat)
        v = score_objectives(&self.g, self.r, seat, &area)
        return v, area

    def _transport_cost(self, int engine_pos, int city_value):
        return transport_cost(self.r, engine_pos, city_value)

    def _breeding_value(self, int seat):
        self._check_seat(seat)
        return breeding_value(&self.g, self.r, seat)

    # --- the solo mode: Sam -------------------------------------------------------------------

    def _poke_sam(self, **fields):
        """Set Sam's fields: specialisation (worker type), discs (in his supply), engine_off, last_city,
        deck (card numbers, top last), discard (card numbers, top last)."""
        cdef Sam* S = &self.g.sam
        for k, v in fields.items():
            if k == "specialisation":
                S.specialisation = v
            elif k == "discs":
                S.discs = v
            elif k == "engine_off":
                S.engine_off = v
            elif k == "last_city":
                S.last_city = v
            elif k in ("deck", "discard"):
                if len(v) > MAX_SAM_CARDS:
                    raise ValueError(f"{k}: at most {MAX_SAM_CARDS} cards")
                for i, c in enumerate(v):
                    if k == "deck":
                        S.deck[i] = c
                    else:
                        S.discard[i] = c
                if k == "deck":
                    S.deck_n = len(v)
                else:
                    S.discard_n = len(v)
            else:
                raise KeyError(k)

    def _sam_turn(self, card=None):
        """Play one whole turn of Sam's now (with `card` moved to the top of his deck first), then
        give the turn back to whoever had it and advance."""
        cdef Sam* S = &self.g.sam
        cdef int i, was = self.g.current
        cdef Frame* f
        if card is not None:
            _to_top(S, card)
        self.g.current = self.r.sam_seat
        f = push(&self.g, F_SAM_TURN)
        ap_sam_turn(&self.g, self.r, f, A_STOP)
        self.g.current = was
        self._refresh()
        return self.sam_last_turn()

    def _sam_verb(self, int op, int arg=0):
        """Run one of Sam's verbs (SAM_OP_* code, its one argument) as his card action would."""
        cdef int was = self.g.current
        _index("Sam's verb", op, N_SAM_OPS)
        if not self.r.solo:
            raise ValueError("Sam plays only in the solo mode")
        memset(&self.g.sam.last, 0, sizeof(SamTurn))
        self.g.sam.last.turn = max(self.g.turn_number, 1)
        self.g.current = self.r.sam_seat
        SAM_VERB_TABLE[op](&self.g, self.r, arg)
        self.g.current = was
        return self.sam_last_turn()["events"]

    def _sam_kansas_city(self):
        """Sam's Kansas City steps now (his herder is put there first)."""
        cdef int was = self.g.current
        memset(&self.g.sam.last, 0, sizeof(SamTurn))
        self.g.sam.last.turn = max(self.g.turn_number, 1)
        self.g.current = self.r.sam_seat
        self.g.p[self.r.sam_seat].herder = self.r.node_kc
        sam_kansas_city(&self.g, self.r)
        self.g.current = was
        return self.sam_last_turn()["events"]

    def _sam_route(self, int steps):
        """The walk (trail nodes) Sam's herder would take for `steps` locations now."""
        cdef i8 walk[MAX_SAM_WALK]
        cdef int n = sam_route(&self.g, self.r, steps, walk)
        return [walk[i] for i in range(n)]

    def _sam_steps(self, int card):
        """Locations card `card` moves Sam's herder as the game stands."""
        return sam_card_steps(&self.g, self.r, card)

    def _invariants(self):
        """Violations of the conservation invariants (empty list when all hold)."""
        from gwt_sim.engine.debug import invariant_violations

        return invariant_violations(self)
