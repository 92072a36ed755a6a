import { z } from 'zod';
import { difficultySchema } from './tests';
import type { ImportQuestion, Issue } from './test-import';
import { checkQuestion, importQuestionSchema } from './test-import';

/**
 * The question bank's file formats (issue 28): what an importer (Moodle XML, GIFT, the
 * spreadsheet template) gives back before anything is stored, and what the Moodle XML exporter
 * takes. A question is the same shape a test's question has in the JSON import
 * (`importQuestionSchema`), so the bank and the test editor share one set of checks.
 */

/** Where an importer left an embedded file: `<img src="bank-file:SHA256">`, replaced by a stored URL when saved. */
export const BANK_FILE_SCHEME = 'bank-file:';

export const BANK_FORMATS = ['moodle-xml', 'gift', 'spreadsheet'] as const;
export type BankFormat = (typeof BANK_FORMATS)[number];

export const bankTagsSchema = z.strictObject({
  subject: z.string().trim().min(1).max(200).nullable(),
  chapter: z.string().trim().min(1).max(200).nullable(),
  difficulty: difficultySchema.nullable(),
  labels: z.array(z.string().trim().min(1).max(100)).max(50),
});
export type BankTags = z.infer<typeof bankTagsSchema>;

/**
 * One question read from a file. `kind: 'description'` is text without marks (Moodle's
 * "description", GIFT's text without braces): the test editor uses it as a section instruction or
 * as a question's `extra`; its `question` is a subjective (qt 1) item worth 0 marks whose `text`
 * is the description.
 */
export const bankQuestionDraftSchema = z
  .strictObject({
    name: z.string().trim().min(1).max(300),
    kind: z.enum(['question', 'description']),
    question: importQuestionSchema,
    tags: bankTagsSchema,
    source: z.strictObject({
      format: z.enum(BANK_FORMATS),
      /** The Moodle question's name, GIFT's title or "question N (line L)", "row N" of a spreadsheet. */
      ref: z.string().max(300),
    }),
  })
  .superRefine((draft, ctx) => {
    const issues: Issue[] = [];
    checkQuestion(draft.question, false, ['question'], issues);
    if (draft.kind === 'description' && (draft.question.pm !== 0 || draft.question.qt !== 1)) {
      issues.push({ path: ['question', 'pm'], message: 'A description is a qt 1 item worth 0 marks.' });
    }
    for (const issue of issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  });
export type BankQuestionDraft = z.infer<typeof bankQuestionDraftSchema>;

/** A file embedded in an imported file (an image, a sound...), named by the SHA-256 of its bytes. */
export interface BankFile {
  name: string;
  mime: string;
  /** A Buffer on the server. */
  bytes: Uint8Array;
  /** Hex, lower case: the placeholder `bank-file:<sha256>` in the questions' HTML. */
  sha256: string;
}

export interface FormatSkip {
  ref: string;
  name: string;
  /** Why the question was not taken, for a person: "Cloze (embedded answers) questions are not supported: ...". */
  reason: string;
}

export interface FormatWarning {
  ref: string;
  message: string;
}

/** What an importer gives back: every question either fully converted or listed in `skipped`. */
export interface FormatResult {
  questions: BankQuestionDraft[];
  files: BankFile[];
  skipped: FormatSkip[];
  warnings: FormatWarning[];
}

// ---------------------------------------------------------------------------------------------
// The bank's API (/api/staff/bank...): the staff's list, editor, import and export.

export const BANK_PAGE_SIZE = 25;

export const BANK_MESSAGES = {
  notFound: 'There is no such question in the bank.',
  notYours: 'This question is not one of your subjects or yours.',
  subjectNotYours: 'You may file questions only under your subjects.',
  unknownSubject: 'There is no such subject.',
  noFile: 'Choose a file to import.',
  unknownFormat: 'The file is not Moodle XML, GIFT or a spreadsheet (.xlsx, .csv); choose its format.',
  nothingToImport: 'The file has no question that can be imported.',
  exportNone: 'Choose at least one question to export.',
} as const;

const optionalText = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((value) => (value ? value : undefined));

/** GET /api/staff/bank: search (name and text), filters, page (1-based). */
export const bankListQuerySchema = z.strictObject({
  q: z.string().trim().max(200).default(''),
  subject: optionalText,
  chapter: optionalText,
  difficulty: z.enum(['1', '2', '3']).optional().transform((value) => (value ? (Number(value) as 1 | 2 | 3) : undefined)),
  type: z.enum(['1', '3', '4', '5', '6', '7', '8', 'description']).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type BankListQuery = z.infer<typeof bankListQuerySchema>;

/** A question as the editor sends it (POST, PUT): TeX in \( \) or $$ $$ becomes MathML on the server. */
export const bankQuestionInputSchema = z
  .strictObject({
    name: z.string().trim().min(1, 'Give the question a name.').max(300),
    kind: z.enum(['question', 'description']).default('question'),
    question: importQuestionSchema,
    subject_id: z.string().min(1).max(64).nullable().default(null),
    chapter: z.string().trim().max(200).nullable().default(null).transform((value) => (value ? value : null)),
    difficulty: difficultySchema.nullable().default(null),
    labels: z.array(z.string().trim().min(1).max(100)).max(50).default([]),
  })
  .superRefine((input, ctx) => {
    const issues: Issue[] = [];
    checkQuestion(input.question, false, ['question'], issues);
    if (input.kind === 'description' && (input.question.pm !== 0 || input.question.qt !== 1)) {
      issues.push({ path: ['question', 'pm'], message: 'A description is a qt 1 item worth 0 marks.' });
    }
    for (const issue of issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  });
export type BankQuestionInput = z.input<typeof bankQuestionInputSchema>;
export type BankQuestionInputParsed = z.output<typeof bankQuestionInputSchema>;

export interface BankSubject {
  id: string;
  name: string;
}

/** One row of the bank's list. */
export interface BankListItem {
  id: string;
  version: number;
  kind: 'question' | 'description';
  name: string;
  qt: number;
  /** The question's text without markup, its first line (at most 160 characters). */
  first_line: string;
  pm: number;
  nm: number;
  subject: BankSubject | null;
  chapter: string | null;
  difficulty: 1 | 2 | 3 | null;
  labels: string[];
  updated_at: number;
}

export interface BankListReply {
  items: BankListItem[];
  total: number;
  page: number;
  page_size: number;
  /** The subjects the staff member may file questions under (filters, editor). */
  subjects: BankSubject[];
  /** Chapters in use among the questions the staff member sees. */
  chapters: string[];
}

/** One question of the bank (GET, POST, PUT). */
export interface BankQuestion extends Omit<BankListItem, 'first_line' | 'pm' | 'nm'> {
  /** As stored and as the student's screen shows it (MathML). */
  question: ImportQuestion;
  /** The same with MathML made from TeX given back as \( \) / \[ \] TeX: what the editor edits. */
  editable: ImportQuestion;
  owner_id: string | null;
  /** Added by the staff member asking. */
  mine: boolean;
  archived: boolean;
  created_at: number;
}

/** POST /api/staff/bank/render: the question as the student will see it (TeX as MathML), and what does not fit yet. */
export interface BankRenderReply {
  question: ImportQuestion;
  issues: { path: string; message: string }[];
  /** Formulas that could not be converted. */
  problems: string[];
}

/** One question an import would add. */
export interface BankImportItem {
  ref: string;
  name: string;
  kind: 'question' | 'description';
  qt: number;
  first_line: string;
  pm: number;
  subject: string | null;
  chapter: string | null;
  difficulty: 1 | 2 | 3 | null;
  labels: string[];
}

/** POST /api/staff/bank/import/preview: nothing is written. */
export interface BankImportPreview {
  format: BankFormat;
  file_name: string;
  questions: BankImportItem[];
  skipped: FormatSkip[];
  warnings: FormatWarning[];
  /** Embedded files (images) that would be stored. */
  files: number;
}

/** POST /api/staff/bank/import/confirm: every question or none. */
export interface BankImportReply {
  imported: number;
  ids: string[];
  skipped: FormatSkip[];
  warnings: FormatWarning[];
}

export const bankExportRequestSchema = z.strictObject({
  ids: z.array(z.string().min(1).max(64)).min(1, BANK_MESSAGES.exportNone).max(5_000),
});
