import { describe, expect, it } from 'vitest';
import { formatRupees } from './money';

describe('formatRupees', () => {
  it('shows paise as Rs with 2 decimals and Indian grouping', () => {
    expect(formatRupees(11_340_000)).toBe('Rs 1,13,400.00');
    expect(formatRupees(19_950)).toBe('Rs 199.50');
    expect(formatRupees(5)).toBe('Rs 0.05');
    expect(formatRupees(0)).toBe('Rs 0.00');
    expect(formatRupees(-50_000)).toBe('-Rs 500.00');
  });
});
