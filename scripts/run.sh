#!/usr/bin/env bash
# Set up from a fresh clone and run the main job.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
. .venv/bin/activate
gwt-sim content check
