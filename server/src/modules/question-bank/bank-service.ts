import { BANK_MESSAGES, BANK_PAGE_SIZE } from '@invigil/shared/api/question-bank';
import type {
  BankFormat,
  BankImportItem,
  BankImportPreview,
  BankImportReply,
  BankListItem,
  BankListQuery,
  BankListReply,
  BankQuestion,
  BankQuestionDraft,
  BankQuestionInputParsed,
  BankRenderReply,
  BankSubject,
  FormatResult,
  FormatWarning,
} from '@invigil/shared/api/question-bank';
import type { ImportQuestion, Issue } from '@invigil/shared/api/test-import';
import { checkQuestion } from '@invigil/shared/api/test-import';
import { AppError } from '../../platform/lib/app-error';
import { recordAudit } from '../audit/audit-module';
import type { AuditActor } from '../audit/audit-module';
import type { Clock } from '../../platform/lib/clock';
import { newObjectId } from '../../platform/lib/object-id';
import type { BlobStore } from '../../platform/storage/blob-store';
import type { BankRepository, BankRow, BankScope } from './bank-repository';
import { collectFiles, mapQuestionHtml, questionToMathml, questionToTex, storeFiles } from './bank-files';
import { decodeEntities, FormatError, mathmlToTex } from './formats/common';
import { importGift } from './formats/gift-import';
import { exportMoodleXml } from './formats/moodle-xml-export';
import { importMoodleXml } from './formats/moodle-xml-import';
import { importSpreadsheet, spreadsheetTemplate } from './formats/spreadsheet-import';

/** Who is asking: their id and what they see (null: everything). */
export interface BankActor {
  staffId: string;
  scope: { subjectIds: string[] } | null;
  /** The staff member, as the audit log names them (issue 30). */
  staff: AuditActor;
}

export interface BankServiceDeps {
  bank: BankRepository;
  clock: Clock;
  blobs: BlobStore;
  /** The institute's subjects. */
  subjects(): Promise<BankSubject[]>;
}

/** The question's text as plain words: MathML as its TeX, tags gone, entities decoded. */
export function plainText(html: string): string {
  return decodeEntities(
    mathmlToTex(html)
      .replace(/<(br|\/p|\/div|\/li|\/h[1-6]|\/tr)\b[^>]*>/gi, '\n')
      .replace(/<[^>]*>/g, ' '),
  )
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .trim();
}

export function firstLine(html: string): string {
  const line = plainText(html).split('\n').find((part) => part.trim() !== '') ?? '';
  return line.length > 160 ? `${line.slice(0, 157)}...` : line;
}

function searchText(name: string, question: ImportQuestion): string {
  const words = [name, question.text, ...Object.values(question.options)].map(plainText).join(' ');
  return words.toLowerCase().replace(/\s+/g, ' ').slice(0, 20_000);
}

/** TeX between \( \), \[ \] or $$ $$ as MathML in every HTML field (what the student's screen renders). */
const toMathml = questionToMathml;

function detectFormat(name: string, bytes: Uint8Array): BankFormat | null {
  const lower = name.toLowerCase();
  if (lower.endsWith('.xml')) return 'moodle-xml';
  if (lower.endsWith('.gift') || lower.endsWith('.txt')) return 'gift';
  if (lower.endsWith('.xlsx') || lower.endsWith('.csv')) return 'spreadsheet';
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) return 'spreadsheet';
  const head = Buffer.from(bytes.subarray(0, 200)).toString('utf8').replace(/^\uFEFF/, '').trimStart();
  if (head.startsWith('<?xml') || head.startsWith('<quiz')) return 'moodle-xml';
  return null;
}

async function readFile(format: BankFormat, bytes: Uint8Array): Promise<FormatResult> {
  try {
    if (format === 'moodle-xml') return importMoodleXml(bytes);
    if (format === 'gift') return importGift(bytes);
    return await importSpreadsheet(bytes);
  } catch (error) {
    if (error instanceof FormatError) throw new AppError('unprocessable', error.message);
    throw error;
  }
}

const visibleTo = (row: BankRow, actor: BankActor): boolean =>
  actor.scope === null || row.ownerId === actor.staffId || (row.subjectId !== null && actor.scope.subjectIds.includes(row.subjectId));

const repositoryScope = (actor: BankActor): BankScope => (actor.scope === null ? null : { staffId: actor.staffId, subjectIds: actor.scope.subjectIds });

/** A bank question as the audit log keeps it: its fields and question (with its key), without the search text. */
const auditedQuestion = (row: Omit<BankRow, 'archivedAt'> & { archivedAt?: number | null }) => ({
  version: row.version,
  name: row.name,
  kind: row.kind,
  subjectId: row.subjectId,
  chapter: row.chapter,
  difficulty: row.difficulty,
  labels: row.labels,
  archived: (row.archivedAt ?? null) !== null,
  question: row.question,
});

const questionLabel = (row: { name: string; question: ImportQuestion }): string => `"${row.name || firstLine(row.question.text)}"`;

/**
 * The question bank: list and search, the editor's reads and writes (each edit a new version),
 * import and export. Every write is recorded in the audit log (issue 30) in its transaction.
 */
export function createBankService({ bank, clock, blobs, subjects }: BankServiceDeps) {
  const subjectsOf = async (actor: BankActor): Promise<BankSubject[]> => {
    const all = await subjects();
    return actor.scope === null ? all : all.filter((subject) => actor.scope?.subjectIds.includes(subject.id));
  };

  const subjectMap = async (): Promise<Map<string, BankSubject>> => new Map((await subjects()).map((subject) => [subject.id, subject]));

  const toItem = (row: BankRow, names: Map<string, BankSubject>): BankListItem => ({
    id: row.id,
    version: row.version,
    kind: row.kind,
    name: row.name,
    qt: row.question.qt,
    first_line: firstLine(row.question.text),
    pm: row.question.pm,
    nm: row.question.nm,
    subject: row.subjectId === null ? null : (names.get(row.subjectId) ?? null),
    chapter: row.chapter,
    difficulty: row.difficulty,
    labels: row.labels,
    updated_at: row.updatedAt,
  });

  const toQuestion = (row: BankRow, names: Map<string, BankSubject>, actor: BankActor): BankQuestion => {
    const { first_line: _line, pm: _pm, nm: _nm, ...item } = toItem(row, names);
    return {
      ...item,
      question: row.question,
      editable: questionToTex(row.question),
      owner_id: row.ownerId,
      mine: row.ownerId === actor.staffId,
      archived: row.archivedAt !== null,
      created_at: row.createdAt,
    };
  };

  const visibleRow = async (actor: BankActor, id: string): Promise<BankRow> => {
    const row = await bank.find(id);
    if (!row || row.archivedAt !== null) throw new AppError('not_found', BANK_MESSAGES.notFound);
    if (!visibleTo(row, actor)) throw new AppError('forbidden', BANK_MESSAGES.notYours);
    return row;
  };

  const checkSubject = async (actor: BankActor, subjectId: string | null): Promise<void> => {
    if (subjectId === null) return;
    if (!(await subjectMap()).has(subjectId)) throw new AppError('unprocessable', BANK_MESSAGES.unknownSubject, { issues: [{ path: 'subject_id', message: BANK_MESSAGES.unknownSubject }] });
    if (actor.scope !== null && !actor.scope.subjectIds.includes(subjectId)) throw new AppError('forbidden', BANK_MESSAGES.subjectNotYours);
  };

  /** The input's question with TeX as MathML and its tags copied in; a formula that cannot be read is refused. */
  const prepare = (input: BankQuestionInputParsed): ImportQuestion => {
    const problems: string[] = [];
    const question = { ...toMathml(input.question, problems), subject_id: input.subject_id, difficulty: input.difficulty };
    if (problems.length > 0) throw new AppError('unprocessable', problems[0] as string, { issues: problems.map((message) => ({ path: 'question', message })) });
    return question;
  };

  /** A file's drafts with their subjects found by name; a subject not found (or not the teacher's) is kept as a label. */
  const resolveDrafts = async (actor: BankActor, result: FormatResult) => {
    const all = await subjects();
    const byName = new Map(all.map((subject) => [subject.name.toLowerCase(), subject]));
    const warnings: FormatWarning[] = [...result.warnings];
    const drafts = result.questions.map((draft) => {
      let subject: BankSubject | null = null;
      const labels = [...draft.tags.labels];
      if (draft.tags.subject) {
        const found = byName.get(draft.tags.subject.toLowerCase()) ?? null;
        if (found && (actor.scope === null || actor.scope.subjectIds.includes(found.id))) subject = found;
        else {
          warnings.push({ ref: draft.source.ref, message: found ? `"${draft.tags.subject}" is not one of your subjects: the question is filed without a subject, the name kept as a label.` : `There is no subject "${draft.tags.subject}": the question is filed without a subject, the name kept as a label.` });
          if (!labels.includes(draft.tags.subject)) labels.push(draft.tags.subject);
        }
      }
      return { draft, subject, labels };
    });
    return { drafts, warnings };
  };

  const previewItem = (draft: BankQuestionDraft, subject: BankSubject | null, labels: string[]): BankImportItem => ({
    ref: draft.source.ref,
    name: draft.name,
    kind: draft.kind,
    qt: draft.question.qt,
    first_line: firstLine(draft.question.text),
    pm: draft.question.pm,
    subject: subject?.name ?? null,
    chapter: draft.tags.chapter,
    difficulty: draft.tags.difficulty,
    labels,
  });

  const readUpload = async (file: { name: string; bytes: Uint8Array }, format: BankFormat | undefined) => {
    const chosen = format ?? detectFormat(file.name, file.bytes);
    if (!chosen) throw new AppError('unprocessable', BANK_MESSAGES.unknownFormat);
    return { format: chosen, result: await readFile(chosen, file.bytes) };
  };

  return {
    async list(actor: BankActor, query: BankListQuery): Promise<BankListReply> {
      const [{ items, total }, names, chapters, mySubjects] = await Promise.all([
        bank.list(repositoryScope(actor), { q: query.q, subjectId: query.subject, chapter: query.chapter, difficulty: query.difficulty, type: query.type }, (query.page - 1) * BANK_PAGE_SIZE, BANK_PAGE_SIZE),
        subjectMap(),
        bank.chapters(repositoryScope(actor)),
        subjectsOf(actor),
      ]);
      return { items: items.map((row) => toItem(row, names)), total, page: query.page, page_size: BANK_PAGE_SIZE, subjects: mySubjects, chapters };
    },

    async get(actor: BankActor, id: string): Promise<BankQuestion> {
      return toQuestion(await visibleRow(actor, id), await subjectMap(), actor);
    },

    async create(actor: BankActor, input: BankQuestionInputParsed): Promise<BankQuestion> {
      await checkSubject(actor, input.subject_id);
      const question = prepare(input);
      const now = clock.now();
      const row: Omit<BankRow, 'archivedAt'> = {
        id: newObjectId(now),
        version: 1,
        kind: input.kind,
        name: input.name,
        question,
        subjectId: input.subject_id,
        chapter: input.chapter,
        difficulty: input.difficulty,
        labels: input.labels,
        ownerId: actor.staffId,
        createdAt: now,
        updatedAt: now,
      };
      await bank.transaction(async (trx) => {
        await bank.save(row, searchText(row.name, question), actor.staffId, trx);
        await recordAudit(trx, { actor: actor.staff, action: 'question.create', entityType: 'bank_question', entityId: row.id, summary: `Added bank question ${questionLabel(row)}`, before: null, after: auditedQuestion(row) }, now);
      });
      return toQuestion({ ...row, archivedAt: null }, await subjectMap(), actor);
    },

    /** A new version; the old one stays for the tests that use it. */
    async update(actor: BankActor, id: string, input: BankQuestionInputParsed): Promise<BankQuestion> {
      const current = await visibleRow(actor, id);
      if (input.subject_id !== current.subjectId) await checkSubject(actor, input.subject_id);
      const question = prepare(input);
      const now = Math.max(clock.now(), current.updatedAt);
      const row: Omit<BankRow, 'archivedAt'> = {
        ...current,
        version: current.version + 1,
        kind: input.kind,
        name: input.name,
        question,
        subjectId: input.subject_id,
        chapter: input.chapter,
        difficulty: input.difficulty,
        labels: input.labels,
        updatedAt: now,
      };
      const saved = await bank.transaction(async (trx) => {
        if (!(await bank.save(row, searchText(row.name, question), actor.staffId, trx))) return false;
        const summary = `Edited bank question ${questionLabel(row)}: version ${current.version} -> ${row.version}`;
        await recordAudit(trx, { actor: actor.staff, action: 'question.update', entityType: 'bank_question', entityId: id, summary, before: auditedQuestion(current), after: auditedQuestion(row) }, now);
        return true;
      });
      if (!saved) throw new AppError('conflict', 'Someone else changed this question meanwhile: open it again.');
      return toQuestion({ ...row, archivedAt: null }, await subjectMap(), actor);
    },

    /** Hidden from the bank; kept (every version) for the tests that use it. */
    async archive(actor: BankActor, id: string): Promise<void> {
      const current = await visibleRow(actor, id);
      const now = clock.now();
      await bank.transaction(async (trx) => {
        await bank.archive(id, now, trx);
        const summary = `Archived bank question ${questionLabel(current)} (kept for the tests that use it)`;
        await recordAudit(trx, { actor: actor.staff, action: 'question.delete', entityType: 'bank_question', entityId: id, summary, before: auditedQuestion(current), after: auditedQuestion({ ...current, archivedAt: now }) }, now);
      });
    },

    /** The question as the student will see it (TeX as MathML) and what is not right yet; nothing stored. */
    render(question: ImportQuestion): BankRenderReply {
      const issues: Issue[] = [];
      checkQuestion(question, false, [], issues);
      const problems: string[] = [];
      return { question: toMathml(question, problems), issues: issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })), problems };
    },

    async importPreview(actor: BankActor, file: { name: string; bytes: Uint8Array }, format: BankFormat | undefined): Promise<BankImportPreview> {
      const read = await readUpload(file, format);
      const { drafts, warnings } = await resolveDrafts(actor, read.result);
      return {
        format: read.format,
        file_name: file.name,
        questions: drafts.map(({ draft, subject, labels }) => previewItem(draft, subject, labels)),
        skipped: read.result.skipped,
        warnings,
        files: read.result.files.length,
      };
    },

    /** Every question the preview listed, in one transaction: all of them or none. */
    async importConfirm(actor: BankActor, file: { name: string; bytes: Uint8Array }, format: BankFormat | undefined): Promise<BankImportReply> {
      const read = await readUpload(file, format);
      const { drafts, warnings } = await resolveDrafts(actor, read.result);
      if (drafts.length === 0) throw new AppError('unprocessable', BANK_MESSAGES.nothingToImport);
      // Files first: named by their bytes, so a failed transaction leaves only unused copies.
      const withUrls = await storeFiles(blobs, read.result.files);
      const now = clock.now();
      const rows = drafts.map(({ draft, subject, labels }): Omit<BankRow, 'archivedAt'> => ({
        id: newObjectId(now),
        version: 1,
        kind: draft.kind,
        name: draft.name,
        question: { ...mapQuestionHtml(draft.question, withUrls), subject_id: subject?.id ?? null, difficulty: draft.tags.difficulty },
        subjectId: subject?.id ?? null,
        chapter: draft.tags.chapter,
        difficulty: draft.tags.difficulty,
        labels,
        ownerId: actor.staffId,
        createdAt: now,
        updatedAt: now,
      }));
      await bank.transaction(async (trx) => {
        for (const row of rows) await bank.save(row, searchText(row.name, row.question), actor.staffId, trx);
        // One entry for the import, with its counts and the new ids (not one per question).
        const summary = `Imported ${rows.length} question${rows.length === 1 ? '' : 's'} from "${file.name}" (${read.format})${read.result.skipped.length > 0 ? `, ${read.result.skipped.length} skipped` : ''}`;
        const after = { file: file.name, format: read.format, imported: rows.length, skipped: read.result.skipped.length, warnings: warnings.length, files: read.result.files.length, ids: rows.map((row) => row.id) };
        await recordAudit(trx, { actor: actor.staff, action: 'question.import', entityType: 'bank_import', entityId: newObjectId(now), summary, before: null, after }, now);
      });
      return { imported: rows.length, ids: rows.map((row) => row.id), skipped: read.result.skipped, warnings };
    },

    async exportXml(actor: BankActor, ids: readonly string[]): Promise<{ xml: string; count: number }> {
      const rows = await bank.findMany([...new Set(ids)]);
      const found = new Map(rows.map((row) => [row.id, row]));
      const chosen: BankRow[] = [];
      for (const id of new Set(ids)) {
        const row = found.get(id);
        if (!row || row.archivedAt !== null) throw new AppError('not_found', BANK_MESSAGES.notFound);
        if (!visibleTo(row, actor)) throw new AppError('forbidden', BANK_MESSAGES.notYours);
        chosen.push(row);
      }
      const names = await subjectMap();
      const { questions, files } = await collectFiles(blobs, chosen.map((row) => row.question));
      const { xml } = exportMoodleXml(
        chosen.map((row, index) => ({
          name: row.name,
          kind: row.kind,
          question: questions[index] as ImportQuestion,
          tags: { subject: row.subjectId === null ? null : (names.get(row.subjectId)?.name ?? null), chapter: row.chapter, difficulty: row.difficulty, labels: row.labels },
        })),
        files,
      );
      return { xml, count: chosen.length };
    },

    template: () => spreadsheetTemplate(),

    /** One version of a question, for the tests that use it. */
    questionAt: (id: string, version: number) => bank.version(id, version),
  };
}

export type BankService = ReturnType<typeof createBankService>;
