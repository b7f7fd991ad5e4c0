#!/usr/bin/env bash
# numrs check speed benchmark: see bench/check/README.md. All options go to run.py
# (run.sh --help). Writes bench/check/RESULTS.md unless --no-write is given.
set -euo pipefail
cd "$(dirname "$0")/../.."
exec python3 bench/check/run.py "$@"
