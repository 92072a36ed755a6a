import ExcelJS from 'exceljs';
import type { CellValue, Worksheet } from 'exceljs';
import { parse as parseCsv } from 'csv-parse/sync';
import {
  ROSTER_COLUMNS,
  ROSTER_COLUMN_LABELS,
  ROSTER_HEADER_ALIASES,
  ROSTER_LIMITS,
  ROSTER_MESSAGES,
  ROSTER_REQUIRED_COLUMNS,
  rosterColumnOf,
} from '@invigil/shared/api/student-roster';
import type { RosterColumn, RosterValues } from '@invigil/shared/api/student-roster';

/**
 * Reads the bulk student upload (issue 28): a CSV (UTF-8 with or without BOM, or the UTF-16 of
 * Excel's "Unicode text"; comma, semicolon or tab) or an XLSX (the first sheet with a header row).
 * Finds the header row among the first rows, takes the columns it knows by their aliases, trims
 * every cell, and numbers rows as the spreadsheet shows them. Never throws: a file it cannot use
 * is `{ ok: false, message }`, the message written for the person who uploaded it.
 */

export interface RosterFileRow {
  /** As the spreadsheet shows it: 1 is the first line. */
  rowNumber: number;
  values: RosterValues;
}

export interface RosterFile {
  format: 'csv' | 'xlsx';
  /** The sheet read (XLSX), or null (CSV). */
  sheet: string | null;
  headerRow: number;
  headers: { header: string; column: RosterColumn | null }[];
  /** Blank rows are left out; the others keep their numbers. */
  rows: RosterFileRow[];
}

export type RosterFileResult = { ok: true; file: RosterFile } | { ok: false; message: string };

export interface RosterFileLimits {
  maxBytes: number;
  maxRows: number;
}

/** How far down the header row may be (titles above it: "Class XII students 2025-26"). */
const HEADER_SEARCH_ROWS = 20;

const refuse = (message: string): RosterFileResult => ({ ok: false, message });

class Refusal extends Error {}

export async function readRosterFile(data: Uint8Array, limits: RosterFileLimits = ROSTER_LIMITS): Promise<RosterFileResult> {
  if (data.byteLength > limits.maxBytes) return refuse(ROSTER_MESSAGES.tooLarge(limits.maxBytes));
  if (data.byteLength === 0) return refuse(ROSTER_MESSAGES.empty);
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  try {
    if (isZip(bytes)) return await readXlsx(bytes, limits);
    if (isOle(bytes)) return refuse(ROSTER_MESSAGES.oldOrProtected);
    const text = decodeText(bytes);
    if (text === undefined) return refuse(ROSTER_MESSAGES.notSpreadsheet);
    return readCsv(text, limits);
  } catch (error) {
    if (error instanceof Refusal) return refuse(error.message);
    return refuse(ROSTER_MESSAGES.notSpreadsheet);
  }
}

const isZip = (bytes: Buffer): boolean => bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
/** An OLE container: an old .xls, or an XLSX saved with a password (Excel encrypts it into one). */
const isOle = (bytes: Buffer): boolean => bytes.length >= 8 && bytes.readUInt32BE(0) === 0xd0cf11e0 && bytes.readUInt32BE(4) === 0xa1b11ae1;

/**
 * The text of a CSV, or undefined for bytes that are not text (an image, a PDF...). UTF-8 (a BOM
 * or not), UTF-16 with its BOM, else Windows-1252: what Excel's plain "CSV" writes on Windows.
 */
function decodeText(bytes: Buffer): string | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return bytes.subarray(2).toString('utf16le');
  if (bytes.subarray(0, 8192).includes(0) || bytes.subarray(0, 5).toString('latin1') === '%PDF-') return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** The delimiter most used, outside quotes, in the first lines (Excel in many locales writes ';'). */
function detectDelimiter(text: string): string {
  const lines = text.slice(0, 16_384).split(/\r\n|\n|\r/).filter((line) => line.trim() !== '').slice(0, 10);
  let best = ',';
  let bestCount = 0;
  for (const delimiter of [',', ';', '\t', '|']) {
    const count = lines.reduce((sum, line) => sum + line.replace(/"[^"]*"/g, '').split(delimiter).length - 1, 0);
    if (count > bestCount) [best, bestCount] = [delimiter, count];
  }
  return best;
}

function readCsv(text: string, limits: RosterFileLimits): RosterFileResult {
  let records: string[][];
  try {
    records = parseCsv(text, { delimiter: detectDelimiter(text), relax_column_count: true, relax_quotes: true, skip_empty_lines: false, bom: true }) as string[][];
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    return refuse(`This CSV file could not be read${line ? ` (near line ${line})` : ''}: check that every quote (") is closed.`);
  }
  return fromGrid(records.map((cells, index) => ({ rowNumber: index + 1, cells })), { format: 'csv', sheet: null }, limits);
}

async function readXlsx(bytes: Buffer, limits: RosterFileLimits): Promise<RosterFileResult> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    return refuse(ROSTER_MESSAGES.notSpreadsheet);
  }
  let firstRefusal: RosterFileResult | undefined;
  for (const worksheet of workbook.worksheets) {
    if (worksheet.actualRowCount === 0) continue;
    const result = fromGrid(sheetRows(worksheet, limits), { format: 'xlsx', sheet: worksheet.name }, limits);
    if (result.ok) return result;
    firstRefusal ??= result;
  }
  return firstRefusal ?? refuse(ROSTER_MESSAGES.empty);
}

function* sheetRows(worksheet: Worksheet, limits: RosterFileLimits): Generator<{ rowNumber: number; cells: string[] }> {
  if (worksheet.actualRowCount > limits.maxRows + HEADER_SEARCH_ROWS) throw new Refusal(ROSTER_MESSAGES.tooManyRows(limits.maxRows));
  const rows: { rowNumber: number; cells: string[] }[] = [];
  worksheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = cellText(cell.value);
    });
    rows.push({ rowNumber, cells: Array.from(cells, (cell) => cell ?? '') });
  });
  yield* rows;
}

/** A cell as the person sees it: numbers without Excel's exponent (a phone typed as a number keeps its digits). */
export function cellText(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isInteger(value) && Math.abs(value) < 1e21 ? value.toFixed(0) : String(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value) return value.richText.map((run) => run.text).join('');
  if ('hyperlink' in value) return typeof value.text === 'string' ? value.text : cellText(value.text as CellValue);
  if ('formula' in value || 'sharedFormula' in value) return cellText((value as { result?: CellValue }).result ?? null);
  if ('error' in value) return '';
  return '';
}

/** Trimmed, zero-width characters out, a line break inside a cell (Alt+Enter) as a space. */
const clean = (cell: string | undefined): string => (cell ?? '').replace(/[\u200B-\u200D\uFEFF]/g, '').replace(/\s*[\r\n]+\s*/g, ' ').trim();

function fromGrid(
  grid: Iterable<{ rowNumber: number; cells: string[] }>,
  where: { format: 'csv' | 'xlsx'; sheet: string | null },
  limits: RosterFileLimits,
): RosterFileResult {
  const rows: { rowNumber: number; cells: string[] }[] = [];
  for (const row of grid) {
    const cells = row.cells.map(clean);
    if (cells.every((cell) => cell === '')) continue;
    rows.push({ rowNumber: row.rowNumber, cells });
    if (rows.length > limits.maxRows + HEADER_SEARCH_ROWS) return refuse(ROSTER_MESSAGES.tooManyRows(limits.maxRows));
  }
  if (rows.length === 0) return refuse(ROSTER_MESSAGES.empty);

  // The header: among the first rows, the one naming the most columns (at least two, one of them required).
  let headerIndex = -1;
  let bestMatches = 1;
  rows.slice(0, HEADER_SEARCH_ROWS).forEach((row, index) => {
    const columns = new Set(row.cells.map(rosterColumnOf).filter((column) => column !== undefined));
    const required = ROSTER_REQUIRED_COLUMNS.some((column) => columns.has(column));
    if (required && columns.size > bestMatches) [headerIndex, bestMatches] = [index, columns.size];
  });
  const headerRow = rows[headerIndex];
  if (!headerRow) return refuse(ROSTER_MESSAGES.noHeader);

  const headers = headerRow.cells.map((header) => ({ header, column: header === '' ? null : (rosterColumnOf(header) ?? null) }));
  const positions = new Map<RosterColumn, number>();
  for (const column of ROSTER_COLUMNS) {
    const at = headers.flatMap((header, index) => (header.column === column ? [index] : []));
    if (at.length > 1) return refuse(ROSTER_MESSAGES.duplicateHeader(column, at.map((index) => headers[index]?.header ?? '')));
    if (at[0] !== undefined) positions.set(column, at[0]);
  }
  const missing = ROSTER_REQUIRED_COLUMNS.filter((column) => !positions.has(column));
  if (missing.length > 0) return refuse(ROSTER_MESSAGES.missingColumns(missing.map((column) => ROSTER_COLUMN_LABELS[column])));

  const data = rows.slice(headerIndex + 1);
  if (data.length === 0) return refuse(ROSTER_MESSAGES.empty);
  if (data.length > limits.maxRows) return refuse(ROSTER_MESSAGES.tooManyRows(limits.maxRows));
  const pick = (cells: string[], column: RosterColumn): string => {
    const index = positions.get(column);
    return index === undefined ? '' : (cells[index] ?? '');
  };
  return {
    ok: true,
    file: {
      ...where,
      headerRow: headerRow.rowNumber,
      headers,
      rows: data.map(({ rowNumber, cells }) => ({
        rowNumber,
        values: Object.fromEntries(ROSTER_COLUMNS.map((column) => [column, pick(cells, column)])) as RosterValues,
      })),
    },
  };
}

const EXAMPLES: RosterValues[] = [
  { reg_no: 'R-2025-001', name: 'Asha Rao', email: 'asha.rao@example.com', phone: '9876543210', class: 'XII-A', password: 'Welcome@123', verified: 'Yes' },
  { reg_no: 'R-2025-002', name: 'Vikram Singh', email: 'vikram.singh@example.com', phone: '09123456780', class: 'XII-B', password: '', verified: 'No' },
];

const INSTRUCTIONS: Record<RosterColumn, string> = {
  reg_no: 'Required. The student\'s registration (roll) number, unique. A row with a number already stored updates that student.',
  name: 'Required. Full name, up to 200 characters.',
  email: 'Required. A valid e-mail address, not used by another student.',
  phone: 'Optional. Keep this column formatted as Text so Excel does not turn long numbers into 9.87654E+09.',
  class: 'Optional. The class name (as on the Classes page) or its id. Empty: a new student has no class, an existing one keeps theirs.',
  password: 'Required for a new student, at least 6 characters. A student already stored keeps their password (reset it from the student\'s page).',
  verified: 'Optional. Yes (default for a new student) or No: the student confirms the account with a one-time code at first sign-in.',
};

/** The downloadable template: the header, two example rows and an Instructions sheet (XLSX), or the header and the examples (CSV). */
export async function rosterTemplate(format: 'xlsx' | 'csv'): Promise<Buffer> {
  const header = ROSTER_COLUMNS.map((column) => ROSTER_COLUMN_LABELS[column]);
  if (format === 'csv') {
    const quote = (cell: string): string => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
    const lines = [header, ...EXAMPLES.map((row) => ROSTER_COLUMNS.map((column) => row[column]))].map((cells) => cells.map(quote).join(','));
    return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
  }
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Invigil';
  const sheet = workbook.addWorksheet('Students', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = ROSTER_COLUMNS.map((column) => ({
    header: ROSTER_COLUMN_LABELS[column],
    key: column,
    width: column === 'email' ? 32 : column === 'name' ? 24 : 16,
    // Text, so Excel keeps leading zeros and every digit of a phone or registration number.
    style: { numFmt: '@' },
  }));
  sheet.getRow(1).font = { bold: true };
  for (const example of EXAMPLES) sheet.addRow(example);
  const verifiedLetter = String.fromCharCode(65 + ROSTER_COLUMNS.indexOf('verified'));
  // exceljs writes sheet-wide validations (worksheet.dataValidations) but its types do not declare them.
  (sheet as unknown as { dataValidations: { add(range: string, validation: ExcelJS.DataValidation): void } }).dataValidations.add(`${verifiedLetter}2:${verifiedLetter}${ROSTER_LIMITS.maxRows + 1}`, {
    type: 'list',
    allowBlank: true,
    formulae: ['"Yes,No"'],
    showErrorMessage: true,
    error: 'Yes or No',
  });

  const instructions = workbook.addWorksheet('Instructions');
  instructions.columns = [
    { header: 'Column', key: 'column', width: 18 },
    { header: 'What to write', key: 'rule', width: 90 },
    { header: 'Also recognised as', key: 'aliases', width: 60 },
  ];
  instructions.getRow(1).font = { bold: true };
  for (const column of ROSTER_COLUMNS) {
    instructions.addRow({ column: ROSTER_COLUMN_LABELS[column], rule: INSTRUCTIONS[column], aliases: ROSTER_HEADER_ALIASES[column].join(', ') });
  }
  instructions.addRow({});
  instructions.addRow({ column: 'Rows', rule: `Up to ${ROSTER_LIMITS.maxRows.toLocaleString('en-IN')} students and 10 MB a file. Replace the two example rows. Nothing is saved until you confirm the preview.` });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
