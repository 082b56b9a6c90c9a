"""The `fast` strategy: the heuristic with its tuned profile (strategies/profiles/fast.toml)."""

from __future__ import annotations

import shutil

import pytest

from gwt_sim.engine.play import play_game
from gwt_sim.game import rules_for
from gwt_sim.variant import Variant
from strategies.fast import FAST_PROFILE, FastPolicy
from strategies.heuristic import HeuristicPolicy
from strategies.profiles import PROFILE_DIR, ProfileError, load_profile
from strategies.registry import make_policy


def test_fast_is_registered_and_plays_its_profile():
    policy = make_policy("fast")
    assert isinstance(policy, FastPolicy) and isinstance(policy, HeuristicPolicy)
    assert policy.name == "fast"
    assert policy.profile_name == FAST_PROFILE == load_profile("fast").name


def test_fast_plays_exactly_as_the_heuristic_with_its_profile():
    handle = rules_for(Variant(players=3, sides="random", neutral_layout="random"))
    a = play_game(handle, [make_policy("fast") for _ in range(3)], 11)
    b = play_game(handle, [make_policy("heuristic:profile=fast") for _ in range(3)], 11)
    assert a[0].tolist() == b[0].tolist() and a[1].tolist() == b[1].tolist()


def test_fast_differs_from_balanced():
    assert load_profile("fast").vector() != load_profile("balanced").vector()


@pytest.mark.parametrize("line, fragments", [
    ('plan_bonus = 99', ["plan_bonus", "outside"]),
    ('no_such_weight = 1', ["no_such_weight", "unknown weight"]),
    ('turn_cost = "fast"', ["turn_cost", "expected a number"]),
])
def test_a_malformed_copy_of_its_profile_is_one_line(tmp_path, line, fragments):
    path = tmp_path / "fast.toml"
    shutil.copy(PROFILE_DIR / "fast.toml", path)
    text = path.read_text()
    key = line.split(" = ")[0]
    kept = [ln for ln in text.splitlines() if not ln.startswith(f"{key} =")]
    path.write_text("\n".join(kept) + "\n" + line + "\n")
    with pytest.raises(ProfileError) as err:
        load_profile(str(path))
    message = str(err.value)
    assert "\n" not in message and "fast.toml" in message
    for fragment in fragments:
        assert fragment in message
