"""Matplotlib figures as PNG bytes (object-oriented API, no pyplot state, Agg canvas).

Every function takes a title and axis labels and returns PNG bytes; the PNG carries no metadata
(no software URL), so the HTML that embeds it holds no external reference.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence

import numpy as np
from matplotlib.figure import Figure

DPI = 90
COLORS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
          "#bcbd22", "#17becf", "#aec7e8", "#ffbb78")
FLAG = "#d62728"
PLAIN = "#4c72b0"


def _png(fig: Figure) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=DPI, bbox_inches="tight", metadata={"Software": None})
    return buf.getvalue()


def _new(width: float = 7.5, height: float = 4.0):
    fig = Figure(figsize=(width, height))
    return fig, fig.subplots()


def grouped_bars(categories: Sequence[str], series: Mapping[str, tuple], *, title: str, xlabel: str,
                 ylabel: str, ref: float | None = None, ref_label: str = "") -> bytes:
    """Bars per category, one bar per series: series name -> (values, lows, highs) (lows/highs may be
    None); an optional horizontal reference line (e.g. par)."""
    fig, ax = _new()
    k = max(len(series), 1)
    width = 0.8 / k
    x = np.arange(len(categories))
    for i, (name, (vals, lows, highs)) in enumerate(series.items()):
        vals = np.asarray(vals, dtype=float)
        err = None
        if lows is not None and highs is not None:
            err = np.vstack([vals - np.asarray(lows, float), np.asarray(highs, float) - vals])
        ax.bar(x - 0.4 + width * (i + 0.5), vals, width, yerr=err, capsize=3, label=name,
               color=COLORS[i % len(COLORS)])
    if ref is not None:
        ax.axhline(ref, color="black", lw=1, ls="--", label=ref_label or None)
    ax.set_xticks(x, list(categories))
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    if len(series) > 1 or ref_label:
        ax.legend(fontsize=8)
    return _png(fig)


def forest(labels: Sequence[str], est, low, high, *, title: str, xlabel: str, ylabel: str = "",
           flagged: Sequence[bool] | None = None, ref: float | None = 0.0) -> bytes:
    """Point estimates with 95% intervals, one row per label (top to bottom); flagged rows in red."""
    n = len(labels)
    fig, ax = _new(7.5, max(2.2, 0.32 * n + 1.2))
    y = np.arange(n)[::-1]
    est, low, high = (np.asarray(v, dtype=float) for v in (est, low, high))
    flagged = list(flagged) if flagged is not None else [False] * n
    colors = [FLAG if f else PLAIN for f in flagged]
    ax.hlines(y, low, high, colors=colors, lw=2)
    ax.scatter(est, y, c=colors, zorder=3, s=22)
    if ref is not None:
        ax.axvline(ref, color="black", lw=1, ls="--")
    ax.set_yticks(y, list(labels))
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    if any(flagged):
        ax.scatter([], [], c=FLAG, label="significant after correction")
        ax.legend(fontsize=8, loc="best")
    return _png(fig)


def heatmap(matrix, rows: Sequence[str], cols: Sequence[str], *, title: str, xlabel: str, ylabel: str,
            fmt: str = "{:.0%}", center: float = 0.5) -> bytes:
    m = np.asarray(matrix, dtype=float)
    fig, ax = _new(1.2 + 1.1 * len(cols) + 2, 1.0 + 0.6 * len(rows) + 1)
    span = np.nanmax(np.abs(m - center)) if np.isfinite(m).any() else 1.0
    span = span if span > 0 else 1.0
    im = ax.imshow(m, cmap="RdBu_r", vmin=center - span, vmax=center + span)
    for i in range(m.shape[0]):
        for j in range(m.shape[1]):
            if np.isfinite(m[i, j]):
                ax.text(j, i, fmt.format(m[i, j]), ha="center", va="center", fontsize=8)
    ax.set_xticks(range(len(cols)), list(cols), rotation=30, ha="right")
    ax.set_yticks(range(len(rows)), list(rows))
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    fig.colorbar(im, ax=ax, shrink=0.8)
    return _png(fig)


def histograms(hists: Mapping[str, tuple[np.ndarray, np.ndarray]], *, title: str, xlabel: str,
               ylabel: str = "share of rows") -> bytes:
    """Step histograms, one per name: name -> (bin edges, counts); counts are normalised to shares."""
    fig, ax = _new()
    for i, (name, (edges, counts)) in enumerate(hists.items()):
        counts = np.asarray(counts, dtype=float)
        total = counts.sum()
        ax.stairs(counts / total if total else counts, edges, label=name, color=COLORS[i % len(COLORS)], lw=1.5)
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    if len(hists) > 1:
        ax.legend(fontsize=8)
    return _png(fig)


def stacked_bars(groups: Sequence[str], parts: Mapping[str, Sequence[float]], *, title: str, xlabel: str,
                 ylabel: str) -> bytes:
    """One horizontal stacked bar per group; parts: category -> value per group (negatives stack left)."""
    fig, ax = _new(8.5, max(2.5, 0.45 * len(groups) + 1.8))
    y = np.arange(len(groups))[::-1]
    pos = np.zeros(len(groups))
    neg = np.zeros(len(groups))
    for i, (name, vals) in enumerate(parts.items()):
        vals = np.asarray(vals, dtype=float)
        left = np.where(vals >= 0, pos, neg)
        ax.barh(y, vals, left=left, label=name, color=COLORS[i % len(COLORS)])
        pos += np.where(vals >= 0, vals, 0)
        neg += np.where(vals < 0, vals, 0)
    ax.axvline(0, color="black", lw=0.8)
    ax.set_yticks(y, list(groups))
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.legend(fontsize=7, ncol=2, bbox_to_anchor=(1.01, 1), loc="upper left")
    return _png(fig)
