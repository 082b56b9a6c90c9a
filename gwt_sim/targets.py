"""Outcomes measured against a swept or tuned parameter, and where they meet a target.

A target is written ``METRIC = VALUE``::

    seat_1_win_share = par          # seat K's win share (seats from 1); par = 1 / players
    win_share[heuristic:profile=builder] = par    # the players of one strategy (as in the lineup)
    users_win_share[10] = par       # the players who built building number 10 (`built_10`)
    side_b - side_a = 0             # building N side b − side a on the average player's score per
    side_b - side_a[10] = 0         #   game (games with random sides); N defaults to the parameter's building
    mean_score = 45                 # the average player's score
    turns = 60                      # mean game length in turns

`metric_rows` turns a dataset's tables into one row per observation — ``x`` (the parameter's value
in the arm), ``y``, ``g`` (1 for side b, 0 for side a; side metrics only), ``cluster`` (the seed:
games of one seed are paired across arms by common random numbers and dependent) and ``block``
(one game position: seed and rotation).

Statistics (shared by `gwt_sim.tune` and the sweep report, so both give the same numbers):

* `point_estimates`: the metric at each value with a cluster-robust (by seed) normal 95% interval.
* `fit_line`: a local linear fit of the metric on the parameter, by least squares with standard
  errors clustered by seed (statsmodels ``OLS(...).fit(cov_type="cluster")``). The design is paired:
  the seeds of a round are played at every value of the round, so the seed-to-seed noise cancels
  from the slope (a common-random-numbers difference); with the block mean of ``x`` as a regressor
  (Mundlak's device) the slope is the within-seed one even when rounds cover different values,
  while the level keeps its full seed-to-seed noise.
* `Line.root`: where the fitted line meets a target value, with Fieller's 95% interval for the
  ratio (target − level) / slope: the values of ``x`` whose prediction interval contains the target.
  Unbounded when the slope is not significantly different from 0.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
import polars as pl

from gwt_sim.errors import UserError

Z95 = 1.959963984540054
ROW_COLUMNS = ("x", "y", "g", "cluster", "block")


class TargetError(UserError, ValueError):
    """A target that cannot be read or measured: one line naming it."""


@dataclass(frozen=True)
class Metric:
    """kind: seat_win_share | win_share | users_win_share | side_diff | mean_score | turns."""

    kind: str
    arg: Any = None               # seat number, strategy string or building number (None: the parameter's)

    @property
    def is_share(self) -> bool:
        return self.kind in ("seat_win_share", "win_share", "users_win_share")

    @property
    def grouped(self) -> bool:
        return self.kind == "side_diff"

    def name(self) -> str:
        if self.kind == "seat_win_share":
            return f"seat_{self.arg}_win_share"
        if self.kind == "win_share":
            return f"win_share[{self.arg}]"
        if self.kind == "users_win_share":
            return f"users_win_share[{self.arg}]"
        if self.kind == "side_diff":
            return "side_b - side_a" + (f"[{self.arg}]" if self.arg is not None else "")
        return self.kind

    def words(self) -> str:
        """The metric in words, for reports and the tune's result."""
        if self.kind == "seat_win_share":
            return f"seat {self.arg}'s win share"
        if self.kind == "win_share":
            return f"the win share of {self.arg}"
        if self.kind == "users_win_share":
            return f"the win share of players who built building {self.arg}"
        if self.kind == "side_diff":
            return f"building {self.arg} side b − side a (average player's score per game)"
        if self.kind == "mean_score":
            return "the average player's score"
        return "the mean game length in turns"


@dataclass(frozen=True)
class Target:
    metric: Metric
    value: float | None            # None: par (1 / players)
    text: str

    def resolved(self, players: int) -> float:
        return 1.0 / players if self.value is None else self.value

    def shown(self, players: int) -> str:
        return f"par ({1 / players:.4g})" if self.value is None else f"{self.value:g}"


_SEAT = re.compile(r"seat_(\d+)_win_share")
_BRACKET = re.compile(r"(win_share|users_win_share)\[(.+)\]")
_SIDE = re.compile(r"side_b\s*-\s*side_a(?:\[\s*(\d+)\s*\])?")
KNOWN = ("seat_K_win_share", "win_share[STRATEGY]", "users_win_share[N]", "side_b - side_a[N]", "mean_score",
         "turns")


def parse_metric(text: str, where: str = "--target") -> Metric:
    t = text.strip()
    if m := _SEAT.fullmatch(t):
        seat = int(m.group(1))
        if not 1 <= seat <= 4:
            raise TargetError(f"{where}: {t}: seats are numbered 1 to 4")
        return Metric("seat_win_share", seat)
    if m := _BRACKET.fullmatch(t):
        if m.group(1) == "win_share":
            return Metric("win_share", m.group(2).strip())
        if not re.fullmatch(r"\d+", m.group(2).strip()):
            raise TargetError(f"{where}: {t}: the building number must be a whole number (1-12)")
        return Metric("users_win_share", int(m.group(2)))
    if m := _SIDE.fullmatch(t):
        return Metric("side_diff", int(m.group(1)) if m.group(1) else None)
    if t in ("mean_score", "turns"):
        return Metric(t)
    raise TargetError(f"{where}: unknown metric {t!r} (known: {', '.join(KNOWN)})")


def parse_target(text: Any, where: str = "--target") -> Target:
    """``METRIC = VALUE``; VALUE a number or ``par`` (win shares only)."""
    if not isinstance(text, str) or "=" not in text:
        raise TargetError(f"{where}: expected METRIC = VALUE (e.g. seat_1_win_share = par), got {text!r}")
    left, _, right = text.rpartition("=")
    metric = parse_metric(left, where)
    value_text = right.strip()
    if value_text == "par":
        if not metric.is_share:
            raise TargetError(f"{where}: par (1 / players) is a win share; give {metric.name()} a number")
        return Target(metric, None, text.strip())
    try:
        value = float(value_text)
    except ValueError:
        raise TargetError(f"{where}: target value {value_text!r} is not a number"
                          + (" or par" if metric.is_share else "")) from None
    if not math.isfinite(value):
        raise TargetError(f"{where}: target value {value_text!r} is not a finite number")
    if metric.is_share and not 0 <= value <= 1:
        raise TargetError(f"{where}: a win share is between 0 and 1 (or par), got {value_text}")
    return Target(metric, value, text.strip())


def with_subject(metric: Metric, subject: Mapping[str, Any], where: str = "--target") -> Metric:
    """A side metric without a building number takes the parameter's building."""
    if metric.kind == "side_diff" and metric.arg is None:
        if "number" not in subject:
            raise TargetError(f"{where}: {metric.name()}: name the building number, e.g. side_b - side_a[10] (the "
                              f"parameter belongs to no numbered building)")
        return Metric("side_diff", int(subject["number"]))
    return metric


# --------------------------------------------------------------------------- rows


def _keys(df: pl.DataFrame | pl.LazyFrame, round_index: int) -> list[pl.Expr]:
    cluster = pl.lit(round_index, pl.Int64) * (1 << 40) + pl.col("seed_index").cast(pl.Int64)
    return [cluster.alias("cluster"), (cluster * 64 + pl.col("rotation").cast(pl.Int64)).alias("block")]


def metric_rows(metric: Metric, players: pl.DataFrame, games: pl.DataFrame, arm_x: Mapping[str, float],
                round_index: int = 0) -> pl.DataFrame:
    """One row per observation of the metric in the arms of `arm_x` (arm -> parameter value)."""
    arms = list(arm_x)
    xs = pl.DataFrame({"arm": arms, "x": [float(arm_x[a]) for a in arms]})
    pf = players.lazy().filter(pl.col("arm").is_in(arms))
    k = metric.kind
    if k in ("seat_win_share", "win_share", "users_win_share", "mean_score"):
        if k == "seat_win_share":
            pf = pf.filter(pl.col("seat") == metric.arg)
        elif k == "win_share":
            pf = pf.filter(pl.col("strategy") == metric.arg)
        elif k == "users_win_share":
            col = f"built_{metric.arg}"
            if col not in players.columns:
                raise TargetError(f"{metric.name()}: the dataset has no column {col}")
            pf = pf.filter(pl.col(col) == 1)
        y = pl.col("score" if k == "mean_score" else "win_share").cast(pl.Float64)
        out = pf.select("arm", y.alias("y"), pl.lit(0, pl.Int8).alias("g"), *_keys(pf, round_index))
    else:
        gf = games.lazy().filter(pl.col("arm").is_in(arms))
        if k == "turns":
            out = gf.select("arm", pl.col("turns").cast(pl.Float64).alias("y"), pl.lit(0, pl.Int8).alias("g"),
                            *_keys(gf, round_index))
        else:   # side_diff: the average player's score per game, by the side of building N
            col = f"side_{metric.arg}"
            if col not in games.columns:
                raise TargetError(f"{metric.name()}: the dataset has no column {col}")
            avg = pf.group_by("game_id").agg(pl.col("score").cast(pl.Float64).mean().alias("y"))
            out = (gf.join(avg, on="game_id")
                   .select("arm", "y", (pl.col(col) == "b").cast(pl.Int8).alias("g"), *_keys(gf, round_index)))
    # one canonical row order, so that every statistic is the same number however the tables were read
    return out.join(xs.lazy(), on="arm").select(*ROW_COLUMNS).sort(*ROW_COLUMNS).collect()


# --------------------------------------------------------------------------- estimates at each value


def _mean_se(df: pl.DataFrame, by: list[str]) -> pl.DataFrame:
    """Mean of y per group with its cluster-robust standard error (clusters = seeds):
    var = G/(G-1) · Σ_c (Σ_i∈c (y_i − ȳ))² / n², statsmodels' cluster formula for a mean. Sums run in
    a fixed order (numpy over sorted clusters), so the numbers do not depend on how rows were read."""
    per = df.group_by(*by, "cluster").agg(pl.col("y").sort().sum().alias("s"), pl.len().alias("k")).sort(*by, "cluster")
    keys = per.select(by).rows()
    s, k = per["s"].to_numpy(), per["k"].to_numpy().astype(float)
    starts = [0] + [i for i in range(1, len(keys)) if keys[i] != keys[i - 1]]
    out = {c: [] for c in (*by, "n", "G", "mean", "se")}
    for a, b in zip(starts, [*starts[1:], len(keys)], strict=True):
        n, total = k[a:b].sum(), s[a:b].sum()
        mean = total / n
        g = b - a
        e = s[a:b] - k[a:b] * mean
        var = (e * e).sum() * g / max(g - 1, 1) / (n * n)
        for c, v in zip(by, keys[a], strict=True):
            out[c].append(v)
        out["n"].append(int(n))
        out["G"].append(g)
        out["mean"].append(float(mean))
        out["se"].append(math.sqrt(var))
    return pl.DataFrame(out, schema={**{c: df.schema[c] for c in by}, "n": pl.Int64, "G": pl.Int64,
                                     "mean": pl.Float64, "se": pl.Float64})


def point_estimates(rows: pl.DataFrame, grouped: bool = False) -> pl.DataFrame:
    """Per value of x: n (observations), estimate, se, low, high (95%), sorted by x. For a grouped
    metric the estimate is the difference of the means of g = 1 and g = 0 (n counts both)."""
    if rows.height == 0:
        return pl.DataFrame(schema={"x": pl.Float64, "n": pl.Int64, "estimate": pl.Float64, "se": pl.Float64,
                                    "low": pl.Float64, "high": pl.Float64})
    if grouped:
        m = _mean_se(rows, ["x", "g"])
        b = m.filter(pl.col("g") == 1).select("x", pl.col("n").alias("n1"), pl.col("mean").alias("m1"),
                                             pl.col("se").alias("s1"))
        a = m.filter(pl.col("g") == 0).select("x", pl.col("n").alias("n0"), pl.col("mean").alias("m0"),
                                             pl.col("se").alias("s0"))
        out = b.join(a, on="x", how="full", coalesce=True).select(
            "x", (pl.col("n1").fill_null(0) + pl.col("n0").fill_null(0)).alias("n"),
            (pl.col("m1") - pl.col("m0")).alias("estimate"), (pl.col("s1") ** 2 + pl.col("s0") ** 2).sqrt().alias("se"))
    else:
        out = _mean_se(rows, ["x"]).select("x", "n", pl.col("mean").alias("estimate"), "se")
    return (out.with_columns(low=pl.col("estimate") - Z95 * pl.col("se"), high=pl.col("estimate") + Z95 * pl.col("se"))
            .sort("x"))


# --------------------------------------------------------------------------- a local line and its root


@dataclass(frozen=True)
class Line:
    """metric(x) ≈ level + slope · (x − center); `cov` is the 2×2 covariance of (level, slope)."""

    center: float
    level: float
    slope: float
    cov: tuple[tuple[float, float], tuple[float, float]]
    n: int
    clusters: int
    lo: float                      # the values the fit used
    hi: float

    def predict(self, x: float) -> tuple[float, float, float]:
        d = x - self.center
        est = self.level + self.slope * d
        var = self.cov[0][0] + d * d * self.cov[1][1] + 2 * d * self.cov[0][1]
        half = Z95 * math.sqrt(max(var, 0.0))
        return est, est - half, est + half

    @property
    def slope_interval(self) -> tuple[float, float]:
        half = Z95 * math.sqrt(max(self.cov[1][1], 0.0))
        return self.slope - half, self.slope + half

    def root(self, target: float) -> Root:
        """Where the line meets `target`, with Fieller's 95% interval."""
        a, b = self.level - target, self.slope
        va, vb, cab = self.cov[0][0], self.cov[1][1], self.cov[0][1]
        z2 = Z95 * Z95
        est = self.center - a / b if b != 0 else math.nan
        # (a + b d)^2 <= z^2 (va + d^2 vb + 2 d cab)  <=>  A d^2 + B d + C <= 0
        A = b * b - z2 * vb
        B = 2 * (a * b - z2 * cab)
        C = a * a - z2 * va
        if A <= 0:             # the slope is not significant: the set is unbounded
            return Root(est, -math.inf, math.inf, False)
        disc = B * B - 4 * A * C
        if disc < 0:           # cannot happen for A > 0 (the estimate itself is in the set); numerical guard
            disc = 0.0
        r1, r2 = (-B - math.sqrt(disc)) / (2 * A), (-B + math.sqrt(disc)) / (2 * A)
        return Root(est, self.center + r1, self.center + r2, True)


@dataclass(frozen=True)
class Root:
    estimate: float
    low: float
    high: float
    bounded: bool

    @property
    def width(self) -> float:
        return self.high - self.low


def fit_line(rows: pl.DataFrame, grouped: bool = False, lo: float = -math.inf, hi: float = math.inf) -> Line | None:
    """The local linear fit of the metric on x over lo ≤ x ≤ hi (None with fewer than two values).

    Regressors: 1, d = x − center, m = (block mean of x) − center [when it varies]; for a grouped
    metric also g, g·d, g·m, and the line is the g = 1 minus g = 0 difference."""
    import statsmodels.api as sm

    df = rows.filter((pl.col("x") >= lo) & (pl.col("x") <= hi))
    if df.height == 0 or df["x"].n_unique() < 2:
        return None
    df = df.with_columns(pl.col("x").mean().over("block").alias("xb"))
    center = float(df["x"].mean())
    x = df["x"].to_numpy() - center
    m = df["xb"].to_numpy() - center
    g = df["g"].to_numpy().astype(float)
    cols = [np.ones(df.height), x]
    # the block-mean term only when values vary both within blocks (paired) and between them;
    # otherwise it would repeat the intercept or x itself
    scale = 1e-9 * max(1.0, float(np.ptp(x)))
    use_m = float(np.ptp(m)) > scale and float(np.ptp(x - m)) > scale
    if use_m:
        cols.append(m)
    if grouped:
        cols += [g, g * x] + ([g * m] if use_m else [])
    X = np.column_stack(cols)
    y = df["y"].to_numpy().astype(float)
    groups = df["cluster"].to_numpy()
    clusters = int(np.unique(groups).size)
    if clusters < 2:
        return None
    fit = sm.OLS(y, X).fit(cov_type="cluster", cov_kwds={"groups": groups})
    params = np.asarray(fit.params)
    cov = np.asarray(fit.cov_params())
    i, j = (0, 1) if not grouped else (len(cols) - (3 if use_m else 2), len(cols) - (2 if use_m else 1))
    if not np.all(np.isfinite(cov[np.ix_([i, j], [i, j])])):
        return None
    return Line(center, float(params[i]), float(params[j]),
                ((float(cov[i, i]), float(cov[i, j])), (float(cov[j, i]), float(cov[j, j]))),
                int(df.height), clusters, float(df["x"].min()), float(df["x"].max()))


# --------------------------------------------------------------------------- crossings of a curve


@dataclass(frozen=True)
class Crossing:
    """Where a swept curve crosses its target: between the values `lo` and `hi` (adjacent values
    whose estimates lie on either side), at `root` (Fieller interval from the line through them)."""

    lo: float
    hi: float
    root: Root


def crossings(points: pl.DataFrame, rows: pl.DataFrame, target: float, grouped: bool = False) -> list[Crossing]:
    """Every crossing of `target` by the estimates at adjacent values (an estimate equal to the
    target is a crossing at that value)."""
    xs = points["x"].to_list()
    diff = [e - target for e in points["estimate"].to_list()]
    out = []
    for i in range(len(xs) - 1):
        a, b = diff[i], diff[i + 1]
        if a == 0 or (a < 0 < b) or (b < 0 < a) or (i == len(xs) - 2 and b == 0):
            line = fit_line(rows, grouped, xs[i], xs[i + 1])
            if line is None:
                continue
            out.append(Crossing(xs[i], xs[i + 1], line.root(target)))
    return out
