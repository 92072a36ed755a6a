/**
 * When a submitted attempt's review opens (issue 26, decision 0051): the answer keys, solutions,
 * correctness, the result and the ranking. Like Moodle's review options, each test has a rule:
 * - 'after_end': once no attempt can still be running: the test's end + its duration + the grace;
 * - 'on_submit': as soon as the student has submitted (practice);
 * - 'manual': when the institute releases it (a stored release time).
 * A test without a rule takes 'after_end' when it has an end time, else 'on_submit'.
 */
export const REVIEW_RULES = ['after_end', 'on_submit', 'manual'] as const;
export type ReviewRule = (typeof REVIEW_RULES)[number];

export interface ReviewReleaseInput {
  /** The stored rule; null for the default. */
  rule: ReviewRule | null;
  endsAt: number | null;
  durationSeconds: number;
  /** Under 'manual': when the institute released (or releases) it; null: not yet. */
  releasedAt: number | null;
}

/** The rule that applies: the stored one, else the default for the test's end time. */
export function effectiveReviewRule(rule: ReviewRule | null, endsAt: number | null): ReviewRule {
  if (rule === 'after_end' && endsAt === null) return 'on_submit';
  return rule ?? (endsAt === null ? 'on_submit' : 'after_end');
}

/**
 * When the review of an attempt submitted at `submittedAt` opens (ms), from the test alone; null
 * under 'manual' until the institute sets a release time. A proctor's extension or pause can keep
 * an attempt running past this: the server checks for such attempts too (review-release.ts).
 */
export function reviewOpensAt(test: ReviewReleaseInput, submittedAt: number, graceMs: number): number | null {
  switch (effectiveReviewRule(test.rule, test.endsAt)) {
    case 'on_submit':
      return submittedAt;
    case 'manual':
      return test.releasedAt;
    case 'after_end':
      return (test.endsAt ?? submittedAt) + test.durationSeconds * 1000 + Math.max(0, graceMs);
  }
}

export function isReviewOpen(opensAt: number | null, now: number): boolean {
  return opensAt !== null && now >= opensAt;
}

/** The words the portal shows while the review is closed (the first is the spec's). */
export const REVIEW_MESSAGES = {
  pending: 'Result will be declared soon.',
  opensWhenReleased: 'Review opens when the institute releases it',
  opensAt: (time: string) => `Review opens at ${time}`,
} as const;

/** The review button's explanation while closed: when it opens, or that the institute releases it. */
export function reviewOpensText(opensAt: number | null, formatTime: (ms: number) => string): string {
  return opensAt === null ? REVIEW_MESSAGES.opensWhenReleased : REVIEW_MESSAGES.opensAt(formatTime(opensAt));
}

/**
 * How long the portal waits before asking again while the review is closed: until the opening
 * time (plus a second for clocks, and up to `spreadMs` more so that a class does not ask in the
 * same second), at most `maxMs`; every `pollMs` when the time is unknown (a manual release) or
 * already past (an attempt still running after an extension). `now` is the server's time.
 */
export function reviewRecheckDelay(
  opensAt: number | null,
  now: number,
  { pollMs = 60_000, maxMs = 300_000, spreadMs = 5_000, random = Math.random }: { pollMs?: number; maxMs?: number; spreadMs?: number; random?: () => number } = {},
): number {
  if (opensAt === null || opensAt <= now) return pollMs;
  return Math.min(maxMs, opensAt - now + 1000 + Math.floor(random() * spreadMs));
}
