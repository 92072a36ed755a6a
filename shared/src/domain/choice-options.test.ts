import { describe, expect, it } from 'vitest';
import { choiceLabels, optionHtml, shownOptions } from './choice-options';
import { shuffleOptions } from './shuffle';

const texts = { A: 'w', B: 'x', C: 'y', D: 'z' };

describe('choice options', () => {
  it('offers noo labels whether or not they have texts, in a tap section a..z', () => {
    expect(choiceLabels({ noo: 6, options: {} }, true)).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(choiceLabels({ noo: 0, options: {} }, false)).toEqual(['A', 'B', 'C', 'D']);
    expect(choiceLabels({ noo: 0, options: { B: 'x', A: 'w', C: 'y' } }, false)).toEqual(['A', 'B', 'C']);
  });

  it('keeps every text the paper gives, past noo, once whatever its case', () => {
    expect(choiceLabels({ noo: 2, options: texts }, false)).toEqual(['A', 'B', 'C', 'D']);
    expect(choiceLabels({ noo: 2, options: { A: 'w', b: 'x' } }, true)).toEqual(['a', 'b']);
    expect(optionHtml({ A: 'w' }, 'a')).toBe('w');
    expect(optionHtml({}, 'a')).toBe('');
  });

  it('shuffles options with texts by question number and user id, each text with its original label', () => {
    const { options, order } = shownOptions({ qn: 7, noo: 4, options: texts }, false, true, 'u1');
    expect(order).toEqual(shuffleOptions(['A', 'B', 'C', 'D'], 7, 'u1'));
    expect(options.map((o) => o.display)).toEqual(['A', 'B', 'C', 'D']);
    for (const option of options) expect(option.html).toBe(texts[option.original as keyof typeof texts]);
  });

  it('never shuffles bare labels, whose texts are printed in the question under them', () => {
    expect(shownOptions({ qn: 7, noo: 4, options: {} }, false, true, 'u1').order).toBeNull();
    expect(shownOptions({ qn: 7, noo: 4, options: { A: 'w', B: 'x' } }, false, true, 'u1').order).toBeNull();
  });
});
