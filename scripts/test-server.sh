#!/usr/bin/env bash
# The server's tests on both databases, side by side: the embedded SQLite and a throwaway
# PostgreSQL cluster (scripts/with-postgres.sh). Fails if either run fails. The SQLite run has a
# throwaway Redis beside it (scripts/with-redis.sh), so the live channel's tests across two
# server processes run too (they skip without TEST_REDIS_URL).
#
#   bash scripts/test-server.sh [extra vitest args...]
set -uo pipefail
cd "$(dirname "$0")/.."

# REPORT_DIR (set by scripts/test-all.sh) collects JSON reports for the closing summary.
report() { [[ -n "${REPORT_DIR:-}" ]] && echo "--reporter=default --reporter=json --outputFile.json=$REPORT_DIR/$1.json"; }

unset TEST_DATABASE_URL TEST_REDIS_URL
# Both at once: the PostgreSQL run waits on its server much of the time, so on two cores the pair
# takes about two thirds of one after the other. Each run's output is shown whole, in turn.
# Three PostgreSQL workers: its files wait on the server, so a third overlaps them (measured alone on
# two cores: the PostgreSQL run 231 s -> 168 s, SQLite's beside it 198 s -> 208 s, the pair 235 s -> 210 s).
logs=$(mktemp -d)
# shellcheck disable=SC2046
bash scripts/with-redis.sh npx vitest run --project server $(report server-sqlite) "$@" >"$logs/sqlite.log" 2>&1 &
sqlite_pid=$!
# shellcheck disable=SC2046
bash scripts/with-postgres.sh npx vitest run --project server --maxWorkers=3 $(report server-postgres) "$@" >"$logs/postgres.log" 2>&1 &
postgres_pid=$!
wait "$sqlite_pid"
sqlite_status=$?
wait "$postgres_pid"
postgres_status=$?

echo "== server tests on SQLite (temporary files) and Redis (throwaway) =="
cat "$logs/sqlite.log"
echo
echo "== server tests on PostgreSQL (throwaway cluster) =="
cat "$logs/postgres.log"
rm -rf "$logs"

echo
echo "server tests: SQLite $([[ $sqlite_status -eq 0 ]] && echo passed || echo "FAILED ($sqlite_status)"), PostgreSQL $([[ $postgres_status -eq 0 ]] && echo passed || echo "FAILED ($postgres_status)")"
[[ $sqlite_status -eq 0 && $postgres_status -eq 0 ]]
