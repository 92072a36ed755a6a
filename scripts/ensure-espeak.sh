#!/usr/bin/env bash
# Debian's espeak-ng speaks the fake microphone's WAV of the speech end-to-end test
# (e2e/speech-detection.spec.ts).
set -euo pipefail
bash "$(dirname "$0")/ensure-command.sh" espeak-ng espeak-ng
