"""What the benchmark and training scripts share: a bad option's one line, and the split of a seed
range over worker processes (the same games whatever the number of jobs)."""

from __future__ import annotations

import sys

import numpy as np


def usage_error(message: str) -> None:
    """A bad option: one line and exit code 2 (as the gwt-sim commands do)."""
    print(f"error: {message}", file=sys.stderr)
    raise SystemExit(2)


def seed_chunks(seed0: int, games: int, jobs: int) -> list[range]:
    """Seeds seed0 .. seed0 + games - 1 in about 4 chunks per job, in order."""
    return [range(int(c[0]), int(c[-1]) + 1) for c in np.array_split(np.arange(seed0, seed0 + games), jobs * 4)
            if len(c)]
