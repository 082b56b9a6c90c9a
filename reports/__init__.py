"""Balance reports from gwt-sim datasets: polars pipelines over the Parquet tables, statistics with
their uncertainty, matplotlib figures, one self-contained HTML file or Markdown.

    gwt-sim report runs/quickstart --out runs/quickstart/report.html [--compare DIR2] [--format md]

Modules: `data` (loading), `stats` (intervals, tests, corrections, Bradley–Terry), `figures`,
`sections/*` (one per section), `render` (HTML / Markdown), `report` (putting it together),
`synthetic` (datasets with planted effects, for tests and the benchmark).
"""

from reports.data import ReportError
from reports.report import build_report, make_report

__all__ = ["ReportError", "build_report", "make_report"]
