"""What the designer can set about a report: when a finding matters, when a component is too rarely used
to judge, and how compared datasets are named. `gwt-sim report` sets them from its flags."""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True)
class ReportOptions:
    """min_vp: an effect on the score matters from this many VP per player per game (default 1);
    min_share: an effect on a win share matters from this share (0.02 = 2 points, the default);
    min_usage: a component built, taken or reached in fewer than this share of the games where it
    could be (default 0.05 = 5%) is "not enough evidence", never "no effect";
    label / compare_label: names of the dataset and of the one it is compared with (default: the
    experiment names, else the folder names)."""

    min_vp: float = 1.0
    min_share: float = 0.02
    min_usage: float = 0.05
    label: str | None = None
    compare_label: str | None = None

    def __post_init__(self) -> None:
        for name in ("min_vp", "min_share", "min_usage"):
            v = getattr(self, name)
            if not (isinstance(v, (int, float)) and 0 <= v < math.inf):
                raise ValueError(f"{name} must be a number >= 0, got {v!r}")
        if self.min_share > 1 or self.min_usage > 1:
            raise ValueError("min_share and min_usage are shares between 0 and 1")

    def threshold(self, unit: str) -> float:
        """The size that matters in a finding's unit ("VP" or "share")."""
        return self.min_vp if unit == "VP" else self.min_share

    def describe(self) -> str:
        return (f"matters from {self.min_vp:g} VP per player per game or {100 * self.min_share:g} points of win "
                f"share; components used in fewer than {100 * self.min_usage:g}% of the games are not judged")
