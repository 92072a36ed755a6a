import type { Kysely } from 'kysely';
import type { StaffRole } from '@invigil/shared/api/staff';
import type { Database } from '../platform/db';
import type { Clock } from '../platform/lib/clock';
import { addStaffAccount, assignStaff } from '../modules/staff/staff-module';
import { writeNewDraft } from '../modules/test-editor/test-editor-module';
import { DEMO_CLASS_ID, DEMO_SUBJECTS } from './demo-portal';
import { DEMO_PASSWORD } from './demo-seed';

/** The demo's staff (README's demo table): one of each role, all with the demo password. */
export const DEMO_STAFF = {
  admin: { email: 'admin@example.edu', name: 'Meera Iyer', role: 'admin' },
  teacher: { email: 'teacher@example.edu', name: 'Arjun Das', role: 'teacher' },
  proctor: { email: 'proctor@example.edu', name: 'Priya Nair', role: 'proctor' },
} as const satisfies Record<string, { email: string; name: string; role: StaffRole }>;

/** The teacher's test, not yet published (students do not see it): theirs to finish, preview and publish. */
export const DEMO_TEACHER_DRAFT_ID = 'demo-physics-draft';

const mcq = (text: string, options: [string, string, string, string], answer: 'A' | 'B' | 'C' | 'D', solution: string) => ({
  bank: null,
  question: { qt: 3 as const, pm: 4, nm: 1, text: `<p>${text}</p>`, options: { A: options[0], B: options[1], C: options[2], D: options[3] }, answer, solution: `<p>${solution}</p>` },
});

/**
 * The demo staff: the admin; the teacher of Physics and Mathematics in Class 10 - A, with a test
 * of their own still a draft; the proctor (issue 12) assigned to every demo test. Run once, with
 * the other demo data, after the tests.
 */
export async function seedDemoStaff(db: Kysely<Database>, clock: Clock): Promise<void> {
  const now = clock.now();
  const testIds = (await db.selectFrom('tests').select('id').execute()).map((test) => test.id);
  await addStaffAccount(db, { ...DEMO_STAFF.admin, password: DEMO_PASSWORD }, now);
  const teacher = await addStaffAccount(db, { ...DEMO_STAFF.teacher, password: DEMO_PASSWORD }, now);
  await assignStaff(db, teacher.id, { classIds: [DEMO_CLASS_ID], subjectIds: [DEMO_SUBJECTS.physics.id, DEMO_SUBJECTS.mathematics.id] });
  await writeNewDraft(
    db,
    {
      id: DEMO_TEACHER_DRAFT_ID,
      name: 'Physics: Motion (Class 10 - A)',
      description: 'A short chapter test, still a draft: preview it, then publish it to the class.',
      duration: 15,
      chapters: ['Motion'],
      parts: [
        {
          name: 'Physics',
          sections: [
            {
              name: 'Motion',
              questions: [
                mcq('A car covers 100 m in 20 s at a steady speed. What is its speed?', ['2 m/s', '5 m/s', '20 m/s', '2000 m/s'], 'B', 'Speed = distance / time = 100 / 20 = 5 m/s.'),
                mcq('Which quantity has both size and direction?', ['Speed', 'Distance', 'Velocity', 'Time'], 'C', 'Velocity is speed in a given direction.'),
                mcq('A body at rest stays at rest unless a force acts on it. Whose law is this?', ["Newton's first law", "Newton's third law", "Ohm's law", "Hooke's law"], 'A', "Newton's first law: the law of inertia."),
              ],
            },
          ],
        },
      ],
      classes: [DEMO_CLASS_ID],
    },
    teacher.id,
    now,
  );
  await addStaffAccount(db, { ...DEMO_STAFF.proctor, password: DEMO_PASSWORD, testIds }, now);
}
