#!/usr/bin/env bash
# Every test of the project, as CI runs it: typecheck, lint, unit, server (SQLite and
# PostgreSQL), the cluster test (two processes behind nginx) and end-to-end in headless Chromium
# with the unpacked extension. The Debian packages they need are installed first, in one apt-get
# (scripts/ensure-test-packages.sh): the steps side by side then find them all there.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)
export REPORT_DIR="$PWD/.tmp/reports"
rm -rf "$REPORT_DIR" && mkdir -p "$REPORT_DIR"
step() { printf '\n== %s (%ss)\n' "$*" "$(( $(date +%s) - started ))"; }
# The whole run's time (CI allows 30 minutes), each runner's slowest files, and the closing line
# that counts every test of every runner, pass or fail.
trap 'step "Finished"; node scripts/test-summary.mjs "$REPORT_DIR"' EXIT

step "Debian packages the tests need (installed once, before anything runs side by side)"
bash scripts/ensure-test-packages.sh
step "Typecheck, lint and unit tests (side by side on the two cores)"
# Four jobs of unequal length (the node half of the typecheck is the longest): run together, the
# cores stay busy until the last ends instead of one idling while the other finishes.
run_logged() { local name=$1; shift; "$@" >"$REPORT_DIR/$name.log" 2>&1; }
run_logged typecheck-node npm run typecheck:node &
typecheck_node=$!
run_logged typecheck-browser npm run typecheck:browser &
typecheck_browser=$!
run_logged lint npm run lint &
lint=$!
unit_status=0
run_logged unit npx vitest run --project shared --project portal --project extension \
  --reporter=default --reporter=json --outputFile.json="$REPORT_DIR/unit.json" || unit_status=$?
first_status=$unit_status
for job in "$typecheck_node" "$typecheck_browser" "$lint"; do wait "$job" || first_status=$?; done
cat "$REPORT_DIR/typecheck-node.log" "$REPORT_DIR/typecheck-browser.log" "$REPORT_DIR/lint.log" "$REPORT_DIR/unit.log"
(( first_status == 0 ))
step "Server tests on SQLite and PostgreSQL, and the builds of the end-to-end tests beside them"
# The PostgreSQL run waits on its server much of the time: the builds use what it leaves of the cores.
# Its own time goes in its log: which of the two sets this step's length.
(prepared=$(date +%s); status=0; bash scripts/prepare-e2e.sh || status=$?
  echo "prepare-e2e took $(( $(date +%s) - prepared ))s"; exit "$status") >"$REPORT_DIR/prepare-e2e.log" 2>&1 &
prepare=$!
server_status=0
bash scripts/test-server.sh || server_status=$?
prepare_status=0
wait "$prepare" || prepare_status=$?
step "Builds of the end-to-end tests (done beside the server tests)"
cat "$REPORT_DIR/prepare-e2e.log"
(( server_status == 0 && prepare_status == 0 ))
step "Cluster test: two server processes behind nginx on PostgreSQL, Redis and S3"
# Uses the server build above; a failure is reported at the end, after the end-to-end tests.
cluster_status=0
CLUSTER_PREPARED=1 bash scripts/test-cluster.sh || cluster_status=$?
step "End-to-end tests"
E2E_PREPARED=1 bash scripts/test-e2e.sh
(( cluster_status == 0 ))
