import type { Kysely } from 'kysely';
import type { Database } from '../platform/db';
import type { Clock } from '../platform/lib/clock';
import { hashPassword } from '../platform/lib/password';
import { saveProctor } from '../modules/live/live-module';
import { DEMO_PASSWORD } from './demo-seed';

export const DEMO_PROCTOR = { email: 'proctor@example.edu', name: 'Priya Nair' } as const;

/** The demo proctor (issue 12), assigned to every demo test. Run once, with the other demo data. */
export async function seedDemoProctor(db: Kysely<Database>, clock: Clock): Promise<void> {
  const now = clock.now();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const tests = await db.selectFrom('tests').select('id').execute();
  await saveProctor(db, { email: DEMO_PROCTOR.email, name: DEMO_PROCTOR.name, passwordHash }, tests.map((test) => test.id), now);
}
