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
    out: dict[str, float] = {}
    for key, value in weights.items():
        if key not in PROFILE_FIELDS:
            raise ProfileError(f"{source}: weights.{key}: unknown weight")
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ProfileError(f"{source}: weights.{key}: expected a number, got {value!r}")
        _, lo, hi, _ = PROFILE_FIELDS[key]
        if not lo <= value <= hi:
            raise ProfileError(f"{source}: weights.{key}: {value} is outside [{lo}, {hi}]")
        out[key] = float(value)
    return Profile(meta["name"], desc, out, source)
