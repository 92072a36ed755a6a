import type { Kysely } from 'kysely';
import type { ImportFile } from '@invigil/shared/api/test-import';
import type { Database } from '../../platform/db';
import { hashPassword } from '../../platform/lib/password';
import { newObjectId } from '../../platform/lib/object-id';
import type { ReadableIssue } from '../../platform/lib/readable-issues';
import { createProctorConsoleRepository } from './proctor-console-repository';
import { normaliseEmail } from '../auth/auth-module';

/** The `proctors` section's problems: a test that is neither in the file nor stored, a new proctor without a password, an email twice. */
export async function checkProctorReferences(db: Kysely<Database>, file: ImportFile, fileTestIds: ReadonlySet<string>, issues: ReadableIssue[]): Promise<void> {
  if (file.proctors.length === 0) return;
  const named = [...new Set(file.proctors.flatMap((proctor) => proctor.tests))].filter((id) => !fileTestIds.has(id));
  const stored = new Set(named.length === 0 ? [] : (await db.selectFrom('tests').select('id').where('id', 'in', named).execute()).map((row) => row.id));
  const proctors = createProctorConsoleRepository(db);
  const seen = new Set<string>();
  for (const [index, proctor] of file.proctors.entries()) {
    const email = normaliseEmail(proctor.email);
    if (seen.has(email)) issues.push({ path: `proctors.${index}.email`, message: `Proctor ${proctor.email} is listed twice.` });
    seen.add(email);
    proctor.tests.forEach((testId, j) => {
      if (!fileTestIds.has(testId) && !stored.has(testId)) issues.push({ path: `proctors.${index}.tests.${j}`, message: `There is no test ${testId}.` });
    });
    if (proctor.password === undefined && !(await proctors.findByEmail(email))) {
      issues.push({ path: `proctors.${index}.password`, message: `The new proctor ${proctor.email} needs a password.` });
    }
  }
}

/** Writes the proctors and their tests (after the tests). Few accounts: their passwords are hashed here. */
export async function writeProctorSections(db: Kysely<Database>, file: ImportFile, now: number): Promise<{ inserted: number; updated: number }> {
  const counts = { inserted: 0, updated: 0 };
  for (const proctor of file.proctors) {
    const passwordHash = proctor.password === undefined ? null : await hashPassword(proctor.password);
    const { inserted } = await saveProctor(db, { email: proctor.email, name: proctor.name, passwordHash }, proctor.tests, now);
    counts[inserted ? 'inserted' : 'updated'] += 1;
  }
  return counts;
}

/**
 * Adds the proctor, or updates the one with this e-mail (its password only when a hash is given;
 * a new one needs it), and makes `testIds` exactly the tests they watch. The import and the demo
 * seed write proctors through this.
 */
export async function saveProctor(
  db: Kysely<Database>,
  proctor: { email: string; name: string; passwordHash: string | null },
  testIds: readonly string[],
  now: number,
): Promise<{ id: string; inserted: boolean }> {
  const proctors = createProctorConsoleRepository(db);
  const saved = await proctors.upsert({ id: newObjectId(now), ...proctor }, now);
  await proctors.setTests(saved.id, testIds);
  return saved;
}
