#!/usr/bin/env bash
# Install everything numrs needs on a fresh Debian 12 machine (idempotent).
set -euo pipefail
if ! command -v cargo >/dev/null 2>&1; then
    echo "setup: installing Rust with the Debian-independent rustup is not possible offline;" >&2
    echo "setup: install a Rust toolchain (1.85+) first." >&2
    exit 2
fi
if ! command -v python3 >/dev/null 2>&1; then
    if command -v apt-get >/dev/null 2>&1; then
        apt-get update -qq && apt-get install -y -qq python3 >/dev/null
    fi
fi
# LLVM 19 for `numrs build` (inkwell/llvm-sys; .cargo/config.toml points LLVM_SYS_191_PREFIX at it).
if [ ! -x /usr/lib/llvm-19/bin/llvm-config ] || [ ! -e /usr/lib/llvm-19/lib/libPolly.a ]; then
    if command -v apt-get >/dev/null 2>&1; then
        apt-get update -qq && apt-get install -y -qq llvm-19-dev libpolly-19-dev libzstd-dev zlib1g-dev >/dev/null
    fi
fi
echo "setup: ok ($(cargo --version), $(python3 --version))"
