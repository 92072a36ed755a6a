import { describe, expect, it, vi } from 'vitest';
import type { NoticeAudiencesReply, NoticeDetailReply, NoticeListReply, NoticePreviewReply, NoticeSentReply } from '@invigil/shared/api/staff-notices';
import { NOTICE_MESSAGES } from '@invigil/shared/api/staff-notices';
import { DEMO_CLASS_ID } from '../../seed/demo-portal';
import { DEMO_STAFF } from '../../seed/demo-staff';
import { useTestApp } from '../../test-support/test-app';
import type { TestApp } from '../../test-support/test-app';
import { jsonOf as json, sendAs as send, staffToken } from '../../test-support/staff-requests';
import { createStaffNoticeRepository } from './staff-notice-repository';
import { createStaffNoticeService } from './staff-notice-service';
import { noticeText } from './staff-notice-text';

const newApp = useTestApp();

const compose = (overrides: Record<string, unknown> = {}) => ({ kind: 'notification', audience: 'class', audienceId: DEMO_CLASS_ID, title: 'Science fair', content: 'Bring your models on Friday.\n\nDetails: https://example.edu/fair.', links: [], ...overrides });

async function setUp() {
  const t = await newApp();
  // An empty class and a class the teacher does not teach.
  await t.db.kysely.insertInto('classes').values([{ id: 'empty-class', name: 'Class 9 - Z' }, { id: 'other-class', name: 'Class 11 - B' }]).execute();
  return { t, admin: await staffToken(t, DEMO_STAFF.admin.email), teacher: await staffToken(t, DEMO_STAFF.teacher.email), proctor: await staffToken(t, DEMO_STAFF.proctor.email) };
}

const auditOf = (t: TestApp, action: string) => t.db.kysely.selectFrom('audit_log').selectAll().where('action', '=', action).execute();

describe('noticeText', () => {
  it('keeps the text as the student sees it: line breaks kept, control characters and extra blank lines dropped', () => {
    expect(noticeText('Hello <b>all</b>  \r\nline two\n\n\n\nSee https://example.edu/a\u0007 ')).toBe('Hello <b>all</b>\nline two\n\nSee https://example.edu/a');
  });
});

describe('staff notices', () => {
  it('refuses without a token (401) and proctors (403); a teacher only their classes and their students', async () => {
    const { t, teacher, proctor } = await setUp();
    expect((await t.app.request('/api/staff/notices')).status).toBe(401);
    expect((await send(t, 'GET', '/api/staff/notices', proctor)).status).toBe(403);
    expect((await send(t, 'POST', '/api/staff/notices', proctor, compose())).status).toBe(403);
    expect((await json<{ message: string }>(await send(t, 'POST', '/api/staff/notices', teacher, compose({ audience: 'all', audienceId: null })), 403)).message).toBe(NOTICE_MESSAGES.everyoneAdminOnly);
    expect((await json<{ message: string }>(await send(t, 'POST', '/api/staff/notices', teacher, compose({ audienceId: 'other-class' })), 403)).message).toBe(NOTICE_MESSAGES.notYourClass);
    await t.db.kysely.updateTable('student_profiles').set({ class_id: 'other-class' }).where('user_id', '=', t.userIds['DEMO002'] ?? '').execute();
    expect((await json<{ message: string }>(await send(t, 'POST', '/api/staff/notices', teacher, compose({ audience: 'student', audienceId: t.userIds['DEMO002'] })), 403)).message).toBe(NOTICE_MESSAGES.notYourStudent);
    const picker = await json<NoticeAudiencesReply>(await send(t, 'GET', '/api/staff/notices/audiences?q=', teacher));
    expect(picker.everyone).toBe(false);
    expect(picker.classes.map((item) => item.id)).toEqual([DEMO_CLASS_ID]);
    expect(picker.students.map((item) => item.regNo)).toEqual(['DEMO001']);
    // Sent by a teacher to their class: fine, and theirs to withdraw; the admin's to the class is listed but not theirs to withdraw.
    const own = await json<NoticeSentReply>(await send(t, 'POST', '/api/staff/notices', teacher, compose()), 201);
    const admins = await json<NoticeSentReply>(await send(t, 'POST', '/api/staff/notices', await staffToken(t, DEMO_STAFF.admin.email), compose({ title: 'From the office' })), 201);
    const listed = await json<NoticeListReply>(await send(t, 'GET', '/api/staff/notices', teacher));
    expect(listed.items.map((item) => item.id)).toEqual(expect.arrayContaining([own.notice.id, admins.notice.id]));
    expect(listed.items.every((item) => item.audience !== 'all')).toBe(true);
    expect((await json<{ message: string }>(await send(t, 'DELETE', `/api/staff/notices/notification/${admins.notice.id}`, teacher), 403)).message).toBe(NOTICE_MESSAGES.notYoursToWithdraw);
    expect((await send(t, 'DELETE', `/api/staff/notices/notification/${own.notice.id}`, teacher)).status).toBe(200);
  });

  it('validates: a title, the message, a class for a class, web links, and an audience of somebody', async () => {
    const { t, admin } = await setUp();
    expect((await json<{ message: string }>(await send(t, 'POST', '/api/staff/notices', admin, compose({ title: ' ' })), 422)).message).toBe(NOTICE_MESSAGES.titleRequired);
    expect((await json<{ message: string }>(await send(t, 'POST', '/api/staff/notices', admin, compose({ audienceId: null })), 422)).message).toBe(NOTICE_MESSAGES.chooseClass);
    expect((await json<{ message: string }>(await send(t, 'POST', '/api/staff/notices', admin, compose({ links: ['javascript:alert(1)'] })), 422)).message).toBe(NOTICE_MESSAGES.badLink);
    expect((await json<{ message: string }>(await send(t, 'POST', '/api/staff/notices', admin, compose({ audienceId: 'empty-class' })), 422)).message).toBe(NOTICE_MESSAGES.emptyAudience);
    expect((await json<{ message: string }>(await send(t, 'POST', '/api/staff/notices', admin, compose({ audienceId: 'nope' })), 422)).message).toBe(NOTICE_MESSAGES.noSuchClass);
    expect((await send(t, 'POST', '/api/staff/notices', admin, '{not json')).status).toBe(400);
  });

  it('previews, sends (audited), shows the student, counts reads, lists readers and withdraws (audited)', async () => {
    const { t, admin } = await setUp();
    const preview = await json<NoticePreviewReply>(await send(t, 'POST', '/api/staff/notices/preview', admin, compose({ links: ['https://example.edu/fair.pdf'] })));
    expect(preview).toMatchObject({ audienceName: 'Class 10 - A', title: 'Science fair', links: ['https://example.edu/fair.pdf'] });
    expect(preview.audienceSize).toBeGreaterThanOrEqual(2);
    expect(preview.text).toBe('Bring your models on Friday.\n\nDetails: https://example.edu/fair.');
    expect(await t.db.kysely.selectFrom('notifications').select('id').where('title', '=', 'Science fair').execute()).toEqual([]);

    const sent = await json<NoticeSentReply>(await send(t, 'POST', '/api/staff/notices', admin, compose({ links: ['https://example.edu/fair.pdf'] })), 201);
    expect(sent.notice).toMatchObject({ kind: 'notification', audienceName: 'Class 10 - A', sentBy: DEMO_STAFF.admin.name, readCount: 0 });
    const [audit] = await auditOf(t, 'notice.send');
    expect(audit).toMatchObject({ entity_type: 'notification', entity_id: sent.notice.id, before: null });
    expect(JSON.parse(audit?.after ?? 'null')).toMatchObject({ title: 'Science fair', audience: 'class', audience_id: DEMO_CLASS_ID });

    // The student sees it at once, in the same shape as the import's, and reads it.
    const asha = await t.token('DEMO001');
    const list = (await t.getJson('/api/notifications', asha)) as { data: { _id?: string; id?: string; title: string; content: string; attachments?: string[] }[] };
    const mine = JSON.stringify(list);
    expect(mine).toContain('Science fair');
    expect(mine).toContain('https://example.edu/fair.pdf');
    await t.db.kysely.insertInto('notification_reads').values({ notification_id: sent.notice.id, user_id: t.userIds['DEMO001'] ?? '', read_at: t.clock.now() }).execute();

    const page = await json<NoticeListReply>(await send(t, 'GET', '/api/staff/notices', admin));
    expect(page.items[0]).toMatchObject({ id: sent.notice.id, readCount: 1 });
    const detail = await json<NoticeDetailReply>(await send(t, 'GET', `/api/staff/notices/notification/${sent.notice.id}`, admin));
    expect(detail.readers.find((reader) => reader.regNo === 'DEMO001')?.readAt).not.toBeNull();
    expect(detail.readers.find((reader) => reader.regNo === 'DEMO002')?.readAt).toBeNull();
    expect(detail.canWithdraw).toBe(true);

    // A notice (board) to one student, then withdrawn.
    const notice = await json<NoticeSentReply>(await send(t, 'POST', '/api/staff/notices', admin, compose({ kind: 'notice', audience: 'student', audienceId: t.userIds['DEMO002'], title: 'See the office' })), 201);
    expect(notice.notice).toMatchObject({ kind: 'notice', audienceSize: 1, audienceName: expect.stringContaining('DEMO002') as unknown as string });
    expect((await json<{ message: string }>(await send(t, 'DELETE', `/api/staff/notices/notice/${notice.notice.id}`, admin))).message).toBe(NOTICE_MESSAGES.withdrawn);
    expect((await send(t, 'DELETE', `/api/staff/notices/notice/${notice.notice.id}`, admin)).status).toBe(404);
    const [withdrawn] = await auditOf(t, 'notice.withdraw');
    expect(withdrawn).toMatchObject({ entity_type: 'notice', entity_id: notice.notice.id, after: null });
    expect(JSON.parse(withdrawn?.before ?? 'null')).toMatchObject({ title: 'See the office' });
  });

  it('pushes a notification once it is stored (not a notice)', async () => {
    const { t } = await setUp();
    const push = { sendNotifications: vi.fn(() => Promise.resolve({ sent: 1, removed: 0, failed: 0 })) };
    const service = createStaffNoticeService({ db: t.db.kysely, repo: createStaffNoticeRepository(t.db.kysely), clock: t.clock, push });
    const admin = { staff: { id: 'a', name: 'Admin', role: 'admin' as const, email: 'a@x', passwordHash: '', disabledAt: null, lastSignInAt: null, createdAt: 0 }, scope: null };
    const sent = await service.send(admin, { kind: 'notification', audience: 'all', audienceId: null, title: 'Holiday', content: 'Closed on Monday.', links: [] });
    expect(push.sendNotifications).toHaveBeenCalledWith([sent.notice.id]);
    expect(await t.db.kysely.selectFrom('notifications').select('id').where('id', '=', sent.notice.id).executeTakeFirst()).toBeDefined();
    await service.send(admin, { kind: 'notice', audience: 'all', audienceId: null, title: 'Board', content: 'On the board.', links: [] });
    expect(push.sendNotifications).toHaveBeenCalledTimes(1);
  });
});
