import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { errorMessage, fieldIssue, formatRupees, needsRecentLogin, orNA } from './profile-messages';

describe('profile messages', () => {
  it('tells the recent-login refusal by its code', () => {
    expect(needsRecentLogin(new ApiError('x', 403, { message: 'x', code: 'auth/requires-recent-login' }))).toBe(true);
    expect(needsRecentLogin(new ApiError('x', 403, { message: 'x' }))).toBe(false);
    expect(needsRecentLogin(new Error('auth/requires-recent-login'))).toBe(false);
  });

  it("shows the error's message or 'Something went wrong!'", () => {
    expect(errorMessage(new ApiError('That e-mail is taken by another account.', 409))).toBe('That e-mail is taken by another account.');
    expect(errorMessage(new ApiError('', 500))).toBe('Something went wrong!');
    expect(errorMessage('boom')).toBe('Something went wrong!');
  });

  it("finds a field's issue", () => {
    const error = new ApiError('Max 255 characters', 422, { message: 'Max 255 characters', issues: [{ path: 'address', message: 'Max 255 characters' }] });
    expect(fieldIssue(error, 'address')).toBe('Max 255 characters');
    expect(fieldIssue(error, 'phone')).toBeNull();
  });

  it('formats amounts in Rs with 2 decimals and empty values as NA', () => {
    expect(formatRupees(499)).toBe('Rs 499.00');
    expect(formatRupees(999.5)).toBe('Rs 999.50');
    expect(orNA('')).toBe('NA');
    expect(orNA(null)).toBe('NA');
    expect(orNA('a@b.cd')).toBe('a@b.cd');
  });
});
