import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db';

/**
 * The proctors of one test (proctor_tests), as the test editor sets them (issue 28, decision
 * 0058): the accounts that may watch it in the live console. Only proctor accounts that exist and
 * are not disabled are offered and written.
 */

export interface ProctorChoice {
  id: string;
  name: string;
  email: string;
}

/** Every proctor account that is not disabled, by name. */
export async function activeProctors(db: Kysely<Database>): Promise<ProctorChoice[]> {
  return db
    .selectFrom('staff_accounts')
    .select(['id', 'name', 'email'])
    .where('role', '=', 'proctor')
    .where('disabled_at', 'is', null)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** The ids of the accounts assigned to watch the test. */
export async function proctorsOfTest(db: Kysely<Database>, testId: string): Promise<string[]> {
  return (await db.selectFrom('proctor_tests').select('proctor_id').where('test_id', '=', testId).orderBy('proctor_id').execute()).map((row) => row.proctor_id);
}

/**
 * Makes these the proctors of the test (in the caller's transaction). Ids that are not an active
 * proctor account are left out; returns the ids written.
 */
export async function setTestProctors(db: Kysely<Database>, testId: string, staffIds: readonly string[]): Promise<string[]> {
  const wanted = [...new Set(staffIds)];
  const active =
    wanted.length === 0
      ? []
      : (await db.selectFrom('staff_accounts').select('id').where('id', 'in', wanted).where('role', '=', 'proctor').where('disabled_at', 'is', null).execute()).map((row) => row.id);
  await db.deleteFrom('proctor_tests').where('test_id', '=', testId).execute();
  if (active.length > 0) await db.insertInto('proctor_tests').values(active.map((id) => ({ proctor_id: id, test_id: testId }))).execute();
  return active;
}
