#!/usr/bin/env bash
# The whole test suite, in the order a failure is cheapest to find: `npm test`.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n==> %s\n' "$*"; }

step "typecheck"
npm run typecheck

step "lint"
npm run lint

step "migrations match the schema"
bash scripts/check-migrations.sh

step "unit and component tests (domain, web)"
npx vitest run --project domain --project web

step "server integration tests on PGlite"
npx vitest run --project server

step "server integration tests on PostgreSQL"
bash scripts/test-postgres.sh

step "end-to-end tests in Chromium"
npm run test:e2e

printf '\nAll test layers passed.\n'
