"""The strategy registry: strategy strings, built-ins, entry points, import paths, errors, the CLI.

Every error is one `StrategyError` line naming the strategy string; `gwt-sim play` reports it as one
`error:` line with exit code 2.
"""

from __future__ import annotations

import importlib.metadata
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from gwt_sim.engine.play import play_game
from gwt_sim.game import rules_for
from gwt_sim.variant import Variant
from strategies import base
from strategies.base import Policy, RandomPolicy
from strategies.profiles import available_profiles
from strategies.registry import (
    BUILTINS,
    ENTRY_POINT_GROUP,
    StrategyError,
    list_strategies,
    make_policy,
    parse_strategy,
)

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:  # `tests.plugins` importable under a bare `pytest` too (python -m pytest has it)
    sys.path.append(str(REPO))

from tests.plugins.example_bot import ExampleBot  # noqa: E402

EXAMPLE = "tests.plugins.example_bot:ExampleBot"


def strategy_error(text: str, *fragments: str) -> str:
    """make_policy(text) raises a one-line StrategyError naming the string and the fragments."""
    with pytest.raises(StrategyError) as info:
        make_policy(text)
    msg = str(info.value)
    assert "\n" not in msg, msg
    if text.strip():
        assert repr(text) in msg or repr(text.strip().split(":")[0]) in msg, msg
    for fragment in fragments:
        assert fragment in msg, msg
    return msg


# --------------------------------------------------------------------------- base


def test_base_reexports_the_engine_policy_classes():
    from gwt_sim.engine import policy

    assert base.Policy is policy.Policy and base.RandomPolicy is policy.RandomPolicy
    assert "choose(self, state, legal)" in base.__doc__ and "observation" in base.__doc__


def test_package_exports_the_registry_lazily():
    import strategies
    from strategies import registry

    assert strategies.make_policy is registry.make_policy and strategies.StrategyError is StrategyError
    assert strategies.Policy is Policy
    with pytest.raises(AttributeError):
        _ = strategies.no_such_thing


# --------------------------------------------------------------------------- parsing


@pytest.mark.parametrize("text, name, params", [
    ("random", "random", {}),
    ("  random  ", "random", {}),
    ("heuristic:profile=cattle", "heuristic", {"profile": "cattle"}),
    ("greedy:seed=3", "greedy", {"seed": 3}),
    ("heuristic:profile=cattle:seed=-2:rate=0.25:fast=true:slow=False",
     "heuristic", {"profile": "cattle", "seed": -2, "rate": 0.25, "fast": True, "slow": False}),
    ("heuristic:x=1e3:y=.5:z=1.2.3:w=nan:v=0x10", "heuristic", {"x": 1000.0, "y": 0.5, "z": "1.2.3",
                                                               "w": "nan", "v": "0x10"}),
    ("heuristic:profile=my/profiles/fast.toml", "heuristic", {"profile": "my/profiles/fast.toml"}),
    ("heuristic: profile = cattle ", "heuristic", {"profile": "cattle"}),
    (EXAMPLE, EXAMPLE, {}),
    (f"{EXAMPLE}:prefer=stop:rate=1", EXAMPLE, {"prefer": "stop", "rate": 1}),
    ("mybots:MyBot", "mybots:MyBot", {}),                     # no dot, but not a registered name
    ("mybots:MyBot:depth=2", "mybots:MyBot", {"depth": 2}),
    ("pkg.mod:Outer.Inner", "pkg.mod:Outer.Inner", {}),
    ("unknown_name", "unknown_name", {}),                     # resolved (and refused) by make_policy
    ("unknown_name:k=v", "unknown_name", {"k": "v"}),
])
def test_parse_strategy(text, name, params):
    got_name, got_params = parse_strategy(text)
    assert got_name == name
    assert got_params == params
    assert [type(v) for v in got_params.values()] == [type(v) for v in params.values()]


@pytest.mark.parametrize("text, fragment", [
    ("", "empty strategy string"),
    ("   ", "empty strategy string"),
    (":seed=3", "empty strategy name"),
    ("random:seed", "expected key=value, got 'seed'"),
    ("heuristic:cattle", "expected key=value, got 'cattle'"),
    ("random:=3", "bad parameter name ''"),
    ("random:9lives=3", "bad parameter name '9lives'"),
    ("random:seed=", "parameter 'seed' has no value"),
    ("random:seed=1:seed=2", "parameter 'seed' given twice"),
    ("ran dom", "bad strategy name 'ran dom'"),
    ("pkg.mod", "an import path needs a class: pkg.mod:ClassName"),
    ("pkg.mod:seed=3", "an import path needs a class"),
    ("pkg..mod:Bot", "bad module path 'pkg..mod'"),
    ("pkg.mod:Bad-Name", "bad class name 'Bad-Name'"),
    ("pkg.mod:", "an import path needs a class"),
])
def test_bad_strategy_strings(text, fragment):
    with pytest.raises(StrategyError) as info:
        parse_strategy(text)
    assert fragment in str(info.value) and "\n" not in str(info.value)
    strategy_error(text, fragment)


def test_parse_strategy_rejects_non_strings():
    with pytest.raises(StrategyError, match="expected a strategy string"):
        parse_strategy(3)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- built-ins and names


def test_random_builtin_and_fresh_objects():
    a, b = make_policy("random"), make_policy("random")
    assert isinstance(a, RandomPolicy) and isinstance(b, RandomPolicy)
    assert a is not b


def test_builtins_are_import_paths_imported_lazily():
    assert set(BUILTINS) >= {"random", "greedy", "heuristic", "planner"}
    assert BUILTINS["greedy"][0] == "strategies.greedy:GreedyPolicy"
    assert BUILTINS["heuristic"][0] == "strategies.heuristic:HeuristicPolicy"
    for name, (path, desc) in BUILTINS.items():
        assert ":" in path and desc and "\n" not in desc, name


def test_unknown_name_lists_the_known_ones():
    msg = strategy_error("randon", "unknown strategy 'randon'", "random", "greedy", "heuristic",
                         "package.module:Class")
    assert msg.startswith("unknown strategy")
    strategy_error("randon:seed=3", "unknown strategy 'randon' in 'randon:seed=3'")


def test_builtin_with_unknown_parameter():
    strategy_error("random:seed=3", "RandomPolicy takes no parameters, got seed")


@pytest.mark.parametrize("name", ["greedy", "heuristic", "fast", "expert", "planner"])
def test_builtin_unknown_parameter_named_in_game_words(name):
    # the constructor's own words ("__init__() got an unexpected keyword argument") name no strategy
    msg = strategy_error(f"{name}:colour=red", f"{name} has no parameter 'colour'", "README")
    assert "__init__" not in msg and "keyword" not in msg


def test_missing_builtin_module_is_a_clear_error(monkeypatch):
    monkeypatch.setitem(BUILTINS, "ghost", ("strategies.ghost_not_built:GhostPolicy", "a policy not built"))
    strategy_error("ghost", "built-in module strategies.ghost_not_built is not available", "build_ext")


# --------------------------------------------------------------------------- import paths


@pytest.fixture
def plugin_dir(tmp_path, monkeypatch):
    """A folder on sys.path for throw-away plugin modules (removed from sys.modules afterwards)."""
    monkeypatch.syspath_prepend(str(tmp_path))
    written: list[str] = []

    def write(module: str, source: str) -> str:
        (tmp_path / f"{module}.py").write_text(textwrap.dedent(source), encoding="utf-8")
        written.append(module)
        importlib.invalidate_caches()
        return module

    yield write
    for module in written:
        sys.modules.pop(module, None)


def test_import_path_example_bot_with_parameters():
    bot = make_policy(f"{EXAMPLE}:prefer=go:rate=0.25:thrift=7")
    assert isinstance(bot, ExampleBot) and isinstance(bot, Policy)
    assert (bot.prefer, bot.rate, bot.thrift) == ("go", 0.25, 7)
    assert make_policy(EXAMPLE).prefer == "stop"
    assert make_policy(EXAMPLE) is not make_policy(EXAMPLE)


def test_import_path_bad_parameter_values():
    strategy_error(f"{EXAMPLE}:prefer=sideways", "prefer must be one of stop, go, random, got 'sideways'")
    strategy_error(f"{EXAMPLE}:colour=red", "has no parameter 'colour'")


def test_import_path_module_does_not_exist():
    strategy_error("no_such_pkg_gwt.bots:Bot", "no module named 'no_such_pkg_gwt.bots'")
    strategy_error("no_such_mod_gwt:Bot", "no module named 'no_such_mod_gwt'")
    strategy_error("tests.plugins.nope:Bot", "no module named 'tests.plugins.nope'")


def test_import_path_attribute_does_not_exist():
    strategy_error("tests.plugins.example_bot:Nope", "module tests.plugins.example_bot has no attribute 'Nope'")


def test_import_path_not_a_policy(plugin_dir):
    strategy_error("gwt_sim.variant:Variant", "gwt_sim.variant.Variant is not a gwt_sim Policy")
    strategy_error("tests.plugins.example_bot:PREFERENCES", "is a tuple, not a gwt_sim Policy class")
    # functions are never called: a strategy string must not run arbitrary code (shutil:rmtree:path=...)
    plugin_dir("gwt_plugin_factory", """
        from strategies.base import RandomPolicy
        CALLED = []
        def make(**kw):
            CALLED.append(kw)
            return RandomPolicy()
    """)
    strategy_error("gwt_plugin_factory:make", "is a function, not a gwt_sim Policy class")
    assert sys.modules["gwt_plugin_factory"].CALLED == []
    strategy_error("shutil:rmtree:path=/nonexistent-gwt", "not a gwt_sim Policy class")


def test_import_path_class_whose_constructor_returns_something_else(plugin_dir):
    plugin_dir("gwt_plugin_odd", """
        from strategies.base import Policy
        class Odd(Policy):
            def __new__(cls, **kw):
                return "not a policy"
    """)
    strategy_error("gwt_plugin_odd:Odd", "built a str, which is not a gwt_sim Policy")


def test_import_path_module_fails_to_import(plugin_dir):
    plugin_dir("gwt_plugin_raises", "raise RuntimeError('plugin exploded\\nsecond line')\n")
    strategy_error("gwt_plugin_raises:Bot", "importing gwt_plugin_raises (import path) failed",
                   "RuntimeError: plugin exploded second line")
    plugin_dir("gwt_plugin_syntax", "def broken(:\n")
    strategy_error("gwt_plugin_syntax:Bot", "importing gwt_plugin_syntax (import path) failed", "SyntaxError")
    plugin_dir("gwt_plugin_missing_dep", "import no_such_dependency_gwt\n")
    strategy_error("gwt_plugin_missing_dep:Bot", "importing gwt_plugin_missing_dep (import path) failed",
                   "ModuleNotFoundError", "no_such_dependency_gwt")


def test_import_path_constructor_fails(plugin_dir):
    plugin_dir("gwt_plugin_ctor", """
        from strategies.base import Policy
        class Bot(Policy):
            def __init__(self, depth=1):
                raise RuntimeError(f"no GPU for depth {depth}")
    """)
    strategy_error("gwt_plugin_ctor:Bot:depth=4", "building the policy failed: RuntimeError: no GPU for depth 4")


def test_import_path_without_dot_uses_a_plain_module(plugin_dir):
    plugin_dir("gwt_plugin_plain", """
        from strategies.base import Policy
        class Bot(Policy):
            \"\"\"A plain bot.\"\"\"
            def __init__(self, k=0):
                self.k = k
            def choose(self, state, legal):
                return legal[0]
    """)
    bot = make_policy("gwt_plugin_plain:Bot:k=2")
    assert bot.k == 2


def test_import_path_found_in_the_current_directory(tmp_path, monkeypatch):
    # the console script does not put the current directory on sys.path; the registry looks there
    (tmp_path / "gwt_plugin_cwd.py").write_text("from strategies.base import RandomPolicy as Bot\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", str(tmp_path), os.getcwd())])
    try:
        assert isinstance(make_policy("gwt_plugin_cwd:Bot"), RandomPolicy)
        assert sys.path[-1] == str(tmp_path)
    finally:
        sys.modules.pop("gwt_plugin_cwd", None)


# --------------------------------------------------------------------------- entry points


class _FakeEntryPoints:
    """Replacement for importlib.metadata.entry_points serving given (name, value) pairs."""

    def __init__(self, pairs):
        self.eps = [importlib.metadata.EntryPoint(n, v, ENTRY_POINT_GROUP) for n, v in pairs]
        self.calls = []

    def __call__(self, **kw):
        self.calls.append(kw)
        return [ep for ep in self.eps if ep.group == kw.get("group")]


@pytest.fixture
def entry_points(monkeypatch):
    def install(*pairs):
        fake = _FakeEntryPoints(pairs)
        monkeypatch.setattr(importlib.metadata, "entry_points", fake)
        return fake
    return install


def test_entry_point_by_name_with_parameters(entry_points):
    fake = entry_points(("examplebot", EXAMPLE), ("other-bot", "gwt_sim.engine.policy:RandomPolicy"))
    bot = make_policy("examplebot:prefer=go")
    assert isinstance(bot, ExampleBot) and bot.prefer == "go"
    assert isinstance(make_policy("other-bot"), RandomPolicy)
    assert {"group": ENTRY_POINT_GROUP} in fake.calls
    assert make_policy("examplebot") is not make_policy("examplebot")
    rows = dict(list_strategies())
    assert rows["examplebot"].startswith("Example plugin: random, but stops")
    assert f"[plugin {EXAMPLE}]" in rows["examplebot"]
    strategy_error("examplebot:colour=red", "examplebot has no parameter 'colour'")
    # an entry-point name is a name, not an import path, even when followed by a non-parameter
    strategy_error("examplebot:Bot", "expected key=value, got 'Bot'")


def test_entry_point_names_listed_in_unknown_error(entry_points):
    entry_points(("examplebot", EXAMPLE))
    strategy_error("nosuchbot", f"known: {', '.join(BUILTINS)}, examplebot")


def test_builtins_take_precedence_over_entry_points(entry_points):
    entry_points(("random", EXAMPLE))
    assert type(make_policy("random")) is RandomPolicy
    assert [r for r in list_strategies() if r[0] == "random"] == [("random", BUILTINS["random"][1])]


def test_entry_point_that_fails_to_load(entry_points):
    entry_points(("brokenbot", "no_such_pkg_gwt.bots:Bot"), ("notapolicy", "gwt_sim.variant:Variant"),
                 ("missingattr", "tests.plugins.example_bot:Nope"))
    strategy_error("brokenbot", "entry point brokenbot = no_such_pkg_gwt.bots:Bot (gwt_sim.strategies) "
                                "failed to load: ModuleNotFoundError")
    strategy_error("notapolicy", "gwt_sim.variant.Variant is not a gwt_sim Policy")
    strategy_error("missingattr", "entry point missingattr", "failed to load: AttributeError")
    rows = dict(list_strategies())
    assert rows["brokenbot"].startswith("(cannot load: ModuleNotFoundError")
    assert "\n" not in rows["brokenbot"]


def test_entry_points_with_unusable_names_are_ignored(entry_points):
    entry_points(("bad.name", EXAMPLE), ("bad:name", EXAMPLE), ("ok_name", EXAMPLE))
    names = [n for n, _ in list_strategies()]
    assert "ok_name" in names and "bad.name" not in names and "bad:name" not in names


# --------------------------------------------------------------------------- listing


def test_list_strategies_rows():
    rows = list_strategies()
    names = [n for n, _ in rows]
    assert names[:3] == ["random", "greedy", "heuristic"]
    profiles = available_profiles()
    assert len(profiles) >= 5
    for p in profiles:
        assert f"heuristic:profile={p}" in names
    for name, desc in rows:
        assert desc and "\n" not in desc, name
        parse_strategy(name)                  # every listed name is a valid strategy string
    assert len(set(names)) == len(names)


def test_profile_rows_carry_the_profile_description(tmp_path, monkeypatch):
    import strategies.profiles as profiles

    (tmp_path / "rusher.toml").write_text('[profile]\nname = "rusher"\ndescription = "rushes the end"\n')
    (tmp_path / "broken.toml").write_text('[profile]\nname = "broken"\n[weights]\nnope = 1\n')
    monkeypatch.setattr(profiles, "PROFILE_DIR", tmp_path)
    rows = dict(list_strategies())
    assert rows["heuristic:profile=rusher"] == "rushes the end"
    assert rows["heuristic:profile=broken"].startswith("(broken profile: broken.toml: weights.nope")


# --------------------------------------------------------------------------- command line


def test_cli_strategies_lists_every_strategy_aligned(run):
    result = run("strategies")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["strategy", "description"]
    col = lines[0].index("description")
    rows = list_strategies()
    for (name, desc), line in zip(rows, lines[2:2 + len(rows)], strict=True):
        assert line.startswith(name) and line[col:] == desc, line
        assert line[:col].rstrip() == name
    assert "gwt_sim.strategies" in result.stdout


def test_cli_strategies_help(run):
    result = run("--help")
    assert "strategies" in result.stdout


@pytest.mark.parametrize("strategies, fragment", [
    ("bogus", "unknown strategy 'bogus'"),
    ("random,bogus:x=1", "unknown strategy 'bogus' in 'bogus:x=1'"),
    ("random:seed", "expected key=value"),
    ("no_such_pkg_gwt.bots:Bot,random", "no module named 'no_such_pkg_gwt.bots'"),
    ("gwt_sim.variant:Variant,random", "is not a gwt_sim Policy"),
    (f"{EXAMPLE}:prefer=up,random", "prefer must be one of"),
])
def test_cli_play_bad_strategy_is_one_error_line(run, strategies, fragment):
    result = run("play", "--players", "2", "--strategies", strategies)
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and fragment in lines[0], result.stderr
    assert "Traceback" not in result.output


# --------------------------------------------------------------------------- the example plugin


def test_example_bot_plays_whole_games_deterministically():
    handle = rules_for(Variant(players=2))
    bot = make_policy(f"{EXAMPLE}:prefer=stop")
    first = play_game(handle, [bot, make_policy("random")], 11)
    assert bot.decisions > 0
    again = play_game(handle, [make_policy(f"{EXAMPLE}:prefer=stop"), make_policy("random")], 11)
    assert (first[0] == again[0]).all() and (first[1] == again[1]).all()
    other = play_game(handle, [make_policy(f"{EXAMPLE}:prefer=go"), make_policy("random")], 11)
    assert not ((first[0] == other[0]).all() and (first[1] == other[1]).all())
    # the same object reused for the next game is reset by the engine
    replay = play_game(handle, [bot, make_policy("random")], 11)
    assert (first[1] == replay[1]).all()


def test_example_bot_from_the_console_script():
    exe = shutil.which("gwt-sim") or str(Path(sys.executable).parent / "gwt-sim")
    args = [exe, "play", "--players", "2", "--seed", "3", "--strategies", f"{EXAMPLE},random", "-q"]
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run(args, cwd=REPO, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "game over after" in done.stdout and "winner" in done.stdout
    again = subprocess.run(args, cwd=REPO, env=env, capture_output=True, text=True, timeout=120)
    assert again.stdout == done.stdout
    bad = subprocess.run([exe, "play", "--players", "2", "--strategies", f"{EXAMPLE}:prefer=up,random"],
                         cwd=REPO, env=env, capture_output=True, text=True, timeout=120)
    assert bad.returncode == 2 and bad.stdout == ""
    assert bad.stderr.splitlines() == [f"error: strategy '{EXAMPLE}:prefer=up': prefer must be one of stop, go, "
                                       "random, got 'up'"]
