import { describe, expect, it } from 'vitest';
import { flagGroups, withFlag } from './student-flags';

describe('student config flags', () => {
  it('shows menu pages on unless explicitly off, test flags off unless on', () => {
    const [menu, tests] = flagGroups({ MY_FEE: 'false', HIDE_TEST_REVIEW: 'true', DESK: 1 });
    expect(menu?.switches.find((s) => s.key === 'MY_FEE')?.on).toBe(false);
    expect(menu?.switches.find((s) => s.key === 'DESK')?.on).toBe(true);
    expect(tests?.switches.find((s) => s.key === 'HIDE_TEST_REVIEW')?.on).toBe(true);
    expect(tests?.switches.find((s) => s.key === 'SKIP_PREPARE')?.on).toBe(false);
  });

  it('stores only what differs from the default and keeps unknown keys', () => {
    expect(withFlag({ OTHER: 'x' }, 'MY_FEE', false)).toEqual({ OTHER: 'x', MY_FEE: false });
    expect(withFlag({ MY_FEE: false }, 'MY_FEE', true)).toEqual({});
    expect(withFlag({}, 'HIDE_TEST_REVIEW', true)).toEqual({ HIDE_TEST_REVIEW: true });
    expect(withFlag({ HIDE_TEST_REVIEW: 'yes' }, 'HIDE_TEST_REVIEW', false)).toEqual({});
  });
});
