#!/usr/bin/env bash
# What the end-to-end tests need before they run: Debian's chromium, espeak-ng and Xvfb, the fake
# camera videos, and the builds of the portal, the server and the e2e extension.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-chromium.sh
bash scripts/ensure-espeak.sh
bash scripts/ensure-command.sh Xvfb xvfb # a virtual screen for the extension's screen picker (e2e/xvfb.ts)
node scripts/make-face-frames.mjs # the fake camera videos of the face specs (skipped when up to date)
npm run build -w portal
npm run build -w server
bash scripts/build-extension.sh e2e
