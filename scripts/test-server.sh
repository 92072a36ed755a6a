#!/usr/bin/env bash
# The server's tests on both databases: the embedded SQLite first, then a throwaway PostgreSQL
# cluster (scripts/with-postgres.sh). Fails if either run fails.
#
#   bash scripts/test-server.sh [extra vitest args...]
set -uo pipefail
cd "$(dirname "$0")/.."

# REPORT_DIR (set by scripts/test-all.sh) collects JSON reports for the closing summary.
report() { [[ -n "${REPORT_DIR:-}" ]] && echo "--reporter=default --reporter=json --outputFile.json=$REPORT_DIR/$1.json"; }

unset TEST_DATABASE_URL
echo "== server tests on SQLite (temporary files) =="
# shellcheck disable=SC2046
npx vitest run --project server $(report server-sqlite) "$@"
sqlite_status=$?

echo
echo "== server tests on PostgreSQL (throwaway cluster) =="
# shellcheck disable=SC2046
bash scripts/with-postgres.sh npx vitest run --project server $(report server-postgres) "$@"
postgres_status=$?

echo
echo "server tests: SQLite $([[ $sqlite_status -eq 0 ]] && echo passed || echo "FAILED ($sqlite_status)"), PostgreSQL $([[ $postgres_status -eq 0 ]] && echo passed || echo "FAILED ($postgres_status)")"
[[ $sqlite_status -eq 0 && $postgres_status -eq 0 ]]
