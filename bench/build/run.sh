#!/usr/bin/env bash
# Kernel benchmark of `numrs build` against Numba on this machine: the 15 kernels of the shared
# benchmark (../shared/bench, or $NUMRS_BENCH), all sizes, in pairs of back-to-back Numba and
# numrs processes per kernel (and one pair for the dispatch probe), then the compile CPU time of
# both and the import time of the built modules, then RESULTS.md from the JSON.
#
# Runs in a virtual environment with numba (target/bench-venv, made with numba 0.68.1 when it
# lacks it; override with NUMRS_BENCH_VENV); the numrs runtime is built into it. Extra
# arguments go to run_numba.py (e.g. --quick).
# Usage: bench/build/run.sh [--pairs N] [run_numba.py args...]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
# Every process of the benchmark (both backends) runs on one CPU. On a 2-CPU machine the same
# build of a kernel ran up to 2x slower in some processes than in others (Numba and numrs
# alike: numrs pairwise 575 vs 1081-1170 us, Numba's 612 vs 969 us); pinned, 6 standalone
# runs out of 6 were fast, and a pinned benchmark run had one slow numrs process in 4, which
# the median over pairs absorbs. NUMRS_BENCH_CPU picks the CPU ("none": no pinning).
cpu=${NUMRS_BENCH_CPU:-$(( $(nproc) - 1 ))}
if [ "$cpu" != "none" ] && [ -z "${NUMRS_BENCH_PINNED:-}" ] && command -v taskset >/dev/null 2>&1; then
    export NUMRS_BENCH_PINNED=1
    exec taskset -c "$cpu" bash "$0" "$@"
fi
bench=${NUMRS_BENCH:-$root/../shared/bench}
venv=${NUMRS_BENCH_VENV:-$root/target/bench-venv}
pairs=4
if [ "${1:-}" = "--pairs" ]; then pairs=$2; shift 2; fi
out=$root/target/bench-build
mkdir -p "$out"
# The environment Numba runs in (and the runtime is installed into), made when missing.
if ! "$venv/bin/python" -c "import numba" >/dev/null 2>&1; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet "numba==0.68.1" >&2
fi
cargo build --release --locked -p numrs_cli --manifest-path "$root/Cargo.toml" >&2
python=$(NUMRS_RUNTIME_VENV=$venv bash "$root/scripts/build-runtime.sh")
numrs=$root/target/release/numrs
# Cold builds every time (numrs's build cache off), as Numba's compiles with an empty cache.
export NUMRS_CACHE_DIR=
common=(--no-cpython --budget-s 2 --compile-repeats 1 "$@")
# Pairs are interleaved per kernel: for each kernel, one Numba process and one numrs process
# back to back (their order swapped every other pair), so that the two runs of a pair share
# the same stretch of time. On this kind of shared machine whole minutes run slower (every
# compute-bound kernel ~1.2-1.8x, both backends alike); with one process per backend for all
# 15 kernels, a slow stretch fell on one backend's run and not on its partner's.
runs=$out/runs
rm -rf "$runs"
mkdir -p "$runs"
# NUMRS_BENCH_KERNELS="a b" limits the run to some kernels (then RESULTS.md covers only those).
kernels=${NUMRS_BENCH_KERNELS:-$(cd "$bench/kernels" && ls *.py | sed 's/\.py$//')}
run_one() { # backend pair kernel
    local extra=(--no-dispatch --kernels "$3")
    if [ "$3" = dispatch ]; then extra=(--kernels none); fi
    if [ "$1" = numrs ]; then extra+=(--numrs-bin "$numrs"); fi
    "$python" "$bench/run_numba.py" --backend "$1" "${common[@]}" "${extra[@]}" \
        --out "$runs/$1-$2-$3.json" >/dev/null
}
for i in $(seq 1 "$pairs"); do
    for k in dispatch $kernels; do
        if [ $((i % 2)) = 1 ]; then order="numba numrs"; else order="numrs numba"; fi
        for b in $order; do
            echo "[bench/build] pair $i/$pairs: $k ($b)" >&2
            run_one "$b" "$i" "$k"
        done
    done
done
"$python" "$root/bench/build/compile_cpu.py" --numrs "$numrs" --kernels-dir "$bench/kernels" --out "$out/compile.json"
"$python" "$root/bench/build/import_time.py" --numrs "$numrs" --kernels-dir "$bench/kernels" \
    --probe "$bench/dispatch_probe.py" --out "$out/imports.json"
"$python" "$root/bench/build/report.py" --runs "$runs" --pairs "$pairs" \
    --compile "$out/compile.json" --imports "$out/imports.json" --out "$root/bench/build/RESULTS.md"
