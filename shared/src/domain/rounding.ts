/**
 * One rounding rule for every reported figure: 2 decimals, half away from zero, applied once to
 * the final figure (never to parts that are then added). toPrecision(15) first removes binary
 * noise, so 1.005 rounds to 1.01 and 0.1 + 0.2 to 0.3.
 */
export function round2(value: number): number {
  if (!Number.isFinite(value)) return 0;
  const scaled = Number((Math.abs(value) * 100).toPrecision(15));
  const rounded = Math.round(scaled) / 100;
  // `|| 0` turns -0 into 0.
  return (value < 0 ? -rounded : rounded) || 0;
}

/** part / whole as a percentage with 2 decimals; 0 when whole is 0. */
export function percent(part: number, whole: number): number {
  return whole === 0 ? 0 : round2((part / whole) * 100);
}

/** a / b with 2 decimals; 0 when b is 0. */
export function ratio(a: number, b: number): number {
  return b === 0 ? 0 : round2(a / b);
}
