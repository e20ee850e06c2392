#!/usr/bin/env bash
# The whole test suite: `npm test`. Independent layers run side by side (the machine has 2 cores):
# first the checks (types and lint in two halves, format, knip, migrations) beside the builds, with the
# PGlite smoke set taken by whichever of those lanes ends first; then the API suite on PostgreSQL beside
# the unit layer and the browser journeys, with the scale-out suite taken by whichever of those lanes
# ends first. A failed phase stops the run. At the end it prints
# each layer's time and one closing line, 'Total: N passed, N failed', counted from the test
# runners' JSON reports.
set -uo pipefail
cd "$(dirname "$0")/.."

work=$(mktemp -d /tmp/zevar-test-XXXXXX)
# The run seeds the demo data three times (the journeys' server, seed-demo.test.ts, the scale-out
# cluster): their pictures' WebP encodings are kept here by content, so the first seed encodes them
# and the later ones copy (DEMO_PICTURE_CACHE_DIR, decision 0090). Removed with the run's directory.
export DEMO_PICTURE_CACHE_DIR="$work/demo-pictures"
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
# printed whole when it ends, then fails the script if any of them failed. One argument may hold
# several steps, "name|command ;; name|command": they run one after the other in that lane (a lane
# stops at its first failure), and each step is a layer of its own in the summary. An argument that
# starts with '+' is a step for whichever lane is free first (decision 0064): no lane of its own,
# each lane takes the next such step not yet taken once its own steps are done, so the phase ends
# when the work does rather than when the lane a step was written into does.
step_count=0
run_phase() {
  local -a pids=() own_lanes=() shared=()
  local lane spec label cmd
  local phase_dir
  phase_dir=$(mktemp -d "$work/phase-XXXXXX")
  for lane in "$@"; do
    [ "${lane:0:1}" = "+" ] || continue
    step_count=$((step_count + 1))
    spec=${lane:1}
    printf '%s' "${spec%%|*}" >"$work/step-$step_count.name"
    printf '%s' "${lane#*|}" >"$work/step-$step_count.cmd"
    shared+=("$step_count")
  done
  for lane in "$@"; do
    [ "${lane:0:1}" = "+" ] && continue
    local -a ids=()
    local rest=$lane
    while :; do
      spec=${rest%% ;; *}
      step_count=$((step_count + 1))
      ids+=("$step_count")
      printf '%s' "${spec%%|*}" >"$work/step-$step_count.name"
      printf '%s' "${spec#*|}" >"$work/step-$step_count.cmd"
      [ "$spec" = "$rest" ] && break
      rest=${rest#* ;; }
    done
    (
      run_step() {
        printf '==> %s (started)\n' "$(cat "$work/step-$1.name")"
        local begun=$SECONDS status
        bash -c "$(cat "$work/step-$1.cmd")" >"$work/step-$1.log" 2>&1
        status=$?
        echo "$((SECONDS - begun))" >"$work/step-$1.time"
        echo "$status" >"$work/step-$1.status"
        if [ "$status" -ne 0 ]; then
          : >"$phase_dir/failed"
          exit 1
        fi
      }
      for id in "${ids[@]}"; do run_step "$id"; done
      # Then the shared steps, each claimed by exactly one lane (mkdir is atomic), none after a failure.
      for id in "${shared[@]}"; do
        [ -e "$phase_dir/failed" ] && exit 0
        mkdir "$phase_dir/claim-$id" 2>/dev/null || continue
        run_step "$id"
      done
    ) &
    pids+=($!)
    own_lanes+=("${ids[*]}")
  done
  local failed=0 i id status
  for i in "${!pids[@]}"; do wait "${pids[$i]}" || failed=1; done
  for id in ${own_lanes[*]} "${shared[@]}"; do
    [ -f "$work/step-$id.status" ] || continue
    label=$(cat "$work/step-$id.name")
    status=$(cat "$work/step-$id.status")
    printf '\n==> %s\n' "$label"
    cat "$work/step-$id.log"
    names+=("$label")
    times+=("$(cat "$work/step-$id.time")")
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

# Types and lint share one TypeScript program per project (decision 0051): ESLint's type-aware rules
# build every project's program anyway, so the compiler's own errors are reported from it (types/tsc)
# instead of a second, separate tsc run. No ESLint cache here: a file's type errors depend on others.
# Prettier keeps a cache (a file's formatting depends only on its content, the options and the
# version, all in the cache's key), so a second local run checks only what changed; CI starts clean.
# TypeScript files are parsed with babel-ts (.prettierrc.json, decision 0058): about 30 % less CPU.
# Two ESLint processes, one for the browser's side and one for everything else, so that both cores
# work and no project's program is built twice; together they lint every file once.
# The PGlite smoke set needs nothing built, so it runs here (decision 0092): the other checks end well
# before the second ESLint process, whose last part left a core idle, and at the end of the second
# phase it was the last step running, one vitest worker on one of the two cores.
browser_side=(apps/web e2e test-support)
types_and_lint="npx eslint --max-warnings=0 --rule 'types/tsc: error'"
run_phase \
  "types and lint: web, e2e, test-support|$types_and_lint ${browser_side[*]}" \
  "types and lint: server, domain, bench, scripts|$types_and_lint . $(printf -- "--ignore-pattern '%s/**' " "${browser_side[@]}")" \
  "format (prettier)|npx prettier --check . --log-level warn --cache --cache-strategy content --cache-location node_modules/.cache/prettier/check.json" \
  "dead code (knip)|npm run knip" \
  "migrations match the schema|bash scripts/check-migrations.sh" \
  "web build and server bundle (as npm start), then the shopper's initial JS budget (120 KB brotli)|node scripts/build-if-changed.mjs && node scripts/check-shopper-js-budget.mjs" \
  "+$pglite_label|npx vitest run --project server $pglite_files $(vitest_json pglite)"

# Everything after the checks in one phase: three lanes (the API suite on PostgreSQL, the longest,
# listed first; the unit layer; the browser journeys in two Playwright workers), and the scale-out suite
# for whichever lane is free first (decisions 0051, 0064, 0090, 0092).
# The API suite runs its files in two workers (vitest's default on 2 cores is one): it was the longest
# chain of the run, one file after another, each waiting on PostgreSQL as much as on its own CPU, while
# the other lanes had ended 8-86 s before it (decision 0090). Each worker copies the migrated template
# for each file as before; the files share nothing else.
run_phase \
  "API on PostgreSQL|bash scripts/test-postgres.sh --maxWorkers=2 $(vitest_json postgres)" \
  "unit and component (domain, web)|npx vitest run --project domain --project web $(vitest_json unit)" \
  "end to end in Chromium|PLAYWRIGHT_JSON_OUTPUT_FILE=$work/e2e.playwright.json npx playwright test -c e2e/playwright.config.ts --reporter=list,json" \
  "+scale-out: 3 processes, PostgreSQL, Redis, S3, SMTP|bash scripts/test-scale-out.sh $(vitest_json scale-out)"

printf '\nAll test layers passed.\n'
