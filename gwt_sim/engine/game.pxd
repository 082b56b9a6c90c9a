# The game state (OpenSpiel-style API) and the C-level entry points policies use.
from gwt_sim.engine.rng cimport Xoshiro256
from gwt_sim.engine.structs cimport Game, Player, Rules, Trace, MAX_LEGAL
from gwt_sim.engine.typedefs cimport i8, i16, i32, u64

# Helpers compiled policies may call (they read only what the acting player may know, except where
# noted; the no-cheating test checks policies against resampled hidden information).
cdef int counter(Game* g, const Rules* r, int pl, int code) noexcept nogil
cdef int breeding_value(Game* g, const Rules* r, int pl) noexcept nogil      # own hand only
cdef int hand_matching(Game* g, const Rules* r, int pl, int mask) noexcept nogil   # own hand only
cdef u64 next_locations(Game* g, const Rules* r, int node) noexcept nogil
cdef int location_fee(Game* g, const Rules* r, int node, int pl, int* payee) noexcept nogil
cdef int is_location(Game* g, const Rules* r, int node) noexcept nogil
cdef u64 rail_targets(Game* g, const Rules* r, int pos, int lo, int hi, int back) noexcept nogil
cdef int rail_free(Game* g, int pos) noexcept nogil
cdef int transport_cost(const Rules* r, int engine_pos, int city_value) noexcept nogil
cdef int action_feasible(Game* g, const Rules* r, int pl, int action) noexcept nogil
cdef int step_limit(const Rules* r, Player* p) noexcept nogil
cdef int hand_limit(const Rules* r, Player* p) noexcept nogil
cdef int cert_limit(const Rules* r, Player* p) noexcept nogil
cdef int cert_value(const Rules* r, Player* p) noexcept nogil
cdef int aux_empty_spaces(const Rules* r, Player* p, int k) noexcept nogil
cdef int group_fully_cleared(const Rules* r, Player* p, int unlock) noexcept nogil
cdef int disc_ok(Game* g, const Rules* r, int pl, int grp, int target_corner) noexcept nogil
cdef int building_id(Game* g, const Rules* r, int number) noexcept nogil
cdef int hire_price(const Rules* r, int row, int delta) noexcept nogil
cdef int station_at(const Rules* r, int pos) noexcept nogil
cdef int cards_available(Game* g, int pl) noexcept nogil
cdef int numbered_back(Game* g, const Rules* r, int start, int dest) noexcept nogil
cdef int count_own_buildings(Game* g, const Rules* r, int pl, int woods_only) noexcept nogil
cdef int score_player(Game* g, const Rules* r, int pl, i16* sc) noexcept nogil   # own seat only
cdef void resample_hidden(Game* g, const Rules* r, int me, Xoshiro256* rng) noexcept nogil
cdef int advance(Game* g, const Rules* r, i16* out, Trace* tr=*) noexcept nogil


cdef class RulesHandle:
    cdef Rules rules              # the compiled tables, shared by all states of one configuration
    cdef readonly object tables   # the Python Tables they came from
    cdef readonly object names    # name lists for readable action strings


cdef class GameState:
    cdef Game g                   # all mutable game data (clone = memcpy)
    cdef readonly RulesHandle handle
    cdef const Rules* r
    cdef i16 legal_buf[MAX_LEGAL]  # legal actions of the pending decision (sorted)
    cdef int n_legal
    cdef public bint debug        # check invariants after every action
    cdef readonly u64 seed
    cdef readonly object variant_drawn
    cdef Trace trace_buf           # forced decisions since the last action (when tracing)
    cdef public bint tracing

    cdef int c_apply(self, int action) except -1
    cdef void c_refresh(self) noexcept nogil
    cdef GameState c_clone(self)
