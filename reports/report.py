"""Build a report from a dataset folder (and optionally a second one to compare) and write it.

    from reports import make_report
    make_report("runs/quickstart", "runs/quickstart/report.html")                 # HTML
    make_report("runs/patched", "cmp.md", compare="runs/baseline", fmt="md")       # Markdown + PNGs
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from reports import render
from reports.data import Dataset, ReportError, load
from reports.model import Report, Section
from reports.sections import buildings, overview, scores, seats, station_masters, strategies, tempo, whatif

SECTIONS: tuple[Callable[[Dataset, Dataset | None], Section], ...] = (
    overview.build, seats.build, strategies.build, buildings.build, station_masters.build, scores.build,
    tempo.build, whatif.build)
FORMATS = ("html", "md")


def check_comparable(ds: Dataset, other: Dataset) -> None:
    if ds.player_counts != other.player_counts:
        raise ReportError(f"cannot compare {ds.path} ({'/'.join(map(str, ds.player_counts))} players) with "
                          f"{other.path} ({'/'.join(map(str, other.player_counts))} players): "
                          f"player counts differ")


def build_report(path: str | Path, compare: str | Path | None = None) -> Report:
    ds = load(path)
    other = None
    if compare is not None:
        other = load(compare)
        check_comparable(ds, other)
        if other.label == ds.label:
            ds.label, other.label = str(ds.path), str(other.path)
    sections = [build(ds, other) for build in SECTIONS]
    title = f"gwt-sim balance report: {ds.label}"
    sub = f"{ds.games.height:,} games from {ds.path}"
    if other is not None:
        sub += f", compared with {other.games.height:,} games from {other.path}"
    return Report(title, sub + f"; generated {time.strftime('%Y-%m-%d %H:%M')}", sections)


def infer_format(out: str | Path, fmt: str | None) -> str:
    if fmt:
        if fmt not in FORMATS:
            raise ReportError(f"unknown format {fmt!r} (expected html or md)")
        return fmt
    return "md" if Path(out).suffix.lower() in (".md", ".markdown") else "html"


def make_report(path: str | Path, out: str | Path | None = None, compare: str | Path | None = None,
                fmt: str | None = None) -> Path:
    """Read the dataset(s), build every section and write the report; returns the file written."""
    if out is None:
        out = Path(path) / ("report.md" if fmt == "md" else "report.html")
    fmt = infer_format(out, fmt)
    report = build_report(path, compare)
    return render.write(report, out, fmt)
