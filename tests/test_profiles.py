"""Heuristic profiles: the built-ins load; malformed files are one-line ProfileErrors naming file and key;
a profile file anywhere on disk works, by path, also through the strategy registry."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from strategies.profiles import (
    PROFILE_DIR,
    PROFILE_FIELDS,
    Profile,
    ProfileError,
    available_profiles,
    load_profile,
    parse_profile,
)
from strategies.registry import StrategyError, make_policy

BUILTIN_PROFILES = ("balanced", "builder", "cattle", "engineer", "objectives")


def test_profile_fields_are_consistent():
    assert len(PROFILE_FIELDS) >= 10
    for key, (default, lo, hi, meaning) in PROFILE_FIELDS.items():
        assert lo <= default <= hi, key
        assert lo < hi, key
        assert isinstance(meaning, str) and meaning and "\n" not in meaning, key


def test_builtin_profiles_are_available():
    assert set(BUILTIN_PROFILES) <= set(available_profiles())
    assert available_profiles() == sorted(p.stem for p in PROFILE_DIR.glob("*.toml"))


@pytest.mark.parametrize("name", available_profiles())
def test_every_builtin_profile_loads(name):
    profile = load_profile(name)
    assert isinstance(profile, Profile)
    assert profile.name == name                     # the [profile] name matches the file name
    assert isinstance(profile.description, str) and "\n" not in profile.description
    assert set(profile.weights) <= set(PROFILE_FIELDS)
    vector = profile.vector()
    assert len(vector) == len(PROFILE_FIELDS)
    for (key, (_, lo, hi, _)), value in zip(PROFILE_FIELDS.items(), vector, strict=True):
        assert lo <= value <= hi, key
    # by path, the same profile
    assert load_profile(str(PROFILE_DIR / f"{name}.toml")).weights == profile.weights


@pytest.mark.parametrize("name", available_profiles())
def test_every_builtin_profile_has_a_description(name):
    # `gwt-sim strategies` shows it as the one-line description of heuristic:profile=<name>
    assert load_profile(name).description.strip(), f"{name}.toml: [profile] description is empty"


def test_archetypes_differ():
    vectors = {name: tuple(load_profile(name).vector()) for name in BUILTIN_PROFILES}
    assert len(set(vectors.values())) == len(vectors), "two built-in archetypes have identical weights"


# --------------------------------------------------------------------------- malformed profiles

GOOD_HEAD = '[profile]\nname = "custom"\ndescription = "a test profile"\n'

MALFORMED = [
    # (file text, fragments of the one-line message after "bad.toml: ")
    pytest.param(GOOD_HEAD + "[weights]\ncowboys = 1.0\n", ["weights.cowboys", "unknown weight"], id="unknown-weight"),
    pytest.param(GOOD_HEAD + '[weights]\ncowboy = "high"\n', ["weights.cowboy", "expected a number", "'high'"],
                 id="wrong-type-string"),
    pytest.param(GOOD_HEAD + "[weights]\ncowboy = true\n", ["weights.cowboy", "expected a number"],
                 id="wrong-type-bool"),
    pytest.param(GOOD_HEAD + "[weights]\ncowboy = [1, 2]\n", ["weights.cowboy", "expected a number"],
                 id="wrong-type-list"),
    pytest.param(GOOD_HEAD + "[weights]\ncowboy = 10.5\n", ["weights.cowboy", "10.5 is outside [0.0, 10.0]"],
                 id="out-of-range-high"),
    pytest.param(GOOD_HEAD + "[weights]\naux_bias = -6\n", ["weights.aux_bias", "-6 is outside [-5.0, 5.0]"],
                 id="out-of-range-low"),
    pytest.param('[profile]\ndescription = "no name"\n[weights]\n', ["[profile] needs a name"], id="missing-name"),
    pytest.param('[profile]\nname = ""\n', ["[profile] needs a name"], id="empty-name"),
    pytest.param("[weights]\ncowboy = 1.0\n", ["[profile] needs a name"], id="missing-profile-table"),
    pytest.param('profile = "cattle"\n', ["[profile] needs a name"], id="profile-not-a-table"),
    pytest.param(GOOD_HEAD + "[weight]\ncowboy = 1.0\n", ["unknown section [weight]"], id="unknown-section"),
    pytest.param(GOOD_HEAD + "[weights]\ncowboy = 1.0\n[extra]\n", ["unknown section [extra]"],
                 id="unknown-section-after"),
    pytest.param('[profile]\nname = "x"\nauthor = "me"\n', ["profile.author", "unknown field"], id="unknown-field"),
    pytest.param('[profile]\nname = "x"\ndescription = 3\n', ["profile.description", "expected a string"],
                 id="bad-description-type"),
    pytest.param('[profile]\nname = "x"\nweights = 2\n', ["profile.weights", "unknown field"],
                 id="weights-inside-profile"),
    pytest.param(GOOD_HEAD + "weights = 2\n", ["unknown field"], id="weights-key-in-profile-table"),
    pytest.param('[profile]\nname = "x"\n\n[weights]\ncowboy = \n', ["not valid TOML"], id="toml-syntax-error"),
    pytest.param('[profile\nname = "x"\n', ["not valid TOML"], id="toml-bad-header"),
]


def _one_line(exc: BaseException) -> str:
    msg = str(exc)
    assert "\n" not in msg, msg
    return msg


@pytest.mark.parametrize("text, fragments", MALFORMED)
def test_malformed_profile_is_one_line_naming_file_and_key(tmp_path, text, fragments):
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ProfileError) as info:
        load_profile(str(path))
    msg = _one_line(info.value)
    assert msg.startswith("bad.toml: "), msg
    for fragment in fragments:
        assert fragment in msg, msg


def test_weights_must_be_a_table():
    with pytest.raises(ProfileError) as info:
        parse_profile({"profile": {"name": "x"}, "weights": 3}, "w.toml")
    assert _one_line(info.value) == "w.toml: [weights] must be a table"


def test_unknown_profile_name():
    with pytest.raises(ProfileError) as info:
        load_profile("cattel")
    msg = _one_line(info.value)
    assert "unknown profile 'cattel'" in msg
    for name in BUILTIN_PROFILES:
        assert name in msg


def test_missing_profile_file(tmp_path):
    with pytest.raises(ProfileError) as info:
        load_profile(str(tmp_path / "missing.toml"))
    msg = _one_line(info.value)
    assert "missing.toml" in msg and "not found" in msg


def test_profile_errors_are_value_errors():
    assert issubclass(ProfileError, ValueError)


# --------------------------------------------------------------------------- profiles outside the package


def _write_custom(folder: Path) -> Path:
    path = folder / "my_rusher.toml"
    path.write_text('[profile]\nname = "rusher"\ndescription = "rushes the end of the game"\n\n'
                    "[weights]\ncowboy = 0.5\nengine_step = 1.5\nkc_hand_target = 6\n", encoding="utf-8")
    return path


def test_profile_path_outside_the_package(tmp_path):
    profile = load_profile(str(_write_custom(tmp_path)))
    assert profile.name == "rusher" and profile.description == "rushes the end of the game"
    assert profile.weights == {"cowboy": 0.5, "engine_step": 1.5, "kc_hand_target": 6.0}
    assert profile.weight("builder") == PROFILE_FIELDS["builder"][0]       # the rest take defaults
    keys = list(PROFILE_FIELDS)
    assert profile.vector()[keys.index("engine_step")] == 1.5


def test_profile_without_weights_takes_every_default(tmp_path):
    path = tmp_path / "plain.toml"
    path.write_text('[profile]\nname = "plain"\n', encoding="utf-8")
    profile = load_profile(str(path))
    assert profile.description == "" and profile.weights == {}
    assert profile.vector() == [v[0] for v in PROFILE_FIELDS.values()]


# --------------------------------------------------------------------------- through the registry
# (these need the compiled heuristic: they fail, not skip, until strategies/heuristic.pyx is built)


def test_heuristic_with_a_builtin_profile():
    from strategies.base import Policy

    for name in BUILTIN_PROFILES:
        policy = make_policy(f"heuristic:profile={name}")
        assert isinstance(policy, Policy) and type(policy).__name__ == "HeuristicPolicy"


def test_heuristic_with_a_profile_path_outside_the_package(tmp_path):
    path = _write_custom(tmp_path)
    policy = make_policy(f"heuristic:profile={path}")
    assert type(policy).__name__ == "HeuristicPolicy"


def test_heuristic_with_bad_profiles_is_a_strategy_error(tmp_path):
    with pytest.raises(StrategyError) as info:
        make_policy("heuristic:profile=cattel")
    msg = _one_line(info.value)
    assert "'heuristic:profile=cattel'" in msg and "unknown profile 'cattel'" in msg
    bad = tmp_path / "bad.toml"
    bad.write_text(GOOD_HEAD + "[weights]\ncowboy = 99\n", encoding="utf-8")
    with pytest.raises(StrategyError) as info:
        make_policy(f"heuristic:profile={bad}")
    msg = _one_line(info.value)
    assert "bad.toml: weights.cowboy: 99 is outside [0.0, 10.0]" in msg


def test_with_settings_changes_weights_checked_like_a_file():
    from strategies.profiles import with_settings

    fast = load_profile("fast")
    changed = with_settings(fast, "turn_cost=3, space_early=0")
    assert changed.weight("turn_cost") == 3.0 and changed.weight("space_early") == 0.0
    assert changed.weight("cowboy") == fast.weight("cowboy") and fast.weight("turn_cost") != 3.0
    for bad, fragment in [("turn_cost=x", "expected a number"), ("turn_cost=99", "outside"),
                          ("nope=1", "unknown weight"), ("turn_cost", "expected KEY=VALUE")]:
        with pytest.raises(ProfileError) as err:
            with_settings(fast, bad)
        assert fragment in str(err.value) and "\n" not in str(err.value)


BENCHMARK_PROFILES = Path(__file__).parent.parent / "benchmarks" / "profiles"
# evidence profiles named <built-in>_<weight>_<value>: the built-in with that one weight changed
ONE_WEIGHT_VARIANTS = sorted(BENCHMARK_PROFILES.glob("*.toml"))
# built-ins as shipped before they were remade (<built-in>_to_<date>.toml; b, c... for a second or third
# remake that day), kept so the runs made with them replay; evidence made then is the earlier built-in
# with one weight changed
EARLIER_BUILTINS = sorted((BENCHMARK_PROFILES / "earlier").glob("*.toml"))


def _earlier(base_name: str) -> list:
    return [load_profile(str(p)) for p in EARLIER_BUILTINS if p.stem.split("_to_")[0] == base_name]


@pytest.mark.parametrize("path", EARLIER_BUILTINS, ids=lambda p: p.stem)
def test_earlier_builtins_are_named_for_a_builtin_and_differ_from_it(path):
    name, date = path.stem.split("_to_")
    earlier = load_profile(str(path))
    assert earlier.name == name in available_profiles() and re.fullmatch(r"\d{4}-\d\d-\d\d[b-z]?", date)
    assert earlier.weights != load_profile(name).weights


def _split_variant(stem: str) -> tuple[str, str, float]:
    for weight in load_profile("fast").weights:             # every weight a profile has
        if f"_{weight}_" in stem:
            base_name, value = stem.split(f"_{weight}_")
            return base_name, weight, float(value)
    raise AssertionError(f"{stem}: not named <built-in>_<weight>_<value>")


@pytest.mark.parametrize("path", ONE_WEIGHT_VARIANTS, ids=lambda p: p.stem)
def test_evidence_profiles_are_a_builtin_with_one_weight_changed(path):
    # benchmarks/results (head_to_head.md, expert_speed.md) play them against the shipped profiles: each
    # must stay its built-in with one weight changed, so retraining the built-in means re-making it (and
    # the evidence)
    base_name, weight, value = _split_variant(path.stem)
    base, variant = load_profile(base_name), load_profile(str(path))
    assert variant.name == path.stem
    assert variant.weights[weight] == value != base.weights[weight]
    def others(profile) -> dict:
        return {k: v for k, v in profile.weights.items() if k != weight}

    assert others(variant) in [others(b) for b in (base, *_earlier(base_name))]


def test_evidence_profiles_exist():
    assert {p.stem for p in ONE_WEIGHT_VARIANTS} == {
        "expert_base_turn_cost_0.25", "expert_base_turn_cost_0.5", "expert_base_turn_cost_1",
        "expert_base_turn_cost_2", "expert_base_turn_cost_4", "expert_base_turn_cost_5",
        "builder_turn_cost_1.5", "builder_turn_cost_3", "cattle_turn_cost_0.7",
        "expert_base_fee_income_3.5", "expert_base_space_early_1.5", "expert_base_space_early_0",
        "fast_space_early_4.5"}
