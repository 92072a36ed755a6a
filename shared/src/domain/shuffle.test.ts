import { describe, expect, it } from 'vitest';
import { optionLabels } from './question';
import {
  answerToDisplay,
  answerToOriginal,
  fnv1a32,
  mulberry32,
  seededShuffle,
  shouldShuffleOptions,
  shuffleOptions,
  shuffleQuestionOrder,
  type PaperStructure,
} from './shuffle';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const sorted = (list: readonly number[]) => [...list].sort((a, b) => a - b);

describe('generator', () => {
  it('hashes with FNV-1a 32', () => {
    // Published FNV-1a test vectors.
    expect(fnv1a32('')).toBe(0x811c9dc5);
    expect(fnv1a32('a')).toBe(0xe40c292c);
    expect(fnv1a32('foobar')).toBe(0xbf9cf968);
  });
  it('is deterministic, in [0, 1), and pinned', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const values = Array.from({ length: 1000 }, () => a());
    expect(values).toEqual(Array.from({ length: 1000 }, () => b()));
    expect(values.every((v) => v >= 0 && v < 1)).toBe(true);
    // Pinned so an accidental change of the algorithm (which would reorder every paper) fails here.
    expect(mulberry32(42)()).toBe(0.6011037519201636);
    expect(seededShuffle(range(1, 10), 'pin')).toEqual([4, 3, 9, 7, 2, 6, 10, 5, 8, 1]);
    expect(shuffleOptions(['A', 'B', 'C', 'D'], 12, 'user-1').order).toEqual(['B', 'D', 'C', 'A']);
  });
  it('shuffles a copy, and copes with 0 and 1 items', () => {
    const input = range(1, 5);
    seededShuffle(input, 'x');
    expect(input).toEqual(range(1, 5));
    expect(seededShuffle([], 'x')).toEqual([]);
    expect(seededShuffle([7], 'x')).toEqual([7]);
  });
});

describe('shuffleOptions', () => {
  const labels = optionLabels(4);

  it('is a stable permutation for a question and user', () => {
    const first = shuffleOptions(labels, 12, 'user-1');
    expect([...first.order].sort()).toEqual(labels);
    expect(shuffleOptions(labels, 12, 'user-1')).toEqual(first);
  });
  it('differs between users and between questions', () => {
    const ten = optionLabels(10);
    const orders = new Set(range(1, 20).map((u) => shuffleOptions(ten, 5, `user-${u}`).order.join('')));
    expect(orders.size).toBeGreaterThan(15);
    const byQuestion = new Set(range(1, 20).map((qn) => shuffleOptions(ten, qn, 'user-1').order.join('')));
    expect(byQuestion.size).toBeGreaterThan(15);
  });
  it('maps display labels back to the original ones, which is what is stored', () => {
    const options = shuffleOptions(labels, 3, 'u');
    labels.forEach((display, i) => {
      expect(options.toOriginal[display]).toBe(options.order[i]);
      expect(options.toDisplay[options.toOriginal[display] ?? '']).toBe(display);
    });
    const shownFirst = options.order[0] ?? '';
    expect(answerToOriginal('A', options)).toBe(shownFirst);
    expect(answerToDisplay(shownFirst, options)).toBe('A');
    expect(answerToDisplay(answerToOriginal(['A', 'C'], options), options)).toEqual(['A', 'C']);
    expect(answerToOriginal(null, options)).toBeNull();
    expect(answerToOriginal('Z', options)).toBe('Z');
  });
  it('uses every position roughly evenly', () => {
    const counts = new Map<string, number>();
    for (const u of range(1, 4000)) {
      const first = shuffleOptions(labels, 1, `student-${u}`).order[0] ?? '';
      counts.set(first, (counts.get(first) ?? 0) + 1);
    }
    for (const label of labels) expect(counts.get(label)).toBeGreaterThan(850);
  });
});

describe('shuffleQuestionOrder', () => {
  // Part 0: sections 1-5 and 6-10; part 1: sections 11-15 and 16-20.
  const paper: PaperStructure = {
    parts: [{ sections: [{ questions: range(1, 5) }, { questions: range(6, 10) }] }, { sections: [{ questions: range(11, 15) }, { questions: range(16, 20) }] }],
  };

  it("keeps paper order for 'none'", () => {
    expect(shuffleQuestionOrder(paper, 'none', 'u1')).toEqual(range(1, 20));
  });
  it("shuffles within each section for 'section'", () => {
    const order = shuffleQuestionOrder(paper, 'section', 'u1');
    for (const [i, [from, to]] of [[1, 5], [6, 10], [11, 15], [16, 20]].entries()) {
      expect(sorted(order.slice(i * 5, i * 5 + 5))).toEqual(range(from ?? 0, to ?? 0));
    }
    expect(order).not.toEqual(range(1, 20));
  });
  it("shuffles within each part, across its sections, for 'part'", () => {
    const order = shuffleQuestionOrder(paper, 'part', 'u1');
    expect(sorted(order.slice(0, 10))).toEqual(range(1, 10));
    expect(sorted(order.slice(10))).toEqual(range(11, 20));
    // Sections mix inside the part.
    expect(order.slice(0, 5).some((qn) => qn > 5) || order.slice(5, 10).some((qn) => qn <= 5)).toBe(true);
  });
  it("shuffles the whole paper for 'all', but not across parts under part-wise timing", () => {
    const all = shuffleQuestionOrder(paper, 'all', 'u1');
    expect(sorted(all)).toEqual(range(1, 20));
    expect(all.slice(0, 10).some((qn) => qn > 10)).toBe(true);
    const partwise = shuffleQuestionOrder(paper, 'all', 'u1', { partwiseTiming: true });
    expect(partwise).toEqual(shuffleQuestionOrder(paper, 'part', 'u1'));
  });
  it('is stable for a user and differs between users', () => {
    for (const mode of ['section', 'part', 'all'] as const) {
      expect(shuffleQuestionOrder(paper, mode, 'u1')).toEqual(shuffleQuestionOrder(paper, mode, 'u1'));
      expect(shuffleQuestionOrder(paper, mode, 'u1')).not.toEqual(shuffleQuestionOrder(paper, mode, 'u2'));
    }
  });
  it('copes with empty parts and sections', () => {
    const sparse: PaperStructure = { parts: [{ sections: [] }, { sections: [{ questions: [] }, { questions: [4] }] }] };
    for (const mode of ['none', 'section', 'part', 'all'] as const) expect(shuffleQuestionOrder(sparse, mode, 'u')).toEqual([4]);
    expect(shuffleQuestionOrder({ parts: [] }, 'all', 'u')).toEqual([]);
  });
});

describe('shouldShuffleOptions', () => {
  const off = { so: false };
  it('follows the question, section or part flag, or SHUFFLE_OPTIONS', () => {
    expect(shouldShuffleOptions(off, off, off, {})).toBe(false);
    expect(shouldShuffleOptions({ so: true }, off, off, {})).toBe(true);
    expect(shouldShuffleOptions(off, { so: true }, off, {})).toBe(true);
    expect(shouldShuffleOptions(off, off, { so: true }, null)).toBe(true);
    expect(shouldShuffleOptions(off, off, off, { SHUFFLE_OPTIONS: 'true' })).toBe(true);
    expect(shouldShuffleOptions(off, off, off, { SHUFFLE_OPTIONS: 'false' })).toBe(false);
  });
});
