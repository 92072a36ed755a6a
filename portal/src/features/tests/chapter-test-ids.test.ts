import { describe, expect, it } from 'vitest';
import { chapterTestId } from './chapter-test-ids';

describe('chapterTestId', () => {
  it('takes the one id, or the first of a comma-separated list', () => {
    expect(chapterTestId('demo-chapter')).toBe('demo-chapter');
    expect(chapterTestId('demo-chapter,demo-mcq')).toBe('demo-chapter');
    expect(chapterTestId(' , demo-chapter , demo-mcq')).toBe('demo-chapter');
    expect(chapterTestId('demo-chapter%2Cdemo-mcq')).toBe('demo-chapter');
  });
  it('gives nothing for an empty list, and keeps text that is not an escape', () => {
    expect(chapterTestId('')).toBe('');
    expect(chapterTestId(',,')).toBe('');
    expect(chapterTestId('50%,x')).toBe('50%');
  });
});
