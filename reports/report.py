"""Build a report from a dataset folder (and optionally a second one to compare) and write it.

    from reports import make_report
    make_report("runs/quickstart", "runs/quickstart/report.html")                 # HTML
    make_report("runs/patched", "cmp.md", compare="runs/baseline", fmt="md")       # Markdown + PNGs
    make_report(DIR, OUT, options=ReportOptions(min_vp=0.5), tables_dir="tables")  # + one CSV per table

The report opens with the summary (every section's findings ranked, `reports.sections.summary`), then
the overview and the coverage of the components, then the sections (a sweep's and the fair
compensation's only when the dataset asks their questions). A tuning folder (`gwt-sim tune`) gets
the tuning's report (`reports.tune`).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from gwt_sim.files import writable_problem
from gwt_sim.parts import dataset_file
from reports import render
from reports.data import Dataset, ReportError, load
from reports.model import Report, Section
from reports.options import ReportOptions
from reports.sections import (
    buildings,
    coverage,
    fair,
    overview,
    scores,
    seats,
    solo,
    station_masters,
    strategies,
    summary,
    sweep,
    tempo,
    whatif,
)

# A section builder returns None when the dataset does not ask its question (a sweep section for a
# dataset that is no sweep): the section is left out.
SECTIONS: tuple[Callable[[Dataset, Dataset | None, ReportOptions], Section | None], ...] = (
    overview.build, coverage.build, sweep.build, seats.build, fair.build, strategies.build, buildings.build,
    station_masters.build, scores.build, tempo.build, whatif.build)
# A solo dataset (one player against Sam) asks its own questions: the seat, strategy, building-side,
# station-master and fair-compensation sections compare players of one game, which a solo game has
# one of.
SOLO_SECTIONS: tuple[Callable[[Dataset, Dataset | None, ReportOptions], Section | None], ...] = (
    overview.build, coverage.build, solo.build, scores.build, tempo.build, whatif.build)
FORMATS = ("html", "md")


def check_comparable(ds: Dataset, other: Dataset) -> None:
    if ds.player_counts != other.player_counts:
        raise ReportError(f"cannot compare {ds.path} ({'/'.join(map(str, ds.player_counts))} players) with "
                          f"{other.path} ({'/'.join(map(str, other.player_counts))} players): "
                          f"player counts differ")


def _default_labels(ds: Dataset, other: Dataset) -> tuple[str, str]:
    """The experiment names; when they are equal the folder names; then the last two folder levels."""
    for a, b in ((ds.label, other.label), (ds.path.name, other.path.name),
                 ("/".join(ds.path.resolve().parts[-2:]), "/".join(other.path.resolve().parts[-2:]))):
        if a and b and a != b:
            return a, b
    return str(ds.path), str(other.path)


def build_report(path: str | Path, compare: str | Path | None = None, options: ReportOptions | None = None) -> Report:
    """The report of a dataset (optionally against a baseline dataset), or of a tuning folder."""
    from reports.tune import build_tune_report, is_tuning

    opts = options or ReportOptions()
    if is_tuning(path):
        if compare is not None:
            raise ReportError(f"{path}: a tuning folder has its own report; --compare takes datasets")
        return build_tune_report(path)
    ds = load(path)
    other = None
    if compare is not None:
        other = load(compare)
        check_comparable(ds, other)
        a, b = _default_labels(ds, other)
        ds.label, other.label = opts.label or a, opts.compare_label or b
        if ds.label == other.label:
            raise ReportError(f"--label: both datasets are named {ds.label!r}; give them different names")
    elif opts.label:
        ds.label = opts.label
    sections = [s for build in (SOLO_SECTIONS if ds.solo else SECTIONS) if (s := build(ds, other, opts)) is not None]
    sections.insert(0, summary.build(sections, opts))
    title = f"gwt-sim balance report: {ds.label}"
    sub = f"{ds.games.height:,} games from {ds.path}"
    if other is not None:
        sub += f", compared with the baseline {other.label}: {other.games.height:,} games from {other.path}"
    return Report(title, sub + f"; generated {time.strftime('%Y-%m-%d %H:%M')}", sections)


def infer_format(out: str | Path, fmt: str | None) -> str:
    if fmt:
        if fmt not in FORMATS:
            raise ReportError(f"unknown format {fmt!r} (expected html or md)")
        return fmt
    return "md" if Path(out).suffix.lower() in (".md", ".markdown") else "html"


def make_report(path: str | Path, out: str | Path | None = None, compare: str | Path | None = None,
                fmt: str | None = None, options: ReportOptions | None = None,
                tables_dir: str | Path | None = None) -> Path:
    """Read the dataset(s), build every section and write the report (and, with `tables_dir`, every
    table as a CSV file there); returns the report file written."""
    if out is None:
        out = Path(path) / ("report.md" if fmt == "md" else "report.html")
    fmt = infer_format(out, fmt)
    for target, what in ((out, "--out"), (tables_dir, "--tables-dir")):
        if target is None:
            continue
        if problem := writable_problem(target, folder=what == "--tables-dir"):
            raise ReportError(f"{what} {target}: {problem}")     # before any work
        if (owner := dataset_file(target)) is not None:
            example = owner / ("tables" if what == "--tables-dir" else f"report.{fmt}")
            raise ReportError(f"{what} {target}: among the files of the dataset {owner} (its manifest, "
                              f"games/ and players/), which a report must not replace; e.g. {example}")
    report = build_report(path, compare, options)
    if tables_dir is not None:
        render.write_tables(report, tables_dir)
    return render.write(report, out, fmt)
