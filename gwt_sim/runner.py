"""Run an experiment: games -> Parquet dataset, in chunks, with joblib (loky) or Dask, resumable.

    from gwt_sim import run
    out = run("experiments/quickstart.toml", "runs/quickstart", jobs=2)   # -> Path of the dataset

How a run goes (the third stage of spec -> plan -> run):

1. The experiment is parsed (`gwt_sim.experiment`) and planned (`gwt_sim.plan`: every strategy built
   once, every arm compiled once here), so bad input fails before any game.
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
import dataclasses
import os
import re
import signal
import sys
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from gwt_sim import __version__
from gwt_sim import dataset as ds
from gwt_sim.errors import UserError, one_line
from gwt_sim.experiment import Experiment, Overrides
from gwt_sim.plan import (
    ArmPlan,
    Plan,
    RunPlan,
    code_hash,
    compile_variant,
    load_accumulator,
    plan_experiment,
    resume_problem,
)
from gwt_sim.schema import STREAM_SEATING

if TYPE_CHECKING:
    from gwt_sim.engine.game import RulesHandle
    from gwt_sim.tables import Tables

BACKENDS = ("loky", "dask")


class RunnerError(UserError):
    """A run cannot go on: bad run options, unreachable cluster, a game that failed..."""


class SimulationError(RunnerError):
    """A game raised (typically a strategy plugin that misbehaves); names arm, game and seats."""


RESUME_HINT = "run the same command again to resume"


class RunInterrupted(KeyboardInterrupt):
    """Ctrl-C (or SIGTERM) during a run: the finished chunks are on disk; running again resumes."""

    def __init__(self, path: Path, chunks_done: int, chunks_total: int):
        self.path, self.chunks_done, self.chunks_total = path, chunks_done, chunks_total
        super().__init__(f"interrupted: {chunks_done} of {chunks_total} chunks are saved in {path}")


class RunFailed(Exception):
    """The run stopped for a reason that is nobody's input (a worker process died, the disk is full):
    one line saying why, how much is saved, and that running the same command again resumes."""

    def __init__(self, reason: str, path: Path, chunks_done: int, chunks_total: int):
        self.path, self.chunks_done, self.chunks_total = path, chunks_done, chunks_total
        super().__init__(f"{reason}; {chunks_done} of {chunks_total} chunks are saved in {path}: {RESUME_HINT}")


def _died(exc: BaseException) -> str:
    """What a dead worker's error says about it, in a few words."""
    codes = re.search(r"exit codes of the workers are (\{[^}]*\})", str(exc))
    how = f"exit codes {codes.group(1)}: " if codes else ""
    return f"a worker process died ({how}killed, or out of memory?)"


# --------------------------------------------------------------------------- worker side

_TABLES: dict[str, Any] = {}          # config hash -> (RulesHandle, Tables), per worker process
_CONTENT: dict[Any, Any] = {}         # loaded content per folder, per worker process


def _rules(plan: Plan, arm: ArmPlan) -> tuple[RulesHandle, Tables]:
    hit = _TABLES.get(arm.config_hash)
    if hit is None:
        from gwt_sim.game import load_rules

        tables = compile_variant(arm.variant, plan.content, _CONTENT)
        if tables.config_hash != arm.config_hash:
            raise RunnerError(f"arm {arm.name!r}: this worker compiled config {tables.config_hash}, the run "
                              f"expects {arm.config_hash} (different gwt-sim content on the worker?)")
        hit = _TABLES[arm.config_hash] = (load_rules(tables), tables)
    return hit


@dataclass
class ChunkResult:
    chunk: int
    games: bytes
    players: bytes
    n_games: int


def play_chunk(plan: Plan, chunk: int) -> ChunkResult:
    """Play every game of one chunk and return its two tables as Parquet bytes."""
    from gwt_sim.engine.policy import set_decision_timeout
    from gwt_sim.engine.rng import derive_game_seed

    set_decision_timeout(plan.decision_timeout)

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
    from gwt_sim.engine.policy import PLUGIN_FAILURES
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
            except KeyboardInterrupt:
                raise
            except PLUGIN_FAILURES as exc:      # a policy or accumulator failing (or calling sys.exit)
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
        extra_games=extra_games, extra_players=extra_players, seat_vp=tables.seat_vp.tolist(), pool=arm.pool,
        solo=ds.solo_info(tables) if handle.solo else None)


def _extra_columns(specs: Sequence[str], extras: Sequence[Mapping[str, Any]],
                   players: int) -> tuple[dict[str, np.ndarray], dict[str, np.ndarray]]:
    """The accumulators' values of a block's games as columns: scalars for the games table, one value
    per seat for the players table (float64). Every game must give the same names."""
    from numbers import Real

    from gwt_sim.engine.policy import show
    from gwt_sim.errors import PLUGIN_FAILURES

    names = list(extras[0]) if extras else []
    games: dict[str, np.ndarray] = {}
    seats: dict[str, np.ndarray] = {}
    who = ", ".join(specs)
    for name in names:
        if not isinstance(name, str) or not name:
            raise RunnerError(f"accumulators ({who}): column names must be non-empty strings, got {name!r}")
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
            except KeyboardInterrupt:
                raise
            except PLUGIN_FAILURES:     # the values' own __len__ / __float__ are plugin code too
                raise RunnerError(f"accumulators ({who}): column {name!r} must be a number or one number "
                                  f"per seat ({players}) in every game, got {show(value)}") from None
        (seats if per_seat else games)[name] = col
    return games, seats


def _failure(arm: ArmPlan, names: Sequence[str], seeds: range, seed_values: Sequence[int],
             seatings: Sequence[Sequence[tuple[int, ...]]], done: int, exc: BaseException) -> str:
    """The one-line message for a game that raised: arm, game index, seed, rotation, seats, problem."""
    n_rot = len(seatings[0])
    a, r = divmod(done, n_rot)
    seats = ", ".join(names[j] for j in seatings[a][r])
    rot = f", rotation {arm.rotations[r]}" if arm.seating == "rotations" else ""
    pool = f" (pool {arm.pool!r})" if arm.pool is not None else ""
    return (f"arm {arm.name!r}{pool}, game {seeds[a]} (seed {seed_values[a]}{rot}; seats: {seats}): "
            f"{one_line(exc)}")


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


# --------------------------------------------------------------------------- worker hygiene

PR_SET_PDEATHSIG = 1                  # prctl option (linux/prctl.h)
PARENT_POLL_SECONDS = 0.5


def _exit_with_parent(parent_pid: int) -> None:
    """Initializer of every loky worker: end this process as soon as the run's process is gone
    (killed, crashed, stopped), instead of lingering until loky's idle timeout.

    On Linux the kernel sends SIGKILL when the parent dies (prctl PR_SET_PDEATHSIG, no GIL needed
    even in the middle of a compiled game); everywhere a daemon thread also polls the parent pid,
    which changes when the worker is orphaned."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(Exception):
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent_pid:            # the parent died before prctl took effect
        os._exit(1)

    def watch() -> None:
        while True:
            time.sleep(PARENT_POLL_SECONDS)
            if os.getppid() != parent_pid:
                os._exit(1)

    threading.Thread(target=watch, name="gwt-sim parent watchdog", daemon=True).start()


def _results(plan: Plan, todo: Sequence[int], jobs: int, backend: str,
             scheduler: str | None) -> Iterator[ChunkResult]:
    from joblib import Parallel, delayed, parallel_config

    if not todo:
        return
    tasks = (delayed(play_chunk)(plan, c) for c in todo)
    if backend == "dask":
        with parallel_config(backend="dask"):     # the client `simulate` opened
            yield from Parallel(n_jobs=-1, return_as="generator_unordered", batch_size=1)(tasks)
        return
    if jobs == 1 or len(todo) == 1:
        for c in todo:          # in-process: no pickling, compiled tables cached here
            yield play_chunk(plan, c)
        return
    with parallel_config(backend="loky", initializer=_exit_with_parent, initargs=(os.getpid(),)):
        yield from Parallel(n_jobs=min(jobs, len(todo)), return_as="generator_unordered", batch_size=1)(tasks)


# --------------------------------------------------------------------------- resuming


def note(message: str) -> None:
    """A warning line on stderr (the run goes on)."""
    print(f"warning: {message}", file=sys.stderr, flush=True)


def _trusted_parts(root: Path, plan: Plan, manifest: Mapping[str, Any]) -> dict[int, Any]:
    """The chunks already done: recorded in the manifest, both parts intact, as many rows as the
    plan says. A damaged or missing part is named (one warning line) and its chunk played again; a
    Parquet file that no chunk of this run writes is refused."""
    names = [ds.part_name(c) for c in range(plan.n_chunks)]
    for path in ds.strangers(root, names):
        raise ds.DatasetError(f"{path}: not a part of this dataset (this run writes {names[0]} to {names[-1]}): "
                              f"move it out of the folder")
    trusted = {}
    for chunk, record in ds.recorded_chunks(manifest).items():
        if chunk >= plan.n_chunks:
            continue
        rows = (record.get("games", {}).get("rows"), record.get("players", {}).get("rows"))
        problem = ds.part_problem(root, chunk, record)
        if problem is None and rows != plan.chunk_rows(chunk):
            problem = f"{ds.part_path(root, 'games', chunk)}: recorded with {rows[0]} games, the chunk has " \
                      f"{plan.chunk_rows(chunk)[0]}"
        if problem:
            note(f"{problem}: chunk {chunk} is played again")
        else:
            trusted[chunk] = record
    return trusted


def _with_parts(manifest: Mapping[str, Any], records: Mapping[int, Any], n_chunks: int) -> dict[str, Any]:
    """The manifest listing `records`; complete when every chunk is there."""
    out = {**manifest, "parts": {str(c): records[c] for c in sorted(records)}}
    out["complete"] = len(records) == n_chunks
    if out["complete"]:
        out.setdefault("completed", datetime.now(timezone.utc).isoformat(timespec="seconds"))
    else:
        out.pop("completed", None)
    return out


# --------------------------------------------------------------------------- the entry points


@dataclass(frozen=True)
class RunOptions:
    """How to run (not what): these never change the dataset.

    jobs: worker processes (None or -1: all cores; 1: in this process). backend: "loky" or "dask";
    scheduler: a Dask scheduler address (implies the dask backend; without it a local cluster of
    `jobs` workers). progress: a progress bar on stderr (None: when stderr is a terminal).
    overwrite: replace a dataset folder written by another experiment or build (else refused).
    decision_timeout: seconds a plain-Python policy may take per decision (None: no limit).
    """

    jobs: int | None = None
    backend: str | None = None
    scheduler: str | None = None
    progress: bool | None = None
    overwrite: bool = False
    decision_timeout: float | None = None

    def __post_init__(self) -> None:
        backend = self.backend or ("dask" if self.scheduler else "loky")
        if backend not in BACKENDS:
            raise RunnerError(f"unknown backend {backend!r} (expected one of: {', '.join(BACKENDS)})")
        if self.scheduler and backend != "dask":
            raise RunnerError("--scheduler needs --backend dask")
        object.__setattr__(self, "backend", backend)
        jobs = self.jobs
        if jobs is not None and jobs != -1 and (isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1):
            raise RunnerError(f"jobs: expected a positive number of worker processes (or -1 for all cores), "
                              f"got {jobs!r}")
        t = self.decision_timeout
        if t is not None:
            if isinstance(t, bool) or not isinstance(t, int | float) or not 0 < t < 1e6:
                raise RunnerError(f"--decision-timeout: expected a number of seconds > 0, got {t!r}")
            if backend == "dask":
                raise RunnerError("--decision-timeout works with the loky backend (it needs each worker's main "
                                  "thread), not with --backend dask")

    @property
    def workers(self) -> int:
        return _default_jobs() if self.jobs is None or self.jobs == -1 else self.jobs


_OVERRIDE_FIELDS = frozenset(f.name for f in dataclasses.fields(Overrides))
_OPTION_FIELDS = frozenset(f.name for f in dataclasses.fields(RunOptions))


def split_options(overrides: Overrides | None, options: RunOptions | None,
                  fields: Mapping[str, Any]) -> tuple[Overrides, RunOptions]:
    """Keyword arguments of `run` / `simulate` (``games=200, jobs=2``) sorted into the two frozen
    option objects (added to the ones given)."""
    unknown = set(fields) - _OVERRIDE_FIELDS - _OPTION_FIELDS
    if unknown:
        raise TypeError(f"unknown option(s): {', '.join(sorted(unknown))}")
    overrides = dataclasses.replace(overrides or Overrides(),
                                    **{k: v for k, v in fields.items() if k in _OVERRIDE_FIELDS})
    options = dataclasses.replace(options or RunOptions(),
                                  **{k: v for k, v in fields.items() if k in _OPTION_FIELDS})
    return overrides, options


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


def simulate(experiment: str | Path | Mapping[str, Any] | Experiment | RunPlan, out: str | Path | None = None,
             overrides: Overrides | None = None, options: RunOptions | None = None, **fields: Any) -> RunResult:
    """Run (or resume) an experiment into `out`; returns what was done. See `run`."""
    overrides, options = split_options(overrides, options, fields)
    planned = experiment if isinstance(experiment, RunPlan) else plan_experiment(experiment, overrides)
    exp = planned.experiment
    root = Path(out) if out is not None else Path("runs") / exp.name

    ds.check_folder(root)
    with contextlib.ExitStack() as stack:
        if options.backend == "dask":
            # reach the cluster before touching the folder
            stack.enter_context(_dask_client(options.scheduler, options.jobs))
        stack.enter_context(ds.locked(root))
        old = ds.read_manifest(root)
        new = planned.manifest()
        replacing = None                # --overwrite: the dataset being replaced, kept until the new run's
        if old is None:                 # first chunk is played (a run that fails at once loses nothing)
            ds.check_folder(root)               # again, under the lock
        elif options.overwrite and resume_problem(root, old, new):
            replacing, old = old, None
        if old is None:
            if replacing is None:
                ds.write_manifest(root, new)
            manifest = new
        else:
            problem = resume_problem(root, old, new)
            if problem:
                raise ds.DatasetError(problem)
            manifest = old
            # the folder's chunking wins (the data do not depend on it)
            planned = planned.with_chunking(int(old["seeds_per_chunk"]))
        plan = dataclasses.replace(planned.work, decision_timeout=options.decision_timeout)
        ds.prepare_folder(root)
        records = _trusted_parts(root, plan, manifest) if replacing is None else {}
        todo = [c for c in range(plan.n_chunks) if c not in records]
        done_games = exp.total_games - sum(plan.chunk_rows(c)[0] for c in todo)
        show = (sys.stderr.isatty() if options.progress is None else options.progress) and bool(todo)
        bar = _Progress(exp.total_games, done_games, show, exp.name)
        t0 = time.perf_counter()
        games_run = 0
        chunks_run = 0

        def saved() -> int:
            return plan.n_chunks - len(todo) + chunks_run

        try:
            for res in _results(plan, todo, options.workers, options.backend, options.scheduler):
                if replacing is not None:       # the first chunk is played: now the old dataset goes
                    ds.clear(root, replacing)
                    replacing = None
                    ds.write_manifest(root, manifest)
                    _trusted_parts(root, plan, manifest)        # refuses Parquet files no chunk writes
                # the parts first, then their record: a part is trusted only once the manifest lists it
                ds.write_chunk(root, res.chunk, res.games, res.players)
                records[res.chunk] = ds.part_record(res.chunk, res.games, res.players, *plan.chunk_rows(res.chunk),
                                                    plan.chunk_game_ids(res.chunk))
                manifest = _with_parts(manifest, records, plan.n_chunks)
                ds.write_manifest(root, manifest)
                games_run += res.n_games
                chunks_run += 1
                bar.update(res.n_games)
        except KeyboardInterrupt:
            raise RunInterrupted(root, saved(), plan.n_chunks) from None
        except BrokenProcessPool as exc:
            raise RunFailed(_died(exc), root, saved(), plan.n_chunks) from None
        except OSError as exc:             # writing a part: disk full, folder gone...
            raise RunFailed(one_line(exc), root, saved(), plan.n_chunks) from None
        finally:
            bar.close()
        seconds = time.perf_counter() - t0
        manifest = _with_parts(manifest, records, plan.n_chunks)
        ds.write_manifest(root, manifest)
    return RunResult(root, exp, exp.total_games, games_run, len(todo), plan.n_chunks, seconds, manifest)


def run(experiment: str | Path | Mapping[str, Any] | Experiment, out: str | Path | None = None,
        overrides: Overrides | None = None, options: RunOptions | None = None, **fields: Any) -> Path:
    """Run an experiment and return the dataset folder (resuming whatever a previous run left).

    experiment: an experiment TOML file, a mapping of the same shape, or an `Experiment`.
    out: dataset folder (default runs/<experiment name>).
    overrides (`gwt_sim.experiment.Overrides`): games, players, strategies, seating, seed,
    chunk_size replacing the file's for every arm, and accumulators ("package.module:Class" objects
    with before / step / after, see `gwt_sim.engine.play`: what after() returns becomes extra float64
    columns, numbers in the games table, one number per seat in the players table). options
    (`RunOptions`): jobs, backend, scheduler, progress, overwrite. Any of these fields may also be
    given as a keyword:

        out = gwt_sim.run("experiments/quickstart.toml", "runs/qs", games=500, jobs=2)
        players = pl.read_parquet(f"{out}/players/*.parquet")
    """
    return simulate(experiment, out, overrides, options, **fields).path
