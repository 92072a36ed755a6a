import { describe, expect, it } from 'vitest';
import { dataFetchFailed, messageOf, printFailed, wantsPrint } from './marksheet-messages';

describe('marksheet messages', () => {
  it('prefixes failures as the spec writes them', () => {
    expect(dataFetchFailed('No data found!')).toBe('DATA FETCH FAILED: No data found!');
    expect(printFailed('blocked')).toBe('PRINT FAILED: blocked');
  });
  it('takes the message of an error', () => {
    expect(messageOf(new Error('Nope'))).toBe('Nope');
    expect(messageOf('text')).toBe('text');
    expect(messageOf(null)).toBe('Something went wrong!');
    expect(messageOf(new Error(''))).toBe('Something went wrong!');
  });
  it('prints only for print=true', () => {
    expect(wantsPrint('print=true')).toBe(true);
    expect(wantsPrint('?x=1&print=true')).toBe(true);
    expect(wantsPrint('print=1')).toBe(false);
    expect(wantsPrint('')).toBe(false);
  });
});
