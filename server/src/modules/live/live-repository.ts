import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { ChatMessage, CommandState, ProctorCommand, ProctorCommandType } from '@invigil/shared/api/live';
import { proctorCommandTypeSchema } from '@invigil/shared/api/live';
import type { ChatMessagesTable, Database, ProctorCommandsTable } from '../../platform/db';

/** A candidate of a test: the student and their attempt, if started. */
export interface CandidateRecord {
  userId: string;
  name: string;
  regNo: string;
  config: Record<string, unknown>;
  attempt: { id: string; deadlineMs: number; submittedAt: number | null; pausedAt: number | null } | null;
}

export interface FlagSummary {
  count: number;
  last: { kind: string; at: number; evidence: string | null } | null;
}

const parseConfig = (raw: string): Record<string, unknown> => {
  try {
    const value: unknown = JSON.parse(raw);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

export const toChatMessage = (row: ChatMessagesTable): ChatMessage => ({
  id: row.id,
  m: row.body,
  uid: row.user_id,
  tid: row.test_id,
  teid: row.author === 'proctor' ? row.proctor_id : null,
  ts: Number(row.sent_at),
  r: row.read_at !== null,
  ...(row.proctor_name === null ? {} : { tn: row.proctor_name }),
});

const stateOf = (row: Pick<ProctorCommandsTable, 'delivered_at' | 'applied_at'>): CommandState =>
  row.applied_at !== null ? 'applied' : row.delivered_at !== null ? 'delivered' : 'sent';

export const toProctorCommand = (row: ProctorCommandsTable): ProctorCommand => ({
  id: row.id,
  type: proctorCommandTypeSchema.safeParse(row.type).data ?? ('WARN' as ProctorCommandType),
  tid: row.test_id,
  uid: row.user_id,
  reason: row.reason,
  ...(row.et === null ? {} : { et: Number(row.et) }),
  ...(row.ed === null ? {} : { ed: row.ed }),
  by: row.proctor_name,
  at: Number(row.sent_at),
  state: stateOf(row),
});

/** Live proctoring's SQL (migration 0013): candidates, chat threads, commands, the attempt's clock. */
export function createLiveRepository(db: Kysely<Database>) {
  const candidateQuery = (testId: string, openToAll: boolean) =>
    db
      .selectFrom('users')
      .leftJoin('attempts', (join) => join.onRef('attempts.user_id', '=', 'users.id').on('attempts.test_id', '=', testId))
      .select(['users.id', 'users.name', 'users.reg_no', 'users.config', 'attempts.id as a_id', 'attempts.deadline_ms', 'attempts.submitted_at', 'attempts.paused_at'])
      .where((eb) =>
        openToAll
          ? eb('users.verified', '=', 1)
          : eb.or([
              eb.exists(eb.selectFrom('test_assignments').select('test_assignments.user_id').whereRef('test_assignments.user_id', '=', 'users.id').where('test_assignments.test_id', '=', testId)),
              // The students of the classes the test is assigned to (test_classes, decision 0058).
              eb.exists(
                eb
                  .selectFrom('student_profiles')
                  .innerJoin('test_classes', 'test_classes.class_id', 'student_profiles.class_id')
                  .select('student_profiles.user_id')
                  .whereRef('student_profiles.user_id', '=', 'users.id')
                  .where('test_classes.test_id', '=', testId),
              ),
              eb('attempts.id', 'is not', null),
            ]),
      );
  const toCandidate = (row: { id: string; name: string; reg_no: string; config: string; a_id: string | null; deadline_ms: number | null; submitted_at: number | null; paused_at: number | null }): CandidateRecord => ({
    userId: row.id,
    name: row.name,
    regNo: row.reg_no,
    config: parseConfig(row.config),
    attempt:
      row.a_id === null
        ? null
        : {
            id: row.a_id,
            deadlineMs: Number(row.deadline_ms),
            submittedAt: row.submitted_at === null ? null : Number(row.submitted_at),
            pausedAt: row.paused_at === null ? null : Number(row.paused_at),
          },
  });

  return {
    async candidatesOf(testId: string, openToAll: boolean): Promise<CandidateRecord[]> {
      return (await candidateQuery(testId, openToAll).orderBy('users.reg_no').execute()).map(toCandidate);
    },

    async candidateOf(testId: string, openToAll: boolean, userId: string): Promise<CandidateRecord | undefined> {
      const row = await candidateQuery(testId, openToAll).where('users.id', '=', userId).executeTakeFirst();
      return row && toCandidate(row);
    },

    /** Per attempt of the test: how many events of `flagKinds`, and the latest. */
    async flagsOf(testId: string, flagKinds: readonly string[], userId?: string): Promise<Map<string, FlagSummary>> {
      let query = db
        .selectFrom('proctor_events')
        .innerJoin('attempts', 'attempts.id', 'proctor_events.attempt_id')
        .select(['proctor_events.attempt_id', 'proctor_events.kind', 'proctor_events.at', 'proctor_events.evidence'])
        .where('attempts.test_id', '=', testId)
        .where('proctor_events.kind', 'in', [...flagKinds]);
      if (userId !== undefined) query = query.where('attempts.user_id', '=', userId);
      const flags = new Map<string, FlagSummary>();
      for (const row of await query.orderBy('proctor_events.at').execute()) {
        const summary = flags.get(row.attempt_id) ?? { count: 0, last: null };
        summary.count += 1;
        summary.last = { kind: row.kind, at: Number(row.at), evidence: row.evidence };
        flags.set(row.attempt_id, summary);
      }
      return flags;
    },

    /** The latest snapshot's file key per attempt of the test. */
    async latestSnapshotsOf(testId: string, userId?: string): Promise<Map<string, string>> {
      let query = db
        .selectFrom('proctor_snapshots')
        .innerJoin('attempts', 'attempts.id', 'proctor_snapshots.attempt_id')
        .select(['proctor_snapshots.attempt_id', 'proctor_snapshots.file_key'])
        .where('attempts.test_id', '=', testId);
      if (userId !== undefined) query = query.where('attempts.user_id', '=', userId);
      const latest = new Map<string, string>();
      for (const row of await query.orderBy('proctor_snapshots.created_at').execute()) latest.set(row.attempt_id, row.file_key);
      return latest;
    },

    /** Students' messages the proctors have not read, per student (of one student, when given). */
    /** The proctors' messages a student has not read, by test. */
    async unreadOfStudent(userId: string): Promise<Map<string, number>> {
      const rows = await db
        .selectFrom('chat_messages')
        .select(['test_id', (eb) => eb.fn.countAll().as('n')])
        .where('user_id', '=', userId)
        .where('author', '=', 'proctor')
        .where('read_at', 'is', null)
        .groupBy('test_id')
        .execute();
      return new Map(rows.map((row) => [row.test_id, Number(row.n)]));
    },

    async unreadByStudent(testId: string, userId?: string): Promise<Map<string, number>> {
      let query = db
        .selectFrom('chat_messages')
        .select(['user_id', (eb) => eb.fn.countAll().as('n')])
        .where('test_id', '=', testId)
        .where('author', '=', 'student')
        .where('read_at', 'is', null);
      if (userId !== undefined) query = query.where('user_id', '=', userId);
      const rows = await query.groupBy('user_id').execute();
      return new Map(rows.map((row) => [row.user_id, Number(row.n)]));
    },

    /** Stores messages not stored yet (by thread and id); returns the threads (user ids) it stored one in. */
    async insertChat(rows: readonly ChatMessagesTable[]): Promise<string[]> {
      if (rows.length === 0) return [];
      const stored = await db
        .insertInto('chat_messages')
        .values([...rows])
        .onConflict((conflict) => conflict.columns(['test_id', 'user_id', 'id']).doNothing())
        .returning('user_id')
        .execute();
      return stored.map((row) => row.user_id);
    },

    /** The message with this id in every thread of the test that has one, by user id (a message to all). */
    async chatsWithId(testId: string, id: string): Promise<Map<string, ChatMessage>> {
      const rows = await db.selectFrom('chat_messages').selectAll().where('test_id', '=', testId).where('id', '=', id).execute();
      return new Map(rows.map((row) => [row.user_id, toChatMessage(row)]));
    },

    async findChat(testId: string, userId: string, id: string): Promise<ChatMessage | undefined> {
      const row = await db.selectFrom('chat_messages').selectAll().where('test_id', '=', testId).where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
      return row && toChatMessage(row);
    },

    /** One student's thread (after `since`, when given), oldest first. */
    async threadOf(testId: string, userId: string, since = -1): Promise<ChatMessage[]> {
      const rows = await db
        .selectFrom('chat_messages')
        .selectAll()
        .where('test_id', '=', testId)
        .where('user_id', '=', userId)
        .where('sent_at', '>', since)
        .orderBy('sent_at')
        .orderBy('id')
        .execute();
      return rows.map(toChatMessage);
    },

    /** Every thread of a test, the latest `limit` messages, oldest first. */
    async chatOfTest(testId: string, limit: number): Promise<ChatMessage[]> {
      const rows = await db.selectFrom('chat_messages').selectAll().where('test_id', '=', testId).orderBy('sent_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
      return rows.reverse().map(toChatMessage);
    },

    /** Marks the other side's messages of a thread read up to `upTo`. */
    async markRead(testId: string, userId: string, author: 'student' | 'proctor', upTo: number, now: number): Promise<void> {
      await db
        .updateTable('chat_messages')
        .set({ read_at: now })
        .where('test_id', '=', testId)
        .where('user_id', '=', userId)
        .where('author', '=', author)
        .where('sent_at', '<=', upTo)
        .where('read_at', 'is', null)
        .execute();
    },

    async insertCommand(row: ProctorCommandsTable): Promise<void> {
      await db.insertInto('proctor_commands').values(row).execute();
    },

    async pendingCommands(attemptId: string, onlySent = false): Promise<ProctorCommand[]> {
      let query = db.selectFrom('proctor_commands').selectAll().where('attempt_id', '=', attemptId).where('applied_at', 'is', null);
      if (onlySent) query = query.where('delivered_at', 'is', null);
      return (await query.orderBy('sent_at').orderBy('id').execute()).map(toProctorCommand);
    },

    async commandsOfTest(testId: string, limit: number): Promise<ProctorCommand[]> {
      const rows = await db.selectFrom('proctor_commands').selectAll().where('test_id', '=', testId).orderBy('sent_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
      return rows.reverse().map(toProctorCommand);
    },

    /**
     * Moves a command of this attempt forward (sent -> delivered -> applied), never back and each
     * step once: the updated command, or undefined when nothing changed (a replayed ack).
     */
    async ack(attemptId: string, id: string, state: 'delivered' | 'applied', now: number): Promise<ProctorCommand | undefined> {
      const base = db.updateTable('proctor_commands').where('id', '=', id).where('attempt_id', '=', attemptId).where('applied_at', 'is', null);
      const result =
        state === 'applied'
          ? await base.set({ applied_at: now, delivered_at: sql<number>`coalesce(delivered_at, ${now})` }).executeTakeFirst()
          : await base.set({ delivered_at: now }).where('delivered_at', 'is', null).executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return undefined;
      const row = await db.selectFrom('proctor_commands').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toProctorCommand(row);
    },

    /** EXTEND_TEST: the deadline moves by `minutes` and the extension is listed. False once submitted. */
    async extendDeadline(attemptId: string, minutes: number, now: number): Promise<boolean> {
      const row = await db.selectFrom('attempts').select(['extensions']).where('id', '=', attemptId).where('submitted_at', 'is', null).executeTakeFirst();
      if (!row) return false;
      let extensions: unknown;
      try {
        extensions = JSON.parse(row.extensions);
      } catch {
        extensions = [];
      }
      const list = [...(Array.isArray(extensions) ? extensions : []), { minutes, at: now }];
      const result = await db
        .updateTable('attempts')
        .set({ deadline_ms: sql<number>`deadline_ms + ${minutes * 60_000}`, extensions: JSON.stringify(list), updated_at: now })
        .where('id', '=', attemptId)
        .where('submitted_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** PAUSE: the clock stops now. False when already paused or submitted. */
    async pause(attemptId: string, now: number): Promise<boolean> {
      const result = await db
        .updateTable('attempts')
        .set({ paused_at: now, updated_at: now })
        .where('id', '=', attemptId)
        .where('paused_at', 'is', null)
        .where('submitted_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** RESUME: the deadline moves by the paused time and the clock runs again. False when not paused. */
    async resume(attemptId: string, now: number): Promise<boolean> {
      const result = await db
        .updateTable('attempts')
        .set({ deadline_ms: sql<number>`deadline_ms + (${now} - paused_at)`, paused_at: null, updated_at: now })
        .where('id', '=', attemptId)
        .where('paused_at', 'is not', null)
        .where('submitted_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}

export type LiveRepository = ReturnType<typeof createLiveRepository>;
