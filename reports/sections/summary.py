"""Summary: the report's findings ranked — what matters first (significant and at least the designer's
threshold), then what the data cannot settle, what is negligible and what was used too rarely to judge;
each one sentence with its interval and n, and whether the strategy pools agree."""

from __future__ import annotations

from collections.abc import Sequence

from reports import fmt
from reports.findings import (
    SUMMARY_COLUMNS,
    effect_cell,
    finalize,
    interval_cell,
    mde_cell,
    rank,
    summary_row,
)
from reports.model import INCONCLUSIVE, MATTERS, NEGLIGIBLE, NOT_ENOUGH, Finding, Section, Table
from reports.options import ReportOptions

HEADINGS = {
    MATTERS: "Matters",
    INCONCLUSIVE: "Inconclusive: could matter, the data cannot tell yet",
    NEGLIGIBLE: "Negligible",
    NOT_ENOUGH: "Not enough evidence: used too rarely to judge",
}


def _item(f: Finding) -> str:
    pools = f" Strategy pools: {f.pool_flag}." if f.pool_flag else (" Every strategy pool agrees." if f.pools else "")
    if f.status == MATTERS:
        return f.text + pools
    if f.status == INCONCLUSIVE:
        return (f"{fmt.sentence(f.subject)}: {effect_cell(f.estimate, f.unit)} (95% CI "
                f"{interval_cell(f.low, f.high, f.unit)}; n = {fmt.n(f.n)} {f.n_label}) — not significant after correction; "
                f"effects under {mde_cell(f.mde, f.unit)} would not be seen.{pools}")
    if f.status == NEGLIGIBLE:
        return (f"{fmt.sentence(f.subject)}: {effect_cell(f.estimate, f.unit)} (95% CI "
                f"{interval_cell(f.low, f.high, f.unit)}; n = {fmt.n(f.n)} {f.n_label}).{pools}")
    return f"{fmt.sentence(f.subject)}: {f.usage_text or 'too rarely used'}."


def build(sections: Sequence[Section], opts: ReportOptions) -> Section:
    findings = [f for s in sections for f in s.findings]
    finalize(findings, opts)
    ranked = rank(findings, opts)
    groups = {s: [f for f in ranked if f.status == s] for s in HEADINGS}
    lists = [(f"{HEADINGS[s]} ({len(fs)})", [_item(f) for f in fs]) for s, fs in groups.items() if fs]
    rows = [summary_row(i, f) for i, f in enumerate(ranked, 1)]
    table = Table("Every finding, ranked", SUMMARY_COLUMNS, rows, key_columns=3,
                  note=f"Thresholds: {opts.describe()}. Matters: significant after the section's correction and at "
                       "least the threshold; negligible: significant but smaller, or an interval that excludes "
                       "every effect that would matter; inconclusive: neither; detectable: the effect the test "
                       "finds with 80% power. The 95% intervals are each finding's own, not widened for the many "
                       "findings, so an interval can exclude 0 while the finding is not significant after "
                       "correction. VP are per player per game; pts are points of win share.")
    if not findings:
        text = ("This dataset asks no balance question the report can test (no seat, building side, station master "
                "or what-if comparison varies); see the sections below for what it holds.")
    else:
        m = groups[MATTERS]
        rule = (f"at least {opts.min_vp:g} VP per player per game or {100 * opts.min_share:g} points of win share, "
                f"and significant after correction")
        head = (f"{len(m)} finding{'s' if len(m) != 1 else ''} matter{'' if len(m) != 1 else 's'} ({rule})"
                if m else f"No finding matters ({rule})")
        if m:
            head += "; the largest: " + m[0].text.rstrip(".")
        rest = ", ".join(f"{len(groups[s])} {s}" for s in (INCONCLUSIVE, NEGLIGIBLE, NOT_ENOUGH) if groups[s])
        text = head + "." + (f" Of the other findings: {rest}." if rest else "")
        flagged = [f for f in findings if f.pool_flag]
        if flagged:
            text += (f" The strategy pools disagree on {len(flagged)} finding{'s' if len(flagged) != 1 else ''}: "
                     + "; ".join(f"{f.subject} ({f.pool_flag})" for f in flagged[:4])
                     + ("; ..." if len(flagged) > 4 else "") + ".")
    return Section("summary", "Summary", text, [], [table], [], data={"findings": ranked}, findings=[], lists=lists)
