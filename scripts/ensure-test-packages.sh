#!/usr/bin/env bash
# Every Debian package the tests need, installed once, in one apt-get update + install, before
# scripts/test-all.sh runs anything side by side (its server tests and end-to-end builds each
# check for their own packages too, for `npm run test:server` or `test:e2e` alone: with this run
# first they find them all there). Prints nothing when nothing is missing.
#
#   chromium, fonts-liberation   the end-to-end tests' browser (scripts/ensure-chromium.sh)
#   espeak-ng                    the speech end-to-end test's spoken microphone (scripts/ensure-espeak.sh)
#   xvfb                         a screen for the extension's screen picker (scripts/prepare-e2e.sh)
#   postgresql                   the server tests on PostgreSQL, the cluster test (scripts/with-postgres.sh)
#   redis-server                 the live channel across processes (scripts/with-redis.sh)
#   nginx                        the cluster test (scripts/test-cluster.sh)
set -euo pipefail
cd "$(dirname "$0")/.."

has() { command -v "$1" >/dev/null 2>&1 || [[ -x "/usr/sbin/$1" ]]; }
# As scripts/with-postgres.sh finds PostgreSQL: initdb and pg_ctl on PATH or in Debian's folder.
has_postgres() {
  { has initdb && has pg_ctl; } && return 0
  compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null
}

packages=()
[[ -x /usr/bin/chromium ]] || packages+=(chromium fonts-liberation)
has espeak-ng || packages+=(espeak-ng)
has Xvfb || packages+=(xvfb)
has_postgres || packages+=(postgresql)
has redis-server || packages+=(redis-server)
has nginx || packages+=(nginx)
(( ${#packages[@]} == 0 )) || bash scripts/apt-install.sh "${packages[@]}"
