import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { bankQuestionDraftSchema } from '@invigil/shared/api/question-bank';
import type { FormatResult } from '@invigil/shared/api/question-bank';
import { FormatError, MAX_FILE_BYTES } from './common';
import { SPREADSHEET_COLUMNS, importSpreadsheet, spreadsheetTemplate } from './spreadsheet-import';

function valid(result: FormatResult): FormatResult {
  for (const draft of result.questions) expect(bankQuestionDraftSchema.safeParse(draft).success).toBe(true);
  return result;
}

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('spreadsheetTemplate', () => {
  it('has the header, an example per type that imports cleanly, and an Instructions sheet', async () => {
    const template = await spreadsheetTemplate();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(template as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Questions', 'Instructions']);
    expect((workbook.getWorksheet('Questions')?.getRow(1).values as unknown[]).slice(1)).toEqual([...SPREADSHEET_COLUMNS]);
    const instructions = workbook.getWorksheet('Instructions')!;
    expect(instructions.getCell('A2').value).toBe('type');

    const result = valid(await importSpreadsheet(template));
    expect(result.skipped).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(result.questions.map((q) => [q.source.ref, q.kind, q.question.qt, q.question.answer, q.question.pm, q.question.nm])).toEqual([
      ['row 2', 'question', 3, 'B', 4, 1],
      ['row 3', 'question', 4, ['A', 'C'], 4, 0],
      ['row 4', 'question', 7, 'A', 1, 0],
      ['row 5', 'question', 6, '9.7..9.9', 2, 0],
      ['row 6', 'question', 5, 'A', 2, 0],
      ['row 7', 'question', 1, null, 3, 0],
      ['row 8', 'question', 8, null, 10, 0],
      ['row 9', 'description', 1, null, 0, 0],
    ]);
    const [mcq, multi, , numerical, paragraph, subjective] = result.questions;
    expect(mcq?.tags).toEqual({ subject: 'Physics', chapter: 'Solar System', difficulty: 1, labels: ['planets'] });
    expect(mcq?.question.difficulty).toBe(1);
    expect(multi?.question.so).toBe(true);
    expect(numerical?.question.text).toContain('<annotation encoding="application/x-tex">g</annotation>');
    expect(paragraph?.question.extra).toBe('Photosynthesis turns light energy into chemical energy stored in glucose.');
    expect(subjective?.question.solution).toBe('<p>Model answer: A body stays at rest or in uniform motion unless a net force acts on it.</p>');
  });
});

describe('importSpreadsheet', () => {
  it('skips each bad row with its row number and the column to fix, and takes the good ones', async () => {
    const csv = [
      'Type,Question,Option A,Option B,Option C,Answer,Marks,Negative Marks,Difficulty,Remarks',
      'mcq,"Two\nlines",x,y,,C,2,,,',
      'numerical,How much?,,,,abc,1,,,',
      'mcq,Marks?,a,b,,B,-1,,,',
      'essay,,,,,,5,,,',
      'quiz,What type?,,,,,1,,,',
      'multi,Pick,a,,c,"A,C",1,,,',
      'true_false,Sky is blue,,,,maybe,1,,,',
      'mcq,Level,a,b,,A,1,,tricky,',
      ',,,,,,,,,',
      'mcq,"Good one, with <b>html</b>",a,b,c,c,2,0.5,hard,',
      'numerical,"Range \\(x\\)",,,,2.4..2.6,1,,,',
    ].join('\n');
    const result = valid(await importSpreadsheet(Buffer.from(csv)));
    expect(result.skipped.map((s) => s.reason)).toEqual([
      'Row 2, answer: "C" is not one of the options A to B.',
      'Row 3, answer: "abc" is not a number (2.5) or a range (2.4..2.6).',
      'Row 4, marks: "-1" is not a number from 0 to 1000.',
      'Row 5, question: the question text is empty.',
      'Row 6, type: "quiz" is not one of mcq, multi, true_false, numerical, paragraph, subjective, essay, description.',
      'Row 7, option_b: empty, but option_c is filled; fill the options from option_a on without gaps.',
      'Row 8, answer: "maybe" is not True or False.',
      'Row 9, difficulty: "tricky" is not easy, medium or hard (1, 2, 3).',
    ]);
    expect(result.skipped.map((s) => s.ref)).toEqual(['row 2', 'row 3', 'row 4', 'row 5', 'row 6', 'row 7', 'row 8', 'row 9']);
    expect(result.questions.map((q) => [q.source.ref, q.question.qt, q.question.answer, q.question.pm, q.question.nm, q.tags.difficulty])).toEqual([
      ['row 11', 3, 'C', 2, 0.5, 3],
      ['row 12', 6, '2.4..2.6', 1, 0, null],
    ]);
    expect(result.questions[0]?.question.text).toBe('Good one, with <b>html</b>');
    expect(result.warnings).toEqual([{ ref: 'row 1', message: 'The column "Remarks" is not one of the template\'s and is ignored.' }]);
  });

  it('reads an XLSX sheet with numbers as cells, and semicolon CSV', async () => {
    const book = await xlsx([
      ['type', 'question', 'option_a', 'option_b', 'answer', 'marks'],
      ['mcq', 'Which?', 1.5, 2.5, 'b', 3],
      ['numerical', 'Half of 5?', null, null, 2.5, 1],
    ]);
    const result = valid(await importSpreadsheet(book));
    expect(result.questions.map((q) => [q.question.qt, q.question.options, q.question.answer, q.question.pm])).toEqual([
      [3, { A: '1.5', B: '2.5' }, 'B', 3],
      [6, {}, '2.5', 1],
    ]);
    const semicolons = valid(await importSpreadsheet(Buffer.from('\uFEFFtype;question;answer\ntrue_false;Yes?;F\n')));
    expect(semicolons.questions[0]?.question.answer).toBe('B');
  });

  it('refuses a file without the type and question columns, binary junk, a broken quote, and oversized files', async () => {
    await expect(importSpreadsheet(Buffer.from('name,email\nA,a@b.c\n'))).rejects.toThrow(new FormatError('The header row (row 1) has no type or question column: start from the template (columns type, question, option_a, option_b, ...).'));
    await expect(importSpreadsheet(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).rejects.toThrow(/could not be read as an Excel workbook/);
    await expect(importSpreadsheet(Buffer.from([1, 0, 2]))).rejects.toThrow(/neither an Excel workbook/);
    await expect(importSpreadsheet(Buffer.from('type,question\nmcq,"open\n'))).rejects.toThrow(/check that every quote/);
    await expect(importSpreadsheet(Buffer.from(''))).rejects.toThrow(/The file is empty/);
    await expect(importSpreadsheet(Buffer.alloc(MAX_FILE_BYTES + 1, 32))).rejects.toThrow(/files of at most 20 MB/);
    const many = ['type,question', ...Array.from({ length: 5_001 }, () => 'essay,Why?')].join('\n');
    await expect(importSpreadsheet(Buffer.from(many))).rejects.toThrow(/more than 5000 questions/);
  });
});
