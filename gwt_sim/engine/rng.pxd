# Engine random number generator: xoshiro256** (Blackman & Vigna) seeded through splitmix64.
#
# Everything here is plain C: the state is a 32-byte struct with no pointers, so the engine can
# embed it in its own flat state struct and clone it with memcpy. All functions are
# `noexcept nogil` and never allocate. See rng.pyx for the exact seed-derivation formulas.

from libc.stdint cimport int8_t, int16_t, int32_t, uint32_t, uint64_t

# Stream ids: every random decision of a game draws from one named stream, whose seed is
# derive_seed(game_seed, stream id). Also exported to Python as plain ints of the same names.
cdef enum:
    STREAM_SETUP = 1         # game setup (start player, initial hands, tiles, ...)
    STREAM_MARKET = 2        # market cattle deck
    STREAM_OBJECTIVES = 3    # objective card deck
    STREAM_BAGS = 4          # Kansas City bags (worker / hazard / teepee tiles)
    STREAM_VARIANT = 5       # per-game variant draws: random building sides, neutral layout, station masters
    STREAM_SAM_DECK = 6      # the solo mode's Sam: his deck (setup shuffle and reshuffles)
    STREAM_PLAYER_DECK = 16  # + seat index 0..3: each player's own cattle deck
    STREAM_POLICY = 32       # + seat index 0..3: each player's strategy / policy randomness

# xoshiro256** state: four 64-bit words, never all zero (rng_seed guarantees that).
cdef struct Xoshiro256:
    uint64_t s[4]

# One splitmix64 step: advance *x by 0x9E3779B97F4A7C15 and return the mixed new value.
cdef uint64_t splitmix64_next(uint64_t* x) noexcept nogil

# Stateless splitmix64 mix: the output splitmix64_next would return from state z (z unchanged).
cdef uint64_t splitmix64_mix(uint64_t z) noexcept nogil

# Seed the generator: s[0..3] = four successive splitmix64 outputs from state `seed`.
cdef void rng_seed(Xoshiro256* r, uint64_t seed) noexcept nogil

# Next 64-bit output of xoshiro256** (advances the state).
cdef uint64_t rng_next(Xoshiro256* r) noexcept nogil

# Unbiased integer in [0, n) for n >= 1 (Lemire's multiply-and-reject on the top 32 bits of a
# draw; consumes one draw, rarely more). n == 0 is invalid: it returns 0 after one draw.
cdef uint32_t rng_below(Xoshiro256* r, uint32_t n) noexcept nogil

# Double in [0, 1) from the top 53 bits of one draw.
cdef double rng_uniform(Xoshiro256* r) noexcept nogil

# In-place Fisher–Yates shuffles of a[0..n): for i = n-1 down to 1, swap a[i] with
# a[rng_below(r, i + 1)]. The same draw order as Rng.shuffle on a Python list. n <= 1: no draws.
cdef void rng_shuffle_i8(Xoshiro256* r, int8_t* a, int n) noexcept nogil
cdef void rng_shuffle_i16(Xoshiro256* r, int16_t* a, int n) noexcept nogil
cdef void rng_shuffle_i32(Xoshiro256* r, int32_t* a, int n) noexcept nogil

# Seed of stream `stream` of a game: mix(mix(seed) ^ (stream * 0xD1B54A32D192ED03)),
# mix = splitmix64_mix, all arithmetic mod 2**64.
cdef uint64_t derive_seed(uint64_t seed, uint64_t stream) noexcept nogil

# Seed of game `index` of a run: mix(mix(root ^ 0x5851F42D4C957F2D) ^ (index * 0xC13FA9A902A6328F)).
cdef uint64_t derive_game_seed(uint64_t root_seed, uint64_t game_index) noexcept nogil

# rng_seed(r, derive_seed(game_seed, stream)).
cdef void rng_seed_stream(Xoshiro256* r, uint64_t game_seed, uint64_t stream) noexcept nogil


# Python-facing wrapper around one Xoshiro256 (see rng.pyx for its methods).
cdef class Rng:
    cdef Xoshiro256 state  # the wrapped generator; C code may use &rng.state directly
