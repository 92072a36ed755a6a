#!/usr/bin/env bash
# The cluster test (issue 14): PostgreSQL, Redis, an S3 stand-in from npm, two server processes and
# Debian's nginx with deploy/nginx/invigil.conf on loopback; a student's journey through nginx with
# the requests alternating between the processes, then one process killed mid-test.
#
#   bash scripts/test-cluster.sh [extra vitest args...]      (npm run test:cluster)
#
# Builds the server (server/dist), and the portal (portal/dist, which nginx serves) when it has
# no build yet, unless CLUSTER_PREPARED=1 (scripts/test-all.sh, whose prepare-e2e.sh built both).
# REPORT_DIR set: a JSON report goes to $REPORT_DIR/cluster.json for the closing summary.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-command.sh nginx nginx >&2
if [[ "${CLUSTER_PREPARED:-}" != "1" ]]; then
  flock /tmp/invigil-build.lock npm run build -w server >&2
  [[ -f portal/dist/index.html ]] || flock /tmp/invigil-build.lock npm run build -w portal >&2
fi

reporters=(--reporter=default)
[[ -n "${REPORT_DIR:-}" ]] && reporters+=(--reporter=json "--outputFile.json=$REPORT_DIR/cluster.json")
exec bash scripts/with-postgres.sh bash scripts/with-redis.sh \
  npx vitest run --config vitest.cluster.config.ts "${reporters[@]}" "$@"
