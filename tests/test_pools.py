"""Strategy pools ([[pools]]): every arm played once per pool on the same seeds, the `pool` column in
both tables, the manifest's record, the overrides (--pool, --strategies, --seating), resuming, and
the report's per-pool estimates on a real pooled dataset. Bad pool specs are in the corpus
(tests/test_reliability_corpus.py)."""

from __future__ import annotations

import json
from pathlib import Path

import polars as pl
import pytest

from gwt_sim.experiment import Overrides, load_experiment
from gwt_sim.plan import plan_experiment
from gwt_sim.runner import simulate

EXPERIMENTS = Path(__file__).resolve().parent.parent / "experiments"

POOLED = """
name = "pooled"
games = 12
seed = 9
chunk_size = 16

[variant]
sides = "random"
station_masters = "random"

[[pools]]
name = "strong"
description = "one strategy in every seat"
strategies = ["heuristic:profile=balanced"]

[[pools]]
name = "mix"
strategies = ["random", "heuristic:profile=builder"]
seating = "draw"

[[arms]]
name = "p2"
players = 2

[[arms]]
name = "p4"
players = 4
"""


def write(tmp_path: Path, text: str = POOLED) -> Path:
    path = tmp_path / "pooled.toml"
    path.write_text(text, encoding="utf-8")
    return path


# --------------------------------------------------------------------------- the spec


def test_every_arm_is_played_once_per_pool(tmp_path: Path) -> None:
    exp = load_experiment(write(tmp_path))
    assert [(a.name, a.pool) for a in exp.arms] == [("p2", "strong"), ("p2", "mix"), ("p4", "strong"), ("p4", "mix")]
    assert exp.arm_names == ("p2", "p4")
    assert [p.name for p in exp.pools] == ["strong", "mix"]
    strong, mix = exp.arms[2], exp.arms[3]
    assert strong.strategies == ("heuristic:profile=balanced",) and strong.seating == "random"
    assert strong.lineup == ("heuristic:profile=balanced",) * 4
    assert mix.seating == "draw" and mix.lineup is None
    assert mix.strategies_key == "pools[1].strategies"
    assert exp.games_per_seed == 4 and exp.total_games == 48
    # the pools play the same arm: same players and variant
    assert exp.arms[0].variant == exp.arms[1].variant


def test_pools_are_part_of_the_experiment_hash(tmp_path: Path) -> None:
    pooled = load_experiment(write(tmp_path))
    other = load_experiment(write(tmp_path, POOLED.replace('name = "mix"', 'name = "mixed"')))
    assert pooled.hash != other.hash
    # renaming a description changes nothing that is played
    same = load_experiment(write(tmp_path, POOLED.replace("one strategy in every seat", "another text")))
    assert same.hash == pooled.hash
    # an experiment without pools keeps the hash it had before pools existed (no "pool" key)
    plain = load_experiment({"name": "x", "games": 3, "strategies": ["random"]})
    assert "pool" not in plain.canonical()["arms"][0]


def test_overrides_keep_replace_or_reseat_the_pools(tmp_path: Path) -> None:
    path = write(tmp_path)
    kept = load_experiment(path, Overrides(pool="mix"))
    assert [(a.name, a.pool) for a in kept.arms] == [("p2", "mix"), ("p4", "mix")]
    assert [p.name for p in kept.pools] == ["mix"]
    replaced = load_experiment(path, Overrides(strategies="random"))
    assert replaced.pools == () and all(a.pool is None for a in replaced.arms)
    assert [a.strategies for a in replaced.arms] == [("random",), ("random",)]
    reseated = load_experiment(path, Overrides(seating="draw"))
    assert {a.seating for a in reseated.arms} == {"draw"}
    one_arm = load_experiment(path, Overrides(arm="p4"))
    assert [(a.name, a.pool) for a in one_arm.arms] == [("p4", "strong"), ("p4", "mix")]


def test_an_arm_played_by_several_pools_compiles_once(tmp_path: Path) -> None:
    planned = plan_experiment(write(tmp_path))
    tables = [c.tables for c in planned.compiled]
    assert tables[0] is tables[1] and tables[2] is tables[3] and tables[0] is not tables[2]
    assert [(a.name, a.pool, a.offset) for a in planned.work.arms] == [
        ("p2", "strong", 0), ("p2", "mix", 1), ("p4", "strong", 2), ("p4", "mix", 3)]


@pytest.mark.parametrize("name, single", [("seat_balance", ["expert", "planner"]),
                                          ("building_sides", ["expert", "planner", "fast"]),
                                          ("station_masters", ["expert", "planner", "fast"])])
def test_ready_balance_experiments_pools(name: str, single: list[str]) -> None:
    """The expert and the planner in every seat, `fast` in every seat where the planner leaves the
    question untested (it builds numbers 5-12 almost never), and the archetype mix."""
    exp = load_experiment(EXPERIMENTS / f"{name}.toml")
    *strong, mix = exp.pools
    assert [p.strategies for p in strong] == [(s,) for s in single]      # one bot in every seat
    assert len(set(mix.strategies)) >= 3                    # the archetype mix
    assert all(s.startswith("heuristic:profile=") for s in mix.strategies)
    assert {a.pool for a in exp.arms} == {p.name for p in exp.pools}
    # switching a single-bot pool's bot is one line of the file
    text = (EXPERIMENTS / f"{name}.toml").read_text(encoding="utf-8")
    for pool in strong:
        assert sum(line.strip().startswith("strategies = [") for line in text.splitlines()
                   if f'"{pool.strategies[0]}"' in line) == 1


# --------------------------------------------------------------------------- the dataset


@pytest.fixture(scope="module")
def pooled_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("pooled")
    return simulate(write(folder), folder / "data", jobs=1, progress=False).path


def test_pool_column_in_both_tables(pooled_run: Path) -> None:
    games = pl.read_parquet(pooled_run / "games" / "*.parquet")
    players = pl.read_parquet(pooled_run / "players" / "*.parquet")
    assert games.columns[:7] == ["arm", "game_id", "seed_index", "seed", "rotation", "players", "pool"]
    assert players.columns[:7] == games.columns[:7]
    counts = games.group_by("arm", "pool").len().sort("arm", "pool").rows()
    assert counts == [("p2", "mix", 12), ("p2", "strong", 12), ("p4", "mix", 12), ("p4", "strong", 12)]
    # every game of a pool carries the pool's name, in both tables
    strong = players.filter(pl.col("pool") == "strong")
    assert set(strong["strategy"]) == {"heuristic:profile=balanced"}
    assert set(players.filter(pl.col("pool") == "mix")["strategy"]) <= {"random", "heuristic:profile=builder"}
    joined = players.join(games.select("game_id", pl.col("pool").alias("game_pool")), on="game_id")
    assert (joined["pool"] == joined["game_pool"]).all()
    assert games["game_id"].n_unique() == games.height


def test_pools_share_seeds_and_variant_draws(pooled_run: Path) -> None:
    """Common random numbers: seed i of every arm and pool is the same game setup."""
    games = pl.read_parquet(pooled_run / "games" / "*.parquet")
    per_seed = games.group_by("seed_index").agg(pl.col("seed").n_unique().alias("seeds"),
                                                pl.col("sides").n_unique().alias("sides"),
                                                pl.col("station_masters").n_unique().alias("masters"),
                                                pl.len().alias("games"))
    assert per_seed["games"].unique().to_list() == [4]
    assert per_seed["seeds"].unique().to_list() == [1]
    assert per_seed["sides"].unique().to_list() == [1]
    assert per_seed["masters"].unique().to_list() == [1]
    # and the pools play differently
    p4 = games.filter(pl.col("arm") == "p4").pivot(on="pool", index="seed_index", values="turns")
    assert (p4["strong"] != p4["mix"]).any()


def test_manifest_records_the_pools(pooled_run: Path) -> None:
    m = json.loads((pooled_run / "manifest.json").read_text())
    assert [p["name"] for p in m["pools"]] == ["strong", "mix"]
    assert m["pools"][0] == {"name": "strong", "strategies": ["heuristic:profile=balanced"], "seating": "random",
                             "description": "one strategy in every seat"}
    assert [(a["name"], a["pool"], a["seating"]) for a in m["arms"]] == [
        ("p2", "strong", "random"), ("p2", "mix", "draw"), ("p4", "strong", "random"), ("p4", "mix", "draw")]
    assert m["complete"] and m["total_games"] == 48


def test_a_pooled_run_resumes_and_refuses_other_pools(pooled_run: Path, tmp_path: Path) -> None:
    from gwt_sim.dataset import DatasetError

    again = simulate(write(tmp_path), pooled_run, jobs=1, progress=False)
    assert again.games_run == 0
    with pytest.raises(DatasetError, match="holds experiment"):
        simulate(write(tmp_path), pooled_run, jobs=1, progress=False, pool="mix")


def test_without_pools_there_is_no_pool_column(tmp_path: Path) -> None:
    out = simulate(write(tmp_path), tmp_path / "plain", jobs=1, progress=False, strategies="random", games=2).path
    for table in ("games", "players"):
        assert "pool" not in pl.read_parquet(out / table / "*.parquet").columns
    assert "pools" not in json.loads((out / "manifest.json").read_text())


def test_the_report_estimates_every_finding_per_pool(pooled_run: Path) -> None:
    from reports import build_report

    report = build_report(pooled_run)
    sections = {s.key: s for s in report.sections}
    seats = [f for f in sections["seat-balance"].findings if f.status != "not enough evidence"]
    assert seats and all(sorted(p.pool for p in f.pools) == ["mix", "strong"] for f in seats)
    assert all(sum(p.n for p in f.pools) == f.n for f in seats)
    sides = sections["building-sides"].findings
    # a component used too rarely in one pool has no estimate there
    assert any(sorted(p.pool for p in f.pools) == ["mix", "strong"] for f in sides)
    overview = sections["overview"]
    assert "strong (random seating of heuristic:profile=balanced)" in overview.finding
    arms_table = next(t for t in overview.tables if t.title == "Arms as run")
    assert "strategy pool" in arms_table.columns and len(arms_table.rows) == 4


# --------------------------------------------------------------------------- pools in the solo mode

SOLO_POOLED = """
name = "solo_pooled"
games = 6
seed = 4
players = 1

[[pools]]
name = "strong"
strategies = ["heuristic:profile=balanced"]

[[pools]]
name = "mix"
strategies = ["random", "heuristic:profile=builder"]
seating = "draw"

[[arms]]
name = "easy"
[arms.variant]
solo_difficulty = "easy"

[[arms]]
name = "hard"
[arms.variant]
solo_difficulty = "hard"
"""


def test_pools_play_the_human_seat_of_a_solo_experiment(tmp_path: Path) -> None:
    """players = 1: each pool's strategies play the one seat that decides (drawn per game with
    seating = 'draw'); Sam's rows and the solo columns are there in every pool, on the same seeds."""
    from reports import build_report

    out = simulate(write(tmp_path, SOLO_POOLED), tmp_path / "solo", jobs=1, progress=False).path
    games = pl.read_parquet(out / "games" / "*.parquet")
    players = pl.read_parquet(out / "players" / "*.parquet")
    assert games.group_by("arm", "pool").len().sort("arm", "pool").rows() == [
        ("easy", "mix", 6), ("easy", "strong", 6), ("hard", "mix", 6), ("hard", "strong", 6)]
    assert set(games["players"]) == {1} and set(games["solo_difficulty"]) == {"easy", "hard"}
    humans, sam = players.filter(pl.col("seat") == 1), players.filter(pl.col("seat") == 2)
    assert set(humans.filter(pl.col("pool") == "strong")["strategy"]) == {"heuristic:profile=balanced"}
    assert set(humans.filter(pl.col("pool") == "mix")["strategy"]) <= {"random", "heuristic:profile=builder"}
    assert set(sam["strategy"]) == {"sam:easy", "sam:hard"} and sam.height == games.height
    assert games.group_by("seed_index").agg(pl.col("seed").n_unique())["seed"].to_list() == [1] * 6
    solo = next(s for s in build_report(out).sections if s.key == "solo")
    assert set(solo.data["arms"]["strategy"]) <= {"heuristic:profile=balanced", "random", "heuristic:profile=builder"}
    assert solo.data["arms"]["games"].sum() == games.height
