import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
import type { ShuffleMode, TestConfig, TestType } from '@invigil/shared/api/tests';
import { reviewRuleSchema, testConfigSchema } from '@invigil/shared/api/tests';
import type { ReviewRule } from '@invigil/shared/domain/review-release';
import type { Database, TestsTable } from '../../platform/db';
import { preparedQuery } from '../../platform/lib/prepared-query';

/** A test as the services see it, without its paper and key (those are read on their own). */
export interface TestRecord {
  id: string;
  name: string;
  description: string;
  type: TestType;
  mockId: string | null;
  instruction: string;
  chapters: string[];
  config: TestConfig;
  version: number;
  paperHash: string;
  durationSeconds: number;
  activationAt: number | null;
  endsAt: number | null;
  accessCodeHash: string | null;
  mpCost: number;
  shuffle: ShuffleMode;
  partwiseTiming: boolean;
  partwiseTimeGapSeconds: number;
  skipPrepare: boolean;
  allowResume: boolean;
  openToAll: boolean;
  noq: number;
  createdAt: number;
  updatedAt: number;
  /** The review release rule (decision 0051): null for the default. */
  reviewRule: ReviewRule | null;
  /** Under 'manual': when the institute released the review; null: not yet. */
  reviewReleasedAt: number | null;
}

/** A whole row, for writing (import). */
export type TestRow = Selectable<TestsTable>;

/** Every column but the two big JSON documents. */
export const TEST_RECORD_COLUMNS = [
  'tests.id',
  'tests.name',
  'tests.description',
  'tests.type',
  'tests.mock_id',
  'tests.instruction',
  'tests.chapters',
  'tests.config',
  'tests.version',
  'tests.paper_hash',
  'tests.duration_seconds',
  'tests.activation_at',
  'tests.ends_at',
  'tests.access_code_hash',
  'tests.mp_cost',
  'tests.shuffle',
  'tests.partwise_timing',
  'tests.partwise_time_gap_seconds',
  'tests.skip_prepare',
  'tests.allow_resume',
  'tests.open_to_all',
  'tests.noq',
  'tests.created_at',
  'tests.updated_at',
  'tests.review_rule',
  'tests.review_released_at',
] as const;

type RecordRow = Omit<TestRow, 'paper' | 'answer_key'>;

/**
 * A student may see a test open to all, assigned to them, or assigned to their class (test_classes,
 * decision 0058). One EXISTS over a UNION ALL of two primary-key probes: the assignment by
 * (test_id, user_id), and the student's class (student_profiles by user_id) against
 * (test_id, class_id).
 */
export function visibleToUser<TB extends 'tests'>(eb: ExpressionBuilder<Database, TB>, userId: string) {
  const tests = eb as unknown as ExpressionBuilder<Database, 'tests'>;
  return tests.or([
    tests('tests.open_to_all', '=', 1),
    tests.exists(
      tests
        .selectFrom('test_assignments')
        .select('test_assignments.test_id')
        .whereRef('test_assignments.test_id', '=', 'tests.id')
        .where('test_assignments.user_id', '=', userId)
        .unionAll(
          tests
            .selectFrom('test_classes')
            .innerJoin('student_profiles', 'student_profiles.class_id', 'test_classes.class_id')
            .select('test_classes.test_id')
            .whereRef('test_classes.test_id', '=', 'tests.id')
            .where('student_profiles.user_id', '=', userId),
        ),
    ),
  ]);
}

const findVisibleQuery = preparedQuery(['userId', 'id'], (db: Kysely<Database>, p) =>
  db
    .selectFrom('tests')
    .select(TEST_RECORD_COLUMNS)
    .where((eb) => visibleToUser(eb, p.userId))
    .where('tests.id', '=', p.id),
);

function parseJson<T>(raw: string, fallback: T, check?: (value: unknown) => T | undefined): T {
  try {
    const value: unknown = JSON.parse(raw);
    return check ? (check(value) ?? fallback) : (value as T);
  } catch {
    return fallback;
  }
}

const toNumberOrNull = (value: number | string | null): number | null => (value === null ? null : Number(value));

export function toTestRecord(row: RecordRow): TestRecord {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    type: row.type as TestType,
    mockId: row.mock_id,
    instruction: row.instruction,
    chapters: parseJson<string[]>(row.chapters, [], (value) => (Array.isArray(value) ? value.map(String) : undefined)),
    config: parseJson<TestConfig>(row.config, {}, (value) => testConfigSchema.safeParse(value).data),
    version: Number(row.version),
    paperHash: row.paper_hash,
    durationSeconds: Number(row.duration_seconds),
    activationAt: toNumberOrNull(row.activation_at),
    endsAt: toNumberOrNull(row.ends_at),
    accessCodeHash: row.access_code_hash,
    mpCost: Number(row.mp_cost),
    shuffle: row.shuffle as ShuffleMode,
    partwiseTiming: Number(row.partwise_timing) === 1,
    partwiseTimeGapSeconds: Number(row.partwise_time_gap_seconds),
    skipPrepare: Number(row.skip_prepare) === 1,
    allowResume: Number(row.allow_resume) === 1,
    openToAll: Number(row.open_to_all) === 1,
    noq: Number(row.noq),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    reviewRule: reviewRuleSchema.safeParse(row.review_rule).data ?? null,
    reviewReleasedAt: toNumberOrNull(row.review_released_at),
  };
}

export function createTestRepository(db: Kysely<Database>) {
  /** Tests a student may see: open to all, or assigned to them. */
  const visibleTo = (userId: string) =>
    db
      .selectFrom('tests')
      .select(TEST_RECORD_COLUMNS)
      .where((eb) => visibleToUser(eb, userId));

  return {
    async findById(id: string): Promise<TestRecord | undefined> {
      const row = await db.selectFrom('tests').select(TEST_RECORD_COLUMNS).where('id', '=', id).executeTakeFirst();
      return row && toTestRecord(row);
    },

    /** The test if the student may see it. */
    async findVisible(userId: string, id: string): Promise<TestRecord | undefined> {
      const row = (await findVisibleQuery(db, { userId, id })).rows[0];
      return row && toTestRecord(row);
    },

    async listVisible(userId: string): Promise<TestRecord[]> {
      const rows = await visibleTo(userId).orderBy('tests.created_at', 'desc').orderBy('tests.id').execute();
      return rows.map(toTestRecord);
    },

    /** The serialised paper of the current version, as stored. */
    async paperOf(id: string): Promise<{ version: number; paper: string } | undefined> {
      const row = await db.selectFrom('tests').select(['version', 'paper']).where('id', '=', id).executeTakeFirst();
      return row && { version: Number(row.version), paper: row.paper };
    },

    async answerKeyOf(id: string): Promise<string | undefined> {
      const row = await db.selectFrom('tests').select('answer_key').where('id', '=', id).executeTakeFirst();
      return row?.answer_key;
    },

    async count(): Promise<number> {
      const row = await db.selectFrom('tests').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async insert(row: TestRow): Promise<void> {
      await db.insertInto('tests').values(row).execute();
    },

    /** The last version of a deleted test with this id (migration 0021); 0 when none was deleted. */
    async retiredVersionOf(id: string): Promise<number> {
      const row = await db.selectFrom('retired_test_versions').select('last_version').where('test_id', '=', id).executeTakeFirst();
      return row ? Number(row.last_version) : 0;
    },

    /** Remembers a deleted test's last version, so a later test with its id never repeats one. */
    async retireVersion(id: string, version: number, now: number): Promise<void> {
      const before = await db.selectFrom('retired_test_versions').select('last_version').where('test_id', '=', id).executeTakeFirst();
      const last = Math.max(version, before ? Number(before.last_version) : 0);
      await db
        .insertInto('retired_test_versions')
        .values({ test_id: id, last_version: last, retired_at: now })
        .onConflict((oc) => oc.column('test_id').doUpdateSet({ last_version: last, retired_at: now }))
        .execute();
    },

    async update(row: TestRow): Promise<void> {
      const { id, created_at: _createdAt, ...changes } = row;
      await db.updateTable('tests').set(changes).where('id', '=', id).execute();
    },

    /** Sets the review release rule and time (decision 0051). */
    async setReviewRelease(id: string, rule: ReviewRule | null, releasedAt: number | null, now: number): Promise<void> {
      await db.updateTable('tests').set({ review_rule: rule, review_released_at: releasedAt, updated_at: now }).where('id', '=', id).execute();
    },

    /** Replaces who the test is assigned to. */
    async replaceAssignments(testId: string, userIds: readonly string[]): Promise<void> {
      await db.deleteFrom('test_assignments').where('test_id', '=', testId).execute();
      for (let i = 0; i < userIds.length; i += 500) {
        const chunk = userIds.slice(i, i + 500).map((userId) => ({ test_id: testId, user_id: userId }));
        if (chunk.length > 0) await db.insertInto('test_assignments').values(chunk).execute();
      }
    },
  };
}

export type TestRepository = ReturnType<typeof createTestRepository>;
