# Look-ahead planner: plays each decision by trying every legal action on a redrawn copy, finishing
# the turn (every walk of the herder searched; the other choices by a heuristic archetype) and
# valuing the result with a value model fitted to self-play (strategies/values/*.toml).
from gwt_sim.engine.game cimport GameState
from gwt_sim.engine.policy cimport CompiledPolicy
from gwt_sim.engine.state cimport Game, Rules, MAX_PLAYERS
from gwt_sim.engine.typedefs cimport i16, u64
from strategies.heuristic cimport HeuristicPolicy

cdef enum:
    N_FEATURES = 27              # raw features of one player's position (value_feature_names())
    N_COEF = 3 + 2 * N_FEATURES  # bias, rem, rem², then each feature × rem and × rem²

cdef int value_features(Game* g, const Rules* r, int me, double* out) noexcept nogil
cdef double progress(Game* g, const Rules* r) noexcept nogil

cdef class PlannerPolicy(CompiledPolicy):
    cdef HeuristicPolicy inner                 # finishes each tried turn
    cdef double coef[MAX_PLAYERS + 1][N_COEF]  # value model per player count (0/1 unused)
    cdef char have_coef[MAX_PLAYERS + 1]
    cdef readonly str value_name
    cdef readonly str profile_name
    cdef int samples                           # redraws of hidden information per decision
    cdef bint relative                         # value = own estimate - mean of the rivals' estimates
    cdef readonly double sam_future            # solo mode: Sam's estimate = his VP + this x the game left
    cdef int me
    cdef double rival_value[MAX_PLAYERS]       # cached rival estimates for the current redraw
    cdef u64 rival_key[MAX_PLAYERS]
    cdef u64 rival_mask[MAX_PLAYERS]
    cdef char rival_known[MAX_PLAYERS]
    cdef bint rival_cache                      # reuse rival estimates (exact: see evaluate)
    cdef int turn
    cdef int try_actions(self, GameState state, const i16* legal, int n, double* total) except -1
    cdef double evaluate(self, GameState s) noexcept
    cdef double player_value(self, GameState s, int pl) noexcept
    cdef double continue_value(self, GameState s, int depth) except? -1e18
