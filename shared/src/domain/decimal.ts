/**
 * Exact decimal numbers for comparing typed numerical answers with keys: '1.50', '1.5' and
 * '-0' must compare without binary floating-point surprises (1.005 is 1.00499... as a double).
 */

/** value = units / 10^scale */
export interface Decimal {
  units: bigint;
  scale: number;
}

/** Plain decimals only: optional sign, digits with an optional point ('1.', '.5'); no exponent, no spaces inside. */
export const DECIMAL_PATTERN = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

export function parseDecimal(text: string): Decimal | null {
  const trimmed = text.trim();
  if (!DECIMAL_PATTERN.test(trimmed)) return null;
  const negative = trimmed.startsWith('-');
  const body = trimmed.replace(/^[+-]/, '');
  const [whole = '', fraction = ''] = body.split('.');
  const units = BigInt(`${whole}${fraction}` || '0');
  return { units: negative ? -units : units, scale: fraction.length };
}

/** The value as units of 10^-scale, rounding half away from zero when precision is dropped. */
export function unitsAtScale(value: Decimal, scale: number): bigint {
  if (scale >= value.scale) return value.units * 10n ** BigInt(scale - value.scale);
  const divisor = 10n ** BigInt(value.scale - scale);
  const magnitude = value.units < 0n ? -value.units : value.units;
  let quotient = magnitude / divisor;
  if ((magnitude % divisor) * 2n >= divisor) quotient += 1n;
  return value.units < 0n ? -quotient : quotient;
}

/** -1, 0 or 1. */
export function compareDecimals(a: Decimal, b: Decimal): number {
  const scale = Math.max(a.scale, b.scale);
  const x = unitsAtScale(a, scale);
  const y = unitsAtScale(b, scale);
  return x < y ? -1 : x > y ? 1 : 0;
}
