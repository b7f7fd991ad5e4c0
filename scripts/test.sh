#!/usr/bin/env bash
# Run every numrs test: the Rust test suites, then the Numba-oracle corpus comparison.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
cargo build --release --locked -p numrs_cli
cargo test --release --locked --workspace 2>&1 | tee target/cargo-test.log
python3 scripts/corpus_check.py
# The runtime that built modules import: dispatcher, boxing, memory (hand-made C module).
bash tests/runtime/run.sh
# Native build: every recorded call of both corpora through `import` of the built modules
# (the runtime's dispatcher picks the specialization), against Numba's answers; ratchets.
"$(bash scripts/build-runtime.sh)" tests/build/through_import.py --min-agree 244
"$(bash scripts/build-runtime.sh)" tests/build/through_import.py --corpus tests/corpus --min-agree 804
# Strings in built modules: values against CPython, exceptions, print, no leaked memory.
"$(bash scripts/build-runtime.sh)" tests/build/strings.py
# Generators: from Python and from compiled code, against CPython; no leaked state.
"$(bash scripts/build-runtime.sh)" tests/build/generators.py
# numba.typed.List / Dict: against CPython with plain lists and dicts, TypedList objects, no leaks.
"$(bash scripts/build-runtime.sh)" tests/build/typed_containers.py
# Editor end to end: neovim (headless) and a real VS Code (code-server + headless Chromium).
bash scripts/test-neovim.sh
# The VS Code run drives a browser; one retry absorbs a slow first start.
bash scripts/test-vscode.sh || { echo "test-vscode: retrying once"; bash scripts/test-vscode.sh; }
echo "e2e: 2 passed, 0 failed"
