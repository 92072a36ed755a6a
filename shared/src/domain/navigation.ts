/**
 * Prev / Next / jump rules of the in-test screen, by question index `qi` (0-based position in the
 * student's display order). Under part-wise timing, parts stay contiguous in display order (see
 * shuffle.ts), so a part is a range of indexes and only the active part can be reached.
 */

/** Next at the last question without part-wise timing (spec section 4). */
export const REACHED_LAST_OF_TEST = 'Reached last question of the test.';
/** Part-wise: Next at the last question of a part that is not the last part. */
export const REACHED_LAST_OF_PART = 'You have reached last question of the Part.';
/** Part-wise: Next at the last question of the last part. */
export const REACHED_LAST_OF_TEST_PARTWISE = 'You have reached last question of the test.';
/** Part-wise: Prev at the first question of a part after the first (spelling as in the spec). */
export const PREVIOUS_PART_NOT_ACCESSIBLE = 'Previous part questions are not accesible at this moment.';
/** Part-wise: Prev at the first question of the first part. */
export const REACHED_FIRST_OF_PART = 'You have reached first question of the Part!';
/** Part-wise: a jump (navigator click) to a question of a later part. */
export const REACHED_LAST_OF_PART_JUMP = 'You have reached last question of the Part!';
/** Hint on the disabled Submit button. */
export const SUBMIT_HINT = 'Please go to last question to submit.';

/** An inclusive range of question indexes. */
export interface QiRange {
  first: number;
  last: number;
}

/** Part-wise timing context: the parts' index ranges and the part that is open now. */
export interface PartwiseNav {
  ranges: readonly QiRange[];
  /** Index of the active part; -1 (or any index without a range) when none is open, e.g. in a gap. */
  active: number;
}

/** `message` is null where the spec shows nothing (Prev at the first question of the test). */
export type NavResult = { ok: true; qi: number } | { ok: false; message: string | null };

/** Index ranges of parts from their question counts, in paper order. */
export function partRanges(partSizes: readonly number[]): QiRange[] {
  const ranges: QiRange[] = [];
  let first = 0;
  for (const size of partSizes) {
    const count = Math.max(0, Math.floor(size));
    ranges.push({ first, last: first + count - 1 });
    first += count;
  }
  return ranges;
}

function activeRange(partwise: PartwiseNav): QiRange | undefined {
  return partwise.ranges[partwise.active];
}

export function nextQuestion(qi: number, total: number, partwise?: PartwiseNav | null): NavResult {
  if (partwise) {
    const range = activeRange(partwise);
    // No open part (a rest gap, or the time is over): nothing further can be reached.
    if (!range) return { ok: false, message: REACHED_LAST_OF_PART };
    if (qi >= range.last) {
      const isLastPart = partwise.active >= partwise.ranges.length - 1;
      return { ok: false, message: isLastPart ? REACHED_LAST_OF_TEST_PARTWISE : REACHED_LAST_OF_PART };
    }
    return { ok: true, qi: Math.max(range.first, qi + 1) };
  }
  if (qi >= total - 1) return { ok: false, message: REACHED_LAST_OF_TEST };
  return { ok: true, qi: Math.max(0, qi + 1) };
}

export function prevQuestion(qi: number, total: number, partwise?: PartwiseNav | null): NavResult {
  if (partwise) {
    const range = activeRange(partwise);
    if (!range) return { ok: false, message: PREVIOUS_PART_NOT_ACCESSIBLE };
    if (qi <= range.first) {
      return { ok: false, message: partwise.active === 0 ? REACHED_FIRST_OF_PART : PREVIOUS_PART_NOT_ACCESSIBLE };
    }
    return { ok: true, qi: Math.min(range.last, qi - 1) };
  }
  if (qi <= 0 || total <= 0) return { ok: false, message: null };
  return { ok: true, qi: Math.min(total - 1, qi - 1) };
}

/** Whether question index `qi` can be opened now. */
export function isAccessible(qi: number, total: number, partwise?: PartwiseNav | null): boolean {
  if (!Number.isInteger(qi) || qi < 0 || qi >= total) return false;
  if (!partwise) return true;
  const range = activeRange(partwise);
  return range !== undefined && qi >= range.first && qi <= range.last;
}

/** A navigator click: allowed inside the test (and the active part); otherwise the matching message. */
export function jumpToQuestion(target: number, total: number, partwise?: PartwiseNav | null): NavResult {
  if (isAccessible(target, total, partwise)) return { ok: true, qi: target };
  if (partwise) {
    const range = activeRange(partwise);
    if (range && target > range.last) return { ok: false, message: REACHED_LAST_OF_PART_JUMP };
    return { ok: false, message: PREVIOUS_PART_NOT_ACCESSIBLE };
  }
  return { ok: false, message: target >= total ? REACHED_LAST_OF_TEST : null };
}

/**
 * Where the student should be when the active part changes: the current question if it is still in
 * the active part, else the first question of the active part; null when no part is open (a gap).
 */
export function questionInActivePart(qi: number, partwise: PartwiseNav): number | null {
  const range = activeRange(partwise);
  if (!range || range.last < range.first) return null;
  return qi >= range.first && qi <= range.last ? qi : range.first;
}

/** Submit is enabled only on the last question (spec: 'Please go to last question to submit.'). */
export function canSubmitAt(qi: number, total: number): boolean {
  return total > 0 && qi === total - 1;
}
