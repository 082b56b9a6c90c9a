"""Engine random number generator: xoshiro256** seeded through splitmix64.

C level (cimport from gwt_sim.engine.rng): a plain ``Xoshiro256`` struct and ``noexcept nogil``
functions on it (``rng_seed``, ``rng_next``, ``rng_below``, ``rng_uniform``, ``rng_shuffle_*``,
``derive_seed``, ``derive_game_seed``, ``rng_seed_stream``).

Python level: the ``Rng`` class, ``derive_seed``, ``derive_game_seed`` and the ``STREAM_*`` ids.

Algorithms
----------
* splitmix64 (Steele, Lea & Flood; Vigna's splitmix64.c)::

      x += 0x9E3779B97F4A7C15
      z = x
      z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
      z = (z ^ (z >> 27)) * 0x94D049BB133111EB
      return z ^ (z >> 31)

  ``mix(z)`` below is that output for state ``z`` (i.e. the z' += constant step included).
  ``mix`` is a bijection of the 64-bit integers.
* xoshiro256** (Blackman & Vigna, xoshiro256starstar.c), seeded with
  ``s = [sm(), sm(), sm(), sm()]``: four successive splitmix64 outputs from state ``seed``.
  Those four outputs are distinct (mix is a bijection), so the state is never all zero.

Seed derivation (all arithmetic mod 2**64, ``^`` = xor)
-------------------------------------------------------
* ``derive_seed(seed, stream) = mix(mix(seed) ^ (stream * 0xD1B54A32D192ED03))``
* ``derive_game_seed(root, index) = mix(mix(root ^ 0x5851F42D4C957F2D) ^ (index * 0xC13FA9A902A6328F))``

Both are bijective in each argument with the other fixed (so distinct streams of a game, and
distinct games of a run, never share a seed). The game formula xors in a salt before the first
mix and uses another odd multiplier, so ``derive_game_seed(s, i)`` differs from
``derive_seed(s, i)`` (without the salt they would coincide at i == 0).
"""

cimport cython
from libc.stdint cimport int8_t, int16_t, int32_t, uint32_t, uint64_t

import numpy as np

# --- constants ---------------------------------------------------------------------------

# The 64-bit constants are written as literals inside the functions (module-level cdef variables
# would be runtime-initialised globals the C compiler cannot fold):
#   0x9E3779B97F4A7C15  splitmix64 increment (2**64 / golden ratio)
#   0xBF58476D1CE4E5B9, 0x94D049BB133111EB  splitmix64 multipliers
#   0xD1B54A32D192ED03  odd multiplier spreading the stream id (derive_seed)
#   0x5851F42D4C957F2D  salt xored into the root seed (derive_game_seed)
#   0xC13FA9A902A6328F  odd multiplier spreading the game index (derive_game_seed)

cdef object _U64_LIMIT = 1 << 64
cdef object _U32_LIMIT = 1 << 32

# Python-visible copies of the stream ids, as plain ints (the C names are the cdef enum in the
# .pxd; a module cannot bind a Python global of the same name directly, hence globals()).
STREAM_IDS = {
    "STREAM_SETUP": int(STREAM_SETUP),
    "STREAM_MARKET": int(STREAM_MARKET),
    "STREAM_OBJECTIVES": int(STREAM_OBJECTIVES),
    "STREAM_BAGS": int(STREAM_BAGS),
    "STREAM_VARIANT": int(STREAM_VARIANT),
    "STREAM_SAM_DECK": int(STREAM_SAM_DECK),
    "STREAM_PLAYER_DECK": int(STREAM_PLAYER_DECK),
    "STREAM_POLICY": int(STREAM_POLICY),
}
globals().update(STREAM_IDS)


# --- C level -----------------------------------------------------------------------------

cdef inline uint64_t _rotl(uint64_t x, int k) noexcept nogil:
    return (x << k) | (x >> (64 - k))


cdef inline uint64_t splitmix64_mix(uint64_t z) noexcept nogil:
    z += 0x9E3779B97F4A7C15ULL
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)


cdef inline uint64_t splitmix64_next(uint64_t* x) noexcept nogil:
    cdef uint64_t z = x[0]
    x[0] = z + 0x9E3779B97F4A7C15ULL
    return splitmix64_mix(z)


cdef void rng_seed(Xoshiro256* r, uint64_t seed) noexcept nogil:
    cdef uint64_t x = seed
    r.s[0] = splitmix64_next(&x)
    r.s[1] = splitmix64_next(&x)
    r.s[2] = splitmix64_next(&x)
    r.s[3] = splitmix64_next(&x)


cdef inline uint64_t rng_next(Xoshiro256* r) noexcept nogil:
    cdef uint64_t result = _rotl(r.s[1] * 5, 7) * 9
    cdef uint64_t t = r.s[1] << 17
    r.s[2] ^= r.s[0]
    r.s[3] ^= r.s[1]
    r.s[1] ^= r.s[2]
    r.s[0] ^= r.s[3]
    r.s[2] ^= t
    r.s[3] = _rotl(r.s[3], 45)
    return result


@cython.cdivision(True)
cdef inline uint32_t rng_below(Xoshiro256* r, uint32_t n) noexcept nogil:
    # Lemire, "Fast Random Integer Generation in an Interval" (2019): the high word of
    # x * n for a uniform 32-bit x, rejecting the x whose low word falls below 2**32 mod n.
    # The threshold (2**32 - n) mod n == 2**32 mod n is only computed when l < n (so n > 0).
    cdef uint64_t m = (rng_next(r) >> 32) * <uint64_t>n
    cdef uint32_t l = <uint32_t>m
    cdef uint32_t t
    if l < n:
        t = (<uint32_t>0 - n) % n
        while l < t:
            m = (rng_next(r) >> 32) * <uint64_t>n
            l = <uint32_t>m
    return <uint32_t>(m >> 32)


cdef inline double rng_uniform(Xoshiro256* r) noexcept nogil:
    return <double>(rng_next(r) >> 11) * (1.0 / 9007199254740992.0)  # 2**-53


ctypedef fused small_int:
    int8_t
    int16_t
    int32_t


cdef inline void _shuffle(Xoshiro256* r, small_int* a, int n) noexcept nogil:
    """Fisher–Yates: for i = n-1 down to 1, swap a[i] with a[rng_below(r, i + 1)]."""
    cdef int i = n - 1, j
    cdef small_int tmp
    while i > 0:
        j = <int>rng_below(r, <uint32_t>(i + 1))
        tmp = a[i]
        a[i] = a[j]
        a[j] = tmp
        i -= 1


cdef void rng_shuffle_i8(Xoshiro256* r, int8_t* a, int n) noexcept nogil:
    _shuffle(r, a, n)


cdef void rng_shuffle_i16(Xoshiro256* r, int16_t* a, int n) noexcept nogil:
    _shuffle(r, a, n)


cdef void rng_shuffle_i32(Xoshiro256* r, int32_t* a, int n) noexcept nogil:
    _shuffle(r, a, n)


cdef uint64_t derive_seed(uint64_t seed, uint64_t stream) noexcept nogil:
    return splitmix64_mix(splitmix64_mix(seed) ^ (stream * 0xD1B54A32D192ED03ULL))


cdef uint64_t derive_game_seed(uint64_t root_seed, uint64_t game_index) noexcept nogil:
    return splitmix64_mix(splitmix64_mix(root_seed ^ 0x5851F42D4C957F2DULL) ^ (game_index * 0xC13FA9A902A6328FULL))


cdef void rng_seed_stream(Xoshiro256* r, uint64_t game_seed, uint64_t stream) noexcept nogil:
    rng_seed(r, derive_seed(game_seed, stream))


# --- Python level ------------------------------------------------------------------------

cdef uint64_t _as_u64(object value, str what) except? 0:
    """Validate an integer in [0, 2**64) (ints and numpy integers; not bool) -> uint64_t."""
    if isinstance(value, bool):
        raise ValueError(f"{what} must be an int in [0, 2**64), got bool {value!r}")
    try:
        v = value.__index__()
    except (AttributeError, TypeError):
        raise ValueError(
            f"{what} must be an int in [0, 2**64), got {type(value).__name__} {value!r}"
        ) from None
    if v < 0 or v >= _U64_LIMIT:
        raise ValueError(f"{what} must be an int in [0, 2**64), got {v}")
    return <uint64_t>v


def _derive_seed_py(seed, stream):
    """derive_seed(seed, stream) -> int

    Seed of stream ``stream`` of the game with seed ``seed``:
    ``mix(mix(seed) ^ (stream * 0xD1B54A32D192ED03 mod 2**64))`` with mix = one splitmix64 output.
    Both arguments must be ints in [0, 2**64) (ValueError otherwise).
    """
    return derive_seed(_as_u64(seed, "seed"), _as_u64(stream, "stream"))


def _derive_game_seed_py(root_seed, game_index):
    """derive_game_seed(root_seed, game_index) -> int

    Seed of game ``game_index`` of a run with root seed ``root_seed`` (depends on nothing else):
    ``mix(mix(root ^ 0x5851F42D4C957F2D) ^ (index * 0xC13FA9A902A6328F mod 2**64))``.
    Both arguments must be ints in [0, 2**64) (ValueError otherwise).
    """
    return derive_game_seed(_as_u64(root_seed, "root_seed"), _as_u64(game_index, "game_index"))


# The C functions own the names derive_seed / derive_game_seed inside this module; publish the
# validating Python wrappers under the same names for Python callers.
_derive_seed_py.__name__ = _derive_seed_py.__qualname__ = "derive_seed"
_derive_game_seed_py.__name__ = _derive_game_seed_py.__qualname__ = "derive_game_seed"
globals()["derive_seed"] = _derive_seed_py
globals()["derive_game_seed"] = _derive_game_seed_py


def _rng_from_state(state):
    """Unpickling helper: an Rng with raw state ``state`` (tuple of 4 ints)."""
    cdef Rng r = Rng.__new__(Rng)
    r.setstate(state)
    return r


cdef class Rng:
    """xoshiro256** generator (one Xoshiro256 struct), seeded through splitmix64.

    ``Rng(seed)`` seeds with ``rng_seed(seed)``; ``Rng.stream(game_seed, stream_id)`` with
    ``rng_seed(derive_seed(game_seed, stream_id))``. Seeds must be ints in [0, 2**64).
    Draws agree exactly with the C-level functions on the same state.
    """

    def __cinit__(self):
        # Valid non-zero default for Rng.__new__ (e.g. unpickling); __init__ reseeds.
        rng_seed(&self.state, 0)

    def __init__(self, seed):
        rng_seed(&self.state, _as_u64(seed, "seed"))

    @classmethod
    def stream(cls, game_seed, stream_id):
        """Rng for stream ``stream_id`` (a STREAM_* id, + seat where relevant) of a game."""
        cdef uint64_t g = _as_u64(game_seed, "game_seed")
        cdef uint64_t s = _as_u64(stream_id, "stream_id")
        cdef Rng r = Rng.__new__(Rng)
        rng_seed_stream(&r.state, g, s)
        return r

    def next_u64(self):
        """Next raw 64-bit output, an int in [0, 2**64)."""
        return rng_next(&self.state)

    def below(self, n):
        """Unbiased int in [0, n); n must be an int in [1, 2**32)."""
        if isinstance(n, bool):
            raise ValueError(f"n must be an int in [1, 2**32), got bool {n!r}")
        try:
            v = n.__index__()
        except (AttributeError, TypeError):
            raise ValueError(f"n must be an int in [1, 2**32), got {type(n).__name__} {n!r}") from None
        if v < 1 or v >= _U32_LIMIT:
            raise ValueError(f"n must be an int in [1, 2**32), got {v}")
        return rng_below(&self.state, <uint32_t>v)

    def random(self):
        """Float in [0, 1) from the top 53 bits of one draw."""
        return rng_uniform(&self.state)

    def shuffle(self, seq):
        """Shuffle a mutable sequence (e.g. a list) in place.

        Fisher–Yates with ``below``, in the same draw order as the C ``rng_shuffle_*`` functions,
        so a list and an int array with the same contents end in the same order.
        """
        cdef Py_ssize_t i = len(seq) - 1
        cdef Py_ssize_t j
        if i >= _U32_LIMIT:
            raise ValueError("sequence too long to shuffle (max 2**32 elements)")
        while i > 0:
            j = rng_below(&self.state, <uint32_t>(i + 1))
            seq[i], seq[j] = seq[j], seq[i]
            i -= 1

    def shuffle_array(self, a):
        """Shuffle a 1-D C-contiguous numpy int8/int16/int32 array in place with the C shuffles."""
        cdef int8_t[::1] v8
        cdef int16_t[::1] v16
        cdef int32_t[::1] v32
        dt = np.asarray(a).dtype
        if dt == np.int8:
            v8 = a
            rng_shuffle_i8(&self.state, &v8[0] if v8.shape[0] else NULL, <int>v8.shape[0])
        elif dt == np.int16:
            v16 = a
            rng_shuffle_i16(&self.state, &v16[0] if v16.shape[0] else NULL, <int>v16.shape[0])
        elif dt == np.int32:
            v32 = a
            rng_shuffle_i32(&self.state, &v32[0] if v32.shape[0] else NULL, <int>v32.shape[0])
        else:
            raise TypeError(f"shuffle_array needs an int8, int16 or int32 array, got dtype {dt}")

    def getstate(self):
        """The raw state (s0, s1, s2, s3) as a tuple of 4 ints."""
        return (self.state.s[0], self.state.s[1], self.state.s[2], self.state.s[3])

    def setstate(self, state):
        """Set the raw state from a tuple of 4 ints in [0, 2**64), not all zero."""
        cdef uint64_t w[4]
        if len(state) != 4:
            raise ValueError(f"state must have 4 words, got {len(state)}")
        for k in range(4):
            w[k] = _as_u64(state[k], f"state[{k}]")
        if w[0] == 0 and w[1] == 0 and w[2] == 0 and w[3] == 0:
            raise ValueError("state must not be all zero (xoshiro256** would output only zeros)")
        for k in range(4):
            self.state.s[k] = w[k]

    @classmethod
    def from_state(cls, state):
        """An Rng with raw state ``state`` (tuple of 4 ints in [0, 2**64), not all zero)."""
        return _rng_from_state(state)

    def clone(self):
        """An independent copy that continues with the same sequence."""
        cdef Rng r = Rng.__new__(Rng)
        r.state = self.state
        return r

    def __copy__(self):
        return self.clone()

    def __deepcopy__(self, memo):
        return self.clone()

    def __reduce__(self):
        return (_rng_from_state, (self.getstate(),))

    def __eq__(self, other):
        if not isinstance(other, Rng):
            return NotImplemented
        cdef Rng o = <Rng>other
        return (self.state.s[0] == o.state.s[0] and self.state.s[1] == o.state.s[1]
                and self.state.s[2] == o.state.s[2] and self.state.s[3] == o.state.s[3])

    __hash__ = None  # mutable

    def __repr__(self):
        return "Rng.from_state(({:#018x}, {:#018x}, {:#018x}, {:#018x}))".format(*self.getstate())
