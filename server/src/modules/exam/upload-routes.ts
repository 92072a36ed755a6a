import { Hono } from 'hono';
import type { Context, Handler } from 'hono';
import {
  deleteFileRequestSchema,
  deleteOverallFileRequestSchema,
  presignRequestSchema,
  savePresignedRequestSchema,
  UPLOAD_MESSAGES,
} from '@invigil/shared/api/uploads';
import type { NewDataReply, PresignReply } from '@invigil/shared/api/uploads';
import type { MessageReply } from '@invigil/shared/api/auth';
import { AppError } from '../../platform/lib/app-error';
import type { Clock } from '../../platform/lib/clock';
import { requireAuth } from '../auth/auth-module';
import { checkedBody, requireSameTest, validateJsonOrForm } from '../../platform/http/validate-json';
import type { AuthService } from '../auth/auth-module';
import type { UploadService } from './upload-service';
import { parseStoredFileKey } from '../../platform/storage/upload-store';
import type { UploadStore } from '../../platform/storage/upload-store';
import { z } from 'zod';
import { signedPutHandler } from '../../platform/http/signed-put';

export interface UploadRoutesDeps {
  auth: AuthService;
  uploads: UploadService;
}

const pathParams = z.object({
  testId: z.string().min(1).max(64),
  qn: z.coerce.number().int().nonnegative().max(10_000),
  ext: z.string().min(1).max(10),
});

/** The one-step upload's form fields besides the file (spec: multipart test_id, data). */
const directUploadFormSchema = z.object({ test_id: pathParams.shape.testId });

function params(c: Context): z.output<typeof pathParams> {
  return checkedBody(pathParams, { testId: c.req.param('testId'), qn: c.req.param('qn'), ext: c.req.param('ext') });
}

/** The upload calls of spec section 7 under /api (signed in; a student reaches only their own files). */
export function uploadRoutes({ auth, uploads }: UploadRoutesDeps) {
  const routes = new Hono();
  const signedIn = requireAuth(auth);

  routes.post('/presignURL/:testId/:qn/:ext', signedIn, validateJsonOrForm(presignRequestSchema), async (c) => {
    const { testId, qn, ext } = params(c);
    requireSameTest(c.get('body').test_id, testId);
    return c.json((await uploads.presign(c.get('user'), testId, qn, ext, c.get('body'))) satisfies PresignReply);
  });

  routes.post('/savePresignedURL/:testId/:qn/:ext', signedIn, validateJsonOrForm(savePresignedRequestSchema), async (c) => {
    const { testId, qn, ext } = params(c);
    requireSameTest(c.get('body').test_id, testId);
    return c.json((await uploads.save(c.get('user'), testId, qn, ext, c.get('body'))) satisfies NewDataReply);
  });

  // One multipart request: test_id and the file as `data`. Its size limit is the upload's own (app.ts).
  routes.post('/fileUploadOverall/:testId/:qn/:ext', signedIn, async (c) => {
    const { testId, qn, ext } = params(c);
    let form: Record<string, unknown>;
    try {
      form = await c.req.parseBody();
    } catch {
      throw new AppError('bad_request', 'The request body is not a valid form.');
    }
    requireSameTest(checkedBody(directUploadFormSchema, { test_id: form['test_id'] }).test_id, testId);
    const file = form['data'];
    if (!(file instanceof File)) throw new AppError('unprocessable', 'data: a file is required.', { issues: [{ path: 'data', message: 'A file is required.' }] });
    return c.json((await uploads.uploadDirect(c.get('user'), testId, qn, ext, file)) satisfies NewDataReply);
  });

  routes.post('/deleteFile', signedIn, validateJsonOrForm(deleteFileRequestSchema), async (c) =>
    c.json((await uploads.deleteFile(c.get('user'), c.get('body'))) satisfies NewDataReply),
  );

  routes.post('/deleteOverAllFile', signedIn, validateJsonOrForm(deleteOverallFileRequestSchema), async (c) => {
    const reply = await uploads.deleteOverall(c.get('user'), c.get('body'));
    return c.json({ ...reply, message: UPLOAD_MESSAGES.deleted } satisfies NewDataReply & MessageReply);
  });

  return routes;
}

/** PUT /blobs/upload/{file}?e&s: the signed URL's target; no access token (the signature is the permission). */
export function uploadPutHandler(uploads: UploadService): Handler {
  return signedPutHandler('The file is empty.', (file, signature, contentType, body) => uploads.receive(file, signature, contentType, body));
}

/** GET /blobs/u/{file}?e&s: a student's own file, by the signed URL their replies carry. */
export function uploadGetHandler(store: UploadStore, clock: Clock): Handler {
  return async (c) => {
    const fileKey = c.req.param('file') ?? '';
    const query = { e: c.req.query('e'), s: c.req.query('s') };
    if (!parseStoredFileKey(fileKey) || !store.verify('GET', fileKey, query, clock.now())) return c.text('This link is not valid or has expired.\n', 403);
    // The embedded store sends the bytes; S3 redirects to a presigned GET of the same file.
    return (await store.serve(c, fileKey)) ?? c.text('Not found.\n', 404, { 'Cache-Control': 'no-store' });
  };
}
