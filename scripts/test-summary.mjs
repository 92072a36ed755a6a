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

for (const name of expected) {
  const file = join(dir, `${name}.json`);
  if (!existsSync(file)) {
    missing.push(name);
    failed += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
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
if (missing.length) console.log(`Did not run or did not finish: ${missing.join(', ')}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
