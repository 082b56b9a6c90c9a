"""Findings across sections: what matters, what is negligible, what the data cannot tell, and whether
strategy pools agree.

A section turns each tested effect into a `Finding` (estimate, interval, adjusted p, minimum detectable
effect, usage of the judged component). Here:

* `classify` — "not enough evidence" when the component was used in fewer than `min_usage` of the games
  where it could be (never "no effect"); "matters" when significant after correction and at least the
  designer's threshold (`ReportOptions.min_vp` / `min_share`); "negligible" when significant but smaller,
  or when the 95% interval excludes every effect that would matter; else "inconclusive" (the interval
  still allows an effect that matters).
* `pool_flag` — with several strategy pools: opposite significant effects, a significant effect in one
  pool against the other sign in another, or significance in some pools only.
* `with_pools` — runs a section's estimator on every pool and attaches the pool estimates.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import numpy as np
from scipy import stats as sps

from reports import fmt
from reports import stats as st
from reports.data import Dataset
from reports.model import (
    INCONCLUSIVE,
    MATTERS,
    NEGLIGIBLE,
    NOT_ENOUGH,
    STATUSES,
    Finding,
    PoolEstimate,
    Table,
)
from reports.options import ReportOptions


def classify(f: Finding, opts: ReportOptions) -> str:
    thr = opts.threshold(f.unit)
    if f.usage is not None and f.usage < opts.min_usage:
        return NOT_ENOUGH
    if any(math.isnan(v) for v in (f.estimate, f.low, f.high)):
        return INCONCLUSIVE
    if f.significant:
        return MATTERS if abs(f.estimate) >= thr else NEGLIGIBLE
    if -thr < f.low and f.high < thr:
        return NEGLIGIBLE
    return INCONCLUSIVE


def _sign(x: float) -> int:
    return 0 if x == 0 or math.isnan(x) else (1 if x > 0 else -1)


def pool_flag(pools: Sequence[PoolEstimate]) -> str:
    """'' when the pools agree (or there is only one), else what differs, in words."""
    if len(pools) < 2:
        return ""
    sig = [p for p in pools if p.significant]
    if not sig:
        return ""
    signs = {_sign(p.estimate) for p in sig}
    if len(signs) > 1:
        return "opposite significant effects in pools " + " and ".join(p.pool for p in sig)
    s = signs.pop()
    against = [p for p in pools if not p.significant and _sign(p.estimate) == -s]
    if against:
        return (f"different sign: significant in {', '.join(p.pool for p in sig)}, the other way in "
                f"{', '.join(p.pool for p in against)}")
    rest = [p for p in pools if not p.significant]
    if rest:
        return f"significant only in {', '.join(p.pool for p in sig)}, not in {', '.join(p.pool for p in rest)}"
    return ""


def heterogeneity_p(pools: Sequence[PoolEstimate]) -> float:
    """Cochran's Q test that the pools share one effect (inverse-variance weights from the intervals)."""
    est = np.array([p.estimate for p in pools], dtype=float)
    se = np.array([(p.high - p.low) / (2 * st.Z95) for p in pools], dtype=float)
    ok = np.isfinite(est) & np.isfinite(se) & (se > 0)
    if ok.sum() < 2:
        return math.nan
    w = 1 / se[ok] ** 2
    mean = float((w * est[ok]).sum() / w.sum())
    q = float((w * (est[ok] - mean) ** 2).sum())
    return float(sps.chi2.sf(q, ok.sum() - 1))


def with_pools(ds: Dataset, estimate: Callable[[Dataset], list[Finding]], main: list[Finding] | None = None
               ) -> tuple[list[Finding], list[str]]:
    """The section's findings on the whole dataset (`main`, else `estimate(ds)`), each with its estimate
    in every strategy pool (when the dataset has more than one)."""
    main = estimate(ds) if main is None else main
    pools = ds.pools
    if len(pools) < 2:
        return main, pools
    by_key = {f.key: f for f in main}
    for pool in pools:
        for f in estimate(ds.for_pool(pool)):
            if f.key in by_key:
                by_key[f.key].pools.append(PoolEstimate(pool, f.estimate, f.low, f.high, f.p_adj, f.n))
    for f in main:
        f.pool_flag = pool_flag(f.pools)
    return main, pools


def finalize(findings: Sequence[Finding], opts: ReportOptions) -> None:
    for f in findings:
        f.status = classify(f, opts)
        if not f.pool_flag:
            f.pool_flag = pool_flag(f.pools)


def rank(findings: Sequence[Finding], opts: ReportOptions) -> list[Finding]:
    """Grouped by status (matters first), each group by size relative to its threshold."""
    order = {s: i for i, s in enumerate(STATUSES)}

    def size(f: Finding) -> float:
        thr = opts.threshold(f.unit) or 1.0
        return abs(f.estimate) / thr if not math.isnan(f.estimate) else 0.0

    return sorted(findings, key=lambda f: (order.get(f.status, len(order)), -size(f)))


def effect_cell(x: float, unit: str) -> str:
    """An estimate in its unit for a table: "+1.25 VP", "+2.4 pts"."""
    if math.isnan(x):
        return "–"
    return f"{fmt.signed(x, 2)} VP" if unit == "VP" else f"{fmt.signed(100 * x, 1)} pts"


def interval_cell(low: float, high: float, unit: str) -> str:
    if unit == "VP":
        return fmt.ci(low, high, 2)
    return fmt.ci(100 * low, 100 * high, 1) + " pts" if not (math.isnan(low) or math.isnan(high)) else "–"


def mde_cell(x: float, unit: str) -> str:
    if math.isnan(x):
        return "–"
    return f"{x:.2f} VP" if unit == "VP" else f"{100 * x:.1f} pts"


def status_cell(f: Finding) -> str:
    if f.status == NOT_ENOUGH:
        return f"not enough evidence ({f.usage_text})" if f.usage_text else NOT_ENOUGH
    if f.status == INCONCLUSIVE:
        return "inconclusive"
    if f.status == NEGLIGIBLE:
        return "negligible" + (" (significant but small)" if f.significant else "")
    return f.status


def pool_table(findings: Sequence[Finding], pools: Sequence[str], title: str) -> Table:
    """Each finding's estimate per strategy pool, Cochran's Q across pools, and the disagreement flag."""
    rows = []
    for f in findings:
        by = {p.pool: p for p in f.pools}
        cells = [f.subject, f"{effect_cell(f.estimate, f.unit)} ({interval_cell(f.low, f.high, f.unit)})"]
        for pool in pools:
            p = by.get(pool)
            cells.append("–" if p is None else
                         f"{effect_cell(p.estimate, f.unit)} ({interval_cell(p.low, p.high, f.unit)})"
                         f"{' *' if p.significant else ''}, n = {fmt.n(p.n)}")
        cells += [fmt.pcell(heterogeneity_p(f.pools)), f.pool_flag or "agree"]
        rows.append(cells)
    return Table(title, ["effect", "all pools (95% CI)", *[f"pool {p} (95% CI), n" for p in pools],
                         "p (pools differ)", "pools"], rows,
                 note="* significant after the section's correction within that pool. 'p (pools differ)': "
                      "Cochran's Q test of one common effect. Pools disagree when their significant effects "
                      "have opposite signs, when one is significant and another points the other way, or "
                      "when the effect is significant in some pools only.")


def summary_row(i: int, f: Finding) -> list[str]:
    return [str(i), status_cell(f), f.subject, effect_cell(f.estimate, f.unit),
            interval_cell(f.low, f.high, f.unit), mde_cell(f.mde, f.unit), f"{fmt.n(f.n)} {f.n_label}",
            f.pool_flag or ("agree" if f.pools else "–")]


SUMMARY_COLUMNS = ["rank", "status", "effect", "estimate", "95% CI", "detectable (80% power)", "n",
                   "strategy pools"]
