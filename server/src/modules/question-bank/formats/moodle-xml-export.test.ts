import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { BankQuestionDraft } from '@invigil/shared/api/question-bank';
import { baseQuestion } from './common';
import { importGift } from './gift-import';
import { exportMoodleXml } from './moodle-xml-export';
import { importMoodleXml } from './moodle-xml-import';
import { importSpreadsheet, spreadsheetTemplate } from './spreadsheet-import';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

/** The parts of a question that an export keeps: everything but where it came from. */
function comparable(questions: BankQuestionDraft[]) {
  return questions.map(({ name, kind, question, tags }) => ({ name, kind, question, tags }));
}

describe('exportMoodleXml round trip', () => {
  it.each(['moodle-nested-categories.xml', 'moodle-old-image-tag.xml', 'moodle-multichoice-multi.xml', 'moodle-essay.xml'])('%s: export then import gives the same questions and files', (name) => {
    const first = importMoodleXml(fixture(name));
    const exported = exportMoodleXml(first.questions, first.files);
    expect(exported.warnings).toEqual([]);
    const second = importMoodleXml(exported.xml);
    expect(second.skipped).toEqual([]);
    expect(comparable(second.questions)).toEqual(comparable(first.questions));
    expect(second.files.map((file) => [file.name, file.mime, file.sha256])).toEqual(first.files.map((file) => [file.name, file.mime, file.sha256]));
    expect(Buffer.compare(Buffer.from(second.files[0]?.bytes ?? []), Buffer.from(first.files[0]?.bytes ?? []))).toBe(0);
  });

  it('writes images back as embedded base64 files and math back as TeX', () => {
    const first = importMoodleXml(fixture('moodle-old-image-tag.xml'));
    const png = first.files[0]!;
    const { xml } = exportMoodleXml(first.questions, first.files);
    expect(xml).toContain('<img src="@@PLUGINFILE@@/moodle.png" alt="">');
    expect(xml).toContain(`<file name="moodle.png" path="/" encoding="base64">${Buffer.from(png.bytes).toString('base64')}</file>`);
    expect(xml).not.toContain('bank-file:');

    const math = importGift('::m::Simplify \\(x^2 \\cdot x\\) {=x^3 ~x^2}');
    const back = exportMoodleXml(math.questions, []);
    expect(back.xml).toContain('<text><![CDATA[Simplify \\(x^2 \\cdot x\\)]]></text>');
    expect(comparable(importMoodleXml(back.xml).questions)).toEqual(comparable(math.questions).map((q) => ({ ...q, question: { ...q.question, so: false } })));
  });

  it('keeps marks, negative marks, keys, tolerance ranges and tags through Moodle', () => {
    const tags = { subject: 'Physics', chapter: 'Motion', difficulty: 2 as const, labels: ['vectors'] };
    const drafts: BankQuestionDraft[] = [
      { name: 'single', kind: 'question', tags, source: { format: 'spreadsheet', ref: 'row 2' }, question: baseQuestion({ qt: 3, pm: 4, nm: 1, noo: 4, so: true, text: '<p>Pick</p>', options: { A: 'a', B: 'b', C: 'c', D: 'd' }, answer: 'C', solution: '<p>Because</p>' }) },
      { name: 'thirds', kind: 'question', tags, source: { format: 'spreadsheet', ref: 'row 3' }, question: baseQuestion({ qt: 3, pm: 3, nm: 1, noo: 2, text: 'x', options: { A: 'a', B: 'b' }, answer: 'A' }) },
      { name: 'multi', kind: 'question', tags, source: { format: 'spreadsheet', ref: 'row 4' }, question: baseQuestion({ qt: 4, pm: 2, noo: 4, text: 'Pick three', options: { A: '1', B: '2', C: '3', D: '4' }, answer: ['A', 'B', 'D'] }) },
      { name: 'range', kind: 'question', tags, source: { format: 'spreadsheet', ref: 'row 5' }, question: baseQuestion({ qt: 6, pm: 2, text: 'g?', answer: '9.7..9.9' }) },
      { name: 'tf', kind: 'question', tags, source: { format: 'spreadsheet', ref: 'row 6' }, question: baseQuestion({ qt: 7, pm: 1, noo: 2, text: 'True?', options: { A: 'True', B: 'False' }, answer: 'B' }) },
      { name: 'essay', kind: 'question', tags: { ...tags, chapter: null, difficulty: null, labels: [] }, source: { format: 'spreadsheet', ref: 'row 7' }, question: baseQuestion({ qt: 8, pm: 10, text: 'Write', solution: '<p>Model</p>' }) },
      { name: 'intro', kind: 'description', tags: { subject: null, chapter: null, difficulty: null, labels: [] }, source: { format: 'spreadsheet', ref: 'row 8' }, question: baseQuestion({ qt: 1, pm: 0, text: 'Read carefully.' }) },
    ];
    for (const draft of drafts) draft.question.difficulty = draft.tags.difficulty;
    const exported = exportMoodleXml(drafts, []);
    expect(exported.warnings).toEqual([]);
    expect(exported.xml).toContain('<text>$course$/top/Physics/Motion</text>');
    expect(exported.xml).toContain('<answer fraction="-25" format="html">');
    expect(exported.xml).toContain('<answer fraction="33.33333" format="html">');
    expect(exported.xml).toContain('<tolerance>0.1</tolerance>');
    const back = importMoodleXml(exported.xml);
    expect(back.skipped).toEqual([]);
    expect(comparable(back.questions)).toEqual(comparable(drafts));
  });

  it('says what Moodle cannot hold: a subjective or paragraph question, a value key, negative marks Moodle has no fraction for', async () => {
    const template = await importSpreadsheet(await spreadsheetTemplate());
    const exported = exportMoodleXml(template.questions, []);
    const back = importMoodleXml(exported.xml);
    expect(back.skipped).toEqual([]);
    expect(back.questions.map((q) => q.question.qt)).toEqual([3, 4, 7, 6, 3, 8, 8, 1]);
    expect(back.questions[4]?.question.text).toBe('Photosynthesis turns light energy into chemical energy stored in glucose.What does photosynthesis store energy in?');
    expect(exported.warnings.map((w) => w.message)).toEqual([
      'Moodle has no passage shared by questions: the passage is written above the question text.',
      'A paragraph question is written as multiple choice: it comes back as type 3.',
      'Written as a Moodle essay: it comes back as an essay (type 8).',
    ]);

    const odd = exportMoodleXml(
      [
        { name: 'value', kind: 'question', tags: { subject: null, chapter: null, difficulty: null, labels: [] }, question: baseQuestion({ qt: 6, pm: 1, nm: 0.5, text: 'n?', answer: '2.5' }) },
        { name: 'nm', kind: 'question', tags: { subject: null, chapter: null, difficulty: null, labels: [] }, question: baseQuestion({ qt: 3, pm: 3.5, nm: 1, noo: 2, text: 'x', options: { A: 'a', B: 'b' }, answer: 'A' }) },
      ],
      [],
    );
    expect(odd.warnings.map((w) => `${w.ref}: ${w.message}`)).toEqual([
      'value: The key 2.5 accepts what rounds to it; in Moodle it is 2.5 ± 0.05, and it comes back as a range.',
      'value: Moodle cannot take marks away for a numerical answer: the negative marks (0.5) are left out.',
      'nm: Negative marks 1 of 3.5 are -30% in Moodle (the nearest fraction Moodle accepts).',
    ]);
    expect(importMoodleXml(odd.xml).questions.map((q) => [q.question.answer, q.question.nm])).toEqual([
      ['2.45..2.55', 0],
      ['A', 1.05],
    ]);
  });
});
