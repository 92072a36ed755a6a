import type { Kysely } from 'kysely';
import type { Database } from '../platform/db';
import type { Clock } from '../platform/lib/clock';
import { hashPassword } from '../platform/lib/password';
import { newObjectId } from '../platform/lib/object-id';
import { createProctorConsoleRepository } from '../modules/live/live-module';
import { DEMO_PASSWORD } from './demo-seed';

export const DEMO_PROCTOR = { email: 'proctor@example.edu', name: 'Priya Nair' } as const;

/** The demo proctor (issue 12), assigned to every demo test. Run once, with the other demo data. */
export async function seedDemoProctor(db: Kysely<Database>, clock: Clock): Promise<void> {
  const proctors = createProctorConsoleRepository(db);
  const now = clock.now();
  const { id } = await proctors.upsert({ id: newObjectId(now), email: DEMO_PROCTOR.email, name: DEMO_PROCTOR.name, passwordHash: await hashPassword(DEMO_PASSWORD) }, now);
  const tests = await db.selectFrom('tests').select('id').execute();
  await proctors.setTests(id, tests.map((test) => test.id));
}
