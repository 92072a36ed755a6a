import { Hono } from 'hono';
import { z } from 'zod';
import type { VideoProctoringReply } from '@invigil/shared/api/video-proctoring';
import { requireAuth } from '../auth/auth-module';
import { requireProctor } from './require-proctor';
import { checkedBody } from '../../platform/http/validate-json';
import type { AuthService } from '../auth/auth-module';
import type { StaffAuth } from '../staff/staff-module';
import type { VideoProctoringService } from './video-proctoring-service';

export interface VideoProctoringRoutesDeps {
  auth: AuthService;
  proctorAuth: StaffAuth;
  video: VideoProctoringService;
}

const idParam = z.string().min(1).max(64);

/** Video proctoring rooms (decision 0034): the student's own, and the proctor's of assigned tests. */
export function videoProctoringRoutes({ auth, proctorAuth, video }: VideoProctoringRoutesDeps) {
  const routes = new Hono();
  const signedIn = requireAuth(auth);
  const proctorOnly = requireProctor(proctorAuth);

  routes.get('/test/video/:id', signedIn, async (c) =>
    c.json((await video.forStudent(c.get('user'), checkedBody(idParam, c.req.param('id')))) satisfies VideoProctoringReply),
  );

  routes.get('/proctor/tests/:id/video', proctorOnly, async (c) =>
    c.json((await video.forProctorTest(c.get('proctor'), checkedBody(idParam, c.req.param('id')))) satisfies VideoProctoringReply),
  );

  routes.get('/proctor/tests/:id/video/:uid', proctorOnly, async (c) =>
    c.json((await video.forProctorCandidate(c.get('proctor'), checkedBody(idParam, c.req.param('id')), checkedBody(idParam, c.req.param('uid')))) satisfies VideoProctoringReply),
  );

  return routes;
}
