import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import type { Database } from '../../platform/db';

export interface NotificationRecord {
  id: string;
  title: string;
  content: string;
  attachments: string[];
  createdAt: number;
  /** null: unread by this student. */
  readAt: number | null;
}

/** A JSON list of URLs as stored; anything else reads as none rather than failing the list. */
function urls(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((url): url is string => typeof url === 'string' && url !== '') : [];
  } catch {
    return [];
  }
}

/**
 * Notifications addressed to a student: to everyone, to the student's class (student_profiles),
 * or to the student. Read state is per student (notification_reads).
 */
export function createNotificationRepository(db: Kysely<Database>) {
  const addressedTo =
    (userId: string) =>
    (eb: ExpressionBuilder<Database, 'notifications'>): Expression<SqlBool> =>
      eb.or([
        eb('notifications.audience', '=', 'all'),
        eb.and([eb('notifications.audience', '=', 'student'), eb('notifications.audience_id', '=', userId)]),
        eb.and([
          eb('notifications.audience', '=', 'class'),
          eb(
            'notifications.audience_id',
            'in',
            eb.selectFrom('student_profiles').select('student_profiles.class_id').where('student_profiles.user_id', '=', userId).where('student_profiles.class_id', 'is not', null),
          ),
        ]),
      ]);

  const withReadState = (userId: string) =>
    db
      .selectFrom('notifications')
      .leftJoin('notification_reads', (join) =>
        join.onRef('notification_reads.notification_id', '=', 'notifications.id').on('notification_reads.user_id', '=', userId),
      )
      .select([
        'notifications.id',
        'notifications.title',
        'notifications.content',
        'notifications.attachments',
        'notifications.created_at',
        'notification_reads.read_at',
      ])
      .where(addressedTo(userId));

  type Row = Awaited<ReturnType<ReturnType<typeof withReadState>['executeTakeFirstOrThrow']>>;
  const toRecord = (row: Row): NotificationRecord => ({
    id: row.id,
    title: row.title,
    content: row.content,
    attachments: urls(row.attachments),
    createdAt: Number(row.created_at),
    readAt: row.read_at === null ? null : Number(row.read_at),
  });

  return {
    /** Newest first, at most `limit`. */
    async listFor(userId: string, limit: number): Promise<NotificationRecord[]> {
      const rows = await withReadState(userId).orderBy('notifications.created_at', 'desc').orderBy('notifications.id', 'desc').limit(limit).execute();
      return rows.map(toRecord);
    },

    /** The notification if it is addressed to the student; undefined otherwise (not theirs or none). */
    async findFor(userId: string, id: string): Promise<NotificationRecord | undefined> {
      const row = await withReadState(userId).where('notifications.id', '=', id).executeTakeFirst();
      return row ? toRecord(row) : undefined;
    },

    /** Marks one read; a second call keeps the first read time. */
    async markRead(userId: string, id: string, at: number): Promise<void> {
      await db
        .insertInto('notification_reads')
        .values({ notification_id: id, user_id: userId, read_at: at })
        .onConflict((oc) => oc.columns(['user_id', 'notification_id']).doNothing())
        .execute();
    },

    /** Marks every unread notification addressed to the student read; how many were. */
    async markAllRead(userId: string, at: number): Promise<number> {
      return await db.transaction().execute(async (trx) => {
        const unread = await trx
          .selectFrom('notifications')
          .select('notifications.id')
          .where(addressedTo(userId))
          .where((eb) =>
            eb.not(
              eb.exists(
                eb
                  .selectFrom('notification_reads')
                  .select('notification_reads.notification_id')
                  .whereRef('notification_reads.notification_id', '=', 'notifications.id')
                  .where('notification_reads.user_id', '=', userId),
              ),
            ),
          )
          .execute();
        // In slices: SQLite binds at most 32766 parameters per statement.
        for (let start = 0; start < unread.length; start += 500) {
          await trx
            .insertInto('notification_reads')
            .values(unread.slice(start, start + 500).map((row) => ({ notification_id: row.id, user_id: userId, read_at: at })))
            .onConflict((oc) => oc.columns(['user_id', 'notification_id']).doNothing())
            .execute();
        }
        return unread.length;
      });
    },
  };
}

export type NotificationRepository = ReturnType<typeof createNotificationRepository>;
