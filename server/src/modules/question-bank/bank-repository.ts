import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { ImportQuestion } from '@invigil/shared/api/test-import';
import type { Database } from '../../platform/db';

/** A question of the bank as stored (one version). */
export interface BankRow {
  id: string;
  version: number;
  kind: 'question' | 'description';
  name: string;
  question: ImportQuestion;
  subjectId: string | null;
  chapter: string | null;
  difficulty: 1 | 2 | 3 | null;
  labels: string[];
  ownerId: string | null;
  createdAt: number;
  updatedAt: number;
  archivedAt: number | null;
}

/** What a staff member sees of the bank: null for everything (an admin), else their subjects' questions and their own. */
export type BankScope = { staffId: string; subjectIds: string[] } | null;

export interface BankFilter {
  q: string;
  subjectId?: string | undefined;
  chapter?: string | undefined;
  difficulty?: 1 | 2 | 3 | undefined;
  type?: string | undefined;
}

/** A LIKE pattern matching `text` literally anywhere ('\' escapes). */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

type Row = Database['bank_questions'];

function toRow(row: Row): BankRow {
  return {
    id: row.id,
    version: Number(row.version),
    kind: row.kind,
    name: row.name,
    question: JSON.parse(row.question) as ImportQuestion,
    subjectId: row.subject_id,
    chapter: row.chapter,
    difficulty: row.difficulty === null ? null : (Number(row.difficulty) as 1 | 2 | 3),
    labels: JSON.parse(row.labels) as string[],
    ownerId: row.owner_id,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    archivedAt: row.archived_at === null ? null : Number(row.archived_at),
  };
}

/** The bank's tables (migration 0019): each question's current version, and every version. */
export function createBankRepository(db: Kysely<Database>) {
  const visible = (scope: BankScope) => {
    let query = db.selectFrom('bank_questions').where('archived_at', 'is', null);
    if (scope) {
      const { staffId, subjectIds } = scope;
      query = query.where((eb) => (subjectIds.length > 0 ? eb.or([eb('subject_id', 'in', subjectIds), eb('owner_id', '=', staffId)]) : eb('owner_id', '=', staffId)));
    }
    return query;
  };

  return {
    async list(scope: BankScope, filter: BankFilter, offset: number, limit: number): Promise<{ items: BankRow[]; total: number }> {
      let query = visible(scope);
      if (filter.q) query = query.where(sql<boolean>`search like ${likePattern(filter.q)} escape '\\'`);
      if (filter.subjectId) query = query.where('subject_id', '=', filter.subjectId);
      if (filter.chapter) query = query.where(sql<boolean>`lower(chapter) = ${filter.chapter.toLowerCase()}`);
      if (filter.difficulty) query = query.where('difficulty', '=', filter.difficulty);
      if (filter.type === 'description') query = query.where('kind', '=', 'description');
      else if (filter.type) query = query.where('kind', '=', 'question').where('qt', '=', Number(filter.type));
      const [rows, count] = await Promise.all([
        query.selectAll().orderBy('updated_at', 'desc').orderBy('id').offset(offset).limit(limit).execute(),
        query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toRow), total: Number(count.n) };
    },

    async chapters(scope: BankScope): Promise<string[]> {
      const rows = await visible(scope).select('chapter').distinct().where('chapter', 'is not', null).orderBy('chapter').limit(500).execute();
      return rows.map((row) => row.chapter as string);
    },

    async find(id: string): Promise<BankRow | undefined> {
      const row = await db.selectFrom('bank_questions').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toRow(row) : undefined;
    },

    async findMany(ids: readonly string[]): Promise<BankRow[]> {
      if (ids.length === 0) return [];
      const rows = await db.selectFrom('bank_questions').selectAll().where('id', 'in', [...ids]).execute();
      return rows.map(toRow);
    },

    /** One version of a question (a test refers to its questions by id and version). */
    async version(id: string, version: number): Promise<Omit<BankRow, 'ownerId' | 'archivedAt' | 'updatedAt'> | undefined> {
      const row = await db.selectFrom('bank_question_versions').selectAll().where('question_id', '=', id).where('version', '=', version).executeTakeFirst();
      if (!row) return undefined;
      return {
        id: row.question_id,
        version: Number(row.version),
        kind: row.kind,
        name: row.name,
        question: JSON.parse(row.question) as ImportQuestion,
        subjectId: row.subject_id,
        chapter: row.chapter,
        difficulty: row.difficulty === null ? null : (Number(row.difficulty) as 1 | 2 | 3),
        labels: JSON.parse(row.labels) as string[],
        createdAt: Number(row.created_at),
      };
    },

    /** Writes a question's new version (version 1: a new question), in `trx` when given. */
    /** False when the question's version is no longer `row.version - 1` (another edit came first). */
    async save(row: Omit<BankRow, 'archivedAt'>, search: string, authorId: string, trx: Kysely<Database> = db): Promise<boolean> {
      const common = {
        kind: row.kind,
        name: row.name,
        question: JSON.stringify(row.question),
        subject_id: row.subjectId,
        chapter: row.chapter,
        difficulty: row.difficulty,
        labels: JSON.stringify(row.labels),
      };
      if (row.version === 1) {
        await trx
          .insertInto('bank_questions')
          .values({ id: row.id, version: 1, ...common, qt: row.question.qt, owner_id: row.ownerId, search, created_at: row.createdAt, updated_at: row.updatedAt, archived_at: null })
          .execute();
      } else {
        const updated = await trx
          .updateTable('bank_questions')
          .set({ version: row.version, ...common, qt: row.question.qt, search, updated_at: row.updatedAt })
          .where('id', '=', row.id)
          .where('version', '=', row.version - 1)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) return false;
      }
      await trx.insertInto('bank_question_versions').values({ question_id: row.id, version: row.version, ...common, author_id: authorId, created_at: row.updatedAt }).execute();
      return true;
    },

    async archive(id: string, now: number, trx: Kysely<Database> = db): Promise<void> {
      await trx.updateTable('bank_questions').set({ archived_at: now, updated_at: now }).where('id', '=', id).execute();
    },

    transaction<T>(work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
      return db.transaction().execute(work);
    },
  };
}

export type BankRepository = ReturnType<typeof createBankRepository>;
