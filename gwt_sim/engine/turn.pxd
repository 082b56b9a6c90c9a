# The game and a player's turn: turns in seat order and the end of the game, the first turn (discard
# down, place the herder), phase A (the herder's walk, hand fees), herder moves of buildings, phase B
# (the location's local actions or a single auxiliary action), the action runner, phase C.

from gwt_sim.engine.state cimport *
from gwt_sim.engine.typedefs cimport i8, i16, i32, u64

# Turn a frame into the visit of the current player's herder location: Kansas City or phase B.
cdef void start_location(Game* g, const Rules* r, Frame* f) noexcept nogil

cdef int rs_game(Game* g, const Rules* r, Frame* f) noexcept nogil
cdef int rs_turn(Game* g, const Rules* r, Frame* f) noexcept nogil
cdef int rs_first_discard(Game* g, const Rules* r, Frame* f) noexcept nogil
cdef int lg_first_place(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil
cdef void ap_first_place(Game* g, const Rules* r, Frame* f, int a) noexcept nogil
cdef int rs_before_move(Game* g, const Rules* r, Frame* f) noexcept nogil
cdef int lg_before_move(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil
cdef void ap_before_move(Game* g, const Rules* r, Frame* f, int a) noexcept nogil
cdef int lg_move(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil
cdef void ap_move(Game* g, const Rules* r, Frame* f, int a) noexcept nogil
cdef int rs_phase_b(Game* g, const Rules* r, Frame* f) noexcept nogil
cdef int lg_phase_b(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil
cdef void ap_phase_b(Game* g, const Rules* r, Frame* f, int a) noexcept nogil
cdef int rs_action(Game* g, const Rules* r, Frame* f) noexcept nogil
cdef int rs_phase_c(Game* g, const Rules* r, Frame* f) noexcept nogil
