import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db';
import { newObjectId } from '../../platform/lib/object-id';
import type { PushService } from './push-service';

export interface StudentNotice {
  title: string;
  content: string;
}

/**
 * Notifies these students (issue 29: a re-keyed question; issue 30 builds its composer on this):
 * one notification each, audience 'student', which they see in the portal's notifications. Written
 * in `db` (the caller's transaction, if any); returns the ids, which the caller pushes with
 * `pushNotified` once they are committed. `content` is plain text, stored as it is: the student's
 * screens print a notification's content as text (line breaks kept), as the import's plain text
 * is (issue 30: wrapping it in <p> showed the tags to the student).
 */
export async function notifyStudents(db: Kysely<Database>, userIds: readonly string[], notice: StudentNotice | ((userId: string) => StudentNotice), now: number): Promise<string[]> {
  const ids: string[] = [];
  const unique = [...new Set(userIds)];
  for (let at = 0; at < unique.length; at += 500) {
    const rows = unique.slice(at, at + 500).map((userId) => {
      const { title, content } = typeof notice === 'function' ? notice(userId) : notice;
      const id = newObjectId(now);
      ids.push(id);
      return { id, title, content, attachments: '[]', audience: 'student' as const, audience_id: userId, created_at: now };
    });
    if (rows.length > 0) await db.insertInto('notifications').values(rows).execute();
  }
  return ids;
}

/** Pushes committed notifications to the students' subscribed browsers, in the background; a failure is only logged by the push service. */
export function pushNotified(push: Pick<PushService, 'sendNotifications'> | null | undefined, ids: readonly string[]): void {
  if (!push || ids.length === 0) return;
  void push.sendNotifications(ids).catch(() => undefined);
}
