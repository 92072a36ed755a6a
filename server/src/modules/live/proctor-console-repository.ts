import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db';
import { normaliseEmail } from '../auth/auth-module';

export interface ProctorRecord {
  id: string;
  email: string;
  name: string;
  passwordHash: string;
}

/** A test a proctor watches, as their list shows it. */
export interface ProctorTestRecord {
  id: string;
  name: string;
  activationAt: number | null;
  endsAt: number | null;
  openToAll: boolean;
}

const toProctor = (row: { id: string; email: string; name: string; password_hash: string }): ProctorRecord => ({
  id: row.id,
  email: row.email,
  name: row.name,
  passwordHash: row.password_hash,
});

/** Proctor accounts and the tests each is assigned to (migration 0013). */
export function createProctorConsoleRepository(db: Kysely<Database>) {
  return {
    async findByEmail(email: string): Promise<ProctorRecord | undefined> {
      const row = await db.selectFrom('proctors').select(['id', 'email', 'name', 'password_hash']).where('email', '=', normaliseEmail(email)).executeTakeFirst();
      return row && toProctor(row);
    },

    async findById(id: string): Promise<ProctorRecord | undefined> {
      const row = await db.selectFrom('proctors').select(['id', 'email', 'name', 'password_hash']).where('id', '=', id).executeTakeFirst();
      return row && toProctor(row);
    },

    /** Inserts the proctor or updates the one with this email (its id kept); returns the id. */
    async upsert(proctor: { id: string; email: string; name: string; passwordHash: string | null }, now: number): Promise<{ id: string; inserted: boolean }> {
      const email = normaliseEmail(proctor.email);
      const existing = await db.selectFrom('proctors').select('id').where('email', '=', email).executeTakeFirst();
      if (existing) {
        await db
          .updateTable('proctors')
          .set({ name: proctor.name, updated_at: now, ...(proctor.passwordHash === null ? {} : { password_hash: proctor.passwordHash }) })
          .where('id', '=', existing.id)
          .execute();
        return { id: existing.id, inserted: false };
      }
      if (proctor.passwordHash === null) throw new Error(`A new proctor (${email}) needs a password.`);
      await db
        .insertInto('proctors')
        .values({ id: proctor.id, email, name: proctor.name, password_hash: proctor.passwordHash, created_at: now, updated_at: now })
        .execute();
      return { id: proctor.id, inserted: true };
    },

    /** Makes `testIds` exactly the tests the proctor watches. */
    async setTests(proctorId: string, testIds: readonly string[]): Promise<void> {
      await db.deleteFrom('proctor_tests').where('proctor_id', '=', proctorId).execute();
      if (testIds.length === 0) return;
      await db
        .insertInto('proctor_tests')
        .values([...new Set(testIds)].map((testId) => ({ proctor_id: proctorId, test_id: testId })))
        .execute();
    },

    async testsOf(proctorId: string): Promise<ProctorTestRecord[]> {
      const rows = await db
        .selectFrom('proctor_tests')
        .innerJoin('tests', 'tests.id', 'proctor_tests.test_id')
        .select(['tests.id', 'tests.name', 'tests.activation_at', 'tests.ends_at', 'tests.open_to_all'])
        .where('proctor_tests.proctor_id', '=', proctorId)
        .orderBy('tests.activation_at')
        .orderBy('tests.name')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        activationAt: row.activation_at === null ? null : Number(row.activation_at),
        endsAt: row.ends_at === null ? null : Number(row.ends_at),
        openToAll: Number(row.open_to_all) === 1,
      }));
    },

    /** The test if this proctor is assigned to it. */
    async assignedTest(proctorId: string, testId: string): Promise<ProctorTestRecord | undefined> {
      return (await this.testsOf(proctorId)).find((test) => test.id === testId);
    },
  };
}

export type ProctorConsoleRepository = ReturnType<typeof createProctorConsoleRepository>;
