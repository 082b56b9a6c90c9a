#!/usr/bin/env bash
# Make the expert's parameter files, reproducibly: its value model (strategies/values/fast_league.toml)
# and its heuristic's profile (strategies/profiles/expert_base.toml):
#
#     bash benchmarks/train_expert.sh [OUT [PROFILE_OUT]]
#
# The expert (strategies/expert.pyx) plays each tried walk out with the heuristic (`fast`) for a few
# turns and values the position it reaches with this model: what a player's position will still
# bring, a linear function of its features fading with the game left (strategies/values.py). It is
# fitted by least squares (benchmarks/fit_value.py, no policy-iteration rounds) to the positions at
# the start of every turn of 4,000 fixed-seed games per player count (2, 3, 4; the experienced setup)
# played by a league: `fast` in 4 of every 9 seats, the five archetypes (cattle, builder, engineer,
# objectives, balanced) in the others, so the fit also sees the plans `fast` plays less (a big hand,
# builders, the railroad, objectives) played through. The games do not depend on --jobs and the fit
# is deterministic (the bounded least squares solved exactly by BVLS, coefficients below 1e-9 written
# as 0): the file is reproduced byte for byte, with 1 or 2 BLAS threads (about 15 seconds on 2 cores). The expert's
# search settings (samples, horizon, prior) are its parameters' defaults, chosen as its docstring says.
#
# The profile is `fast`'s with two weights changed: turn_cost 3.3 -> 3.0, a slower tempo. With the
# turn finishers the expert raced (4-player self-play winners 72.3 VP in 300 games, 32 turns per
# player); at 3.0 they score 75.8, at 2.5 79.2, and as one seat among three planners it wins 58.2%
# at 3.0 against 61.3% at 3.3 and 53.5% at 2.5 (1,000 games each), at 2 players 78.8% against 78.1%
# (2,000 games; benchmarks/head_to_head.py): 3.0 keeps almost all of the strength. And fee_income
# 6.75 -> 5 (2026-11-29): with fast's fee income seat 1 built first on the early spaces and won far
# above par (3-player self-play: 36.2 points above par; with 5: 16.3) at no measurable cost in
# strength (strategies/expert.pyx, benchmarks/results/head_to_head.md). And space_early 3 -> 4.5 (the
# same day, later): with fee income lower the seat habit left was a race for the early spaces, won by
# seat 1 (3-player self-play: 16.2 points above par); at 4.5 every seat is within 4 points of par at 2,
# 3 and 4 players, and it wins 38.6% as one seat among two experts at 3 (par 33.3%).
#
# `fast` here is `fast` as it was until 2026-11-29 (benchmarks/profiles/earlier/fast_to_2026-11-29.toml,
# space_early 3), so that `fast`'s later changes leave the expert as it is: its value model's league
# and the weights its profile starts from.
set -euo pipefail
cd "$(dirname "$0")/.."
fast=benchmarks/profiles/earlier/fast_to_2026-11-29.toml
out=${1:-strategies/values/fast_league.toml}
profile_out=${2:-strategies/profiles/expert_base.toml}
python benchmarks/fit_value.py --players 2,3,4 --games 4000 --rounds 0 --jobs 2 \
  --strategy heuristic:profile=$fast --strategy heuristic:profile=$fast \
  --strategy heuristic:profile=$fast --strategy heuristic:profile=$fast \
  --strategy heuristic:profile=cattle --strategy heuristic:profile=builder \
  --strategy heuristic:profile=engineer --strategy heuristic:profile=objectives \
  --strategy heuristic:profile=balanced \
  --name fast_league --out "$out"
python benchmarks/tune_profile.py --minutes 0 --start "$fast" --set turn_cost=3.0,fee_income=5,space_early=4.5 --name expert_base \
  --description "the profile the expert plays its turns and play-outs with: fast's at a slower tempo (turn_cost 3.0) with less weight on fee income (fee_income 5) and more on the early spaces (space_early 4.5)" \
  --out "$profile_out"
sed -i 's/^# tuned by .*/# made by benchmarks\/train_expert.sh/' "$profile_out"
