"""benchmarks/archetype_speed.py: each strategy's games/s is scaled by the speed table's random row
over the random policy's games/s in the same round, medians are taken over rounds, and bad options
get one line and exit code 2. (No timing is asserted: only the arithmetic and the files.)"""

from __future__ import annotations

import json

import pytest


@pytest.fixture(scope="module")
def speed(benchmarks_importable):
    import archetype_speed
    return archetype_speed


def test_scaled_by_the_rounds_random_speed(speed, monkeypatch):
    # fake measurements: the random policy at half the table's speed in round 1, a quarter in round 2
    reference = speed.reference_random_speed()
    randoms = iter([reference / 2, reference / 4])
    bot = iter([100.0, 60.0])

    def fake_bench(players, games, factory):
        assert players == 4
        gps = next(randoms) if factory is speed.RandomPolicy else next(bot)
        return {"games_per_s": gps, "us_per_decision": 1.0, "decisions_per_game": 1000.0}

    monkeypatch.setattr(speed, "bench", fake_bench)
    report = speed.measure(2, 10, ("fast",))
    (row,) = report["rows"]
    assert row["scaled_range"] == [200.0, 240.0]              # 100 x 2 and 60 x 4
    assert row["scaled"] == 220.0 and row["games_per_s"] == 80.0
    assert row["needs"] == pytest.approx(speed.AIM / 220)
    assert "| fast | 1,000 | 80 | 1.00 | 220 (200-240) | x11.36 |" in speed.markdown(report)


def test_writes_markdown_and_json(speed, tmp_path, run_benchmark):
    out = tmp_path / "speed"
    run_benchmark("archetype_speed.py", "--rounds", "1", "--games", "3", "--out", str(out)).check_returncode()
    report = json.loads(out.with_suffix(".json").read_text())
    assert [r["strategy"] for r in report["rows"]] == list(speed.STRATEGIES)
    assert all(r["decisions_per_game"] > 100 and r["scaled"] > 0 for r in report["rows"])
    assert out.with_suffix(".md").read_text().startswith("# Archetype speed, 4 players")


@pytest.mark.parametrize("args", [["--rounds", "0"], ["--games", "0"]])
def test_bad_options_one_line(run_benchmark, args):
    done = run_benchmark("archetype_speed.py", *args)
    assert done.returncode == 2 and "expected 1 to" in done.stderr and done.stderr.count("\n") == 1


def test_other_strategies_and_a_bad_one(speed, tmp_path, run_benchmark):
    out = tmp_path / "s"
    run_benchmark("archetype_speed.py", "--strategy", "random", "--rounds", "1", "--games", "2",
                  "--out", str(out)).check_returncode()
    assert "| random |" in out.with_suffix(".md").read_text()
    done = run_benchmark("archetype_speed.py", "--strategy", "nosuch")
    assert done.returncode == 2 and "nosuch" in done.stderr and done.stderr.count("\n") == 1
