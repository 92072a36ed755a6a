import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorReplySchema } from '@invigil/shared/api/common';
import { ACCESS_TOKEN_HEADER } from '@invigil/shared/api/http';
import { testInReplySchema } from '@invigil/shared/api/tests';
import { newDataReplySchema, presignReplySchema, UPLOAD_MESSAGES, uploadFileName } from '@invigil/shared/api/uploads';
import { DEMO_TEST_IDS } from '../../seed/demo-tests';
import { useTestApp } from '../../test-support/test-app';
import type { TestApp } from '../../test-support/test-app';
import { UPLOAD_ERRORS } from './upload-service';

const newApp = useTestApp();

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('rest of a tiny png')]);
const PDF = Buffer.from('%PDF-1.4\n% a tiny answer sheet\n%%EOF\n');
const SHEET = DEMO_TEST_IDS.answerSheet;
// Questions 1 and 2 of the answer-sheet test are subjective, 3 is an MCQ.
const SUBJECTIVE_QN = 1;
const MCQ_QN = 3;

async function student(t: TestApp, who = 'DEMO001') {
  const token = await t.token(who);
  const headers = { [ACCESS_TOKEN_HEADER]: token };
  const post = (path: string, body: unknown) => t.postJson(path, body, headers);
  return {
    token,
    post,
    start: async (id: string) => expect((await post('/api/test/start', { id, devices: [] })).status).toBe(200),
    userData: async (id: string) => testInReplySchema.parse(await t.getJson(`/api/test/in/${id}`, token)).userData,
    postForm: (path: string, form: FormData) => t.app.request(path, { method: 'POST', headers, body: form }),
    /** presign -> PUT -> save, as the portal does; returns the save response. */
    async upload(testId: string, qn: number, ext: 'png' | 'pdf', bytes: Buffer) {
      const contentType = ext === 'png' ? 'image/png' : 'application/pdf';
      const presigned = await post(`/api/presignURL/${testId}/${qn}/${ext}`, { test_id: testId, content_type: contentType });
      expect(presigned.status).toBe(200);
      const { fileName, signedURL } = presignReplySchema.parse(await presigned.json());
      const put = await t.app.request(signedURL, { method: 'PUT', headers: { 'content-type': contentType }, body: bytes });
      expect(put.status).toBe(200);
      return post(`/api/savePresignedURL/${testId}/${qn}/${ext}`, { test_id: testId, content_type: contentType, fileName });
    },
  };
}

async function messageOf(response: Response) {
  return errorReplySchema.parse(await response.json()).message;
}

describe('answer uploads: presign, PUT, save', () => {
  it('attaches a photo to a subjective question; the attempt lists it and only its signed URL opens it', async () => {
    const t = await newApp();
    const asha = await student(t);
    await asha.start(SHEET);
    const saved = await asha.upload(SHEET, SUBJECTIVE_QN, 'png', PNG);
    expect(saved.status).toBe(200);
    const reply = newDataReplySchema.parse(await saved.json());
    expect(reply.message).toBe(UPLOAD_MESSAGES.uploaded);
    expect(reply.newData).toMatchObject({ qn: SUBJECTIVE_QN });
    const url = (reply.newData as { iu: string[] }).iu[0] as string;

    const state = (await asha.userData(SHEET)).test_data.find((item) => item.qn === SUBJECTIVE_QN);
    expect(state?.iu).toEqual([url]);

    const file = await t.app.request(url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await file.arrayBuffer())).toEqual(PNG);

    // Without the signature, or with another file's, the file does not open.
    const bare = url.split('?')[0] as string;
    expect((await t.app.request(bare)).status).toBe(403);
    expect((await t.app.request(url.replace(/s=[^&]+/, 's=AAAA'))).status).toBe(403);
  });

  it('refuses a PUT whose signature, content type, size or bytes are wrong, and a save before the PUT', async () => {
    const t = await newApp();
    const asha = await student(t);
    await asha.start(SHEET);
    const presign = async () =>
      presignReplySchema.parse(await (await asha.post(`/api/presignURL/${SHEET}/${SUBJECTIVE_QN}/png`, { test_id: SHEET, content_type: 'image/png' })).json());

    const first = await presign();
    const early = await asha.post(`/api/savePresignedURL/${SHEET}/${SUBJECTIVE_QN}/png`, { test_id: SHEET, content_type: 'image/png', fileName: first.fileName });
    expect(early.status).toBe(409);
    expect(await messageOf(early)).toBe(UPLOAD_ERRORS.notUploadedYet);

    const tampered = await t.app.request(first.signedURL.replace(/s=[^&]+/, 's=x'), { method: 'PUT', headers: { 'content-type': 'image/png' }, body: PNG });
    expect(tampered.status).toBe(403);
    const wrongType = await t.app.request(first.signedURL, { method: 'PUT', headers: { 'content-type': 'application/pdf' }, body: PNG });
    expect(wrongType.status).toBe(403);
    const notPng = await t.app.request(first.signedURL, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: PDF });
    expect(notPng.status).toBe(422);
    expect(await messageOf(notPng)).toBe(UPLOAD_ERRORS.notThatType('png'));

    const second = await presign();
    const huge = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);
    const tooLarge = await t.app.request(second.signedURL, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: huge });
    expect(tooLarge.status).toBe(413);

    const third = await presign();
    expect((await t.app.request(third.signedURL, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: PNG })).status).toBe(200);
    // A URL is good for one upload.
    expect((await t.app.request(third.signedURL, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: PNG })).status).toBe(403);

    // An expired URL.
    const fourth = await presign();
    t.clock.advance(16 * 60_000);
    expect((await t.app.request(fourth.signedURL, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: PNG })).status).toBe(403);
  });

  it('checks what may be uploaded where, with clear messages', async () => {
    const t = await newApp();
    const asha = await student(t);
    const presign = (testId: string, qn: number, ext: string, contentType: string) =>
      asha.post(`/api/presignURL/${testId}/${qn}/${ext}`, { test_id: testId, content_type: contentType });

    const notStarted = await presign(SHEET, SUBJECTIVE_QN, 'png', 'image/png');
    expect(notStarted.status).toBe(403);
    await asha.start(SHEET);
    await asha.start(DEMO_TEST_IDS.mcq);

    const cases: [Response, number, string][] = [
      [await presign(SHEET, MCQ_QN, 'png', 'image/png'), 422, UPLOAD_ERRORS.notSubjective],
      [await presign(SHEET, 99, 'png', 'image/png'), 422, UPLOAD_ERRORS.noSuchQuestion(99)],
      [await presign(SHEET, SUBJECTIVE_QN, 'exe', 'application/octet-stream'), 422, UPLOAD_ERRORS.badExtension],
      [await presign(SHEET, SUBJECTIVE_QN, 'png', 'image/jpeg'), 422, UPLOAD_ERRORS.wrongContentType('png', 'image/png')],
      [await presign(SHEET, SUBJECTIVE_QN, 'pdf', 'application/pdf'), 422, UPLOAD_ERRORS.notAllowedType],
      [await presign(DEMO_TEST_IDS.mcq, 0, 'pdf', 'application/pdf'), 403, UPLOAD_ERRORS.pdfNotTaken],
      [await presign('no-such-test', 0, 'pdf', 'application/pdf'), 404, 'Test not found!'],
    ];
    for (const [response, status, message] of cases) {
      expect(response.status).toBe(status);
      expect(await messageOf(response)).toBe(message);
    }

    const malformed = await asha.post(`/api/presignURL/${SHEET}/1/png`, { content_type: 'image/png' });
    expect(malformed.status).toBe(422);
    const badQn = await asha.post(`/api/presignURL/${SHEET}/-1/png`, { test_id: SHEET, content_type: 'image/png' });
    expect(badQn.status).toBe(422);
    const notJson = await t.app.request(`/api/presignURL/${SHEET}/1/png`, { method: 'POST', headers: { [ACCESS_TOKEN_HEADER]: asha.token }, body: '{' });
    expect(notJson.status).toBe(400);
    const noToken = await t.postJson(`/api/presignURL/${SHEET}/1/png`, { test_id: SHEET, content_type: 'image/png' });
    expect(noToken.status).toBe(401);

    // ALLOWED_FILE_UPLOAD narrows the categories.
    await t.db.kysely.updateTable('users').set({ config: JSON.stringify({ ALLOWED_FILE_UPLOAD: 'pdf' }) }).where('reg_no', '=', 'DEMO001').execute();
    const imagesOff = await presign(SHEET, SUBJECTIVE_QN, 'png', 'image/png');
    expect(imagesOff.status).toBe(422);
    expect(await messageOf(imagesOff)).toBe(UPLOAD_ERRORS.notAllowedType);
  });

  it('takes answer-sheet PDFs for the whole attempt, as a form too, and deletes them', async () => {
    const t = await newApp();
    const asha = await student(t);
    await asha.start(SHEET);
    const first = newDataReplySchema.parse(await (await asha.upload(SHEET, 0, 'pdf', PDF)).json());
    expect(first.newData).toMatchObject({ qn: 0, iu: [] });

    const form = new FormData();
    form.set('test_id', SHEET);
    form.set('data', new Blob([PDF], { type: 'application/pdf' }), 'sheet.pdf');
    const direct = await asha.postForm(`/api/fileUploadOverall/${SHEET}/0/pdf`, form);
    expect(direct.status).toBe(200);
    const both = newDataReplySchema.parse(await direct.json()).newData as { pu: string[] };
    expect(both.pu).toHaveLength(2);
    expect((await asha.userData(SHEET)).pu).toEqual(both.pu);

    // The form-encoded presign the spec's client sends works as JSON does.
    const formPresign = await t.app.request(`/api/presignURL/${SHEET}/0/pdf`, {
      method: 'POST',
      headers: { [ACCESS_TOKEN_HEADER]: asha.token, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ test_id: SHEET, content_type: 'application/pdf' }).toString(),
    });
    expect(formPresign.status).toBe(200);

    const removed = await asha.post('/api/deleteOverAllFile', { test_id: SHEET, file_name: uploadFileName(both.pu[0] as string), type: 'pdf' });
    expect(removed.status).toBe(200);
    expect(newDataReplySchema.parse(await removed.json()).message).toBe(UPLOAD_MESSAGES.deleted);
    expect((await asha.userData(SHEET)).pu).toEqual([both.pu[1]]);
    expect((await t.app.request(both.pu[0] as string)).status).toBe(404);

    // Another student cannot delete (or even find) Asha's file.
    const rohan = await student(t, 'DEMO002');
    await rohan.start(SHEET);
    const foreign = await rohan.post('/api/deleteOverAllFile', { test_id: SHEET, file_name: uploadFileName(both.pu[1] as string), type: 'pdf' });
    expect(foreign.status).toBe(404);
    expect((await asha.userData(SHEET)).pu).toHaveLength(1);
  });

  it('refuses a body whose test_id is not the test of the path, on every upload call, and stores nothing', async () => {
    const t = await newApp();
    const asha = await student(t);
    await asha.start(SHEET);
    await asha.start(DEMO_TEST_IDS.mcq);
    for (const wrong of [DEMO_TEST_IDS.mcq, `${SHEET}\u0000`, '']) {
      const presign = await asha.post(`/api/presignURL/${SHEET}/0/pdf`, { test_id: wrong, content_type: 'application/pdf' });
      expect(presign.status, JSON.stringify(wrong)).toBe(422);
      const save = await asha.post(`/api/savePresignedURL/${SHEET}/0/pdf`, { test_id: wrong, content_type: 'application/pdf', fileName: 'abcdefgh12.pdf' });
      expect(save.status, JSON.stringify(wrong)).toBe(422);
      const form = new FormData();
      form.set('test_id', wrong);
      form.set('data', new Blob([PDF], { type: 'application/pdf' }), 'sheet.pdf');
      const direct = await asha.postForm(`/api/fileUploadOverall/${SHEET}/0/pdf`, form);
      expect(direct.status, JSON.stringify(wrong)).toBe(422);
    }
    const mismatch = await asha.post(`/api/presignURL/${SHEET}/0/pdf`, { test_id: DEMO_TEST_IDS.mcq, content_type: 'application/pdf' });
    expect(await messageOf(mismatch)).toBe('test_id does not match the test in the path.');
    const noTestId = new FormData();
    noTestId.set('data', new Blob([PDF], { type: 'application/pdf' }), 'sheet.pdf');
    expect((await asha.postForm(`/api/fileUploadOverall/${SHEET}/0/pdf`, noTestId)).status).toBe(422);
    expect((await asha.userData(SHEET)).pu).toEqual([]);
    expect(t.logger.errors).toEqual([]);
  });

  it('deletes a question photo and lists the question as it was', async () => {
    const t = await newApp();
    const asha = await student(t);
    await asha.start(SHEET);
    const saved = newDataReplySchema.parse(await (await asha.upload(SHEET, SUBJECTIVE_QN, 'png', PNG)).json()).newData as { iu: string[] };
    const removed = await asha.post('/api/deleteFile', { test_id: SHEET, qn: SUBJECTIVE_QN, file_name: uploadFileName(saved.iu[0] as string) });
    expect(removed.status).toBe(200);
    expect(newDataReplySchema.parse(await removed.json()).newData).toEqual({ qn: SUBJECTIVE_QN, iu: [], vu: [], au: [] });
    const wrongQn = await asha.post('/api/deleteFile', { test_id: SHEET, qn: 2, file_name: uploadFileName(saved.iu[0] as string) });
    expect(wrongQn.status).toBe(404);
  });

  it('closes question uploads at submission; answer-sheet PDFs after it only with POST_PDF_UPLOAD', async () => {
    const t = await newApp();
    const asha = await student(t);
    const rohan = await student(t, 'DEMO002');
    for (const who of [asha, rohan]) {
      await who.start(SHEET);
      await who.upload(SHEET, SUBJECTIVE_QN, 'png', PNG);
      expect((await who.post('/api/test/submit', { id: SHEET, updates: [], terminated: 'manual' })).status).toBe(200);
    }
    const late = await asha.post(`/api/presignURL/${SHEET}/${SUBJECTIVE_QN}/png`, { test_id: SHEET, content_type: 'image/png' });
    expect(late.status).toBe(403);
    expect(await messageOf(late)).toBe(UPLOAD_ERRORS.closed);
    const ashaPdf = await asha.post(`/api/presignURL/${SHEET}/0/pdf`, { test_id: SHEET, content_type: 'application/pdf' });
    expect(ashaPdf.status).toBe(403);

    // Rohan's config has POST_PDF_UPLOAD: the PDF counts, marked as after submission.
    const rohanPdf = await rohan.upload(SHEET, 0, 'pdf', PDF);
    expect(rohanPdf.status).toBe(200);
    const out = (await t.getJson(`/api/test/out/${SHEET}`, rohan.token)) as { userData: { pu: string[]; test_data: { qn: number; iu: string[] }[] } };
    expect(out.userData.pu).toHaveLength(1);
    expect(out.userData.test_data.find((item) => item.qn === SUBJECTIVE_QN)?.iu).toHaveLength(1);
    const row = await t.db.kysely.selectFrom('uploads').select(['after_submit']).where('qn', '=', 0).executeTakeFirstOrThrow();
    expect(Number(row.after_submit)).toBe(1);
  });

  it('forgets uploads never saved after a day, and keeps saved ones', async () => {
    const t = await newApp();
    const asha = await student(t);
    await asha.start(SHEET);
    const saved = newDataReplySchema.parse(await (await asha.upload(SHEET, SUBJECTIVE_QN, 'png', PNG)).json()).newData as { iu: string[] };
    const abandoned = presignReplySchema.parse(await (await asha.post(`/api/presignURL/${SHEET}/${SUBJECTIVE_QN}/png`, { test_id: SHEET, content_type: 'image/png' })).json());
    expect((await t.app.request(abandoned.signedURL, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: PNG })).status).toBe(200);
    expect(await t.tests.uploads.pruneAbandoned(t.clock.now())).toBe(0);
    t.clock.advance(25 * 60 * 60_000);
    expect(await t.tests.uploads.pruneAbandoned(t.clock.now())).toBe(1);
    expect(await t.db.kysely.selectFrom('uploads').select('status').execute()).toEqual([{ status: 'saved' }]);
    expect(existsSync(join(t.config.blobDir, 'uploads', abandoned.fileName))).toBe(false);
    expect(existsSync(join(t.config.blobDir, 'uploads', uploadFileName(saved.iu[0] as string)))).toBe(true);
  });
});
