#!/usr/bin/env bash
# The whole test suite: `npm test`. Independent layers run side by side (the machine has 2 cores:
# checks and the builds together, then the unit layer beside the API suite on PostgreSQL, then the
# PGlite smoke set beside the scale-out suite, then the browser);
# a failed phase stops the run. At the end it prints each layer's time and one closing line,
# 'Total: N passed, N failed', counted from the test runners' JSON reports.
set -uo pipefail
cd "$(dirname "$0")/.."

work=$(mktemp -d /tmp/zevar-test-XXXXXX)
declare -a names=() times=() results=()
started=$SECONDS

summary() {
  printf '\n==> layer times\n'
  local i
  for i in "${!names[@]}"; do printf '  %-34s %5ss  %s\n' "${names[$i]}" "${times[$i]}" "${results[$i]}"; done
  printf '  %-34s %5ss\n' 'total (wall clock)' "$((SECONDS - started))"
  local failed_layers=0
  for i in "${!results[@]}"; do [ "${results[$i]}" = ok ] || failed_layers=$((failed_layers + 1)); done
  node scripts/test-counts.mjs "$work" "$failed_layers"
  rm -rf "$work"
}
trap summary EXIT

# run_phase "name|command" ...: runs the commands side by side, each with its output kept apart and
# printed whole when it ends, then fails the script if any of them failed.
run_phase() {
  local -a pids=() labels=() starts=()
  local spec label cmd
  for spec in "$@"; do
    label=${spec%%|*}
    cmd=${spec#*|}
    printf '==> %s (started)\n' "$label"
    (bash -c "$cmd" >"$work/$label.log" 2>&1) &
    pids+=($!)
    labels+=("$label")
    starts+=("$SECONDS")
  done
  local failed=0 i status
  for i in "${!pids[@]}"; do
    wait "${pids[$i]}"
    status=$?
    printf '\n==> %s\n' "${labels[$i]}"
    cat "$work/${labels[$i]}.log"
    names+=("${labels[$i]}")
    times+=("$((SECONDS - starts[i]))")
    if [ "$status" -eq 0 ]; then results+=(ok); else
      results+=("FAILED (exit $status)")
      failed=1
    fi
  done
  if [ "$failed" -ne 0 ]; then
    printf '\nA test layer failed; later layers were not run.\n'
    exit 1
  fi
}

vitest_json() { printf -- '--reporter=default --reporter=json --outputFile.json=%s/%s.vitest.json' "$work" "$1"; }

# The API suite runs whole once, on PostgreSQL; PGlite runs the smoke set that covers what differs
# between the two (apps/server/test/pglite-smoke.txt, decision 0026). Without PostgreSQL binaries
# (outside CI) there is no PostgreSQL pass, so PGlite runs the whole suite instead: nothing is lost.
source scripts/pg-cluster.sh
if [ -n "$(pg_bindir)" ] || [ "${CI:-}" = "true" ]; then
  pglite_label="API on PGlite (smoke set)"
  pglite_files=$(grep -v '^[[:space:]]*\(#\|$\)' apps/server/test/pglite-smoke.txt | tr '\n' ' ')
else
  pglite_label="API on PGlite (whole suite: no PostgreSQL here)"
  pglite_files=
fi

run_phase \
  "typecheck|npm run typecheck" \
  "lint|npm run lint" \
  "dead code (knip)|npm run knip" \
  "migrations match the schema|bash scripts/check-migrations.sh" \
  "web build and server bundle (as npm start), then the shopper's initial JS budget (120 KB brotli)|node scripts/build-if-changed.mjs && node scripts/check-shopper-js-budget.mjs"

run_phase \
  "unit and component (domain, web)|npx vitest run --project domain --project web $(vitest_json unit)" \
  "API on PostgreSQL|bash scripts/test-postgres.sh $(vitest_json postgres)"

run_phase \
  "$pglite_label|npx vitest run --project server $pglite_files $(vitest_json pglite)" \
  "scale-out: 3 processes, PostgreSQL, Redis, S3, SMTP|bash scripts/test-scale-out.sh $(vitest_json scale-out)"

run_phase "end to end in Chromium|PLAYWRIGHT_JSON_OUTPUT_FILE=$work/e2e.playwright.json npx playwright test -c e2e/playwright.config.ts --reporter=list,json"

printf '\nAll test layers passed.\n'
