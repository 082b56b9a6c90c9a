"""Statistics for the reports: intervals, tests, effect sizes, power, multiple-testing control, strengths.

Everything works on aggregates (counts, means, variances) so the reports never loop over rows, and the
numbers come from statsmodels and scipy wherever they have them:

* `wilson` — Wilson score 95% interval for a proportion (statsmodels ``proportion_confint``; fractional
  counts allowed, for win shares with ties).
* `prop_test_vs_par` — two-sided score z-test of a proportion against a fixed value (par = 1/N;
  statsmodels ``proportions_ztest`` with the variance under the null); `chi2_vs_par` — chi-square
  goodness of fit of win shares by seat against equal shares (scipy ``chisquare``), and
  `clustered_equal_shares` the same question when several games play each seed (a cluster-robust Wald
  F-test, as statsmodels' ``f_test`` under ``cov_type="cluster"``).
* `two_prop_test` — difference of two independent proportions: Wald interval
  (``confint_proportions_2indep``), pooled z-test (``proportions_ztest``), Cohen's h
  (``proportion_effectsize``).
* `welch` — difference of two means from their summaries: Welch t-test (scipy
  ``ttest_ind_from_stats``), interval on the same t distribution, Cohen's d; `paired` — mean of paired
  differences (common random numbers across arms): t-test and interval; `paired_clustered` the same
  when several pairs share a seed (strategy pools, rotations), with cluster-robust errors.
* `clustered_diff` — difference of two means over rows that come in clusters (the games and players
  of one seed, which its strategy pools or rotations replay): cluster-robust (CR1) standard error,
  t with clusters − 1 degrees of freedom; the same as statsmodels' ``OLS(cov_type="cluster")`` on a
  group dummy up to its small-sample factor, from per-cluster sums so that no rows are collected;
  `clustered_mean` and `t_interval` the same for one mean (a win share against par), and
  `wilson_clustered` Wilson's interval for a proportion of such rows (a build or take rate) at its
  effective number of rows.
* `adjust` — Holm or Benjamini–Hochberg adjusted p-values (statsmodels ``multipletests``).
* `ols_hc1` — least squares with heteroscedasticity-robust (HC1) covariance (statsmodels ``OLS``),
  and `contrasts_vs_rest` — each coefficient against the mean of the others (``t_test``), used to split
  a per-game total over the station-master tiles drawn in that game.
* Minimum detectable effects at 80% power (statsmodels ``TTestIndPower``, ``TTestPower``,
  ``NormalIndPower``): `mde_means`, `mde_paired`, `mde_se`, `mde_share_vs`, `mde_two_shares` — the
  size a test at the data's n would find four times out of five; smaller effects may go unseen.
* `bradley_terry` — strengths from pairwise wins by Hunter's (2004) MM algorithm, with standard errors
  of the log-strengths from the observed Fisher information (no library fits it from a win matrix).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
from scipy import stats as sps

if TYPE_CHECKING:
    from numpy.typing import ArrayLike
    from statsmodels.regression.linear_model import RegressionResultsWrapper

Z95 = float(sps.norm.ppf(0.975))
ALPHA = 0.05
POWER = 0.8


def wilson(successes: ArrayLike, n: ArrayLike) -> tuple[np.ndarray, np.ndarray] | tuple[float, float]:
    """Wilson score 95% interval (low, high) for successes out of n (arrays or scalars; n = 0 gives NaN)."""
    from statsmodels.stats.proportion import proportion_confint

    x = np.asarray(successes, dtype=float)
    n = np.asarray(n, dtype=float)
    with np.errstate(invalid="ignore", divide="ignore"):
        lo, hi = proportion_confint(x, np.where(n > 0, n, np.nan), alpha=ALPHA, method="wilson")
    return np.clip(lo, 0, 1), np.clip(hi, 0, 1)


def prop_test_vs_par(successes: ArrayLike, n: ArrayLike,
                     par: ArrayLike) -> tuple[np.ndarray, np.ndarray] | tuple[float, float]:
    """Two-sided score test of a proportion against `par` (z statistic, p-value), element-wise."""
    from statsmodels.stats.proportion import proportions_ztest

    x, n, par = np.broadcast_arrays(*(np.asarray(a, dtype=float) for a in (successes, n, par)))
    z = np.full(x.shape, np.nan)
    p = np.full(x.shape, np.nan)
    for i in np.ndindex(x.shape):
        if n[i] > 0 and 0 < par[i] < 1:
            z[i], p[i] = proportions_ztest(x[i], n[i], value=par[i], prop_var=par[i])
    return (z, p) if z.ndim else (float(z), float(p))


def chi2_vs_par(observed: ArrayLike) -> tuple[float, float]:
    """Chi-square goodness of fit of counts (e.g. summed win shares per seat) against equal shares."""
    res = sps.chisquare(np.asarray(observed, dtype=float))
    return float(res.statistic), float(res.pvalue)


def cohens_h(p1: ArrayLike, p2: ArrayLike) -> np.ndarray | float:
    """Cohen's h = 2·asin(√p1) − 2·asin(√p2) (0.2 small, 0.5 medium, 0.8 large)."""
    from statsmodels.stats.proportion import proportion_effectsize

    return proportion_effectsize(np.asarray(p1, float), np.asarray(p2, float))


@dataclass
class Diff:
    """A difference (second minus first) with its interval, test, effect size and the minimum
    detectable effect of its test (same unit as the estimate; NaN until a section sets it)."""

    estimate: float
    low: float
    high: float
    p: float
    effect: float          # Cohen's d (means) or h (proportions)
    n1: int
    n2: int
    mde: float = math.nan

    @property
    def se(self) -> float:
        return (self.high - self.low) / (2 * Z95)


def two_prop_test(x1: float, n1: float, x2: float, n2: float) -> Diff:
    """p2 − p1 with a Wald 95% interval, a pooled two-sided z-test and Cohen's h."""
    from statsmodels.stats.proportion import confint_proportions_2indep, proportions_ztest

    if n1 <= 0 or n2 <= 0:
        return Diff(math.nan, math.nan, math.nan, math.nan, math.nan, int(n1), int(n2))
    p1, p2 = x1 / n1, x2 / n2
    d = p2 - p1
    pool = (x1 + x2) / (n1 + n2)
    if 0 < pool < 1:
        _, p = proportions_ztest([x2, x1], [n2, n1])
    else:
        p = 1.0
    if 0 < p1 < 1 or 0 < p2 < 1:
        low, high = confint_proportions_2indep(x2, n2, x1, n1, method="wald", compare="diff")
    else:
        low = high = d
    return Diff(float(d), float(low), float(high), float(p), float(cohens_h(p2, p1)), int(n1), int(n2))


def welch(mean1: float, var1: float, n1: float, mean2: float, var2: float, n2: float) -> Diff:
    """mean2 − mean1 from summaries: Welch t-test, 95% interval, Cohen's d (pooled SD)."""
    n1, n2 = float(n1), float(n2)
    d = mean2 - mean1
    if n1 < 2 or n2 < 2:
        return Diff(float(d), np.nan, np.nan, np.nan, np.nan, int(n1), int(n2))
    v1, v2 = var1 / n1, var2 / n2
    se = math.sqrt(v1 + v2)
    if se == 0:
        return Diff(float(d), float(d), float(d), 1.0 if d == 0 else 0.0, 0.0, int(n1), int(n2))
    _, p = sps.ttest_ind_from_stats(mean2, math.sqrt(var2), n2, mean1, math.sqrt(var1), n1, equal_var=False)
    df = (v1 + v2) ** 2 / (v1 * v1 / (n1 - 1) + v2 * v2 / (n2 - 1))   # Welch–Satterthwaite, as scipy's
    q = sps.t.ppf(0.975, df)
    pooled = math.sqrt(((n1 - 1) * var1 + (n2 - 1) * var2) / (n1 + n2 - 2))
    eff = d / pooled if pooled > 0 else 0.0
    return Diff(float(d), float(d - q * se), float(d + q * se), float(p), float(eff), int(n1), int(n2))


def cluster_index(cluster: ArrayLike) -> np.ndarray:
    """Each row's cluster as 0..G−1 (G the distinct clusters, in sorted order, as ``np.unique``'s
    inverse). Seed and game ids are small non-negative integers: they are numbered by a lookup table
    instead of a sort, which matters when a report compares hundreds of thousands of games many times."""
    c = np.asarray(cluster)
    if c.size and c.dtype.kind in "iu" and c.min() >= 0 and c.max() < 8 * c.size + 1024:
        present = np.zeros(int(c.max()) + 1, dtype=bool)
        present[c] = True
        return (np.cumsum(present) - 1)[c]
    return np.unique(c, return_inverse=True)[1].reshape(-1)


def clustered_diff(cluster: ArrayLike, second: ArrayLike, total: ArrayLike, total_sq: ArrayLike,
                   count: ArrayLike, proportion: bool = False) -> Diff:
    """mean2 − mean1 of rows in clusters, from one aggregate per (cluster, group): `total` and `total_sq`
    are the sums of the rows' values and squares, `count` the rows, `second` true for group 2's aggregates.
    The rows of one cluster need not be independent, and a cluster may hold rows of both groups (the
    builders and the other players of the same games). Interval and test: the difference's cluster-robust
    (CR1) variance, G/(G−1) × Σ over clusters of the squared sum of its rows' influence, t with G − 1
    degrees of freedom. effect: Cohen's d on the rows' pooled SD, or Cohen's h when `proportion`.
    n1, n2: the groups' rows."""
    c = np.asarray(cluster)
    g2 = np.asarray(second, dtype=bool)
    s = np.asarray(total, dtype=float)
    q = np.asarray(total_sq, dtype=float)
    n = np.asarray(count, dtype=float)
    n1, n2 = float(n[~g2].sum()), float(n[g2].sum())
    if n1 < 2 or n2 < 2:
        m = [float(s[g].sum() / k) if k else math.nan for g, k in ((~g2, n1), (g2, n2))]
        return Diff(m[1] - m[0], math.nan, math.nan, math.nan, math.nan, int(n1), int(n2))
    m1, m2 = float(s[~g2].sum() / n1), float(s[g2].sum() / n2)
    d = m2 - m1
    influence = np.where(g2, (s - m2 * n) / n2, -(s - m1 * n) / n1)
    inverse = cluster_index(c)
    per_cluster = np.bincount(inverse, weights=influence)
    clusters = per_cluster.size
    var1 = max(float(q[~g2].sum()) - n1 * m1 * m1, 0.0) / (n1 - 1)
    var2 = max(float(q[g2].sum()) - n2 * m2 * m2, 0.0) / (n2 - 1)
    pooled = math.sqrt(((n1 - 1) * var1 + (n2 - 1) * var2) / (n1 + n2 - 2))
    eff = float(cohens_h(m2, m1)) if proportion else (d / pooled if pooled > 0 else 0.0)
    se = math.sqrt(clusters / (clusters - 1) * float(per_cluster @ per_cluster)) if clusters > 1 else math.nan
    low, high, p = t_interval(d, se, clusters)
    return Diff(d, float(low), float(high), p, eff, int(n1), int(n2))


def clustered_mean(cluster: ArrayLike, total: ArrayLike, count: ArrayLike) -> tuple[float, float, int]:
    """Mean of rows in clusters from sums per cluster (or per finer group: the sums are added up per
    cluster): (mean, its cluster-robust CR1 standard error, clusters). The SE is NaN under 2 clusters."""
    s = np.asarray(total, dtype=float)
    n = np.asarray(count, dtype=float)
    rows = float(n.sum())
    if rows <= 0:
        return math.nan, math.nan, 0
    m = float(s.sum()) / rows
    inverse = cluster_index(cluster)
    per_cluster = np.bincount(inverse, weights=(s - m * n) / rows)
    g = per_cluster.size
    se = math.sqrt(g / (g - 1) * float(per_cluster @ per_cluster)) if g > 1 else math.nan
    return m, se, g


def wilson_clustered(cluster: ArrayLike, successes: ArrayLike, count: ArrayLike) -> tuple[float, float, float]:
    """Wilson 95% interval for a proportion of rows that come in clusters (the players of one game, the
    games and players of one seed), from sums per cluster or finer group: Wilson's interval at the
    effective number of rows, rows / design effect, the design effect being the proportion's cluster-
    robust (CR1) variance over its binomial one (Korn & Graubard's effective sample size). The design
    effect is held at 1 or more: rows of one cluster that compete (one player of a game takes a station
    master the others then cannot) would make it smaller, and an interval is never narrowed on that
    account; it is 1 when the proportion is 0 or 1 (nothing to estimate it from) and when every cluster
    holds one row (Wilson's interval itself). Returns (low, high, effective rows); NaN without rows."""
    rows = float(np.sum(np.asarray(count, dtype=float)))
    if rows <= 0:
        return math.nan, math.nan, 0.0
    p, se, clusters = clustered_mean(cluster, successes, count)
    deff = 1.0
    if 0 < p < 1 and 1 < clusters < rows:      # clusters of one row each: Wilson's own interval
        deff = max(1.0, se * se / (p * (1 - p) / rows))
    effective = rows / deff
    low, high = wilson(p * effective, effective)
    return float(low), float(high), effective


def clustered_equal_shares(cluster: ArrayLike, wins: ArrayLike, count: ArrayLike) -> tuple[float, int, int, float]:
    """Test that the S seats' win shares are equal (1/S each) when the games come in clusters (the games
    that replay one seed): `wins` is an (aggregates, S) array of the win shares summed per seat, one row per
    cluster or finer group, `count` the games of each row. The shares add up to 1 in every game, so the
    test takes the first S − 1: Wald's W with their cluster-robust (CR1) covariance, F = W / (S − 1) on
    (S − 1, clusters − 1) degrees of freedom, as statsmodels' ``f_test`` after ``cov_type="cluster"``.
    Returns (F, S − 1, clusters − 1, p); NaN when the covariance cannot be inverted (too few clusters)."""
    w = np.atleast_2d(np.asarray(wins, dtype=float))
    n = np.asarray(count, dtype=float)
    seats = w.shape[1]
    games = float(n.sum())
    inverse = cluster_index(cluster)
    clusters = int(inverse.max()) + 1 if inverse.size else 0
    q = seats - 1
    if games <= 0 or clusters <= q or q < 1:
        return math.nan, q, max(clusters - 1, 0), math.nan
    share = w.sum(axis=0) / games
    influence = (w[:, :q] - np.outer(n, share[:q])) / games
    per_cluster = np.zeros((clusters, q))
    np.add.at(per_cluster, inverse, influence)
    cov = clusters / (clusters - 1) * per_cluster.T @ per_cluster
    d = share[:q] - 1.0 / seats
    try:
        wald = float(d @ np.linalg.solve(cov, d))
    except np.linalg.LinAlgError:
        return math.nan, q, clusters - 1, math.nan
    f = wald / q
    return f, q, clusters - 1, float(sps.f.sf(f, q, clusters - 1))


def t_interval(estimate: float, se: float, clusters: int, null: float = 0.0) -> tuple[float, float, float]:
    """(low, high, p): 95% interval and two-sided test against `null` on t with clusters − 1 degrees of
    freedom, for an estimate with a cluster-robust standard error."""
    if not clusters > 1 or math.isnan(se):
        return math.nan, math.nan, math.nan
    if se == 0:
        return estimate, estimate, 1.0 if estimate == null else 0.0
    t = sps.t.ppf(0.975, clusters - 1)
    return estimate - t * se, estimate + t * se, float(2 * sps.t.sf(abs(estimate - null) / se, clusters - 1))


def paired_clustered(diff: ArrayLike, cluster: ArrayLike, sd_pooled: float | None = None) -> Diff:
    """Mean of paired differences that come in clusters (the pairs of one seed in its strategy pools
    and rotations): cluster-robust (CR1) standard error, t with clusters − 1 degrees of freedom; d as in
    `paired`. n1 = n2 = the pairs."""
    x = np.asarray(diff, dtype=float)
    n = x.size
    m, se, clusters = clustered_mean(cluster, x, np.ones(n))
    scale = sd_pooled if sd_pooled else (float(x.std(ddof=1)) if n > 1 else 0.0)
    low, high, p = t_interval(m, se, clusters)
    eff = (m / scale if scale > 0 else 0.0) if not math.isnan(low) else math.nan
    return Diff(m, low, high, p, eff, n, n)


def paired(mean_diff: float, var_diff: float, n: float, sd_pooled: float | None = None) -> Diff:
    """Mean of n paired differences: t-test, 95% interval; d = mean / pooled SD of the two series when
    given (comparable with an unpaired d), else mean / SD of the differences."""
    n = float(n)
    if n < 2:
        return Diff(float(mean_diff), np.nan, np.nan, np.nan, np.nan, int(n), int(n))
    se = math.sqrt(var_diff / n)
    if se == 0:
        return Diff(float(mean_diff), float(mean_diff), float(mean_diff), 1.0 if mean_diff == 0 else 0.0, 0.0,
                    int(n), int(n))
    q = sps.t.ppf(0.975, n - 1)
    p = 2 * sps.t.sf(abs(mean_diff / se), n - 1)
    scale = sd_pooled if sd_pooled else math.sqrt(var_diff)
    return Diff(float(mean_diff), float(mean_diff - q * se), float(mean_diff + q * se), float(p),
                float(mean_diff / scale) if scale > 0 else 0.0, int(n), int(n))


def mean_ci(mean: ArrayLike, var: ArrayLike,
            n: ArrayLike) -> tuple[np.ndarray, np.ndarray] | tuple[float, float]:
    """t-based 95% interval of a mean (arrays): (low, high)."""
    mean, var, n = (np.asarray(a, dtype=float) for a in (mean, var, n))
    with np.errstate(invalid="ignore", divide="ignore"):
        q = sps.t.ppf(0.975, np.maximum(n - 1, 1))
        half = np.where(n >= 2, q * np.sqrt(var / n), np.nan)
    return mean - half, mean + half


def adjust(pvalues: ArrayLike, method: str = "holm") -> np.ndarray:
    """Adjusted p-values: method "holm" (family-wise) or "bh" (false discovery rate); NaNs kept."""
    from statsmodels.stats.multitest import multipletests

    p = np.asarray(pvalues, dtype=float)
    out = np.full_like(p, np.nan)
    ok = ~np.isnan(p)
    if ok.any():
        out[ok] = multipletests(p[ok], method={"holm": "holm", "bh": "fdr_bh"}[method])[1]
    return out


# --------------------------------------------------------------------------- power


def family_alpha(tests: int) -> float:
    """The level a test must reach in a Holm family of `tests` to be sure of significance (Holm's
    first step, = Bonferroni): minimum detectable effects use it, so they hold for any test of the family."""
    return ALPHA / max(int(tests), 1)


def _solved(solve: Callable[[], ArrayLike], normal: Callable[[], float]) -> float:
    """statsmodels' answer `solve()` as a float. Its solve_power returns a 1-element array when its first
    root finder fails and the fallback one answers (n = 134 and 106 at alpha 0.00625; 50 against 54,000
    games). Should both give up (an exception, or no finite answer), the normal approximation `normal()`
    (z_{1-a/2} + z_power) * sqrt(1/n1 + 1/n2), which the t-test's answer approaches as the groups grow."""
    try:
        d = float(np.asarray(solve(), dtype=float).reshape(-1)[0])
    except (TypeError, ValueError, ArithmeticError):
        d = math.nan
    return d if math.isfinite(d) else float(normal())


def _z_sum(alpha: float) -> float:
    """z_{1-alpha/2} + z_power: the normal approximation's effect per unit of standard error."""
    return float(sps.norm.ppf(1 - alpha / 2) + sps.norm.ppf(POWER))


@functools.lru_cache(maxsize=4096)
def _d_ind(n1: int, n2: int, alpha: float) -> float:
    from statsmodels.stats.power import TTestIndPower

    return _solved(lambda: TTestIndPower().solve_power(effect_size=None, nobs1=n1, ratio=n2 / n1, alpha=alpha,
                                                      power=POWER),
                   lambda: _z_sum(alpha) * math.sqrt(1 / n1 + 1 / n2))


@functools.lru_cache(maxsize=4096)
def _d_one(n: int, alpha: float) -> float:
    from statsmodels.stats.power import TTestPower

    return _solved(lambda: TTestPower().solve_power(effect_size=None, nobs=n, alpha=alpha, power=POWER),
                   lambda: _z_sum(alpha) / math.sqrt(n))


@functools.lru_cache(maxsize=4096)
def _h_norm(n1: float, ratio: float, alpha: float) -> float:
    from statsmodels.stats.power import NormalIndPower

    return _solved(lambda: NormalIndPower().solve_power(effect_size=None, nobs1=n1, ratio=ratio, alpha=alpha,
                                                       power=POWER),
                   lambda: _z_sum(alpha) * math.sqrt(1 / n1 + (1 / (n1 * ratio) if ratio else 0.0)))


def mde_means(n1: int, n2: int, sd: float, alpha: float = ALPHA) -> float:
    """Smallest difference of two means a two-sided t-test at `alpha` finds with 80% power (× sd)."""
    n1, n2 = int(n1), int(n2)
    if n1 < 2 or n2 < 2 or not sd > 0:
        return math.nan
    return _d_ind(n1, n2, round(alpha, 12)) * sd


def mde_paired(n: int, sd_diff: float, alpha: float = ALPHA) -> float:
    """Smallest mean of paired differences a t-test at `alpha` finds with 80% power (× SD of the differences)."""
    n = int(n)
    if n < 2 or not sd_diff > 0:
        return math.nan
    return _d_one(n, round(alpha, 12)) * sd_diff


def mde_se(se: float, alpha: float = ALPHA) -> float:
    """Smallest effect a z-test with standard error `se` finds with 80% power: (z_{1−α/2} + z_{0.8})·se."""
    if not se > 0:
        return math.nan
    return _h_norm(1.0, 0.0, round(alpha, 12)) * se


def _h_to_diff(p0: float, h: float) -> float:
    """Distance from p0 (upwards, or downwards when that is nearer 1/2) that Cohen's h = `h` amounts to."""
    phi = 2 * math.asin(math.sqrt(min(max(p0, 0.0), 1.0)))
    up = phi + h if phi + h <= math.pi else phi - h
    return abs(math.sin(up / 2) ** 2 - p0)


def mde_share_vs(p0: float, n: float, alpha: float = ALPHA) -> float:
    """Smallest departure of a proportion from `p0` a one-sample z-test on n finds with 80% power."""
    if not n > 0:
        return math.nan
    return _h_to_diff(p0, _h_norm(float(n), 0.0, round(alpha, 12)))


def mde_two_shares(p1: float, n1: float, n2: float, alpha: float = ALPHA) -> float:
    """Smallest difference of two proportions (around p1) a two-sample z-test finds with 80% power."""
    if not (n1 > 0 and n2 > 0):
        return math.nan
    return _h_to_diff(p1, _h_norm(float(n1), float(n2) / float(n1), round(alpha, 12)))


# --------------------------------------------------------------------------- Bradley–Terry


@dataclass
class Strengths:
    names: list[str]
    strength: np.ndarray       # normalised: geometric mean 1
    log_se: np.ndarray         # standard error of log(strength)
    iterations: int

    def win_prob(self, i: int, j: int) -> float:
        return float(self.strength[i] / (self.strength[i] + self.strength[j]))


def bradley_terry(wins: ArrayLike, names: Sequence[str], *, prior: float = 0.5, tol: float = 1e-10,
                  max_iter: int = 10_000) -> Strengths:
    """Bradley–Terry strengths from a matrix wins[i, j] = times i beat j (ties counted as half a win
    each) by the MM algorithm: p_i ← W_i / Σ_j n_ij / (p_i + p_j), then normalised to geometric mean 1.
    `prior` pseudo-wins are added both ways to every pair that met, so a strategy that won every
    pairing gets a large finite strength instead of an infinite one (negligible with many games).
    Standard errors of log p come from the Fisher information (reference: the geometric mean)."""
    w = np.array(wins, dtype=float)
    np.fill_diagonal(w, 0.0)
    met = (w + w.T) > 0
    w = w + prior * met
    k = len(w)
    n = w + w.T
    total_wins = w.sum(axis=1)
    p = np.ones(k)
    it = 0
    for it in range(1, max_iter + 1):  # noqa: B007 - the count is returned
        denom = (n / (p[:, None] + p[None, :])).sum(axis=1)
        with np.errstate(invalid="ignore", divide="ignore"):
            new = np.where(denom > 0, total_wins / denom, p)
        new = np.maximum(new, 1e-12)
        new /= np.exp(np.log(new).mean())
        if np.max(np.abs(np.log(new) - np.log(p))) < tol:
            p = new
            break
        p = new
    # Fisher information of theta = log p: I = Σ_{i<j} n_ij π_ij (1 − π_ij) (e_i − e_j)(e_i − e_j)ᵀ.
    pij = p[:, None] / (p[:, None] + p[None, :])
    c = n * pij * (1 - pij)
    np.fill_diagonal(c, 0.0)
    info = np.diag(c.sum(axis=1)) - c
    centre = np.eye(k) - 1.0 / k                       # constraint: mean of log p is 0
    cov = centre @ np.linalg.pinv(info) @ centre
    se = np.sqrt(np.clip(np.diag(cov), 0, None))
    return Strengths(list(names), p, se, it)


# --------------------------------------------------------------------------- regression


def ols_hc1(X: ArrayLike, y: ArrayLike) -> RegressionResultsWrapper:
    """Least squares y ≈ X b without intercept, HC1 robust covariance: a statsmodels results object
    (``.params``, ``.bse``, ``.cov_params()``, ``.t_test``)."""
    import warnings

    import statsmodels.api as sm

    # a small dataset may not separate every tile (fewer games than tiles): NaN errors, no warnings
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        return sm.OLS(np.asarray(y, dtype=float), np.asarray(X, dtype=float)).fit(cov_type="HC1")


@dataclass
class Fitted:
    """What `ols_hc1_many` keeps of one fit: coefficients, HC1 standard errors, contrasts vs the rest."""

    params: np.ndarray
    bse: np.ndarray
    contrasts: list[Diff]


def ols_hc1_many(X: ArrayLike, ys: Sequence[ArrayLike], y_sds: Sequence[float],
                 groups: ArrayLike | None = None) -> list[Fitted]:
    """`ols_hc1` of several outcomes on one design matrix: the model (and its pseudo-inverse, the costly
    part on many games) is built once and refitted per outcome; each fit's numbers are taken before the
    next outcome replaces the model's endog, since statsmodels computes residuals from the model. With
    `groups` (a cluster per row: the seed of several games) the covariance is cluster-robust instead."""
    import warnings

    import statsmodels.api as sm

    X = np.asarray(X, dtype=float)
    out = []
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        model = sm.OLS(np.asarray(ys[0], dtype=float), X)
        for y, sd in zip(ys, y_sds, strict=True):
            model.endog = model.wendog = np.asarray(y, dtype=float)
            fit = model.fit(cov_type="HC1") if groups is None else \
                model.fit(cov_type="cluster", cov_kwds={"groups": np.asarray(groups)})
            out.append(Fitted(np.array(fit.params), np.array(fit.bse), contrasts_vs_rest(fit, sd)))
    return out


def contrasts_vs_rest(fit: RegressionResultsWrapper, y_sd: float, alpha: float = ALPHA) -> list[Diff]:
    """For each coefficient i of a fitted `ols_hc1`: b_i − mean of the other coefficients, with its
    95% interval, two-sided z-test, standardised size (÷ y_sd) and minimum detectable effect at `alpha`.
    Returns a list of `Diff` (n1 = n2 = 0)."""
    import warnings

    k = len(fit.params)
    R = np.full((k, k), -1.0 / (k - 1))
    np.fill_diagonal(R, 1.0)
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        test = fit.t_test(R)
    est = np.atleast_1d(test.effect)
    se = np.atleast_1d(test.sd)
    ci = np.atleast_2d(test.conf_int(alpha=ALPHA))
    p = np.atleast_1d(test.pvalue)
    return [Diff(float(est[i]), float(ci[i, 0]), float(ci[i, 1]),
                 float(p[i]) if se[i] > 0 else (1.0 if est[i] == 0 else 0.0),
                 float(est[i] / y_sd) if y_sd > 0 else 0.0, 0, 0, mde_se(float(se[i]), alpha)) for i in range(k)]


def p_from_z(z: ArrayLike) -> np.ndarray | float:
    return 2 * sps.norm.sf(np.abs(np.asarray(z, dtype=float)))
