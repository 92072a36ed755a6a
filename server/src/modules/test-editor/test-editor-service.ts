import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type {
  DraftIssue,
  TestDraft,
  TestEditorOptions,
  TestEditorReply,
  TestEditorStatus,
  TestListItem,
  TestListQuery,
  TestListReply,
  TestPreviewReply,
  TestPreviewScoreReply,
  TestPublishReply,
} from '@invigil/shared/api/staff-tests';
import { submittedStructureMessage, TEST_EDITOR_MESSAGES, TEST_LIST_PAGE_SIZE, testDraftSchema, writingNowMessage } from '@invigil/shared/api/staff-tests';
import type { ImportTest } from '@invigil/shared/api/test-import';
import { importTestSchema } from '@invigil/shared/api/test-import';
import type { AnswerValue } from '@invigil/shared/api/attempt-sync';
import type { KeyAnswer } from '@invigil/shared/api/tests';
import type { ReviewRule } from '@invigil/shared/domain/review-release';
import { isAnswered, normaliseAnswer } from '@invigil/shared/domain/answer-state';
import type { QuestionState } from '@invigil/shared/domain/answer-state';
import { answerKind } from '@invigil/shared/domain/question';
import { round2 } from '@invigil/shared/domain/rounding';
import { scoreAttempt, scoreQuestion } from '@invigil/shared/domain/scoring';
import type { AppDatabase, Database } from '../../platform/db';
import { AppError } from '../../platform/lib/app-error';
import type { Clock } from '../../platform/lib/clock';
import type { Logger } from '../../platform/lib/logger';
import { readableErrorMap } from '../../platform/lib/readable-issues';
import { recordAudit } from '../audit/audit-module';
import { normaliseRegNo } from '../auth/auth-module';
import { attemptCounts, compileTest, createExamDirectory, deleteUnstartedTest, firstVersionOf, publishedTestFacts, publishImportTest, rescoreAttempts, storedTestSource } from '../exam/exam-module';
import type { CompiledTest, TestRecord } from '../exam/exam-module';
import { questionToMathml, questionToTex } from '../question-bank/question-bank-module';
import { activeProctors, proctorsOfTest, setTestProctors } from '../staff/staff-module';
import type { StaffRecord } from '../staff/staff-module';
import { draftFromStored, draftPath, draftSummary, draftToImportInput, mapDraftQuestions, paperStructure, questionPaths, uniqueIssues } from './test-draft-convert';
import type { DraftRow, TestEditorRepository } from './test-editor-repository';
import { auditedDraft, draftChanges, questionCount } from './test-audit';

/** Who is asking: the staff account and what they see (null scope: everything, an admin). */
export interface EditorActor {
  staff: StaffRecord;
  scope: { classIds: string[]; subjectIds: string[] } | null;
}

export interface TestEditorServiceDeps {
  db: AppDatabase;
  editor: TestEditorRepository;
  clock: Clock;
  logger: Logger;
  graceMs: number;
  /** The institute's classes and subjects (the portal's class directory). */
  classes(): Promise<{ id: string; name: string }[]>;
  subjects(): Promise<{ id: string; name: string }[]>;
  /** One version of a bank question (undefined: no such question or version). */
  questionAt(id: string, version: number): Promise<unknown>;
}

const NO_ATTEMPTS = { running: 0, submitted: 0 };

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** The test as it is now: its draft row (if edited here) and the published test (if any). */
interface TestState {
  id: string;
  row: DraftRow | undefined;
  record: TestRecord | undefined;
  /** The draft as stored (questions' math as MathML). */
  draft: TestDraft;
  /** The draft's updated_at, or the stored test's for a test never edited here (or changed since, elsewhere). */
  updatedAt: number;
  /** The draft row's own updated_at (what a conditional update names). */
  rowStamp: number;
  /**
   * The published test changed outside the editor (a later `npm run import`) after the draft was
   * last published, and the draft has no changes of its own: the draft is made from the stored test.
   */
  rebuilt: boolean;
  status: TestEditorStatus;
}

const statusOf = (row: DraftRow | undefined, record: TestRecord | undefined): TestEditorStatus =>
  record === undefined ? 'draft' : row === undefined || row.document_hash === row.published_hash ? 'published' : 'changed';

function parseDocument(json: string): TestDraft {
  const parsed = testDraftSchema.safeParse(JSON.parse(json));
  if (!parsed.success) throw new Error('A stored draft does not fit testDraftSchema.');
  return parsed.data;
}

/**
 * The staff's test editor (issue 28, decision 0058): drafts beside the published tests, checked
 * with the import's schema, published through the import's services, previewed and scored as a
 * student's paper would be. The routes checked the role (admin or teacher) and parsed the body.
 */
export function createTestEditorService(deps: TestEditorServiceDeps) {
  const { db, editor, clock, logger, graceMs } = deps;
  const kysely = db.kysely;
  const exam = createExamDirectory(kysely);

  /** A stamp later than `previous`: two saves in one millisecond still differ. */
  const stampAfter = (previous: number): number => Math.max(clock.now(), previous + 1);

  async function draftOfStored(testId: string): Promise<TestDraft | undefined> {
    const source = await storedTestSource(kysely, testId);
    if (!source) return undefined;
    const [classes, proctors] = await Promise.all([editor.classesOf([testId]), proctorsOfTest(kysely, testId)]);
    return mapDraftQuestions(draftFromStored(source, classes.get(testId) ?? [], proctors), (question) => questionToMathml(question, []));
  }

  async function load(testId: string): Promise<TestState> {
    const [row, record] = await Promise.all([editor.findDraft(testId), exam.findTest(testId)]);
    if (!row && !record) throw new AppError('not_found', TEST_EDITOR_MESSAGES.notFound);
    const rowStamp = row ? Number(row.updated_at) : 0;
    const rebuilt = row !== undefined && record !== undefined && row.document_hash === row.published_hash && record.updatedAt > rowStamp;
    const draft = row && !rebuilt ? parseDocument(row.document) : await draftOfStored(testId);
    if (!draft) throw new AppError('not_found', TEST_EDITOR_MESSAGES.notFound);
    const updatedAt = row && !rebuilt ? rowStamp : (record?.updatedAt ?? 0);
    return { id: testId, row, record, draft, updatedAt, rowStamp, rebuilt, status: statusOf(rebuilt ? undefined : row, record) };
  }

  async function authorise(actor: EditorActor, testId: string): Promise<void> {
    if (actor.scope === null) return;
    if (!(await editor.inScope(testId, { staffId: actor.staff.id, classIds: actor.scope.classIds }))) throw new AppError('forbidden', TEST_EDITOR_MESSAGES.notYours);
  }

  /** Opens a test the actor may edit. */
  async function open(actor: EditorActor, testId: string): Promise<TestState> {
    const state = await load(testId);
    await authorise(actor, testId);
    return state;
  }

  /**
   * A teacher assigns only their classes and their classes' students: what the draft adds beyond
   * `before` (assignments an admin made stay) is refused with the path of the first one.
   */
  async function checkScope(actor: EditorActor, draft: TestDraft, before: TestDraft | undefined): Promise<void> {
    if (actor.scope === null) return;
    const mine = new Set(actor.scope.classIds);
    const hadClasses = new Set(before?.classes ?? []);
    const classIndex = draft.classes.findIndex((classId) => !hadClasses.has(classId) && !mine.has(classId));
    if (classIndex >= 0) throw new AppError('forbidden', TEST_EDITOR_MESSAGES.classNotYours, { issues: [{ path: `classes.${classIndex}`, message: TEST_EDITOR_MESSAGES.classNotYours }] });
    const hadStudents = new Set((before?.students ?? []).map(normaliseRegNo));
    const added = draft.students.map(normaliseRegNo).filter((regNo) => !hadStudents.has(regNo));
    if (added.length === 0) return;
    const classOf = new Map((await editor.studentsByRegNos(added)).map((student) => [student.regNo, student.classId]));
    const index = draft.students.findIndex((regNo) => {
      const key = normaliseRegNo(regNo);
      if (hadStudents.has(key)) return false;
      // An unknown student is an issue of the draft, not a refusal.
      if (!classOf.has(key)) return false;
      const classId = classOf.get(key);
      return classId === null || classId === undefined || !mine.has(classId);
    });
    if (index >= 0) throw new AppError('forbidden', TEST_EDITOR_MESSAGES.studentNotYours, { issues: [{ path: `students.${index}`, message: TEST_EDITOR_MESSAGES.studentNotYours }] });
  }

  /** The import test of a draft, or the schema's issues with the draft's paths. */
  function importCheck(draft: TestDraft, mockId: string | null): { test: ImportTest | null; issues: DraftIssue[] } {
    const parsed = importTestSchema.safeParse(draftToImportInput(draft, mockId), { error: readableErrorMap });
    if (parsed.success) return { test: parsed.data, issues: [] };
    return { test: null, issues: parsed.error.issues.map((issue) => ({ path: draftPath(issue.path), message: issue.message })) };
  }

  /** Everything that stops publishing the (stored) draft. */
  async function issuesOf(draft: TestDraft, mockId: string | null): Promise<DraftIssue[]> {
    const issues: DraftIssue[] = [];
    for (const { path, question } of questionPaths(draft)) {
      const problems: string[] = [];
      questionToMathml(question.question, problems);
      for (const message of problems) issues.push({ path: `${path}.question.text`, message });
    }
    issues.push(...importCheck(draft, mockId).issues);
    const [classes, proctors, students] = await Promise.all([
      draft.classes.length === 0 ? Promise.resolve([]) : deps.classes(),
      draft.proctors.length === 0 ? Promise.resolve([]) : activeProctors(kysely),
      editor.studentsByRegNos(draft.students.map(normaliseRegNo)),
    ]);
    const classIds = new Set(classes.map((item) => item.id));
    draft.classes.forEach((classId, index) => {
      if (!classIds.has(classId)) issues.push({ path: `classes.${index}`, message: TEST_EDITOR_MESSAGES.unknownClass });
    });
    const regNos = new Set(students.map((student) => student.regNo));
    draft.students.forEach((regNo, index) => {
      if (!regNos.has(normaliseRegNo(regNo))) issues.push({ path: `students.${index}`, message: TEST_EDITOR_MESSAGES.unknownStudent });
    });
    const proctorIds = new Set(proctors.map((proctor) => proctor.id));
    draft.proctors.forEach((proctorId, index) => {
      if (!proctorIds.has(proctorId)) issues.push({ path: `proctors.${index}`, message: TEST_EDITOR_MESSAGES.unknownProctor });
    });
    const found = new Map<string, boolean>();
    for (const { path, question } of questionPaths(draft)) {
      if (question.bank === null) continue;
      const key = `${question.bank.id}@${question.bank.version}`;
      if (!found.has(key)) found.set(key, (await deps.questionAt(question.bank.id, question.bank.version)) !== undefined);
      if (found.get(key) === false) issues.push({ path: `${path}.bank`, message: TEST_EDITOR_MESSAGES.unknownBankQuestion });
    }
    return uniqueIssues(issues);
  }

  async function options(actor: EditorActor): Promise<TestEditorOptions> {
    const [classes, subjects, proctors] = await Promise.all([deps.classes(), deps.subjects(), activeProctors(kysely)]);
    const scope = actor.scope;
    return {
      classes: scope === null ? classes : classes.filter((item) => scope.classIds.includes(item.id)),
      proctors,
      subjects: scope === null ? subjects : subjects.filter((item) => scope.subjectIds.includes(item.id)),
    };
  }

  async function reply(actor: EditorActor, state: TestState): Promise<TestEditorReply> {
    const [issues, counts, students, choices] = await Promise.all([
      issuesOf(state.draft, state.record?.mockId ?? null),
      state.record ? attemptCounts(kysely, [state.id], clock.now(), graceMs) : Promise.resolve(new Map<string, { running: number; submitted: number }>()),
      editor.studentsByRegNos(state.draft.students.map(normaliseRegNo)),
      options(actor),
    ]);
    const names = new Map(students.map((student) => [student.regNo, student.name]));
    return {
      draft: mapDraftQuestions(state.draft, questionToTex),
      status: state.status,
      updated_at: state.updatedAt,
      published: state.record ? { version: state.record.version, at: state.record.updatedAt } : null,
      issues,
      attempts: counts.get(state.id) ?? NO_ATTEMPTS,
      access_code_set: (state.record?.accessCodeHash ?? null) !== null,
      student_names: state.draft.students.flatMap((regNo) => {
        const name = names.get(normaliseRegNo(regNo));
        return name === undefined ? [] : [{ reg_no: regNo, name }];
      }),
      options: choices,
    };
  }

  /** The draft as stored: questions' TeX as MathML (a formula that cannot be read stays, and is an issue). */
  const storedForm = (draft: TestDraft): TestDraft => mapDraftQuestions(draft, (question) => questionToMathml(question, []));

  const conflict = () => new AppError('conflict', TEST_EDITOR_MESSAGES.savedMeanwhile);

  /** The draft's paper as students would get it (422 with issues when it does not compile). */
  function compiled(state: TestState): { test: ImportTest; compiled: CompiledTest } {
    const { test, issues } = importCheck(state.draft, state.record?.mockId ?? null);
    if (!test) throw new AppError('unprocessable', TEST_EDITOR_MESSAGES.cannotPublish, { issues });
    return { test, compiled: compileTest(test) };
  }

  /** A new draft; `copyOf` names the test it duplicates (its audit entry says so). */
  async function create(actor: EditorActor, input: TestDraft, copyOf?: { id: string; name: string }): Promise<TestEditorReply> {
    const [row, record] = await Promise.all([editor.findDraft(input.id), exam.findTest(input.id)]);
    if (row || record) throw new AppError('conflict', TEST_EDITOR_MESSAGES.idTaken, { issues: [{ path: 'id', message: TEST_EDITOR_MESSAGES.idTaken }] });
    await checkScope(actor, input, undefined);
    const draft = storedForm(input);
    const document = JSON.stringify(draft);
    const now = clock.now();
    const inserted = await kysely.transaction().execute(async (trx: Kysely<Database>) => {
      const done = await editor.insertDraft(
        {
          test_id: draft.id,
          owner_id: actor.staff.id,
          name: draft.name,
          document,
          document_hash: sha256(document),
          published_hash: null,
          published_document: null,
          updated_at: now,
          updated_by: actor.staff.id,
          created_at: now,
        },
        trx,
      );
      if (!done) return false;
      const count = questionCount(draft);
      const summary = copyOf
        ? `Duplicated test "${copyOf.name}" as "${draft.name}" (${draft.id})`
        : `Created test "${draft.name}" (${draft.id}) with ${count} question${count === 1 ? '' : 's'}`;
      const entry = { actor: actor.staff, action: copyOf ? 'test.duplicate' : 'test.create', entityType: 'test', entityId: draft.id, summary };
      await recordAudit(trx, { ...entry, before: copyOf ? { copyOf: copyOf.id } : null, after: auditedDraft(draft) }, now);
      return true;
    });
    if (!inserted) throw new AppError('conflict', TEST_EDITOR_MESSAGES.idTaken, { issues: [{ path: 'id', message: TEST_EDITOR_MESSAGES.idTaken }] });
    return reply(actor, await load(draft.id));
  }

  /** The questions dropped after the test (issue 29, from the results): in the stored key. */
  async function droppedQns(trx: Kysely<Database>, testId: string): Promise<number[]> {
    const row = await trx.selectFrom('tests').select('answer_key').where('id', '=', testId).executeTakeFirst();
    if (!row) return [];
    const key = JSON.parse(row.answer_key) as { questions?: { qn: number; dropped?: boolean }[] };
    return (key.questions ?? []).filter((question) => question.dropped === true).map((question) => question.qn);
  }

  /**
   * A publish writes the key from the draft, which does not carry drops: the questions dropped
   * from the results stay dropped (the structure cannot change after submissions, so a question
   * number is the same question), and the attempts are scored again with them.
   */
  async function keepDrops(trx: Kysely<Database>, testId: string, qns: readonly number[]): Promise<void> {
    if (qns.length === 0) return;
    const row = await trx.selectFrom('tests').select('answer_key').where('id', '=', testId).executeTakeFirst();
    if (!row) return;
    const key = JSON.parse(row.answer_key) as { questions?: { qn: number; dropped?: boolean }[] };
    let changed = false;
    for (const question of key.questions ?? []) {
      if (qns.includes(question.qn) && question.dropped !== true) {
        question.dropped = true;
        changed = true;
      }
    }
    if (!changed) return;
    await trx.updateTable('tests').set({ answer_key: JSON.stringify(key) }).where('id', '=', testId).execute();
    await rescoreAttempts(trx, testId);
  }

  return {
    /**
     * Whether the actor may open the test's editor, results and grading (issue 29 reuses the
     * editor's rule: an admin every test; a teacher theirs and those of their classes).
     */
    async mayOpen(actor: EditorActor, testId: string): Promise<boolean> {
      if (actor.scope === null) return true;
      return editor.inScope(testId, { staffId: actor.staff.id, classIds: actor.scope.classIds });
    },

    /** The ids of the tests the actor may open; null for every test (an admin). */
    async testIdsInScope(actor: EditorActor): Promise<string[] | null> {
      if (actor.scope === null) return null;
      return editor.idsInScope({ staffId: actor.staff.id, classIds: actor.scope.classIds });
    },

    /**
     * Issue 29: a change made from the results (a question re-keyed, the review's release) written
     * into the draft too, its document and what it published, so the editor shows it and its next
     * publish keeps it. The draft's stamp moves to `stamp` (an editor open on the old draft gets a
     * conflict rather than writing the old key back). A test never edited here has no draft: the
     * editor makes it from the stored test. Runs in the caller's transaction.
     */
    async applyResultsChange(
      trx: Kysely<Database>,
      testId: string,
      change: { kind: 'key'; qn: number; answer: KeyAnswer } | { kind: 'review'; rule: ReviewRule | null; releasedAt: number | null },
      stamp: number,
    ): Promise<void> {
      const row = await editor.findDraft(testId, trx);
      if (!row) return;
      const edit = (document: string): string => {
        const draft = parseDocument(document);
        if (change.kind === 'review') {
          return JSON.stringify({ ...draft, review: change.rule, review_released_at: change.releasedAt === null ? null : new Date(change.releasedAt).toISOString() });
        }
        const target = questionPaths(draft)[change.qn - 1];
        if (target) target.question.question = { ...target.question.question, answer: change.answer };
        return JSON.stringify(draft);
      };
      const document = edit(row.document);
      const published = row.published_document === null ? null : edit(row.published_document);
      // A draft without changes of its own stays so (its hash is what it published).
      const same = row.document_hash === row.published_hash;
      const publishedHash = published === null ? row.published_hash : same ? sha256(document) : sha256(published);
      await trx
        .updateTable('test_drafts')
        .set({ document, document_hash: sha256(document), published_document: published, published_hash: publishedHash, updated_at: Math.max(stamp, Number(row.updated_at) + 1) })
        .where('test_id', '=', testId)
        .execute();
    },

    async list(actor: EditorActor, query: TestListQuery): Promise<TestListReply> {
      const scope = actor.scope === null ? null : { staffId: actor.staff.id, classIds: actor.scope.classIds };
      const { items, total } = await editor.list({ q: query.q, status: query.status, scope }, (query.page - 1) * TEST_LIST_PAGE_SIZE, TEST_LIST_PAGE_SIZE);
      const [documents, facts, classes, counts, classNames] = await Promise.all([
        editor.documentsOf(items.filter((item) => item.drafted).map((item) => item.id)),
        publishedTestFacts(kysely, items.filter((item) => !item.drafted).map((item) => item.id)),
        editor.classesOf(items.filter((item) => !item.drafted).map((item) => item.id)),
        attemptCounts(kysely, items.filter((item) => item.published).map((item) => item.id), clock.now(), graceMs),
        deps.classes(),
      ]);
      const nameOf = new Map(classNames.map((item) => [item.id, item.name]));
      const named = (classIds: readonly string[]) => classIds.map((id) => ({ id, name: nameOf.get(id) ?? id }));
      const listed: TestListItem[] = [];
      for (const item of items) {
        const attempts = counts.get(item.id) ?? NO_ATTEMPTS;
        const document = documents.get(item.id);
        if (document !== undefined) {
          const draft = parseDocument(document);
          const summary = draftSummary(draft);
          listed.push({
            id: item.id,
            name: draft.name,
            status: item.status,
            questions: summary.questions,
            max_marks: summary.maxMarks,
            duration: draft.duration,
            activation_at: draft.activation_date === null ? null : Date.parse(draft.activation_date),
            ends_at: draft.ends_at === null ? null : Date.parse(draft.ends_at),
            classes: named(draft.classes),
            students: draft.students.length,
            open_to_all: draft.open_to_all,
            attempts,
            updated_at: item.updatedAt,
          });
          continue;
        }
        const fact = facts.get(item.id);
        if (!fact) continue;
        listed.push({
          id: item.id,
          name: fact.name,
          status: item.status,
          questions: fact.noq,
          max_marks: fact.maxMarks,
          duration: fact.duration,
          activation_at: fact.activationAt,
          ends_at: fact.endsAt,
          classes: named(classes.get(item.id) ?? []),
          students: fact.students,
          open_to_all: fact.openToAll,
          attempts,
          updated_at: item.updatedAt,
        });
      }
      return { items: listed, total, page: query.page, page_size: TEST_LIST_PAGE_SIZE };
    },

    async get(actor: EditorActor, testId: string): Promise<TestEditorReply> {
      return reply(actor, await open(actor, testId));
    },

    create,

    async save(actor: EditorActor, testId: string, input: TestDraft, baseUpdatedAt: number): Promise<TestEditorReply> {
      const state = await open(actor, testId);
      if (state.updatedAt !== baseUpdatedAt) throw conflict();
      await checkScope(actor, input, state.draft);
      const draft = storedForm(input);
      const document = JSON.stringify(draft);
      const stamp = stampAfter(state.updatedAt);
      await kysely.transaction().execute(async (trx: Kysely<Database>) => {
        if (state.row) {
          // A draft made again from the stored test: what it published is that draft.
          const published = state.rebuilt ? JSON.stringify(state.draft) : undefined;
          const saved = await editor.updateDraft(
            testId,
            state.rowStamp,
            {
              name: draft.name,
              document,
              document_hash: sha256(document),
              ...(published === undefined ? {} : { published_hash: sha256(published), published_document: published }),
              updated_at: stamp,
              updated_by: actor.staff.id,
            },
            trx,
          );
          if (!saved) throw conflict();
        } else {
          // The first save of a test imported by JSON: what it published is the draft made from it.
          const published = JSON.stringify(state.draft);
          const inserted = await editor.insertDraft(
            {
              test_id: testId,
              owner_id: null,
              name: draft.name,
              document,
              document_hash: sha256(document),
              published_hash: sha256(published),
              published_document: published,
              updated_at: stamp,
              updated_by: actor.staff.id,
              created_at: stamp,
            },
            trx,
          );
          if (!inserted) throw conflict();
        }
        // The paper is large: the entry keeps the settings and the questions' list, before and after.
        const summary = `Saved the draft of test "${state.draft.name}": ${draftChanges(state.draft, draft)}`;
        await recordAudit(trx, { actor: actor.staff, action: 'test.save', entityType: 'test', entityId: testId, summary, before: auditedDraft(state.draft), after: auditedDraft(draft) }, stamp);
      });
      return reply(actor, await load(testId));
    },

    async publish(actor: EditorActor, testId: string, baseUpdatedAt: number): Promise<TestPublishReply> {
      const state = await open(actor, testId);
      if (state.updatedAt !== baseUpdatedAt) throw conflict();
      const issues = await issuesOf(state.draft, state.record?.mockId ?? null);
      if (issues.length > 0) throw new AppError('unprocessable', TEST_EDITOR_MESSAGES.cannotPublish, { issues });
      const { test, compiled: paper } = compiled(state);
      const students = await editor.studentsByRegNos(state.draft.students.map(normaliseRegNo));
      const userIds = new Map(students.map((student) => [student.regNo, student.id]));
      const document = JSON.stringify(state.draft);
      const hash = sha256(document);
      const stamp = stampAfter(state.updatedAt);
      const result = await kysely.transaction().execute(async (trx: Kysely<Database>) => {
        const record = state.record ? await createExamDirectory(trx).findTest(testId) : undefined;
        if (record && record.paperHash !== paper.paperHash) {
          const counts = (await attemptCounts(trx, [testId], clock.now(), graceMs)).get(testId) ?? NO_ATTEMPTS;
          if (counts.running > 0) throw new AppError('conflict', writingNowMessage(counts.running));
          if (counts.submitted > 0) {
            const source = await storedTestSource(trx, testId);
            if (source && paperStructure(source.key.questions) !== paperStructure(paper.key)) throw new AppError('conflict', submittedStructureMessage(counts.submitted));
          }
        }
        const dropped = await droppedQns(trx, testId);
        // The test's updated_at is the draft's: a later write by the import is seen as newer.
        const published = await publishImportTest(trx, test, { userIds, keepAccessCode: state.draft.access_code === null && state.draft.keep_access_code, now: stamp, logger });
        await keepDrops(trx, testId, dropped);
        await editor.setClasses(testId, state.draft.classes, trx);
        await setTestProctors(trx, testId, state.draft.proctors);
        const fields = { name: state.draft.name, document, document_hash: hash, published_hash: hash, published_document: document, updated_at: stamp, updated_by: actor.staff.id };
        if (state.row) {
          if (!(await editor.updateDraft(testId, state.rowStamp, fields, trx))) throw conflict();
        } else if (!(await editor.insertDraft({ test_id: testId, owner_id: null, created_at: stamp, ...fields }, trx))) {
          throw conflict();
        }
        const version = `${record ? `version ${record.version} -> ` : 'version '}${published.version}`;
        const summary = `Published test "${state.draft.name}" (${version}${published.rescored > 0 ? `; ${published.rescored} submitted attempt${published.rescored === 1 ? '' : 's'} scored again` : ''})`;
        await recordAudit(
          trx,
          {
            actor: actor.staff,
            action: 'test.publish',
            entityType: 'test',
            entityId: testId,
            summary,
            before: { version: record?.version ?? null, status: state.status },
            after: { version: published.version, status: 'published', rescored: published.rescored },
          },
          stamp,
        );
        return published;
      });
      return { editor: await reply(actor, await load(testId)), new_version: result.newVersion, rescored: result.rescored };
    },

    async discard(actor: EditorActor, testId: string): Promise<TestEditorReply> {
      const state = await open(actor, testId);
      if (!state.record) throw new AppError('conflict', TEST_EDITOR_MESSAGES.neverPublished);
      if (!state.row || state.status !== 'changed') throw new AppError('conflict', TEST_EDITOR_MESSAGES.nothingToDiscard);
      const published = state.row.published_document;
      const stamp = stampAfter(state.updatedAt);
      await kysely.transaction().execute(async (trx: Kysely<Database>) => {
        let after: TestDraft | null = null;
        if (published === null) {
          await editor.deleteDraft(testId, trx);
        } else {
          after = parseDocument(published);
          const saved = await editor.updateDraft(testId, state.rowStamp, { name: after.name, document: published, document_hash: sha256(published), updated_at: stamp, updated_by: actor.staff.id }, trx);
          if (!saved) throw conflict();
        }
        const summary = `Discarded the unpublished changes of test "${state.draft.name}"${after ? `: ${draftChanges(state.draft, after)}` : ''}`;
        await recordAudit(trx, { actor: actor.staff, action: 'test.discard', entityType: 'test', entityId: testId, summary, before: auditedDraft(state.draft), after: after && auditedDraft(after) }, stamp);
      });
      return reply(actor, await load(testId));
    },

    async remove(actor: EditorActor, testId: string): Promise<void> {
      const state = await open(actor, testId);
      await kysely.transaction().execute(async (trx: Kysely<Database>) => {
        const now = clock.now();
        if (state.record && !(await deleteUnstartedTest(trx, testId, now))) throw new AppError('conflict', TEST_EDITOR_MESSAGES.startedCannotDelete);
        await editor.deleteDraft(testId, trx);
        const summary = `Deleted test "${state.draft.name}" (${testId})${state.record ? `, published as version ${state.record.version}` : ', a draft never published'}`;
        await recordAudit(trx, { actor: actor.staff, action: 'test.delete', entityType: 'test', entityId: testId, summary, before: { version: state.record?.version ?? null, ...auditedDraft(state.draft) }, after: null }, now);
      });
    },

    async duplicate(actor: EditorActor, testId: string, target: { id: string; name: string }): Promise<TestEditorReply> {
      const state = await open(actor, testId);
      const scope = actor.scope;
      let students = state.draft.students;
      if (scope !== null && students.length > 0) {
        const classOf = new Map((await editor.studentsByRegNos(students.map(normaliseRegNo))).map((student) => [student.regNo, student.classId]));
        students = students.filter((regNo) => {
          const classId = classOf.get(normaliseRegNo(regNo));
          return classId !== undefined && classId !== null && scope.classIds.includes(classId);
        });
      }
      const copy: TestDraft = {
        ...mapDraftQuestions(state.draft, questionToTex),
        id: target.id,
        name: target.name,
        // The original's stored code is only a hash: the copy has the code typed in its draft, or none.
        keep_access_code: false,
        classes: scope === null ? state.draft.classes : state.draft.classes.filter((classId) => scope.classIds.includes(classId)),
        students,
      };
      return create(actor, copy, { id: testId, name: state.draft.name });
    },

    async preview(actor: EditorActor, testId: string): Promise<TestPreviewReply> {
      const state = await open(actor, testId);
      const { compiled: paper } = compiled(state);
      // The version students would get: the published one if the paper is unchanged, else the next (never published: the first, after a deleted test's with this id).
      const version = !state.record ? await firstVersionOf(kysely, testId) : state.record.paperHash === paper.paperHash ? state.record.version : state.record.version + 1;
      return { paper: { ...paper.paper, version }, config: state.draft.config, instructions: state.draft.instruction, duration: paper.durationSeconds };
    },

    async previewScore(actor: EditorActor, testId: string, answers: readonly { qn: number; ua: AnswerValue }[]): Promise<TestPreviewScoreReply> {
      const state = await open(actor, testId);
      const { compiled: paper } = compiled(state);
      const states = new Map<number, QuestionState>();
      for (const answer of answers) {
        const key = paper.key[answer.qn - 1];
        if (!key) continue;
        const ua = normaliseAnswer(answer.ua);
        states.set(answer.qn, { qn: answer.qn, ua, ats: isAnswered(key.qt, ua, {}) ? 1 : null, mts: null, vts: 1, s: 0, rev: 1 });
      }
      const result = scoreAttempt(paper.key, [...states.values()], { durationSeconds: paper.durationSeconds, timeSpentSeconds: 0 });
      return {
        score: result.scored,
        max_marks: round2(result.max_marks),
        questions: paper.key.map((key) => {
          const subjective = answerKind(key.qt) === 'subjective';
          const score = scoreQuestion(key, states.get(key.qn));
          return { qn: key.qn, marks: subjective ? null : score.marks, correct: subjective ? null : score.status === 'correct', answer: key.answer };
        }),
      };
    },
  };
}

export type TestEditorService = ReturnType<typeof createTestEditorService>;
