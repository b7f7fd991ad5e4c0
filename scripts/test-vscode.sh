#!/usr/bin/env bash
# End-to-end test of the VS Code extension in a real VS Code (code-server 4.100.3 = VS Code
# 1.100.3's workbench and extension host), driven by headless Chromium.
#
#   bash scripts/test-vscode.sh
#
# 1. installs code-server, playwright-core, vsce and Debian's chromium (apt, only what is
#    missing) into target/vscode-e2e (tests/e2e/tools/install-code-server.sh; idempotent);
# 2. builds the extension (.vsix) and the release binary;
# 3. opens a copy of tests/e2e/ws/ with the extension installed and numrs.path pointing at the
#    binary, then checks: the server starts (status bar), the typing error shows as a squiggle,
#    in the status bar's counts and in the Problems panel; hover on a variable shows its Numba
#    type; numrs.restartServer restarts it; fixing the error by typing clears the diagnostics;
#    then, with numrs.path naming a missing program, the error notification and status appear.
#
# Screenshots go to target/e2e-shots/; with NUMRS_UPDATE_SCREENSHOT=1 the final one is copied to
# docs/img/vscode-e2e.png.
# Exits non-zero when anything fails. Needs Node 20 (npm), Rust, and apt for the system packages.
# Knobs: NUMRS_VSCODE_PREFIX (install prefix), SKIP_APT=1, E2E_TIMEOUT (seconds, default 240).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$PWD"
T0=$(date +%s)
log() { printf '[test-vscode +%ss] %s\n' "$(( $(date +%s) - T0 ))" "$*" >&2; }
die() { printf '[test-vscode] FAILED: %s\n' "$*" >&2; exit 1; }

PREFIX="${NUMRS_VSCODE_PREFIX:-$ROOT/target/vscode-e2e}"
SHOTS="$ROOT/target/e2e-shots"
TOOLS="$ROOT/tests/e2e/tools"
TIMEOUT="${E2E_TIMEOUT:-240}"

command -v node >/dev/null && command -v npm >/dev/null || die "node and npm (Node 20) are needed"
[ "$(node -p 'process.versions.node.split(".")[0]')" = 20 ] \
  || log "warning: code-server 4.100.3 expects Node 20, this is $(node --version)"
command -v cargo >/dev/null || die "cargo (Rust) is needed"

# ------------------------------------------------------------------ 1. tools --
log "installing code-server + chromium into ${PREFIX#"$ROOT"/}"
# (its final `code-server --version` check would write ~/.config/code-server/config.yaml)
XDG_CONFIG_HOME="$PREFIX/.xdg-config" bash "$TOOLS/install-code-server.sh" "$PREFIX"

# -------------------------------------------------------------- 2. builds -----
log "building the extension"
(
  cd vscode-extension
  # npm ci only when node_modules does not match the lock file
  if ! cmp -s package-lock.json node_modules/.numrs-lock 2>/dev/null; then
    npm ci --no-audit --no-fund --loglevel=error
    cp package-lock.json node_modules/.numrs-lock
  fi
  npm run --silent typecheck
  # vsce runs vscode:prepublish (the esbuild bundle) first
  node_modules/.bin/vsce package --no-dependencies --allow-missing-repository -o "$PREFIX/numrs-vscode.vsix" >/dev/null
) || die "building the extension failed"
VSIX="$PREFIX/numrs-vscode.vsix"

log "building numrs (release)"
cargo build --profile "${NUMRS_PROFILE:-release}" --locked -p numrs_cli
NUMRS="$ROOT/target/${NUMRS_PROFILE:-release}/numrs"
[ -x "$NUMRS" ] || die "$NUMRS not built"

# -------------------------------------------------------- 3. the e2e run ------
# A fresh copy of the workspace: the test types into the file, and nothing may touch tests/.
WS="$ROOT/target/e2e-ws"
rm -rf "$WS" && mkdir -p "$WS" && cp -r tests/e2e/ws/. "$WS/"
rm -rf "$SHOTS" && mkdir -p "$SHOTS"

MESSAGE="Cannot unify int64 and Literal[str](odd) for 'd.2'"
log "running VS Code (smoke.mjs)"
set +e
node "$TOOLS/smoke.mjs" --prefix "$PREFIX" --ext "$VSIX" \
  --workspace "$WS" --file kernels.py --timeout "$TIMEOUT" --size 1280x800 \
  --setting "numrs.path=\"$NUMRS\"" \
  --problems \
  --wait-selector '[aria-label="numrs: running"]' \
  --wait-selector '.squiggly-error' \
  --wait-selector '[id="status.problems"][aria-label="Errors: 1"]' \
  --wait-text "$MESSAGE" \
  --wait-selector '.markers-panel .monaco-list-row[aria-label*="Cannot unify int64"]' \
  --step screenshot="$SHOTS/1-error.png" \
  --step goto=7:6 --step hover \
  --wait-selector '.monaco-hover-content:has-text("total: float64")' \
  --wait-selector '.monaco-hover-content:has-text("mean(array(float64, 1d, A))")' \
  --step screenshot="$SHOTS/2-hover.png" \
  --step key=Escape \
  --step 'command=numrs: Restart Server' \
  --wait-selector '[aria-label="numrs: running"]' \
  --wait-selector '[id="status.problems"][aria-label="Errors: 1"]' \
  --step goto=18:13 --step key=Shift+End --step type=-1 \
  --wait-gone '.squiggly-error' \
  --wait-selector '[id="status.problems"][aria-label="No Problems"]' \
  --wait-text 'No problems have been detected' \
  --step goto=7:6 --step hover \
  --wait-selector '.monaco-hover-content:has-text("total: float64")' \
  --screenshot "$SHOTS/3-fixed.png" \
  > "$SHOTS/summary.json"
rc=$?
set -e
cat "$SHOTS/summary.json" >&2
[ $rc -eq 0 ] || die "smoke.mjs exited $rc (screenshots in ${SHOTS#"$ROOT"/}/)"
node -e 'const s=JSON.parse(require("fs").readFileSync(process.argv[1],"utf8")); if(!s.ok) process.exit(1)' \
  "$SHOTS/summary.json" || die "smoke.mjs did not report ok"

# The executable cannot be found: a clear error notification with a way to the install guide.
log "running VS Code with numrs.path pointing nowhere"
set +e
node "$TOOLS/smoke.mjs" --prefix "$PREFIX" --ext "$VSIX" \
  --workspace "$WS" --file kernels.py --timeout "$TIMEOUT" --size 1280x800 \
  --setting 'numrs.path="numrs-not-installed"' \
  --wait-selector '[aria-label="numrs: error"]' \
  --wait-text "cannot find the numrs executable 'numrs-not-installed'" \
  --wait-selector '.notification-toast .monaco-button:has-text("Installation Guide")' \
  --screenshot "$SHOTS/4-missing-binary.png" \
  > "$SHOTS/summary-missing.json"
rc=$?
set -e
cat "$SHOTS/summary-missing.json" >&2
[ $rc -eq 0 ] || die "smoke.mjs (missing binary) exited $rc (screenshots in ${SHOTS#"$ROOT"/}/)"

if [ "${NUMRS_UPDATE_SCREENSHOT:-0}" = "1" ]; then
    mkdir -p docs/img
    cp "$SHOTS/3-fixed.png" docs/img/vscode-e2e.png
    log "OK: screenshots in ${SHOTS#"$ROOT"/}/, docs/img/vscode-e2e.png updated"
else
    log "OK: screenshots in ${SHOTS#"$ROOT"/}/ (NUMRS_UPDATE_SCREENSHOT=1 refreshes docs/img/vscode-e2e.png)"
fi
