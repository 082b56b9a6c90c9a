#!/usr/bin/env bash
# Record a new constraints.txt: install the newest releases pyproject.toml allows (the dev tools and the
# Dask extra included) into a throw-away venv and write their versions, with the build's own packages.
# Then rebuild .venv from it (rm -rf .venv && bash scripts/test.sh) and commit the file only if the suite
# passes; results files measured with the old versions keep the dates they were measured on.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$PY" -m venv "$tmp/venv"
"$tmp/venv/bin/python" -m pip install --quiet --upgrade pip
# the build's own packages too (pyproject.toml [build-system]), at the newest release the build would take
"$tmp/venv/bin/python" -m pip install --quiet --upgrade -e ".[dev,dask]" "cython>=3.0" "setuptools>=77" wheel
{
  echo "# The versions gwt-sim was last verified with: scripts/setup.sh installs exactly these (runtime,"
  echo "# test tools and the build's own packages); GWT_SIM_UNPINNED=1 takes the newest releases instead."
  echo "# Written by scripts/refresh_constraints.sh with $("$tmp/venv/bin/python" --version) on $(date -u +%Y-%m-%d)."
  "$tmp/venv/bin/python" -m pip freeze --all --exclude-editable | sort -f
} > constraints.txt
echo "wrote constraints.txt ($(grep -c '==' constraints.txt) pins)"
