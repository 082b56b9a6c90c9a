"""Coverage: how much each judged component was used — every building number and side (built), station
master (taken), city (reached), worker type (hired) and the objective cards (gained) — per player-game,
as a count and as a share of the games in which it could be used. A component used in fewer than
`ReportOptions.min_usage` of those games is "not enough evidence": the sections do not judge it, and no
report sentence says it has "no effect"."""

from __future__ import annotations

import polars as pl

from reports import fmt
from reports.data import MASTER_COLUMNS, Dataset
from reports.model import Section, Table
from reports.options import ReportOptions
from reports.sections.tempo import city_usage

RARE = "not enough evidence"
PLURAL = {"building": "buildings", "station master": "station masters", "city": "cities",
          "worker type": "worker types"}


def _status(share: float, opts: ReportOptions) -> str:
    return RARE if share < opts.min_usage else "enough"


def building_usage(ds: Dataset) -> pl.DataFrame | None:
    """Per arm, number and side in play: games, games in which someone built it, player-games built."""
    numbers = [k for k in ds.building_numbers if ds.has(f"built_{k}")]
    if not numbers:
        return None
    per_game = (ds.players_lf().group_by("game_id")
                .agg(pl.len().alias("rows"), *[pl.col(f"built_{k}").cast(pl.Int64).sum().alias(f"b{k}") for k in numbers]))
    games = ds.games_lf().select("game_id", "arm", *[f"side_{k}" for k in numbers]).join(per_game, on="game_id")
    queries = [games.group_by("arm", pl.col(f"side_{k}").alias("side"))
               .agg(pl.lit(k).alias("number"), pl.len().alias("games"), pl.col("rows").sum().alias("player_games"),
                    (pl.col(f"b{k}") > 0).sum().alias("games_built"), pl.col(f"b{k}").sum().alias("built"))
               for k in numbers]
    out = pl.concat(pl.collect_all(queries), how="vertical_relaxed")
    order = {a: i for i, a in enumerate(ds.arms)}
    return (out.with_columns(share=pl.col("games_built") / pl.col("games"),
                             per_player=pl.col("built") / pl.col("player_games"),
                             _o=pl.col("arm").replace_strict(order, default=len(order)))
            .sort("_o", "number", "side").drop("_o"))


def master_usage(ds: Dataset) -> pl.DataFrame | None:
    """Per arm and tile: games drawn, games in which someone took it, takers."""
    tiles = sorted({c[len("station_master_taken_"):] for c in ds.columns_like(r"station_master_taken_.+")},
                   key=lambda t: (len(t), t))
    masters = [c for c in MASTER_COLUMNS if ds.has(c, "games")]
    if not tiles or not masters:
        return None
    per_game = (ds.players_lf().group_by("game_id")
                .agg(pl.len().alias("rows"),
                     *[(pl.col(f"station_master_taken_{t}") > 0).sum().alias(f"t_{t}") for t in tiles]))
    games = (ds.games_lf().select("game_id", "arm", *masters).join(per_game, on="game_id")
             .with_columns(*[pl.any_horizontal([pl.col(c) == t for c in masters]).alias(f"d_{t}") for t in tiles]))
    agg = games.group_by("arm").agg(
        *[pl.col(f"d_{t}").sum().alias(f"drawn_{t}") for t in tiles],
        *[(pl.col(f"d_{t}") & (pl.col(f"t_{t}") > 0)).sum().alias(f"taken_{t}") for t in tiles],
        *[pl.col(f"t_{t}").filter(pl.col(f"d_{t}")).sum().alias(f"takers_{t}") for t in tiles],
        *[pl.col("rows").filter(pl.col(f"d_{t}")).sum().alias(f"rows_{t}") for t in tiles]).collect()
    rows = []
    for r in agg.iter_rows(named=True):
        for t in tiles:
            drawn = r[f"drawn_{t}"]
            rows.append({"arm": r["arm"], "tile": t, "games": drawn, "games_taken": r[f"taken_{t}"],
                         "share": r[f"taken_{t}"] / drawn if drawn else float("nan"),
                         "per_player": r[f"takers_{t}"] / r[f"rows_{t}"] if r[f"rows_{t}"] else float("nan"),
                         "taken": r[f"takers_{t}"]})
    order = {a: i for i, a in enumerate(ds.arms)}
    return pl.DataFrame(rows).sort(pl.col("arm").replace_strict(order, default=len(order)), "tile")


WORKER_COLUMNS = {"cowboy": "cowboys", "builder": "builders", "engineer": "engineers"}


def worker_usage(ds: Dataset) -> pl.DataFrame | None:
    types = [(w, c) for w, c in WORKER_COLUMNS.items() if ds.has(c)]
    for w in ds.vocab.ids("workers"):
        if w not in WORKER_COLUMNS and ds.has(w + "s"):
            types.append((w, w + "s"))
    if not types:
        return None
    rows = []
    n_games = ds.games.height
    for w, col in types:
        printed = ds.vocab.printed_workers(w)
        base = printed if printed is not None else int(ds.players[col].min())
        hired = (pl.col(col) - base).clip(lower_bound=0)
        r = ds.players.select(pl.len().alias("n"), hired.sum().alias("hired"), (hired > 0).sum().alias("hirers"),
                              pl.col("game_id").filter(hired > 0).n_unique().alias("games")).row(0, named=True)
        rows.append({"worker": w, "printed": base, "printed_known": printed is not None, "player_games": r["n"],
                     "hired": r["hired"], "per_player": r["hired"] / r["n"], "hirers": r["hirers"] / r["n"],
                     "share": r["games"] / n_games})
    return pl.DataFrame(rows)


def build(ds: Dataset, other: Dataset | None = None, opts: ReportOptions | None = None) -> Section:
    opts = opts or ReportOptions()
    v = ds.vocab
    tables, rare, notes = [], [], []
    multi = len(ds.arms) > 1
    b = building_usage(ds)
    if b is not None:
        rows = []
        for r in b.iter_rows(named=True):
            bid = f"{r['number']}{r['side']}"
            st_ = _status(r["share"], opts)
            if st_ == RARE:
                rare.append(("building", (f"{r['arm']}: " if multi else "") + bid, r["share"]))
            rows.append([r["arm"], bid, fmt.n(r["games"]), fmt.pct(r["share"]), fmt.n(r["games_built"]),
                         f"{r['per_player']:.3f}", fmt.n(r["built"]), st_, v.effect("buildings", bid, r["arm"]) or "–"])
        tables.append(Table("Buildings: built", ["arm", "building", "games with this side (n)", "games built in",
                                                 "games built in (n)", "built per player-game", "built (n)",
                                                 "coverage", "effect"], rows, key_columns=2,
                            note="Built: on the board at game end (built_<n>). Games built in: games in which some "
                                 "player built that number while this side was in play."))
    else:
        notes.append("Buildings: the dataset has no built_<n> columns, so whether a building was used cannot be told.")
    m = master_usage(ds)
    if m is not None:
        rows = []
        for r in m.iter_rows(named=True):
            st_ = _status(r["share"], opts) if r["games"] else "never drawn"
            if st_ != "enough":
                rare.append(("station master", (f"{r['arm']}: " if multi else "") + r["tile"],
                             r["share"] if r["games"] else 0.0))
            rows.append([r["arm"], v.station_master(r["tile"], r["arm"]), fmt.n(r["games"]), fmt.pct(r["share"]),
                         fmt.n(r["games_taken"]), f"{r['per_player']:.3f}", st_,
                         v.effect("station_masters", r["tile"], r["arm"]) or "–"])
        tables.append(Table("Station masters: taken", ["arm", "tile", "games drawn (n)", "games taken in",
                                                       "games taken in (n)", "taken per player-game", "coverage",
                                                       "effect"], rows, key_columns=2,
                            note="Share of the games in which the tile was drawn where some player took it."))
    else:
        notes.append("Station masters: the dataset has no station_master_taken_<id> columns; take rates are "
                     "estimated in the Station masters section from per-game totals.")
    cities = ds.columns_like(r"deliveries_.+")
    if cities:
        u = city_usage(ds, cities)
        rows = []
        for r in u.iter_rows(named=True):
            st_ = _status(r["games"], opts)
            name = v.city(r["city"][11:])
            if st_ == RARE:
                rare.append(("city", f"{name} ({r['players']}p)", r["games"]))
            rows.append([name, str(r["players"]), fmt.n(r["games_n"]), fmt.pct(r["games"]), fmt.pct(r["reached"]),
                         f"{r['per_player']:.3f}", fmt.n(r["deliveries"]), st_,
                         v.effect("cities", r["city"][11:]) or "–"])
        tables.append(Table("Cities: reached", ["city", "players", "games (n)", "games reached", "player-games reaching",
                                                "deliveries per player-game", "deliveries (n)", "coverage", "effect"],
                            rows, key_columns=2, note="Reached: at least one delivery there (deliveries_<city>)."))
    w = worker_usage(ds)
    if w is not None:
        rows = []
        for r in w.iter_rows(named=True):
            st_ = _status(r["share"], opts)
            if st_ == RARE:
                rare.append(("worker type", v.worker(r["worker"]), r["share"]))
            rows.append([v.worker(r["worker"]), fmt.n(r["player_games"]), fmt.pct(r["share"]), fmt.pct(r["hirers"]),
                         f"{r['per_player']:.2f}", fmt.n(r["hired"]), st_, v.effect("workers", r["worker"]) or "–"])
        tables.append(Table("Worker types: hired", ["worker", "player-games (n)", "games hired in",
                                                    "player-games hiring", "hired per player-game", "hired (n)",
                                                    "coverage", "worker row"], rows,
                            note="Hired: workers of that type at game end minus the printed starting worker"
                                 + ("" if all(w["printed_known"].to_list()) else
                                    " (not in the manifest: taken as the fewest any player held)") + "."))
    if ds.has("objectives_gained"):
        r = ds.players.select(pl.len().alias("n"), pl.col("objectives_gained").sum().alias("k"),
                              (pl.col("objectives_gained") > 0).mean().alias("share")).row(0, named=True)
        cards = v.ids("objectives")
        tables.append(Table("Objective cards: gained", ["objective cards", "player-games (n)",
                                                        "player-games gaining one", "gained per player-game",
                                                        "gained (n)"],
                            [["all cards", fmt.n(r["n"]), fmt.pct(r["share"]), f"{r['k'] / r['n']:.2f}", fmt.n(r["k"])]],
                            note="The dataset records objective cards gained per player, not which card: "
                                 "per-card usage cannot be measured"
                                 + (f" (the content as run has {len(cards)} kinds of objective card)." if cards else ".")))
    by_kind: dict[str, list[str]] = {}
    for kind, name, share in rare:
        by_kind.setdefault(kind, []).append(f"{name} ({fmt.pct(share)})")
    if rare:
        finding = (f"{len(rare)} component(s) were used in fewer than {fmt.pct(opts.min_usage, 0)} of the games in which "
                   f"they could be: not enough evidence to judge them, whatever their effect: "
                   + "; ".join(f"{PLURAL.get(kind, kind)} {', '.join(items)}" for kind, items in by_kind.items()) + ".")
    elif tables:
        finding = (f"Every recorded component was used in at least {fmt.pct(opts.min_usage, 0)} of the games in which "
                   f"it could be.")
    else:
        finding = "The dataset records no per-component usage (built_<n>, station_master_taken_<id>, deliveries_<city>)."
    return Section("coverage", "Coverage", finding, notes, tables, [],
                   data={"buildings": b, "station_masters": m, "workers": w, "rare": rare})
