/**
 * The test a /chapter-test/{ids}/instruction path starts: `{ids}` is one test id, or a
 * comma-separated list of test ids of which the first is the one to start (links of the original
 * portal's shape); the rest are not used (docs/decisions/0008-chapter-tests.md). '' when none.
 */
export function chapterTestId(ids: string): string {
  let text = ids;
  try {
    text = decodeURIComponent(ids);
  } catch {
    // A stray '%' is not an escape: use the text as it is.
  }
  return text.split(',').map((id) => id.trim()).find((id) => id !== '') ?? '';
}
