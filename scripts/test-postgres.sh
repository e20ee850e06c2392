#!/usr/bin/env bash
# Runs the server integration suite again on a throwaway PostgreSQL cluster that this script starts.
set -euo pipefail
cd "$(dirname "$0")/.."

bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$bindir" ] || [ ! -x "$bindir/initdb" ]; then
  if [ "${CI:-}" = "true" ]; then
    echo "PostgreSQL binaries not found in /usr/lib/postgresql/*/bin: required in CI" >&2
    exit 1
  fi
  echo "PostgreSQL binaries not found in /usr/lib/postgresql/*/bin: skipping the PostgreSQL pass"
  exit 0
fi

work=$(mktemp -d /tmp/zevar-pg-XXXXXX)
port=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
as_pg=()
if [ "$(id -u)" = "0" ]; then
  chown postgres:postgres "$work" 2>/dev/null || { echo "no postgres user to run the cluster as" >&2; exit 1; }
  as_pg=(runuser -u postgres --)
fi

cleanup() {
  "${as_pg[@]}" "$bindir/pg_ctl" -D "$work/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

"${as_pg[@]}" "$bindir/initdb" -D "$work/data" -U postgres -A trust --no-sync >/dev/null
"${as_pg[@]}" "$bindir/pg_ctl" -D "$work/data" -l "$work/log" -w \
  -o "-p $port -k $work -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
  start >/dev/null
echo "PostgreSQL $("$bindir/postgres" --version | awk '{print $3}') on port $port"

TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres" npx vitest run --project server "$@"
