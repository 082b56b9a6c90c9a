# The solo mode's automated opponent Sam (solo.toml; docs/solo_engine.md): his whole turn as one
# forced decision of his seat (F_SAM_TURN: one legal action, so he never chooses), his card actions (one function per Sam verb, found
# through SAM_VERB_TABLE by op code), his route, his Kansas City steps.

from gwt_sim.engine.state cimport *
from gwt_sim.engine.typedefs cimport i8, i16, i32, u64

ctypedef void (*sam_verb_fn)(Game* g, const Rules* r, int arg) noexcept nogil

# The procedure of each Sam op code (SAM_OP_*): Sam never chooses, each verb applies the rules'
# tie-breaks itself ("nothing happens" is a legal outcome of every verb).
cdef sam_verb_fn SAM_VERB_TABLE[N_SAM_OPS]

# F_SAM_TURN: his turn's one legal action (A_STOP). advance() applies a forced decision itself, so
# a policy never sees his seat; a GameState made with every_decision stops at it, as at any forced
# decision, so that a log sees what his turn changed.
cdef int lg_sam_turn(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil
# Applying it plays the turn: draw his top card (reshuffling an empty deck), move his herder, run the
# card's action, discard the card, then his Kansas City steps if he reached it.
cdef void ap_sam_turn(Game* g, const Rules* r, Frame* f, int a) noexcept nogil

# Locations his herder moves for card `card` (its number, or its step icon as the game stands).
cdef int sam_card_steps(Game* g, const Rules* r, int card) noexcept nogil
# The walk his herder takes for `steps` locations by the route rule (written to walk); returns its length.
cdef int sam_route(Game* g, const Rules* r, int steps, i8* walk) noexcept nogil
# A disc for a city or a station: from his supply (-1), else moved from his station with the fewest VP
# (ties: the lowest number) other than `keep` (that station), or -2 when he has none.
cdef int sam_take_disc(Game* g, const Rules* r, int keep) noexcept nogil
# His Kansas City steps (§8): foresight tiles, delivery, herder back, foresight slid and refilled.
cdef void sam_kansas_city(Game* g, const Rules* r) noexcept nogil
# The seat that plays against Sam.
cdef int human_seat(const Rules* r) noexcept nogil
