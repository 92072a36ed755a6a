import ExcelJS from 'exceljs';
import type { CellValue } from 'exceljs';
import { parse as parseCsv } from 'csv-parse/sync';
import type { BankQuestionDraft, FormatResult } from '@invigil/shared/api/question-bank';
import type { ImportQuestion } from '@invigil/shared/api/test-import';
import { parseNumericKey } from '@invigil/shared/domain/scoring';
import { FormatError, LABELS, MAX_QUESTIONS, ResultBuilder, baseQuestion, checkFileSize, difficultyOf, escapeHtml, marks2, texToMathml, tooManyQuestions } from './common';

/**
 * The question bank's spreadsheet template (issue 28): one row a question, read from XLSX (the
 * first sheet, "Questions") or CSV, with exceljs / csv-parse. The header row names the columns
 * (any order, case and spaces ignored); `spreadsheetTemplate()` writes the template with an
 * example row per type and an "Instructions" sheet. A bad row is skipped with its row number and
 * a reason naming the column; empty rows are ignored.
 *
 * Cells are text: a cell with HTML tags is kept as HTML, any other is escaped with its line breaks
 * kept; TeX ($$..$$, \(..\), \[..\]) becomes MathML as in the other formats.
 */

export const SPREADSHEET_COLUMNS = [
  'type',
  'question',
  'option_a',
  'option_b',
  'option_c',
  'option_d',
  'option_e',
  'option_f',
  'option_g',
  'option_h',
  'option_i',
  'option_j',
  'answer',
  'marks',
  'negative_marks',
  'solution',
  'passage',
  'subject',
  'chapter',
  'difficulty',
  'tags',
  'shuffle_options',
] as const;
type Column = (typeof SPREADSHEET_COLUMNS)[number];

/** The `type` column: a name or the question type's number. */
const TYPES: Record<string, ImportQuestion['qt'] | 'description'> = {
  subjective: 1,
  short: 1,
  '1': 1,
  mcq: 3,
  single: 3,
  '3': 3,
  multi: 4,
  mcq_multi: 4,
  '4': 4,
  paragraph: 5,
  '5': 5,
  numerical: 6,
  '6': 6,
  true_false: 7,
  truefalse: 7,
  single_choice: 7,
  '7': 7,
  essay: 8,
  '8': 8,
  description: 'description',
};

export const SPREADSHEET_INSTRUCTIONS: [string, string][] = [
  ['type', 'Required. mcq (one right option), multi (several right options), true_false, numerical, paragraph (one right option, with a passage), subjective (a short written answer), essay, or description (text without marks). The numbers 1, 3, 4, 5, 6, 7, 8 work too.'],
  ['question', 'Required. The question text. Plain text (line breaks kept) or HTML. Math in TeX between \\( and \\) or $$ and $$.'],
  ['option_a .. option_j', 'The options of mcq, multi and paragraph questions, from option_a on, without gaps (at least 2, at most 10). true_false needs none: its options are True and False.'],
  ['answer', 'mcq, paragraph: one letter (B). multi: letters with commas (A, C). true_false: True or False (or A / B). numerical: a number (2.5) or a range (2.4..2.6). subjective and essay: optional model answer, shown in the solution.'],
  ['marks', 'Marks for a right answer (default 1; 0 for a description).'],
  ['negative_marks', 'Marks taken away for a wrong answer, a positive number (default 0).'],
  ['solution', 'Optional solution shown in the review.'],
  ['passage', 'paragraph questions: the passage the question is about.'],
  ['subject, chapter', 'Optional tags for searching the bank.'],
  ['difficulty', 'Optional: easy, medium or hard (or 1, 2, 3).'],
  ['tags', 'Optional labels, separated by commas.'],
  ['shuffle_options', 'Optional: yes to show the options in a different order to each student.'],
];

const EXAMPLES: Record<Column, string>[] = [
  ex({ type: 'mcq', question: 'Which planet is closest to the Sun?', option_a: 'Venus', option_b: 'Mercury', option_c: 'Earth', option_d: 'Mars', answer: 'B', marks: '4', negative_marks: '1', solution: 'Mercury orbits at about 0.39 AU.', subject: 'Physics', chapter: 'Solar System', difficulty: 'easy', tags: 'planets' }),
  ex({ type: 'multi', question: 'Which of these are prime numbers?', option_a: '2', option_b: '4', option_c: '7', option_d: '9', answer: 'A, C', marks: '4', subject: 'Mathematics', chapter: 'Numbers', difficulty: 'medium', shuffle_options: 'yes' }),
  ex({ type: 'true_false', question: 'Water boils at 100 °C at sea level.', answer: 'True', marks: '1', subject: 'Physics', chapter: 'Heat' }),
  ex({ type: 'numerical', question: 'The acceleration due to gravity \\(g\\) in m/s², to one decimal place?', answer: '9.7..9.9', marks: '2', subject: 'Physics', chapter: 'Gravitation', difficulty: 'medium' }),
  ex({ type: 'paragraph', passage: 'Photosynthesis turns light energy into chemical energy stored in glucose.', question: 'What does photosynthesis store energy in?', option_a: 'Glucose', option_b: 'Oxygen', option_c: 'Water', option_d: 'Carbon dioxide', answer: 'A', marks: '2', subject: 'Biology', chapter: 'Plants' }),
  ex({ type: 'subjective', question: "State Newton's first law of motion.", answer: 'A body stays at rest or in uniform motion unless a net force acts on it.', marks: '3', subject: 'Physics', chapter: 'Laws of Motion' }),
  ex({ type: 'essay', question: 'Describe the water cycle in about 200 words.', solution: 'Evaporation, condensation, precipitation, collection.', marks: '10', subject: 'Geography', difficulty: 'hard' }),
  ex({ type: 'description', question: 'Read the following questions carefully: each has exactly one right answer.', marks: '0' }),
];

function ex(values: Partial<Record<Column, string>>): Record<Column, string> {
  return Object.fromEntries(SPREADSHEET_COLUMNS.map((column) => [column, values[column] ?? ''])) as Record<Column, string>;
}

/** The template: a "Questions" sheet (header and an example row per type) and an "Instructions" sheet. */
export async function spreadsheetTemplate(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Questions');
  sheet.addRow([...SPREADSHEET_COLUMNS]);
  sheet.getRow(1).font = { bold: true };
  for (const example of EXAMPLES) sheet.addRow(SPREADSHEET_COLUMNS.map((column) => example[column]));
  sheet.columns.forEach((column, index) => {
    column.width = SPREADSHEET_COLUMNS[index] === 'question' || SPREADSHEET_COLUMNS[index] === 'solution' || SPREADSHEET_COLUMNS[index] === 'passage' ? 50 : 16;
  });
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  const help = workbook.addWorksheet('Instructions');
  help.addRow(['Column', 'What to write']);
  help.getRow(1).font = { bold: true };
  for (const row of SPREADSHEET_INSTRUCTIONS) help.addRow(row);
  help.addRow([]);
  help.addRow(['', 'One row is one question. Keep the header row. Rows with a problem are listed with their row number and the column to fix; the other rows are imported.']);
  help.getColumn(1).width = 22;
  help.getColumn(2).width = 110;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A cell as the person sees it. */
function cellText(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isInteger(value) ? value.toString() : String(Number(value.toPrecision(15)));
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value && Array.isArray(value.richText)) return value.richText.map((part) => part.text).join('');
    if ('result' in value) return cellText((value.result ?? null) as CellValue);
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('error' in value) return '';
  }
  return '';
}

interface Row {
  number: number;
  cells: string[];
}

async function readRows(bytes: Buffer): Promise<Row[]> {
  // An XLSX file is a ZIP: "PK".
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) {
    const workbook = new ExcelJS.Workbook();
    try {
      await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    } catch {
      throw new FormatError('This file could not be read as an Excel workbook (.xlsx). Save it again as .xlsx or .csv.');
    }
    const sheet = workbook.getWorksheet('Questions') ?? workbook.worksheets[0];
    if (!sheet) throw new FormatError('The workbook has no sheet.');
    if (sheet.actualRowCount > MAX_QUESTIONS + 1) throw tooManyQuestions();
    const rows: Row[] = [];
    sheet.eachRow({ includeEmpty: false }, (row, number) => {
      const cells: string[] = [];
      row.eachCell({ includeEmpty: true }, (cell, column) => {
        cells[column - 1] = cellText(cell.value);
      });
      rows.push({ number, cells: Array.from(cells, (cell) => cell ?? '') });
    });
    return rows;
  }
  if (bytes.includes(0)) throw new FormatError('This is neither an Excel workbook (.xlsx) nor a CSV file.');
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = [',', ';', '\t'].reduce((best, candidate) => (firstLine.split(candidate).length > firstLine.split(best).length ? candidate : best), ',');
  let records: string[][];
  try {
    records = parseCsv(text, { delimiter, relax_column_count: true, skip_empty_lines: false }) as string[][];
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw new FormatError(`This CSV file could not be read${line ? ` (near line ${line})` : ''}: check that every quote (") is closed.`);
  }
  return records.map((cells, index) => ({ number: index + 1, cells }));
}

function cellHtml(text: string, problems: string[]): string {
  const trimmed = text.trim();
  const html = /<\/?[a-z][a-z0-9]*(\s[^>]*)?\/?>/i.test(trimmed) ? trimmed : escapeHtml(trimmed).replace(/\r?\n/g, '<br>');
  return texToMathml(html, problems);
}

class RowProblem extends Error {}

function number(value: string, column: string, fallback: number): number {
  if (value.trim() === '') return fallback;
  const parsed = Number(value.trim());
  if (!Number.isFinite(parsed) || parsed < 0 || parsed > 1000) throw new RowProblem(`${column}: "${value}" is not a number from 0 to 1000.`);
  return marks2(parsed);
}

function convertRow(get: (column: Column) => string, problems: string[]): { kind: BankQuestionDraft['kind']; question: ImportQuestion } {
  const typeText = get('type').trim().toLowerCase().replace(/[\s-]+/g, '_');
  const type = TYPES[typeText];
  if (type === undefined) throw new RowProblem(`type: "${get('type')}" is not one of mcq, multi, true_false, numerical, paragraph, subjective, essay, description.`);
  const text = cellHtml(get('question'), problems);
  if (text === '') throw new RowProblem('question: the question text is empty.');
  const solutionText = cellHtml(get('solution'), problems);
  const difficultyText = get('difficulty').trim();
  const difficulty = difficultyText === '' ? null : difficultyOf(difficultyText);
  if (difficultyText !== '' && difficulty === null) throw new RowProblem(`difficulty: "${difficultyText}" is not easy, medium or hard (1, 2, 3).`);
  const so = /^(yes|y|true|1)$/i.test(get('shuffle_options').trim());
  if (type === 'description') {
    return { kind: 'description', question: baseQuestion({ qt: 1, pm: 0, text, solution: solutionText || null, difficulty }) };
  }
  const pm = number(get('marks'), 'marks', 1);
  const nm = number(get('negative_marks'), 'negative_marks', 0);
  const answer = get('answer').trim();
  const common = { pm, nm, text, difficulty, solution: solutionText || null };
  switch (type) {
    case 3:
    case 4:
    case 5: {
      const options: Record<string, string> = {};
      let gap: string | null = null;
      LABELS.forEach((label) => {
        const value = get(`option_${label.toLowerCase()}` as Column).trim();
        if (value === '') {
          gap ??= label;
          return;
        }
        if (gap !== null) throw new RowProblem(`option_${gap.toLowerCase()}: empty, but option_${label.toLowerCase()} is filled; fill the options from option_a on without gaps.`);
        options[label] = cellHtml(value, problems);
      });
      const count = Object.keys(options).length;
      if (count < 2) throw new RowProblem('option_a, option_b: a choice question needs at least 2 options.');
      const labels = answer.toUpperCase().split(/[\s,;]+/).filter((label) => label !== '');
      const known = LABELS.slice(0, count) as readonly string[];
      const unknown = labels.find((label) => !known.includes(label));
      if (labels.length === 0) throw new RowProblem(`answer: empty; write the right option's letter (A to ${known[count - 1]}).`);
      if (unknown) throw new RowProblem(`answer: "${unknown}" is not one of the options A to ${known[count - 1]}.`);
      if (type === 4) {
        if (new Set(labels).size !== labels.length) throw new RowProblem('answer: an option is listed twice.');
        return { kind: 'question', question: baseQuestion({ ...common, qt: 4, so, noo: count, options, answer: labels }) };
      }
      if (labels.length !== 1) throw new RowProblem(`answer: "${answer}" lists ${labels.length} options; an ${type === 5 ? 'paragraph' : 'mcq'} question has one right option (use type multi for several).`);
      const extra = type === 5 ? cellHtml(get('passage'), problems) : '';
      if (type === 5 && extra === '') throw new RowProblem('passage: a paragraph question needs its passage.');
      return { kind: 'question', question: baseQuestion({ ...common, qt: type, so, noo: count, options, answer: labels[0] ?? null, extra: extra || null }) };
    }
    case 7: {
      const key = /^(true|t|a)$/i.test(answer) ? 'A' : /^(false|f|b)$/i.test(answer) ? 'B' : null;
      if (!key) throw new RowProblem(`answer: "${answer}" is not True or False.`);
      return { kind: 'question', question: baseQuestion({ ...common, qt: 7, noo: 2, options: { A: 'True', B: 'False' }, answer: key }) };
    }
    case 6: {
      if (parseNumericKey(answer) === null) throw new RowProblem(`answer: "${answer}" is not a number (2.5) or a range (2.4..2.6).`);
      return { kind: 'question', question: baseQuestion({ ...common, qt: 6, answer }) };
    }
    case 1:
    case 8: {
      const model = answer === '' ? null : `<p>Model answer: ${cellHtml(answer, problems)}</p>`;
      return { kind: 'question', question: baseQuestion({ ...common, qt: type, solution: [model, common.solution].filter(Boolean).join('') || null }) };
    }
  }
}

/** Reads the spreadsheet template (XLSX or CSV). Throws FormatError when the file cannot be read; a bad row is skipped. */
export async function importSpreadsheet(input: Uint8Array): Promise<FormatResult> {
  checkFileSize(input.byteLength);
  const rows = await readRows(Buffer.from(input));
  const header = rows.find((row) => row.cells.some((cell) => cell.trim() !== ''));
  if (!header) throw new FormatError('The file is empty: it needs a header row (type, question, option_a, ...) and one row a question.');
  const columns = new Map<string, number>();
  const results = new ResultBuilder('spreadsheet');
  header.cells.forEach((cell, index) => {
    const name = cell.trim().toLowerCase().replace(/[\s-]+/g, '_');
    if (name === '') return;
    if ((SPREADSHEET_COLUMNS as readonly string[]).includes(name)) {
      if (!columns.has(name)) columns.set(name, index);
    } else results.warn(`row ${header.number}`, `The column "${cell.trim()}" is not one of the template's and is ignored.`);
  });
  const missing = (['type', 'question'] as const).filter((name) => !columns.has(name));
  if (missing.length > 0) throw new FormatError(`The header row (row ${header.number}) has no ${missing.join(' or ')} column: start from the template (columns ${SPREADSHEET_COLUMNS.slice(0, 4).join(', ')}, ...).`);
  const body = rows.filter((row) => row.number > header.number && row.cells.some((cell) => cell.trim() !== ''));
  if (body.length > MAX_QUESTIONS) throw tooManyQuestions();
  for (const row of body) {
    const get = (column: Column) => {
      const index = columns.get(column);
      return index === undefined ? '' : (row.cells[index] ?? '');
    };
    const ref = `row ${row.number}`;
    const name = get('question').replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 80) || ref;
    const problems: string[] = [];
    try {
      const converted = convertRow(get, problems);
      const labels = get('tags').split(/[,;]/).map((label) => label.trim()).filter((label) => label !== '').map((label) => label.slice(0, 100));
      const subject = get('subject').trim().slice(0, 200) || null;
      const chapter = get('chapter').trim().slice(0, 200) || null;
      results.add({ name, kind: converted.kind, question: converted.question, tags: { subject, chapter, difficulty: converted.question.difficulty, labels: [...new Set(labels)].slice(0, 50) }, source: { format: 'spreadsheet', ref } }, problems);
    } catch (error) {
      results.skip(ref, name, error instanceof RowProblem ? `Row ${row.number}, ${error.message}` : `Row ${row.number} could not be read: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return results.finish();
}
