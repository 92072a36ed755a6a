/**
 * The words and constants of the proctoring review (shared/api/staff-review.ts), without zod, so
 * the portal's staff screens and the student's result page take them without the server's schemas.
 */

export const REVIEW_PAGE_SIZE = 25;

export const FLAG_VERDICTS = ['cleared', 'confirmed'] as const;
export type FlagVerdict = (typeof FLAG_VERDICTS)[number];

export const ATTEMPT_DECISIONS = ['no_concern', 'under_review', 'void'] as const;
export type AttemptDecisionKind = (typeof ATTEMPT_DECISIONS)[number];

export const REVIEW_STATES = ['needs_look', 'under_review', 'decided', 'all'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

export const REVIEW_STATE_LABELS: Record<ReviewState, string> = {
  needs_look: 'Needs a look',
  under_review: 'Under review',
  decided: 'Decided',
  all: 'All',
};

export const DECISION_LABELS: Record<AttemptDecisionKind, string> = { no_concern: 'No concern', under_review: 'Under review', void: 'Void' };
export const VERDICT_LABELS: Record<FlagVerdict, string> = { cleared: 'Cleared', confirmed: 'Confirmed' };

export const MAX_NOTE = 500;

export const REVIEW_MESSAGES = {
  attemptNotFound: 'There is no such attempt.',
  notYourTest: 'You review only the tests you proctor.',
  testNotFound: 'There is no such test.',
  eventNotFound: 'There is no such event in this attempt.',
  notAFlag: 'Only flags take a verdict; this event is an action or a note.',
  noteRequired: 'Say why the flag is confirmed.',
  reasonRequired: 'Give a reason for this decision.',
  noteTooLong: `Keep it under ${MAX_NOTE} characters.`,
  notSubmitted: 'The attempt is still running: decide once it is submitted.',
  verdictSaved: 'Verdict saved.',
  decisionSaved: 'Decision saved.',
  emptyQueue: 'No attempts match.',
  noEvidence: 'Only camera snapshots are kept as images; speech is kept as the words heard, where the browser transcribes them; the screen is never recorded.',
} as const;

/** The student's notification when a decision is made (title, body). */
export function decisionNotification(testName: string, decision: AttemptDecisionKind, reason: string): { title: string; content: string } {
  if (decision === 'void') return { title: `Your attempt of ${testName} was voided`, content: `Reason: ${reason}. The attempt has no score. See the Proctoring tab of its result.` };
  if (decision === 'under_review') return { title: `Your attempt of ${testName} is under review`, content: `Reason: ${reason}. See the Proctoring tab of its result.` };
  return { title: `Proctoring review of ${testName}: no concern`, content: 'A reviewer looked at the proctoring flags of your attempt and found no concern.' };
}

