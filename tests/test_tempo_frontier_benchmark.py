"""benchmarks/tempo_frontier.py: its variants keep the plan's fields and every weight's range, depend
only on the seed, its verdict follows issue 12's bars, and bad options get one line and exit code 2."""

from __future__ import annotations

import random
from pathlib import Path

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
    (["--profile", "builder", "--samples", "0"], "argument --samples: expected 1 to"),
])
def test_bad_options_one_line(run_benchmark, args, fragment):
    done = run_benchmark("tempo_frontier.py", *args)
    assert done.returncode == 2 and fragment in done.stderr and done.stderr.count("\n") == 1


# The variants kept in benchmarks/profiles/frontier (the results in benchmarks/results play them):
# (file stem, base profile, --seed, --turn-cost) of the tempo_frontier runs that made them; the
# expert's were made from expert_base as shipped until 2026-11-29.
EXPERT_BASE_THEN = str(Path(__file__).parent.parent / "benchmarks/profiles/earlier/expert_base_to_2026-11-29.toml")
KEPT_VARIANTS = [
    ("builder_3_37", "builder", 3, (1.0, 2.5)), ("builder_3_206", "builder", 3, (1.0, 2.5)),
    ("cattle_4_21", "cattle", 4, (1.0, 2.5)), ("engineer_4_197", "engineer", 4, (1.0, 2.5)),
    ("objectives_4_104", "objectives", 4, (1.0, 2.5)), ("balanced_4_111", "balanced", 4, (2.0, 3.5)),
    ("expert_base_5_36", EXPERT_BASE_THEN, 5, (2.5, 3.5)), ("expert_base_5_68", EXPERT_BASE_THEN, 5, (2.5, 3.5)),
    ("expert_base_5_84", EXPERT_BASE_THEN, 5, (2.5, 3.5)), ("expert_base_5_95", EXPERT_BASE_THEN, 5, (2.5, 3.5)),
]


def test_the_kept_variants_are_what_their_runs_make(frontier, tmp_path):
    folder = Path(__file__).parent.parent / "benchmarks" / "profiles" / "frontier"
    assert sorted(p.stem for p in folder.glob("*.toml")) == sorted(k[0] for k in KEPT_VARIANTS)
    for stem, profile, seed, turn_cost in KEPT_VARIANTS:
        base, rng = load_profile(profile), random.Random(seed)
        for _ in range(int(stem.rsplit("_", 1)[1]) + 1):        # the run's variants in order, up to this one
            settings = frontier.variant(base, rng, turn_cost, 0.5)
        made = tmp_path / f"{stem}.toml"
        frontier.write_profile(str(made), with_settings(base, settings),
                               f"made by benchmarks/tempo_frontier.py: --set {settings}")
        assert made.read_text() == (folder / f"{stem}.toml").read_text(), stem
        load_profile(str(made))
