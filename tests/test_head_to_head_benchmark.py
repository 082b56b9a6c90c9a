"""benchmarks/head_to_head.py --baseline: the baseline plays the tested seat on the same seeds against
the same opponent, and the paired difference is printed; bad options get one line and exit code 2."""

from __future__ import annotations

import re


def test_a_baseline_equal_to_the_strategy_differs_in_no_game(run_benchmark):
    out = run_benchmark("head_to_head.py", "--strategy", "fast", "--baseline", "fast", "--opponent",
                        "heuristic:profile=balanced", "--players", "2", "--games", "6", "--jobs", "1")
    assert out.returncode == 0, out.stderr
    assert "difference +0.00% (+0.00% to +0.00%), 0 of 6 games' shares differ; margin +0.00 VP" in out.stdout


def test_another_baseline_is_paired_game_by_game(run_benchmark):
    out = run_benchmark("head_to_head.py", "--strategy", "fast", "--baseline", "heuristic:profile=builder",
                        "--opponent", "heuristic:profile=balanced", "--players", "2", "--games", "8", "--jobs", "2")
    assert out.returncode == 0, out.stderr
    shares = re.search(r"win share (\d+\.\d)%.*\n.*win share (\d+\.\d)%; difference ([+-]\d+\.\d\d)%", out.stdout)
    assert shares, out.stdout
    own, base, diff = (float(x) for x in shares.groups())
    assert abs(own - base - diff) < 0.11      # the difference of the two win shares (printed rounded)
    assert int(re.search(r"(\d+) of 8 games' shares differ", out.stdout).group(1)) > 0


def test_a_baseline_needs_an_opponent(run_benchmark):
    out = run_benchmark("head_to_head.py", "--strategy", "fast", "--baseline", "fast", "--self-play",
                        "--games", "2")
    assert out.returncode == 2
    assert out.stderr.strip().splitlines() == ["error: --baseline compares against an opponent: give --opponent too"]


def test_a_bad_baseline_is_one_line(run_benchmark):
    out = run_benchmark("head_to_head.py", "--strategy", "fast", "--baseline", "no_such_bot", "--opponent",
                        "fast", "--games", "2")
    assert out.returncode == 2
    assert len(out.stderr.strip().splitlines()) == 1 and "no_such_bot" in out.stderr
