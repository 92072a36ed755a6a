import type { Kysely } from 'kysely';
import type { RubricItem } from '@invigil/shared/api/staff-grading';
import { rubricItemSchema } from '@invigil/shared/api/staff-grading';
import { answerValueSchema } from '@invigil/shared/api/attempt-sync';
import type { AnswerValue } from '@invigil/shared/api/attempt-sync';
import type { Database } from '../../platform/db';
import { parseRubricItems } from '../exam/exam-module';

// Grading's reads and writes (issue 29). Whole-test reads are one query per table, keyed by
// (attempt, question) in the service.

export interface GradingTestRow {
  id: string;
  name: string;
  version: number;
  answerKey: string;
}

export interface SubmittedRow {
  id: string;
  userId: string;
  name: string;
  regNo: string;
}

export interface GradeRow {
  attemptId: string;
  qn: number;
  marks: number;
  gradedAt: number;
}

export interface ReportRow {
  id: string;
  testId: string;
  testName: string;
  qn: number;
  name: string;
  regNo: string;
  text: string;
  createdAt: number;
  status: 'open' | 'resolved';
  resolution: string | null;
  resolvedBy: string | null;
  resolvedAt: number | null;
}

const toNumberOrNull = (value: number | string | null): number | null => (value === null ? null : Number(value));

function parseAnswer(raw: string): AnswerValue {
  try {
    return answerValueSchema.safeParse(JSON.parse(raw)).data ?? null;
  } catch {
    return null;
  }
}

export function parseRubric(raw: string | undefined): RubricItem[] {
  try {
    const parsed: unknown = JSON.parse(raw ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.flatMap((item) => {
      const checked = rubricItemSchema.safeParse(item);
      return checked.success ? [checked.data] : [];
    });
  } catch {
    return [];
  }
}

export function createGradingRepository(db: Kysely<Database>) {
  const submittedOf = (testId: string) => db.selectFrom('attempts').select('id').where('test_id', '=', testId).where('submitted_at', 'is not', null);

  return {
    async test(id: string): Promise<GradingTestRow | undefined> {
      const row = await db.selectFrom('tests').select(['id', 'name', 'version', 'answer_key']).where('id', '=', id).executeTakeFirst();
      return row && { id: row.id, name: row.name, version: Number(row.version), answerKey: row.answer_key };
    },

    /** Tests with at least one submitted attempt (of `ids` when given). */
    async testsWithSubmissions(ids: readonly string[] | null): Promise<GradingTestRow[]> {
      if (ids !== null && ids.length === 0) return [];
      let query = db
        .selectFrom('tests')
        .select(['id', 'name', 'version', 'answer_key'])
        .where('id', 'in', db.selectFrom('attempts').select('test_id').where('submitted_at', 'is not', null))
        .orderBy('name')
        .orderBy('id');
      if (ids !== null) query = query.where('id', 'in', [...ids]);
      const rows = await query.execute();
      return rows.map((row) => ({ id: row.id, name: row.name, version: Number(row.version), answerKey: row.answer_key }));
    },

    async submittedAttempts(testId: string): Promise<SubmittedRow[]> {
      const rows = await db
        .selectFrom('attempts')
        .innerJoin('users', 'users.id', 'attempts.user_id')
        .select(['attempts.id', 'attempts.user_id', 'users.name', 'users.reg_no'])
        .where('attempts.test_id', '=', testId)
        .where('attempts.submitted_at', 'is not', null)
        .execute();
      return rows.map((row) => ({ id: row.id, userId: row.user_id, name: row.name, regNo: row.reg_no }));
    },

    /** On-time answers of the submitted attempts to these questions. */
    async answersOf(testId: string, qns: readonly number[]): Promise<{ attemptId: string; qn: number; ua: AnswerValue }[]> {
      if (qns.length === 0) return [];
      const rows = await db
        .selectFrom('answers')
        .select(['attempt_id', 'qn', 'ua'])
        .where('attempt_id', 'in', submittedOf(testId))
        .where('late', '=', 0)
        .where('qn', 'in', [...qns])
        .execute();
      return rows.map((row) => ({ attemptId: row.attempt_id, qn: Number(row.qn), ua: parseAnswer(row.ua) }));
    },

    /** Saved files of the submitted attempts: (attempt, question, extension); question 0 is the whole attempt. */
    async uploadsOf(testId: string): Promise<{ attemptId: string; qn: number; ext: string }[]> {
      const rows = await db.selectFrom('uploads').select(['attempt_id', 'qn', 'ext']).where('attempt_id', 'in', submittedOf(testId)).where('status', '=', 'saved').execute();
      return rows.map((row) => ({ attemptId: row.attempt_id, qn: Number(row.qn), ext: row.ext }));
    },

    async gradesOf(testId: string): Promise<GradeRow[]> {
      const rows = await db.selectFrom('grades').select(['attempt_id', 'qn', 'marks_hundredths', 'graded_at']).where('attempt_id', 'in', submittedOf(testId)).execute();
      return rows.map((row) => ({ attemptId: row.attempt_id, qn: Number(row.qn), marks: Number(row.marks_hundredths) / 100, gradedAt: Number(row.graded_at) }));
    },

    async secondLooksOf(testId: string): Promise<{ attemptId: string; qn: number }[]> {
      const rows = await db.selectFrom('grading_second_looks').select(['attempt_id', 'qn']).where('attempt_id', 'in', submittedOf(testId)).execute();
      return rows.map((row) => ({ attemptId: row.attempt_id, qn: Number(row.qn) }));
    },

    async isSecondLook(attemptId: string, qn: number): Promise<boolean> {
      return (await db.selectFrom('grading_second_looks').select('qn').where('attempt_id', '=', attemptId).where('qn', '=', qn).executeTakeFirst()) !== undefined;
    },

    async setSecondLook(attemptId: string, qn: number, on: boolean, staffId: string, now: number): Promise<void> {
      if (on) {
        await db
          .insertInto('grading_second_looks')
          .values({ attempt_id: attemptId, qn, staff_id: staffId, created_at: now })
          .onConflict((oc) => oc.columns(['attempt_id', 'qn']).doNothing())
          .execute();
      } else {
        await db.deleteFrom('grading_second_looks').where('attempt_id', '=', attemptId).where('qn', '=', qn).execute();
      }
    },

    async rubricsOf(testId: string): Promise<Map<number, RubricItem[]>> {
      const rows = await db.selectFrom('question_rubrics').select(['qn', 'items']).where('test_id', '=', testId).execute();
      return new Map(rows.map((row) => [Number(row.qn), parseRubric(row.items)]));
    },

    async saveRubric(testId: string, qn: number, items: readonly RubricItem[], staffId: string, now: number): Promise<void> {
      await db
        .insertInto('question_rubrics')
        .values({ test_id: testId, qn, items: JSON.stringify(items), updated_by: staffId, updated_at: now })
        .onConflict((oc) => oc.columns(['test_id', 'qn']).doUpdateSet((eb) => ({ items: eb.ref('excluded.items'), updated_by: eb.ref('excluded.updated_by'), updated_at: eb.ref('excluded.updated_at') })))
        .execute();
    },

    async attempt(attemptId: string): Promise<{ id: string; testId: string; submitted: boolean; name: string; regNo: string; result: string | null } | undefined> {
      const row = await db
        .selectFrom('attempts')
        .innerJoin('users', 'users.id', 'attempts.user_id')
        .select(['attempts.id', 'attempts.test_id', 'attempts.submitted_at', 'attempts.result', 'users.name', 'users.reg_no'])
        .where('attempts.id', '=', attemptId)
        .executeTakeFirst();
      return row && { id: row.id, testId: row.test_id, submitted: row.submitted_at !== null, name: row.name, regNo: row.reg_no, result: row.result };
    },

    async answerOf(attemptId: string, qn: number): Promise<AnswerValue> {
      const row = await db.selectFrom('answers').select('ua').where('attempt_id', '=', attemptId).where('qn', '=', qn).where('late', '=', 0).executeTakeFirst();
      return row ? parseAnswer(row.ua) : null;
    },

    async historyOf(attemptId: string, qn: number): Promise<{ marks: number; rubricItems: string[]; remark: string | null; gradedBy: string | null; graderName: string | null; gradedAt: number }[]> {
      const rows = await db
        .selectFrom('grade_history')
        .leftJoin('staff_accounts', 'staff_accounts.id', 'grade_history.graded_by')
        .select(['grade_history.marks_hundredths', 'grade_history.rubric_items', 'grade_history.remark', 'grade_history.graded_by', 'grade_history.graded_at', 'staff_accounts.name'])
        .where('grade_history.attempt_id', '=', attemptId)
        .where('grade_history.qn', '=', qn)
        .orderBy('grade_history.graded_at', 'desc')
        .execute();
      return rows.map((row) => ({
        marks: Number(row.marks_hundredths) / 100,
        rubricItems: parseRubricItems(row.rubric_items),
        remark: row.remark,
        gradedBy: row.graded_by,
        graderName: row.name ?? null,
        gradedAt: Number(row.graded_at),
      }));
    },

    async staffName(id: string | null): Promise<string | null> {
      if (id === null) return null;
      const row = await db.selectFrom('staff_accounts').select('name').where('id', '=', id).executeTakeFirst();
      return row?.name ?? null;
    },

    /** Open question reports per test (of `ids` when given). */
    async openReportCounts(ids: readonly string[] | null): Promise<Map<string, number>> {
      if (ids !== null && ids.length === 0) return new Map();
      let query = db.selectFrom('question_reports').select(['test_id', db.fn.countAll<string | number>().as('n')]).where('status', '=', 'open').groupBy('test_id');
      if (ids !== null) query = query.where('test_id', 'in', [...ids]);
      const rows = await query.execute();
      return new Map(rows.map((row) => [row.test_id, Number(row.n)]));
    },

    async reports(status: 'open' | 'resolved' | 'all', ids: readonly string[] | null, limit = 500): Promise<ReportRow[]> {
      if (ids !== null && ids.length === 0) return [];
      let query = db
        .selectFrom('question_reports')
        .innerJoin('users', 'users.id', 'question_reports.user_id')
        .innerJoin('tests', 'tests.id', 'question_reports.test_id')
        .leftJoin('staff_accounts', 'staff_accounts.id', 'question_reports.resolved_by')
        .select([
          'question_reports.id',
          'question_reports.test_id',
          'tests.name as test_name',
          'question_reports.qn',
          'users.name',
          'users.reg_no',
          'question_reports.text',
          'question_reports.created_at',
          'question_reports.status',
          'question_reports.resolution',
          'staff_accounts.name as resolver',
          'question_reports.resolved_at',
        ])
        .orderBy('question_reports.created_at', status === 'open' ? 'asc' : 'desc')
        .orderBy('question_reports.id')
        .limit(limit);
      if (status !== 'all') query = query.where('question_reports.status', '=', status);
      if (ids !== null) query = query.where('question_reports.test_id', 'in', [...ids]);
      const rows = await query.execute();
      return rows.map((row) => ({
        id: row.id,
        testId: row.test_id,
        testName: row.test_name,
        qn: Number(row.qn),
        name: row.name,
        regNo: row.reg_no,
        text: row.text,
        createdAt: Number(row.created_at),
        status: row.status === 'resolved' ? 'resolved' : 'open',
        resolution: row.resolution,
        resolvedBy: row.resolver ?? null,
        resolvedAt: toNumberOrNull(row.resolved_at),
      }));
    },

    async reportTest(id: string): Promise<{ testId: string; status: string } | undefined> {
      const row = await db.selectFrom('question_reports').select(['test_id', 'status']).where('id', '=', id).executeTakeFirst();
      return row && { testId: row.test_id, status: row.status };
    },

    /** Resolves an open report; false when it was not open any more. */
    async resolveReport(id: string, note: string, staffId: string, now: number): Promise<boolean> {
      const result = await db
        .updateTable('question_reports')
        .set({ status: 'resolved', resolution: note, resolved_by: staffId, resolved_at: now })
        .where('id', '=', id)
        .where('status', '=', 'open')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}

export type GradingRepository = ReturnType<typeof createGradingRepository>;
