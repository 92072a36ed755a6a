import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../../platform/db';

export interface NoticeRecord {
  id: string;
  title: string;
  content: string;
  /** The stored JSON list of links. */
  attachmentsJson: string;
  createdAt: number;
  readAt: number | null;
}

/** Whose notices a reader sees: everyone's only (signed out), or also their class's and their own. */
export type NoticeReader = { userId: string; classId: string | null } | null;

type NoticesScope = ExpressionBuilder<Database & { n: Database['notices'] }, 'n'>;

function addressedTo(eb: NoticesScope, reader: NoticeReader) {
  const toAll = eb('n.audience', '=', 'all');
  if (!reader) return toAll;
  const alternatives = [toAll, eb.and([eb('n.audience', '=', 'student'), eb('n.audience_id', '=', reader.userId)])];
  if (reader.classId !== null) alternatives.push(eb.and([eb('n.audience', '=', 'class'), eb('n.audience_id', '=', reader.classId)]));
  return eb.or(alternatives);
}

/** The desk's own data (migration 0008): notices with their read state, motivations, the student's class. */
export function createDeskRepository(db: Kysely<Database>) {
  const notices = (reader: NoticeReader) => {
    const base = db.selectFrom('notices as n');
    const query = reader
      ? base
          .leftJoin('notice_reads as r', (join) => join.onRef('r.notice_id', '=', 'n.id').on('r.user_id', '=', reader.userId))
          .select('r.read_at')
      : base.select((eb) => eb.val<number | null>(null).as('read_at'));
    return query
      .select(['n.id', 'n.title', 'n.content', 'n.attachments', 'n.created_at'])
      .where((eb) => addressedTo(eb, reader));
  };
  type Row = { id: string; title: string; content: string; attachments: string; created_at: number; read_at: number | null };
  const toRecord = (row: Row): NoticeRecord => ({
    id: row.id,
    title: row.title,
    content: row.content,
    attachmentsJson: row.attachments,
    createdAt: Number(row.created_at),
    readAt: row.read_at === null ? null : Number(row.read_at),
  });

  return {
    async classOf(userId: string): Promise<string | null> {
      const row = await db.selectFrom('student_profiles').select('class_id').where('user_id', '=', userId).executeTakeFirst();
      return row?.class_id ?? null;
    },

    /** The newest notices addressed to the reader, newest first. */
    async notices(reader: NoticeReader, limit: number): Promise<NoticeRecord[]> {
      const rows: Row[] = await notices(reader).orderBy('n.created_at', 'desc').orderBy('n.id').limit(limit).execute();
      return rows.map(toRecord);
    },

    /** One notice, if it is addressed to the reader. */
    async notice(reader: NonNullable<NoticeReader>, id: string): Promise<NoticeRecord | null> {
      const row: Row | undefined = await notices(reader).where('n.id', '=', id).executeTakeFirst();
      return row ? toRecord(row) : null;
    },

    /** Marks a notice read by the student; an earlier read keeps its time. */
    async markRead(userId: string, noticeId: string, now: number): Promise<void> {
      await db
        .insertInto('notice_reads')
        .values({ notice_id: noticeId, user_id: userId, read_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'notice_id']).doNothing())
        .execute();
    },

    async motivations(limit: number): Promise<{ id: string; content: string }[]> {
      return await db.selectFrom('motivations').select(['id', 'content']).orderBy('created_at', 'desc').orderBy('id').limit(limit).execute();
    },
  };
}

export type DeskRepository = ReturnType<typeof createDeskRepository>;
