import { Hono } from 'hono';
import type { Handler } from 'hono';
import { QUERY_MESSAGES, queryAttachmentUrlRequestSchema, queryReplyRequestSchema, querySubmissionSchema } from '@invigil/shared/api/queries';
import type { QueryAttachmentUrlReply, QueryListReply, QueryRecordReply, QuerySavedReply, QueryTypesReply, SubjectsReply } from '@invigil/shared/api/queries';
import { AppError } from '../../platform/lib/app-error';
import { requireAuth } from '../auth/auth-module';
import { validateJsonOrForm } from '../../platform/http/validate-json';
import type { AuthService } from '../auth/auth-module';
import type { QueryService } from './query-service';
import { signedPutHandler } from '../../platform/http/signed-put';

export interface QueryRoutesDeps {
  auth: AuthService;
  queries: QueryService;
}

/** Ids are the import's (letters, digits, - and _) or the server's (24 hex); anything else is no query. */
const QUERY_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

function queryId(id: string | undefined): string {
  if (!id || !QUERY_ID.test(id)) throw new AppError('not_found', QUERY_MESSAGES.notFound);
  return id;
}

/**
 * GET /query-types, GET /subjects, POST /queries-attachment-url, POST /submit-query, GET /queries,
 * GET /query/{id}, POST /query/{id} (spec section 7). A student sees and answers only their own.
 */
export function queryRoutes({ auth, queries }: QueryRoutesDeps) {
  const routes = new Hono();
  const signedIn = requireAuth(auth);

  routes.get('/query-types', signedIn, async (c) => c.json({ data: await queries.queryTypes() } satisfies QueryTypesReply));

  routes.get('/subjects', signedIn, async (c) => c.json({ data: await queries.subjects(c.get('user')) } satisfies SubjectsReply));

  routes.post('/queries-attachment-url', signedIn, validateJsonOrForm(queryAttachmentUrlRequestSchema), async (c) =>
    c.json((await queries.attachmentUrl(c.get('user'), c.get('body').contentType)) satisfies QueryAttachmentUrlReply),
  );

  routes.post('/submit-query', signedIn, validateJsonOrForm(querySubmissionSchema), async (c) => {
    const data = await queries.submit(c.get('user'), c.get('body'));
    return c.json({ message: QUERY_MESSAGES.submitted, data } satisfies QuerySavedReply, 201);
  });

  routes.get('/queries', signedIn, async (c) => c.json({ data: await queries.list(c.get('user')) } satisfies QueryListReply));

  routes.get('/query/:id', signedIn, async (c) => c.json({ data: await queries.get(c.get('user'), queryId(c.req.param('id'))) } satisfies QueryRecordReply));

  // The query is looked up before the body is read: another student's query answers 404 whatever
  // the body, so a bad body cannot tell that the id exists.
  routes.post(
    '/query/:id',
    signedIn,
    async (c, next) => {
      await queries.get(c.get('user'), queryId(c.req.param('id')));
      await next();
    },
    validateJsonOrForm(queryReplyRequestSchema),
    async (c) => {
      const data = await queries.reply(c.get('user'), queryId(c.req.param('id')), c.get('body'));
      return c.json({ message: QUERY_MESSAGES.replySubmitted, data } satisfies QuerySavedReply);
    },
  );

  return routes;
}

/** PUT /blobs/query/{file}?e&s: an attachment's signed URL; no access token (the signature is the permission). */
export function queryAttachmentPutHandler(queries: QueryService): Handler {
  return signedPutHandler(QUERY_MESSAGES.attachmentNotThatType, (file, signature, contentType, body) => queries.receiveAttachment(file, signature, contentType, body));
}
