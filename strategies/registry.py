"""Strategy registry: strategy strings -> fresh policy objects.

A strategy string names a policy and its parameters::

    random                                   a built-in
    heuristic:profile=cattle                 a built-in with parameters (key=value, separated by ':')
    mybot:depth=2                            a plugin registered in the entry-point group gwt_sim.strategies
    mypackage.bots:MyBot:prefer=stop         an import path module:Class (with parameters)

Names are looked up in this order: the built-ins (`BUILTINS`), then the entry points of the group
``gwt_sim.strategies`` (each entry point's name is the strategy name, its value ``module:Class``).
Anything else is an import path: a first token containing a dot (``pkg.mod:Class``), or ``mod:Class``
when ``mod`` is no registered name and ``Class`` is no ``key=value``.

Parameter values are passed as ints, floats or booleans when they read as one (``seed=3`` -> 3,
``rate=0.5`` -> 0.5, ``fast=true`` -> True) and as strings otherwise (``profile=cattle``).
Built-ins are import paths too, imported only when used: a missing compiled module is a clear
`StrategyError`, never an ImportError traceback. Every error is one line naming the strategy string.
"""

from __future__ import annotations

import importlib
import os
import re
import sys
from importlib import metadata
from typing import Any

from gwt_sim.engine.policy import Policy
from gwt_sim.errors import PLUGIN_FAILURES, UserError, one_line

ENTRY_POINT_GROUP = "gwt_sim.strategies"

# name -> (import path "module:Class", one-line description)
BUILTINS: dict[str, tuple[str, str]] = {
    "random": ("gwt_sim.engine.policy:RandomPolicy", "uniformly random among the legal actions"),
    "greedy": ("strategies.greedy:GreedyPolicy",
               "one-step greedy: the action whose immediate result values best (no look-ahead)"),
    "heuristic": ("strategies.heuristic:HeuristicPolicy",
                  "rule-based archetype weighted by a profile (profile=NAME or a .toml path; default balanced)"),
    "fast": ("strategies.fast:FastPolicy",
             "the heuristic with its weights tuned against the planner: the strongest play at heuristic speed"),
    "expert": ("strategies.expert:ExpertPolicy",
               "searches the turn's walk: each stop played out on redrawn copies by the heuristic for a few "
               "turns, valued by its lead (profile=NAME, value=NAME|.toml, samples=N, horizon=TURNS, prior=VP, "
               "lead=W, halving=BOOL, endgame=VP; the strongest, the slowest)"),
    "planner": ("strategies.planner:PlannerPolicy",
                "look-ahead: tries every action, finishes the turn, values its lead with a fitted value "
                "model (value=NAME|.toml, profile=NAME, samples=N, relative=BOOL, sam_future=VP; slower)"),
}

# The strategy `gwt-sim play` seats when none is given: the strongest fast bot, in every seat (one
# game should take well under a second; `fast` is about as strong as the planner at 4 players and 15x faster).
DEFAULT_PLAY_STRATEGY = "fast"

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*\Z")
_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
_MODULE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*\Z")
_ATTR = _MODULE                                            # Class or Outer.Inner
_INT = re.compile(r"[+-]?[0-9]+\Z")
_FLOAT = re.compile(r"[+-]?(?:(?:[0-9]+\.[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?|[0-9]+[eE][+-]?[0-9]+)\Z")


class StrategyError(UserError, ValueError):
    """An unknown strategy, a malformed strategy string, or a strategy that cannot be built."""


# --------------------------------------------------------------------------- parsing


def _value(text: str) -> Any:
    """A parameter value: int, float or bool when it reads as one, else the string itself."""
    if _INT.match(text):
        return int(text)
    if _FLOAT.match(text):
        return float(text)
    low = text.lower()
    if low in ("true", "false"):
        return low == "true"
    return text


def _params(text: str, parts: list[str]) -> dict[str, Any]:
    params: dict[str, Any] = {}
    for part in parts:
        key, eq, value = part.partition("=")
        key, value = key.strip(), value.strip()
        if not eq:
            raise StrategyError(f"strategy {text!r}: expected key=value, got {part!r}")
        if not _KEY.match(key):
            raise StrategyError(f"strategy {text!r}: bad parameter name {key!r} in {part!r}")
        if not value:
            raise StrategyError(f"strategy {text!r}: parameter {key!r} has no value")
        if key in params:
            raise StrategyError(f"strategy {text!r}: parameter {key!r} given twice")
        params[key] = _value(value)
    return params


def _entry_points() -> dict[str, metadata.EntryPoint]:
    """Entry points of the group gwt_sim.strategies by name (names a strategy string can use)."""
    try:
        eps = metadata.entry_points(group=ENTRY_POINT_GROUP)
    except Exception:  # pragma: no cover - broken distribution metadata must not break the built-ins
        return {}
    out: dict[str, metadata.EntryPoint] = {}
    for ep in eps:
        if _NAME.match(ep.name) and ep.name not in BUILTINS and ep.name not in out:
            out[ep.name] = ep
    return out


def parse_strategy(text: str) -> tuple[str, dict[str, Any]]:
    """``name:key=value:...`` -> (name, params); ``pkg.mod:Class:key=value`` -> ("pkg.mod:Class", params).

    The name is a built-in, an entry point's name, or an import path ``module:Class``.
    """
    if not isinstance(text, str):
        raise StrategyError(f"strategy {text!r}: expected a strategy string")
    stripped = text.strip()
    if not stripped:
        raise StrategyError("empty strategy string")
    head, *parts = [p.strip() for p in stripped.split(":")]
    if not head:
        raise StrategyError(f"strategy {text!r}: empty strategy name")
    is_path = "." in head or (head not in BUILTINS and bool(parts) and "=" not in parts[0]
                              and head not in _entry_points())
    if not is_path:
        if not _NAME.match(head):
            raise StrategyError(f"strategy {text!r}: bad strategy name {head!r}")
        return head, _params(text, parts)
    if not _MODULE.match(head):
        raise StrategyError(f"strategy {text!r}: bad module path {head!r}")
    if not parts or not parts[0] or "=" in parts[0]:
        raise StrategyError(f"strategy {text!r}: an import path needs a class: {head}:ClassName")
    if not _ATTR.match(parts[0]):
        raise StrategyError(f"strategy {text!r}: bad class name {parts[0]!r}")
    return f"{head}:{parts[0]}", _params(text, parts[1:])


# --------------------------------------------------------------------------- resolving


def _import_module(module_name: str) -> Any:
    """Import a module; a plugin module not found on sys.path is also looked for in the current
    directory (appended, so it never shadows an installed module), as `python -m` would: the
    console script `gwt-sim` does not put the current directory on sys.path itself."""
    try:
        return importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        top = module_name.partition(".")[0]
        cwd = os.getcwd()
        if exc.name != top or cwd in sys.path or "" in sys.path:
            raise
        sys.path.append(cwd)
        importlib.invalidate_caches()
        return importlib.import_module(module_name)


def _import(path: str, text: str, what: str) -> Any:
    """The object at ``module:Attr`` (`what` describes the path for messages)."""
    module_name, _, attr = path.partition(":")
    try:
        module = _import_module(module_name)
    except ModuleNotFoundError as exc:
        missing = exc.name or ""
        if missing and (module_name == missing or module_name.startswith(missing + ".")):
            if what == "built-in":
                raise StrategyError(f"strategy {text!r}: the built-in module {module_name} is not available "
                                    f"(not compiled? run `pip install -e .` or "
                                    f"`python setup.py build_ext --inplace`)") from None
            raise StrategyError(f"strategy {text!r}: no module named {module_name!r}") from None
        raise StrategyError(f"strategy {text!r}: importing {module_name} ({what}) failed: "
                            f"{one_line(exc)}") from None
    except KeyboardInterrupt:
        raise
    except PLUGIN_FAILURES as exc:
        raise StrategyError(f"strategy {text!r}: importing {module_name} ({what}) failed: "
                            f"{one_line(exc)}") from None
    obj: Any = module
    for part in attr.split("."):
        try:
            obj = getattr(obj, part)
        except AttributeError:
            raise StrategyError(f"strategy {text!r}: module {module_name} has no attribute {attr!r}") from None
    return obj


def _factory(name: str, text: str) -> Any:
    """The class (or factory) a parsed strategy name refers to."""
    if name in BUILTINS:
        return _import(BUILTINS[name][0], text, "built-in")
    if ":" in name:
        return _import(name, text, "import path")
    eps = _entry_points()
    if name in eps:
        ep = eps[name]
        try:
            return ep.load()
        except KeyboardInterrupt:
            raise
        except PLUGIN_FAILURES as exc:
            raise StrategyError(f"strategy {text!r}: entry point {name} = {ep.value} "
                                f"({ENTRY_POINT_GROUP}) failed to load: {one_line(exc)}") from None
    known = ", ".join([*BUILTINS, *sorted(eps)])
    where = "" if text.strip() == name else f" in {text!r}"
    raise StrategyError(f"unknown strategy {name!r}{where} (known: {known}; "
                        f"or an import path package.module:Class)")


_UNKNOWN_KEYWORD = re.compile(r"got an unexpected keyword argument '(\w+)'")


def make_policy(text: str) -> Policy:
    """A new policy object for a strategy string (a fresh object on every call: one per seat)."""
    name, params = parse_strategy(text)
    factory = _factory(name, text)
    # Only Policy classes are called: a strategy string (say in a shared experiment file) must not
    # be able to call an arbitrary function such as shutil:rmtree:path=...
    if not isinstance(factory, type):
        raise StrategyError(f"strategy {text!r}: {name} is a {type(factory).__name__}, not a gwt_sim Policy class")
    if not issubclass(factory, Policy):
        raise StrategyError(f"strategy {text!r}: {factory.__module__}.{factory.__qualname__} "
                            f"is not a gwt_sim Policy")
    try:
        policy = factory(**params)
    except StrategyError:
        raise
    except (TypeError, ValueError) as exc:
        # bad parameters (unknown keyword, bad value, unknown profile...): the message says it all,
        # but Python's own words for an unknown keyword name a constructor, not the strategy string
        unknown = _UNKNOWN_KEYWORD.search(str(exc)) if isinstance(exc, TypeError) else None
        if unknown:
            raise StrategyError(f"strategy {text!r}: {name} has no parameter {unknown.group(1)!r} "
                                f"(README \"Strategies\" lists each strategy's parameters)") from None
        raise StrategyError(f"strategy {text!r}: {str(exc) or type(exc).__name__}") from None
    except KeyboardInterrupt:
        raise
    except PLUGIN_FAILURES as exc:
        raise StrategyError(f"strategy {text!r}: building the policy failed: {one_line(exc)}") from None
    if not isinstance(policy, Policy):
        raise StrategyError(f"strategy {text!r}: built a {type(policy).__name__}, which is not a gwt_sim Policy")
    return policy


# --------------------------------------------------------------------------- listing


def _doc_line(obj: Any) -> str:
    doc = getattr(obj, "__doc__", None) or ""
    return " ".join(doc.strip().split("\n\n")[0].split())


def _profile_rows() -> list[tuple[str, str]]:
    from strategies.profiles import ProfileError, available_profiles, load_profile

    rows = []
    for p in available_profiles():
        try:
            desc = load_profile(p).description or f"heuristic archetype {p!r}"
        except ProfileError as exc:
            desc = f"(broken profile: {exc})"
        rows.append((f"heuristic:profile={p}", desc))
    return rows


def list_strategies() -> list[tuple[str, str]]:
    """(strategy string, one-line description): the built-ins, one row per built-in heuristic
    profile, then the entry points of the group gwt_sim.strategies."""
    rows = [(name, desc) for name, (_, desc) in BUILTINS.items()]
    rows += _profile_rows()
    for name, ep in sorted(_entry_points().items()):
        try:
            desc = _doc_line(ep.load()) or "(no description)"
        except KeyboardInterrupt:
            raise
        except PLUGIN_FAILURES as exc:
            desc = f"(cannot load: {one_line(exc)})"
        rows.append((name, f"{desc} [plugin {ep.value}]"))
    return rows
