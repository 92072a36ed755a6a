#!/usr/bin/env bash
# End-to-end tests: builds the product, the e2e build of the extension, and runs Playwright.
# E2E_PREPARED=1 (scripts/test-all.sh, which builds beside the server tests) skips the builds.
set -euo pipefail
cd "$(dirname "$0")/.."
[[ "${E2E_PREPARED:-}" == "1" ]] || bash scripts/prepare-e2e.sh
if [[ -n "${REPORT_DIR:-}" ]]; then
  PLAYWRIGHT_JSON_OUTPUT_NAME="$REPORT_DIR/e2e.json" npx playwright test --reporter=list,json "$@"
else
  npx playwright test "$@"
fi
