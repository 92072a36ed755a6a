import { describe, expect, it } from 'vitest';
import { formatDuration, formatMarks, formatNumber, formatPercent } from './format';

describe('formatDuration', () => {
  it('picks the largest units', () => {
    expect(formatDuration(0)).toBe('0s');
    expect(formatDuration(45)).toBe('45s');
    expect(formatDuration(185)).toBe('3m 05s');
    expect(formatDuration(3725)).toBe('1h 02m 05s');
  });
  it('rounds and never goes below zero', () => {
    expect(formatDuration(59.6)).toBe('1m 00s');
    expect(formatDuration(-5)).toBe('0s');
    expect(formatDuration(Number.NaN)).toBe('0s');
  });
});

describe('numbers', () => {
  it('drops trailing zeros and noise', () => {
    expect(formatNumber(12.5)).toBe('12.5');
    expect(formatNumber(-2)).toBe('-2');
    expect(formatNumber(-0)).toBe('0');
    expect(formatNumber(0.1 + 0.2)).toBe('0.3');
    expect(formatNumber(Infinity)).toBe('0');
  });
  it('formats percentages and signed marks', () => {
    expect(formatPercent(66.67)).toBe('66.67%');
    expect(formatMarks(4)).toBe('+4');
    expect(formatMarks(-1)).toBe('-1');
    expect(formatMarks(0)).toBe('0');
  });
});
