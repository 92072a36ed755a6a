import { describe, expect, it } from 'vitest';
import { isFlagOn } from './config-flag';

describe('isFlagOn', () => {
  it('reads the hand-written forms of on', () => {
    for (const on of [true, 'true', 'TRUE', ' True ', 1, '1']) expect(isFlagOn(on)).toBe(true);
  });
  it('treats everything else as off', () => {
    for (const off of [false, 'false', 0, '0', '', 'yes', 2, null, undefined, {}, []]) expect(isFlagOn(off)).toBe(false);
  });
});
