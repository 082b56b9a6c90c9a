"""Look-ahead planner: stronger than the heuristic archetypes and slower (the expert is stronger still).

For every decision with more than one legal action it tries each action on a copy of the game whose
hidden part (own draw-pile order, rivals' hands, market deck, bags, future randomness) is redrawn
from the planner's own stream, so it never sees what a player may not know (`samples` redraws, the
values summed). After the tried action it finishes its own turn: every walk of the herder is
searched (each reachable stop), the other choices are made by a heuristic archetype (its
`profile`). The finished turn is valued by the planner's lead (`relative`, the default): its
estimated final score minus the mean of its rivals' estimates, each estimate being

    VP as the game stands now (money at $5 per VP) + a value model of what the position will still
    bring (money, workers, engine, certificates, limits, deck, buildings, hand, distance to Kansas City)

where the value model is a linear function of features of the player's position, each weighted by
the part of the game still to come (rem and rem²), fitted by least squares to self-play games
(`python benchmarks/fit_value.py`; one coefficient set per player count in strategies/values/*.toml).
"""

from libc.math cimport INFINITY

from gwt_sim.engine.frames cimport *
from gwt_sim.engine.game cimport GameState
from gwt_sim.engine.policy cimport CompiledPolicy, Policy, check_built
from gwt_sim.engine.queries cimport (
    breeding_value, cert_limit, cert_value, count_own_buildings, hand_limit, next_locations, step_limit,
)
from gwt_sim.engine.scoring cimport score_player
from gwt_sim.engine.state cimport *  # noqa
from gwt_sim.engine.typedefs cimport i16, u64
from strategies.heuristic cimport HeuristicPolicy

import numpy as np

from strategies.checks import check_bool, check_int, check_number
from strategies.values import FEATURE_NAMES, load_value_model

DEF MAX_WALK = 14        # herder steps searched in one turn (the step limit is at most 6 plus herder moves)


cdef double progress(Game* g, const Rules* r) noexcept nogil:
    """Game progress 0..1: the part of the job market filled since the start (1 once the end is on)."""
    cdef int total = r.job_rows * r.job_columns - r.initial_workers
    cdef int filled = g.token_row * r.job_columns + g.token_fill - r.initial_workers
    cdef double t
    if g.end_triggered or total <= 0:
        return 1.0
    t = <double>filled / total
    return 0.0 if t < 0 else (1.0 if t > 1 else t)


cdef void sort_desc(int* a, int n) noexcept nogil:
    cdef int i, j, x
    for i in range(1, n):
        x = a[i]
        j = i - 1
        while j >= 0 and a[j] < x:
            a[j + 1] = a[j]
            j -= 1
        a[j + 1] = x


cdef int kc_distance(Game* g, const Rules* r, int node) noexcept nogil:
    """Fewest steps from a node to Kansas City (locations only; empty spaces are passed over)."""
    cdef u64 frontier, seen, nxt
    cdef int d, m
    if node < 0:
        return 0
    if node == r.node_kc:
        return 0
    frontier = (<u64>1) << node
    seen = frontier
    cdef u64 left
    for d in range(1, 24):
        nxt = 0
        left = frontier
        while left:
            m = lowest_bit(left)
            left &= left - 1
            nxt |= next_locations(g, r, m)
        if (nxt >> r.node_kc) & 1:
            return d
        frontier = nxt & ~seen
        seen |= nxt
        if frontier == 0:
            break
    return 24


cdef int value_features(Game* g, const Rules* r, int me, double* out) noexcept nogil:
    """Features of `me`'s position (only what `me` may know: own cards as a set, the public board)."""
    cdef Player* p = &g.p[me]
    cdef int i, c, b, k, n_cattle = 0, strong = 0, stations = 0, discs = 0, aux = 0, objs = 0, dist, bv
    cdef int best_hand, masters = 0
    cdef int best_in_group[MAX_BREEDS]
    cdef double sum_bv = 0, potential = 0
    for i in range(MAX_BREEDS):
        best_in_group[i] = 0
    # own cattle: hand, draw pile and discard pile together (the composition is known, not the order)
    for c in range(r.n_card_types):
        k = p.hand[c]
        if k:
            b = r.card_breed[c]
            n_cattle += k
            sum_bv += k * r.breed_value[b]
            strong += k * (r.breed_value[b] >= 3)
            if r.breed_value[b] > best_in_group[r.breed_group[b]]:
                best_in_group[r.breed_group[b]] = r.breed_value[b]
    for i in range(p.draw_n + p.discard_n):
        c = p.draw[i] if i < p.draw_n else p.discard[i - p.draw_n]
        if c < r.n_card_types:
            b = r.card_breed[c]
            n_cattle += 1
            sum_bv += r.breed_value[b]
            strong += r.breed_value[b] >= 3
            if r.breed_value[b] > best_in_group[r.breed_group[b]]:
                best_in_group[r.breed_group[b]] = r.breed_value[b]
    for i in range(MAX_BREEDS):
        potential += best_in_group[i]
    # the best hand the deck can make: its hand-limit highest distinct breed values
    best_hand = 0
    sort_desc(best_in_group, MAX_BREEDS)
    for i in range(min(hand_limit(r, p), MAX_BREEDS)):
        best_hand += best_in_group[i]
    for i in range(r.n_sm):
        masters += p.sm_held[i] != 0
    for c in range(r.n_obj):
        objs += p.hand[r.n_card_types + c]
    for i in range(r.n_stations):
        stations += p.station_done[i] != 0
    for i in range(N_DISC):
        discs += p.discs[i]
    for i in range(N_AUX):
        aux += p.discs[r.disc_of_unlock[UNLOCK_AUX1 + i]] < r.disc_count[r.disc_of_unlock[UNLOCK_AUX1 + i]]
    dist = kc_distance(g, r, p.herder)
    bv = breeding_value(g, r, me)
    out[0] = p.money
    out[1] = p.workers[W_COWBOY]
    out[2] = p.workers[W_BUILDER]
    out[3] = p.workers[W_ENGINEER]
    out[4] = <double>r.rail_order[p.engine] / r.rail_order[r.rail_end] if r.rail_order[r.rail_end] > 0 else 0
    out[5] = cert_value(r, p)
    out[6] = p.perm_certs
    out[7] = hand_limit(r, p)
    out[8] = step_limit(r, p)
    out[9] = r.cert_positions[cert_limit(r, p)]
    out[10] = aux
    out[11] = sum_bv / n_cattle if n_cattle else 0
    out[12] = strong
    out[13] = n_cattle
    out[14] = potential
    out[15] = p.tokens
    out[16] = count_own_buildings(g, r, me, 0)
    out[17] = objs
    out[18] = bv
    out[19] = dist
    out[20] = bv / (1.0 + dist)
    out[21] = stations
    out[22] = discs
    out[23] = bv + cert_value(r, p) + p.perm_certs
    out[24] = best_hand
    out[25] = hand_limit(r, p) * out[11]
    out[26] = masters
    return N_FEATURES


cdef u64 rival_key(Game* g, int pl) noexcept nogil:
    """What of a rival's own position the planner's turn can change, packed: its money and herder
    (forced moves at the start of its turn) and the game clock."""
    return (<u64>(g.p[pl].money & 0xFFFF) | (<u64>(g.p[pl].herder & 0xFF) << 16)
            | (<u64>(g.token_row & 0xFF) << 24) | (<u64>(g.token_fill & 0xFF) << 32)
            | (<u64>(g.end_triggered & 0xFF) << 40))


cdef u64 location_mask(Game* g, const Rules* r) noexcept nogil:
    """Which trail nodes hold a building or a tile (the locations: distances to Kansas City)."""
    cdef int m
    cdef u64 mask = 0
    for m in range(r.n_nodes):
        if g.node_building[m] >= 0 or g.node_tile[m] >= 0:
            mask |= (<u64>1) << m
    return mask


cdef inline int is_walk_frame(int kind) noexcept nogil:
    return kind == F_BEFORE_MOVE or kind == F_MOVE or kind == F_HERDER


# The solo mode: Sam's estimated final score is his VP as the game stands plus SAM_FUTURE x the part
# of the game still to come (his VP grows about linearly to some 80-115 at the end, README "Solo").
# Measured on 400 medium games (seed 77, sides and layout random): the margin against Sam is -44.5
# VP valuing him by his VP alone, -34.8 with 100, -34.8 with 120 and -34.9 with 160: what the value
# adds is that ending the game sooner costs Sam his future VP.
SAM_FUTURE = 100.0


cdef class PlannerPolicy(CompiledPolicy):
    """Look-ahead planner. Parameters: value (a value model name or .toml path; default default),
    profile (the heuristic archetype that finishes tried turns; default planner_base, the balanced archetype the planner was built with), samples (redraws
    of the hidden information each action is tried on; default 1), relative (value a position by
    its lead over the rivals' mean rather than by its own score; default true), sam_future (the solo
    mode: Sam's estimate is his VP as the game stands plus sam_future x the part of the game left;
    default SAM_FUTURE)."""

    @property
    def name(self):
        extra = f":samples={self.samples}" if self.samples != 1 else ""
        extra += "" if self.relative else ":relative=false"
        extra += f":sam_future={self.sam_future:g}" if self.sam_future != SAM_FUTURE else ""
        return f"planner:value={self.value_name}:profile={self.profile_name}{extra}"

    def __init__(self, value="default", profile="planner_base", samples=1, relative=True, sam_future=SAM_FUTURE):
        check_int("samples", samples, 1, 64)
        check_bool("relative", relative)
        check_number("sam_future", sam_future, 0, 500)
        self.samples = samples
        self.relative = relative
        self.sam_future = sam_future
        self.rival_cache = True
        model = load_value_model(str(value))
        # the heuristic as the planner was made with (the baseline: its games stay as they were)
        self.inner = HeuristicPolicy(profile, backward_loop=False, plan_forced=False)
        self.profile_name = self.inner.profile_name
        self.value_name = model.name
        for pl in range(MAX_PLAYERS + 1):
            self.have_coef[pl] = 0
        for pl, vec in model.coefficients.items():
            if len(vec) != N_COEF:
                raise ValueError(f"value model {model.name!r}: {len(vec)} coefficients for {pl} players, "
                                 f"the planner reads {N_COEF}")
            for i, v in enumerate(vec):
                self.coef[pl][i] = v
            self.have_coef[pl] = 1

    cpdef void reset(self, u64 game_seed, int seat):
        check_built(self, self.inner, PlannerPolicy)
        Policy.reset(self, game_seed, seat)
        self.inner.reset(game_seed, seat)

    cdef int choose_c(self, GameState state, const i16* legal, int n) except? -1:
        cdef int i, best_a
        cdef double best
        cdef double total[MAX_LEGAL]
        check_built(self, self.inner, PlannerPolicy)
        if n == 1:
            return legal[0]
        if not self.have_coef[state.g.n_players]:
            return self.inner.choose_c(state, legal, n)
        self.try_actions(state, legal, n, total)
        best = -INFINITY
        best_a = legal[0]
        for i in range(n):
            if total[i] > best:
                best = total[i]
                best_a = legal[i]
        return best_a

    cdef int try_actions(self, GameState state, const i16* legal, int n, double* total) except -1:
        """Each action's value summed over `samples` redraws of the hidden information (every action
        tried on the same redraws: common random numbers)."""
        cdef GameState base, trial
        cdef int i, k
        self.me = state.g.current
        self.turn = state.g.turn_number
        for i in range(n):
            total[i] = 0
        for k in range(self.samples):
            base = state.c_clone()
            base.debug = False
            base.tracing = False
            resample_hidden(&base.g, base.r, self.me, &self.rng)
            for i in range(MAX_PLAYERS):
                self.rival_known[i] = 0         # rivals' hands were redrawn
            for i in range(n):
                trial = base.c_clone()
                trial.c_apply(legal[i])
                total[i] += self.continue_value(trial, 0)
        return 0

    def action_values(self, GameState state not None) -> list:
        """(action, value) for every legal action of the pending decision, as the planner sees them
        (summed over its samples; for tests and tuning; uses the planner's stream like a decision)."""
        cdef double total[MAX_LEGAL]
        self.try_actions(state, state.legal_buf, state.n_legal, total)
        return [(state.legal_buf[i], total[i]) for i in range(state.n_legal)]

    def _use_rival_cache(self, bint on) -> None:
        """Switch the cache of rivals' estimates off (tests check it changes no decision)."""
        self.rival_cache = on

    def position_value(self, GameState state not None, int seat) -> float:
        """The value model's estimate of `seat`'s final score from this position."""
        check_built(self, self.inner, PlannerPolicy)
        state._check_seat(seat)
        return self.player_value(state, seat)

    cdef double continue_value(self, GameState s, int depth) except? -1e18:
        """Value of a tried position once the turn is finished: the herder's walk searched in full,
        everything else played by the inner heuristic."""
        cdef GameState child
        cdef int i, a
        cdef double v, best
        cdef Game* g = &s.g
        if not g.terminal and g.current == self.me and g.turn_number == self.turn \
                and is_walk_frame(g.stack[g.sp - 1].kind) and depth < MAX_WALK:
            best = -INFINITY
            for i in range(s.n_legal):
                child = s.c_clone()
                child.c_apply(s.legal_buf[i])
                v = self.continue_value(child, depth + 1)
                if v > best:
                    best = v
            return best
        while not g.terminal and g.current == self.me and g.turn_number == self.turn:
            a = self.inner.choose_c(s, s.legal_buf, s.n_legal)
            s.c_apply(a)
        return self.evaluate(s)

    cdef double evaluate(self, GameState s) noexcept:
        """The tried position's value for the planner: its own estimated final score, or with
        `relative` that minus the mean of its rivals' (so what happens to everybody alike, such as
        the end of the game coming closer, does not count)."""
        cdef double v = self.player_value(s, self.me), others = 0
        cdef int pl, mask_known = 0
        cdef u64 key, mask = 0
        if not self.relative:
            return v
        for pl in range(s.g.n_players):
            if pl == self.me:
                continue
            if s.g.terminal:
                others += s.g.total[pl]
                continue
            if s.r.solo and pl == s.r.sam_seat:
                # Sam's turn has run after the tried one (his moves depend on it): valued afresh
                others += self.player_value(s, pl)
                continue
            # during the planner's own turn a rival's position changes only by its money (hand
            # fees), its herder (forced moves opening its turn), the game clock and the locations on
            # the trail: its value is cached per redraw under exactly those
            key = rival_key(&s.g, pl)
            if mask_known == 0:
                mask = location_mask(&s.g, s.r)
                mask_known = 1
            if not self.rival_cache or not self.rival_known[pl] or self.rival_key[pl] != key \
                    or self.rival_mask[pl] != mask:
                self.rival_value[pl] = self.player_value(s, pl)
                self.rival_key[pl] = key
                self.rival_mask[pl] = mask
                self.rival_known[pl] = 1
            others += self.rival_value[pl]
        return v - others / (s.g.n_players - 1)

    cdef double player_value(self, GameState s, int pl) noexcept:
        """A player's estimated final score: VP as the game stands plus the value model's terms. For
        rivals it reads their hand as redrawn on the tried copy (never their real hand) and their
        whole deck, which is public knowledge (every card they own was bought in the open)."""
        cdef i16 sc[N_SCORES]
        cdef double f[N_FEATURES]
        cdef double rem, rem2, v
        cdef const double* w = self.coef[s.g.n_players]
        cdef int i
        if s.g.terminal:
            return s.g.total[pl]
        v = score_player(&s.g, s.r, pl, sc)
        if s.r.solo and pl == s.r.sam_seat:
            return v + self.sam_future * (1.0 - progress(&s.g, s.r))   # Sam: the value model describes players
        rem = 1.0 - progress(&s.g, s.r)
        rem2 = rem * rem
        value_features(&s.g, s.r, pl, f)
        v += w[0] + w[1] * rem + w[2] * rem2
        for i in range(N_FEATURES):
            v += f[i] * (w[3 + 2 * i] * rem + w[4 + 2 * i] * rem2)
        return v


def value_feature_names() -> list:
    """Names of the value model's raw features, in order (must equal strategies.values.FEATURE_NAMES)."""
    return list(FEATURE_NAMES)


def position_features(GameState state not None, int seat) -> np.ndarray:
    """(progress, current VP, features...) of `seat`'s position: what the value model is fitted on."""
    cdef double f[N_FEATURES]
    cdef i16 sc[N_SCORES]
    cdef int i
    state._check_seat(seat)
    value_features(&state.g, state.r, seat, f)
    out = np.empty(2 + N_FEATURES)
    out[0] = progress(&state.g, state.r)
    out[1] = score_player(&state.g, state.r, seat, sc)
    for i in range(N_FEATURES):
        out[2 + i] = f[i]
    return out
