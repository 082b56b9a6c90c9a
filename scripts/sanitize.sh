#!/usr/bin/env bash
# The engine under GCC's UndefinedBehaviorSanitizer: a copy of the committed tree built with
# GWT_SIM_SANITIZE=1 (setup.py: every index into a C array of known size checked, the last array of a
# struct included, and signed overflow), then games and tests played with its runtime preloaded.
# Prints every report in the project's code and exits 1 if there is one.
#
#   bash scripts/sanitize.sh                      # engine and rules tests, 20,000 random games per player
#                                                 # count (about 9 minutes on 2 cores, the build included)
#   GAMES=0 bash scripts/sanitize.sh tests/       # the whole suite (about 50 minutes on 2 cores), no extra games
#   WORK=/tmp/gwt-ubsan bash scripts/sanitize.sh  # keep the copy (and its venv) in WORK for the next run
#
# Reports inside CPython's own headers and for its one-element item arrays (`PyObject *[1]`, the
# flexible-array idiom of tuples and lists, which bounds-strict flags by design) are not the
# project's and are left out.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="${WORK:-$(mktemp -d)}"
games="${GAMES:-20000}"
tests=("$@")
if [ ${#tests[@]} -eq 0 ]; then
  tests=(tests/test_random_sim.py tests/test_engine_misuse.py tests/test_golden.py tests/test_rules_1e.py
         tests/test_rules_kc.py tests/test_rules_turn.py tests/test_rules_verbs.py tests/test_solo_games.py
         tests/test_solo_sam.py tests/test_strategy_contract.py)
fi
if [ ! -d "$work/tree/.git" ]; then
  git clone -q "$root" "$work/tree"
else
  git -C "$work/tree" pull -q --ff-only
fi
cd "$work/tree"
# pip's build of the extensions reads GWT_SIM_SANITIZE
if ! GWT_SIM_SANITIZE=1 bash scripts/setup.sh dev >"$work/setup.log" 2>&1; then
  tail -20 "$work/setup.log" >&2
  echo "error: the sanitizer build failed (log: $work/setup.log)" >&2
  exit 2
fi
. .venv/bin/activate
if ! nm -D gwt_sim/engine/verbs*.so | grep -q __ubsan_handle_out_of_bounds; then
  echo "error: the build has no sanitizer checks (is this GCC?)" >&2
  exit 2
fi
logs="$work/logs"
rm -rf "$logs" && mkdir -p "$logs"
export LD_PRELOAD="$(gcc -print-file-name=libubsan.so)"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=0:log_path=$logs/ubsan"
if [ "$games" -gt 0 ]; then
  for players in 2 3 4; do
    python benchmarks/bench_one.py random "$players" "$games"
  done
fi
python -m pytest -q -p no:cacheprovider "${tests[@]}"
# the project's reports: not in CPython's headers, not its one-element item arrays
found=$(cat "$logs"/ubsan.* 2>/dev/null | grep "runtime error" | grep -v "/include/python" \
        | grep -v "PyObject \*\[1\]" | sort | uniq -c | sort -rn || true)
if [ -n "$found" ]; then
  echo "UBSan reports in the project's code (logs in $logs):"
  echo "$found"
  exit 1
fi
echo "no UBSan report in the project's code (logs in $logs)"
