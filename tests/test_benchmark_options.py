"""The benchmark and training scripts check their options before playing a game: numbers out of range
(argparse's usage line, exit code 2), a strategy or profile that cannot be made, or an output path that
cannot be written (one line, exit code 2) — instead of a traceback, an endless loop or a result lost
after a long run."""

from __future__ import annotations

import pytest
import tomllib

CASES = [
    (("tune_profile.py", "--games", "0"), "argument --games: expected 1 to"),
    (("tune_profile.py", "--players", "9"), "argument --players: expected 2 to 4, got 9"),
    (("tune_profile.py", "--opponent", "nope", "--minutes", "0"), "unknown strategy 'nope'"),
    (("tune_profile.py", "--start", "nope", "--minutes", "0"), "unknown profile 'nope'"),
    (("fit_value.py", "--players", "2,5"), "--players: expected player counts from 2 to 4"),
    (("fit_value.py", "--damp", "nan"), "argument --damp: expected a finite number"),
    (("fit_value.py", "--planner", "nope"), "unknown strategy 'nope'"),
    (("head_to_head.py", "--opponent", "random", "--games", "99999999999999999999"), "argument --games"),
    (("head_to_head.py", "--opponent", "random", "--jobs", "99999"), "argument --jobs: expected 1 to 256"),
    (("strategy_quality.py", "--jobs", "0"), "argument --jobs"),
    (("tempo_frontier.py", "--profile", "builder", "--spread", "nan"), "argument --spread"),
    (("bench_runner.py", "--repeat", "0"), "argument --repeat"),
]


@pytest.mark.parametrize(("args", "message"), CASES, ids=[" ".join(a) for a, _ in CASES])
def test_bad_option_is_refused_before_playing(run_benchmark, args, message):
    out = run_benchmark(*args)
    assert out.returncode == 2, out.stderr
    assert "Traceback" not in out.stderr and message in out.stderr, out.stderr


@pytest.mark.parametrize("script", ["tune_profile.py", "fit_value.py", "deliveries.py"])
def test_an_output_that_cannot_be_written_is_refused_before_playing(run_benchmark, tmp_path, script):
    (tmp_path / "a_file").write_text("x")
    extra = ["--strategy", "random", "--games", "1"] if script == "deliveries.py" else ["--games", "1"]
    for out_path, message in ((tmp_path, "a folder, not a file"), (tmp_path / "a_file" / "x", "is a file, not a folder")):
        out = run_benchmark(script, *extra, "--out", str(out_path))
        assert out.returncode == 2 and message in out.stderr and len(out.stderr.strip().splitlines()) == 1, out.stderr


def test_names_with_quotes_are_written_as_valid_toml(run_benchmark, tmp_path):
    path = tmp_path / "p.toml"
    out = run_benchmark("tune_profile.py", "--minutes", "0", "--games", "2", "--name", 'a "quoted" \\ name',
                        "--out", str(path))
    assert out.returncode == 0, out.stderr
    assert tomllib.loads(path.read_text(encoding="utf-8"))["profile"]["name"] == 'a "quoted" \\ name'
