import { describe, expect, it } from 'vitest';
import { silentLogger } from '../lib/logger';
import { createStudentDirectory } from '../../modules/auth/auth-module';
import { DEMO_PASSWORD, DEMO_USERS, seedDemoData } from '../../seed/demo-seed';
import { fakeClock } from '../../test-support/test-app';
import { useTestDatabases } from '../../test-support/test-db';
import { migrateToLatest } from './migrate';
import { verifyPassword } from '../lib/password';

const databases = useTestDatabases();

describe('migrations', () => {
  it('create the tables on an empty database and do nothing the second time', async () => {
    const db = await databases.fresh();
    const first = await migrateToLatest(db.kysely);
    expect(first.map((result) => [result.migrationName, result.status])).toEqual([
      ['0001-create-users', 'Success'],
      ['0002-create-login-failures', 'Success'],
      ['0003-create-tests', 'Success'],
      ['0004-create-uploads', 'Success'],
      ['0005-create-grades', 'Success'],
      ['0006-create-proctor-events', 'Success'],
      ['0007-create-ended-sessions', 'Success'],
      ['0008-create-portal-records', 'Success'],
      ['0009-create-study-items', 'Success'],
      ['0010-create-fees-and-payments', 'Success'],
      ['0011-create-queries', 'Success'],
      ['0012-create-certificates', 'Success'],
      ['0013-create-live-proctoring', 'Success'],
      ['0014-create-job-locks', 'Success'],
      ['0015-add-review-release', 'Success'],
      ['0016-payments-refunds-and-checks', 'Success'],
      ['0017-create-staff', 'Success'],
      ['0018-students-status-and-search', 'Success'],
      ['0019-create-question-bank', 'Success'],
      ['0020-create-test-drafts', 'Success'],
      ['0021-create-retired-test-versions', 'Success'],
      ['0022-create-grading', 'Success'],
      ['0023-create-question-changes', 'Success'],
      ['0024-create-proctoring-review', 'Success'],
      ['0025-create-audit-log', 'Success'],
      ['0026-staff-communications', 'Success'],
      ['0027-staff-timetable-attendance', 'Success'],
      ['0028-staff-fees', 'Success'],
      ['0029-staff-study', 'Success'],
    ]);
    expect(await migrateToLatest(db.kysely)).toEqual([]);
    const tables = (await db.kysely.introspection.getTables()).map((table) => table.name);
    expect(tables).toEqual(expect.arrayContaining(['users', 'login_failures', 'tests', 'test_assignments', 'attempts', 'answers', 'marksheets', 'question_reports', 'uploads', 'grades', 'proctor_events', 'proctor_snapshots', 'ended_sessions', 'classes', 'subjects', 'class_subjects', 'student_profiles', 'purchases', 'schedules', 'schedule_cancellations', 'notifications', 'notices', 'notification_reads', 'notice_reads', 'motivations', 'push_subscriptions', 'attendance_records', 'chapter_notes', 'bookmarks', 'todos', 'fee_heads', 'student_fees', 'payment_methods', 'fee_receipts', 'payment_orders', 'payments', 'payment_webhook_events', 'payment_rejections', 'study_items', 'study_scores', 'study_uploads', 'query_types', 'query_sub_types', 'queries', 'query_engagements', 'certificate_types', 'certificate_requests', 'staff_accounts', 'staff_classes', 'staff_subjects', 'proctor_tests', 'chat_messages', 'proctor_commands', 'job_locks', 'bank_questions', 'bank_question_versions', 'test_drafts', 'test_classes', 'retired_test_versions', 'audit_log']));
  });

  it('store booleans as 0/1 and return BIGINT milliseconds as numbers', async () => {
    const db = await databases.fresh();
    await migrateToLatest(db.kysely);
    const users = createStudentDirectory(db.kysely, silentLogger);
    const at = 1_893_456_000_123; // beyond 2^31 seconds * 1000: needs BIGINT
    await users.insertIfAbsent({
      id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
      regNo: 'x1',
      email: 'X1@Example.edu',
      name: 'X',
      phone: '',
      passwordHash: 'h',
      meritpoints: 3,
      avatar: null,
      config: { A: true },
      verified: true,
      passwordChangedAt: at,
      createdAt: at,
    });
    await db.kysely.updateTable('users').set({ otp_hash: 'hash', otp_expires_at: at + 1 }).where('id', '=', 'aaaaaaaaaaaaaaaaaaaaaaaa').execute();
    const row = await db.kysely.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    expect(row.verified).toBe(1);
    expect(row.created_at).toBe(at);
    expect(row.otp_expires_at).toBe(at + 1);
    expect(row.email).toBe('x1@example.edu');
    expect(row.reg_no).toBe('X1');
    const record = await users.findByIdentifier('x1');
    expect(record).toMatchObject({ verified: true, createdAt: at, otpExpiresAt: at + 1, meritpoints: 3, config: { A: true } });
    expect(await users.count()).toBe(1);
    await expect(
      db.kysely.insertInto('users').values({ ...row, id: 'bbbbbbbbbbbbbbbbbbbbbbbb', email: 'other@example.edu', verified: 2 as 0 }).execute(),
    ).rejects.toThrow();
  });
});

describe('demo seed', () => {
  it('fills an empty database once and leaves it alone afterwards', async () => {
    const db = await databases.fresh();
    await migrateToLatest(db.kysely);
    const users = createStudentDirectory(db.kysely, silentLogger);
    const clock = fakeClock();
    expect(await seedDemoData(users, clock)).toBe(true);
    expect(await users.count()).toBe(DEMO_USERS.length);

    const asha = await users.findByIdentifier('student@example.edu');
    expect(asha).toMatchObject({ regNo: 'DEMO001', name: 'Asha Verma', phone: '9876543210', meritpoints: 120, config: {}, verified: true });
    expect(await verifyPassword(DEMO_PASSWORD, asha?.passwordHash ?? '')).toBe(true);
    const rohan = await users.findByIdentifier('DEMO002');
    expect(rohan).toMatchObject({ name: 'Rohan Mehta', email: 'second@example.edu' });
    expect(rohan?.config).toEqual({ ALLOW_CHANGE_PASSWORD: true, POST_PDF_UPLOAD: true, MY_FEE: false, CERTIFICATE: false, VIDEO_LECTURE: false, DESK: false });
    expect(await users.findByIdentifier('new@example.edu')).toMatchObject({ regNo: 'DEMO003', name: 'Neha Singh', verified: false });
    // Per-user salts: the same password never gives the same hash.
    expect(asha?.passwordHash).not.toBe(rohan?.passwordHash);

    // A later start: the data is kept, nothing is re-seeded.
    await db.kysely.deleteFrom('users').where('id', '=', rohan?.id ?? '').execute();
    expect(await seedDemoData(users, clock)).toBe(false);
    expect(await users.count()).toBe(DEMO_USERS.length - 1);
  });
});
