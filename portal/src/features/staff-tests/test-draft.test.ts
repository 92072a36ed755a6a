import type { DraftQuestion, TestDraft } from '@invigil/shared/api/staff-tests';
import { describe, expect, it } from 'vitest';
import {
  addPart,
  addQuestions,
  addSection,
  firstLine,
  isoToLocalInput,
  issueTarget,
  localInputToIso,
  movePart,
  moveQuestion,
  paperTotals,
  partwiseMinutes,
  questionNumbers,
  removeQuestion,
  removeSection,
  replaceQuestion,
  slugFromName,
} from './test-draft';

const question = (pm: number, text = `q${pm}`): DraftQuestion => ({
  bank: { id: `b${pm}`, version: 2 },
  question: { qt: 3, pm, nm: 1, so: false, text, options: { A: 'a', B: 'b' }, answer: 'A', solution: null, extra: null, pdf: null, pdf_images: [], difficulty: null, subject_id: null, attachments: [] },
});

function draft(): TestDraft {
  const base = { id: 't1', name: 'T', description: '', type: 'live', instruction: '', chapters: [], config: {}, duration: 60, partwise_timing: false, partwise_time_gap: 0, sq: 'none', parts: [], attachments: [], activation_date: null, ends_at: null, access_code: null, keep_access_code: false, mp_cost: 0, skip_prepare: false, allow_resume: true, open_to_all: false, classes: [], students: [], proctors: [], review: null, review_released_at: null } satisfies TestDraft;
  return addQuestions(addPart(base), 0, 0, [question(4), question(2), question(1)]);
}

const texts = (value: TestDraft, pi = 0, si = 0) => value.parts[pi]?.sections[si]?.questions.map((item) => item.question.text);

describe('the paper outline', () => {
  it('adds a part with one section, and sections to it', () => {
    const value = addSection(addPart(draft()), 1);
    expect(value.parts.map((part) => part.name)).toEqual(['Part 1', 'Part 2']);
    expect(value.parts[1]?.sections.map((section) => section.name)).toEqual(['Section 1', 'Section 2']);
    expect(removeSection(value, 1, 0).parts[1]?.sections.map((section) => section.name)).toEqual(['Section 2']);
  });

  it('moves questions up and down within their section, and not past its ends', () => {
    const start = draft();
    expect(texts(moveQuestion(start, 0, 0, 0, 1))).toEqual(['q2', 'q4', 'q1']);
    expect(texts(moveQuestion(start, 0, 0, 2, -1))).toEqual(['q4', 'q1', 'q2']);
    expect(texts(moveQuestion(start, 0, 0, 0, -1))).toEqual(['q4', 'q2', 'q1']);
    expect(texts(moveQuestion(start, 0, 0, 2, 1))).toEqual(['q4', 'q2', 'q1']);
    expect(texts(start)).toEqual(['q4', 'q2', 'q1']);
  });

  it('moves parts and removes questions', () => {
    const two = addPart(draft());
    expect(movePart(two, 1, -1).parts.map((part) => part.name)).toEqual(['Part 2', 'Part 1']);
    expect(texts(removeQuestion(draft(), 0, 0, 1))).toEqual(['q4', 'q1']);
  });

  it('detaches a question edited in place from the bank', () => {
    const edited = replaceQuestion(draft(), 0, 0, 1, { ...question(3).question, text: 'mine' });
    expect(edited.parts[0]?.sections[0]?.questions[1]).toMatchObject({ bank: null, question: { text: 'mine', pm: 3 } });
    expect(edited.parts[0]?.sections[0]?.questions[0]?.bank).toEqual({ id: 'b4', version: 2 });
  });

  it('counts questions and marks, and numbers them in paper order', () => {
    const value = addQuestions(addPart(draft()), 1, 0, [question(0.5)]);
    expect(paperTotals(value)).toEqual({ questions: 4, maxMarks: 7.5 });
    expect(questionNumbers(value)).toEqual([[[1, 2, 3]], [[4]]]);
  });

  it('adds the part durations and the gaps between parts', () => {
    const value = addPart(draft());
    expect(partwiseMinutes({ ...value, partwise_time_gap: 5 })).toBeNull();
    const timed = { ...value, partwise_time_gap: 5, parts: value.parts.map((part) => ({ ...part, duration: 30 })) };
    expect(partwiseMinutes(timed)).toBe(65);
  });
});

describe('the editor helpers', () => {
  it('makes an id from a name', () => {
    expect(slugFromName('Physics Unit Test 1 — Motion!')).toBe('physics-unit-test-1-motion');
    expect(slugFromName('  Réaction chimique ')).toBe('reaction-chimique');
    expect(slugFromName('x'.repeat(70))).toHaveLength(64);
    expect(slugFromName('!!!')).toBe('');
  });

  it('turns a datetime-local value into ISO with the offset and back', () => {
    const iso = localInputToIso('2026-12-01T09:30');
    expect(iso).toMatch(/^2026-12-01T09:30:00(Z|[+-]\d\d:\d\d)$/);
    expect(isoToLocalInput(iso)).toBe('2026-12-01T09:30');
    expect(new Date(iso as string).getTime()).toBe(new Date(2026, 11, 1, 9, 30).getTime());
    expect(localInputToIso('')).toBeNull();
    expect(isoToLocalInput(null)).toBe('');
    expect(localInputToIso('not a date')).toBeNull();
    expect(isoToLocalInput('soon')).toBe('');
  });

  it('writes the offset of the institute\'s computer', () => {
    const zone = process.env['TZ'];
    try {
      process.env['TZ'] = 'Asia/Kolkata';
      expect(localInputToIso('2026-12-01T09:30')).toBe('2026-12-01T09:30:00+05:30');
      expect(isoToLocalInput('2026-12-01T04:00:00Z')).toBe('2026-12-01T09:30');
      process.env['TZ'] = 'America/New_York';
      expect(localInputToIso('2026-07-01T09:30')).toBe('2026-07-01T09:30:00-04:00');
      expect(localInputToIso('2026-12-01T09:30')).toBe('2026-12-01T09:30:00-05:00');
    } finally {
      if (zone === undefined) delete process.env['TZ'];
      else process.env['TZ'] = zone;
    }
  });

  it('shows a question by its first words', () => {
    expect(firstLine('<p>What is <strong>2 + 2</strong>?</p><p>More</p>')).toBe('What is 2 + 2 ? More');
    expect(firstLine('a'.repeat(100))).toHaveLength(80);
  });

  it('points an issue at its tab and field', () => {
    expect(issueTarget('parts.0.sections.1.questions.2.answer')).toEqual({ tab: 'paper', id: 'te-question-0-1-2' });
    expect(issueTarget('parts.1.sections.0')).toEqual({ tab: 'paper', id: 'te-part-1-section-0' });
    expect(issueTarget('parts.1.duration')).toEqual({ tab: 'paper', id: 'te-part-1-duration' });
    expect(issueTarget('parts')).toEqual({ tab: 'paper', id: 'te-add-part' });
    expect(issueTarget('duration')).toEqual({ tab: 'timing', id: 'te-duration' });
    expect(issueTarget('ends_at')).toEqual({ tab: 'schedule', id: 'te-ends_at' });
    expect(issueTarget('students.3')).toEqual({ tab: 'assignment', id: 'te-students' });
    expect(issueTarget('config.PROCTOR_TYPE')).toEqual({ tab: 'settings', id: 'te-config-PROCTOR_TYPE' });
  });
});
