import { describe, expect, it } from 'vitest';
import { htmlExcerpt } from './html-excerpt';

describe('htmlExcerpt', () => {
  it('drops tags, decodes the common entities, folds spaces and cuts long text with an ellipsis', () => {
    expect(htmlExcerpt('<p>Force&nbsp;=&nbsp;m&nbsp;&times;&nbsp;a &amp; <b>more</b></p>\n<p>next</p>')).toBe('Force = m &times; a & more next');
    expect(htmlExcerpt('<p>abcdefghij</p>', 5)).toBe('abcd…');
    expect(htmlExcerpt('<p>State&nbsp;Newton&#39;s <b>first</b> law &amp; explain.</p>')).toBe("State Newton's first law & explain.");
  });
});
