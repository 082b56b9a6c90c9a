#!/usr/bin/env bash
# Train the `fast` profile (strategies/profiles/fast.toml) from the balanced archetype, reproducibly:
#
#     bash benchmarks/train_fast.sh [--last-stage] [OUT [STAGE5_OUT]]
#
# (default OUT: strategies/profiles/fast.toml; STAGE5_OUT: benchmarks/profiles/training/fast_stage_5.toml,
# or OUT's name with _stage_5 when OUT is given, so a trial run leaves the shipped files alone)
# --last-stage runs stage 6 alone, from the stage-5 file as it is (seconds; tests/test_trained_files.py).
#
# Stage 1: every weight of `balanced` tuned head to head against the planner (12 sweeps of
# benchmarks/tune_profile.py's coordinate search, each candidate judged on 600 fixed-seed 2-player
# games). Stage 2: from there, new buildings go to the start of the trail (space_early 3), the
# hand-limit plan is restored (disc_hand 10, plan_bonus 8), and every weight is tuned again against
# the planner in the experienced setup for 8 sweeps, a candidate kept only while the tuned seat still
# raises its hand limit to 5 in >= 35% of its games. Stage 3: the tempo is eased (turn_cost 3.645 ->
# 3.3) so 4-player self-play winners score >= 70 VP (65.9 -> 72.3 VP on 2,000 games) at a small cost
# against the planner (2 players: 57.4% -> 56.5% on 1,600 games; both: benchmarks/head_to_head.py).
# Stage 4: the builder plan is added so that every private building 1-12 gets built (builder 3,
# target_builders 4, a bonus of 2 for buildings 6-12, building_vp 1.5; the stage-3 profile left
# numbers 6-11 at <= 0.1% of 4-player self-play player-games); those weights are held while every
# other weight is tuned against the planner for 3 sweeps, winning back the strength the plan cost.
# Stage 5: engine_step goes back to its stage-3 value 0.6 (stage 4 lowered it to 0.444, which sped
# the 4-player game up: self-play winners 68 VP) and is held too, for 2 more sweeps on 1,000 games
# per candidate. Stage 6 (2026-11-29): space_early 3 -> 3.5, set without tuning: at 3 `fast`'s
# self-play seat 1 won a race for the early spaces (3 players: 67.9% of the games, par 33.3%; at 3.5
# 39.6%), which cost 2.6 points of its 2-player games against the planner (60.5% -> 57.9%) and kept
# every bar of issue 12 (benchmarks/results/head_to_head.md, "fast's seat-1 habit is the same race").
# Every tuning stage stops after a fixed number of sweeps, and the games do not depend on --jobs, so
# the result does not depend on the machine (about 50 minutes on 2 cores).
#
# The shipped weights were made by this script on 2026-11-29 (48.6 minutes on 2 cores; run a second time
# that day, it made both files again byte for byte), after two rule
# fixes of that day (engineer-row space 4 hires $2 below the row's cost, not $1; a $5 hand-limit disc
# is offered at a delivery only if it leaves the transport cost). The weights trained on the rules before
# the fixes are kept as benchmarks/profiles/earlier/fast_to_2026-11-29b.toml (and, before stage 6, as
# fast_to_2026-11-29.toml, which the expert's training keeps). Stage 5's profile is kept too
# (STAGE5_OUT, default benchmarks/profiles/training/fast_stage_5.toml), so tests/test_trained_files.py can rerun
# stage 6 from it in a second.
#
# The tuned seat plays the heuristic as it was when these weights were trained (backward_loop=false,
# plan_forced=false); `fast` plays them with the heuristic's defaults since 2026-11-28 (both on: a
# forced first step is planned). Trained again with the new defaults, the same stages ended on a
# slower profile (turn_cost 1.81) that won only 53.6% of 2-player games against the planner and
# 40.8% / 9.4% (2 / 4 players) against these weights played the old way, while these weights with the
# new defaults win 60.5% against the planner (2,000 games each; benchmarks/results/head_to_head.md).
old_heuristic=backward_loop=false:plan_forced=false
set -euo pipefail
cd "$(dirname "$0")/.."
last_stage_only=0
if [ "${1:-}" = --last-stage ]; then last_stage_only=1; shift; fi
out=${1:-strategies/profiles/fast.toml}
if [ $# -ge 2 ]; then stage5=$2
elif [ $# -ge 1 ]; then stage5=${out%.toml}_stage_5.toml
else stage5=benchmarks/profiles/training/fast_stage_5.toml
fi
last_stage() {
    python benchmarks/tune_profile.py --minutes 0 --start "$stage5" --set space_early=3.5 --out "$out"
    sed -i 's/^# tuned by .*/# trained by benchmarks\/train_fast.sh/' "$out"
}
if [ "$last_stage_only" = 1 ]; then last_stage; exit 0; fi
stage1=$(mktemp --suffix=.toml)
stage2=$(mktemp --suffix=.toml)
stage3=$(mktemp --suffix=.toml)
stage4=$(mktemp --suffix=.toml)
trap 'rm -f "$stage1" "$stage2" "$stage3" "$stage4"' EXIT
python benchmarks/tune_profile.py --heuristic-options "$old_heuristic" --players 2 --games 600 --opponent planner --jobs 2 --sweeps 12 \
    --minutes 600 --start balanced --fixed space_early --name fast \
    --description "the balanced archetype's plans with its weights tuned head to head against the planner (benchmarks/tune_profile.py --opponent planner)" \
    --out "$stage1"
python benchmarks/tune_profile.py --heuristic-options "$old_heuristic" --players 2 --games 600 --opponent planner --jobs 2 --sweeps 8 \
    --minutes 600 --start "$stage1" --set space_early=3,disc_hand=10,plan_bonus=8 \
    --require "hand_limit_5>=0.35" --setup experienced --name fast \
    --description "the balanced archetype's plans, tuned head to head against the planner" \
    --out "$stage2"
python benchmarks/tune_profile.py --minutes 0 --start "$stage2" --set turn_cost=3.3 --out "$stage3"
builder_plan=builder,target_builders,big_building_from,big_building_bonus,building_vp
python benchmarks/tune_profile.py --heuristic-options "$old_heuristic" --players 2 --games 600 --opponent planner --jobs 2 --sweeps 3 \
    --minutes 600 --start "$stage3" \
    --set builder=3,target_builders=4,big_building_from=6,big_building_bonus=2,building_vp=1.5 \
    --fixed "$builder_plan,space_early" --require "hand_limit_5>=0.35" --setup experienced --name fast \
    --out "$stage4"
python benchmarks/tune_profile.py --heuristic-options "$old_heuristic" --players 2 --games 1000 --opponent planner --jobs 2 --sweeps 2 \
    --minutes 600 --start "$stage4" --set engine_step=0.6 \
    --fixed "$builder_plan,space_early,engine_step" --require "hand_limit_5>=0.35" --setup experienced --name fast \
    --description "the balanced archetype's plans and a builder plan, tuned head to head against the planner" \
    --out "$stage5"
sed -i 's/^# tuned by .*/# stage 5 of benchmarks\/train_fast.sh/' "$stage5"
last_stage
