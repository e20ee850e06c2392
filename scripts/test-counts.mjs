// Reads the JSON reports that scripts/test.sh asked each test runner to write into one folder and
// prints the counts per layer and the closing line 'Total: N passed, N failed, N skipped'.
// Usage: node scripts/test-counts.mjs <folder> [number of failed layers]
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const [dir, extraFailedArg] = process.argv.slice(2);
const extraFailed = Number(extraFailedArg ?? 0) || 0;
let passed = 0;
let failed = 0;
let skipped = 0;
let reportsWithFailures = 0;

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
  const c = file.endsWith('.playwright.json') ? countPlaywright(report) : countVitest(report);
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
console.log(`Total: ${passed} passed, ${failed} failed, ${skipped} skipped`);
