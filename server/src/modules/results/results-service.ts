import type { Kysely } from 'kysely';
import type {
  AttemptQuery,
  AttemptRow,
  AttemptStatus,
  AttemptTableReply,
  ItemAnalysisReply,
  MarksheetItem,
  MarksheetPreviewReply,
  MarksheetsReply,
  ProduceMarksheetsReply,
  QuestionChange,
  QuestionChangeKind,
  QuestionChangeReply,
  QuestionChangesReply,
  RekeyRequest,
  ReleaseRequest,
  ReleaseStateReply,
  ResultsTestListQuery,
  ResultsTestListReply,
  ReviewState,
  StudentResultsReply,
} from '@invigil/shared/api/staff-results';
import { ATTEMPTS_PAGE_SIZE, RESULTS_MESSAGES, RESULTS_TESTS_PAGE_SIZE } from '@invigil/shared/api/staff-results';
import type { KeyAnswer, Result, TestPaper } from '@invigil/shared/api/tests';
import { choiceLabels } from '@invigil/shared/domain/choice-options';
import { answerKind } from '@invigil/shared/domain/question';
import { rankResults } from '@invigil/shared/domain/ranking';
import { effectiveReviewRule, reviewOpensAt } from '@invigil/shared/domain/review-release';
import { round2 } from '@invigil/shared/domain/rounding';
import { parseNumericKey, type ScoredKey } from '@invigil/shared/domain/scoring';
import type { AppDatabase, Database } from '../../platform/db';
import { AppError } from '../../platform/lib/app-error';
import type { Clock } from '../../platform/lib/clock';
import type { Logger } from '../../platform/lib/logger';
import { newObjectId } from '../../platform/lib/object-id';
import { recordAudit } from '../audit/audit-module';
import { producedMarksheets, rescoreAttempts } from '../exam/exam-module';
import { notifyStudents, pushNotified } from '../notifications/notifications-module';
import type { PushService } from '../notifications/notifications-module';
import { createAttemptDecisions } from '../proctoring-review/proctoring-review-module';
import type { EditorActor, TestEditorService } from '../test-editor/test-editor-module';
import { analyseItems, type AnalysisAttempt, type AnalysisQuestion } from './item-analysis';
import { marksheetHtml } from './marksheet-html';
import { createResultsRepository, type AttemptListRow, type ResultsTestRow } from './results-repository';
import { htmlExcerpt } from '@invigil/shared/domain/html-excerpt';

export interface ResultsServiceDeps {
  db: AppDatabase;
  clock: Clock;
  logger: Logger;
  editor: TestEditorService;
  /** The deadline's grace (ms): under 'after_end' the review opens after the end, the duration and the grace. */
  graceMs: number;
  /** Pushes the notifications of a re-key to subscribed browsers; null: none (tests). */
  push: Pick<PushService, 'sendNotifications'> | null;
}

interface StoredKeyJson {
  partNames?: string[];
  questions?: (ScoredKey & { solution?: string | null })[];
}

const TERMINATED = new Set(['BLUR_TIME_OUT', 'BLUR_ALLOWED_COUNT', 'PROCTOR_TERMINATE']);

function parseKey(raw: string): { partNames: string[]; questions: (ScoredKey & { solution?: string | null })[] } {
  const parsed = JSON.parse(raw) as StoredKeyJson;
  return { partNames: Array.isArray(parsed.partNames) ? parsed.partNames : [], questions: Array.isArray(parsed.questions) ? parsed.questions : [] };
}

const maxMarksOf = (key: ReturnType<typeof parseKey>): number => round2(key.questions.reduce((sum, question) => (question.dropped === true ? sum : sum + question.pm), 0));

function statusOf(row: AttemptListRow, decision: string | undefined): AttemptStatus {
  if (decision === 'void') return 'void';
  if (row.submittedAt === null) return 'running';
  if (decision === 'under_review') return 'under_review';
  if (row.submitReason !== null && TERMINATED.has(row.submitReason)) return 'terminated';
  return row.late ? 'late' : 'submitted';
}

/** Counted: submitted with a result, not void. */
const counted = (row: AttemptRow): boolean => row.scored !== null;

function compareText(a: string | null, b: string | null): number {
  return (a ?? '').localeCompare(b ?? '', 'en', { sensitivity: 'base', numeric: true });
}

/** Nulls (void, running) sort last in either direction. */
function compareNullable(a: number | null, b: number | null, dir: 1 | -1): number {
  if (a === null && b === null) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return (a - b) * dir;
}

function sortRows(rows: AttemptRow[], sort: AttemptQuery['sort'], direction: AttemptQuery['dir']): AttemptRow[] {
  const dir = direction === 'desc' ? -1 : 1;
  const by = (row: AttemptRow, other: AttemptRow): number => {
    switch (sort) {
      case 'rank':
        return compareNullable(row.rank, other.rank, dir);
      case 'name':
        return compareText(row.name, other.name) * dir;
      case 'reg_no':
        return compareText(row.reg_no, other.reg_no) * dir;
      case 'class':
        return compareText(row.class_name, other.class_name) * dir;
      case 'score':
        return compareNullable(row.scored, other.scored, dir);
      case 'time':
        return compareNullable(row.time_spent, other.time_spent, dir);
      case 'flags':
        return (row.flags - other.flags) * dir;
      case 'status':
        return compareText(row.status, other.status) * dir;
      case 'correct':
        return compareNullable(counted(row) ? row.correct : null, counted(other) ? other.correct : null, dir);
      case 'wrong':
        return compareNullable(counted(row) ? row.wrong : null, counted(other) ? other.wrong : null, dir);
    }
  };
  return [...rows].sort((a, b) => by(a, b) || compareNullable(a.rank, b.rank, 1) || compareText(a.name, b.name) || compareText(a.attempt_id, b.attempt_id));
}

function filterRows(rows: readonly AttemptRow[], query: Pick<AttemptQuery, 'q' | 'status' | 'class'>, classIdOf: ReadonlyMap<string, string | null>): AttemptRow[] {
  const q = query.q.toLowerCase();
  return rows.filter(
    (row) =>
      (q === '' || row.name.toLowerCase().includes(q) || row.reg_no.toLowerCase().includes(q)) &&
      (query.status === '' || row.status === query.status) &&
      (query.class === '' || classIdOf.get(row.attempt_id) === query.class),
  );
}

export function createResultsService(deps: ResultsServiceDeps) {
  const { db, clock, logger, editor, graceMs, push } = deps;
  const kysely = db.kysely;
  const repo = createResultsRepository(kysely);
  const decisions = createAttemptDecisions(kysely);

  async function authorise(actor: EditorActor, testId: string): Promise<ResultsTestRow> {
    const test = await repo.findTest(testId);
    if (!test) throw new AppError('not_found', RESULTS_MESSAGES.notFound);
    if (!(await editor.mayOpen(actor, testId))) throw new AppError('forbidden', RESULTS_MESSAGES.notYours);
    return test;
  }

  function reviewState(test: Pick<ResultsTestRow, 'reviewRule' | 'reviewReleasedAt' | 'endsAt' | 'durationSeconds'>, now: number): ReviewState {
    const input = { rule: test.reviewRule, endsAt: test.endsAt, durationSeconds: test.durationSeconds, releasedAt: test.reviewReleasedAt };
    const rule = effectiveReviewRule(test.reviewRule, test.endsAt);
    const opensAt = rule === 'on_submit' ? null : reviewOpensAt(input, test.endsAt ?? now, graceMs);
    const open = rule === 'on_submit' ? true : opensAt !== null && now >= opensAt;
    return { rule, stored_rule: test.reviewRule, released_at: test.reviewReleasedAt, opens_at: opensAt, open };
  }

  /** Every attempt of the test as a table row, ranked among the counted ones. */
  async function table(test: ResultsTestRow): Promise<{ rows: AttemptRow[]; partNames: string[]; classIdOf: Map<string, string | null>; maxMarks: number }> {
    const key = parseKey(test.answerKey);
    const attempts = await repo.attemptsOfTest(test.id);
    const [flags, decided] = await Promise.all([repo.flagCounts(test.id), decisions.decisionsOf(attempts.map((attempt) => attempt.id))]);
    const classIdOf = new Map<string, string | null>();
    const rows: AttemptRow[] = attempts.map((attempt) => {
      classIdOf.set(attempt.id, attempt.classId);
      const status = statusOf(attempt, decided.get(attempt.id)?.decision);
      const result: Result | null = status === 'void' || status === 'running' ? null : attempt.result;
      const parts = key.partNames.map((name, pi) => {
        const part = result?.partResults.find((entry) => entry.pi === pi);
        return { name, scored: part?.scored ?? 0, max_marks: part?.max_marks ?? 0 };
      });
      return {
        attempt_id: attempt.id,
        user_id: attempt.userId,
        name: attempt.name,
        reg_no: attempt.regNo,
        class_name: attempt.className,
        status,
        scored: result ? result.scored : null,
        max_marks: result ? result.max_marks : null,
        percentage: result ? result.percentage : null,
        parts,
        correct: result?.correct ?? 0,
        wrong: result?.wrong ?? 0,
        partial: result?.partial ?? 0,
        skipped: result?.skipped ?? 0,
        pending: result?.pending ?? 0,
        time_spent: attempt.submittedAt === null ? null : (attempt.result?.time_spent ?? Math.round((Math.min(attempt.submittedAt, attempt.deadlineMs) - attempt.startedAt) / 1000)),
        flags: flags.get(attempt.id) ?? 0,
        rank: null,
        submitted_at: attempt.submittedAt,
      };
    });
    const ranked = rankResults(
      rows.filter(counted).map((row) => ({ user_id: row.attempt_id, name: row.name, result: { scored: row.scored ?? 0, time_spent: row.time_spent ?? 0 }, submittedAt: row.submitted_at })),
    );
    const rankOf = new Map(ranked.map(([rank, , id]) => [id, rank]));
    for (const row of rows) row.rank = rankOf.get(row.attempt_id) ?? null;
    return { rows, partNames: key.partNames, classIdOf, maxMarks: maxMarksOf(key) };
  }

  function summaryOf(rows: readonly AttemptRow[]): AttemptTableReply['summary'] {
    const scored = rows.filter(counted);
    if (scored.length === 0) return { counted: 0, average: null, highest: null, lowest: null };
    const percents = scored.map((row) => row.percentage ?? 0);
    const scores = scored.map((row) => row.scored ?? 0);
    return { counted: scored.length, average: round2(percents.reduce((a, b) => a + b, 0) / scored.length), highest: Math.max(...scores), lowest: Math.min(...scores) };
  }

  /** The paper's questions for item analysis, in question-number order. */
  function paperQuestions(paper: TestPaper, key: ReturnType<typeof parseKey>): AnalysisQuestion[] {
    const byQn = new Map<number, { text: string; part: string; labels: string[] }>();
    for (const part of paper.format.parts) {
      for (const section of part.sections) {
        for (const question of section.questions) {
          const kind = answerKind(question.qt);
          byQn.set(question.qn, { text: htmlExcerpt(question.text), part: part.name, labels: kind === 'single' || kind === 'multi' ? choiceLabels(question, section.tap) : [] });
        }
      }
    }
    return key.questions.map((entry) => ({ key: entry, text: byQn.get(entry.qn)?.text ?? '', part: key.partNames[entry.pi] ?? '', labels: byQn.get(entry.qn)?.labels ?? [] }));
  }

  function labelsOf(paper: TestPaper, qn: number): string[] {
    for (const part of paper.format.parts) {
      for (const section of part.sections) {
        const question = section.questions.find((entry) => entry.qn === qn);
        if (question) return choiceLabels(question, section.tap);
      }
    }
    return [];
  }

  /** The new key, checked against the question's type and options, in the stored form. */
  function checkedKey(entry: ScoredKey, paper: TestPaper, answer: RekeyRequest['answer']): KeyAnswer {
    const kind = answerKind(entry.qt);
    if (kind === 'subjective') throw new AppError('unprocessable', RESULTS_MESSAGES.subjectiveRekey, { issues: [{ path: 'answer', message: RESULTS_MESSAGES.subjectiveRekey }] });
    const refuse = (message: string): never => {
      throw new AppError('unprocessable', message, { issues: [{ path: 'answer', message }] });
    };
    if (kind === 'numerical') {
      const text = Array.isArray(answer) ? (answer.length === 1 ? (answer[0] ?? '') : '') : answer;
      if (parseNumericKey(text) === null) refuse(RESULTS_MESSAGES.numericKey);
      return text.trim();
    }
    const labels = labelsOf(paper, entry.qn);
    const list = (Array.isArray(answer) ? answer : answer.split(',')).map((label) => label.trim()).filter((label) => label !== '');
    const chosen: string[] = [];
    for (const label of list) {
      const offered = labels.find((option) => option.toUpperCase() === label.toUpperCase());
      if (offered === undefined) refuse(RESULTS_MESSAGES.notChoice(labels.join(', ')));
      else if (!chosen.includes(offered)) chosen.push(offered);
    }
    if (chosen.length === 0) refuse(RESULTS_MESSAGES.notChoice(labels.join(', ')));
    if (kind === 'single') {
      if (chosen.length !== 1) refuse(RESULTS_MESSAGES.singleOne);
      return chosen[0] ?? null;
    }
    return labels.filter((label) => chosen.includes(label));
  }

  const sameKey = (a: KeyAnswer, b: KeyAnswer): boolean => {
    const norm = (value: KeyAnswer) => (value === null ? [] : (Array.isArray(value) ? value : [value]).map((label) => label.trim().toUpperCase()).sort());
    return JSON.stringify(norm(a)) === JSON.stringify(norm(b));
  };

  const keyText = (entry: { answer: KeyAnswer; dropped?: boolean }): string => JSON.stringify({ answer: entry.answer, dropped: entry.dropped === true });

  function toChange(row: Awaited<ReturnType<typeof repo.changesOf>>[number]): QuestionChange {
    return { id: row.id, qn: row.qn, kind: row.kind as QuestionChangeKind, before: row.before, after: row.after, reason: row.reason, by: row.by, rescored: row.rescored, at: row.created_at };
  }

  /** A re-key, drop or restore: the key written, every submitted attempt scored again, the change recorded, the students told. */
  async function changeQuestion(actor: EditorActor, testId: string, qn: number, kind: QuestionChangeKind, reason: string, answer?: RekeyRequest['answer']): Promise<QuestionChangeReply> {
    const test = await authorise(actor, testId);
    const paper = kind === 'rekey' ? (JSON.parse((await repo.paperOf(testId)) ?? '{}') as TestPaper) : null;
    const stamp = clock.now();
    const outcome = await kysely.transaction().execute(async (trx: Kysely<Database>) => {
      const current = await createResultsRepository(trx).findTest(testId, trx);
      if (!current) throw new AppError('not_found', RESULTS_MESSAGES.notFound);
      const key = parseKey(current.answerKey);
      const entry = key.questions.find((question) => question.qn === qn);
      if (!entry) throw new AppError('not_found', RESULTS_MESSAGES.questionNotFound(qn));
      const before = keyText(entry);
      let newAnswer: KeyAnswer | undefined;
      if (kind === 'rekey') {
        if (entry.dropped === true) throw new AppError('conflict', RESULTS_MESSAGES.droppedRekey);
        newAnswer = checkedKey(entry, paper as TestPaper, answer ?? '');
        if (sameKey(newAnswer, entry.answer)) throw new AppError('unprocessable', RESULTS_MESSAGES.sameKey, { issues: [{ path: 'answer', message: RESULTS_MESSAGES.sameKey }] });
        entry.answer = newAnswer;
      } else if (kind === 'drop') {
        if (entry.dropped === true) throw new AppError('conflict', RESULTS_MESSAGES.alreadyDropped);
        entry.dropped = true;
      } else {
        if (entry.dropped !== true) throw new AppError('conflict', RESULTS_MESSAGES.notDropped);
        delete entry.dropped;
      }
      await trx.updateTable('tests').set({ answer_key: JSON.stringify(key), updated_at: stamp }).where('id', '=', testId).execute();
      const rescored = await rescoreAttempts(trx, testId);
      const id = newObjectId(stamp);
      await trx
        .insertInto('question_changes')
        .values({ id, test_id: testId, qn, kind, before, after: keyText(entry), reason, staff_id: actor.staff.id, rescored, created_at: stamp })
        .execute();
      if (newAnswer !== undefined) await editor.applyResultsChange(trx, testId, { kind: 'key', qn, answer: newAnswer }, stamp);
      // The students whose attempts were scored again (a void attempt has no score to change).
      const rows = await trx.selectFrom('attempts').select(['id', 'user_id']).where('test_id', '=', testId).where('submitted_at', 'is not', null).execute();
      const voided = await createAttemptDecisions(trx).voidedIds(testId);
      const students = rows.filter((row) => !voided.has(row.id)).map((row) => row.user_id);
      const text = kind === 'rekey' ? RESULTS_MESSAGES.notifyRekey : kind === 'drop' ? RESULTS_MESSAGES.notifyDrop : RESULTS_MESSAGES.notifyRestore;
      const ids = await notifyStudents(trx, students, { title: RESULTS_MESSAGES.notifyTitle(current.name), content: text(current.name, qn, reason) }, stamp);
      const notified = new Set(students).size;
      const shown = (value: KeyAnswer): string => (value === null ? 'none' : Array.isArray(value) ? value.join(', ') : value);
      const done = kind === 'rekey' ? `Re-keyed question ${qn} of "${current.name}" from ${shown(JSON.parse(before).answer as KeyAnswer)} to ${shown(entry.answer)}` : `${kind === 'drop' ? 'Dropped' : 'Restored'} question ${qn} of "${current.name}"`;
      await recordAudit(
        trx,
        {
          actor: actor.staff,
          action: `question.${kind}`,
          entityType: 'question',
          entityId: `${testId}.q${qn}`,
          summary: `${done}: ${reason} (${rescored} attempt${rescored === 1 ? '' : 's'} scored again)`,
          before: { testId, qn, ...(JSON.parse(before) as object) },
          after: { testId, qn, ...(JSON.parse(keyText(entry)) as object), reason, rescored, notified },
        },
        stamp,
      );
      return { id, rescored, ids, students: notified };
    });
    pushNotified(push, outcome.ids);
    logger.info(`Question ${qn} of test ${testId}: ${kind} by ${actor.staff.id}; ${outcome.rescored} attempt(s) scored again.`);
    const change = (await repo.changesOf(test.id)).find((row) => row.id === outcome.id);
    if (!change) throw new Error('The change just written is not there.');
    return { change: toChange(change), notified: outcome.students };
  }

  /** The stored answers by attempt and question. */
  function answersByAttempt(answers: Awaited<ReturnType<typeof repo.answersOfTest>>): Map<string, Map<number, string>> {
    const byAttempt = new Map<string, Map<number, string>>();
    for (const answer of answers) {
      let byQn = byAttempt.get(answer.attemptId);
      if (!byQn) {
        byQn = new Map<number, string>();
        byAttempt.set(answer.attemptId, byQn);
      }
      byQn.set(answer.qn, answer.ua);
    }
    return byAttempt;
  }

  function releaseReply(test: ResultsTestRow): ReleaseStateReply {
    return { review: reviewState(test, clock.now()), ends_at: test.endsAt, duration_seconds: test.durationSeconds };
  }

  return {
    async listTests(actor: EditorActor, query: ResultsTestListQuery): Promise<ResultsTestListReply> {
      const ids = await editor.testIdsInScope(actor);
      const { items, total } = await repo.listTests(query.q, ids, (query.page - 1) * RESULTS_TESTS_PAGE_SIZE, RESULTS_TESTS_PAGE_SIZE);
      const summaries = await repo.attemptSummaries(items.map((item) => item.id));
      const voided = await decisions.decisionsOf(summaries.filter((entry) => entry.submitted).map((entry) => entry.id));
      const now = clock.now();
      return {
        items: items.map((test) => {
          const mine = summaries.filter((entry) => entry.testId === test.id);
          const countedOnes = mine.filter((entry) => entry.submitted && entry.result !== null && voided.get(entry.id)?.decision !== 'void');
          const key = parseKey(test.answerKey);
          return {
            id: test.id,
            name: test.name,
            max_marks: maxMarksOf(key),
            questions: key.questions.length,
            ends_at: test.endsAt,
            submitted: mine.filter((entry) => entry.submitted).length,
            running: mine.filter((entry) => !entry.submitted).length,
            void: mine.filter((entry) => voided.get(entry.id)?.decision === 'void').length,
            average: countedOnes.length === 0 ? null : round2(countedOnes.reduce((sum, entry) => sum + (entry.result?.percentage ?? 0), 0) / countedOnes.length),
            pending_grading: countedOnes.filter((entry) => (entry.result?.pending ?? 0) > 0).length,
            review: reviewState(test, now),
          };
        }),
        total,
        page: query.page,
        page_size: RESULTS_TESTS_PAGE_SIZE,
      };
    },

    async attempts(actor: EditorActor, testId: string, query: AttemptQuery): Promise<AttemptTableReply> {
      const test = await authorise(actor, testId);
      const { rows, partNames, classIdOf, maxMarks } = await table(test);
      const shown = sortRows(filterRows(rows, query, classIdOf), query.sort, query.dir);
      const classIds = new Set([...classIdOf.values()].filter((id): id is string => id !== null));
      const classes = (await repo.classes()).filter((entry) => classIds.has(entry.id));
      return {
        test: { id: test.id, name: test.name, max_marks: maxMarks, part_names: partNames },
        rows: shown.slice((query.page - 1) * ATTEMPTS_PAGE_SIZE, query.page * ATTEMPTS_PAGE_SIZE),
        total: shown.length,
        page: query.page,
        page_size: ATTEMPTS_PAGE_SIZE,
        classes,
        summary: summaryOf(rows),
      };
    },

    /** The whole filtered, sorted table for an export. */
    async exportRows(actor: EditorActor, testId: string, query: AttemptQuery): Promise<{ test: ResultsTestRow; rows: AttemptRow[]; partNames: string[] }> {
      const test = await authorise(actor, testId);
      const { rows, partNames, classIdOf } = await table(test);
      return { test, rows: sortRows(filterRows(rows, query, classIdOf), query.sort, query.dir), partNames };
    },

    async items(actor: EditorActor, testId: string): Promise<ItemAnalysisReply> {
      const test = await authorise(actor, testId);
      const key = parseKey(test.answerKey);
      const paper = JSON.parse((await repo.paperOf(testId)) ?? '{}') as TestPaper;
      const [submitted, voided, answers, grades, changes] = await Promise.all([repo.submittedIds(testId), decisions.voidedIds(testId), repo.answersOfTest(testId), repo.gradesOfTest(testId), repo.changesOf(testId)]);
      const ids = submitted.filter((id) => !voided.has(id));
      const byAttempt = answersByAttempt(answers);
      const analysed: AnalysisAttempt[] = ids.map((id) => ({ id, answers: byAttempt.get(id) ?? new Map(), grades: grades.get(id) ?? new Map() }));
      const { items, topThird } = analyseItems(paperQuestions(paper, key), analysed, new Set(changes.map((change) => change.qn)));
      return { test: { id: test.id, name: test.name }, counted: ids.length, top_third: topThird, items };
    },

    rekey: (actor: EditorActor, testId: string, qn: number, body: RekeyRequest) => changeQuestion(actor, testId, qn, 'rekey', body.reason, body.answer),
    drop: (actor: EditorActor, testId: string, qn: number, reason: string) => changeQuestion(actor, testId, qn, 'drop', reason),
    restore: (actor: EditorActor, testId: string, qn: number, reason: string) => changeQuestion(actor, testId, qn, 'restore', reason),

    async changes(actor: EditorActor, testId: string): Promise<QuestionChangesReply> {
      await authorise(actor, testId);
      return { items: (await repo.changesOf(testId)).map(toChange) };
    },

    async marksheets(actor: EditorActor, testId: string): Promise<MarksheetsReply> {
      await authorise(actor, testId);
      return { items: (await producedMarksheets(kysely).listForTest(testId)).map(toMarksheetItem) };
    },

    async produceMarksheets(actor: EditorActor, testId: string): Promise<ProduceMarksheetsReply> {
      const test = await authorise(actor, testId);
      const { rows } = await table(test);
      const scored = rows.filter(counted);
      if (scored.length === 0) throw new AppError('conflict', RESULTS_MESSAGES.noCounted);
      const attempts = new Map((await repo.attemptsOfTest(testId)).map((attempt) => [attempt.id, attempt]));
      const now = clock.now();
      const date = new Date(now).toISOString().slice(0, 10);
      const outcome = await kysely.transaction().execute(async (trx: Kysely<Database>) => {
        const store = producedMarksheets(trx);
        let produced = 0;
        let replaced = 0;
        for (const row of scored) {
          const result = attempts.get(row.attempt_id)?.result;
          if (!result) continue;
          const html = marksheetHtml({ testName: test.name, studentName: row.name, regNo: row.reg_no, className: row.class_name, result, rank: row.rank ?? 0, of: scored.length, date });
          if (await store.upsertProduced({ testId, userId: row.user_id, name: `${test.name} Marksheet`, html, generatedBy: actor.staff.id }, now, trx)) produced += 1;
          else replaced += 1;
        }
        const removed = await store.removeProducedExcept(testId, scored.map((row) => row.user_id), trx);
        const summary = `Produced the marksheets of "${test.name}": ${produced} new, ${replaced} replaced${removed > 0 ? `, ${removed} removed` : ''}`;
        await recordAudit(trx, { actor: actor.staff, action: 'marksheet.produce', entityType: 'test', entityId: testId, summary, before: null, after: { produced, replaced, removed } }, now);
        return { produced, replaced };
      });
      return { ...outcome, items: (await producedMarksheets(kysely).listForTest(testId)).map(toMarksheetItem) };
    },

    async marksheet(actor: EditorActor, testId: string, id: string): Promise<MarksheetPreviewReply> {
      await authorise(actor, testId);
      const found = await producedMarksheets(kysely).findForTest(testId, id);
      if (!found) throw new AppError('not_found', RESULTS_MESSAGES.marksheetNotFound);
      return found;
    },

    async release(actor: EditorActor, testId: string): Promise<ReleaseStateReply> {
      return releaseReply(await authorise(actor, testId));
    },

    async setRelease(actor: EditorActor, testId: string, body: ReleaseRequest): Promise<ReleaseStateReply> {
      const was = await authorise(actor, testId);
      const stamp = clock.now();
      const [rule, releasedAt] = body.mode === 'now' ? (['manual', stamp] as const) : body.mode === 'at' ? (['manual', Date.parse(body.at)] as const) : ([body.rule, null] as const);
      await kysely.transaction().execute(async (trx: Kysely<Database>) => {
        await trx.updateTable('tests').set({ review_rule: rule, review_released_at: releasedAt, updated_at: stamp }).where('id', '=', testId).execute();
        await editor.applyResultsChange(trx, testId, { kind: 'review', rule, releasedAt }, stamp);
        const when = body.mode === 'now' ? 'now' : body.mode === 'at' ? `at ${new Date(releasedAt ?? 0).toISOString()}` : rule === null ? "by the test type's usual rule" : `by the rule "${rule}"`;
        const summary = `Set the review of "${was.name}" to open ${when}`;
        await recordAudit(
          trx,
          { actor: actor.staff, action: 'review.release', entityType: 'test', entityId: testId, summary, before: { rule: was.reviewRule, releasedAt: was.reviewReleasedAt }, after: { mode: body.mode, rule, releasedAt } },
          stamp,
        );
      });
      const test = await repo.findTest(testId);
      if (!test) throw new AppError('not_found', RESULTS_MESSAGES.notFound);
      logger.info(`Review of test ${testId}: ${body.mode} by ${actor.staff.id}.`);
      return releaseReply(test);
    },

    async studentResults(actor: EditorActor, userId: string): Promise<StudentResultsReply> {
      const student = await repo.student(userId);
      if (!student) throw new AppError('not_found', RESULTS_MESSAGES.studentNotFound);
      const scope = await editor.testIdsInScope(actor);
      const attempted = await repo.testIdsOfStudent(userId);
      const testIds = scope === null ? attempted : attempted.filter((id) => scope.includes(id));
      const items: StudentResultsReply['items'] = [];
      for (const testId of testIds) {
        const test = await repo.findTest(testId);
        if (!test) continue;
        const { rows } = await table(test);
        const row = rows.find((entry) => entry.user_id === userId);
        if (!row) continue;
        items.push({
          test_id: test.id,
          test_name: test.name,
          status: row.status,
          scored: row.scored,
          max_marks: row.max_marks,
          percentage: row.percentage,
          rank: row.rank,
          of: rows.filter(counted).length,
          submitted_at: row.submitted_at,
        });
      }
      // A teacher sees a student of their classes, or one who took a test of theirs.
      if (actor.scope !== null && items.length === 0 && (student.classId === null || !actor.scope.classIds.includes(student.classId))) {
        throw new AppError('not_found', RESULTS_MESSAGES.studentNotFound);
      }
      items.sort((a, b) => (b.submitted_at ?? Number.MAX_SAFE_INTEGER) - (a.submitted_at ?? Number.MAX_SAFE_INTEGER) || compareText(a.test_name, b.test_name));
      return { student: { id: student.id, name: student.name, reg_no: student.regNo, class_name: student.className }, items };
    },
  };
}

function toMarksheetItem(row: { id: string; userId: string; name: string; student: string; regNo: string; updatedAt: number }): MarksheetItem {
  return { id: row.id, user_id: row.userId, name: row.name, student: row.student, reg_no: row.regNo, updated_at: row.updatedAt };
}

export type ResultsService = ReturnType<typeof createResultsService>;
