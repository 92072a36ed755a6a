import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db';

export interface NamedRecord {
  id: string;
  name: string;
}

/** The institute's classes and subjects by name: what the staff side assigns teachers to and picks from. */
export function createClassDirectory(db: Kysely<Database>) {
  return {
    async classes(): Promise<NamedRecord[]> {
      return db.selectFrom('classes').select(['id', 'name']).orderBy('name').orderBy('id').execute();
    },
    async subjects(): Promise<NamedRecord[]> {
      return db.selectFrom('subjects').select(['id', 'name']).orderBy('name').orderBy('id').execute();
    },
  };
}

export type ClassDirectory = ReturnType<typeof createClassDirectory>;
