"""Policies: the engine asks one for an action at each decision of its seat."""

from gwt_sim.engine.rng cimport STREAM_POLICY, rng_below, rng_seed_stream
from gwt_sim.engine.state cimport MAX_LEGAL


cdef class Policy:
    """Base class. Subclass in Python and override `choose(state, legal) -> action`, or in Cython
    and override `choose_c`. `reset` is called at the start of every game with the game seed and
    the seat, and seeds `self.rng` (use `self.random_below(n)` from Python)."""

    name = "policy"

    def __init__(self, **params):
        if params:
            raise ValueError(f"{type(self).__name__} takes no parameters, got {', '.join(params)}")

    cpdef void reset(self, u64 game_seed, int seat):
        self.seat = seat
        rng_seed_stream(&self.rng, game_seed, STREAM_POLICY + seat)

    cdef int choose_c(self, GameState state, const i16* legal, int n) except? -1:
        return self.choose(state, [legal[i] for i in range(n)])

    cpdef int choose(self, GameState state, list legal) except? -1:
        raise NotImplementedError(f"{type(self).__name__} must implement choose(state, legal)")

    def random_below(self, int n) -> int:
        """A uniform integer in [0, n) from this seat's policy stream."""
        if n < 1:
            raise ValueError("n must be >= 1")
        return rng_below(&self.rng, n)


cdef class CompiledPolicy(Policy):
    """Base of policies written in Cython: they override only `choose_c`; `choose`, the Python entry
    point, hands it the legal actions as a C buffer."""

    cpdef int choose(self, GameState state, list legal) except? -1:
        cdef i16 buf[MAX_LEGAL]
        cdef int i, n = len(legal)
        if n > MAX_LEGAL:
            raise ValueError(f"{n} legal actions, at most {MAX_LEGAL}")
        for i in range(n):
            buf[i] = legal[i]
        return self.choose_c(state, buf, n)


cdef class RandomPolicy(Policy):
    """Uniformly random among the legal actions (its own seeded stream)."""

    name = "random"

    cdef int choose_c(self, GameState state, const i16* legal, int n) except? -1:
        return legal[rng_below(&self.rng, n)]

    cpdef int choose(self, GameState state, list legal) except? -1:
        return legal[rng_below(&self.rng, len(legal))]
