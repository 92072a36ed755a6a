import { describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db';
import { migrateToLatest } from '../../platform/migrations/migrate';
import { PROVISIONAL_N, hashPassword, verifyPassword } from '../../platform/lib/password';
import { useTestDatabases } from '../../test-support/test-db';
import { checkRoster } from './roster-check';
import { readRosterFile } from './roster-file';
import type { RosterFileRow } from './roster-file';
import { loadRosterLookups, strengthenProvisionalPasswords, writeRoster } from './roster-writer';
import type { RosterProgress } from './roster-writer';

const databases = useTestDatabases();
const NOW = Date.UTC(2026, 0, 5, 9, 0, 0);

async function setUp(): Promise<Kysely<Database>> {
  const { kysely: db } = await databases.fresh();
  await migrateToLatest(db);
  await db.insertInto('classes').values([{ id: 'c-xa', name: 'XII-A' }, { id: 'c-xb', name: 'XII-B' }]).execute();
  await db
    .insertInto('users')
    .values({
      id: 'aaaaaaaaaaaaaaaaaaaaaaaa', reg_no: 'R-1', email: 'asha@example.com', name: 'Asha Rao', phone: '', password_hash: await hashPassword('old-pass'),
      meritpoints: 50, avatar: null, config: '{"HIDE_TEST_REVIEW":true}', verified: 1, otp_hash: null, otp_expires_at: null, password_changed_at: NOW - 1000, created_at: NOW - 1000,
    })
    .execute();
  await db.insertInto('student_profiles').values({ user_id: 'aaaaaaaaaaaaaaaaaaaaaaaa', class_id: 'c-xa', address: 'Pune', institute: '', city: '', updated_at: NOW - 1000 }).execute();
  return db;
}

async function rowsOf(text: string): Promise<RosterFileRow[]> {
  const read = await readRosterFile(Buffer.from(text));
  if (!read.ok) throw new Error(read.message);
  return read.file.rows;
}

const CSV = [
  'Roll No,Name,Email ID,Mobile,Class,Password,Verified',
  'R-1,Asha Rao,asha@example.com,9876543210,XII-B,,',
  'R-2,Ravi Kumar,ravi@example.com,,XII-A,Welcome@1,No',
  'R-3,Meera Iyer,meera@example.com,,,Welcome@2,',
  'R-4,Bad Row,not-an-email,,XII-Z,Welcome@3,',
].join('\n');

describe('writeRoster', () => {
  it('writes a checked upload in batches: new students with provisional hashes and classes, updates keeping the rest', async () => {
    const db = await setUp();
    const rows = await rowsOf(CSV);
    const check = checkRoster(rows, await loadRosterLookups(db, rows));
    expect(check.rows.map((row) => row.status)).toEqual(['update', 'new', 'new', 'error']);

    const progress: RosterProgress[] = [];
    const result = await writeRoster(db, check.plan, { now: NOW, batchSize: 2, onProgress: (p) => progress.push(p) });
    expect(result.summary).toEqual({ created: 2, updated: 1, unchanged: 0, failed: 0 });
    expect(progress.filter((p) => p.phase === 'write')).toEqual([{ phase: 'write', done: 2, total: 3 }, { phase: 'write', done: 3, total: 3 }]);
    expect(progress.filter((p) => p.phase === 'hash').at(-1)).toEqual({ phase: 'hash', done: 2, total: 2 });

    const users = await db.selectFrom('users').leftJoin('student_profiles', 'student_profiles.user_id', 'users.id').selectAll('users').select(['student_profiles.class_id', 'student_profiles.address']).orderBy('reg_no').execute();
    expect(users.map((u) => [u.reg_no, u.email, u.name, u.phone, Number(u.verified), u.class_id, Number(u.meritpoints)])).toEqual([
      ['R-1', 'asha@example.com', 'Asha Rao', '9876543210', 1, 'c-xb', 50],
      ['R-2', 'ravi@example.com', 'Ravi Kumar', '', 0, 'c-xa', 0],
      ['R-3', 'meera@example.com', 'Meera Iyer', '', 1, null, 0],
    ]);
    const [asha, ravi] = users;
    // The stored student keeps their password, config and profile fields.
    expect(await verifyPassword('old-pass', asha?.password_hash ?? '')).toBe(true);
    expect(asha?.config).toBe('{"HIDE_TEST_REVIEW":true}');
    expect(asha?.address).toBe('Pune');
    expect(ravi?.password_hash).toMatch(new RegExp(`^scrypt\\$${PROVISIONAL_N}\\$`));
    expect(await verifyPassword('Welcome@1', ravi?.password_hash ?? '')).toBe(true);
    expect(result.provisionalUserIds).toHaveLength(2);

    // The same file again changes nothing.
    const again = checkRoster(rows, await loadRosterLookups(db, rows));
    expect(again.counts).toEqual({ new: 0, update: 0, unchanged: 3, error: 1 });
    expect((await writeRoster(db, again.plan, { now: NOW })).summary).toEqual({ created: 0, updated: 0, unchanged: 3, failed: 0 });

    // Strengthened afterwards, without the passwords: a guess then costs full scrypt.
    expect(await strengthenProvisionalPasswords(db, { userIds: result.provisionalUserIds })).toBe(2);
    const strong = await db.selectFrom('users').select('password_hash').where('reg_no', '=', 'R-2').executeTakeFirstOrThrow();
    expect(strong.password_hash).toMatch(/^scrypt2\$1024\$8\$1\$[\w-]+\$16384\$/);
    expect(await verifyPassword('Welcome@1', strong.password_hash)).toBe(true);
    expect(await strengthenProvisionalPasswords(db)).toBe(0);
  });

  it('counts as failed a row whose registration number or e-mail was taken after the preview', async () => {
    const db = await setUp();
    const rows = await rowsOf('reg_no,name,email,password\nR-5,Five,five@example.com,secret5\nR-6,Six,six@example.com,secret6\n');
    const check = checkRoster(rows, await loadRosterLookups(db, rows));
    await db
      .insertInto('users')
      .values({
        id: 'bbbbbbbbbbbbbbbbbbbbbbbb', reg_no: 'R-9', email: 'six@example.com', name: 'Other', phone: '', password_hash: '', meritpoints: 0, avatar: null,
        config: '{}', verified: 1, otp_hash: null, otp_expires_at: null, password_changed_at: NOW, created_at: NOW,
      })
      .execute();
    const result = await writeRoster(db, check.plan, { now: NOW });
    expect(result.summary).toEqual({ created: 1, updated: 0, unchanged: 0, failed: 1 });
    expect(result.failures).toEqual([{ rowNumber: 3, message: 'Email six@example.com now belongs to student R-9.' }]);
  });

  it('strengthens every provisional hash left when asked without ids (after a restart)', async () => {
    const db = await setUp();
    const rows = await rowsOf('reg_no,name,email,password\nR-7,Seven,seven@example.com,secret7\n');
    await writeRoster(db, checkRoster(rows, await loadRosterLookups(db, rows)).plan, { now: NOW });
    const controller = new AbortController();
    controller.abort();
    expect(await strengthenProvisionalPasswords(db, { signal: controller.signal })).toBe(0);
    expect(await strengthenProvisionalPasswords(db)).toBe(1);
    expect(await strengthenProvisionalPasswords(db)).toBe(0);
  });
});
