# Final scoring (the 11 categories of the scoresheet, gwt_sim.schema.SCORE_CATEGORIES) and the
# numeric game record (columns gwt_sim.schema.game_columns / player_columns).

from gwt_sim.engine.state cimport *
from gwt_sim.engine.typedefs cimport i8, i16, i32, u64

# The 11 categories of one player as the game stands; returns the total. Reads the player's whole
# deck, so policies use it only for their own seat. Also sets g.sm_points[pl].
cdef int score_player(Game* g, const Rules* r, int pl, i16* sc) noexcept nogil
# Best objective-card plan: category 7 without station-master VP; area_cards gets the cards in the area.
cdef int score_objectives(Game* g, const Rules* r, int pl, int* area_cards) noexcept nogil
# Score every player into g.score / g.total.
cdef void final_scoring(Game* g, const Rules* r) noexcept nogil

# The record's widths (columns of the game row and of one player row) for these rules.
cdef int game_record_width(const Rules* r) noexcept nogil
cdef int player_record_width(const Rules* r) noexcept nogil
# Write the record of a finished game: one game row, g.n_players player rows (row-major).
cdef void fill_record(Game* g, const Rules* r, i32* game_row, i32* player_rows) noexcept nogil
