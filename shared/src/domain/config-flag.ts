/**
 * Config flags are written by hand by institutes, so "on" arrives as true, 'true' (any case),
 * 1 or '1'. Anything else, including a missing key, is off.
 */
export function isFlagOn(value: unknown): boolean {
  if (value === true || value === 1) return true;
  if (typeof value !== 'string') return false;
  const text = value.trim().toLowerCase();
  return text === 'true' || text === '1';
}
