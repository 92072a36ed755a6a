import { Hono } from 'hono';
import type { Context } from 'hono';
import { cors } from 'hono/cors';
import { createMiddleware } from 'hono/factory';
import { ACCESS_TOKEN_HEADER } from '@invigil/shared/api/http';
import {
  MAX_SNAPSHOT_BYTES,
  PROCTOR_MESSAGES,
  PROCTOR_TOKEN_HEADER,
  proctorEventsRequestSchema,
  proctorTokenRequestSchema,
  snapshotFormSchema,
} from '@invigil/shared/api/proctor';
import type { ProctorEventsReply, ProctorTimelineReply, ProctorTokenReply, SnapshotReply } from '@invigil/shared/api/proctor';
import { z } from 'zod';
import { AppError } from '../../platform/lib/app-error';
import { requireAuth } from '../auth/auth-module';
import { checkedBody, INVALID_FORM_MESSAGE, requireSameTest, validateJson } from '../../platform/http/validate-json';
import type { UserRecord } from '../auth/auth-module';
import type { AuthService } from '../auth/auth-module';
import type { ProctorService, Reporter } from './proctor-service';

export interface ProctorRoutesDeps {
  auth: AuthService;
  proctor: ProctorService;
}

/** A snapshot body is the image plus a few short fields (base64 makes a data URL 4/3 larger). */
export const SNAPSHOT_BODY_LIMIT_BYTES = Math.ceil((MAX_SNAPSHOT_BYTES * 4) / 3) + 64 * 1024;

/** The paths whose bodies carry a snapshot (app.ts gives them SNAPSHOT_BODY_LIMIT_BYTES). */
export const isSnapshotPath = (path: string): boolean => path.includes('/snapUpload/') || path.includes('/saveAIImage/');

const testIdParam = z.string().min(1).max(64);
/** The spec's paths end in /png; the bytes decide the type (WebP per section 9, PNG or JPEG). */
const snapshotExtParam = z.enum(['png', 'webp', 'jpg', 'jpeg']);

/**
 * The extension's background worker calls these from its own origin with the proctor token; no
 * cookies are involved, so any origin may, but only with that header (never x-access-token).
 */
const reporterCors = cors({ origin: '*', allowMethods: ['POST', 'OPTIONS'], allowHeaders: ['content-type', PROCTOR_TOKEN_HEADER], maxAge: 600 });

const DATA_URL = /^data:image\/[a-z0-9.+-]+;base64,/i;

/** The image of a snapshot form field: a file, or a data URL / base64 text (the spec's `data`). */
async function imageBytes(value: unknown): Promise<Buffer> {
  if (value instanceof File) {
    if (value.size > MAX_SNAPSHOT_BYTES) throw new AppError('payload_too_large', PROCTOR_MESSAGES.snapshotTooLarge);
    return Buffer.from(await value.arrayBuffer());
  }
  if (typeof value === 'string' && value.length > 0) {
    const base64 = value.replace(DATA_URL, '');
    if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(base64)) throw new AppError('unprocessable', PROCTOR_MESSAGES.snapshotNotImage);
    return Buffer.from(base64, 'base64');
  }
  throw new AppError('unprocessable', PROCTOR_MESSAGES.snapshotRequired, { issues: [{ path: 'data', message: PROCTOR_MESSAGES.snapshotRequired }] });
}

async function readForm(c: Context): Promise<Record<string, unknown>> {
  const type = c.req.header('content-type')?.toLowerCase() ?? '';
  if (!type.startsWith('multipart/form-data') && !type.startsWith('application/x-www-form-urlencoded')) {
    throw new AppError('bad_request', 'The snapshot must be sent as a form (multipart or urlencoded).');
  }
  try {
    return await c.req.parseBody();
  } catch {
    throw new AppError('bad_request', INVALID_FORM_MESSAGE);
  }
}

/** The proctoring calls of issue 4: the extension's token, events, snapshots, the student's timeline. */
export function proctorRoutes({ auth, proctor }: ProctorRoutesDeps) {
  const routes = new Hono();
  const signedIn = requireAuth(auth);

  /**
   * Who reports: with x-proctor-token, the extension for the token's attempt (the token decides
   * even if an access token is sent too); otherwise the signed-in student for their own attempt.
   */
  const reporterFor = async (c: Context, testId: string, student?: UserRecord): Promise<Reporter> => {
    const proctorToken = c.req.header(PROCTOR_TOKEN_HEADER);
    if (proctorToken !== undefined) return proctor.reporterForToken(proctorToken, testId);
    return proctor.reporterForStudent(student ?? (await auth.userForToken(c.req.header(ACCESS_TOKEN_HEADER))), testId);
  };

  /**
   * The events name their test in the body, so the attempt is found after reading it; but the
   * credential is checked first, so a stranger gets 401 and never the body's field list.
   */
  const identifiedReporter = createMiddleware<{ Variables: { student: UserRecord | undefined } }>(async (c, next) => {
    const proctorToken = c.req.header(PROCTOR_TOKEN_HEADER);
    if (proctorToken !== undefined) proctor.checkToken(proctorToken);
    c.set('student', proctorToken === undefined ? await auth.userForToken(c.req.header(ACCESS_TOKEN_HEADER)) : undefined);
    await next();
  });

  routes.use('/proctor/events', reporterCors);
  routes.use('/snapUpload/*', reporterCors);
  routes.use('/saveAIImage/*', reporterCors);

  routes.post('/proctor/token', signedIn, validateJson(proctorTokenRequestSchema), async (c) =>
    c.json((await proctor.issueToken(c.get('user'), c.get('body').test_id)) satisfies ProctorTokenReply),
  );

  routes.post('/proctor/events', identifiedReporter, validateJson(proctorEventsRequestSchema), async (c) => {
    const request = c.get('body');
    return c.json((await proctor.record(await reporterFor(c, request.test_id, c.get('student')), request)) satisfies ProctorEventsReply);
  });

  routes.get('/proctor/events/:testId', signedIn, async (c) => {
    const testId = checkedBody(testIdParam, c.req.param('testId'));
    return c.json((await proctor.timeline(c.get('user'), testId)) satisfies ProctorTimelineReply);
  });

  /** Both snapshot calls: the form's test_id must name the path's test; `field` holds the image. */
  const snapshot = (pathParam: string, field: string) =>
    createMiddleware(async (c) => {
      const testId = checkedBody(testIdParam, c.req.param(pathParam));
      checkedBody(snapshotExtParam, c.req.param('ext'));
      // Who it is first, so a stranger's upload is refused before its body is read.
      const reporter = await reporterFor(c, testId);
      const form = await readForm(c);
      const fields = checkedBody(snapshotFormSchema, Object.fromEntries(Object.entries(form).filter(([, value]) => typeof value === 'string')));
      requireSameTest(fields.test_id, testId);
      const bytes = await imageBytes(form[field]);
      return c.json((await proctor.saveSnapshot(reporter, bytes, fields)) satisfies SnapshotReply);
    });

  // Spec section 7: form test_id and data (a file, or the image as a data URL).
  routes.post('/snapUpload/:id/:ext', snapshot('id', 'data'));
  // Spec section 7: multipart test_id and image.
  routes.post('/saveAIImage/:testId/:ext', snapshot('testId', 'image'));

  return routes;
}
