"""Fixed-seed regression test: each heuristic archetype plays the plan its name promises.

A small 4-player self-play run per archetype (experienced setup) through the runner; the plan
indicators of reports/plan_indicators.py must meet the archetype's targets (issue 12) within a
slack for the small sample, and each archetype must lead the others on its own plan. The full
1,000-game numbers are benchmarks/archetypes.py's (benchmarks/results/archetypes.md).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from reports.plan_indicators import (
    ARCHETYPE_TARGETS,
    FAST_TARGETS,
    FAST_WINNERS_VP_TARGET,
    WINNERS_VP_TARGET,
    plan_indicators,
)

GAMES = 40
SLACK = 0.9          # a 160-player-game sample may sit a little below a 1,000-game target

pl = pytest.importorskip("polars")


def self_play_indicators(strategy: str, games: int, out: Path) -> dict[str, float]:
    """The plan indicators of a fixed-seed 4-player self-play run (experienced setup) of `strategy`."""
    from gwt_sim.runner import RunOptions, simulate

    exp = {"name": f"plan_{out.name}", "games": games, "seed": 20261126, "players": 4, "strategies": [strategy],
           "seating": "fixed", "chunk_size": games,
           "variant": {"sides": "random", "neutral_layout": "random", "station_masters": "random"}}
    simulate(exp, out, options=RunOptions(jobs=1, progress=False))
    return plan_indicators(pl.read_parquet(out / "players"))[strategy]


@pytest.fixture(scope="module")
def indicators(tmp_path_factory) -> dict[str, dict[str, float]]:
    root: Path = tmp_path_factory.mktemp("archetypes")
    return {arch: self_play_indicators(f"heuristic:profile={arch}", GAMES, root / arch) for arch in ARCHETYPE_TARGETS}


@pytest.mark.parametrize("arch", list(ARCHETYPE_TARGETS))
def test_archetype_meets_its_targets(indicators, arch):
    values = indicators[arch]
    for key, minimum in ARCHETYPE_TARGETS[arch]:
        assert values[key] >= SLACK * minimum, (arch, key, values[key])
    assert values["winners_vp"] >= SLACK * WINNERS_VP_TARGET, (arch, values["winners_vp"])


@pytest.mark.parametrize("arch", [a for a in ARCHETYPE_TARGETS if ARCHETYPE_TARGETS[a]])
def test_archetype_leads_on_its_plan(indicators, arch):
    """The plan's first indicator is higher for the archetype than for any other."""
    key = ARCHETYPE_TARGETS[arch][0][0]
    others = {a: v[key] for a, v in indicators.items() if a != arch}
    assert indicators[arch][key] > max(others.values()), (arch, key, indicators[arch][key], others)


FAST_GAMES = 150     # 600 player-games: a number built in 3% of them is expected 18 times


def test_fast_plays_the_whole_game(tmp_path):
    """`fast` builds every building number 1-12, raises its hand limit and scores like its targets
    (FAST_TARGETS; the 1,000-game numbers are benchmarks/strategy_quality.py's), within a slack for
    the small sample."""
    values = self_play_indicators("fast", FAST_GAMES, tmp_path / "fast")
    for key, minimum in FAST_TARGETS:
        assert values[key] >= SLACK * minimum, (key, values[key])
    assert values["winners_vp"] >= SLACK * FAST_WINNERS_VP_TARGET, values["winners_vp"]
