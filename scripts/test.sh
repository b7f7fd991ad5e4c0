#!/usr/bin/env bash
# Run every numrs test: the Rust test suites, then the Numba-oracle corpus comparison.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
cargo build --release --locked -p numrs_cli
cargo test --release --locked --workspace 2>&1 | tee target/cargo-test.log
python3 scripts/corpus_check.py
