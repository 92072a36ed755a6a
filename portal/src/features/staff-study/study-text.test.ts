import { describe, expect, it } from 'vitest';
import { fromLocalInput, marksText, sizeText, toLocalInput } from './study-text';
import { studyMarksProblem, STAFF_STUDY_MESSAGES, submittedText } from '@invigil/shared/api/staff-study-text';

describe('staff study words', () => {
  it('round-trips a datetime-local value and refuses what is not one', () => {
    const at = new Date(2026, 10, 28, 10, 5).getTime();
    expect(toLocalInput(at)).toBe('2026-11-28T10:05');
    expect(fromLocalInput('2026-11-28T10:05')).toBe(at);
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('tomorrow')).toBeNull();
  });

  it('writes marks, sizes and counts plainly', () => {
    expect(marksText(8.5)).toBe('8.5');
    expect(marksText(10)).toBe('10');
    expect(sizeText(2 * 1024 * 1024)).toBe('2.0 MB');
    expect(sizeText(10)).toBe('1 KB');
    expect(submittedText(12, 30)).toBe('12 of 30 submitted');
  });

  it('names the bound marks cross, in half marks', () => {
    expect(studyMarksProblem(10, 10)).toBeNull();
    expect(studyMarksProblem(0, 10)).toBeNull();
    expect(studyMarksProblem(9.5, 10)).toBeNull();
    expect(studyMarksProblem(10.5, 10)).toBe(STAFF_STUDY_MESSAGES.aboveMax(10));
    expect(studyMarksProblem(-0.5, 10)).toBe(STAFF_STUDY_MESSAGES.belowZero);
    expect(studyMarksProblem(1.25, 10)).toBe(STAFF_STUDY_MESSAGES.halfMarks);
  });
});
