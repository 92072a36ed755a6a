import { Hono } from 'hono';
import type { Context } from 'hono';
import { submitRequestSchema, syncRequestSchema } from '@invigil/shared/api/attempt-sync';
import type { SubmitResponse, SyncReply } from '@invigil/shared/api/attempt-sync';
import { questionReportRequestSchema, startRequestSchema, TEST_MESSAGES } from '@invigil/shared/api/tests';
import type { MessageReply } from '@invigil/shared/api/auth';
import type {
  AnswerSheetReply,
  Marksheet,
  MarksheetListReply,
  MockTestsReply,
  MyResultsReply,
  RankingReply,
  StartResponse,
  TestGetReply,
  TestInResponse,
  TestInstructionReply,
  TestListReply,
  TestOutReply,
} from '@invigil/shared/api/tests';
import { AppError } from '../../platform/lib/app-error';
import { requireAuth } from '../auth/auth-module';
import { validateJson } from '../../platform/http/validate-json';
import type { AuthService } from '../auth/auth-module';
import type { EncodedPaper } from './paper-cache';
import type { TestModule } from './test-module';
import { pageNumber } from './test-service';
import { acceptedEncodings } from '../../platform/http/portal-routes';

export interface TestRoutesDeps {
  auth: AuthService;
  tests: TestModule;
}

/** The paper is the same for everyone: the browser keeps it and asks again with If-None-Match. */
const PAPER_CACHE_CONTROL = 'private, no-cache';

function servePaper(c: Context, etag: string, encoded: EncodedPaper): Response {
  const accepted = acceptedEncodings(c);
  const [encoding, bytes] = accepted.has('br') ? (['br', encoded.br] as const) : accepted.has('gzip') ? (['gzip', encoded.gzip] as const) : ([null, encoded.identity] as const);
  const tag = encoding ? `${etag.slice(0, -1)}-${encoding}"` : etag;
  const headers: Record<string, string> = { ETag: tag, 'Cache-Control': PAPER_CACHE_CONTROL, Vary: 'Accept-Encoding' };
  // Any encoding of the same version is the same paper.
  const variants = new Set([etag, `${etag.slice(0, -1)}-br"`, `${etag.slice(0, -1)}-gzip"`]);
  const ifNoneMatch = c.req.header('if-none-match');
  if (ifNoneMatch && ifNoneMatch.split(',').some((candidate) => variants.has(candidate.trim().replace(/^W\//, '')))) {
    return c.body(null, 304, headers);
  }
  headers['Content-Type'] = 'application/json; charset=utf-8';
  headers['Content-Length'] = String(bytes.length);
  if (encoding) headers['Content-Encoding'] = encoding;
  if (c.req.method === 'HEAD') return c.body(null, 200, headers);
  return c.body(bytes, 200, headers);
}

/** The timed-test calls of spec section 7 (and the paper), all signed in; a student sees only their own data. */
export function testRoutes({ auth, tests }: TestRoutesDeps) {
  const routes = new Hono();
  const signedIn = requireAuth(auth);
  const { catalog, attempts } = tests;

  routes.get('/test/list', signedIn, async (c) => c.json((await catalog.list(c.get('user'))) satisfies TestListReply));

  routes.get('/test/mock-tests', signedIn, async (c) => c.json((await catalog.mockTests(c.get('user'))) satisfies MockTestsReply));

  routes.get('/test/attempted-list', signedIn, async (c) => c.json((await catalog.attemptedList(c.get('user'))) satisfies TestListReply));

  routes.get('/test/get/:id', signedIn, async (c) => c.json((await catalog.get(c.get('user'), c.req.param('id'))) satisfies TestGetReply));

  routes.get('/test/instruction/:id', signedIn, async (c) =>
    c.json((await catalog.instruction(c.get('user'), c.req.param('id'))) satisfies TestInstructionReply),
  );

  // With `enter`, the reply also carries the attempt as GET /test/in?embed=0 would (decision 0044).
  routes.post('/test/start', signedIn, validateJson(startRequestSchema), async (c) => {
    const [user, body] = [c.get('user'), c.get('body')];
    if (!body.enter) return c.json((await attempts.start(user, body)) satisfies StartResponse);
    const { started, entered } = await attempts.startAndEnter(user, body);
    return c.json((!entered || 'type' in entered ? started : { ...started, entered }) satisfies StartResponse);
  });

  // ?embed=0 leaves the paper out of testData: the portal takes it from paper.url (cached, ETag).
  routes.get('/test/in/:id', signedIn, async (c) => {
    const embed = c.req.query('embed') !== '0' && c.req.query('embed') !== 'false';
    return c.json((await attempts.enter(c.get('user'), c.req.param('id'), embed)) satisfies TestInResponse);
  });

  routes.get('/test/paper/:id/:version', signedIn, async (c) => {
    const version = Number(c.req.param('version'));
    if (!Number.isInteger(version) || version < 1) throw new AppError('not_found', TEST_MESSAGES.testNotFound);
    const paper = await attempts.paperFor(c.get('user'), c.req.param('id'), version);
    return servePaper(c, paper.etag, await paper.encoded());
  });

  // Before the start (decision 0046): opaque bytes without the key, which only the start gives.
  routes.get('/test/sealed-paper/:id/:version', signedIn, async (c) => {
    const version = Number(c.req.param('version'));
    if (!Number.isInteger(version) || version < 1) throw new AppError('not_found', TEST_MESSAGES.testNotFound);
    const sealed = await attempts.sealedPaperFor(c.get('user'), c.req.param('id'), version);
    const headers: Record<string, string> = { ETag: sealed.etag, 'Cache-Control': PAPER_CACHE_CONTROL };
    const ifNoneMatch = c.req.header('if-none-match');
    if (ifNoneMatch && ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === sealed.etag)) return c.body(null, 304, headers);
    headers['Content-Type'] = 'application/octet-stream';
    return c.body(sealed.bytes, 200, headers);
  });

  routes.post('/test/sync', signedIn, validateJson(syncRequestSchema), async (c) =>
    c.json((await attempts.sync(c.get('user'), c.get('body'))) satisfies SyncReply),
  );

  routes.post('/test/submit', signedIn, validateJson(submitRequestSchema), async (c) =>
    c.json((await attempts.submit(c.get('user'), c.get('body'))) satisfies SubmitResponse),
  );

  routes.get('/test/myresults', signedIn, async (c) =>
    c.json((await catalog.myResults(c.get('user'), pageNumber(c.req.query('page')))) satisfies MyResultsReply),
  );

  routes.get('/test/out/:id', signedIn, async (c) => c.json((await attempts.out(c.get('user'), c.req.param('id'))) satisfies TestOutReply));

  routes.get('/test/out/:id/ranking', signedIn, async (c) =>
    c.json((await attempts.ranking(c.get('user'), c.req.param('id'))) satisfies RankingReply),
  );

  routes.get('/test/answer/:id', signedIn, async (c) =>
    c.json((await attempts.answerSheet(c.get('user'), c.req.param('id'))) satisfies AnswerSheetReply),
  );

  routes.post('/question/report', signedIn, validateJson(questionReportRequestSchema), async (c) => {
    await catalog.report(c.get('user'), c.get('body'));
    return c.json({ message: TEST_MESSAGES.reported } satisfies MessageReply);
  });

  routes.get('/marksheets', signedIn, async (c) =>
    c.json((await catalog.marksheetList(c.get('user'), pageNumber(c.req.query('page')))) satisfies MarksheetListReply),
  );

  routes.get('/marksheets/:id', signedIn, async (c) => c.json((await catalog.marksheet(c.get('user'), c.req.param('id'))) satisfies Marksheet));

  return routes;
}
