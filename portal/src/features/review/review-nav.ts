/** The `qi` query value (0-based question index in paper order), kept within 0..count-1. */
export function questionIndexFromSearch(search: string, count: number): number {
  const raw = new URLSearchParams(search).get('qi');
  if (count <= 0 || raw === null || !/^\d{1,6}$/.test(raw.trim())) return 0;
  return Math.min(count - 1, Number(raw.trim()));
}

export function reviewHref(testId: string, qi: number): string {
  return `/test/${encodeURIComponent(testId)}/review?qi=${qi}`;
}
