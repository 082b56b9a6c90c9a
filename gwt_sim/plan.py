"""Planning a run: a parsed experiment (`gwt_sim.experiment`) -> everything the runner needs.

    from gwt_sim.plan import plan_experiment
    planned = plan_experiment("experiments/quickstart.toml", Overrides(games=200))
    planned.experiment, planned.compiled[0].tables, planned.work.n_chunks, planned.manifest()

The second of the three stages of a run (spec -> plan -> run). Here every strategy string is built
once (a bad one fails with the key it was written under), every arm's content, patches and variant
are compiled into engine tables and checked against the engine's limits, the seeds are cut into
chunks, and the dataset's manifest is drawn up. Nothing is played and no folder is touched.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from gwt_sim import __version__
from gwt_sim import dataset as ds
from gwt_sim.content import ContentError, load_content
from gwt_sim.describe import dataset_vocabulary
from gwt_sim.errors import PLUGIN_FAILURES, UserError, one_line
from gwt_sim.experiment import (
    DEFAULT_ARM,
    VARIANT_KEYS,
    Arm,
    Experiment,
    ExperimentError,
    Overrides,
    load_experiment,
)
from gwt_sim.variant import Variant, VariantError

# --------------------------------------------------------------------------- strategies


def check_strategies(exp: Experiment) -> None:
    """Build every strategy of every arm once (a plugin may fail to import or to build); the error
    names the key the strategy was written under (``arms[1].strategies[0]``, ``--strategies[0]``)."""
    from gwt_sim.engine.policy import Policy
    from strategies.registry import make_policy

    checked: set[str] = set()
    for arm in exp.arms:
        for j, text in enumerate(arm.strategies):
            if text in checked:
                continue
            where = f"{arm.strategies_key}[{j}]"
            try:
                policy = make_policy(text)
            except KeyboardInterrupt:
                raise
            except PLUGIN_FAILURES as exc:  # a plugin may raise anything while importing or building
                raise ExperimentError(exp.source, where, one_line(exc)) from exc
            if not isinstance(policy, Policy):
                raise ExperimentError(exp.source, where,
                                      f"strategy {text!r} built a {type(policy).__name__}, not a gwt_sim Policy")
            checked.add(text)


# --------------------------------------------------------------------------- compiling


@dataclass(frozen=True)
class CompiledArm:
    """An arm with its compiled tables (in the process that compiled it)."""

    arm: Arm
    tables: Any            # gwt_sim.tables.Tables

    @property
    def content_hash(self) -> str:
        return self.tables.content_hash

    @property
    def config_hash(self) -> str:
        return self.tables.config_hash


def compile_variant(variant: Variant, content_path: str | None, cache: dict[Any, Any] | None = None) -> Any:
    """Compile the tables of one arm's variant (content loaded once per folder when `cache` is given)."""
    from gwt_sim.tables import compile_tables

    cache = {} if cache is None else cache
    key = ("content", content_path)
    if key not in cache:
        cache[key] = load_content(content_path)
    return compile_tables(cache[key], variant)


def compile_arms(exp: Experiment) -> list[CompiledArm]:
    """Compile every arm (checks the content folder, patches, station master ids, player counts,
    and that the tables fit the engine)."""
    from gwt_sim.game import load_rules

    cache: dict[Any, Any] = {}
    try:
        cache["content", exp.content] = load_content(exp.content)
    except ContentError as exc:
        raise ExperimentError(exp.source, "content", str(exc)) from exc
    names = exp.arm_names
    compiled: dict[str, Any] = {}            # by arm name: an arm played by several pools compiles once
    out = []
    for arm in exp.arms:
        tables = compiled.get(arm.name)
        if tables is None:
            i = names.index(arm.name)
            pre = f"arms[{i}] ({arm.name}) " if len(names) > 1 or arm.name != DEFAULT_ARM else ""
            try:
                tables = compile_variant(arm.variant, exp.content, cache)
                load_rules(tables)                   # the engine's fixed capacities
            except VariantError as exc:
                key, _, problem = str(exc).partition(": ")
                where = f"{pre}variant.{key}" if key in VARIANT_KEYS else f"{pre}variant"
                raise ExperimentError(exp.source, where, problem if key in VARIANT_KEYS else str(exc)) from exc
            except ContentError as exc:
                where = f"{pre}patch" if arm.variant.patches else f"{pre}content"
                raise ExperimentError(exp.source, where, exc.under_patch) from exc
            compiled[arm.name] = tables
        out.append(CompiledArm(arm, tables))
    return out


# --------------------------------------------------------------------------- code fingerprint

_CODE_HASH: str | None = None
_SOURCE_SUFFIXES = (".py", ".pyx", ".pxd", ".pxi", ".toml")


def code_hash() -> str:
    """Hash of the source that decides what a game is: the engine, the table compiler and the
    strategies (with their profiles). The package version does not change with every edit; this
    does, so a folder written by other code is never resumed (two builds' games in one dataset)."""
    global _CODE_HASH
    if _CODE_HASH is None:
        import gwt_sim.engine
        import strategies

        engine = Path(gwt_sim.engine.__file__).parent
        files = [*engine.iterdir(), engine.parent / "tables.py", engine.parent / "schema.py"]
        for folder in strategies.__path__:
            files += Path(folder).rglob("*")
        h = hashlib.sha256()
        for f in sorted(files, key=lambda f: (f.parent.name, f.name)):
            if f.suffix in _SOURCE_SUFFIXES and f.is_file():
                h.update(f"{f.parent.name}/{f.name}\0".encode())
                h.update(f.read_bytes())
        _CODE_HASH = h.hexdigest()[:16]
    return _CODE_HASH


# --------------------------------------------------------------------------- the plan sent to workers


@dataclass(frozen=True)
class ArmPlan:
    name: str
    players: int
    variant: Variant
    config_hash: str
    content_hash: str
    seating: str
    strategies: tuple[str, ...]          # as written: the pool for `draw`
    lineup: tuple[str, ...] | None
    rotations: tuple[int, ...]
    offset: int                          # game_id = seed_index * games_per_seed + offset + position
    pool: str | None = None              # the strategy pool (the `pool` column), None without pools
    seats: int = 0                       # player rows per game: the board's seats (solo: the human and Sam)


@dataclass(frozen=True)
class Plan:
    """Everything a worker needs to play any chunk (small and picklable)."""

    root_seed: int
    games: int                           # seeds
    seeds_per_chunk: int
    games_per_seed: int
    content: str | None
    arms: tuple[ArmPlan, ...]
    engine_version: str = __version__
    code_hash: str = ""
    decision_timeout: float | None = None   # seconds per decision of a plain-Python policy (a run option)
    accumulators: tuple[str, ...] = ()   # "module:Class" of each accumulator (extra columns)

    @property
    def n_chunks(self) -> int:
        return -(-self.games // self.seeds_per_chunk)

    def seeds(self, chunk: int) -> range:
        start = chunk * self.seeds_per_chunk
        return range(start, min(self.games, start + self.seeds_per_chunk))

    def chunk_rows(self, chunk: int) -> tuple[int, int]:
        """(games, player rows) of a chunk."""
        n = len(self.seeds(chunk))
        return (n * self.games_per_seed, n * sum((a.seats or a.players) * len(a.rotations) for a in self.arms))

    def chunk_game_ids(self, chunk: int) -> tuple[int, int]:
        """The first and last game id of a chunk (its games are numbered consecutively)."""
        seeds = self.seeds(chunk)
        return seeds.start * self.games_per_seed, seeds.stop * self.games_per_seed - 1


def make_plan(exp: Experiment, compiled: Sequence[CompiledArm], seeds_per_chunk: int | None = None) -> Plan:
    arms = []
    offset = 0
    for c in compiled:
        a = c.arm
        arms.append(ArmPlan(a.name, a.players, a.variant, c.config_hash, c.content_hash, a.seating,
                            a.strategies, a.lineup, a.rotations, offset, a.pool, int(c.tables.players)))
        offset += len(a.rotations)
    return Plan(exp.seed, exp.games, seeds_per_chunk or exp.seeds_per_chunk, exp.games_per_seed,
                exp.content, tuple(arms), __version__, code_hash(),
                accumulators=tuple(exp.overrides.accumulators or ()))


# --------------------------------------------------------------------------- accumulators


class AccumulatorError(UserError):
    """An accumulator that cannot be imported or created."""


def load_accumulator(spec: str) -> Any:
    """An accumulator object from "package.module:Class" (instantiated without arguments)."""
    import importlib

    module, sep, name = str(spec).partition(":")
    if not sep or not module or not name:
        raise AccumulatorError(f"accumulator {spec!r}: expected 'package.module:Class'")
    try:
        cls = getattr(importlib.import_module(module), name)
    except KeyboardInterrupt:
        raise
    except PLUGIN_FAILURES as exc:      # ImportError, AttributeError, or whatever the module runs into
        raise AccumulatorError(f"accumulator {spec!r}: cannot import it ({one_line(exc)})") from None
    try:
        acc = cls()
    except KeyboardInterrupt:
        raise
    except PLUGIN_FAILURES as exc:
        raise AccumulatorError(f"accumulator {spec!r}: cannot create it ({one_line(exc)})") from None
    if not any(callable(getattr(acc, m, None)) for m in ("before", "step", "after")):
        raise AccumulatorError(f"accumulator {spec!r}: has none of the methods before, step, after")
    return acc


# --------------------------------------------------------------------------- manifest


def manifest_for(exp: Experiment, plan: Plan) -> dict[str, Any]:
    content = load_content(plan.content)
    return {
        "format": ds.FORMAT,
        "experiment": exp.name,
        "experiment_hash": exp.hash,
        "engine_version": __version__,
        "code_hash": plan.code_hash,
        "created": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "source": exp.source,
        "description": exp.description,
        "root_seed": exp.seed,
        "games": exp.games,
        "games_per_seed": exp.games_per_seed,
        "total_games": exp.total_games,
        "chunk_size": exp.chunk_size,
        "seeds_per_chunk": plan.seeds_per_chunk,
        "chunks": plan.n_chunks,
        "content": exp.content,
        # the content's edition (meta.edition: 1 = First, 2 = Second) and name, as run
        "edition": content.edition,
        "content_name": content.name,
        # one entry per arm as played: with pools, each arm once per pool ("pool" names it)
        "arms": [{"name": a.name, **({"pool": a.pool} if a.pool is not None else {}), "players": a.players,
                  "seating": a.seating, "strategies": list(a.strategies),
                  "lineup": list(a.lineup) if a.lineup else None, "rotations": list(a.rotations),
                  "content_hash": a.content_hash, "config_hash": a.config_hash,
                  "variant": a.variant.describe()} for a in plan.arms],
        **({"pools": [p.record() for p in exp.pools]} if exp.pools else {}),
        "overrides": exp.overrides.given(),
        "accumulators": list(plan.accumulators),
        "experiment_spec": exp.canonical(),
        # the parameter values each arm plays, when the arms are a sweep (gwt_sim.params.Sweep.record)
        **({"sweep": exp.sweep.record()} if exp.sweep is not None else {}),
        # the printed starting money per seat, which the seat-compensation report compares with
        "printed_starting_money": list(content.setup["starting_money_by_seat"]),
        "parts": {},
        "complete": False,
        # names and effect texts of the content as run, for the reports (which never load content)
        **dataset_vocabulary(content, [(a.name, a.variant.patches) for a in plan.arms]),
    }


def resume_problem(root: Path, old: Mapping[str, Any], new: Mapping[str, Any]) -> str | None:
    """Why a folder written with manifest `old` cannot be resumed by a run planned as `new`
    (another experiment, gwt-sim version, code or content), or None when it can."""
    hint = "use --overwrite to replace it, or another --out folder"
    if old.get("format") != new["format"]:
        return f"{root} holds a {old.get('format')} dataset, this gwt-sim writes {new['format']}: {hint}"
    if old.get("experiment_hash") != new["experiment_hash"]:
        return (f"{root} holds experiment {old.get('experiment')!r} (hash {old.get('experiment_hash')}), "
                f"not {new['experiment']!r} (hash {new['experiment_hash']}): {hint}")
    if old.get("accumulators", []) != new["accumulators"]:
        return (f"{root} was written with accumulators {old.get('accumulators', [])}, this run has "
                f"{new['accumulators']}: {hint}")
    for key, what in (("engine_version", "gwt-sim version"), ("code_hash", "engine/strategy code")):
        if old.get(key) != new[key]:
            return f"{root} was written with {what} {old.get(key)}, this is {new[key]}; its games would differ: {hint}"

    def arms(m: Mapping[str, Any]) -> list[tuple]:
        return [(a.get("name"), a.get("pool"), a.get("content_hash"), a.get("config_hash")) for a in m.get("arms", [])]

    if arms(old) != arms(new):
        return (f"{root}: the content of an arm changed since the folder was written "
                f"(content/config hashes differ): {hint}")
    return None


# --------------------------------------------------------------------------- the whole stage


@dataclass(frozen=True)
class RunPlan:
    """A planned run: the experiment, its compiled arms and the plan the workers play."""

    experiment: Experiment
    compiled: tuple[CompiledArm, ...]
    work: Plan

    def manifest(self) -> dict[str, Any]:
        return manifest_for(self.experiment, self.work)

    def with_chunking(self, seeds_per_chunk: int) -> RunPlan:
        """The same run cut into chunks of `seeds_per_chunk` seeds (a resumed folder keeps its own)."""
        return replace(self, work=make_plan(self.experiment, self.compiled, seeds_per_chunk))


def plan_experiment(spec: str | Path | Mapping[str, Any] | Experiment,
                    overrides: Overrides | None = None) -> RunPlan:
    """Parse (unless given an `Experiment`), build the strategies, compile the arms: bad input of
    any kind fails here, as one `UserError` line, before anything is written."""
    exp = load_experiment(spec, overrides)
    check_strategies(exp)
    for acc in exp.overrides.accumulators or ():
        load_accumulator(acc)                # a bad one fails here, before any game
    compiled = tuple(compile_arms(exp))
    return RunPlan(exp, compiled, make_plan(exp, compiled))

