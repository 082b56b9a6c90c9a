"""Statistics of the reports against known values, scipy/statsmodels and synthetic data."""

from __future__ import annotations

import numpy as np
import pytest
from scipy import stats as sps

from reports import fmt
from reports import stats as st


def test_wilson_known_values_and_statsmodels():
    lo, hi = st.wilson(5, 10)
    assert lo == pytest.approx(0.2366, abs=1e-4) and hi == pytest.approx(0.7634, abs=1e-4)
    lo, hi = st.wilson(0, 20)
    assert lo == 0 and hi == pytest.approx(0.1611, abs=1e-4)
    from statsmodels.stats.proportion import proportion_confint

    x = np.array([0, 1, 7, 50, 271, 999])
    n = np.array([10, 10, 30, 100, 1000, 1000])
    ours = st.wilson(x, n)
    ref = proportion_confint(x, n, method="wilson")
    np.testing.assert_allclose(ours[0], ref[0], atol=1e-12)
    np.testing.assert_allclose(ours[1], ref[1], atol=1e-12)


def test_prop_test_vs_par_and_chi2():
    z, p = st.prop_test_vs_par(60, 100, 0.5)
    assert z == pytest.approx(2.0) and p == pytest.approx(0.0455, abs=1e-4)
    obs = [30, 20, 25, 25]
    chi2, p = st.chi2_vs_par(obs)
    ref = sps.chisquare(obs)
    assert chi2 == pytest.approx(ref.statistic) and p == pytest.approx(ref.pvalue)


def test_adjust_holm_and_bh_known_values():
    p = [0.01, 0.02, 0.03, 0.04, 0.05]
    np.testing.assert_allclose(st.adjust(p, "holm"), [0.05, 0.08, 0.09, 0.09, 0.09])
    np.testing.assert_allclose(st.adjust(p, "bh"), [0.05] * 5)
    np.testing.assert_allclose(st.adjust([0.04, 0.001, 0.3], "holm"), [0.08, 0.003, 0.3])
    out = st.adjust([0.01, np.nan, 0.02], "holm")
    assert np.isnan(out[1]) and out[0] == pytest.approx(0.02) and out[2] == pytest.approx(0.02)


def test_welch_and_paired_match_scipy():
    rng = np.random.default_rng(3)
    a, b = rng.normal(0, 1, 200), rng.normal(0.3, 2, 150)
    d = st.welch(a.mean(), a.var(ddof=1), a.size, b.mean(), b.var(ddof=1), b.size)
    ref = sps.ttest_ind(b, a, equal_var=False)
    assert d.p == pytest.approx(ref.pvalue, rel=1e-9)
    ci = ref.confidence_interval()
    assert (d.low, d.high) == pytest.approx((ci.low, ci.high), rel=1e-9)
    x, y = rng.normal(0, 1, 100), rng.normal(0, 1, 100)
    y = x * 0.8 + y * 0.5 + 0.2
    diff = y - x
    pd_ = st.paired(diff.mean(), diff.var(ddof=1), diff.size)
    assert pd_.p == pytest.approx(sps.ttest_rel(y, x).pvalue, rel=1e-9)


def test_clustered_diff_matches_statsmodels_cluster_robust_least_squares():
    """Rows in clusters of 4 sharing a cluster effect; a cluster holds rows of both groups. The clustered
    difference is least squares on a group dummy with CR1 errors (statsmodels without its (n−1)/(n−k)
    factor); the rows-as-independent Welch interval is much narrower, wrongly."""
    import statsmodels.api as sm

    rng = np.random.default_rng(1)
    cluster = np.repeat(np.arange(400), 4)
    group = (rng.random(cluster.size) < 0.5).astype(int)
    y = np.repeat(rng.normal(0, 2, 400), 4) + 0.3 * group + rng.normal(size=cluster.size)
    keys = cluster * 2 + group                  # one aggregate per (cluster, group)
    uniq, inv = np.unique(keys, return_inverse=True)
    agg = [np.bincount(inv, weights=w) for w in (y, y * y, np.ones_like(y))]
    d = st.clustered_diff(uniq // 2, uniq % 2 == 1, *agg)
    fit = sm.OLS(y, np.column_stack([np.ones_like(y), group])).fit(
        cov_type="cluster", cov_kwds={"groups": cluster, "use_correction": False})
    se = float(fit.bse[1]) * np.sqrt(400 / 399)
    t = sps.t.ppf(0.975, 399)
    assert d.estimate == pytest.approx(fit.params[1], abs=1e-12)
    assert (d.low, d.high) == pytest.approx((d.estimate - t * se, d.estimate + t * se), rel=1e-9)
    assert d.p == pytest.approx(2 * sps.t.sf(abs(d.estimate / se), 399), rel=1e-9)
    assert (d.n1, d.n2) == (int((group == 0).sum()), int((group == 1).sum()))
    y1, y2 = y[group == 0], y[group == 1]
    naive = st.welch(y1.mean(), y1.var(ddof=1), y1.size, y2.mean(), y2.var(ddof=1), y2.size)
    assert d.effect == pytest.approx(naive.effect, rel=1e-9)        # Cohen's d on the rows
    # groups constant within a cluster (a setup factor): Welch on rows is too narrow
    side = np.repeat(rng.random(400) < 0.5, 4)
    uniq, inv = np.unique(cluster * 2 + side, return_inverse=True)
    agg = [np.bincount(inv, weights=w) for w in (y, y * y, np.ones_like(y))]
    d = st.clustered_diff(uniq // 2, uniq % 2 == 1, *agg)
    y1, y2 = y[~side], y[side]
    naive = st.welch(y1.mean(), y1.var(ddof=1), y1.size, y2.mean(), y2.var(ddof=1), y2.size)
    assert d.estimate == pytest.approx(naive.estimate)
    assert (d.high - d.low) > 1.5 * (naive.high - naive.low)
    # proportions: Cohen's h; too few rows: no interval
    wins = st.clustered_diff([0, 1, 2, 3], [False, False, True, True], [1, 0, 2, 1], [1, 0, 2, 1], [2, 2, 2, 2],
                             proportion=True)
    assert wins.estimate == pytest.approx(0.5) and wins.effect == pytest.approx(st.cohens_h(0.75, 0.25))
    assert np.isnan(st.clustered_diff([0, 1], [False, True], [1, 2], [1, 4], [1, 1]).low)


def test_cluster_index_numbers_clusters_as_numpy_unique():
    """The lookup-table numbering of small integer ids and the sorting one of anything else give the same
    cluster of every row as ``np.unique``'s inverse."""
    rng = np.random.default_rng(0)
    for ids in (rng.integers(0, 1000, 5000), rng.integers(0, 10**9, 50), np.array(["b", "a", "b"]),
                rng.integers(0, 5, 7).astype(np.uint32), np.array([-3, 2, -3])):
        assert (st.cluster_index(ids) == np.unique(ids, return_inverse=True)[1].reshape(-1)).all()


def test_wilson_clustered_uses_the_effective_number_of_rows():
    """Clusters whose rows are all alike carry one row's worth of evidence each: 400 clusters of 5 rows
    give Wilson's interval on 399 rows (the CR1 design effect is 2,000 / 399). Rows alone in their
    cluster give Wilson's own interval; rows that compete within a cluster (one success in each) never
    narrow it below Wilson's on the rows, nor does a proportion of 0."""
    rng = np.random.default_rng(2)
    yes = rng.random(400) < 0.3
    cluster = np.repeat(np.arange(400), 5)
    low, high, effective = st.wilson_clustered(cluster, np.repeat(yes, 5).astype(float), np.ones(2000))
    assert effective == pytest.approx(399)
    assert (low, high) == pytest.approx(st.wilson(yes.mean() * 399, 399), rel=1e-12)
    # the same from one sum per cluster
    assert st.wilson_clustered(np.arange(400), 5.0 * yes, np.full(400, 5.0))[:2] == pytest.approx((low, high))
    rows = np.repeat(yes, 5).astype(float)
    assert st.wilson_clustered(np.arange(2000), rows, np.ones(2000)) == pytest.approx(
        (*st.wilson(rows.sum(), 2000), 2000))
    one_each = np.tile([1.0, 0, 0, 0], 300)
    assert st.wilson_clustered(np.repeat(np.arange(300), 4), one_each, np.ones(1200)) == pytest.approx(
        (*st.wilson(300, 1200), 1200))
    assert st.wilson_clustered(cluster, np.zeros(2000), np.ones(2000)) == pytest.approx((*st.wilson(0, 2000), 2000))
    assert np.isnan(st.wilson_clustered([], [], [])[0])


def test_clustered_equal_shares_matches_statsmodels_cluster_robust_f_test():
    """Four seats' win shares from 300 seeds of 3 games each, every seed favouring its own seats: the test
    is statsmodels' cluster-robust F-test that the first three seat means are 1/4 (least squares on seat
    dummies over the player rows; CR1 = statsmodels' uncorrected covariance × G/(G − 1)), and the same from
    one sum per seed. The χ² that counts the games finds far more than there is."""
    import statsmodels.api as sm

    rng = np.random.default_rng(3)
    seeds, replays, seats = 300, 3, 4
    seed = np.repeat(np.arange(seeds), replays)
    favour = rng.normal(0, 1.0, (seeds, seats))
    wins = np.zeros((seed.size, seats))
    for g, s in enumerate(seed):
        p = np.exp(favour[s] + [0.1, 0, 0, 0])
        wins[g, rng.choice(seats, p=p / p.sum())] = 1
    f, df1, df2, p = st.clustered_equal_shares(seed, wins, np.ones(seed.size))
    fit = sm.OLS(wins.reshape(-1), np.tile(np.eye(seats), (seed.size, 1))).fit(
        cov_type="cluster", cov_kwds={"groups": np.repeat(seed, seats), "use_correction": False})
    test = fit.f_test((np.eye(seats)[:-1], np.full(seats - 1, 1 / seats)))
    assert f == pytest.approx(float(np.squeeze(test.fvalue)) * (seeds - 1) / seeds, rel=1e-9)
    assert (df1, df2) == (3, seeds - 1)
    assert p == pytest.approx(float(sps.f.sf(f, 3, seeds - 1)), rel=1e-12)
    per_seed = np.array([wins[seed == s].sum(axis=0) for s in range(seeds)])
    assert st.clustered_equal_shares(np.arange(seeds), per_seed, np.full(seeds, replays)) == pytest.approx(
        (f, df1, df2, p))
    chi2, _ = st.chi2_vs_par(wins.sum(axis=0))
    assert chi2 / df1 > 1.5 * f
    assert np.isnan(st.clustered_equal_shares([0, 1], per_seed[:2], [3, 3])[0])     # 2 clusters, 3 shares


def test_two_prop_and_effect_sizes():
    assert float(st.cohens_h(0.5, 0.5)) == 0
    assert float(st.cohens_h(0.6, 0.4)) == pytest.approx(0.4027, abs=1e-4)
    d = st.two_prop_test(40, 100, 60, 100)
    assert d.estimate == pytest.approx(0.2) and d.low < 0.2 < d.high
    half = 1.959964 * np.sqrt(0.4 * 0.6 / 100 + 0.6 * 0.4 / 100)          # Wald interval
    assert (d.low, d.high) == pytest.approx((0.2 - half, 0.2 + half), abs=1e-6)
    assert d.p == pytest.approx(0.00468, abs=1e-4)       # pooled z = 2.828
    w = st.welch(10.0, 4.0, 100, 11.0, 4.0, 100)
    assert w.effect == pytest.approx(0.5)                   # Cohen's d = 1 / 2


def test_bradley_terry_recovers_known_strengths():
    rng = np.random.default_rng(11)
    true = np.array([1.0, 2.0, 4.0, 0.5])
    k = len(true)
    wins = np.zeros((k, k))
    for i in range(k):
        for j in range(i + 1, k):
            n = 4000
            w = rng.binomial(n, true[i] / (true[i] + true[j]))
            wins[i, j], wins[j, i] = w, n - w
    bt = st.bradley_terry(wins, list("ABCD"))
    expected = true / np.exp(np.log(true).mean())
    np.testing.assert_allclose(bt.strength, expected, rtol=0.06)
    # the truth lies within the 95% intervals of the log-strengths
    assert np.all(np.abs(np.log(bt.strength) - np.log(expected)) < 3 * bt.log_se)
    assert bt.win_prob(2, 3) == pytest.approx(4 / 4.5, abs=0.02)


def test_bradley_terry_complete_separation_is_finite():
    bt = st.bradley_terry(np.array([[0, 50], [0, 0]]), ["A", "B"])
    assert np.all(np.isfinite(bt.strength)) and bt.strength[0] > 10 * bt.strength[1]


def test_ols_contrasts_recover_tile_effects():
    rng = np.random.default_rng(5)
    n, k = 20000, 9
    X = np.zeros((n, k))
    idx = np.argsort(rng.random((n, k)), axis=1)[:, :5]
    np.put_along_axis(X, idx, 1, axis=1)
    beta = np.zeros(k)
    beta[2] = 2.0
    y = 10 + X @ beta + rng.normal(0, 3, n) * (1 + X[:, 0])       # heteroscedastic: HC1 matters
    fit = st.ols_hc1(X, y)
    eff = st.contrasts_vs_rest(fit, float(y.std()))
    assert eff[2].low < 2.0 < eff[2].high and eff[2].p < 1e-6
    # every other tile: 0 − 2/8 (drawn instead of an average other tile, which is SM3 one time in 8)
    others = np.array([e.estimate for i, e in enumerate(eff) if i != 2])
    se = np.array([e.se for i, e in enumerate(eff) if i != 2])
    assert np.all(np.abs(others + 0.25) < 4 * se)
    # HC1 by hand: (X'X)^-1 X' diag(e^2) X (X'X)^-1 * n / (n - k)
    xtx = np.linalg.inv(X.T @ X)
    e = y - X @ fit.params
    cov = xtx @ ((X * (e ** 2)[:, None]).T @ X) @ xtx * n / (n - k)
    np.testing.assert_allclose(fit.cov_params(), cov, rtol=1e-8)
    c = np.full(k, -1 / 8)
    c[2] = 1
    assert eff[2].se == pytest.approx(float(np.sqrt(c @ cov @ c)), rel=1e-8)
    assert eff[2].mde == pytest.approx(2.8016 * eff[2].se, rel=1e-4)
    # several outcomes on one model give exactly the separate fits
    y2 = rng.normal(0, 1, n) + X[:, 4]
    many = st.ols_hc1_many(X, [y, y2], [float(y.std()), float(y2.std())])
    for got, yy in zip(many, (y, y2), strict=True):
        one = st.ols_hc1(X, yy)
        np.testing.assert_allclose(got.params, one.params, rtol=1e-10)
        np.testing.assert_allclose(got.bse, one.bse, rtol=1e-10)
        ref = st.contrasts_vs_rest(one, float(yy.std()))
        assert [c.estimate for c in got.contrasts] == pytest.approx([c.estimate for c in ref], rel=1e-10)
        assert [c.p for c in got.contrasts] == pytest.approx([c.p for c in ref], rel=1e-8)


def test_minimum_detectable_effects_known_values():
    # the textbook value: 64 games per group detect d = 0.5 at 5% two-sided with 80% power
    assert st.mde_means(64, 64, 1.0) == pytest.approx(0.4991, abs=1e-4)
    assert st.mde_means(64, 64, 10.0) == pytest.approx(4.991, abs=1e-3)     # in the unit of the SD
    # z-tests: (1.95996 + 0.84162) standard errors; Bonferroni level for a family of 10 tests
    assert st.mde_se(1.0) == pytest.approx(2.80158, abs=1e-5)
    assert st.mde_se(1.0, st.family_alpha(10)) == pytest.approx(
        sps.norm.ppf(1 - 0.005 / 2) + sps.norm.ppf(0.8), abs=1e-5)
    # one proportion against par 0.25 with n = 10,000: h = 2.8016 / 100 -> about 1.21 points
    h = 2.80158 / 100
    expected = np.sin(np.arcsin(np.sqrt(0.25)) + h / 2) ** 2 - 0.25
    assert st.mde_share_vs(0.25, 10_000) == pytest.approx(expected, rel=1e-4)
    assert 0.0119 < st.mde_share_vs(0.25, 10_000) < 0.0123
    assert st.mde_two_shares(0.5, 1000, 1000) == pytest.approx(
        np.sin(np.pi / 4 + 2.80158 * np.sqrt(2 / 1000) / 2) ** 2 - 0.5, rel=1e-4)
    # a paired t-test on 100 differences: d = 0.2829
    assert st.mde_paired(100, 2.0) == pytest.approx(2 * 0.28291, abs=1e-4)
    assert np.isnan(st.mde_means(1, 10, 1.0)) and np.isnan(st.mde_se(0.0))
    # statsmodels answers these with a 1-element array (its fallback root finder): still a number, a bit
    # above the normal approximation (z_{1-a/2} + z_0.8) * sqrt(1/134 + 1/106)
    normal = (sps.norm.ppf(1 - 0.00625 / 2) + sps.norm.ppf(0.8)) * np.sqrt(1 / 134 + 1 / 106)
    assert normal < st.mde_means(134, 106, 1.0, 0.00625) == pytest.approx(0.46852, abs=1e-4)


def test_formatting():
    assert fmt.pval(0.0004) == "p < 0.001" and fmt.pval(0.0123) == "p = 0.012" and fmt.pval(0.31) == "p = 0.31"
    assert fmt.pm_pct(0.271, 0.265, 0.277) == "27.1% ± 0.6"
    assert "95% CI" in fmt.pm_pct(1.0, 0.987, 1.0)
    assert fmt.pm(137.9, 137.87, 137.93) == "137.90 ± 0.03"


def test_mde_of_very_unequal_groups():
    # statsmodels' first root finder gives up on 50 against 54,000 at a Holm-sized alpha (its fallback
    # answers with a 1-element array): a number, close to the answer for slightly less unequal groups
    d = st.mde_means(50, 54000, 1.0, 0.003125)
    assert 0.5 < d < st.mde_means(50, 5000, 1.0, 0.003125) < 0.55
    normal = (sps.norm.ppf(1 - 0.003125 / 2) + sps.norm.ppf(0.8)) * np.sqrt(1 / 50 + 1 / 54000)
    assert d == pytest.approx(normal, rel=0.02)


def test_mde_falls_back_to_the_normal_approximation_when_statsmodels_gives_up():
    def gives_up():
        raise ValueError("no root")

    assert st._solved(gives_up, lambda: 0.25) == 0.25
    assert st._solved(lambda: float("nan"), lambda: 0.25) == 0.25
    assert st._solved(lambda: np.array([0.5]), lambda: 0.25) == 0.5
