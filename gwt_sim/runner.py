"""Run an experiment: games -> Parquet dataset, in chunks, with joblib (loky) or Dask, resumable.

    from gwt_sim import run
    out = run("experiments/quickstart.toml", "runs/quickstart", jobs=2)   # -> Path of the dataset

How a run goes:

1. The experiment is validated and every arm compiled once here (bad input fails before any game).
2. The output folder is locked; its manifest is created, or compared with this run's (experiment
   hash, engine version, per-arm content and config hashes): another experiment is refused.
3. Seeds are cut into chunks of `seeds_per_chunk` consecutive seed indices (the chunk size in games,
   divided by the games per seed); a chunk holds every arm and rotation of its seeds. Chunks whose
   two parts are already on disk are skipped (resume).
4. The remaining chunks run through joblib: in-process for one job, loky worker processes for
   more, or a Dask cluster (joblib's dask backend). A worker compiles each arm's tables once (cached
   by config hash), builds the policies once per chunk, plays the games with
   `gwt_sim.engine.play.play_game`, turns the records into Arrow tables in bulk and returns them as
   Parquet bytes; this process writes each chunk atomically as it arrives.

Game i of every arm and rotation has the seed derive_game_seed(root seed, i), and random seatings
draw from their own stream of that seed, so the dataset does not depend on chunking, jobs or backend.
"""

from __future__ import annotations

import contextlib
import os
import sys
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import numpy as np

from gwt_sim import __version__
from gwt_sim import dataset as ds
from gwt_sim.experiment import Experiment, compile_arms, compile_variant, load_experiment
from gwt_sim.schema import STREAM_SEATING
from gwt_sim.variant import Variant

BACKENDS = ("loky", "dask")


class RunnerError(Exception):
    """A run cannot go on: bad run options, unreachable cluster, a game that failed..."""


class SimulationError(RunnerError):
    """A game raised (typically a strategy plugin that misbehaves); names arm, game and seats."""


class RunInterrupted(KeyboardInterrupt):
    """Ctrl-C during a run: the finished chunks are on disk; running again resumes."""

    def __init__(self, path: Path, chunks_done: int, chunks_total: int):
        self.path, self.chunks_done, self.chunks_total = path, chunks_done, chunks_total
        super().__init__(f"interrupted: {chunks_done} of {chunks_total} chunks are saved in {path}")


# --------------------------------------------------------------------------- code fingerprint

_CODE_HASH: str | None = None
_SOURCE_SUFFIXES = (".py", ".pyx", ".pxd", ".pxi", ".toml")


def code_hash() -> str:
    """Hash of the source that decides what a game is: the engine, the table compiler and the
    strategies (with their profiles). The package version does not change with every edit; this
    does, so a folder written by other code is never resumed (two builds' games in one dataset)."""
    global _CODE_HASH
    if _CODE_HASH is None:
        import hashlib

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
        return (n * self.games_per_seed, n * sum(a.players * len(a.rotations) for a in self.arms))


def make_plan(exp: Experiment, compiled: Sequence[Any], seeds_per_chunk: int | None = None,
              accumulators: Sequence[str] = ()) -> Plan:
    arms = []
    offset = 0
    for c in compiled:
        a = c.arm
        arms.append(ArmPlan(a.name, a.players, a.variant, c.config_hash, c.content_hash, a.seating,
                            a.strategies, a.lineup, a.rotations, offset))
        offset += len(a.rotations)
    return Plan(exp.seed, exp.games, seeds_per_chunk or exp.seeds_per_chunk, exp.games_per_seed,
                exp.content, tuple(arms), __version__, code_hash(), tuple(accumulators))


# --------------------------------------------------------------------------- accumulators


def load_accumulator(spec: str) -> Any:
    """An accumulator object from "package.module:Class" (instantiated without arguments)."""
    import importlib

    module, sep, name = str(spec).partition(":")
    if not sep or not module or not name:
        raise RunnerError(f"accumulator {spec!r}: expected 'package.module:Class'")
    try:
        cls = getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError) as exc:
        raise RunnerError(f"accumulator {spec!r}: cannot import it ({_exc_line(exc)})") from None
    try:
        acc = cls()
    except Exception as exc:
        raise RunnerError(f"accumulator {spec!r}: cannot create it ({_exc_line(exc)})") from None
    if not any(callable(getattr(acc, m, None)) for m in ("before", "step", "after")):
        raise RunnerError(f"accumulator {spec!r}: has none of the methods before, step, after")
    return acc


def _extra_columns(specs: Sequence[str], extras: Sequence[Mapping[str, Any]],
                   players: int) -> tuple[dict[str, np.ndarray], dict[str, np.ndarray]]:
    """The accumulators' values of a block's games as columns: scalars for the games table, one value
    per seat for the players table (float64). Every game must give the same names."""
    from numbers import Real

    names = list(extras[0]) if extras else []
    games: dict[str, np.ndarray] = {}
    seats: dict[str, np.ndarray] = {}
    who = ", ".join(specs)
    for name in names:
        first = extras[0][name]
        per_seat = not isinstance(first, Real)
        col = np.empty(len(extras) * (players if per_seat else 1), dtype=np.float64)
        for i, extra in enumerate(extras):
            if name not in extra or len(extra) != len(names):
                raise RunnerError(f"accumulators ({who}) returned different columns in different games "
                                  f"({sorted(extras[0])} vs {sorted(extra)})")
            value = extra[name]
            try:
                if per_seat:
                    if isinstance(value, str | bytes) or len(value) != players:
                        raise TypeError
                    col[i * players:(i + 1) * players] = [float(v) for v in value]
                else:
                    if not isinstance(value, Real):
                        raise TypeError
                    col[i] = float(value)
            except (TypeError, ValueError):
                raise RunnerError(f"accumulators ({who}): column {name!r} must be a number or one number "
                                  f"per seat ({players}) in every game, got {value!r}") from None
        (seats if per_seat else games)[name] = col
    return games, seats


# --------------------------------------------------------------------------- worker side

_TABLES: dict[str, Any] = {}          # config hash -> (RulesHandle, Tables), per worker process
_CONTENT: dict[Any, Any] = {}         # loaded content per folder, per worker process


def _rules(plan: Plan, arm: ArmPlan):
    hit = _TABLES.get(arm.config_hash)
    if hit is None:
        from gwt_sim.engine.game import RulesHandle

        tables = compile_variant(arm.variant, plan.content, _CONTENT)
        if tables.config_hash != arm.config_hash:
            raise RunnerError(f"arm {arm.name!r}: this worker compiled config {tables.config_hash}, the run "
                              f"expects {arm.config_hash} (different gwt-sim content on the worker?)")
        hit = _TABLES[arm.config_hash] = (RulesHandle(tables), tables)
    return hit


@dataclass
class ChunkResult:
    chunk: int
    games: bytes
    players: bytes
    n_games: int


def play_chunk(plan: Plan, chunk: int) -> ChunkResult:
    """Play every game of one chunk and return its two tables as Parquet bytes."""
    from gwt_sim.engine.rng import derive_game_seed

    if (plan.engine_version, plan.code_hash) != (__version__, code_hash()):
        raise RunnerError(f"a worker runs gwt-sim {__version__} (code {code_hash()}), the run was planned with "
                          f"{plan.engine_version} (code {plan.code_hash}): install the same gwt-sim everywhere")
    seeds = plan.seeds(chunk)
    seed_values = [derive_game_seed(plan.root_seed, i) for i in seeds]
    blocks = [_play_arm(plan, arm, seeds, seed_values) for arm in plan.arms]
    games_t, players_t = ds.chunk_tables(blocks)
    return ChunkResult(chunk, ds.parquet_bytes(games_t), ds.parquet_bytes(players_t), games_t.num_rows)


def _seatings(arm: ArmPlan, names: Sequence[str], seed_values: Sequence[int]) -> list[list[tuple[int, ...]]]:
    """Per seed, the games to play: each a tuple of strategy indices (into `names`) by seat.

    fixed / rotations: the same list for every seed; random / draw: drawn from the seed's seating stream.
    """
    from gwt_sim.engine.rng import Rng

    p = arm.players
    index = {x: i for i, x in enumerate(names)}
    if arm.seating in ("fixed", "rotations") or len(names) == 1:   # one strategy: nothing to draw
        lineup = arm.lineup or (names[0],) * p
        same = [tuple(index[lineup[(s - k) % p]] for s in range(p)) for k in arm.rotations]
        return [same] * len(seed_values)
    out = []
    if arm.seating == "random":
        assert arm.lineup is not None
        lineup = [index[x] for x in arm.lineup]
        for seed in seed_values:
            order = list(range(p))
            Rng.stream(seed, STREAM_SEATING).shuffle(order)
            out.append([tuple(lineup[o] for o in order)])
    else:  # draw, with replacement; duplicates in the pool weigh more
        pool = [index[x] for x in arm.strategies]
        for seed in seed_values:
            rng = Rng.stream(seed, STREAM_SEATING)
            out.append([tuple(pool[rng.below(len(pool))] for _ in range(p))])
    return out


def _play_arm(plan: Plan, arm: ArmPlan, seeds: range, seed_values: Sequence[int]) -> ds.ArmBlock:
    from gwt_sim.engine.play import play_game
    from strategies.registry import make_policy

    handle, tables = _rules(plan, arm)
    p = arm.players
    names = tuple(dict.fromkeys(arm.strategies))
    seatings = _seatings(arm, names, seed_values)
    # one policy object per (seat, strategy), reused for every game of the chunk
    policies = [[make_policy(x) for x in names] for _ in range(p)]
    accumulators = [load_accumulator(a) for a in plan.accumulators] or None
    lineups: dict[tuple[int, ...], list[Any]] = {}
    game_rows, player_rows, extras = [], [], []
    for seed, games in zip(seed_values, seatings, strict=True):
        for idx in games:
            pols = lineups.get(idx)
            if pols is None:
                pols = lineups[idx] = [policies[s][j] for s, j in enumerate(idx)]
            try:
                if accumulators is None:
                    g, pr = play_game(handle, pols, seed)
                else:
                    g, pr, extra = play_game(handle, pols, seed, accumulators=accumulators)
                    extras.append(extra)
            except Exception as exc:
                raise SimulationError(_failure(arm, names, seeds, seed_values, seatings, len(game_rows), exc)) from None
            game_rows.append(g)
            player_rows.append(pr)
    extra_games, extra_players = _extra_columns(plan.accumulators, extras, p) if accumulators else ({}, {})
    n_rot = len(arm.rotations)
    seed_index = np.repeat(np.asarray(seeds, dtype=np.int64), n_rot)
    position = np.tile(np.arange(n_rot, dtype=np.int64), len(seeds))
    return ds.ArmBlock(
        arm.name, p,
        game_id=seed_index * plan.games_per_seed + arm.offset + position,
        seed_index=seed_index,
        seed=np.repeat(np.asarray(seed_values, dtype=np.uint64), n_rot),
        rotation=np.tile(np.asarray(arm.rotations, dtype=np.int32), len(seeds)),
        game_rows=np.stack(game_rows), player_rows=np.concatenate(player_rows),
        seat_strategy=np.array([idx for games in seatings for idx in games], dtype=np.int32).reshape(-1, p),
        strategies=names, building_names=tables.names["building"],
        station_master_names=tables.names["station_master"], starting_money=tables.start_money.tolist(),
        simmental=arm.variant.simmental, game_fields=handle.game_fields, player_fields=handle.player_fields,
        extra_games=extra_games, extra_players=extra_players)


def _failure(arm: ArmPlan, names: Sequence[str], seeds: range, seed_values: Sequence[int],
             seatings: Sequence[Sequence[tuple[int, ...]]], done: int, exc: BaseException) -> str:
    """The one-line message for a game that raised: arm, game index, seed, rotation, seats, problem."""
    n_rot = len(seatings[0])
    a, r = divmod(done, n_rot)
    seats = ", ".join(names[j] for j in seatings[a][r])
    rot = f", rotation {arm.rotations[r]}" if arm.seating == "rotations" else ""
    return (f"arm {arm.name!r}, game {seeds[a]} (seed {seed_values[a]}{rot}; seats: {seats}): "
            f"{_exc_line(exc)}")


def _exc_line(exc: BaseException) -> str:
    from gwt_sim.engine.play import PolicyError

    text = " ".join(str(exc).split())
    if isinstance(exc, PolicyError) and text:
        return text
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


# --------------------------------------------------------------------------- manifest


def manifest_for(exp: Experiment, plan: Plan) -> dict[str, Any]:
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
        "arms": [{"name": a.name, "players": a.players, "seating": a.seating, "strategies": list(a.strategies),
                  "lineup": list(a.lineup) if a.lineup else None, "rotations": list(a.rotations),
                  "content_hash": a.content_hash, "config_hash": a.config_hash,
                  "variant": a.variant.describe()} for a in plan.arms],
        "overrides": dict(exp.overrides),
        "accumulators": list(plan.accumulators),
        "experiment_spec": exp.canonical(),
        "complete": False,
    }


def _check_same(root: Path, old: Mapping[str, Any], new: Mapping[str, Any]) -> None:
    """Refuse to resume a folder written by another experiment, gwt-sim version, code or content."""
    hint = "use --overwrite to replace it, or another --out folder"
    if old.get("experiment_hash") != new["experiment_hash"]:
        raise ds.DatasetError(
            f"{root} holds experiment {old.get('experiment')!r} (hash {old.get('experiment_hash')}), "
            f"not {new['experiment']!r} (hash {new['experiment_hash']}): {hint}")
    if old.get("accumulators", []) != new["accumulators"]:
        raise ds.DatasetError(f"{root} was written with accumulators {old.get('accumulators', [])}, this run "
                              f"has {new['accumulators']}: {hint}")
    for key, what in (("engine_version", "gwt-sim version"), ("code_hash", "engine/strategy code")):
        if old.get(key) != new[key]:
            raise ds.DatasetError(f"{root} was written with {what} {old.get(key)}, this is {new[key]}; "
                                  f"its games would differ: {hint}")
    def arms(m: Mapping[str, Any]) -> list[tuple]:
        return [(a.get("name"), a.get("content_hash"), a.get("config_hash")) for a in m.get("arms", [])]
    if arms(old) != arms(new):
        raise ds.DatasetError(f"{root}: the content of an arm changed since the folder was written "
                              f"(content/config hashes differ): {hint}")


# --------------------------------------------------------------------------- progress


class _Progress:
    """tqdm on stderr (games, games/s, ETA) when wanted, else nothing."""

    def __init__(self, total: int, done: int, enabled: bool, label: str):
        self.bar = None
        if enabled:
            try:
                from tqdm import tqdm
            except ImportError:  # pragma: no cover - tqdm is a dependency
                return
            self.bar = tqdm(total=total, initial=done, unit=" games", unit_scale=True, desc=label,
                            file=sys.stderr, dynamic_ncols=True, smoothing=0.1)

    def update(self, n: int) -> None:
        if self.bar is not None:
            self.bar.update(n)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


# --------------------------------------------------------------------------- parallel execution


def _default_jobs() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


@contextlib.contextmanager
def _dask_client(scheduler: str | None, jobs: int | None) -> Iterator[Any]:
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise RunnerError("the dask backend needs dask and distributed: pip install 'gwt-sim[dask]'") from None
    if scheduler:
        try:
            client = Client(scheduler, timeout="15s")
        except (OSError, TimeoutError, ValueError) as exc:
            raise RunnerError(f"cannot reach the Dask scheduler at {scheduler}: "
                              f"{' '.join(str(exc).split()) or type(exc).__name__}") from None
        with client:
            yield client
        return
    # No scheduler: a local cluster of single-threaded worker processes (games hold the GIL).
    with LocalCluster(n_workers=jobs or _default_jobs(), threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        yield client


def _results(plan: Plan, todo: Sequence[int], jobs: int, backend: str,
             scheduler: str | None) -> Iterator[ChunkResult]:
    from joblib import Parallel, delayed

    if not todo:
        return
    tasks = (delayed(play_chunk)(plan, c) for c in todo)
    if backend == "dask":
        from joblib import parallel_config

        with parallel_config(backend="dask"):     # the client `simulate` opened
            yield from Parallel(n_jobs=-1, return_as="generator_unordered", batch_size=1)(tasks)
        return
    if jobs == 1 or len(todo) == 1:
        for c in todo:          # in-process: no pickling, compiled tables cached here
            yield play_chunk(plan, c)
        return
    yield from Parallel(n_jobs=min(jobs, len(todo)), backend="loky", return_as="generator_unordered",
                        batch_size=1)(tasks)


# --------------------------------------------------------------------------- the entry points


@dataclass
class RunResult:
    path: Path
    experiment: Experiment
    total_games: int
    games_run: int                 # games played by this call (the rest were already on disk)
    chunks_run: int
    chunks_total: int
    seconds: float
    manifest: dict[str, Any] = field(default_factory=dict)

    @property
    def games_per_second(self) -> float:
        return self.games_run / self.seconds if self.seconds > 0 else 0.0


def simulate(experiment: str | Path | Mapping[str, Any] | Experiment, out: str | Path | None = None, *,
             games: int | None = None, jobs: int | None = None, players: int | None = None,
             strategies: Sequence[str] | str | None = None, seating: str | None = None,
             chunk_size: int | None = None, seed: int | None = None, backend: str = "loky",
             scheduler: str | None = None, progress: bool | None = None,
             overwrite: bool = False, accumulators: Sequence[str] = ()) -> RunResult:
    """Run (or resume) an experiment into `out`; returns what was done. See `run`."""
    exp = load_experiment(experiment, games=games, players=players, strategies=strategies, seating=seating,
                          chunk_size=chunk_size, seed=seed)
    accumulators = tuple(accumulators or ())
    for spec in accumulators:
        load_accumulator(spec)                # a bad one fails here, before any game
    if backend not in BACKENDS:
        raise RunnerError(f"unknown backend {backend!r} (expected one of: {', '.join(BACKENDS)})")
    if scheduler and backend != "dask":
        raise RunnerError("--scheduler needs --backend dask")
    if jobs is None or jobs == -1:
        jobs = _default_jobs()
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise RunnerError(f"jobs: expected a positive number of worker processes (or -1 for all cores), got {jobs!r}")
    compiled = compile_arms(exp)
    root = Path(out) if out is not None else Path("runs") / exp.name

    ds.check_folder(root)
    with contextlib.ExitStack() as stack:
        if backend == "dask":
            stack.enter_context(_dask_client(scheduler, jobs))   # reach the cluster before touching the folder
        stack.enter_context(ds.locked(root))
        old = ds.read_manifest(root)
        plan = make_plan(exp, compiled, accumulators=accumulators)
        new = manifest_for(exp, plan)
        if old is None:
            ds.check_folder(root)               # again, under the lock
        elif overwrite:
            try:
                _check_same(root, old, new)
            except ds.DatasetError:
                ds.clear(root)
                old = None
        if old is None:
            ds.write_manifest(root, new)
            manifest = new
        else:
            _check_same(root, old, new)
            manifest = old
            # the folder's chunking wins (the data do not depend on it)
            plan = make_plan(exp, compiled, seeds_per_chunk=int(old["seeds_per_chunk"]), accumulators=accumulators)
        ds.prepare_folder(root)
        todo = [c for c in range(plan.n_chunks) if not ds.chunk_done(root, c, *plan.chunk_rows(c))]
        done_games = exp.total_games - sum(plan.chunk_rows(c)[0] for c in todo)
        show = (sys.stderr.isatty() if progress is None else progress) and bool(todo)
        bar = _Progress(exp.total_games, done_games, show, exp.name)
        t0 = time.perf_counter()
        games_run = 0
        chunks_run = 0
        try:
            for res in _results(plan, todo, jobs, backend, scheduler):
                ds.write_chunk(root, res.chunk, res.games, res.players)
                games_run += res.n_games
                chunks_run += 1
                bar.update(res.n_games)
        except KeyboardInterrupt:
            raise RunInterrupted(root, plan.n_chunks - len(todo) + chunks_run, plan.n_chunks) from None
        finally:
            bar.close()
        seconds = time.perf_counter() - t0
        if not manifest.get("complete"):
            manifest = {**manifest, "complete": True,
                        "completed": datetime.now(timezone.utc).isoformat(timespec="seconds")}
            ds.write_manifest(root, manifest)
    return RunResult(root, exp, exp.total_games, games_run, len(todo), plan.n_chunks, seconds, manifest)


def run(experiment: str | Path | Mapping[str, Any] | Experiment, out: str | Path | None = None, *,
        games: int | None = None, jobs: int | None = None, players: int | None = None,
        strategies: Sequence[str] | str | None = None, seating: str | None = None,
        chunk_size: int | None = None, seed: int | None = None, backend: str = "loky",
        scheduler: str | None = None, progress: bool | None = None, overwrite: bool = False,
        accumulators: Sequence[str] = ()) -> Path:
    """Run an experiment and return the dataset folder (resuming whatever a previous run left).

    experiment: an experiment TOML file, a mapping of the same shape, or an `Experiment`.
    out: dataset folder (default runs/<experiment name>).
    games, players, strategies, seating, chunk_size, seed: override the file (every arm).
    jobs: worker processes (default: all cores; 1 = in this process). backend: "loky" or "dask";
    scheduler: a Dask scheduler address (default with dask: a local cluster of `jobs` workers).
    progress: show a progress bar on stderr (default: when stderr is a terminal).
    overwrite: replace a dataset folder written by another experiment or build (else refused).
    accumulators: "package.module:Class" strings of accumulator objects (before / step / after, see
    `gwt_sim.engine.play`); what their after() returns becomes extra columns (float64): numbers in
    the games table, one number per seat in the players table.

        out = gwt_sim.run("experiments/quickstart.toml", "runs/qs", games=500)
        players = pl.read_parquet(f"{out}/players/*.parquet")
    """
    return simulate(experiment, out, games=games, jobs=jobs, players=players, strategies=strategies,
                    seating=seating, chunk_size=chunk_size, seed=seed, backend=backend, scheduler=scheduler,
                    progress=progress, overwrite=overwrite, accumulators=accumulators).path
