import type { Kysely } from 'kysely';
import type { Database, StudyItemType, StudyItemsTable, StudyUploadsTable } from '../../platform/db';

export interface StudyAttachment {
  name: string;
  url: string;
  type: string;
}

export interface StudyItemRecord {
  id: string;
  subjectId: string;
  subjectName: string;
  authorId: string;
  authorName: string;
  type: StudyItemType;
  title: string;
  description: string;
  classId: string | null;
  dueAt: number | null;
  maxMarksHundredths: number | null;
  publishedAt: number;
  resultPublished: boolean;
  attachments: StudyAttachment[];
}

export interface StudyUploadRecord {
  id: string;
  itemId: string;
  userId: string;
  ext: string;
  contentType: string;
  name: string;
  stype: string | null;
  status: StudyUploadsTable['status'];
  size: number | null;
  createdAt: number;
  updatedAt: number;
}

type ItemRow = StudyItemsTable & { subject_name: string };

function parseAttachments(text: string): StudyAttachment[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as StudyAttachment[]) : [];
  } catch {
    return [];
  }
}

function toItem(row: ItemRow): StudyItemRecord {
  return {
    id: row.id,
    subjectId: row.subject_id,
    subjectName: row.subject_name,
    authorId: row.author_id,
    authorName: row.author_name,
    type: row.type,
    title: row.title,
    description: row.description,
    classId: row.class_id,
    dueAt: row.due_at === null ? null : Number(row.due_at),
    maxMarksHundredths: row.max_marks_hundredths === null ? null : Number(row.max_marks_hundredths),
    publishedAt: Number(row.published_at),
    resultPublished: Number(row.result_published) === 1,
    attachments: parseAttachments(row.attachments),
  };
}

function toUpload(row: StudyUploadsTable): StudyUploadRecord {
  return {
    id: row.id,
    itemId: row.item_id,
    userId: row.user_id,
    ext: row.ext,
    contentType: row.content_type,
    name: row.name,
    stype: row.stype,
    status: row.status,
    size: row.size === null ? null : Number(row.size),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

/** The SQL of study material: items a student may see, their scores, and their uploaded files. */
export function createStudyRepository(db: Kysely<Database>) {
  /** Items published to everyone or to `classId` (null: the student has no class, so only everyone's). */
  const visible = (classId: string | null) => {
    const base = db.selectFrom('study_items').innerJoin('subjects', 'subjects.id', 'study_items.subject_id').selectAll('study_items').select('subjects.name as subject_name');
    return classId === null ? base.where('study_items.class_id', 'is', null) : base.where((eb) => eb.or([eb('study_items.class_id', 'is', null), eb('study_items.class_id', '=', classId)]));
  };

  return {
    async classOf(userId: string): Promise<string | null> {
      const row = await db.selectFrom('student_profiles').select('class_id').where('user_id', '=', userId).executeTakeFirst();
      return row?.class_id ?? null;
    },

    /** Every item the student sees (optionally of one type, some types (never none) or a subject), newest first. */
    async visibleItems(classId: string | null, filter: { type?: StudyItemType | undefined; types?: readonly StudyItemType[] | undefined; subjectId?: string | undefined } = {}): Promise<StudyItemRecord[]> {
      let query = visible(classId);
      if (filter.type) query = query.where('study_items.type', '=', filter.type);
      if (filter.types) query = query.where('study_items.type', 'in', filter.types);
      if (filter.subjectId) query = query.where('study_items.subject_id', '=', filter.subjectId);
      const rows = await query.orderBy('study_items.published_at', 'desc').orderBy('study_items.id').execute();
      return rows.map(toItem);
    },

    /** One page of a subject's items (of one author and type when given), newest first, and how many there are. */
    async page(classId: string | null, filter: { subjectId: string; authorId?: string | undefined; type?: StudyItemType | undefined; types?: readonly StudyItemType[] | undefined }, offset: number, limit: number): Promise<{ items: StudyItemRecord[]; total: number }> {
      let query = visible(classId).where('study_items.subject_id', '=', filter.subjectId);
      if (filter.authorId) query = query.where('study_items.author_id', '=', filter.authorId);
      if (filter.type) query = query.where('study_items.type', '=', filter.type);
      if (filter.types) query = query.where('study_items.type', 'in', filter.types);
      const rows = await query.orderBy('study_items.published_at', 'desc').orderBy('study_items.id').limit(limit).offset(offset).execute();
      let count = db.selectFrom('study_items').select((eb) => eb.fn.countAll<number>().as('n')).where('subject_id', '=', filter.subjectId);
      count = classId === null ? count.where('class_id', 'is', null) : count.where((eb) => eb.or([eb('class_id', 'is', null), eb('class_id', '=', classId)]));
      if (filter.authorId) count = count.where('author_id', '=', filter.authorId);
      if (filter.type) count = count.where('type', '=', filter.type);
      if (filter.types) count = count.where('type', 'in', filter.types);
      const total = Number((await count.executeTakeFirst())?.n ?? 0);
      return { items: rows.map(toItem), total };
    },

    async findVisible(classId: string | null, itemId: string): Promise<StudyItemRecord | undefined> {
      const row = await visible(classId).where('study_items.id', '=', itemId).executeTakeFirst();
      return row && toItem(row);
    },

    /** The student's scores of these items, in hundredths, with the teacher's comment (0029; null when none). */
    async scoresOf(userId: string, itemIds: readonly string[]): Promise<Map<string, { hundredths: number; comment: string | null }>> {
      if (itemIds.length === 0) return new Map();
      const rows = await db.selectFrom('study_scores').select(['item_id', 'score_hundredths', 'comment']).where('user_id', '=', userId).where('item_id', 'in', [...itemIds]).execute();
      return new Map(rows.map((row) => [row.item_id, { hundredths: Number(row.score_hundredths), comment: row.comment || null }]));
    },

    /** How many saved files the student has per item. */
    async uploadCounts(userId: string, itemIds: readonly string[]): Promise<Map<string, number>> {
      if (itemIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('study_uploads')
        .select(['item_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('user_id', '=', userId)
        .where('status', '=', 'saved')
        .where('item_id', 'in', [...itemIds])
        .groupBy('item_id')
        .execute();
      return new Map(rows.map((row) => [row.item_id, Number(row.n)]));
    },

    async insertUpload(upload: Omit<StudyUploadRecord, 'status' | 'size' | 'updatedAt'>): Promise<void> {
      await db
        .insertInto('study_uploads')
        .values({
          id: upload.id,
          item_id: upload.itemId,
          user_id: upload.userId,
          ext: upload.ext,
          content_type: upload.contentType,
          name: upload.name,
          stype: upload.stype,
          status: 'pending',
          size: null,
          created_at: upload.createdAt,
          updated_at: upload.createdAt,
        })
        .execute();
    },

    async findUpload(id: string): Promise<StudyUploadRecord | undefined> {
      const row = await db.selectFrom('study_uploads').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toUpload(row);
    },

    /** pending -> uploaded once the bytes are stored; false if it was not pending any more. */
    async markUploaded(id: string, size: number, now: number): Promise<boolean> {
      const result = await db.updateTable('study_uploads').set({ status: 'uploaded', size, updated_at: now }).where('id', '=', id).where('status', '=', 'pending').executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** uploaded -> saved: the file now counts; saving twice is harmless. */
    async markSaved(id: string, now: number): Promise<void> {
      await db.updateTable('study_uploads').set({ status: 'saved', updated_at: now }).where('id', '=', id).where('status', 'in', ['uploaded', 'saved']).execute();
    },

    async deleteUpload(id: string): Promise<void> {
      await db.deleteFrom('study_uploads').where('id', '=', id).execute();
    },

    /** The student's saved files of an item, oldest first. */
    async savedOf(itemId: string, userId: string): Promise<StudyUploadRecord[]> {
      const rows = await db.selectFrom('study_uploads').selectAll().where('item_id', '=', itemId).where('user_id', '=', userId).where('status', '=', 'saved').orderBy('created_at').orderBy('id').execute();
      return rows.map(toUpload);
    },

    /** Files of the student and item, saved or on their way (a limit counts both). */
    async countOf(itemId: string, userId: string): Promise<number> {
      const row = await db.selectFrom('study_uploads').select((eb) => eb.fn.countAll<number>().as('n')).where('item_id', '=', itemId).where('user_id', '=', userId).executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** Uploads never saved, started before `before`: their rows and files can go. */
    async stalePending(before: number, limit: number): Promise<StudyUploadRecord[]> {
      const rows = await db.selectFrom('study_uploads').selectAll().where('status', '!=', 'saved').where('created_at', '<', before).limit(limit).execute();
      return rows.map(toUpload);
    },

    // The import's writes (modules/study/study-import.ts).

    async existingItems(ids: readonly string[]): Promise<Map<string, number>> {
      const found = new Map<string, number>();
      for (let i = 0; i < ids.length; i += 200) {
        const part = ids.slice(i, i + 200);
        if (part.length === 0) continue;
        const rows = await db.selectFrom('study_items').select(['id', 'published_at']).where('id', 'in', part).execute();
        for (const row of rows) found.set(row.id, Number(row.published_at));
      }
      return found;
    },

    async upsertItem(item: Omit<StudyItemRecord, 'subjectName'>, existed: boolean, now: number): Promise<void> {
      const values = {
        subject_id: item.subjectId,
        author_id: item.authorId,
        author_name: item.authorName,
        type: item.type,
        title: item.title,
        description: item.description,
        class_id: item.classId,
        due_at: item.dueAt,
        max_marks_hundredths: item.maxMarksHundredths,
        published_at: item.publishedAt,
        result_published: item.resultPublished ? (1 as const) : (0 as const),
        attachments: JSON.stringify(item.attachments),
        updated_at: now,
      };
      if (existed) await db.updateTable('study_items').set(values).where('id', '=', item.id).execute();
      else await db.insertInto('study_items').values({ id: item.id, ...values, created_at: now }).execute();
    },

    async upsertScore(itemId: string, userId: string, scoreHundredths: number, now: number): Promise<void> {
      await db
        .insertInto('study_scores')
        .values({ item_id: itemId, user_id: userId, score_hundredths: scoreHundredths, updated_at: now })
        .onConflict((oc) => oc.columns(['item_id', 'user_id']).doUpdateSet({ score_hundredths: scoreHundredths, updated_at: now }))
        .execute();
    },
  };
}

export type StudyRepository = ReturnType<typeof createStudyRepository>;
