import { z } from 'zod';
import { difficultySchema } from './tests';
import type { Issue } from './test-import';
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
