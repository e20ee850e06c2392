#!/usr/bin/env bash
# Fails when the Drizzle schema has changes that no committed migration holds.
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -r apps/server/drizzle "$tmp/drizzle"
before=$(find "$tmp/drizzle" -name '*.sql' | wc -l)
DRIZZLE_OUT="$tmp/drizzle" npx drizzle-kit generate --config apps/server/drizzle.config.ts > "$tmp/log" 2>&1 || { cat "$tmp/log"; exit 1; }
after=$(find "$tmp/drizzle" -name '*.sql' | wc -l)
if [ "$before" != "$after" ]; then
  cat "$tmp/log"
  echo "The schema differs from the committed migrations: run 'npm run db:generate' and commit the result." >&2
  exit 1
fi
echo "migrations are up to date ($after files)"
