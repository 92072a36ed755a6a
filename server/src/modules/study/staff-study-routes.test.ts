import { describe, expect, it } from 'vitest';
import type { AttachmentUrlReply, StaffStudyItemReply, StaffStudyListReply, StaffStudyOptions, StudyGradingListReply, SubmissionQueueReply, SubmissionReply } from '@invigil/shared/api/staff-study';
import { STAFF_STUDY_MESSAGES } from '@invigil/shared/api/staff-study';
import { presignAssignmentReplySchema, studyListReplySchema } from '@invigil/shared/api/study';
import { DEMO_CLASS_ID, DEMO_SUBJECTS } from '../../seed/demo-portal';
import { DEMO_STAFF } from '../../seed/demo-staff';
import { useTestApp } from '../../test-support/test-app';
import type { TestApp } from '../../test-support/test-app';
import { jsonOf as json, sendAs as send, staffToken } from '../../test-support/staff-requests';

const newApp = useTestApp();

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da636460f80f00010401005f0d5a5a0000000049454e44ae426082', 'hex');
const PDF = Buffer.from('%PDF-1.4\n%demo\n');
const DAY = 24 * 60 * 60 * 1000;

async function setUp() {
  const t = await newApp();
  const admin = await staffToken(t, DEMO_STAFF.admin.email);
  const teacher = await staffToken(t, DEMO_STAFF.teacher.email);
  const proctor = await staffToken(t, DEMO_STAFF.proctor.email);
  await t.db.kysely.insertInto('classes').values({ id: 'other-class', name: 'Class 9 - B' }).execute();
  return { t, admin, teacher, proctor };
}

/** Attachment URL -> PUT, as the console does; returns the file key. */
async function attach(t: TestApp, token: string, contentType: string, bytes: Buffer): Promise<string> {
  const reply = await json<AttachmentUrlReply>(await send(t, 'POST', '/api/staff/study/attachments', token, { content_type: contentType, size: bytes.length }));
  const put = await t.app.request(reply.url, { method: 'PUT', headers: { 'content-type': contentType }, body: bytes });
  expect(put.status, await put.clone().text()).toBe(200);
  return reply.file;
}

async function studentUpload(t: TestApp, studentToken: string, itemId: string) {
  const headers = { 'x-access-token': studentToken };
  const presigned = await t.postJson(`/api/presignURLAssignment/${itemId}`, { assignment_id: itemId, content_type: 'image/png', file_name: 'answer.png', stype: 'file' }, headers);
  expect(presigned.status, await presigned.clone().text()).toBe(200);
  const { fileName, signedURL } = presignAssignmentReplySchema.parse(await presigned.json());
  expect((await t.app.request(signedURL, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: PNG })).status).toBe(200);
  expect((await t.postJson(`/api/savePresignURLAssignment2/${itemId}`, { assignment_id: itemId, fileName }, headers)).status).toBe(200);
}

const assignment = (overrides: Record<string, unknown> = {}) => ({
  type: 'assignment',
  title: 'Vectors: problem set',
  description: 'Solve 1 to 5.\nShow your working.',
  class_id: DEMO_CLASS_ID,
  subject_id: DEMO_SUBJECTS.physics.id,
  due_at: Date.now() + 3 * DAY,
  max_marks: 10,
  attachments: [],
  ...overrides,
});

const auditRows = (t: TestApp, entityId: string) => t.db.kysely.selectFrom('audit_log').selectAll().where('entity_id', '=', entityId).orderBy('at').execute();

describe('staff study items', () => {
  it('refuses without a token (401), a proctor (403), a teacher outside their classes and subjects (403, 404)', async () => {
    const { t, admin, teacher, proctor } = await setUp();
    expect((await t.app.request('/api/staff/study/items')).status).toBe(401);
    expect((await send(t, 'GET', '/api/staff/study/items', proctor)).status).toBe(403);
    expect((await send(t, 'POST', '/api/staff/study/items', proctor, assignment())).status).toBe(403);

    const other = await send(t, 'POST', '/api/staff/study/items', teacher, assignment({ class_id: 'other-class' }));
    expect(other.status).toBe(403);
    const everyone = await send(t, 'POST', '/api/staff/study/items', teacher, assignment({ class_id: null }));
    expect(everyone.status).toBe(403);
    expect((await send(t, 'POST', '/api/staff/study/items', teacher, assignment({ subject_id: DEMO_SUBJECTS.english.id }))).status).toBe(403);

    const theirs = await json<StaffStudyItemReply>(await send(t, 'POST', '/api/staff/study/items', admin, assignment({ class_id: 'other-class' })), 201);
    expect((await send(t, 'GET', `/api/staff/study/items/${theirs.item.id}`, teacher)).status).toBe(404);
    expect((await send(t, 'PUT', `/api/staff/study/items/${theirs.item.id}`, teacher, assignment())).status).toBe(404);
    expect((await send(t, 'DELETE', `/api/staff/study/items/${theirs.item.id}`, teacher)).status).toBe(404);

    const options = await json<StaffStudyOptions>(await send(t, 'GET', '/api/staff/study/options', teacher));
    expect(options.everyone).toBe(false);
    expect(options.classes.map((c) => c.id)).toEqual([DEMO_CLASS_ID]);
    expect(options.subjects.map((s) => s.id).sort()).toEqual([DEMO_SUBJECTS.mathematics.id, DEMO_SUBJECTS.physics.id]);
    const list = await json<StaffStudyListReply>(await send(t, 'GET', '/api/staff/study/items', teacher));
    expect(list.items.every((item) => item.class_id === DEMO_CLASS_ID && ([DEMO_SUBJECTS.physics.id, DEMO_SUBJECTS.mathematics.id] as string[]).includes(item.subject_id))).toBe(true);
  });

  it('validates the item with clear messages', async () => {
    const { t, admin } = await setUp();
    const noDue = await send(t, 'POST', '/api/staff/study/items', admin, assignment({ due_at: null }));
    expect(noDue.status).toBe(422);
    expect(await noDue.text()).toContain(STAFF_STUDY_MESSAGES.dueRequired);
    const http = await send(t, 'POST', '/api/staff/study/items', admin, assignment({ attachments: [{ name: 'Notes', link: 'http://example.com/a.pdf' }] }));
    expect(http.status).toBe(422);
    expect(await http.text()).toContain(STAFF_STUDY_MESSAGES.httpsOnly);
    const marks = await send(t, 'POST', '/api/staff/study/items', admin, assignment({ max_marks: 2.3 }));
    expect(marks.status).toBe(422);
    const missing = await send(t, 'POST', '/api/staff/study/items', admin, assignment({ attachments: [{ name: 'Sheet', file: `${'a'.repeat(32)}.pdf` }] }));
    expect(missing.status).toBe(422);
    expect(await missing.text()).toContain(STAFF_STUDY_MESSAGES.attachmentMissing);
    const badType = await send(t, 'POST', '/api/staff/study/attachments', admin, { content_type: 'text/html', size: 10 });
    expect(badType.status).toBe(422);
    // The bytes must be what the type says.
    const url = await json<AttachmentUrlReply>(await send(t, 'POST', '/api/staff/study/attachments', admin, { content_type: 'application/pdf', size: 3 }));
    expect((await t.app.request(url.url, { method: 'PUT', headers: { 'content-type': 'application/pdf' }, body: PNG })).status).toBe(422);
  });

  it('publishes an assignment with a stored PDF, the student sees and opens it, hands in a photo, is graded and sees the published score', async () => {
    const { t, admin, teacher } = await setUp();
    const file = await attach(t, teacher, 'application/pdf', PDF);
    const created = await json<StaffStudyItemReply>(
      await send(t, 'POST', '/api/staff/study/items', teacher, assignment({ attachments: [{ name: 'Sheet.pdf', file }, { name: 'Reading', link: 'https://example.com/notes' }] })),
      201,
    );
    const id = created.item.id;
    expect(created.item).toMatchObject({ class_name: 'Class 10 - A', subject_name: 'Physics', max_marks: 10, submitted: 0, graded: 0, result_published: false });
    expect(created.item.audience).toBeGreaterThanOrEqual(2);
    expect(created.item.attachments[0]).toMatchObject({ name: 'Sheet.pdf', type: 'pdf', file });
    const [createdAudit] = await auditRows(t, id);
    expect(createdAudit).toMatchObject({ action: 'study.create', before: null });
    expect(JSON.parse(createdAudit?.after ?? '{}')).toMatchObject({ title: 'Vectors: problem set' });

    // The student sees it at once, and its PDF opens by its signed URL.
    const asha = await t.token('student@example.edu');
    const rohan = await t.token('second@example.edu');
    const list = studyListReplySchema.parse(await t.getJson('/api/study-material/list?subject_id=demo-physics&type=assignment', asha));
    const seen = list.data.find((item) => item._id === id);
    expect(seen?.attachment_names).toEqual(['Sheet.pdf', 'Reading']);
    const pdfUrl = seen?.attachment_urls[0] ?? '';
    expect(pdfUrl).toMatch(/^\/blobs\/u\//);
    const opened = await t.app.request(pdfUrl);
    expect(opened.status).toBe(200);
    expect(Buffer.from(await opened.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');

    await studentUpload(t, asha, id);
    const item = await json<StaffStudyItemReply>(await send(t, 'GET', `/api/staff/study/items/${id}`, teacher));
    expect(item.item.submitted).toBe(1);
    const ashaRow = item.submissions.find((row) => row.reg_no === 'DEMO001');
    expect(ashaRow).toMatchObject({ late: false, score: null });
    expect(ashaRow?.files[0]).toMatchObject({ category: 'image', name: 'answer.png' });
    expect(item.submissions.find((row) => row.reg_no === 'DEMO002')?.submitted_at).toBeNull();

    const grading = await json<StudyGradingListReply>(await send(t, 'GET', '/api/staff/study/grading', teacher));
    expect(grading.items.find((entry) => entry.id === id)).toMatchObject({ submitted: 1, to_grade: 1, graded: 0 });

    // Anonymous unless names are asked for.
    const queue = await json<SubmissionQueueReply>(await send(t, 'GET', `/api/staff/study/items/${id}/submissions`, teacher));
    expect(queue.entries).toHaveLength(1);
    expect(queue.entries[0]).toMatchObject({ label: 'Submission 1', graded: false, student: null });
    const userId = queue.entries[0]?.user_id ?? '';
    const named = await json<SubmissionReply>(await send(t, 'GET', `/api/staff/study/items/${id}/submissions/${userId}?names=1`, teacher));
    expect(named.student?.reg_no).toBe('DEMO001');
    expect(named.files[0]?.url).toMatch(/^\/blobs\/u\//);
    expect((await send(t, 'GET', `/api/staff/study/items/${id}/submissions/${t.userIds['DEMO002']}`, teacher)).status).toBe(404);

    // Marks within 0..max in half marks, the message naming the bound.
    const scoreUrl = `/api/staff/study/items/${id}/submissions/${userId}/score`;
    const above = await send(t, 'PUT', scoreUrl, teacher, { marks: 11, comment: '', base_graded_at: null });
    expect(above.status).toBe(422);
    expect(await above.text()).toContain(STAFF_STUDY_MESSAGES.aboveMax(10));
    const below = await send(t, 'PUT', scoreUrl, teacher, { marks: -1, comment: '', base_graded_at: null });
    expect(await below.text()).toContain(STAFF_STUDY_MESSAGES.belowZero);
    expect((await send(t, 'PUT', scoreUrl, teacher, { marks: 7.25, comment: '', base_graded_at: null })).status).toBe(422);

    const scored = await json<SubmissionReply>(await send(t, 'PUT', scoreUrl, teacher, { marks: 8.5, comment: 'Good work.', base_graded_at: null }));
    expect(scored.score).toMatchObject({ marks: 8.5, comment: 'Good work.', graded_by: DEMO_STAFF.teacher.name });
    expect(scored.history).toHaveLength(1);
    // The same score again writes nothing.
    const again = await json<SubmissionReply>(await send(t, 'PUT', scoreUrl, teacher, { marks: 8.5, comment: 'Good work.', base_graded_at: null }));
    expect(again.history).toHaveLength(1);
    // Over someone else's newer score: 409 naming them.
    const stale = await send(t, 'PUT', scoreUrl, admin, { marks: 6, comment: '', base_graded_at: null });
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain(DEMO_STAFF.teacher.name);
    const regraded = await json<SubmissionReply>(await send(t, 'PUT', scoreUrl, admin, { marks: 9, comment: 'Good work.', base_graded_at: scored.score?.graded_at ?? null }));
    expect(regraded.history.map((row) => row.marks)).toEqual([9, 8.5]);
    const scoreAudit = (await auditRows(t, `${id}:${userId}`)).at(-1);
    expect(scoreAudit).toMatchObject({ action: 'study.score' });
    expect(JSON.parse(scoreAudit?.before ?? '{}')).toMatchObject({ marks: 8.5 });
    expect(JSON.parse(scoreAudit?.after ?? '{}')).toMatchObject({ marks: 9 });

    // Not visible before publishing; visible after, with a notification.
    const before = studyListReplySchema.parse(await t.getJson('/api/study-material/list?subject_id=demo-physics&type=assignment', asha));
    expect(before.data.find((entry) => entry._id === id)?.user_assignment?.score).toBeNull();
    const published = await json<StaffStudyItemReply>(await send(t, 'POST', `/api/staff/study/items/${id}/publish-scores`, teacher));
    expect(published.item.result_published).toBe(true);
    expect(published.message).toBe(STAFF_STUDY_MESSAGES.scoresPublished(1));
    const after = studyListReplySchema.parse(await t.getJson('/api/study-material/list?subject_id=demo-physics&type=assignment', asha));
    expect(after.data.find((entry) => entry._id === id)?.user_assignment).toEqual({ score: 9, comment: 'Good work.' });
    const notices = await t.db.kysely.selectFrom('notifications').select(['title', 'audience_id']).where('title', '=', 'Score published: Vectors: problem set').execute();
    expect(notices.map((row) => row.audience_id)).toEqual([t.userIds['DEMO001']]);
    const rohanList = studyListReplySchema.parse(await t.getJson('/api/study-material/list?subject_id=demo-physics&type=assignment', rohan));
    expect(rohanList.data.find((entry) => entry._id === id)?.user_assignment?.score).toBeNull();
    expect((await auditRows(t, id)).map((row) => row.action)).toContain('study.publish_scores');
  });

  it('edits with before and after in the audit log, locks type and class once handed in, and deletes only when confirmed', async () => {
    const { t, admin } = await setUp();
    const created = await json<StaffStudyItemReply>(await send(t, 'POST', '/api/staff/study/items', admin, assignment()), 201);
    const id = created.item.id;
    const edited = await json<StaffStudyItemReply>(await send(t, 'PUT', `/api/staff/study/items/${id}`, admin, assignment({ title: 'Vectors: set A' })));
    expect(edited.item.title).toBe('Vectors: set A');
    const update = (await auditRows(t, id)).find((row) => row.action === 'study.update');
    expect(JSON.parse(update?.before ?? '{}')).toMatchObject({ title: 'Vectors: problem set' });
    expect(JSON.parse(update?.after ?? '{}')).toMatchObject({ title: 'Vectors: set A' });

    await studentUpload(t, await t.token('student@example.edu'), id);
    const locked = await send(t, 'PUT', `/api/staff/study/items/${id}`, admin, assignment({ title: 'Vectors: set A', class_id: 'other-class' }));
    expect(locked.status).toBe(409);
    const refused = await send(t, 'DELETE', `/api/staff/study/items/${id}`, admin);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(STAFF_STUDY_MESSAGES.hasSubmissions(1));
    expect((await send(t, 'DELETE', `/api/staff/study/items/${id}?confirm=submissions`, admin)).status).toBe(200);
    expect((await send(t, 'GET', `/api/staff/study/items/${id}`, admin)).status).toBe(404);
    const deleted = (await auditRows(t, id)).find((row) => row.action === 'study.delete');
    expect(deleted?.after).toBeNull();
    expect(JSON.parse(deleted?.before ?? '{}')).toMatchObject({ title: 'Vectors: set A', submitted: 1 });
  });

  it('lists with filters and counts, and a material needs no due date', async () => {
    const { t, admin } = await setUp();
    await json(await send(t, 'POST', '/api/staff/study/items', admin, { type: 'material', title: 'Optics notes', class_id: null, subject_id: DEMO_SUBJECTS.physics.id }), 201);
    const list = await json<StaffStudyListReply>(await send(t, 'GET', '/api/staff/study/items?type=material&class=everyone&q=optics', admin));
    expect(list.items.map((item) => item.title)).toEqual(['Optics notes']);
    expect(list.items[0]).toMatchObject({ class_name: null, due_at: null, max_marks: null });
    expect((await send(t, 'GET', '/api/staff/study/items?type=quiz', admin)).status).toBe(422);
  });
});
