#!/usr/bin/env bash
# Development rebuild of the compiled modules, replacing each .so atomically (build elsewhere, then
# rename), so test processes already running keep their loaded copy. GWT_SIM_DEBUG=1 for bounds checks.
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(mktemp -d)
python setup.py -q build_ext --build-lib "$out" --build-temp "$out/tmp" >/dev/null
for so in $(cd "$out" && find gwt_sim strategies -name '*.so' 2>/dev/null); do
  cp "$out/$so" "$so.new" && mv -f "$so.new" "$so"
done
rm -rf "$out"
