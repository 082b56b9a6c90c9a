"""Load, validate and patch game content; compile it with a variant into engine tables.

    content = load_content()                       # built-in Second Edition
    content = load_content("my/folder")            # a designer's copy, validated the same way
    content = load_content(patches=[PATCH_TOML])   # what-if: override values
    tables = compile_tables(content, Variant(players=3, sides="random"))

Every problem is reported as a `ContentError` whose message is one line naming file, entry and
problem, e.g. ``buildings.toml: private.7b.actions[0][0]: unknown verb 'mvoe_engine'``.
"""

from __future__ import annotations

import copy
import dataclasses
import hashlib
import itertools
import json
import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from gwt_sim.errors import UserError, escape_controls
from gwt_sim.files import parse_toml, read_toml
from gwt_sim.limits import STEP_ARGUMENT, content_field, misfit
from gwt_sim.model import (
    AuxAction,
    Breed,
    Building,
    BuyOption,
    City,
    CityArrow,
    Conf,
    Content,
    DiscSpace,
    HazardKind,
    JobMarket,
    KCSupply,
    ObjectiveCard,
    PlayerBoard,
    Railroad,
    SamCard,
    Solo,
    SoloDifficulty,
    Station,
    StationMaster,
    Step,
    StepIcon,
    StepLimit,
    Steps,
    Task,
    Trail,
    TrailNode,
    frozen_map,
)
from gwt_sim.schema import SCORE_CATEGORIES
from gwt_sim.vocabulary import (
    COUNTER_NEEDS,
    COUNTERS,
    SAM_COUNTERS,
    SAM_VERB_BY_NAME,
    SPACE_VERB,
    SPECIAL_CARD_FILTERS,
    VERB_BY_NAME,
    Verb,
)

CONTENT_ROOT = Path(__file__).parent / "content"
BUILTIN_DIR = CONTENT_ROOT / "gwt2e"                # the default content: the Second Edition
FIRST_EDITION_DIR = CONTENT_ROOT / "gwt1e"

EDITION_NAMES: dict[int, str] = {1: "First Edition", 2: "Second Edition"}
# The built-in content of each edition, and the short names the command line and experiment files
# use for them (`--edition 1e`, `edition = "1e"`).
EDITION_DIRS: dict[int, Path] = {1: FIRST_EDITION_DIR, 2: BUILTIN_DIR}
EDITION_KEYS: dict[str, int] = {"1e": 1, "2e": 2}


def edition_dir(key: str) -> Path:
    """The built-in content folder of an edition named "1e" or "2e" (ValueError otherwise)."""
    if key not in EDITION_KEYS:
        raise ValueError(f"unknown edition {key!r} (expected {' or '.join(EDITION_KEYS)})")
    return EDITION_DIRS[EDITION_KEYS[key]]

# The content files of a set, in load order.
CONTENT_FILES: tuple[str, ...] = (
    "meta.toml", "setup.toml", "cattle.toml", "player_board.toml", "job_market.toml", "kc_supply.toml",
    "trail.toml", "railroad.toml", "cities.toml", "buildings.toml", "station_masters.toml",
    "objectives.toml", "scoring.toml",
)
# Files a content set may leave out: without solo.toml the content has no solo mode (content.solo is None).
OPTIONAL_CONTENT_FILES: tuple[str, ...] = ("solo.toml",)

# Component counts of the Second Edition box (checked unless meta.check_component_counts = false).
BOX_COUNTS_2E: dict[str, int] = {
    "market cattle cards": 36,
    "starting cattle cards per player": 14,
    "worker tiles": 54,
    "hazard tiles": 18,
    "outlaw tiles": 22,
    "station-master tiles": 9,
    "starting objective cards": 4,
    "objective cards": 24,
    "neutral buildings": 7,
    "neutral building spaces": 7,
    "private building spaces": 22,
    "railroad spaces": 39,
    "stations": 10,
    "cities": 10,
    "private building numbers": 12,
    "outlaw spaces": 9,
    "hazard spaces": 12,
    "discs per player": 14,
    "scoring categories": 11,
}
# ... and of its solo mode (checked when the content has one).
SOLO_BOX_COUNTS_2E: dict[str, int] = {
    "Sam cards": 15,
    "Sam discs": 14,
}

# Component counts of the First Edition box (Czech rulebook component list; reference §1.1, §17.1).
BOX_COUNTS_1E: dict[str, int] = {
    "market cattle cards": 36,
    "starting cattle cards per player": 14,
    "worker tiles": 54,
    "hazard tiles": 18,
    "teepee tiles": 22,
    "station-master tiles": 5,
    "starting objective cards": 4,
    "objective cards": 24,
    "neutral buildings": 7,
    "neutral building spaces": 7,
    "private building spaces": 22,
    "railroad spaces": 39,
    "stations": 10,
    "cities": 10,
    "private building numbers": 10,
    "teepee spaces": 9,
    "hazard spaces": 12,
    "discs per player": 14,
    "scoring categories": 11,
}

# The box each edition's content is checked against (meta.edition).
BOX_COUNTS: dict[int, dict[str, int]] = {1: BOX_COUNTS_1E, 2: BOX_COUNTS_2E}

CONF_TAGS = ("H", "M", "L")
HANDS = ("none", "green", "black", "both")
CORNERS = ("white", "dark")
NODE_KINDS = ("start", "neutral", "private", "hazard", "outlaw", "teepee", "kc")
UNLOCKS = ("aux1", "aux2", "aux3", "aux4", "aux5", "step_limit_left", "step_limit_right", "hand_limit",
           "cert_limit_4", "cert_limit_6")
BREED_SOURCES = ("starting", "market", "market_simmental", "supply_simmental")
_MISSING = object()


class ContentError(UserError, ValueError):
    """A content file, content patch or variant is malformed or inconsistent."""

    def __init__(self, file: str, entry: str, problem: str):
        # one-line rule: control characters (e.g. from a TOML key holding a newline) are escaped
        file, entry, problem = escape_controls(file), escape_controls(entry), escape_controls(problem)
        self.file, self.entry, self.problem = file, entry, problem
        super().__init__(f"{file}: {entry}: {problem}" if entry else f"{file}: {problem}")

    @property
    def under_patch(self) -> str:
        """The message for a caller that names the patch itself: a patch's own error without its leading
        "patch", a content file's error (a patch made it invalid) whole."""
        if self.file != "patch":
            return str(self)
        return f"{self.entry}: {self.problem}" if self.entry else self.problem


# --------------------------------------------------------------------------- strict reading


class Rec:
    """A table being read: typed getters that fail with file + entry path; unknown keys are errors."""

    def __init__(self, data: Any, file: str, path: str):
        self.file, self.path = file, path
        if not isinstance(data, dict):
            self.fail(f"expected a table, got {_typename(data)}")
        self.data: dict[str, Any] = data
        self.used: set[str] = set()

    def sub(self, key: str) -> str:
        return f"{self.path}.{key}" if self.path else key

    def fail(self, problem: str, key: str | None = None) -> None:
        raise ContentError(self.file, self.sub(key) if key is not None else self.path, problem)

    def has(self, key: str) -> bool:
        return key in self.data

    def raw(self, key: str, default: Any = _MISSING) -> Any:
        self.used.add(key)
        if key not in self.data:
            if default is _MISSING:
                self.fail(f"missing field '{key}'")
            return default
        return self.data[key]

    def int(self, key: str, default: Any = _MISSING, minimum: int | None = None,
            maximum: int | None = None) -> int:
        v = self.raw(key, default)
        if v is None:
            return v
        if not isinstance(v, int) or isinstance(v, bool):
            self.fail(f"expected an integer, got {_typename(v)} {v!r}", key)
        if minimum is not None and v < minimum:
            self.fail(f"must be >= {minimum}, got {v}", key)
        if maximum is not None and v > maximum:
            self.fail(f"must be <= {maximum}, got {v}", key)
        self.fits(key, v)
        return v

    def fits(self, key: str, value: int, where: str | None = None) -> None:
        """Fail unless `value` fits the engine field the content field `key` is stored in."""
        problem = misfit(value, content_field(self.path, key))
        if problem:
            self.fail(problem, where or key)

    def bool(self, key: str, default: Any = _MISSING) -> bool:
        v = self.raw(key, default)
        if not isinstance(v, bool):
            self.fail(f"expected true or false, got {_typename(v)} {v!r}", key)
        return v

    def str(self, key: str, default: Any = _MISSING, choices: Iterable[str] | None = None) -> str:
        v = self.raw(key, default)
        if v is None:
            return v
        if not isinstance(v, str):
            self.fail(f"expected a string, got {_typename(v)} {v!r}", key)
        if choices is not None:
            choices = tuple(choices)
            if v not in choices:
                self.fail(f"unknown value {v!r} (expected one of {', '.join(choices)})", key)
        return v

    def ints(self, key: str, default: Any = _MISSING, minimum: int | None = None) -> tuple[int, ...]:
        v = self.raw(key, default)
        if not isinstance(v, list) or not all(isinstance(x, int) and not isinstance(x, bool) for x in v):
            self.fail(f"expected a list of integers, got {v!r}", key)
        if minimum is not None and any(x < minimum for x in v):
            self.fail(f"values must be >= {minimum}", key)
        for i, x in enumerate(v):
            self.fits(key, x, f"{key}[{i}]")
        return tuple(v)

    def strs(self, key: str, default: Any = _MISSING) -> tuple[str, ...]:
        v = self.raw(key, default)
        if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
            self.fail(f"expected a list of strings, got {v!r}", key)
        return tuple(v)

    def table(self, key: str, default: Any = _MISSING) -> Rec:
        v = self.raw(key, default)
        return Rec(v, self.file, self.sub(key))

    def conf(self) -> Conf:
        tags = {}
        for k, v in self.data.items():
            if k == "conf" or k.startswith("conf_"):
                self.used.add(k)
                if v not in CONF_TAGS:
                    self.fail(f"confidence tag must be H, M or L, got {v!r}", k)
                if k != "conf":
                    tags[k[5:]] = v
        return Conf(self.data.get("conf", "M"), frozen_map(tags))

    def done(self) -> None:
        for k in self.data:
            if k not in self.used and not (k == "conf" or k.startswith("conf_")):
                self.fail(f"unknown field '{k}'", k)
        self.conf()


def _typename(v: Any) -> str:
    return {dict: "a table", list: "a list", str: "a string", bool: "a boolean", int: "an integer",
            float: "a number"}.get(type(v), type(v).__name__)


def _pkeyed(rec: Rec, key: str, players: Iterable[int]) -> dict[int, Any]:
    """A table keyed by player count ("2", "3", "4"); every configured count must be present."""
    t = rec.table(key)
    out = {}
    for k, v in t.data.items():
        t.used.add(k)
        if not re.fullmatch(r"\d+", k):
            t.fail("keys must be player counts such as \"2\"", k)
        out[int(k)] = v
    for p in players:
        if p not in out:
            t.fail(f"missing entry for {p} players")
    return out


# --------------------------------------------------------------------------- steps


class StepContext:
    """What steps may use: the verbs and counters of their vocabulary (the human's, or Sam's in
    solo.toml), the card filters (which depend on the breeds defined) and the edition (verbs in
    `forbidden` are rejected). Every counter a step names is recorded in `counters_used` as
    (file, entry, counter) for the check that the content has what the counter counts."""

    def __init__(self, card_filters: Iterable[str], verbs: Mapping[str, Verb] = VERB_BY_NAME,
                 counters: Iterable[str] = COUNTERS, vocabulary: str = "verb", forbidden: Iterable[str] = ()):
        self.card_filters = frozenset(card_filters)
        self.verbs = verbs
        self.counters = tuple(counters)
        self.vocabulary = vocabulary     # how an unknown op is named in messages: "verb", "Sam verb"
        self.forbidden = frozenset(forbidden)
        self.counters_used: list[tuple[str, str, str]] = []
        self.verbs_used: set[str] = set()


def parse_steps(value: Any, file: str, path: str, ctx: StepContext, allow_empty: bool = False) -> Steps:
    if not isinstance(value, list):
        raise ContentError(file, path, f"expected a list of steps, got {_typename(value)}")
    if not value and not allow_empty:
        raise ContentError(file, path, "empty list of steps")
    return tuple(parse_step(s, file, f"{path}[{i}]", ctx) for i, s in enumerate(value))


def parse_step(value: Any, file: str, path: str, ctx: StepContext) -> Step:
    if not isinstance(value, dict):
        raise ContentError(file, path, f"a step must be a table like {{ op = \"gain_money\", amount = 2 }}, "
                                       f"got {_typename(value)}")
    op = value.get("op")
    if op is None:
        raise ContentError(file, path, "step without 'op'")
    verb = ctx.verbs.get(op) if isinstance(op, str) else None
    if verb is None:
        raise ContentError(file, path, f"unknown {ctx.vocabulary} {op!r}")
    if op in ctx.forbidden:
        raise ContentError(file, path, f"verb {op!r} does not exist in this content's edition "
                                       f"(meta.forbidden_verbs)")
    ctx.verbs_used.add(op)
    for k in value:
        if k != "op" and k not in verb.params:
            raise ContentError(file, path, f"verb '{op}' has no parameter '{k}' "
                                           f"(it takes: {', '.join(verb.params) or 'nothing'})")
    args: dict[str, Any] = {}
    options: tuple[Steps, ...] = ()
    for name, p in verb.params.items():
        if name not in value:
            if p.required:
                raise ContentError(file, path, f"verb '{op}' needs parameter '{name}'")
            if p.default is not None:
                args[name] = p.default
            continue
        v = value[name]
        where = f"{path}.{name}"
        if p.kind == "int":
            if not isinstance(v, int) or isinstance(v, bool):
                raise ContentError(file, where, f"expected an integer, got {_typename(v)} {v!r}")
            if p.minimum is not None and v < p.minimum:
                raise ContentError(file, where, f"must be >= {p.minimum}, got {v}")
            problem = misfit(v, STEP_ARGUMENT)
            if problem:
                raise ContentError(file, where, problem)
        elif p.kind == "bool":
            if not isinstance(v, bool):
                raise ContentError(file, where, f"expected true or false, got {v!r}")
        elif p.kind == "str":
            if not isinstance(v, str) or (p.choices and v not in p.choices):
                raise ContentError(file, where, f"unknown value {v!r} (expected one of {', '.join(p.choices)})")
        elif p.kind == "counter":
            if not isinstance(v, str) or v not in ctx.counters:
                raise ContentError(file, where, f"unknown counter {v!r}")
            ctx.counters_used.append((file, where, v))
        elif p.kind == "card":
            if not isinstance(v, str) or v not in ctx.card_filters:
                raise ContentError(file, where, f"unknown card {v!r} (a breed id, a card group, "
                                                f"or one of {', '.join(SPECIAL_CARD_FILTERS)})")
        elif p.kind == "steps_list":
            if not isinstance(v, list) or len(v) < 2:
                raise ContentError(file, where, "a choice needs a list of at least 2 options")
            options = tuple(parse_steps(o, file, f"{where}[{i}]", ctx) for i, o in enumerate(v))
            continue
        args[name] = v
    for group in verb.one_of:
        given = [g for g in group if g in value]
        if len(given) != 1:
            raise ContentError(file, path, f"verb '{op}' needs exactly one of {', '.join(group)}")
    if op == "discard" and args.get("card") == "pair_same_breed" and args.get("count") != 2:
        raise ContentError(file, path, "discard of 'pair_same_breed' needs count = 2")
    return Step(op, frozen_map(args), options)


# --------------------------------------------------------------------------- raw files and patches


def read_raw(path: str | Path | None = None) -> tuple[dict[str, Any], dict[str, str], str]:
    """Read the TOML files of a content set: (merged tables, section -> file name, source label)."""
    folder = Path(path) if path is not None else BUILTIN_DIR
    label = "builtin:gwt2e" if path is None else str(folder)
    if not folder.is_dir():
        raise ContentError(str(folder), "", "content folder not found")
    raw: dict[str, Any] = {}
    origin: dict[str, str] = {}
    for name in (*CONTENT_FILES, *OPTIONAL_CONTENT_FILES):
        f = folder / name
        if not f.is_file():
            if name in OPTIONAL_CONTENT_FILES:
                continue
            raise ContentError(name, "", f"file missing from content folder {folder}")
        data = read_toml(f, lambda problem, name=name: ContentError(name, "", problem), "content")
        for section, value in data.items():
            if section in raw:
                raise ContentError(name, section, f"section also defined in {origin[section]}")
            raw[section] = value
            origin[section] = name
    return raw, origin, label


_PATH_TOKEN = re.compile(r"([^.\[\]]+)|\[(\d+)\]")


def _split_path(path: str) -> list[str | int]:
    parts: list[str | int] = []
    pos = 0
    for m in _PATH_TOKEN.finditer(path):
        between = path[pos:m.start()]
        if between not in ("", "."):
            raise ContentError("patch", path, "malformed path")
        parts.append(m.group(1) if m.group(1) is not None else int(m.group(2)))
        pos = m.end()
    if not parts or pos != len(path):
        raise ContentError("patch", path, "malformed path")
    return parts


def apply_patch(raw: dict[str, Any], patch: str | Mapping[str, Any], origin: Mapping[str, str]) -> None:
    """Apply a content patch in place.

    A patch is a TOML fragment (or the equivalent dict). Its tables merge into the content: tables
    merge key by key, any other value (numbers, strings, lists) replaces the old one. Sections and
    components (the first two levels, e.g. ``[cities.chicago]``) must already exist; fields inside a
    component may be added. A top-level ``set`` table assigns values by path, indices included:
    ``set = { "private.10b.actions[0][0].amount" = 3 }``.
    """
    if isinstance(patch, str):
        patch = parse_toml(patch, lambda problem: ContentError("patch", "", problem))
    if not isinstance(patch, Mapping):
        raise ContentError("patch", "", "a patch must be a table")
    patch = dict(patch)
    sets = patch.pop("set", {})
    if not isinstance(sets, Mapping):
        raise ContentError("patch", "set", "expected a table of path = value")
    _merge(raw, patch, [], origin)
    for dotted, value in sets.items():
        _set_path(raw, dotted, value, origin)


def _merge(dst: dict[str, Any], src: Mapping[str, Any], path: list[str], origin: Mapping[str, str]) -> None:
    for k, v in src.items():
        here = [*path, k]
        if k not in dst:
            if len(here) <= 2:
                file = origin.get(here[0], "patch")
                raise ContentError("patch", ".".join(here),
                                   "no such component" + (f" in {file}" if file != "patch" else ""))
            dst[k] = copy.deepcopy(v)
        elif isinstance(v, Mapping) and isinstance(dst[k], dict):
            _merge(dst[k], v, here, origin)
        else:
            dst[k] = copy.deepcopy(v)


def _walk(raw: Mapping[str, Any], dotted: str) -> tuple[Any, str | int]:
    """The table or list holding the value a patch path names, and the value's key in it (the same
    checks and messages for assigning by path and for reading a path)."""
    parts = _split_path(dotted)
    node: Any = raw
    for i, part in enumerate(parts[:-1]):
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError):
            shown = ".".join(str(p) for p in parts[: i + 1])
            raise ContentError("patch", dotted, f"no such component or field '{shown}'") from None
    last = parts[-1]
    if isinstance(node, list):
        if not isinstance(last, int) or last >= len(node):
            raise ContentError("patch", dotted, "index out of range")
    elif isinstance(node, Mapping):
        if not isinstance(last, str):
            raise ContentError("patch", dotted, "cannot index a table by number")
        if last not in node and len(parts) <= 2:
            raise ContentError("patch", dotted, "no such component")
    else:
        raise ContentError("patch", dotted, "path goes through a value that is not a table or list")
    return node, last


def _set_path(raw: dict[str, Any], dotted: str, value: Any, origin: Mapping[str, str]) -> None:
    node, last = _walk(raw, dotted)
    node[last] = copy.deepcopy(value)


def get_path(raw: Mapping[str, Any], dotted: str) -> Any:
    """The value a patch path (``private.10b.actions[0][0].amount``) names in raw content tables;
    `ContentError` naming the path when it names nothing."""
    node, last = _walk(raw, dotted)
    if isinstance(node, Mapping) and last not in node:
        raise ContentError("patch", dotted, f"no such field '{last}'")
    return node[last]


def content_hash(raw: Mapping[str, Any]) -> str:
    """Stable hash of a (patched) content set: canonical JSON of all values, comments excluded."""
    blob = json.dumps(raw, sort_keys=True, separators=(",", ":"), ensure_ascii=True, default=str)
    return hashlib.sha256(blob.encode()).hexdigest()[:16]


# --------------------------------------------------------------------------- loading


def load_content(path: str | Path | None = None,
                 patches: Iterable[str | Mapping[str, Any]] = ()) -> Content:
    """Load a content folder (default: the built-in 2E set), apply patches, validate everything."""
    raw, origin, label = read_raw(path)
    for patch in patches:
        apply_patch(raw, patch, origin)
    return build_content(raw, origin, label)


def patched(content: Content, patches: Iterable[str | Mapping[str, Any]]) -> Content:
    """A new Content: `content` (already patched or not) with more patches applied on top."""
    raw = _thaw(content.raw)
    origin = dict(content.section_files)
    for patch in patches:
        apply_patch(raw, patch, origin)
    return build_content(raw, origin, content.source)


def _thaw(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {k: _thaw(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_thaw(v) for v in value]
    return value


def build_content(raw: dict[str, Any], origin: Mapping[str, str], source: str) -> Content:
    return _Builder(raw, origin, source).build()


class _Builder:
    def __init__(self, raw: dict[str, Any], origin: Mapping[str, str], source: str):
        self.raw, self.origin, self.source = raw, dict(origin), source
        self.sections: dict[str, Rec] = {}

    def sec(self, name: str) -> Rec:
        if name not in self.sections:
            file = self.origin.get(name)
            if file is None:
                expected = {"meta": "meta.toml", "options": "meta.toml"}.get(name, "content")
                raise ContentError(expected, name, "missing section")
            self.sections[name] = Rec(self.raw[name], file, name)
        return self.sections[name]

    def opt_sec(self, name: str) -> Rec | None:
        """A section that a content set may leave out (e.g. outlaw tiles in the First Edition)."""
        return self.sec(name) if name in self.raw else None

    def steps(self, rec: Rec, key: str, default: Any = _MISSING, allow_empty: bool = False) -> Steps:
        v = rec.raw(key, default)
        if v is None:
            return ()
        return parse_steps(v, rec.file, rec.sub(key), self.ctx, allow_empty=allow_empty)

    # ------------------------------------------------------------------ sections

    def build(self) -> Content:
        meta = self.sec("meta")
        name = meta.str("name")
        edition = meta.int("edition", minimum=1)
        version = meta.str("content_version")
        meta.str("game")
        far = meta.str("repeatable_far_city")
        self.check_counts = meta.bool("check_component_counts", True)
        self.edition = edition
        forbidden = meta.strs("forbidden_verbs", [])
        for i, verb in enumerate(forbidden):
            if verb not in VERB_BY_NAME:
                meta.fail(f"unknown verb {verb!r}", f"forbidden_verbs[{i}]")
        self.forbidden = frozenset(forbidden)
        meta.done()
        options = self.read_options()
        setup = self.read_setup()
        self.players = tuple(setup["players"])
        breeds, groups = self.read_breeds()
        self.check_variant_options(options, setup, breeds)
        self.ctx = StepContext([*breeds, *groups, *SPECIAL_CARD_FILTERS], forbidden=self.forbidden)
        buy_options, reveals = self.read_buy_table(groups)
        board = self.read_board(setup)
        job_market = self.read_job_market()
        supply = self.read_supply()
        trail = self.read_trail(supply)
        railroad = self.read_railroad()
        cities, arrows = self.read_cities(far)
        neutral, private = self.read_buildings(trail)
        station_masters = self.read_station_masters(railroad, setup)
        tasks, immediates, objectives = self.read_objectives(options)
        categories = self.read_scoring()
        if setup["private_tiles_per_player"] != len({b.number for b in private.values()}):
            raise ContentError("setup.toml", "setup.private_tiles_per_player",
                               f"{setup['private_tiles_per_player']} tiles per player but buildings.toml has "
                               f"{len({b.number for b in private.values()})} private building numbers")
        if setup["starting_exchange_tokens"] and "exchange_token" in self.forbidden:
            raise ContentError("setup.toml", "setup.starting_exchange_tokens",
                               "exchange tokens do not exist in this content's edition (meta.forbidden_verbs)")
        self.check_counters(groups, supply, cities)
        self.check_box_counts(breeds, supply, trail, railroad, cities, neutral, private, station_masters,
                              objectives, board, categories)
        solo = None
        if "solo" in self.raw:
            solo = _SoloReader(self, setup, breeds, board, supply, cities, private, objectives, categories).read()
        for section in self.raw:
            if section not in self.sections:
                raise ContentError(self.origin.get(section, "content"), section, "unknown section")
        return Content(
            name=name, edition=edition, version=version, forbidden_verbs=tuple(sorted(self.forbidden)),
            options=frozen_map(options),
            setup=frozen_map(setup), breeds=frozen_map(breeds), card_groups=frozen_map(groups),
            buy_options=buy_options, unused_cowboy_reveals=reveals, board=board, job_market=job_market,
            supply=supply, trail=trail, railroad=railroad, cities=cities, arrows=arrows,
            neutral_buildings=frozen_map(neutral), private_buildings=frozen_map(private),
            station_masters=frozen_map(station_masters), tasks=frozen_map(tasks),
            objective_immediates=frozen_map(immediates), objective_cards=frozen_map(objectives),
            scoring_categories=categories, content_hash=content_hash(self.raw), source=self.source, solo=solo,
            raw=frozen_map(copy.deepcopy(self.raw)), section_files=frozen_map(self.origin),
            uses=frozenset({*self.ctx.verbs_used, *(c for _, _, c in self.ctx.counters_used),
                            *(n.kind for n in trail.nodes.values())}),
        )

    def read_options(self) -> dict[str, Any]:
        o = self.sec("options")
        out = {
            "arrow_objective_from_stack": o.bool("arrow_objective_from_stack"),
            "turnout_counts_as_next_space": o.bool("turnout_counts_as_next_space"),
            "certificate_spend_by_positions": o.bool("certificate_spend_by_positions"),
            "adjacent_building_risk_action_if_owner": o.bool("adjacent_building_risk_action_if_owner"),
            "aux5_removal_optional": o.bool("aux5_removal_optional"),
            "hire_price_floor": o.int("hire_price_floor", minimum=0),
        }
        # Options about components a content set may not have: present only where they apply.
        # green_teepee_task_as is needed by the tasks that name it (objectives.toml, same_as_option);
        # the Simmental reading by content with Simmental cards (check_variant_options).
        if o.has("green_teepee_task_as"):
            out["green_teepee_task_as"] = o.str("green_teepee_task_as", choices=("orange_outlaw", "green_outlaw"))
        if o.has("simmental_pair_counts_as_same_breed"):
            out["simmental_pair_counts_as_same_breed"] = o.bool("simmental_pair_counts_as_same_breed")
        o.done()
        return out

    def check_variant_options(self, options: Mapping[str, Any], setup: Mapping[str, Any],
                              breeds: Mapping[str, Breed]) -> None:
        """Content with Simmental cards needs the Simmental market sizes and the pair reading."""
        if not any(b.source == "market_simmental" for b in breeds.values()):
            return
        if "simmental_pair_counts_as_same_breed" not in options:
            raise ContentError("meta.toml", "options.simmental_pair_counts_as_same_breed",
                               "missing (the content has Simmental cards)")
        if "cattle_market_size_simmental" not in setup:
            raise ContentError("setup.toml", "setup.cattle_market_size_simmental",
                               "missing (the content has Simmental cards)")

    def read_setup(self) -> dict[str, Any]:
        s = self.sec("setup")
        players = s.ints("players", minimum=2)
        if not players or any(p > 4 for p in players):
            s.fail("player counts must be between 2 and 4", "players")
        out: dict[str, Any] = {"players": players}
        n = max(players)
        for key in ("starting_money_by_seat", "starting_cards_by_seat"):
            out[key] = s.ints(key, minimum=0)
            if len(out[key]) < n:
                s.fail(f"needs one value per seat ({n})", key)
        for key in ("first_turn_discard_down_to", "starting_exchange_tokens", "starting_objective_cards",
                    "bag1_tiles_placed_at_setup", "objective_display_size", "station_masters_in_box",
                    "station_masters_used", "private_tiles_per_player", "discs_per_player"):
            out[key] = s.int(key, minimum=0)
        out["first_turn_placement"] = s.str("first_turn_placement", choices=("any_neutral_building",))
        out["setup_tile_without_space"] = s.str("setup_tile_without_space", choices=("redraw",))
        for key in ("cattle_market_size", "cattle_market_size_simmental", "job_market_initial_workers"):
            if key == "cattle_market_size_simmental" and not s.has(key):
                continue         # only content with Simmental cards needs it (check_variant_options)
            m = _pkeyed(s, key, players)
            for p, v in m.items():
                if not isinstance(v, int) or isinstance(v, bool) or v < 0:
                    s.fail(f"expected a non-negative integer for {p} players", key)
                s.fits(key, v, f"{key}.{p}")
            out[key] = frozen_map(m)
        if out["station_masters_used"] > out["station_masters_in_box"]:
            s.fail("more station masters used than in the box", "station_masters_used")
        s.done()
        return out

    def read_breeds(self) -> tuple[dict[str, Breed], dict[str, tuple[str, ...]]]:
        c = self.sec("breeds")
        breeds: dict[str, Breed] = {}
        for bid in c.data:
            r = c.table(bid)
            vp = r.table("vp")
            counts = []
            for k, v in vp.data.items():
                vp.used.add(k)
                if not re.fullmatch(r"-?\d+", k) or not isinstance(v, int) or isinstance(v, bool) or v < 0:
                    vp.fail("expected \"VP\" = number of cards", k)
                r.fits("vp", int(k), f"vp.{k}")
                counts.append((int(k), v))
            source = r.str("source", choices=BREED_SOURCES)
            per_player = r.int("per_player", 0, minimum=0)
            count = r.int("count", 0, minimum=0)
            total = sum(n for _, n in counts)
            expected = per_player if source == "starting" else count
            if total != expected:
                r.fail(f"vp table lists {total} cards but the breed has {expected}", "vp")
            breeds[bid] = Breed(
                id=bid, colour=r.str("colour"), value=r.int("value", minimum=0), source=source,
                per_player=per_player, count=count, vp_counts=tuple(sorted(counts)),
                income_group=r.str("income_group", bid), stage=r.int("stage", 0, minimum=0),
                upgrades_to=r.str("upgrades_to", None), name_1e=r.str("name_1e", None),
                name_2e=r.str("name_2e", None), conf=r.conf())
            r.done()
        for b in breeds.values():
            if b.upgrades_to is not None and b.upgrades_to not in breeds:
                raise ContentError(c.file, f"breeds.{b.id}.upgrades_to", f"unknown breed {b.upgrades_to!r}")
        g = self.sec("card_groups")
        groups: dict[str, tuple[str, ...]] = {}
        for k in g.data:
            members = g.strs(k)
            for m in members:
                if m not in breeds:
                    g.fail(f"unknown breed {m!r}", k)
            if k in SPECIAL_CARD_FILTERS or (k in breeds and members != (k,)):
                g.fail("a card group named like a breed must hold just that breed", k)
            groups[k] = members
        g.done()
        rules = self.sec("cattle_rules")
        rules.strs("market_order")
        rules.bool("simmental_upgrade_in_kc")
        rules.done()
        return breeds, groups

    def read_buy_table(self, groups: Mapping[str, tuple[str, ...]]) -> tuple[tuple[BuyOption, ...], int]:
        t = self.sec("buy_options")
        options = []
        for oid in t.data:
            r = t.table(oid)
            group = r.str("group")
            if group not in groups:
                r.fail(f"unknown card group {group!r}", "group")
            options.append(BuyOption(oid, r.int("cowboys", minimum=1), r.int("dollars", minimum=0),
                                     r.int("cards", minimum=1), group,
                                     r.str("variant", None, choices=("simmental",)), r.conf()))
            r.done()
        t.done()
        rules = self.sec("buy_rules")
        for key in ("combine_options_in_one_action", "same_option_repeatable", "each_cowboy_used_once"):
            if not rules.bool(key):
                rules.fail("only true is supported by the engine", key)
        reveals = rules.int("unused_cowboy_reveals_market_cards", minimum=0)
        rules.str("bought_cards_to", choices=("discard_pile",))
        rules.done()
        return tuple(options), reveals

    def read_board(self, setup: Mapping[str, Any]) -> PlayerBoard:
        t = self.sec("disc_spaces")
        discs = []
        for did in t.data:
            r = t.table(did)
            discs.append(DiscSpace(
                id=did, order=r.int("order"), discs=r.int("discs", minimum=1),
                grey_empty_spaces=r.int("grey_empty_spaces", 0, minimum=0), corner=r.str("corner", choices=CORNERS),
                unlocks=r.str("unlocks", choices=UNLOCKS), on_clear=self.steps(r, "on_clear", None),
                clear_cost=r.int("clear_cost", 0, minimum=0), end_vp=r.int("end_vp", 0), conf=r.conf()))
            r.done()
        t.done()
        discs.sort(key=lambda d: d.order)
        unl = [d.unlocks for d in discs]
        for u in UNLOCKS:
            if unl.count(u) != 1:
                t.fail(f"exactly one disc space must unlock '{u}' (found {unl.count(u)})")
        for d in discs:
            if d.unlocks.startswith("aux") and d.discs + d.grey_empty_spaces != 2:
                t.fail("an auxiliary action has 2 disc spaces (discs + grey empty spaces)", d.id)
        total = sum(d.discs for d in discs)
        if total != setup["discs_per_player"]:
            t.fail(f"disc spaces hold {total} discs but setup.discs_per_player is {setup['discs_per_player']}")
        placement = self.sec("disc_placement")
        if placement.strs("white_corner_disc_may_go_on") != ("white", "dark") or \
                placement.strs("dark_corner_disc_may_go_on") != ("dark",):
            placement.fail("only the printed corner rule (white anywhere, dark on dark) is supported")
        placement.bool("only_dark_left_may_use_dark_on_white")
        placement.str("no_disc_available", choices=("take_own_disc_from_any_station",))
        placement.done()
        a = self.sec("aux_actions")
        aux = {}
        for aid in a.data:
            r = a.table(aid)
            if aid not in ("aux1", "aux2", "aux3", "aux4", "aux5"):
                a.fail("auxiliary actions are aux1..aux5", aid)
            aux[aid] = AuxAction(aid, self.steps(r, "single"), self.steps(r, "double"), r.conf())
            r.done()
        a.done()
        for aid in ("aux1", "aux2", "aux3", "aux4", "aux5"):
            if aid not in aux:
                a.fail(f"missing auxiliary action '{aid}'")
        rules = self.sec("aux_rules")
        rules.int("available_when_cleared_discs_at_least", minimum=1, maximum=1)
        rules.int("double_when_cleared_discs", minimum=2, maximum=2)
        rules.bool("location_fallback_single_aux_never_doubled")
        rules.done()
        h = self.sec("hand_limit")
        hand = (h.int("base", minimum=1), h.int("per_cleared_disc", minimum=0), h.int("max", minimum=1))
        h.done()
        sl = self.sec("step_limit")
        step_limits = self._step_limits(sl)
        c = self.sec("certificate_track")
        positions = c.ints("positions", minimum=0)
        if list(positions) != sorted(set(positions)) or not positions:
            c.fail("positions must be strictly increasing", "positions")
        start = c.int("start")
        limits = (c.int("limit_base"), c.int("limit_with_cert_limit_4"), c.int("limit_with_cert_limit_4_and_6"))
        for key, v in zip(("start", "limit_base", "limit_with_cert_limit_4", "limit_with_cert_limit_4_and_6"),
                          (start, *limits), strict=True):
            if v not in positions:
                c.fail(f"{v} is not a position of the track", key)
        c.done()
        w = self.sec("worker_rows")
        types = w.strs("types")
        spaces = w.int("spaces_per_row", minimum=1)
        printed = w.int("printed_worker_on_space", minimum=1, maximum=spaces)
        vp_space = {}
        vps = w.table("vp_per_worker_on_space")
        for k, v in vps.data.items():
            vps.used.add(k)
            if not k.isdigit() or not 1 <= int(k) <= spaces or not isinstance(v, int) or isinstance(v, bool):
                vps.fail(f"expected \"space\" = VP with space 1..{spaces}", k)
            w.fits("vp_per_worker_on_space", v, f"vp_per_worker_on_space.{k}")
            vp_space[int(k)] = v
        imm = w.table("immediate")
        immediate = {}
        for wtype in imm.data:
            if wtype not in types:
                imm.fail(f"unknown worker type {wtype!r}", wtype)
            row = imm.table(wtype)
            for k in row.data:
                if not k.isdigit() or not 1 <= int(k) <= spaces or int(k) == printed:
                    row.fail(f"space must be 1..{spaces} and not the printed worker's space", k)
                immediate[(wtype, int(k))] = self.steps(row, k)
            row.done()
        imm.done()
        w.done()
        if sorted(types) != ["builder", "cowboy", "engineer"]:
            w.fail("worker types must be cowboy, builder and engineer", "types")
        return PlayerBoard(
            disc_spaces=tuple(discs), aux_actions=frozen_map(aux), hand_limit_base=hand[0],
            hand_limit_per_disc=hand[1], hand_limit_max=hand[2], step_limits=frozen_map(step_limits),
            certificate_positions=positions, certificate_start=start, certificate_limit_base=limits[0],
            certificate_limit_4=limits[1], certificate_limit_6=limits[2], worker_types=types,
            worker_spaces=spaces, printed_worker_space=printed, vp_per_worker_on_space=frozen_map(vp_space),
            worker_immediate=frozen_map(immediate))

    def _step_limits(self, sl: Rec) -> dict[int, StepLimit]:
        out = {}
        for k in sl.data:
            if not k.isdigit():
                sl.fail("keys must be player counts such as \"2\"", k)
            r = sl.table(k)
            out[int(k)] = StepLimit(int(k), r.int("base", minimum=1), r.int("left_disc", minimum=0),
                                    r.int("right_disc", minimum=0), r.conf())
            r.done()
        for p in self.players:
            if p not in out:
                sl.fail(f"missing entry for {p} players")
        sl.done()
        return out

    def read_job_market(self) -> JobMarket:
        j = self.sec("job_market")
        rows = j.int("rows", minimum=2)
        columns = j.int("columns", minimum=1)
        costs = j.ints("row_costs", minimum=0)
        if len(costs) != rows:
            j.fail(f"{len(costs)} row costs for {rows} rows", "row_costs")
        token_row = j.int("token_start_row", minimum=1, maximum=rows)
        token_col = j.int("token_column", minimum=1, maximum=columns)
        j.str("hire_from", choices=("rows_above_token_row",))
        refill = j.ints("refill_cattle_market_when_token_enters_row", minimum=2)
        if any(r > rows for r in refill):
            j.fail(f"rows must be 2..{rows}", "refill_cattle_market_when_token_enters_row")
        j.str("end_trigger", choices=("token_leaves_last_row",))
        end_vp = j.int("token_end_vp")
        used = _pkeyed(j, "columns_used", self.players)
        cols = {}
        for p, v in used.items():
            if not isinstance(v, list) or not v or any(not isinstance(c, int) or not 1 <= c <= columns for c in v) \
                    or token_col not in v or sorted(set(v)) != v:
                j.fail(f"columns for {p} players must be increasing columns 1..{columns} incl. the token's",
                       "columns_used")
            cols[p] = tuple(v)
        conf = j.conf()
        j.done()
        return JobMarket(rows, columns, costs, token_row, token_col, frozen_map(cols), refill, end_vp, conf)

    def read_supply(self) -> KCSupply:
        wr = self.sec("workers")
        workers = {k: wr.int(k, minimum=0) for k in ("cowboy", "builder", "engineer")}
        wr.done()
        hz = self.sec("hazard_tiles")
        types = hz.strs("types")
        kinds = []
        per = hz.raw("per_type")
        if not isinstance(per, list) or not per:
            hz.fail("expected a list of { vp, hand, count } tables", "per_type")
        for i, item in enumerate(per):
            r = Rec(item, hz.file, f"hazard_tiles.per_type[{i}]")
            kinds.append(HazardKind(r.int("vp"), r.str("hand", choices=HANDS), r.int("count", minimum=1)))
            r.done()
        hz.str("placement", choices=("lowest_numbered_empty_space_of_own_section",))
        hz.done()
        per_type = sum(k.count for k in kinds)
        # The tiles of the trail's tile section: outlaws (2E) or teepees (1E), one kind per content set.
        section_tiles: dict[str, tuple[dict[str, int], dict[str, str]]] = {}
        for kind in ("outlaw", "teepee"):
            ot = self.opt_sec(f"{kind}_tiles")
            if ot is None:
                continue
            colours, hands = {}, {}
            for col in ot.data:
                r = ot.table(col)
                colours[col] = r.int("count", minimum=0)
                hands[col] = r.str("hand", choices=HANDS)
                r.done()
            ot.done()
            section_tiles[kind] = (colours, hands)
        if len(section_tiles) != 1:
            raise ContentError("kc_supply.toml", "",
                               "needs either [outlaw_tiles] or [teepee_tiles] (the tiles of the trail's outlaw "
                               "or teepee spaces), not " + ("both" if section_tiles else "neither"))
        outlaws, outlaw_hands = section_tiles.get("outlaw", ({}, {}))
        teepees, teepee_hands = section_tiles.get("teepee", ({}, {}))
        b = self.sec("bags")
        bags: dict[int, dict[str, Mapping[str, int]]] = {}
        tally: dict[str, dict[str, int]] = {"workers": {}, "hazards": {}, "outlaws": {}, "teepees": {}}
        for k in b.data:
            if not k.isdigit():
                b.fail("bags are numbered \"1\", \"2\", \"3\"", k)
            r = b.table(k)
            bag: dict[str, Mapping[str, int]] = {}
            for kind, known in (("workers", workers), ("hazards", types), ("outlaws", outlaws),
                                ("teepees", teepees)):
                if r.has(kind):
                    t = r.table(kind)
                    content = {}
                    for sub in t.data:
                        if sub not in known:
                            t.fail(f"unknown {kind[:-1]} kind {sub!r}", sub)
                        content[sub] = t.int(sub, minimum=0)
                        tally[kind][sub] = tally[kind].get(sub, 0) + content[sub]
                    t.done()
                    bag[kind] = frozen_map(content)
            r.done()
            bags[int(k)] = frozen_map(bag)
        b.done()
        for w, n in workers.items():
            if tally["workers"].get(w, 0) != n:
                b.fail(f"bags hold {tally['workers'].get(w, 0)} {w} tiles but [workers] says {n}")
        for t_ in types:
            if tally["hazards"].get(t_, 0) != per_type:
                b.fail(f"bags hold {tally['hazards'].get(t_, 0)} {t_} hazards but hazard_tiles.per_type makes {per_type}")
        for kind, colours in (("outlaw", outlaws), ("teepee", teepees)):
            for col, n in colours.items():
                held = tally[kind + "s"].get(col, 0)
                if held != n:
                    b.fail(f"bags hold {held} {col} {kind}s but {kind}_tiles.{col} says {n}")
        f = self.sec("foresight")
        cols = f.int("columns", minimum=1)
        spc = f.int("spaces_per_column", minimum=1)
        fb = f.ints("bag_for_column", minimum=1)
        if len(fb) != cols or any(x not in bags for x in fb):
            f.fail("needs one existing bag per column", "bag_for_column")
        f.str("empty_bag", choices=("space_stays_empty",))
        f.done()
        p = self.sec("placement_during_play")
        p.str("tile_without_space", choices=("leaves_game",))
        p.done()
        return KCSupply(frozen_map(bags), frozen_map(workers), types, tuple(kinds), frozen_map(outlaws),
                        frozen_map(outlaw_hands), frozen_map(teepees), frozen_map(teepee_hands), cols, spc, fb)

    def read_trail(self, supply: KCSupply) -> Trail:
        t = self.sec("trail")
        start, end = t.str("start"), t.str("end")
        t.done()
        nsec = self.sec("nodes")
        nodes: dict[str, TrailNode] = {}
        for nid in nsec.data:
            r = nsec.table(nid)
            kind = r.str("kind", choices=NODE_KINDS)
            if SPACE_VERB.get(kind) in self.forbidden:
                r.fail(f"{kind} spaces need the verb {SPACE_VERB[kind]!r}, which this content's edition does not "
                       f"have (meta.forbidden_verbs)", "kind")
            nxt = r.strs("next")
            kw: dict[str, Any] = {}
            if kind == "neutral":
                kw["default_tile"] = r.str("default_tile")
            if kind == "hazard":
                kw["section"] = r.str("section", choices=supply.hazard_types)
                kw["index"] = r.int("index", minimum=1)
            if kind == "outlaw":
                kw["index"] = r.int("index", minimum=1)
                kw["on_trail"] = r.bool("on_trail")
                kw["bounty"] = self.steps(r, "bounty")
            if kind == "teepee":
                # filled lowest printed value first (rulebook 1E: "the empty space with the lowest
                # number"), so the fill order is derived from the values, not written separately
                kw["on_trail"] = r.bool("on_trail")
                kw["value"] = r.int("value")
                if kw["value"] == 0:
                    r.fail("a teepee space shows a non-zero value", "value")
            if kind == "private":
                kw["woods"] = r.bool("woods", False)
                kw["risk"] = self.steps(r, "risk", None)
            nodes[nid] = TrailNode(nid, kind, nxt, **kw)
            r.done()
        nsec.done()
        if start not in nodes or nodes[start].kind != "start":
            t.fail(f"start node {start!r} is not a node of kind 'start'", "start")
        if end not in nodes or nodes[end].kind != "kc":
            t.fail(f"end node {end!r} is not a node of kind 'kc'", "end")
        for n in nodes.values():
            for m in n.next:
                if m not in nodes:
                    nsec.fail(f"edge to unknown node {m!r}", f"{n.id}.next")
            if n.kind in SPACE_VERB and not n.on_trail and n.next:
                nsec.fail(f"an off-trail {n.kind} space has no edges", f"{n.id}.next")
            if n.kind not in ("kc",) and not n.next and not (n.kind in SPACE_VERB and not n.on_trail):
                nsec.fail("node has no way forward", f"{n.id}.next")
        # the trail must be acyclic, reach Kansas City from everywhere, and be reachable from the start
        order: list[str] = []
        state: dict[str, int] = {}

        def visit(nid: str) -> None:
            state[nid] = 1
            for m in nodes[nid].next:
                if state.get(m) == 1:
                    nsec.fail(f"the trail has a cycle through {m!r}", nid)
                if m not in state:
                    visit(m)
            state[nid] = 2
            order.append(nid)

        visit(start)
        for n in nodes.values():
            reachable = n.id in state
            if not reachable and not (n.kind in SPACE_VERB and not n.on_trail):
                nsec.fail("node cannot be reached from the start", n.id)
            if reachable and n.kind != "kc" and not n.next:
                nsec.fail("node does not lead to Kansas City", n.id)
        sections: dict[str, list[int]] = {}
        for n in nodes.values():
            if n.kind == "hazard":
                sections.setdefault(n.section, []).append(n.index)
        for s_, idx in sections.items():
            if sorted(idx) != list(range(1, len(idx) + 1)):
                nsec.fail(f"hazard section {s_!r} must number its spaces 1..{len(idx)}")
        outl = sorted(n.index for n in nodes.values() if n.kind == "outlaw")
        if outl != list(range(1, len(outl) + 1)):
            nsec.fail("outlaw spaces must be numbered 1..n")
        teepees = sorted((n for n in nodes.values() if n.kind == "teepee"), key=lambda n: n.value)
        for a, b in itertools.pairwise(teepees):
            if a.value == b.value:
                nsec.fail(f"teepee spaces {a.id!r} and {b.id!r} show the same value {a.value} (the values fix "
                          f"the order in which the spaces are filled)")
        for i, n in enumerate(teepees, 1):
            nodes[n.id] = dataclasses.replace(n, index=i)
        for kind, colours in (("outlaw", supply.outlaw_colours), ("teepee", supply.teepee_colours)):
            spaces = sum(1 for n in nodes.values() if n.kind == kind)
            if spaces and not colours:
                nsec.fail(f"{spaces} {kind} spaces but kc_supply.toml has no [{kind}_tiles]")
            if colours and not spaces:
                nsec.fail(f"kc_supply.toml has [{kind}_tiles] but the trail has no {kind} spaces")
        fees_sec = self.sec("hand_fees")
        fees_sec.raw("recipient")
        fees_sec.str("unpaid", choices=("forgiven",))
        per = _pkeyed(fees_sec, "per_players", self.players)
        fees = {}
        for p, v in per.items():
            r = Rec(v, fees_sec.file, f"hand_fees.per_players.{p}")
            fees[p] = (r.int("green", minimum=0), r.int("black", minimum=0))
            r.done()
        fees_sec.done()
        return Trail(start, end, frozen_map(nodes), frozen_map(fees))

    def read_railroad(self) -> Railroad:
        r = self.sec("railroad")
        if r.int("start_space") != 0:
            r.fail("the start space is 0", "start_space")
        n = r.int("numbered_spaces", minimum=2)
        r.bool("start_space_unlimited_engines")
        r.bool("occupied_spaces_skipped")
        crosses = r.ints("crosses_after", minimum=0)
        if any(c >= n for c in crosses) or len(set(crosses)) != len(crosses):
            r.fail(f"crosses must be distinct spaces 0..{n - 1}", "crosses_after")
        per_cross = r.int("transport_cost_per_cross", minimum=0)
        eot = r.table("end_of_track")
        end_space = eot.int("space")
        if end_space != n:
            eot.fail(f"the end of the track is space {n}", "space")
        min_back = eot.int("must_move_back_min", minimum=1)
        reward = self.steps(eot, "reward")
        eot.done()
        r.done()
        up = self.sec("station_upgrade")
        up.bool("once_per_player")
        up.str("station_master_costs", choices=("rightmost_hired_worker_of_one_row",))
        up.done()
        s = self.sec("stations")
        stations = []
        for sid in s.data:
            if not sid.isdigit():
                s.fail("stations are numbered \"1\", \"2\", ...", sid)
            t = s.table(sid)
            after = t.int("turnout_after", None, minimum=1, maximum=n - 1)
            on = t.int("on_space", None, minimum=1, maximum=n)
            if (after is None) == (on is None):
                t.fail("give exactly one of turnout_after or on_space")
            stations.append(Station(int(sid), after + 0.5 if after is not None else float(on), after,
                                    t.int("cost", minimum=0), t.int("vp"), t.str("corner", choices=CORNERS),
                                    t.bool("station_master_space"), t.conf()))
            t.done()
        s.done()
        stations.sort(key=lambda x: x.id)
        if [x.id for x in stations] != list(range(1, len(stations) + 1)):
            s.fail("stations must be numbered 1..n")
        places = [x.space for x in stations]
        if places != sorted(places) or len(set(places)) != len(places):
            s.fail("stations must lie along the track in number order, one per place")
        return Railroad(n, tuple(sorted(crosses)), per_cross, end_space, min_back, reward, tuple(stations))

    def read_cities(self, far: str) -> tuple[tuple[City, ...], tuple[CityArrow, ...]]:
        c = self.sec("cities")
        cities = []
        for cid in c.data:
            r = c.table(cid)
            cities.append(City(cid, r.int("order", minimum=0), r.int("value", minimum=0),
                               r.str("corner", choices=CORNERS), r.bool("repeatable", False),
                               self.steps(r, "on_place", None), r.int("vp_per_disc", 0), r.int("end_vp", 0),
                               r.conf()))
            r.done()
        c.done()
        cities.sort(key=lambda x: x.order)
        if [x.order for x in cities] != list(range(len(cities))):
            c.fail("city orders must be 0..n-1")
        if [x.value for x in cities] != sorted(x.value for x in cities):
            c.fail("city values must not decrease along the strip")
        by_id = {x.id: x for x in cities}
        if far not in by_id or not by_id[far].repeatable:
            raise ContentError("meta.toml", "meta.repeatable_far_city", f"{far!r} is not a repeatable city")
        a = self.sec("arrows")
        arrows = []
        for aid in a.data:
            r = a.table(aid)
            between = r.strs("between")
            if len(between) != 2 or any(b not in by_id for b in between):
                r.fail("expected two known city ids", "between")
            if abs(by_id[between[0]].order - by_id[between[1]].order) != 1:
                r.fail("arrows join neighbouring cities", "between")
            arrows.append(CityArrow(aid, (between[0], between[1]), self.steps(r, "immediate", None),
                                    r.int("end_vp", 0), r.conf()))
            r.done()
        a.done()
        return tuple(cities), tuple(arrows)

    def read_buildings(self, trail: Trail) -> tuple[dict[str, Building], dict[str, Building]]:
        neutral: dict[str, Building] = {}
        private: dict[str, Building] = {}
        nsec = self.sec("neutral")
        for bid in nsec.data:
            r = nsec.table(bid)
            if not re.fullmatch(r"[A-Z]", bid):
                nsec.fail("neutral buildings are named by one capital letter", bid)
            neutral[bid] = Building(bid, True, 0, "", 0, 0, r.str("hand", choices=HANDS),
                                    self._actions(r), r.conf())
            r.done()
        nsec.done()
        psec = self.sec("private")
        for bid in psec.data:
            r = psec.table(bid)
            m = re.fullmatch(r"(\d+)([ab])", bid)
            if not m:
                psec.fail("private buildings are named number + side, e.g. \"7b\"", bid)
            private[bid] = Building(bid, False, int(m.group(1)), m.group(2), r.int("builders", minimum=1),
                                    r.int("vp"), r.str("hand", choices=HANDS), self._actions(r), r.conf())
            r.done()
        psec.done()
        numbers = sorted({b.number for b in private.values()})
        if numbers != list(range(1, len(numbers) + 1)):
            psec.fail("private buildings must be numbered 1..n")
        for num in numbers:
            for side in "ab":
                if f"{num}{side}" not in private:
                    psec.fail(f"building {num} has no side {side!r}")
        rules = self.sec("building_rules")
        rules.int("place_rate_neutral_b", minimum=0)
        rules.int("place_rate_builder_row", minimum=0)
        rules.str("replace")
        if not rules.bool("same_sides_for_all_players"):
            rules.fail("only true is supported", "same_sides_for_all_players")
        rules.bool("new_tile_under_own_herder_usable_same_turn")
        rules.done()
        spaces = trail.of_kind("neutral")
        placed: dict[str, str] = {}
        for n in spaces:
            if n.default_tile not in neutral:
                raise ContentError("trail.toml", f"nodes.{n.id}.default_tile", f"unknown neutral building {n.default_tile!r}")
            if n.default_tile in placed:
                raise ContentError("trail.toml", f"nodes.{n.id}.default_tile",
                                   f"neutral building {n.default_tile!r} is already the default tile of space "
                                   f"{placed[n.default_tile]!r} (each neutral building goes on exactly one space)")
            placed[n.default_tile] = n.id
        if len(spaces) != len(neutral):
            raise ContentError("buildings.toml", "neutral",
                               f"{len(neutral)} neutral buildings for {len(spaces)} neutral spaces")
        return neutral, private

    def _actions(self, r: Rec) -> tuple[Steps, ...]:
        acts = r.raw("actions")
        if not isinstance(acts, list) or not acts:
            r.fail("expected a non-empty list of local actions", "actions")
        return tuple(parse_steps(a, r.file, f"{r.sub('actions')}[{i}]", self.ctx) for i, a in enumerate(acts))

    def read_station_masters(self, railroad: Railroad, setup: Mapping[str, Any]) -> dict[str, StationMaster]:
        s = self.sec("station_masters")
        out = {}
        for sid in s.data:
            r = s.table(sid)
            vp, every, per = 0, 1, None
            if r.has("scoring"):
                sc = r.table("scoring")
                vp, every, per = sc.int("vp"), sc.int("every", minimum=1), sc.str("per", choices=COUNTERS)
                self.ctx.counters_used.append((sc.file, sc.sub("per"), per))
                sc.done()
            out[sid] = StationMaster(sid, self.steps(r, "immediate"), vp, every, per, r.str("origin", ""), r.conf())
            r.done()
        s.done()
        spaces = sum(1 for st in railroad.stations if st.station_master_space)
        if spaces != setup["station_masters_used"]:
            raise ContentError("railroad.toml", "stations",
                               f"{spaces} station-master spaces but setup uses {setup['station_masters_used']} tiles")
        if len(out) < setup["station_masters_used"]:
            s.fail(f"only {len(out)} tiles for {setup['station_masters_used']} station-master spaces")
        if len(out) != setup["station_masters_in_box"]:
            s.fail(f"{len(out)} tiles but setup.station_masters_in_box is {setup['station_masters_in_box']}")
        return out

    def read_objectives(self, options: Mapping[str, Any]
                        ) -> tuple[dict[str, Task], dict[str, Steps], dict[str, ObjectiveCard]]:
        t = self.sec("tasks")
        tasks: dict[str, Task] = {}
        aliases: dict[str, str] = {}
        for tid in t.data:
            r = t.table(tid)
            if r.has("same_as_option"):
                opt = r.str("same_as_option")
                if opt not in options:
                    r.fail(f"unknown content option {opt!r}", "same_as_option")
                aliases[tid] = options[opt]
            else:
                tasks[tid] = Task(tid, r.str("counts", choices=COUNTERS), r.str("text", ""))
                self.ctx.counters_used.append((r.file, r.sub("counts"), tasks[tid].counts))
            r.str("text", "")
            r.done()
        t.done()
        for tid, target in aliases.items():
            if target not in tasks:
                t.fail(f"option resolves to unknown task {target!r}", tid)
        im = self.sec("immediate_actions")
        immediates = {k: self.steps(im, k) for k in im.data}
        im.done()
        rules = self.sec("rules")
        rules.str("gain_from", choices=("display_or_top_of_stack",))
        rules.str("gained_card_to", choices=("discard_pile",))
        rules.str("play_when", choices=("before_phase_a_or_between_phase_b_actions",))
        rules.done()
        cards: dict[str, ObjectiveCard] = {}
        for sec_name, starting in (("starting", True), ("deck", False)):
            s = self.sec(sec_name)
            for cid in s.data:
                r = s.table(cid)
                if cid in cards:
                    s.fail("objective card id used twice", cid)
                resolved = []
                for i, task in enumerate(r.strs("tasks")):
                    if task in aliases:
                        task = aliases[task]
                    if task not in tasks:
                        r.fail(f"unknown task {task!r}", f"tasks[{i}]")
                    resolved.append(task)
                if not resolved:
                    r.fail("a card needs at least one task", "tasks")
                imm = r.str("immediate", None)
                if imm is not None and imm not in immediates:
                    r.fail(f"unknown immediate action {imm!r}", "immediate")
                if not starting and imm is None:
                    r.fail("objective cards of the deck need an immediate action", "immediate")
                cards[cid] = ObjectiveCard(cid, starting, r.int("count", 1, minimum=1), imm, tuple(resolved),
                                           r.int("vp"), r.int("penalty", maximum=0), r.conf())
                r.done()
            s.done()
        return tasks, immediates, cards

    def read_scoring(self) -> tuple[str, ...]:
        s = self.sec("scoring")
        if s.str("tie", choices=("shared",)) != "shared":
            s.fail("only shared ties are supported", "tie")
        s.int("money_per_vp", minimum=1)
        s.done()
        c = self.sec("categories")
        cats = []
        for cid in c.data:
            r = c.table(cid)
            cats.append((r.int("n", minimum=1), cid))
            r.str("text", "")
            r.done()
        c.done()
        cats.sort()
        if [n for n, _ in cats] != list(range(1, len(cats) + 1)):
            c.fail("categories must be numbered 1..n")
        known = set(SCORE_CATEGORIES)
        for _, cid in cats:
            if cid not in known:
                c.fail(f"the engine has no scoring rule for category {cid!r}", cid)
        return tuple(cid for _, cid in cats)

    def check_counters(self, groups: Mapping[str, tuple[str, ...]], supply: KCSupply,
                       cities: tuple[City, ...]) -> None:
        """Every counter used must count a component the content has (vocabulary.COUNTER_NEEDS): a
        First Edition task copied as 'orange outlaws held' would otherwise silently count 0."""
        have = {"card_group": set(groups), "outlaw_colour": set(supply.outlaw_colours),
                "teepee_colour": set(supply.teepee_colours), "city": {c.id for c in cities}}
        words = {"card_group": "card group", "outlaw_colour": "outlaw tiles of colour",
                 "teepee_colour": "teepee tiles of colour", "city": "city"}
        for file, entry, counter in self.ctx.counters_used:
            kind, ids = COUNTER_NEEDS.get(counter, ("", ()))
            for needed in ids:
                if needed not in have[kind]:
                    raise ContentError(file, entry, f"counter {counter!r} counts {words[kind]} {needed!r}, "
                                                    f"which this content does not have")

    def check_box_counts(self, breeds: Mapping[str, Breed], supply: KCSupply, trail: Trail, railroad: Railroad,
                         cities: tuple[City, ...], neutral: Mapping[str, Building], private: Mapping[str, Building],
                         station_masters: Mapping[str, StationMaster], objectives: Mapping[str, ObjectiveCard],
                         board: PlayerBoard, categories: tuple[str, ...]) -> None:
        if not self.check_counts:
            return
        box = BOX_COUNTS.get(self.edition)
        if box is None:
            raise ContentError("meta.toml", "meta.edition",
                               f"no box is known for edition {self.edition} (editions {', '.join(map(str, BOX_COUNTS))}); "
                               f"set meta.check_component_counts = false")
        actual = {
            "market cattle cards": sum(b.count for b in breeds.values() if b.source == "market"),
            "starting cattle cards per player": sum(b.per_player for b in breeds.values() if b.source == "starting"),
            "worker tiles": sum(supply.workers.values()),
            "hazard tiles": len(supply.hazard_types) * sum(k.count for k in supply.hazard_kinds),
            "outlaw tiles": sum(supply.outlaw_colours.values()),
            "teepee tiles": sum(supply.teepee_colours.values()),
            "station-master tiles": len(station_masters),
            "starting objective cards": sum(c.count for c in objectives.values() if c.starting),
            "objective cards": sum(c.count for c in objectives.values() if not c.starting),
            "neutral buildings": len(neutral),
            "neutral building spaces": len(trail.of_kind("neutral")),
            "private building spaces": len(trail.of_kind("private")),
            "railroad spaces": railroad.numbered_spaces,
            "stations": len(railroad.stations),
            "cities": len(cities),
            "private building numbers": len({b.number for b in private.values()}),
            "outlaw spaces": len(trail.of_kind("outlaw")),
            "teepee spaces": len(trail.of_kind("teepee")),
            "hazard spaces": len(trail.of_kind("hazard")),
            "discs per player": board.discs_per_player,
            "scoring categories": len(categories),
        }
        for what, expected in box.items():
            if actual[what] != expected:
                raise ContentError(_COUNT_FILE[what], "", f"{actual[what]} {what}, the {EDITION_NAMES[self.edition]} "
                                   f"box has {expected} (set meta.check_component_counts = false to allow)")


# Fixed rule readings of solo.toml: table -> field -> the values the engine supports. Each is
# the solo rules' own reading (or, where tagged L, the recommended one); a second value appears
# only where the engine implements an alternative. Lists are compared as a whole.
_SOLO_RULES: dict[str, dict[str, tuple[Any, ...]]] = {
    "setup": {
        "printed_workers": ("one_of_each",),
        "money": ("none",),
        "cattle_deck": ("none",),
        "herder_start": ("trail_start",),
        "specialisation": ("most_workers",),
    },
    "turn": {
        "card": ("top_of_deck",),
        "reshuffle": ("at_turn_start_when_deck_empty",),
        "card_after_turn": ("discard_face_up",),
        "location_actions": (False,),
        "action_before_kansas_city": (True,),
    },
    "movement": {
        "tie_breaks": (("lowest_fees", "least_paid_to_human"),),
        "fees_for_human_buildings": ("bank_pays_human",),
        "fees_for_hazards_and_outlaws": ("unpaid",),
    },
    "hire": {
        "cost": ("free",),
        "cheapest_ties": (("specialisation", "top_row", "left_column"),),
        "specialisation_fallback": ("next_most_numerous_type",),
        "placement": ("leftmost_free_space_of_row",),
        "specialisation_change": ("strictly_more_workers",),
    },
    "cattle": {
        "maximise": ("vp",),
        "ties": ("single_card_with_most_vp",),
        "buys_simmental": (False,),
        "cards_to": ("objective_card_stack",),
    },
    "buildings": {
        "space": ("next_free_space_without_risk_action_ahead_of_human_herder",),
        "new_building": (("most_builders", "has_hand"),),
        "replace_building": (("most_builders_used", "new_building_most_builders", "keep_or_gain_hand_buildings"),),
        "cost": ("free",),
    },
    "engine": {
        "stops": ("farthest_station_in_reach",),
        "upgrade": ("free_with_disc_from_supply",),
        "station_master": ("to_box",),
        "end_of_track": ("upgrade_last_station_and_leave_track",),
    },
    "picks": {
        "objective_card": ("farthest_from_stack",),
        "bounty": ("highest_numbered_occupied_space",),
        "hazard_section": (("most_tiles", "highest_vp_tile"),),
        "hazard_tile": ("highest_vp",),
    },
    "kansas_city": {
        "foresight_tile": ("lower",),
        "delivery": ("first_delivery_then_next_higher",),
        "transport_cost": (False,),
        "disc_when_supply_empty": ("from_lowest_value_station",),
        "exchange_token_rewards": ("ignored",),
        "money_rewards": ("ignored",),
    },
    "human": {
        "fees_on_sam_buildings": ("to_bank",),
        "foresight_refill": ("slide_down_then_refill_upper",),
        "objective_display": ("slide_away_from_stack",),
    },
    "scoring": {
        "objectives": ("all_fulfilled",),
    },
}

# Open readings of solo.toml [solo.options]: field -> supported values (bool: True/False).
_SOLO_OPTIONS: dict[str, tuple[Any, ...]] = {
    "route": ("shortest_to_kansas_city", "most_steps"),
    "route_last_tie": ("first_listed_branch",),
    "hire_same_type": ("cheapest_then_top_left", "top_left"),
    "worker_space_actions": (False,),
    "cattle_last_ties": (("fewest_cowboys", "fewest_dollars"), ("fewest_dollars", "fewest_cowboys")),
    "building_space_search": ("fewest_spaces_then_listed_order",),
    "building_last_tie": ("lowest_number",),
    "replacement_last_tie": ("lowest_numbers",),
    "engine_without_station": ("full_distance",),
    "engine_occupied_station": ("passed",),
    "hazard_last_ties": ("listed_section_then_lowest_space",),
    "lowest_value_station_tie": ("lowest_number",),
    "end_phase_foresight": ("lower_else_upper", "lower_only"),
    "most_buildings_counts_sam": (True, False),
}


def _show(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, tuple | list):
        return "[" + ", ".join(_show(x) for x in v) + "]"
    return repr(v)


class _SoloReader:
    """Reads and cross-checks solo.toml against the rest of the content."""

    def __init__(self, builder: _Builder, setup: Mapping[str, Any], breeds: Mapping[str, Breed], board: PlayerBoard,
                 supply: KCSupply, cities: tuple[City, ...], private: Mapping[str, Building],
                 objectives: Mapping[str, ObjectiveCard], categories: tuple[str, ...]):
        self.b = builder
        self.setup, self.breeds, self.board, self.supply = setup, breeds, board, supply
        self.city_ids = tuple(c.id for c in cities)
        self.private, self.objectives, self.categories = private, objectives, categories
        self.ctx = StepContext((), SAM_VERB_BY_NAME, SAM_COUNTERS, vocabulary="Sam verb")

    def read(self) -> Solo:
        s = self.b.sec("solo")
        name = s.str("name")
        default = s.str("default_difficulty")
        setup = self.read_setup(s.table("setup"))
        difficulties = self.read_difficulties(s.table("difficulties"), setup)
        if default not in difficulties:
            s.fail(f"unknown difficulty {default!r} (expected one of {', '.join(difficulties)})",
                   "default_difficulty")
        icons = self.read_icons(s.table("step_icons"))
        cards = self.read_cards(s.table("cards"), icons)
        for d in difficulties.values():
            for n in d.remove_cards:
                if n not in cards:
                    raise ContentError(s.file, f"solo.difficulties.{d.id}.remove_cards",
                                       f"no Sam card {n} (cards are 1..{len(cards)})")
            if len(set(d.remove_cards)) == len(cards):
                raise ContentError(s.file, f"solo.difficulties.{d.id}.remove_cards", "leaves Sam without cards")
        rules: dict[str, Any] = {f"setup.{key}": setup[key] for key in _SOLO_RULES["setup"]}
        for table, fields in _SOLO_RULES.items():
            if table == "setup":
                continue
            t = s.table(table)
            for key, allowed in fields.items():
                rules[f"{table}.{key}"] = self.choice(t, key, allowed)
            if table == "cattle":
                rules["cattle.reveal_per_cowboy"] = t.int("reveal_per_cowboy", minimum=0)
            if table == "kansas_city":
                rules["kansas_city.skip_steps"] = self.skip_steps(t)
            if table == "scoring":
                rules["scoring.skip_categories"] = self.skip_categories(t)
            t.done()
        o = s.table("options")
        options = {key: self.choice(o, key, allowed) for key, allowed in _SOLO_OPTIONS.items()}
        o.done()
        s.done()
        if self.b.check_counts:
            actual = {"Sam cards": len(cards), "Sam discs": setup["discs"]}
            for what, expected in SOLO_BOX_COUNTS_2E.items():
                if actual[what] != expected:
                    raise ContentError(s.file, "", f"{actual[what]} {what}, the Second Edition box has {expected} "
                                       "(set meta.check_component_counts = false to allow)")
        return Solo(
            name=name, default_difficulty=default, board_players=setup["board_players"],
            sam_seat=setup["sam_seat"], worker_bag=setup["worker_bag"], workers_from_bag=setup["workers_from_bag"],
            discs=setup["discs"], building_side=setup["building_side"],
            starting_objective_cards=setup["starting_objective_cards"], difficulties=frozen_map(difficulties),
            step_icons=frozen_map(icons), cards=frozen_map(cards),
            kc_skip_steps=rules.pop("kansas_city.skip_steps"), skip_scoring=rules.pop("scoring.skip_categories"),
            rules=frozen_map(rules), options=frozen_map(options))

    @staticmethod
    def choice(rec: Rec, key: str, allowed: tuple[Any, ...]) -> Any:
        """A field whose value must be one of `allowed` (strings, booleans or lists of strings)."""
        v = rec.raw(key)
        value = tuple(v) if isinstance(v, list) else v
        kinds = {type(a) for a in allowed}
        if type(value) not in kinds or (isinstance(value, tuple) and not all(isinstance(x, str) for x in value)):
            want = {bool: "true or false", str: "a string", tuple: "a list of strings"}
            rec.fail(f"expected {' or '.join(sorted(want[k] for k in kinds))}, got {_typename(v)} {v!r}", key)
        if value not in allowed:
            rec.fail(f"unsupported value {_show(value)} (the engine implements: "
                     f"{', '.join(_show(a) for a in allowed)})", key)
        return value

    def read_setup(self, t: Rec) -> dict[str, Any]:
        out: dict[str, Any] = {}
        out["board_players"] = t.int("board_players")
        if out["board_players"] not in self.setup["players"]:
            t.fail(f"the content has no {out['board_players']}-player setup "
                   f"(player counts: {', '.join(map(str, self.setup['players']))})", "board_players")
        out["sam_seat"] = t.int("sam_seat", minimum=1, maximum=out["board_players"])
        if out["board_players"] != 2:
            t.fail("Sam plays against one human: the board is set up for 2 players", "board_players")
        bag = t.int("worker_bag")
        if bag not in self.supply.bags or not sum(self.supply.bags[bag].get("workers", {}).values()):
            t.fail(f"bag {bag} holds no worker tiles", "worker_bag")
        out["worker_bag"] = bag
        out["workers_from_bag"] = t.int("workers_from_bag", minimum=0)
        out["discs"] = t.int("discs", minimum=0)
        out["building_side"] = t.str("building_side", choices=sorted({b.side for b in self.private.values()}))
        starting = sum(c.count for c in self.objectives.values() if c.starting)
        out["starting_objective_cards"] = t.int("starting_objective_cards", minimum=0, maximum=starting)
        if t.int("engine_start") != 0:
            t.fail("Sam's engine starts on the start space 0", "engine_start")
        for key, allowed in _SOLO_RULES["setup"].items():
            out[key] = self.choice(t, key, allowed)
        t.done()
        return out

    def read_difficulties(self, t: Rec, setup: Mapping[str, Any]) -> dict[str, SoloDifficulty]:
        if not t.data:
            t.fail("at least one difficulty is needed")
        bag_workers = self.supply.bags[setup["worker_bag"]].get("workers", {})
        out = {}
        for did in t.data:
            r = t.table(did)
            cards = r.ints("remove_cards", minimum=1)
            if len(set(cards)) != len(cards):
                r.fail("a card is listed twice", "remove_cards")
            extra = r.strs("extra_workers")
            for w in extra:
                if w not in self.board.worker_types:
                    r.fail(f"unknown worker type {w!r} (expected one of {', '.join(self.board.worker_types)})",
                           "extra_workers")
                if extra.count(w) > bag_workers.get(w, 0):
                    r.fail(f"bag {setup['worker_bag']} holds only {bag_workers.get(w, 0)} {w} tiles", "extra_workers")
            if len(extra) + setup["workers_from_bag"] > sum(bag_workers.values()):
                r.fail(f"bag {setup['worker_bag']} holds {sum(bag_workers.values())} workers, fewer than "
                       f"Sam's {len(extra) + setup['workers_from_bag']} setup workers", "extra_workers")
            for w in self.board.worker_types:
                if 1 + extra.count(w) + setup["workers_from_bag"] > self.board.worker_spaces:
                    r.fail(f"Sam's {w} row cannot hold so many workers", "extra_workers")
            first = r.str("first_delivery")
            if first not in self.city_ids:
                r.fail(f"unknown city {first!r} (expected one of {', '.join(self.city_ids)})", "first_delivery")
            out[did] = SoloDifficulty(did, cards, extra, first, r.conf())
            r.done()
        t.done()
        return out

    def read_icons(self, t: Rec) -> dict[str, StepIcon]:
        out = {}
        for iid in t.data:
            r = t.table(iid)
            counts = r.str("counts", choices=SAM_COUNTERS)
            lo = r.int("min", minimum=1)
            hi = r.int("max", minimum=lo)
            out[iid] = StepIcon(iid, counts, lo, hi, r.str("text", ""), r.conf())
            r.done()
        t.done()
        return out

    def read_cards(self, t: Rec, icons: Mapping[str, StepIcon]) -> dict[int, SamCard]:
        cards: dict[int, SamCard] = {}
        for key in t.data:
            if not key.isdigit():
                t.fail("Sam cards are numbered \"1\", \"2\", ...", key)
            r = t.table(key)
            has_steps, has_icon = r.has("steps"), r.has("step_icon")
            if has_steps == has_icon:
                r.fail("give exactly one of steps or step_icon")
            steps = r.int("steps", None, minimum=1)
            icon = r.str("step_icon", None)
            if icon is not None and icon not in icons:
                r.fail(f"unknown step icon {icon!r} (expected one of {', '.join(icons)})", "step_icon")
            action = self.steps(r, "action")
            spec = r.str("when_specialisation", None, choices=self.board.worker_types)
            if (spec is None) != (not r.has("otherwise")):
                r.fail("'otherwise' goes with 'when_specialisation' (both or neither)",
                       "otherwise" if spec is None else "when_specialisation")
            otherwise = self.steps(r, "otherwise") if spec is not None else ()
            cards[int(key)] = SamCard(int(key), steps, icon, action, spec, otherwise, r.str("text", ""), r.conf())
            r.done()
        t.done()
        if sorted(cards) != list(range(1, len(cards) + 1)):
            t.fail("Sam cards must be numbered 1..n")
        return cards

    def steps(self, r: Rec, key: str) -> Steps:
        steps = parse_steps(r.raw(key), r.file, r.sub(key), self.ctx)
        values = sorted({b.value for b in self.breeds.values() if b.source == "market"})
        for i, step in enumerate(steps):
            if step.op == "take_market_card" and step.get("value") not in values:
                raise ContentError(r.file, f"{r.sub(key)}[{i}].value",
                                   f"no market breed has value {step.get('value')} "
                                   f"(market values: {', '.join(map(str, values))})")
        return steps

    def skip_steps(self, t: Rec) -> tuple[int, ...]:
        steps = t.ints("skip_steps", minimum=1)
        income = self.supply.foresight_columns + 1      # the foresight steps, then income, then delivery
        for n in steps:
            if n != income:
                t.fail(f"only the income step ({income}) can be skipped, not step {n}", "skip_steps")
        return tuple(sorted(set(steps)))

    def skip_categories(self, t: Rec) -> tuple[str, ...]:
        cats = t.strs("skip_categories")
        for c in cats:
            if c not in self.categories:
                t.fail(f"unknown scoring category {c!r} (expected one of {', '.join(self.categories)})",
                       "skip_categories")
        return cats


_COUNT_FILE = {
    "market cattle cards": "cattle.toml", "starting cattle cards per player": "cattle.toml",
    "worker tiles": "kc_supply.toml", "hazard tiles": "kc_supply.toml", "outlaw tiles": "kc_supply.toml",
    "teepee tiles": "kc_supply.toml", "teepee spaces": "trail.toml",
    "station-master tiles": "station_masters.toml", "starting objective cards": "objectives.toml",
    "objective cards": "objectives.toml", "neutral buildings": "buildings.toml",
    "neutral building spaces": "trail.toml", "private building spaces": "trail.toml",
    "railroad spaces": "railroad.toml", "stations": "railroad.toml", "cities": "cities.toml",
    "private building numbers": "buildings.toml", "outlaw spaces": "trail.toml", "hazard spaces": "trail.toml",
    "discs per player": "player_board.toml", "scoring categories": "scoring.toml",
}
