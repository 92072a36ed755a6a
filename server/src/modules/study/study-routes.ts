import { Hono } from 'hono';
import type { Context, Handler } from 'hono';
import type { AssignmentChangeReply, AssignmentUploadsReply, AuthorwiseReply, PresignAssignmentReply, StudyListReply } from '@invigil/shared/api/study';
import {
  assignmentIdSchema,
  authorwiseQuerySchema,
  deleteAssignmentUpload2RequestSchema,
  deleteAssignmentUploadRequestSchema,
  presignAssignmentRequestSchema,
  saveAssignmentUploadRequestSchema,
  studyListQuerySchema,
} from '@invigil/shared/api/study';
import { AppError } from '../../platform/lib/app-error';
import { requireAuth } from '../auth/auth-module';
import { checkedBody, validateJsonOrForm } from '../../platform/http/validate-json';
import type { AuthService } from '../auth/auth-module';
import type { StudyService } from './study-service';
import { signedPutHandler } from '../../platform/http/signed-put';

export interface StudyRoutesDeps {
  auth: AuthService;
  study: StudyService;
}

export const ASSIGNMENT_ID_MISMATCH_MESSAGE = 'assignment_id does not match the assignment in the path.';

const itemId = (c: Context): string => checkedBody(assignmentIdSchema, c.req.param('id'));

/** A body's assignment_id names the item of the path: a call acts on one item only. */
function sameItem(bodyId: string, pathId: string): void {
  if (bodyId !== pathId) throw new AppError('unprocessable', ASSIGNMENT_ID_MISMATCH_MESSAGE, { issues: [{ path: 'assignment_id', message: ASSIGNMENT_ID_MISMATCH_MESSAGE }] });
}

/** The study calls of spec section 7 under /api, signed in; a student reaches only their own files. */
export function studyRoutes({ auth, study }: StudyRoutesDeps) {
  const routes = new Hono();
  const signedIn = requireAuth(auth);

  routes.get('/study-material/list/authorwise', signedIn, async (c) => {
    const query = checkedBody(authorwiseQuerySchema, { type: c.req.query('type'), subject: c.req.query('subject') });
    return c.json((await study.authorwise(c.get('user'), query)) satisfies AuthorwiseReply);
  });

  routes.get('/study-material/list', signedIn, async (c) => {
    const query = checkedBody(studyListQuerySchema, { subject_id: c.req.query('subject_id'), author_id: c.req.query('author_id'), type: c.req.query('type'), page: c.req.query('page') });
    return c.json((await study.list(c.get('user'), query)) satisfies StudyListReply);
  });

  routes.post('/presignURLAssignment/:id', signedIn, validateJsonOrForm(presignAssignmentRequestSchema), async (c) => {
    const id = itemId(c);
    sameItem(c.get('body').assignment_id, id);
    return c.json((await study.presign(c.get('user'), id, c.get('body'))) satisfies PresignAssignmentReply);
  });

  // The spec names an older save call and its successor; both save the same way.
  for (const path of ['/savePresignURLAssignment2/:id', '/savePresignURLAssignment/:id']) {
    routes.post(path, signedIn, validateJsonOrForm(saveAssignmentUploadRequestSchema), async (c) => {
      const id = itemId(c);
      sameItem(c.get('body').assignment_id, id);
      return c.json((await study.save(c.get('user'), id, c.get('body').fileName)) satisfies AssignmentChangeReply);
    });
  }

  routes.post('/assignment/:id/uploads', signedIn, async (c) => c.json({ data: await study.uploads(c.get('user'), itemId(c)) } satisfies AssignmentUploadsReply));

  routes.post('/assignment/:id/delete2', signedIn, validateJsonOrForm(deleteAssignmentUpload2RequestSchema), async (c) =>
    c.json((await study.deleteByUrl(c.get('user'), itemId(c), c.get('body').url)) satisfies AssignmentChangeReply),
  );

  routes.post('/assignment/:id/delete', signedIn, validateJsonOrForm(deleteAssignmentUploadRequestSchema), async (c) =>
    c.json((await study.deleteByName(c.get('user'), itemId(c), c.get('body'))) satisfies AssignmentChangeReply),
  );

  return routes;
}

/** PUT /blobs/study-upload/{file}?e&s: an assignment file's signed URL; no access token (the signature is the permission). */
export function studyPutHandler(study: StudyService): Handler {
  return signedPutHandler('The file is empty.', (file, signature, contentType, body) => study.receive(file, signature, contentType, body));
}
