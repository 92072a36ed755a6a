import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// Live proctoring (issue 12): proctor accounts, their tests, chat, proctor commands, pause.
//
// proctors: a role beside students, signing in on their own page with an email and a password
// (scrypt, like users). proctor_tests: the tests a proctor watches; nothing else is theirs.
//
// chat_messages: one thread per (test, student). The sender chooses the id, so a message resent
// after a dropped connection lands once: the key is (test_id, user_id, id), never the id alone, so
// one student's ids cannot collide with another's. A proctor's message to every candidate is one
// row per thread with the same id. author 'student' or 'proctor'; read_at: read by the other side.
//
// proctor_commands: each command a proctor sent to one attempt, with its delivery: sent_at (stored
// and pushed), delivered_at (the page has it), applied_at (the page acted on it); the times only
// ever move forward. et: EXTEND_TEST minutes; ed: SELECT_WEBCAM device id.
//
// attempts.paused_at: set while a proctor has paused the attempt; the deadline does not run (RESUME
// moves deadline_ms by the paused time) and the deadline sweeper leaves it alone.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('proctors')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('email', 'text', (col) => col.notNull().unique())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('proctor_tests')
    .addColumn('proctor_id', 'text', (col) => col.notNull().references('proctors.id').onDelete('cascade'))
    .addColumn('test_id', 'text', (col) => col.notNull().references('tests.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('proctor_tests_pk', ['proctor_id', 'test_id'])
    .execute();
  await db.schema.createIndex('proctor_tests_test').on('proctor_tests').column('test_id').execute();

  await db.schema
    .createTable('chat_messages')
    .addColumn('test_id', 'text', (col) => col.notNull().references('tests.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('id', 'text', (col) => col.notNull())
    .addColumn('author', 'text', (col) => col.notNull().check(sql`author in ('student', 'proctor')`))
    .addColumn('proctor_id', 'text')
    .addColumn('proctor_name', 'text')
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('sent_at', 'bigint', (col) => col.notNull())
    .addColumn('read_at', 'bigint')
    .addPrimaryKeyConstraint('chat_messages_pk', ['test_id', 'user_id', 'id'])
    .execute();
  await db.schema.createIndex('chat_messages_thread').on('chat_messages').columns(['test_id', 'user_id', 'sent_at']).execute();

  await db.schema
    .createTable('proctor_commands')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('attempt_id', 'text', (col) => col.notNull().references('attempts.id').onDelete('cascade'))
    .addColumn('test_id', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('et', 'integer')
    .addColumn('ed', 'text')
    .addColumn('proctor_id', 'text', (col) => col.notNull())
    .addColumn('proctor_name', 'text', (col) => col.notNull())
    .addColumn('sent_at', 'bigint', (col) => col.notNull())
    .addColumn('delivered_at', 'bigint')
    .addColumn('applied_at', 'bigint')
    .execute();
  await db.schema.createIndex('proctor_commands_attempt').on('proctor_commands').columns(['attempt_id', 'sent_at']).execute();
  await db.schema.createIndex('proctor_commands_test').on('proctor_commands').columns(['test_id', 'sent_at']).execute();

  await db.schema.alterTable('attempts').addColumn('paused_at', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('attempts').dropColumn('paused_at').execute();
  await db.schema.dropTable('proctor_commands').execute();
  await db.schema.dropTable('chat_messages').execute();
  await db.schema.dropTable('proctor_tests').execute();
  await db.schema.dropTable('proctors').execute();
}
