"""Tests of gwt_sim.engine.rng: xoshiro256** seeded through splitmix64, streams, below, shuffles.

Three kinds of checks:
* published reference outputs of splitmix64 and xoshiro256** (the algorithms are the real ones);
* golden values of our own seed derivation, below and shuffle (a change to them shows up here,
  and would change every simulated game);
* statistics (chi-square uniformity, stream correlation) with fixed seeds, so they are
  deterministic.
A small pure-Python reference implementation below gives a second, independent opinion.
"""

import copy
import itertools
import pickle

import numpy as np
import pytest
from scipy.stats import chisquare

from gwt_sim.engine import rng as rng_mod

# Names bound from the module (a `from gwt_sim.engine.rng import ...` of the compiled module is
# classified as third-party by ruff's isort, as no gwt_sim/engine/rng.py exists).
Rng = rng_mod.Rng
derive_seed = rng_mod.derive_seed
derive_game_seed = rng_mod.derive_game_seed
STREAM_SETUP = rng_mod.STREAM_SETUP
STREAM_MARKET = rng_mod.STREAM_MARKET
STREAM_OBJECTIVES = rng_mod.STREAM_OBJECTIVES
STREAM_BAGS = rng_mod.STREAM_BAGS
STREAM_VARIANT = rng_mod.STREAM_VARIANT
STREAM_SAM_DECK = rng_mod.STREAM_SAM_DECK
STREAM_PLAYER_DECK = rng_mod.STREAM_PLAYER_DECK
STREAM_POLICY = rng_mod.STREAM_POLICY

M64 = (1 << 64) - 1
M32 = (1 << 32) - 1
GAMMA = 0x9E3779B97F4A7C15
P_MIN = 1e-4

# --- published reference vectors ----------------------------------------------------------

# splitmix64, seed 1234567: the first five outputs. Rosetta Code task
# "Pseudo-random numbers/Splitmix64" (quoted e.g. in the tests of
# arithmetic-type JS packages: "https://rosettacode.org/wiki/Pseudo-random_numbers/Splitmix64").
SPLITMIX_1234567 = [
    6457827717110365317,
    3203168211198807973,
    9817491932198370423,
    4593380528125082431,
    16408922859458223821,
]

# splitmix64, seed 1477776061723855037: first 12 of the 50 outputs in the Rust rand_xoshiro
# crate's test (rust-random/rngs, rand_xoshiro/src/splitmix64.rs, `fn reference`), "produced
# with the reference implementation http://xoshiro.di.unimi.it/splitmix64.c".
SPLITMIX_RAND_XOSHIRO_SEED = 1477776061723855037
SPLITMIX_RAND_XOSHIRO = [
    1985237415132408290,
    2979275885539914483,
    13511426838097143398,
    8488337342461049707,
    15141737807933549159,
    17093170987380407015,
    16389528042912955399,
    13177319091862933652,
    10841969400225389492,
    17094824097954834098,
    3336622647361835228,
    9678412372263018368,
]

# xoshiro256**, state s = [1, 2, 3, 4]: the first ten outputs. Rust rand_xoshiro crate's test
# (rust-random/rngs, rand_xoshiro/src/xoshiro256starstar.rs, `fn reference`: seed bytes
# 1,0..,2,0..,3,0..,4,0.. read little-endian = s[0..4] = 1, 2, 3, 4), values "produced with the
# reference implementation" of Blackman & Vigna.
XOSHIRO_1234 = [
    11520,
    0,
    1509978240,
    1215971899390074240,
    1216172134540287360,
    607988272756665600,
    16172922978634559625,
    8476171486693032832,
    10595114339597558777,
    2904607092377533576,
]


# --- independent pure-Python reference ----------------------------------------------------


def ref_mix(z):
    z = (z + GAMMA) & M64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
    return z ^ (z >> 31)


def ref_splitmix(seed, count):
    return [ref_mix((seed + k * GAMMA) & M64) for k in range(count)]


def ref_rotl(x, k):
    return ((x << k) | (x >> (64 - k))) & M64


class RefXoshiro:
    def __init__(self, state):
        self.s = list(state)

    def next(self):
        s = self.s
        result = (ref_rotl((s[1] * 5) & M64, 7) * 9) & M64
        t = (s[1] << 17) & M64
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = ref_rotl(s[3], 45)
        return result

    def below(self, n):
        m = (self.next() >> 32) * n
        if (m & M32) < n:
            t = ((1 << 32) - n) % n
            while (m & M32) < t:
                m = (self.next() >> 32) * n
        return m >> 32


def ref_derive_seed(seed, stream):
    return ref_mix(ref_mix(seed) ^ ((stream * 0xD1B54A32D192ED03) & M64))


def ref_derive_game_seed(root, index):
    return ref_mix(ref_mix(root ^ 0x5851F42D4C957F2D) ^ ((index * 0xC13FA9A902A6328F) & M64))


def state_with_first_output(out, s0=0x0123456789ABCDEF, s2=0xFEDCBA9876543210, s3=0x0F1E2D3C4B5A6978):
    """A raw state whose next xoshiro256** output is `out` (the output depends on s[1] only)."""
    y = (out * pow(9, -1, 1 << 64)) & M64
    y = ((y >> 7) | (y << 57)) & M64  # rotr 7
    s1 = (y * pow(5, -1, 1 << 64)) & M64
    return (s0, s1, s2, s3)


def from_state(state):
    r = Rng(0)
    r.setstate(state)
    return r


def floats(r, n):
    return np.fromiter((r.random() for _ in range(n)), dtype=np.float64, count=n)


# --- reference vectors --------------------------------------------------------------------


def test_reference_implementation_matches_published_vectors():
    assert ref_splitmix(1234567, 5) == SPLITMIX_1234567
    assert ref_splitmix(SPLITMIX_RAND_XOSHIRO_SEED, 12) == SPLITMIX_RAND_XOSHIRO
    ref = RefXoshiro([1, 2, 3, 4])
    assert [ref.next() for _ in range(10)] == XOSHIRO_1234


@pytest.mark.parametrize(
    ("seed", "expected"),
    [(1234567, SPLITMIX_1234567), (SPLITMIX_RAND_XOSHIRO_SEED, SPLITMIX_RAND_XOSHIRO)],
)
def test_seeding_is_four_successive_splitmix64_outputs(seed, expected):
    # rng_seed(seed) stores splitmix64 outputs 1..4 from state `seed`; after four steps the
    # splitmix64 state is seed + 4 * GAMMA, so Rng(seed + 4k * GAMMA) exposes outputs 4k+1..4k+4.
    got = []
    for k in range(len(expected) // 4):
        got.extend(Rng((seed + 4 * k * GAMMA) & M64).getstate())
    assert got == expected[: len(got)]
    assert len(got) >= 4


def test_xoshiro256starstar_reference_vector():
    r = from_state((1, 2, 3, 4))
    assert [r.next_u64() for _ in range(10)] == XOSHIRO_1234


def test_seed_zero_state():
    # splitmix64 from state 0: 0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, ... (splitmix64.c).
    assert Rng(0).getstate() == (
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
        0xF88BB8A8724C81EC,
    )


def test_long_run_matches_python_reference():
    for seed in (0, 1, 42, 2**63, M64):
        r = Rng(seed)
        ref = RefXoshiro(ref_splitmix(seed, 4))
        assert [r.next_u64() for _ in range(1000)] == [ref.next() for _ in range(1000)]


# --- our own golden values ----------------------------------------------------------------


def test_stream_ids():
    assert (STREAM_SETUP, STREAM_MARKET, STREAM_OBJECTIVES, STREAM_BAGS, STREAM_VARIANT, STREAM_SAM_DECK) == \
        (1, 2, 3, 4, 5, 6)
    assert (STREAM_PLAYER_DECK, STREAM_POLICY) == (16, 32)
    assert type(STREAM_SETUP) is int and type(STREAM_POLICY) is int
    assert rng_mod.STREAM_IDS["STREAM_BAGS"] == 4


def test_derivation_matches_documented_formulas():
    for seed, k in [(0, 0), (42, 1), (42, 35), (M64, M64), (123456789, 2**40 + 3)]:
        assert derive_seed(seed, k) == ref_derive_seed(seed, k)
        assert derive_game_seed(seed, k) == ref_derive_game_seed(seed, k)
        assert Rng.stream(seed, k) == Rng(ref_derive_seed(seed, k))


def test_derivation_golden_values():
    assert derive_seed(0, 0) == 12035550249420947055
    assert derive_seed(42, STREAM_SETUP) == 8773905803608164222
    assert derive_game_seed(0, 0) == 13824480848720109111
    assert derive_game_seed(42, 0) == 3782005111412203864
    assert derive_game_seed(42, 1) == 36601604377097897
    assert Rng.stream(42, STREAM_SETUP).next_u64() == 4196231180709625518


def test_below_and_shuffle_golden_values():
    r = Rng(7)
    assert [r.below(10) for _ in range(10)] == [7, 2, 8, 9, 9, 8, 0, 1, 4, 1]
    lst = list(range(10))
    Rng(2024).shuffle(lst)
    assert lst == [2, 3, 8, 5, 6, 4, 1, 9, 7, 0]


def test_game_and_stream_derivations_differ():
    for s in (0, 1, 42):
        for k in range(8):
            assert derive_game_seed(s, k) != derive_seed(s, k)
    seeds = {derive_seed(42, k) for k in range(64)} | {derive_game_seed(42, k) for k in range(64)}
    assert len(seeds) == 128


# --- below ----------------------------------------------------------------------------------


def test_below_matches_reference_and_range():
    rng = Rng(99)
    for n in [1, 2, 3, 7, 10, 1000, 2**31 + 1, 3 * 2**30, M32]:
        ref = RefXoshiro(rng.getstate())
        for _ in range(200):
            v = rng.below(n)
            assert 0 <= v < n
            assert v == ref.below(n)
        assert rng.getstate() == tuple(ref.s)  # same number of draws consumed


def test_below_one_is_zero_and_consumes_one_draw():
    r = Rng(5)
    c = r.clone()
    assert [r.below(1) for _ in range(10)] == [0] * 10
    for _ in range(10):
        c.next_u64()
    assert r == c


def test_below_rejects_biased_draw():
    # n = 3 * 2**30: the rejection threshold 2**32 mod n is 2**30. A first draw with top 32 bits 0
    # gives low word 0 < 2**30, so it must be rejected and the second draw used instead.
    n = 3 * 2**30
    state = state_with_first_output(0)
    r = from_state(state)
    assert r.clone().next_u64() == 0
    probe = from_state(state)
    probe.next_u64()
    second = probe.next_u64()
    assert r.below(n) == ((second >> 32) * n) >> 32 == RefXoshiro(state).below(n)
    assert r == probe  # exactly two draws consumed
    # A draw whose low word is >= threshold is accepted without a second draw.
    x = 5  # x * n = 15 * 2**30 = 3 * 2**32 + 3 * 2**30: low word 3 * 2**30 >= 2**30, result 3
    r = from_state(state_with_first_output(x << 32))
    c = r.clone()
    assert r.below(n) == (x * n) >> 32 == 3
    c.next_u64()
    assert r == c


@pytest.mark.parametrize(
    ("n", "draws", "seed"),
    [(2, 20_000, 1), (3, 30_000, 2), (7, 35_000, 3), (10, 50_000, 4), (1000, 200_000, 5)],
)
def test_below_uniform_small(n, draws, seed):
    r = Rng(seed)
    counts = np.bincount([r.below(n) for _ in range(draws)], minlength=n)
    assert counts.shape == (n,)
    assert chisquare(counts).pvalue > P_MIN


def bucket_expected(n, k):
    """Exact sizes of the buckets b = v * k // n for v in [0, n)."""
    edges = [-(-b * n // k) for b in range(k + 1)]  # ceil(b * n / k)
    return np.diff(edges)


@pytest.mark.parametrize("n", [2**31 + 1, 3 * 2**30, M32, 10**9 + 7])
def test_below_uniform_large_bucketed(n):
    # 3 * 2**30 is where a plain `x mod n` of a 32-bit x would be badly biased (low third of the
    # range twice as likely); bucketing into 3 * 16 buckets would see it.
    k = 48
    draws = 48_000
    r = Rng(n)
    counts = np.bincount([r.below(n) * k // n for _ in range(draws)], minlength=k)
    sizes = bucket_expected(n, k)
    assert sizes.sum() == n
    expected = sizes / n * draws
    assert chisquare(counts, expected).pvalue > P_MIN


def test_random_is_top_53_bits():
    r = Rng(11)
    c = r.clone()
    for _ in range(100):
        x = r.random()
        assert 0.0 <= x < 1.0
        assert x == (c.next_u64() >> 11) / 2.0**53
    xs = floats(Rng(12), 50_000)
    assert abs(xs.mean() - 0.5) < 0.01
    counts = np.histogram(xs, bins=20, range=(0.0, 1.0))[0]
    assert chisquare(counts).pvalue > P_MIN


# --- shuffles --------------------------------------------------------------------------------


PERMS4 = {p: i for i, p in enumerate(itertools.permutations(range(4)))}


def test_shuffle_list_permutations_uniform():
    r = Rng(2025)
    counts = np.zeros(24, dtype=np.int64)
    for _ in range(24_000):
        a = [0, 1, 2, 3]
        r.shuffle(a)
        counts[PERMS4[tuple(a)]] += 1
    assert counts.min() > 0
    assert chisquare(counts).pvalue > P_MIN


@pytest.mark.parametrize("dtype", [np.int8, np.int16, np.int32])
def test_shuffle_c_permutations_uniform(dtype):
    r = Rng(2026)
    counts = np.zeros(24, dtype=np.int64)
    start = np.arange(4, dtype=dtype)
    for _ in range(24_000):
        # Start from the identity every time: reshuffling one array would be a random walk whose
        # stationary distribution is uniform even for a biased shuffle.
        a = start.copy()
        r.shuffle_array(a)
        counts[PERMS4[tuple(int(v) for v in a)]] += 1
    assert chisquare(counts).pvalue > P_MIN


@pytest.mark.parametrize("dtype", [np.int8, np.int16, np.int32])
@pytest.mark.parametrize("n", [0, 1, 2, 5, 52, 127])
def test_shuffle_list_agrees_with_c_shuffle(dtype, n):
    for seed in (0, 3, 12345):
        r_list, r_arr = Rng(seed), Rng(seed)
        lst = list(range(n))
        arr = np.arange(n, dtype=dtype)
        r_list.shuffle(lst)
        r_arr.shuffle_array(arr)
        assert arr.tolist() == lst
        assert sorted(lst) == list(range(n))
        assert r_list == r_arr  # same draws consumed
    if n <= 1:
        r = Rng(1)
        r.shuffle(list(range(n)))
        assert r == Rng(1)  # no draws for an empty or single-element sequence


def test_shuffle_matches_reference_fisher_yates():
    r = Rng(77)
    ref = RefXoshiro(r.getstate())
    lst = list(range(30))
    r.shuffle(lst)
    expected = list(range(30))
    for i in range(29, 0, -1):
        j = ref.below(i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert lst == expected


def test_shuffle_array_rejects_other_dtypes():
    with pytest.raises(TypeError):
        Rng(1).shuffle_array(np.arange(4, dtype=np.int64))


# --- streams -----------------------------------------------------------------------------------

STREAMS = [STREAM_SETUP, STREAM_MARKET, STREAM_OBJECTIVES, STREAM_BAGS, STREAM_VARIANT, STREAM_SAM_DECK] + [
    base + seat for base in (STREAM_PLAYER_DECK, STREAM_POLICY) for seat in range(4)
]


def assert_uncorrelated(samples):
    firsts = [s[:8].tolist() for s in samples]
    assert len({tuple(f) for f in firsts}) == len(samples)  # all sequences differ
    corr = np.corrcoef(np.vstack(samples))
    off_diag = corr[~np.eye(len(samples), dtype=bool)]
    assert np.abs(off_diag).max() < 0.02


def test_streams_of_one_game_are_uncorrelated():
    n = 100_000
    assert_uncorrelated([floats(Rng.stream(42, s), n) for s in STREAMS])


def test_adjacent_games_are_uncorrelated():
    n = 100_000
    games = [derive_game_seed(7, i) for i in range(6)]
    assert len(set(games)) == 6
    assert_uncorrelated([floats(Rng.stream(g, STREAM_MARKET), n) for g in games])
    # raw adjacent seeds too (splitmix64 seeding decorrelates them)
    assert_uncorrelated([floats(Rng(s), n) for s in range(4)])


# --- determinism, cloning, state -------------------------------------------------------------


def test_same_seed_same_sequence():
    a, b = Rng(31337), Rng(31337)
    assert a == b
    assert [a.next_u64() for _ in range(100)] == [b.next_u64() for _ in range(100)]
    assert Rng(31337) != Rng(31338)
    assert Rng.stream(5, STREAM_BAGS) == Rng.stream(5, STREAM_BAGS)


def test_clone_continues_identically_and_independently():
    a = Rng(8)
    for _ in range(5):
        a.next_u64()
    b = a.clone()
    assert b is not a and b == a
    seq_a = [a.below(1000) for _ in range(50)]
    assert b != a  # advancing a did not advance b
    assert [b.below(1000) for _ in range(50)] == seq_a
    assert copy.copy(a) == a and copy.deepcopy(a) == a


def test_getstate_setstate_round_trip():
    a = Rng(9)
    a.next_u64()
    st = a.getstate()
    assert isinstance(st, tuple) and len(st) == 4 and all(type(w) is int for w in st)
    tail = [a.next_u64() for _ in range(20)]
    b = Rng(0)
    b.setstate(st)
    assert b.getstate() == st
    assert [b.next_u64() for _ in range(20)] == tail
    assert Rng.from_state(st).getstate() == st
    c = pickle.loads(pickle.dumps(Rng.from_state(st)))
    assert c.getstate() == st


def test_rng_is_unhashable_and_eq_with_other_types():
    with pytest.raises(TypeError):
        hash(Rng(1))
    assert Rng(1) != 1
    assert Rng(1) != (Rng(1).getstate())


# --- bad input -----------------------------------------------------------------------------------


@pytest.mark.parametrize("bad", [-1, 2**64, 2**70, 1.5, "3", None, True])
def test_bad_seed_raises(bad):
    with pytest.raises(ValueError, match=r"2\*\*64"):
        Rng(bad)
    with pytest.raises(ValueError):
        Rng.stream(bad, STREAM_SETUP)
    with pytest.raises(ValueError):
        Rng.stream(1, bad)
    with pytest.raises(ValueError):
        derive_seed(bad, 1)
    with pytest.raises(ValueError):
        derive_game_seed(1, bad)


def test_numpy_and_boundary_seeds_accepted():
    assert Rng(np.uint64(2**64 - 1)) == Rng(2**64 - 1)
    assert Rng(np.int64(5)) == Rng(5)
    assert derive_seed(np.uint64(42), np.int32(1)) == derive_seed(42, 1)


@pytest.mark.parametrize("bad", [0, -1, 2**32, 2.0, None])
def test_bad_below_raises(bad):
    r = Rng(1)
    with pytest.raises(ValueError, match="n must be"):
        r.below(bad)
    assert r == Rng(1)  # nothing drawn


def test_bad_state_raises():
    r = Rng(1)
    with pytest.raises(ValueError):
        r.setstate((1, 2, 3))
    with pytest.raises(ValueError):
        r.setstate((0, 0, 0, 0))
    with pytest.raises(ValueError):
        r.setstate((1, 2, 3, 2**64))
    with pytest.raises(ValueError):
        r.setstate((1, 2, 3, -4))
    assert r == Rng(1)  # unchanged after failed setstate
