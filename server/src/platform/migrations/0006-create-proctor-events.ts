import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// The proctoring event trail (decision 0011) and the snapshots its events can point to.
//
// proctor_events: one row per event an attempt's reporters (the extension, the page) sent. The
// reporter gives each event an id; (attempt_id, event_id) is the key, so a replayed request
// stores nothing twice. client_at is the reporter's clock as sent; at is that time moved onto the
// server's clock (by the request's sent_at); received_at is the server's clock on arrival. late:
// arrived after submission (or the deadline) and its grace: kept, marked. detail is a small JSON
// object; evidence the file key of a snapshot of the same attempt (not a foreign key: an event may
// arrive before its snapshot, and only snapshots of the same attempt are ever resolved).
//
// proctor_snapshots: camera snapshots in the upload store (BLOB_DIR/uploads/<file_key>).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('proctor_events')
    .addColumn('attempt_id', 'text', (col) => col.notNull().references('attempts.id').onDelete('cascade'))
    .addColumn('event_id', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('source', 'text', (col) => col.notNull())
    // 'student' (the access token) or 'proctor-token': which credential delivered it.
    .addColumn('via', 'text', (col) => col.notNull())
    .addColumn('client_at', 'bigint', (col) => col.notNull())
    .addColumn('at', 'bigint', (col) => col.notNull())
    .addColumn('received_at', 'bigint', (col) => col.notNull())
    .addColumn('detail', 'text')
    .addColumn('evidence', 'text')
    .addColumn('late', 'integer', (col) => col.notNull().defaultTo(0).check(sql`late in (0, 1)`))
    .addPrimaryKeyConstraint('proctor_events_pk', ['attempt_id', 'event_id'])
    .execute();

  await db.schema
    .createTable('proctor_snapshots')
    .addColumn('file_key', 'text', (col) => col.primaryKey())
    .addColumn('attempt_id', 'text', (col) => col.notNull().references('attempts.id').onDelete('cascade'))
    .addColumn('reason', 'text')
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('size', 'bigint', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('proctor_snapshots_attempt').on('proctor_snapshots').columns(['attempt_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('proctor_snapshots').execute();
  await db.schema.dropTable('proctor_events').execute();
}
