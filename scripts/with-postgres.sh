#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL cluster.
#
#   bash scripts/with-postgres.sh CMD [ARGS...]
#
# Starts a fresh cluster in a temporary folder (trust auth, 127.0.0.1 on a free port, unix
# sockets in that folder), exports TEST_DATABASE_URL=postgres://postgres@127.0.0.1:PORT/postgres,
# runs the command, then always stops the cluster and deletes the folder. Installs PostgreSQL
# (scripts/apt-install.sh) when initdb/pg_ctl are missing. initdb refuses to run as root, so as root the
# cluster runs as the `postgres` system user. Exits with the command's status.
set -euo pipefail

if [[ $# -eq 0 ]]; then
  echo "usage: bash scripts/with-postgres.sh CMD [ARGS...]" >&2
  exit 2
fi

find_pg_bin() {
  local dir
  if command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1; then
    dirname "$(readlink -f "$(command -v pg_ctl)")"
    return 0
  fi
  for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    if [[ -x "$dir/initdb" && -x "$dir/pg_ctl" ]]; then
      echo "$dir"
      return 0
    fi
  done
  return 1
}

if ! PG_BIN="$(find_pg_bin)"; then
  echo "with-postgres: PostgreSQL not found; installing it with apt-get..." >&2
  if [[ "$(id -u)" -ne 0 ]]; then
    echo "with-postgres: installing needs root (apt-get install -y postgresql)." >&2
    exit 1
  fi
  bash "$(dirname "$0")/apt-install.sh" postgresql
  PG_BIN="$(find_pg_bin)" || { echo "with-postgres: initdb/pg_ctl still not found after installing." >&2; exit 1; }
fi

# Run cluster commands as the postgres user when we are root.
as_pg() {
  if [[ "$(id -u)" -eq 0 ]]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}
if [[ "$(id -u)" -eq 0 ]] && ! id postgres >/dev/null 2>&1; then
  useradd --system --home-dir /var/lib/postgresql --shell /bin/bash postgres
fi

PG_DIR="$(mktemp -d "${TMPDIR:-/tmp}/invigil-pg.XXXXXX")"
[[ "$(id -u)" -eq 0 ]] && chown postgres: "$PG_DIR"

cleanup() {
  local status=$?
  if [[ -f "$PG_DIR/data/postmaster.pid" ]]; then
    as_pg "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m fast -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$PG_DIR"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

PORT="$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"

as_pg "$PG_BIN/initdb" -D "$PG_DIR/data" -U postgres -A trust -E UTF8 --locale=C.UTF-8 --no-sync --no-instructions >"$PG_DIR/initdb.log" 2>&1 \
  || { cat "$PG_DIR/initdb.log" >&2; exit 1; }

# fsync off and friends: a disposable test cluster, never data anyone keeps. A benchmark that
# must keep what it acknowledges sets WITH_POSTGRES_SETTINGS (bench/exam-load.mjs does).
settings="${WITH_POSTGRES_SETTINGS:--c fsync=off -c synchronous_commit=off -c full_page_writes=off}"
as_pg "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w -t 60 \
  -o "-c listen_addresses=127.0.0.1 -p $PORT -k $PG_DIR $settings -c max_connections=200" \
  start >/dev/null || { cat "$PG_DIR/server.log" >&2; exit 1; }

for _ in $(seq 1 60); do
  if "$PG_BIN/pg_isready" -q -h 127.0.0.1 -p "$PORT" -U postgres; then break; fi
  sleep 0.5
done
"$PG_BIN/pg_isready" -q -h 127.0.0.1 -p "$PORT" -U postgres || { echo "with-postgres: server did not become ready" >&2; cat "$PG_DIR/server.log" >&2; exit 1; }

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/postgres"
echo "with-postgres: PostgreSQL $("$PG_BIN/pg_ctl" --version | awk '{print $3}') at $TEST_DATABASE_URL" >&2

set +e
"$@"
status=$?
set -e
exit "$status"
