"""Overview: what the dataset holds — games, arms, player counts, strategies, variants, versions, length."""

from __future__ import annotations

import polars as pl

from reports import fmt
from reports import stats as st
from reports.data import OPTIONAL_PLAYER_PREFIXES, Dataset
from reports.model import Section, Table
from reports.options import ReportOptions
from reports.sections.common import plural


def _arm_info(ds: Dataset) -> dict[str, dict]:
    return {a.get("name"): a for a in ds.manifest.get("arms", []) if isinstance(a, dict)}


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
        parts.append(f"arm {a.get('name')}: {a.get('players')} players, {a.get('seating', '–')} seating of {who}; "
                     f"{a.get('variant', '–')}")
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
    per = (ds.games_lf().group_by("arm", "players")
           .agg(pl.len().alias("games"), pl.col("turns").cast(pl.Float64).mean().alias("turns_mean"),
                pl.col("turns").cast(pl.Float64).var().alias("turns_var"),
                pl.col("winning_score").cast(pl.Float64).mean().alias("win_score"))
           .collect())
    strat = (ds.players_lf().group_by("arm").agg(pl.col("strategy").unique().sort().alias("strategies"))
             .collect())
    strat_map = dict(zip(strat["arm"].to_list(), strat["strategies"].to_list(), strict=True))
    order = {a: i for i, a in enumerate(ds.arms)}
    rows = []
    for r in sorted(per.iter_rows(named=True), key=lambda r: (order.get(r["arm"], 99), r["players"])):
        a = info.get(r["arm"], {})
        lo, hi = st.mean_ci(r["turns_mean"], r["turns_var"] or 0.0, r["games"])
        rows.append([r["arm"], str(r["players"]), fmt.n(r["games"]), ", ".join(strat_map.get(r["arm"], [])),
                     a.get("seating", "–"), a.get("variant", "–"), a.get("content_hash", "–"),
                     f"{r['turns_mean']:.1f} ({fmt.ci(float(lo), float(hi))})", fmt.num(r["win_score"])])
    arms_table = Table("Arms as run", ["arm", "players", "games (n)", "strategies", "seating", "variant",
                                       "content hash", "mean game length, turns (95% CI)", "mean winning score"],
                       rows, key_columns=2)
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
    lo, hi = st.mean_ci(mean_turns, float(g["turns"].var() or 0.0), g.height)
    counts = ", ".join(str(p) for p in ds.player_counts)
    finding = (f"{fmt.n(g.height)} games ({fmt.n(ds.players.height)} player rows) of experiment "
               f"{m.get('experiment', ds.label)} in {plural(len(ds.arms), 'arm')} ({', '.join(ds.arms)}), at "
               f"{counts} players, with {plural(len(ds.strategies), 'strategy', 'strategies')} "
               f"({', '.join(ds.strategies)}). A game lasts {fmt.pm(mean_turns, float(lo), float(hi))} turns "
               f"on average, all players together (95% CI, n = {fmt.n(g.height)} games). Engine version "
               f"{m.get('engine_version', '–')}, code hash {m.get('code_hash', '–')}.")
    if overrides:
        finding += (f" The run overrode the experiment file's {_overrides(overrides)}, so the file's description "
                    f"(\"{m.get('description', '')}\") may not match what ran; the tables show the games as run.")
    if ds.pools:
        finding += f" The games were played by {len(ds.pools)} strategy pools: {', '.join(ds.pools)}."
    if not ds.vocab.known:
        finding += (" The manifest carries no content vocabulary (dataset written by an older gwt-sim), so "
                    "components are named by their ids.")
    if m.get("total_games") not in (None, g.height):
        finding += f" The dataset is incomplete: {fmt.n(g.height)} of {fmt.n(m['total_games'])} games."
    return Section("overview", "Overview", finding, [], [meta, arms_table, opt_table], [],
                   data={"games": g.height, "player_rows": ds.players.height, "mean_turns": mean_turns,
                         "optional_columns": optional})
