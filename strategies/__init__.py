"""Strategies (policies) for gwt-sim: the registry, the built-in bots and their profiles.

    from strategies import make_policy, list_strategies
    bot = make_policy("heuristic:profile=cattle")     # a new Policy object per call (one per seat)

Modules: `base` (the `Policy` interface, with a plugin how-to), `registry` (strategy strings, built-ins,
the entry-point group ``gwt_sim.strategies``, ``module:Class`` import paths), `profiles` (heuristic
profiles as data, `profiles/*.toml`), and the compiled bots `heuristic` and `greedy`.
"""

from __future__ import annotations

from typing import Any

_LAZY = {
    "Policy": "strategies.base", "RandomPolicy": "strategies.base",
    "make_policy": "strategies.registry", "parse_strategy": "strategies.registry",
    "list_strategies": "strategies.registry", "StrategyError": "strategies.registry",
}

__all__ = sorted(_LAZY)


def __getattr__(name: str) -> Any:
    # imported on first use, so `import strategies.profiles` (done by the compiled heuristic) stays light
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'strategies' has no attribute {name!r}")
