#!/usr/bin/env bash
# Create .venv (if needed) and install gwt-sim into it, compiling the Cython engine.
# Usage: bash scripts/setup.sh [extra]   (extra: "dev" for the test tools)
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
. .venv/bin/activate
python -m pip install --quiet --upgrade pip
if [ "${1:-}" = "dev" ]; then
  python -m pip install --quiet -e ".[dev]"
else
  python -m pip install --quiet -e .
fi
