# The action vocabulary (one function per verb, found through VERB_TABLE by op code) and the
# decision frames the verbs push: discards, hiring, buying cattle, building, objective cards,
# auxiliary actions, section tiles (outlaw bounties, trades with Indians), hazards, drawing and
# removing cards, adjacent buildings, either/or, and the exchange token.

from gwt_sim.engine.state cimport *
from gwt_sim.engine.typedefs cimport i8, i16, i32, u64

ctypedef void (*verb_fn)(Game* g, const Rules* r, int pl, const i16* a) noexcept nogil

# The verb of each op code (OP_*): it finishes at once or pushes the frame that finishes it.
cdef verb_fn VERB_TABLE[N_OPS]

# Can the action's requirements (payments, discards, exact backward engine moves) be met in full?
cdef int action_feasible(Game* g, const Rules* r, int pl, int action) noexcept nogil

# An action the player may use now or lose (worker-row spaces): offered when it has a requirement.
cdef void push_optional_action(Game* g, const Rules* r, int action) noexcept nogil

# Objective cards played from hand and exchange tokens, allowed at several decision points of a turn.
cdef int offer_exchange(Game* g, const Rules* r, int pl, i16* out, int n) noexcept nogil
cdef int offer_objectives_and_exchange(Game* g, const Rules* r, int pl, i16* out, int n) noexcept nogil
cdef int common_turn_action(Game* g, const Rules* r, int pl, int a) noexcept nogil
cdef void use_exchange(Game* g, const Rules* r, int pl) noexcept nogil

# ----------------------------------------------------------------------------- frame functions

cdef int lg_first_discard(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil
cdef void ap_first_discard(Game* g, const Rules* r, Frame* f, int a) noexcept nogil
cdef int rs_discard(Game* g, const Rules* r, Frame* f) noexcept nogil
cdef int lg_discard(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil
cdef void ap_discard(Game* g, const Rules* r, Frame* f, int a) noexcept nogil
cdef int lg_draw_count(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil
cdef void ap_draw_count(Game* g, const Rules* r, Frame* f, int a) noexcept nogil
cdef int rs_discard_n(Game* g, const Rules* r, Frame* f) noexcept nogil
cdef int lg_discard_n(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil
cdef void ap_discard_n(Game* g, const Rules* r, Frame* f, int a) noexcept nogil
cdef int rs_remove_cards(Game* g, const Rules* r, Frame* f) noexcept nogil
cdef int lg_remove_cards(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil
cdef void ap_remove_cards(Game* g, const Rules* r, Frame* f, int a) noexcept nogil
cdef int lg_exchange(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil
cdef void ap_exchange(Game* g, const Rules* r, Frame* f, int a) noexcept nogil
cdef int lg_hire(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil
cdef void ap_hire(Game* g, const Rules* r, Frame* f, int a) noexcept nogil
cdef int lg_buy(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil
cdef void ap_buy(Game* g, const Rules* r, Frame* f, int a) noexcept nogil
cdef int lg_buy_second(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil
cdef void ap_buy_second(Game* g, const Rules* r, Frame* f, int a) noexcept nogil
cdef int lg_build(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil
cdef void ap_build(Game* g, const Rules* r, Frame* f, int a) noexcept nogil
cdef int lg_obj_take(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil
cdef void ap_obj_take(Game* g, const Rules* r, Frame* f, int a) noexcept nogil
cdef int lg_aux(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil
cdef void ap_aux(Game* g, const Rules* r, Frame* f, int a) noexcept nogil
cdef int lg_bounty(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil
cdef void ap_bounty(Game* g, const Rules* r, Frame* f, int a) noexcept nogil
cdef int lg_hazard(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil
cdef void ap_hazard(Game* g, const Rules* r, Frame* f, int a) noexcept nogil
cdef int lg_adjacent(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil
cdef void ap_adjacent(Game* g, const Rules* r, Frame* f, int a) noexcept nogil
cdef int rs_adj_actions(Game* g, const Rules* r, Frame* f) noexcept nogil
cdef int lg_adj_actions(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil
cdef void ap_adj_actions(Game* g, const Rules* r, Frame* f, int a) noexcept nogil
cdef int lg_option(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil
cdef void ap_option(Game* g, const Rules* r, Frame* f, int a) noexcept nogil
