// Small time words for grading (its own, so the staff chunk does not share date-fns functions with student routes).

/** "just now", "5 minutes ago", "3 hours ago", "2 days ago". */
export function ageText(at: number, now: number): string {
  const minutes = Math.floor(Math.max(0, now - at) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  const days = Math.floor(hours / 24);
  return `${days} day${days === 1 ? '' : 's'} ago`;
}

/** A grade's time, in the browser's zone: "28 Nov 2026, 10:05". */
export function whenText(at: number): string {
  return new Date(at).toLocaleString('en-GB', { day: '2-digit', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}
