import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bankQuestionDraftSchema } from '@invigil/shared/api/question-bank';
import type { FormatResult } from '@invigil/shared/api/question-bank';
import { FormatError, MAX_FILE_BYTES } from './common';
import { importMoodleXml } from './moodle-xml-import';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

function valid(result: FormatResult): FormatResult {
  for (const draft of result.questions) expect(bankQuestionDraftSchema.safeParse(draft).success).toBe(true);
  return result;
}

/** A question in the shape Moodle's exporter writes (qformat_xml::writequestion). */
function quiz(...questions: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n${questions.join('\n')}\n</quiz>\n`;
}

function question(type: string, name: string, body: string, text = '<p>Question text</p>', format = 'html'): string {
  return `<question type="${type}">
    <name><text>${name}</text></name>
    <questiontext format="${format}"><text><![CDATA[${text}]]></text></questiontext>
    <generalfeedback format="html"><text></text></generalfeedback>
    <defaultgrade>1.0000000</defaultgrade>
    <penalty>0.3333333</penalty>
    <hidden>0</hidden>
    <idnumber></idnumber>
    ${body}
  </question>`;
}

function answer(fraction: number | string, text: string, extra = ''): string {
  return `<answer fraction="${fraction}" format="html"><text><![CDATA[${text}]]></text><feedback format="html"><text></text></feedback>${extra}</answer>`;
}

describe('importMoodleXml on files exported by Moodle', () => {
  it('takes true/false and essay questions and turns nested categories into subject and chapter', () => {
    const result = valid(importMoodleXml(fixture('moodle-nested-categories.xml')));
    expect(result.skipped).toEqual([]);
    expect(result.questions.map((q) => [q.name, q.question.qt, q.question.answer, q.tags.subject, q.tags.chapter])).toEqual([
      ['Iota Question', 7, 'A', 'Iota', null],
      ['Kappa Essay Question', 8, null, 'Iota', 'Kappa'],
      ['Kappa Question', 7, 'A', 'Iota', 'Kappa'],
      ['Lambda Question', 7, 'A', 'Kappa', 'Lambda'],
      ['Mu Question', 7, 'A', 'Iota', 'Mu'],
    ]);
    const trueFalse = result.questions[0]?.question;
    expect(trueFalse?.options).toEqual({ A: 'True', B: 'False' });
    expect(trueFalse?.noo).toBe(2);
    // Moodle's <penalty> 1.0 is the deduction per extra try, not a negative mark.
    expect(trueFalse?.nm).toBe(0);
    expect(trueFalse?.pm).toBe(1);
    // A deeper level than subject/chapter is kept as a label.
    expect(result.questions[3]?.tags.labels).toEqual(['Iota']);
    expect(result.questions.every((q) => q.source.format === 'moodle-xml' && q.source.ref === q.name)).toBe(true);
  });

  it('turns a Moodle 1.9 embedded image into a file and skips the cloze question with its reason', () => {
    const result = valid(importMoodleXml(fixture('moodle-old-image-tag.xml')));
    expect(result.skipped).toEqual([
      { ref: 'cloze question with image', name: 'cloze question with image', reason: 'Cloze (embedded answers) questions are not supported: no question type here scores several gaps.' },
    ]);
    expect(result.questions).toHaveLength(1);
    const mcq = result.questions[0]!;
    expect(mcq.question.qt).toBe(3);
    expect(mcq.question.options).toEqual({ A: 'wrong answer', B: 'another wrong answer', C: 'right answer' });
    expect(mcq.question.answer).toBe('C');
    expect(result.files).toHaveLength(1);
    const file = result.files[0]!;
    expect(file.name).toBe('moodle.png');
    expect(file.mime).toBe('image/png');
    expect(Buffer.isBuffer(file.bytes)).toBe(true);
    expect(Buffer.from(file.bytes).subarray(1, 4).toString()).toBe('PNG');
    expect(file.sha256).toBe(createHash('sha256').update(file.bytes).digest('hex'));
    expect(mcq.question.text).toContain(`<img src="bank-file:${file.sha256}" alt="">`);
  });

  it('skips a cloze question with <file> images and returns none of its files', () => {
    const result = importMoodleXml(fixture('moodle-cloze-with-images.xml'));
    expect(result.questions).toEqual([]);
    expect(result.skipped.map((s) => s.name)).toEqual(['cloze with images']);
    expect(result.files).toEqual([]);
  });

  it('takes a multiple-response question: the options with a positive fraction are the key', () => {
    const result = valid(importMoodleXml(fixture('moodle-multichoice-multi.xml')));
    const q = result.questions[0]!.question;
    expect(q.qt).toBe(4);
    expect(q.options).toEqual({ A: 'Tokyo', B: 'Spain', C: 'London', D: 'Barcelona', E: 'Paris' });
    expect(q.answer).toEqual(['C', 'E']);
    expect(q.nm).toBe(0);
    expect(q.so).toBe(true);
    expect(q.solution).toBe('Berlin, Paris and London');
    // "Default for C1" is Moodle's automatic category: no tag.
    expect(result.questions[0]!.tags.subject).toBeNull();
  });

  it('makes a short answer a teacher-graded question with the accepted answers as model answer', () => {
    const result = valid(importMoodleXml(fixture('moodle-shortanswer.xml')));
    const draft = result.questions[0]!;
    expect(draft.question.qt).toBe(1);
    expect(draft.question.answer).toBeNull();
    expect(draft.question.solution).toBe('<p>Accepted answers: frog; toad (80%)</p>Generalfeedback: frog or toad would have been OK.');
    expect(draft.tags.subject).toBe('Test questions');
    expect(result.warnings).toEqual([{ ref: 'shortanswer-001', message: expect.stringContaining('graded by a teacher') }]);
  });

  it('takes an essay with its general feedback as the solution', () => {
    const result = valid(importMoodleXml(fixture('moodle-essay.xml')));
    expect(result.questions[0]?.question).toMatchObject({ qt: 8, pm: 1, answer: null, text: 'Write an essay with 500 words.', solution: 'This is general feedback' });
  });

  it('skips a matching question with its reason', () => {
    const result = importMoodleXml(fixture('moodle-matching.xml'));
    expect(result.questions).toEqual([]);
    expect(result.skipped).toEqual([{ ref: 'matching-001', name: 'matching-001', reason: expect.stringMatching(/^Matching questions are not supported/) }]);
  });
});

describe('importMoodleXml rules', () => {
  it('turns a numerical answer with tolerance into a range key, exactly', () => {
    const result = valid(
      importMoodleXml(
        quiz(
          question('numerical', 'pi', `${answer(100, '3.14', '<tolerance>0.01</tolerance>')}${answer(0, '*', '<tolerance>0</tolerance>')}<unitgradingtype>0</unitgradingtype>`),
          question('numerical', 'exact', answer(100, '42', '<tolerance>0</tolerance>')),
          question('numerical', 'two answers', `${answer(100, '1822', '<tolerance>0</tolerance>')}${answer(100, '1823', '<tolerance>0</tolerance>')}${answer(50, '1800', '<tolerance>50</tolerance>')}`),
          question('numerical', 'units', `${answer(100, '1.5e3', '<tolerance>0.5</tolerance>')}<units><unit><multiplier>1</multiplier><unit_name>m</unit_name></unit><unit><multiplier>100</multiplier><unit_name>cm</unit_name></unit></units>`),
          question('numerical', 'no number', answer(100, 'twelve', '<tolerance>0</tolerance>')),
        ),
      ),
    );
    expect(result.questions.map((q) => [q.name, q.question.qt, q.question.answer])).toEqual([
      ['pi', 6, '3.13..3.15'],
      ['exact', 6, '42..42'],
      ['two answers', 6, '1822..1822'],
      ['units', 6, '1499.5..1500.5'],
    ]);
    expect(result.warnings.filter((w) => w.ref === 'two answers').map((w) => w.message)).toEqual([
      '2 answers are worth 100% (1822, 1823); the key is the first one, 1822..1822.',
      'Partial credit for 1800 (50%) is not kept.',
    ]);
    expect(result.warnings.find((w) => w.ref === 'units')?.message).toMatch(/^Units \(m, cm\) are not kept/);
    expect(result.skipped).toEqual([{ ref: 'no number', name: 'no number', reason: 'Its answer "twelve" (tolerance "0") is not a number.' }]);
  });

  it('takes negative marks from negative fractions: single choice takes the largest, multiple choice none', () => {
    const grade = (body: string, marks: string) => question('multichoice', marks, body).replace('<defaultgrade>1.0000000</defaultgrade>', `<defaultgrade>${marks}</defaultgrade>`);
    const result = valid(
      importMoodleXml(
        quiz(
          grade(`<single>true</single>${answer(100, 'a')}${answer(-25, 'b')}${answer(-25, 'c')}${answer(-25, 'd')}`, '4'),
          grade(`<single>true</single>${answer(100, 'a')}${answer(-33.33333, 'b')}${answer(-50, 'c')}${answer(50, 'd')}`, '3'),
          grade(`<single>false</single>${answer(50, 'a')}${answer(50, 'b')}${answer(-100, 'c')}`, '2'),
        ),
      ),
    );
    expect(result.questions.map((q) => [q.question.qt, q.question.pm, q.question.nm, q.question.answer])).toEqual([
      [3, 4, 1, 'A'],
      [3, 3, 1.5, 'A'],
      [4, 2, 0, ['A', 'B']],
    ]);
    expect(result.warnings.filter((w) => w.ref === '3').map((w) => w.message)).toEqual([
      'Partial credit for D (50%) is not kept: only A earns marks.',
      'Wrong options take away different fractions in Moodle (33.33333%, 50%); here every wrong answer takes the largest, 50% of the marks.',
    ]);
  });

  it('skips what it cannot take whole: more than 10 options, two right options, no right option, a missing image', () => {
    const eleven = Array.from({ length: 11 }, (_, index) => answer(index === 0 ? 100 : 0, `o${index}`)).join('');
    const result = importMoodleXml(
      quiz(
        question('multichoice', 'eleven', `<single>true</single>${eleven}`),
        question('multichoice', 'two right', `<single>true</single>${answer(100, 'a')}${answer(100, 'b')}`),
        question('truefalse', 'no key', `${answer(0, 'true')}${answer(0, 'false')}`),
        question('multichoice', 'missing image', `<single>true</single>${answer(100, 'a')}${answer(0, 'b')}`, '<p><img src="@@PLUGINFILE@@/gone.png"></p>'),
        question('calculated', 'calc', ''),
        question('ddwtos', 'drag', ''),
        question('mystery', 'unknown', ''),
      ),
    );
    expect(result.questions).toEqual([]);
    expect(result.skipped.map((s) => [s.name, s.reason])).toEqual([
      ['eleven', 'It has 11 options; a question here has at most 10 (A to J).'],
      ['two right', 'Options A and B are both worth 100%; a single-choice question here has one right option.'],
      ['no key', 'Neither True nor False is marked as the right answer.'],
      ['missing image', 'It shows the file "gone.png", which is not embedded in the export.'],
      ['calc', 'Calculated questions are not supported: each student would need their own random values.'],
      ['drag', 'Drag and drop into text questions are not supported: no question type here scores several gaps.'],
      ['unknown', 'Moodle "mystery" questions are not supported.'],
    ]);
  });

  it('turns TeX into MathML with the TeX as annotation, and keeps a formula it cannot read', () => {
    const result = valid(
      importMoodleXml(
        quiz(
          question('essay', 'math', '', '<p>Solve \\(x^2 &lt; 4\\) and $$\\frac{a}{b}$$ and \\[\\sqrt{2}\\]</p>'),
          question('essay', 'broken', '', '<p>\\(\\frac{a\\)</p>'),
        ),
      ),
    );
    const text = result.questions[0]!.question.text;
    expect(text).toMatch(/^<p>Solve <math><semantics><mrow><msup><mi>x<\/mi><mn[^>]*>2<\/mn><\/msup><mo>&lt;<\/mo><mn>4<\/mn><\/mrow><annotation encoding="application\/x-tex">x\^2 &lt; 4<\/annotation><\/semantics><\/math> and /);
    expect(text).toContain('<math display="block"');
    expect(text).toContain('<annotation encoding="application/x-tex">\\frac{a}{b}</annotation>');
    expect(text).toContain('<msqrt>');
    expect(text).not.toContain('$$');
    expect(result.questions[1]!.question.text).toBe('<p>\\(\\frac{a\\)</p>');
    expect(result.warnings.find((w) => w.ref === 'broken')?.message).toMatch(/could not be converted to MathML/);
  });

  it('keeps each file once, rewrites every reference, and reads <tags>, description and text formats', () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const base64 = png.toString('base64');
    const sha = createHash('sha256').update(png).digest('hex');
    const result = valid(
      importMoodleXml(
        quiz(
          '<question type="category"><category><text>$course$/top/Physics/Optics</text></category></question>',
          question('multichoice', 'with image', `<single>true</single>${answer(100, '<img src="@@PLUGINFILE@@/dot%20one.png">', `<file name="dot one.png" path="/" encoding="base64">${base64}</file>`)}${answer(0, 'b')}<tags><tag><text>lenses</text></tag><tag><text>difficulty:hard</text></tag></tags>`, '<p><img src="@@PLUGINFILE@@/dot.png" alt="dot"></p>').replace('</text></questiontext>', `</text><file name="dot.png" path="/" encoding="base64">${base64}</file></questiontext>`),
          question('description', 'intro', '', 'Read this:\nline two', 'plain_text'),
          question('essay', 'markdown', '', 'Some **bold** and *italic*\n\nnew <paragraph>', 'markdown'),
          question('essay', 'auto', '', 'Kept <b>html</b>\nand a break', 'moodle_auto_format'),
        ),
      ),
    );
    expect(result.files.map((file) => [file.sha256, file.name])).toEqual([[sha, 'dot.png']]);
    const mcq = result.questions[0]!;
    expect(mcq.question.text).toBe(`<p><img src="bank-file:${sha}" alt="dot"></p>`);
    expect(mcq.question.options.A).toBe(`<img src="bank-file:${sha}">`);
    expect(mcq.tags).toEqual({ subject: 'Physics', chapter: 'Optics', difficulty: 3, labels: ['lenses'] });
    expect(mcq.question.difficulty).toBe(3);
    const description = result.questions[1]!;
    expect(description.kind).toBe('description');
    expect(description.question).toMatchObject({ qt: 1, pm: 0, text: 'Read this:<br>line two' });
    expect(result.questions[2]!.question.text).toBe('<p>Some <strong>bold</strong> and <em>italic</em></p><p>new &lt;paragraph&gt;</p>');
    expect(result.questions[3]!.question.text).toBe('Kept <b>html</b><br>and a break');
  });

  it('refuses a file that is not Moodle XML, broken XML, a file over 20 MB and more than 5,000 questions', () => {
    expect(() => importMoodleXml('<?xml version="1.0"?><questions></questions>')).toThrow(new FormatError('This is not a Moodle XML file: no <quiz> element.'));
    expect(() => importMoodleXml('<quiz><question type="essay"></quiz>')).toThrow(FormatError);
    expect(() => importMoodleXml('<quiz><question type="essay"></quiz>')).toThrow(/XML is broken at line 1/);
    expect(() => importMoodleXml(Buffer.alloc(MAX_FILE_BYTES + 1, 32))).toThrow(/files of at most 20 MB/);
    const many = quiz(...Array.from({ length: 5_001 }, (_, index) => `<question type="essay"><name><text>q${index}</text></name><questiontext format="html"><text>x</text></questiontext></question>`));
    expect(() => importMoodleXml(many)).toThrow(/more than 5000 questions/);
  });

  it('reads an empty quiz as no questions', () => {
    expect(importMoodleXml('<quiz></quiz>')).toEqual({ questions: [], files: [], skipped: [], warnings: [] });
  });
});
