import type { Kysely } from 'kysely';
import { request as httpsRequest } from 'node:https';
import webpush from 'web-push';
import type { PushPayload } from '@invigil/shared/api/notifications';
import type { Config } from '../../platform/config';
import type { Database } from '../../platform/db';
import type { Logger } from '../../platform/lib/logger';
import { createPushSubscriptionRepository } from './push-subscription-repository';
import type { PushSubscriptionRecord } from './push-subscription-repository';
import { loadFcmSender } from './fcm-sender';
import { publicOnlyLookup, pushEndpointProblem } from './push-endpoint';
import type { FcmSender } from './fcm-sender';

export interface PushService {
  sendNotifications(ids: readonly string[]): Promise<{ sent: number; removed: number; failed: number }>;
}

/** One HTTP request to a push service, as web-push builds it (VAPID header, aes128gcm body). */
export interface PushRequest {
  endpoint: string;
  method: string;
  headers: Record<string, string | number>;
  body: Buffer | null;
}

/** Sends a request; the push service's status. Tests pass one that reaches a local receiver. */
export type PushTransport = (request: PushRequest) => Promise<{ status: number; body: string }>;

/** Requests in flight at once: a big audience is sent steadily, not all at once. */
export const PUSH_CONCURRENCY = 8;
/** How long a push service may hold a message for an offline browser. */
export const PUSH_TTL_SECONDS = 3 * 24 * 60 * 60;
const PUSH_TIMEOUT_MS = 15_000;
/** Push messages carry at most 4 KB encrypted; the body is cut well below. */
const MAX_BODY_CHARS = 1_000;

/** What is kept of a push service's reply body (for the log). */
const MAX_REPLY_BYTES = 16 * 1024;

/**
 * One HTTPS request, never a redirect followed (a 3xx is a failed push), to an address the DNS
 * lookup found public (decision 0052: a name that resolves to a local address is not reached).
 */
export const pushOverHttps: PushTransport = (request) =>
  new Promise((resolve, reject) => {
    const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
    const outgoing = httpsRequest(request.endpoint, { method: request.method, headers, lookup: publicOnlyLookup, timeout: PUSH_TIMEOUT_MS }, (reply) => {
      const chunks: Buffer[] = [];
      let size = 0;
      reply.on('data', (chunk: Buffer) => {
        if (size < MAX_REPLY_BYTES) chunks.push(chunk);
        size += chunk.length;
      });
      reply.on('end', () => resolve({ status: reply.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8').slice(0, MAX_REPLY_BYTES) }));
      reply.on('error', reject);
    });
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no reply within ${PUSH_TIMEOUT_MS / 1000} s`)));
    outgoing.on('error', reject);
    outgoing.end(request.body ?? undefined);
  });

/** Plain text of a notification's content (it may hold simple HTML), cut for a push message. */
export function pushBody(content: string): string {
  const text = content
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > MAX_BODY_CHARS ? `${text.slice(0, MAX_BODY_CHARS - 1)}…` : text;
}

/** The portal path a click on the notification opens: the portal with that notification's list open. */
export const notificationUrl = (id: string) => `/?notification=${encodeURIComponent(id)}`;

/** Runs `work` over `items` with at most `limit` at a time. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Pushes notifications to every subscribed browser of their audience (Web Push with the server's
 * VAPID keys; FCM tokens through the optional Firebase adapter). A subscription the push service
 * answers 404 or 410 for is removed; other failures are logged and counted. Never throws for a
 * single failed delivery: the notifications are already saved, push is a courtesy on top.
 */
export function createPushService(deps: {
  db: Kysely<Database>;
  config: Config;
  logger: Logger;
  /** Tests only: where requests go (default: fetch over HTTPS). */
  transport?: PushTransport;
  /** Tests only: the FCM adapter (default: loaded when FIREBASE_SERVICE_ACCOUNT is set). */
  fcm?: FcmSender | null;
}): PushService {
  const { db, config, logger } = deps;
  const transport = deps.transport ?? pushOverHttps;
  const subscriptions = createPushSubscriptionRepository(db);
  let fcm: Promise<FcmSender | null> | undefined = deps.fcm === undefined ? undefined : Promise.resolve(deps.fcm);
  const fcmSender = () => (fcm ??= config.firebaseServiceAccount ? loadFcmSender(config.firebaseServiceAccount, logger) : Promise.resolve(null));
  const vapidDetails = { subject: config.vapid.subject, publicKey: config.vapid.publicKey, privateKey: config.vapid.privateKey };

  type Outcome = 'sent' | 'gone' | 'failed';

  async function sendWebPush(subscription: PushSubscriptionRecord, payload: string): Promise<Outcome> {
    if (!subscription.p256dh || !subscription.auth) return 'gone';
    // The endpoint rule of the subscription, again at send time (PUSH_ALLOWED_HOSTS may have changed).
    const problem = pushEndpointProblem(subscription.endpoint, config.pushAllowedHosts);
    if (problem) {
      logger.warn(`Push to ${subscription.endpoint.slice(0, 120)} not sent: ${problem}`);
      return 'failed';
    }
    const details = webpush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      payload,
      { vapidDetails, TTL: PUSH_TTL_SECONDS, urgency: 'normal' },
    );
    const { status, body } = await transport({ endpoint: details.endpoint, method: details.method, headers: details.headers as Record<string, string | number>, body: details.body });
    if (status >= 200 && status < 300) return 'sent';
    if (status === 404 || status === 410) return 'gone';
    logger.warn(`Push to ${new URL(subscription.endpoint).host} failed: ${status} ${body.slice(0, 200)}`);
    return 'failed';
  }

  async function sendFcm(subscription: PushSubscriptionRecord, payload: PushPayload): Promise<Outcome> {
    const sender = await fcmSender();
    if (!sender) return 'failed';
    const outcome = await sender.send(subscription.endpoint, payload);
    if (outcome === 'sent' || outcome === 'gone') return outcome;
    logger.warn(`FCM push failed: ${outcome.error}`);
    return 'failed';
  }

  return {
    async sendNotifications(ids) {
      const totals = { sent: 0, removed: 0, failed: 0 };
      const unique = [...new Set(ids)];
      if (unique.length === 0) return totals;
      const notifications: { id: string; title: string; content: string; audience: 'all' | 'class' | 'student'; audience_id: string | null }[] = [];
      for (let start = 0; start < unique.length; start += 500) {
        notifications.push(
          ...(await db
            .selectFrom('notifications')
            .select(['id', 'title', 'content', 'audience', 'audience_id'])
            .where('id', 'in', unique.slice(start, start + 500))
            .execute()),
        );
      }
      const removed = new Set<string>();
      let warnedNoFcm = false;
      for (const notification of notifications) {
        const payload: PushPayload = { id: notification.id, title: notification.title, body: pushBody(notification.content), url: notificationUrl(notification.id) };
        const json = JSON.stringify(payload);
        const targets = (await subscriptions.listForAudience(notification.audience, notification.audience_id)).filter((target) => !removed.has(target.id));
        await eachLimited(targets, PUSH_CONCURRENCY, async (target) => {
          if (removed.has(target.id)) return;
          let outcome: Outcome;
          try {
            if (target.kind === 'fcm' && !config.firebaseServiceAccount && deps.fcm === undefined) {
              if (!warnedNoFcm) logger.warn('FCM tokens are registered but FIREBASE_SERVICE_ACCOUNT is not set: they are skipped.');
              warnedNoFcm = true;
              outcome = 'failed';
            } else {
              outcome = target.kind === 'fcm' ? await sendFcm(target, payload) : await sendWebPush(target, json);
            }
          } catch (error) {
            logger.warn(`Push of notification ${notification.id} failed:`, error instanceof Error ? error.message : error);
            outcome = 'failed';
          }
          if (outcome === 'sent') totals.sent += 1;
          else if (outcome === 'failed') totals.failed += 1;
          else if (!removed.has(target.id)) {
            removed.add(target.id);
            await subscriptions.removeById(target.id);
            totals.removed += 1;
          }
        });
      }
      if (totals.sent + totals.removed + totals.failed > 0) {
        logger.info(`Pushed ${notifications.length} notification(s): ${totals.sent} sent, ${totals.removed} subscription(s) removed, ${totals.failed} failed.`);
      }
      return totals;
    },
  };
}
