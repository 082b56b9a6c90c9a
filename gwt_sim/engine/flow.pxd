# The flow of a game: every frame kind's resume / legal / apply functions, registered in one table,
# and the loop that runs control frames and forced decisions until a real decision.

from gwt_sim.engine.state cimport *
from gwt_sim.engine.typedefs cimport i8, i16, i32, u64

cdef resume_fn RESUME[N_FRAMES]
cdef legal_fn LEGAL[N_FRAMES]
cdef apply_fn APPLY[N_FRAMES]

# Run control frames and forced decisions until a real decision (>= 2 legal actions) or the end of
# the game. Returns the number of legal actions written to out, sorted (0 when terminal). Forced
# decisions are recorded in `tr` when it is not NULL; with `stop_at_forced` they are not applied but
# returned like any decision (1 legal action), so that a log can watch each one (the game is the same).
cdef int advance(Game* g, const Rules* r, i16* out, Trace* tr=*, bint stop_at_forced=*) noexcept nogil

# Apply a legal action of the pending decision (the caller checked it is legal).
cdef inline void apply_decision(Game* g, const Rules* r, int action) noexcept nogil:
    cdef Frame* f = top(g)
    APPLY[f.kind](g, r, f, action)
