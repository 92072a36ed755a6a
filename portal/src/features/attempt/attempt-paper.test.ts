import type { PaperQuestion, TestPaper } from '@invigil/shared/api/tests';
import { shuffleOptions, shuffleQuestionOrder } from '@invigil/shared/domain/shuffle';
import { describe, expect, it } from 'vitest';
import { choiceLabels } from '@invigil/shared/domain/choice-options';
import { buildAttemptModel, displayOrder, questionTypeName } from './attempt-paper';

function question(qn: number, qt: PaperQuestion['qt'] = 3, extra: Partial<PaperQuestion> = {}): PaperQuestion {
  const options: Record<string, string> = qt === 3 || qt === 4 || qt === 5 || qt === 7 ? { A: `a${qn}`, B: `b${qn}`, C: `c${qn}`, D: `d${qn}` } : {};
  return {
    _id: `t.q${qn}`, qn, qnf: String(qn), qt, pm: 4, nm: 1, pi: 0, si: 0, noo: Object.keys(options).length, so: false,
    text: `<p>Q${qn}</p>`, options, extra: null, pdf: null, pdf_images: [], difficulty: null, subject_id: null, attachments: [], ...extra,
  };
}

function paper(overrides: { sq?: TestPaper['format']['sq']; partwise?: boolean; sectionSq?: boolean; so?: boolean; tap?: boolean } = {}): TestPaper {
  const section = (name: string, qns: number[], pi: number, si: number) => ({
    name, instruction: '', noq: qns.length, sq: overrides.sectionSq ?? false, so: overrides.so ?? false, tap: overrides.tap ?? false,
    questions: qns.map((qn) => question(qn, 3, { pi, si })),
  });
  const part = (name: string, sections: ReturnType<typeof section>[], fqn: number, lqn: number) => ({
    name, fqn, lqn, noq: lqn - fqn + 1, instruction: '', sq: false, so: false, time_lefts: null, time_lefte: null, sections,
  });
  return {
    _id: 't', version: 1, name: 'Test', description: '', type: 'live', mock_id: null, attachments: [],
    format: {
      duration: 60, max_marks: 40, noq: 10, partwise_timing: overrides.partwise ?? false, partwise_time_gap: 0, sq: overrides.sq ?? 'none',
      parts: [
        part('Part 1', [section('Physics', [1, 2, 3], 0, 0), section('Chemistry', [4, 5, 6], 0, 1)], 1, 6),
        part('Part 2', [section('Maths', [7, 8, 9, 10], 1, 0)], 7, 10),
      ],
    },
  };
}

describe('display order', () => {
  it('keeps paper order without shuffling', () => {
    expect(displayOrder(paper(), 'u1')).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('follows the shared question shuffle for the paper-wide modes', () => {
    const structure = { parts: [{ sections: [{ questions: [1, 2, 3] }, { questions: [4, 5, 6] }] }, { sections: [{ questions: [7, 8, 9, 10] }] }] };
    for (const sq of ['section', 'part', 'all'] as const) {
      expect(displayOrder(paper({ sq }), 'u1')).toEqual(shuffleQuestionOrder(structure, sq, 'u1'));
    }
  });

  it('section flags shuffle like the section mode, and parts stay contiguous', () => {
    const flagged = displayOrder(paper({ sectionSq: true }), 'user-7');
    expect(flagged).toEqual(displayOrder(paper({ sq: 'section' }), 'user-7'));
    expect(flagged.slice(0, 6).sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('is the same on every load for a student and differs between students', () => {
    expect(displayOrder(paper({ sq: 'all' }), 'a')).toEqual(displayOrder(paper({ sq: 'all' }), 'a'));
    const orders = new Set(['a', 'b', 'c', 'd'].map((u) => displayOrder(paper({ sq: 'all' }), u).join()));
    expect(orders.size).toBeGreaterThan(1);
  });
});

describe('attempt model', () => {
  it('numbers questions by display position and knows each section range', () => {
    const model = buildAttemptModel(paper(), {}, 'u1');
    expect(model.questions.map((q) => q.question.qn)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(model.questions[4]?.sectionName).toBe('Chemistry');
    expect(model.questions[4]?.sectionRange).toEqual({ first: 4, last: 6 });
    expect(model.partRanges).toEqual([{ first: 0, last: 5 }, { first: 6, last: 9 }]);
    expect(model.indexOfQn.get(7)).toBe(6);
  });

  it('shows options in paper order when not shuffled', () => {
    const model = buildAttemptModel(paper(), {}, 'u1');
    expect(model.questions[0]?.options).toEqual([
      { display: 'A', original: 'A', html: 'a1' },
      { display: 'B', original: 'B', html: 'b1' },
      { display: 'C', original: 'C', html: 'c1' },
      { display: 'D', original: 'D', html: 'd1' },
    ]);
    expect(model.questions[0]?.optionOrder).toBeNull();
  });

  it('shuffles options by question number and user id, keeping the ORIGINAL label with each option', () => {
    const model = buildAttemptModel(paper(), { SHUFFLE_OPTIONS: 'true' }, 'u9');
    for (const item of model.questions) {
      const expected = shuffleOptions(['A', 'B', 'C', 'D'], item.question.qn, 'u9');
      expect(item.options.map((o) => o.original)).toEqual(expected.order);
      expect(item.options.map((o) => o.display)).toEqual(['A', 'B', 'C', 'D']);
      // The content travels with its original label, whatever position it is shown at.
      for (const option of item.options) expect(option.html).toBe(`${option.original.toLowerCase()}${item.question.qn}`);
    }
  });

  it('shuffles options by the section flag too', () => {
    const model = buildAttemptModel(paper({ so: true }), {}, 'u9');
    expect(model.questions.every((q) => q.optionOrder !== null)).toBe(true);
  });

  it("labels a tap section's options a to z", () => {
    const tapPaper = paper({ tap: true });
    for (const part of tapPaper.format.parts)
      for (const section of part.sections)
        for (const q of section.questions) Object.assign(q, { noo: 3, options: { a: 'x', b: 'y', c: 'z' } });
    const model = buildAttemptModel(tapPaper, {}, 'u1');
    expect(model.questions[0]?.options.map((o) => o.display)).toEqual(['a', 'b', 'c']);
  });

  it('gives numerical and subjective questions no options', () => {
    const p = paper();
    const first = p.format.parts[0]?.sections[0]?.questions;
    if (!first) throw new Error('no questions');
    first[0] = question(1, 6);
    first[1] = question(2, 1);
    const model = buildAttemptModel(p, {}, 'u1');
    expect(model.questions[0]?.kind).toBe('numerical');
    expect(model.questions[0]?.options).toEqual([]);
    expect(model.questions[1]?.kind).toBe('subjective');
  });
});

describe('options given only by their number (noo), as on an OMR sheet', () => {
  const tapPaper = (q: PaperQuestion, so = false) => {
    const p = paper({ tap: true, so });
    const first = p.format.parts[0]?.sections[0]?.questions;
    if (!first) throw new Error('no questions');
    first[0] = q;
    return p;
  };

  it("offers a tap question's a..f as choices when its options are printed in the question", () => {
    const model = buildAttemptModel(tapPaper(question(1, 7, { noo: 6, options: {} })), {}, 'u1');
    expect(model.questions[0]?.options).toEqual(['a', 'b', 'c', 'd', 'e', 'f'].map((label) => ({ display: label, original: label, html: '' })));
  });

  it('offers A..D for a choice question that gives neither noo nor option texts, and every text past noo', () => {
    expect(choiceLabels(question(1, 3, { noo: 0, options: {} }), false)).toEqual(['A', 'B', 'C', 'D']);
    expect(choiceLabels(question(1, 4, { noo: 5, options: { A: 'x' } }), false)).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(choiceLabels(question(1, 3, { noo: 2, options: { A: 'x', B: 'y', C: 'z' } }), false)).toEqual(['A', 'B', 'C']);
  });

  it('never shuffles options whose texts are in the question: the printed label is the answer', () => {
    const model = buildAttemptModel(tapPaper(question(1, 7, { noo: 6, options: {} }), true), { SHUFFLE_OPTIONS: 'true' }, 'u9');
    expect(model.questions[0]?.optionOrder).toBeNull();
    expect(model.questions[0]?.options.map((o) => o.original)).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });

  it("finds a tap option's text stored under its capital letter", () => {
    const model = buildAttemptModel(tapPaper(question(1, 3, { noo: 2, options: { A: 'joule', B: 'newton' } })), {}, 'u1');
    expect(model.questions[0]?.options).toEqual([
      { display: 'a', original: 'a', html: 'joule' },
      { display: 'b', original: 'b', html: 'newton' },
    ]);
  });
});

describe('labels and names', () => {
  it('takes the labels a question has, in order', () => {
    expect(choiceLabels(question(1, 3, { noo: 3, options: { A: '1', B: '2', C: '3' } }), false)).toEqual(['A', 'B', 'C']);
    expect(choiceLabels(question(1, 3, { noo: 0, options: { B: '2', A: '1' } }), false)).toEqual(['A', 'B']);
  });

  it('names every question type', () => {
    expect([1, 3, 4, 5, 6, 7, 8].map((qt) => questionTypeName({ qt: qt as PaperQuestion['qt'] }))).toEqual([
      'Subjective', 'MCQ (single correct)', 'MCQ (multiple correct)', 'Paragraph', 'Numerical', 'Single choice', 'Subjective',
    ]);
  });
});
