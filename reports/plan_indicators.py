"""Plan indicators of a players table: does a strategy play the plan its name promises?

Each indicator is one number per strategy, computed from the players table of a dataset (Parquet),
with the definitions the bot issues use: shares are over player-games, "far" is a delivery to
Pittsburgh or farther, breeding value per delivery is the delivered cities' value per delivery.
`ARCHETYPE_TARGETS` holds the bar each heuristic archetype is held to (issue 12): the benchmark
`benchmarks/archetypes.py` reports them, a fixed-seed test checks them on a small run. `BOT_TARGETS`
holds `fast`'s and `expert`'s bars, reported by `benchmarks/strategy_quality.py`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

# name: what the indicator measures (the polars expression is built in `indicator_exprs`)
INDICATORS: dict[str, str] = {
    "winners_vp": "mean score of the game's winners",
    "mean_vp": "mean score",
    "turns": "mean turns per player",
    "builders_4": "share of player-games with >= 4 builders",
    "builders_3": "share of player-games with >= 3 builders",
    "big_building": "share of player-games with a building numbered 7-12 placed",
    "least_built": "share of player-games that placed the least-placed building number (1-12)",
    "stations_4_and_master": "share of player-games with >= 4 stations upgraded and >= 1 station master",
    "station_masters_per_game": "station masters taken per game",
    "hand_limit_5": "share of player-games ending with hand limit >= 5",
    "value_per_delivery": "mean breeding value (city value) per delivery",
    "far_delivery": "share of player-games with a delivery to Pittsburgh or farther",
    "objectives_gained": "objective cards gained per player-game",
    "objective_vp": "mean VP from objective cards",
    "winners_cities_vp": "winners' mean VP from cities",
}

FAR_CITIES = ("pittsburgh", "philadelphia", "new_york")

# archetype: [(indicator, minimum)] (issue 12, item 1; every archetype also wins 65 VP in self-play)
ARCHETYPE_TARGETS: dict[str, list[tuple[str, float]]] = {
    "builder": [("builders_4", 0.60), ("big_building", 0.50)],
    "engineer": [("stations_4_and_master", 0.60)],
    "cattle": [("hand_limit_5", 0.60), ("value_per_delivery", 9.0), ("far_delivery", 0.40)],
    "objectives": [("objectives_gained", 4.0), ("objective_vp", 10.0)],
    "balanced": [],
}
WINNERS_VP_TARGET = 65.0
# the bar `fast` is held to (issue 12): it plays the whole game (every building number, a raised
# hand limit) and its 4-player self-play winners score like the archetypes' or better
FAST_TARGETS: list[tuple[str, float]] = [("least_built", 0.03), ("hand_limit_5", 0.30)]
FAST_WINNERS_VP_TARGET = 70.0
# the bar `expert` is held to (issue 11): it plays the whole game as strong humans do. far_delivery
# counts player-games (the issue counts games: a stricter reading); 75 VP is the hard floor
# for the winners, 85 its aim
EXPERT_TARGETS: list[tuple[str, float]] = [
    ("hand_limit_5", 0.40), ("value_per_delivery", 9.0), ("far_delivery", 0.30), ("winners_cities_vp", 5.0),
    ("least_built", 0.03), ("builders_3", 0.20), ("station_masters_per_game", 1.5)]
EXPERT_WINNERS_VP_TARGET = 85.0
EXPERT_WINNERS_VP_FLOOR = 75.0
# strategy: (its targets, its winners' score target, the issue that sets them)
BOT_TARGETS: dict[str, tuple[list[tuple[str, float]], float, str]] = {
    "fast": (FAST_TARGETS, FAST_WINNERS_VP_TARGET, "issue 12"),
    "expert": (EXPERT_TARGETS, EXPERT_WINNERS_VP_TARGET, "issue 11"),
}


def indicator_exprs(columns: set[str]) -> dict[str, Any]:
    """The polars expressions of INDICATORS over one strategy's player rows (columns a dataset lacks
    are left out, never guessed)."""
    import polars as pl

    col = pl.col
    winner = col("rank") == 1
    out: dict[str, Any] = {
        "winners_vp": col("score").filter(winner).mean(),
        "mean_vp": col("score").mean(),
        "turns": col("turns").mean(),
        "builders_4": (col("builders") >= 4).mean(),
        "builders_3": (col("builders") >= 3).mean(),
        "stations_4_and_master": ((col("stations_upgraded") >= 4) & (col("station_masters_taken") >= 1)).mean(),
        "station_masters_per_game": col("station_masters_taken").sum() / col("game_id").n_unique(),
        "value_per_delivery": col("delivery_value").sum() / col("deliveries").sum(),
        "objectives_gained": col("objectives_gained").mean(),
        "objective_vp": col("score_objectives").mean(),
        "winners_cities_vp": col("score_cities").filter(winner).mean(),
    }
    big = [f"built_{n}" for n in range(7, 13) if f"built_{n}" in columns]
    if big:
        out["big_building"] = pl.any_horizontal([col(c) > 0 for c in big]).mean()
    numbers = [c for c in columns if c.startswith("built_")]
    if numbers:
        out["least_built"] = pl.min_horizontal([(col(c) > 0).mean() for c in sorted(numbers)])
    if "hand_limit" in columns:
        out["hand_limit_5"] = (col("hand_limit") >= 5).mean()
    far = [f"deliveries_{c}" for c in FAR_CITIES if f"deliveries_{c}" in columns]
    if far:
        out["far_delivery"] = (pl.sum_horizontal([col(c) for c in far]) > 0).mean()
    return {k: out[k] for k in INDICATORS if k in out}


def is_share(indicator: str) -> bool:
    """Whether an indicator is a share of player-games (shown as a percentage), not a mean."""
    return INDICATORS[indicator].startswith("share of")


def indicator_table(players: Any, by: Sequence[str] = ("strategy",)) -> Any:
    """One row per group of `by` (sorted), with its player rows (`player_games`) and every indicator the
    players table (a polars DataFrame or LazyFrame) has the columns for; a DataFrame."""
    import polars as pl

    lazy = players.lazy()
    exprs = indicator_exprs(set(lazy.collect_schema().names()))
    return (lazy.group_by(*by).agg(pl.len().alias("player_games"), **{k: e.cast(pl.Float64) for k, e in exprs.items()})
            .sort(*by).collect())


def plan_indicators(players: Any) -> dict[str, dict[str, float]]:
    """strategy -> indicator -> value, from a players table (a polars DataFrame)."""
    table = indicator_table(players).drop("player_games")
    return {row.pop("strategy"): row for row in table.iter_rows(named=True)}


def misses_of(values: dict[str, float], targets: list[tuple[str, float]], winners_vp: float) -> list[str]:
    """The targets (and the winners' score) the indicators miss, each as 'indicator value < minimum'
    (or 'indicator not measured': a column the dataset lacks, such as the far cities of the First
    Edition, which has none by those names)."""
    misses = [f"{k} not measured" if values.get(k) is None else f"{k} {values[k]:.3g} < {lo:g}"
              for k, lo in targets if values.get(k) is None or values[k] < lo]
    if values["winners_vp"] < winners_vp:
        misses.append(f"winners_vp {values['winners_vp']:.3g} < {winners_vp:g}")
    return misses


def target_misses(archetype: str, values: dict[str, float]) -> list[str]:
    """The archetype's targets its indicators miss."""
    return misses_of(values, ARCHETYPE_TARGETS.get(archetype, []), WINNERS_VP_TARGET)


def fast_target_misses(values: dict[str, float]) -> list[str]:
    """The targets `fast`'s indicators miss."""
    return bot_target_misses("fast", values)


def bot_target_misses(bot: str, values: dict[str, float]) -> list[str]:
    """The targets of `bot` (a BOT_TARGETS key) its indicators miss."""
    targets, winners_vp, _ = BOT_TARGETS[bot]
    return misses_of(values, targets, winners_vp)
