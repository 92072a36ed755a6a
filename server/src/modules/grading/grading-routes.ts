import { Hono } from 'hono';
import { z } from 'zod';
import type { GradingAnswerReply, GradingQueueReply, GradingTestReply, GradingTestsReply, QuestionReportItem, QuestionReportsReply, RubricReply, SecondLookReply } from '@invigil/shared/api/staff-grading';
import {
  gradeRequestSchema,
  gradingNamesQuerySchema,
  gradingQueueQuerySchema,
  reportsQuerySchema,
  resolveReportRequestSchema,
  rubricRequestSchema,
  secondLookRequestSchema,
} from '@invigil/shared/api/staff-grading';
import { importIdSchema } from '@invigil/shared/api/test-import';
import { checkedBody, validateJson } from '../../platform/http/validate-json';
import type { StaffAuth, StaffEnv, StaffRecord } from '../staff/staff-module';
import { requireStaff } from '../staff/staff-module';
import type { EditorActor } from '../test-editor/test-editor-module';
import type { GradingService } from './grading-service';

export interface GradingRoutesDeps {
  staffAuth: StaffAuth;
  grading: GradingService;
  scopeOf(staff: StaffRecord): Promise<{ classIds: string[]; subjectIds: string[] } | null>;
}

const qnSchema = z
  .string()
  .regex(/^\d{1,5}$/, 'The question number must be a whole number.')
  .transform(Number)
  .refine((value) => value >= 1, 'The question number must be a whole number.');
const attemptIdSchema = z.string().min(1).max(64);
const reportIdSchema = z.string().min(1).max(64);

/** Grading (shared/src/api/staff-grading.ts): admins every test, teachers the tests they may open. */
export function gradingRoutes({ staffAuth, grading, scopeOf }: GradingRoutesDeps) {
  const routes = new Hono<StaffEnv>();
  // The role is checked before any body is read.
  const graders = requireStaff(staffAuth, ['admin', 'teacher']);
  const actorOf = async (c: { get(key: 'staff'): StaffRecord }): Promise<EditorActor> => {
    const staff = c.get('staff');
    return { staff, scope: await scopeOf(staff) };
  };
  type Params = { req: { param(name: string): string } };
  const testIdOf = (c: Params): string => checkedBody(importIdSchema, c.req.param('testId'));
  const answerOf = (c: Params) => ({ testId: testIdOf(c), attemptId: checkedBody(attemptIdSchema, c.req.param('attemptId')), qn: checkedBody(qnSchema, c.req.param('qn')) });
  const namesOf = (c: { req: { query(): Record<string, string> } }): boolean => checkedBody(gradingNamesQuerySchema, c.req.query()).names;

  routes.get('/staff/grading/tests', graders, async (c) => c.json((await grading.listTests(await actorOf(c))) satisfies GradingTestsReply));

  routes.get('/staff/grading/tests/:testId', graders, async (c) => c.json((await grading.testSummary(await actorOf(c), testIdOf(c))) satisfies GradingTestReply));

  routes.get('/staff/grading/tests/:testId/queue', graders, async (c) => {
    const query = checkedBody(gradingQueueQuerySchema, c.req.query());
    return c.json((await grading.queue(await actorOf(c), testIdOf(c), query)) satisfies GradingQueueReply);
  });

  routes.get('/staff/grading/tests/:testId/answers/:attemptId/:qn', graders, async (c) => {
    const { testId, attemptId, qn } = answerOf(c);
    return c.json((await grading.answer(await actorOf(c), testId, attemptId, qn, namesOf(c))) satisfies GradingAnswerReply);
  });

  routes.put('/staff/grading/tests/:testId/answers/:attemptId/:qn/grade', graders, validateJson(gradeRequestSchema), async (c) => {
    const { testId, attemptId, qn } = answerOf(c);
    return c.json((await grading.grade(await actorOf(c), testId, attemptId, qn, c.get('body'), namesOf(c))) satisfies GradingAnswerReply);
  });

  routes.put('/staff/grading/tests/:testId/answers/:attemptId/:qn/second-look', graders, validateJson(secondLookRequestSchema), async (c) => {
    const { testId, attemptId, qn } = answerOf(c);
    return c.json((await grading.secondLook(await actorOf(c), testId, attemptId, qn, c.get('body').on)) satisfies SecondLookReply);
  });

  routes.put('/staff/grading/tests/:testId/rubrics/:qn', graders, validateJson(rubricRequestSchema), async (c) =>
    c.json((await grading.saveRubric(await actorOf(c), testIdOf(c), checkedBody(qnSchema, c.req.param('qn')), c.get('body').items)) satisfies RubricReply),
  );

  routes.get('/staff/grading/reports', graders, async (c) => {
    const { status } = checkedBody(reportsQuerySchema, c.req.query());
    return c.json((await grading.reports(await actorOf(c), status)) satisfies QuestionReportsReply);
  });

  routes.post('/staff/grading/reports/:id/resolve', graders, validateJson(resolveReportRequestSchema), async (c) =>
    c.json((await grading.resolve(await actorOf(c), checkedBody(reportIdSchema, c.req.param('id')), c.get('body').note)) satisfies QuestionReportItem),
  );

  return routes;
}
