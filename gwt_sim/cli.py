"""The `gwt-sim` command line.

    gwt-sim --version
    gwt-sim content check [PATH] [--edition 1e|2e] [--patch FILE ...]
    gwt-sim content show KIND [ID|all] [--content PATH | --edition 1e|2e] [--patch FILE ...]
    gwt-sim content uncertain [PATH] [--edition 1e|2e] [--patch FILE ...]
    gwt-sim play [--players N] [--seed S] [--strategies S1,S2,...] [--edition 1e|2e] [variant options] [--replay-out FILE]
    gwt-sim play --replay FILE
    gwt-sim strategies
    gwt-sim simulate EXP.toml [--out DIR] [--games N] [--jobs N] [--players N] [--strategies S1,S2,...] ...
    gwt-sim sweep EXP.toml --param PATH --values VALUES [--param PATH2 --values VALUES2] [--out DIR] ...
    gwt-sim tune EXP.toml --param PATH --target "METRIC = VALUE" --range LO..HI --out DIR ...

Errors of the user's making (`gwt_sim.errors.UserError`: bad content, variant, experiment, strategy,
replay, dataset, unknown id, unreadable file, misbehaving plugin) print one line ``error: ...`` to
stderr and exit with code 2, never a traceback; click's own usage errors keep their usual form and
also exit 2.

Adding a command: write one small function decorated with ``@cli.command()`` (or with a new group
such as ``@cli.group("report")``); raise a `UserError` subclass (`CliError` for problems of the
command line itself) and leave the reporting to `GwtGroup` / `main`.
"""

from __future__ import annotations

import math
import os
import signal
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import FrameType
from typing import IO, Any

import click

from gwt_sim import __version__
from gwt_sim.content import EDITION_KEYS, ContentError, apply_patch, edition_dir, load_content, read_raw
from gwt_sim.describe import (
    CONF_LEGEND,
    UnknownComponentError,
    content_summary,
    describe_building,
    describe_city,
    describe_objective,
    describe_sam_card,
    describe_station,
    describe_station_master,
    low_confidence_values,
)
from gwt_sim.errors import EXIT_USER_ERROR, UserError, one_line
from gwt_sim.experiment import SEATINGS, Overrides
from gwt_sim.files import read_text
from gwt_sim.model import Content
from gwt_sim.runner import BACKENDS, RunOptions
from gwt_sim.variant import Variant
from strategies.registry import DEFAULT_PLAY_STRATEGY

PROG = "gwt-sim"
CONTEXT_SETTINGS = {"help_option_names": ["-h", "--help"], "max_content_width": 110}


# --------------------------------------------------------------------------- error reporting


class CliError(UserError):
    """A user error found by the command line itself (unknown kind, unreadable patch file...)."""


# Exceptions that are the user's doing: reported as one line, exit code 2. A file-system error
# (unreadable file, full disk) is the machine's answer to the user's request: reported the same way.
USER_ERRORS: tuple[type[BaseException], ...] = (UserError, OSError)


class ReportedError(click.ClickException):
    """A user error as click sees it: shown as ``error: <message>``, exit code 2."""

    exit_code = EXIT_USER_ERROR

    def show(self, file: IO[Any] | None = None) -> None:
        click.echo(f"error: {self.format_message()}", err=True, file=file)


class GwtGroup(click.Group):
    """The root group: turns user errors raised by any subcommand into `ReportedError`."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except BrokenPipeError:
            raise
        except USER_ERRORS as exc:
            raise ReportedError(one_line(exc)) from exc


# --------------------------------------------------------------------------- helpers


def _read_patch(path: str) -> str:
    return read_text(path, lambda problem: CliError(f"{path}: {problem}"), "patch")


def load(path: str | None, patch_files: Sequence[str] = (), edition: str | None = None) -> Content:
    """Load content (a folder `path`, else the built-in content of `edition`, "1e" or "2e"; the Second
    Edition by default) with patch files; errors name the patch file."""
    if path is not None and edition is not None:
        raise CliError(f"give a content folder or --edition, not both (got {path!r} and --edition {edition})")
    if edition is not None:
        path = str(edition_dir(edition))
    texts = [_read_patch(p) for p in patch_files]
    try:
        return load_content(path, texts)
    except ContentError as exc:
        if not patch_files:
            raise
        if exc.file == "patch":
            _raise_for_patch(path, patch_files, texts)
        raise ContentError(exc.file, exc.entry,
                           f"{exc.problem} (content patched by {', '.join(patch_files)})") from None


def _raise_for_patch(path: str | None, patch_files: Sequence[str], texts: Sequence[str]) -> None:
    """Apply the patches one by one to find (and name) the one that fails."""
    raw, origin, _ = read_raw(path)
    for name, text in zip(patch_files, texts, strict=True):
        try:
            apply_patch(raw, text, origin)
        except ContentError as exc:
            raise ContentError(name, exc.entry, exc.problem) from None


def format_table(rows: Sequence[Sequence[object]], header: Sequence[str] | None = None) -> list[str]:
    """Rows as lines with aligned columns (the last column is not padded)."""
    all_rows = [list(map(str, r)) for r in ([header] if header else []) + list(rows)]
    if not all_rows:
        return []
    ncols = max(len(r) for r in all_rows)
    widths = [max((len(r[i]) for r in all_rows if len(r) > i), default=0) for i in range(ncols)]
    lines = []
    for r in all_rows:
        cells = [c.ljust(widths[i]) if i < len(r) - 1 else c for i, c in enumerate(r)]
        lines.append("  ".join(cells).rstrip())
    if header:
        dashes = [w if i < ncols - 1 else len(str(header[-1])) for i, w in enumerate(widths)]
        lines.insert(1, "  ".join("-" * w for w in dashes))
    return lines


def _echo_lines(lines: Sequence[str]) -> None:
    click.echo("\n".join(lines))


class FiniteRange(click.FloatRange):
    """A float option within bounds that is also finite: click's FloatRange lets nan through (every
    comparison with nan is false), and inf through when a side is open."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        x = super().convert(value, param, ctx)
        if not math.isfinite(x):
            self.fail(f"{value!r} is not a finite number", param, ctx)
        return x


def decision_timeout_option(f: Callable) -> Callable:
    return click.option("--decision-timeout", type=FiniteRange(0, 1e6, min_open=True), metavar="SECONDS",
                        help="Stop with an error when a plain-Python strategy takes longer than this "
                             "to choose an action.")(f)


def content_path_option(f: Callable) -> Callable:
    return click.option("--content", "content_path", metavar="PATH", default=None,
                        help="Content folder (default: the built-in Second Edition content).")(f)


def edition_option(f: Callable) -> Callable:
    return click.option("--edition", type=click.Choice(tuple(EDITION_KEYS)), default=None,
                        help="Built-in content: 2e (the Second Edition, the default) or 1e (the First "
                             "Edition, 2016).")(f)


def patch_option(f: Callable) -> Callable:
    return click.option("--patch", "patches", metavar="FILE", multiple=True,
                        help="Content patch (TOML) applied on top; may be given several times.")(f)


def _run_options(jobs: int | None, backend: str | None, scheduler: str | None, quiet: bool, overwrite: bool,
                 decision_timeout: float | None) -> RunOptions:
    return RunOptions(jobs=jobs, backend=backend, scheduler=scheduler, progress=False if quiet else None,
                      overwrite=overwrite, decision_timeout=decision_timeout)


def run_options(f: Callable) -> Callable:
    """The options of how to run (they never change the data): --jobs, --backend, --scheduler,
    --overwrite, --quiet, --decision-timeout."""
    for opt in reversed((
        click.option("--jobs", "-j", type=int, help="Worker processes (default: all cores; 1 = in this process)."),
        click.option("--backend", type=click.Choice(BACKENDS), default=None,
                     help="loky (local processes, the default) or dask (a cluster; local one without --scheduler)."),
        click.option("--scheduler", metavar="ADDRESS",
                     help="Dask scheduler, e.g. tcp://10.0.0.5:8786 (implies --backend dask)."),
        click.option("--overwrite", is_flag=True, help="Replace DIR if it holds another experiment's (or build's) "
                     "data."),
        click.option("--quiet", "-q", is_flag=True, help="No progress bar."),
        decision_timeout_option,
    )):
        f = opt(f)
    return f


def override_options(f: Callable) -> Callable:
    """The values replacing the experiment file's for every arm: --games, --players, --strategies,
    --seating, --seed, --chunk-size, --arm, --pool, --edition."""
    for opt in reversed((
        click.option("--games", "-g", type=int, help="Number of seeds (games per arm and rotation), overriding the "
                     "file."),
        click.option("--players", "-n", type=int, help="Player count for every arm."),
        click.option("--strategies", metavar="S1,S2,...", help="Strategy lineup (or draw list) for every arm; replaces the file's [[pools]]."),
        click.option("--seating", type=click.Choice(SEATINGS), help="How strategies take seats, for every arm."),
        click.option("--seed", type=int, help="Root seed, overriding the file."),
        click.option("--chunk-size", type=int, help="Games per chunk (a new folder only; resuming keeps the "
                     "folder's)."),
        click.option("--arm", metavar="NAME", help="Keep only this arm of the experiment file."),
        click.option("--pool", metavar="NAME", help="Keep only this strategy pool of the experiment file "
                     "([[pools]]; --strategies replaces the pools)."),
        click.option("--edition", type=click.Choice(tuple(EDITION_KEYS)), default=None,
                     help="Play the built-in content of this edition (1e or 2e), replacing the file's content."),
    )):
        f = opt(f)
    return f


def _interruptible(run: Callable[[], Any], interrupted: type[BaseException], hint: str) -> Any:
    """run() with `kill PID` stopping it as Ctrl-C does (finished chunks saved, workers ended): an
    interruption prints the resume hint and exits 128 + the signal; a failed run prints one line and
    exits 1."""
    from gwt_sim.runner import RunFailed

    terminated: list[int] = []

    def handler(signum: int, frame: FrameType | None) -> None:
        terminated.append(signum)
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, handler)
    try:
        return run()
    except interrupted as exc:
        click.echo(f"{exc}: {hint}", err=True)
        raise SystemExit(128 + (signal.SIGTERM if terminated else signal.SIGINT)) from None
    except RunFailed as exc:
        click.echo(f"error: {exc}", err=True)
        raise SystemExit(1) from None
    finally:
        signal.signal(signal.SIGTERM, previous)


# --------------------------------------------------------------------------- kinds of components


@dataclass(frozen=True)
class Kind:
    name: str
    ids: Callable[[Content], list[str]]
    describe: Callable[[Content, str], str]


KINDS: dict[str, Kind] = {
    "building": Kind("building", lambda c: [*c.neutral_buildings, *c.private_buildings], describe_building),
    "neutral": Kind("neutral building", lambda c: list(c.neutral_buildings), describe_building),
    "private": Kind("private building", lambda c: list(c.private_buildings), describe_building),
    "station-master": Kind("station master", lambda c: list(c.station_masters), describe_station_master),
    "objective": Kind("objective card", lambda c: list(c.objective_cards), describe_objective),
    "city": Kind("city", lambda c: [x.id for x in c.cities], describe_city),
    "station": Kind("station", lambda c: [str(s.id) for s in c.railroad.stations], describe_station),
    "sam-card": Kind("Sam card", lambda c: [str(n) for n in c.solo.cards] if c.solo else [], describe_sam_card),
}

KIND_ALIASES: dict[str, str] = {
    "buildings": "building", "neutrals": "neutral", "privates": "private",
    "station-masters": "station-master", "station_master": "station-master", "station_masters": "station-master",
    "stationmaster": "station-master", "stationmasters": "station-master", "sm": "station-master",
    "objectives": "objective", "objective-card": "objective", "objective-cards": "objective",
    "cities": "city", "stations": "station",
    "sam": "sam-card", "sam-cards": "sam-card", "sam_card": "sam-card", "sam_cards": "sam-card",
}


def resolve_kind(kind: str) -> Kind:
    key = kind.strip().lower()
    key = KIND_ALIASES.get(key, key)
    if key not in KINDS:
        raise CliError(f"unknown kind {kind!r} (expected one of: {', '.join(KINDS)})")
    return KINDS[key]


def resolve_ids(kind: Kind, content: Content, wanted: str) -> list[str]:
    """`all` -> every id of the kind; else the one matching id (exact first, then case-insensitive)."""
    ids = kind.ids(content)
    if wanted.strip().lower() == "all":
        return ids
    if wanted in ids:
        return [wanted]

    def norm(s: str) -> str:
        return s.strip().lower().replace("-", "_").replace(" ", "_")

    matches = [i for i in ids if norm(i) == norm(wanted)]
    if not matches:
        raise UnknownComponentError(f"unknown {kind.name} {wanted!r} (known: {', '.join(ids)})")
    return matches


# --------------------------------------------------------------------------- commands


@click.group(name=PROG, cls=GwtGroup, context_settings=CONTEXT_SETTINGS)
@click.version_option(__version__, "--version", "-V", prog_name=PROG, message="%(prog)s %(version)s")
def cli() -> None:
    """Monte Carlo simulator for Great Western Trail (Second Edition)."""


@cli.group("content")
def content_group() -> None:
    """Validate and read the game content (buildings, cards, stations...)."""


@content_group.command("check")
@click.argument("path", required=False, metavar="[PATH]")
@edition_option
@patch_option
def content_check(path: str | None, edition: str | None, patches: tuple[str, ...]) -> None:
    """Load and validate content (built-in, or the folder PATH) and print its component counts."""
    from gwt_sim.game import check_fits_engine

    content = load(path, patches, edition)
    check_fits_engine(content)
    rows: list[tuple[str, object]] = list(content_summary(content))
    if patches:
        rows.insert(3, ("patches", ", ".join(patches)))
    _echo_lines(format_table(rows))
    click.echo(f"OK: content valid (hash {content.content_hash})")


@content_group.command("show")
@click.argument("kind")
@click.argument("component_id", metavar="[ID|all]", required=False)
@content_path_option
@edition_option
@patch_option
def content_show(kind: str, component_id: str | None, content_path: str | None, edition: str | None,
                 patches: tuple[str, ...]) -> None:
    """Describe a component in words.

    KIND is building (neutral letters A-G, private 1a-12b), station-master, objective, city,
    station or sam-card (the solo mode's cards 1-15); plurals work too, as do `neutral` and
    `private`. ID `all` shows every component of the kind; without ID the ids are listed.
    """
    k = resolve_kind(kind)
    content = load(content_path, patches, edition)
    if component_id is None:
        click.echo(f"{k.name} ids: {', '.join(k.ids(content))}")
        return
    blocks = [k.describe(content, i) for i in resolve_ids(k, content, component_id)]
    click.echo("\n\n".join(blocks))
    click.echo(f"\n{CONF_LEGEND}")


@content_group.command("uncertain")
@click.argument("path", required=False, metavar="[PATH]")
@edition_option
@patch_option
def content_uncertain(path: str | None, edition: str | None, patches: tuple[str, ...]) -> None:
    """List every content value tagged L (an estimate), and the content options (meta.toml, solo.toml)."""
    content = load(path, patches, edition)
    rows = low_confidence_values(content)
    click.echo(f"Low-confidence content ([L] estimates; content options [options], [solo.options] listed "
               f"whatever their tag): {len(rows)} entries")
    click.echo("Field '*' = every value of a record tagged L as a whole.")
    _echo_lines(format_table(rows, header=("where", "field", "value")))


@cli.command("play")
@click.option("--players", "-n", type=click.IntRange(1, 4), default=4, show_default=True,
              help="2-4, or 1: the solo mode against Sam (as --solo).")
@click.option("--solo", is_flag=True, help="The solo mode: one player against the automated opponent Sam.")
@click.option("--difficulty", help="Sam's difficulty in the solo mode: easy, medium or hard (default: the content's).")
@click.option("--first-delivery", help="Solo mode: the city of Sam's first delivery (default: the difficulty's).")
@click.option("--seed", "-s", type=click.IntRange(0, 2**64 - 1), default=1, show_default=True)
@click.option("--strategies", default=DEFAULT_PLAY_STRATEGY, show_default=True,
              help="One strategy for every seat, or one per seat separated by commas (name:param=value).")
@click.option("--sides", default="a", show_default=True, help="a, b, random or one letter per building number "
              "(building 1 first: 12 in the Second Edition, 10 in the First).")
@click.option("--layout", "neutral_layout", default="ABCDEFG", show_default=True, help="ABCDEFG, random or an order.")
@click.option("--station-masters", default="random", show_default=True, help="random or 5 tile ids, comma-separated.")
@click.option("--simmental/--no-simmental", default=False, show_default=True)
@click.option("--replay-out", type=click.Path(dir_okay=False), help="Write the game's replay (JSON) here.")
@click.option("--replay", "replay_in", type=click.Path(dir_okay=False, exists=True),
              help="Replay a recorded game instead of playing a new one.")
@click.option("--quiet", "-q", is_flag=True, help="Only the final score table.")
@decision_timeout_option
@content_path_option
@edition_option
@patch_option
def play_cmd(players: int, solo: bool, difficulty: str | None, first_delivery: str | None, seed: int,
             strategies: str, sides: str, neutral_layout: str, station_masters: str,
             simmental: bool, replay_out: str | None, replay_in: str | None, quiet: bool,
             decision_timeout: float | None, content_path: str | None, edition: str | None,
             patches: tuple[str, ...]) -> None:
    """Play one game and print its log (every decision in the game's words, with the money and VP it
    changed) and the final score table by category. --replay prints the same log again. With --solo:
    one player against Sam, whose turns the log shows too."""
    from gwt_sim.engine.policy import set_decision_timeout
    from gwt_sim.experiment import split_strategies
    from gwt_sim.game import (
        Replay,
        game_log,
        policies_from_names,
        replay_log,
        rules_for,
        score_table,
        seat_strategies,
    )
    from gwt_sim.playlog import game_header

    set_decision_timeout(decision_timeout)

    # a replay without a content folder or edition is played with the built-in edition it was recorded with
    content = load(content_path, patches, edition) if content_path or edition or patches or not replay_in else None
    if replay_in:
        replay = Replay.load(replay_in)
        lines, state = replay_log(replay, content, source=replay_in)
        seats = replay.strategies
    else:
        players = _solo_players(players, solo, difficulty, first_delivery)
        variant = Variant(players=players, sides=sides, neutral_layout=neutral_layout,
                          station_masters=station_masters, simmental=simmental, solo_difficulty=difficulty,
                          solo_first_delivery=first_delivery)
        handle = rules_for(variant, content)
        deciding = len(handle.decision_seats)          # the solo mode: Sam's seat is played by the engine
        seats = seat_strategies(split_strategies(strategies), deciding)
        policies = policies_from_names(seats, deciding)
        lines, state, replay = game_log(handle, policies, seed, variant, seats, content)
        if replay_out:
            replay.save(replay_out)
    _echo_lines(game_header(state, seats) + ([] if quiet else lines) +
                [f"game over after {state.turn_number} turns and {state.decisions} decisions", *score_table(state)])


def _solo_players(players: int, solo: bool, difficulty: str | None, first_delivery: str | None) -> int:
    """The player count of `play`'s options: --solo means 1; the solo options need it."""
    from gwt_sim.variant import VariantError

    if solo:
        if players not in (1, 4):              # 4: the default, not given
            raise VariantError(f"--players: --solo plays 1 player against Sam, not {players}")
        return 1
    if players != 1:
        for option, value in (("--difficulty", difficulty), ("--first-delivery", first_delivery)):
            if value is not None:
                raise VariantError(f"{option}: only in the solo mode (add --solo)")
    return players


@cli.command("simulate")
@click.argument("experiment", metavar="EXP.toml")
@click.option("--out", "-o", metavar="DIR", help="Dataset folder (default: runs/<experiment name>). "
              "Running again resumes; another experiment's folder is refused.")
@click.option("--accumulator", "accumulators", metavar="MODULE:CLASS", multiple=True,
              help="Collect extra columns with this accumulator (before/step/after; repeatable).")
@override_options
@run_options
def simulate_cmd(experiment: str, out: str | None, games: int | None, players: int | None, strategies: str | None,
                 seating: str | None, seed: int | None, chunk_size: int | None, arm: str | None, pool: str | None,
                 edition: str | None,
                 accumulators: tuple[str, ...], jobs: int | None,
                 backend: str | None, scheduler: str | None, overwrite: bool, quiet: bool,
                 decision_timeout: float | None) -> None:
    """Run an experiment file into a Parquet dataset (games/ and players/ tables, manifest.json)."""
    overrides = Overrides(games=games, players=players, strategies=strategies, seating=seating, seed=seed,
                          chunk_size=chunk_size, arm=arm, pool=pool, edition=edition, accumulators=accumulators or None)
    _simulate(experiment, out, overrides, _run_options(jobs, backend, scheduler, quiet, overwrite, decision_timeout))


def _simulate(experiment: str, out: str | None, overrides: Overrides, options: RunOptions) -> None:
    from gwt_sim.runner import RESUME_HINT, RunInterrupted, simulate

    res = _interruptible(lambda: simulate(experiment, out, overrides, options), RunInterrupted, RESUME_HINT)
    exp = res.experiment
    names = exp.arm_names
    arms = f"{len(names)} arms" if len(names) > 1 else f"arm {names[0]}"
    if exp.pools:
        arms += f" × {len(exp.pools)} pools" if len(exp.pools) > 1 else f", pool {exp.pools[0].name}"
    if res.games_run == 0:
        click.echo(f"{res.path}: complete, {res.total_games:,} games ({arms}); nothing to run")
    else:
        resumed = (f", resumed: {res.chunks_total - res.chunks_run} of {res.chunks_total} chunks were on disk"
                   if res.chunks_run < res.chunks_total else "")
        click.echo(f"{res.path}: {res.games_run:,} games ({arms}) in {res.seconds:.1f} s, "
                   f"{res.games_per_second:,.0f} games/s{resumed}")
    click.echo(f"read: pl.read_parquet('{res.path}/players/*.parquet') or gwt_sim.dataset.read('{res.path}')")


@cli.command("sweep")
@click.argument("experiment", metavar="EXP.toml")
@click.option("--param", "params", metavar="PATH", multiple=True,
              help="A content path as in patches (private.10b.actions[0][0].amount) or a seat knob "
                   "(starting_money[0], seat_vp[2]); give several for a grid. Without it: the file's [sweep].")
@click.option("--values", "values", metavar="VALUES", multiple=True,
              help="The values of the --param before it: 2,3,4,5 or a range FROM..TO[:STEP] (-3..3, 0..1:0.25).")
@click.option("--out", "-o", metavar="DIR", help="Dataset folder (default: runs/<experiment name>). Running again "
              "resumes; another experiment's folder is refused.")
@override_options
@run_options
def sweep_cmd(experiment: str, params: tuple[str, ...], values: tuple[str, ...], out: str | None, games: int | None,
              players: int | None, strategies: str | None, seating: str | None, seed: int | None,
              chunk_size: int | None, arm: str | None, pool: str | None, edition: str | None, jobs: int | None,
              backend: str | None, scheduler: str | None, overwrite: bool, quiet: bool,
              decision_timeout: float | None) -> None:
    """Play every arm of an experiment at every value of one parameter (a grid for several); the
    values share seeds (common random numbers). The dataset is a sweep: `gwt-sim report DIR`
    draws each outcome against the parameter and says where it crosses its target. Without --param
    it plays the experiment file's [sweep] table (as `simulate` does)."""
    if len(params) != len(values):
        raise CliError(f"--param and --values come in pairs: {len(params)} --param, {len(values)} --values")
    overrides = Overrides(games=games, players=players, strategies=strategies, seating=seating, seed=seed,
                          chunk_size=chunk_size, arm=arm, pool=pool, edition=edition,
                          sweep=tuple(zip(params, values, strict=True)) if params else None)
    if not params:
        from gwt_sim.experiment import load_experiment

        if load_experiment(experiment, overrides).sweep is None:
            raise CliError(f"{experiment}: no [sweep] table to play; give --param PATH --values VALUES")
    _simulate(experiment, out, overrides, _run_options(jobs, backend, scheduler, quiet, overwrite, decision_timeout))


@cli.command("tune")
@click.argument("experiment", metavar="EXP.toml")
@click.option("--param", required=True, metavar="PATH", help="The parameter to tune: a content path as in patches "
              "or a seat knob (starting_money[0], seat_vp[2]).")
@click.option("--target", required=True, metavar="'METRIC = VALUE'", help="seat_K_win_share, win_share[STRATEGY], "
              "users_win_share[N], 'side_b - side_a[N]', mean_score or turns; VALUE a number or par (win shares).")
@click.option("--range", "bounds", required=True, metavar="LO..HI", help="The values to search (-10..10).")
@click.option("--out", "-o", metavar="DIR", required=True, help="The tuning's folder: one dataset per round and "
              "tune.json. Running again resumes.")
@click.option("--points", type=int, default=5, show_default=True, help="Values played per round.")
@click.option("--tolerance", type=float, help="Stop when the 95% interval of the value is this narrow (default: 1 "
              "for a whole-number parameter, 1% of the range otherwise).")
@click.option("--max-games", type=int, help="Budget: stop before a round would pass this many games in all.")
@click.option("--max-rounds", type=int, default=8, show_default=True, help="At most this many rounds.")
@override_options
@run_options
def tune_cmd(experiment: str, param: str, target: str, bounds: str, out: str, points: int, tolerance: float | None,
             max_games: int | None, max_rounds: int, games: int | None, players: int | None, strategies: str | None,
             seating: str | None, seed: int | None, chunk_size: int | None, arm: str | None, pool: str | None,
             edition: str | None, jobs: int | None, backend: str | None, scheduler: str | None, overwrite: bool,
             quiet: bool,
             decision_timeout: float | None) -> None:
    """Find the value of one parameter at which a metric meets its target, with a 95% interval.

    Each round plays a few values on new seeds (every value on the same seeds); a local linear fit
    of the paired differences near the crossing gives the value and Fieller's interval; the next
    round plays values across that interval. --games is the seeds per round (default: the file's
    games). `gwt-sim report DIR` writes the tuning's report."""
    from gwt_sim.tune import TuneInterrupted, TuneOptions, tune

    overrides = Overrides(games=games, players=players, strategies=strategies, seating=seating, seed=seed,
                          chunk_size=chunk_size, arm=arm, pool=pool, edition=edition)
    options = TuneOptions(points=points, tolerance=tolerance, max_games=max_games, max_rounds=max_rounds)
    run = _run_options(jobs, backend, scheduler, quiet, overwrite, decision_timeout)
    res = _interruptible(lambda: tune(experiment, out, param=param, target=target, bounds=bounds, overrides=overrides,
                                      options=options, run_options=run), TuneInterrupted, _resume_hint())
    _echo_lines(res.lines)
    click.echo(f"{res.path}: tune.json and {res.result['rounds']} round dataset(s); report: gwt-sim report {res.path}")


def _resume_hint() -> str:
    from gwt_sim.runner import RESUME_HINT

    return RESUME_HINT


@cli.command("strategies")
def strategies_cmd() -> None:
    """List the strategies available to --strategies, with a one-line description each."""
    from strategies.registry import ENTRY_POINT_GROUP, list_strategies

    _echo_lines(format_table(list_strategies(), header=("strategy", "description")))
    click.echo("\nStrategy strings: name[:key=value...] (heuristic:profile=cattle, heuristic:profile=my.toml)\n"
               "or an import path package.module:Class[:key=value...]; plugins register names in the\n"
               f"entry-point group {ENTRY_POINT_GROUP}.")


@cli.command("report")
@click.argument("dataset", metavar="DIR")
@click.option("--out", "-o", metavar="FILE", help="Report file (default: DIR/report.html, or DIR/report.md with "
              "--format md). Markdown figures go to FILE's folder as PNGs.")
@click.option("--compare", metavar="DIR2", help="A baseline dataset to set beside DIR (differences are DIR − DIR2).")
@click.option("--label", "labels", metavar="A=NAME,B=NAME", help="Names for DIR (A) and DIR2 (B) in the report "
              "(default: their experiment names, else folder names).")
@click.option("--format", "fmt", metavar="html|md", help="html (one self-contained file) or md (default: from "
              "--out's suffix, else html).")
@click.option("--min-vp", type=float, default=None, metavar="VP", help="An effect matters from this many VP per "
              "player per game (default 1).")
@click.option("--min-share", type=float, default=None, metavar="POINTS", help="An effect on a win share matters "
              "from this many points (default 2).")
@click.option("--min-usage", type=float, default=None, metavar="PERCENT", help="Components used in fewer than this "
              "percentage of the games they could be are not judged: not enough evidence (default 5).")
@click.option("--tables-dir", metavar="DIR", help="Also write every table of the report as a CSV file here.")
def report_cmd(dataset: str, out: str | None, compare: str | None, labels: str | None, fmt: str | None,
               min_vp: float | None, min_share: float | None, min_usage: float | None, tables_dir: str | None) -> None:
    """Write a balance report (summary, findings, tables with intervals, figures) from a simulated dataset."""
    from reports import ReportError, make_report
    from reports.options import ReportOptions

    names = _report_labels(labels, compare is not None)
    for flag, value, top, unit in (("--min-vp", min_vp, math.inf, "VP"), ("--min-share", min_share, 100, "points"),
                                   ("--min-usage", min_usage, 100, "percent")):
        if value is not None and not (0 <= value <= top and math.isfinite(value)):
            limits = "0 or more" if top == math.inf else f"0 to {top:g}"
            raise CliError(f"{flag}: expected {limits} ({unit}), got {value:g}")
    options = ReportOptions(**{k: v for k, v in (
        ("min_vp", min_vp), ("min_share", None if min_share is None else min_share / 100),
        ("min_usage", None if min_usage is None else min_usage / 100)) if v is not None},
        label=names.get("A"), compare_label=names.get("B"))
    try:
        path = make_report(dataset, out, compare=compare, fmt=fmt, options=options, tables_dir=tables_dir)
    except ReportError as exc:
        raise CliError(str(exc)) from None
    click.echo(f"report: {path}" + (f" (tables: {tables_dir})" if tables_dir else ""))


def _report_labels(text: str | None, comparing: bool) -> dict[str, str]:
    """`--label A=patched,B=baseline` -> {"A": "patched", "B": "baseline"} (one clear error otherwise)."""
    if not text:
        return {}
    out: dict[str, str] = {}
    for part in text.split(","):
        key, sep, name = part.partition("=")
        key, name = key.strip().upper(), name.strip()
        if not sep or key not in ("A", "B") or not name:
            raise CliError(f"--label: expected A=NAME,B=NAME (A names DIR, B names DIR2), got {part.strip()!r}")
        out[key] = name
    if "B" in out and not comparing:
        raise CliError("--label: B names the --compare dataset, but there is none")
    return out


# --------------------------------------------------------------------------- entry point


def main(argv: Sequence[str] | None = None) -> None:
    """Console-script entry point: runs `cli`, reporting user errors as one ``error:`` line (exit 2)."""
    try:
        code = cli.main(args=list(argv) if argv is not None else None, prog_name=PROG, standalone_mode=False)
    except click.ClickException as exc:
        exc.show()
        sys.exit(exc.exit_code)
    except click.Abort:
        click.echo("Aborted!", err=True)
        sys.exit(1)
    except BrokenPipeError:
        # Output piped into e.g. `head`: stop quietly (Python's recommended handling).
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        sys.exit(1)
    except USER_ERRORS as exc:
        click.echo(f"error: {one_line(exc)}", err=True)
        sys.exit(EXIT_USER_ERROR)
    sys.exit(code if isinstance(code, int) else 0)


if __name__ == "__main__":  # pragma: no cover
    main()
