#!/usr/bin/env bash
# The server's tests on both databases: the embedded SQLite first, then a throwaway PostgreSQL
# cluster (scripts/with-postgres.sh). Fails if either run fails.
#
#   bash scripts/test-server.sh [extra vitest args...]
set -uo pipefail
cd "$(dirname "$0")/.."

unset TEST_DATABASE_URL
echo "== server tests on SQLite (temporary files) =="
npx vitest run --project server "$@"
sqlite_status=$?

echo
echo "== server tests on PostgreSQL (throwaway cluster) =="
bash scripts/with-postgres.sh npx vitest run --project server "$@"
postgres_status=$?

echo
echo "server tests: SQLite $([[ $sqlite_status -eq 0 ]] && echo passed || echo "FAILED ($sqlite_status)"), PostgreSQL $([[ $postgres_status -eq 0 ]] && echo passed || echo "FAILED ($postgres_status)")"
[[ $sqlite_status -eq 0 && $postgres_status -eq 0 ]]
