import { Hono } from 'hono';
import { z } from 'zod';
import type { AttemptDecisionReply, AttemptReviewReply, FlagVerdictReply, ReviewQueueReply, ReviewTestsReply } from '@invigil/shared/api/staff-review';
import { attemptDecisionRequestSchema, flagVerdictRequestSchema, reviewQueueQuerySchema } from '@invigil/shared/api/staff-review';
import { checkedBody, validateJson } from '../../platform/http/validate-json';
import type { StaffAuth, StaffEnv } from '../staff/staff-module';
import { requireStaff } from '../staff/staff-module';
import type { ReviewService } from './review-service';

const idParam = z.string().min(1).max(128);

/** The proctoring review (shared/src/api/staff-review.ts): admins and proctors; teachers 403, students 401. */
export function reviewRoutes({ staffAuth, review }: { staffAuth: StaffAuth; review: ReviewService }) {
  const routes = new Hono<StaffEnv>();
  // An admin passes every role check; a proctor only their tests (checked by the service).
  const reviewers = requireStaff(staffAuth, ['proctor']);

  routes.get('/staff/review', reviewers, async (c) => c.json((await review.queue(c.get('staff'), checkedBody(reviewQueueQuerySchema, c.req.query()))) satisfies ReviewQueueReply));

  routes.get('/staff/review/tests', reviewers, async (c) => c.json((await review.tests(c.get('staff'))) satisfies ReviewTestsReply));

  routes.get('/staff/review/attempts/:id', reviewers, async (c) =>
    c.json((await review.attempt(c.get('staff'), checkedBody(idParam, c.req.param('id')))) satisfies AttemptReviewReply),
  );

  routes.put('/staff/review/attempts/:id/flags/:eventId', reviewers, validateJson(flagVerdictRequestSchema), async (c) => {
    const body = c.get('body');
    return c.json((await review.setVerdict(c.get('staff'), checkedBody(idParam, c.req.param('id')), checkedBody(idParam, c.req.param('eventId')), body.verdict, body.note)) satisfies FlagVerdictReply);
  });

  routes.put('/staff/review/attempts/:id/decision', reviewers, validateJson(attemptDecisionRequestSchema), async (c) => {
    const body = c.get('body');
    return c.json((await review.setDecision(c.get('staff'), checkedBody(idParam, c.req.param('id')), body.decision, body.reason)) satisfies AttemptDecisionReply);
  });

  return routes;
}
