"""Matplotlib figures as PNG bytes (object-oriented API, no pyplot state, Agg canvas).

Every function takes a title and axis labels and returns PNG bytes; the PNG carries no metadata
(no software URL), so the HTML that embeds it holds no external reference. Layout rules: legends sit
outside the plotting area (never over data), long or many category labels are wrapped or turned so
they cannot overlap, and heatmap cells print their value in the colour bar's unit, in black or white
by the cell's luminance.
"""

from __future__ import annotations

import io
import textwrap
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

import numpy as np
from matplotlib.figure import Figure
from matplotlib.ticker import FuncFormatter

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from numpy.typing import ArrayLike

DPI = 90
COLORS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
          "#bcbd22", "#17becf", "#aec7e8", "#ffbb78")
FLAG = "#d62728"
PLAIN = "#4c72b0"
MUTED = "#b0b0b0"


def _png(fig: Figure) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=DPI, bbox_inches="tight", metadata={"Software": None})
    return buf.getvalue()


def _new(width: float = 7.5, height: float = 4.0) -> tuple[Figure, Axes]:
    fig = Figure(figsize=(width, height))
    return fig, fig.subplots()


def _legend_outside(ax: Axes, **kw) -> None:
    """Legend to the right of the axes (bbox_inches="tight" keeps it in the image)."""
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0.0, frameon=False, **kw)


def _wrap(label: str, width: int = 34) -> str:
    return "\n".join(textwrap.wrap(str(label), width)) or str(label)


def _category_ticks(ax: Axes, x: ArrayLike, categories: Sequence[str]) -> None:
    """x tick labels that cannot overlap: turned 35° when many or long, wrapped when very long."""
    labels = [_wrap(c, 18) for c in categories]
    longest = max((len(c) for c in categories), default=0)
    if len(categories) > 6 or longest * len(categories) > 60:
        ax.set_xticks(x, labels, rotation=35, ha="right", rotation_mode="anchor", fontsize=8)
    else:
        ax.set_xticks(x, labels)


def grouped_bars(categories: Sequence[str], series: Mapping[str, tuple], *, title: str, xlabel: str,
                 ylabel: str, ref: float | None = None, ref_label: str = "") -> bytes:
    """Bars per category, one bar per series: series name -> (values, lows, highs) (lows/highs may be
    None); an optional horizontal reference line (e.g. par)."""
    fig, ax = _new(max(7.5, 0.45 * len(categories) * max(len(series), 1) ** 0.5 + 3), 4.0)
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
    _category_ticks(ax, x, list(categories))
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    if len(series) > 1 or ref_label:
        _legend_outside(ax)
    return _png(fig)


def forest(labels: Sequence[str], est: ArrayLike, low: ArrayLike, high: ArrayLike, *, title: str, xlabel: str,
           ylabel: str = "", flagged: Sequence[bool] | None = None, muted: Sequence[bool] | None = None,
           ref: float | None = 0.0) -> bytes:
    """Point estimates with 95% intervals, one row per label (top to bottom); flagged rows in red,
    muted rows (not enough evidence) in light grey."""
    n = len(labels)
    wrapped = [_wrap(lab) for lab in labels]
    lines = sum(w.count("\n") + 1 for w in wrapped)
    fig, ax = _new(7.5, max(2.2, 0.26 * lines + 0.1 * n + 1.2))
    y = np.arange(n)[::-1]
    est, low, high = (np.asarray(v, dtype=float) for v in (est, low, high))
    flagged = list(flagged) if flagged is not None else [False] * n
    muted = list(muted) if muted is not None else [False] * n
    colors = [MUTED if m else FLAG if f else PLAIN for f, m in zip(flagged, muted, strict=True)]
    ax.hlines(y, low, high, colors=colors, lw=2)
    ax.scatter(est, y, c=colors, zorder=3, s=22)
    if ref is not None:
        ax.axvline(ref, color="black", lw=1, ls="--")
    ax.set_yticks(y, wrapped, fontsize=8 if lines > n else None)
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    if any(flagged) or any(muted):
        if any(flagged):
            ax.scatter([], [], c=FLAG, label="significant after correction")
        if any(muted):
            ax.scatter([], [], c=MUTED, label="not enough evidence (rarely used)")
        _legend_outside(ax)
    return _png(fig)


def heatmap(matrix: ArrayLike, rows: Sequence[str], cols: Sequence[str], *, title: str, xlabel: str, ylabel: str,
            percent: bool = True, center: float = 0.5) -> bytes:
    """A diverging heatmap around `center`; each cell prints its value in the colour bar's unit (percent
    when `percent`), in white on dark cells and black on light ones."""
    m = np.asarray(matrix, dtype=float)
    fig, ax = _new(1.2 + 1.1 * len(cols) + 2, 1.0 + 0.6 * len(rows) + 1)
    span = np.nanmax(np.abs(m - center)) if np.isfinite(m).any() else 1.0
    span = span if span > 0 else 1.0
    im = ax.imshow(m, cmap="RdBu_r", vmin=center - span, vmax=center + span)
    scale = 100.0 if percent else 1.0
    unit = "%" if percent else ""
    # enough decimals that the colour bar's ticks (and cells) differ: 0 for spans of 10+ units, ...
    digits = int(min(3, max(0, np.ceil(1 - np.log10(scale * span)))))
    for i in range(m.shape[0]):
        for j in range(m.shape[1]):
            if np.isfinite(m[i, j]):
                r, g, b, _ = im.cmap(im.norm(m[i, j]))
                dark = 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.5
                ax.text(j, i, f"{scale * m[i, j]:.{digits}f}{unit}", ha="center", va="center", fontsize=8,
                        color="white" if dark else "black")
    ax.set_xticks(range(len(cols)), [_wrap(c, 28) for c in cols], rotation=30, ha="right", rotation_mode="anchor")
    ax.set_yticks(range(len(rows)), [_wrap(r, 28) for r in rows])
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    bar = fig.colorbar(im, ax=ax, shrink=0.8)
    bar.ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{scale * v:.{digits}f}{unit}"))
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
        _legend_outside(ax)
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
    _legend_outside(ax, ncol=1 if len(parts) <= 12 else 2)
    return _png(fig)


def curves(series: Mapping[str, tuple], *, title: str, xlabel: str, ylabel: str, ref: float | None = None,
           ref_label: str = "", marks: Sequence[tuple[float, float, float]] = (),
           percent: bool = False) -> bytes:
    """Lines against a numeric x with shaded 95% bands: series name -> (x, estimates, lows, highs);
    an optional horizontal target line; `marks`: (x, low, high) of where a curve meets the
    target, drawn on the target line with the interval as a horizontal bar. `percent` shows y as %."""
    fig, ax = _new(7.5, 4.2)
    scale = 100.0 if percent else 1.0
    for i, (name, (x, est, low, high)) in enumerate(series.items()):
        color = COLORS[i % len(COLORS)]
        x = np.asarray(x, dtype=float)
        ax.plot(x, scale * np.asarray(est, float), marker="o", ms=3.5, lw=1.6, color=color, label=name)
        ax.fill_between(x, scale * np.asarray(low, float), scale * np.asarray(high, float), color=color, alpha=0.18,
                        lw=0)
    if ref is not None:
        ax.axhline(scale * ref, color="black", lw=1, ls="--", label=ref_label or None)
        for k, (x0, lo, hi) in enumerate(marks):
            lo_c, hi_c = (np.clip(v, *ax.get_xlim()) for v in (lo, hi))
            ax.errorbar([x0], [scale * ref], xerr=[[x0 - lo_c], [hi_c - x0]], fmt="D", ms=6, capsize=4,
                        color="black", mfc="white", zorder=4, label="crossing (95% CI)" if k == 0 else None)
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel + (" (%)" if percent else ""))
    if len(series) > 1 or ref_label or marks:
        _legend_outside(ax)
    return _png(fig)


def tuning(x: ArrayLike, est: ArrayLike, low: ArrayLike, high: ArrayLike, *, target: float,
           line: tuple[float, float, float, float] | None, root: tuple[float, float, float] | None, title: str,
           xlabel: str, ylabel: str, percent: bool = False) -> bytes:
    """A tuning: the metric at every value played (95% intervals), the local line (x0, x1, y0, y1)
    the value was read from, the target, and the tuned value with its interval on the target line."""
    fig, ax = _new(7.5, 4.2)
    scale = 100.0 if percent else 1.0
    x, est, low, high = (np.asarray(v, dtype=float) for v in (x, est, low, high))
    ax.errorbar(x, scale * est, yerr=[scale * (est - low), scale * (high - est)], fmt="o", ms=4, capsize=3,
                color=PLAIN, label="metric at a value played (95% CI)")
    if line is not None:
        x0, x1, y0, y1 = line
        ax.plot([x0, x1], [scale * y0, scale * y1], color=FLAG, lw=1.8, label="local linear fit")
    ax.axhline(scale * target, color="black", lw=1, ls="--", label="target")
    if root is not None:
        r, lo, hi = root
        lo_c, hi_c = (float(np.clip(v, x.min() - 1, x.max() + 1)) for v in (lo, hi))
        ax.errorbar([r], [scale * target], xerr=[[r - lo_c], [hi_c - r]], fmt="D", ms=7, capsize=5, color="black",
                    mfc="white", zorder=4, label="tuned value (95% CI)")
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel + (" (%)" if percent else ""))
    _legend_outside(ax)
    return _png(fig)
