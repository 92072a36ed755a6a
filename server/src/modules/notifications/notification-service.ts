import type {
  FcmTokenReply,
  FcmTokenRequest,
  MarkAllReadReply,
  MarkReadReply,
  Notification,
  NotificationsReply,
  PushPublicKeyReply,
} from '@invigil/shared/api/notifications';
import { MAX_NOTIFICATIONS, NOTIFICATION_MESSAGES, parsePushToken } from '@invigil/shared/api/notifications';
import { AppError } from '../../platform/lib/app-error';
import { pushEndpointProblem } from './push-endpoint';
import type { Clock } from '../../platform/lib/clock';
import type { NotificationRecord, NotificationRepository } from './notification-repository';
import type { PushSubscriptionRepository } from './push-subscription-repository';
import type { UserRecord } from '../auth/auth-module';

export interface NotificationServiceDeps {
  notifications: NotificationRepository;
  subscriptions: PushSubscriptionRepository;
  clock: Clock;
  vapidPublicKey: string;
  /** FCM tokens are accepted only when the institute configured Firebase. */
  fcmConfigured: boolean;
  /** Push service hosts allowed beside the browsers' own (PUSH_ALLOWED_HOSTS; decision 0052). */
  pushAllowedHosts: readonly string[];
}

/** Only web addresses and the server's own paths are offered as links (never javascript: from data). */
function safeLink(url: string): boolean {
  if (url.startsWith('/') && !url.startsWith('//')) return true;
  try {
    const protocol = new URL(url).protocol;
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

function toNotification(record: NotificationRecord): Notification {
  return {
    id: record.id,
    data: { title: record.title, content: record.content },
    attachments: record.attachments.filter(safeLink),
    created_at: record.createdAt,
    read_at: record.readAt,
  };
}

const notFound = () => new AppError('not_found', NOTIFICATION_MESSAGES.notFound);

/** The student's notifications and this browser's push subscription (spec sections 2, 3, 4, 7). */
export function createNotificationService({ notifications, subscriptions, clock, vapidPublicKey, fcmConfigured, pushAllowedHosts }: NotificationServiceDeps) {
  return {
    async list(user: UserRecord): Promise<NotificationsReply> {
      const data = (await notifications.listFor(user.id, MAX_NOTIFICATIONS)).map(toNotification);
      return { data, unread: data.filter((item) => item.read_at === null).length };
    },

    /** Marks one of the student's notifications read (again: unchanged); another's is not found. */
    async markRead(user: UserRecord, id: string): Promise<MarkReadReply> {
      if (!(await notifications.findFor(user.id, id))) throw notFound();
      await notifications.markRead(user.id, id, clock.now());
      const record = await notifications.findFor(user.id, id);
      if (!record) throw notFound();
      return { data: toNotification(record) };
    },

    async markAllRead(user: UserRecord): Promise<MarkAllReadReply> {
      return { marked: await notifications.markAllRead(user.id, clock.now()) };
    },

    publicKey(): PushPublicKeyReply {
      return { publicKey: vapidPublicKey };
    },

    /** POST /fcm-token: a Web Push subscription, or an FCM token when Firebase is configured. */
    async register(user: UserRecord, token: FcmTokenRequest['token']): Promise<FcmTokenReply> {
      const parsed = parsePushToken(token);
      if (!parsed.ok) throw new AppError('unprocessable', parsed.message, { issues: [{ path: 'token', message: parsed.message }] });
      const now = clock.now();
      if (parsed.value.kind === 'fcm') {
        if (!fcmConfigured) throw new AppError('unprocessable', NOTIFICATION_MESSAGES.fcmNotConfigured, { issues: [{ path: 'token', message: NOTIFICATION_MESSAGES.fcmNotConfigured }] });
        await subscriptions.upsert({ user_id: user.id, kind: 'fcm', endpoint: parsed.value.token, p256dh: null, auth: null }, now);
        return { message: NOTIFICATION_MESSAGES.enabled, kind: 'fcm' };
      }
      const { endpoint, keys } = parsed.value.subscription;
      // Only a web push service's endpoint: the server sends requests there (decision 0052).
      const problem = pushEndpointProblem(endpoint, pushAllowedHosts);
      if (problem) throw new AppError('unprocessable', problem, { issues: [{ path: 'token.endpoint', message: problem }] });
      await subscriptions.upsert({ user_id: user.id, kind: 'webpush', endpoint, p256dh: keys.p256dh, auth: keys.auth }, now);
      return { message: NOTIFICATION_MESSAGES.enabled, kind: 'webpush' };
    },

    /** DELETE /fcm-token: the student's own subscription of that endpoint (or token); none: 0. */
    async unregister(user: UserRecord, token: FcmTokenRequest['token']): Promise<{ removed: number }> {
      let endpoint: string;
      if (typeof token === 'string') {
        const parsed = token.startsWith('{') ? parsePushToken(token) : null;
        endpoint = parsed?.ok && parsed.value.kind === 'webpush' ? parsed.value.subscription.endpoint : token;
      } else {
        endpoint = token.endpoint;
      }
      return { removed: await subscriptions.removeForUser(user.id, endpoint) };
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
