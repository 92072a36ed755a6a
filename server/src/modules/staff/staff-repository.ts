import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { StaffRole } from '@invigil/shared/api/staff';
import type { Database } from '../../platform/db';
import { normaliseEmail } from '../auth/auth-module';

export interface StaffRecord {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  passwordHash: string;
  disabledAt: number | null;
  lastSignInAt: number | null;
  createdAt: number;
}

export interface StaffAssignments {
  classIds: string[];
  subjectIds: string[];
  testIds: string[];
}

const COLUMNS = ['id', 'email', 'name', 'role', 'password_hash', 'disabled_at', 'last_sign_in_at', 'created_at'] as const;

type Row = { id: string; email: string; name: string; role: StaffRole; password_hash: string; disabled_at: number | null; last_sign_in_at: number | null; created_at: number };

const toRecord = (row: Row): StaffRecord => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
  passwordHash: row.password_hash,
  disabledAt: row.disabled_at === null ? null : Number(row.disabled_at),
  lastSignInAt: row.last_sign_in_at === null ? null : Number(row.last_sign_in_at),
  createdAt: Number(row.created_at),
});

/** A LIKE pattern matching `text` literally anywhere ('\' escapes). */
const containsPattern = (text: string): string => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Staff accounts, a teacher's classes and subjects, and the tests each may proctor (migrations 0013, 0017). */
export function createStaffRepository(db: Kysely<Database>) {
  return {
    async findByEmail(email: string): Promise<StaffRecord | undefined> {
      const row = await db.selectFrom('staff_accounts').select(COLUMNS).where('email', '=', normaliseEmail(email)).executeTakeFirst();
      return row && toRecord(row);
    },

    async findById(id: string): Promise<StaffRecord | undefined> {
      const row = await db.selectFrom('staff_accounts').select(COLUMNS).where('id', '=', id).executeTakeFirst();
      return row && toRecord(row);
    },

    /** One page of accounts, by name; `q` matches name or email anywhere. */
    async list(q: string, offset: number, limit: number): Promise<{ items: StaffRecord[]; total: number }> {
      let query = db.selectFrom('staff_accounts');
      if (q) {
        const pattern = containsPattern(q);
        query = query.where(sql<boolean>`(lower(name) like ${pattern} escape '\\' or email like ${pattern} escape '\\')`);
      }
      const [rows, count] = await Promise.all([
        query.select(COLUMNS).orderBy('name').orderBy('id').offset(offset).limit(limit).execute(),
        query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toRecord), total: Number(count.n) };
    },

    async countActiveAdmins(): Promise<number> {
      const row = await db
        .selectFrom('staff_accounts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('role', '=', 'admin')
        .where('disabled_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async insert(account: { id: string; email: string; name: string; role: StaffRole; passwordHash: string }, now: number): Promise<void> {
      await db
        .insertInto('staff_accounts')
        .values({ id: account.id, email: normaliseEmail(account.email), name: account.name, role: account.role, password_hash: account.passwordHash, created_at: now, updated_at: now })
        .execute();
    },

    /**
     * Inserts the account or updates the one with this email (its id kept; a role only when given);
     * returns the id. The JSON import's proctors and the seed use it.
     */
    async upsert(account: { id: string; email: string; name: string; role?: StaffRole; passwordHash: string | null }, now: number): Promise<{ id: string; inserted: boolean }> {
      const email = normaliseEmail(account.email);
      const existing = await db.selectFrom('staff_accounts').select('id').where('email', '=', email).executeTakeFirst();
      if (existing) {
        await db
          .updateTable('staff_accounts')
          .set({ name: account.name, updated_at: now, ...(account.role ? { role: account.role } : {}), ...(account.passwordHash === null ? {} : { password_hash: account.passwordHash }) })
          .where('id', '=', existing.id)
          .execute();
        return { id: existing.id, inserted: false };
      }
      if (account.passwordHash === null) throw new Error(`A new staff account (${email}) needs a password.`);
      await this.insert({ id: account.id, email, name: account.name, role: account.role ?? 'proctor', passwordHash: account.passwordHash }, now);
      return { id: account.id, inserted: true };
    },

    async update(id: string, change: { name?: string; role?: StaffRole; disabledAt?: number | null; passwordHash?: string }, now: number): Promise<void> {
      await db
        .updateTable('staff_accounts')
        .set({
          updated_at: now,
          ...(change.name === undefined ? {} : { name: change.name }),
          ...(change.role === undefined ? {} : { role: change.role }),
          ...(change.disabledAt === undefined ? {} : { disabled_at: change.disabledAt }),
          ...(change.passwordHash === undefined ? {} : { password_hash: change.passwordHash }),
        })
        .where('id', '=', id)
        .execute();
    },

    async recordSignIn(id: string, now: number): Promise<void> {
      await db.updateTable('staff_accounts').set({ last_sign_in_at: now }).where('id', '=', id).execute();
    },

    /** The classes, subjects and tests of each account, by id. */
    async assignmentsOf(ids: readonly string[]): Promise<Map<string, StaffAssignments>> {
      const result = new Map<string, StaffAssignments>(ids.map((id) => [id, { classIds: [], subjectIds: [], testIds: [] }]));
      if (ids.length === 0) return result;
      const list = [...ids];
      const [classes, subjects, tests] = await Promise.all([
        db.selectFrom('staff_classes').select(['staff_id', 'class_id']).where('staff_id', 'in', list).orderBy('class_id').execute(),
        db.selectFrom('staff_subjects').select(['staff_id', 'subject_id']).where('staff_id', 'in', list).orderBy('subject_id').execute(),
        db.selectFrom('proctor_tests').select(['proctor_id', 'test_id']).where('proctor_id', 'in', list).orderBy('test_id').execute(),
      ]);
      for (const row of classes) result.get(row.staff_id)?.classIds.push(row.class_id);
      for (const row of subjects) result.get(row.staff_id)?.subjectIds.push(row.subject_id);
      for (const row of tests) result.get(row.proctor_id)?.testIds.push(row.test_id);
      return result;
    },

    /** Makes these exactly the account's classes, subjects and tests. */
    async setAssignments(id: string, assignments: Partial<StaffAssignments>): Promise<void> {
      if (assignments.classIds) {
        await db.deleteFrom('staff_classes').where('staff_id', '=', id).execute();
        const classIds = [...new Set(assignments.classIds)];
        if (classIds.length > 0) await db.insertInto('staff_classes').values(classIds.map((classId) => ({ staff_id: id, class_id: classId }))).execute();
      }
      if (assignments.subjectIds) {
        await db.deleteFrom('staff_subjects').where('staff_id', '=', id).execute();
        const subjectIds = [...new Set(assignments.subjectIds)];
        if (subjectIds.length > 0) await db.insertInto('staff_subjects').values(subjectIds.map((subjectId) => ({ staff_id: id, subject_id: subjectId }))).execute();
      }
      if (assignments.testIds) {
        await db.deleteFrom('proctor_tests').where('proctor_id', '=', id).execute();
        const testIds = [...new Set(assignments.testIds)];
        // In slices: SQLite binds at most 32,766 values per statement.
        for (let at = 0; at < testIds.length; at += 1_000) {
          await db.insertInto('proctor_tests').values(testIds.slice(at, at + 1_000).map((testId) => ({ proctor_id: id, test_id: testId }))).execute();
        }
      }
    },

    /** The ids of the tests this account may proctor. */
    async testIdsOf(id: string): Promise<string[]> {
      return (await db.selectFrom('proctor_tests').select('test_id').where('proctor_id', '=', id).execute()).map((row) => row.test_id);
    },

    async isAssignedTest(id: string, testId: string): Promise<boolean> {
      return (await db.selectFrom('proctor_tests').select('test_id').where('proctor_id', '=', id).where('test_id', '=', testId).executeTakeFirst()) !== undefined;
    },
  };
}

export type StaffRepository = ReturnType<typeof createStaffRepository>;
