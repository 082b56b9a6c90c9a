"""One-step greedy policy: tries every legal action on a copy of the game and keeps the one after
which its own position scores best (VP as the game stands, which counts money at $5 per VP).

It never looks at hidden information: the copy's hidden part (own draw-pile order, rivals' hands,
market deck and objective stack order, future randomness) is redrawn from the policy's own stream
before trying the actions. Ties go to the first action in id order (deterministic).
"""

from gwt_sim.engine.game cimport GameState
from gwt_sim.engine.policy cimport CompiledPolicy, Policy
from gwt_sim.engine.rng cimport STREAM_POLICY, derive_seed, rng_seed_stream
from gwt_sim.engine.scoring cimport score_player
from gwt_sim.engine.state cimport N_SCORES, resample_hidden
from gwt_sim.engine.typedefs cimport i16, u64


cdef class GreedyPolicy(CompiledPolicy):
    """One-step greedy: the action with the best score right after it (on a redrawn copy)."""

    name = "greedy"

    def __init__(self, seed=0):
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63:
            raise ValueError(f"seed must be a non-negative integer, got {seed!r}")
        self.seed_offset = seed

    cpdef void reset(self, u64 game_seed, int seat):
        # the redraws of hidden information come from this seat's stream, shifted by `seed`
        Policy.reset(self, game_seed, seat)
        if self.seed_offset:
            rng_seed_stream(&self.rng, derive_seed(game_seed, self.seed_offset), STREAM_POLICY + seat)

    cdef int choose_c(self, GameState state, const i16* legal, int n) except? -1:
        cdef GameState base = state.c_clone()
        cdef GameState trial
        cdef int me = state.g.current
        cdef int i, best_a = legal[0]
        cdef double v, best = -1e18
        cdef i16 sc[N_SCORES]
        base.debug = False
        base.tracing = False
        resample_hidden(&base.g, base.r, me, &self.rng)
        for i in range(n):
            trial = base.c_clone()
            trial.c_apply(legal[i])
            v = score_player(&trial.g, trial.r, me, sc) + 0.01 * trial.g.p[me].money
            if v > best:
                best = v
                best_a = legal[i]
        return best_a
