import type { Kysely } from 'kysely';
import type { Database, UploadsTable } from '../../platform/db';

export type UploadStatus = UploadsTable['status'];

export interface UploadRecord {
  id: string;
  attemptId: string;
  qn: number;
  ext: string;
  contentType: string;
  status: UploadStatus;
  size: number | null;
  afterSubmit: boolean;
  createdAt: number;
  updatedAt: number;
}

function toRecord(row: UploadsTable): UploadRecord {
  return {
    id: row.id,
    attemptId: row.attempt_id,
    qn: Number(row.qn),
    ext: row.ext,
    contentType: row.content_type,
    status: row.status,
    size: row.size === null ? null : Number(row.size),
    afterSubmit: Number(row.after_submit) === 1,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

export function createUploadRepository(db: Kysely<Database>) {
  return {
    async insert(upload: Omit<UploadRecord, 'size' | 'updatedAt' | 'status' | 'afterSubmit'>): Promise<void> {
      await db
        .insertInto('uploads')
        .values({
          id: upload.id,
          attempt_id: upload.attemptId,
          qn: upload.qn,
          ext: upload.ext,
          content_type: upload.contentType,
          status: 'pending',
          size: null,
          after_submit: 0,
          created_at: upload.createdAt,
          updated_at: upload.createdAt,
        })
        .execute();
    },

    async findById(id: string): Promise<UploadRecord | undefined> {
      const row = await db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toRecord(row);
    },

    /** pending -> uploaded once the bytes are stored; false if it was not pending any more. */
    async markUploaded(id: string, size: number, now: number): Promise<boolean> {
      const result = await db
        .updateTable('uploads')
        .set({ status: 'uploaded', size, updated_at: now })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** uploaded -> saved: the file now counts; saving twice is harmless. */
    async markSaved(id: string, afterSubmit: boolean, now: number): Promise<void> {
      await db
        .updateTable('uploads')
        .set({ status: 'saved', after_submit: afterSubmit ? 1 : 0, updated_at: now })
        .where('id', '=', id)
        .where('status', 'in', ['uploaded', 'saved'])
        .execute();
    },

    async delete(id: string): Promise<void> {
      await db.deleteFrom('uploads').where('id', '=', id).execute();
    },

    /** The attempt's saved files, oldest first. */
    async savedOf(attemptId: string): Promise<UploadRecord[]> {
      const rows = await db
        .selectFrom('uploads')
        .selectAll()
        .where('attempt_id', '=', attemptId)
        .where('status', '=', 'saved')
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map(toRecord);
    },

    /** Signed URLs handed out long ago whose upload never finished: their rows and files can go. */
    async stalePending(before: number, limit: number): Promise<string[]> {
      const rows = await db.selectFrom('uploads').select('id').where('status', '!=', 'saved').where('created_at', '<', before).limit(limit).execute();
      return rows.map((row) => row.id);
    },
  };
}

export type UploadRepository = ReturnType<typeof createUploadRepository>;
