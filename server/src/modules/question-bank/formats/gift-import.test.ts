import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bankQuestionDraftSchema } from '@invigil/shared/api/question-bank';
import type { FormatResult } from '@invigil/shared/api/question-bank';
import { FormatError, MAX_FILE_BYTES } from './common';
import { importGift } from './gift-import';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

function valid(result: FormatResult): FormatResult {
  for (const draft of result.questions) expect(bankQuestionDraftSchema.safeParse(draft).success).toBe(true);
  return result;
}

const MISSING_WORD = 'Missing-word questions (text after the answers) are not supported: the question text would have a blank in the middle. Put the answers at the end.';

describe('importGift on files from Moodle', () => {
  it("reads Moodle's GIFT test file: 6 questions taken, matching and two missing-word questions skipped", () => {
    const result = valid(importGift(fixture('moodle-questions.gift.txt')));
    expect(result.questions.map((q) => [q.name, q.question.qt, q.question.answer])).toEqual([
      ['Q8', 8, null],
      ['Q2', 3, 'A'],
      ['colours', 4, ['A', 'C']],
      ['Shortanswer', 1, null],
      ['2-08 TSL', 7, 'A'],
      ['2-08 TSL', 7, 'A'],
    ]);
    expect(result.skipped).toEqual([
      { ref: 'Moodle activities (line 5)', name: 'Moodle activities', reason: 'Matching questions are not supported: no question type here pairs items with answers.' },
      { ref: 'Q5 (line 31)', name: 'Q5', reason: MISSING_WORD },
      { ref: 'Q1 (line 41)', name: 'Q1', reason: MISSING_WORD },
    ]);
    const [, single, multi, short] = result.questions;
    expect(single?.question.options).toEqual({ A: 'yellow', B: 'red', C: 'blue' });
    expect(multi?.question.options).toEqual({ A: 'yellow', B: 'red', C: 'off-beige', D: 'blue' });
    // The -100% weights of a multiple-response question do not make negative marks.
    expect(multi?.question.nm).toBe(0);
    expect(short?.question.solution).toBe('<p>Accepted answers: Frog; Cat (50%)</p>');
    expect(result.questions.every((q) => q.question.pm === 1 && q.source.format === 'gift')).toBe(true);
  });

  it('reads $CATEGORY, [html] with escapes and a short answer with a weight', () => {
    const result = valid(importGift(fixture('moodle-questions-in-category.gift.txt')));
    expect(result.questions.map((q) => [q.name, q.question.qt, q.question.answer])).toEqual([
      ['Greeting', 3, 'B'],
      ['Moodle user', 1, null],
      ['Moodle acronym', 7, 'A'],
    ]);
    expect(result.skipped.map((s) => s.name)).toEqual(['Moodle activities']);
    expect(result.questions[0]?.question.text).toBe(
      '<a href="http://demo.moodle.net/file.php/5/media/bonjour.mp3">Listen to this greeting:</a><br /><br />What language is being spoken?',
    );
    expect(result.questions[0]?.question.options).toEqual({ A: 'English', B: 'French', C: 'German', D: 'Spanish' });
    expect(result.questions[2]?.question.text).toBe('Moodle is an acronym for <span style="font-style: italic;">Modular Object-Oriented Dynamic Learning Environment</span>.');
  });
});

describe('importGift rules', () => {
  it('reads numerical answers: value:tolerance, ranges, several answers, and a plain value', () => {
    const result = valid(
      importGift(`::pi::What is pi to two places? {#3.14:0.01}

::range::A number from 1 to 2? {#1..2}

::several::When was Ulysses S. Grant born? {#
  =1822:0
  =%50%1822:2
  ~#Wrong
}

::plain::How many sides has a hexagon? {#6}

::bad::What? {#abc}`),
    );
    expect(result.questions.map((q) => [q.name, q.question.qt, q.question.answer])).toEqual([
      ['pi', 6, '3.13..3.15'],
      ['range', 6, '1..2'],
      ['several', 6, '1822..1822'],
      ['plain', 6, '6..6'],
    ]);
    expect(result.warnings).toEqual([{ ref: 'several (line 5)', message: 'Partial credit for 1822:2 (50%) is not kept.' }]);
    expect(result.skipped).toEqual([{ ref: 'bad (line 13)', name: 'bad', reason: 'Its numerical answer "abc" is not a number, a number:tolerance or a range min..max.' }]);
  });

  it('reads true/false forms, general feedback, comments, escapes, formats, descriptions and categories (TeX braces escaped, as GIFT asks)', () => {
    const result = valid(
      importGift(`// a comment before everything
$CATEGORY: $course$/top/Mathematics/Algebra

::tf1::2 + 2 \\= 4 {T}

::tf2::The sun is cold.{FALSE#wrong feedback#right feedback
####[html]<p>It is <b>hot</b>.</p>}

::fmt::[markdown]Which is **bold**? {
  =[html]<b>this</b>
  ~[plain]<i>not this</i>
  ~%-50%neither # feedback dropped
}

Just some text \\{with braces\\} to read first.

::essay::[plain]Explain 1 < 2 \\: why?{}

::math::What is \\(\\frac\\{1\\}\\{2\\}\\) of 4? {=2 ~3 ~4}`),
    );
    expect(result.skipped).toEqual([]);
    const byName = new Map(result.questions.map((q) => [q.name, q]));
    expect(byName.get('tf1')?.question).toMatchObject({ qt: 7, answer: 'A', text: '2 + 2 = 4', options: { A: 'True', B: 'False' } });
    expect(byName.get('tf2')?.question).toMatchObject({ qt: 7, answer: 'B', solution: '<p>It is <b>hot</b>.</p>' });
    expect(byName.get('tf1')?.tags).toEqual({ subject: 'Mathematics', chapter: 'Algebra', difficulty: null, labels: [] });
    const fmt = byName.get('fmt')!.question;
    expect(fmt.text).toBe('<p>Which is <strong>bold</strong>?</p>');
    expect(fmt.options).toEqual({ A: '<b>this</b>', B: '&lt;i&gt;not this&lt;/i&gt;', C: '<p>neither</p>' });
    expect(fmt).toMatchObject({ qt: 3, answer: 'A', pm: 1, nm: 0.5 });
    const description = result.questions.find((q) => q.kind === 'description')!;
    expect(description.question).toMatchObject({ qt: 1, pm: 0, text: 'Just some text {with braces} to read first.' });
    expect(byName.get('essay')?.question).toMatchObject({ qt: 8, text: 'Explain 1 &lt; 2 : why?' });
    expect(byName.get('math')?.question.text).toMatch(/^What is <math><semantics><mfrac>.*<annotation encoding="application\/x-tex">\\frac\{1\}\{2\}<\/annotation><\/semantics><\/math> of 4\?$/);
  });

  it('skips more than 10 options, a missing closing brace and two fully right answers', () => {
    const options = Array.from({ length: 11 }, (_, index) => (index === 0 ? `=o${index}` : `~o${index}`)).join(' ');
    const result = importGift(`::many::Pick one {${options}}

::open::Unclosed {=a ~b

::two::Two right {=a =b ~c}`);
    expect(result.questions).toEqual([]);
    expect(result.skipped.map((s) => [s.name, s.reason])).toEqual([
      ['many', 'It has 11 options; a question here has at most 10 (A to J).'],
      ['open', 'Its answers have no closing "}".'],
      ['two', 'Options A and B are all fully right; a single-choice question here has one right option.'],
    ]);
  });

  it('refuses a binary file, an empty file and a file over 20 MB', () => {
    expect(() => importGift(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]))).toThrow(new FormatError('This is not a GIFT file: GIFT is plain text, and this file is binary.'));
    expect(() => importGift('// only a comment\n\n')).toThrow(new FormatError('The file has no GIFT questions.'));
    expect(() => importGift(Buffer.alloc(MAX_FILE_BYTES + 1, 32))).toThrow(/files of at most 20 MB/);
    expect(() => importGift(Array.from({ length: 5_001 }, (_, index) => `Q${index} {}`).join('\n\n'))).toThrow(/more than 5000 questions/);
  });
});
