// npm run staff -- add-admin EMAIL [--name "Full Name"]     the institute's first admin (or another)
// npm run staff -- add-teacher EMAIL [--name ...] | add-proctor EMAIL [--name ...]
//
// The staff side starts here: an admin added from the server's shell, who then manages every other
// staff account in the browser (Staff). The password is STAFF_PASSWORD when set (at least 8
// characters), else a random one printed once. An existing account with this email gets the role,
// the name and the new password, and is enabled again (a locked-out admin's way back in).
import { randomBytes } from 'node:crypto';
import { STAFF_PASSWORD_MIN, type StaffRole } from '@invigil/shared/api/staff';
import { systemClock } from '../platform/lib/clock';
import { runCli, withMigratedDatabase } from './cli-database';
import { addStaffAccount } from '../modules/staff/staff-module';

const USAGE = 'Usage: npm run staff -- add-admin|add-teacher|add-proctor EMAIL [--name "Full Name"]   (password: STAFF_PASSWORD, else one is generated)';
const COMMANDS: Record<string, StaffRole> = { 'add-admin': 'admin', 'add-teacher': 'teacher', 'add-proctor': 'proctor' };

async function main(args: string[]): Promise<number> {
  const [command, email, ...rest] = args;
  const role = command ? COMMANDS[command] : undefined;
  const nameAt = rest.indexOf('--name');
  const name = nameAt >= 0 ? rest[nameAt + 1]?.trim() : undefined;
  const extra = rest.filter((arg, index) => !(nameAt >= 0 && (index === nameAt || index === nameAt + 1)));
  if (!role || !email || extra.length > 0 || (nameAt >= 0 && !name)) {
    console.error(USAGE);
    return 2;
  }
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) {
    console.error(`${email} is not a valid email.`);
    return 2;
  }
  const given = process.env.STAFF_PASSWORD;
  if (given !== undefined && given.length < STAFF_PASSWORD_MIN) {
    console.error(`STAFF_PASSWORD must have at least ${STAFF_PASSWORD_MIN} characters.`);
    return 2;
  }
  const password = given ?? randomBytes(12).toString('base64url');
  return withMigratedDatabase(async (db) => {
    const { inserted } = await addStaffAccount(db.kysely, { email, name: name ?? email.split('@')[0] ?? email, role, password }, systemClock.now());
    console.log(`${inserted ? 'Added' : 'Updated'} ${role} ${email.toLowerCase()}.`);
    if (given === undefined) console.log(`Password: ${password}\n(shown once; sign in at /staff/login and keep it safe)`);
    return 0;
  });
}

runCli(main);
