#!/usr/bin/env bash
# Create .venv (if needed) and install gwt-sim into it, compiling the Cython engine.
# Usage: bash scripts/setup.sh [extra]   (extra: "dev" for the test tools)
# Every package, the build's own (Cython, setuptools, numpy) included, is installed at the version in
# constraints.txt, the versions the suite and the shipped results were last verified with, so a fresh
# machine next year installs what passed today (a new ruff rule or a changed scipy solver would otherwise
# fail the suite or the byte-for-byte training check without a change here). GWT_SIM_UNPINNED=1 takes the
# newest releases pyproject.toml allows instead; scripts/refresh_constraints.sh records a new set.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
. .venv/bin/activate
pins=()
if [ -z "${GWT_SIM_UNPINNED:-}" ]; then
  pins=(--constraint constraints.txt)
fi
# pip first: the machine's own pip may predate --build-constraint
python -m pip install --quiet --upgrade pip "${pins[@]}"
if [ -z "${GWT_SIM_UNPINNED:-}" ]; then
  pins+=(--build-constraint constraints.txt)
fi
if [ "${1:-}" = "dev" ]; then
  python -m pip install --quiet "${pins[@]}" -e ".[dev]"
else
  python -m pip install --quiet "${pins[@]}" -e .
fi
