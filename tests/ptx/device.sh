#!/usr/bin/env bash
# On a machine with an NVIDIA GPU (and no network): run the PTX of the corpus's CUDA cases
# through the driver API, then launch the same kernels through the built Python modules, then
# device arrays, streams and dynamic shared memory (tests/ptx/device_arrays.py), and the warp
# intrinsics, bit operations and atomics (tests/ptx/warp.py).
# DIR (target/ptx-cases) comes from scripts/build-ptx-cases.sh; KIT (target/gpu-kit) holds the
# wheels of NumPy and numrs_runtime for the machine's Python, unpacked here into KIT/site.
set -euo pipefail
cd "$(dirname "$0")/../.."
DIR=${1:-target/ptx-cases}
KIT=${2:-target/gpu-kit}
python3 tests/ptx/run_kernels.py "$DIR"
mkdir -p "$KIT/site"
for w in "$KIT"/*.whl; do python3 -m zipfile -e "$w" "$KIT/site"; done
PYTHONPATH="$KIT/site" python3 tests/ptx/launch.py "$DIR"
PYTHONPATH="$KIT/site" python3 tests/ptx/device_arrays.py "$DIR"
PYTHONPATH="$KIT/site" python3 tests/ptx/warp.py "$DIR"
