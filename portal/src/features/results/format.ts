// Dates and times: portal/src/lib/date-time.ts.

/** Seconds as '45s', '3m 05s' or '1h 02m 05s' (whole seconds; negatives and NaN count as 0). */
export function formatDuration(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  if (h > 0) return `${h}h ${pad(m)}m ${pad(s)}s`;
  if (m > 0) return `${m}m ${pad(s)}s`;
  return `${s}s`;
}

/** A figure the server already rounded to 2 decimals, without trailing zeros ('12.5', '-2', '0'). */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return '0';
  return String(Math.round(value * 100) / 100 || 0);
}

export function formatPercent(value: number): string {
  return `${formatNumber(value)}%`;
}

/** Marks of one question with a sign: '+4', '-1', '0'. */
export function formatMarks(marks: number): string {
  const text = formatNumber(marks);
  return marks > 0 ? `+${text}` : text;
}
