#!/usr/bin/env bash
# Installs Debian's chromium when it is missing: the browser of every end-to-end test.
set -euo pipefail
[ -x /usr/bin/chromium ] && exit 0
bash "$(dirname "$0")/ensure-command.sh" chromium chromium fonts-liberation
