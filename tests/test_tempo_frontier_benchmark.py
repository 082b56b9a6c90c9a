"""benchmarks/tempo_frontier.py: its variants keep the plan's fields and every weight's range, depend
only on the seed, its verdict follows issue 12's bars, and bad options get one line and exit code 2."""

from __future__ import annotations

import random

import pytest

from strategies.profiles import PROFILE_FIELDS, load_profile, with_settings


@pytest.fixture(scope="module")
def frontier(benchmarks_importable):
    import tempo_frontier
    return tempo_frontier


def test_variants_keep_the_plan_and_the_ranges(frontier):
    base = load_profile("builder")
    texts = [frontier.variant(base, random.Random(7), (1.5, 2.5), 0.5) for _ in range(2)]
    assert texts[0] == texts[1]                                   # the seed alone decides
    changed = 0
    for i in range(30):
        prof = with_settings(base, frontier.variant(base, random.Random(i), (1.5, 2.5), 0.5))
        assert 1.5 <= prof.weight("turn_cost") <= 2.5
        for key, (_, lo, hi, _) in PROFILE_FIELDS.items():
            assert lo <= prof.weight(key) <= hi
            if key in frontier.PLAN_FIELDS - {"turn_cost"}:
                assert prof.weight(key) == base.weight(key)
            elif prof.weight(key) != base.weight(key):
                changed += 1
    assert changed > 100                                          # the value weights do move


def test_verdict_follows_the_archetypes_bars(frontier):
    kept = {"builders_4": 0.61, "big_building": 0.5, "winners_vp": 64.9}
    assert frontier.verdict("heuristic", "builder", kept) == "kept"
    assert frontier.verdict("heuristic", "builder", {**kept, "winners_vp": 65.0}) == "kept, 65 VP"
    assert frontier.verdict("heuristic", "builder", {**kept, "builders_4": 0.59, "winners_vp": 80}) == ""
    assert frontier.verdict("heuristic", "balanced", {"winners_vp": 70}) == "kept, 65 VP"     # no plan bars


def test_the_experts_verdict_names_the_bars_missed(frontier):
    met = {k: lo for k, lo in frontier.EXPERT_TARGETS} | {"winners_vp": 75.0}
    assert frontier.verdict("expert", "expert_base", met) == "all bars"
    short = {**met, "value_per_delivery": 7.2, "winners_vp": 74.9}
    assert frontier.verdict("expert", "expert_base", short) == "missed: value_per_delivery, winners_vp < 75"


def test_a_small_run_writes_its_table_and_profiles(tmp_path, run_benchmark):
    out = tmp_path / "f.md"
    run_benchmark("tempo_frontier.py", "--profile", "engineer", "--samples", "2", "--games", "2", "--jobs", "1",
                  "--out", str(out), "--profiles", str(tmp_path / "f")).check_returncode()
    text = out.read_text()
    assert text.startswith("# Tempo and score: 2 variants of `engineer`")
    assert "| variant | turn_cost | decisions per game | winners VP | stations_4_and_master | plan |" in text
    profiles = sorted((tmp_path / "f").glob("*.toml"))
    assert [p.name for p in profiles] == ["engineer_1_0.toml", "engineer_1_1.toml"]
    assert all(p.stem in text for p in profiles)
    load_profile(str(profiles[0]))                                # each row can be replayed


@pytest.mark.parametrize("args, fragment", [
    (["--profile", "fast"], "--profile must be an archetype"),
    (["--bot", "expert", "--profile", "nosuch"], "--profile must be a built-in profile"),
    (["--profile", "builder", "--turn-cost", "3,1"], "0 <= LO <= HI"),
    (["--profile", "builder", "--turn-cost", "1,2,3"], "two numbers"),
    (["--profile", "builder", "--samples", "0"], "at least 1"),
])
def test_bad_options_one_line(run_benchmark, args, fragment):
    done = run_benchmark("tempo_frontier.py", *args)
    assert done.returncode == 2 and fragment in done.stderr and done.stderr.count("\n") == 1
