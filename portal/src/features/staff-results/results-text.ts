import type { KeyAnswer } from '@invigil/shared/api/tests';
import type { ReviewState } from '@invigil/shared/api/staff-results';

// Words and numbers of the results screens: small helpers of their own (no date library: the
// student's chunks keep theirs to themselves).

const dateTime = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' });

export function formatWhen(ms: number | null): string {
  return ms === null ? '—' : dateTime.format(new Date(ms));
}

/** "12 min 5 s", "45 s", "—" for none. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return '—';
  const whole = Math.max(0, Math.round(seconds));
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  if (minutes === 0) return `${rest} s`;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}

export function formatMarks(value: number | null): string {
  if (value === null) return '—';
  return Number.isInteger(value) ? String(value) : value.toFixed(2);
}

export function formatPercent(value: number | null): string {
  return value === null ? '—' : `${value.toFixed(value % 1 === 0 ? 0 : 2)}%`;
}

/** A key as people write it: "B", "A, C", "2.4..2.6", "none". */
export function keyText(answer: KeyAnswer): string {
  if (answer === null) return 'none';
  return Array.isArray(answer) ? answer.join(', ') : answer;
}

/** The review's state in words. */
export function reviewText(review: ReviewState, now: number, format: (ms: number) => string = formatWhen): string {
  switch (review.rule) {
    case 'on_submit':
      return 'Open: each student sees their review as soon as they submit.';
    case 'manual':
      if (review.released_at === null) return 'Held: students see their review when you release it.';
      return review.released_at <= now ? `Released on ${format(review.released_at)}.` : `Held until ${format(review.released_at)}, then released.`;
    case 'after_end':
      if (review.opens_at === null) return 'Opens once the test is over.';
      return review.opens_at <= now ? `Open since ${format(review.opens_at)} (the test is over).` : `Opens at ${format(review.opens_at)}, once the test is over.`;
  }
}

/** A time for <input type="datetime-local"> in the browser's zone: "2026-11-28T14:05". */
export function localInputValue(ms: number): string {
  const date = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value as an ISO time with the browser's offset; null when it is not one. */
export function isoFromLocalInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

/** The change's key before or after in words, from its JSON ({answer, dropped}). */
export function changeSide(json: string): string {
  try {
    const parsed = JSON.parse(json) as { answer?: KeyAnswer; dropped?: boolean };
    return parsed.dropped ? `dropped (key ${keyText(parsed.answer ?? null)})` : `key ${keyText(parsed.answer ?? null)}`;
  } catch {
    return json;
  }
}
