"""Synthetic datasets in the gwt-sim Parquet layout with planted effects of known size (tests, benchmark).

Scores are drawn, not played: each player scores N(mean, sd) plus the planted effects, the final
ranks, win shares and winners follow from the scores exactly as the runner computes them. Planted:

* ``seat_bonus``: VP added to each seat (e.g. ``[3, 0, 0, 0]``);
* ``strategy_bonus``: VP per strategy name (strategies are drawn per seat from ``strategies``);
* ``side_b_bonus``: {building number: VP} added when that number is on side b — to every player of
  the game, or with ``built=True`` only to the players who built it (``built_<n>`` columns, each
  player building each number with probability ``build_rate``: one rate, or {number: rate} over 0.3);
* ``master_bonus``: {tile: VP} added to every player when the tile is drawn;
* ``master_points``: {tile: VP} scored by the taker (score_station_masters); each drawn tile is taken
  by one random player with probability ``take_rate`` (one rate, or {tile: rate} over 0.6); ``direct=True`` adds the per-player
  ``station_master_taken_<id>`` / ``station_master_points_<id>`` columns;
* ``cities``: adds per-player ``deliveries_<city>`` columns (random counts);
* ``replays``: games per seed (as an experiment's rotations replay each seed; numbered in the
  ``rotation`` column): the games of a seed are consecutive and share its setup — sides and station
  masters — and ``seed_sd``, a N(0, seed_sd) VP draw per seed added to every player of its games
  (what a setup does to everybody), and ``seat_sd``, a N(0, seat_sd) VP draw per seed and seat (a
  setup that favours a seat);
* ``pools``: {pool name: planted effects of that pool} — the games are split evenly between the pools,
  each pool's games get a ``pool`` column and its own effects (any of the keywords above, over the
  dataset's), e.g. opposite side effects in two pools;
* ``vocabulary``: written into the manifest as the runner does (`gwt_sim.describe.vocabulary`).

    from reports.synthetic import make_dataset
    make_dataset("/tmp/synth", games=20000, players=4, seat_bonus=[2, 0, 0, 0])
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl

from gwt_sim import schema
from gwt_sim.parts import part_path, part_record
from reports.data import FORMAT, SCORE_COLUMNS

TILES = tuple(f"SM{i}" for i in range(1, 10))


def _arm(rng: np.random.Generator, arm: str, players: int, games: int, first_id: int, *, strategies: Sequence[str],
         sides: str, seat_bonus: Sequence[float] | None, strategy_bonus: Mapping[str, float] | None,
         side_b_bonus: Mapping[int, float] | None, built: bool, build_rate: float | Mapping[int, float],
         master_bonus: Mapping[str, float] | None, master_points: Mapping[str, float] | None,
         take_rate: float | Mapping[str, float], direct: bool, cities: Sequence[str], mean: float, sd: float,
         replays: int, seed_sd: float, seat_sd: float, base_seed: int) -> tuple[pl.DataFrame, pl.DataFrame]:
    n, p = games, players
    gid = np.arange(first_id, first_id + n, dtype=np.int64)
    seed_index = np.arange(n, dtype=np.int64) // replays
    n_seeds = int(seed_index[-1]) + 1 if n else 0
    strat_idx = rng.integers(0, len(strategies), size=(n, p))
    strat = np.asarray(strategies, dtype=object)[strat_idx]
    score = rng.normal(mean, sd, size=(n, p))
    if seed_sd:
        score += rng.normal(0, seed_sd, size=n_seeds)[seed_index][:, None]
    if seat_sd:
        score += rng.normal(0, seat_sd, size=(n_seeds, p))[seed_index]
    if seat_bonus is not None:
        score += np.asarray(seat_bonus, dtype=float)[:p][None, :]
    for s, bonus in (strategy_bonus or {}).items():
        score += bonus * (strat == s)
    if sides == "random":
        side_b = (rng.random((n_seeds, 12)) < 0.5)[seed_index]
    else:
        side_b = np.tile(np.array([c == "b" for c in (sides * 12)[:12]]), (n, 1))
    rates = np.array([build_rate.get(k, 0.3) for k in range(1, 13)]) if isinstance(build_rate, Mapping) else build_rate
    built_m = rng.random((n, p, 12)) < rates if built else None
    for k, bonus in (side_b_bonus or {}).items():
        hit = side_b[:, k - 1][:, None]
        score += bonus * (hit & built_m[:, :, k - 1] if built else np.broadcast_to(hit, (n, p)))
    order = np.argsort(rng.random((n_seeds, len(TILES))), axis=1)[:, :5][seed_index]
    drawn = np.zeros((n, len(TILES)), dtype=bool)
    np.put_along_axis(drawn, order, True, axis=1)
    for t, bonus in (master_bonus or {}).items():
        score += bonus * drawn[:, TILES.index(t)][:, None]
    takes = np.array([take_rate.get(t, 0.6) for t in TILES]) if isinstance(take_rate, Mapping) else take_rate
    taken = drawn & (rng.random((n, len(TILES))) < takes)
    taker = rng.integers(0, p, size=(n, len(TILES)))
    took = np.zeros((n, p, len(TILES)), dtype=bool)
    for j in range(len(TILES)):
        took[np.arange(n), taker[:, j], j] = taken[:, j]
    pts = np.array([float((master_points or {}).get(t, 0)) for t in TILES])
    sm_points = took * pts[None, None, :]
    score += sm_points.sum(axis=2)
    score = np.rint(score).astype(np.int32)
    rank = 1 + (score[:, None, :] > score[:, :, None]).sum(axis=2)
    top = rank == 1
    n_win = top.sum(axis=1)
    cats = rng.integers(0, 6, size=(n, p, len(SCORE_COLUMNS))).astype(np.int32)
    cats[:, :, SCORE_COLUMNS.index("score_station_masters")] = sm_points.sum(axis=2).astype(np.int32)
    cats[:, :, 0] = 0
    cats[:, :, 0] = score - cats.sum(axis=2)
    turns_p = rng.integers(25, 45, size=(n, p)).astype(np.int32)
    rows = n * p
    pl_cols = {"arm": np.full(rows, arm), "game_id": np.repeat(gid, p), "seed_index": np.repeat(seed_index, p),
               "seed": np.repeat(seed_index.astype(np.uint64) + np.uint64(base_seed), p),
               "rotation": np.repeat(np.arange(n, dtype=np.int32) % replays, p), "players": np.full(rows, p, np.int32),
               "seat": np.tile(np.arange(1, p + 1, dtype=np.int32), n), "strategy": strat.ravel().astype(str),
               "starting_money": np.tile(np.arange(6, 6 + p, dtype=np.int32), n), "score": score.ravel(),
               "rank": rank.ravel().astype(np.int32), "win_share": (top / n_win[:, None]).ravel(),
               "winner": top.ravel()}
    for i, c in enumerate(SCORE_COLUMNS):
        pl_cols[c] = cats[:, :, i].ravel()
    for c in schema.PLAYER_STATISTICS:
        pl_cols[c] = rng.integers(0, 8, size=rows).astype(np.int32)
    pl_cols["turns"] = turns_p.ravel()
    pl_cols["station_masters_taken"] = took.sum(axis=2).ravel().astype(np.int32)
    if built:
        for k in range(12):
            pl_cols[f"built_{k + 1}"] = built_m[:, :, k].ravel().astype(np.int8)
        pl_cols["buildings_built"] = built_m.sum(axis=2).ravel().astype(np.int32)
    if direct:
        for j, t in enumerate(TILES):
            pl_cols[f"station_master_taken_{t}"] = took[:, :, j].ravel().astype(np.int8)
            pl_cols[f"station_master_points_{t}"] = sm_points[:, :, j].ravel().astype(np.int32)
    for c in cities:
        pl_cols[f"deliveries_{c}"] = rng.integers(0, 3, size=rows).astype(np.int32)
    side_letters = np.where(side_b, "b", "a")
    masters = np.asarray(TILES, dtype=object)[order]
    g = {"arm": np.full(n, arm), "game_id": gid, "seed_index": seed_index,
         "seed": seed_index.astype(np.uint64) + np.uint64(base_seed),
         "rotation": (np.arange(n, dtype=np.int32) % replays).astype(np.int32),
         "players": np.full(n, p, np.int32), "strategies": [",".join(r) for r in strat],
         "winner_seat": np.where(n_win == 1, top.argmax(axis=1) + 1, 0).astype(np.int32),
         "n_winners": n_win.astype(np.int32), "winning_score": score.max(axis=1),
         "turns": turns_p.sum(axis=1).astype(np.int32), "decisions": (turns_p.sum(axis=1) * 4).astype(np.int32),
         "end_seat": rng.integers(1, p + 1, size=n).astype(np.int32),
         "sides": ["".join(r) for r in side_letters]}
    for k in range(12):
        g[f"side_{k + 1}"] = side_letters[:, k]
    g["neutral_layout"] = np.full(n, "ABCDEFG")
    for k in range(7):
        g[f"neutral_space_{k + 1}"] = np.full(n, "ABCDEFG"[k])
    g["station_masters"] = [",".join(r) for r in masters]
    for k in range(5):
        g[f"station_master_{k + 1}"] = masters[:, k].astype(str)
    g["simmental"] = np.zeros(n, bool)
    g["tiles_left_in_bags"] = rng.integers(0, 10, size=n).astype(np.int32)
    g["market_deck_left"] = rng.integers(0, 30, size=n).astype(np.int32)
    return pl.DataFrame(g), pl.DataFrame(pl_cols)


def make_dataset(root: str | Path, *, games: int = 2000, players: int = 4, arms: Sequence[tuple[str, int]] | None = None,
                 strategies: Sequence[str] = ("random",), sides: str = "random", seat_bonus: Sequence[float] | None = None,
                 strategy_bonus: Mapping[str, float] | None = None, side_b_bonus: Mapping[int, float] | None = None,
                 built: bool = False, build_rate: float | Mapping[int, float] = 0.3, master_bonus: Mapping[str, float] | None = None,
                 master_points: Mapping[str, float] | None = None, take_rate: float | Mapping[str, float] = 0.6,
                 direct: bool = False,
                 cities: Sequence[str] = (),
                 mean: float = 60.0, sd: float = 10.0, replays: int = 1, seed_sd: float = 0.0, seat_sd: float = 0.0,
                 seed: int = 0,
                 chunk_games: int = 100_000,
                 experiment: str = "synthetic", pools: Mapping[str, Mapping[str, Any]] | None = None,
                 vocabulary: Mapping[str, Any] | None = None) -> Path:
    """Write a synthetic dataset (manifest + games/ + players/ parts) and return its folder."""
    root = Path(root)
    (root / "games").mkdir(parents=True, exist_ok=True)
    (root / "players").mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(seed)
    arms = list(arms or [("main", players)])
    planted = dict(strategies=strategies, sides=sides, seat_bonus=seat_bonus, strategy_bonus=strategy_bonus,
                   side_b_bonus=side_b_bonus, built=built, build_rate=build_rate, master_bonus=master_bonus,
                   master_points=master_points, take_rate=take_rate, direct=direct, cities=cities, mean=mean, sd=sd,
                   replays=replays, seed_sd=seed_sd, seat_sd=seat_sd)
    if replays < 1 or chunk_games % replays:
        raise ValueError(f"replays must be at least 1 and divide chunk_games ({chunk_games}), not {replays}")
    pool_specs: list[tuple[str | None, Mapping[str, Any]]] = list((pools or {None: {}}).items())
    unknown = {k for _, over in pool_specs for k in over} - set(planted)
    if unknown:
        raise TypeError(f"pools: unknown planted effect(s) {sorted(unknown)}")
    first, chunk = 0, 0
    info = []
    records: dict[str, object] = {}
    for arm, p in arms:
        for i, (pool, over) in enumerate(pool_specs):
            n_pool = games // len(pool_specs) + (games % len(pool_specs) if i == 0 else 0)
            done = 0
            while done < n_pool:
                k = min(chunk_games, n_pool - done)
                g, pr = _arm(rng, arm, p, k, first, **{**planted, **over}, base_seed=seed * 1_000_003)
                g = g.with_columns(pl.col("seed_index") + done // replays)
                pr = pr.with_columns(pl.col("seed_index") + done // replays)
                if pool is not None:
                    g = g.with_columns(pool=pl.lit(pool))
                    pr = pr.with_columns(pool=pl.lit(pool))
                g.write_parquet(part_path(root, "games", chunk))
                pr.write_parquet(part_path(root, "players", chunk))
                records[str(chunk)] = part_record(chunk, part_path(root, "games", chunk).read_bytes(),
                                                  part_path(root, "players", chunk).read_bytes(), g.height,
                                                  pr.height, (first, first + k - 1))
                first += k
                done += k
                chunk += 1
        info.append({"name": arm, "players": p, "seating": "random", "strategies": list(strategies),
                     "content_hash": "synthetic", "config_hash": "synthetic",
                     "variant": f"{p}p sides={sides} layout=ABCDEFG masters=random simmental=off"})
    manifest = {"format": FORMAT, "experiment": experiment, "experiment_hash": "synthetic",
                "engine_version": "synthetic", "code_hash": "synthetic", "description": "synthetic data",
                "root_seed": seed, "games": games, "total_games": games * len(arms), "arms": info,
                "chunks": chunk, "parts": records, "complete": True}
    if vocabulary is not None:
        manifest["vocabulary"] = dict(vocabulary)
    (root / "manifest.json").write_text(json.dumps(manifest, indent=2), encoding="utf-8")
    return root


def make_paired_dataset(root: str | Path, arms: Sequence[Mapping[str, Any]], *, players: int, games: int = 2000,
                        seat_bonus: Sequence[float] | None = None, money_effect: float = 0.0,
                        printed_money: Sequence[int] = (6, 7, 8, 9), sweep: Mapping[str, Any] | None = None,
                        mean: float = 60.0, sd: float = 10.0, replays: int = 1, seat_sd: float = 0.0, seed: int = 0,
                        experiment: str = "paired") -> Path:
    """A dataset whose arms play the same seeds (common random numbers), for sweeps and compensation.

    Every seed draws one set of base scores (N(mean, sd) per seat); each arm adds to them the planted
    effects: ``seat_bonus`` (VP per seat), ``money_effect`` VP per dollar of a seat's starting money
    above the printed one, the arm's ``seat_vp`` (VP per seat, recorded in the ``seat_vp`` column) and
    ``vp`` (VP per seat, not recorded: a planted effect of the arm's parameter). An arm is a mapping
    with ``name`` and any of ``money`` (per seat; default printed), ``seat_vp``, ``vp``. ``sweep``, when
    given, is written to the manifest as the runner writes a sweep's (`gwt_sim.params.Sweep.record`).
    ``replays`` games play each seed (as a strategy pool's games do), and each seed adds N(0, ``seat_sd``)
    VP per seat to all of its games: a seat advantage that depends on the seed's setup.
    """
    root = Path(root)
    (root / "games").mkdir(parents=True, exist_ok=True)
    (root / "players").mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(seed)
    p, n = players, games
    if replays < 1 or n % replays:
        raise ValueError(f"replays must be at least 1 and divide games ({n}), not {replays}")
    base = rng.normal(mean, sd, size=(n, p)) + np.asarray(seat_bonus if seat_bonus is not None else [0.0] * p)[None, :p]
    if seat_sd:
        base += np.repeat(rng.normal(0.0, seat_sd, size=(n // replays, p)), replays, axis=0)
    printed = np.asarray(printed_money[:p], dtype=float)
    records: dict[str, object] = {}
    info, spec = [], []
    for chunk, a in enumerate(arms):
        money = np.asarray(a.get("money", printed), dtype=float)
        seat_vp = np.asarray(a.get("seat_vp", [0] * p), dtype=float)
        vp = np.asarray(a.get("vp", [0] * p), dtype=float)
        score = np.rint(base + money_effect * (money - printed)[None, :] + vp[None, :]).astype(np.int32)
        score = score + seat_vp.astype(np.int32)[None, :]
        rank = 1 + (score[:, None, :] > score[:, :, None]).sum(axis=2)
        top = rank == 1
        n_win = top.sum(axis=1)
        first = chunk * n
        gid = np.arange(first, first + n, dtype=np.int64)
        seeds = np.arange(n, dtype=np.int64) // replays
        rows = n * p
        players_t = pl.DataFrame({
            "arm": np.full(rows, a["name"]), "game_id": np.repeat(gid, p), "seed_index": np.repeat(seeds, p),
            "seed": np.repeat(seeds.astype(np.uint64), p), "rotation": np.zeros(rows, np.int32),
            "players": np.full(rows, p, np.int32), "seat": np.tile(np.arange(1, p + 1, dtype=np.int32), n),
            "strategy": np.full(rows, "random"), "starting_money": np.tile(money.astype(np.int32), n),
            "seat_vp": np.tile(seat_vp.astype(np.int32), n), "score": score.ravel(),
            "rank": rank.ravel().astype(np.int32), "win_share": (top / n_win[:, None]).ravel(), "winner": top.ravel(),
            **{c: (score.ravel() if c == SCORE_COLUMNS[0] else np.zeros(rows, np.int32)) for c in SCORE_COLUMNS},
            **{c: np.full(rows, 30 if c == "turns" else 0, np.int32) for c in schema.PLAYER_STATISTICS}})
        games_t = pl.DataFrame({
            "arm": np.full(n, a["name"]), "game_id": gid, "seed_index": seeds, "seed": seeds.astype(np.uint64),
            "rotation": np.zeros(n, np.int32), "players": np.full(n, p, np.int32),
            "winner_seat": np.where(n_win == 1, top.argmax(axis=1) + 1, 0).astype(np.int32),
            "n_winners": n_win.astype(np.int32), "winning_score": score.max(axis=1),
            "turns": np.full(n, 30 * p, np.int32), "decisions": np.full(n, 120 * p, np.int32),
            "end_seat": np.ones(n, np.int32), "sides": np.full(n, "a" * 12),
            **{f"side_{k}": np.full(n, "a") for k in range(1, 13)}, "neutral_layout": np.full(n, "ABCDEFG"),
            **{f"neutral_space_{k + 1}": np.full(n, "ABCDEFG"[k]) for k in range(7)},
            "station_masters": np.full(n, ",".join(TILES[:5])),
            **{f"station_master_{k + 1}": np.full(n, TILES[k]) for k in range(5)}, "simmental": np.zeros(n, bool),
            "tiles_left_in_bags": np.zeros(n, np.int32), "market_deck_left": np.zeros(n, np.int32)})
        games_t.write_parquet(part_path(root, "games", chunk))
        players_t.write_parquet(part_path(root, "players", chunk))
        records[str(chunk)] = part_record(chunk, part_path(root, "games", chunk).read_bytes(),
                                          part_path(root, "players", chunk).read_bytes(), n, rows, (first, first + n - 1))
        info.append({"name": a["name"], "players": p, "seating": "fixed", "strategies": ["random"],
                     "content_hash": "synthetic", "config_hash": "synthetic", "variant": f"{p}p"})
        spec.append({"name": a["name"], "players": p, "strategies": ["random"], "seating": "fixed",
                     "starting_money": [int(m) for m in money], "seat_vp": [int(v) for v in seat_vp], "patches": []})
    manifest = {"format": FORMAT, "experiment": experiment, "experiment_hash": "synthetic", "engine_version": "synthetic",
                "code_hash": "synthetic", "description": "synthetic paired data", "root_seed": seed, "games": n,
                "total_games": n * len(arms), "arms": info, "chunks": len(arms), "parts": records, "complete": True,
                "experiment_spec": {"name": experiment, "games": n, "seed": seed, "arms": spec},
                "printed_starting_money": [int(m) for m in printed_money]}
    if sweep is not None:
        manifest["sweep"] = dict(sweep)
    (root / "manifest.json").write_text(json.dumps(manifest, indent=2), encoding="utf-8")
    return root
