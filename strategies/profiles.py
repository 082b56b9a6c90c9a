"""Heuristic profiles: the weights and thresholds of a bot archetype, as data.

A profile is a TOML file (built-ins in strategies/profiles/*.toml):

    [profile]
    name = "cattle"
    description = "cowboys, Shorthorns and Herefords, far deliveries"

    [weights]            # any subset of PROFILE_FIELDS; the rest take their defaults
    cowboy = 1.4
    ...

Every weight is a number within its documented range; unknown keys, wrong types and values out of
range are one-line `ProfileError`s naming the file and the key.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gwt_sim.errors import UserError
from strategies.datafiles import builtin_names, load_data_file

PROFILE_DIR = Path(__file__).parent / "profiles"

# name: (default, minimum, maximum, meaning). Values are in VP-equivalents unless stated.
PROFILE_FIELDS: dict[str, tuple[float, float, float, str]] = {
    "money_early": (0.38, 0.0, 6.0, "VP per $ at the start of the game"),
    "money_late": (0.22, 0.0, 6.0, "VP per $ at the end of the game (1/5 is what money scores)"),
    "cowboy": (1.0, 0.0, 10.0, "value of a cowboy (buying power), scaled by what is left of the game"),
    "builder": (1.0, 0.0, 10.0, "value of a builder (bigger buildings)"),
    "engineer": (1.0, 0.0, 10.0, "value of an engineer (longer engine moves)"),
    "worker_row_vp": (1.0, 0.0, 6.0, "factor on the 4 VP of workers on spaces 5 and 6"),
    "building_vp": (1.0, 0.0, 6.0, "factor on a building's printed VP"),
    "building_use": (1.0, 0.0, 10.0, "factor on the future use of a building's own actions"),
    "fee_income": (1.0, 0.0, 10.0, "factor on hand fees a building will collect from rivals"),
    "engine_step": (0.35, 0.0, 6.0, "value per railroad space moved forward (early game)"),
    "station": (1.0, 0.0, 6.0, "factor on station VP"),
    "station_master": (1.0, 0.0, 6.0, "factor on taking a station master"),
    "certificate": (0.6, 0.0, 6.0, "value of one temporary certificate"),
    "objective": (1.0, 0.0, 6.0, "factor on objective-card VP"),
    "hazard": (1.0, 0.0, 6.0, "factor on hazard VP"),
    "cattle_vp": (1.0, 0.0, 6.0, "factor on the VP printed on cattle cards"),
    "breeding": (1.0, 0.0, 6.0, "value per point of breeding value a new cattle card adds to the deck"),
    "delivery": (1.0, 0.0, 6.0, "factor on the VP a delivery earns (cities, arrows)"),
    "kc_hand_target": (10.0, 0.0, 30.0, "breeding value (with certificates) that makes heading to Kansas City attractive"),
    "kc_urgency": (1.0, 0.0, 5.0, "how strongly a good hand pulls the herder to Kansas City"),
    "fee_opponent": (1.3, 0.0, 10.0, "multiplier on hand fees paid to rivals (they gain too)"),
    "disc_aux": (1.0, 0.0, 10.0, "value of unlocking auxiliary actions with a disc"),
    "disc_hand": (1.0, 0.0, 10.0, "value of a bigger hand (hand-limit discs)"),
    "disc_step": (1.0, 0.0, 10.0, "value of a bigger step limit"),
    "disc_cert": (1.0, 0.0, 10.0, "value of a higher certificate limit"),
    "deny": (0.3, 0.0, 6.0, "how much taking a foresight tile a rival wants is worth"),
    "exchange": (0.6, 0.0, 6.0, "value of an exchange token"),
    "thin_deck": (0.5, 0.0, 6.0, "value of removing a weak starting card from the deck"),
    "aux_bias": (0.0, -5.0, 5.0, "extra value for using an auxiliary action"),
    "turn_cost": (0.0, 0.0, 10.0, "VP a turn costs when the rest of the loop to Kansas City is planned "
                  "stop by stop (0: plan only this turn's best stop)"),
    # the plan: targets the archetype commits to (0: none), worth plan_bonus VP (times what is left of
    # the game) for each step still missing
    "target_cowboys": (0.0, 0.0, 6.0, "cowboys the plan aims for"),
    "target_builders": (0.0, 0.0, 6.0, "builders the plan aims for"),
    "target_engineers": (0.0, 0.0, 6.0, "engineers the plan aims for"),
    "target_hand_limit": (0.0, 0.0, 6.0, "hand limit the plan aims for"),
    "target_stations": (0.0, 0.0, 10.0, "stations the plan aims to upgrade"),
    "target_objectives": (0.0, 0.0, 12.0, "objective cards the plan aims to gain"),
    "target_station_masters": (0.0, 0.0, 5.0, "station masters the plan aims to take"),
    "plan_bonus": (0.0, 0.0, 20.0, "VP for each step toward a plan target (times what is left of the game)"),
    "big_building_from": (0.0, 0.0, 12.0, "building numbers from this one up are the plan's buildings (0: none)"),
    "big_building_bonus": (0.0, 0.0, 20.0, "extra VP for placing one of the plan's buildings"),
    "objective_pursuit": (0.0, 0.0, 6.0, "factor on what an item (building, station, hazard, outlaw, "
                          "cattle card, New York disc) is worth toward the objective cards held"),
    "objective_play_missing": (1.0, 0.0, 3.0, "an objective card missing at most this many items may be "
                               "played early (when its immediate action is worth it)"),
    "space_early": (0.0, 0.0, 20.0, "VP for building on the private space nearest the start of the trail, "
                    "falling to 0 on the farthest (an early building is passed by every herder and is "
                    "reached at the start of every loop)"),
}


class ProfileError(UserError, ValueError):
    """A profile file is malformed (one line naming file, key and problem)."""


@dataclass(frozen=True)
class Profile:
    name: str
    description: str
    weights: dict[str, float] = field(default_factory=dict)
    source: str = ""

    def weight(self, key: str) -> float:
        return self.weights.get(key, PROFILE_FIELDS[key][0])

    def vector(self) -> list[float]:
        """All weights in PROFILE_FIELDS order (what the compiled heuristic reads)."""
        return [self.weight(k) for k in PROFILE_FIELDS]


def available_profiles() -> list[str]:
    return builtin_names(PROFILE_DIR)


def load_profile(name_or_path: str) -> Profile:
    """A built-in profile by name (`cattle`) or a profile file by path (parsed once per file version)."""
    return load_data_file(name_or_path, PROFILE_DIR, "profile", ProfileError, parse_profile)


def parse_profile(data: dict[str, Any], source: str = "profile") -> Profile:
    for key in data:
        if key not in ("profile", "weights"):
            raise ProfileError(f"{source}: unknown section [{key}] (expected [profile] and [weights])")
    meta = data.get("profile", {})
    if not isinstance(meta, dict) or not isinstance(meta.get("name"), str) or not meta.get("name"):
        raise ProfileError(f"{source}: [profile] needs a name")
    for key in meta:
        if key not in ("name", "description"):
            raise ProfileError(f"{source}: profile.{key}: unknown field")
    desc = meta.get("description", "")
    if not isinstance(desc, str):
        raise ProfileError(f"{source}: profile.description: expected a string")
    weights = data.get("weights", {})
    if not isinstance(weights, dict):
        raise ProfileError(f"{source}: [weights] must be a table")
    out = {key: checked_weight(source, key, value) for key, value in weights.items()}
    return Profile(meta["name"], desc, out, source)


def checked_weight(source: str, key: str, value: Any) -> float:
    """A profile weight's value, checked: a known weight, a number, within its range."""
    if key not in PROFILE_FIELDS:
        raise ProfileError(f"{source}: weights.{key}: unknown weight")
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ProfileError(f"{source}: weights.{key}: expected a number, got {value!r}")
    _, lo, hi, _ = PROFILE_FIELDS[key]
    if not lo <= value <= hi:
        raise ProfileError(f"{source}: weights.{key}: {value} is outside [{lo}, {hi}]")
    return float(value)


def with_settings(profile: Profile, settings: str, source: str = "--set") -> Profile:
    """The profile with `key=value,...` weights changed (the tools' --set), each checked like a file's."""
    weights = dict(profile.weights)
    for item in filter(None, (part.strip() for part in settings.split(","))):
        key, sep, value = item.partition("=")
        if not sep:
            raise ProfileError(f"{source}: {item!r}: expected KEY=VALUE")
        try:
            number: Any = float(value)
        except ValueError:
            number = value
        weights[key.strip()] = checked_weight(source, key.strip(), number)
    return Profile(profile.name, profile.description, weights, profile.source)
