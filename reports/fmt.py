"""Number formatting shared by the sections (one style everywhere)."""

from __future__ import annotations

import math


def n(x: float) -> str:
    """A count with thousands separators."""
    return f"{int(x):,}"


def pct(x: float | None, digits: int = 1) -> str:
    return "–" if x is None or (isinstance(x, float) and math.isnan(x)) else f"{100 * x:.{digits}f}%"


def num(x: float | None, digits: int = 1) -> str:
    return "–" if x is None or (isinstance(x, float) and math.isnan(x)) else f"{x:,.{digits}f}"


def signed(x: float | None, digits: int = 1) -> str:
    return "–" if x is None or (isinstance(x, float) and math.isnan(x)) else f"{x:+,.{digits}f}"


def pval(p: float | None) -> str:
    """p-value as written in the findings: "p < 0.001", "p = 0.012", "p = 0.31"."""
    if p is None or (isinstance(p, float) and math.isnan(p)):
        return "p = –"
    if p < 0.001:
        return "p < 0.001"
    if p < 0.1:
        return f"p = {p:.3f}"
    return f"p = {p:.2f}"


def pcell(p: float | None) -> str:
    """p-value for a table cell."""
    return pval(p)[4:] if pval(p).startswith("p = ") else pval(p)[2:]


def ci(low: float | None, high: float | None, digits: int = 1, percent: bool = False) -> str:
    if any(v is None or (isinstance(v, float) and math.isnan(v)) for v in (low, high)):
        return "–"
    if percent:
        return f"{100 * low:.{digits}f}–{100 * high:.{digits}f}%"
    return f"{low:,.{digits}f} to {high:,.{digits}f}"


def _digits(half: float, digits: int) -> int:
    """More decimals when the half-width would round to zero (at most 3 extra)."""
    d = digits
    while half > 0 and round(half, d) == 0 and d < digits + 3:
        d += 1
    return d


def pm_pct(p: float, low: float, high: float, digits: int = 1) -> str:
    """A proportion with the half-width of its 95% interval: "27.1% ± 0.6"; the interval itself when it is
    clearly asymmetric (near 0% or 100%)."""
    half = (high - low) / 2
    if math.isnan(half):
        return f"{100 * p:.{digits}f}% (no interval)"
    d = _digits(100 * half, digits)
    if half > 0 and abs((low + high) / 2 - p) > 0.25 * half:
        return f"{100 * p:.{d}f}% (95% CI {100 * low:.{d}f}–{100 * high:.{d}f}%)"
    return f"{100 * p:.{d}f}% ± {100 * half:.{d}f}"


def pm(x: float, low: float, high: float, digits: int = 1) -> str:
    half = (high - low) / 2
    if math.isnan(half):
        return f"{x:,.{digits}f} (no interval: n < 2)"
    d = _digits(half, digits)
    return f"{x:,.{d}f} ± {half:,.{d}f}"


def sig(p_adj: float | None, alpha: float = 0.05) -> str:
    """Table flag for an adjusted p-value."""
    return "yes" if p_adj is not None and not math.isnan(p_adj) and p_adj < alpha else "no"


def sentence(text: str) -> str:
    """Capitalise the first letter (strategy or arm names may start a sentence in lower case)."""
    return text[:1].upper() + text[1:]


def span(low: float, high: float, digits: int = 2) -> str:
    """"0.55–0.61", or one number when both round alike."""
    a, b = f"{low:.{digits}f}", f"{high:.{digits}f}"
    return a if a == b else f"{a}–{b}"
