import type { Kysely } from 'kysely';
import type { ImportFile } from '@invigil/shared/api/test-import';
import type { StaffRole } from '@invigil/shared/api/staff';
import type { Database } from '../../platform/db';
import { hashPassword } from '../../platform/lib/password';
import { newObjectId } from '../../platform/lib/object-id';
import type { ReadableIssue } from '../../platform/lib/readable-issues';
import { normaliseEmail } from '../auth/auth-module';
import { createStaffRepository } from './staff-repository';

/**
 * The import file's `proctors` section's problems: a test that is neither in the file nor stored
 * (`storedTestIds` answers which of the named ones are), a new proctor without a password, an email twice.
 */
export async function checkStaffImport(
  db: Kysely<Database>,
  file: ImportFile,
  fileTestIds: ReadonlySet<string>,
  storedTestIds: (ids: string[]) => Promise<Set<string>>,
  issues: ReadableIssue[],
): Promise<void> {
  if (file.proctors.length === 0) return;
  const named = [...new Set(file.proctors.flatMap((proctor) => proctor.tests))].filter((id) => !fileTestIds.has(id));
  const stored = named.length === 0 ? new Set<string>() : await storedTestIds(named);
  const accounts = createStaffRepository(db);
  const seen = new Set<string>();
  for (const [index, proctor] of file.proctors.entries()) {
    const email = normaliseEmail(proctor.email);
    if (seen.has(email)) issues.push({ path: `proctors.${index}.email`, message: `Proctor ${proctor.email} is listed twice.` });
    seen.add(email);
    proctor.tests.forEach((testId, j) => {
      if (!fileTestIds.has(testId) && !stored.has(testId)) issues.push({ path: `proctors.${index}.tests.${j}`, message: `There is no test ${testId}.` });
    });
    if (proctor.password === undefined && !(await accounts.findByEmail(email))) {
      issues.push({ path: `proctors.${index}.password`, message: `The new proctor ${proctor.email} needs a password.` });
    }
  }
}

/**
 * Writes the proctors and their tests (after the tests). A new account is a proctor; an existing
 * one keeps its role (an admin listed here is not demoted). Few accounts: passwords hashed here.
 */
export async function writeStaffImport(db: Kysely<Database>, file: ImportFile, now: number): Promise<{ inserted: number; updated: number }> {
  const accounts = createStaffRepository(db);
  const counts = { inserted: 0, updated: 0 };
  for (const proctor of file.proctors) {
    const passwordHash = proctor.password === undefined ? null : await hashPassword(proctor.password);
    const { id, inserted } = await accounts.upsert({ id: newObjectId(now), email: proctor.email, name: proctor.name, passwordHash }, now);
    await accounts.setAssignments(id, { testIds: proctor.tests });
    counts[inserted ? 'inserted' : 'updated'] += 1;
  }
  return counts;
}

/**
 * Adds a staff account, or sets the role, name and password of the one with this email (the CLI's
 * `add-admin`, the demo seed). `testIds`, when given, become the tests it may proctor.
 */
export async function addStaffAccount(
  db: Kysely<Database>,
  account: { email: string; name: string; role: StaffRole; password: string; testIds?: string[] },
  now: number,
): Promise<{ id: string; inserted: boolean }> {
  const accounts = createStaffRepository(db);
  const result = await accounts.upsert({ id: newObjectId(now), email: account.email, name: account.name, role: account.role, passwordHash: await hashPassword(account.password) }, now);
  await accounts.update(result.id, { disabledAt: null }, now);
  if (account.testIds) await accounts.setAssignments(result.id, { testIds: account.testIds });
  return result;
}

/** Makes these exactly the account's classes, subjects or tests (the seed; ids must exist). */
export async function assignStaff(db: Kysely<Database>, staffId: string, assignments: { classIds?: string[]; subjectIds?: string[]; testIds?: string[] }): Promise<void> {
  await createStaffRepository(db).setAssignments(staffId, assignments);
}
