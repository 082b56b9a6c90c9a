"""Sweep and tuning parameters: one number of the game, named by a PATH, and the values it takes.

PATH is either

* a content path, exactly as a patch's ``set`` table writes it: ``private.10b.actions[0][0].amount``
  (what building 10b's first action gains), ``stations.3.vp``, ``station_masters.SM1.scoring.vp``...
  A value is applied to an arm as the patch ``set = { PATH = value }``, so it is validated and
  range-checked like any patch; or
* a numeric variant knob and its seat: ``starting_money[0]`` (seat 1's dollars), ``seat_vp[2]``
  (VP added to seat 3's total at final scoring). The index counts from 0, as in the knob's list.

VALUES are a list (``2,3,4,5`` on the command line, ``[2, 3, 4, 5]`` in an experiment file) or a
range: ``FROM..TO`` (step 1, both ends included) or ``FROM..TO:STEP`` (``0..1:0.25``).

A parameter is an integer when the value it replaces is one (every number the engine stores is);
then its values must be whole numbers. Every problem — an unknown path, a path to text, a value of
the wrong type, an empty range — raises `ParamError`, one line naming the parameter.

This module reads content tables but builds nothing; `gwt_sim.experiment` expands an experiment's
arms over the values (`[sweep]`, `gwt-sim sweep`) and `gwt_sim.tune` searches them.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from gwt_sim.content import ContentError, _split_path, get_path
from gwt_sim.errors import UserError
from gwt_sim.variant import Variant

Number = int | float

# Variant knobs that hold one number per seat (the others are not numbers).
SEAT_KNOBS = ("starting_money", "seat_vp")
OTHER_KNOBS = ("players", "sides", "neutral_layout", "station_masters", "simmental", "patches")
MAX_VALUES = 1000
_INT = re.compile(r"[+-]?\d+")
_RANGE = re.compile(r"\s*([^.:\s][^:]*?)\s*\.\.\s*([^:]+?)\s*(?::\s*(.+?)\s*)?")
_KNOB = re.compile(r"([A-Za-z_]\w*)(?:\[(.*)\])?")


class ParamError(UserError, ValueError):
    """A bad sweep or tuning parameter: `str()` names it (``--param seat_vp[5]: ...``)."""


def _fmt(x: Number) -> str:
    return str(x) if isinstance(x, int) else f"{x:g}"


# --------------------------------------------------------------------------- values


def _number(token: str, where: str) -> Number:
    token = token.strip()
    if _INT.fullmatch(token):
        return int(token)
    try:
        x = float(token)
    except ValueError:
        raise ParamError(f"{where}: {token!r} is not a number") from None
    if not math.isfinite(x):
        raise ParamError(f"{where}: {token!r} is not a finite number")
    return x


def parse_values(spec: Any, where: str) -> tuple[Number, ...]:
    """Values from a list of numbers, a comma-separated string or a range string (see the module)."""
    if isinstance(spec, str):
        text = spec.strip()
        if not text:
            raise ParamError(f"{where}: no values given")
        m = _RANGE.fullmatch(text)
        if "..." in text:          # 0...4 would read as 0..0.4
            raise ParamError(f"{where}: range {text!r}: write FROM..TO with two dots")
        if m and ".." in text:
            lo, hi = _number(m.group(1), where), _number(m.group(2), where)
            step = _number(m.group(3), where) if m.group(3) else 1
            return _range(lo, hi, step, where, text)
        tokens = text.split(",")
        if not all(tok.strip() for tok in tokens):
            raise ParamError(f"{where}: an empty value in the list {text!r}")
        values = [_number(tok, where) for tok in tokens]
    elif isinstance(spec, list | tuple):
        values = []
        for v in spec:
            if isinstance(v, bool) or not isinstance(v, int | float) or not math.isfinite(v):
                raise ParamError(f"{where}: {v!r} is not a number")
            values.append(v)
        if not values:
            raise ParamError(f"{where}: no values given")
    else:
        raise ParamError(f"{where}: expected a list of numbers or a range 'FROM..TO[:STEP]', got {spec!r}")
    seen: set[float] = set()
    for v in values:
        if v in seen:
            raise ParamError(f"{where}: value {_fmt(v)} is given twice")
        seen.add(v)
    if len(values) > MAX_VALUES:
        raise ParamError(f"{where}: {len(values)} values; at most {MAX_VALUES}")
    return tuple(values)


def _range(lo: Number, hi: Number, step: Number, where: str, text: str) -> tuple[Number, ...]:
    if step <= 0:
        raise ParamError(f"{where}: range {text!r}: the step must be positive, got {_fmt(step)}")
    if hi < lo:
        raise ParamError(f"{where}: range {text!r} is empty (FROM is above TO)")
    steps = (hi - lo) / step
    if not steps < 1e12:                # a step so small that counting the values would overflow
        raise ParamError(f"{where}: range {text!r} has more than {MAX_VALUES} values")
    count = math.floor(steps + 1e-9) + 1
    if count > MAX_VALUES:
        raise ParamError(f"{where}: range {text!r} has {count:,} values; at most {MAX_VALUES}")
    if all(isinstance(x, int) for x in (lo, hi, step)):
        return tuple(range(lo, lo + count * step, step))
    return tuple(float(f"{lo + k * step:.12g}") for k in range(count))


def range_bounds(spec: str, where: str) -> tuple[Number, Number]:
    """The two ends of a search range ``LO..HI`` (tuning); LO must be below HI."""
    m = _RANGE.fullmatch(spec or "")
    if not m or ".." not in spec or "..." in spec or m.group(3):
        raise ParamError(f"{where}: expected a range LO..HI, got {spec!r}")
    lo, hi = _number(m.group(1), where), _number(m.group(2), where)
    if not lo < hi:
        raise ParamError(f"{where}: range {spec!r} is empty (LO must be below HI)")
    return lo, hi


# --------------------------------------------------------------------------- paths


@dataclass(frozen=True)
class Param:
    """A resolved parameter. `integer`: its values are whole numbers. `subject`: what it belongs to,
    for the reports (``{"building": "10b", "number": 10, "side": "b"}``, ``{"seat": 1, "knob":
    "seat_vp"}``, ``{"section": "stations"}``)."""

    path: str
    knob: str | None              # a seat knob of the variant, or None for a content path
    seat: int | None              # the knob's index (seat - 1)
    integer: bool
    label: str                    # short name for arm names and figures
    subject: Mapping[str, Any]

    def coerce(self, value: Number, where: str, base: Number) -> Number:
        """`value` as this parameter's type (whole numbers for an integer parameter)."""
        if self.integer:
            if isinstance(value, float):
                if not value.is_integer():
                    raise ParamError(f"{where}: wrong type: {self.path} holds a whole number ({_fmt(base)} "
                                     f"as it stands), got {_fmt(value)}")
                value = int(value)
            return value
        return float(value)

    def apply(self, variant: Variant, value: Number, printed_money: Sequence[int] = ()) -> Variant:
        """The variant with this parameter set to `value` (a content path becomes a patch; a seat
        knob the variant leaves unset starts from the content's starting money, or no seat VP)."""
        if self.knob is None:
            return replace(variant, patches=(*variant.patches, {"set": {self.path: value}}))
        current = getattr(variant, self.knob)
        if current is None:
            current = printed_money if self.knob == "starting_money" else (0,) * variant.players
        values = list(current)
        values[self.seat] = value
        return replace(variant, **{self.knob: tuple(values)})

    def record(self) -> dict[str, Any]:
        return {"path": self.path, "kind": "variant" if self.knob else "content", "knob": self.knob,
                "seat": None if self.seat is None else self.seat + 1, "integer": self.integer,
                "label": self.label, "subject": dict(self.subject)}


def _knob(path: str, where: str) -> tuple[str, int] | None:
    """(knob, index) when `path` names a variant knob; None for a content path."""
    m = _KNOB.fullmatch(path.strip())
    name = m.group(1) if m else path.split("[", 1)[0].split(".", 1)[0]
    if name in OTHER_KNOBS:
        raise ParamError(f"{where}: {name} is not a numeric variant knob (numeric knobs: "
                         f"{', '.join(k + '[SEAT]' for k in SEAT_KNOBS)})")
    if name not in SEAT_KNOBS:
        return None
    if not m or m.group(2) is None:
        raise ParamError(f"{where}: {name} holds one value per seat: name one, e.g. {name}[0] for seat 1")
    if not re.fullmatch(r"\d+", m.group(2).strip()):
        raise ParamError(f"{where}: {name}[{m.group(2)}]: the seat index must be a whole number from 0 "
                         f"({name}[0] is seat 1)")
    return name, int(m.group(2))


def _subject(parts: list[str | int]) -> dict[str, Any]:
    section = str(parts[0])
    if section in ("private", "neutral") and len(parts) > 1:
        bid = str(parts[1])
        m = re.fullmatch(r"(\d+)([ab])", bid)
        if m:
            return {"building": bid, "number": int(m.group(1)), "side": m.group(2)}
        return {"building": bid}
    if section == "station_masters" and len(parts) > 1:
        return {"station_master": str(parts[1])}
    return {"section": section}


def _label(parts: list[str | int]) -> str:
    """A short name: the last field and the indices after it (``amount``, ``vp``), with the
    component in front (``10b.amount``) when the path names one."""
    keys = [str(p) for p in parts if not isinstance(p, int)]
    last = keys[-1] if keys else str(parts[0])
    return f"{keys[1]}.{last}" if len(keys) > 2 else last


def resolve(path: str, where: str, bases: Mapping[str, tuple[Variant, Mapping[str, Any]]]) -> tuple[Param, dict[str, Number]]:
    """Check `path` against every base arm: `bases` maps an arm name to its variant and its raw
    content tables with the arm's patches applied. Returns the parameter and its value in each
    arm as it stands (the base value)."""
    if not isinstance(path, str) or not path.strip():
        raise ParamError(f"{where}: expected a parameter path such as private.10b.actions[0][0].amount or "
                         f"starting_money[0], got {path!r}")
    path = path.strip()
    knob = _knob(path, where)
    base: dict[str, Number] = {}
    if knob is not None:
        name, index = knob
        for arm, (variant, raw) in bases.items():
            if index >= variant.players:
                raise ParamError(f"{where}: {name}[{index}] is seat {index + 1}, but arm {arm!r} has "
                                 f"{variant.players} players ({name}[0]..{name}[{variant.players - 1}])")
            current = getattr(variant, name)
            if current is None:
                current = raw["setup"]["starting_money_by_seat"] if name == "starting_money" else [0] * variant.players
            base[arm] = int(current[index])
        param = Param(path, name, index, True, f"{name}.{index}", {"seat": index + 1, "knob": name})
        return param, base
    try:
        parts = _split_path(path)
    except ContentError:
        raise ParamError(f"{where}: malformed path (write it as in a patch: private.10b.actions[0][0].amount)") from None
    integer = None
    for arm, (_, raw) in bases.items():
        if str(parts[0]) not in raw:
            raise ParamError(f"{where}: unknown path: {parts[0]!r} is neither a content section "
                             f"({', '.join(sorted(raw))}) nor a numeric variant knob "
                             f"({', '.join(k + '[SEAT]' for k in SEAT_KNOBS)})")
        try:
            value = get_path(raw, path)
        except ContentError as exc:
            raise ParamError(f"{where}: unknown path: {exc.problem}") from None
        if isinstance(value, bool) or not isinstance(value, int | float):
            shown = repr(value) if not isinstance(value, Mapping | list) else (
                "a table" if isinstance(value, Mapping) else "a list")
            raise ParamError(f"{where}: not a number: {path} is {shown[:60]} in the content, so it cannot be swept "
                             f"or tuned")
        is_int = isinstance(value, int)
        if integer is not None and integer != is_int:
            raise ParamError(f"{where}: {path} is a whole number in some arms and not in others")
        integer = is_int
        base[arm] = value
    return Param(path, None, None, bool(integer), _label(parts), _subject(parts)), base


# --------------------------------------------------------------------------- a sweep


@dataclass(frozen=True)
class SweepArm:
    name: str
    base_arm: str
    values: tuple[Number, ...]          # one per parameter


@dataclass(frozen=True)
class Sweep:
    """The parameters of a sweep, their values (a grid: every combination) and the arms they made."""

    params: tuple[Param, ...]
    values: tuple[tuple[Number, ...], ...]
    base: Mapping[str, tuple[Number, ...]]      # base arm -> each parameter's value as it stands
    arms: tuple[SweepArm, ...]

    def record(self) -> dict[str, Any]:
        """What the manifest records (`sweep`): parameters, values and each arm's values."""
        return {"design": "grid",
                "params": [{**p.record(), "values": list(v)} for p, v in zip(self.params, self.values, strict=True)],
                "base": {a: list(v) for a, v in self.base.items()},
                "arms": {a.name: {"base_arm": a.base_arm, "values": list(a.values)} for a in self.arms}}


def grid(values: Sequence[Sequence[Number]]) -> list[tuple[Number, ...]]:
    return list(itertools.product(*values))


def arm_name(base_arm: str, params: Sequence[Param], point: Sequence[Number], several_bases: bool) -> str:
    labels = [p.label for p in params]
    if len(set(labels)) < len(labels):
        labels = [p.path for p in params]
    text = "_".join(f"{lab}_{_fmt(v)}" for lab, v in zip(labels, point, strict=True))
    text = re.sub(r"[^A-Za-z0-9_.-]+", ".", text).strip(".")
    return f"{base_arm}.{text}" if several_bases else text
