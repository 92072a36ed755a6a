import { z } from 'zod';

/**
 * Notifications and push (spec sections 2 Notifications, 3 Notification, 4, 7, 8, 9).
 *
 *   GET    /notifications                 -> data: [Notification] newest first (at most MAX_NOTIFICATIONS), unread
 *   POST   /notifications/mark-read       id  -> the notification, read
 *   POST   /notifications/mark-all-read       -> marked: how many were unread
 *   GET    /push/public-key               -> publicKey: the VAPID key a browser subscribes with
 *   POST   /fcm-token                     token: a Web Push subscription, or an FCM registration token
 *   DELETE /fcm-token                     token: the same (or the subscription's endpoint) -> removed
 *
 * A notification goes to everyone, to a class or to one student; a student sees those addressed to
 * them and reads only those. `/fcm-token` keeps the spec's name: the portal in a browser registers
 * a standard Web Push subscription (VAPID); a native app packaging the portal registers its
 * Firebase Cloud Messaging token, used only when the institute configured a Firebase project.
 */

export * from './notification-messages';

export const notificationDataSchema = z.object({ title: z.string(), content: z.string() });

export const notificationSchema = z.object({
  id: z.string(),
  /** Spec section 3: title and content inside a JSON data field. */
  data: notificationDataSchema,
  /** URLs the student may open. */
  attachments: z.array(z.string()),
  /** ms. */
  created_at: z.number(),
  /** ms; null: unread. */
  read_at: z.number().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsReplySchema = z.object({
  data: z.array(notificationSchema),
  /** Unread among `data`. */
  unread: z.number().int().nonnegative(),
});
export type NotificationsReply = z.infer<typeof notificationsReplySchema>;

export const markReadRequestSchema = z.object({ id: z.string().trim().min(1).max(128) });
export type MarkReadRequest = z.infer<typeof markReadRequestSchema>;
export const markReadReplySchema = z.object({ data: notificationSchema });
export type MarkReadReply = z.infer<typeof markReadReplySchema>;

export const markAllReadReplySchema = z.object({ marked: z.number().int().nonnegative() });
export type MarkAllReadReply = z.infer<typeof markAllReadReplySchema>;

export const pushPublicKeyReplySchema = z.object({
  /** The VAPID application server key, base64url (65-byte uncompressed P-256 point). */
  publicKey: z.string(),
});
export type PushPublicKeyReply = z.infer<typeof pushPublicKeyReplySchema>;

const base64url = (min: number, max: number) =>
  z.string().regex(/^[A-Za-z0-9_-]+={0,2}$/, 'Must be base64url.').min(min).max(max);

/** What PushSubscription.toJSON() gives. */
export const webPushSubscriptionSchema = z.object({
  endpoint: z
    .url({ protocol: /^https$/, error: 'The endpoint must be an https URL.' })
    .max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    /** The browser's P-256 public key: 65 bytes, 87 base64url characters. */
    p256dh: base64url(86, 90),
    /** 16 bytes, 22 base64url characters. */
    auth: base64url(22, 24),
  }),
});
export type WebPushSubscription = z.infer<typeof webPushSubscriptionSchema>;

/** A Firebase Cloud Messaging registration token (native app). */
export const fcmTokenSchema = z.string().regex(/^[A-Za-z0-9_:.-]{32,4096}$/, 'Not a push subscription or FCM registration token.');

/**
 * `token`: the subscription object, the same as a JSON string (the spec's client sends a string),
 * or an FCM registration token.
 */
export const fcmTokenRequestSchema = z.object({
  token: z.union([webPushSubscriptionSchema, z.string().trim().min(1).max(8192)]),
});
export type FcmTokenRequest = z.infer<typeof fcmTokenRequestSchema>;

export type ParsedPushToken = { kind: 'webpush'; subscription: WebPushSubscription } | { kind: 'fcm'; token: string };

/** Tells a Web Push subscription from an FCM token; the message of the first problem otherwise. */
export function parsePushToken(token: FcmTokenRequest['token']): { ok: true; value: ParsedPushToken } | { ok: false; message: string } {
  let candidate: unknown = token;
  if (typeof token === 'string') {
    if (!token.startsWith('{')) {
      const fcm = fcmTokenSchema.safeParse(token);
      return fcm.success ? { ok: true, value: { kind: 'fcm', token: fcm.data } } : { ok: false, message: fcm.error.issues[0]?.message ?? 'Invalid token.' };
    }
    try {
      candidate = JSON.parse(token);
    } catch {
      return { ok: false, message: 'The token is not valid JSON.' };
    }
  }
  const parsed = webPushSubscriptionSchema.safeParse(candidate);
  if (parsed.success) return { ok: true, value: { kind: 'webpush', subscription: parsed.data } };
  const issue = parsed.error.issues[0];
  return { ok: false, message: issue ? `${issue.path.length ? `token.${issue.path.join('.')}: ` : ''}${issue.message}` : 'Invalid subscription.' };
}

export const fcmTokenReplySchema = z.object({ message: z.string(), kind: z.enum(['webpush', 'fcm']) });
export type FcmTokenReply = z.infer<typeof fcmTokenReplySchema>;

/** DELETE /fcm-token: the subscription (as registered) or its endpoint / FCM token. */
export const deleteFcmTokenRequestSchema = z.object({ token: z.union([webPushSubscriptionSchema, z.string().trim().min(1).max(8192)]) });
export type DeleteFcmTokenRequest = z.infer<typeof deleteFcmTokenRequestSchema>;
export const deleteFcmTokenReplySchema = z.object({ removed: z.number().int().nonnegative() });

/** What the service worker receives in a push message's data (JSON). */
export const pushPayloadSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  /** Path of the portal to open on click. */
  url: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
