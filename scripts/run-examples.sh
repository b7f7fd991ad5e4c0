#!/usr/bin/env bash
# The main job: set up, build numrs, and check the bundled examples.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
cargo build --release --locked -p numrs_cli
status=0
./target/release/numrs check examples/ || status=$?
# Exit 1 means "typing errors found", which the examples demonstrate on purpose.
if [ "$status" -gt 1 ]; then exit "$status"; fi
echo "run-examples: done"
