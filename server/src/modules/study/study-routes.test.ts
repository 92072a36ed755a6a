import { describe, expect, it } from 'vitest';
import { errorReplySchema } from '@invigil/shared/api/common';
import {
  assignmentChangeReplySchema,
  assignmentUploadsReplySchema,
  authorwiseReplySchema,
  presignAssignmentReplySchema,
  STUDY_MESSAGES,
  studyListReplySchema,
} from '@invigil/shared/api/study';
import { DEMO_STUDY } from '../../seed/demo-study';
import { ImportError, importData, parseImportFile } from '../../import/import-service';
import { createStudyRepository } from './study-repository';
import { ABANDONED_STUDY_UPLOAD_MS, createStudyService } from './study-service';
import { useTestApp } from '../../test-support/test-app';
import type { TestApp } from '../../test-support/test-app';
import { ASSIGNMENT_ID_MISMATCH_MESSAGE } from './study-routes';

const newApp = useTestApp();

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da636460f80f00010401005f0d5a5a0000000049454e44ae426082', 'hex');
const PDF = Buffer.from('%PDF-1.4\n%demo\n');
const XLSX = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(60, 1)]);
const OPEN = DEMO_STUDY.openAssignment;
const SCORED = DEMO_STUDY.scoredAssignment;

async function student(t: TestApp, phone: string) {
  const token = await t.token(phone);
  const headers = { 'x-access-token': token };
  return {
    token,
    get: (path: string) => t.get(path, headers),
    post: (path: string, body: unknown = {}) => t.postJson(path, body, headers),
    /** presign -> PUT -> save, as the portal does; returns the save response. */
    async upload(itemId: string, contentType: string, bytes: Buffer, name = 'answer.png') {
      const presigned = await t.postJson(`/api/presignURLAssignment/${itemId}`, { assignment_id: itemId, content_type: contentType, file_name: name, stype: 'file' }, headers);
      expect(presigned.status, await presigned.clone().text()).toBe(200);
      const { fileName, signedURL } = presignAssignmentReplySchema.parse(await presigned.json());
      const put = await t.app.request(signedURL, { method: 'PUT', headers: { 'content-type': contentType }, body: bytes });
      expect(put.status, await put.clone().text()).toBe(200);
      return t.postJson(`/api/savePresignURLAssignment2/${itemId}`, { assignment_id: itemId, fileName }, headers);
    },
  };
}

const messageOf = async (response: Response) => errorReplySchema.parse(await response.json()).message;

describe('study material: subject cards and lists', () => {
  it('gives author-wise subject cards with counts, filtered by type, to a signed-in student only', async () => {
    const t = await newApp();
    const asha = await student(t, 'student@example.edu');
    expect((await t.get('/api/study-material/list/authorwise')).status).toBe(401);

    const all = authorwiseReplySchema.parse(await t.getJson('/api/study-material/list/authorwise', asha.token));
    const physics = all.data.filter((card) => card.subject_id === 'demo-physics');
    expect(physics.map((card) => card.author_name)).toEqual(['Dr. Anil Kumar', 'Ms. Ritu Sharma']);
    expect(physics[0]).toMatchObject({ subject_name: 'Physics', assignment_count: 3, homework_count: 3, material_count: 4, video_lecture_count: 2, item_count: 12, type: null, is_assignment: false });
    expect(physics[0]?.due_date).toBeGreaterThan(t.clock.now());
    expect(all.data.map((card) => card.subject_name)).toEqual([...all.data.map((card) => card.subject_name)].sort((a, b) => a.localeCompare(b)));

    const assignments = authorwiseReplySchema.parse(await t.getJson('/api/study-material/list/authorwise?type=assignment', asha.token));
    expect(assignments.data.map((card) => [card.subject_name, card.item_count, card.is_assignment])).toEqual([['Chemistry', 1, true], ['Physics', 3, true]]);
    expect(authorwiseReplySchema.parse(await t.getJson('/api/study-material/list/authorwise?type=all&subject=demo-english', asha.token)).data).toHaveLength(1);

    const bad = await asha.get('/api/study-material/list/authorwise?type=quiz');
    expect(bad.status).toBe(422);
    expect(await messageOf(bad)).toMatch(/type/);
  });

  it('lists a subject 10 a page, newest first, with the score only once published and only the student’s own', async () => {
    const t = await newApp();
    const asha = await student(t, 'student@example.edu');
    const rohan = await student(t, 'second@example.edu');
    const first = studyListReplySchema.parse(await t.getJson('/api/study-material/list?subject_id=demo-physics&author_id=demo-teacher-anil', asha.token));
    expect(first).toMatchObject({ page: 1, last: 2, total: 12 });
    expect(first.data).toHaveLength(10);
    const times = first.data.map((item) => item.published_at);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const second = studyListReplySchema.parse(await t.getJson('/api/study-material/list?subject_id=demo-physics&author_id=demo-teacher-anil&page=2', asha.token));
    expect(second.data).toHaveLength(2);
    expect(new Set([...first.data, ...second.data].map((item) => item._id)).size).toBe(12);

    const open = first.data.find((item) => item._id === OPEN);
    expect(open).toMatchObject({ type: 'assignment', max_marks: 20, result_published: false, user_assignment: { score: null }, attachment_types: ['pdf'], upload_count: 0 });
    expect(open?.due_date).toBeGreaterThan(t.clock.now());
    const scored = (await t.getJson('/api/study-material/list?subject_id=demo-physics&type=assignment', asha.token)) as { data: { _id: string; user_assignment: unknown }[] };
    expect(scored.data.find((item) => item._id === SCORED)?.user_assignment).toEqual({ score: 8.5 });
    const rohans = studyListReplySchema.parse(await t.getJson('/api/study-material/list?subject_id=demo-physics&type=assignment', rohan.token));
    expect(rohans.data.find((item) => item._id === SCORED)?.user_assignment).toEqual({ score: 7 });
    const videos = studyListReplySchema.parse(await t.getJson('/api/study-material/list?subject_id=demo-physics&type=video-lecture', asha.token));
    expect(videos.data.map((item) => [item.attachment_types, item.user_assignment])).toEqual([[['video'], null], [['video'], null]]);
    expect(studyListReplySchema.parse(await t.getJson('/api/study-material/list?subject_id=no-such-subject', asha.token))).toEqual({ data: [], page: 1, last: 1, total: 0 });

    for (const query of ['', '?subject_id=demo-physics&page=0', '?subject_id=demo-physics&page=x', '?subject_id=demo-physics&type=exam']) {
      const response = await asha.get(`/api/study-material/list${query}`);
      expect(response.status, query).toBe(422);
      expect(await messageOf(response)).not.toBe('');
    }
  });

  it('hides an item of another class: not listed, and its uploads are not found', async () => {
    const t = await newApp();
    const now = t.clock.now();
    await t.db.kysely.insertInto('classes').values({ id: 'other-class', name: 'Other' }).execute();
    await t.db.kysely
      .insertInto('study_items')
      .values({ id: 'other-item', subject_id: 'demo-physics', author_id: 'x', author_name: 'Someone', type: 'assignment', title: 'Not yours', description: '', class_id: 'other-class', due_at: null, max_marks_hundredths: null, published_at: now, result_published: 0, attachments: '[]', created_at: now, updated_at: now })
      .execute();
    const asha = await student(t, 'student@example.edu');
    const list = studyListReplySchema.parse(await t.getJson('/api/study-material/list?subject_id=demo-physics&author_id=x', asha.token));
    expect(list.total).toBe(0);
    const presign = await asha.post('/api/presignURLAssignment/other-item', { assignment_id: 'other-item', content_type: 'image/png', file_name: 'a.png' });
    expect(presign.status).toBe(404);
    expect(await messageOf(presign)).toBe(STUDY_MESSAGES.itemNotFound);
    expect((await asha.post('/api/assignment/other-item/uploads')).status).toBe(404);
  });
});

describe('assignment uploads', () => {
  it('presign, PUT, save, list with names and sizes, delete by URL; another student sees and deletes none of them', async () => {
    const t = await newApp();
    const asha = await student(t, 'student@example.edu');
    const rohan = await student(t, 'second@example.edu');

    const saved = await rohan.upload(OPEN, 'image/png', PNG, 'page 1.png');
    expect(saved.status).toBe(200);
    const reply = assignmentChangeReplySchema.parse(await saved.json());
    expect(reply.message).toBe(STUDY_MESSAGES.uploaded);
    expect(reply.data.count).toBe(1);
    expect(reply.data.iu[0]).toMatchObject({ name: 'page 1.png', contentType: 'image/png', size: PNG.length });
    // A snapshot: WebP bytes named Snapshot.png (spec section 9); a spreadsheet; a PDF.
    const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x20, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(24)]);
    expect((await rohan.upload(OPEN, 'image/webp', webp, 'Snapshot.png')).status).toBe(200);
    expect((await rohan.upload(OPEN, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', XLSX, 'marks.xlsx')).status).toBe(200);
    const last = assignmentChangeReplySchema.parse(await (await rohan.upload(OPEN, 'application/pdf', PDF, 'working.pdf')).json());
    expect([last.data.count, last.data.iu.length, last.data.eu.length, last.data.pu.length]).toEqual([4, 2, 1, 1]);
    expect(last.data.iu.map((file) => file.name).sort()).toEqual(['Snapshot.png', 'page 1.png']);

    // The file opens by its signed URL.
    const opened = await t.app.request(last.data.pu[0]?.url ?? '');
    expect(opened.status).toBe(200);
    expect(Buffer.from(await opened.arrayBuffer()).equals(PDF)).toBe(true);

    // Asha sees none of Rohan's files, and cannot delete them.
    expect(assignmentUploadsReplySchema.parse(await (await asha.post(`/api/assignment/${OPEN}/uploads`)).json()).data.count).toBe(0);
    const theirs = await asha.post(`/api/assignment/${OPEN}/delete2`, { url: last.data.pu[0]?.url });
    expect(theirs.status).toBe(404);
    expect(await messageOf(theirs)).toBe(STUDY_MESSAGES.noSuchFile);
    const studyList = studyListReplySchema.parse(await t.getJson('/api/study-material/list?subject_id=demo-physics&type=assignment', rohan.token));
    expect(studyList.data.find((item) => item._id === OPEN)?.upload_count).toBe(4);

    const deleted = await rohan.post(`/api/assignment/${OPEN}/delete2`, { url: last.data.pu[0]?.url });
    expect(deleted.status).toBe(200);
    const after = assignmentChangeReplySchema.parse(await deleted.json());
    expect(after.message).toBe(STUDY_MESSAGES.deleted);
    expect([after.data.count, after.data.pu.length]).toEqual([3, 0]);
    expect((await t.app.request(last.data.pu[0]?.url ?? '')).status).toBe(404);

    // The older delete: by file name and list key, which must agree.
    const xlsx = after.data.eu[0];
    expect((await rohan.post(`/api/assignment/${OPEN}/delete`, { fileName: xlsx?.fileName, ukey: 'iu' })).status).toBe(404);
    const older = await rohan.post(`/api/assignment/${OPEN}/delete`, { fileName: xlsx?.fileName, ukey: 'eu' });
    expect(assignmentChangeReplySchema.parse(await older.json()).data.count).toBe(2);
  });

  it('refuses what is not allowed: wrong types, items without uploads, scored items, a mismatched id, bad signatures and bytes, a save before the PUT', async () => {
    const t = await newApp();
    const rohan = await student(t, 'second@example.edu');
    const presign = (itemId: string, body: Record<string, unknown>) => rohan.post(`/api/presignURLAssignment/${itemId}`, { assignment_id: itemId, file_name: 'a.png', content_type: 'image/png', ...body });

    const text = await presign(OPEN, { content_type: 'text/plain' });
    expect([text.status, await messageOf(text)]).toEqual([422, STUDY_MESSAGES.notAllowedType]);
    const material = await presign('demo-study-physics-material-1', {});
    expect([material.status, await messageOf(material)]).toEqual([422, STUDY_MESSAGES.noUploadsForType]);
    const scored = await presign(SCORED, {});
    expect([scored.status, await messageOf(scored)]).toEqual([403, STUDY_MESSAGES.resultPublished]);
    const mismatch = await rohan.post(`/api/presignURLAssignment/${OPEN}`, { assignment_id: SCORED, content_type: 'image/png', file_name: 'a.png' });
    expect([mismatch.status, await messageOf(mismatch)]).toEqual([422, ASSIGNMENT_ID_MISMATCH_MESSAGE]);
    const noName = await presign(OPEN, { file_name: '' });
    expect(noName.status).toBe(422);
    const notJson = await t.app.request(`/api/presignURLAssignment/${OPEN}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-access-token': rohan.token }, body: '{' });
    expect(notJson.status).toBe(400);
    expect((await t.postJson(`/api/presignURLAssignment/${OPEN}`, { assignment_id: OPEN, content_type: 'image/png', file_name: 'a.png' })).status).toBe(401);

    // A form body works as the spec's client sends it.
    const form = new FormData();
    form.set('assignment_id', OPEN);
    form.set('content_type', 'image/png');
    form.set('file_name', 'form.png');
    form.set('stype', 'file');
    const formReply = await t.app.request(`/api/presignURLAssignment/${OPEN}`, { method: 'POST', headers: { 'x-access-token': rohan.token }, body: form });
    const { fileName, signedURL } = presignAssignmentReplySchema.parse(await formReply.json());

    const early = await rohan.post(`/api/savePresignURLAssignment2/${OPEN}`, { assignment_id: OPEN, fileName });
    expect([early.status, await messageOf(early)]).toEqual([409, STUDY_MESSAGES.notUploadedYet]);
    const tampered = await t.app.request(signedURL.replace(/s=[^&]+/, 's=x'), { method: 'PUT', headers: { 'content-type': 'image/png' }, body: PNG });
    expect(tampered.status).toBe(403);
    const wrongType = await t.app.request(signedURL, { method: 'PUT', headers: { 'content-type': 'application/pdf' }, body: PNG });
    expect(wrongType.status).toBe(403);
    const notPng = await t.app.request(signedURL, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: PDF });
    expect([notPng.status, await messageOf(notPng)]).toEqual([422, STUDY_MESSAGES.notThatType('png')]);
    expect((await t.app.request(signedURL, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: PNG })).status).toBe(200);
    // Once stored, the URL is spent.
    expect((await t.app.request(signedURL, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: PNG })).status).toBe(403);
    // Another student cannot save Rohan's file as theirs.
    const asha = await student(t, 'student@example.edu');
    expect((await asha.post(`/api/savePresignURLAssignment2/${OPEN}`, { assignment_id: OPEN, fileName })).status).toBe(404);
    expect((await rohan.post(`/api/savePresignURLAssignment/${OPEN}`, { assignment_id: OPEN, fileName })).status).toBe(200);
    expect((await rohan.post(`/api/savePresignURLAssignment2/${OPEN}`, { assignment_id: OPEN, fileName: 'nothex.png' })).status).toBe(422);
    expect((await rohan.post(`/api/assignment/${OPEN}/delete2`, {})).status).toBe(422);
  });

  it('takes only the categories of ALLOWED_FILE_UPLOAD when the student has it', async () => {
    const t = await newApp();
    await t.db.kysely.updateTable('users').set({ config: JSON.stringify({ ALLOWED_FILE_UPLOAD: 'pdf' }) }).where('reg_no', '=', 'DEMO002').execute();
    const rohan = await student(t, 'second@example.edu');
    const image = await rohan.post(`/api/presignURLAssignment/${OPEN}`, { assignment_id: OPEN, content_type: 'image/png', file_name: 'a.png' });
    expect([image.status, await messageOf(image)]).toEqual([422, STUDY_MESSAGES.notAllowedType]);
    expect((await rohan.upload(OPEN, 'application/pdf', PDF, 'a.pdf')).status).toBe(200);
  });
});

describe('abandoned assignment uploads', () => {
  it('are forgotten a day after their URL was given out, saved files never', async () => {
    const t = await newApp();
    const rohan = await student(t, 'second@example.edu');
    expect((await rohan.upload(OPEN, 'image/png', PNG)).status).toBe(200);
    const presigned = await rohan.post(`/api/presignURLAssignment/${OPEN}`, { assignment_id: OPEN, content_type: 'image/png', file_name: 'never.png' });
    expect(presigned.status).toBe(200);
    const service = createStudyService({ study: createStudyRepository(t.db.kysely), store: t.tests.uploadStore, clock: t.clock });
    expect(await service.pruneAbandoned()).toBe(0);
    t.clock.advance(ABANDONED_STUDY_UPLOAD_MS + 1000);
    expect(await service.pruneAbandoned()).toBe(1);
    const rows = await t.db.kysely.selectFrom('study_uploads').select('status').execute();
    expect(rows.map((row) => row.status)).toEqual(['saved']);
  });
});

describe('study items in the import file', () => {
  const item = { id: 'imp-1', subject_id: 'demo-physics', author_id: 'imp-teacher', author_name: 'Imported Teacher', type: 'assignment', title: 'Imported', class_id: 'demo-class-10a', due_date: '2030-01-01T10:00:00+05:30', max_marks: 5 };

  it('adds and updates items with attachments and scores, and reports every wrong reference with its path', async () => {
    const t = await newApp();
    const run = (study_items: unknown[]) => importData(t.db.kysely, parseImportFile({ version: 1, study_items }), t.clock, t.logger);
    const first = await run([{ ...item, attachments: [{ name: 'Sheet', url: '/blobs/public/demo/formula-sheet.pdf' }], scores: [{ reg_no: 'DEMO002', score: 4.5 }] }]);
    expect(first.study).toEqual({ inserted: 1, updated: 0 });
    const again = await run([{ ...item, title: 'Renamed', result_published: true, scores: [{ reg_no: 'DEMO002', score: 5 }] }]);
    expect(again.study).toEqual({ inserted: 0, updated: 1 });
    const rohan = await student(t, 'second@example.edu');
    const list = studyListReplySchema.parse(await t.getJson('/api/study-material/list?subject_id=demo-physics&author_id=imp-teacher', rohan.token));
    expect(list.data[0]).toMatchObject({ title: 'Renamed', user_assignment: { score: 5 }, max_marks: 5, attachment_names: [] });

    const issues = async (study_items: unknown[]) => {
      try {
        await run(study_items);
      } catch (error) {
        if (error instanceof ImportError) return error.issues.map((issue) => `${issue.path}: ${issue.message}`);
        throw error;
      }
      throw new Error('expected an ImportError');
    };
    expect(await issues([{ ...item, subject_id: 'no-subject', class_id: 'no-class', scores: [{ reg_no: 'NOBODY', score: 1 }] }])).toEqual([
      'study_items.0.subject_id: There is no subject no-subject.',
      'study_items.0.class_id: There is no class no-class.',
      'study_items.0.scores.0.reg_no: There is no student NOBODY.',
    ]);
    expect(await issues([{ ...item, type: 'material', scores: [{ reg_no: 'DEMO001', score: 9 }] }, { ...item, scores: [{ reg_no: 'DEMO001', score: 9 }] }])).toEqual([
      'study_items.0.due_date: Only assignments and home work have a due date.',
      'study_items.0.max_marks: Only assignments and home work have max marks.',
      'study_items.0.scores: Only assignments and home work are scored.',
      'study_items.0.scores.0.score: The score is more than the max marks (5).',
      'study_items.1.id: Study item imp-1 appears twice in the file.',
      'study_items.1.scores.0.score: The score is more than the max marks (5).',
    ]);
  });
});
