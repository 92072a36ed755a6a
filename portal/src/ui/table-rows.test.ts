import { describe, expect, it } from 'vitest';
import { formatRupees } from '@invigil/shared/domain/money';
import { pageOf } from './table-rows';

describe('certificate tables', () => {
  const rows = Array.from({ length: 23 }, (_, i) => i + 1);

  it('pages rows 10, 20 or 50 at a time, keeping the page within the list', () => {
    expect(pageOf(rows, 1, 10)).toMatchObject({ rows: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], page: 1, pages: 3, first: 0 });
    expect(pageOf(rows, 3, 10)).toMatchObject({ rows: [21, 22, 23], page: 3, first: 20 });
    expect(pageOf(rows, 3, 20)).toMatchObject({ rows: [21, 22, 23], page: 2, pages: 2 });
    expect(pageOf(rows, 1, 50).rows).toHaveLength(23);
    expect(pageOf([], 4, 10)).toEqual({ rows: [], page: 1, pages: 1, first: 0 });
  });

  it('shows paise as Rs with 2 decimals', () => {
    expect(formatRupees(15_000)).toBe('Rs 150.00');
    expect(formatRupees(19_950)).toBe('Rs 199.50');
    expect(formatRupees(5)).toBe('Rs 0.05');
    expect(formatRupees(12_345_678)).toBe('Rs 1,23,456.78');
  });
});
