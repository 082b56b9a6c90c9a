#!/usr/bin/env bash
# Set up from a fresh clone and run the linter and the test suite (long statistical runs are marked
# `slow` and skipped by default; run them with: .venv/bin/python -m pytest -m slow).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh dev
. .venv/bin/activate
ruff check .
python -m pytest "$@"
