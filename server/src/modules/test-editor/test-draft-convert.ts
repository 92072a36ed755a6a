import type { DraftIssue, DraftPart, DraftQuestion, TestDraft } from '@invigil/shared/api/staff-tests';
import { testDraftSchema } from '@invigil/shared/api/staff-tests';
import type { ImportQuestion } from '@invigil/shared/api/test-import';
import { importOptionCount } from '@invigil/shared/api/test-import';
import type { TestPaper } from '@invigil/shared/api/tests';
import type { AnswerKeyEntry, StoredTestSource } from '../exam/exam-module';

/**
 * The draft (shared/src/api/staff-tests.ts) and the import format's test (test-import.ts) are the
 * same test in two shapes: the draft is flat (the format's duration, timing and shuffle at the
 * top), its questions carry their bank origin, and it names classes and proctors, which the
 * import file does not. These convert one to the other, translate the import's issue paths into
 * the draft's, and make a draft from a stored test (the inverse of test-compiler.ts).
 */

/** The import test's input for this draft (bank origins, classes and proctors left out; students as assigned_to). */
export function draftToImportInput(draft: TestDraft, mockId: string | null): Record<string, unknown> {
  return {
    _id: draft.id,
    name: draft.name,
    description: draft.description,
    type: draft.type,
    mock_id: mockId,
    instruction: draft.instruction,
    chapters: draft.chapters,
    config: draft.config,
    format: {
      duration: draft.duration,
      partwise_timing: draft.partwise_timing,
      partwise_time_gap: draft.partwise_time_gap,
      sq: draft.sq,
      parts: draft.parts.map((part) => ({
        name: part.name,
        instruction: part.instruction,
        sq: part.sq,
        so: part.so,
        ...(part.duration === null ? {} : { duration: part.duration }),
        sections: part.sections.map((section) => ({
          name: section.name,
          instruction: section.instruction,
          sq: section.sq,
          so: section.so,
          tap: section.tap,
          questions: section.questions.map((question) => question.question),
        })),
      })),
    },
    attachments: draft.attachments,
    activation_date: draft.activation_date,
    ends_at: draft.ends_at,
    access_code: draft.access_code,
    mp_cost: draft.mp_cost,
    skip_prepare: draft.skip_prepare,
    allow_resume: draft.allow_resume,
    open_to_all: draft.open_to_all,
    assigned_to: draft.students,
    review: draft.review,
    review_released_at: draft.review_released_at,
  };
}

/** An import test's issue path as the draft's: format.parts.0... -> parts.0..., a question's fields under `question`. */
export function draftPath(path: readonly PropertyKey[]): string {
  const out: PropertyKey[] = [];
  let rest = [...path];
  if (rest[0] === '_id') rest = ['id', ...rest.slice(1)];
  else if (rest[0] === 'assigned_to') rest = ['students', ...rest.slice(1)];
  // The format's fields (duration, partwise_timing, partwise_time_gap, sq, parts) sit at the draft's top.
  else if (rest[0] === 'format') rest = rest.length === 1 ? ['parts'] : rest.slice(1);
  // parts.i.sections.j.questions.k.<field> -> ...questions.k.question.<field>
  for (let i = 0; i < rest.length; i += 1) {
    out.push(rest[i] as PropertyKey);
    if (rest[i] === 'questions' && out[0] === 'parts' && i === 4 && rest.length > i + 2) {
      out.push(rest[i + 1] as PropertyKey, 'question');
      i += 1;
    }
  }
  return out.map(String).join('.');
}

/** Where each question of the draft sits (for issues about questions). */
export function questionPaths(draft: TestDraft): { path: string; question: DraftQuestion }[] {
  return draft.parts.flatMap((part, pi) =>
    part.sections.flatMap((section, si) => section.questions.map((question, qi) => ({ path: `parts.${pi}.sections.${si}.questions.${qi}`, question }))),
  );
}

/** Every question of the draft through `map` (the math conversions). */
export function mapDraftQuestions(draft: TestDraft, map: (question: ImportQuestion) => ImportQuestion): TestDraft {
  return {
    ...draft,
    parts: draft.parts.map((part) => ({
      ...part,
      sections: part.sections.map((section) => ({ ...section, questions: section.questions.map((question) => ({ ...question, question: map(question.question) })) })),
    })),
  };
}

/** The questions, max marks and duration the list shows of a draft. */
export function draftSummary(draft: TestDraft): { questions: number; maxMarks: number } {
  let questions = 0;
  let maxMarks = 0;
  for (const { question } of questionPaths(draft)) {
    questions += 1;
    maxMarks += question.question.pm;
  }
  return { questions, maxMarks: Math.round(maxMarks * 100) / 100 };
}

/** What cannot change once students have submitted: the questions' places and types (part, section, type). */
export function paperStructure(key: readonly Pick<AnswerKeyEntry, 'qt' | 'pi' | 'si'>[]): string {
  return key.map((question) => `${question.pi}.${question.si}.${question.qt}`).join(',');
}

const isoOrNull = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/**
 * The draft of a test stored by the import (never edited here): everything is in the paper and
 * the key. Compiling it again gives the same paper (and paper hash).
 */
export function draftFromStored(source: StoredTestSource, classes: string[], proctors: string[]): TestDraft {
  const { record, paper, key } = source;
  const keys = new Map(key.questions.map((question) => [question.qn, question]));
  const parts: DraftPart[] = paper.format.parts.map((part) => ({
    name: part.name,
    instruction: part.instruction,
    sq: part.sq,
    so: part.so,
    duration: paper.format.partwise_timing && part.time_lefts !== null && part.time_lefte !== null ? (part.time_lefts - part.time_lefte) / 60 : null,
    sections: part.sections.map((section) => ({
      name: section.name,
      instruction: section.instruction,
      sq: section.sq,
      so: section.so,
      tap: section.tap,
      questions: section.questions.map((question) => ({ bank: null, question: questionFromPaper(question, keys.get(question.qn)) })),
    })),
  }));
  return testDraftSchema.parse({
    id: record.id,
    name: record.name,
    description: record.description,
    type: record.type,
    instruction: record.instruction,
    chapters: record.chapters.map((chapter) => chapter.trim()).filter((chapter) => chapter !== ''),
    config: record.config,
    duration: paper.format.duration,
    partwise_timing: paper.format.partwise_timing,
    partwise_time_gap: paper.format.partwise_time_gap,
    sq: paper.format.sq,
    parts,
    attachments: paper.attachments,
    activation_date: isoOrNull(record.activationAt),
    ends_at: isoOrNull(record.endsAt),
    access_code: null,
    keep_access_code: record.accessCodeHash !== null,
    mp_cost: record.mpCost,
    skip_prepare: record.skipPrepare,
    allow_resume: record.allowResume,
    open_to_all: record.openToAll,
    classes,
    students: source.assignedRegNos,
    proctors,
    review: record.reviewRule,
    review_released_at: isoOrNull(record.reviewReleasedAt),
  });
}

type PaperQuestion = TestPaper['format']['parts'][number]['sections'][number]['questions'][number];

function questionFromPaper(question: PaperQuestion, key: AnswerKeyEntry | undefined): ImportQuestion {
  const base: ImportQuestion = {
    qt: question.qt,
    pm: question.pm,
    nm: question.nm,
    so: question.so,
    text: question.text,
    options: question.options,
    answer: key?.answer ?? null,
    solution: key?.solution ?? null,
    extra: question.extra,
    pdf: question.pdf,
    pdf_images: question.pdf_images,
    difficulty: question.difficulty,
    subject_id: question.subject_id,
    attachments: question.attachments,
  };
  return {
    ...base,
    ...(question.qnf === String(question.qn) ? {} : { qnf: question.qnf }),
    ...(importOptionCount(base) === question.noo ? {} : { noo: question.noo }),
  };
}

/** The issues sorted as the draft reads, top to bottom (parts by index), each path once per message. */
export function uniqueIssues(issues: readonly DraftIssue[]): DraftIssue[] {
  const seen = new Set<string>();
  return issues.filter((issue) => {
    const key = `${issue.path}\u0000${issue.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
