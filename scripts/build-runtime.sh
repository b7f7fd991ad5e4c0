#!/usr/bin/env bash
# Build the numrs runtime (the Python extension `numrs_runtime`, crates/numrs_runtime) with
# maturin and install it into a virtual environment with NumPy (and SciPy, whose BLAS and
# LAPACK built modules call for `np.dot` and `np.linalg`, as Numba does), created or reused under
# target/ (override with NUMRS_RUNTIME_VENV), with the cargo profile NUMRS_PROFILE (release by
# default), in cargo's target directory NUMRS_RUNTIME_TARGET_DIR (target/ by default). Prints
# the environment's python on success.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
venv=${NUMRS_RUNTIME_VENV:-$root/target/runtime-venv}
python=${PYTHON:-python3}
if [ ! -x "$venv/bin/python" ]; then
    "$python" -m venv "$venv" >&2
fi
if ! "$venv/bin/python" -c "import numpy, scipy" 2>/dev/null || [ ! -x "$venv/bin/maturin" ]; then
    "$venv/bin/python" -m pip install -q --disable-pip-version-check "maturin>=1.5,<2" numpy scipy >&2
fi
cd "$root/crates/numrs_runtime"
CARGO_TARGET_DIR="${NUMRS_RUNTIME_TARGET_DIR:-$root/target}" VIRTUAL_ENV="$venv" PATH="$venv/bin:$PATH" \
    "$venv/bin/maturin" develop --profile "${NUMRS_PROFILE:-release}" --quiet >&2
echo "$venv/bin/python"
