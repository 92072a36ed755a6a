import { describe, expect, it } from 'vitest';
import { parseRupees, rupeesField } from './staff-fees-text';

describe('rupees typed by the staff', () => {
  it('parses whole rupees, one or two decimals and grouping to exact paise', () => {
    expect(parseRupees('1500')).toBe(150_000);
    expect(parseRupees('1,500.5')).toBe(150_050);
    expect(parseRupees(' Rs 12,500.05 ')).toBe(1_250_005);
    expect(parseRupees('0.01')).toBe(1);
    // 0.1 + 0.2 style float errors cannot happen: digits are read, not multiplied.
    expect(parseRupees('1234567.89')).toBe(123_456_789);
  });
  it('refuses what is not an amount', () => {
    for (const text of ['', 'abc', '1.234', '-5', '1e3', '1.']) expect(parseRupees(text), text).toBeNull();
  });
  it('writes paise back for a form field', () => {
    expect(rupeesField(150_050)).toBe('1500.50');
    expect(rupeesField(5)).toBe('0.05');
    expect(parseRupees(rupeesField(987_654_321))).toBe(987_654_321);
  });
});
