import type { TestEditorStatus } from '@invigil/shared/api/staff-tests';

// The contract's words (TEST_STATUS_LABELS in shared/api/staff-tests.ts), here because that module
// carries the server's zod schemas, which the staff chunks do not load; the types keep them in step.
export const TEST_STATUSES: readonly TestEditorStatus[] = ['draft', 'published', 'changed'];
export const TEST_STATUS_LABELS: Record<TestEditorStatus, string> = { draft: 'Draft', published: 'Published', changed: 'Unpublished changes' };

const COLORS: Record<TestEditorStatus, string> = { draft: 'badge-ghost', published: 'badge-success', changed: 'badge-warning' };

/** A test's status, in words (the colour only repeats them). */
export function TestStatusBadge({ status }: { status: TestEditorStatus }) {
  return <span className={`badge whitespace-nowrap ${COLORS[status]}`}>{TEST_STATUS_LABELS[status]}</span>;
}
