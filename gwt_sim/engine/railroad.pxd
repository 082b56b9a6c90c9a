# The railroad: engine moves, station upgrades, the discs they take from the player board, station
# masters, and upgrading a station behind the engine (9b).

from gwt_sim.engine.state cimport *
from gwt_sim.engine.typedefs cimport i8, i16, i32, u64

# Offer the upgrade of the station at railroad position `pos` (if there is one the player has not upgraded).
cdef void offer_upgrade(Game* g, const Rules* r, int pos) noexcept nogil
# Pay for and mark a station upgrade; the station master (if any) and the disc follow as frames.
cdef void start_upgrade(Game* g, const Rules* r, int s) noexcept nogil

cdef int lg_engine(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil
cdef void ap_engine(Game* g, const Rules* r, Frame* f, int a) noexcept nogil
cdef int lg_upgrade(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil
cdef void ap_upgrade(Game* g, const Rules* r, Frame* f, int a) noexcept nogil
cdef int lg_disc(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil
cdef void ap_disc(Game* g, const Rules* r, Frame* f, int a) noexcept nogil
cdef int lg_sm(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil
cdef void ap_sm(Game* g, const Rules* r, Frame* f, int a) noexcept nogil
cdef int lg_station_behind(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil
cdef void ap_station_behind(Game* g, const Rules* r, Frame* f, int a) noexcept nogil
