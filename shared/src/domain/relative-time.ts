/**
 * "{n} {unit}" in the largest whole unit of a duration, for 'Test ended {x} ago'. Months are 30
 * days and years 365 days: a label, not a calendar computation.
 */
const UNITS: readonly [name: string, ms: number][] = [
  ['year', 365 * 24 * 3600 * 1000],
  ['month', 30 * 24 * 3600 * 1000],
  ['day', 24 * 3600 * 1000],
  ['hour', 3600 * 1000],
  ['minute', 60 * 1000],
  ['second', 1000],
];

/** '1 minute', '3 days', '0 seconds' under a second; the sign of `ms` is ignored. */
export function formatLargestUnit(ms: number): string {
  const magnitude = Number.isFinite(ms) ? Math.abs(ms) : 0;
  for (const [name, size] of UNITS) {
    const count = Math.floor(magnitude / size);
    if (count >= 1) return `${count} ${name}${count === 1 ? '' : 's'}`;
  }
  return '0 seconds';
}

/** 'Test ended {x} ago' for a test whose time_to_start is `timeToStartMs` (negative once ended). */
export function testEndedLabel(timeToStartMs: number): string {
  return `Test ended ${formatLargestUnit(timeToStartMs)} ago`;
}
