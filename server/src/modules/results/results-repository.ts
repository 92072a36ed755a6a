import { sql, type Kysely } from 'kysely';
import { PROCTOR_KIND_CLASS } from '@invigil/shared/api/proctor-kinds';
import { resultSchema, type Result } from '@invigil/shared/api/tests';
import type { ReviewRule } from '@invigil/shared/domain/review-release';
import type { Database } from '../../platform/db';

/** The kinds counted as flags in the table (the student's result page counts the same: class 'flag'). */
export const FLAG_KINDS = Object.entries(PROCTOR_KIND_CLASS)
  .filter(([, kindClass]) => kindClass === 'flag')
  .map(([kind]) => kind);

export interface ResultsTestRow {
  id: string;
  name: string;
  answerKey: string;
  endsAt: number | null;
  durationSeconds: number;
  reviewRule: ReviewRule | null;
  reviewReleasedAt: number | null;
  updatedAt: number;
}

export interface AttemptListRow {
  id: string;
  userId: string;
  name: string;
  regNo: string;
  classId: string | null;
  className: string | null;
  startedAt: number;
  deadlineMs: number;
  submittedAt: number | null;
  submitReason: string | null;
  late: boolean;
  result: Result | null;
}

export interface AnalysisAnswer {
  attemptId: string;
  qn: number;
  /** The stored JSON of the answer. */
  ua: string;
}

function parseResult(raw: string | null): Result | null {
  if (raw === null) return null;
  try {
    // The stored result is the server's own JSON: trusted for its shape, checked only when asked for.
    return JSON.parse(raw) as Result;
  } catch {
    return null;
  }
}

export { resultSchema };

const num = (value: number | string | null): number | null => (value === null ? null : Number(value));

export function createResultsRepository(db: Kysely<Database>) {
  const testColumns = ['id', 'name', 'answer_key', 'ends_at', 'duration_seconds', 'review_rule', 'review_released_at', 'updated_at'] as const;
  const toTest = (row: { id: string; name: string; answer_key: string; ends_at: number | null; duration_seconds: number; review_rule: string | null; review_released_at: number | null; updated_at: number }): ResultsTestRow => ({
    id: row.id,
    name: row.name,
    answerKey: row.answer_key,
    endsAt: num(row.ends_at),
    durationSeconds: Number(row.duration_seconds),
    reviewRule: row.review_rule as ReviewRule | null,
    reviewReleasedAt: num(row.review_released_at),
    updatedAt: Number(row.updated_at),
  });

  return {
    /** Published tests, newest activity first, matching `q` (name or id); `ids` null for every test. */
    async listTests(q: string, ids: readonly string[] | null, offset: number, limit: number): Promise<{ items: ResultsTestRow[]; total: number }> {
      if (ids !== null && ids.length === 0) return { items: [], total: 0 };
      let base = db.selectFrom('tests');
      if (ids !== null) base = base.where('id', 'in', [...ids]);
      if (q !== '') {
        const like = `%${q.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
        base = base.where((eb) => eb.or([eb(eb.fn('lower', ['name']), 'like', like), eb(eb.fn('lower', ['id']), 'like', like)]));
      }
      const [rows, count] = await Promise.all([
        // Tests without an end first on both databases (PostgreSQL's DESC puts nulls first, SQLite's last).
        base.select(testColumns).orderBy(sql`case when ends_at is null then 0 else 1 end`).orderBy('ends_at', 'desc').orderBy('updated_at', 'desc').orderBy('id').offset(offset).limit(limit).execute(),
        base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
      ]);
      return { items: rows.map(toTest), total: Number(count?.n ?? 0) };
    },

    async findTest(testId: string, trx: Kysely<Database> = db): Promise<ResultsTestRow | undefined> {
      const row = await trx.selectFrom('tests').select(testColumns).where('id', '=', testId).executeTakeFirst();
      return row && toTest(row);
    },

    async paperOf(testId: string): Promise<string | undefined> {
      return (await db.selectFrom('tests').select('paper').where('id', '=', testId).executeTakeFirst())?.paper;
    },

    /** Submitted and running attempts of these tests, with their results (submitted only). */
    async attemptSummaries(testIds: readonly string[]): Promise<{ id: string; testId: string; submitted: boolean; result: Result | null }[]> {
      if (testIds.length === 0) return [];
      const rows = await db.selectFrom('attempts').select(['id', 'test_id', 'submitted_at', 'result']).where('test_id', 'in', [...testIds]).execute();
      return rows.map((row) => ({ id: row.id, testId: row.test_id, submitted: row.submitted_at !== null, result: row.submitted_at === null ? null : parseResult(row.result) }));
    },

    /** Every attempt of a test with its student, class and stored result. */
    async attemptsOfTest(testId: string): Promise<AttemptListRow[]> {
      const rows = await db
        .selectFrom('attempts')
        .innerJoin('users', 'users.id', 'attempts.user_id')
        .leftJoin('student_profiles', 'student_profiles.user_id', 'attempts.user_id')
        .leftJoin('classes', 'classes.id', 'student_profiles.class_id')
        .select([
          'attempts.id',
          'attempts.user_id',
          'users.name',
          'users.reg_no',
          'student_profiles.class_id',
          'classes.name as class_name',
          'attempts.started_at',
          'attempts.deadline_ms',
          'attempts.submitted_at',
          'attempts.submit_reason',
          'attempts.late',
          'attempts.result',
        ])
        .where('attempts.test_id', '=', testId)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        userId: row.user_id,
        name: row.name,
        regNo: row.reg_no,
        classId: row.class_id ?? null,
        className: row.class_name ?? null,
        startedAt: Number(row.started_at),
        deadlineMs: Number(row.deadline_ms),
        submittedAt: num(row.submitted_at),
        submitReason: row.submit_reason,
        late: Number(row.late) === 1,
        result: row.submitted_at === null ? null : parseResult(row.result),
      }));
    },

    /** Flag-class proctor events per attempt of a test. */
    async flagCounts(testId: string): Promise<Map<string, number>> {
      const rows = await db
        .selectFrom('proctor_events')
        .innerJoin('attempts', 'attempts.id', 'proctor_events.attempt_id')
        .select(['proctor_events.attempt_id', (eb) => eb.fn.countAll().as('n')])
        .where('attempts.test_id', '=', testId)
        .where('proctor_events.kind', 'in', FLAG_KINDS)
        .groupBy('proctor_events.attempt_id')
        .execute();
      return new Map(rows.map((row) => [row.attempt_id, Number(row.n)]));
    },

    /** The decisions of the proctoring review on a test's attempts (attempt_reviews). */
    async decisionsOfTest(testId: string): Promise<Map<string, string>> {
      const rows = await db
        .selectFrom('attempt_reviews')
        .innerJoin('attempts', 'attempts.id', 'attempt_reviews.attempt_id')
        .select(['attempt_reviews.attempt_id', 'attempt_reviews.decision'])
        .where('attempts.test_id', '=', testId)
        .execute();
      return new Map(rows.map((row) => [row.attempt_id, row.decision]));
    },

    /** The ids of a test's submitted attempts. */
    async submittedIds(testId: string): Promise<string[]> {
      return (await db.selectFrom('attempts').select('id').where('test_id', '=', testId).where('submitted_at', 'is not', null).execute()).map((row) => row.id);
    },

    /** The on-time answers of a test's submitted attempts, in one read (item analysis of 10,000 attempts). */
    async answersOfTest(testId: string): Promise<AnalysisAnswer[]> {
      const rows = await db
        .selectFrom('answers')
        .innerJoin('attempts', 'attempts.id', 'answers.attempt_id')
        .select(['answers.attempt_id', 'answers.qn', 'answers.ua'])
        .where('attempts.test_id', '=', testId)
        .where('attempts.submitted_at', 'is not', null)
        .where('answers.late', '=', 0)
        .execute();
      return rows.map((row) => ({ attemptId: row.attempt_id, qn: Number(row.qn), ua: row.ua }));
    },

    /** Teachers' grades of a test's attempts, marks by attempt and question. */
    async gradesOfTest(testId: string): Promise<Map<string, Map<number, number>>> {
      const rows = await db
        .selectFrom('grades')
        .innerJoin('attempts', 'attempts.id', 'grades.attempt_id')
        .select(['grades.attempt_id', 'grades.qn', 'grades.marks_hundredths'])
        .where('attempts.test_id', '=', testId)
        .execute();
      const grades = new Map<string, Map<number, number>>();
      for (const row of rows) {
        const marks = grades.get(row.attempt_id) ?? new Map<number, number>();
        marks.set(Number(row.qn), Number(row.marks_hundredths) / 100);
        grades.set(row.attempt_id, marks);
      }
      return grades;
    },

    async changesOf(testId: string) {
      const rows = await db
        .selectFrom('question_changes')
        .leftJoin('staff_accounts', 'staff_accounts.id', 'question_changes.staff_id')
        .select(['question_changes.id', 'question_changes.qn', 'question_changes.kind', 'question_changes.before', 'question_changes.after', 'question_changes.reason', 'question_changes.rescored', 'question_changes.created_at', 'staff_accounts.name as by'])
        .where('question_changes.test_id', '=', testId)
        .orderBy('question_changes.created_at', 'desc')
        .orderBy('question_changes.id', 'desc')
        .execute();
      return rows.map((row) => ({ ...row, qn: Number(row.qn), rescored: Number(row.rescored), created_at: Number(row.created_at), by: row.by ?? null }));
    },

    async student(userId: string): Promise<{ id: string; name: string; regNo: string; classId: string | null; className: string | null } | undefined> {
      const row = await db
        .selectFrom('users')
        .leftJoin('student_profiles', 'student_profiles.user_id', 'users.id')
        .leftJoin('classes', 'classes.id', 'student_profiles.class_id')
        .select(['users.id', 'users.name', 'users.reg_no', 'student_profiles.class_id', 'classes.name as class_name'])
        .where('users.id', '=', userId)
        .executeTakeFirst();
      return row && { id: row.id, name: row.name, regNo: row.reg_no, classId: row.class_id ?? null, className: row.class_name ?? null };
    },

    /** The tests a student has attempts of. */
    async testIdsOfStudent(userId: string): Promise<string[]> {
      const rows = await db.selectFrom('attempts').select('test_id').where('user_id', '=', userId).execute();
      return [...new Set(rows.map((row) => row.test_id))];
    },

    async classes(): Promise<{ id: string; name: string }[]> {
      return db.selectFrom('classes').select(['id', 'name']).orderBy('name').execute();
    },
  };
}

export type ResultsRepository = ReturnType<typeof createResultsRepository>;
