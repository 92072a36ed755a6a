import type { TestListItem } from '@invigil/shared/api/tests';
import { testEndedLabel } from '@invigil/shared/domain/relative-time';
import { hasEnded } from '@invigil/shared/domain/test-card';
import { formatDateTime } from '../../lib/date-time';

export type MockTestTone = 'open' | 'upcoming' | 'progress' | 'done' | 'ended';

/** Where a test of the Mock Test page stands for the student, first match wins. */
export function mockTestStatus(test: TestListItem, now = Date.now()): { text: string; tone: MockTestTone } {
  if (test.resumeable) return { text: 'In progress', tone: 'progress' };
  if (test.test_submitted_at !== null) return { text: `Submitted ${formatDateTime(test.test_submitted_at)}`, tone: 'done' };
  if (test.time_to_start > 0) return { text: `Opens ${formatDateTime(test.activation_date ?? now + test.time_to_start)}`, tone: 'upcoming' };
  if (hasEnded(test)) return { text: testEndedLabel(test.time_to_start), tone: 'ended' };
  if (test.attempted) return { text: 'Attempted', tone: 'done' };
  return { text: 'Open now', tone: 'open' };
}

/** The heading of a series: its name, or 'Other tests' for the tests in no series. */
export function seriesTitle(mockId: string | null): string {
  return mockId?.trim() || 'Other tests';
}
