import { REPORT_EMPTY_MESSAGE, REPORT_MAX_CHARS, REPORT_TOO_LONG_MESSAGE } from './constants';

/**
 * The report-question text rule: not empty (whitespace only is empty), at most 500 characters,
 * counted as JavaScript string length so that it agrees with a zod `.max(500)` on the server.
 * Returns the message to show, or null when valid.
 */
export function reportTextError(text: string): string | null {
  if (text.trim() === '') return REPORT_EMPTY_MESSAGE;
  if (text.length > REPORT_MAX_CHARS) return REPORT_TOO_LONG_MESSAGE;
  return null;
}

