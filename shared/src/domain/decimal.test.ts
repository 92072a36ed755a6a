import { describe, expect, it } from 'vitest';
import { compareDecimals, parseDecimal, unitsAtScale } from './decimal';

const d = (text: string) => {
  const value = parseDecimal(text);
  if (!value) throw new Error(`not a decimal: ${text}`);
  return value;
};

describe('parseDecimal', () => {
  it('reads plain decimals exactly', () => {
    expect(parseDecimal('1.50')).toEqual({ units: 150n, scale: 2 });
    expect(parseDecimal(' -0.5 ')).toEqual({ units: -5n, scale: 1 });
    expect(parseDecimal('+3')).toEqual({ units: 3n, scale: 0 });
    expect(parseDecimal('1.')).toEqual({ units: 1n, scale: 0 });
    expect(parseDecimal('.25')).toEqual({ units: 25n, scale: 2 });
    expect(parseDecimal('-0')).toEqual({ units: 0n, scale: 0 });
  });
  it('refuses anything else', () => {
    for (const text of ['', ' ', '-', '.', '-.', '1e3', '1,5', '0x10', 'Infinity', 'NaN', '1 000', '--1', '1.2.3', 'abc']) {
      expect(parseDecimal(text)).toBeNull();
    }
  });
});

describe('arithmetic', () => {
  it('compares across scales, with -0 equal to 0', () => {
    expect(compareDecimals(d('1.5'), d('1.50'))).toBe(0);
    expect(compareDecimals(d('-0'), d('0.000'))).toBe(0);
    expect(compareDecimals(d('-1.2'), d('-1.19'))).toBe(-1);
    expect(compareDecimals(d('10'), d('9.999'))).toBe(1);
  });
  it('rounds half away from zero without float error', () => {
    expect(unitsAtScale(d('1.005'), 2)).toBe(101n);
    expect(unitsAtScale(d('1.004999'), 2)).toBe(100n);
    expect(unitsAtScale(d('-1.005'), 2)).toBe(-101n);
    expect(unitsAtScale(d('2.5'), 0)).toBe(3n);
    expect(unitsAtScale(d('-2.5'), 0)).toBe(-3n);
    expect(unitsAtScale(d('1.5'), 3)).toBe(1500n);
  });
});
