import type { SubmitReason } from '@invigil/shared/api/attempt-sync';
import { TERMINATED_BY_PROCTOR } from '@invigil/shared/api/live-messages';
import type { SubmitOutcome } from './sync-engine';

/**
 * The snackbar as the test ends: a termination reads as one from the first message (the spec's
 * 'The test was terminated by proctor.', as an error), never as a green success.
 */
export function finishedNotice(outcome: SubmitOutcome, reason: SubmitReason): { message: string; color: 'success' | 'error' } {
  if (reason === 'PROCTOR_TERMINATE') return { message: TERMINATED_BY_PROCTOR, color: 'error' };
  return { message: outcome.message || 'Your test has been submitted successfully.', color: 'success' };
}

/** The overlay's heading and text while (and once) the test ends; null: the overlay's own words. */
export function terminatedOverlay(reason: SubmitReason | null, submitted: boolean): { title: string; body: string } | null {
  if (reason !== 'PROCTOR_TERMINATE') return null;
  return { title: 'Test terminated', body: `${TERMINATED_BY_PROCTOR} ${submitted ? 'Your answers have been submitted.' : 'Sending your last answers…'}` };
}
