#!/usr/bin/env bash
# Build the runtime into its venv (unless NUMRS_RUNTIME_PYTHON names that venv's python, already
# built), compile the hand-made test module, run the runtime tests.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
py=${NUMRS_RUNTIME_PYTHON:-$("$root/scripts/build-runtime.sh")}
build="$root/target/runtime-tests"
mkdir -p "$build"
inc=$("$py" -c "import sysconfig; print(sysconfig.get_paths()['include'])")
cc -shared -fPIC -O2 -Wall -Wno-unused-parameter -DPy_LIMITED_API=0x030A0000 \
    -DMODULE_NAME=numrs_testmod '-DMODULE_NAME_STR="numrs_testmod"' -I"$inc" \
    "$root/tests/runtime/testmod.c" -o "$build/numrs_testmod.abi3.so"
cc -shared -fPIC -O2 -Wall -Wno-unused-parameter -Wno-unused-const-variable -DPy_LIMITED_API=0x030A0000 -DV1_TABLE \
    -DMODULE_NAME=numrs_testmod_v1 '-DMODULE_NAME_STR="numrs_testmod_v1"' -I"$inc" \
    "$root/tests/runtime/testmod.c" -o "$build/numrs_testmod_v1.abi3.so"
cc -shared -fPIC -O2 -Wall -Wno-unused-parameter -Wno-unused-const-variable -DPy_LIMITED_API=0x030A0000 -DV3_TABLE \
    -DMODULE_NAME=numrs_testmod_v3 '-DMODULE_NAME_STR="numrs_testmod_v3"' -I"$inc" \
    "$root/tests/runtime/testmod.c" -o "$build/numrs_testmod_v3.abi3.so"
# Once with the call protocol the interpreter gets (vectorcall), once with tp_call only.
NUMRS_TESTMOD_DIR="$build" "$py" "$root/tests/runtime/test_runtime.py" "$@"
NUMRS_RUNTIME_VECTORCALL=0 NUMRS_TESTMOD_DIR="$build" "$py" "$root/tests/runtime/test_runtime.py" "$@"
