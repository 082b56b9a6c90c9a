"""What a report section is made of: a finding in words, ranked findings with their numbers, tables,
figures, and the numbers behind them."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

# The status of a finding (see `reports.findings.classify`), in the order the summary shows them.
MATTERS = "matters"
NEGLIGIBLE = "negligible"
INCONCLUSIVE = "inconclusive"
NOT_ENOUGH = "not enough evidence"
STATUSES = (MATTERS, INCONCLUSIVE, NEGLIGIBLE, NOT_ENOUGH)


@dataclass
class Table:
    title: str
    columns: list[str]
    rows: list[list[str]]
    note: str = ""
    key_columns: int = 1        # leading columns that name a row: repeated when a wide table is split


@dataclass
class Figure:
    name: str          # file-name slug (Markdown output)
    title: str
    png: bytes


@dataclass
class PoolEstimate:
    """A finding's estimate in one strategy pool."""

    pool: str
    estimate: float
    low: float
    high: float
    p_adj: float
    n: int

    @property
    def significant(self) -> bool:
        return not math.isnan(self.p_adj) and self.p_adj < 0.05


@dataclass
class Finding:
    """One tested effect in plain words with its numbers, ranked in the summary.

    unit: "VP" (per player per game) or "share" (a win share, 0.02 = 2 points); estimate/low/high in
    that unit; p_adj after the section's correction; mde: the minimum detectable effect of the test
    (80% power, same unit); usage: share of the games where the judged component could be used in which
    it was (None: not a component, or not recorded); status and pool_flag are set by
    `reports.findings`."""

    section: str
    key: tuple                     # identifies the effect within its section (to match across pools)
    subject: str                   # short name: "seat 1, 4 players", "building 7: side b vs a"
    text: str                      # one sentence with interval and n
    unit: str
    estimate: float
    low: float
    high: float
    p_adj: float
    n: int
    n_label: str = "games"
    mde: float = math.nan
    usage: float | None = None
    usage_text: str = ""
    pools: list[PoolEstimate] = field(default_factory=list)
    status: str = ""
    pool_flag: str = ""

    @property
    def significant(self) -> bool:
        return not math.isnan(self.p_adj) and self.p_adj < 0.05


@dataclass
class Section:
    key: str                                   # anchor / slug
    title: str
    finding: str                               # the opening paragraph, written from the numbers
    notes: list[str] = field(default_factory=list)
    tables: list[Table] = field(default_factory=list)
    figures: list[Figure] = field(default_factory=list)
    data: dict[str, Any] = field(default_factory=dict)   # machine-readable results (tests, notebooks)
    findings: list[Finding] = field(default_factory=list)
    lists: list[tuple[str, list[str]]] = field(default_factory=list)   # headed lists (the summary)


@dataclass
class Report:
    title: str
    subtitle: str
    sections: list[Section]
