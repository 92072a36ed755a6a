import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorReplySchema } from '@invigil/shared/api/common';
import { certificateRequestsReplySchema } from '@invigil/shared/api/certificates';
import { ACCESS_TOKEN_HEADER } from '@invigil/shared/api/http';
import { assignmentChangeReplySchema, presignAssignmentReplySchema } from '@invigil/shared/api/study';
import { presignAvatarReplySchema, PROFILE_MESSAGES, saveAvatarReplySchema, AVATAR_MAX_BYTES } from '@invigil/shared/api/profile';
import { queryAttachmentUrlReplySchema, querySavedReplySchema } from '@invigil/shared/api/queries';
import { withoutQueryString } from '@invigil/shared/api/query-messages';
import type { UploadReceiptReply } from '@invigil/shared/api/fees';
import { newDataReplySchema, presignReplySchema } from '@invigil/shared/api/uploads';
import { ConfigError, findRepoRoot, loadConfig } from './platform/config';
import { DEMO_FEES } from './seed/demo-fees';
import { DEMO_STUDY } from './seed/demo-study';
import { DEMO_PDF, DEMO_TEST_IDS } from './seed/demo-tests';
import { createS3BlobStore, createS3Client } from './platform/storage/blob-store';
import { UPLOAD_ERRORS } from './modules/exam/exam-module';
import { startS3StandIn } from './test-support/s3-stand-in';
import type { S3StandIn } from './test-support/s3-stand-in';
import { TEST_JWT_SECRET, useTestApp } from './test-support/test-app';
import type { TestApp } from './test-support/test-app';

// The same upload journeys as the embedded store's tests, against S3: an S3 stand-in from npm on
// loopback, the real AWS SDK, and the browser's part done with fetch on the presigned URLs.

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('rest of a tiny png')]);
const PDF = Buffer.from('%PDF-1.4\n% a tiny answer sheet\n%%EOF\n');
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x20, 0, 0, 0]), Buffer.from('WEBPVP8 a tiny snapshot')]);
const SHEET = DEMO_TEST_IDS.answerSheet;
const MCQ = DEMO_TEST_IDS.mcq;

const newApp = useTestApp();
let s3: S3StandIn;
let sdk: S3Client;

beforeAll(async () => {
  s3 = await startS3StandIn({ buckets: ['invigil-test'] });
  sdk = s3.client();
});
afterAll(async () => {
  sdk.destroy();
  await s3.close();
});

// Rohan's demo config turns My Fee off (require-page.test.ts checks that); here he uploads a receipt, so his pages are on.
const s3App = async () => {
  const t = await newApp({ s3: s3.config() });
  await t.setConfig('DEMO002', {});
  return t;
};

/** The object's bytes in the bucket, read with the SDK (undefined when there is none). */
async function stored(key: string): Promise<Buffer | undefined> {
  try {
    const reply = await sdk.send(new GetObjectCommand({ Bucket: 'invigil-test', Key: key }));
    return Buffer.from(await (reply.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray());
  } catch (error) {
    if ((error as { name?: string }).name === 'NoSuchKey') return undefined;
    throw error;
  }
}

/** A URL the server handed out, followed as a browser would: the server's signed GET redirects to S3. */
async function download(t: TestApp, url: string): Promise<Response> {
  const first = await t.app.request(url);
  expect(first.status).toBe(302);
  const location = first.headers.get('location') ?? '';
  expect(location.startsWith(`${s3.endpoint}/invigil-test/`)).toBe(true);
  return fetch(location);
}

/** The browser's PUT to a presigned URL (from the portal's origin). */
const browserPut = (url: string, contentType: string, body: Buffer, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'PUT', headers: { 'content-type': contentType, origin: 'http://localhost:8080', ...headers }, body });

/** Every file under BLOB_DIR: nothing a student sends may stay on this process's disk. */
function localFiles(t: TestApp): string[] {
  if (!existsSync(t.config.blobDir)) return [];
  return readdirSync(t.config.blobDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

async function student(t: TestApp, who: string) {
  const token = await t.token(who);
  const headers = { [ACCESS_TOKEN_HEADER]: token };
  return { token, headers, post: (path: string, body: unknown = {}) => t.postJson(path, body, headers) };
}

const messageOf = async (response: Response) => errorReplySchema.parse(await response.json()).message;

describe('S3 storage: the upload journeys on an S3-compatible store', () => {
  it('answer uploads: presign to S3, a browser PUT, save checks the object; the attempt lists it and it opens by redirect; delete removes it', async () => {
    const t = await s3App();
    const asha = await student(t, 'DEMO001');
    expect((await asha.post('/api/test/start', { id: SHEET, devices: [] })).status).toBe(200);
    const presign = async (ext: 'png' | 'pdf', qn: number) => {
      const contentType = ext === 'png' ? 'image/png' : 'application/pdf';
      const reply = await asha.post(`/api/presignURL/${SHEET}/${qn}/${ext}`, { test_id: SHEET, content_type: contentType });
      expect(reply.status).toBe(200);
      return presignReplySchema.parse(await reply.json());
    };

    const { fileName, signedURL } = await presign('png', 1);
    expect(signedURL.startsWith(`${s3.endpoint}/invigil-test/uploads/${fileName}?`)).toBe(true);
    // Saving before the PUT: the object is not in S3.
    const early = await asha.post(`/api/savePresignedURL/${SHEET}/1/png`, { test_id: SHEET, content_type: 'image/png', fileName });
    expect(early.status).toBe(409);
    expect(await messageOf(early)).toBe(UPLOAD_ERRORS.notUploadedYet);
    // The Content-Type is signed: S3 itself refuses a PUT of another type.
    expect((await browserPut(signedURL, 'image/jpeg', PNG)).status).toBe(403);
    expect(await stored(`uploads/${fileName}`)).toBeUndefined();

    const put = await browserPut(signedURL, 'image/png', PNG);
    expect(put.status).toBe(200);
    expect(put.headers.get('access-control-allow-origin')).not.toBeNull();
    expect(await stored(`uploads/${fileName}`)).toEqual(PNG);

    const saved = await asha.post(`/api/savePresignedURL/${SHEET}/1/png`, { test_id: SHEET, content_type: 'image/png', fileName });
    expect(saved.status).toBe(200);
    const url = (newDataReplySchema.parse(await saved.json()).newData as { iu: string[] }).iu[0] as string;
    expect(url.startsWith(`/blobs/u/${fileName}?`)).toBe(true);
    const file = await download(t, url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await file.arrayBuffer())).toEqual(PNG);
    // The server's signature still guards the redirect.
    expect((await t.app.request(url.replace(/s=[^&]+/, 's=AAAA'))).status).toBe(403);

    // Bytes that are not what the name says: refused at save, and the object is deleted.
    const fake = await presign('png', 2);
    expect((await browserPut(fake.signedURL, 'image/png', PDF)).status).toBe(200);
    const refused = await asha.post(`/api/savePresignedURL/${SHEET}/2/png`, { test_id: SHEET, content_type: 'image/png', fileName: fake.fileName });
    expect(refused.status).toBe(422);
    expect(await messageOf(refused)).toBe(UPLOAD_ERRORS.notThatType('png'));
    expect(await stored(`uploads/${fake.fileName}`)).toBeUndefined();

    // The one-step multipart upload is written to S3 by the server.
    const form = new FormData();
    form.set('test_id', SHEET);
    form.set('data', new Blob([PDF], { type: 'application/pdf' }), 'sheet.pdf');
    const direct = await t.app.request(`/api/fileUploadOverall/${SHEET}/0/pdf`, { method: 'POST', headers: asha.headers, body: form });
    expect(direct.status).toBe(200);
    const pdfUrl = (newDataReplySchema.parse(await direct.json()).newData as { pu: string[] }).pu[0] as string;
    const pdfKey = pdfUrl.split('?')[0]?.split('/').pop() as string;
    expect(await stored(`uploads/${pdfKey}`)).toEqual(PDF);

    const deleted = await asha.post('/api/deleteFile', { test_id: SHEET, qn: 1, file_name: fileName });
    expect(deleted.status).toBe(200);
    expect(await stored(`uploads/${fileName}`)).toBeUndefined();
    expect(localFiles(t)).toEqual([]);
  });

  it('assignment files, fee receipts, query attachments and avatars go to S3 by their presigned URLs and are checked before they count', async () => {
    const t = await s3App();
    const rohan = await student(t, 'second@example.edu');
    const asha = await student(t, 'student@example.edu');

    // An assignment file.
    const item = DEMO_STUDY.openAssignment;
    const presigned = presignAssignmentReplySchema.parse(await (await asha.post(`/api/presignURLAssignment/${item}`, { assignment_id: item, content_type: 'application/pdf', file_name: 'essay.pdf', stype: 'file' })).json());
    expect(presigned.signedURL.startsWith(`${s3.endpoint}/invigil-test/uploads/`)).toBe(true);
    expect((await browserPut(presigned.signedURL, 'application/pdf', PDF)).status).toBe(200);
    const savedItem = await asha.post(`/api/savePresignURLAssignment2/${item}`, { assignment_id: item, fileName: presigned.fileName });
    expect(savedItem.status).toBe(200);
    const pdfs = assignmentChangeReplySchema.parse(await savedItem.json()).data.pu;
    expect(pdfs.map((upload) => upload.fileName)).toContain(presigned.fileName);
    const listed = pdfs.find((upload) => upload.fileName === presigned.fileName);
    expect(listed?.size).toBe(PDF.length);
    expect(Buffer.from(await (await download(t, listed?.url as string)).arrayBuffer())).toEqual(PDF);

    // A fee receipt: the save takes the URL it was given.
    const receipt = (await (await rohan.post('/api/upload-receipt', { contentType: 'image/png' })).json()) as UploadReceiptReply;
    expect(receipt.url.startsWith(`${s3.endpoint}/invigil-test/uploads/${receipt.fileName}?`)).toBe(true);
    const receiptBody = { id: DEMO_FEES.rohanTransport, transaction_date: '2020-01-02', transaction_id: 'UTR123456', cheque_number: '', comment: 'Paid by UPI', url: receipt.url };
    expect((await rohan.post('/api/save-receipt', receiptBody)).status).toBe(409);
    expect((await browserPut(receipt.url, 'image/png', PNG)).status).toBe(200);
    expect((await rohan.post('/api/save-receipt', receiptBody)).status).toBe(200);
    expect(await stored(`uploads/${receipt.fileName}`)).toEqual(PNG);

    // A query attachment, PUT with x-amz-acl as the portal sends it; submitted without its query string.
    const attachment = queryAttachmentUrlReplySchema.parse(await (await rohan.post('/api/queries-attachment-url', { contentType: 'application/pdf' })).json());
    expect((await browserPut(attachment.url, 'application/pdf', PDF, { 'x-amz-acl': 'public-read' })).status).toBe(200);
    const query = await rohan.post('/api/submit-query', {
      query: 'My answer sheet upload fails on the last page.',
      query_type_id: 'demo-qt-technical',
      query_sub_type_id: 'other',
      subject_id: 'demo-physics',
      attachment: withoutQueryString(attachment.url),
    });
    expect(query.status).toBe(201);
    const link = querySavedReplySchema.parse(await query.json()).data.attachment as string;
    expect(Buffer.from(await (await download(t, link)).arrayBuffer())).toEqual(PDF);
    // Asha cannot submit Rohan's attachment.
    const stolen = await asha.post('/api/submit-query', { query: 'Someone else file here please.', query_type_id: 'demo-qt-technical', query_sub_type_id: 'other', attachment: withoutQueryString(attachment.url) });
    expect(stolen.status).toBe(422);

    // An avatar: over 2 MB is refused at save and deleted from the bucket; a small one is kept.
    const avatar = async (bytes: Buffer) => {
      const reply = presignAvatarReplySchema.parse(await (await asha.post('/api/presignAvatar', { contentType: 'image/png' })).json());
      expect((await browserPut(reply.signedURL, 'image/png', bytes)).status).toBe(200);
      return { reply, saved: await asha.post('/api/saveAvatar', { fileName: reply.fileName }) };
    };
    const huge = await avatar(Buffer.concat([PNG, Buffer.alloc(AVATAR_MAX_BYTES)]));
    expect(huge.saved.status).toBe(413);
    expect(await messageOf(huge.saved)).toBe(PROFILE_MESSAGES.avatarTooLarge);
    expect(await stored(`uploads/${huge.reply.fileName}`)).toBeUndefined();
    const small = await avatar(PNG);
    expect(small.saved.status).toBe(200);
    const shown = saveAvatarReplySchema.parse(await small.saved.json()).avatar as string;
    expect(Buffer.from(await (await download(t, shown)).arrayBuffer())).toEqual(PNG);

    expect(localFiles(t)).toEqual([]);
  });

  it('proctor snapshots are written to S3 and their evidence links redirect there; public files and certificates are served from the bucket', async () => {
    const t = await s3App();
    const asha = await student(t, 'DEMO001');
    expect((await asha.post('/api/test/start', { id: MCQ, devices: [] })).status).toBe(200);
    const form = new FormData();
    form.set('test_id', MCQ);
    form.set('reason', 'MULTI_FACE');
    form.set('image', new Blob([WEBP], { type: 'image/webp' }), 'snap.webp');
    const snap = await t.app.request(`/api/saveAIImage/${MCQ}/png`, { method: 'POST', headers: asha.headers, body: form });
    expect(snap.status).toBe(200);
    const { fileName } = (await snap.json()) as { fileName: string };
    expect(await stored(`uploads/${fileName}`)).toEqual(WEBP);
    expect((await sdk.send(new HeadObjectCommand({ Bucket: 'invigil-test', Key: `uploads/${fileName}` }))).ContentType).toBe('image/webp');

    // The seed's public PDF and Asha's delivered certificate are in the bucket, not on disk.
    expect(localFiles(t)).toEqual([]);
    const pdf = await download(t, `/blobs/public/${DEMO_PDF}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect((await pdf.arrayBuffer()).byteLength).toBeGreaterThan(100);
    expect((await t.app.request('/blobs/public/..%2Fuploads%2Fx.png')).status).toBe(404);

    const requests = certificateRequestsReplySchema.parse(await t.getJson('/api/certificate-requests', asha.token)).data;
    const delivered = requests.find((request) => request.certificate_url);
    const certificate = await download(t, delivered?.certificate_url as string);
    expect(certificate.status).toBe(200);
    expect(certificate.headers.get('content-disposition')).toBe('attachment; filename="Bonafide Certificate.pdf"');
    expect(Buffer.from(await certificate.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');

    // The portal's policy lets the browser reach the bucket: PUTs, images, media and framed PDFs.
    const csp = (await t.app.request('/blobs/public/nothing-here.pdf')).headers.get('content-security-policy') ?? '';
    for (const directive of ['connect-src', 'img-src', 'media-src', 'frame-src']) expect(csp).toMatch(new RegExp(`${directive} [^;]*${s3.endpoint.replace(/[.:/]/g, '\\$&')}`));
  });
});

describe('S3 storage: configuration and the bucket', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  const load = (env: Record<string, string>) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'invigil-s3-config-'));
    dirs.push(dataDir);
    return loadConfig({ DATA_DIR: dataDir, JWT_SECRET: TEST_JWT_SECRET, ...env }, findRepoRoot());
  };

  it('reads S3_* whole, refuses a partial or malformed one at start, and keeps the embedded store without it', () => {
    expect(load({}).s3).toBeUndefined();
    expect(load(s3.env()).s3).toEqual({ endpoint: s3.endpoint, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', bucket: 'invigil-test', corsOrigins: ['*'] });
    expect(load({ ...s3.env(), S3_REGION: 'ap-south-1', S3_CORS_ORIGINS: 'https://portal.example.edu, http://localhost:8080' }).s3).toMatchObject({
      region: 'ap-south-1',
      corsOrigins: ['https://portal.example.edu', 'http://localhost:8080'],
    });
    expect(() => load({ S3_ENDPOINT: s3.endpoint, S3_BUCKET: 'invigil-test' })).toThrow(
      new ConfigError(
        'S3 storage needs S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_BUCKET; S3_ENDPOINT, S3_BUCKET are set but S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are not (unset every S3_* for the embedded store).',
      ),
    );
    expect(() => load({ S3_REGION: 'ap-south-1' })).toThrow(/S3_REGION is set but S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_BUCKET are not/);
    expect(() => load({ ...s3.env(), S3_ENDPOINT: 'http://127.0.0.1:9000/bucket' })).toThrow(/S3_ENDPOINT must be an origin/);
    expect(() => load({ ...s3.env(), S3_BUCKET: 'Invigil_Bucket' })).toThrow(/S3_BUCKET must be a bucket name/);
    expect(() => load({ ...s3.env(), S3_CORS_ORIGINS: 'portal.example.edu' })).toThrow(/S3_CORS_ORIGINS must be/);
  });

  it('at start: an existing bucket is used as it is, a missing one is created with its CORS rule, wrong keys are a clear error', async () => {
    await expect(createS3BlobStore(s3.config()).ensureReady()).resolves.toBeUndefined();

    // The stand-in refuses the SDK's bucket-level paths ending in "/" (real S3 takes both): drop the slash.
    const client = createS3Client(s3.config('invigil-new'));
    client.middlewareStack.add(
      (next) => async (args) => {
        const request = args.request as { path?: string };
        if (request.path && /^\/[^/]+\/$/.test(request.path)) request.path = request.path.slice(0, -1);
        return next(args);
      },
      { step: 'build' },
    );
    const fresh = createS3BlobStore(s3.config('invigil-new'), client);
    await fresh.ensureReady();
    await fresh.putBytes('public/x.pdf', PDF, 'application/pdf');
    expect(await fresh.size('public/x.pdf')).toBe(PDF.length);
    const preflight = await fetch(`${s3.endpoint}/invigil-new/uploads/x.png`, { method: 'OPTIONS', headers: { origin: 'http://localhost:8080', 'access-control-request-method': 'PUT', 'access-control-request-headers': 'content-type' } });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PUT');
    client.destroy();

    const wrong = createS3BlobStore({ ...s3.config(), accessKeyId: 'NOT-A-KEY' });
    await expect(wrong.ensureReady()).rejects.toThrow(/S3 bucket invigil-test at http:\/\/127\.0\.0\.1:\d+ cannot be read \(InvalidAccessKeyId\)/);
  });
});
