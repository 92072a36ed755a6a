import { describe, expect, it } from 'vitest';
import type { StaffQueryListReply, StaffQueryReply } from '@invigil/shared/api/staff-queries';
import { STAFF_QUERY_MESSAGES } from '@invigil/shared/api/staff-queries';
import { ACCESS_TOKEN_HEADER } from '@invigil/shared/api/http';
import { DEMO_QUERIES } from '../../seed/demo-queries';
import { DEMO_STAFF } from '../../seed/demo-staff';
import { useTestApp } from '../../test-support/test-app';
import { jsonOf as json, sendAs as send, staffToken } from '../../test-support/staff-requests';

const newApp = useTestApp();
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

async function setUp() {
  const t = await newApp();
  return { t, admin: await staffToken(t, DEMO_STAFF.admin.email), teacher: await staffToken(t, DEMO_STAFF.teacher.email), proctor: await staffToken(t, DEMO_STAFF.proctor.email) };
}

describe('staff queries', () => {
  it('refuses without a token and proctors; a teacher sees only their classes’ students’ queries (403 for another’s)', async () => {
    const { t, teacher, proctor } = await setUp();
    expect((await t.app.request('/api/staff/queries')).status).toBe(401);
    expect((await send(t, 'GET', '/api/staff/queries', proctor)).status).toBe(403);
    expect((await send(t, 'POST', `/api/staff/queries/${DEMO_QUERIES.rohanOpen}/status`, proctor, { status: 'closed' })).status).toBe(403);
    await t.db.kysely.insertInto('classes').values({ id: 'other-class', name: 'Class 11 - B' }).execute();
    await t.db.kysely.updateTable('student_profiles').set({ class_id: 'other-class' }).where('user_id', '=', t.userIds['DEMO002'] ?? '').execute();
    const list = await json<StaffQueryListReply>(await send(t, 'GET', '/api/staff/queries?status=', teacher));
    expect(list.items.map((item) => item.regNo)).not.toContain('DEMO002');
    expect(list.items.map((item) => item.id)).toContain(DEMO_QUERIES.ashaOpen);
    expect((await json<{ message: string }>(await send(t, 'GET', `/api/staff/queries/${DEMO_QUERIES.rohanOpen}`, teacher), 403)).message).toBe(STAFF_QUERY_MESSAGES.notYours);
    expect((await send(t, 'POST', `/api/staff/queries/${DEMO_QUERIES.rohanOpen}/replies`, teacher, { content: 'Hello', requestId: 'abcdefgh1234' })).status).toBe(403);
    expect((await send(t, 'GET', '/api/staff/queries/nope', teacher)).status).toBe(404);
  });

  it('lists open ones oldest first with type filters, age and who wrote last; filters by type and search', async () => {
    const { t, admin } = await setUp();
    const open = await json<StaffQueryListReply>(await send(t, 'GET', '/api/staff/queries', admin));
    expect(open.items.map((item) => item.id)).toEqual([DEMO_QUERIES.ashaOpen, DEMO_QUERIES.rohanOpen]);
    expect(open.types.map((type) => type.name)).toContain('Academic');
    expect(open.items[1]).toMatchObject({ studentName: 'Rohan Mehta', typeName: 'Technical', awaitingStaff: true, lastReplyBy: null });
    const technical = await json<StaffQueryListReply>(await send(t, 'GET', '/api/staff/queries?type=demo-qt-technical&subType=test-loading', admin));
    expect(technical.items.map((item) => item.id)).toEqual([DEMO_QUERIES.rohanOpen]);
    const closed = await json<StaffQueryListReply>(await send(t, 'GET', '/api/staff/queries?status=closed&q=asha', admin));
    expect(closed.items.map((item) => item.id)).toEqual([DEMO_QUERIES.ashaClosed]);
    expect((await send(t, 'GET', '/api/staff/queries?status=nope', admin)).status).toBe(422);
  });

  it('replies with an attachment once per request id (audited, the student notified and shown), closes and reopens', async () => {
    const { t, teacher } = await setUp();
    const base = `/api/staff/queries/${DEMO_QUERIES.rohanOpen}`;
    const { url } = await json<{ url: string }>(await send(t, 'POST', '/api/staff/queries/attachment-url', teacher, { contentType: 'application/pdf' }));
    const put = await t.app.request(url, { method: 'PUT', headers: { 'content-type': 'application/pdf' }, body: PDF });
    expect(put.status, await put.clone().text()).toBeLessThan(300);
    const body = { content: 'Clear the browser cache and try again.', requestId: 'reply-0001-abcd', attachment: url };
    const first = await json<StaffQueryReply>(await send(t, 'POST', `${base}/replies`, teacher, body), 201);
    expect(first.thread.at(-1)).toMatchObject({ author: 'institute', name: DEMO_STAFF.teacher.name, content: body.content });
    expect(first.thread.at(-1)?.attachment).toBeTruthy();
    expect(first.query).toMatchObject({ awaitingStaff: false, lastReplyBy: DEMO_STAFF.teacher.name });
    // The same press again: nothing more.
    const again = await json<StaffQueryReply>(await send(t, 'POST', `${base}/replies`, teacher, body), 200);
    expect(again.thread).toHaveLength(first.thread.length);
    expect((await send(t, 'POST', `${base}/replies`, teacher, { ...body, requestId: 'x' })).status).toBe(422);
    expect((await send(t, 'POST', `${base}/replies`, teacher, { ...body, requestId: 'reply-0002-abcd', content: '' })).status).toBe(422);
    // Another's upload URL is refused.
    expect((await send(t, 'POST', `${base}/replies`, teacher, { ...body, requestId: 'reply-0003-abcd', attachment: '/blobs/query/0123456789abcdef0123456789abcdef01234567.pdf' })).status).toBe(422);

    const audit = await t.db.kysely.selectFrom('audit_log').selectAll().where('action', '=', 'query.reply').execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]?.after ?? 'null')).toMatchObject({ author: 'institute', content: body.content });

    const rohan = await t.token('DEMO002');
    const seen = (await t.getJson(`/api/query/${DEMO_QUERIES.rohanOpen}`, rohan)) as { data: { status: string; engagements: { post_by_name: string; content: string; attachment: string | null }[] } };
    expect(seen.data.engagements.at(-1)).toMatchObject({ post_by_name: DEMO_STAFF.teacher.name, content: body.content });
    const file = await t.app.request(seen.data.engagements.at(-1)?.attachment ?? '');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF);
    const notes = (await t.getJson('/api/notifications', rohan)) as unknown;
    expect(JSON.stringify(notes)).toContain('Reply to your query');

    const closed = await json<StaffQueryReply>(await send(t, 'POST', `${base}/status`, teacher, { status: 'closed' }));
    expect(closed.query.status).toBe('closed');
    expect((await send(t, 'POST', `${base}/status`, teacher, { status: 'closed' })).status).toBe(409);
    expect((await json<{ message: string }>(await send(t, 'POST', `${base}/replies`, teacher, { ...body, requestId: 'reply-0004-abcd', attachment: null }), 409)).message).toBe(STAFF_QUERY_MESSAGES.closed);
    const [closeAudit] = await t.db.kysely.selectFrom('audit_log').selectAll().where('action', '=', 'query.close').execute();
    expect(JSON.parse(closeAudit?.before ?? 'null')).toMatchObject({ status: 'open' });
    expect(JSON.parse(closeAudit?.after ?? 'null')).toMatchObject({ status: 'closed' });
    expect(((await t.getJson(`/api/query/${DEMO_QUERIES.rohanOpen}`, rohan)) as { data: { status: string } }).data.status).toBe('closed');
    // The student can no longer reply; reopened, they can.
    expect((await t.app.request(`/api/query/${DEMO_QUERIES.rohanOpen}`, { method: 'POST', headers: { [ACCESS_TOKEN_HEADER]: rohan, 'content-type': 'application/json' }, body: JSON.stringify({ content: 'Still blank on my phone.', attachment: null }) })).status).toBe(409);
    expect((await json<StaffQueryReply>(await send(t, 'POST', `${base}/status`, teacher, { status: 'open' }))).query.status).toBe('open');
  });
});
