#!/usr/bin/env bash
# NVIDIA's libdevice (math functions for CUDA kernels, as Numba's CUDA target links them),
# from PyPI's nvidia-cuda-nvcc-cu12 wheel (the one Numba's CUDA target uses): prints the path
# of target/libdevice/libdevice.10.bc, extracting it once. Point NUMRS_LIBDEVICE at it.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=target/libdevice
BC=$OUT/libdevice.10.bc
if [ ! -s "$BC" ]; then
    mkdir -p "$OUT/wheel"
    python3 -m pip download -q --disable-pip-version-check --no-deps --only-binary=:all: \
        -d "$OUT/wheel" "nvidia-cuda-nvcc-cu12==12.9.86" >&2
    python3 - "$OUT/wheel" "$BC" <<'PY'
import glob, sys, zipfile
wheel = glob.glob(sys.argv[1] + "/nvidia_cuda_nvcc_cu12-*.whl")[0]
with zipfile.ZipFile(wheel) as z, open(sys.argv[2], "wb") as out:
    out.write(z.read("nvidia/cuda_nvcc/nvvm/libdevice/libdevice.10.bc"))
PY
    rm -rf "$OUT/wheel"
fi
echo "$PWD/$BC"
