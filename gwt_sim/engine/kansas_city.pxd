# Kansas City: foresight tiles, income, Simmental upgrades, the delivery city and the delivery
# itself (discs, arrows, the city's effect, transport cost), and the extraordinary delivery (9a).

from gwt_sim.engine.state cimport *
from gwt_sim.engine.typedefs cimport i8, i16, i32, u64

# After a Kansas City visit (anybody's): refill the foresight spaces (solo mode: slide down first).
cdef void refill_foresight(Game* g, const Rules* r) noexcept nogil
# Arrows that fire when `pl` has just put a disc on city c (its first there): action index per arrow.
cdef int arrows_fired(Game* g, const Rules* r, int pl, int c, int* actions) noexcept nogil

cdef int rs_kc(Game* g, const Rules* r, Frame* f) noexcept nogil
cdef int lg_foresight(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil
cdef void ap_foresight(Game* g, const Rules* r, Frame* f, int a) noexcept nogil
cdef int lg_income(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil
cdef void ap_income(Game* g, const Rules* r, Frame* f, int a) noexcept nogil
cdef int rs_simmental(Game* g, const Rules* r, Frame* f) noexcept nogil
cdef int lg_simmental(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil
cdef void ap_simmental(Game* g, const Rules* r, Frame* f, int a) noexcept nogil
cdef int lg_city(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil
cdef void ap_city(Game* g, const Rules* r, Frame* f, int a) noexcept nogil
cdef int rs_deliver(Game* g, const Rules* r, Frame* f) noexcept nogil
cdef int lg_extra_delivery(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil
cdef void ap_extra_delivery(Game* g, const Rules* r, Frame* f, int a) noexcept nogil
