import type { Kysely } from 'kysely';
import type { NoticeAudience, NoticeKind } from '@invigil/shared/api/staff-notices';
import type { BroadcastsTable, Database } from '../../platform/db';

/** The sender's reach: null for an admin (everyone), else a teacher's classes. */
export type NoticeScope = { classIds: string[] } | null;

export interface StaffNoticeRow {
  id: string;
  kind: NoticeKind;
  title: string;
  content: string;
  attachments: string;
  audience: NoticeAudience;
  audience_id: string | null;
  created_at: number;
  sent_by: string | null;
  sent_by_name: string | null;
}

const tableOf = (kind: NoticeKind) => (kind === 'notification' ? 'notifications' : 'notices');
const COLUMNS = ['id', 'title', 'content', 'attachments', 'audience', 'audience_id', 'created_at', 'sent_by', 'sent_by_name'] as const;

/**
 * The staff side of notifications and notices (issue 30): what was sent, to whom, and who of the
 * audience read it. A teacher's reads are limited to their classes and their classes' students.
 */
export function createStaffNoticeRepository(db: Kysely<Database>) {
  /** The students an audience reaches now: everyone, a class's students, or the one student. */
  const audienceUsers = (audience: NoticeAudience, audienceId: string | null) => {
    const users = db.selectFrom('users').leftJoin('student_profiles', 'student_profiles.user_id', 'users.id');
    if (audience === 'all') return users;
    if (audience === 'class') return users.where('student_profiles.class_id', '=', audienceId ?? '');
    return users.where('users.id', '=', audienceId ?? '');
  };

  /** Rows of one kind within the scope, as the list shows them. */
  const scoped = (kind: NoticeKind, scope: NoticeScope) => {
    let query = db.selectFrom(tableOf(kind)).select(COLUMNS);
    if (scope) {
      const classIds = scope.classIds.length > 0 ? scope.classIds : [''];
      query = query.where((eb) =>
        eb.or([
          eb.and([eb('audience', '=', 'class'), eb('audience_id', 'in', classIds)]),
          eb.and([eb('audience', '=', 'student'), eb('audience_id', 'in', eb.selectFrom('student_profiles').select('user_id').where('class_id', 'in', classIds))]),
        ]),
      );
    }
    return query;
  };

  return {
    audienceUsers,

    async audienceSize(audience: NoticeAudience, audienceId: string | null): Promise<number> {
      const row = await audienceUsers(audience, audienceId).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    async className(classId: string): Promise<string | undefined> {
      return (await db.selectFrom('classes').select('name').where('id', '=', classId).executeTakeFirst())?.name;
    },

    async student(userId: string): Promise<{ id: string; name: string; regNo: string; classId: string | null } | undefined> {
      const row = await db
        .selectFrom('users')
        .leftJoin('student_profiles', 'student_profiles.user_id', 'users.id')
        .select(['users.id', 'users.name', 'users.reg_no', 'student_profiles.class_id'])
        .where('users.id', '=', userId)
        .executeTakeFirst();
      return row && { id: row.id, name: row.name, regNo: row.reg_no, classId: row.class_id ?? null };
    },

    /** The picker: the classes in scope with their student counts, and up to 20 students matching `q`. */
    async audiences(scope: NoticeScope, q: string) {
      let classes = db
        .selectFrom('classes')
        .leftJoin('student_profiles', 'student_profiles.class_id', 'classes.id')
        .select(['classes.id', 'classes.name', (eb) => eb.fn.count<number>('student_profiles.user_id').as('students')])
        .groupBy(['classes.id', 'classes.name'])
        .orderBy('classes.name');
      if (scope) classes = classes.where('classes.id', 'in', scope.classIds.length > 0 ? scope.classIds : ['']);
      let students = db
        .selectFrom('users')
        .leftJoin('student_profiles', 'student_profiles.user_id', 'users.id')
        .leftJoin('classes', 'classes.id', 'student_profiles.class_id')
        .select(['users.id', 'users.name', 'users.reg_no', 'classes.name as class_name'])
        .orderBy('users.name')
        .orderBy('users.id')
        .limit(20);
      if (scope) students = students.where('student_profiles.class_id', 'in', scope.classIds.length > 0 ? scope.classIds : ['']);
      if (q !== '') {
        const like = `%${q.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
        students = students.where((eb) => eb.or([eb(eb.fn('lower', ['users.name']), 'like', like), eb(eb.fn('lower', ['users.reg_no']), 'like', like)]));
      }
      return {
        classes: (await classes.execute()).map((row) => ({ id: row.id, name: row.name, students: Number(row.students) })),
        students: (await students.execute()).map((row) => ({ id: row.id, name: row.name, regNo: row.reg_no, className: row.class_name ?? null })),
      };
    },

    async insert(trx: Kysely<Database>, kind: NoticeKind, row: BroadcastsTable): Promise<void> {
      await trx.insertInto(tableOf(kind)).values(row).execute();
    },

    /** One page of both kinds (or one), newest first, within the scope. */
    async list(scope: NoticeScope, kind: NoticeKind | '', page: number, pageSize: number): Promise<{ rows: StaffNoticeRow[]; total: number }> {
      const kinds: NoticeKind[] = kind === '' ? ['notification', 'notice'] : [kind];
      // Both tables are small next to their reads; the page is cut after merging the two newest-first lists.
      const limit = page * pageSize;
      const rows: StaffNoticeRow[] = [];
      let total = 0;
      for (const each of kinds) {
        const found = await scoped(each, scope).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
        rows.push(...found.map((row) => ({ ...row, kind: each, created_at: Number(row.created_at) })));
        const count = await scoped(each, scope).clearSelect().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
        total += Number(count?.n ?? 0);
      }
      rows.sort((a, b) => b.created_at - a.created_at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
      return { rows: rows.slice((page - 1) * pageSize, page * pageSize), total };
    },

    async find(kind: NoticeKind, scope: NoticeScope, id: string): Promise<StaffNoticeRow | undefined> {
      const row = await scoped(kind, scope).where('id', '=', id).executeTakeFirst();
      return row && { ...row, kind, created_at: Number(row.created_at) };
    },

    /** How many of each one's audience read it (reads by students outside the audience now are not counted). */
    async readCounts(rows: readonly StaffNoticeRow[]): Promise<Map<string, number>> {
      const counts = new Map<string, number>();
      for (const row of rows) {
        const users = audienceUsers(row.audience, row.audience_id).select('users.id');
        const read =
          row.kind === 'notification'
            ? await db.selectFrom('notification_reads').select((eb) => eb.fn.countAll<number>().as('n')).where('notification_id', '=', row.id).where('user_id', 'in', users).executeTakeFirst()
            : await db.selectFrom('notice_reads').select((eb) => eb.fn.countAll<number>().as('n')).where('notice_id', '=', row.id).where('user_id', 'in', users).executeTakeFirst();
        counts.set(`${row.kind}:${row.id}`, Number(read?.n ?? 0));
      }
      return counts;
    },

    /** The audience's students with their read time (null: unread), unread first, then by name. */
    async readers(row: StaffNoticeRow): Promise<{ id: string; name: string; regNo: string; readAt: number | null }[]> {
      const reads =
        row.kind === 'notification'
          ? await db.selectFrom('notification_reads').select(['user_id', 'read_at']).where('notification_id', '=', row.id).execute()
          : await db.selectFrom('notice_reads').select(['user_id', 'read_at']).where('notice_id', '=', row.id).execute();
      const readAt = new Map(reads.map((read) => [read.user_id, Number(read.read_at)]));
      const users = await audienceUsers(row.audience, row.audience_id).select(['users.id', 'users.name', 'users.reg_no']).orderBy('users.name').orderBy('users.id').limit(5_000).execute();
      return users
        .map((user) => ({ id: user.id, name: user.name, regNo: user.reg_no, readAt: readAt.get(user.id) ?? null }))
        .sort((a, b) => Number(a.readAt !== null) - Number(b.readAt !== null));
    },

    /** Deletes it with its reads; false when it was already gone. */
    async remove(trx: Kysely<Database>, kind: NoticeKind, id: string): Promise<boolean> {
      if (kind === 'notification') await trx.deleteFrom('notification_reads').where('notification_id', '=', id).execute();
      else await trx.deleteFrom('notice_reads').where('notice_id', '=', id).execute();
      const result = await trx.deleteFrom(tableOf(kind)).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type StaffNoticeRepository = ReturnType<typeof createStaffNoticeRepository>;
