import { safeNextUrl } from '../../lib/safe-next-url';

/** The Submitted page's message for the `reason` query value (spec section 2, Submitted page). */
export const SUBMITTED_MESSAGES = {
  BLUR_TIME_OUT: 'The test was submitted due to long time inactivity in website.',
  BLUR_ALLOWED_COUNT: 'The test was submitted due to suspicious activity.',
  TEST_TIME_OUT: 'The test was auto submitted due to time out.',
  PROCTOR_TERMINATE: 'The test was terminated by proctor.',
} as const;
export const DEFAULT_SUBMITTED_MESSAGE = 'Your test has been submitted successfully.';
export const ALREADY_SUBMITTED_REASON = 'Test already submitted.';
export const REDIRECT_SNACKBAR = 'Redirecting in 5 seconds';

export function submittedMessage(reason: string | null | undefined): string {
  if (!reason) return DEFAULT_SUBMITTED_MESSAGE;
  if (reason === ALREADY_SUBMITTED_REASON) return ALREADY_SUBMITTED_REASON;
  return Object.hasOwn(SUBMITTED_MESSAGES, reason) ? (SUBMITTED_MESSAGES as Record<string, string>)[reason] as string : DEFAULT_SUBMITTED_MESSAGE;
}

/** Is this a successful submission (rather than one forced by a reason)? Picks the page's tone. */
export function isPlainSuccess(reason: string | null | undefined): boolean {
  return submittedMessage(reason) === DEFAULT_SUBMITTED_MESSAGE;
}

export interface SubmittedAction {
  label: 'Upload PDFs' | 'Back to Home';
  href: string;
}

/** 'Upload PDFs' to /test when post-test PDF upload is allowed, else 'Back to Home' to /. */
export function submittedAction(postPdfUpload: boolean): SubmittedAction {
  return postPdfUpload ? { label: 'Upload PDFs', href: '/test' } : { label: 'Back to Home', href: '/' };
}

/** Where the page goes after 5 seconds: the `redirect` query value when it is a path here, else the action's target. */
export function redirectTarget(redirect: string | null | undefined, action: SubmittedAction): string {
  return redirect ? safeNextUrl(redirect) : action.href;
}

/** The Submitted page's address after a submit (reason, tid and uid as the spec lists them). */
export function submittedPageUrl(reason: string, testId: string, userId: string): string {
  const query = new URLSearchParams({ reason, tid: testId, uid: userId });
  return `/test-submitted?${query.toString()}`;
}
