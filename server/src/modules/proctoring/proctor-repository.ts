import type { Kysely } from 'kysely';
import type { ProctorDetail, ProctorEventKind, ProctorEventSource } from '@invigil/shared/api/proctor';
import { proctorDetailSchema, proctorEventKindSchema, proctorEventSourceSchema } from '@invigil/shared/api/proctor';
import type { Database, ProctorEventsTable } from '../../platform/db';

/** Who delivered it: the student's page, the extension's token, a proctor (issue 12) or the server itself. */
export type ProctorVia = 'student' | 'proctor-token' | 'proctor' | 'server';
const VIAS: readonly ProctorVia[] = ['student', 'proctor-token', 'proctor', 'server'];

export interface ProctorEventRecord {
  attemptId: string;
  eventId: string;
  kind: ProctorEventKind;
  source: ProctorEventSource;
  via: ProctorVia;
  clientAt: number;
  at: number;
  receivedAt: number;
  detail: ProctorDetail | null;
  evidence: string | null;
  late: boolean;
}

export interface ProctorSnapshotRecord {
  fileKey: string;
  attemptId: string;
  reason: string | null;
  source: ProctorEventSource;
  size: number;
  createdAt: number;
}

function parseDetail(raw: string | null): ProctorDetail | null {
  if (raw === null) return null;
  try {
    return proctorDetailSchema.safeParse(JSON.parse(raw)).data ?? null;
  } catch {
    return null;
  }
}

/** A row as a record; null for a kind or source this build does not know (a newer server wrote it). */
function toEventRecord(row: ProctorEventsTable): ProctorEventRecord | null {
  const kind = proctorEventKindSchema.safeParse(row.kind);
  const source = proctorEventSourceSchema.safeParse(row.source);
  if (!kind.success || !source.success) return null;
  return {
    attemptId: row.attempt_id,
    eventId: row.event_id,
    kind: kind.data,
    source: source.data,
    via: VIAS.find((via) => via === row.via) ?? 'student',
    clientAt: Number(row.client_at),
    at: Number(row.at),
    receivedAt: Number(row.received_at),
    detail: parseDetail(row.detail),
    evidence: row.evidence,
    late: Number(row.late) === 1,
  };
}

export function createProctorRepository(db: Kysely<Database>) {
  return {
    /**
     * Stores the events that are not stored yet (by attempt and event id) and returns the ids of
     * those it stored: `INSERT ... ON CONFLICT DO NOTHING RETURNING`, the same on both databases.
     */
    async insertEvents(events: readonly ProctorEventRecord[]): Promise<Set<string>> {
      if (events.length === 0) return new Set();
      const rows = await db
        .insertInto('proctor_events')
        .values(
          events.map((event) => ({
            attempt_id: event.attemptId,
            event_id: event.eventId,
            kind: event.kind,
            source: event.source,
            via: event.via,
            client_at: event.clientAt,
            at: event.at,
            received_at: event.receivedAt,
            detail: event.detail === null ? null : JSON.stringify(event.detail),
            evidence: event.evidence,
            late: event.late ? (1 as const) : (0 as const),
          })),
        )
        .onConflict((conflict) => conflict.columns(['attempt_id', 'event_id']).doNothing())
        .returning('event_id')
        .execute();
      return new Set(rows.map((row) => row.event_id));
    },

    /**
     * How many events the attempt has, and per source the latest device time and trail time
     * stored: a later request keeps each source's events in the order the device saw them.
     */
    async trailSummary(attemptId: string): Promise<{ count: number; latest: Map<string, { clientAt: number; at: number }> }> {
      const rows = await db
        .selectFrom('proctor_events')
        .select((eb) => ['source', eb.fn.countAll().as('n'), eb.fn.max('client_at').as('client_at'), eb.fn.max('at').as('at')])
        .where('attempt_id', '=', attemptId)
        .groupBy('source')
        .execute();
      const latest = new Map(rows.map((row) => [row.source, { clientAt: Number(row.client_at), at: Number(row.at) }]));
      return { count: rows.reduce((sum, row) => sum + Number(row.n), 0), latest };
    },

    /** The attempt's events in the order they happened (server clock), ties by arrival. */
    async eventsOf(attemptId: string): Promise<ProctorEventRecord[]> {
      const rows = await db
        .selectFrom('proctor_events')
        .selectAll()
        .where('attempt_id', '=', attemptId)
        .orderBy('at')
        .orderBy('received_at')
        .orderBy('event_id')
        .execute();
      return rows.map(toEventRecord).filter((record): record is ProctorEventRecord => record !== null);
    },

    async insertSnapshot(snapshot: ProctorSnapshotRecord): Promise<void> {
      await db
        .insertInto('proctor_snapshots')
        .values({
          file_key: snapshot.fileKey,
          attempt_id: snapshot.attemptId,
          reason: snapshot.reason,
          source: snapshot.source,
          size: snapshot.size,
          created_at: snapshot.createdAt,
        })
        .execute();
    },

    async countSnapshots(attemptId: string): Promise<number> {
      const row = await db.selectFrom('proctor_snapshots').select((eb) => eb.fn.countAll().as('n')).where('attempt_id', '=', attemptId).executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** A reviewer's verdicts on the attempt's flags, by event id (issue 29, flag_reviews). */
    async verdictsOf(attemptId: string): Promise<Map<string, { verdict: 'cleared' | 'confirmed'; note: string }>> {
      const rows = await db.selectFrom('flag_reviews').select(['event_id', 'verdict', 'note']).where('attempt_id', '=', attemptId).execute();
      return new Map(rows.map((row) => [row.event_id, { verdict: row.verdict === 'confirmed' ? ('confirmed' as const) : ('cleared' as const), note: row.note }]));
    },

    /** The file keys of the attempt's snapshots. */
    async snapshotKeysOf(attemptId: string): Promise<Set<string>> {
      const rows = await db.selectFrom('proctor_snapshots').select('file_key').where('attempt_id', '=', attemptId).execute();
      return new Set(rows.map((row) => row.file_key));
    },
  };
}

export type ProctorRepository = ReturnType<typeof createProctorRepository>;
