import { sql } from 'kysely';
import type { Kysely, Selectable } from 'kysely';
import type { TestEditorStatus } from '@invigil/shared/api/staff-tests';
import type { Database, TestDraftsTable } from '../../platform/db';

export type DraftRow = Selectable<TestDraftsTable>;

/** Who is asking, for the list: null for everything (an admin), else a teacher's id and classes. */
export type EditorScope = { staffId: string; classIds: string[] } | null;

export interface ListedTest {
  id: string;
  /** Whether a published test (tests) and a draft (test_drafts) exist. */
  published: boolean;
  drafted: boolean;
  status: TestEditorStatus;
  updatedAt: number;
}

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The test editor's SQL (migration 0020): drafts, the classes of published tests, the list. */
export function createTestEditorRepository(db: Kysely<Database>) {
  return {
    async findDraft(testId: string, trx: Kysely<Database> = db): Promise<DraftRow | undefined> {
      return trx.selectFrom('test_drafts').selectAll().where('test_id', '=', testId).executeTakeFirst();
    },

    /** A new draft; false when one with this id exists. */
    async insertDraft(row: DraftRow, trx: Kysely<Database> = db): Promise<boolean> {
      const result = await trx.insertInto('test_drafts').values(row).onConflict((oc) => oc.column('test_id').doNothing()).executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
    },

    /** Replaces the draft if it is still the one saved at `baseUpdatedAt`; false when someone saved meanwhile. */
    async updateDraft(
      testId: string,
      baseUpdatedAt: number,
      change: Partial<Pick<DraftRow, 'name' | 'document' | 'document_hash' | 'published_hash' | 'published_document' | 'updated_at' | 'updated_by'>>,
      trx: Kysely<Database> = db,
    ): Promise<boolean> {
      const result = await trx.updateTable('test_drafts').set(change).where('test_id', '=', testId).where('updated_at', '=', baseUpdatedAt).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async deleteDraft(testId: string, trx: Kysely<Database> = db): Promise<void> {
      await trx.deleteFrom('test_drafts').where('test_id', '=', testId).execute();
    },

    /** The classes a published test is assigned to. */
    async classesOf(testIds: readonly string[]): Promise<Map<string, string[]>> {
      const result = new Map<string, string[]>();
      if (testIds.length === 0) return result;
      const rows = await db.selectFrom('test_classes').select(['test_id', 'class_id']).where('test_id', 'in', [...testIds]).orderBy('class_id').execute();
      for (const row of rows) result.set(row.test_id, [...(result.get(row.test_id) ?? []), row.class_id]);
      return result;
    },

    async setClasses(testId: string, classIds: readonly string[], trx: Kysely<Database>): Promise<void> {
      await trx.deleteFrom('test_classes').where('test_id', '=', testId).execute();
      const unique = [...new Set(classIds)];
      if (unique.length > 0) await trx.insertInto('test_classes').values(unique.map((classId) => ({ test_id: testId, class_id: classId }))).execute();
    },

    /** Whether a teacher may open the test: theirs, or assigned (published) to one of their classes. */
    async inScope(testId: string, scope: NonNullable<EditorScope>): Promise<boolean> {
      const owned = await db.selectFrom('test_drafts').select('test_id').where('test_id', '=', testId).where('owner_id', '=', scope.staffId).executeTakeFirst();
      if (owned) return true;
      if (scope.classIds.length === 0) return false;
      const assigned = await db.selectFrom('test_classes').select('test_id').where('test_id', '=', testId).where('class_id', 'in', scope.classIds).executeTakeFirst();
      return assigned !== undefined;
    },

    /** The ids of every test a teacher may open (theirs, or assigned to one of their classes). */
    async idsInScope(scope: NonNullable<EditorScope>): Promise<string[]> {
      const owned = await db.selectFrom('test_drafts').select('test_id').where('owner_id', '=', scope.staffId).execute();
      const assigned = scope.classIds.length === 0 ? [] : await db.selectFrom('test_classes').select('test_id').where('class_id', 'in', scope.classIds).execute();
      return [...new Set([...owned, ...assigned].map((row) => row.test_id))];
    },

    /** Students by registration number (normalised), with their class. */
    async studentsByRegNos(regNos: readonly string[]): Promise<{ id: string; regNo: string; name: string; classId: string | null }[]> {
      const unique = [...new Set(regNos)];
      const found: { id: string; regNo: string; name: string; classId: string | null }[] = [];
      for (let at = 0; at < unique.length; at += 1_000) {
        const rows = await db
          .selectFrom('users')
          .leftJoin('student_profiles', 'student_profiles.user_id', 'users.id')
          .select(['users.id', 'users.reg_no', 'users.name', 'student_profiles.class_id'])
          .where('users.reg_no', 'in', unique.slice(at, at + 1_000))
          .execute();
        for (const row of rows) found.push({ id: row.id, regNo: row.reg_no, name: row.name, classId: row.class_id });
      }
      return found;
    },

    /**
     * One page of every test: published (tests) and drafted (test_drafts), newest change first,
     * searched by id or name, filtered by status and by a teacher's scope. Two queries (page and
     * count) over the union of the two tables' ids.
     */
    async list(filter: { q: string; status: TestEditorStatus | undefined; scope: EditorScope }, offset: number, limit: number): Promise<{ items: ListedTest[]; total: number }> {
      // The stored test is what the list shows: no draft, or a draft without changes of its own
      // published before the import wrote the test again (as `drafted` below, and the editor's load).
      // The search matches, and the order follows, the name and time shown, not a stale draft's.
      const showsStored = sql<boolean>`(test_drafts.test_id is null or (tests.id is not null and test_drafts.document_hash = test_drafts.published_hash and tests.updated_at > test_drafts.updated_at))`;
      const shownName = sql<string>`(case when ${showsStored} then tests.name else test_drafts.name end)`;
      const changedAt = sql<number>`(case when ${showsStored} then tests.updated_at else test_drafts.updated_at end)`;
      const base = () => {
        let query = db
          .with('ids', (qb) => qb.selectFrom('tests').select('tests.id as id').union(qb.selectFrom('test_drafts').select('test_drafts.test_id as id')))
          .selectFrom('ids')
          .leftJoin('tests', 'tests.id', 'ids.id')
          .leftJoin('test_drafts', 'test_drafts.test_id', 'ids.id');
        if (filter.q !== '') {
          const pattern = `%${escapeLike(filter.q.toLowerCase())}%`;
          query = query.where((eb) =>
            eb.or([
              eb(sql`lower(ids.id)`, 'like', sql`${pattern} escape '\\'`),
              eb(sql`lower(${shownName})`, 'like', sql`${pattern} escape '\\'`),
            ]),
          );
        }
        if (filter.status === 'draft') query = query.where('tests.id', 'is', null);
        else if (filter.status === 'published')
          query = query.where('tests.id', 'is not', null).where((eb) => eb.or([eb('test_drafts.test_id', 'is', null), eb('test_drafts.document_hash', '=', eb.ref('test_drafts.published_hash'))]));
        else if (filter.status === 'changed')
          query = query
            .where('tests.id', 'is not', null)
            .where('test_drafts.test_id', 'is not', null)
            .where((eb) => eb.or([eb('test_drafts.published_hash', 'is', null), eb('test_drafts.document_hash', '<>', eb.ref('test_drafts.published_hash'))]));
        const scope = filter.scope;
        if (scope !== null) {
          query = query.where((eb) =>
            eb.or([
              eb('test_drafts.owner_id', '=', scope.staffId),
              ...(scope.classIds.length === 0
                ? []
                : [eb.exists(eb.selectFrom('test_classes').select('test_classes.test_id').whereRef('test_classes.test_id', '=', 'ids.id').where('test_classes.class_id', 'in', scope.classIds))]),
            ]),
          );
        }
        return query;
      };
      const [rows, count] = await Promise.all([
        base()
          .select([
            'ids.id as id',
            'tests.id as published_id',
            'test_drafts.test_id as draft_id',
            'test_drafts.document_hash',
            'test_drafts.published_hash',
            'test_drafts.updated_at as draft_updated_at',
            'tests.updated_at as test_updated_at',
            changedAt.as('changed_at'),
          ])
          .orderBy('changed_at', 'desc')
          .orderBy('ids.id')
          .limit(limit)
          .offset(offset)
          .execute(),
        base().select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        total: Number(count.n),
        items: rows.map((row) => {
          const published = row.published_id !== null;
          const unchanged = row.document_hash === row.published_hash;
          // A draft without changes of its own, published before the import wrote the test again: the stored test is what it shows.
          const drafted = row.draft_id !== null && !(published && unchanged && Number(row.test_updated_at) > Number(row.draft_updated_at));
          const status: TestEditorStatus = !published ? 'draft' : !drafted || unchanged ? 'published' : 'changed';
          return { id: row.id, published, drafted, status, updatedAt: Number(row.changed_at) };
        }),
      };
    },

    async documentsOf(testIds: readonly string[]): Promise<Map<string, string>> {
      if (testIds.length === 0) return new Map();
      const rows = await db.selectFrom('test_drafts').select(['test_id', 'document']).where('test_id', 'in', [...testIds]).execute();
      return new Map(rows.map((row) => [row.test_id, row.document]));
    },
  };
}

export type TestEditorRepository = ReturnType<typeof createTestEditorRepository>;
