import { describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { Database } from '../db';
import { migrateToLatest } from '../migrations/migrate';
import { useTestDatabases } from '../../test-support/test-db';
import { preparedQuery } from './prepared-query';

const databases = useTestDatabases();

const insertReport = preparedQuery(['id', 'userId', 'qn', 'text'], (db: Kysely<Database>, p) =>
  db.insertInto('question_reports').values({ id: p.id, user_id: p.userId, test_id: 't1', qn: p.qn, text: p.text, created_at: 5 }),
);
// The same parameter twice, a constant in between, and a null value.
const reportsOf = preparedQuery(['userId', 'minQn'], (db: Kysely<Database>, p) =>
  db
    .selectFrom('question_reports')
    .select(['id', 'qn', 'text'])
    .where('user_id', '=', p.userId)
    .where('test_id', '=', 't1')
    .where('qn', '>=', p.minQn)
    .where((eb) => eb.or([eb('user_id', '=', p.userId), eb('text', 'is', null)]))
    .orderBy('qn'),
);

describe('prepared queries', () => {
  it('compile once per database and bind new values each time, inside and outside transactions', async () => {
    const db = await databases.fresh();
    await migrateToLatest(db.kysely);
    await db.kysely
      .insertInto('users')
      .values(
        ['u1', 'u2'].map((id) => ({
          id,
          reg_no: id.toUpperCase(),
          email: `${id}@example.edu`,
          name: id,
          phone: '',
          password_hash: 'x',
          meritpoints: 0,
          avatar: null,
          config: '{}',
          verified: 1 as const,
          otp_hash: null,
          otp_expires_at: null,
          password_changed_at: 0,
          created_at: 0,
        })),
      )
      .execute();
    await db.kysely
      .insertInto('tests')
      .values({
        id: 't1',
        name: 'T',
        description: '',
        type: 'mock',
        mock_id: null,
        instruction: '',
        chapters: '[]',
        config: '{}',
        paper: '{}',
        paper_hash: 'h',
        version: 1,
        answer_key: '[]',
        duration_seconds: 60,
        activation_at: null,
        ends_at: null,
        access_code_hash: null,
        mp_cost: 0,
        shuffle: 'none',
        partwise_timing: 0,
        partwise_time_gap_seconds: 0,
        skip_prepare: 0,
        allow_resume: 1,
        open_to_all: 1,
        noq: 3,
        created_at: 0,
        updated_at: 0,
      })
      .execute();

    const inserted = await insertReport(db.kysely, { id: 'r1', userId: 'u1', qn: 1, text: 'one' });
    expect(Number(inserted.numAffectedRows)).toBe(1);
    await db.kysely.transaction().execute(async (trx) => {
      await insertReport(trx, { id: 'r2', userId: 'u1', qn: 2, text: 'two' });
      await insertReport(trx, { id: 'r3', userId: 'u2', qn: 3, text: 'three' });
    });

    expect((await reportsOf(db.kysely, { userId: 'u1', minQn: 1 })).rows.map((row) => [row.id, Number(row.qn), row.text])).toEqual([
      ['r1', 1, 'one'],
      ['r2', 2, 'two'],
    ]);
    expect((await reportsOf(db.kysely, { userId: 'u1', minQn: 2 })).rows.map((row) => row.id)).toEqual(['r2']);
    expect((await db.kysely.transaction().execute((trx) => reportsOf(trx, { userId: 'u2', minQn: 0 }))).rows.map((row) => row.id)).toEqual(['r3']);
  });

  it('refuses a query that does not use every parameter', async () => {
    const db = await databases.fresh();
    const broken = preparedQuery(['id', 'unused'], (kysely: Kysely<Database>, p) => kysely.selectFrom('users').select('id').where('id', '=', p.id));
    await expect(broken(db.kysely, { id: 'x', unused: 1 })).rejects.toThrow(/does not use unused/);
  });
});
