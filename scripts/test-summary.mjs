#!/usr/bin/env node
// Sums the JSON reports of every runner (vitest, Playwright) into one closing line:
// "N passed, N failed[, N skipped]". A runner that never wrote its report counts as one failure.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2];
const expected = ['unit', 'server-sqlite', 'server-postgres', 'cluster', 'e2e'];
let passed = 0;
let failed = 0;
let skipped = 0;
const missing = [];
/** Where the time went: each runner's slowest files, for keeping the suite within CI's time. */
const slowest = [];

/** Seconds per test file: vitest's files (start to end), Playwright's (its tests' tries added up). */
function fileSeconds(report) {
  if (Array.isArray(report.testResults)) {
    return report.testResults.map((file) => [file.name, ((file.endTime ?? 0) - (file.startTime ?? 0)) / 1000]);
  }
  const totals = new Map();
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        for (const result of test.results ?? []) totals.set(file, (totals.get(file) ?? 0) + (result.duration ?? 0) / 1000);
      }
    }
    for (const child of suite.suites ?? []) walk(child, file);
  };
  for (const suite of report.suites ?? []) walk(suite, suite.file ?? suite.title);
  return [...totals];
}

for (const name of expected) {
  const file = join(dir, `${name}.json`);
  if (!existsSync(file)) {
    missing.push(name);
    failed += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const files = fileSeconds(report).sort((a, b) => b[1] - a[1]).slice(0, 5);
  if (files.length) slowest.push(`${name}: ${files.map(([path, seconds]) => `${String(path).replace(/^.*?\/(?=(?:server|portal|shared|extension|e2e)\/)/, '')} ${seconds.toFixed(0)} s`).join(', ')}`);
  if (report.stats && 'expected' in report.stats) {
    // Playwright: expected = passed, unexpected = failed, flaky passed on retry.
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
  } else {
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    // A suite whose setup failed (beforeAll) fails with its tests only skipped: count it once.
    if (report.success === false && !report.numFailedTests) failed += 1;
  }
}

console.log('');
if (slowest.length) console.log(`Slowest files:\n  ${slowest.join('\n  ')}`);
if (missing.length) console.log(`Did not run or did not finish: ${missing.join(', ')}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
