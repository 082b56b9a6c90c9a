"""Checks of strategy parameters (from `name:param=value` strings): one home for their one-line
errors. Each raises ValueError naming the parameter, what it must be and the value given."""

from __future__ import annotations

from typing import Any


def check_int(name: str, value: Any, lo: int, hi: int) -> None:
    """`value` is an integer (not a bool) from lo to hi."""
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise ValueError(f"{name} must be an integer from {lo} to {hi}, got {value!r}")


def check_number(name: str, value: Any, lo: float, hi: float) -> None:
    """`value` is a number (not a bool) from lo to hi."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not lo <= value <= hi:
        raise ValueError(f"{name} must be a number from {lo:g} to {hi:g}, got {value!r}")


def check_bool(name: str, value: Any) -> None:
    """`value` is true or false."""
    if not isinstance(value, bool):
        raise ValueError(f"{name} must be true or false, got {value!r}")
