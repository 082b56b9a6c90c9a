"""Statistics for the reports: intervals, tests, effect sizes, multiple-testing control, strengths.

Everything works on aggregates (counts, means, variances) so the reports never loop over rows:

* `wilson` — Wilson score 95% interval for a proportion (vectorised; fractional counts allowed, for
  win shares with ties). Checked against statsmodels' ``proportion_confint(method="wilson")``.
* `prop_test_vs_par` — two-sided score z-test of a proportion against a fixed value (par = 1/N);
  `chi2_vs_par` — chi-square goodness of fit of win shares by seat against equal shares.
* `two_prop_test` — difference of two independent proportions: Wald interval, pooled z-test, Cohen's h.
* `welch` — difference of two means from their summaries: Welch t-test, interval, Cohen's d;
  `paired` — mean of paired differences (common random numbers across arms): t-test and interval.
* `adjust` — Holm or Benjamini–Hochberg adjusted p-values (statsmodels' ``multipletests``).
* `bradley_terry` — strengths from pairwise wins by Hunter's (2004) MM algorithm, with standard errors
  of the log-strengths from the observed Fisher information.
* `ols_no_intercept` — least squares with heteroscedasticity-robust (HC1) standard errors, used to
  split a per-game total over the station-master tiles drawn in that game.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy import stats as sps

Z95 = float(sps.norm.ppf(0.975))
ALPHA = 0.05


def wilson(successes, n, z: float = Z95):
    """Wilson score interval (low, high) for successes out of n (arrays or scalars)."""
    x = np.asarray(successes, dtype=float)
    n = np.asarray(n, dtype=float)
    with np.errstate(invalid="ignore", divide="ignore"):
        p = x / n
        denom = 1 + z * z / n
        centre = (p + z * z / (2 * n)) / denom
        half = z * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return np.clip(centre - half, 0, 1), np.clip(centre + half, 0, 1)


def prop_test_vs_par(successes, n, par):
    """Two-sided score test of a proportion against `par` (z statistic, p-value), vectorised."""
    x = np.asarray(successes, dtype=float)
    n = np.asarray(n, dtype=float)
    par = np.asarray(par, dtype=float)
    with np.errstate(invalid="ignore", divide="ignore"):
        z = (x / n - par) / np.sqrt(par * (1 - par) / n)
    return z, 2 * sps.norm.sf(np.abs(z))


def chi2_vs_par(observed) -> tuple[float, float]:
    """Chi-square goodness of fit of counts (e.g. summed win shares per seat) against equal shares."""
    obs = np.asarray(observed, dtype=float)
    expected = np.full_like(obs, obs.sum() / len(obs))
    chi2 = float(((obs - expected) ** 2 / expected).sum())
    return chi2, float(sps.chi2.sf(chi2, len(obs) - 1))


def cohens_h(p1, p2):
    """Cohen's h = 2·asin(√p1) − 2·asin(√p2) (0.2 small, 0.5 medium, 0.8 large)."""
    return 2 * np.arcsin(np.sqrt(np.asarray(p1, float))) - 2 * np.arcsin(np.sqrt(np.asarray(p2, float)))


@dataclass
class Diff:
    """A difference (second minus first) with its interval, test and effect size."""

    estimate: float
    low: float
    high: float
    p: float
    effect: float          # Cohen's d (means) or h (proportions)
    n1: int
    n2: int


def two_prop_test(x1, n1, x2, n2) -> Diff:
    """p2 − p1 with a Wald 95% interval, a pooled two-sided z-test and Cohen's h."""
    p1, p2 = x1 / n1, x2 / n2
    se = np.sqrt(p1 * (1 - p1) / n1 + p2 * (1 - p2) / n2)
    pool = (x1 + x2) / (n1 + n2)
    se0 = np.sqrt(pool * (1 - pool) * (1 / n1 + 1 / n2))
    p = float(2 * sps.norm.sf(abs(p2 - p1) / se0)) if se0 > 0 else 1.0
    d = p2 - p1
    return Diff(float(d), float(d - Z95 * se), float(d + Z95 * se), p, float(cohens_h(p2, p1)), int(n1), int(n2))


def welch(mean1, var1, n1, mean2, var2, n2) -> Diff:
    """mean2 − mean1 from summaries: Welch t-test, 95% interval, Cohen's d (pooled SD)."""
    n1, n2 = float(n1), float(n2)
    d = mean2 - mean1
    if n1 < 2 or n2 < 2:
        return Diff(float(d), np.nan, np.nan, np.nan, np.nan, int(n1), int(n2))
    v1, v2 = var1 / n1, var2 / n2
    se = np.sqrt(v1 + v2)
    if se == 0:
        return Diff(float(d), float(d), float(d), 1.0 if d == 0 else 0.0, 0.0, int(n1), int(n2))
    df = (v1 + v2) ** 2 / (v1 * v1 / (n1 - 1) + v2 * v2 / (n2 - 1))
    t = d / se
    q = sps.t.ppf(0.975, df)
    pooled = np.sqrt(((n1 - 1) * var1 + (n2 - 1) * var2) / (n1 + n2 - 2))
    eff = d / pooled if pooled > 0 else 0.0
    return Diff(float(d), float(d - q * se), float(d + q * se), float(2 * sps.t.sf(abs(t), df)), float(eff),
                int(n1), int(n2))


def paired(mean_diff, var_diff, n, sd_pooled=None) -> Diff:
    """Mean of n paired differences: t-test, 95% interval; d = mean / pooled SD of the two series when
    given (comparable with an unpaired d), else mean / SD of the differences."""
    n = float(n)
    if n < 2:
        return Diff(float(mean_diff), np.nan, np.nan, np.nan, np.nan, int(n), int(n))
    se = np.sqrt(var_diff / n)
    if se == 0:
        return Diff(float(mean_diff), float(mean_diff), float(mean_diff), 1.0 if mean_diff == 0 else 0.0, 0.0,
                    int(n), int(n))
    q = sps.t.ppf(0.975, n - 1)
    p = 2 * sps.t.sf(abs(mean_diff / se), n - 1)
    scale = sd_pooled if sd_pooled else np.sqrt(var_diff)
    return Diff(float(mean_diff), float(mean_diff - q * se), float(mean_diff + q * se), float(p),
                float(mean_diff / scale) if scale > 0 else 0.0, int(n), int(n))


def mean_ci(mean, var, n):
    """t-based 95% interval of a mean (arrays): (low, high)."""
    mean, var, n = (np.asarray(a, dtype=float) for a in (mean, var, n))
    with np.errstate(invalid="ignore", divide="ignore"):
        q = sps.t.ppf(0.975, np.maximum(n - 1, 1))
        half = np.where(n >= 2, q * np.sqrt(var / n), np.nan)
    return mean - half, mean + half


def adjust(pvalues, method: str = "holm"):
    """Adjusted p-values: method "holm" (family-wise) or "bh" (false discovery rate); NaNs kept."""
    from statsmodels.stats.multitest import multipletests

    p = np.asarray(pvalues, dtype=float)
    out = np.full_like(p, np.nan)
    ok = ~np.isnan(p)
    if ok.any():
        out[ok] = multipletests(p[ok], method={"holm": "holm", "bh": "fdr_bh"}[method])[1]
    return out


# --------------------------------------------------------------------------- Bradley–Terry


@dataclass
class Strengths:
    names: list[str]
    strength: np.ndarray       # normalised: geometric mean 1
    log_se: np.ndarray         # standard error of log(strength)
    iterations: int

    def win_prob(self, i: int, j: int) -> float:
        return float(self.strength[i] / (self.strength[i] + self.strength[j]))


def bradley_terry(wins, names, *, prior: float = 0.5, tol: float = 1e-10, max_iter: int = 10_000) -> Strengths:
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


def ols_no_intercept(X, y, *, full: bool = False):
    """Least squares y ≈ X b without intercept: (b, HC1 robust standard errors), or (b, covariance)
    with full=True."""
    X = np.asarray(X, dtype=float)
    y = np.asarray(y, dtype=float)
    n, k = X.shape
    xtx_inv = np.linalg.pinv(X.T @ X)
    b = xtx_inv @ (X.T @ y)
    resid = y - X @ b
    meat = (X * (resid ** 2)[:, None]).T @ X
    cov = xtx_inv @ meat @ xtx_inv * (n / max(n - k, 1))
    return (b, cov) if full else (b, np.sqrt(np.clip(np.diag(cov), 0, None)))


def contrasts_vs_rest(b, cov, y_sd: float, dof: int | None = None):
    """For each coefficient i: b_i − mean of the other coefficients, with its standard error, two-sided
    normal p-value and standardised size (÷ y_sd). Returns a list of `Diff` (n1 = n2 = 0)."""
    b = np.asarray(b, dtype=float)
    k = len(b)
    out = []
    for i in range(k):
        c = np.full(k, -1.0 / (k - 1))
        c[i] = 1.0
        est = float(c @ b)
        se = float(np.sqrt(max(c @ cov @ c, 0.0)))
        p = float(2 * sps.norm.sf(abs(est) / se)) if se > 0 else (1.0 if est == 0 else 0.0)
        out.append(Diff(est, est - Z95 * se, est + Z95 * se, p, est / y_sd if y_sd > 0 else 0.0, 0, 0))
    return out


def p_from_z(z):
    return 2 * sps.norm.sf(np.abs(np.asarray(z, dtype=float)))
