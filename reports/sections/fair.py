"""Fair compensation: per player count, which starting money per seat and which VP handicap per seat
equalise the seats' win shares — with 95% intervals, beside the printed money ($6/$7/$8/$9).

The section appears when a dataset's arms at one player count differ only by starting money or seat
VP (arms compared on everything else in the manifest's `experiment_spec`); the ready experiment is
`experiments/fair_compensation.toml` (per player count: the printed money, and each later seat's
money moved down and up).

* **VP handicap** (`seat_vp`): VP added to each seat's total at the end. From the games of the
  reference arm (the printed money, no seat VP), every game is scored again with a handicap vector h
  (seat 1 fixed at 0; ties share the win as in the dataset) and h is the whole-VP vector whose win
  shares come closest to par (least squares; coordinate descent over each seat's VP). This needs no
  new games because the VP are only added at final scoring: the engine's strategies never see them,
  so under common random numbers a game with a handicap is the same game (tests/test_seat_vp.py). A
  human player who knows about a handicap might play differently; the bots do not.
* **Starting money**: each seat's win share is fitted as a linear function of the seats' starting
  money over the arms (every arm plays the same seeds, so the slopes are paired differences), and
  the money of seats 2.. that makes every share par is solved from it (seat 1 keeps its printed
  money). Whole dollars are what a rulebook prints: the nearest ones are shown too.
* Intervals: a bootstrap over seeds (the same resampled seeds in every arm, which keeps the pairing;
  `BOOTSTRAP` replicates, fixed seed): percentiles of the re-solved handicap and money. Where the
  reference arm replays seeds (strategy pools, rotations), a resampled seed brings all its games, and
  the win shares' Wilson intervals are taken at the games' effective number (the games of one seed
  share its setup).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np
import polars as pl

from reports import figures, fmt
from reports import stats as st
from reports.data import SEED_INDEX, Dataset
from reports.model import Figure, Section, Table
from reports.options import ReportOptions

if TYPE_CHECKING:
    from numpy.typing import ArrayLike

BOOTSTRAP = 400
BOOTSTRAP_SEED = 14
MAX_HANDICAP = 40           # VP searched per seat, each way
_SPEC_IGNORED = ("name", "starting_money", "seat_vp")


@dataclass
class Setting:
    """Arms at one player count that differ only by starting money and seat VP."""

    players: int
    arms: list[str]
    money: dict[str, tuple[int, ...]]         # arm -> starting money per seat (as played)
    seat_vp: dict[str, tuple[int, ...]]
    reference: str = ""
    printed: tuple[int, ...] = ()
    result: dict[str, Any] = field(default_factory=dict)


def _settings(ds: Dataset) -> list[Setting]:
    spec = {a.get("name"): a for a in ds.manifest.get("experiment_spec", {}).get("arms", []) if isinstance(a, dict)}
    cols = ["arm", "seat", "players", "starting_money"] + (["seat_vp"] if ds.has("seat_vp") else [])
    per = ds.players.select(cols).unique(["arm", "seat"]).sort("arm", "seat")
    money: dict[str, tuple[int, ...]] = {}
    vp: dict[str, tuple[int, ...]] = {}
    players: dict[str, int] = {}
    for (arm,), g in per.group_by(["arm"], maintain_order=True):
        money[arm] = tuple(int(v) for v in g["starting_money"])
        vp[arm] = tuple(int(v) for v in g["seat_vp"]) if "seat_vp" in g.columns else (0,) * g.height
        players[arm] = int(g["players"][0])
    groups: dict[str, list[str]] = {}
    for arm in ds.arms:
        if arm not in money:
            continue
        rest = {k: v for k, v in spec.get(arm, {"players": players[arm]}).items() if k not in _SPEC_IGNORED}
        groups.setdefault(json.dumps(rest, sort_keys=True, default=str), []).append(arm)
    printed_all = ds.manifest.get("printed_starting_money")
    out = []
    for arms in groups.values():
        varied = len({money[a] for a in arms}) > 1 or len({vp[a] for a in arms}) > 1
        if not varied:
            continue
        n = players[arms[0]]
        printed = tuple(printed_all[:n]) if isinstance(printed_all, list) and len(printed_all) >= n else ()
        plain = [a for a in arms if not any(vp[a])] or arms
        anchor = printed or money[plain[0]]
        ref = min(plain, key=lambda a: (sum(abs(m - p) for m, p in zip(money[a], anchor, strict=True)),
                                        arms.index(a)))
        out.append(Setting(n, arms, {a: money[a] for a in arms}, {a: vp[a] for a in arms}, ref,
                           printed or money[ref]))
    return sorted(out, key=lambda s: s.players)


# --------------------------------------------------------------------------- VP handicap by rescoring


def game_shares(scores: np.ndarray, handicap: np.ndarray) -> np.ndarray:
    """Each game's win share per seat (games × seats) when `handicap` is added to its scores; k tied
    winners share a win, 1/k each (as the dataset's win_share)."""
    s = scores + handicap[None, :]
    top = s == s.max(axis=1, keepdims=True)
    return top / top.sum(axis=1, keepdims=True)


def win_shares(scores: np.ndarray, handicap: np.ndarray) -> np.ndarray:
    """Mean win share per seat when `handicap` is added to every game's scores (games × seats)."""
    return game_shares(scores, handicap).mean(axis=0)


def _seat_curve(scores: np.ndarray, h: np.ndarray, s: int, values: np.ndarray) -> np.ndarray:
    """Win shares of every seat (len(values) × seats) when seat s's handicap takes each of the whole
    `values` and the others keep theirs — from one pass over the games: seat s ties the best rival
    when its handicap equals d = (best rival total) − (its score), wins above and loses below."""
    n, seats = scores.shape
    lo, hi = int(values[0]), int(values[-1])
    tot = scores + h[None, :]
    rivals = np.delete(tot, s, axis=1)
    best = rivals.max(axis=1)
    tied = rivals == best[:, None]
    c = tied.sum(axis=1)
    d = np.clip(best - scores[:, s], lo - 1, hi + 1).astype(np.int64) - (lo - 1)     # bins 0 .. K+1
    k = hi - lo + 3
    count = np.bincount(d, minlength=k).astype(float)
    tie_s = np.bincount(d, weights=1.0 / (c + 1), minlength=k)
    v = np.asarray(values, dtype=np.int64) - (lo - 1)
    below = np.concatenate([[0.0], np.cumsum(count)])[v]         # games with d < value: seat s wins
    out = np.empty((len(values), seats))
    out[:, s] = (below + tie_s[v]) / n
    others = [t for t in range(seats) if t != s]
    for j, t in enumerate(others):
        lose = np.bincount(d, weights=tied[:, j] / c, minlength=k)        # s below: t's share among rivals
        tie_t = np.bincount(d, weights=tied[:, j] / (c + 1), minlength=k)
        above = np.concatenate([np.cumsum(lose[::-1])[::-1], [0.0]])[v + 1]   # games with d > value
        out[:, t] = (above + tie_t[v]) / n
    return out


def fair_handicap(scores: np.ndarray, start: np.ndarray | None = None) -> np.ndarray:
    """Whole-VP handicap (seat 1 = 0) whose win shares come closest to par (least squares), by
    coordinate descent over each seat's VP in ±MAX_HANDICAP; among equally good values the one
    nearest the current value."""
    n = scores.shape[1]
    par = 1.0 / n
    h = np.zeros(n) if start is None else start.astype(float).copy()
    values = np.arange(-MAX_HANDICAP, MAX_HANDICAP + 1)
    for _ in range(100):
        changed = False
        for s in range(1, n):
            err = ((_seat_curve(scores, h, s, values) - par) ** 2).sum(axis=1)
            best = err.min()
            near = values[np.abs(err - best) <= 1e-12]
            choice = float(near[np.argmin(np.abs(near - h[s]))])
            if choice != h[s]:
                h[s] = choice
                changed = True
        if not changed:
            break
    return h


def _handicap(scores: np.ndarray, cluster: np.ndarray, rng: np.random.Generator) -> dict[str, Any]:
    """The handicap of the reference arm's games (games × seats) with its bootstrap interval, and the
    win shares with and without it with Wilson intervals. `cluster` is each game's cluster: its seed
    when the arm replays seeds (the games of one seed share its setup, so the seeds are resampled
    with all their games and the shares' intervals count seeds' worth of games), else the game's
    own position (each game resampled alone)."""
    h = fair_handicap(scores)
    n, seats = scores.shape
    c = st.cluster_index(cluster)
    k = int(c.max()) + 1
    order = np.argsort(c, kind="stable")
    start = np.searchsorted(c[order], np.arange(k + 1))
    boots = []
    for _ in range(BOOTSTRAP):
        pick = rng.integers(0, k, k)
        idx = pick if k == n else np.concatenate([order[start[i]:start[i + 1]] for i in pick])
        boots.append(fair_handicap(scores[idx], h))
    boots = np.array(boots)
    out: dict[str, Any] = {"handicap": h, "low": np.percentile(boots, 2.5, axis=0),
                           "high": np.percentile(boots, 97.5, axis=0), "games": n, "clusters": k}
    ones = np.ones(n)
    for key, hv in (("shares", h), ("printed_shares", np.zeros(seats))):
        g = game_shares(scores, hv)
        out[key] = g.mean(axis=0)
        bounds = np.array([st.wilson_clustered(c, g[:, s], ones)[:2] for s in range(seats)])
        out[key + "_low"], out[key + "_high"] = bounds[:, 0], bounds[:, 1]
    return out


# --------------------------------------------------------------------------- starting money by a linear fit


def _money_model(means: np.ndarray, dm: np.ndarray, free: list[int]) -> np.ndarray | None:
    """Money change of the `free` seats that makes every share par, from per-arm mean shares
    (arms × seats) and money changes (arms × seats) by least squares; None when not identified."""
    n = means.shape[1]
    X = np.column_stack([np.ones(len(dm)), dm[:, free]])
    if np.linalg.matrix_rank(X) < X.shape[1]:
        return None
    coef, *_ = np.linalg.lstsq(X, means, rcond=None)          # (1 + free) × seats
    b, J = coef[0], coef[1:].T                                  # J: seats × free
    rows = [s for s in range(n) if s != 0] if len(free) == n - 1 else list(range(n))
    sol, *_ = np.linalg.lstsq(J[rows], 1.0 / n - b[rows], rcond=None)
    return sol


def _money(ds: Dataset, st_: Setting, rng: np.random.Generator) -> dict[str, Any] | None:
    arms = [a for a in st_.arms if not any(st_.seat_vp[a])]
    if len({st_.money[a] for a in arms}) < 2:
        return None
    n = st_.players
    ref = np.array(st_.money[st_.reference], dtype=float)
    dm = np.array([st_.money[a] for a in arms], dtype=float) - ref
    free = [s for s in range(1, n) if np.ptp(dm[:, s]) > 0]
    if not free:
        return None
    per = (ds.players.filter(pl.col("arm").is_in(arms))
           .group_by("arm", "seed_index", "seat").agg(pl.col("win_share").mean())
           .pivot(on="seat", index=["seed_index", "arm"], values="win_share", sort_columns=True))
    seeds = sorted(set(per["seed_index"].to_list()))
    W = np.full((len(seeds), len(arms), n), np.nan)
    pos = {s: i for i, s in enumerate(seeds)}
    arm_pos = {a: i for i, a in enumerate(arms)}
    seat_cols = [str(s) for s in range(1, n + 1)]
    for row in per.iter_rows(named=True):
        W[pos[row["seed_index"]], arm_pos[row["arm"]]] = [row[c] for c in seat_cols]
    W = W[~np.isnan(W).any(axis=(1, 2))]                       # seeds played in every arm
    if W.shape[0] < 10:
        return None
    sol = _money_model(W.mean(axis=0), dm, free)
    if sol is None:
        return None
    boots = []
    k = W.shape[0]
    for _ in range(BOOTSTRAP):
        idx = rng.integers(0, k, k)
        b = _money_model(W[idx].mean(axis=0), dm, free)
        if b is not None:
            boots.append(b)
    boots = np.array(boots)
    fair = ref.copy()
    low, high = ref.copy(), ref.copy()
    fair[free] += sol
    low[free] += np.percentile(boots, 2.5, axis=0)
    high[free] += np.percentile(boots, 97.5, axis=0)
    tested = (ref + dm.min(axis=0), ref + dm.max(axis=0))
    outside = [s + 1 for s in free if not tested[0][s] - 1e-9 <= fair[s] <= tested[1][s] + 1e-9]
    return {"fair": fair, "low": low, "high": high, "free": [s + 1 for s in free], "seeds": int(k),
            "arms": len(arms), "tested_low": tested[0], "tested_high": tested[1], "outside": outside}


# --------------------------------------------------------------------------- the section


def build(ds: Dataset, other: Dataset | None = None, opts: ReportOptions | None = None) -> Section | None:
    settings = _settings(ds)
    if not settings:
        return None
    rng = np.random.default_rng(BOOTSTRAP_SEED)
    rows, texts = [], []
    money_series: dict[str, tuple] = {}
    vp_series: dict[str, tuple[list, list, list]] = {}
    share_labels: list[str] = []
    any_replays = False
    max_seats = max(s.players for s in settings)
    for setting in settings:
        n = setting.players
        replays = ds.replays_seeds(setting.reference)
        ref_games = (ds.players.filter(pl.col("arm") == setting.reference).sort("game_id", "seat")
                     .select("game_id", "seat", "score", *([SEED_INDEX] if replays else [])))
        scores = ref_games["score"].to_numpy().astype(float).reshape(-1, n)
        cluster = ref_games[SEED_INDEX].to_numpy()[::n] if replays else np.arange(scores.shape[0])
        vp = _handicap(scores, cluster, rng)
        money = _money(ds, setting, rng)
        setting.result = {"handicap": vp, "money": money}
        printed_lo, printed_hi = vp["printed_shares_low"], vp["printed_shares_high"]
        fair_lo, fair_hi = vp["shares_low"], vp["shares_high"]
        any_replays = any_replays or replays
        h = vp["handicap"]
        bid = h.max() - h
        for s in range(n):
            money_cells = ["–", "–", "–"]
            if money is not None:
                money_cells = [f"${money['fair'][s]:.1f}" + ("" if s + 1 in money["free"] else " (fixed)"),
                               fmt.ci(money["low"][s], money["high"][s]) if s + 1 in money["free"] else "–",
                               f"${math.floor(money['fair'][s] + 0.5)}"]
            rows.append([str(n), str(s + 1), f"${setting.printed[s]}",
                         f"{fmt.pct(vp['printed_shares'][s])} ({fmt.ci(printed_lo[s], printed_hi[s], 1, percent=True)})",
                         *money_cells, f"{h[s]:+.0f}",
                         fmt.ci(vp["low"][s], vp["high"][s], 0) if s else "– (reference)",
                         f"{bid[s]:.0f}", f"{fmt.pct(vp['shares'][s])} ({fmt.ci(fair_lo[s], fair_hi[s], 1, percent=True)})"])
        printed = "/".join(f"${m}" for m in setting.printed)
        shares = "/".join(fmt.pct(x) for x in vp["printed_shares"])
        text = (f"At {n} players (reference arm {setting.reference}, {fmt.n(vp['games'])} games) the printed money "
                f"{printed} gives seats 1–{n} win shares of {shares} (par {fmt.pct(1 / n)}).")
        hv = ", ".join(f"seat {s + 1} {h[s]:+.0f} VP (95% CI {vp['low'][s]:+.0f} to {vp['high'][s]:+.0f})"
                       for s in range(1, n))
        text += (f" Adding {hv} to the totals (seat 1 unchanged) brings them to "
                 f"{'/'.join(fmt.pct(x) for x in vp['shares'])} — as VP bids for the seats: "
                 f"{', '.join(f'{b:.0f}' for b in bid)}.")
        if money is not None:
            mv = ", ".join(f"seat {s} ${money['fair'][s - 1]:.1f} (95% CI {money['low'][s - 1]:.1f} to "
                           f"{money['high'][s - 1]:.1f})" for s in money["free"])
            text += (f" With seat 1's ${setting.printed[0]}, the starting money that equalises the win shares is {mv} "
                     f"(from {money['arms']} arms on {fmt.n(money['seeds'])} seeds), against the printed "
                     f"{printed}.")
            if money["outside"]:
                text += (f" For seat(s) {', '.join(map(str, money['outside']))} that money lies outside the "
                         f"amounts played: the linear model is extrapolated there, so play arms nearer to it.")
        texts.append(text)
        key = f"{n} players"
        money_series[f"{key}: printed"] = (_pad([float(m) for m in setting.printed], max_seats), None, None)
        if money is not None:
            money_series[f"{key}: fair"] = (_pad(money["fair"], max_seats), _pad(money["low"], max_seats),
                                            _pad(money["high"], max_seats))
        for name, shares, lo, hi in (("printed money", vp["printed_shares"], printed_lo, printed_hi),
                                     ("printed money and the VP handicap", vp["shares"], fair_lo, fair_hi)):
            vals, lows, highs = vp_series.setdefault(name, ([], [], []))
            vals += list(n * shares)
            lows += list(n * lo)
            highs += list(n * hi)
        share_labels += [f"{n}p seat {s + 1}" for s in range(n)]
    table = Table("Fair compensation by seat",
                  ["players", "seat", "printed money", "win share with it (95% CI)", "fair money", "95% CI",
                   "nearest whole $", "VP handicap", "95% CI", "as a VP bid", "win share with the handicap (95% CI)"],
                  rows, key_columns=2,
                  note="Fair money: the starting money that makes every seat's win share par under a linear model "
                       "of the shares in the money (seat 1 keeps its printed money), fitted over the arms that "
                       "vary it. VP handicap: whole VP added to each seat's total at the end (seat 1 = 0) whose win "
                       "shares come closest to par, found by scoring the reference arm's games again; as a VP bid: "
                       "the VP each seat would pay for it in an auction for seats (the last-compensated seat pays "
                       "0). Intervals: percentiles of "
                       f"{BOOTSTRAP} bootstrap resamples of the seeds (with all their games); win shares: Wilson "
                       "intervals" + (", at the games' effective number where an arm replays seeds (the games of one "
                                      "seed share its setup; rows / design effect)" if any_replays else "") + ".")
    labels = [f"seat {i}" for i in range(1, max_seats + 1)]
    figs = [Figure("fair_money", "Fair starting money by seat", figures.grouped_bars(
        labels, money_series, title="Starting money by seat: printed and fair (95% CI)", xlabel="seat (turn order)",
        ylabel="dollars"))]
    figs.append(Figure("fair_vp", "Win shares with the VP handicap", figures.grouped_bars(
        share_labels, vp_series, title="Normalised win rate by seat (1 = par): printed, and with the VP handicap",
        xlabel="player count and seat", ylabel="win share × players", ref=1.0, ref_label="par")))
    notes = ["The handicap is found without new games: the VP are added at final scoring only, which the bots do "
             "not see, so a game with a handicap is the same game under common random numbers; people who know "
             "their handicap may play differently.",
             "The answers hold for the strategies played here; run the experiment with other strategies "
             "(--strategies) to see whether they change."]
    return Section("fair-compensation", "Fair compensation", " ".join(texts), notes, [table], figs,
                   data={"settings": settings})


def _pad(values: ArrayLike, n: int) -> np.ndarray:
    out = np.full(n, np.nan)
    v = np.asarray(values, dtype=float)
    out[:len(v)] = v
    return out
