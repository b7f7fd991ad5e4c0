#!/usr/bin/env bash
# Headless neovim test of editors/neovim: opens tests/e2e/ws/kernels.py (a Numba typing error)
# with the numrs config and checks that numrs's diagnostic (and a hover) arrive within ~20 s.
#
#   bash scripts/test-neovim.sh
#
# Installs Debian's neovim with apt when `nvim` is missing; builds the release binary.
# Exits non-zero when the diagnostic does not arrive. Knob: NUMRS_TIMEOUT_MS (default 20000).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$PWD"
T0=$(date +%s)
log() { printf '[test-neovim +%ss] %s\n' "$(( $(date +%s) - T0 ))" "$*" >&2; }

if ! command -v nvim >/dev/null 2>&1; then
  command -v apt-get >/dev/null || { echo "test-neovim: nvim missing and no apt-get" >&2; exit 2; }
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  log "apt-get install neovim"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends neovim >/dev/null
fi
log "$(nvim --version | head -1)"

log "building numrs (${NUMRS_PROFILE:-release})"
cargo build --profile "${NUMRS_PROFILE:-release}" --locked -p numrs_cli

# A private home for neovim: no user config, plugins, shada or state of this machine's user.
HOME_DIR="$(mktemp -d "${TMPDIR:-/tmp}/numrs-nvim.XXXXXX")"
trap 'rm -rf "$HOME_DIR"' EXIT
set +e
NUMRS_REPO="$ROOT" NUMRS_BIN="$ROOT/target/${NUMRS_PROFILE:-release}/numrs" \
XDG_CONFIG_HOME="$HOME_DIR/config" XDG_DATA_HOME="$HOME_DIR/data" XDG_STATE_HOME="$HOME_DIR/state" \
XDG_CACHE_HOME="$HOME_DIR/cache" \
  timeout 60 nvim --headless -n -i NONE -u tests/e2e/neovim/init.lua tests/e2e/ws/kernels.py 2>&1
rc=$?
set -e
if [ $rc -ne 0 ]; then
  for f in "$HOME_DIR"/state/nvim/lsp.log "$HOME_DIR"/cache/nvim/lsp.log; do
    [ -f "$f" ] && { echo "--- $f" >&2; tail -20 "$f" >&2; }
  done
  log "FAILED (exit $rc)"
  exit 1
fi
log "OK"
