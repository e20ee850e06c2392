#!/usr/bin/env bash
# Runs the server integration suite again on a throwaway PostgreSQL cluster that this script starts.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/pg-cluster.sh

if [ -z "$(pg_bindir)" ]; then
  if [ "${CI:-}" = "true" ]; then
    echo "PostgreSQL binaries not found in /usr/lib/postgresql/*/bin: required in CI" >&2
    exit 1
  fi
  echo "PostgreSQL binaries not found in /usr/lib/postgresql/*/bin: skipping the PostgreSQL pass"
  exit 0
fi

work=$(mktemp -d /tmp/zevar-pg-XXXXXX)
cleanup() {
  stop_pg_cluster "$work"
  rm -rf "$work"
}
trap cleanup EXIT

start_pg_cluster "$work"
TEST_DATABASE_URL="$PG_URL" npx vitest run --project server "$@"
