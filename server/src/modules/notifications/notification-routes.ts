import { Hono } from 'hono';
import type { FcmTokenReply, MarkAllReadReply, MarkReadReply, NotificationsReply, PushPublicKeyReply } from '@invigil/shared/api/notifications';
import { deleteFcmTokenRequestSchema, fcmTokenRequestSchema, markReadRequestSchema } from '@invigil/shared/api/notifications';
import { requireAuth } from '../auth/auth-module';
import { validateJsonOrForm } from '../../platform/http/validate-json';
import type { AuthService } from '../auth/auth-module';
import type { NotificationService } from './notification-service';

export interface NotificationRoutesDeps {
  auth: AuthService;
  notifications: NotificationService;
}

/** GET /notifications, mark-read, mark-all-read, POST/DELETE /fcm-token (signed in) and the VAPID key. */
export function notificationRoutes({ auth, notifications }: NotificationRoutesDeps) {
  const routes = new Hono();
  const signedIn = requireAuth(auth);

  routes.get('/notifications', signedIn, async (c) => c.json((await notifications.list(c.get('user'))) satisfies NotificationsReply));

  routes.post('/notifications/mark-read', signedIn, validateJsonOrForm(markReadRequestSchema), async (c) =>
    c.json((await notifications.markRead(c.get('user'), c.get('body').id)) satisfies MarkReadReply),
  );

  // No body (spec section 7): whatever is sent is ignored.
  routes.post('/notifications/mark-all-read', signedIn, async (c) => c.json((await notifications.markAllRead(c.get('user'))) satisfies MarkAllReadReply));

  // Public: a browser needs it before it can subscribe; it is the public half of the key pair.
  routes.get('/push/public-key', (c) => c.json(notifications.publicKey() satisfies PushPublicKeyReply));

  routes.post('/fcm-token', signedIn, validateJsonOrForm(fcmTokenRequestSchema), async (c) =>
    c.json((await notifications.register(c.get('user'), c.get('body').token)) satisfies FcmTokenReply),
  );

  routes.delete('/fcm-token', signedIn, validateJsonOrForm(deleteFcmTokenRequestSchema), async (c) =>
    c.json(await notifications.unregister(c.get('user'), c.get('body').token)),
  );

  return routes;
}
