"""Rendering a `Report` through Jinja2 templates (``reports/templates``): one self-contained HTML file
(inline CSS and a small inline sorting script, figures as base64 PNG data URIs, no external resource),
or Markdown with the figures written as PNG files in a folder beside it; and every table as a CSV file.

HTML tables fit the page: text columns wrap and are left-aligned, number columns are right-aligned, and
a table with more than `MAX_COLUMNS` columns is split into parts that each repeat the columns naming a
row (`Table.key_columns`). Every table sorts by a click on a column header.
"""

from __future__ import annotations

import base64
import csv
import functools
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from reports.model import Report, Table

if TYPE_CHECKING:
    from jinja2 import Environment

MAX_COLUMNS = 10          # HTML tables wider than this are split (the CSV and Markdown keep them whole)
LONG_TEXT = 60            # a text column whose cells reach this length gets a wider minimum width
# Words that may stand in a number cell: units, interval words, "n =", "p <".
_NUMBER_WORDS = re.compile(r"\b(VP|pp|pts|to|n|p|CI|x|games|rows|pairings|turns)\b|[%±–—=<>≈*()/,.:;+\-−\s]")


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")


def is_number(cell: str) -> bool:
    """A cell that reads as a number (with units, a sign, an interval...): digits and no other words."""
    text = str(cell)
    return bool(re.search(r"\d", text)) and not re.search(r"[^\W\d_]", _NUMBER_WORDS.sub("", text))


def column_kinds(t: Table) -> list[str]:
    """Per column: "num" (every filled cell is a number) or "text" (+ " long" for long text)."""
    kinds = []
    for j in range(len(t.columns)):
        cells = [str(r[j]) for r in t.rows if j < len(r) and str(r[j]) not in ("", "–", "-")]
        if cells and all(is_number(c) for c in cells):
            kinds.append("num")
        else:
            kinds.append("text long" if any(len(c) >= LONG_TEXT for c in cells) else "text")
    return kinds


@dataclass
class TablePart:
    title: str
    columns: list[str]
    rows: list[list[str]]
    kinds: list[str]


def split_table(t: Table, max_columns: int = MAX_COLUMNS) -> list[TablePart]:
    """The table as parts of at most `max_columns` columns, each repeating the key columns."""
    kinds = column_kinds(t)
    n = len(t.columns)
    if n <= max_columns:
        return [TablePart(t.title, t.columns, t.rows, kinds)]
    keys = list(range(min(t.key_columns, max_columns - 1)))
    rest = list(range(len(keys), n))
    step = max_columns - len(keys)
    n_parts = -(-len(rest) // step)
    step = -(-len(rest) // n_parts)          # balanced parts
    chunks = [rest[i:i + step] for i in range(0, len(rest), step)]
    parts = []
    for k, chunk in enumerate(chunks, 1):
        cols = keys + chunk
        parts.append(TablePart(f"{t.title} (part {k} of {len(chunks)})", [t.columns[j] for j in cols],
                               [[r[j] for j in cols] for r in t.rows], [kinds[j] for j in cols]))
    return parts


def _md_cell(v: object) -> str:
    return str(v).replace("|", "\\|").replace("\n", " ")


@functools.lru_cache(maxsize=2)
def _env(markdown: bool) -> Environment:
    from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape

    env = Environment(loader=PackageLoader("reports", "templates"), undefined=StrictUndefined,
                      autoescape=False if markdown else select_autoescape(default=True, default_for_string=True),
                      trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)
    env.filters.update(b64=lambda b: base64.b64encode(b).decode("ascii"), split_table=split_table,
                       column_kinds=column_kinds, md_cell=_md_cell, id=id)
    return env


def to_html(report: Report) -> str:
    return _env(False).get_template("report.html.j2").render(report=report)


def to_markdown(report: Report, out: Path) -> str:
    """Markdown text; writes the figures into `<stem>_figures/` next to `out` and links them relatively."""
    fig_dir = out.parent / f"{out.stem}_figures"
    links: dict[int, str] = {}
    k = 0
    for s in report.sections:
        for f in s.figures:
            k += 1
            fig_dir.mkdir(parents=True, exist_ok=True)
            name = f"{k:02d}_{_slug(f.name)}.png"
            (fig_dir / name).write_bytes(f.png)
            links[id(f)] = f"{fig_dir.name}/{name}"
    return _env(True).get_template("report.md.j2").render(report=report, figure_links=links)


def write_tables(report: Report, folder: str | Path) -> list[Path]:
    """Every table of the report as a CSV file (all columns, as shown) in `folder`:
    ``NN_<section>_<title>.csv``, numbered in report order. Returns the files written."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    k = 0
    for s in report.sections:
        for t in s.tables:
            k += 1
            path = folder / f"{k:02d}_{s.key.replace('-', '_')}_{_slug(t.title)[:60]}.csv"
            with path.open("w", newline="", encoding="utf-8") as fh:
                w = csv.writer(fh)
                w.writerow(t.columns)
                w.writerows(t.rows)
            written.append(path)
    return written


def write(report: Report, out: str | Path, fmt: str = "html") -> Path:
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    text = to_markdown(report, out) if fmt == "md" else to_html(report)
    out.write_text(text, encoding="utf-8")
    return out
