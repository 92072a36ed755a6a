import { describe, expect, it } from 'vitest';
import { formatRupees } from '@invigil/shared/domain/money';
import { dateTime, rupees } from './staff-fees-format';

describe('the fee screens\' formats', () => {
  it('shows money as the student\'s My Fees does', () => {
    for (const paise of [0, 5, 150_050, 11_340_000, 123_456_789, -2500]) expect(rupees(paise)).toBe(formatRupees(paise));
  });
  it('shows a time as hh:mm a, dd LLL, yyyy', () => {
    expect(dateTime(new Date(2026, 10, 28, 9, 5).getTime())).toBe('09:05 AM, 28 Nov, 2026');
    expect(dateTime(new Date(2026, 0, 2, 12, 30).getTime())).toBe('12:30 PM, 02 Jan, 2026');
  });
});
