import type { TestListItem, TestPublishReply } from '@invigil/shared/api/staff-tests';
import { format } from 'date-fns';

/** The words the test list and the editor put around a test: its schedule, who it is assigned to, a publication's result. */
const DAY = 'dd LLL yyyy, hh:mm a';

/** "01 Dec 2026, 09:30 AM – 11:30 AM" (the end's date only when it differs); "Always open" without either. */
export function scheduleText(opens: number | null, ends: number | null): string {
  if (opens === null && ends === null) return 'Always open';
  if (ends === null) return `From ${format(opens as number, DAY)}`;
  if (opens === null) return `Until ${format(ends, DAY)}`;
  const sameDay = format(opens, 'yyyy-MM-dd') === format(ends, 'yyyy-MM-dd');
  return `${format(opens, DAY)} – ${format(ends, sameDay ? 'hh:mm a' : DAY)}`;
}

export function assignedText(item: Pick<TestListItem, 'open_to_all' | 'classes' | 'students'>): string {
  if (item.open_to_all) return 'All students';
  const parts = [...item.classes.map((entry) => entry.name)];
  if (item.students > 0) parts.push(`${item.students} student${item.students === 1 ? '' : 's'}`);
  return parts.length > 0 ? parts.join(', ') : 'Nobody yet';
}

/** After a publication: which version students get, and how many submitted attempts were scored again. */
export function publishedText(reply: Pick<TestPublishReply, 'new_version' | 'rescored'> & { version: number }): string {
  if (reply.rescored > 0) return `Published: students who start from now get version ${reply.version}; ${reply.rescored} submitted attempt${reply.rescored === 1 ? ' was' : 's were'} scored again.`;
  if (reply.new_version) return `Published: students who start from now get version ${reply.version}.`;
  return `Published: version ${reply.version}.`;
}

