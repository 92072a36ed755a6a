import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// The everyday portal (student-portal.md sections 2 and 3): classes and their subjects, the weekly
// schedule, notifications and notices, push subscriptions, attendance, bookmarks with the chapter
// notes they open, todos, and what a profile shows beyond the users table.
//
// Dates a student sees as calendar days (attendance_date, a canceled class's date) are text
// 'yyyy-MM-dd' in the institute's time zone: a day is a day, not an instant. Times are BIGINT ms.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('classes')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('subjects')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .execute();

  // The subjects a class is taught, with its teachers (JSON list of names).
  await db.schema
    .createTable('class_subjects')
    .addColumn('class_id', 'text', (col) => col.notNull().references('classes.id').onDelete('cascade'))
    .addColumn('subject_id', 'text', (col) => col.notNull().references('subjects.id').onDelete('cascade'))
    .addColumn('teachers', 'text', (col) => col.notNull().defaultTo('[]'))
    .addPrimaryKeyConstraint('class_subjects_pk', ['class_id', 'subject_id'])
    .execute();

  // A student's class and the other fields of /update/other.
  await db.schema
    .createTable('student_profiles')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('class_id', 'text', (col) => col.references('classes.id').onDelete('set null'))
    .addColumn('address', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('institute', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('city', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();

  // Merit point purchases (profile: Purchase Date, Meritpoints, Paid). amount in paise.
  await db.schema
    .createTable('purchases')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('meritpoints', 'integer', (col) => col.notNull())
    .addColumn('amount_paise', 'bigint', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('purchases_user').on('purchases').columns(['user_id', 'created_at']).execute();

  // A weekly class: day 1 (Monday) to 7 (Sunday), slot 1 to 10, time 'HH:mm'.
  await db.schema
    .createTable('schedules')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('class_id', 'text', (col) => col.notNull().references('classes.id').onDelete('cascade'))
    .addColumn('subject_id', 'text', (col) => col.notNull().references('subjects.id').onDelete('cascade'))
    .addColumn('day', 'integer', (col) => col.notNull().check(sql`day between 1 and 7`))
    .addColumn('slot', 'integer', (col) => col.notNull().check(sql`slot between 1 and 10`))
    .addColumn('time', 'text', (col) => col.notNull())
    .addColumn('duration_minutes', 'integer', (col) => col.notNull())
    .addColumn('teachers', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('meeting_url', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('schedules_class').on('schedules').columns(['class_id', 'day', 'slot']).execute();

  await db.schema
    .createTable('schedule_cancellations')
    .addColumn('schedule_id', 'text', (col) => col.notNull().references('schedules.id').onDelete('cascade'))
    .addColumn('date', 'text', (col) => col.notNull())
    .addColumn('canceled_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('schedule_cancellations_pk', ['schedule_id', 'date'])
    .execute();

  // Notifications and notices go to everyone ('all'), a class or a student (audience_id).
  for (const table of ['notifications', 'notices'] as const) {
    await db.schema
      .createTable(table)
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('title', 'text', (col) => col.notNull())
      .addColumn('content', 'text', (col) => col.notNull())
      .addColumn('attachments', 'text', (col) => col.notNull().defaultTo('[]'))
      .addColumn('audience', 'text', (col) => col.notNull().check(sql`audience in ('all', 'class', 'student')`))
      .addColumn('audience_id', 'text')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema.createIndex(`${table}_audience`).on(table).columns(['audience', 'audience_id', 'created_at']).execute();
  }
  await db.schema
    .createTable('notification_reads')
    .addColumn('notification_id', 'text', (col) => col.notNull().references('notifications.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('read_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('notification_reads_pk', ['user_id', 'notification_id'])
    .execute();
  await db.schema
    .createTable('notice_reads')
    .addColumn('notice_id', 'text', (col) => col.notNull().references('notices.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('read_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('notice_reads_pk', ['user_id', 'notice_id'])
    .execute();

  await db.schema
    .createTable('motivations')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();

  // A browser's push subscription ('webpush': endpoint + keys) or an FCM registration token
  // ('fcm': endpoint holds the token). id is the SHA-256 of the endpoint: one row per browser.
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('webpush', 'fcm')`))
    .addColumn('endpoint', 'text', (col) => col.notNull())
    .addColumn('p256dh', 'text')
    .addColumn('auth', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('push_subscriptions_user').on('push_subscriptions').column('user_id').execute();

  await db.schema
    .createTable('attendance_records')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('attendance_date', 'text', (col) => col.notNull())
    .addColumn('attendance', 'text', (col) => col.notNull().check(sql`attendance in ('present', 'absent', 'late', 'half_day', 'leave')`))
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('attendance_records_pk', ['user_id', 'attendance_date'])
    .execute();

  // A chapter's notes: topics (JSON list of {id, name, content, subtopics: [{id, name, content}]}).
  await db.schema
    .createTable('chapter_notes')
    .addColumn('chapter_id', 'text', (col) => col.primaryKey())
    .addColumn('subject_name', 'text', (col) => col.notNull())
    .addColumn('chapter_name', 'text', (col) => col.notNull())
    .addColumn('topics', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('bookmarks')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('subject_name', 'text', (col) => col.notNull())
    .addColumn('chapter_id', 'text', (col) => col.notNull())
    .addColumn('chapter_name', 'text', (col) => col.notNull())
    .addColumn('topic_id', 'text', (col) => col.notNull())
    .addColumn('topic_name', 'text', (col) => col.notNull())
    .addColumn('subtopic_id', 'text')
    .addColumn('subtopic_name', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('bookmarks_user').on('bookmarks').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('todos')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('done', 'integer', (col) => col.notNull().defaultTo(0).check(sql`done in (0, 1)`))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('todos_user').on('todos').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'todos', 'bookmarks', 'chapter_notes', 'attendance_records', 'push_subscriptions', 'motivations', 'notice_reads', 'notification_reads',
    'notices', 'notifications', 'schedule_cancellations', 'schedules', 'purchases', 'student_profiles', 'class_subjects', 'subjects', 'classes',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
