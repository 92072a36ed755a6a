import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db';
import { newObjectId } from '../../platform/lib/object-id';

export interface MarksheetRecord {
  id: string;
  userId: string;
  name: string;
  html: string;
  createdAt: number;
  updatedAt: number;
}

export function createMarksheetRepository(db: Kysely<Database>) {
  return {
    /** A student's marksheets without their HTML, latest first. */
    async listForUser(userId: string, offset: number, limit: number): Promise<{ id: string; name: string; updatedAt: number }[]> {
      const rows = await db
        .selectFrom('marksheets')
        .select(['id', 'name', 'updated_at'])
        .where('user_id', '=', userId)
        .orderBy('updated_at', 'desc')
        .orderBy('id')
        .offset(offset)
        .limit(limit)
        .execute();
      return rows.map((row) => ({ id: row.id, name: row.name, updatedAt: Number(row.updated_at) }));
    },

    /** The marksheet if it is this student's. */
    async findForUser(userId: string, id: string): Promise<MarksheetRecord | undefined> {
      const row = await db.selectFrom('marksheets').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
      return (
        row && { id: row.id, userId: row.user_id, name: row.name, html: row.html, createdAt: Number(row.created_at), updatedAt: Number(row.updated_at) }
      );
    },

    /** Inserts or replaces; true if inserted. */
    async upsert(marksheet: { id: string; userId: string; name: string; html: string }, now: number): Promise<boolean> {
      const existing = await db.selectFrom('marksheets').select('id').where('id', '=', marksheet.id).executeTakeFirst();
      if (existing) {
        await db
          .updateTable('marksheets')
          .set({ user_id: marksheet.userId, name: marksheet.name, html: marksheet.html, updated_at: now })
          .where('id', '=', marksheet.id)
          .execute();
        return false;
      }
      await db
        .insertInto('marksheets')
        .values({ id: marksheet.id, user_id: marksheet.userId, name: marksheet.name, html: marksheet.html, created_at: now, updated_at: now })
        .execute();
      return true;
    },

    /**
     * A marksheet produced from a test's results (issue 29): one per student and test, so producing
     * again replaces it (same id) instead of adding a second. True if inserted.
     */
    async upsertProduced(marksheet: { testId: string; userId: string; name: string; html: string; generatedBy: string }, now: number, trx: Kysely<Database> = db): Promise<boolean> {
      const existing = await trx.selectFrom('marksheets').select('id').where('test_id', '=', marksheet.testId).where('user_id', '=', marksheet.userId).executeTakeFirst();
      if (existing) {
        await trx
          .updateTable('marksheets')
          .set({ name: marksheet.name, html: marksheet.html, generated_by: marksheet.generatedBy, updated_at: now })
          .where('id', '=', existing.id)
          .execute();
        return false;
      }
      await trx
        .insertInto('marksheets')
        .values({ id: newObjectId(now), user_id: marksheet.userId, name: marksheet.name, html: marksheet.html, test_id: marksheet.testId, generated_by: marksheet.generatedBy, created_at: now, updated_at: now })
        .execute();
      return true;
    },

    /** A test's produced marksheets that are no longer anyone's (a voided attempt): removed. */
    async removeProducedExcept(testId: string, keepUserIds: readonly string[], trx: Kysely<Database> = db): Promise<number> {
      const rows = await trx.selectFrom('marksheets').select(['id', 'user_id']).where('test_id', '=', testId).execute();
      const keep = new Set(keepUserIds);
      const gone = rows.filter((row) => !keep.has(row.user_id)).map((row) => row.id);
      for (let at = 0; at < gone.length; at += 500) await trx.deleteFrom('marksheets').where('id', 'in', gone.slice(at, at + 500)).execute();
      return gone.length;
    },

    /** A test's produced marksheets without their HTML, with the student. */
    async listForTest(testId: string): Promise<{ id: string; userId: string; name: string; student: string; regNo: string; updatedAt: number }[]> {
      const rows = await db
        .selectFrom('marksheets')
        .innerJoin('users', 'users.id', 'marksheets.user_id')
        .select(['marksheets.id', 'marksheets.user_id', 'marksheets.name', 'marksheets.updated_at', 'users.name as student', 'users.reg_no'])
        .where('marksheets.test_id', '=', testId)
        .orderBy('users.name')
        .orderBy('marksheets.id')
        .execute();
      return rows.map((row) => ({ id: row.id, userId: row.user_id, name: row.name, student: row.student, regNo: row.reg_no, updatedAt: Number(row.updated_at) }));
    },

    /** A produced marksheet if it is of this test. */
    async findForTest(testId: string, id: string): Promise<{ id: string; name: string; html: string } | undefined> {
      return db.selectFrom('marksheets').select(['id', 'name', 'html']).where('id', '=', id).where('test_id', '=', testId).executeTakeFirst();
    },

    async addQuestionReport(report: { id: string; userId: string; testId: string; qn: number; text: string }, now: number): Promise<void> {
      await db
        .insertInto('question_reports')
        .values({ id: report.id, user_id: report.userId, test_id: report.testId, qn: report.qn, text: report.text, created_at: now })
        .execute();
    },

    async questionReports(testId: string): Promise<{ userId: string; qn: number; text: string }[]> {
      const rows = await db.selectFrom('question_reports').select(['user_id', 'qn', 'text']).where('test_id', '=', testId).orderBy('created_at').execute();
      return rows.map((row) => ({ userId: row.user_id, qn: Number(row.qn), text: row.text }));
    },
  };
}

export type MarksheetRepository = ReturnType<typeof createMarksheetRepository>;

/** The marksheets produced from results (issue 29), for the results module: its writes and reads of them, no more. */
export function producedMarksheets(db: Kysely<Database>) {
  const { upsertProduced, removeProducedExcept, listForTest, findForTest } = createMarksheetRepository(db);
  return { upsertProduced, removeProducedExcept, listForTest, findForTest };
}
