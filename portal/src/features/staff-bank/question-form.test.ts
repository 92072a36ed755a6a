import type { ImportQuestion } from '@invigil/shared/api/test-import';
import { describe, expect, it } from 'vitest';
import { fromQuestionForm, toQuestionForm } from './question-form';

const base: ImportQuestion = { qt: 4, qnf: '7', pm: 4, nm: 1, so: false, text: '<p>Pick two</p>', options: { A: 'one', B: 'two', C: 'three' }, answer: ['A', 'C'], solution: null, extra: null, pdf: null, pdf_images: [], difficulty: 2, subject_id: 'phy', attachments: [] };

describe('the question form', () => {
  it('gives back the question it was made from, with what it does not edit', () => {
    expect(fromQuestionForm(toQuestionForm(base), base)).toEqual({ ...base, noo: 3 });
  });

  it('keeps a tap section\'s lowercase labels and key', () => {
    const tap: ImportQuestion = { ...base, qt: 3, options: { a: 'left', b: 'right' }, answer: 'b' };
    const form = toQuestionForm(tap);
    expect(form.options).toEqual(['left', 'right']);
    expect(form.single).toBe('B');
    const back = fromQuestionForm(form, tap, true);
    expect(back.options).toEqual({ a: 'left', b: 'right' });
    expect(back.answer).toBe('b');
  });

  it('writes a numerical range', () => {
    const form = { ...toQuestionForm({ ...base, qt: 6, options: {}, answer: '2.4..2.6' }) };
    expect([form.from, form.to]).toEqual(['2.4', '2.6']);
    expect(fromQuestionForm({ ...form, to: '' }).answer).toBe('2.4');
  });
});
