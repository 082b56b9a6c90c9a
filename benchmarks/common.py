"""What the benchmark and training scripts share: a bad option's one line, the checks of option values
(numbers in range, strategy strings, files to write), the options of a self-play run, the guard that
turns the project's errors into one line, and the split of a seed range over worker processes (the
same games whatever the number of jobs)."""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Callable
from pathlib import Path
from typing import NoReturn

import numpy as np

MAX_COUNT = 10**9       # games, rows, rounds...: beyond this a number is a typo (numpy cannot even allocate it)
MAX_JOBS = 256


def usage_error(message: str) -> NoReturn:
    """A bad option: one line and exit code 2 (as the gwt-sim commands do)."""
    print(f"error: {message}", file=sys.stderr)
    raise SystemExit(2)


class Parser(argparse.ArgumentParser):
    """argparse with the gwt-sim commands' bad-option line: ``error: ...`` alone, exit code 2."""

    def error(self, message: str) -> NoReturn:
        usage_error(" ".join(message.split()))
        raise AssertionError("unreachable")


def whole(lo: int, hi: int = MAX_COUNT) -> Callable[[str], int]:
    """An argparse type: a whole number from lo to hi (else Parser's one line and exit code 2)."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
        if not lo <= value <= hi:
            raise argparse.ArgumentTypeError(f"expected {lo} to {hi:,}, got {value:,}")
        return value
    parse.__name__ = "whole number"
    return parse


def real(lo: float, hi: float = math.inf) -> Callable[[str], float]:
    """An argparse type: a finite number from lo to hi."""
    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a number, got {text!r}") from None
        if not (math.isfinite(value) and lo <= value <= hi):
            raise argparse.ArgumentTypeError(f"expected a finite number from {lo:g} to {hi:g}, got {text}")
        return value
    parse.__name__ = "number"
    return parse


JOB_COUNT = whole(1, MAX_JOBS)
PLAYER_COUNT = whole(2, 4)
COUNT = whole(1)


def check_writable(path: str | Path, option: str, folder: bool = False) -> None:
    """Before any game is played: `path` can be written later (a file, or with `folder` a folder),
    so a long run does not end by losing its result to a bad --out."""
    from gwt_sim.files import writable_problem

    if problem := writable_problem(path, folder):
        usage_error(f"{option} {path}: {problem}")


def run_main(main: Callable[[], object]) -> None:
    """Run a script's main: the project's own errors (a bad experiment, profile, dataset...) are one
    line and exit code 2, as in the gwt-sim commands."""
    from gwt_sim.errors import UserError, one_line

    try:
        main()
    except UserError as exc:
        usage_error(one_line(exc))


def check_strategy(text: str) -> None:
    """A strategy string the registry cannot make: its one-line error, exit code 2."""
    from strategies.registry import make_policy

    try:
        make_policy(text)
    except Exception as exc:        # the registry's one-line error for a bad strategy string
        usage_error(str(exc))


def add_self_play_options(ap: argparse.ArgumentParser) -> None:
    """--strategy (every seat), --players, --games, --jobs and --edition of a self-play run."""
    from gwt_sim.content import EDITION_KEYS

    ap.add_argument("--strategy", required=True, help="the strategy in every seat")
    ap.add_argument("--players", type=PLAYER_COUNT, default=4)
    ap.add_argument("--games", type=COUNT, default=1000)
    ap.add_argument("--jobs", type=JOB_COUNT, default=2)
    ap.add_argument("--edition", choices=tuple(EDITION_KEYS), default="2e", help="the built-in content to play")


def check_self_play_options(args: argparse.Namespace) -> None:
    """The strategy add_self_play_options adds (its numbers are checked by their types)."""
    check_strategy(args.strategy)


def seed_chunks(seed0: int, games: int, jobs: int) -> list[range]:
    """Seeds seed0 .. seed0 + games - 1 in about 4 chunks per job, in order."""
    return [range(int(c[0]), int(c[-1]) + 1) for c in np.array_split(np.arange(seed0, seed0 + games), jobs * 4)
            if len(c)]
