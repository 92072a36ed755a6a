import { sql, type Kysely } from 'kysely';
import { answerValueSchema } from '@invigil/shared/api/attempt-sync';
import type { Database } from '../../platform/db';
import type { AnswerRecord } from './attempt-repository';
import { computeResult, parseStoredKey, type StoredKey } from './scoring';
import { createTestRepository } from './test-repository';

/** Attempts read and scored per round: three reads for 500 attempts, not four reads each (issue 29: 10,000 attempts re-keyed). */
const CHUNK = 500;

function answerOf(row: { qn: number; late: number; rev: number; ua: string; ats: number | null; mts: number | null; vts: number | null; s: number; r: string | null; client_at: number | null; updated_at: number }): AnswerRecord {
  let ua: unknown = null;
  try {
    ua = JSON.parse(row.ua);
  } catch {
    ua = null;
  }
  const num = (value: number | null) => (value === null ? null : Number(value));
  return {
    qn: Number(row.qn),
    late: Number(row.late) === 1,
    rev: Number(row.rev),
    ua: answerValueSchema.safeParse(ua).data ?? null,
    ats: num(row.ats),
    mts: num(row.mts),
    vts: num(row.vts),
    s: Number(row.s),
    r: row.r,
    clientAt: num(row.client_at),
    updatedAt: Number(row.updated_at),
  };
}

/**
 * Writes the chunk's results in one statement: WITH v(id, result) AS (VALUES ...) UPDATE ... FROM v,
 * which SQLite (3.33+) and PostgreSQL both read, instead of one UPDATE (and, outside a transaction, one commit) each.
 */
async function writeResults(db: Kysely<Database>, results: readonly { id: string; result: string }[]): Promise<void> {
  if (results.length === 0) return;
  const rows = sql.join(results.map((row) => sql`(${row.id}, ${row.result})`));
  await sql`WITH v(id, result) AS (VALUES ${rows}) UPDATE attempts SET result = v.result FROM v WHERE attempts.id = v.id`.execute(db);
}

/**
 * Scores submitted attempts again from what is stored now: the test's key, the on-time answers and
 * the teachers' grades (issue 29: a grade, a re-key or a dropped question). Unsubmitted attempts are
 * left alone: they are scored when they are submitted. Returns how many were scored. Attempts are
 * read 500 at a time (their rows, answers and grades: three queries) and written 500 at a time
 * (one statement), so a re-key of a test with 10,000 submissions makes 60 reads and 20 writes.
 */
export async function rescoreAttempts(db: Kysely<Database>, testId: string, attemptIds?: readonly string[]): Promise<number> {
  const rawKey = await createTestRepository(db).answerKeyOf(testId);
  if (rawKey === undefined) return 0;
  const key: StoredKey = parseStoredKey(rawKey);
  const ids =
    attemptIds ?? (await db.selectFrom('attempts').select('id').where('test_id', '=', testId).where('submitted_at', 'is not', null).orderBy('id').execute()).map((row) => row.id);
  let scored = 0;
  for (let at = 0; at < ids.length; at += CHUNK) {
    const chunk = [...new Set(ids.slice(at, at + CHUNK))];
    if (chunk.length === 0) continue;
    const [attempts, answers, grades] = await Promise.all([
      db
        .selectFrom('attempts')
        .select(['id', 'started_at', 'deadline_ms', 'submitted_at'])
        .where('id', 'in', chunk)
        .where('test_id', '=', testId)
        .where('submitted_at', 'is not', null)
        .execute(),
      db.selectFrom('answers').selectAll().where('attempt_id', 'in', chunk).orderBy('attempt_id').orderBy('qn').orderBy('late').execute(),
      db.selectFrom('grades').select(['attempt_id', 'qn', 'marks_hundredths']).where('attempt_id', 'in', chunk).execute(),
    ]);
    const answersOf = new Map<string, AnswerRecord[]>();
    for (const row of answers) {
      const list = answersOf.get(row.attempt_id) ?? [];
      list.push(answerOf(row));
      answersOf.set(row.attempt_id, list);
    }
    const gradesOf = new Map<string, Record<number, number>>();
    for (const row of grades) {
      const marks = gradesOf.get(row.attempt_id) ?? {};
      marks[Number(row.qn)] = Number(row.marks_hundredths) / 100;
      gradesOf.set(row.attempt_id, marks);
    }
    const results: { id: string; result: string }[] = [];
    for (const attempt of attempts) {
      if (attempt.submitted_at === null) continue;
      const result = computeResult(
        key,
        answersOf.get(attempt.id) ?? [],
        { startedAt: Number(attempt.started_at), deadlineMs: Number(attempt.deadline_ms), submittedAt: Number(attempt.submitted_at) },
        gradesOf.get(attempt.id) ?? {},
      );
      results.push({ id: attempt.id, result: JSON.stringify(result) });
    }
    await writeResults(db, results);
    scored += results.length;
  }
  return scored;
}
