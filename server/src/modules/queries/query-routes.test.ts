import { describe, expect, it } from 'vitest';
import { errorReplySchema } from '@invigil/shared/api/common';
import {
  QUERY_MESSAGES,
  queryAttachmentUrlReplySchema,
  queryListReplySchema,
  queryRecordReplySchema,
  querySavedReplySchema,
  queryTypesReplySchema,
  subjectsReplySchema,
  withoutQueryString,
} from '@invigil/shared/api/queries';
import type { QueryRecord } from '@invigil/shared/api/queries';
import { DEMO_QUERIES } from '../../seed/demo-queries';
import { ImportError, importData, parseImportFile } from '../../import/import-service';
import { useTestApp } from '../../test-support/test-app';
import type { TestApp } from '../../test-support/test-app';

const newApp = useTestApp();

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f3b2a60000000049454e44ae426082', 'hex');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

interface Student {
  token: string;
  get(path: string): Promise<Response>;
  post(path: string, body: unknown): Promise<Response>;
  record(id: string): Promise<QueryRecord>;
  /** Asks for an attachment URL, PUTs the bytes, and gives the URL without its query string. */
  upload(contentType: string, bytes: Buffer): Promise<string>;
}

async function student(t: TestApp, login: string): Promise<Student> {
  const token = await t.token(login);
  const headers = { 'x-access-token': token };
  const self: Student = {
    token,
    get: (path) => t.get(path, headers),
    post: (path, body) => t.postJson(path, body, headers),
    async record(id) {
      const response = await self.get(`/api/query/${id}`);
      expect(response.status).toBe(200);
      return queryRecordReplySchema.parse(await response.json()).data;
    },
    async upload(contentType, bytes) {
      const asked = await self.post('/api/queries-attachment-url', { contentType });
      expect(asked.status).toBe(200);
      const { url } = queryAttachmentUrlReplySchema.parse(await asked.json());
      const put = await t.app.request(url, { method: 'PUT', headers: { 'content-type': contentType, 'x-amz-acl': 'public-read' }, body: bytes });
      expect(put.status).toBe(200);
      return withoutQueryString(url);
    },
  };
  return self;
}

async function expectRefused(response: Response, status: number, message: string) {
  expect(response.status).toBe(status);
  const body = errorReplySchema.parse(await response.json());
  expect(body.message).toBe(message);
  return body;
}

const submission = (overrides: Record<string, unknown> = {}) => ({
  query: 'My answer sheet upload fails on the last page.',
  query_type_id: 'demo-qt-technical',
  query_sub_type_id: 'other',
  query_type_name: 'ignored',
  query_sub_type_name: 'ignored',
  subject_id: 'demo-physics',
  subject_name: 'ignored',
  attachment: null,
  ...overrides,
});

describe('GET /query-types, GET /subjects', () => {
  it('give the types with their sub types in order, and the subjects of the student\'s class', async () => {
    const t = await newApp();
    const asha = await student(t, 'student@example.edu');
    const types = queryTypesReplySchema.parse(await (await asha.get('/api/query-types')).json()).data;
    expect(types.map((type) => type.name)).toEqual(['Academic', 'Fees', 'Technical', 'General']);
    expect(types[0]?.sub_types).toEqual([{ id: 'doubt', name: 'Doubt in a topic' }, { id: 'material', name: 'Study material' }, { id: 'assignment', name: 'Assignment' }]);
    const subjects = subjectsReplySchema.parse(await (await asha.get('/api/subjects')).json()).data;
    expect(subjects.map((subject) => subject.name)).toEqual(['Biology', 'Chemistry', 'English', 'Mathematics', 'Physics']);
  });

  it('need a login', async () => {
    const t = await newApp();
    for (const path of ['/api/query-types', '/api/subjects', '/api/queries', `/api/query/${DEMO_QUERIES.ashaOpen}`]) expect((await t.get(path)).status).toBe(401);
    expect((await t.postJson('/api/submit-query', submission())).status).toBe(401);
    expect((await t.postJson(`/api/query/${DEMO_QUERIES.ashaOpen}`, { content: 'A long enough reply.' })).status).toBe(401);
    expect((await t.postJson('/api/queries-attachment-url', { contentType: 'image/png' })).status).toBe(401);
  });
});

describe('GET /queries, GET /query/{id}', () => {
  it('list only the student\'s own queries, newest first, and give one with its thread', async () => {
    const t = await newApp();
    const asha = await student(t, 'student@example.edu');
    const list = queryListReplySchema.parse(await (await asha.get('/api/queries')).json()).data;
    expect(list.map((query) => [query._id, query.status])).toEqual([
      [DEMO_QUERIES.ashaOpen, 'open'],
      [DEMO_QUERIES.ashaClosed, 'closed'],
    ]);
    expect(list[0]).toMatchObject({ query_type_name: 'Academic', query_sub_type_name: 'Doubt in a topic', subject_name: 'Physics', request_by_name: 'Asha Verma', attachment: null });
    expect(list[1]?.subject_name).toBeNull();
    const open = await asha.record(DEMO_QUERIES.ashaOpen);
    expect(open.engagements.map((item) => item.post_by_name)).toEqual(['Dr. Anil Kumar', 'Asha Verma']);
    const link = open.engagements[0]?.attachment as string;
    expect((await t.app.request(link)).status).toBe(200);

    const rohan = await student(t, 'second@example.edu');
    expect(queryListReplySchema.parse(await (await rohan.get('/api/queries')).json()).data.map((query) => query._id)).toEqual([DEMO_QUERIES.rohanOpen]);
  });

  it('refuse another student\'s query and ids that do not exist as not found', async () => {
    const t = await newApp();
    const rohan = await student(t, 'second@example.edu');
    await expectRefused(await rohan.get(`/api/query/${DEMO_QUERIES.ashaOpen}`), 404, QUERY_MESSAGES.notFound);
    await expectRefused(await rohan.get('/api/query/000000000000000000000000'), 404, QUERY_MESSAGES.notFound);
    await expectRefused(await rohan.get('/api/query/%00bad'), 404, QUERY_MESSAGES.notFound);
  });
});

describe('POST /submit-query', () => {
  it('saves an open query with the stored names and an attachment uploaded to its signed URL', async () => {
    const t = await newApp();
    const rohan = await student(t, 'second@example.edu');
    const attachment = await rohan.upload('application/pdf', PDF);
    expect(attachment).toMatch(/^\/blobs\/query\/[0-9a-f]{40}\.pdf$/);
    t.clock.advance(1000);
    const response = await rohan.post('/api/submit-query', submission({ attachment }));
    expect(response.status).toBe(201);
    const saved = querySavedReplySchema.parse(await response.json());
    expect(saved.message).toBe(QUERY_MESSAGES.submitted);
    expect(saved.data).toMatchObject({ query_type_name: 'Technical', query_sub_type_name: 'Other', subject_name: 'Physics', status: 'open', request_by_name: 'Rohan Mehta', engagements: [] });
    const file = await t.app.request(saved.data.attachment as string);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(PDF)).toBe(true);
    const list = queryListReplySchema.parse(await (await rohan.get('/api/queries')).json()).data;
    expect(list.map((query) => query._id)).toEqual([saved.data._id, DEMO_QUERIES.rohanOpen]);
    // An absolute URL (the browser's) and no subject are fine too.
    const second = await rohan.post('/api/submit-query', submission({ attachment: `https://portal.example.edu${attachment}`, subject_id: '' }));
    expect(second.status).toBe(201);
    expect(querySavedReplySchema.parse(await second.json()).data.subject_name).toBeNull();
  });

  it('refuses malformed or invalid submissions with a message', async () => {
    const t = await newApp();
    const rohan = await student(t, 'second@example.edu');
    const bad = await t.app.request('/api/submit-query', { method: 'POST', headers: { 'content-type': 'application/json', 'x-access-token': rohan.token }, body: '{"query":' });
    expect(bad.status).toBe(400);
    expect(errorReplySchema.parse(await bad.json()).message).toBeTruthy();
    await expectRefused(await rohan.post('/api/submit-query', submission({ query: '' })), 422, QUERY_MESSAGES.required);
    await expectRefused(await rohan.post('/api/submit-query', submission({ query: undefined })), 422, QUERY_MESSAGES.required);
    await expectRefused(await rohan.post('/api/submit-query', submission({ query: '   short  ' })), 422, QUERY_MESSAGES.tooShort);
    await expectRefused(await rohan.post('/api/submit-query', submission({ query: 'x'.repeat(5001) })), 422, QUERY_MESSAGES.tooLong);
    await expectRefused(await rohan.post('/api/submit-query', submission({ query_type_id: '' })), 422, QUERY_MESSAGES.chooseType);
    await expectRefused(await rohan.post('/api/submit-query', submission({ query_type_id: 'nope' })), 422, QUERY_MESSAGES.chooseType);
    await expectRefused(await rohan.post('/api/submit-query', submission({ query_sub_type_id: 'doubt' })), 422, QUERY_MESSAGES.chooseSubType);
    await expectRefused(await rohan.post('/api/submit-query', submission({ subject_id: 'not-a-subject' })), 422, QUERY_MESSAGES.unknownSubject);
    await expectRefused(await rohan.post('/api/submit-query', submission({ attachment: 42 })), 422, 'Attachment must be text.');
    const notObject = await rohan.post('/api/submit-query', [1, 2]);
    expect(notObject.status).toBe(422);
    expect(errorReplySchema.parse(await notObject.json()).message).toMatch(/JSON object/);
    expect(queryListReplySchema.parse(await (await rohan.get('/api/queries')).json()).data).toHaveLength(1);
  });

  it('takes only an attachment uploaded for this student, once it is there', async () => {
    const t = await newApp();
    const asha = await student(t, 'student@example.edu');
    const rohan = await student(t, 'second@example.edu');
    const ashas = await asha.upload('image/png', PNG);
    await expectRefused(await rohan.post('/api/submit-query', submission({ attachment: ashas })), 422, QUERY_MESSAGES.attachmentBadUrl);
    await expectRefused(await rohan.post('/api/submit-query', submission({ attachment: '/blobs/public/demo/formula-sheet.pdf' })), 422, QUERY_MESSAGES.attachmentBadUrl);
    const asked = queryAttachmentUrlReplySchema.parse(await (await rohan.post('/api/queries-attachment-url', { contentType: 'image/jpeg' })).json());
    await expectRefused(await rohan.post('/api/submit-query', submission({ attachment: withoutQueryString(asked.url) })), 409, QUERY_MESSAGES.attachmentNotUploaded);
  });

  it('gives signed upload URLs for .pdf, .png, .jpg and .jpeg only, and checks the bytes and the signature', async () => {
    const t = await newApp();
    const rohan = await student(t, 'second@example.edu');
    for (const contentType of ['image/gif', 'text/plain', '']) await expectRefused(await rohan.post('/api/queries-attachment-url', { contentType }), 422, QUERY_MESSAGES.attachmentType);
    const { url } = queryAttachmentUrlReplySchema.parse(await (await rohan.post('/api/queries-attachment-url', { content_type: 'image/png' })).json());
    await expectRefused(await t.app.request(url, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: PDF }), 422, QUERY_MESSAGES.attachmentNotThatType);
    await expectRefused(await t.app.request(url, { method: 'PUT', headers: { 'content-type': 'application/pdf' }, body: PNG }), 403, QUERY_MESSAGES.attachmentBadLink);
    await expectRefused(await t.app.request(url.replace(/s=[^&]+/, 's=forged'), { method: 'PUT', headers: { 'content-type': 'image/png' }, body: PNG }), 403, QUERY_MESSAGES.attachmentBadLink);
    const huge = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);
    await expectRefused(await t.app.request(url, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: huge }), 413, QUERY_MESSAGES.attachmentTooLarge);
    t.clock.advance(16 * 60 * 1000);
    await expectRefused(await t.app.request(url, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: PNG }), 403, QUERY_MESSAGES.attachmentBadLink);
  });
});

describe('POST /query/{id}', () => {
  it('adds the student\'s reply to an open query, by name, with an attachment', async () => {
    const t = await newApp();
    const rohan = await student(t, 'second@example.edu');
    const attachment = await rohan.upload('image/jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]));
    t.clock.advance(1000);
    const response = await rohan.post(`/api/query/${DEMO_QUERIES.rohanOpen}`, { content: 'It happens on Chrome for Android too.', attachment });
    expect(response.status).toBe(200);
    const saved = querySavedReplySchema.parse(await response.json());
    expect(saved.message).toBe(QUERY_MESSAGES.replySubmitted);
    expect(saved.data.engagements).toHaveLength(1);
    expect(saved.data.engagements[0]).toMatchObject({ post_by_name: 'Rohan Mehta', content: 'It happens on Chrome for Android too.' });
    expect((await t.app.request(saved.data.engagements[0]?.attachment as string)).status).toBe(200);
    t.clock.advance(1000);
    const plain = await rohan.post(`/api/query/${DEMO_QUERIES.rohanOpen}`, { content: 'And on a laptop as well.', attachment: null });
    expect(plain.status).toBe(200);
    expect((await rohan.record(DEMO_QUERIES.rohanOpen)).engagements.map((item) => item.attachment === null)).toEqual([false, true]);
  });

  it('refuses a short or malformed reply, another student\'s query, and a closed query', async () => {
    const t = await newApp();
    const asha = await student(t, 'student@example.edu');
    const rohan = await student(t, 'second@example.edu');
    await expectRefused(await rohan.post(`/api/query/${DEMO_QUERIES.rohanOpen}`, { content: 'too short' }), 422, QUERY_MESSAGES.replyTooShort);
    await expectRefused(await rohan.post(`/api/query/${DEMO_QUERIES.rohanOpen}`, {}), 422, QUERY_MESSAGES.replyTooShort);
    const bad = await t.app.request(`/api/query/${DEMO_QUERIES.rohanOpen}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-access-token': rohan.token }, body: 'nope' });
    expect(bad.status).toBe(400);
    await expectRefused(await rohan.post(`/api/query/${DEMO_QUERIES.ashaOpen}`, { content: 'Not my query at all, though.' }), 404, QUERY_MESSAGES.notFound);
    // A bad body does not tell another student's query from one that does not exist.
    await expectRefused(await rohan.post(`/api/query/${DEMO_QUERIES.ashaOpen}`, { content: 'short' }), 404, QUERY_MESSAGES.notFound);
    await expectRefused(await rohan.post(`/api/query/${DEMO_QUERIES.ashaOpen}`, {}), 404, QUERY_MESSAGES.notFound);
    expect((await asha.record(DEMO_QUERIES.ashaOpen)).engagements).toHaveLength(2);
    await expectRefused(await asha.post(`/api/query/${DEMO_QUERIES.ashaClosed}`, { content: 'One more question about it.' }), 409, QUERY_MESSAGES.closed);
    expect((await asha.record(DEMO_QUERIES.ashaClosed)).engagements).toHaveLength(1);
  });
});

describe('a query or reply sent again (a lost reply, two presses)', () => {
  it('ten identical submissions at once make one query; the same text two minutes later is a new one', async () => {
    const t = await newApp();
    const rohan = await student(t, 'second@example.edu');
    const replies = await Promise.all(Array.from({ length: 10 }, () => rohan.post('/api/submit-query', submission())));
    const ids = new Set(await Promise.all(replies.map(async (reply) => querySavedReplySchema.parse(await reply.json()).data._id)));
    expect(ids.size).toBe(1);
    t.clock.advance(2 * 60_000 + 1);
    const later = querySavedReplySchema.parse(await (await rohan.post('/api/submit-query', submission())).json()).data;
    expect(ids.has(later._id)).toBe(false);
  });

  it("a query's attachment cannot be replaced through its upload link once the query is sent", async () => {
    const t = await newApp();
    const rohan = await student(t, 'second@example.edu');
    const { url } = queryAttachmentUrlReplySchema.parse(await (await rohan.post('/api/queries-attachment-url', { contentType: 'image/png' })).json());
    const put = () => t.app.request(url, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: PNG });
    expect((await put()).status).toBe(200);
    expect((await put()).status).toBe(200);
    expect((await rohan.post('/api/submit-query', submission({ attachment: withoutQueryString(url) }))).status).toBe(201);
    await expectRefused(await put(), 403, QUERY_MESSAGES.attachmentBadLink);
  });

  it('five identical replies at once add one; a different reply is added', async () => {
    const t = await newApp();
    const asha = await student(t, 'student@example.edu');
    const before = (await asha.record(DEMO_QUERIES.ashaOpen)).engagements.length;
    await Promise.all(Array.from({ length: 5 }, () => asha.post(`/api/query/${DEMO_QUERIES.ashaOpen}`, { content: 'It happens on every page.' })));
    expect((await asha.record(DEMO_QUERIES.ashaOpen)).engagements).toHaveLength(before + 1);
    await asha.post(`/api/query/${DEMO_QUERIES.ashaOpen}`, { content: 'And on the first page too.' });
    expect((await asha.record(DEMO_QUERIES.ashaOpen)).engagements).toHaveLength(before + 2);
  });
});

describe('the institute\'s actions through the import', () => {
  const run = (t: TestApp, input: unknown) => importData(t.db.kysely, parseImportFile(input), t.clock, t.logger);
  async function issuesOf(t: TestApp, input: unknown): Promise<string[]> {
    try {
      await run(t, input);
    } catch (error) {
      if (error instanceof ImportError) return error.issues.map((issue) => `${issue.path}: ${issue.message}`);
      throw error;
    }
    throw new Error('expected an ImportError');
  }

  it('a reply shows in the student\'s thread; closing the query stops the student\'s replies', async () => {
    const t = await newApp();
    const rohan = await student(t, 'second@example.edu');
    const asked = querySavedReplySchema.parse(await (await rohan.post('/api/submit-query', submission())).json()).data;
    t.clock.advance(60_000);
    const summary = await run(t, {
      version: 1,
      query_replies: [{ id: 'desk-reply-1', query_id: asked._id, post_by_name: 'Support Desk', content: 'Please clear the browser cache and try again.' }],
      query_closures: [{ query_id: asked._id }],
    });
    expect(summary.queries).toMatchObject({ query_replies: { inserted: 1, updated: 0 }, query_closures: { inserted: 1, updated: 0 } });
    const after = await rohan.record(asked._id);
    expect(after.status).toBe('closed');
    expect(after.engagements).toEqual([{ post_by_name: 'Support Desk', content: 'Please clear the browser cache and try again.', attachment: null, created_at: t.clock.now() }]);
    await expectRefused(await rohan.post(`/api/query/${asked._id}`, { content: 'It still does not work.' }), 409, QUERY_MESSAGES.closed);
    // Again: the reply is updated, not added; the closed query stays closed.
    const again = await run(t, { version: 1, query_replies: [{ id: 'desk-reply-1', query_id: asked._id, content: 'Please clear the cache, then try again.' }], query_closures: [{ query_id: asked._id }] });
    expect(again.queries).toMatchObject({ query_replies: { inserted: 0, updated: 1 }, query_closures: { inserted: 0, updated: 1 } });
    expect((await rohan.record(asked._id)).engagements.map((item) => item.content)).toEqual(['Please clear the cache, then try again.']);
  });

  it('refuses unknown types, sub types, subjects, students and queries, and ids of another student\'s query', async () => {
    const t = await newApp();
    const problems = await issuesOf(t, {
      version: 1,
      query_types: [{ id: 'qt-1', name: 'One', sub_types: [{ id: 'a', name: 'A' }, { id: 'a', name: 'A again' }] }],
      queries: [
        { id: 'q-1', reg_no: 'DEMO001', query_type_id: 'qt-1', query_sub_type_id: 'b', query: 'A question of some length.' },
        { id: 'q-2', reg_no: 'NOBODY', query_type_id: 'qt-none', query_sub_type_id: 'a', subject_id: 'no-subject', query: 'A question of some length.' },
        { id: DEMO_QUERIES.rohanOpen, reg_no: 'DEMO001', query_type_id: 'demo-qt-fees', query_sub_type_id: 'nope', query: 'Taking over a query.' },
      ],
      query_replies: [{ id: 'demo-query-asha-open-1', query_id: 'q-missing', content: 'Hello there.' }],
      query_closures: [{ query_id: 'q-missing-too' }],
    });
    expect(problems).toEqual(expect.arrayContaining([
      'query_types.0.sub_types.1.id: Sub type a is listed twice for qt-1.',
      'queries.0.query_sub_type_id: Query type qt-1 has no sub type b.',
    ]));
    const stored = await issuesOf(t, {
      version: 1,
      queries: [
        { id: 'q-2', reg_no: 'NOBODY', query_type_id: 'qt-none', query_sub_type_id: 'a', subject_id: 'no-subject', query: 'A question of some length.' },
        { id: DEMO_QUERIES.rohanOpen, reg_no: 'DEMO001', query_type_id: 'demo-qt-fees', query_sub_type_id: 'nope', query: 'Taking over a query.' },
      ],
      query_replies: [{ id: 'demo-query-asha-open-1', query_id: DEMO_QUERIES.ashaClosed, content: 'Hello there.' }, { id: 'r-2', query_id: 'q-missing', content: 'Hello there.' }],
      query_closures: [{ query_id: 'q-missing-too' }],
    });
    expect(stored.sort()).toEqual([
      'queries.0.query_type_id: There is no query type qt-none.',
      'queries.0.reg_no: There is no student NOBODY.',
      'queries.0.subject_id: There is no subject no-subject.',
      `queries.1.id: Query ${DEMO_QUERIES.rohanOpen} belongs to another student.`,
      'queries.1.query_sub_type_id: Query type demo-qt-fees has no sub type nope.',
      'query_closures.0.query_id: There is no query q-missing-too.',
      'query_replies.0.id: Reply demo-query-asha-open-1 belongs to another query.',
      'query_replies.1.query_id: There is no query q-missing.',
    ]);
  });
});
