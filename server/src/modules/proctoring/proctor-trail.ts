import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db';
import { createProctorRepository } from './proctor-repository';
import type { ProctorEventRecord } from './proctor-repository';

/**
 * An attempt's proctoring trail as the live console uses it (decision 0054): it adds the proctor's
 * and the server's events, and reads an attempt's events. Snapshots and summaries stay inside.
 */
export interface ProctorTrail {
  /** Stores the events not stored yet (by attempt and event id); the ids of those it stored. */
  insertEvents(events: readonly ProctorEventRecord[]): Promise<Set<string>>;
  /** The attempt's events in the order they happened (server clock), ties by arrival. */
  eventsOf(attemptId: string): Promise<ProctorEventRecord[]>;
}

export function createProctorTrail(db: Kysely<Database>): ProctorTrail {
  const trail = createProctorRepository(db);
  return {
    insertEvents: (events) => trail.insertEvents(events),
    eventsOf: (attemptId) => trail.eventsOf(attemptId),
  };
}
