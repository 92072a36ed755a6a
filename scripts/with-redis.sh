#!/usr/bin/env bash
# Runs a command beside a throwaway Redis (the live channel across server processes, decision 0035).
#
#   bash scripts/with-redis.sh CMD [ARGS...]
#
# Starts Debian's redis-server (installed with apt-get when missing) on 127.0.0.1 on a free port,
# with no persistence, in a temporary folder; exports TEST_REDIS_URL=redis://127.0.0.1:PORT;
# runs the command; then always stops Redis and deletes the folder. Exits with the command's status.
set -euo pipefail

if [[ $# -eq 0 ]]; then
  echo "usage: bash scripts/with-redis.sh CMD [ARGS...]" >&2
  exit 2
fi

bash "$(dirname "$0")/ensure-command.sh" redis-server redis-server >&2

REDIS_DIR="$(mktemp -d "${TMPDIR:-/tmp}/invigil-redis.XXXXXX")"
REDIS_PID=""

cleanup() {
  local status=$?
  if [[ -n "$REDIS_PID" ]] && kill -0 "$REDIS_PID" 2>/dev/null; then
    kill "$REDIS_PID" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 "$REDIS_PID" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$REDIS_PID" 2>/dev/null || true
  fi
  rm -rf "$REDIS_DIR"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

PORT="$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"

# No RDB snapshots, no append-only file: nothing of a test run is kept.
redis-server --bind 127.0.0.1 --port "$PORT" --dir "$REDIS_DIR" --save '' --appendonly no \
  --daemonize no --protected-mode yes --logfile "$REDIS_DIR/redis.log" --maxclients 10000 &
REDIS_PID=$!

for _ in $(seq 1 100); do
  if redis-cli -h 127.0.0.1 -p "$PORT" ping 2>/dev/null | grep -q PONG; then break; fi
  if ! kill -0 "$REDIS_PID" 2>/dev/null; then cat "$REDIS_DIR/redis.log" >&2; echo "with-redis: redis-server exited" >&2; exit 1; fi
  sleep 0.1
done
redis-cli -h 127.0.0.1 -p "$PORT" ping 2>/dev/null | grep -q PONG || { echo "with-redis: Redis did not become ready" >&2; cat "$REDIS_DIR/redis.log" >&2; exit 1; }

export TEST_REDIS_URL="redis://127.0.0.1:$PORT"
echo "with-redis: Redis $(redis-server --version | awk '{print $3}' | sed 's/v=//') at $TEST_REDIS_URL" >&2

set +e
"$@"
status=$?
set -e
exit "$status"
