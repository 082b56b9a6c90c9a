"""What a report section is made of: a finding in words, tables, figures, and the numbers behind them."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Table:
    title: str
    columns: list[str]
    rows: list[list[str]]
    note: str = ""


@dataclass
class Figure:
    name: str          # file-name slug (Markdown output)
    title: str
    png: bytes


@dataclass
class Section:
    key: str                                   # anchor / slug
    title: str
    finding: str                               # the opening paragraph, written from the numbers
    notes: list[str] = field(default_factory=list)
    tables: list[Table] = field(default_factory=list)
    figures: list[Figure] = field(default_factory=list)
    data: dict[str, Any] = field(default_factory=dict)   # machine-readable results (tests, notebooks)


@dataclass
class Report:
    title: str
    subtitle: str
    sections: list[Section]
