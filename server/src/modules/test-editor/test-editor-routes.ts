import { Hono } from 'hono';
import { importIdSchema } from '@invigil/shared/api/test-import';
import type { TestEditorReply, TestListReply, TestPreviewReply, TestPreviewScoreReply, TestPublishReply } from '@invigil/shared/api/staff-tests';
import {
  testCreateRequestSchema,
  testDuplicateRequestSchema,
  testListQuerySchema,
  testPreviewScoreRequestSchema,
  testPublishRequestSchema,
  testSaveRequestSchema,
} from '@invigil/shared/api/staff-tests';
import { AppError } from '../../platform/lib/app-error';
import { checkedBody, validateJson } from '../../platform/http/validate-json';
import type { StaffAuth, StaffEnv, StaffRecord } from '../staff/staff-module';
import { requireStaff } from '../staff/staff-module';
import type { EditorActor, TestEditorService } from './test-editor-service';

export interface TestEditorRoutesDeps {
  staffAuth: StaffAuth;
  editor: TestEditorService;
  scopeOf(staff: StaffRecord): Promise<{ classIds: string[]; subjectIds: string[] } | null>;
}

export const DRAFT_ID_MISMATCH_MESSAGE = "The draft's id does not match the test in the path.";

/** The staff's test editor (shared/src/api/staff-tests.ts): admins every test, teachers theirs and their classes'. */
export function testEditorRoutes({ staffAuth, editor, scopeOf }: TestEditorRoutesDeps) {
  const routes = new Hono<StaffEnv>();
  // The role is checked before any body is read.
  const staffOnly = requireStaff(staffAuth, ['admin', 'teacher']);
  const actorOf = async (c: { get(key: 'staff'): StaffRecord }): Promise<EditorActor> => {
    const staff = c.get('staff');
    return { staff, scope: await scopeOf(staff) };
  };
  const idOf = (c: { req: { param(name: 'id'): string } }): string => checkedBody(importIdSchema, c.req.param('id'));

  routes.get('/staff/tests', staffOnly, async (c) => {
    const query = checkedBody(testListQuerySchema, c.req.query());
    return c.json((await editor.list(await actorOf(c), query)) satisfies TestListReply);
  });

  routes.post('/staff/tests', staffOnly, validateJson(testCreateRequestSchema), async (c) =>
    c.json((await editor.create(await actorOf(c), c.get('body').draft)) satisfies TestEditorReply, 201),
  );

  routes.get('/staff/tests/:id', staffOnly, async (c) => c.json((await editor.get(await actorOf(c), idOf(c))) satisfies TestEditorReply));

  routes.put('/staff/tests/:id', staffOnly, validateJson(testSaveRequestSchema), async (c) => {
    const id = idOf(c);
    const { draft, base_updated_at: base } = c.get('body');
    if (draft.id !== id) throw new AppError('unprocessable', DRAFT_ID_MISMATCH_MESSAGE, { issues: [{ path: 'draft.id', message: DRAFT_ID_MISMATCH_MESSAGE }] });
    return c.json((await editor.save(await actorOf(c), id, draft, base)) satisfies TestEditorReply);
  });

  routes.post('/staff/tests/:id/publish', staffOnly, validateJson(testPublishRequestSchema), async (c) =>
    c.json((await editor.publish(await actorOf(c), idOf(c), c.get('body').base_updated_at)) satisfies TestPublishReply),
  );

  routes.delete('/staff/tests/:id/draft', staffOnly, async (c) => c.json((await editor.discard(await actorOf(c), idOf(c))) satisfies TestEditorReply));

  routes.delete('/staff/tests/:id', staffOnly, async (c) => {
    await editor.remove(await actorOf(c), idOf(c));
    return c.body(null, 204);
  });

  routes.post('/staff/tests/:id/duplicate', staffOnly, validateJson(testDuplicateRequestSchema), async (c) =>
    c.json((await editor.duplicate(await actorOf(c), idOf(c), c.get('body'))) satisfies TestEditorReply, 201),
  );

  routes.get('/staff/tests/:id/preview', staffOnly, async (c) => c.json((await editor.preview(await actorOf(c), idOf(c))) satisfies TestPreviewReply));

  routes.post('/staff/tests/:id/preview/score', staffOnly, validateJson(testPreviewScoreRequestSchema), async (c) =>
    c.json((await editor.previewScore(await actorOf(c), idOf(c), c.get('body').answers)) satisfies TestPreviewScoreReply),
  );

  return routes;
}
