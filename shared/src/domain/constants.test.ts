import { describe, expect, it } from 'vitest';
import * as c from './constants';

describe('constants (spec section 9)', () => {
  it('has the spec values', () => {
    expect(c.TICK_MS).toBe(1000);
    expect(c.AUTOSAVE_INTERVAL).toBe(300);
    expect([c.PING_INTERVAL_INITIAL, c.PING_INTERVAL]).toEqual([4, 20]);
    expect(c.NOTIFY_UPLOAD_BEFORE).toBe(500);
    expect([c.SUBMIT_REDIRECT_MS, c.START_REDIRECT_MS, c.REFRESH_HIDE_MS]).toEqual([5000, 500, 10_000]);
    expect([c.MAX_BLUR_ALLOWED_TIME, c.MAX_BLUR_ALLOWED_TIME_M, c.WARNING_OFFSET, c.MOBILE_WIDTH]).toEqual([10, 40, 10, 500]);
    expect(c.REPORT_MAX_CHARS).toBe(500);
  });
  it('has the spec messages', () => {
    expect(c.REPORT_EMPTY_MESSAGE).toBe("It can't be empty");
    expect(c.REPORT_TOO_LONG_MESSAGE).toBe('Max characters (500) exceeded!');
    expect(c.REPORT_UNRESOLVED_MESSAGE).toBe('Please resolve the report first!');
    expect(c.ACCESS_CODE_REQUIRED_MESSAGE).toBe('Access Code is required');
  });
  it('picks blur defaults by screen', () => {
    expect(c.defaultBlurAllowedCount(1280)).toBe(50);
    expect(c.defaultBlurAllowedCount(500)).toBe(50);
    expect(c.defaultBlurAllowedCount(499)).toBe(10);
    expect(c.defaultMaxBlurAllowedTime(false)).toBe(10);
    expect(c.defaultMaxBlurAllowedTime(true)).toBe(40);
  });
});
