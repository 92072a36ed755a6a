import { Hono } from 'hono';
import { z } from 'zod';
import { ACCESS_TOKEN_HEADER } from '@invigil/shared/api/http';
import type { ChatMessage, ProctorCommand, ProctorLoginReply, ProctorTest, ProctorTestSnapshot, ProctorTrailReply } from '@invigil/shared/api/live';
import { proctorChatRequestSchema, proctorCommandRequestSchema, proctorLoginRequestSchema, proctorReadRequestSchema } from '@invigil/shared/api/live';
import { clientIp } from '../../platform/http/client-ip';
import { requireProctor } from './require-proctor';
import { checkedBody, validateJson } from '../../platform/http/validate-json';
import type { LiveService } from './live-service';
import type { StaffAuth } from '../staff/staff-module';

export interface ProctorConsoleRoutesDeps {
  proctorAuth: StaffAuth;
  live: LiveService;
  trustProxy: boolean;
}

const idParam = z.string().min(1).max(64);

/** The proctor console's HTTP calls (issue 12): sign-in, assigned tests, one test's candidates, a trail, and the socket's fallbacks. */
export function proctorConsoleRoutes({ proctorAuth, live, trustProxy }: ProctorConsoleRoutesDeps) {
  const routes = new Hono();
  const proctorOnly = requireProctor(proctorAuth);

  routes.post('/proctor/login', validateJson(proctorLoginRequestSchema), async (c) => {
    const { email, password } = c.get('body');
    // The staff sign-in (issue 28), in the console's older reply shape.
    const { token, staff } = await proctorAuth.login(email, password, clientIp(c, trustProxy));
    return c.json({ token, proctor: { id: staff.id, name: staff.name, email: staff.email } } satisfies ProctorLoginReply);
  });

  routes.post('/proctor/logout', proctorOnly, async (c) => {
    await proctorAuth.logout(c.get('proctor'), c.req.header(ACCESS_TOKEN_HEADER) ?? '');
    return c.json({ success: true, message: 'Signed out.' });
  });

  routes.get('/proctor/tests', proctorOnly, async (c) => c.json((await live.testsOf(c.get('proctor'))) satisfies ProctorTest[]));

  routes.get('/proctor/tests/:id', proctorOnly, async (c) =>
    c.json((await live.snapshot(c.get('proctor'), checkedBody(idParam, c.req.param('id')))) satisfies ProctorTestSnapshot),
  );

  routes.get('/proctor/tests/:id/trail/:uid', proctorOnly, async (c) =>
    c.json((await live.trail(c.get('proctor'), checkedBody(idParam, c.req.param('id')), checkedBody(idParam, c.req.param('uid')))) satisfies ProctorTrailReply),
  );

  routes.post('/proctor/tests/:id/chat', proctorOnly, validateJson(proctorChatRequestSchema), async (c) => {
    const messages = await live.proctorChat(c.get('proctor'), checkedBody(idParam, c.req.param('id')), c.get('body'));
    return c.json({ messages } satisfies { messages: ChatMessage[] });
  });

  routes.post('/proctor/tests/:id/commands', proctorOnly, validateJson(proctorCommandRequestSchema), async (c) => {
    const commands = await live.sendCommands(c.get('proctor'), checkedBody(idParam, c.req.param('id')), c.get('body'));
    return c.json({ commands } satisfies { commands: ProctorCommand[] });
  });

  routes.post('/proctor/tests/:id/read', proctorOnly, validateJson(proctorReadRequestSchema), async (c) => {
    const { uid, upTo } = c.get('body');
    await live.proctorRead(c.get('proctor'), checkedBody(idParam, c.req.param('id')), uid, upTo);
    return c.json({ success: true });
  });

  return routes;
}
