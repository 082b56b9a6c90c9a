# The policy interface the engine calls. Compiled policies override `choose_c`; plain-Python
# policies override `choose` (one Python call per decision, still correct).
from gwt_sim.engine.game cimport GameState
from gwt_sim.engine.rng cimport Xoshiro256
from gwt_sim.engine.typedefs cimport i16, u64


cdef class Policy:
    cdef Xoshiro256 rng            # this seat's own stream: derive(game seed, STREAM_POLICY + seat)
    cdef public int seat
    cdef int choose_c(self, GameState state, const i16* legal, int n) except? -1
    cpdef void reset(self, u64 game_seed, int seat)
    cpdef int choose(self, GameState state, list legal) except? -1


cdef class CompiledPolicy(Policy):
    pass                           # Cython policies: override choose_c only


cdef class RandomPolicy(Policy):
    pass


cdef class EngineSeat(CompiledPolicy):
    pass                           # the seat the engine plays (Sam): raises if asked to decide


cpdef int policy_choice(Policy policy, GameState state, list legal) except? -1

# A subclass whose __init__ skips `base`'s lacks what that __init__ makes (`part` is None).
cdef int check_built(Policy policy, object part, type base) except -1
