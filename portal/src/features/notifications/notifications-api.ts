import type {
  FcmTokenReply,
  MarkAllReadReply,
  MarkReadReply,
  NotificationsReply,
  PushPublicKeyReply,
} from '@invigil/shared/api/notifications';
import { apiCall } from '../../lib/api-client';

export const fetchNotifications = (signal?: AbortSignal) => apiCall<NotificationsReply>('/notifications', { signal });

export const markNotificationRead = (id: string) => apiCall<MarkReadReply>('/notifications/mark-read', { method: 'POST', body: { id } });

export const markAllNotificationsRead = () => apiCall<MarkAllReadReply>('/notifications/mark-all-read', { method: 'POST' });

/** The VAPID key browsers subscribe with (public: no login needed). */
export const fetchPushPublicKey = () => apiCall<PushPublicKeyReply>('/push/public-key', { auth: false });

/** Registers this browser's push subscription for the student (spec: POST /fcm-token). */
export const registerPushToken = (subscription: PushSubscriptionJSON) =>
  apiCall<FcmTokenReply>('/fcm-token', { method: 'POST', body: { token: subscription as Record<string, unknown> } });

export const unregisterPushToken = (endpoint: string) =>
  apiCall<{ removed: number }>('/fcm-token', { method: 'DELETE', body: { token: endpoint } });
