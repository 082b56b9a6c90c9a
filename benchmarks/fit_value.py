"""Fit the planner's value model to self-play games (least squares) and improve it by policy
iteration; write it as TOML.

    python benchmarks/fit_value.py --players 2,3,4 --games 3000 --rounds 8 \
        --out strategies/values/default.toml [--jobs 2] [--start MODEL] [--strategy heuristic] [--edition 2e]

`--edition 1e` fits to First Edition games and judges the candidates there (with `--start
strategies/values/default.toml` it tries to improve the shipped model for the First Edition).

Fitting: in every game, at the first decision of each of a player's turns, the player's position
features (strategies.values.FEATURE_NAMES) and the VP it stands at are recorded; the target is what
the position still brought: the final score minus the VP it stood at. Each feature enters multiplied
by rem and rem² (rem = 1 - game progress), so the fitted terms fade out at the end of the game; each
feature's terms are bounded by its sign (FEATURE_SIGNS); a little ridge keeps rare features tame.

The first model is fitted to games of --strategy (default: the heuristic archetype), or taken from
--start. Each round of policy iteration then plays the current model's planner in self-play, refits,
and tries two candidates against the current model head to head (one candidate seat, rotated, over
--eval-games fixed seeds): the refit (to this round's games, or with --aggregate to the positions
of every round so far) and its average with the current model. The planner playing those games is
--planner (default planner:relative=false, the one the shipped model was fitted with; refits from
games of the relative planner lost head to head in our runs). The better one replaces
the current model if its mean score margin is positive. One coefficient table per player count.
A tool for designers (refit after a content change); not run by the tests.
"""
from __future__ import annotations

import shutil
import tempfile
import time
from pathlib import Path

import numpy as np
from common import (
    COUNT,
    JOB_COUNT,
    Parser,
    check_strategy,
    check_writable,
    real,
    run_main,
    usage_error,
    whole,
)
from joblib import Parallel, delayed
from scipy.optimize import lsq_linear

from gwt_sim.content import EDITION_KEYS, edition_dir, load_content
from gwt_sim.engine.game import RulesHandle
from gwt_sim.engine.play import play_game
from gwt_sim.game import new_game, rules_for
from gwt_sim.variant import EXPERIENCED_SETUP, Variant
from strategies.planner import position_features
from strategies.registry import make_policy
from strategies.values import FEATURE_NAMES, FEATURE_SIGNS, load_value_model, write_value_model


def setup(players: int) -> Variant:
    """The experienced players' setup (rules §2.1): building sides, neutral layout and station
    masters all drawn per game from the seed, as in the balance experiments."""
    return Variant(players=players, **EXPERIENCED_SETUP)


def handle_for(players: int, edition: str) -> RulesHandle:
    """The compiled rules of the experienced setup in the games of `edition` ("1e" | "2e")."""
    return rules_for(setup(players), load_content(edition_dir(edition)))


def collect(players: int, strategies: list[str], seeds: range,
            explore: float = 0.0, explore_discs: float = 0.0, edition: str = "2e") -> tuple[np.ndarray, np.ndarray]:
    """Rows (progress, VP now, features...) and targets (final score - VP now) from games `seeds`.
    With `explore` > 0 that share of the decisions with a choice is made at random (a stream of the
    game seed), so the data also holds positions the policy itself would not reach (a station
    skipped ...) and the fit learns what they are worth; `explore_discs` is the same share for the
    choice of disc alone (which limit a delivery raises: without it no bot ever raises its hand
    limit, and the fit never sees what a bigger hand is worth)."""
    handle = handle_for(players, edition)
    rows, targets = [], []
    for seed in seeds:
        pols = [make_policy(strategies[(seat + seed) % len(strategies)]) for seat in range(players)]
        for seat, p in enumerate(pols):
            p.reset(seed, seat)
        state = new_game(handle, seed=seed)
        rng = np.random.default_rng([seed, 77])
        seen: dict[int, int] = {}
        game_rows: list[tuple[int, np.ndarray]] = []
        while not state.is_terminal():
            seat = state.current_player()
            if seen.get(seat) != state.turn_number:
                seen[seat] = state.turn_number
                game_rows.append((seat, position_features(state, seat)))
            legal = state.legal_actions()
            rate = explore_discs if state.decision_name() == "disc" else explore
            if rate and len(legal) > 1 and rng.random() < rate:
                state.apply_action(legal[int(rng.integers(len(legal)))])
            else:
                state.apply_action(pols[seat].choose(state, legal))
        final = state.returns()
        for seat, row in game_rows:
            rows.append(row)
            targets.append(final[seat] - row[1])
    return np.array(rows), np.array(targets)


def design(rows: np.ndarray) -> np.ndarray:
    """The regression matrix: 1, rem, rem², then each feature × rem and × rem²."""
    rem = 1.0 - rows[:, 0]
    feats = rows[:, 2:]
    cols = [np.ones_like(rem), rem, rem * rem]
    for j in range(feats.shape[1]):
        cols += [feats[:, j] * rem, feats[:, j] * rem * rem]
    return np.column_stack(cols)


def bounds() -> tuple[np.ndarray, np.ndarray]:
    """Coefficient bounds from FEATURE_SIGNS (both the × rem and the × rem² term take the sign)."""
    lo = [-np.inf] * 3
    hi = [np.inf] * 3
    for name in FEATURE_NAMES:
        sign = FEATURE_SIGNS[name]
        lo += [0.0 if sign > 0 else -np.inf] * 2
        hi += [0.0 if sign < 0 else np.inf] * 2
    return np.array(lo), np.array(hi)


def fit(rows: np.ndarray, targets: np.ndarray, ridge: float) -> tuple[np.ndarray, float, float]:
    """Sign-constrained ridge least squares on standardised columns; returns coefficients, R² and
    residual sd."""
    x = design(rows)
    scale = x.std(axis=0)
    scale[0] = 1.0
    scale[scale == 0] = 1.0
    xs = x / scale
    # ridge as extra rows (the bias is not shrunk); the normal equations keep the solve small
    gram = xs.T @ xs + ridge * len(xs) * np.diag([0.0] + [1.0] * (xs.shape[1] - 1))
    chol = np.linalg.cholesky(gram)
    rhs = np.linalg.solve(chol, xs.T @ targets)
    lo, hi = bounds()
    # BVLS solves the bounded problem exactly (an active set), so the coefficients do not depend on
    # an iterative solver's stopping point (which moved the fifth digit between machines)
    beta = lsq_linear(chol.T, rhs, bounds=(lo * scale, hi * scale), method="bvls").x / scale
    resid = targets - x @ beta
    r2 = 1.0 - resid.var() / targets.var()
    return beta, float(r2), float(resid.std())


def collect_parallel(players: int, strategies: list[str], games: int, seed: int, jobs: int,
                     explore: float = 0.0, explore_discs: float = 0.0, edition: str = "2e"
                     ) -> tuple[np.ndarray, np.ndarray]:
    chunks = np.array_split(np.arange(games) + seed, max(1, jobs * 4))
    parts = Parallel(n_jobs=jobs)(
        delayed(collect)(players, strategies, range(int(c[0]), int(c[-1]) + 1), explore, explore_discs, edition)
        for c in chunks if len(c))
    return np.concatenate([p[0] for p in parts]), np.concatenate([p[1] for p in parts])


def margins(players: int, cand: str, base: str, seeds: range, edition: str = "2e") -> list[float]:
    """Score margin of `cand` (one seat, rotated) over the mean of `base` in the other seats."""
    handle = handle_for(players, edition)
    out = []
    for seed in seeds:
        seat = seed % players
        pols = [make_policy(cand if i == seat else base) for i in range(players)]
        _, pr = play_game(handle, pols, seed)
        scores = pr[:, 1].astype(float)
        out.append(scores[seat] - np.delete(scores, seat).mean())
    return out


def head_to_head(players: int, cand: str, base: str, games: int, seed: int, jobs: int,
                 edition: str = "2e") -> tuple[float, float]:
    chunks = np.array_split(np.arange(games) + seed, max(1, jobs * 4))
    parts = Parallel(n_jobs=jobs)(
        delayed(margins)(players, cand, base, range(int(c[0]), int(c[-1]) + 1), edition)
        for c in chunks if len(c))
    d = np.array([x for p in parts for x in p])
    return float(d.mean()), float(d.std(ddof=1) / np.sqrt(len(d)))


def main() -> None:
    ap = Parser()
    ap.add_argument("--players", default="2,3,4")
    ap.add_argument("--games", type=COUNT, default=3000, help="games per player count and round")
    ap.add_argument("--strategy", action="append", default=None,
                    help="strategy string(s) playing the first round's games (rotated over the seats); "
                         "default heuristic")
    ap.add_argument("--start", default=None, help="start from this value model instead of a first fit")
    ap.add_argument("--rounds", type=whole(0, 1000), default=0,
                    help="rounds of policy iteration: refit on the planner's own games, keep a round's "
                         "model only if it beats the current one head to head")
    ap.add_argument("--damp", type=real(0, 1), default=0.5,
                    help="weight of the current model in a round's damped candidate")
    ap.add_argument("--eval-games", type=COUNT, default=600)
    ap.add_argument("--aggregate", action="store_true",
                    help="refit to the positions of every round so far (steadier, but in our runs "
                         "it improved less than refitting to the current planner's games alone)")
    ap.add_argument("--explore", type=real(0, 1), default=0.0,
                    help="share of the data games' decisions made at random (exploration)")
    ap.add_argument("--explore-discs", type=real(0, 1), default=0.0,
                    help="share of the data games' disc choices made at random")
    ap.add_argument("--planner", default="planner:relative=false",
                    help="the planner (with its options) whose self-play makes each round's data and "
                         "that judges candidates; the shipped default model was fitted with this one")
    ap.add_argument("--ridge", type=real(0), default=1e-4)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=JOB_COUNT, default=2)
    ap.add_argument("--edition", choices=tuple(EDITION_KEYS), default="2e",
                    help="the built-in content whose games the model is fitted to")
    ap.add_argument("--name", default="default")
    ap.add_argument("--out", default="strategies/values/default.toml")
    args = ap.parse_args()
    strategies = args.strategy or ["heuristic"]
    try:
        player_counts = [int(p) for p in args.players.split(",")]
    except ValueError:
        usage_error(f"--players: expected player counts separated by commas (2,3,4), got {args.players!r}")
    if not player_counts or not all(2 <= p <= 4 for p in player_counts):
        usage_error(f"--players: expected player counts from 2 to 4, got {args.players!r}")
    check_writable(args.out, "--out")
    for text in [*strategies, args.planner]:
        check_strategy(text)
    start = load_value_model(args.start) if args.start else None
    coefs: dict[int, list[float]] = {}
    notes = []
    tmp = Path(tempfile.mkdtemp(prefix="fit_value_"))

    def as_file(players: int, vec: list[float], tag: str) -> str:
        path = tmp / f"{tag}_{players}.toml"
        write_value_model(path, tag, "candidate", "", {players: vec})
        return f"{args.planner}:value={path}"

    for players in player_counts:
        t0 = time.time()
        seed = args.seed + 1_000_000 * players
        all_rows, all_targets = [], []
        if start is not None and players in start.coefficients:
            cur = list(start.coefficients[players])
            note = f"{players}p: from {start.name}"
        else:
            rows, targets = collect_parallel(players, strategies, args.games, seed, args.jobs, args.explore,
                                             args.explore_discs, args.edition)
            all_rows.append(rows)
            all_targets.append(targets)
            beta, r2, sd = fit(rows, targets, args.ridge)
            cur = [float(b) for b in beta]
            note = (f"{players}p: fitted to {args.games} games of {', '.join(strategies)} "
                    f"({len(rows)} positions, R2 {r2:.3f}, residual sd {sd:.2f} VP)")
        print(note, f"({time.time() - t0:.0f} s)", flush=True)
        kept = 0
        for rnd in range(1, args.rounds + 1):
            seed += 100_000
            cur_s = as_file(players, cur, "current")
            rows, targets = collect_parallel(players, [cur_s], args.games, seed, args.jobs, args.explore,
                                             args.explore_discs, args.edition)
            if not args.aggregate:
                all_rows.clear()
                all_targets.clear()
            all_rows.append(rows)
            all_targets.append(targets)
            beta, r2, sd = fit(np.concatenate(all_rows), np.concatenate(all_targets), args.ridge)
            # two candidates: the refit itself, and its average with the current model (a damped
            # step: refits alone tend to swing between over- and under-valuing what they see a lot)
            raw = [float(b) for b in beta]
            damped = [args.damp * a + (1 - args.damp) * b for a, b in zip(cur, raw, strict=True)]
            best, best_m = None, 0.0
            for label, cand in (("refit", raw), ("damped", damped)):
                m, se = head_to_head(players, as_file(players, cand, "candidate"), cur_s, args.eval_games,
                                     seed + 50_000, args.jobs, args.edition)
                print(f"   round {rnd} {label}: R2 {r2:.3f}, margin over current {m:+.2f} ± {se:.2f} VP "
                      f"({time.time() - t0:.0f} s)", flush=True)
                if m > best_m:
                    best, best_m = cand, m
            if best is not None:
                cur = best
                kept += 1
        if args.rounds:
            note += (f"; {args.rounds} rounds of policy iteration ({args.games} games each, candidates "
                     f"judged over {args.eval_games} games head to head), {kept} improved it")
        notes.append(note)
        coefs[players] = cur
    what = "" if args.edition == "2e" else f" of the {load_content(edition_dir(args.edition)).name}"
    write_value_model(args.out, args.name,
                      f"what a position will still bring, fitted to self-play{what} (benchmarks/fit_value.py)",
                      "; ".join(notes), coefs)
    shutil.rmtree(tmp, ignore_errors=True)
    print("wrote", args.out)


if __name__ == "__main__":
    run_main(main)
