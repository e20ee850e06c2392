#!/usr/bin/env bash
# The scale-out suite: a throwaway PostgreSQL and Redis started here, an S3-compatible server and an
# SMTP server started by the test, and three Zevar processes on one empty database.
# Skipped with a notice when PostgreSQL or redis-server is missing; a failure when CI=true.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/pg-cluster.sh

if [ -z "$(pg_bindir)" ] || ! command -v redis-server >/dev/null 2>&1; then
  if [ "${CI:-}" = "true" ]; then
    echo "PostgreSQL binaries and redis-server are required for the scale-out suite in CI" >&2
    exit 1
  fi
  echo "PostgreSQL binaries or redis-server not found: skipping the scale-out suite"
  exit 0
fi

work=$(mktemp -d /tmp/zevar-scale-XXXXXX)
redis_pid=
cleanup() {
  [ -n "$redis_pid" ] && kill "$redis_pid" 2>/dev/null || true
  stop_pg_cluster "$work"
  rm -rf "$work"
}
trap cleanup EXIT

# The processes run the bundle `npm start` runs (apps/server/dist/server.mjs), built here from the sources
# unless it was built from these very sources already (npm test builds it in its first phase).
node scripts/build-if-changed.mjs server
start_pg_cluster "$work"
redis_port=$(free_port)
redis-server --port "$redis_port" --bind 127.0.0.1 --save '' --appendonly no --daemonize no \
  --dir "$work" >"$work/redis.log" 2>&1 &
redis_pid=$!
for _ in $(seq 1 50); do
  redis-cli -p "$redis_port" ping >/dev/null 2>&1 && break
  sleep 0.1
done
echo "Redis on port $redis_port"

SCALE_DATABASE_URL="$PG_URL" SCALE_REDIS_URL="redis://127.0.0.1:$redis_port" \
  npx vitest run --project scale-out "$@"
