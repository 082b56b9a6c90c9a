# The Python API of one game (OpenSpiel style) and the C-level entry points compiled policies use.

from gwt_sim.engine.state cimport Frame, Game, MAX_LEGAL, Rules, Trace
from gwt_sim.engine.typedefs cimport i8, i16, i32, u64


cdef class RulesHandle:
    cdef Rules rules              # the compiled tables, shared by all states of one configuration
    cdef readonly object tables   # the Python Tables they came from
    cdef readonly object names    # name lists for readable action strings
    cdef readonly tuple game_fields     # columns of the game record (gwt_sim.schema.game_columns)
    cdef readonly tuple player_fields   # columns of a player record (gwt_sim.schema.player_columns)


cdef class GameState:
    cdef Game g                   # all mutable game data (clone = memcpy)
    cdef readonly RulesHandle handle
    cdef const Rules* r
    cdef i16 legal_buf[MAX_LEGAL]  # legal actions of the pending decision (sorted)
    cdef int n_legal
    cdef public bint debug        # check invariants after every action
    cdef readonly u64 seed
    cdef Trace trace_buf           # forced decisions since the last action (when tracing)
    cdef public bint tracing
    cdef readonly bint every_decision   # stop at forced decisions too (for logs); clones do not

    cdef int c_apply(self, int action) except -1
    cdef void c_refresh(self) noexcept nogil
    cdef GameState c_clone(self)
    cdef void c_copy_from(self, GameState src) noexcept


cdef inline bint legal_now(GameState s, int action) noexcept nogil:
    """Is `action` one of the pending decision's legal actions? (a binary search: legal_buf is
    sorted; for c_apply and compiled choose(); the compiled loop's check scans instead, play.pyx)"""
    cdef int lo = 0, hi = s.n_legal - 1, mid
    while lo <= hi:
        mid = (lo + hi) // 2
        if s.legal_buf[mid] == action:
            return True
        if s.legal_buf[mid] < action:
            lo = mid + 1
        else:
            hi = mid - 1
    return False


# A frame's named arguments (the struct of its kind) as a dict, fields in declaration order.
cdef object frame_args(Frame* f)
