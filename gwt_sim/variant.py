"""Variants: the knobs a designer turns per experiment (player count, building sides, neutral layout,
station masters, Simmental, starting money, seat compensation in VP, content patches, the solo mode)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from gwt_sim.errors import UserError
from gwt_sim.limits import misfit

N_NEUTRAL = 7
DEFAULT_NEUTRAL_LAYOUT = "ABCDEFG"   # means: each neutral building on the space its default_tile names
# The experienced players' setup (rules §2.1): building sides, neutral layout and station masters all
# drawn per game from the seed, as in the balance experiments (Variant keyword arguments).
EXPERIENCED_SETUP = {"sides": "random", "neutral_layout": "random", "station_masters": "random"}


class VariantError(UserError, ValueError):
    """A variant knob has an unknown or inconsistent value."""


@dataclass(frozen=True)
class Variant:
    """What is fixed for a whole experiment. `random` knobs are drawn per game from the game seed.

    * ``sides``: ``"a"``, ``"b"``, ``"random"`` (each building number independently per game) or an
      explicit string of one letter per building number such as ``"abbaabbaabab"`` (building 1
      first; 12 letters for the Second Edition, 10 for the First: `compile_tables` checks the count).
    * ``neutral_layout``: ``"ABCDEFG"`` (the default, first-game layout: each neutral building on the
      space whose ``default_tile`` in trail.toml names it), ``"random"``, or an explicit order: the tile
      on each neutral space in trail order (A..G), e.g. ``"GFEDCBA"``. Checked here as an order of
      A-G; `compile_tables` checks it against the content's neutral tiles.
    * ``station_masters``: ``"random"`` (5 of the box's tiles per game: 5 of 9 in the Second Edition, the
      First Edition's 5 in random order) or 5 tile ids for stations 1..5.
    * ``simmental``: the Simmental variant.
    * ``starting_money``: dollars per seat, or None for the content's values ($6/7/8/9).
    * ``seat_vp``: VP added to each seat's total at final scoring (seat compensation, as tournament
      players bid VP for seats; negative values are handicaps), or None for none. It is not one of
      the 11 scoresheet categories: ranks and winners see it, the categories do not.
    * ``patches``: content patches (TOML text or tables) applied before compiling.
    * ``players = 1``: the solo mode, one player against the automated opponent Sam (solo.toml), on
      the content's 2-player board. ``solo_difficulty`` names one of the content's difficulties
      (None: its default), ``solo_first_delivery`` a city id overriding the difficulty's first
      delivery (None: the difficulty's). Both are checked against the content by `compile_tables`
      and allowed only with ``players = 1``.
    """

    players: int = 4
    sides: str = "a"
    neutral_layout: str = DEFAULT_NEUTRAL_LAYOUT
    station_masters: str | tuple[str, ...] = "random"
    simmental: bool = False
    starting_money: tuple[int, ...] | None = None
    patches: tuple[Any, ...] = field(default=())
    seat_vp: tuple[int, ...] | None = None     # after patches: positional construction stays as it was
    solo_difficulty: str | None = None
    solo_first_delivery: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.players, int) or isinstance(self.players, bool) or not 1 <= self.players <= 4:
            raise VariantError(f"players: must be 1 (solo), 2, 3 or 4, got {self.players!r}")
        for knob in ("solo_difficulty", "solo_first_delivery"):
            value = getattr(self, knob)
            if value is None:
                continue
            if not isinstance(value, str) or not value:
                raise VariantError(f"{knob}: expected a name (a string), got {value!r}")
            if self.players != 1:
                raise VariantError(f"{knob}: the solo mode is played with players = 1, not {self.players}")
        sides = self.sides
        if not isinstance(sides, str):
            raise VariantError(f"sides: expected a string, got {sides!r}")
        if sides not in ("a", "b", "random"):
            if not re.fullmatch(r"[ab]+", sides):
                raise VariantError(f"sides: expected 'a', 'b', 'random' or one letter a/b per building number "
                                   f"(building 1 first: 12 letters in the Second Edition, 10 in the First), "
                                   f"got {sides!r}")
        layout = self.neutral_layout
        if not isinstance(layout, str):
            raise VariantError(f"neutral_layout: expected a string, got {layout!r}")
        if layout != "random" and sorted(layout) != list("ABCDEFG"):
            raise VariantError(f"neutral_layout: expected 'random' or an order of the letters A-G, got {layout!r}")
        sm = self.station_masters
        if isinstance(sm, str):
            if sm != "random":
                ids = tuple(x.strip() for x in sm.split(","))
                object.__setattr__(self, "station_masters", ids)
        elif isinstance(sm, Sequence) and not isinstance(sm, bytes | bytearray):
            object.__setattr__(self, "station_masters", tuple(sm))
        else:
            raise VariantError(f"station_masters: expected 'random' or 5 tile ids, got {sm!r}")
        if self.station_masters != "random":
            ids = self.station_masters
            # the type check comes first: set() of an unhashable id (a list) would raise TypeError
            if len(ids) != 5 or not all(isinstance(x, str) for x in ids) or len(set(ids)) != 5:
                raise VariantError(f"station_masters: expected 5 different tile ids, got {list(ids)!r}")
        if not isinstance(self.simmental, bool):
            raise VariantError(f"simmental: expected true or false, got {self.simmental!r}")
        money = self.starting_money
        if money is not None:
            # a list or tuple only: a number would be iterated (TypeError), a string split into characters
            if (not isinstance(money, Sequence) or isinstance(money, str | bytes | bytearray)
                    or not all(isinstance(m, int) and not isinstance(m, bool) and m >= 0 for m in money)):
                raise VariantError(f"starting_money: expected a list of non-negative dollars per seat, got {money!r}")
            object.__setattr__(self, "starting_money", tuple(money))
            for seat, m in enumerate(self.starting_money):
                problem = misfit(m, "start_money")
                if problem:
                    raise VariantError(f"starting_money: seat {seat + 1}: {problem}")
            if len(self.starting_money) < self.players:
                raise VariantError(f"starting_money: {len(self.starting_money)} values for {self.players} seats")
        vp = self.seat_vp
        if vp is not None:
            if (not isinstance(vp, Sequence) or isinstance(vp, str | bytes | bytearray)
                    or not all(isinstance(v, int) and not isinstance(v, bool) for v in vp)):
                raise VariantError(f"seat_vp: expected a list of whole VP per seat, got {vp!r}")
            object.__setattr__(self, "seat_vp", tuple(vp))
            for seat, v in enumerate(self.seat_vp):
                problem = misfit(v, "seat_vp")
                if problem:
                    raise VariantError(f"seat_vp: seat {seat + 1}: {problem}")
            if len(self.seat_vp) < self.players:
                raise VariantError(f"seat_vp: {len(self.seat_vp)} values for {self.players} seats")
        patches = self.patches
        if isinstance(patches, str | Mapping):
            object.__setattr__(self, "patches", (patches,))
        elif isinstance(patches, Sequence) and not isinstance(patches, bytes | bytearray):
            object.__setattr__(self, "patches", tuple(patches))
        else:
            raise VariantError(f"patches: expected a patch (TOML text or a table) or a list of patches, "
                               f"got {patches!r}")

    def describe(self) -> str:
        sm = self.station_masters if isinstance(self.station_masters, str) else ",".join(self.station_masters)
        return (f"{self.players}p sides={self.sides} layout={self.neutral_layout} masters={sm} "
                f"simmental={'on' if self.simmental else 'off'}"
                + (f" money={list(self.starting_money)}" if self.starting_money else "")
                + (f" seat_vp={list(self.seat_vp)}" if self.seat_vp else "")
                + (f" patches={len(self.patches)}" if self.patches else "")
                + (f" solo={self.solo_difficulty or 'default'}" if self.solo else "")
                + (f" first_delivery={self.solo_first_delivery}" if self.solo_first_delivery else ""))

    @property
    def solo(self) -> bool:
        """The solo mode: one player against Sam."""
        return self.players == 1

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any]) -> Variant:
        known = {"players", "sides", "neutral_layout", "station_masters", "simmental", "starting_money", "seat_vp",
                 "patches", "solo_difficulty", "solo_first_delivery"}
        for k in data:
            if k not in known:
                raise VariantError(f"unknown variant knob {k!r} (known: {', '.join(sorted(known))})")
        return cls(**dict(data))
