#!/usr/bin/env bash
# The whole test suite: `npm test`. Its layers run side by side in one phase (the machine has 2 cores;
# decision 0099): the API suite on PostgreSQL, the two halves of types and lint, and the builds followed
# by the browser journeys start at once; the other layers (the PGlite smoke set, unit, the PGlite-only
# files, scale-out, format, knip, migrations) are taken, longest first, by whichever lane is free
# first. A failed step stops every step not yet begun. At the end it prints each layer's wall clock
# and CPU and one closing line, 'Total: N passed, N failed, N skipped', counted from the test
# runners' JSON reports.
set -uo pipefail
cd "$(dirname "$0")/.."

work=$(mktemp -d /tmp/zevar-test-XXXXXX)
# The run seeds the demo data three times (the journeys' server, seed-demo.test.ts, the scale-out
# cluster): their pictures' WebP encodings are kept here by content, so the first seed encodes them
# and the later ones copy (DEMO_PICTURE_CACHE_DIR, decision 0090). Removed with the run's directory.
export DEMO_PICTURE_CACHE_DIR="$work/demo-pictures"
declare -a names=() times=() cpus=() results=()
started=$SECONDS

summary() {
  printf '\n==> layer times (wall clock; CPU s: user + sys of the step and its processes)\n'
  local i
  for i in "${!names[@]}"; do
    printf '  %-34s %5ss %5s CPU s  %s\n' "${names[$i]}" "${times[$i]}" "${cpus[$i]}" "${results[$i]}"
  done
  printf '  %-34s %5ss\n' 'total (wall clock)' "$((SECONDS - started))"
  local failed_layers=0
  for i in "${!results[@]}"; do [ "${results[$i]:0:6}" = FAILED ] && failed_layers=$((failed_layers + 1)); done
  node scripts/test-counts.mjs "$work" "$failed_layers"
  rm -rf "$work"
}
trap summary EXIT

# run_phase "name|command" ...: runs the commands side by side, each with its output kept apart and
# printed whole when it ends, then fails the script if any of them failed. One argument may hold
# several steps, "name|command ;; name|command": they run one after the other in that lane. An
# argument that starts with '+' is a step for whichever lane is free first (decision 0064): no lane of
# its own, each lane takes the next such step not yet taken once its own steps are done, so the phase
# ends when the work does rather than when the lane a step was written into does. Once a step has
# failed no step starts (steps already running end and are reported): the summary names the failed
# step and lists the others as not run (decision 0099).
# Each step's CPU (user + sys of its process tree, from bash's `times`) is kept beside its wall clock;
# a server a step starts as a daemon (the PostgreSQL clusters) is not in it.
step_count=0
failed_flag="$work/failed"
run_phase() {
  local -a pids=() own_lanes=() shared=()
  local lane spec label cmd
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
        [ -e "$failed_flag" ] && exit 0
        printf '==> %s (started at %ss)\n' "$(cat "$work/step-$1.name")" "$((SECONDS - started))"
        local begun=$SECONDS status
        bash -c 'trap "times >\"\$0\"" EXIT'$'\n'"$(cat "$work/step-$1.cmd")" "$work/step-$1.cpu" >"$work/step-$1.log" 2>&1
        status=$?
        # 75: the step waited for another that failed, and did not begin.
        [ "$status" -eq 75 ] && exit 0
        echo "$((SECONDS - begun))" >"$work/step-$1.time"
        echo "$status" >"$work/step-$1.status"
        if [ "$status" -ne 0 ]; then
          : >"$failed_flag"
          exit 1
        fi
      }
      for id in "${ids[@]}"; do run_step "$id"; done
      # Then the shared steps, each claimed by exactly one lane (mkdir is atomic), none after a failure.
      for id in "${shared[@]}"; do
        [ -e "$failed_flag" ] && exit 0
        mkdir "$work/claim-$id" 2>/dev/null || continue
        run_step "$id"
      done
    ) &
    pids+=($!)
    own_lanes+=("${ids[*]}")
  done
  local failed=0 i id status
  for i in "${!pids[@]}"; do wait "${pids[$i]}" || failed=1; done
  for id in ${own_lanes[*]} "${shared[@]}"; do
    label=$(cat "$work/step-$id.name")
    if [ ! -f "$work/step-$id.status" ]; then
      names+=("$label")
      times+=(-)
      cpus+=(-)
      results+=("not run (a step failed)")
      continue
    fi
    status=$(cat "$work/step-$id.status")
    printf '\n==> %s\n' "$label"
    cat "$work/step-$id.log"
    names+=("$label")
    times+=("$(cat "$work/step-$id.time")")
    # `times` prints the shell's own times, then its children's: 1m2.345s 0m6.789s
    cpus+=("$(awk 'NR == 2 { for (f = 1; f <= 2; f++) { split($f, t, /[ms]/); c += t[1] * 60 + t[2] } printf "%.0f", c }' "$work/step-$id.cpu" 2>/dev/null)")
    if [ "$status" -eq 0 ]; then results+=(ok); else
      results+=("FAILED (exit $status)")
      failed=1
    fi
  done
  if [ "$failed" -ne 0 ] || [ -e "$failed_flag" ]; then
    printf '\nA test layer failed; the steps not yet begun were not run.\n'
    exit 1
  fi
}

vitest_json() { printf -- '--reporter=default --reporter=json --outputFile.json=%s/%s.vitest.json' "$work" "$1"; }

# The API suite runs whole once, on PostgreSQL; PGlite runs the smoke set that covers what differs
# between the two (apps/server/test/pglite-smoke.txt, decision 0026). Without PostgreSQL binaries
# (outside CI) there is no PostgreSQL pass, so PGlite runs the whole suite instead: nothing is lost.
# The files that run on PGlite whatever the run's database (apps/server/test/pglite-only.txt: they
# open PGlite themselves) are a free step of their own, beside the smoke set, and are left out of the
# PostgreSQL pass, where they ran on PGlite all the same (decision 0105).
source scripts/pg-cluster.sh
listed() { grep -v '^[[:space:]]*\(#\|$\)' "$1" | tr '\n' ' '; }
postgres_excludes=
pglite_only_step=()
if [ -n "$(pg_bindir)" ] || [ "${CI:-}" = "true" ]; then
  pglite_label="API on PGlite (smoke set)"
  pglite_files=$(listed apps/server/test/pglite-smoke.txt)
  pglite_only_step=("+API on PGlite (the files that open PGlite themselves)|npx vitest run --project server $(listed apps/server/test/pglite-only.txt) $(vitest_json pglite-only)")
  # vitest's --exclude globs are relative to the project's directory (apps/server).
  for file in $(listed apps/server/test/pglite-only.txt); do
    postgres_excludes+=" --exclude ${file#apps/server/}"
  done
else
  pglite_label="API on PGlite (whole suite: no PostgreSQL here)"
  pglite_files=
fi

# One phase (decision 0099): every layer starts as soon as what it needs is there, so that the two
# cores are never left to one chain. Four lanes start at once: the API suite on PostgreSQL (the longest,
# a chain of files that waits on PostgreSQL as much as it computes: it ran alone at the end of the old
# second phase with cores to spare, decision 0090), the two halves of types and lint (the longest
# single processes), and the builds followed by the journeys (which run the bundle `npm start` runs).
# The other layers are free steps, longest first, taken by whichever lane ends first (decision 0064);
# the scale-out suite, which runs the same bundle, waits for the builds if it is taken before them.
#
# Types and lint share one TypeScript program per project (decision 0051): ESLint's type-aware rules
# build every project's program anyway, so the compiler's own errors are reported from it (types/tsc)
# instead of a second, separate tsc run. No ESLint cache here: a file's type errors depend on others.
# Prettier keeps a cache (a file's formatting depends only on its content, the options and the
# version, all in the cache's key), so a second local run checks only what changed; CI starts clean.
# TypeScript files are parsed with babel-ts (.prettierrc.json, decision 0058): about 30 % less CPU.
# Two ESLint processes, one for the browser's side and one for everything else, so that both cores
# work and no project's program is built twice; together they lint every file once.
# The API suite on PostgreSQL runs its files in three workers, its slowest files first (decisions 0090,
# 0099: it waits on the database about half its wall clock, so a third worker shortens the run);
# each worker copies the migrated template for each file; the files share nothing else.
browser_side=(apps/web e2e test-support)
types_and_lint="npx eslint --max-warnings=0 --rule 'types/tsc: error'"
built="$work/built"
# Exit 75: the step did not begin (the builds failed); the summary lists it as not run.
wait_for_build="until [ -e '$built' ]; do [ -e '$failed_flag' ] && exit 75; sleep 1; done"
run_phase \
  "API on PostgreSQL|bash scripts/test-postgres.sh --maxWorkers=3$postgres_excludes $(vitest_json postgres)" \
  "types and lint: server, domain, bench, scripts|$types_and_lint . $(printf -- "--ignore-pattern '%s/**' " "${browser_side[@]}")" \
  "types and lint: web, e2e, test-support|$types_and_lint ${browser_side[*]}" \
  "web build and server bundle (as npm start), then the shopper's initial JS budget (120 KB brotli)|node scripts/build-if-changed.mjs && node scripts/check-shopper-js-budget.mjs && touch '$built' ;; end to end in Chromium|PLAYWRIGHT_JSON_OUTPUT_FILE=$work/e2e.playwright.json npx playwright test -c e2e/playwright.config.ts --reporter=list,json" \
  "+$pglite_label|npx vitest run --project server $pglite_files $(vitest_json pglite)" \
  "+unit and component (domain, web)|npx vitest run --project domain --project web $(vitest_json unit)" \
  "${pglite_only_step[@]}" \
  "+scale-out: 3 processes, PostgreSQL, Redis, S3, SMTP|$wait_for_build; bash scripts/test-scale-out.sh $(vitest_json scale-out)" \
  "+format (prettier)|npx prettier --check . --log-level warn --cache --cache-strategy content --cache-location node_modules/.cache/prettier/check.json" \
  "+dead code (knip)|npm run knip" \
  "+migrations match the schema|bash scripts/check-migrations.sh"

printf '\nAll test layers passed.\n'
