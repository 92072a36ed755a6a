#!/usr/bin/env bash
# Installs Debian packages when a command is missing, so a fresh machine needs no manual step:
#   bash scripts/ensure-command.sh COMMAND PACKAGE [PACKAGE...]
# Through scripts/apt-install.sh: safe beside other installs; silent when the command is there.
set -euo pipefail
command_name="$1"
shift
if command -v "$command_name" >/dev/null 2>&1; then
  exit 0
fi
bash "$(dirname "$0")/apt-install.sh" "$@"
# The packages may be installed with the command still not on PATH (a sbin folder, say).
command -v "$command_name" >/dev/null 2>&1 || [[ -x "/usr/sbin/$command_name" ]] ||
  { echo "ensure-command: $command_name still not found after installing $*" >&2; exit 1; }
