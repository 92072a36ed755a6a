#!/usr/bin/env bash
# End-to-end tests: builds the product, the e2e build of the extension, and runs Playwright.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-chromium.sh
bash scripts/ensure-espeak.sh
bash scripts/ensure-command.sh Xvfb xvfb # a virtual screen for the extension's screen picker (e2e/xvfb.ts)
node scripts/make-face-frames.mjs # the fake camera videos of the face specs (skipped when up to date)
npm run build -w portal
npm run build -w server
bash scripts/build-extension.sh e2e
if [[ -n "${REPORT_DIR:-}" ]]; then
  PLAYWRIGHT_JSON_OUTPUT_NAME="$REPORT_DIR/e2e.json" npx playwright test --reporter=list,json "$@"
else
  npx playwright test "$@"
fi
