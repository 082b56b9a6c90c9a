"""Strategy registry: names -> policy factories, with `name:param=value:param=value` strategy strings.

Built-ins are registered here; the strategies issue adds heuristic archetypes, entry points
(group `gwt_sim.strategies`) and `module:Class` import paths.
"""

from __future__ import annotations

from collections.abc import Callable

from gwt_sim.engine.policy import Policy, RandomPolicy

BUILTINS: dict[str, tuple[Callable[..., Policy], str]] = {
    "random": (RandomPolicy, "uniformly random among the legal actions"),
}


class StrategyError(ValueError):
    """An unknown strategy or a malformed strategy string."""


def parse_strategy(text: str) -> tuple[str, dict[str, str]]:
    """`name:key=value:key=value` -> (name, params)."""
    name, *parts = text.strip().split(":")
    if not name:
        raise StrategyError(f"empty strategy name in {text!r}")
    params: dict[str, str] = {}
    if parts:
        for part in parts:
            key, eq, value = part.partition("=")
            if not eq or not key:
                raise StrategyError(f"strategy {text!r}: expected key=value, got {part!r}")
            params[key.strip()] = value.strip()
    return name, params


def make_policy(text: str) -> Policy:
    name, params = parse_strategy(text)
    if name not in BUILTINS:
        raise StrategyError(f"unknown strategy {name!r} (known: {', '.join(sorted(BUILTINS))})")
    factory, _ = BUILTINS[name]
    try:
        return factory(**params)
    except (TypeError, ValueError) as e:
        raise StrategyError(f"strategy {text!r}: {e}") from None
