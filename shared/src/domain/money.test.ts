import { describe, expect, it } from 'vitest';
import { formatRupees } from './money';

describe('formatRupees', () => {
  it('shows paise as Rs with 2 decimals and Indian grouping', () => {
    expect(formatRupees(11_340_000)).toBe('Rs 1,13,400.00');
    expect(formatRupees(19_950)).toBe('Rs 199.50');
    expect(formatRupees(5)).toBe('Rs 0.05');
    expect(formatRupees(0)).toBe('Rs 0.00');
    expect(formatRupees(-50_000)).toBe('-Rs 500.00');
    expect(formatRupees(99_999)).toBe('Rs 999.99');
    expect(formatRupees(100_000)).toBe('Rs 1,000.00');
    expect(formatRupees(1_234_567_890_12)).toBe('Rs 1,23,45,67,890.12');
  });

  it('groups every size as en-IN does', () => {
    const grouping = new Intl.NumberFormat('en-IN');
    for (let rupees = 1; rupees < Number.MAX_SAFE_INTEGER / 100; rupees = rupees * 7 + 3) {
      expect(formatRupees(rupees * 100 + 7)).toBe(`Rs ${grouping.format(rupees)}.07`);
    }
  });
});
