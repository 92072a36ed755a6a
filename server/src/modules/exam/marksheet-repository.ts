import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db';

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
