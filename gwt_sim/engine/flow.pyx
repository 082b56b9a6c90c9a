# cython: embedsignature=True
"""The frame table (resume / legal / apply per kind) and the advance loop (see flow.pxd)."""

from gwt_sim.engine.frames cimport *
from gwt_sim.engine.kansas_city cimport *
from gwt_sim.engine.railroad cimport *
from gwt_sim.engine.sam cimport ap_sam_turn, lg_sam_turn
from gwt_sim.engine.state cimport *
from gwt_sim.engine.turn cimport *
from gwt_sim.engine.typedefs cimport i8, i16, i32, u64
from gwt_sim.engine.verbs cimport *


cdef void sort_actions(i16* a, int n) noexcept nogil:
    cdef int i, j
    cdef i16 v
    for i in range(1, n):
        v = a[i]
        j = i - 1
        while j >= 0 and a[j] > v:
            a[j + 1] = a[j]
            j -= 1
        a[j + 1] = v

cdef int advance(Game* g, const Rules* r, i16* out, Trace* tr=NULL, bint stop_at_forced=False) noexcept nogil:
    cdef Frame* f
    cdef int n
    cdef long guard = 0
    while not g.terminal:
        guard += 1
        if guard > 2000000 or g.sp <= 0:
            g.terminal = 2
            break
        f = top(g)
        if not RESUME[f.kind](g, r, f):
            continue
        n = LEGAL[f.kind](g, r, f, out)
        if n == 0:
            pop(g)
        elif n == 1 and not stop_at_forced:
            if tr != NULL and tr.n < 128:
                tr.kind[tr.n] = f.kind
                tr.player[tr.n] = g.current
                tr.action[tr.n] = out[0]
                tr.turn[tr.n] = g.turn_number
                tr.n += 1
            APPLY[f.kind](g, r, f, out[0])
        else:
            sort_actions(out, n)
            return n
    return 0

# ----------------------------------------------------------------------------- the table

cdef int rs_wait(Game* g, const Rules* r, Frame* f) noexcept nogil:
    """A decision frame with nothing to do before its legal actions are listed."""
    return 1

cdef int lg_none(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil:
    return 0

cdef void ap_none(Game* g, const Rules* r, Frame* f, int a) noexcept nogil:
    pass

cdef void _frame(int kind, resume_fn rs, legal_fn lg, apply_fn ap):
    RESUME[kind] = rs
    LEGAL[kind] = lg
    APPLY[kind] = ap

# turn.pyx
_frame(F_GAME, rs_game, lg_none, ap_none)
_frame(F_TURN, rs_turn, lg_none, ap_none)
_frame(F_FIRST_DISCARD, rs_first_discard, lg_first_discard, ap_first_discard)
_frame(F_FIRST_PLACE, rs_wait, lg_first_place, ap_first_place)
_frame(F_BEFORE_MOVE, rs_before_move, lg_before_move, ap_before_move)
_frame(F_MOVE, rs_wait, lg_move, ap_move)
_frame(F_HERDER, rs_wait, lg_move, ap_move)
_frame(F_PHASE_B, rs_phase_b, lg_phase_b, ap_phase_b)
_frame(F_ACTION, rs_action, lg_none, ap_none)
_frame(F_PHASE_C, rs_phase_c, lg_none, ap_none)
# sam.pyx
_frame(F_SAM_TURN, rs_wait, lg_sam_turn, ap_sam_turn)
# verbs.pyx
_frame(F_DISCARD, rs_discard, lg_discard, ap_discard)
_frame(F_HIRE, rs_wait, lg_hire, ap_hire)
_frame(F_BUY, rs_wait, lg_buy, ap_buy)
_frame(F_BUY_SECOND, rs_wait, lg_buy_second, ap_buy_second)
_frame(F_BUILD, rs_wait, lg_build, ap_build)
_frame(F_OBJ_TAKE, rs_wait, lg_obj_take, ap_obj_take)
_frame(F_AUX_CHOOSE, rs_wait, lg_aux, ap_aux)
_frame(F_BOUNTY, rs_wait, lg_bounty, ap_bounty)
_frame(F_HAZARD, rs_wait, lg_hazard, ap_hazard)
_frame(F_DRAW_COUNT, rs_wait, lg_draw_count, ap_draw_count)
_frame(F_DISCARD_N, rs_discard_n, lg_discard_n, ap_discard_n)
_frame(F_REMOVE_CARDS, rs_remove_cards, lg_remove_cards, ap_remove_cards)
_frame(F_ADJACENT, rs_wait, lg_adjacent, ap_adjacent)
_frame(F_ADJ_ACTIONS, rs_adj_actions, lg_adj_actions, ap_adj_actions)
_frame(F_OPTION, rs_wait, lg_option, ap_option)
_frame(F_EXCHANGE, rs_wait, lg_exchange, ap_exchange)
# railroad.pyx
_frame(F_ENGINE, rs_wait, lg_engine, ap_engine)
_frame(F_UPGRADE, rs_wait, lg_upgrade, ap_upgrade)
_frame(F_DISC, rs_wait, lg_disc, ap_disc)
_frame(F_SM, rs_wait, lg_sm, ap_sm)
_frame(F_STATION_BEHIND, rs_wait, lg_station_behind, ap_station_behind)
# kansas_city.pyx
_frame(F_KC, rs_kc, lg_none, ap_none)
_frame(F_FORESIGHT, rs_wait, lg_foresight, ap_foresight)
_frame(F_INCOME, rs_wait, lg_income, ap_income)
_frame(F_SIMMENTAL, rs_simmental, lg_simmental, ap_simmental)
_frame(F_CITY, rs_wait, lg_city, ap_city)
_frame(F_DELIVER, rs_deliver, lg_none, ap_none)
_frame(F_EXTRA_DELIVERY, rs_wait, lg_extra_delivery, ap_extra_delivery)


def _check_table() -> None:
    """Every kind registered; the Kansas City steps start with one per foresight column."""
    missing = [k for k in range(N_FRAMES) if RESUME[k] == NULL or LEGAL[k] == NULL or APPLY[k] == NULL]
    if missing:
        raise RuntimeError(f"frame kinds without functions: {missing}")
    if <int>KC_INCOME != <int>N_BAGS:
        raise RuntimeError("KC_INCOME must follow one foresight step per bag")


_check_table()
