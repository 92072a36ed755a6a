import { describe, expect, it } from 'vitest';
import { percent, ratio, round2 } from './rounding';

describe('round2', () => {
  it('rounds half away from zero, without binary noise', () => {
    expect(round2(1.005)).toBe(1.01);
    expect(round2(0.1 + 0.2)).toBe(0.3);
    expect(round2(2.675)).toBe(2.68);
    expect(round2(-1.005)).toBe(-1.01);
    expect(round2(-0.001)).toBe(0);
    expect(Object.is(round2(-0.001), -0)).toBe(false);
    expect(round2(33.333333)).toBe(33.33);
    expect(round2(Number.NaN)).toBe(0);
  });
  it('guards division by zero', () => {
    expect(percent(1, 3)).toBe(33.33);
    expect(percent(2, 3)).toBe(66.67);
    expect(percent(5, 0)).toBe(0);
    expect(ratio(10, 3)).toBe(3.33);
    expect(ratio(10, 0)).toBe(0);
  });
});
