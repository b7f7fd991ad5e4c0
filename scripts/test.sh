#!/usr/bin/env bash
# Run every numrs test: the Rust test suites, then the Numba-oracle corpus comparison.
# Each step prints its wall time, so that a slow run shows where its time went.
set -euo pipefail
cd "$(dirname "$0")/.."
T0=$SECONDS
step() {
    local t=$SECONDS
    "$@"
    echo "[test.sh] ${*:1:3}: $(( SECONDS - t )) s (total $(( SECONDS - T0 )) s)" >&2
}
# Everything here builds with the `ci` profile (Cargo.toml says why); the scripts and test
# programs below find the binary and the runtime's build through NUMRS_PROFILE.
export NUMRS_PROFILE=ci
# `numrs build` caches compiled modules by content: the tests compile into a cache of their own
# in target/, not the user's (~/.cache/numrs), so that they exercise the code generator.
export NUMRS_CACHE_DIR="$PWD/target/build-cache"
step bash scripts/setup.sh
# Work that needs no numrs build starts now, beside the Rust builds (the two CPUs are rarely
# both busy towards the end of a cargo build): the runtime's venv and Python extension, in a
# target directory of its own so that cargo's lock on target/ does not make it wait, and the
# VS Code test's tools (code-server from npm, Chromium from apt). Each is joined before the
# first step that needs it; its log is shown if it failed.
export NUMRS_RUNTIME_TARGET_DIR="$PWD/target/runtime-build"
mkdir -p target
declare -A BACKGROUND
background() {
    local name=$1
    shift
    "$@" > "target/background-$name.out" 2> "target/background-$name.log" &
    BACKGROUND[$name]=$!
}
join() {  # NAME [retried]: a job whose step runs it again itself only logs its failure
    local t=$SECONDS
    if ! wait "${BACKGROUND[$1]}"; then
        cat "target/background-$1.log" >&2
        echo "test.sh: $1 (started in the background) failed" >&2
        [ "${2:-}" = retried ] || exit 1
    fi
    echo "[test.sh] waited $(( SECONDS - t )) s for $1 (total $(( SECONDS - T0 )) s)" >&2
}
# The runtime's own Rust unit tests run in its target directory, after maturin's build: pyo3
# and its proc-macros stay out of `cargo test --workspace`, where their syn features would
# change the host build of every proc-macro crate and so rebuild salsa and everything on it.
runtime_job() {
    bash scripts/build-runtime.sh || return 1
    CARGO_TARGET_DIR="$NUMRS_RUNTIME_TARGET_DIR" cargo test --profile ci --locked -p numrs_runtime \
        > target/runtime-unit-tests.log 2>&1 || { cat target/runtime-unit-tests.log >&2; return 1; }
}
background runtime runtime_job
background libdevice bash scripts/fetch-libdevice.sh
background vscode-tools env XDG_CONFIG_HOME="$PWD/target/vscode-e2e/.xdg-config" \
    bash tests/e2e/tools/install-code-server.sh "$PWD/target/vscode-e2e"
# CI shows the head of this script's output, so cargo is quiet and each step's time is early in
# it; `--timings` writes each crate's compile time to target/cargo-timings/.
step cargo build --profile ci --locked --quiet --timings -p numrs_cli
cargo_tests() {
    if ! cargo test --profile ci --locked --timings --workspace --exclude numrs_runtime > target/cargo-test.log 2>&1; then
        grep -E "^test .* FAILED|panicked|^error" target/cargo-test.log | head -40 >&2
        tail -150 target/cargo-test.log >&2
        return 1
    fi
    echo "cargo test: $(grep -c '^test result: ok' target/cargo-test.log) suites," \
        "$(grep -o '[0-9]* passed' target/cargo-test.log | awk '{s+=$1} END {print s}') tests passed"
}
step cargo_tests
# The tests' build must leave the binary's build as it was: the two resolve the same features
# (see numrs_cli's Cargo.toml); a difference would compile the heaviest crates twice per run.
if cargo build --profile ci --locked -p numrs_cli 2>&1 | grep "Compiling"; then
    echo "test.sh: \`cargo test --workspace\` changed what \`cargo build -p numrs_cli\` builds" >&2
    echo "test.sh: (a dev-dependency turns on a feature the binary's dependencies lack)" >&2
    exit 1
fi
step python3 scripts/corpus_check.py
# The Python extension built modules load (maturin), installed into a venv with NumPy: the
# background job built it and printed the venv's python.
join runtime
PY=$(cat target/background-runtime.out)
echo "numrs_runtime unit tests: $(grep -o '[0-9]* passed' target/runtime-unit-tests.log | awk '{s+=$1} END {print s}') passed" >&2
export NUMRS_RUNTIME_PYTHON=$PY
echo "[test.sh] runtime venv: $PY (total $(( SECONDS - T0 )) s)" >&2
# The runtime that built modules import: dispatcher, boxing, memory (hand-made C module).
step bash tests/runtime/run.sh
# Native build: every recorded call of the corpora through `import` of the built modules
# (the runtime's dispatcher picks the specialization), against Numba's answers; ratchets.
# Both main corpora were recorded without SciPy; tests/corpus_scipy (linear algebra) with it.
step "$PY" tests/build/through_import.py --no-scipy --min-agree 244
step "$PY" tests/build/through_import.py --no-scipy --corpus tests/corpus --min-agree 6865
step "$PY" tests/build/through_import.py --corpus tests/corpus_scipy --min-agree 435
# Corpus cases built for argument types drawn from a pool, then called with such values: the
# build never panics, the built code never crashes.
step "$PY" tests/build/random_signatures.py --files 100
# Strings in built modules: values against CPython, exceptions, print, no leaked memory.
step "$PY" tests/build/strings.py
# Calls into another file's jit functions, compiled into the caller's module, against CPython.
step "$PY" tests/build/cross_module.py
step "$PY" tests/build/nogil.py
# Specializations recorded for literal arguments (`numba.literally`) run for those values.
step "$PY" tests/build/literal_dispatch.py
# @cfunc C callbacks: `.ctypes`/`.address` (with SciPy's LowLevelCallable), carray, pointers.
step "$PY" tests/build/cfunc_callbacks.py
# Keyword arguments and defaults from Python, keyword-only parameters included, against the
# answers Numba gave (tests/build/keyword_calls.expected.json).
step "$PY" tests/build/keyword_calls.py
# Exceptions' arguments (KeyError(key), several raise arguments) against Numba's
# (tests/build/exception_args.expected.json).
step "$PY" tests/build/exception_args.py
# Generators: from Python and from compiled code, against CPython; no leaked state.
step "$PY" tests/build/generators.py
# numba.typed.List / Dict: against CPython with plain lists and dicts, TypedList objects, no leaks.
step "$PY" tests/build/typed_containers.py
# parallel=True: array expressions and prange loops on the runtime's threads, against NumPy.
step "$PY" tests/build/parallel.py
# Parfor semantics (size assertions, NumPy loops for complex division and in-place operators), against answers recorded from Numba.
step "$PY" tests/build/parfor_semantics.py
# with objmode(...) blocks run by the interpreter, against answers recorded from Numba; no leaks.
step "$PY" tests/build/objmode.py
# @jitclass instances in compiled code, against answers recorded from Numba; no leaks.
step "$PY" tests/build/jitclass.py
step "$PY" tests/build/jitclass_python.py
step "$PY" tests/build/jitclass_modules.py
step "$PY" tests/build/jitclass_robust.py
# Module-level values of NumPy's transcendental functions, computed when a built module is imported.
step "$PY" tests/build/imported_values.py
# CUDA kernels: the corpus's kernels to PTX through the CLI; run on the GPU where there is one
# (the harness exits 2 without an NVIDIA driver).
join libdevice
export NUMRS_LIBDEVICE
NUMRS_LIBDEVICE=$(cat target/background-libdevice.out)
step bash scripts/build-ptx-cases.sh target/ptx-cases
for t in "python3 tests/ptx/run_kernels.py" "$PY tests/ptx/launch.py" "$PY tests/ptx/device_arrays.py" "$PY tests/ptx/warp.py"; do
    gpu_rc=0
    $t target/ptx-cases || gpu_rc=$?
    case $gpu_rc in
        0) echo "ptx: $t: kernels ran on the GPU and agree" ;;
        2) echo "ptx: $t: built and checked without a GPU (none here to run them on)" ;;
        *) echo "test.sh: $t failed" >&2; exit 1 ;;
    esac
done
# Editor end to end: neovim (headless) and a real VS Code (code-server + headless Chromium).
# (The tools' apt installs and neovim's must not run at once: dpkg has one lock.)
join vscode-tools retried  # test-vscode.sh installs what is missing
step bash scripts/test-neovim.sh
# The VS Code run drives a browser; one retry absorbs a slow first start.
vscode() { bash scripts/test-vscode.sh || { echo "test-vscode: retrying once"; bash scripts/test-vscode.sh; }; }
step vscode
echo "e2e: 2 passed, 0 failed"
echo "[test.sh] all tests passed in $(( SECONDS - T0 )) s"
