import type { Kysely } from 'kysely';
import type { StaffRole } from '@invigil/shared/api/staff';
import type { Database } from '../platform/db';
import type { Clock } from '../platform/lib/clock';
import { addStaffAccount, assignStaff } from '../modules/staff/staff-module';
import { DEMO_CLASS_ID, DEMO_SUBJECTS } from './demo-portal';
import { DEMO_PASSWORD } from './demo-seed';

/** The demo's staff (README's demo table): one of each role, all with the demo password. */
export const DEMO_STAFF = {
  admin: { email: 'admin@example.edu', name: 'Meera Iyer', role: 'admin' },
  teacher: { email: 'teacher@example.edu', name: 'Arjun Das', role: 'teacher' },
  proctor: { email: 'proctor@example.edu', name: 'Priya Nair', role: 'proctor' },
} as const satisfies Record<string, { email: string; name: string; role: StaffRole }>;

/**
 * The demo staff: the admin; the teacher of Physics and Mathematics in Class 10 - A; the proctor
 * (issue 12) assigned to every demo test. Run once, with the other demo data, after the tests.
 */
export async function seedDemoStaff(db: Kysely<Database>, clock: Clock): Promise<void> {
  const now = clock.now();
  const testIds = (await db.selectFrom('tests').select('id').execute()).map((test) => test.id);
  await addStaffAccount(db, { ...DEMO_STAFF.admin, password: DEMO_PASSWORD }, now);
  const teacher = await addStaffAccount(db, { ...DEMO_STAFF.teacher, password: DEMO_PASSWORD }, now);
  await assignStaff(db, teacher.id, { classIds: [DEMO_CLASS_ID], subjectIds: [DEMO_SUBJECTS.physics.id, DEMO_SUBJECTS.mathematics.id] });
  await addStaffAccount(db, { ...DEMO_STAFF.proctor, password: DEMO_PASSWORD, testIds }, now);
}
