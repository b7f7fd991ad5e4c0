#!/usr/bin/env bash
# Kernel benchmark of `numrs build` against Numba on this machine: the 15 kernels of the shared
# benchmark (../shared/bench, or $NUMRS_BENCH), all sizes, run alternately with each backend
# (numba, numrs, numba, numrs) with the dispatch probe in each run, then the compile CPU time of
# both and the import time of the built modules, then RESULTS.md from the JSON.
#
# Needs a virtual environment with numba (target/bench-venv, override with NUMRS_BENCH_VENV);
# the numrs runtime is built into it. Extra arguments go to run_numba.py (e.g. --quick).
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
cargo build --release --locked -p numrs_cli --manifest-path "$root/Cargo.toml" >&2
python=$(NUMRS_RUNTIME_VENV=$venv bash "$root/scripts/build-runtime.sh")
numrs=$root/target/release/numrs
# Cold builds every time (numrs's build cache off), as Numba's compiles with an empty cache.
export NUMRS_CACHE_DIR=
common=(--no-cpython --budget-s 2 --compile-repeats 1 "$@")
numba_runs=()
numrs_runs=()
for i in $(seq 1 "$pairs"); do
    "$python" "$bench/run_numba.py" --backend numba "${common[@]}" --out "$out/numba-$i.json" >&2
    numba_runs+=("$out/numba-$i.json")
    "$python" "$bench/run_numba.py" --backend numrs --numrs-bin "$numrs" "${common[@]}" --out "$out/numrs-$i.json" >&2
    numrs_runs+=("$out/numrs-$i.json")
done
"$python" "$root/bench/build/compile_cpu.py" --numrs "$numrs" --kernels-dir "$bench/kernels" --out "$out/compile.json"
"$python" "$root/bench/build/import_time.py" --numrs "$numrs" --kernels-dir "$bench/kernels" \
    --probe "$bench/dispatch_probe.py" --out "$out/imports.json"
"$python" "$root/bench/build/report.py" --numba "${numba_runs[@]}" --numrs "${numrs_runs[@]}" \
    --compile "$out/compile.json" --imports "$out/imports.json" --out "$root/bench/build/RESULTS.md"
