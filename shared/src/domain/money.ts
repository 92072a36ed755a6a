/**
 * An amount of paise as the portal shows money (spec section 9: Rs with 2 decimals), with Indian
 * digit grouping: 11340000 -> 'Rs 1,13,400.00'. Integer arithmetic: no float rounding on the way.
 */
export function formatRupees(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(paise));
  const rupees = Math.floor(abs / 100).toLocaleString('en-IN');
  return `${sign}Rs ${rupees}.${String(abs % 100).padStart(2, '0')}`;
}
