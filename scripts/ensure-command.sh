#!/usr/bin/env bash
# Installs Debian packages when a command is missing, so a fresh machine needs no manual step:
#   bash scripts/ensure-command.sh COMMAND PACKAGE [PACKAGE...]
set -euo pipefail
command_name="$1"
shift
if command -v "$command_name" >/dev/null 2>&1; then
  exit 0
fi
echo "Installing Debian's $* (for $command_name)..."
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
$SUDO apt-get install -y -q --no-install-recommends "$@"
