import { effect } from '@preact/signals-react';
import { storage } from '../../lib/storage';
import { session } from '../auth/auth-state';

/** Who the attempt kept on this device belongs to (decision 0068): set while one is kept. */
export const KEPT_OWNER_KEY = 'invigil-kept-attempt-owner';

/**
 * Another student signed in on this device (a shared computer): nothing of an earlier student's
 * running attempt (its paper, the paper's key) stays. Small on purpose: it runs on every route,
 * and the dropping code loads only when there is something to drop.
 */
export function watchKeptAttemptOwner(): void {
  effect(() => {
    const userId = session.value?.claims.id;
    const owner = storage.get(KEPT_OWNER_KEY);
    if (!userId || !owner || owner === userId) return;
    void import('./kept-attempt-store').then((kept) => kept.dropKeptAttemptsOfOthers(userId)).catch(() => undefined);
  });
}
