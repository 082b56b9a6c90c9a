"""The malformed-input corpus: every bad input gwt-sim is given — experiment files, command-line
options, content folders, content patches, replays, datasets to report on, strategy plugins —
ends with exit code 2 and exactly one line ``error: ...`` on stderr that names the offending file,
key, value or plugin, never a traceback, and nothing on stdout (README "Reliability").

Each case is (category, id, the command line built in a temporary folder, fragments the line must
contain). `test_corpus_covers_every_category` keeps the corpus at its promised size.
"""

from __future__ import annotations

import json
import shutil
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner

from gwt_sim.cli import cli
from gwt_sim.content import BUILTIN_DIR, FIRST_EDITION_DIR
from gwt_sim.variant import Variant

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:  # `tests.plugins` importable under a bare `pytest` too
    sys.path.insert(0, str(REPO))

CATEGORIES = ("experiment", "cli", "content", "patch", "replay", "report", "plugin")


class Env:
    """A case's temporary folder, with helpers to write its input files."""

    def __init__(self, tmp: Path, datasets: Callable[[str], Path]):
        self.tmp = tmp
        self._datasets = datasets

    def file(self, name: str, text: str | bytes) -> str:
        path = self.tmp / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(text, encoding="utf-8")
        return str(path)

    def exp(self, text: str, name: str = "exp.toml") -> list[str]:
        """`simulate` on an experiment file with this text."""
        return ["simulate", self.file(name, text), "--out", str(self.tmp / "out"), "-q", "-j", "1"]

    def content(self, file: str, old: str, new: str, source: Path = BUILTIN_DIR) -> str:
        """A copy of the built-in content (or of `source`) with one text edit (asserted to apply once)."""
        folder = self.tmp / f"content_{source.name}"
        if not folder.exists():
            shutil.copytree(source, folder)
        text = (folder / file).read_text(encoding="utf-8")
        assert text.count(old) == 1, f"fixture error: {old!r} in {file}"
        (folder / file).write_text(text.replace(old, new), encoding="utf-8")
        return str(folder)

    def replay(self, **changes) -> list[str]:
        """`play --replay` on the 2-player golden replay with some fields changed (None: removed)."""
        data = json.loads((REPO / "tests" / "golden" / "game_2p_seed11.replay.json").read_text())
        for key, value in changes.items():
            if value is None:
                data.pop(key, None)
            else:
                data[key] = value
        return ["play", "-q", "--replay", self.file("r.json", json.dumps(data))]

    def dataset(self, kind: str = "2p") -> Path:
        """A fresh copy of a small simulated dataset ("2p": 2 players, 2 chunks; "3p": 3 players)."""
        dest = self.tmp / f"ds_{kind}"
        shutil.copytree(self._datasets(kind), dest)
        return dest


@dataclass(frozen=True)
class Case:
    category: str
    name: str
    argv: Callable[[Env], list[str]]
    fragments: tuple[str, ...]


CASES: list[Case] = []


def case(category: str, name: str, *fragments: str) -> Callable[[Callable[[Env], list[str]]], None]:
    assert category in CATEGORIES

    def add(argv: Callable[[Env], list[str]]) -> None:
        CASES.append(Case(category, name, argv, fragments))
    return add


def add(category: str, name: str, argv: Callable[[Env], list[str]], *fragments: str) -> None:
    CASES.append(Case(category, name, argv, fragments))


BASE = 'name = "t"\ngames = 4\nseed = 5\nplayers = 2\nstrategies = ["random"]\n'
BOT = "tests.plugins.misbehaving"

# --------------------------------------------------------------------------- experiment files

EXPERIMENT: list[tuple[str, str, tuple[str, ...]]] = [
    ("bad-toml", "games = \n", ("exp.toml", "not valid TOML", "line 1")),
    ("bad-toml-table", "[variant\n", ("exp.toml", "not valid TOML")),
    ("unknown-key", BASE + "sides = 'b'\n", ("sides", "unknown key", "[variant]")),
    ("typo-games", BASE.replace("games = 4", "n_games = 4"), ("n_games", "did you mean 'games'")),
    ("typo-strategy", BASE + "strategy = 'random'\n", ("strategy", "did you mean 'strategies'")),
    ("no-games", "players = 2\n", ("games", "missing")),
    ("games-zero", BASE.replace("games = 4", "games = 0"), ("games", "at least 1")),
    ("games-negative", BASE.replace("games = 4", "games = -3"), ("games", "at least 1")),
    ("games-float", BASE.replace("games = 4", "games = 4.5"), ("games", "expected an integer")),
    ("games-string", BASE.replace("games = 4", "games = 'many'"), ("games", "expected an integer")),
    ("games-huge", BASE.replace("games = 4", "games = 2000000000000000"), ("games", "at most")),
    ("seed-negative", BASE.replace("seed = 5", "seed = -1"), ("seed", "at least 0")),
    ("seed-bool", BASE.replace("seed = 5", "seed = true"), ("seed", "expected an integer")),
    ("chunk-zero", BASE + "chunk_size = 0\n", ("chunk_size", "at least 1")),
    ("chunk-string", BASE + "chunk_size = 'big'\n", ("chunk_size", "expected an integer")),
    ("name-spaces", BASE.replace('name = "t"', 'name = "my exp!"'), ("name", "not a valid name")),
    ("name-number", BASE.replace('name = "t"', "name = 3"), ("name", "expected a string")),
    ("description-list", BASE + "description = [1]\n", ("description", "expected a string")),
    ("players-five", BASE.replace("players = 2", "players = 5"), ("players", "between 1 and 4")),
    ("players-zero", BASE.replace("players = 2", "players = 0"), ("players", "between 1 and 4")),
    ("strategies-empty", BASE.replace('["random"]', "[]"), ("strategies", "expected a list")),
    ("strategies-number", BASE.replace('["random"]', "3"), ("strategies", "expected a list")),
    ("strategies-item", BASE.replace('["random"]', '["random", 7]'), ("strategies[1]", "expected a strategy string")),
    ("strategy-unknown", BASE.replace('["random"]', '["rnadom"]'), ("strategies[0]", "unknown strategy 'rnadom'")),
    ("strategy-param", BASE.replace('["random"]', '["random:depth=3"]'), ("strategies[0]", "random:depth=3")),
    ("strategy-syntax", BASE.replace('["random"]', '["heuristic:profile"]'), ("strategies[0]", "key=value")),
    ("strategy-profile", BASE.replace('["random"]', '["heuristic:profile=cattel"]'), ("strategies[0]", "cattel")),
    ("lineup", BASE.replace('["random"]', '["random", "random", "random"]'), ("strategies", "cannot fill 2 seats")),
    ("seating", BASE + "seating = 'circle'\n", ("seating", "unknown seating 'circle'")),
    ("content-missing", BASE + "content = 'no_such_folder'\n", ("content", "not found")),
    ("content-number", BASE + "content = 3\n", ("content", "expected a string")),
    ("patch-files-type", BASE + "patch_files = 'p.toml'\n", ("patch_files", "expected a list")),
    ("patch-file-missing", BASE + "patch_files = ['nowhere.toml']\n", ("patch_files[0]", "nowhere.toml", "not found")),
    ("patch-table-type", BASE + "patch = 3\n", ("patch", "expected a table")),
    ("patch-unknown-path", BASE + "[patch]\nset = { 'private.10b.actions[0][0].amonut' = 3 }\n",
     ("patch", "amonut")),
    ("patch-out-of-range", BASE + "[patch]\nset = { 'private.10b.actions[0][0].amount' = 100000 }\n",
     ("patch", "private.10b.actions[0][0].amount", "100000", "-32,768..32,767")),
    ("variant-type", BASE + "variant = 'b'\n", ("variant", "expected a table")),
    ("variant-knob", BASE + "[variant]\nside = 'b'\n", ("variant.side", "unknown key")),
    ("variant-sides", BASE + "[variant]\nsides = 'abc'\n", ("variant.sides", "12 letters")),
    ("variant-layout", BASE + "[variant]\nneutral_layout = 'ABC'\n", ("variant.neutral_layout", "A-G")),
    ("variant-masters-id", BASE + "[variant]\nstation_masters = ['SM1', 'SM2', 'SM3', 'SM4', 'SM99']\n",
     ("variant.station_masters", "SM99")),
    ("variant-masters-count", BASE + "[variant]\nstation_masters = ['SM1', 'SM2']\n",
     ("variant.station_masters", "5 different tile ids")),
    ("variant-simmental", BASE + "[variant]\nsimmental = 'yes'\n", ("variant.simmental", "true or false")),
    ("variant-money-short", BASE + "[variant]\nstarting_money = [6]\n", ("variant.starting_money", "1 values for 2")),
    ("variant-money-range", BASE + "[variant]\nstarting_money = [40000, 7]\n",
     ("variant.starting_money", "40000", "-32,768..32,767")),
    ("variant-money-negative", BASE + "[variant]\nstarting_money = [-1, 7]\n", ("variant.starting_money",)),
    ("arms-type", BASE + "arms = 3\n", ("arms", "[[arms]] tables")),
    ("arm-no-name", BASE + "[[arms]]\nplayers = 2\n", ("arms[0].name", "every arm needs a name")),
    ("arm-duplicate", BASE + "[[arms]]\nname = 'a'\n[[arms]]\nname = 'a'\n", ("arms[1].name", "duplicate")),
    ("arm-key", BASE + "[[arms]]\nname = 'a'\ngames = 3\n", ("arms[0].games", "unknown key")),
    ("arm-players", BASE + "[[arms]]\nname = 'a'\nplayers = 6\n", ("arms[0].players", "between 1 and 4")),
    ("arm-strategy", BASE + "[[arms]]\nname = 'a'\n[[arms]]\nname = 'b'\nstrategies = ['nope']\n",
     ("arms[1].strategies[0]", "unknown strategy 'nope'")),
    ("arm-variant", BASE + "[[arms]]\nname = 'a'\n[arms.variant]\nsides = 'c'\n", ("arms[0].variant.sides",)),
    ("arm-patch", BASE + "[[arms]]\nname = 'a'\n[arms.patch]\n[arms.patch.private.99z]\nvp = 1\n",
     ("arms[0]", "private.99z", "no such component")),
]
SWEEP_FILE: list[tuple[str, str, tuple[str, ...]]] = [
    ("sweep-unknown-path", BASE + "[sweep]\n'private.99z.vp' = [1, 2]\n",
     ("exp.toml", "sweep.private.99z.vp", "unknown path", "private.99z")),
    ("sweep-unknown-section", BASE + "[sweep]\n'buildngs.1a.vp' = [1, 2]\n",
     ("sweep.buildngs.1a.vp", "'buildngs' is neither a content section")),
    ("sweep-not-a-number", BASE + "[sweep]\n'private.10b.hand' = [1, 2]\n",
     ("sweep.private.10b.hand", "not a number", "'black'")),
    ("sweep-wrong-type", BASE + "[sweep]\n'private.10b.actions[0][0].amount' = [2.5, 3]\n",
     ("sweep.private.10b.actions[0][0].amount", "wrong type", "whole number", "2.5")),
    ("sweep-empty-range", BASE + "[sweep]\n'seat_vp[0]' = '5..2'\n", ("sweep.seat_vp[0]", "range '5..2' is empty")),
    ("sweep-bad-step", BASE + "[sweep]\n'seat_vp[0]' = '1..5:0'\n", ("sweep.seat_vp[0]", "step must be positive")),
    ("sweep-not-numbers", BASE + "[sweep]\n'seat_vp[0]' = ['a', 'b']\n", ("sweep.seat_vp[0]", "'a' is not a number")),
    ("sweep-type", BASE + "sweep = 3\n", ("sweep", "expected a table")),
    ("sweep-empty", BASE + "[sweep]\n", ("sweep", "no parameter given")),
    ("sweep-seat", BASE + "[sweep]\n'seat_vp[3]' = [1]\n", ("sweep.seat_vp[3]", "seat 4", "2 players")),
    ("sweep-knob", BASE + "[sweep]\n'sides[0]' = [1]\n", ("sweep.sides[0]", "not a numeric variant knob")),
    ("sweep-vp-range", BASE + "[sweep]\n'seat_vp[0]' = [300]\n", ("sweep.seat_vp[0]", "300", "-128..127")),
    ("sweep-content-range", BASE + "[sweep]\n'private.10b.actions[0][0].amount' = [100000]\n",
     ("private.10b.actions[0][0].amount", "100000", "-32,768..32,767")),
    ("variant-seat-vp-range", BASE + "[variant]\nseat_vp = [300, 0]\n", ("variant.seat_vp", "300", "-128..127")),
    ("variant-seat-vp-short", BASE + "[variant]\nseat_vp = [1]\n", ("variant.seat_vp", "1 values for 2 seats")),
    ("variant-seat-vp-type", BASE + "[variant]\nseat_vp = [0.5, 0]\n", ("variant.seat_vp", "whole VP")),
]
EXPERIMENT += SWEEP_FILE

# strategy pools ([[pools]]): who plays each arm, one name per pool
POOLED = 'name = "t"\ngames = 4\nseed = 5\nplayers = 2\n'
POOL = "[[pools]]\nname = 'strong'\nstrategies = ['random']\n"
POOL_FILE: list[tuple[str, str, tuple[str, ...]]] = [
    ("pools-type", POOLED + "pools = 3\n", ("pools", "expected one or more [[pools]] tables")),
    ("pools-empty", POOLED + "pools = []\n", ("pools", "expected one or more [[pools]] tables")),
    ("pools-not-tables", POOLED + "pools = ['planner']\n", ("pools", "[[pools]] tables")),
    ("pool-no-name", POOLED + "[[pools]]\nstrategies = ['random']\n", ("pools[0].name", "every pool needs a name")),
    ("pool-name-type", POOLED + "[[pools]]\nname = 3\nstrategies = ['random']\n", ("pools[0].name", "expected a string")),
    ("pool-name-bad", POOLED + "[[pools]]\nname = 'my pool'\nstrategies = ['random']\n",
     ("pools[0].name", "not a valid name")),
    ("pool-duplicate", POOLED + POOL + POOL, ("pools[1].name", "duplicate pool name 'strong'")),
    ("pool-no-strategies", POOLED + "[[pools]]\nname = 'a'\n", ("pools[0].strategies", "missing")),
    ("pool-strategies-empty", POOLED + "[[pools]]\nname = 'a'\nstrategies = []\n",
     ("pools[0].strategies", "expected a list")),
    ("pool-strategy-item", POOLED + "[[pools]]\nname = 'a'\nstrategies = ['random', 4]\n",
     ("pools[0].strategies[1]", "expected a strategy string")),
    ("pool-strategy-unknown", POOLED + POOL + "[[pools]]\nname = 'b'\nstrategies = ['random', 'plannr']\n",
     ("pools[1].strategies[1]", "unknown strategy 'plannr'")),
    ("pool-seating", POOLED + POOL + "seating = 'circle'\n", ("pools[0].seating", "unknown seating 'circle'")),
    ("pool-seating-type", POOLED + POOL + "seating = 1\n", ("pools[0].seating", "expected a string")),
    ("pool-lineup", POOLED + "[[pools]]\nname = 'mix'\nstrategies = ['random', 'random', 'random']\n",
     ("pools[0].strategies", "3 strategies cannot fill 2 seats", "seating = 'draw'")),
    ("pool-lineup-arm", 'name = "t"\ngames = 4\n' + "[[pools]]\nname = 'mix'\nstrategies = ['random', 'random']\n"
     "[[arms]]\nname = 'p2'\nplayers = 2\n[[arms]]\nname = 'p3'\nplayers = 3\n",
     ("pools[0].strategies", "cannot fill 3 seats", "arm 'p3'")),
    ("pool-key", POOLED + POOL + "players = 3\n", ("pools[0].players", "unknown key", "belong to the arms")),
    ("pool-variant", POOLED + POOL + "[pools.variant]\nsides = 'b'\n", ("pools[0].variant", "unknown key")),
    ("pool-typo", POOLED + POOL + "strategy = 'random'\n", ("pools[0].strategy", "did you mean 'strategies'")),
    ("pool-description", POOLED + POOL + "description = 3\n", ("pools[0].description", "expected a string")),
    ("pools-and-strategies", POOLED + "strategies = ['random']\n" + POOL,
     ("strategies", "each pool says who plays", "[[pools]]")),
    ("pools-and-seating", POOLED + "seating = 'fixed'\n" + POOL, ("seating", "each pool says who plays")),
    ("pools-and-arm-strategies", POOLED + POOL + "[[arms]]\nname = 'a'\nstrategies = ['random']\n",
     ("arms[0].strategies", "each pool says who plays")),
    ("pool-singular", POOLED + "[pool]\nname = 'a'\n", ("pool", "unknown key", "[[pools]]")),
]
EXPERIMENT += POOL_FILE

SOLO = BASE.replace("players = 2", "players = 1")
EXPERIMENT += [
    ("solo-difficulty-insane", SOLO + "[variant]\nsolo_difficulty = 'insane'\n",
     ("variant.solo_difficulty", "unknown difficulty 'insane'", "easy, medium, hard")),
    ("solo-difficulty-number", SOLO + "[variant]\nsolo_difficulty = 3\n", ("variant.solo_difficulty", "expected a name")),
    ("solo-difficulty-not-solo", BASE + "[variant]\nsolo_difficulty = 'hard'\n",
     ("variant.solo_difficulty", "players = 1")),
    ("solo-first-delivery-city", SOLO + "[variant]\nsolo_first_delivery = 'atlantis'\n",
     ("variant.solo_first_delivery", "unknown city 'atlantis'")),
    ("solo-first-delivery-not-solo", BASE + "[variant]\nsolo_first_delivery = 'peoria'\n",
     ("variant.solo_first_delivery", "players = 1")),
    ("solo-two-strategies", SOLO.replace('["random"]', '["random", "greedy"]'),
     ("strategies", "2 strategies cannot fill 1 seat")),
    ("solo-mixed-arms", SOLO + "[[arms]]\nname = 'a'\n[[arms]]\nname = 'b'\nplayers = 2\n",
     ("players", "arm 'a' is a solo arm", "all solo or all 2-4 players")),
    ("solo-arm-difficulty", SOLO + "[[arms]]\nname = 'a'\n[arms.variant]\nsolo_difficulty = 'nightmare'\n",
     ("arms[0] (a) variant.solo_difficulty", "unknown difficulty 'nightmare'")),
    # a pool plays the one seat that decides: one strategy, or several drawn per game
    ("solo-pool-lineup", POOLED.replace("players = 2", "players = 1") + "[[pools]]\nname = 'mix'\n"
     "strategies = ['random', 'greedy']\n", ("pools[0].strategies", "2 strategies cannot fill 1 seat", "'draw'")),
]
for _name, _text, _fragments in EXPERIMENT:
    add("experiment", _name, lambda e, t=_text: e.exp(t), *_fragments)

add("experiment", "solo-content-without-solo",
    lambda e: e.exp(SOLO + f"content = '{_without_solo(e)}'\n"), "players", "1 is the solo mode", "no solo.toml")


def _without_solo(e: Env) -> str:
    """A copy of the built-in content without solo.toml (a content set without a solo mode)."""
    folder = e.tmp / "content"
    shutil.copytree(BUILTIN_DIR, folder)
    (folder / "solo.toml").unlink()
    return str(folder)


add("experiment", "missing-file", lambda e: ["simulate", str(e.tmp / "nope.toml"), "-q"],
    "nope.toml", "experiment file not found")
add("experiment", "a-folder", lambda e: ["simulate", str(e.tmp), "-q"], "is a folder")
# a patch that validates but cannot set up a game used to pass `content check` and end `play` in a traceback
add("content", "setup-token-row", lambda e: ["content", "check", "--patch", e.file(
    "p.toml", 'set = { "job_market.token_start_row" = 3 }\n')], "cannot set up a game", "job-market token")
add("content", "play-setup-token-row", lambda e: ["play", "-q", "-n", "2", "--patch", e.file(
    "p.toml", 'set = { "job_market.token_start_row" = 3 }\n')], "cannot set up a game")
add("experiment", "nested-deep", lambda e: e.exp("a = " + "[" * 5000 + "]" * 5000 + "\n"), "exp.toml",
    "not valid TOML: nested too deeply")
add("replay", "nested-deep", lambda e: ["play", "-q", "--replay", e.file("r.json", "[" * 100_000)], "r.json",
    "not valid JSON (nested too deeply)")
add("report", "manifest-nested-deep", lambda e: _report(Path(e.file("d/manifest.json", "[" * 100_000)).parent),
    "manifest.json", "invalid JSON")
add("experiment", "not-utf8", lambda e: e.exp(b"name = '\xff'\ngames = 2\n"), "exp.toml", "not UTF-8")
add("experiment", "patch-file-bad-toml",
    lambda e: e.exp(BASE + "patch_files = ['p.toml']\n") if e.file("p.toml", "[stations.3\n") else [],
    "patch", "not valid TOML")

# --------------------------------------------------------------------------- command-line options

SIM_CLI: list[tuple[str, list[str], tuple[str, ...]]] = [
    ("sim-players", ["--players", "7"], ("--players", "between 1 and 4")),
    ("sim-players-zero", ["--players", "0"], ("--players", "between 1 and 4")),
    ("sim-games", ["--games", "0"], ("--games", "at least 1")),
    ("sim-games-negative", ["--games", "-5"], ("--games", "at least 1")),
    ("sim-seed", ["--seed", "-1"], ("--seed", "at least 0")),
    ("sim-chunk", ["--chunk-size", "0"], ("--chunk-size", "at least 1")),
    ("sim-strategy", ["--strategies", "nope"], ("--strategies[0]", "unknown strategy 'nope'")),
    ("sim-strategy-param", ["--strategies", "random:x=1"], ("--strategies[0]", "random:x=1")),
    ("sim-lineup", ["--strategies", "random,random,random"], ("--strategies", "cannot fill 2 seats")),
    ("sim-strategies-empty", ["--strategies", ","], ("--strategies", "no strategy given")),
    ("sim-jobs", ["--jobs", "0"], ("jobs", "positive")),
    ("sim-jobs-negative", ["--jobs", "-2"], ("jobs", "positive")),
    ("sim-scheduler", ["--scheduler", "tcp://127.0.0.1:1", "--backend", "loky"], ("--scheduler needs --backend dask",)),
    ("sim-timeout-dask", ["--decision-timeout", "1", "--backend", "dask"], ("--decision-timeout", "dask")),
]
for _name, _args, _fragments in SIM_CLI:
    add("cli", _name, lambda e, a=_args: [*e.exp(BASE), *a], *_fragments)

AMOUNT = "private.10b.actions[0][0].amount"
SWEEP_CLI: list[tuple[str, list[str], tuple[str, ...]]] = [
    ("sweep-unknown-path", ["--param", "private.99z.vp", "--values", "1,2"], ("--param private.99z.vp", "unknown path")),
    ("sweep-typo-path", ["--param", "private.10b.actions[0][0].amonut", "--values", "1,2"],
     ("--param private.10b.actions[0][0].amonut", "unknown path", "amonut")),
    ("sweep-not-a-number", ["--param", "private.10b.hand", "--values", "1"], ("--param private.10b.hand", "not a number")),
    ("sweep-wrong-type", ["--param", AMOUNT, "--values", "2.5,3"], ("--param", "wrong type", "2.5")),
    ("sweep-empty-range", ["--param", "seat_vp[0]", "--values", "5..2"], ("--param seat_vp[0]", "is empty")),
    ("sweep-values-text", ["--param", "seat_vp[0]", "--values", "a,b"], ("--param seat_vp[0]", "'a' is not a number")),
    ("sweep-tiny-step", ["--param", "seat_vp[0]", "--values", "0..4:1e-320"], ("--param seat_vp[0]", "more than 1000")),
    ("sweep-three-dots", ["--param", "seat_vp[0]", "--values", "0...4"], ("--param seat_vp[0]", "two dots")),
    ("sweep-unpaired", ["--param", "seat_vp[0]", "--param", "seat_vp[1]", "--values", "1"],
     ("--param and --values come in pairs",)),
    ("sweep-twice", ["--param", "seat_vp[0]", "--values", "1", "--param", "seat_vp[0]", "--values", "2"],
     ("--param seat_vp[0]", "swept twice")),
    ("sweep-arm", ["--param", "seat_vp[0]", "--values", "1", "--arm", "nope"], ("--arm", "no arm named 'nope'")),
    ("sweep-seat-index", ["--param", "starting_money[-1]", "--values", "1"], ("starting_money[-1]", "whole number")),
]
for _name, _args, _fragments in SWEEP_CLI:
    add("cli", _name, lambda e, a=_args: ["sweep", e.file("exp.toml", BASE), "--out", str(e.tmp / "out"), "-q", "-j", "1",
                                          *a], *_fragments)

TUNE_OK = ["--param", "seat_vp[0]", "--target", "seat_1_win_share = par", "--range=-5..5"]
TUNE_CLI: list[tuple[str, list[str], tuple[str, ...]]] = [
    ("tune-target-value", ["--param", "seat_vp[0]", "--target", "seat_1_win_share = high", "--range=-5..5"],
     ("--target", "target value 'high' is not a number or par")),
    ("tune-target-metric", ["--param", "seat_vp[0]", "--target", "seat_1_wins = par", "--range=-5..5"],
     ("--target", "unknown metric 'seat_1_wins'")),
    ("tune-target-no-value", ["--param", "seat_vp[0]", "--target", "seat_1_win_share", "--range=-5..5"],
     ("--target", "expected METRIC = VALUE")),
    ("tune-target-par", ["--param", "seat_vp[0]", "--target", "turns = par", "--range=-5..5"],
     ("--target", "par (1 / players) is a win share")),
    ("tune-target-share", ["--param", "seat_vp[0]", "--target", "seat_1_win_share = 1.5", "--range=-5..5"],
     ("--target", "between 0 and 1")),
    ("tune-target-seat", ["--param", "seat_vp[0]", "--target", "seat_3_win_share = par", "--range=-5..5"],
     ("--target", "seat_3_win_share", "2 seats")),
    ("tune-target-strategy", ["--param", "seat_vp[0]", "--target", "win_share[greedy] = par", "--range=-5..5"],
     ("--target", "no seat plays 'greedy'")),
    ("tune-target-sides", ["--param", AMOUNT, "--target", "side_b - side_a = 0", "--range=0..8"],
     ("--target", "side_b - side_a[10]", "sides = 'random'")),
    ("tune-range-empty", ["--param", "seat_vp[0]", "--target", "seat_1_win_share = par", "--range=5..-5"],
     ("--range", "is empty")),
    ("tune-range-text", ["--param", "seat_vp[0]", "--target", "seat_1_win_share = par", "--range", "low..high"],
     ("--range", "'low' is not a number")),
    ("tune-range-fraction", ["--param", "seat_vp[0]", "--target", "seat_1_win_share = par", "--range=0.5..3"],
     ("--range", "whole number")),
    ("tune-unknown-path", ["--param", "private.99z.vp", "--target", "seat_1_win_share = par", "--range=0..3"],
     ("--param private.99z.vp", "unknown path")),
    ("tune-points", [*TUNE_OK, "--points", "1"], ("--points", "2 to 50")),
    ("tune-max-games", [*TUNE_OK, "--max-games", "0"], ("--max-games", "positive")),
]
for _name, _args, _fragments in TUNE_CLI:
    add("cli", _name, lambda e, a=_args: ["tune", e.file("exp.toml", BASE), "--out", str(e.tmp / "out"), "-q", "-j", "1",
                                          *a], *_fragments)
add("cli", "tune-two-arms", lambda e: ["tune", e.file("exp.toml", BASE + "[[arms]]\nname = 'a'\n[[arms]]\nname = 'b'\n"),
                                       "--out", str(e.tmp / "out"), "-q", *TUNE_OK],
    "tune needs an experiment with one arm", "choose one with --arm")
add("cli", "tune-foreign-folder", lambda e: ["tune", e.file("exp.toml", BASE), "--out",
                                             str(Path(e.file("out/notes.txt", "mine")).parent), "-q", *TUNE_OK],
    "not empty and not a gwt-sim tuning")

POOL_CLI: list[tuple[str, str, list[str], tuple[str, ...]]] = [
    ("sim-pool-unknown", POOLED + POOL, ["--pool", "weak"], ("--pool", "no pool named 'weak'", "strong")),
    ("sim-pool-without-pools", BASE, ["--pool", "strong"], ("--pool", "the experiment has no [[pools]]")),
    ("sim-pool-and-strategies", POOLED + POOL, ["--pool", "strong", "--strategies", "random"],
     ("--pool", "--strategies replaces the experiment's pools")),
    ("sim-pool-seating", POOLED + "[[pools]]\nname = 'a'\nstrategies = ['random', 'random', 'random']\n"
     "seating = 'draw'\n", ["--seating", "random"], ("pools[0].strategies", "cannot fill 2 seats")),
]
for _name, _text, _args, _fragments in POOL_CLI:
    add("cli", _name, lambda e, t=_text, a=_args: [*e.exp(t), *a], *_fragments)
add("cli", "tune-two-pools", lambda e: ["tune", e.file("exp.toml", POOLED + POOL + POOL.replace("strong", "mix")),
                                        "--out", str(e.tmp / "out"), "-q", *TUNE_OK],
    "tune plays one set of strategies", "strong, mix", "--pool")

PLAY_CLI: list[tuple[str, list[str], tuple[str, ...]]] = [
    ("play-lineup", ["-n", "3", "--strategies", "random,random"], ("--strategies", "2 strategies cannot fill 3 seats")),
    ("play-lineup-long", ["-n", "2", "--strategies", "random,random,random"], ("--strategies", "3 strategies")),
    ("play-strategy", ["--strategies", "rnadom"], ("unknown strategy 'rnadom'",)),
    ("play-strategy-param", ["--strategies", "random:x=1"], ("random:x=1",)),
    ("play-strategy-module", ["--strategies", "no_such_pkg.bots:Bot"], ("no_such_pkg.bots", "no module")),
    ("play-sides", ["--sides", "abc"], ("sides", "12 letters")),
    ("play-layout", ["--layout", "ABC"], ("neutral_layout", "A-G")),
    ("play-masters-count", ["--station-masters", "SM1,SM2"], ("station_masters", "5 different tile ids")),
    ("play-masters-id", ["--station-masters", "SM1,SM2,SM3,SM4,SM99"], ("station_masters", "SM99")),
    ("play-solo-difficulty", ["--solo", "--difficulty", "insane"], ("solo_difficulty", "unknown difficulty 'insane'")),
    ("play-solo-first-delivery", ["--solo", "--first-delivery", "atlantis"], ("solo_first_delivery", "'atlantis'")),
    ("play-difficulty-without-solo", ["--difficulty", "hard"], ("--difficulty", "only in the solo mode")),
    ("play-first-delivery-without-solo", ["-n", "2", "--first-delivery", "peoria"],
     ("--first-delivery", "only in the solo mode")),
    ("play-solo-players", ["--solo", "-n", "3"], ("--players", "--solo plays 1 player")),
    ("play-solo-lineup", ["--solo", "--strategies", "random,greedy"], ("--strategies", "cannot fill 1 seat")),
    # an empty entry used to be dropped (or, alone, to play the default strategy)
    ("play-strategies-empty", ["--strategies", ""], ("--strategies", "no strategy given")),
    ("play-strategies-empty-entry", ["-n", "2", "--strategies", "random,,random"], ("--strategies", "an empty entry")),
]
add("cli", "simulate-strategies-empty-entry", lambda e: [*e.exp(BASE), "--strategies", "random,"],
    "--strategies", "an empty entry in 'random,'")
for _name, _args, _fragments in PLAY_CLI:
    add("cli", _name, lambda e, a=_args: ["play", "-q", *a], *_fragments)

add("cli", "play-replay-out-folder", lambda e: ["play", "-q", "-n", "2", "--replay-out", str(e.tmp / "no" / "r.json")],
    "r.json", "No such file or directory")
add("cli", "show-kind", lambda e: ["content", "show", "spaceship", "1"], "unknown kind 'spaceship'")
add("cli", "show-building", lambda e: ["content", "show", "building", "13z"], "unknown building '13z'")
add("cli", "show-station", lambda e: ["content", "show", "station", "11"], "unknown station '11'")
add("cli", "check-folder", lambda e: ["content", "check", str(e.tmp / "nowhere")], "nowhere", "content folder not found")
add("cli", "uncertain-folder", lambda e: ["content", "uncertain", str(e.tmp / "nowhere")], "nowhere", "not found")
add("cli", "out-is-a-file", lambda e: [*e.exp(BASE)[:3], e.file("out.txt", "x"), "-q", "-j", "1"],
    "out.txt", "not a folder")
add("cli", "out-not-a-dataset", lambda e: [*e.exp(BASE)[:3], str(Path(e.file("mine/notes.txt", "x")).parent), "-q"],
    "mine", "not a gwt-sim dataset")

# --------------------------------------------------------------------------- content folders

CONTENT: list[tuple[str, str, str, str, tuple[str, ...]]] = [
    ("unknown-verb", "buildings.toml", 'op = "move_engine", min = 1, per = "own_woods_buildings"',
     'op = "mvoe_engine", min = 1, per = "own_woods_buildings"', ("buildings.toml", "private.7b", "mvoe_engine")),
    ("money-range", "setup.toml", "starting_money_by_seat = [6, 7, 8, 9]", "starting_money_by_seat = [40000, 7, 8, 9]",
     ("setup.toml", "starting_money_by_seat[0]", "40000", "-32,768..32,767")),
    ("building-vp-range", "buildings.toml", "builders = 8\nvp = 11", "builders = 8\nvp = 200",
     ("buildings.toml", "private.10b.vp", "200", "-128..127")),
    ("city-value-range", "cities.toml", "order = 5\nvalue = 10", "order = 5\nvalue = 300",
     ("cities.toml", "cities.chicago.value", "300")),
    ("station-cost-range", "railroad.toml", "turnout_after = 10\ncost = 4", "turnout_after = 10\ncost = 999",
     ("railroad.toml", "stations.3.cost", "999")),
    ("breed-value-range", "cattle.toml", 'colour = "grey"\nvalue = 1', 'colour = "grey"\nvalue = 500',
     ("cattle.toml", "breeds.criollo.value", "500")),
    ("card-vp-range", "cattle.toml", 'vp = { "0" = 5 }\nname_1e = "jersey"', 'vp = { "900" = 5 }\nname_1e = "jersey"',
     ("cattle.toml", "breeds.criollo.vp.900", "900")),
    ("buy-dollars-range", "cattle.toml", "cowboys = 1\ndollars = 6\ncards = 1\ngroup = \"value3_market\"",
     "cowboys = 1\ndollars = 600\ncards = 1\ngroup = \"value3_market\"", ("buy_options.value3_1_cowboy.dollars", "600")),
    ("worker-vp-range", "player_board.toml", 'vp_per_worker_on_space = { "5" = 4, "6" = 4 }',
     'vp_per_worker_on_space = { "5" = 400, "6" = 4 }', ("worker_rows.vp_per_worker_on_space.5", "400")),
    ("row-cost-range", "job_market.toml", "row_costs = [6, 6, 7, 5, 7, 9, 6, 8, 10, 6, 5, 4]",
     "row_costs = [6, 6, 7, 5, 7, 9, 6, 8, 10, 6, 5, 400]", ("job_market.row_costs[11]", "400")),
    ("penalty-range", "objectives.toml", 'tasks = ["building", "orange_outlaw", "orange_outlaw"]\nvp = 3\npenalty = -2',
     'tasks = ["building", "orange_outlaw", "orange_outlaw"]\nvp = 3\npenalty = -200',
     ("objectives.toml", "deck.GAIN2_BBLBL.penalty", "-200")),
    ("amount-range", "buildings.toml", '{ op = "discard", card = "pair_same_breed", count = 2 }, { op = "gain_money", amount = 4 }',
     '{ op = "discard", card = "pair_same_breed", count = 2 }, { op = "gain_money", amount = 70000 }',
     ("buildings.toml", "neutral.F.actions[0][1].amount", "70000")),
    ("unknown-field", "cities.toml", "order = 5\nvalue = 10", "order = 5\nvalu = 10\nvalue = 10",
     ("cities.toml", "cities.chicago.valu", "unknown field")),
    ("missing-field", "cities.toml", "order = 5\nvalue = 10\n", "order = 5\n", ("cities.toml", "value", "missing")),
    ("wrong-type", "cities.toml", "order = 5\nvalue = 10", "order = 5\nvalue = 'ten'",
     ("cities.toml", "cities.chicago.value", "expected an integer")),
    ("bool-as-int", "cities.toml", "order = 5\nvalue = 10", "order = 5\nvalue = true",
     ("cities.toml", "cities.chicago.value", "expected an integer")),
    ("bad-toml", "cities.toml", "order = 5\nvalue = 10", "order = 5\nvalue = ", ("cities.toml", "not valid TOML")),
    ("starting-money-short", "setup.toml", "starting_money_by_seat = [6, 7, 8, 9]", "starting_money_by_seat = [6, 7]",
     ("setup.toml", "starting_money_by_seat", "one value per seat")),
    ("unknown-card", "buildings.toml", '{ op = "discard", card = "pair_same_breed", count = 2 }, { op = "gain_money", amount = 4 }',
     '{ op = "discard", card = "unicorn", count = 1 }, { op = "gain_money", amount = 4 }', ("neutral.F", "unknown card 'unicorn'")),
    ("verb-param", "buildings.toml", '{ op = "discard", card = "pair_same_breed", count = 2 }, { op = "gain_money", amount = 4 }',
     '{ op = "discard", card = "pair_same_breed", count = 2 }, { op = "gain_money", amount = 4, times = 2 }',
     ("neutral.F", "has no parameter 'times'")),
]
for _name, _file, _old, _new, _fragments in CONTENT:
    add("content", _name, lambda e, f=_file, o=_old, n=_new: ["content", "check", e.content(f, o, n)], *_fragments)


def _missing_file(e: Env) -> list[str]:
    folder = e.content("cities.toml", "order = 5", "order = 5")
    (Path(folder) / "railroad.toml").unlink()
    return ["content", "check", folder]


def _not_utf8(e: Env) -> list[str]:
    folder = e.content("cities.toml", "order = 5", "order = 5")
    (Path(folder) / "trail.toml").write_bytes(b"# \xff\xfe\n")
    return ["content", "check", folder]


def _unknown_section(e: Env) -> list[str]:
    folder = e.content("cities.toml", "order = 5", "order = 5")
    with open(Path(folder) / "cities.toml", "a", encoding="utf-8") as f:
        f.write("\n[bonus_tiles.x]\nvp = 1\n")
    return ["content", "check", folder]


def _capacity(e: Env) -> list[str]:
    folder = e.content("meta.toml", "check_component_counts = true", "check_component_counts = false")
    patch = e.file("bag.toml", "[workers]\ncowboy = 98\n[bags.1.workers]\ncowboy = 80\n")
    return ["content", "check", folder, "--patch", patch]


add("content", "missing-file", _missing_file, "railroad.toml", "missing")
# The First Edition forbids the Second Edition's verbs (meta.forbidden_verbs): neutral building D with
# the outlaw bounty instead of the trade with Indians.
add("content", "first-edition-with-2e-verb",
    lambda e: ["content", "check", e.content("buildings.toml", '[[{ op = "trade_with_indians" }], [{ op = "pay_money"',
                                             '[[{ op = "bounty" }], [{ op = "pay_money"', FIRST_EDITION_DIR)],
    "buildings.toml", "neutral.D.actions[0][0].options[0][0]", "verb 'bounty' does not exist in this content's edition")
add("content", "not-utf8", _not_utf8, "trail.toml", "not UTF-8")
add("content", "unknown-section", _unknown_section, "bonus_tiles", "unknown section")
add("content", "engine-capacity", _capacity, "does not fit the engine", "bag has 115 entries")
add("content", "play-with-bad-content",
    lambda e: ["play", "-q", "--content", e.content("buildings.toml", "builders = 8\nvp = 11", "builders = 8\nvp = 200")],
    "private.10b.vp", "200")
add("content", "experiment-with-bad-content",
    lambda e: e.exp(BASE + f"content = '{e.content('setup.toml', 'discs_per_player = 14', 'discs_per_player = 13')}'\n"),
    "content", "discs_per_player")

# --------------------------------------------------------------------------- content patches

PATCHES: list[tuple[str, str | bytes, tuple[str, ...]]] = [
    ("bad-toml", "[stations.5\n", ("p.toml", "not valid TOML")),
    ("not-utf8", b"[stations.5]\ncost = '\xff'\n", ("p.toml", "not UTF-8")),
    ("unknown-component", "[stations.42]\ncost = 7\n", ("p.toml", "stations.42", "no such component")),
    ("unknown-section", "[bonus]\nvp = 1\n", ("p.toml", "bonus", "no such component")),
    ("unknown-building", "[private.13a]\nvp = 1\n", ("p.toml", "private.13a", "no such component")),
    ("set-not-table", "set = 3\n", ("p.toml", "set", "expected a table")),
    ("set-malformed-path", 'set = { "private..10b" = 3 }\n', ("p.toml", "private..10b", "malformed path")),
    ("set-unknown-path", 'set = { "private.10b.actions[0][0].amonut" = 3 }\n', ("amonut",)),
    ("set-index", 'set = { "private.10b.actions[9][0].amount" = 3 }\n', ("p.toml", "actions[9]")),
    ("set-through-value", 'set = { "private.10b.vp.x" = 3 }\n', ("p.toml", "private.10b.vp.x")),
    ("amount-range", 'set = { "private.10b.actions[0][0].amount" = 100000 }\n',
     ("buildings.toml", "private.10b.actions[0][0].amount", "100000", "-32,768..32,767", "p.toml")),
    ("master-vp-range", "[station_masters.SM1.scoring]\nvp = 40000\n",
     ("station_masters.toml", "station_masters.SM1.scoring.vp", "40000", "-128..127", "p.toml")),
    ("money-range", "[setup]\nstarting_money_by_seat = [6, 7, 8, 40000]\n",
     ("setup.toml", "starting_money_by_seat[3]", "40000", "p.toml")),
    ("market-size-range", '[setup.cattle_market_size]\n"2" = 300\n', ("setup.cattle_market_size.2", "300", "p.toml")),
    ("fee-range", '[hand_fees.per_players."2"]\ngreen = 500\n', ("hand_fees.per_players.2.green", "500")),
    ("objective-vp-range", "[deck.GAIN2_BBLBL]\nvp = 1000\n", ("deck.GAIN2_BBLBL.vp", "1000")),
    ("hand-limit-range", "[hand_limit]\nmax = 200\n", ("hand_limit.max", "200")),
    ("wrong-type", '[private.7b]\nvp = "six"\n', ("buildings.toml", "private.7b.vp", "p.toml")),
    ("unknown-field", "[private.7b]\nvpp = 6\n", ("private.7b.vpp", "unknown field")),
    ("unknown-verb", 'set = { "private.10b.actions[0][0].op" = "gian_money" }\n', ("private.10b.actions[0][0]", "gian_money")),
    ("negative-cost", "[stations.3]\ncost = -1\n", ("stations.3.cost", ">= 0")),
    ("inconsistent", "[setup]\nstation_masters_used = 12\n", ("station_masters_used",)),
    ("option-type", "[options]\narrow_objective_from_stack = 'yes'\n", ("arrow_objective_from_stack", "true or false")),
]
for _name, _text, _fragments in PATCHES:
    add("patch", _name, lambda e, t=_text: ["content", "check", "--patch", e.file("p.toml", t)], *_fragments)

add("patch", "missing-file", lambda e: ["content", "check", "--patch", str(e.tmp / "missing.toml")],
    "missing.toml", "patch file not found")
add("patch", "second-of-two", lambda e: ["content", "check", "--patch", e.file("good.toml", "[stations.5]\ncost = 7\n"),
                                          "--patch", e.file("p.toml", "[stations.42]\ncost = 7\n")],
    "p.toml", "stations.42")
add("patch", "play", lambda e: ["play", "-q", "--patch", e.file("p.toml", "[private.7b]\nvp = 300\n")],
    "private.7b.vp", "300", "p.toml")
add("patch", "show", lambda e: ["content", "show", "building", "7b", "--patch", e.file("p.toml", "[private.7b]\nvp = 300\n")],
    "private.7b.vp", "300")

# --------------------------------------------------------------------------- replays

def _setup_failing() -> dict:
    """A replay variant whose patch validates but cannot set up a game, with its content's hash."""
    from gwt_sim.tables import compile_tables

    variant = {"players": 2, "sides": "a", "patches": [{"set": {"job_market.token_start_row": 3}}]}
    return {"variant": variant, "hash": compile_tables(variant=Variant.from_mapping(variant)).content_hash}


_SETUP_FAILING = _setup_failing()
REPLAYS: list[tuple[str, dict, tuple[str, ...]]] = [
    ("variant-string", {"variant": "x"}, ("r.json", "variant", "expected a table")),
    ("variant-knob", {"variant": {"players": 2, "sides": "a", "colour": "red"}}, ("r.json", "variant", "colour")),
    ("variant-sides", {"variant": {"players": 2, "sides": "q"}}, ("r.json", "variant", "sides")),
    ("variant-players", {"variant": {"players": 9}}, ("r.json", "variant", "players")),
    ("variant-money", {"variant": {"players": 2, "starting_money": [40000, 7]}}, ("variant", "starting_money", "40000")),
    ("variant-patch-path", {"variant": {"players": 2, "sides": "a", "patches": [{"set": {"x.y": 1}}]}},
     ("r.json", "variant.patches", "no such component")),
    ("variant-patch-setup", {"variant": _SETUP_FAILING["variant"], "content_hash": _SETUP_FAILING["hash"]},
     ("r.json", "cannot set up a game")),
    ("seed-negative", {"seed": -1}, ("r.json", "seed", "-1")),
    ("seed-huge", {"seed": 2**64}, ("r.json", "seed", str(2**64))),
    ("seed-string", {"seed": "7"}, ("r.json", "seed", "'7'")),
    ("actions-type", {"actions": "1,2,3"}, ("r.json", "actions", "expected a list")),
    ("action-huge", {"actions": [2, 80, 1099511627776]}, ("r.json", "actions[2]", "1099511627776")),
    ("action-negative", {"actions": [2, -5]}, ("r.json", "actions[1]", "-5")),
    ("action-string", {"actions": [2, "80"]}, ("r.json", "actions[1]", "'80'")),
    ("action-float", {"actions": [2, 80.5]}, ("r.json", "actions[1]", "80.5")),
    ("action-bool", {"actions": [True]}, ("r.json", "actions[0]", "True")),
    ("action-illegal", {"actions": [2, 80, 1030, 900]}, ("r.json", "actions[3]", "not legal")),
    ("truncated", {"actions": "first50"}, ("r.json", "ends after 50 actions", "not finished")),
    ("content-hash", {"content_hash": "0000000000000000"}, ("r.json", "recorded with content 0000000000000000")),
    ("content-hash-type", {"content_hash": 3}, ("r.json", "content_hash")),
    ("missing-actions", {"actions": None}, ("r.json", "actions", "missing")),
    ("missing-variant", {"variant": None}, ("r.json", "variant", "missing")),
    ("unknown-field", {"comment": "hi"}, ("r.json", "comment", "unknown field")),
    ("format", {"format": "gwt-sim-replay/9"}, ("r.json", "not a gwt-sim-replay/1 file")),
    ("strategies-type", {"strategies": "random"}, ("r.json", "strategies", "expected a list of strategy strings")),
    ("strategies-item", {"strategies": ["random", 3]}, ("r.json", "strategies", "one per seat")),
    ("strategies-count", {"strategies": ["random"] * 3}, ("r.json", "strategies", "3 strategy strings for 2 seats")),
    ("strategies-count-solo", {"variant": {"players": 1}, "strategies": ["random"] * 2},
     ("r.json", "strategies", "2 strategy strings for 1 seat", "Sam is played by the engine")),
]


def _replay_case(changes: dict) -> Callable[[Env], list[str]]:
    def argv(e: Env) -> list[str]:
        if changes.get("actions") == "first50":
            data = json.loads((REPO / "tests" / "golden" / "game_2p_seed11.replay.json").read_text())
            return e.replay(actions=data["actions"][:50])
        return e.replay(**changes)
    return argv


for _name, _changes, _fragments in REPLAYS:
    add("replay", _name, _replay_case(_changes), *_fragments)

add("replay", "extra-actions", lambda e: e.replay(actions=[
    *json.loads((REPO / "tests" / "golden" / "game_2p_seed11.replay.json").read_text())["actions"], 0]),
    "r.json", "the game ended after")
add("replay", "not-json", lambda e: ["play", "--replay", e.file("r.json", "{nope")], "r.json", "not valid JSON")
add("replay", "not-a-table", lambda e: ["play", "--replay", e.file("r.json", "[1, 2]")], "r.json", "not a gwt-sim-replay/1")
add("replay", "not-utf8", lambda e: ["play", "--replay", e.file("r.json", b'{"a": "\xff"}')], "r.json", "not UTF-8")

# --------------------------------------------------------------------------- datasets to report on


def _report(path: Path | str, *more: str) -> list[str]:
    return ["report", str(path), "--out", str(Path(path).parent / "rep.md"), *more]


def _flip_byte(path: Path) -> None:
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0xFF
    path.write_bytes(bytes(data))


def _manifest(root: Path, **changes) -> None:
    m = json.loads((root / "manifest.json").read_text())
    for k, v in changes.items():
        if v is None:
            m.pop(k, None)
        else:
            m[k] = v
    (root / "manifest.json").write_text(json.dumps(m))


def _damaged(e: Env) -> list[str]:
    root = e.dataset()
    _flip_byte(root / "games" / "part-00001.parquet")
    return _report(root)


def _missing_part(e: Env) -> list[str]:
    root = e.dataset()
    (root / "players" / "part-00000.parquet").unlink()
    return _report(root)


def _copied_part(e: Env) -> list[str]:
    root = e.dataset()
    for table in ("games", "players"):
        shutil.copy(root / table / "part-00000.parquet", root / table / "part-00007.parquet")
    return _report(root)


def _unrecorded_own_part(e: Env) -> list[str]:
    root = e.dataset()
    m = json.loads((root / "manifest.json").read_text())
    del m["parts"]["1"]                           # as if killed between writing the part and recording it
    (root / "manifest.json").write_text(json.dumps(m))
    return _report(root)


def _duplicates_v1(e: Env) -> list[str]:
    root = e.dataset()
    _manifest(root, format="gwt-sim-dataset/1", parts=None)
    for table in ("games", "players"):
        shutil.copy(root / table / "part-00000.parquet", root / table / "part-00007.parquet")
    return _report(root)


def _other_players_v1(e: Env) -> list[str]:
    root = e.dataset()
    other = e.dataset("3p")
    _manifest(root, format="gwt-sim-dataset/1", parts=None)
    for table in ("games", "players"):
        shutil.copy(other / table / "part-00000.parquet", root / table / "part-00001.parquet")
    return _report(root)


def _other_players_over(e: Env) -> list[str]:
    root = e.dataset()
    other = e.dataset("3p")
    for table in ("games", "players"):
        shutil.copy(other / table / "part-00000.parquet", root / table / "part-00001.parquet")
    return _report(root)


def _garbage_v1(e: Env) -> list[str]:
    root = e.dataset()
    _manifest(root, format="gwt-sim-dataset/1", parts=None)
    (root / "games" / "part-00001.parquet").write_bytes(b"not parquet at all")
    return _report(root)


def pa_nulls(column):
    import pyarrow as pa

    return pa.nulls(len(column), column.type)


def pa_same(column, value: int):
    import pyarrow as pa

    return pa.array([value] * len(column), column.type)


def _rewritten_v1(e: Env, table: str, column: str, values) -> list[str]:
    """A dataset (as format 1: no checksums, like parts whose records were forged) with one column
    of every part of `table` rewritten by `values(column)`."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    root = e.dataset()
    _manifest(root, format="gwt-sim-dataset/1", parts=None)
    for path in sorted((root / table).glob("*.parquet")):
        t = pq.read_table(path)
        i = t.column_names.index(column)
        new = values(t.column(i))
        pq.write_table(t.set_column(i, column, new if isinstance(new, pa.Array) else pa.array(new)), path)
    return _report(root)


def _no_parts(e: Env) -> list[str]:
    root = e.dataset()
    _manifest(root, parts={})
    for p in [*(root / "games").glob("*.parquet"), *(root / "players").glob("*.parquet")]:
        p.unlink()
    return _report(root)


def _compare_players(e: Env) -> list[str]:
    return _report(e.dataset(), "--compare", str(e.dataset("3p")))


add("report", "missing-folder", lambda e: _report(e.tmp / "nowhere"), "nowhere", "no such folder")
add("report", "a-file", lambda e: _report(e.file("f.txt", "x")), "f.txt", "not a folder")
add("report", "no-manifest", lambda e: _report(Path(e.file("d/games/x.txt", "x")).parent.parent), "no manifest.json")
add("report", "manifest-json", lambda e: _report(Path(e.file("d/manifest.json", "{nope")).parent), "manifest.json",
    "invalid JSON")
add("report", "manifest-format", lambda e: _report(Path(e.file("d/manifest.json", '{"format": "x"}')).parent),
    "manifest.json", "not a gwt-sim-dataset/2 manifest")
add("report", "empty", _no_parts, "empty dataset")
add("report", "damaged-part", _damaged, "part-00001.parquet", "damaged")
add("report", "missing-part", _missing_part, "players/part-00000.parquet", "missing")
add("report", "copied-part", _copied_part, "part-00007.parquet", "not recorded")
add("report", "unrecorded-own-part", _unrecorded_own_part, "part-00001.parquet", "written but not recorded",
    "same `gwt-sim simulate` command")
add("report", "duplicate-ids-v1", _duplicates_v1, "game_id", "part-00007.parquet")
add("report", "other-players-v1", _other_players_v1, "part-00001.parquet", "3-player", "2-player")
add("report", "other-players-recorded", _other_players_over, "part-00001.parquet", "damaged")
add("report", "garbage-part-v1", _garbage_v1, "cannot read")
# parts whose columns were rewritten (and their records with them) used to fail deep inside a section
add("report", "column-text", lambda e: _rewritten_v1(e, "players", "score", lambda c: ["x"] * len(c)),
    "players table's column 'score'", "expected numbers")
add("report", "column-gaps", lambda e: _rewritten_v1(e, "games", "turns", lambda c: pa_nulls(c)),
    "games table's column 'turns'", "missing")
add("report", "seat-twice", lambda e: _rewritten_v1(e, "players", "seat", lambda c: pa_same(c, 1)),
    "part-00000.parquet", "has a seat twice")
add("report", "players-rows-other-count", lambda e: _rewritten_v1(e, "players", "players", lambda c: pa_same(c, 3)),
    "part-00000.parquet", "3-player rows")
add("report", "format", lambda e: _report(e.dataset(), "--format", "pdf"), "unknown format 'pdf'")
# a report written over the dataset's own files used to replace its manifest or a part
add("report", "out-manifest", lambda e: ["report", str(d := e.dataset()), "--out", str(d / "manifest.json")],
    "--out", "manifest.json", "among the files of the dataset")
add("report", "out-part", lambda e: ["report", str(d := e.dataset()), "--out", str(d / "games" / "part-00000.parquet")],
    "part-00000.parquet", "among the files of the dataset")
add("report", "tables-in-players", lambda e: [*_report(d := e.dataset()), "--tables-dir", str(d / "players")],
    "--tables-dir", "among the files of the dataset")
add("report", "out-under-a-file", lambda e: ["report", str(e.dataset()), "--out", e.file("f.txt", "x") + "/r.md"],
    "f.txt is a file, not a folder")
add("report", "out-a-folder", lambda e: ["report", str(e.dataset()), "--out", str(e.tmp)], "a folder, not a file")
add("report", "tables-a-file", lambda e: [*_report(e.dataset()), "--tables-dir", e.file("f.txt", "x")],
    "--tables-dir", "a file, not a folder")
add("report", "compare-missing", lambda e: _report(e.dataset(), "--compare", str(e.tmp / "nowhere")), "nowhere")
add("report", "compare-players", _compare_players, "cannot compare")
add("report", "tune-state-json", lambda e: _report(Path(e.file("t/tune.json", "{nope")).parent), "tune.json",
    "unreadable")
add("report", "tune-state-format", lambda e: _report(Path(e.file("t/tune.json", '{"format": "x"}')).parent),
    "tune.json", "not a gwt-sim-tune/1 file")
add("report", "tune-round-missing", lambda e: _report(Path(e.file("t/tune.json", json.dumps({
    "format": "gwt-sim-tune/1", "spec": {"metric": "seat_1_win_share", "target_value": 0.5, "param": "seat_vp[0]"},
    "rounds": [{"round": 0, "values": [0, 1], "folder": "round-000", "analysis": {}}]}))).parent),
    "round-000", "no such folder")
_TUNE = {"format": "gwt-sim-tune/1", "spec": {"metric": "seat_1_win_share", "target_value": 0.5, "param": "seat_vp[0]"},
         "rounds": [{"round": 0, "values": [0, 1], "folder": "round-000", "analysis": {}}]}
# hand-edited records of the right format but the wrong shape used to end in AttributeError / ValueError tracebacks
for _name, _edit, _fragment in [
    ("rounds-text", {"rounds": "x"}, "rounds is not a list"),
    ("round-values-text", {"rounds": [{**_TUNE["rounds"][0], "values": "x"}]}, "rounds[0]: values or folder"),
    ("round-number-text", {"rounds": [{**_TUNE["rounds"][0], "round": "x"}]}, "rounds[0].round is not a whole number"),
    ("target-text", {"spec": {**_TUNE["spec"], "target_value": "x"}}, "spec.target_value is not a number"),
]:
    add("report", f"tune-state-{_name}", lambda e, x=_edit: _report(Path(e.file("t/tune.json", json.dumps(
        {**_TUNE, **x}))).parent), "tune.json", "damaged", _fragment)
for _name, _edit, _fragment in [
    ("arms-numbers", {"arms": [1, 2]}, "arms[0] is not a table"),
    ("arm-players-text", "players", "arms[0] is not a table with a name and a player count"),
    ("spec-number", {"experiment_spec": 5}, "experiment_spec is not a dict"),
    ("sweep-params-text", {"sweep": {"params": "x", "arms": {}}}, "sweep.params is not a list of tables"),
]:
    def _edited(e: Env, x=_edit) -> list[str]:
        root = e.dataset()
        if x == "players":
            m = json.loads((root / "manifest.json").read_text())
            x = {"arms": [{**m["arms"][0], "players": "four"}]}
        _manifest(root, **x)
        return _report(root)
    add("report", f"manifest-{_name}", _edited, "manifest.json", "damaged manifest", _fragment)
add("cli", "tune-resume-damaged", lambda e: [
    "tune", e.file("exp.toml", BASE), "--out", str(Path(e.file("t/tune.json", json.dumps({**_TUNE, "rounds": "x"}))).parent),
    "-q", "-j", "1", *TUNE_OK], "tune.json", "damaged: rounds is not a list", "--overwrite")
add("report", "simulate-resume-stranger", lambda e: [
    "simulate", e.file("exp.toml", _SMALL_2P), "--out",
    str(_with_stranger(e.dataset())), "-q", "-j", "1"], "part-00009.parquet", "not a part of this dataset")


def _with_stranger(root: Path) -> Path:
    shutil.copy(root / "games" / "part-00000.parquet", root / "games" / "part-00009.parquet")
    return root


# --------------------------------------------------------------------------- strategy plugins

PLUGINS: list[tuple[str, str, tuple[str, ...]]] = [
    ("raises", "Raises", ("policy Raises (seat 1) raised RuntimeError: kaboom",)),
    ("none", "ReturnsNone", ("policy ReturnsNone (seat 1) returned None, not an action id",)),
    ("half", "ReturnsHalf", ("policy ReturnsHalf (seat 1) returned", ".5, not an action id")),
    ("huge", "ReturnsHuge", ("policy ReturnsHuge (seat 1) returned 1180591620717411303424, not a legal action",)),
    ("illegal", "ReturnsIllegal", ("policy ReturnsIllegal (seat 1) returned", "not a legal action")),
    ("negative", "ReturnsNegative", ("policy ReturnsNegative (seat 1) returned -1, not a legal action",)),
    ("string", "ReturnsString", ("policy ReturnsString (seat 1) returned '", "not an action id")),
    ("list", "ReturnsList", ("policy ReturnsList (seat 1) returned [", "not an action id")),
    ("bool", "ReturnsBool", ("policy ReturnsBool (seat 1) returned True, not an action id",)),
    ("no-choose", "NoChoose", ("policy NoChoose (seat 1) raised NotImplementedError",)),
    ("exits", "Exits", ("policy Exits (seat 1) raised SystemExit: 0",)),
    ("reset", "ResetRaises", ("policy ResetRaises (seat 1) raised RuntimeError: reset failed in reset",)),
    ("unprintable", "RaisesUnprintable", ("policy RaisesUnprintable (seat 1) raised _Unprintable",)),
    ("bad-index", "ReturnsBadIndex", ("policy ReturnsBadIndex (seat 1) returned <", "not an action id")),
    ("own-base-exception", "RaisesOwnBaseException", ("policy RaisesOwnBaseException (seat 1) raised _OwnBaseException",)),
    ("plays-on-the-state", "PlaysOnTheState", ("policy PlaysOnTheState (seat 1) played on the game state",)),
    ("edits-legal", "EditsLegal", ("policy EditsLegal (seat 1) returned 9999, not a legal action",)),
    ("compiled-without-choose-c", "CompiledPolicy", ("must implement choose_c",)),
]
_SMALL_2P = 'name = "small"\ngames = 20\nseed = 3\nplayers = 2\nchunk_size = 10\nstrategies = ["random"]\n'
for _name, _cls, _fragments in PLUGINS:
    _mod = "gwt_sim.engine.policy" if _cls == "CompiledPolicy" else BOT   # a compiled base with no choose_c
    add("plugin", f"play-{_name}", lambda e, c=_cls, m=_mod: ["play", "-q", "-n", "2", "--strategies", f"{m}:{c},random"],
        *_fragments)
    add("plugin", f"simulate-{_name}", lambda e, c=_cls, m=_mod: e.exp(
        BASE.replace('["random"]', f'["{m}:{c}", "random"]') + "seating = 'fixed'\n"), "arm 'main', game 0",
        *_fragments)

add("plugin", "play-hangs", lambda e: ["play", "-q", "-n", "2", "--strategies", f"{BOT}:Hangs,random",
                                       "--decision-timeout", "0.2"], "policy Hangs (seat 1) took longer than 0.2 s")
add("plugin", "play-swallows-timeout", lambda e: ["play", "-q", "-n", "2", "--strategies", f"{BOT}:SwallowsTimeout,random",
                                                  "--decision-timeout", "0.2"], "policy SwallowsTimeout (seat 1) took longer")
add("plugin", "simulate-hangs", lambda e: [*e.exp(BASE.replace('["random"]', f'["{BOT}:Hangs", "random"]')
                                                  + "seating = 'fixed'\n"), "--decision-timeout", "0.2"],
    "arm 'main'", "policy Hangs (seat 1) took longer than 0.2 s")
PLUGIN_BUILD: list[tuple[str, str, tuple[str, ...]]] = [
    ("constructor", f"{BOT}:BadConstructor", ("BadConstructor", "ZeroDivisionError")),
    ("not-a-policy", f"{BOT}:NotAPolicy", ("NotAPolicy", "not a gwt_sim Policy")),
    ("import-error", "tests.plugins.broken_plugin:Bot", ("tests.plugins.broken_plugin", "torch_gwt")),
    ("no-class", f"{BOT}:Nope", (BOT, "no attribute 'Nope'")),
    ("no-module", "tests.plugins.nowhere:Bot", ("tests.plugins.nowhere", "no module")),
    ("bad-params", f"{BOT}:Raises:depth=3", ("Raises", "depth")),
    ("exits-when-built", f"{BOT}:ExitsWhenBuilt", ("ExitsWhenBuilt", "SystemExit")),
    ("own-base-exception-when-built", f"{BOT}:RaisesOwnWhenBuilt", ("RaisesOwnWhenBuilt", "_OwnBaseException")),
    ("own-base-exception-at-import", "tests.plugins.own_base_exception_plugin:Bot",
     ("own_base_exception_plugin", "PluginGaveUp: gave up while importing")),
]
for _name, _text, _fragments in PLUGIN_BUILD:
    add("plugin", f"play-{_name}", lambda e, t=_text: ["play", "-q", "-n", "2", "--strategies", f"{t},random"],
        *_fragments)
    add("plugin", f"simulate-{_name}", lambda e, t=_text: e.exp(BASE.replace('["random"]', f'["{t}"]')),
        "strategies[0]", *_fragments)


# --------------------------------------------------------------------------- the tests


@pytest.fixture(scope="module")
def datasets(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], Path]:
    """Small simulated datasets, made once: "2p" (2 players, 20 games in 2 chunks), "3p"."""
    from gwt_sim.runner import simulate

    made: dict[str, Path] = {}

    def get(kind: str) -> Path:
        if kind not in made:
            folder = tmp_path_factory.mktemp(f"ds_{kind}")
            text = _SMALL_2P if kind == "2p" else _SMALL_2P.replace("players = 2", "players = 3")
            (folder / "exp.toml").write_text(text, encoding="utf-8")
            made[kind] = simulate(folder / "exp.toml", folder / "data", jobs=1, progress=False).path
        return made[kind]

    return get


@pytest.mark.parametrize("case", CASES, ids=[f"{c.category}-{c.name}" for c in CASES])
def test_bad_input_is_one_line(case: Case, tmp_path: Path, datasets, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    argv = case.argv(Env(tmp_path, datasets))
    result = CliRunner().invoke(cli, argv, catch_exceptions=False)
    assert result.exit_code == 2, (result.exit_code, result.output)
    assert "Traceback" not in result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: "), lines[0]
    assert result.stdout == "", result.stdout
    for fragment in case.fragments:
        assert fragment in lines[0], (fragment, lines[0])


def test_corpus_covers_every_category() -> None:
    counts = {c: sum(1 for x in CASES if x.category == c) for c in CATEGORIES}
    assert sum(counts.values()) >= 150, counts
    assert all(n >= 15 for n in counts.values()), counts
    assert len({(c.category, c.name) for c in CASES}) == len(CASES)
    assert all(c.fragments for c in CASES)        # every case names what is wrong


def test_a_refused_report_target_leaves_the_dataset_as_it_was(tmp_path: Path, datasets) -> None:
    root = Env(tmp_path, datasets).dataset()
    before = {p: p.read_bytes() for p in root.rglob("*") if p.is_file()}
    for target in (root / "manifest.json", root / "players" / "part-00000.parquet"):
        result = CliRunner().invoke(cli, ["report", str(root), "--out", str(target)], catch_exceptions=False)
        assert result.exit_code == 2, result.output
    assert {p: p.read_bytes() for p in root.rglob("*") if p.is_file()} == before
    result = CliRunner().invoke(cli, ["report", str(root)], catch_exceptions=False)
    assert result.exit_code == 0, result.output             # the dataset still reads
