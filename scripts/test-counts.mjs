// Reads the JSON reports that scripts/test.sh asked each test runner to write into one folder and
// prints the counts per layer, the tests that failed (each with the first line of its error: CI shows
// only the end of the output, where a failing unit test's own log is far above), and the closing line
// 'Total: N passed, N failed, N skipped'.
// Usage: node scripts/test-counts.mjs <folder> [number of failed layers]
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const [dir, extraFailedArg] = process.argv.slice(2);
const extraFailed = Number(extraFailedArg ?? 0) || 0;
let passed = 0;
let failed = 0;
let skipped = 0;
let reportsWithFailures = 0;
const failures = [];

/** The first line of an error message, without colour codes, kept short. */
function firstLine(message) {
  const line = String(message ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .find((l) => l.trim() !== '');
  return (line ?? '').trim().slice(0, 200);
}

function vitestFailures(report) {
  const root = process.cwd() + path.sep;
  const out = [];
  for (const file of report.testResults ?? []) {
    const name = String(file.name ?? '').replace(root, '');
    const failing = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failing)
      out.push(`${name} > ${t.fullName ?? t.title}: ${firstLine(t.failureMessages?.[0])}`);
    if (failing.length === 0 && file.status === 'failed') out.push(`${name}: ${firstLine(file.message)}`);
  }
  return out;
}

function playwrightFailures(report) {
  const out = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status !== 'unexpected') continue;
        const last = (t.results ?? []).at(-1);
        out.push(`${spec.file} > ${[...titles, spec.title].join(' > ')}: ${firstLine(last?.error?.message)}`);
      }
    }
    for (const child of suite.suites ?? [])
      walk(child, [...titles, ...(child.title && !child.title.endsWith('.ts') ? [child.title] : [])]);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return out;
}

function countVitest(report) {
  return {
    passed: report.numPassedTests ?? 0,
    // A file that failed to load has no failing test of its own: it counts as one.
    failed: (report.numFailedTests ?? 0) || (report.success === false ? 1 : 0),
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

function countPlaywright(report) {
  const s = report.stats ?? {};
  return {
    passed: (s.expected ?? 0) + (s.flaky ?? 0),
    failed: s.unexpected ?? 0,
    skipped: s.skipped ?? 0,
    // Passed only on the retry (e2e/playwright.config.ts): counted as passed, and named.
    flaky: s.flaky ?? 0,
  };
}

const files = dir
  ? readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()
  : [];
for (const file of files) {
  let report;
  try {
    report = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  } catch {
    console.log(`  ${file}: unreadable report`);
    failed += 1;
    continue;
  }
  const isPlaywright = file.endsWith('.playwright.json');
  const c = isPlaywright ? countPlaywright(report) : countVitest(report);
  if (c.failed > 0) failures.push(...(isPlaywright ? playwrightFailures(report) : vitestFailures(report)));
  console.log(
    `  ${file.replace(/\.(vitest|playwright)\.json$/, '')}: ${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped${c.flaky ? ` (${c.flaky} flaky: passed on the retry)` : ''}`,
  );
  passed += c.passed;
  failed += c.failed;
  if (c.failed > 0) reportsWithFailures += 1;
  skipped += c.skipped;
}
// A failed layer whose report shows no failing test (typecheck, lint, a crash) counts as one failure.
failed += Math.max(0, extraFailed - reportsWithFailures);
if (failures.length > 0) {
  console.log('Failed:');
  for (const f of failures.slice(0, 20)) console.log(`  ${f}`);
  if (failures.length > 20) console.log(`  ... and ${failures.length - 20} more`);
}
console.log(`Total: ${passed} passed, ${failed} failed, ${skipped} skipped`);
