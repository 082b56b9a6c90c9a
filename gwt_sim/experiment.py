"""Experiment specs: an experiment TOML file (or a mapping) -> a typed, hashable `Experiment`.

    from gwt_sim.experiment import Overrides, load_experiment
    exp = load_experiment("experiments/quickstart.toml", Overrides(games=200, strategies=("random",)))
    exp.hash, exp.arms[0].lineup, exp.total_games

This is the first of the three stages of a run: *spec* (here: parse and type-check the file and the
command-line `Overrides`; nothing is built or compiled), *plan* (`gwt_sim.plan`: build every strategy
once, compile each arm's content and variant into engine tables, chunk the seeds, write the
manifest) and *run* (`gwt_sim.runner`: play the chunks into the dataset).

Schema (every key but `games` is optional; see README "Experiments" and the ready files in
experiments/)::

    name = "quickstart"            # letters, digits, _ . - (default: the file name)
    description = "..."            # free text, not part of the experiment's identity
    games = 10000                  # seeds: every arm plays game 0..games-1 (x its rotations)
    seed = 1                       # root seed; game i's seed = derive_game_seed(seed, i)
    chunk_size = 2000              # games per chunk (whole seeds: arms and rotations of a seed stay together)
    players = 4                    # 2, 3 or 4; 1: the solo mode against Sam (every arm then solo)
    strategies = ["random"]        # strategy strings "name:param=value" or "module:Class"
    seating = "random"             # fixed | random | rotations | draw
    edition = "2e"                 # the built-in content: 2e (Second Edition, default) or 1e (First Edition)
    content = "my_content/"        # or a content folder (relative to this file)
    patch_files = ["whatif.toml"]  # content patches applied to every arm (relative to this file)

    [variant]                      # the knobs of gwt_sim.variant.Variant
    sides = "a"                    # a | b | random | a letter per building number ("abbaabbaabab": 12 in 2E, 10 in 1E)
    neutral_layout = "ABCDEFG"     # ABCDEFG | random | an order of A-G
    station_masters = "random"     # random | 5 tile ids
    simmental = false
    starting_money = [6, 7, 8, 9]  # per seat (default: the content's)
    seat_vp = [0, 1, 2, 2]         # VP added per seat at final scoring (seat compensation; default none)
    solo_difficulty = "medium"     # players = 1: Sam's difficulty (easy | medium | hard; default: the content's)
    solo_first_delivery = "peoria" # players = 1: the city of Sam's first delivery (default: the difficulty's)

    [patch]                        # an inline content patch for every arm (same form as a patch file)
    set = { "private.10b.actions[0][0].amount" = 3 }

    [[arms]]                       # optional: arms compared in one dataset (default: one arm "main")
    name = "baseline"              # required, unique
    players = 3                    # any of players, strategies, seating override the top level;
    strategies = ["random"]        # [arms.variant] knobs override [variant] one by one;
    [arms.variant]                 # [arms.patch] / patch_files add patches after the top level's
    sides = "b"

    [sweep]                        # optional: every arm is played at every value (several: a grid)
    "private.10b.actions[0][0].amount" = [2, 3, 4, 5]   # a content path as in patches, or
    "starting_money[0]" = "4..8"   # a seat knob; values: a list or a range FROM..TO[:STEP]

    [[pools]]                      # optional: every arm is played once by each strategy pool
    name = "strong"                # required, unique: the dataset's `pool` column
    strategies = ["planner"]       # who plays, as `strategies` above (then not allowed at the top
    seating = "random"             # level or in arms); seating as above (default random)

Seating: the `strategies` list is a lineup that fills the seats in order, repeated when shorter (its
length must divide the player count: ["a", "b"] at 4 players sits a, b, a, b).

* ``fixed``: seat i always plays lineup[i].
* ``random``: each game seats the lineup in a random order (every permutation equally likely).
* ``rotations``: each seed is played once per distinct rotation of the lineup; rotation k moves the
  lineup k seats on (the first strategy listed sits at seat k+1). ["a", "b", "b", "b"] gives 4
  games per seed, ["a", "b", "a", "b"] 2, ["random"] 1.
* ``draw``: each seat draws a strategy from the list independently (with replacement); any length.

Random seat orders and draws come from their own stream of the game seed (`STREAM_SEATING`), so
they are the same in every arm: common random numbers.

Strategy pools (`[[pools]]`): a finding may hold for one kind of player and not another, so an
experiment may have every arm played by several pools of strategies — e.g. the strongest bot in every
seat, and a mix of archetypes. Each arm is then played once per pool on the same seeds (common random
numbers: pools differ only by who plays), `Experiment.arms` lists one arm per (arm, pool) in that
order with `Arm.pool` set, and both tables of the dataset get a `pool` column. `Overrides.pool`
(--pool NAME) keeps one pool; `Overrides.strategies` (--strategies) replaces the pools (one set of
players, no `pool` column); `Overrides.seating` (--seating) applies to every pool. In a solo
experiment (players = 1) a pool plays the one seat that decides, against Sam: one strategy, or
several with seating = "draw" (one drawn per game).

Sweeps (`[sweep]`, or `Overrides.sweep` from ``gwt-sim sweep --param PATH --values ...``, which
replaces the file's): every arm becomes one arm per value (per combination of values for several
parameters), named after the values (``amount_3``; ``baseline.amount_3`` when the file has several
arms); `Experiment.sweep` records which values each arm plays (`gwt_sim.params`). The arms share
their seeds, so they differ only by the values. `Overrides.arm` keeps one arm of the file.

Every problem raises `ExperimentError` with one line naming the file, the key and the problem.
"""

from __future__ import annotations

import copy
import dataclasses
import hashlib
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gwt_sim.errors import UserError
from gwt_sim.files import read_text, read_toml
from gwt_sim.params import ParamError, Sweep
from gwt_sim.variant import Variant, VariantError

SEATINGS = ("fixed", "random", "rotations", "draw")
DEFAULT_CHUNK_GAMES = 2000
MAX_SEED = 2**64 - 1
MAX_GAMES = 2**40
NAME_RE = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]*")
DEFAULT_ARM = "main"

TOP_KEYS = ("name", "description", "games", "seed", "chunk_size", "players", "strategies", "seating",
            "edition", "content", "patch_files", "variant", "patch", "arms", "sweep", "pools")
ARM_KEYS = ("name", "description", "players", "strategies", "seating", "variant", "patch", "patch_files")
POOL_KEYS = ("name", "description", "strategies", "seating")
WHO_PLAYS = ("strategies", "seating")     # given per pool when the experiment has [[pools]]
VARIANT_KEYS = ("sides", "neutral_layout", "station_masters", "simmental", "starting_money", "seat_vp",
                "solo_difficulty", "solo_first_delivery")


class ExperimentError(UserError, ValueError):
    """A problem with an experiment file or its overrides: `str()` is one line naming file, key and problem."""

    def __init__(self, source: str, where: str, problem: str):
        self.source, self.where, self.problem = source, where, str(problem)
        head = f"{source}: " if source else ""
        super().__init__(f"{head}{where}: {self.problem}" if where else f"{head}{self.problem}")


# --------------------------------------------------------------------------- overrides


@dataclass(frozen=True)
class Overrides:
    """Values that replace the experiment file's for every arm (the command line's --games,
    --players, --strategies, --seating, --seed, --chunk-size), the one arm to keep (--arm) and a
    sweep replacing the file's [sweep] (--param PATH --values VALUES, given as pairs). None leaves
    the file's value. With [[pools]], `strategies` replaces the pools and `seating` applies to each
    pool; `pool` keeps one of them.

    `strategies` may be given as one comma-separated string ("A,B"). The values are checked by the
    spec parser, which names them by their option (``--players: must be between 2 and 4``).
    """

    games: int | None = None
    players: int | None = None
    strategies: tuple[str, ...] | None = None
    seating: str | None = None
    seed: int | None = None
    chunk_size: int | None = None
    arm: str | None = None
    pool: str | None = None                               # keep this strategy pool of the file's
    sweep: tuple[tuple[str, Any], ...] | None = None     # (PATH, VALUES) pairs
    edition: str | None = None           # "1e" | "2e": the built-in content of that edition, replacing the file's
    # "package.module:Class" accumulators (gwt_sim.engine.play): their after() values become extra
    # columns. Not part of the experiment: they change what is recorded, not the games.
    accumulators: tuple[str, ...] | None = None

    def __post_init__(self) -> None:
        if self.accumulators is not None:
            object.__setattr__(self, "accumulators", tuple(self.accumulators))
        s = self.strategies
        if isinstance(s, str):
            object.__setattr__(self, "strategies", split_strategies(s))
        elif s is not None:
            object.__setattr__(self, "strategies", tuple(s))
        if self.sweep is not None:
            pairs = self.sweep.items() if isinstance(self.sweep, Mapping) else self.sweep
            object.__setattr__(self, "sweep", tuple(
                (path, tuple(values) if isinstance(values, list) else values) for path, values in pairs))

    def given(self) -> dict[str, Any]:
        """The overrides that are set, as plain values (lists for tuples): what the manifest records."""
        return {f.name: _plain(v) for f in dataclasses.fields(self) if (v := getattr(self, f.name)) is not None}

    @staticmethod
    def option(key: str) -> str:
        """The command-line option of an override key: chunk_size -> --chunk-size, sweep -> --param."""
        return "--param" if key == "sweep" else f"--{key.replace('_', '-')}"


# --------------------------------------------------------------------------- the typed spec


@dataclass(frozen=True)
class Arm:
    """One configuration of an experiment: players, strategies and their seating, variant, patches."""

    name: str
    players: int
    strategies: tuple[str, ...]          # as written (the pool for `draw`)
    seating: str
    variant: Variant                     # players and patches included
    lineup: tuple[str, ...] | None       # strategy per seat before seating (None for `draw`)
    rotations: tuple[int, ...]           # shifts played per seed (rotations), else (0,)
    description: str = ""
    strategies_key: str = "strategies"   # where the strategies were written, for messages
    pool: str | None = None              # the strategy pool playing this arm (experiments with [[pools]])

    @property
    def games_per_seed(self) -> int:
        return len(self.rotations)

    def seats_for_rotation(self, k: int) -> tuple[str, ...]:
        """The strategy at each seat in rotation k (seat s plays lineup[(s - k) mod players])."""
        assert self.lineup is not None
        p = self.players
        return tuple(self.lineup[(s - k) % p] for s in range(p))

    def canonical(self) -> dict[str, Any]:
        v = self.variant
        return {"name": self.name, "players": self.players, "strategies": list(self.strategies),
                "seating": self.seating, "sides": v.sides, "neutral_layout": v.neutral_layout,
                "station_masters": v.station_masters if isinstance(v.station_masters, str)
                else list(v.station_masters),
                "simmental": v.simmental,
                "starting_money": list(v.starting_money) if v.starting_money is not None else None,
                # only when set, so that the hashes of experiments written before the knob stay the same
                **({"seat_vp": list(v.seat_vp)} if v.seat_vp is not None else {}),
                **({"pool": self.pool} if self.pool is not None else {}),
                "patches": [p if isinstance(p, str) else _plain(p) for p in v.patches]}


@dataclass(frozen=True)
class Pool:
    """A strategy pool: who plays (strategies and their seating), named for the dataset's `pool`
    column. Every arm of an experiment with pools is played once by each pool, on the same seeds."""

    name: str
    strategies: tuple[str, ...]
    seating: str
    description: str = ""
    strategies_key: str = "pools[0].strategies"   # where the strategies were written, for messages

    def record(self) -> dict[str, Any]:
        """The pool as the manifest records it."""
        return {"name": self.name, "strategies": list(self.strategies), "seating": self.seating,
                "description": self.description}


@dataclass(frozen=True)
class Experiment:
    """A parsed experiment. `hash` identifies the dataset it produces (chunk size, descriptions
    and the content folder's path are not part of it; the content itself is checked by hash).
    `arms` are the arms as played: with pools, each arm once per pool (arm-major, `Arm.pool` set)."""

    name: str
    games: int
    seed: int
    chunk_size: int
    arms: tuple[Arm, ...]
    content: str | None = None           # absolute content folder, None = built-in
    description: str = ""
    source: str = "<experiment>"
    overrides: Overrides = field(default_factory=Overrides)
    sweep: Sweep | None = None            # the values each arm plays, when the arms are a sweep
    pools: tuple[Pool, ...] = ()          # the strategy pools (arms: one per arm and pool), else ()

    @property
    def arm_names(self) -> tuple[str, ...]:
        """The arms' names, each once (an experiment with pools lists every arm once per pool)."""
        return tuple(dict.fromkeys(a.name for a in self.arms))

    @property
    def games_per_seed(self) -> int:
        """Games played for each seed: every arm, every rotation."""
        return sum(a.games_per_seed for a in self.arms)

    @property
    def total_games(self) -> int:
        return self.games * self.games_per_seed

    @property
    def seeds_per_chunk(self) -> int:
        return max(1, self.chunk_size // self.games_per_seed)

    def canonical(self) -> dict[str, Any]:
        return {"name": self.name, "games": self.games, "seed": self.seed,
                "arms": [a.canonical() for a in self.arms]}

    @property
    def hash(self) -> str:
        blob = json.dumps(self.canonical(), sort_keys=True, separators=(",", ":"), ensure_ascii=True)
        return hashlib.sha256(blob.encode()).hexdigest()[:16]


def _plain(x: Any) -> Any:
    """Mappings/sequences as plain dicts/lists (for canonical JSON)."""
    if isinstance(x, Mapping):
        return {str(k): _plain(v) for k, v in x.items()}
    if isinstance(x, list | tuple):
        return [_plain(v) for v in x]
    return x


# --------------------------------------------------------------------------- loading


def read_experiment_file(path: str | Path) -> dict[str, Any]:
    """Parse the TOML file; errors as ExperimentError naming the file (and line for syntax errors)."""
    return read_toml(path, lambda problem: ExperimentError(str(path), "", problem), "experiment")


def load_experiment(spec: str | Path | Mapping[str, Any] | Experiment, overrides: Overrides | None = None, *,
                    base_dir: str | Path | None = None, **fields: Any) -> Experiment:
    """Parse an experiment file or a mapping of the same shape (an `Experiment` is returned as it
    is). `overrides` (or its fields given as keywords: ``games=200, players=2``) replace the value of
    the top level and of every arm.

    Only the spec is checked here (keys, types, ranges, names, seats, variant knobs); strategies are
    built and arms compiled by `gwt_sim.plan.plan_experiment`.
    """
    overrides = dataclasses.replace(overrides or Overrides(), **fields)
    if isinstance(spec, Experiment):
        if not overrides.given():
            return spec
        raise TypeError("overrides need an experiment file or mapping, not an Experiment")
    if isinstance(spec, Mapping):
        data = _plain(spec)
        source = "<experiment>"
        root = Path(base_dir) if base_dir is not None else Path.cwd()
        default_name = "experiment"
    else:
        data = read_experiment_file(spec)
        source = str(spec)
        root = Path(base_dir) if base_dir is not None else Path(spec).resolve().parent
        default_name = Path(spec).stem
    return _Parser(source, root, default_name, overrides).experiment(data)


class _Parser:
    def __init__(self, source: str, root: Path, default_name: str, overrides: Overrides):
        self.source, self.root, self.default_name = source, root, default_name
        self.overrides = overrides
        self.given = overrides.given()
        self.pooled = False           # the file has [[pools]] (and --strategies does not replace them)

    def fail(self, where: str, problem: str) -> ExperimentError:
        return ExperimentError(self.source, where, problem)

    def loc(self, key: str, pre: str = "", raw: Mapping[str, Any] | None = None) -> str:
        """Where a value comes from: a command-line override, the arm's table or the top level."""
        if key in self.given:
            return Overrides.option(key)
        return f"{pre}{key}" if raw is not None and key in raw else key

    # ---------------------------------------------------------------- scalar checks

    def integer(self, where: str, value: Any, lo: int, hi: int) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(where, f"expected an integer, got {_show(value)}")
        if not lo <= value <= hi:
            if hi - lo <= 10:
                raise self.fail(where, f"must be between {lo} and {hi}, got {value}")
            bound = f"at least {lo:,}" if value < lo else f"at most {hi:,}"
            raise self.fail(where, f"must be {bound}, got {value:,}")
        return value

    def string(self, where: str, value: Any) -> str:
        if not isinstance(value, str):
            raise self.fail(where, f"expected a string, got {_show(value)}")
        return value

    def name(self, where: str, value: Any) -> str:
        value = self.string(where, value)
        if not NAME_RE.fullmatch(value):
            raise self.fail(where, f"{value!r} is not a valid name (letters, digits, _ . - only)")
        return value

    def table(self, where: str, value: Any) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(where, f"expected a table, got {_show(value)}")
        return value

    def keys(self, where: str, data: Mapping[str, Any], known: Sequence[str]) -> None:
        for k in data:
            if k not in known:
                hint = ""
                if k in VARIANT_KEYS:
                    hint = " (variant knobs go under [variant])"
                elif k in ("seeds", "n_games", "num_games"):
                    hint = " (did you mean 'games'?)"
                elif k in ("strategy", "policies"):
                    hint = " (did you mean 'strategies'?)"
                elif k in ("arm",):
                    hint = " (arms are written [[arms]])"
                elif k in ("patches",):
                    hint = " (use [patch] for an inline patch or patch_files = [...])"
                elif k in ("pool", "pool_name"):
                    hint = " (strategy pools are written [[pools]])"
                if where.startswith("pools[") and k in (*ARM_KEYS, *VARIANT_KEYS):
                    hint = " (a pool says who plays; players, variants and patches belong to the arms)"
                raise self.fail(f"{where}{'.' if where else ''}{k}".lstrip("."),
                                f"unknown key{hint} (known: {', '.join(known)})")

    # ---------------------------------------------------------------- the whole file

    def experiment(self, data: dict[str, Any]) -> Experiment:
        self.keys("", data, TOP_KEYS)
        data = {**data, **{k: v for k, v in self.given.items() if k in ("games", "chunk_size", "seed")}}
        name = self.name("name", data.get("name", _safe_name(self.default_name)))
        description = self.string("description", data.get("description", ""))
        if "games" not in data:
            raise self.fail("games", "missing: how many games (seeds) to play")
        games = self.integer(self.loc("games"), data["games"], 1, MAX_GAMES)
        seed = self.integer(self.loc("seed"), data.get("seed", 0), 0, MAX_SEED)
        content = None
        if "content" in data and "edition" in data:
            raise self.fail("edition", "give either edition (the built-in content of an edition) or content "
                                       "(a folder), not both")
        if "content" in data:
            folder = self.root / self.string("content", data["content"])
            if not folder.is_dir():
                raise self.fail("content", f"content folder {str(folder)!r} not found")
            content = str(folder.resolve())
        if "edition" in self.given:
            content = self.edition(self.loc("edition"), self.given["edition"])
        elif "edition" in data:
            content = self.edition("edition", data["edition"])
        top_variant = self.table("variant", data.get("variant", {}))
        self.keys("variant", top_variant, VARIANT_KEYS)
        top_patches = self.patches("", data)
        pools = self.pools(data)
        self.pooled = bool(pools)
        for k in WHO_PLAYS if self.pooled else ():
            if k in data:
                raise self.fail(k, f"with [[pools]] each pool says who plays: move {k} into the [[pools]] tables")
        top = {k: data[k] for k in ("players", "strategies", "seating") if k in data}
        top.update({k: v for k, v in self.given.items() if k in ("players", "strategies", "seating")})

        raw_arms = data.get("arms")
        if raw_arms is None:
            raw_arms = [{"name": DEFAULT_ARM}]
        elif not isinstance(raw_arms, list) or not raw_arms or not all(isinstance(a, dict) for a in raw_arms):
            raise self.fail("arms", "expected one or more [[arms]] tables")
        arms: list[Arm] = []
        seen: set[str] = set()
        for i, raw in enumerate(raw_arms):
            where = f"arms[{i}]" if "arms" in data else ""
            arm_name = self.arm_name(where, raw, arms_given="arms" in data)
            if arm_name in seen:
                raise self.fail(f"{where}.name", f"duplicate arm name {arm_name!r}")
            seen.add(arm_name)
            # --arm keeps one arm: the others are not built, so the command line's overrides (meant for
            # the arm kept, e.g. a 2-strategy lineup for a 2-player arm) cannot fail on them
            if self.overrides.arm is None or arm_name == self.overrides.arm:
                arms.append(self.arm(where, raw, top, top_variant, top_patches, arm_name))
        solo = [a.name for a in arms if a.players == 1]
        if solo and len(solo) != len(arms):
            where = self.loc("players", f"arms[{[a.name for a in arms].index(solo[0])}]." if "arms" in data else "",
                             raw_arms[[a.name for a in arms].index(solo[0])])
            raise self.fail(where, f"arm {solo[0]!r} is a solo arm (players = 1); an experiment's arms are all solo "
                                   f"or all 2-4 players (their datasets have different columns)")
        if self.overrides.arm is not None:
            if not arms:
                raise self.fail("--arm", f"no arm named {self.overrides.arm!r} (arms: {', '.join(sorted(seen))})")

        sweep = None
        specs = self.sweep_specs(data)
        if specs:
            arms, sweep = self.sweep(arms, specs, content)
        if pools:
            arms = self.played_by(arms, pools, named="arms" in data)
        chunk = self.integer(self.loc("chunk_size"), data.get("chunk_size", DEFAULT_CHUNK_GAMES), 1, MAX_GAMES)
        return Experiment(name, games, seed, chunk, tuple(arms), content, description, self.source, self.overrides,
                          sweep, tuple(pools))

    # ---------------------------------------------------------------- strategy pools

    def pools(self, data: Mapping[str, Any]) -> list[Pool]:
        """The file's [[pools]] (the one --pool keeps); [] without pools or when --strategies replaces them."""
        keep = self.overrides.pool
        if "pools" not in data:
            if keep is not None:
                raise self.fail("--pool", "the experiment has no [[pools]]")
            return []
        if "strategies" in self.given:
            if keep is not None:
                raise self.fail("--pool", "--strategies replaces the experiment's pools: give one of the two")
            return []
        raw = data["pools"]
        if not isinstance(raw, list) or not raw or not all(isinstance(p, dict) for p in raw):
            raise self.fail("pools", "expected one or more [[pools]] tables (name, strategies, seating)")
        out: list[Pool] = []
        for i, table in enumerate(raw):
            where = f"pools[{i}]"
            self.keys(where, table, POOL_KEYS)
            if "name" not in table:
                raise self.fail(f"{where}.name", "missing: every pool needs a name")
            name = self.name(f"{where}.name", table["name"])
            if any(p.name == name for p in out):
                raise self.fail(f"{where}.name", f"duplicate pool name {name!r}")
            if "strategies" not in table:
                raise self.fail(f"{where}.strategies", "missing: the strategies that play in this pool")
            strategies = self.strategies(f"{where}.strategies", table["strategies"])
            seat_where = Overrides.option("seating") if "seating" in self.given else f"{where}.seating"
            seating = self.string(seat_where, self.given.get("seating", table.get("seating", "random")))
            if seating not in SEATINGS:
                raise self.fail(seat_where, f"unknown seating {seating!r} (expected one of: {', '.join(SEATINGS)})")
            description = self.string(f"{where}.description", table.get("description", ""))
            out.append(Pool(name, strategies, seating, description, f"{where}.strategies"))
        if keep is not None:
            kept = [p for p in out if p.name == keep]
            if not kept:
                raise self.fail("--pool", f"no pool named {keep!r} (pools: {', '.join(p.name for p in out)})")
            return kept
        return out

    def played_by(self, arms: list[Arm], pools: list[Pool], named: bool) -> list[Arm]:
        """Each arm once per pool (arm-major), seated as the pool says; a lineup that cannot fill an
        arm's seats is named by the pool's key and the arm."""
        out = []
        for arm in arms:
            for pool in pools:
                try:
                    lineup, rotations = seat_lineup(pool.strategies, arm.players, pool.seating)
                except ValueError as exc:
                    which = f" in arm {arm.name!r}" if named else ""
                    raise self.fail(pool.strategies_key, f"{exc}{which} with seating {pool.seating!r}, or use "
                                                         f"seating = 'draw'") from None
                out.append(dataclasses.replace(arm, strategies=pool.strategies, seating=pool.seating, lineup=lineup,
                                               rotations=rotations, strategies_key=pool.strategies_key,
                                               pool=pool.name))
        return out

    def edition(self, where: str, value: Any) -> str | None:
        """The content folder of `edition = "1e" | "2e"` (None for the default, the Second Edition:
        its experiments are the same experiment with or without the key)."""
        from gwt_sim.content import BUILTIN_DIR, EDITION_KEYS, edition_dir

        key = self.string(where, value)
        if key not in EDITION_KEYS:
            raise self.fail(where, f"unknown edition {key!r} (expected {' or '.join(map(repr, EDITION_KEYS))})")
        folder = edition_dir(key)
        return None if folder == BUILTIN_DIR else str(folder.resolve())

    # ---------------------------------------------------------------- sweeps

    def sweep_specs(self, data: Mapping[str, Any]) -> list[tuple[str, Any, str]]:
        """(path, values, where) of each swept parameter: the command line's, else the file's [sweep]."""
        if self.overrides.sweep is not None:
            return [(path, values, f"--param {path}") for path, values in self.overrides.sweep]
        table = self.table("sweep", data.get("sweep", {}))
        if "sweep" in data and not table:
            raise self.fail("sweep", "no parameter given (write PATH = [values] or PATH = 'FROM..TO')")
        return [(path, values, f"sweep.{path}") for path, values in table.items()]

    def sweep(self, arms: list[Arm], specs: list[tuple[str, Any, str]], content: str | None) -> tuple[list[Arm], Sweep]:
        from gwt_sim.content import ContentError, apply_patch, read_raw
        from gwt_sim.params import arm_name, grid, parse_values, resolve

        try:
            raw0, origin, _ = read_raw(content)
        except ContentError as exc:
            raise self.fail("content", str(exc)) from None
        bases = {}
        for arm in arms:
            raw = copy.deepcopy(raw0)
            try:
                for patch in arm.variant.patches:
                    apply_patch(raw, patch, origin)
            except ContentError as exc:
                raise self.fail("patch", exc.under_patch) from None
            bases[arm.name] = (arm.variant, raw)
        params, values = [], []
        base_values: dict[str, list] = {a.name: [] for a in arms}
        try:
            for path, spec, where in specs:
                param, base = resolve(path, where, bases)
                if any(p.path == param.path for p in params):
                    raise ParamError(f"{where}: the same parameter is swept twice")
                given = parse_values(spec, where)
                first = next(iter(base.values()))
                params.append(param)
                values.append(tuple(param.coerce(v, where, first) for v in given))
                for name, v in base.items():
                    base_values[name].append(v)
        except ParamError as exc:
            raise ExperimentError(self.source, "", str(exc)) from None
        from gwt_sim.params import SweepArm

        out: list[Arm] = []
        sweep_arms: list[SweepArm] = []
        several = len(arms) > 1
        for arm in arms:
            variant0, raw = bases[arm.name]
            money = raw["setup"]["starting_money_by_seat"]
            for point in grid(values):
                variant = variant0
                try:
                    for param, v in zip(params, point, strict=True):
                        variant = param.apply(variant, v, money)
                except VariantError as exc:
                    problem = str(exc).partition(": ")[2] or str(exc)
                    where = f"--param {param.path}" if self.overrides.sweep is not None else f"sweep.{param.path}"
                    raise ExperimentError(self.source, where, f"value {v}: {problem}") from None
                name = arm_name(arm.name, params, point, several)
                out.append(dataclasses.replace(arm, name=name, variant=variant))
                sweep_arms.append(SweepArm(name, arm.name, tuple(point)))
        if len({a.name for a in out}) < len(out):
            raise self.fail("sweep", "two values give the same arm name (values too close to tell apart?)")
        return out, Sweep(tuple(params), tuple(values), {k: tuple(v) for k, v in base_values.items()},
                          tuple(sweep_arms))

    def patches(self, where: str, data: Mapping[str, Any]) -> list[Any]:
        out: list[Any] = []
        pre = f"{where}." if where else ""
        files = data.get("patch_files", [])
        if not isinstance(files, list) or not all(isinstance(f, str) for f in files):
            raise self.fail(f"{pre}patch_files", f"expected a list of file names, got {_show(files)}")
        for j, f in enumerate(files):
            path = self.root / f
            out.append(read_text(path, lambda problem, j=j, path=path: self.fail(
                f"{pre}patch_files[{j}]", f"{str(path)!r}: {problem}"), "patch"))
        if "patch" in data:
            out.append(self.table(f"{pre}patch", data["patch"]))
        return out

    def arm_name(self, where: str, raw: dict[str, Any], arms_given: bool) -> str:
        """An arm's name, after checking its keys."""
        pre = f"{where}." if where else ""
        self.keys(where, raw, ARM_KEYS)
        if arms_given and "name" not in raw:
            raise self.fail(f"{pre}name", "missing: every arm needs a name")
        return self.name(f"{pre}name", raw.get("name", DEFAULT_ARM))

    def arm(self, where: str, raw: dict[str, Any], top: Mapping[str, Any], top_variant: Mapping[str, Any],
            top_patches: list[Any], name: str) -> Arm:
        pre = f"{where}." if where else ""
        description = self.string(f"{pre}description", raw.get("description", ""))
        # the arm's own values win over the top level; command-line overrides win over both
        merged = {**top, **{k: raw[k] for k in ("players", "strategies", "seating") if k in raw}}
        merged.update({k: v for k, v in self.given.items() if k in ("players", "strategies", "seating")})

        players = self.integer(self.loc("players", pre, raw), merged.get("players", 4), 1, 4)
        if self.pooled:
            for k in WHO_PLAYS:
                if k in raw:
                    raise self.fail(f"{pre}{k}", f"with [[pools]] each pool says who plays: move {k} into the "
                                                 f"[[pools]] tables")
            # who plays comes from each pool (`played_by`)
            seating, strategies, lineup, rotations, where_s = "", (), None, (), ""
        else:
            seating = self.string(self.loc("seating", pre, raw), merged.get("seating", "random"))
            if seating not in SEATINGS:
                raise self.fail(self.loc("seating", pre, raw),
                                f"unknown seating {seating!r} (expected one of: {', '.join(SEATINGS)})")
            where_s = self.loc("strategies", pre, raw)
            strategies = self.strategies(where_s, merged.get("strategies", ["random"]))
            try:
                lineup, rotations = seat_lineup(strategies, players, seating)
            except ValueError as exc:
                raise self.fail(where_s, f"{exc} with seating {seating!r}, or use seating = 'draw'") from None

        arm_variant = self.table(f"{pre}variant", raw.get("variant", {}))
        self.keys(f"{pre}variant", arm_variant, VARIANT_KEYS)
        knobs = {**top_variant, **arm_variant}
        patches = [*top_patches, *self.patches(where, raw)]
        try:
            variant = Variant(players=players, patches=tuple(patches), **knobs)
        except VariantError as exc:
            key, _, problem = str(exc).partition(": ")
            if key in arm_variant:
                loc = f"{pre}variant.{key}"
            elif key in top_variant:
                loc = f"variant.{key}"
            elif key == "players":
                loc = self.loc("players", pre, raw)
            else:
                loc, problem = (pre[:-1] or "variant"), str(exc)
            raise self.fail(loc, problem) from exc
        return Arm(name, players, strategies, seating, variant, lineup, rotations, description, where_s)

    def strategies(self, where: str, value: Any) -> tuple[str, ...]:
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list | tuple) or not value:
            raise self.fail(where, f"expected a list of strategy strings, got {_show(value)}")
        out = []
        for j, s in enumerate(value):
            if not isinstance(s, str) or not s.strip():
                raise self.fail(f"{where}[{j}]", f"expected a strategy string, got {_show(s)}")
            out.append(s.strip())
        return tuple(out)


def split_strategies(text: str, where: str = "--strategies") -> tuple[str, ...]:
    """The strategy strings of a comma-separated list (``fast,planner``). An empty entry is refused:
    a typo such as ``a,,b`` or a trailing comma would otherwise change the lineup unnoticed."""
    names = tuple(x.strip() for x in text.split(","))
    if not any(names):
        raise ExperimentError("", where, "no strategy given")
    if not all(names):
        raise ExperimentError("", where, f"an empty entry in {text!r}")
    return names


def seat_lineup(strategies: Sequence[str], players: int,
                seating: str) -> tuple[tuple[str, ...] | None, tuple[int, ...]]:
    """The lineup (strategy per seat before seating; None for `draw`) and the rotations played per
    seed. The strategies are repeated to fill the seats, so their number must divide the player
    count (ValueError otherwise). `gwt-sim play --strategies` fills its seats by the same rule."""
    strategies = tuple(strategies)
    if seating == "draw":
        return None, (0,)
    n = len(strategies)
    if players % n:
        divisors = [d for d in range(1, players + 1) if players % d == 0]
        raise ValueError(f"{n} strategies cannot fill {players} seat{'s' if players != 1 else ''}: give "
                         f"{' or '.join(map(str, divisors))} "
                         f"(repeated to fill the seats)")
    lineup = strategies * (players // n)
    if seating != "rotations":
        return lineup, (0,)
    seen: set[tuple[str, ...]] = set()
    rotations = []
    for k in range(players):
        seats = tuple(lineup[(s - k) % players] for s in range(players))
        if seats not in seen:
            seen.add(seats)
            rotations.append(k)
    return lineup, tuple(rotations)


def _safe_name(text: str) -> str:
    name = re.sub(r"[^A-Za-z0-9_.-]+", "_", text).lstrip(".-") or "experiment"
    return name


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
