#!/usr/bin/env bash
# Installs Debian's espeak-ng when it is missing: the speech end-to-end test speaks its fake
# microphone's WAV with it (e2e/speech-detection.spec.ts).
set -euo pipefail
if command -v espeak-ng >/dev/null 2>&1; then
  exit 0
fi
echo "Installing Debian's espeak-ng (the speech end-to-end test's spoken WAV)..."
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
$SUDO apt-get install -y -q --no-install-recommends espeak-ng
