"""`fast`: the strongest play at heuristic speed.

The compiled heuristic with the profile `strategies/profiles/fast.toml`: the balanced archetype's
plans (the loop to Kansas City planned stop by stop, a raised hand limit, objective pursuit), new
buildings placed at the start of the trail (`space_early`), a builder plan (builders hired toward 4,
a bonus for buildings 6-12, so every building number gets built), every weight tuned head to head
against the planner, reproducible by one command:

    bash benchmarks/train_fast.sh

(stage 1: 12 sweeps of benchmarks/tune_profile.py's coordinate search from `balanced`, each candidate
judged on 600 fixed-seed 2-player games against the planner; stage 2: `space_early` 3 and the hand-limit
plan set, then 8 more sweeps in the experienced setup keeping the hand limit raised in >= 35% of the
tuned seat's games; stage 3: `turn_cost` 3.3, the tempo at which 4-player self-play winners score
>= 70 VP; stage 4: the builder plan set and held while the other weights are tuned for 3 more
sweeps; stage 5: `engine_step` back to 0.6 and held too, 2 more sweeps on 1,000 games per
candidate; stage 6 (2026-11-29): `space_early` 3.5, so that seat 1 no longer wins most 3-player
self-play games by racing for the early spaces. The sweeps are fixed, so the result does not depend on the machine's speed; about 50
minutes on 2 cores; the shipped weights were made by it on 2026-11-29, after that day's rule fixes).
The tuned seat plays the heuristic as it was before 2026-11-28 (`backward_loop=false:plan_forced=false`,
the options the stages were designed with); `fast` plays the weights with the heuristic's defaults
(a forced first step planned), which won more against the planner with the weights of that time
(60.5% of 2-player games instead of 57.1%); tuned with those defaults, the script's stages ended on a
weaker profile (benchmarks/train_fast.sh says more).

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
