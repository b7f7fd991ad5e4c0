#!/usr/bin/env bash
# Build the PTX of the CUDA corpus cases that tests/ptx/run_kernels.py runs on a GPU:
# `numrs build` of the shared corpus's 0187 (kernels over 1-d and 2-d grids), 0188 (a kernel
# calling a device function) and 0190 (shared memory, a barrier, an atomic), and
# tests/ptx/math_kernels.py (math functions through libdevice), tests/ptx/more_kernels.py,
# tests/ptx/device_kernels.py and tests/ptx/warp_kernels.py, into DIR
# (default target/ptx-cases). Run the kernels with: python3 tests/ptx/run_kernels.py DIR
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${1:-target/ptx-cases}
BIN="target/${NUMRS_PROFILE:-release}/numrs"
CASES="${NUMRS_SHARED:-../shared}/corpus/cases"
mkdir -p "$OUT/src"
for c in 0187_cuda_kernel 0188_cuda_device_fn 0190_cuda_shared_atomic; do
    cp "$CASES/$c.py" "$OUT/src/k${c:0:4}.py"
    if ! "$BIN" build "$OUT/src/k${c:0:4}.py" -o "$OUT" > "$OUT/build-k${c:0:4}.log" 2>&1; then
        cat "$OUT/build-k${c:0:4}.log" >&2
        exit 1
    fi
done
# Math functions in kernels link NVIDIA's libdevice (fetched from PyPI once).
cp tests/ptx/math_kernels.py "$OUT/src/math_kernels.py"
cp tests/ptx/more_kernels.py "$OUT/src/more_kernels.py"
cp tests/ptx/device_kernels.py "$OUT/src/device_kernels.py"
"$BIN" build "$OUT/src/device_kernels.py" -o "$OUT" > "$OUT/build-device.log" 2>&1 || { cat "$OUT/build-device.log" >&2; exit 1; }
"$BIN" build "$OUT/src/more_kernels.py" -o "$OUT" > "$OUT/build-more.log" 2>&1 || { cat "$OUT/build-more.log" >&2; exit 1; }
NUMRS_LIBDEVICE=${NUMRS_LIBDEVICE:-$(bash scripts/fetch-libdevice.sh)} \
    "$BIN" build "$OUT/src/math_kernels.py" -o "$OUT" > "$OUT/build-math.log" 2>&1 || { cat "$OUT/build-math.log" >&2; exit 1; }
# Warp intrinsics, bit operations, atomics (cbrt through libdevice): tests/ptx/warp.py.
cp tests/ptx/warp_kernels.py "$OUT/src/warp_kernels.py"
NUMRS_LIBDEVICE=${NUMRS_LIBDEVICE:-$(bash scripts/fetch-libdevice.sh)} \
    "$BIN" build "$OUT/src/warp_kernels.py" -o "$OUT" > "$OUT/build-warp.log" 2>&1 || { cat "$OUT/build-warp.log" >&2; exit 1; }
# libdevice is linked in: every math function resolved, nothing left for the driver to find.
if grep -q "\.extern" "$OUT/math_kernels.ptx" || ! grep -q ".entry transcendental32__0" "$OUT/math_kernels.ptx"; then
    echo "build-ptx-cases: math_kernels.ptx is not self-contained" >&2
    exit 1
fi
grep -h "\.ptx" "$OUT"/build-*.log
