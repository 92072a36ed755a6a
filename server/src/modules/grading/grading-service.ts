import { createHash } from 'node:crypto';
import type {
  AnswerFiles,
  GradeRequest,
  GradingAnswerReply,
  GradingQueueEntry,
  GradingQueueQuery,
  GradingQueueReply,
  GradingTestItem,
  GradingTestReply,
  GradingTestsReply,
  QuestionReportItem,
  QuestionReportsReply,
  RubricItem,
  RubricReply,
  SecondLookReply,
} from '@invigil/shared/api/staff-grading';
import { commentOf, composeRemark, GRADING_MESSAGES, IMPORTED_GRADER, marksProblem, marksRange } from '@invigil/shared/api/staff-grading';
import type { AnswerValue } from '@invigil/shared/api/attempt-sync';
import type { PaperQuestion } from '@invigil/shared/api/tests';
import { isUploadExtension, UPLOAD_TYPES } from '@invigil/shared/api/uploads';
import { isAnswered } from '@invigil/shared/domain/answer-state';
import { answerKind } from '@invigil/shared/domain/question';
import { scoreQuestion } from '@invigil/shared/domain/scoring';
import type { AppDatabase } from '../../platform/db';
import { AppError } from '../../platform/lib/app-error';
import type { Clock } from '../../platform/lib/clock';
import type { Logger } from '../../platform/lib/logger';
import type { AnswerKeyEntry, StoredKey, TestModule } from '../exam/exam-module';
import { attemptGrades, parseStoredKey, rescoreAttempts, sameGrade, storeGrades } from '../exam/exam-module';
import { createAttemptDecisions } from '../proctoring-review/proctoring-review-module';
import type { EditorActor, TestEditorService } from '../test-editor/test-editor-module';
import { auditHandled, recordAudit } from '../audit/audit-module';
import { createGradingRepository } from './grading-repository';
import type { GradingRepository, GradingTestRow } from './grading-repository';
import { htmlExcerpt } from '@invigil/shared/domain/html-excerpt';

export interface GradingServiceDeps {
  db: AppDatabase;
  clock: Clock;
  logger: Logger;
  repo: GradingRepository;
  editor: Pick<TestEditorService, 'mayOpen' | 'testIdsInScope'>;
  tests: Pick<TestModule, 'papers' | 'uploads'>;
}

/** One answer waiting in (or done from) a test's grading queue. */
interface Entry {
  attemptId: string;
  qn: number;
  number: number;
  grade: { marks: number; gradedAt: number } | undefined;
  secondLook: boolean;
}

const answerKey = (attemptId: string, qn: number): string => `${attemptId}:${qn}`;


/**
 * Whether a question of this key may be left pending by the scoring (so a teacher grades it):
 * subjective, or a key the scoring cannot use (none, or a numerical key that does not parse).
 */
export function mayBePending(key: AnswerKeyEntry): boolean {
  if (answerKind(key.qt) === 'subjective') return true;
  const probe = scoreQuestion(key, { qn: key.qn, ua: answerKind(key.qt) === 'numerical' ? '0' : ['A'], ats: 1, mts: null, vts: null, s: 0, rev: 1 });
  return probe.status === 'pending';
}

/** Opaque, stable answer numbers: attempts ordered by a hash of test and attempt (not by time or name). */
function numbering(testId: string, attemptIds: readonly string[]): Map<string, number> {
  const hashed = attemptIds.map((id) => ({ id, hash: createHash('sha256').update(`${testId}\0${id}`).digest('hex') }));
  hashed.sort((a, b) => (a.hash < b.hash ? -1 : a.hash > b.hash ? 1 : 0));
  return new Map(hashed.map((entry, index) => [entry.id, index + 1]));
}

export const answerLabel = (number: number): string => `Answer ${number}`;

export function createGradingService({ db, clock, logger, repo, editor, tests }: GradingServiceDeps) {
  const decisions = createAttemptDecisions(db.kysely);
  async function openTest(actor: EditorActor, testId: string): Promise<GradingTestRow> {
    const test = await repo.test(testId);
    if (!test) throw new AppError('not_found', GRADING_MESSAGES.noSuchTest);
    if (!(await editor.mayOpen(actor, testId))) throw new AppError('forbidden', GRADING_MESSAGES.notYours);
    return test;
  }

  async function paperQuestions(test: GradingTestRow): Promise<Map<number, PaperQuestion>> {
    const paper = await tests.papers.get(test.id, test.version);
    const byQn = new Map<number, PaperQuestion>();
    for (const part of paper?.paper.format.parts ?? []) for (const section of part.sections) for (const question of section.questions) byQn.set(question.qn, question);
    return byQn;
  }

  /** Every gradeable answer of a test: per submitted attempt, the questions a teacher decides. */
  async function entriesOf(test: GradingTestRow, key: StoredKey): Promise<{ entries: Entry[]; questions: AnswerKeyEntry[] }> {
    const questions = key.questions.filter(mayBePending);
    if (questions.length === 0) return { entries: [], questions };
    const qns = questions.map((question) => question.qn);
    const [submitted, answers, uploads, grades, looks, voided] = await Promise.all([
      repo.submittedAttempts(test.id),
      repo.answersOf(test.id, qns),
      repo.uploadsOf(test.id),
      repo.gradesOf(test.id),
      repo.secondLooksOf(test.id),
      decisions.voidedIds(test.id),
    ]);
    // A void attempt has no score (the proctoring review's decision): nothing of it to grade.
    const attempts = submitted.filter((attempt) => !voided.has(attempt.id));
    const numbers = numbering(
      test.id,
      attempts.map((attempt) => attempt.id),
    );
    const typed = new Map(answers.map((answer) => [answerKey(answer.attemptId, answer.qn), answer.ua]));
    const files = new Map<string, { iu: string[]; au: string[]; vu: string[] }>();
    const sheets = new Set<string>();
    for (const upload of uploads) {
      if (upload.qn === 0) {
        sheets.add(upload.attemptId);
        continue;
      }
      const category = isUploadExtension(upload.ext) ? UPLOAD_TYPES[upload.ext].category : undefined;
      const lists = files.get(answerKey(upload.attemptId, upload.qn)) ?? { iu: [], au: [], vu: [] };
      if (category === 'image') lists.iu.push(upload.ext);
      else if (category === 'audio') lists.au.push(upload.ext);
      else if (category === 'video') lists.vu.push(upload.ext);
      files.set(answerKey(upload.attemptId, upload.qn), lists);
    }
    const graded = new Map(grades.map((grade) => [answerKey(grade.attemptId, grade.qn), grade]));
    const second = new Set(looks.map((look) => answerKey(look.attemptId, look.qn)));
    const entries: Entry[] = [];
    for (const attempt of attempts) {
      for (const question of questions) {
        const id = answerKey(attempt.id, question.qn);
        const grade = graded.get(id);
        const ua = typed.get(id) ?? null;
        const lists = files.get(id) ?? {};
        const answered = isAnswered(question.qt, ua, lists);
        const subjective = answerKind(question.qt) === 'subjective';
        const wanted = subjective
          ? answered || sheets.has(attempt.id)
          : answered && scoreQuestion(question, { qn: question.qn, ua, ats: 1, mts: null, vts: null, s: 0, rev: 1, ...lists }).status === 'pending';
        if (!wanted && !grade) continue;
        entries.push({ attemptId: attempt.id, qn: question.qn, number: numbers.get(attempt.id) ?? 0, grade, secondLook: second.has(id) });
      }
    }
    entries.sort((a, b) => a.qn - b.qn || a.number - b.number);
    return { entries, questions };
  }

  function countsOf(entries: readonly Entry[]) {
    let graded = 0;
    let looks = 0;
    for (const entry of entries) {
      if (entry.grade) graded += 1;
      if (entry.secondLook) looks += 1;
    }
    return { answers: entries.length, graded, to_grade: entries.length - graded, second_looks: looks };
  }

  async function answerReply(test: GradingTestRow, attemptId: string, qn: number, names: boolean): Promise<GradingAnswerReply> {
    const key = parseStoredKey(test.answerKey);
    const attempt = await repo.attempt(attemptId);
    const keyEntry = key.questions.find((question) => question.qn === qn);
    if (!attempt || attempt.testId !== test.id || !attempt.submitted || !keyEntry || !mayBePending(keyEntry)) throw new AppError('not_found', GRADING_MESSAGES.noSuchAnswer);
    const [papers, typed, lists, grades, history, secondLook, rubrics, attemptIds] = await Promise.all([
      paperQuestions(test),
      repo.answerOf(attemptId, qn),
      tests.uploads.listsOf(attemptId),
      attemptGrades(db.kysely, attemptId),
      repo.historyOf(attemptId, qn),
      repo.isSecondLook(attemptId, qn),
      repo.rubricsOf(test.id),
      repo.submittedAttempts(test.id),
    ]);
    const voided = await decisions.voidedIds(test.id);
    const question = papers.get(qn);
    const rubric = rubrics.get(qn) ?? [];
    const own = lists.byQuestion.get(qn) ?? { iu: [], vu: [], au: [] };
    const files: AnswerFiles = { images: own.iu, audio: own.au, video: own.vu, sheet_images: lists.overall.iu, sheet_pdfs: lists.overall.pu };
    const grade = grades.find((row) => row.qn === qn);
    const textsOf = (ids: readonly string[]) => ids.flatMap((id) => rubric.find((item) => item.id === id)?.text ?? []);
    const number =
      numbering(
        test.id,
        attemptIds.filter((row) => !voided.has(row.id) || row.id === attemptId).map((row) => row.id),
      ).get(attemptId) ?? 0;
    const total = parseTotal(attempt.result);
    return {
      attempt_id: attemptId,
      label: answerLabel(number),
      student: names ? { name: attempt.name, reg_no: attempt.regNo } : null,
      question: {
        qn,
        qnf: question?.qnf ?? String(qn),
        qt: keyEntry.qt,
        pm: keyEntry.pm,
        nm: keyEntry.nm,
        text: question?.text ?? '',
        extra: question?.extra ?? null,
        options: question ? Object.values(question.options ?? {}).map(String) : [],
      },
      range: marksRange(keyEntry.pm, keyEntry.nm),
      model_answer: keyEntry.answer,
      solution: keyEntry.solution,
      typed: typed as AnswerValue,
      files,
      grade: grade
        ? {
            marks: grade.marks,
            rubric_items: grade.rubricItems,
            // The comment as written; an imported grade has only its remark.
            comment: grade.comment ?? commentOf(grade.remark, textsOf(grade.rubricItems)),
            remark: grade.remark,
            graded_by: grade.gradedBy === null ? IMPORTED_GRADER : ((await repo.staffName(grade.gradedBy)) ?? 'A former staff member'),
            graded_at: grade.gradedAt,
          }
        : null,
      history: history.map((row) => ({
        marks: row.marks,
        rubric_items: row.rubricItems,
        remark: row.remark,
        graded_by: row.gradedBy === null ? IMPORTED_GRADER : (row.graderName ?? 'A former staff member'),
        graded_at: row.gradedAt,
      })),
      second_look: secondLook,
      rubric,
      total,
    };
  }

  return {
    async listTests(actor: EditorActor): Promise<GradingTestsReply> {
      const scope = await editor.testIdsInScope(actor);
      const [rows, reports] = await Promise.all([repo.testsWithSubmissions(scope), repo.openReportCounts(scope)]);
      const items: GradingTestItem[] = [];
      for (const test of rows) {
        const { entries } = await entriesOf(test, parseStoredKey(test.answerKey));
        const open = reports.get(test.id) ?? 0;
        if (entries.length === 0 && open === 0) continue;
        items.push({ id: test.id, name: test.name, ...countsOf(entries), open_reports: open });
      }
      let openReports = 0;
      for (const count of reports.values()) openReports += count;
      return { tests: items, open_reports: openReports };
    },

    async testSummary(actor: EditorActor, testId: string): Promise<GradingTestReply> {
      const test = await openTest(actor, testId);
      const [{ entries, questions }, papers, rubrics, reports] = await Promise.all([
        entriesOf(test, parseStoredKey(test.answerKey)),
        paperQuestions(test),
        repo.rubricsOf(test.id),
        repo.openReportCounts([test.id]),
      ]);
      return {
        test: { id: test.id, name: test.name },
        questions: questions.map((question) => {
          const paper = papers.get(question.qn);
          return {
            qn: question.qn,
            qnf: paper?.qnf ?? String(question.qn),
            qt: question.qt,
            pm: question.pm,
            nm: question.nm,
            excerpt: htmlExcerpt(paper?.text ?? ''),
            ...countsOf(entries.filter((entry) => entry.qn === question.qn)),
            rubric: rubrics.get(question.qn) ?? [],
          };
        }),
        open_reports: reports.get(test.id) ?? 0,
      };
    },

    async queue(actor: EditorActor, testId: string, query: GradingQueueQuery): Promise<GradingQueueReply> {
      const test = await openTest(actor, testId);
      const { entries } = await entriesOf(test, parseStoredKey(test.answerKey));
      const ofQuestion = query.qn === null ? entries : entries.filter((entry) => entry.qn === query.qn);
      const shown = ofQuestion.filter((entry) => (query.filter === 'ungraded' ? !entry.grade : query.filter === 'second_look' ? entry.secondLook : true));
      const [papers, people] = await Promise.all([paperQuestions(test), query.names ? repo.submittedAttempts(test.id) : Promise.resolve([])]);
      const byAttempt = new Map(people.map((person) => [person.id, person]));
      const counts = countsOf(ofQuestion);
      return {
        entries: shown.map((entry): GradingQueueEntry => {
          const person = byAttempt.get(entry.attemptId);
          return {
            attempt_id: entry.attemptId,
            qn: entry.qn,
            qnf: papers.get(entry.qn)?.qnf ?? String(entry.qn),
            label: answerLabel(entry.number),
            graded: entry.grade !== undefined,
            marks: entry.grade?.marks ?? null,
            second_look: entry.secondLook,
            student: query.names && person ? { name: person.name, reg_no: person.regNo } : null,
          };
        }),
        total: counts.answers,
        graded: counts.graded,
      };
    },

    async answer(actor: EditorActor, testId: string, attemptId: string, qn: number, names: boolean): Promise<GradingAnswerReply> {
      const test = await openTest(actor, testId);
      return answerReply(test, attemptId, qn, names);
    },

    /**
     * Grades one answer: the grade and a history row in one transaction with the attempt scored
     * again. 409 over a grade given after the teacher's base; the same grade again writes nothing.
     */
    async grade(actor: EditorActor, testId: string, attemptId: string, qn: number, request: GradeRequest & { rubric_items: string[]; comment: string }, names: boolean): Promise<GradingAnswerReply> {
      const test = await openTest(actor, testId);
      const key = parseStoredKey(test.answerKey);
      const keyEntry = key.questions.find((question) => question.qn === qn);
      const attempt = await repo.attempt(attemptId);
      if (!attempt || attempt.testId !== test.id || !attempt.submitted || !keyEntry || !mayBePending(keyEntry)) throw new AppError('not_found', GRADING_MESSAGES.noSuchAnswer);
      const range = marksRange(keyEntry.pm, keyEntry.nm);
      const problem = marksProblem(request.marks, range);
      if (problem) throw new AppError('unprocessable', problem, { issues: [{ path: 'marks', message: problem }] });
      const rubric = (await repo.rubricsOf(test.id)).get(qn) ?? [];
      const applied = [...new Set(request.rubric_items)];
      const missing = applied.findIndex((id) => !rubric.some((item) => item.id === id));
      if (missing >= 0) throw new AppError('unprocessable', GRADING_MESSAGES.unknownRubricItem, { issues: [{ path: `rubric_items.${missing}`, message: GRADING_MESSAGES.unknownRubricItem }] });
      // In the rubric's order, so the same items give the same remark.
      const ordered = rubric.filter((item) => applied.includes(item.id));
      const input = {
        qn,
        marks: request.marks,
        remark: composeRemark(
          ordered.map((item) => item.text),
          request.comment,
        ),
        gradedBy: actor.staff.id,
        rubricItems: ordered.map((item) => item.id),
        comment: request.comment.trim(),
      };
      const stale = await db.kysely.transaction().execute(async (trx) => {
        if (db.kind === 'postgres') await trx.selectFrom('attempts').select('id').where('id', '=', attemptId).forUpdate().execute();
        const current = (await attemptGrades(trx, attemptId)).find((grade) => grade.qn === qn);
        if (current && sameGrade(current, input)) {
          // Nothing changed: no entry (and none from the middleware).
          auditHandled();
          return null;
        }
        if ((current?.gradedAt ?? null) !== request.base_graded_at) return current?.gradedBy ?? '';
        // A grade's time only grows, so a base always names one grade.
        const now = Math.max(clock.now(), (current?.gradedAt ?? 0) + 1);
        await storeGrades(trx, attemptId, [input], now);
        await rescoreAttempts(trx, test.id, [attemptId]);
        const gradeOf = (grade: { marks: number; rubricItems: string[]; comment: string | null; remark: string | null }) => ({
          marks: grade.marks,
          rubricItems: grade.rubricItems,
          comment: grade.comment,
          remark: grade.remark,
        });
        const summary = `Gave ${input.marks} of ${keyEntry.pm} to answer ${qn} of ${attempt.name} (${attempt.regNo}) in "${test.name}"${current ? ` (was ${current.marks})` : ''}`;
        await recordAudit(
          trx,
          { actor: actor.staff, action: 'grade.save', entityType: 'attempt', entityId: attemptId, summary, before: current ? { qn, ...gradeOf(current) } : null, after: { qn, ...gradeOf(input) } },
          now,
        );
        return null;
      });
      if (stale !== null) {
        const who = stale === '' ? IMPORTED_GRADER : ((await repo.staffName(stale)) ?? 'Someone');
        throw new AppError('conflict', GRADING_MESSAGES.gradedMeanwhile(who === IMPORTED_GRADER ? 'An import' : who));
      }
      logger.info(`Graded question ${qn} of attempt ${attemptId} (${test.id}).`);
      return answerReply(test, attemptId, qn, names);
    },

    async secondLook(actor: EditorActor, testId: string, attemptId: string, qn: number, on: boolean): Promise<SecondLookReply> {
      const test = await openTest(actor, testId);
      const attempt = await repo.attempt(attemptId);
      const keyEntry = parseStoredKey(test.answerKey).questions.find((question) => question.qn === qn);
      if (!attempt || attempt.testId !== test.id || !attempt.submitted || !keyEntry || !mayBePending(keyEntry)) throw new AppError('not_found', GRADING_MESSAGES.noSuchAnswer);
      const now = clock.now();
      await db.kysely.transaction().execute(async (trx) => {
        const inTrx = createGradingRepository(trx);
        const was = await inTrx.isSecondLook(attemptId, qn);
        await inTrx.setSecondLook(attemptId, qn, on, actor.staff.id, now);
        const where = `answer ${qn} of ${attempt.name} (${attempt.regNo}) in "${test.name}"`;
        const summary = on ? `Marked ${where} for a second look` : `Cleared the second look on ${where}`;
        await recordAudit(trx, { actor: actor.staff, action: 'grade.second_look', entityType: 'attempt', entityId: attemptId, summary, before: { qn, second_look: was }, after: { qn, second_look: on } }, now);
      });
      return { second_look: on };
    },

    async saveRubric(actor: EditorActor, testId: string, qn: number, items: RubricItem[]): Promise<RubricReply> {
      const test = await openTest(actor, testId);
      const keyEntry = parseStoredKey(test.answerKey).questions.find((question) => question.qn === qn);
      if (!keyEntry || !mayBePending(keyEntry)) throw new AppError('not_found', GRADING_MESSAGES.noSuchQuestion);
      const now = clock.now();
      await db.kysely.transaction().execute(async (trx) => {
        const inTrx = createGradingRepository(trx);
        const before = (await inTrx.rubricsOf(test.id)).get(qn) ?? null;
        await inTrx.saveRubric(test.id, qn, items, actor.staff.id, now);
        const summary = `Saved the rubric of question ${qn} in "${test.name}": ${items.length} item${items.length === 1 ? '' : 's'}${before ? ` (was ${before.length})` : ''}`;
        await recordAudit(trx, { actor: actor.staff, action: 'rubric.save', entityType: 'test', entityId: test.id, summary, before: before && { qn, items: before }, after: { qn, items } }, now);
      });
      return { qn, items };
    },

    async reports(actor: EditorActor, status: 'open' | 'resolved' | 'all'): Promise<QuestionReportsReply> {
      const scope = await editor.testIdsInScope(actor);
      const rows = await repo.reports(status, scope);
      const excerpts = new Map<string, Map<number, PaperQuestion>>();
      const reports: QuestionReportItem[] = [];
      for (const row of rows) {
        let papers = excerpts.get(row.testId);
        if (!papers) {
          const test = await repo.test(row.testId);
          papers = test ? await paperQuestions(test) : new Map();
          excerpts.set(row.testId, papers);
        }
        reports.push(toReportItem(row, htmlExcerpt(papers.get(row.qn)?.text ?? '')));
      }
      return { reports };
    },

    async resolve(actor: EditorActor, reportId: string, note: string): Promise<QuestionReportItem> {
      const found = await repo.reportTest(reportId);
      if (!found) throw new AppError('not_found', GRADING_MESSAGES.noSuchReport);
      if (!(await editor.mayOpen(actor, found.testId))) throw new AppError('forbidden', GRADING_MESSAGES.notYours);
      const now = clock.now();
      const reportedTest = await repo.test(found.testId);
      const resolved = await db.kysely.transaction().execute(async (trx) => {
        if (!(await createGradingRepository(trx).resolveReport(reportId, note, actor.staff.id, now))) return false;
        const report = await trx.selectFrom('question_reports').select(['qn', 'text']).where('id', '=', reportId).executeTakeFirst();
        const summary = `Resolved a report on question ${report?.qn ?? '?'} of "${reportedTest?.name ?? found.testId}": ${note}`;
        await recordAudit(
          trx,
          { actor: actor.staff, action: 'question.report.resolve', entityType: 'question_report', entityId: reportId, summary, before: { testId: found.testId, qn: report?.qn, report: report?.text, status: 'open' }, after: { status: 'resolved', resolution: note } },
          now,
        );
        return true;
      });
      if (!resolved) throw new AppError('conflict', GRADING_MESSAGES.alreadyResolved);
      const row = (await repo.reports('resolved', [found.testId], 100_000)).find((report) => report.id === reportId);
      if (!row) throw new AppError('not_found', GRADING_MESSAGES.noSuchReport);
      const test = await repo.test(found.testId);
      const papers = test ? await paperQuestions(test) : new Map<number, PaperQuestion>();
      return toReportItem(row, htmlExcerpt(papers.get(row.qn)?.text ?? ''));
    },
  };
}

function toReportItem(row: Awaited<ReturnType<GradingRepository['reports']>>[number], excerpt: string): QuestionReportItem {
  return {
    id: row.id,
    test_id: row.testId,
    test_name: row.testName,
    qn: row.qn,
    excerpt,
    student: { name: row.name, reg_no: row.regNo },
    text: row.text,
    created_at: row.createdAt,
    status: row.status,
    resolution: row.resolution,
    resolved_by: row.resolvedBy,
    resolved_at: row.resolvedAt,
  };
}

function parseTotal(raw: string | null): { scored: number; max_marks: number } | null {
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as { summary?: { scored?: unknown; max_marks?: unknown } } & { scored?: unknown; max_marks?: unknown };
    const source = parsed.summary ?? parsed;
    return typeof source.scored === 'number' && typeof source.max_marks === 'number' ? { scored: source.scored, max_marks: source.max_marks } : null;
  } catch {
    return null;
  }
}

export type GradingService = ReturnType<typeof createGradingService>;
