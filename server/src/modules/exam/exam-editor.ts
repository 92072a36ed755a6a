import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { ImportTest } from '@invigil/shared/api/test-import';
import { importFileSchema } from '@invigil/shared/api/test-import';
import type { TestPaper } from '@invigil/shared/api/tests';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/lib/app-error';
import type { Logger } from '../../platform/lib/logger';
import type { ReadableIssue } from '../../platform/lib/readable-issues';
import { normaliseRegNo } from '../auth/auth-module';
import { checkExamReferences, writeExamSections } from './exam-import';
import { parseStoredKey } from './scoring';
import type { StoredKey } from './scoring';
import { createTestRepository } from './test-repository';
import type { TestRecord } from './test-repository';

/**
 * What the staff's test editor (issue 28, decision 0058) reads and writes of the exam: a stored
 * test as the editor opens it, the attempt counts that decide what a publication may change, and
 * the publication itself, which is one test of an import file written by the import's own
 * services (checkExamReferences + writeExamSections), so the editor and `npm run import` agree.
 */

/** A stored test with its paper, key and assigned students (the editor makes its draft from it). */
export interface StoredTestSource {
  record: TestRecord;
  paper: TestPaper;
  key: StoredKey;
  /** Registration numbers of the students it is assigned to (test_assignments). */
  assignedRegNos: string[];
}

export async function storedTestSource(db: Kysely<Database>, testId: string): Promise<StoredTestSource | undefined> {
  const tests = createTestRepository(db);
  const record = await tests.findById(testId);
  if (!record) return undefined;
  const row = await db.selectFrom('tests').select(['paper', 'answer_key']).where('id', '=', testId).executeTakeFirstOrThrow();
  const assigned = await db
    .selectFrom('test_assignments')
    .innerJoin('users', 'users.id', 'test_assignments.user_id')
    .select('users.reg_no')
    .where('test_assignments.test_id', '=', testId)
    .orderBy('users.reg_no')
    .execute();
  return { record, paper: JSON.parse(row.paper) as TestPaper, key: parseStoredKey(row.answer_key), assignedRegNos: assigned.map((user) => user.reg_no) };
}

/** What the editor's list shows of published tests it has no draft of. */
export interface PublishedTestFacts {
  id: string;
  name: string;
  noq: number;
  maxMarks: number;
  /** Minutes. */
  duration: number;
  activationAt: number | null;
  endsAt: number | null;
  openToAll: boolean;
  /** Students assigned one by one. */
  students: number;
}

export async function publishedTestFacts(db: Kysely<Database>, testIds: readonly string[]): Promise<Map<string, PublishedTestFacts>> {
  const facts = new Map<string, PublishedTestFacts>();
  if (testIds.length === 0) return facts;
  const [rows, counts] = await Promise.all([
    db.selectFrom('tests').select(['id', 'name', 'noq', 'paper', 'duration_seconds', 'activation_at', 'ends_at', 'open_to_all']).where('id', 'in', [...testIds]).execute(),
    db.selectFrom('test_assignments').select(['test_id', (eb) => eb.fn.countAll().as('n')]).where('test_id', 'in', [...testIds]).groupBy('test_id').execute(),
  ]);
  const students = new Map(counts.map((row) => [row.test_id, Number(row.n)]));
  for (const row of rows) {
    const paper = JSON.parse(row.paper) as Partial<TestPaper>;
    facts.set(row.id, {
      id: row.id,
      name: row.name,
      noq: Number(row.noq),
      maxMarks: paper.format?.max_marks ?? 0,
      duration: Number(row.duration_seconds) / 60,
      activationAt: row.activation_at === null ? null : Number(row.activation_at),
      endsAt: row.ends_at === null ? null : Number(row.ends_at),
      openToAll: Number(row.open_to_all) === 1,
      students: students.get(row.id) ?? 0,
    });
  }
  return facts;
}

/**
 * Attempts per test: running (not submitted, and paused or before the deadline's grace) and
 * submitted (or past the grace: the deadline sweeper submits those). One aggregate query.
 */
export async function attemptCounts(db: Kysely<Database>, testIds: readonly string[], now: number, graceMs: number): Promise<Map<string, { running: number; submitted: number }>> {
  const counts = new Map<string, { running: number; submitted: number }>();
  if (testIds.length === 0) return counts;
  const open = now - graceMs;
  const rows = await db
    .selectFrom('attempts')
    .select([
      'test_id',
      sql<number>`sum(case when submitted_at is null and (paused_at is not null or deadline_ms > ${open}) then 1 else 0 end)`.as('running'),
      sql<number>`sum(case when submitted_at is null and (paused_at is not null or deadline_ms > ${open}) then 0 else 1 end)`.as('submitted'),
    ])
    .where('test_id', 'in', [...testIds])
    .groupBy('test_id')
    .execute();
  for (const row of rows) counts.set(row.test_id, { running: Number(row.running), submitted: Number(row.submitted) });
  return counts;
}

/**
 * Deletes a stored test nobody has started (its assignments, classes and proctors go with it); false
 * when someone has. Its last version is remembered (migration 0021): a later test with the same id
 * goes on from it, so no paper cache keyed by id and version serves it this test's paper.
 */
export async function deleteUnstartedTest(db: Kysely<Database>, testId: string, now: number): Promise<boolean> {
  const started = await db.selectFrom('attempts').select('id').where('test_id', '=', testId).limit(1).executeTakeFirst();
  if (started) return false;
  const stored = await db.selectFrom('tests').select('version').where('id', '=', testId).executeTakeFirst();
  if (stored) await createTestRepository(db).retireVersion(testId, Number(stored.version), now);
  await db.deleteFrom('tests').where('id', '=', testId).execute();
  return true;
}

/** The version a new test with this id starts at: 1, or the one after a deleted test's last (migration 0021). */
export async function firstVersionOf(db: Kysely<Database>, testId: string): Promise<number> {
  return (await createTestRepository(db).retiredVersionOf(testId)) + 1;
}

export interface PublishResult {
  version: number;
  newVersion: boolean;
  /** Submitted attempts scored again (the key changed). */
  rescored: number;
}

/**
 * Writes one test as the JSON import does, inside the caller's transaction: its paper (a changed
 * paper is a new version), key (a changed key scores the submitted attempts again), settings and
 * assigned students. `userIds` gives the students' ids by registration number (normalised);
 * `keepAccessCode` keeps the stored code when the test gives none.
 */
export async function publishImportTest(
  db: Kysely<Database>,
  test: ImportTest,
  options: { userIds: ReadonlyMap<string, string>; keepAccessCode: boolean; now: number; logger: Logger },
): Promise<PublishResult> {
  const file = { ...importFileSchema.parse({ version: 1 }), tests: [test] };
  const userIdOf = (regNo: string): string | undefined => options.userIds.get(normaliseRegNo(regNo));
  const issues: ReadableIssue[] = [];
  const plan = await checkExamReferences(db, file, (regNo) => userIdOf(regNo) !== undefined, userIdOf, () => undefined, issues);
  if (issues.length > 0) throw new AppError('unprocessable', issues[0]?.message ?? 'The test cannot be published.', { issues });
  const before = plan.storedTests.get(test._id);
  const tests = createTestRepository(db);
  const oldKey = before ? await tests.answerKeyOf(test._id) : undefined;
  await writeExamSections(
    db,
    file,
    plan,
    (regNo) => {
      const id = userIdOf(regNo);
      if (id === undefined) throw new Error(`No user id for ${regNo}`);
      return id;
    },
    options.now,
    options.logger,
    { keepAccessCode: (id) => options.keepAccessCode && id === test._id },
  );
  const after = await tests.findById(test._id);
  const newKey = await tests.answerKeyOf(test._id);
  let rescored = 0;
  if (before && oldKey !== newKey) {
    const row = await db.selectFrom('attempts').select((eb) => eb.fn.countAll().as('n')).where('test_id', '=', test._id).where('submitted_at', 'is not', null).executeTakeFirst();
    rescored = Number(row?.n ?? 0);
  }
  const version = after?.version ?? 1;
  return { version, newVersion: before !== undefined && version !== before.version, rescored };
}
