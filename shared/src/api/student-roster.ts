import { z } from 'zod';
import { importStudentSchema } from './test-import';

/**
 * The bulk student upload (issue 28): a CSV or XLSX with one student a row, the columns below
 * under any of the headers people use, checked row by row into a preview (nothing is written
 * until a staff member confirms), then a summary. The rules of each field are those of the JSON
 * import's students (`importStudentSchema`), with messages a person understands.
 */

export const ROSTER_COLUMNS = ['reg_no', 'name', 'email', 'phone', 'class', 'password', 'verified'] as const;
export type RosterColumn = (typeof ROSTER_COLUMNS)[number];

/** Without these the file is refused before any row is checked. */
export const ROSTER_REQUIRED_COLUMNS: readonly RosterColumn[] = ['reg_no', 'name', 'email'];

/** What a person calls the column (the template's header, and the start of a message). */
export const ROSTER_COLUMN_LABELS: Record<RosterColumn, string> = {
  reg_no: 'Registration No',
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  class: 'Class',
  password: 'Password',
  verified: 'Verified',
};

/**
 * The headers each column is known by. Matched ignoring case, spaces, dots, dashes, underscores
 * and brackets ("Reg. No.", "REG_NO", "Registration Number" ...).
 */
export const ROSTER_HEADER_ALIASES: Record<RosterColumn, readonly string[]> = {
  reg_no: [
    'reg_no', 'reg no', 'regno', 'registration no', 'registration number', 'registration', 'roll no', 'roll number', 'roll',
    'enrollment no', 'enrolment no', 'enrollment number', 'enrolment number', 'admission no', 'admission number', 'student id', 'id',
  ],
  name: ['name', 'student name', 'full name', 'name of student', 'student'],
  email: ['email', 'e-mail', 'email id', 'e-mail id', 'email address', 'e-mail address', 'mail', 'mail id'],
  phone: ['phone', 'phone no', 'phone number', 'mobile', 'mobile no', 'mobile number', 'contact', 'contact no', 'contact number', 'whatsapp', 'cell'],
  class: ['class', 'class name', 'class id', 'class_id', 'batch', 'section', 'group', 'standard'],
  password: ['password', 'initial password', 'pass', 'pwd'],
  verified: ['verified', 'is verified', 'account verified'],
};

export const headerKey = (header: string): string => header.toLowerCase().replace(/[\s._\-()[\]:#/]+/g, '');

const aliasIndex = new Map<string, RosterColumn>(
  ROSTER_COLUMNS.flatMap((column) => ROSTER_HEADER_ALIASES[column].map((alias) => [headerKey(alias), column] as const)),
);

/** The column a header names, or undefined for a column the upload ignores. */
export function rosterColumnOf(header: string): RosterColumn | undefined {
  return aliasIndex.get(headerKey(header));
}

export const ROSTER_LIMITS = { maxBytes: 10 * 1024 * 1024, maxRows: 20_000 } as const;

/** One row as read from the file: every column as trimmed text, '' when empty. */
export type RosterValues = Record<RosterColumn, string>;

/** Text Excel made of a long number (a phone typed into a General cell): the digits are lost. */
const SCIENTIFIC = /^[+-]?\d+(\.\d+)?e\+?\d+$/i;

const YES = new Set(['yes', 'y', 'true', '1']);
const NO = new Set(['no', 'n', 'false', '0']);

const shape = importStudentSchema.shape;
const blankToUndefined = (value: unknown): unknown => (value === '' ? undefined : value);

/**
 * A row's fields after the checks, as the writer takes them. Empty optional cells are undefined:
 * for an existing student they keep what is stored (class, password, verified).
 */
export const rosterRowSchema = z.object({
  reg_no: shape.reg_no,
  name: shape.name,
  email: shape.email,
  phone: shape.phone.refine((phone) => !SCIENTIFIC.test(phone), {
    message: 'Phone was turned into a number like 9.87654E+09 by Excel, which loses digits: format the column as Text and type the numbers again.',
  }),
  class: z.preprocess(blankToUndefined, z.string().trim().max(200).optional()),
  password: z.preprocess(blankToUndefined, shape.password),
  verified: z.preprocess(
    (value) => {
      if (value === '' || value === undefined) return undefined;
      const text = String(value).trim().toLowerCase();
      if (YES.has(text)) return true;
      if (NO.has(text)) return false;
      return value;
    },
    z.boolean({ error: 'Verified is Yes or No.' }).optional(),
  ),
});
export type RosterRow = z.infer<typeof rosterRowSchema>;

/** A problem with one cell of a row (column), or with the row as a whole (column null). */
export interface RosterCellError {
  column: RosterColumn | null;
  message: string;
}

export type RosterRowStatus = 'new' | 'update' | 'unchanged' | 'error';

export interface RosterPreviewRow {
  /** The row number as the spreadsheet shows it (the header is usually row 1). */
  rowNumber: number;
  values: RosterValues;
  status: RosterRowStatus;
  errors: RosterCellError[];
}

export type RosterCounts = Record<RosterRowStatus, number>;

/** The reply of the upload: every row with its status, nothing written yet. */
export interface RosterPreview {
  /** The sheet read (XLSX: the first sheet with a header row), or null for a CSV. */
  sheet: string | null;
  headerRow: number;
  /** Each header of the file and the column it was taken as (null: ignored). */
  headers: { header: string; column: RosterColumn | null }[];
  rows: RosterPreviewRow[];
  counts: RosterCounts;
}

/** The reply after the write. failed: rows not written (errors in the preview, or refused while writing). */
export interface RosterSummary {
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
}

/** "Row 14: Email is not a valid e-mail address." */
export const rosterErrorText = (rowNumber: number, error: RosterCellError): string => `Row ${rowNumber}: ${error.message}`;

export const ROSTER_MESSAGES = {
  notSpreadsheet: 'This file is not a CSV or XLSX spreadsheet.',
  tooLarge: (maxBytes: number) => `This file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB. Split it into smaller files.`,
  tooManyRows: (maxRows: number) => `This file has more than ${maxRows.toLocaleString('en-IN')} students. Split it into smaller files.`,
  empty: 'This file has no rows of students.',
  noHeader: `No header row found: the first rows should name the columns (${ROSTER_REQUIRED_COLUMNS.map((c) => ROSTER_COLUMN_LABELS[c]).join(', ')}).`,
  missingColumns: (labels: readonly string[]) => `The file has no ${labels.join(', ')} column${labels.length > 1 ? 's' : ''}.`,
  duplicateHeader: (column: RosterColumn, headers: readonly string[]) =>
    `Two columns are both ${ROSTER_COLUMN_LABELS[column]} (${headers.map((h) => `"${h}"`).join(' and ')}): keep one.`,
  oldOrProtected: 'This is an old Excel .xls file or a password-protected workbook: save it in Excel as .xlsx (without a password) or as CSV, and upload that.',
  required: (column: RosterColumn) => `${ROSTER_COLUMN_LABELS[column]} is missing.`,
  tooLong: (column: RosterColumn, max: number) => `${ROSTER_COLUMN_LABELS[column]} is longer than ${max} characters.`,
  invalid: (column: RosterColumn) => `${ROSTER_COLUMN_LABELS[column]} is not valid.`,
  twice: (column: 'reg_no' | 'email', value: string, rows: readonly number[]) =>
    `${column === 'reg_no' ? 'reg_no' : 'email'} ${value} appears ${rows.length === 2 ? 'twice' : `${rows.length} times`} in the file (rows ${rows.slice(0, -1).join(', ')} and ${rows[rows.length - 1]}).`,
  emailTaken: (email: string, regNo: string) => `Email ${email} already belongs to student ${regNo}.`,
  noClass: (name: string) => `no class named '${name}'.`,
  ambiguousClass: (name: string, ids: readonly string[]) => `${ids.length} classes are named '${name}' (${ids.join(', ')}): give the class id instead.`,
  passwordRequired: 'Password is required for a new student.',
} as const;

/** Checks one row's cells: the row's fields, or every cell's problem (one message a column). */
export function checkRosterValues(values: RosterValues): { ok: true; row: RosterRow } | { ok: false; errors: RosterCellError[] } {
  const parsed = rosterRowSchema.safeParse(values);
  if (parsed.success) return { ok: true, row: parsed.data };
  const errors: RosterCellError[] = [];
  for (const issue of parsed.error.issues) {
    const key = issue.path[0];
    const column = typeof key === 'string' && (ROSTER_COLUMNS as readonly string[]).includes(key) ? (key as RosterColumn) : null;
    if (errors.some((error) => error.column === column)) continue;
    let message = issue.message;
    if (column !== null && values[column] === '' && ROSTER_REQUIRED_COLUMNS.includes(column)) message = ROSTER_MESSAGES.required(column);
    else if (column !== null && issue.code === 'too_small' && Number(issue.minimum) <= 1) message = ROSTER_MESSAGES.required(column);
    else if (column !== null && issue.code === 'too_big') message = ROSTER_MESSAGES.tooLong(column, Number(issue.maximum));
    else if (column !== null && !/[A-Z]/.test(message.charAt(0))) message = ROSTER_MESSAGES.invalid(column);
    errors.push({ column, message });
  }
  return { ok: false, errors };
}
