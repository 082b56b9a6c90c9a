"""`fast`: the strongest play at heuristic speed.

The compiled heuristic with the profile `strategies/profiles/fast.toml`: the balanced archetype's
plans (the loop to Kansas City planned stop by stop, a raised hand limit, objective pursuit) with
its weights tuned head to head against the planner, reproducible by one command:

    python benchmarks/tune_profile.py --players 2 --games 600 --opponent planner --jobs 2 --sweeps 12 \\
        --minutes 600 --start balanced --name fast \\
        --description "the balanced archetype's plans with its weights tuned head to head against the planner (benchmarks/tune_profile.py --opponent planner)" \\
        --out strategies/profiles/fast.toml

(12 sweeps of the coordinate search, each candidate judged on 600 fixed-seed 2-player games against
the planner; the result does not depend on the machine's speed; 22 minutes on 2 cores).

The profile is data, read by the strict profile loader (strategies/profiles.py). Strength and speed:
benchmarks/results/strategy_quality.md and README "Strategy quality".
"""

from __future__ import annotations

from strategies.heuristic import HeuristicPolicy

FAST_PROFILE = "fast"


class FastPolicy(HeuristicPolicy):
    """The heuristic with the tuned `fast` profile (no parameters)."""

    def __init__(self) -> None:
        super().__init__(FAST_PROFILE)

    @property
    def name(self) -> str:
        return "fast"
