"""Overview: what the dataset holds — games, arms, player counts, strategies, variants, versions, length."""

from __future__ import annotations

import polars as pl

from reports import fmt
from reports.data import OPTIONAL_PLAYER_PREFIXES, POOL, Dataset
from reports.model import Section, Table
from reports.options import ReportOptions
from reports.sections.common import mean_intervals, plural


def _arm_info(ds: Dataset) -> dict[tuple[str, str | None], dict]:
    """The manifest's arms by (name, pool): an experiment with pools lists each arm once per pool."""
    return {(a.get("name"), a.get(POOL)): a for a in ds.manifest.get("arms", []) if isinstance(a, dict)}


def _overrides(overrides: dict) -> str:
    return ", ".join(f"{k} = {','.join(map(str, v)) if isinstance(v, list) else v}" for k, v in overrides.items())


def as_run(ds: Dataset) -> str:
    """What actually ran, from the manifest's arms (after any command-line overrides)."""
    parts = []
    for a in ds.manifest.get("arms", []):
        if not isinstance(a, dict):
            continue
        strategies = a.get("strategies") or []
        who = ", ".join(strategies) if strategies else "–"
        pool = f" (pool {a[POOL]})" if a.get(POOL) is not None else ""
        parts.append(f"arm {a.get('name')}{pool}: {a.get('players')} players, {a.get('seating', '–')} seating of "
                     f"{who}; {a.get('variant', '–')}")
    return "; ".join(parts) or "–"


def _content(m: dict) -> str:
    """The content as run: its name (and edition), and its folder unless it is the built-in default."""
    name = m.get("content_name")
    folder = m.get("content")
    if not name:                               # datasets written before the manifest named the content
        return folder or "built-in Second Edition"
    return f"{name} (edition {m.get('edition', '?')}; {folder or 'built-in'})"


def build(ds: Dataset, other: Dataset | None = None, opts: ReportOptions | None = None) -> Section:
    info = _arm_info(ds)
    pooled = ds.has(POOL, "games") and ds.has(POOL)
    by = ["arm", POOL] if pooled else ["arm"]
    per = (ds.games_lf().group_by(*by, "players")
           .agg(pl.len().alias("games"), pl.col("turns").cast(pl.Float64).mean().alias("turns_mean"),
                pl.col("winning_score").cast(pl.Float64).mean().alias("win_score"))
           .collect())
    strat = (ds.players_lf().group_by(*by).agg(pl.col("strategy").unique().sort().alias("strategies"))
             .collect())
    strat_map = {tuple(r[k] for k in by): r["strategies"] for r in strat.iter_rows(named=True)}
    order = {a: i for i, a in enumerate(ds.arms)}
    turns_ci = mean_intervals(ds.games_lf(), "turns", (*by, "players"))
    rows = []
    for r in sorted(per.iter_rows(named=True),
                    key=lambda r: (order.get(r["arm"], 99), r["players"], str(r.get(POOL)))):
        pool = r.get(POOL)
        a = info.get((r["arm"], pool), {})
        lo, hi = turns_ci[tuple(r[k] for k in (*by, "players"))]
        rows.append([r["arm"], *([pool] if pooled else []), str(r["players"]), fmt.n(r["games"]),
                     ", ".join(strat_map.get(tuple(r[k] for k in by), [])),
                     a.get("seating", "–"), a.get("variant", "–"), a.get("content_hash", "–"),
                     f"{r['turns_mean']:.1f} ({fmt.ci(float(lo), float(hi))})", fmt.num(r["win_score"])])
    arms_table = Table("Arms as run", ["arm", *(["strategy pool"] if pooled else []), "players", "games (n)",
                                       "strategies", "seating", "variant", "content hash",
                                       "mean game length, turns (95% CI)", "mean winning score"],
                       rows, key_columns=3 if pooled else 2)
    m = ds.manifest
    overrides = m.get("overrides") if isinstance(m.get("overrides"), dict) else {}
    desc = m.get("description") or "–"
    if overrides:
        desc = f"{desc} (as written in the experiment file; this run overrode {_overrides(overrides)}: see 'as run')"
    meta_rows = [[k, str(v)] for k, v in (
        ("experiment", m.get("experiment", "–")), ("as run", as_run(ds)), ("description", desc),
        ("folder", str(ds.path)), ("gwt-sim (engine) version", m.get("engine_version", "–")),
        ("engine + strategy code hash", m.get("code_hash", "–")), ("experiment hash", m.get("experiment_hash", "–")),
        ("content", _content(m)),
        ("content hashes", ", ".join(sorted({a.get("content_hash", "–") for a in info.values()})) or "–"),
        ("root seed", m.get("root_seed", "–")), ("created", m.get("created", "–")),
        ("games in dataset", fmt.n(ds.games.height)), ("player rows", fmt.n(ds.players.height)),
        ("complete", "yes" if m.get("total_games") in (None, ds.games.height)
         else f"no: {fmt.n(ds.games.height)} of {fmt.n(m['total_games'])} games on disk"))]
    meta = Table("Dataset", ["item", "value"], meta_rows)
    optional = {p: ds.columns_like(p + r".+") for p in OPTIONAL_PLAYER_PREFIXES}
    opt_rows = [[p + "…", ", ".join(c) if c else "absent"] for p, c in optional.items()]
    opt_table = Table("Optional per-player columns", ["prefix", "columns"], opt_rows,
                      note="Used by the building-sides, station-master and tempo sections when present.")
    g = ds.games
    mean_turns = float(g["turns"].mean())
    lo, hi = mean_intervals(ds.games_lf(), "turns", ())[()]
    counts = ", ".join(str(p) for p in ds.player_counts)
    finding = (f"{fmt.n(g.height)} games ({fmt.n(ds.players.height)} player rows) of experiment "
               f"{m.get('experiment', ds.label)} in {plural(len(ds.arms), 'arm')} ({', '.join(ds.arms)}), "
               + ("in the solo mode (one player against Sam; his rows are apart from the player rows)"
                  if ds.solo else f"at {counts} players")
               + f", with {plural(len(ds.strategies), 'strategy', 'strategies')} "
               f"({', '.join(ds.strategies)}). A game lasts {fmt.pm(mean_turns, float(lo), float(hi))} turns "
               f"on average, all players together{' (Sam included)' if ds.solo else ''} (95% CI, n = "
               f"{fmt.n(g.height)} games). Engine version "
               f"{m.get('engine_version', '–')}, code hash {m.get('code_hash', '–')}.")
    if overrides:
        finding += (f" The run overrode the experiment file's {_overrides(overrides)}, so the file's description "
                    f"(\"{m.get('description', '')}\") may not match what ran; the tables show the games as run.")
    if ds.pools:
        recorded = {p.get("name"): p for p in m.get("pools", []) if isinstance(p, dict)}

        def who(name: str) -> str:
            p = recorded.get(name)
            return f"{name} ({p.get('seating', '–')} seating of {', '.join(p.get('strategies', []))})" if p else name

        finding += (f" Every arm was played by each of {len(ds.pools)} strategy pools on the same seeds: "
                    f"{'; '.join(who(p) for p in ds.pools)}.")
    if not ds.vocab.known:
        finding += (" The manifest carries no content vocabulary (dataset written by an older gwt-sim), so "
                    "components are named by their ids.")
    if m.get("total_games") not in (None, g.height):
        finding += f" The dataset is incomplete: {fmt.n(g.height)} of {fmt.n(m['total_games'])} games."
    return Section("overview", "Overview", finding, [], [meta, arms_table, opt_table], [],
                   data={"games": g.height, "player_rows": ds.players.height, "mean_turns": mean_turns,
                         "optional_columns": optional})
