"""Value models of the look-ahead planner, as data.

A value model estimates how many more VP a player's position will bring before the game ends, from
features of that position (FEATURE_NAMES), each weighted by the part of the game still to come
(`rem` = 1 - progress, and `rem²`), so every term fades to nothing at the end. It is fitted by least
squares to self-play games (benchmarks/fit_value.py) and stored as TOML (built-ins in
strategies/values/*.toml), one coefficient table per player count:

    [model]
    name = "default"
    description = "..."

    [players.4]          # every coefficient: bias, rem, rem2, then <feature>_rem and <feature>_rem2
    bias = 0.8
    rem = 31.0
    money_rem = 0.35
    ...

A missing or unknown coefficient, a wrong type or a bad player count is one `ValueModelError` line
naming the file and the key.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gwt_sim.errors import UserError
from gwt_sim.files import toml_string
from strategies.datafiles import builtin_names, load_data_file

VALUE_DIR = Path(__file__).parent / "values"

# The features of a position (strategies/planner.pyx value_features computes them in this order).
FEATURE_NAMES: tuple[str, ...] = (
    "money",                # $
    "cowboys",              # workers per type, printed one included
    "builders",
    "engineers",
    "engine",               # engine position along the track, 0 (start) .. 1 (end)
    "certificates",         # temporary certificates usable now
    "permanent_certificates",
    "hand_limit",
    "step_limit",
    "certificate_limit",    # most temporary certificates the track allows
    "aux_unlocked",         # auxiliary actions unlocked (of 5)
    "deck_mean_breeding",   # mean breeding value of own cattle cards
    "strong_cattle",        # own cattle cards of breeding value 3 or more
    "deck_size",            # own cattle cards
    "breed_potential",      # breeding value of a hand holding one of each own breed
    "exchange_tokens",
    "buildings",            # own private buildings on the trail
    "objectives_in_hand",   # objective cards not yet played
    "hand_breeding",        # breeding value of the hand now
    "kc_distance",          # steps from the herder to Kansas City
    "hand_breeding_near",   # hand breeding / (1 + kc_distance)
    "stations",             # stations upgraded
    "discs_on_board",       # discs still on the player board
    "delivery_reach",       # hand breeding + certificates: the city value reachable now
    "best_hand",            # breeding value of the best hand the deck can make (hand-limit breeds)
    "hand_quality",         # hand limit x mean breeding value of the deck
    "station_masters",      # station masters taken
)

# Sign each feature's value may take when fitted (+1: never worth less than nothing, -1: never worth
# more, 0: free). The planner maximises the model, so a coefficient with the wrong sign learnt from
# correlation (players far from Kansas City have just delivered and score well next) would be
# exploited: it would walk away from Kansas City. Resources the player chooses to gain are
# constrained to help, the distance to Kansas City and the discs left on the board to hinder.
FEATURE_SIGNS: dict[str, int] = {name: 1 for name in FEATURE_NAMES} | {
    "kc_distance": -1,
    "discs_on_board": -1,
    "deck_size": 0,
    "objectives_in_hand": 0,
}


def coefficient_names() -> list[str]:
    """Coefficient names in the order the planner reads them."""
    names = ["bias", "rem", "rem2"]
    for f in FEATURE_NAMES:
        names += [f"{f}_rem", f"{f}_rem2"]
    return names


class ValueModelError(UserError, ValueError):
    """A value-model file is malformed (one line naming file, key and problem)."""


@dataclass(frozen=True)
class ValueModel:
    name: str
    description: str
    coefficients: dict[int, list[float]] = field(default_factory=dict)   # player count -> vector
    source: str = ""


def available_value_models() -> list[str]:
    return builtin_names(VALUE_DIR)


def load_value_model(name_or_path: str) -> ValueModel:
    """A built-in value model by name (`default`) or a value-model file by path (parsed once per file
    version)."""
    return load_data_file(name_or_path, VALUE_DIR, "value model", ValueModelError, parse_value_model)


def parse_value_model(data: dict[str, Any], source: str = "value model") -> ValueModel:
    for key in data:
        if key not in ("model", "players"):
            raise ValueModelError(f"{source}: unknown section [{key}] (expected [model] and [players.N])")
    meta = data.get("model", {})
    if not isinstance(meta, dict) or not isinstance(meta.get("name"), str) or not meta.get("name"):
        raise ValueModelError(f"{source}: [model] needs a name")
    for key in meta:
        if key not in ("name", "description", "fitted_on"):
            raise ValueModelError(f"{source}: model.{key}: unknown field")
    for key in ("description", "fitted_on"):
        if not isinstance(meta.get(key, ""), str):
            raise ValueModelError(f"{source}: model.{key}: expected a string")
    tables = data.get("players", {})
    if not isinstance(tables, dict) or not tables:
        raise ValueModelError(f"{source}: needs at least one [players.N] table of coefficients")
    names = coefficient_names()
    known = set(names)
    out: dict[int, list[float]] = {}
    for count, table in tables.items():
        if not (isinstance(count, str) and count.isdigit() and 2 <= int(count) <= 4):
            raise ValueModelError(f"{source}: [players.{count}]: player count must be 2, 3 or 4")
        if not isinstance(table, dict):
            raise ValueModelError(f"{source}: [players.{count}] must be a table")
        for key, value in table.items():
            if key not in known:
                raise ValueModelError(f"{source}: players.{count}.{key}: unknown coefficient")
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise ValueModelError(f"{source}: players.{count}.{key}: expected a number, got {value!r}")
            if value != value or abs(value) > 1e6:
                raise ValueModelError(f"{source}: players.{count}.{key}: {value} is not a usable coefficient")
        missing = [k for k in names if k not in table]
        if missing:
            raise ValueModelError(f"{source}: players.{count}: missing coefficient {missing[0]!r}"
                                  + (f" (and {len(missing) - 1} more)" if len(missing) > 1 else ""))
        out[int(count)] = [float(table[k]) for k in names]
    return ValueModel(meta["name"], meta.get("description", ""), out, source)


def write_value_model(path: str | Path, name: str, description: str, fitted_on: str,
                      coefficients: dict[int, list[float]]) -> None:
    """Write a value model as TOML (what benchmarks/fit_value.py produces)."""
    names = coefficient_names()
    lines = ["[model]", *(f"{key} = {toml_string(text)}" for key, text in
                          (("name", name), ("description", description), ("fitted_on", fitted_on)))]
    for count in sorted(coefficients):
        vec = coefficients[count]
        if len(vec) != len(names):
            raise ValueError(f"{len(vec)} coefficients for {count} players, expected {len(names)}")
        lines += ["", f"[players.{count}]"]
        # six significant digits, and below 1e-9 zero: a coefficient the fit leaves at ~0 comes out as
        # solver noise (1e-18 one run, 1e-30 the next) that would otherwise make the file differ
        lines += [f"{k} = {0.0 if abs(v) < 1e-9 else v:.6g}" for k, v in zip(names, vec, strict=True)]
    Path(path).write_text("\n".join(lines) + "\n", encoding="utf-8")
