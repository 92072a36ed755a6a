// Small words of the staff study screens (their own, so the staff chunk shares no date-fns with student routes).

/** "28 Nov 2026, 10:05" in the browser's zone. */
export function dateTimeText(at: number): string {
  return new Date(at).toLocaleString('en-GB', { day: '2-digit', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** A datetime-local input's value for an instant, in the browser's zone: "2026-11-28T10:05". */
export function toLocalInput(at: number): string {
  const date = new Date(at);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The instant of a datetime-local input's value, or null when empty or not a date. */
export function fromLocalInput(value: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return null;
  const at = new Date(value).getTime();
  return Number.isFinite(at) ? at : null;
}

/** "8.5" for marks (no trailing zeros). */
export const marksText = (marks: number): string => String(Math.round(marks * 100) / 100);

/** "1.2 MB", "350 KB". */
export function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
