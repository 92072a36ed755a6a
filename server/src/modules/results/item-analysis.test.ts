import { describe, expect, it } from 'vitest';
import { analyseItems, topThirdSize, type AnalysisAttempt, type AnalysisQuestion } from './item-analysis';

const question = (qn: number, qt: 3 | 4 | 6 | 1, answer: string | string[] | null, extra: Partial<AnalysisQuestion['key']> = {}): AnalysisQuestion => ({
  key: { qn, qt, pm: 4, nm: 1, pi: 0, si: 0, answer, ...extra },
  text: `Q${qn}`,
  part: 'Part A',
  labels: qt === 3 || qt === 4 ? ['A', 'B', 'C', 'D'] : [],
});

const attempt = (id: string, answers: Record<number, unknown>, grades: Record<number, number> = {}): AnalysisAttempt => ({
  id,
  answers: new Map(Object.entries(answers).map(([qn, ua]) => [Number(qn), JSON.stringify(ua)])),
  grades: new Map(Object.entries(grades).map(([qn, marks]) => [Number(qn), marks])),
});

describe('item analysis', () => {
  it('sizes the top third (none under 3 attempts)', () => {
    expect([0, 1, 2, 3, 5, 6, 10, 10_000].map(topThirdSize)).toEqual([0, 0, 0, 1, 1, 2, 3, 3333]);
  });

  it('counts a multiple-choice answer for each option it holds, and marks every key option', () => {
    const { items } = analyseItems([question(1, 4, ['A', 'C'])], [attempt('a', { 1: ['A', 'C'] }), attempt('b', { 1: ['A'] }), attempt('c', { 1: ['B', 'D'] })]);
    expect(items[0]?.options.map((option) => [option.label, option.count, option.is_key])).toEqual([
      ['A', 2, true],
      ['B', 1, false],
      ['C', 1, true],
      ['D', 1, false],
    ]);
    // Marks 4, 0 (a strict subset), -1: facility (3 / 3) / 4.
    expect(items[0]?.facility).toBe(25);
    expect(items[0]?.key_suspect).toBe(false);
  });

  it('gives no discrimination without spread, and counts a teacher\'s grade', () => {
    const { items } = analyseItems([question(1, 3, 'A'), question(2, 1, null, { pm: 10, nm: 0 })], [attempt('a', { 1: 'A', 2: 'text' }, { 2: 8 }), attempt('b', { 1: 'A', 2: 'text' }, { 2: 2 })]);
    expect(items[0]?.discrimination).toBeNull();
    expect(items[1]).toMatchObject({ facility: 50, options: [], answered: 2 });
  });

  it('flags the key when the top third prefers a distractor, not for a dropped question', () => {
    const attempts = [attempt('a', { 1: 'C', 2: 'A' }), attempt('b', { 1: 'A', 2: 'A' }), attempt('c', { 1: 'B', 2: 'B' })];
    // a scores -1 + 4 = 3, b 4 + 4 = 8, c -1 - 1 = -2: the top third is b, who chose the key of q1.
    expect(analyseItems([question(1, 3, 'A'), question(2, 3, 'A')], attempts).items.map((item) => item.key_suspect)).toEqual([false, false]);
    // With q2's key B, b scores 4 - 1 = 3 and a -1 - 1 = -2, c -1 + 4 = 3: the top is b (ties by id), who chose A over B.
    const rekeyed = analyseItems([question(1, 3, 'A'), question(2, 3, 'B')], attempts);
    expect(rekeyed.topThird).toBe(1);
    expect(rekeyed.items[1]?.key_suspect).toBe(true);
    expect(analyseItems([question(1, 3, 'A'), question(2, 3, 'B', { dropped: true })], attempts).items[1]).toMatchObject({ dropped: true, key_suspect: false });
  });
});
