"""What the benchmark and training scripts share: a bad option's one line, the check of a strategy
string, the options of a self-play run, and the split of a seed range over worker processes (the same
games whatever the number of jobs)."""

from __future__ import annotations

import argparse
import sys

import numpy as np


def usage_error(message: str) -> None:
    """A bad option: one line and exit code 2 (as the gwt-sim commands do)."""
    print(f"error: {message}", file=sys.stderr)
    raise SystemExit(2)


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
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--edition", choices=tuple(EDITION_KEYS), default="2e", help="the built-in content to play")


def check_self_play_options(args: argparse.Namespace) -> None:
    """The options add_self_play_options adds: a bad one is one line and exit code 2."""
    if not 2 <= args.players <= 4 or args.games < 1 or args.jobs < 1:
        usage_error("--players must be 2-4, --games and --jobs at least 1")
    check_strategy(args.strategy)


def seed_chunks(seed0: int, games: int, jobs: int) -> list[range]:
    """Seeds seed0 .. seed0 + games - 1 in about 4 chunks per job, in order."""
    return [range(int(c[0]), int(c[-1]) + 1) for c in np.array_split(np.arange(seed0, seed0 + games), jobs * 4)
            if len(c)]
