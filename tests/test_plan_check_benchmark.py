"""benchmarks/plan_check.py: the bars it shows are the issues' (reports/plan_indicators.py), its
indicators are strategy_quality's for the same games (its bad options: tests/test_deliveries_benchmark.py)."""

from __future__ import annotations

import sys

import polars as pl
import pytest

from reports.plan_indicators import EXPERT_TARGETS, INDICATORS, plan_indicators


@pytest.fixture(scope="module")
def modules(benchmarks_importable):
    import plan_check
    import strategy_quality
    return plan_check, strategy_quality


def test_targets_by_strategy(modules):
    pc, _ = modules
    expert, issue = pc.targets_of("expert")
    assert issue == "issue 11" and expert == {**dict(EXPERT_TARGETS), "winners_vp": 85.0}
    assert pc.targets_of("expert:profile=benchmarks/profiles/expert_base_turn_cost_4.toml") == (expert, issue)
    assert pc.targets_of("fast")[1] == "issue 12" and "least_built" in pc.targets_of("fast")[0]
    assert pc.targets_of("heuristic:profile=cattle:plan_forced=false")[0] == {
        "hand_limit_5": 0.6, "value_per_delivery": 9.0, "far_delivery": 0.4, "winners_vp": 65.0}
    assert pc.targets_of("heuristic") == ({"winners_vp": 65.0}, "issue 12")      # balanced, the default
    assert pc.targets_of("heuristic:profile=some/file.toml") == ({}, "")
    assert pc.targets_of("planner") == ({}, "")


def test_report_marks_each_bar(modules):
    pc, _ = modules
    values = dict.fromkeys(INDICATORS, 0.0) | {"winners_vp": 80.0, "value_per_delivery": 9.5}
    text = pc.report("expert", 4, 10, 1.0, values)
    lines = {line.split()[0]: line for line in text.splitlines()[1:]}
    assert len(lines) == len(INDICATORS)
    assert "(bar 85: MISSED), floor 75: met" in lines["winners_vp"]
    assert "(bar 9: met)" in lines["value_per_delivery"]
    assert "(bar 0.4: MISSED)" in lines["hand_limit_5"]
    assert "bar" not in lines["turns"]


def test_its_indicators_are_those_of_the_same_games(modules, capsys, monkeypatch):
    pc, sq = modules
    _, rows, _, _ = sq._play_range(4, ["fast"], range(3), sq.self_play_seed0(4), True, "2e", True)
    expected = plan_indicators(pl.DataFrame(rows))["fast"]
    monkeypatch.setattr(sys, "argv", ["plan_check.py", "--strategy", "fast", "--games", "3", "--jobs", "1"])
    jobs, edition = sq.JOBS, sq.EDITION
    pc.main()
    out = capsys.readouterr().out
    assert out.startswith("fast, 4-player self-play, 3 games")
    printed = {line.split()[0]: line.split()[1] for line in out.splitlines()[1:]}
    assert printed == {key: f"{expected[key]:.3f}" for key in INDICATORS}     # every indicator, same games
    assert (sq.JOBS, sq.EDITION) == (jobs, edition)       # its options go to play_many, not the module


def test_first_edition_shows_what_its_content_cannot_measure(modules, capsys, monkeypatch):
    """The First Edition has no far_delivery (strategy_quality shows "–"): plan_check prints the other
    indicators and says the bar is not measured, in self-play and in a field (it raised KeyError)."""
    pc, _ = modules
    for extra in ([], ["--opponent", "fast"]):
        monkeypatch.setattr(sys, "argv", ["plan_check.py", "--strategy", "expert:samples=1:horizon=1",
                                          "--games", "2", "--jobs", "1", "--edition", "1e", *extra])
        pc.main()
        lines = {line.split()[0]: line for line in capsys.readouterr().out.splitlines()[1:]}
        assert lines["far_delivery"].split()[1] == "–"
        assert ("(bar 0.3: not measured)" if not extra else "(self-play bar 0.3)") in lines["far_delivery"]
        assert float(lines["value_per_delivery"].split()[1]) > 0


def test_opponent_field_shows_both_sides_of_the_same_games(modules, capsys, monkeypatch):
    """--opponent: the strategy as one seat among three planners (its seat moving round the table), the
    indicators of its seats and of theirs from the same games, its win share, and the bars only shown."""
    pc, sq = modules
    results, rows, _, _ = sq._play_range(4, ["fast", "planner", "planner", "planner"], range(4),
                                         sq.self_play_seed0(4), True, "2e", True)
    expected = plan_indicators(pl.DataFrame(rows))
    # the engine's seat field counts from 0: seat 1 + (-g mod 4) in game g
    assert sorted((r["game_id"], r["seat"]) for r in rows if r["strategy"] == "fast") == [
        (0, 0), (1, 3), (2, 2), (3, 1)]
    share = sum(w for game in results for (name, _, w) in game if name == "fast") / 4
    monkeypatch.setattr(sys, "argv", ["plan_check.py", "--strategy", "fast", "--opponent", "planner",
                                      "--games", "4", "--jobs", "1"])
    pc.main()
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("fast as one seat among 3 planner, 4 players, 4 games (")
    assert f"win share {share:.3f} (par 0.250); issue 12's bars are for self-play: shown, not judged" in out[0]
    printed = {line.split()[0]: line.split()[1:3] for line in out[2:]}
    assert printed == {key: [f"{expected['fast'][key]:.3f}", f"{expected['planner'][key]:.3f}"] for key in INDICATORS}
    assert "(self-play bar 0.3)" in next(line for line in out if line.split()[0] == "hand_limit_5")
    assert not any("met" in line or "MISSED" in line for line in out)


@pytest.mark.parametrize(("opponent", "fragment"), [("nope", "unknown strategy"),
                                                     ("fast", "--opponent is the --strategy itself")])
def test_bad_opponent_one_line(run_benchmark, opponent, fragment):
    done = run_benchmark("plan_check.py", "--strategy", "fast", "--opponent", opponent, "--games", "1")
    assert done.returncode == 2 and fragment in done.stderr and done.stderr.count("\n") == 1
