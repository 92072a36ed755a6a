/**
 * An amount of paise as the portal shows money (spec section 9: Rs with 2 decimals), with Indian
 * digit grouping: 11340000 -> 'Rs 1,13,400.00'. Integer arithmetic: no float rounding on the way.
 */
export function formatRupees(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(paise));
  return `${sign}Rs ${groupIndian(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Indian grouping of a whole number: the last three digits, then pairs (1,13,400; 12,34,56,789).
 * Written out rather than Intl.NumberFormat('en-IN'): building that formatter loads ICU's locale
 * data, about 90 ms on a phone the first time, paid by every page that shows an amount.
 */
function groupIndian(whole: number): string {
  const digits = String(whole);
  if (digits.length <= 3) return digits;
  return `${digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`;
}
