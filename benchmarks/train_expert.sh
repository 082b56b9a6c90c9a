#!/usr/bin/env bash
# Train the expert's value model (strategies/values/fast_league.toml), reproducibly:
#
#     bash benchmarks/train_expert.sh [OUT]      (default OUT: strategies/values/fast_league.toml)
#
# The expert (strategies/expert.pyx) plays each tried walk out with the heuristic (`fast`) for a few
# turns and values the position it reaches with this model: what a player's position will still
# bring, a linear function of its features fading with the game left (strategies/values.py). It is
# fitted by least squares (benchmarks/fit_value.py, no policy-iteration rounds) to the positions at
# the start of every turn of 4,000 fixed-seed games per player count (2, 3, 4; the experienced setup)
# played by a league: `fast` in 4 of every 9 seats, the five archetypes (cattle, builder, engineer,
# objectives, balanced) in the others, so the fit also sees the plans `fast` plays less (a big hand,
# builders, the railroad, objectives) played through. The games do not depend on --jobs and the fit
# is deterministic: the file is reproduced byte for byte (about 15 seconds on 2 cores). The expert's
# search settings (samples, horizon, prior) are its parameters' defaults, chosen as its docstring says.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-strategies/values/fast_league.toml}
python benchmarks/fit_value.py --players 2,3,4 --games 4000 --rounds 0 --jobs 2 \
  --strategy fast --strategy fast --strategy fast --strategy fast \
  --strategy heuristic:profile=cattle --strategy heuristic:profile=builder \
  --strategy heuristic:profile=engineer --strategy heuristic:profile=objectives \
  --strategy heuristic:profile=balanced \
  --name fast_league --out "$out"
