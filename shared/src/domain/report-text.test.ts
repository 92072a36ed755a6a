import { describe, expect, it } from 'vitest';
import { reportTextError } from './report-text';

describe('reportTextError', () => {
  it('refuses empty and whitespace-only text', () => {
    expect(reportTextError('')).toBe("It can't be empty");
    expect(reportTextError(' \n ')).toBe("It can't be empty");
  });
  it('allows up to 500 characters', () => {
    expect(reportTextError('x'.repeat(500))).toBeNull();
    expect(reportTextError('x'.repeat(501))).toBe('Max characters (500) exceeded!');
    expect(reportTextError('Option C is also correct')).toBeNull();
  });
});
