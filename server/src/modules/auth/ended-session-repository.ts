import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db';

/**
 * Session tokens ended by logging out (migration 0007), by the SHA-256 of the token. Every request
 * reads them with its user, in one query (user-repository: findForSession).
 */
export function createEndedSessionRepository(db: Kysely<Database>) {
  return {
    /** Ends a session until its token expires; ending it twice changes nothing. Drops rows already past expiry. */
    async end(session: { tokenHash: string; userId: string; expiresAt: number }, now: number): Promise<void> {
      await db
        .insertInto('ended_sessions')
        .values({ token_hash: session.tokenHash, user_id: session.userId, expires_at: session.expiresAt, ended_at: now })
        .onConflict((oc) => oc.column('token_hash').doNothing())
        .execute();
      await db.deleteFrom('ended_sessions').where('expires_at', '<=', now).execute();
    },

    /** True when the session of this token hash was ended (students read it with their user instead). */
    async isEnded(tokenHash: string): Promise<boolean> {
      const row = await db.selectFrom('ended_sessions').select('token_hash').where('token_hash', '=', tokenHash).executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type EndedSessionRepository = ReturnType<typeof createEndedSessionRepository>;
