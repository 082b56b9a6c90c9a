#!/usr/bin/env bash
# Set up from a fresh clone and run the main job. Until the Monte Carlo runner exists (see the
# issues), the main job validates the content and plays one sample game.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
. .venv/bin/activate
gwt-sim content check
gwt-sim play --players 4 --seed 1 --sides random --quiet
