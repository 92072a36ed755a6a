import type { UserConfig } from '@invigil/shared/api/auth';
import type { Clock } from '../platform/lib/clock';
import { newObjectId } from '../platform/lib/object-id';
import { hashPassword } from '../platform/lib/password';
import type { StudentDirectory } from '../modules/auth/auth-module';
import { initialPasswordChangedAt } from '../modules/auth/auth-module';

export const DEMO_PASSWORD = 'demo1234';

interface DemoUser {
  email: string;
  regNo: string;
  name: string;
  phone: string;
  meritpoints: number;
  config: UserConfig;
  verified: boolean;
}

/** Menu flags are the menu title in uppercase with underscores; an explicit false hides an entry. */
export const DEMO_USERS: readonly DemoUser[] = [
  { email: 'student@example.edu', regNo: 'DEMO001', name: 'Asha Verma', phone: '9876543210', meritpoints: 120, config: {}, verified: true },
  {
    email: 'second@example.edu',
    regNo: 'DEMO002',
    name: 'Rohan Mehta',
    phone: '9876543211',
    meritpoints: 80,
    config: { ALLOW_CHANGE_PASSWORD: true, POST_PDF_UPLOAD: true, MY_FEE: false, CERTIFICATE: false, VIDEO_LECTURE: false, DESK: false },
    verified: true,
  },
  // Not yet verified: signing in asks for the one-time code written to DATA_DIR/outbox.jsonl.
  { email: 'new@example.edu', regNo: 'DEMO003', name: 'Neha Singh', phone: '9876543212', meritpoints: 0, config: {}, verified: false },
];

/**
 * Fills an empty database with the demo students. Does nothing once any user exists, so data
 * is kept between starts. Returns whether it seeded.
 */
export async function seedDemoData(users: StudentDirectory, clock: Clock): Promise<boolean> {
  if ((await users.count()) > 0) return false;
  const now = clock.now();
  for (const demo of DEMO_USERS) {
    await users.insertIfAbsent({
      id: newObjectId(now),
      regNo: demo.regNo,
      email: demo.email,
      name: demo.name,
      phone: demo.phone,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      meritpoints: demo.meritpoints,
      avatar: null,
      config: demo.config,
      verified: demo.verified,
      passwordChangedAt: initialPasswordChangedAt(now),
      createdAt: now,
    });
  }
  return true;
}
