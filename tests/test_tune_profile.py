"""benchmarks/tune_profile.py's --heuristic-options: the tuned heuristic plays with the options given
(train_fast.sh keeps the heuristic as `fast`'s weights were trained), and a bad option gets one line
and exit code 2."""

from __future__ import annotations

import numpy as np
import pytest

from gwt_sim.engine.play import play_game
from gwt_sim.game import rules_for
from gwt_sim.variant import Variant
from strategies.heuristic import HeuristicPolicy
from strategies.profiles import load_profile


@pytest.fixture(scope="module")
def tune_profile(benchmarks_importable):
    import tune_profile
    return tune_profile


def test_options_are_parsed(tune_profile):
    assert tune_profile.parse_heuristic_options("") == {}
    assert tune_profile.parse_heuristic_options("backward_loop=false:plan_forced=true") == {
        "backward_loop": False, "plan_forced": True}


def test_the_tuned_seats_play_with_the_options(tune_profile):
    handle = rules_for(Variant(players=2))
    fast, balanced = load_profile("fast"), load_profile("balanced")
    old = {"backward_loop": False, "plan_forced": False}
    margins = {}
    for name, options in (("old", old), ("defaults", {})):
        m, _ = tune_profile.margin(handle, fast, balanced, 6, 2, 700, options)
        diffs = []
        for g in range(6):
            seat = g % 2
            pols = [HeuristicPolicy(fast if i == seat else balanced, **options) for i in range(2)]
            scores = play_game(handle, pols, 700 + g)[1][:, 1].astype(float)
            diffs.append(scores[seat] - scores[1 - seat])
        assert m == pytest.approx(float(np.mean(diffs)))
        margins[name] = m
    assert margins["old"] != margins["defaults"]        # the options change these games


@pytest.mark.parametrize("text", ["plan_forced=1", "walk_limit=false", "plan_forced", "profile=cattle"])
def test_a_bad_option_is_one_line_and_exit_code_2(run_benchmark, text):
    run = run_benchmark("tune_profile.py", "--minutes", "0", "--heuristic-options", text)
    assert run.returncode == 2
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and "--heuristic-options" in lines[0] and "Traceback" not in run.stderr
