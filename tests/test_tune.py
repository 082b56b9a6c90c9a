"""Tuning (gwt_sim.tune): the sequential search on synthetic paired data with a planted root (found
inside its interval; coverage over many seeds in the slow test), "no value in range meets the
target", integers with the evidence for their neighbours, budgets; and real tunings through the
engine: results, the report, resuming after an interruption, folders of another tuning."""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import polars as pl
import pytest
from click.testing import CliRunner

import gwt_sim.runner
from gwt_sim.cli import cli
from gwt_sim.experiment import Overrides
from gwt_sim.tune import Problem, TuneError, TuneInterrupted, TuneOptions, search, tune
from reports.report import build_report

EXP = {"name": "t", "games": 150, "seed": 7, "players": 2, "strategies": ["random"], "seating": "fixed"}


def synthetic(root: float, beta: float, seed: int):
    """Paired rows: seed i draws one uniform U_i; at value x it wins when U_i < logistic(beta (x - root)),
    so the win share is 1/2 exactly at `root` and every value is played on the same seeds."""
    def evaluate(r: int, values, n: int) -> pl.DataFrame:
        u = np.random.default_rng([seed, r]).random(n)
        cluster = np.arange(n, dtype=np.int64) + r * (1 << 40)
        parts = []
        for x in values:
            p = 1 / (1 + np.exp(-beta * (x - root)))
            parts.append(pl.DataFrame({"x": np.full(n, float(x)), "y": (u < p).astype(float),
                                       "g": np.zeros(n, np.int8), "cluster": cluster, "block": cluster * 64}))
        return pl.concat(parts)
    return evaluate


def test_search_finds_a_planted_root_inside_its_interval() -> None:
    res = search(synthetic(3.37, 0.3, 5), Problem(-10, 10, False, 0.5), TuneOptions(tolerance=0.5), 2000, 1)
    assert res["status"] == "found" and res["bounded"]
    assert res["low"] <= 3.37 <= res["high"] and res["high"] - res["low"] <= 0.5
    assert res["games"] == 2000 * 5 * res["rounds"]


def test_integer_parameter_gives_the_best_integer_and_its_neighbours() -> None:
    res = search(synthetic(-1.2, 0.3, 3), Problem(-10, 10, True, 0.5), TuneOptions(), 2000, 1)
    assert res["status"] == "found" and res["best_integer"] == -1
    cands = {c["value"]: c for c in res["candidates"]}
    assert set(cands) == {-2, -1, 0}
    assert cands[-1]["meets"] and cands[-1]["low"] <= 0.5 <= cands[-1]["high"]
    assert cands[-2]["estimate"] < cands[-1]["estimate"] < cands[0]["estimate"]


def test_no_value_in_range_meets_the_target() -> None:
    res = search(synthetic(30.0, 0.3, 1), Problem(-5, 5, True, 0.5), TuneOptions(), 1000, 1)
    assert res["status"] == "no_value_in_range" and res["rounds"] == 1 and res["value"] is None
    assert res["why"].startswith("no value in range meets the target: the metric stays below 0.5 at both ends")
    assert len(res["points"]) == 5 and all(q["high"] < 0.5 for q in res["points"])


def test_budget_and_rounds_stop_the_search() -> None:
    res = search(synthetic(3.37, 0.3, 2), Problem(-10, 10, False, 0.5), TuneOptions(tolerance=0.01, max_games=15000),
                 1000, 1)
    assert res["status"] == "budget_exhausted" and res["games"] <= 15000 and "--max-games 15,000" in res["why"]
    res = search(synthetic(3.37, 0.3, 2), Problem(-10, 10, False, 0.5), TuneOptions(tolerance=0.01, max_rounds=2),
                 1000, 1)
    assert res["status"] == "max_rounds" and res["rounds"] == 2


def _coverage(integer: bool, root: float, beta: float, reps: int, seeds: int) -> float:
    hits = 0
    for s in range(reps):
        res = search(synthetic(root, beta, 1000 + s), Problem(-10, 10, integer, 0.5),
                     TuneOptions(tolerance=None if integer else 0.5), seeds, 1)
        hits += res["status"] == "found" and res["low"] <= root <= res["high"]
    return hits / reps


def test_coverage_on_a_few_seeds() -> None:
    assert _coverage(False, 3.37, 0.3, 20, 2000) >= 0.8


@pytest.mark.slow
@pytest.mark.parametrize(("integer", "root", "beta", "seeds"), [
    (False, 3.37, 0.3, 2000), (False, -6.2, 0.8, 1000), (True, 3.37, 0.3, 2000), (True, -1.6, 0.15, 3000)])
def test_coverage_over_seeds(integer: bool, root: float, beta: float, seeds: int) -> None:
    """The 95% interval holds the planted root in about 95% of 200 repetitions (at least 90%)."""
    assert _coverage(integer, root, beta, 200, seeds) >= 0.9


# --------------------------------------------------------------------------- real tunings


def test_tune_seat_vp_through_the_engine(tmp_path: Path) -> None:
    out = tmp_path / "tune"
    res = tune(EXP, out, param="seat_vp[0]", target="seat_1_win_share = par", bounds="-12..12",
               options=TuneOptions(max_rounds=4), run_options=gwt_sim.runner.RunOptions(jobs=1, progress=False))
    r = res.result
    assert r["status"] in ("found", "max_rounds") and r["integer"] and r["best_integer"] is not None
    assert -12 <= r["value"] <= 12 and r["low"] <= r["value"] <= r["high"]
    state = json.loads((out / "tune.json").read_text())
    assert [e["folder"] for e in state["rounds"]] == [f"round-{i:03d}" for i in range(r["rounds"])]
    assert state["rounds"][0]["values"] == [-12, -6, 0, 6, 12]
    assert r["games"] == sum(e["games"] for e in state["rounds"]) == res.games_run
    assert any(line.startswith("best integer: ") for line in res.lines)
    # seat 1's share rises with its VP (the same games, more VP)
    pts = {q["x"]: q["estimate"] for q in r["points"]}
    assert pts[-12] < pts[0] < pts[12]
    # the report recomputes the same numbers from the rounds' Parquet parts
    report = build_report(out)
    (section,) = report.sections
    root = section.data["root"]
    assert root.estimate == pytest.approx(r["value"]) and root.low == pytest.approx(r["low"])
    assert section.figures and "makes seat 1's win share meet seat_1_win_share = par" in section.finding
    # running again reads every round back and plays nothing
    again = tune(EXP, out, param="seat_vp[0]", target="seat_1_win_share = par", bounds="-12..12",
                 options=TuneOptions(max_rounds=4), run_options=gwt_sim.runner.RunOptions(jobs=1, progress=False))
    assert again.games_run == 0 and again.result == res.result


def test_an_interrupted_tune_resumes_to_the_same_result(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    exp = {**EXP, "chunk_size": 150}               # 30 seeds per chunk: 5 chunks per round
    kwargs = dict(param="seat_vp[0]", target="seat_1_win_share = par", bounds="-12..12",
                  options=TuneOptions(max_rounds=3), run_options=gwt_sim.runner.RunOptions(jobs=1, progress=False))
    whole = tune(exp, tmp_path / "whole", **kwargs)
    assert whole.result["rounds"] >= 2
    real = gwt_sim.runner.play_chunk
    calls = []

    def interrupt(plan, chunk):
        calls.append(chunk)
        if len(calls) == 7:                        # round 1, its second chunk
            raise KeyboardInterrupt
        return real(plan, chunk)

    monkeypatch.setattr(gwt_sim.runner, "play_chunk", interrupt)
    with pytest.raises(TuneInterrupted, match=r"interrupted in round 1: 1 of 5 chunks .* are saved"):
        tune(exp, tmp_path / "cut", **kwargs)
    monkeypatch.setattr(gwt_sim.runner, "play_chunk", real)
    state = json.loads((tmp_path / "cut" / "tune.json").read_text())
    assert len(state["rounds"]) == 2 and "analysis" not in state["rounds"][1] and state["result"] is None
    report = build_report(tmp_path / "cut")           # the finished round, and what is left
    assert "The tuning is not finished (1 round(s) done; round 1 was interrupted)" in report.sections[0].finding
    saved = json.loads((tmp_path / "cut" / "round-001" / "manifest.json").read_text())["parts"]
    assert len(saved) == 1
    resumed = tune(exp, tmp_path / "cut", **kwargs)
    # round 0 and the first chunk of round 1 were on disk
    assert resumed.games_run == whole.games - 5 * 150 - saved["0"]["games"]["rows"]
    assert resumed.result == whole.result


def test_a_folder_of_another_tuning_is_refused(tmp_path: Path) -> None:
    opts = dict(options=TuneOptions(max_rounds=1), run_options=gwt_sim.runner.RunOptions(jobs=1, progress=False))
    tune(EXP, tmp_path / "t", param="seat_vp[0]", target="seat_1_win_share = par", bounds="-6..6", **opts)
    with pytest.raises(TuneError, match=r"holds another tuning .* use --overwrite"):
        tune(EXP, tmp_path / "t", param="seat_vp[1]", target="seat_2_win_share = par", bounds="-6..6", **opts)
    res = tune(EXP, tmp_path / "t", param="seat_vp[1]", target="seat_2_win_share = par", bounds="-6..6",
               options=opts["options"], run_options=gwt_sim.runner.RunOptions(jobs=1, progress=False, overwrite=True))
    assert res.result["param"] == "seat_vp[1]"
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "notes.txt").write_text("mine")
    with pytest.raises(TuneError, match="not empty and not a gwt-sim tuning"):
        tune(EXP, tmp_path / "other", param="seat_vp[0]", target="seat_1_win_share = par", bounds="-6..6", **opts)
    assert (tmp_path / "other" / "notes.txt").read_text() == "mine"


def test_tune_needs_one_arm_and_a_measurable_target(tmp_path: Path) -> None:
    two = {**EXP, "arms": [{"name": "a"}, {"name": "b"}]}
    with pytest.raises(TuneError, match=r"tune needs an experiment with one arm; .* has 2 \(a, b\): choose one with --arm"):
        tune(two, tmp_path / "x", param="seat_vp[0]", target="seat_1_win_share = par", bounds="0..1")
    res = tune(two, tmp_path / "x", param="seat_vp[0]", target="turns = 10", bounds="0..1", overrides=Overrides(arm="b"),
               options=TuneOptions(max_rounds=1), run_options=gwt_sim.runner.RunOptions(jobs=1, progress=False))
    # seat VP never change the game: the length is the same at every value, far above 10 turns
    assert res.result["status"] == "no_value_in_range"
    assert not (tmp_path / "y").exists()


def test_cli_tune_prints_the_result(tmp_path: Path) -> None:
    exp = tmp_path / "e.toml"
    exp.write_text('name = "e"\ngames = 100\nseed = 3\nplayers = 2\nstrategies = ["random"]\n', encoding="utf-8")
    out = CliRunner().invoke(cli, ["tune", str(exp), "--param", "seat_vp[1]", "--target", "seat_2_win_share = par",
                                   "--range=-10..10", "--out", str(tmp_path / "t"), "--max-rounds", "2", "-j", "1",
                                   "-q"], catch_exceptions=False)
    assert out.exit_code == 0, out.output
    lines = out.output.splitlines()
    assert lines[0].startswith("seat_vp[1] = ") and "makes seat 2's win share = par (0.5)" in lines[0]
    assert any(line.endswith("round dataset(s); report: gwt-sim report " + str(tmp_path / "t")) for line in lines)
    assert math.isfinite(json.loads((tmp_path / "t" / "tune.json").read_text())["result"]["value"])


def test_cli_interrupted_tune_says_how_to_resume(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    exp = tmp_path / "e.toml"
    exp.write_text('name = "e"\ngames = 40\nseed = 3\nplayers = 2\nstrategies = ["random"]\n', encoding="utf-8")

    def interrupt(plan, chunk):
        raise KeyboardInterrupt

    monkeypatch.setattr(gwt_sim.runner, "play_chunk", interrupt)
    res = CliRunner().invoke(cli, ["tune", str(exp), "--param", "seat_vp[0]", "--target", "seat_1_win_share = par",
                                   "--range=-4..4", "--out", str(tmp_path / "t"), "-j", "1", "-q"])
    assert res.exit_code == 130
    assert res.stderr.strip() == (f"interrupted in round 0: 0 of 1 chunks of {tmp_path / 't' / 'round-000'} are saved "
                                  f"(0 rounds before it complete): run the same command again to resume")
