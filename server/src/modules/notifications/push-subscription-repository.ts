import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Audience, Database, PushSubscriptionsTable } from '../../platform/db';

export type PushSubscriptionRecord = Omit<PushSubscriptionsTable, 'created_at'>;

/** The row id of a subscription: SHA-256 of its endpoint (or FCM token), hex. One row per browser. */
export const subscriptionId = (endpoint: string) => createHash('sha256').update(endpoint).digest('hex');

export function createPushSubscriptionRepository(db: Kysely<Database>) {
  return {
    /**
     * Registers a browser (or app) for a student. The same endpoint again is one row: its keys are
     * refreshed and it now belongs to whoever registered it last (a shared computer).
     */
    async upsert(record: Omit<PushSubscriptionRecord, 'id'>, at: number): Promise<string> {
      const id = subscriptionId(record.endpoint);
      await db
        .insertInto('push_subscriptions')
        .values({ id, ...record, created_at: at })
        .onConflict((oc) =>
          oc.column('id').doUpdateSet({ user_id: record.user_id, kind: record.kind, endpoint: record.endpoint, p256dh: record.p256dh, auth: record.auth }),
        )
        .execute();
      return id;
    },

    /** Removes the student's subscription of that endpoint; how many rows went (0 or 1). */
    async removeForUser(userId: string, endpoint: string): Promise<number> {
      const result = await db.deleteFrom('push_subscriptions').where('id', '=', subscriptionId(endpoint)).where('user_id', '=', userId).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** A push service said the subscription is gone (404/410). */
    async removeById(id: string): Promise<void> {
      await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
    },

    async listForUser(userId: string): Promise<PushSubscriptionRecord[]> {
      return await db.selectFrom('push_subscriptions').select(['id', 'user_id', 'kind', 'endpoint', 'p256dh', 'auth']).where('user_id', '=', userId).execute();
    },

    /** Every subscription of a notification's audience: everyone, a class's students, or one student. */
    async listForAudience(audience: Audience, audienceId: string | null): Promise<PushSubscriptionRecord[]> {
      const base = db.selectFrom('push_subscriptions').select(['push_subscriptions.id', 'push_subscriptions.user_id', 'push_subscriptions.kind', 'push_subscriptions.endpoint', 'push_subscriptions.p256dh', 'push_subscriptions.auth']);
      if (audience === 'all') return await base.execute();
      if (audienceId === null) return [];
      if (audience === 'student') return await base.where('push_subscriptions.user_id', '=', audienceId).execute();
      return await base
        .innerJoin('student_profiles', 'student_profiles.user_id', 'push_subscriptions.user_id')
        .where('student_profiles.class_id', '=', audienceId)
        .execute();
    },
  };
}

export type PushSubscriptionRepository = ReturnType<typeof createPushSubscriptionRepository>;
