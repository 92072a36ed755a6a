import type { PaperQuestion } from '@invigil/shared/api/tests';
import { shuffleOptions } from '@invigil/shared/domain/shuffle';
import { describe, expect, it } from 'vitest';
import { describeAnswer, describeKey, displayOptions, NOT_ANSWERED, paperQuestions, shownLabels } from './question-display';

function question(qn: number, qt: PaperQuestion['qt'], extra: Partial<PaperQuestion> = {}): PaperQuestion {
  return {
    _id: `t.q${qn}`, qn, qnf: String(qn), qt, pm: 4, nm: 1, pi: 0, si: 0, noo: qt === 3 || qt === 4 ? 4 : 0, so: false,
    text: `<p>Q${qn}</p>`, options: { A: 'a', B: 'b', C: 'c', D: 'd' }, extra: null, pdf: null, pdf_images: [], difficulty: null,
    subject_id: null, attachments: [], ...extra,
  };
}

const section = (name: string, questions: PaperQuestion[], extra: { so?: boolean; tap?: boolean } = {}) => ({ name, so: false, tap: false, questions, ...extra });

describe('paperQuestions', () => {
  it('flattens parts and sections in question-number order with their context', () => {
    const format = {
      parts: [
        { name: 'Physics', so: false, sections: [section('S1', [question(2, 3), question(1, 3)]), section('S2', [question(3, 6)], { tap: true })] },
        { name: 'Maths', so: true, sections: [section('S3', [question(4, 4)])] },
      ],
    };
    const list = paperQuestions(format);
    expect(list.map((c) => [c.question.qn, c.partName, c.sectionName, c.tap, c.shuffled])).toEqual([
      [1, 'Physics', 'S1', false, false],
      [2, 'Physics', 'S1', false, false],
      [3, 'Physics', 'S2', true, false],
      [4, 'Maths', 'S3', false, true],
    ]);
  });
});

describe('displayOptions', () => {
  const context = (q: PaperQuestion, shuffled = false, tap = false) => ({ question: q, partName: 'P', sectionName: 'S', tap, shuffled });
  it('keeps paper order when not shuffled', () => {
    const { options, order } = displayOptions(context(question(1, 3)), 'u1');
    expect(order).toBeNull();
    expect(options).toEqual([
      { label: 'A', original: 'A', html: 'a' },
      { label: 'B', original: 'B', html: 'b' },
      { label: 'C', original: 'C', html: 'c' },
      { label: 'D', original: 'D', html: 'd' },
    ]);
  });
  it('shows options in the student order when shuffled, as the test did', () => {
    const { options, order } = displayOptions(context(question(12, 3), true), 'user-1');
    const expected = shuffleOptions(['A', 'B', 'C', 'D'], 12, 'user-1');
    expect(order).toEqual(expected);
    expect(options.map((o) => o.original)).toEqual(expected.order);
    expect(options.map((o) => o.label)).toEqual(['A', 'B', 'C', 'D']);
    expect(options.map((o) => o.html)).toEqual(expected.order.map((l) => l.toLowerCase()));
  });
  it('uses a..z in tap sections and has no options for other types', () => {
    expect(displayOptions(context(question(1, 3, { noo: 2, options: { a: 'x', b: 'y' } }), false, true), 'u').options.map((o) => o.label)).toEqual(['a', 'b']);
    expect(displayOptions(context(question(1, 6)), 'u').options).toEqual([]);
  });
});

describe('options as the test offered them', () => {
  const context = (q: PaperQuestion, shuffled = false, tap = false) => ({ question: q, partName: 'P', sectionName: 'S', tap, shuffled });
  it('shows every option that has a text, past noo or without one', () => {
    const five = { A: 'a', B: 'b', C: 'c', D: 'd', E: 'e' };
    expect(displayOptions(context(question(1, 3, { noo: 0, options: five })), 'u').options.map((o) => o.label)).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(displayOptions(context(question(1, 4, { noo: 2, options: five })), 'u').options.map((o) => o.html)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
  it("keeps a tap question's printed labels in place even when its section shuffles options", () => {
    const { options, order } = displayOptions(context(question(10, 7, { noo: 6, options: {} }), true, true), 'user-1');
    expect(order).toBeNull();
    expect(options.map((o) => [o.label, o.original])).toEqual(['a', 'b', 'c', 'd', 'e', 'f'].map((label) => [label, label]));
    expect(describeAnswer(7, 'c', order)).toBe('c');
  });
});

describe('describing answers', () => {
  const order = shuffleOptions(['A', 'B', 'C', 'D'], 12, 'user-1');
  it('maps stored labels to the labels the student saw', () => {
    const stored = order.order[0] as string;
    expect(shownLabels(stored, order)).toEqual(['A']);
    expect(shownLabels([order.order[2] as string, order.order[0] as string], order)).toEqual(['A', 'C']);
    expect(shownLabels(['B', ' ', 'B'], null)).toEqual(['B']);
  });
  it("describes the student's answer", () => {
    expect(describeAnswer(3, 'B', null)).toBe('B');
    expect(describeAnswer(4, ['C', 'A'], null)).toBe('A, C');
    expect(describeAnswer(4, [], null)).toBe(NOT_ANSWERED);
    expect(describeAnswer(6, '2.5', null)).toBe('2.5');
    expect(describeAnswer(1, '  ', null)).toBe(NOT_ANSWERED);
    expect(describeAnswer(3, null, null)).toBe(NOT_ANSWERED);
    expect(describeAnswer(3, undefined, null)).toBe(NOT_ANSWERED);
  });
  it('describes the key', () => {
    expect(describeKey(3, 'C', null)).toBe('C');
    expect(describeKey(4, ['D', 'A'], null)).toBe('A, D');
    expect(describeKey(6, '2.4..2.6', null)).toBe('2.4 to 2.6');
    expect(describeKey(6, ['3', '-1 .. 1'], null)).toBe('3 or -1 to 1');
    expect(describeKey(1, null, null)).toBe('Graded by your teacher');
    expect(describeKey(3, null, null)).toBe('Not available');
    expect(describeKey(3, order.order[1] as string, order)).toBe('B');
  });
});
