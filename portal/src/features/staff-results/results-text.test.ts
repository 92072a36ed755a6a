import { describe, expect, it } from 'vitest';
import { changeSide, formatDuration, formatMarks, formatPercent, isoFromLocalInput, keyText, localInputValue, reviewText } from './results-text';

describe('results text', () => {
  it('formats durations, marks, percentages and keys', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(45)).toBe('45 s');
    expect(formatDuration(600)).toBe('10 min');
    expect(formatDuration(725)).toBe('12 min 5 s');
    expect(formatMarks(9)).toBe('9');
    expect(formatMarks(2.5)).toBe('2.50');
    expect(formatMarks(null)).toBe('—');
    expect(formatPercent(64.29)).toBe('64.29%');
    expect(formatPercent(50)).toBe('50%');
    expect(keyText(['A', 'C'])).toBe('A, C');
    expect(keyText(null)).toBe('none');
    expect(changeSide('{"answer":"A","dropped":false}')).toBe('key A');
    expect(changeSide('{"answer":"D","dropped":true}')).toBe('dropped (key D)');
  });

  it('says the review state in words', () => {
    const format = (ms: number) => `t${ms}`;
    const base = { stored_rule: null, released_at: null, opens_at: null, open: false };
    expect(reviewText({ ...base, rule: 'on_submit', open: true }, 10, format)).toContain('as soon as they submit');
    expect(reviewText({ ...base, rule: 'manual' }, 10, format)).toBe('Held: students see their review when you release it.');
    expect(reviewText({ ...base, rule: 'manual', released_at: 5 }, 10, format)).toBe('Released on t5.');
    expect(reviewText({ ...base, rule: 'manual', released_at: 50 }, 10, format)).toBe('Held until t50, then released.');
    expect(reviewText({ ...base, rule: 'after_end', opens_at: 50 }, 10, format)).toBe('Opens at t50, once the test is over.');
    expect(reviewText({ ...base, rule: 'after_end', opens_at: 5 }, 10, format)).toBe('Open since t5 (the test is over).');
  });

  it('round-trips a datetime-local value', () => {
    const ms = new Date(2026, 10, 28, 14, 5).getTime();
    expect(localInputValue(ms)).toBe('2026-11-28T14:05');
    expect(isoFromLocalInput('2026-11-28T14:05')).toBe(new Date(ms).toISOString());
    expect(isoFromLocalInput('tomorrow')).toBeNull();
  });
});
