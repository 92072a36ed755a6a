import { sql } from 'kysely';
import type { Kysely, SqlBool } from 'kysely';
import type { Database, StudyItemType } from '../../platform/db';

// The staff console's SQL of study material (issue 30): items in a staff member's scope, their
// audience, the students' saved files and the scores with their history.

export type StudyScope = { classIds: string[]; subjectIds: string[] } | null;

export interface StaffItemRow {
  id: string;
  type: StudyItemType;
  title: string;
  description: string;
  classId: string | null;
  className: string | null;
  subjectId: string;
  subjectName: string;
  authorId: string;
  authorName: string;
  dueAt: number | null;
  maxMarksHundredths: number | null;
  publishedAt: number;
  resultPublished: boolean;
  attachments: string;
  updatedAt: number;
}

export interface AudienceStudent {
  userId: string;
  name: string;
  regNo: string;
}

export interface SavedFileRow {
  id: string;
  userId: string;
  ext: string;
  contentType: string;
  name: string;
  size: number;
  createdAt: number;
  updatedAt: number;
}

export interface ScoreRow {
  userId: string;
  scoreHundredths: number;
  comment: string;
  gradedBy: string | null;
  gradedByName: string | null;
  gradedAt: number | null;
  updatedAt: number;
}

export interface ScoreHistoryRow {
  scoreHundredths: number;
  comment: string;
  gradedByName: string;
  gradedAt: number;
}

const likePattern = (text: string): string => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function createStaffStudyRepository(db: Kysely<Database>) {
  const items = () =>
    db
      .selectFrom('study_items')
      .innerJoin('subjects', 'subjects.id', 'study_items.subject_id')
      .leftJoin('classes', 'classes.id', 'study_items.class_id')
      .select([
        'study_items.id',
        'study_items.type',
        'study_items.title',
        'study_items.description',
        'study_items.class_id',
        'classes.name as class_name',
        'study_items.subject_id',
        'subjects.name as subject_name',
        'study_items.author_id',
        'study_items.author_name',
        'study_items.due_at',
        'study_items.max_marks_hundredths',
        'study_items.published_at',
        'study_items.result_published',
        'study_items.attachments',
        'study_items.updated_at',
      ]);
  type Row = Awaited<ReturnType<ReturnType<typeof items>['executeTakeFirstOrThrow']>>;
  const toRow = (row: Row): StaffItemRow => ({
    id: row.id,
    type: row.type,
    title: row.title,
    description: row.description,
    classId: row.class_id,
    className: row.class_name ?? null,
    subjectId: row.subject_id,
    subjectName: row.subject_name,
    authorId: row.author_id,
    authorName: row.author_name,
    dueAt: row.due_at === null ? null : Number(row.due_at),
    maxMarksHundredths: row.max_marks_hundredths === null ? null : Number(row.max_marks_hundredths),
    publishedAt: Number(row.published_at),
    resultPublished: Number(row.result_published) === 1,
    attachments: row.attachments,
    updatedAt: Number(row.updated_at),
  });

  /** A teacher reaches items of one of their classes and one of their subjects (never everyone's). */
  function scoped<Q extends ReturnType<typeof items>>(query: Q, scope: StudyScope): Q {
    if (scope === null) return query;
    if (scope.classIds.length === 0 || scope.subjectIds.length === 0) return query.where(sql<SqlBool>`1 = 0`) as Q;
    return query.where('study_items.class_id', 'in', scope.classIds).where('study_items.subject_id', 'in', scope.subjectIds) as Q;
  }

  return {
    async classes(ids: readonly string[] | null): Promise<{ id: string; name: string }[]> {
      if (ids !== null && ids.length === 0) return [];
      let query = db.selectFrom('classes').select(['id', 'name']).orderBy('name').orderBy('id');
      if (ids !== null) query = query.where('id', 'in', [...ids]);
      return query.execute();
    },

    async subjects(ids: readonly string[] | null): Promise<{ id: string; name: string }[]> {
      if (ids !== null && ids.length === 0) return [];
      let query = db.selectFrom('subjects').select(['id', 'name']).orderBy('name').orderBy('id');
      if (ids !== null) query = query.where('id', 'in', [...ids]);
      return query.execute();
    },

    async list(scope: StudyScope, filter: { type?: StudyItemType | undefined; classId?: string | undefined; subjectId?: string | undefined; q?: string | undefined }, offset: number, limit: number): Promise<{ rows: StaffItemRow[]; total: number }> {
      let query = scoped(items(), scope);
      if (filter.type) query = query.where('study_items.type', '=', filter.type);
      if (filter.classId === 'everyone') query = query.where('study_items.class_id', 'is', null);
      else if (filter.classId) query = query.where('study_items.class_id', '=', filter.classId);
      if (filter.subjectId) query = query.where('study_items.subject_id', '=', filter.subjectId);
      if (filter.q) query = query.where(sql<SqlBool>`lower(study_items.title) like ${likePattern(filter.q)} escape '\\'`);
      const total = Number((await query.clearSelect().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
      const rows = await query.orderBy('study_items.published_at', 'desc').orderBy('study_items.id').limit(limit).offset(offset).execute();
      return { rows: rows.map(toRow), total };
    },

    async find(id: string): Promise<StaffItemRow | undefined> {
      const row = await items().where('study_items.id', '=', id).executeTakeFirst();
      return row && toRow(row);
    },

    /** Students per class (null: without a class) and in all. */
    async audienceSizes(): Promise<{ byClass: Map<string, number>; all: number }> {
      const rows = await db.selectFrom('student_profiles').select(['class_id', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('class_id').execute();
      const byClass = new Map<string, number>();
      let all = 0;
      for (const row of rows) {
        all += Number(row.n);
        if (row.class_id !== null) byClass.set(row.class_id, Number(row.n));
      }
      return { byClass, all };
    },

    /** Per item: students with saved files, and scores given. */
    async counts(itemIds: readonly string[]): Promise<Map<string, { submitted: number; graded: number; toGrade: number }>> {
      const result = new Map<string, { submitted: number; graded: number; toGrade: number }>();
      if (itemIds.length === 0) return result;
      const ids = [...itemIds];
      for (const id of ids) result.set(id, { submitted: 0, graded: 0, toGrade: 0 });
      const submitters = await db.selectFrom('study_uploads').select(['item_id', 'user_id']).distinct().where('item_id', 'in', ids).where('status', '=', 'saved').execute();
      const scores = await db.selectFrom('study_scores').select(['item_id', 'user_id']).where('item_id', 'in', ids).execute();
      const scored = new Set(scores.map((row) => `${row.item_id}\u0000${row.user_id}`));
      for (const row of submitters) {
        const counts = result.get(row.item_id);
        if (!counts) continue;
        counts.submitted += 1;
        if (!scored.has(`${row.item_id}\u0000${row.user_id}`)) counts.toGrade += 1;
      }
      for (const row of scores) {
        const counts = result.get(row.item_id);
        if (counts) counts.graded += 1;
      }
      return result;
    },

    /** Items with files handed in, in scope, of the types that take them. */
    async gradeable(scope: StudyScope): Promise<StaffItemRow[]> {
      const rows = await scoped(items(), scope)
        .where('study_items.type', 'in', ['assignment', 'homework'])
        .where((eb) => eb.exists(eb.selectFrom('study_uploads').select('study_uploads.id').whereRef('study_uploads.item_id', '=', 'study_items.id').where('study_uploads.status', '=', 'saved')))
        .orderBy('study_items.due_at', 'desc')
        .orderBy('study_items.id')
        .execute();
      return rows.map(toRow);
    },

    /** The students an item is for: its class's, or every student (null). */
    async audience(classId: string | null): Promise<AudienceStudent[]> {
      let query = db.selectFrom('student_profiles').innerJoin('users', 'users.id', 'student_profiles.user_id').select(['users.id', 'users.name', 'users.reg_no']);
      if (classId !== null) query = query.where('student_profiles.class_id', '=', classId);
      const rows = await query.orderBy('users.name').orderBy('users.reg_no').execute();
      return rows.map((row) => ({ userId: row.id, name: row.name, regNo: row.reg_no }));
    },

    async students(userIds: readonly string[]): Promise<Map<string, AudienceStudent>> {
      if (userIds.length === 0) return new Map();
      const rows = await db.selectFrom('users').select(['id', 'name', 'reg_no']).where('id', 'in', [...userIds]).execute();
      return new Map(rows.map((row) => [row.id, { userId: row.id, name: row.name, regNo: row.reg_no }]));
    },

    async savedFiles(itemId: string, userId?: string): Promise<SavedFileRow[]> {
      let query = db.selectFrom('study_uploads').select(['id', 'user_id', 'ext', 'content_type', 'name', 'size', 'created_at', 'updated_at']).where('item_id', '=', itemId).where('status', '=', 'saved');
      if (userId !== undefined) query = query.where('user_id', '=', userId);
      const rows = await query.orderBy('created_at').orderBy('id').execute();
      return rows.map((row) => ({ id: row.id, userId: row.user_id, ext: row.ext, contentType: row.content_type, name: row.name, size: Number(row.size ?? 0), createdAt: Number(row.created_at), updatedAt: Number(row.updated_at) }));
    },

    /** Every file of the item, saved or not (deleting the item removes their bytes). */
    async allFiles(itemId: string): Promise<{ id: string; ext: string }[]> {
      return db.selectFrom('study_uploads').select(['id', 'ext']).where('item_id', '=', itemId).execute();
    },

    async scores(itemId: string, userId?: string): Promise<ScoreRow[]> {
      let query = db
        .selectFrom('study_scores')
        .leftJoin('staff_accounts', 'staff_accounts.id', 'study_scores.graded_by')
        .select(['study_scores.user_id', 'study_scores.score_hundredths', 'study_scores.comment', 'study_scores.graded_by', 'staff_accounts.name as graded_by_name', 'study_scores.graded_at', 'study_scores.updated_at'])
        .where('study_scores.item_id', '=', itemId);
      if (userId !== undefined) query = query.where('study_scores.user_id', '=', userId);
      const rows = await query.execute();
      return rows.map((row) => ({
        userId: row.user_id,
        scoreHundredths: Number(row.score_hundredths),
        comment: row.comment ?? '',
        gradedBy: row.graded_by,
        gradedByName: row.graded_by_name ?? null,
        gradedAt: row.graded_at === null ? null : Number(row.graded_at),
        updatedAt: Number(row.updated_at),
      }));
    },

    async history(itemId: string, userId: string): Promise<ScoreHistoryRow[]> {
      const rows = await db.selectFrom('study_score_history').select(['score_hundredths', 'comment', 'graded_by_name', 'graded_at']).where('item_id', '=', itemId).where('user_id', '=', userId).orderBy('graded_at', 'desc').orderBy('id', 'desc').execute();
      return rows.map((row) => ({ scoreHundredths: Number(row.score_hundredths), comment: row.comment, gradedByName: row.graded_by_name, gradedAt: Number(row.graded_at) }));
    },
  };
}

export type StaffStudyRepository = ReturnType<typeof createStaffStudyRepository>;
