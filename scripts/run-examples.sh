#!/usr/bin/env bash
# The main job: set up, build numrs, check the bundled examples, build them into a native
# module and run it.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
cargo build --release --locked -p numrs_cli
status=0
./target/release/numrs check examples/ || status=$?
# Exit 1 means "typing errors found", which the examples demonstrate on purpose.
if [ "$status" -gt 1 ]; then exit "$status"; fi
# Build: every specialization that types is compiled (describe does not type, so it is
# reported and left out); exit 1 says something was not built.
status=0
./target/release/numrs build examples/kernels.py -o target/examples-build || status=$?
if [ "$status" -gt 1 ]; then exit "$status"; fi
python=$(bash scripts/build-runtime.sh)
"$python" examples/use_built.py target/examples-build
echo "run-examples: done"
