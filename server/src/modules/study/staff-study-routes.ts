import { Hono } from 'hono';
import type { Handler } from 'hono';
import type { AttachmentUrlReply, StaffStudyItemReply, StaffStudyListReply, StaffStudyOptions, StudyGradingListReply, SubmissionQueueReply, SubmissionReply } from '@invigil/shared/api/staff-study';
import { attachmentUrlRequestSchema, deleteStudyQuerySchema, scoreRequestSchema, staffStudyIdSchema, staffStudyListQuerySchema, studyItemRequestSchema, studyNamesQuerySchema, studyUserIdSchema } from '@invigil/shared/api/staff-study';
import { checkedBody, validateJson } from '../../platform/http/validate-json';
import { signedPutHandler } from '../../platform/http/signed-put';
import type { StaffAuth, StaffEnv, StaffRecord } from '../staff/staff-module';
import { requireStaff } from '../staff/staff-module';
import type { StaffStudyActor, StaffStudyService } from './staff-study-service';

export interface StaffStudyRoutesDeps {
  staffAuth: StaffAuth;
  study: StaffStudyService;
  scopeOf(staff: StaffRecord): Promise<{ classIds: string[]; subjectIds: string[] } | null>;
}

/** Study material in the staff console (shared/src/api/staff-study.ts): admins everything, teachers their classes and subjects. */
export function staffStudyRoutes({ staffAuth, study, scopeOf }: StaffStudyRoutesDeps) {
  const routes = new Hono<StaffEnv>();
  // The role is checked before any body is read; a proctor gets 403.
  const staffOnly = requireStaff(staffAuth, ['admin', 'teacher']);
  type Params = { req: { param(name: string): string; query(): Record<string, string> } };
  const actorOf = async (c: { get(key: 'staff'): StaffRecord }): Promise<StaffStudyActor> => {
    const staff = c.get('staff');
    return { staff, scope: await scopeOf(staff) };
  };
  const idOf = (c: Params) => checkedBody(staffStudyIdSchema, c.req.param('id'));
  const userOf = (c: Params) => checkedBody(studyUserIdSchema, c.req.param('userId'));
  const namesOf = (c: Params) => checkedBody(studyNamesQuerySchema, c.req.query()).names;

  routes.get('/staff/study/options', staffOnly, async (c) => c.json((await study.options(await actorOf(c))) satisfies StaffStudyOptions));

  routes.get('/staff/study/items', staffOnly, async (c) => {
    const query = checkedBody(staffStudyListQuerySchema, c.req.query());
    return c.json((await study.list(await actorOf(c), query)) satisfies StaffStudyListReply);
  });

  routes.post('/staff/study/items', staffOnly, validateJson(studyItemRequestSchema), async (c) => c.json((await study.create(await actorOf(c), c.get('body'))) satisfies StaffStudyItemReply, 201));

  routes.get('/staff/study/items/:id', staffOnly, async (c) => c.json((await study.item(await actorOf(c), idOf(c))) satisfies StaffStudyItemReply));

  routes.put('/staff/study/items/:id', staffOnly, validateJson(studyItemRequestSchema), async (c) => c.json((await study.update(await actorOf(c), idOf(c), c.get('body'))) satisfies StaffStudyItemReply));

  routes.delete('/staff/study/items/:id', staffOnly, async (c) => {
    const { confirm } = checkedBody(deleteStudyQuerySchema, c.req.query());
    return c.json(await study.remove(await actorOf(c), idOf(c), confirm === 'submissions'));
  });

  routes.post('/staff/study/items/:id/publish-scores', staffOnly, async (c) => c.json((await study.publishScores(await actorOf(c), idOf(c))) satisfies StaffStudyItemReply));

  routes.post('/staff/study/attachments', staffOnly, validateJson(attachmentUrlRequestSchema), async (c) => c.json((await study.attachmentUrl(c.get('body').content_type)) satisfies AttachmentUrlReply));

  routes.get('/staff/study/grading', staffOnly, async (c) => c.json((await study.gradingList(await actorOf(c))) satisfies StudyGradingListReply));

  routes.get('/staff/study/items/:id/submissions', staffOnly, async (c) => c.json((await study.queue(await actorOf(c), idOf(c), namesOf(c))) satisfies SubmissionQueueReply));

  routes.get('/staff/study/items/:id/submissions/:userId', staffOnly, async (c) => c.json((await study.submission(await actorOf(c), idOf(c), userOf(c), namesOf(c))) satisfies SubmissionReply));

  routes.put('/staff/study/items/:id/submissions/:userId/score', staffOnly, validateJson(scoreRequestSchema), async (c) =>
    c.json((await study.score(await actorOf(c), idOf(c), userOf(c), c.get('body'), namesOf(c))) satisfies SubmissionReply),
  );

  return routes;
}

/** PUT /blobs/study-upload/staff/{file}?e&s: a teacher's attachment (the signature is the permission). */
export function staffStudyPutHandler(study: StaffStudyService): Handler {
  return signedPutHandler('The file is empty.', (file, signature, contentType, body) => study.receiveAttachment(file, signature, contentType, body));
}
