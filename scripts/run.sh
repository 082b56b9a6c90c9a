#!/usr/bin/env bash
# Set up from a fresh clone and run the main job: validate the content, simulate the quickstart
# experiment into runs/quickstart (running it again resumes or finds it complete; --overwrite replaces
# a dataset that an older version of the experiment file or of the code wrote there), then write its
# balance report to runs/quickstart/report.html.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
. .venv/bin/activate
gwt-sim content check
gwt-sim simulate experiments/quickstart.toml --out runs/quickstart --overwrite
gwt-sim report runs/quickstart --out runs/quickstart/report.html
