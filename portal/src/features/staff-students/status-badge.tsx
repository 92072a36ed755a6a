import type { StudentStatus } from '@invigil/shared/api/staff-students';
import { STUDENT_STATUS_LABELS } from '@invigil/shared/api/staff-students-text';

const COLORS: Record<StudentStatus, string> = { active: 'badge-success', disabled: 'badge-error', unverified: 'badge-warning' };

/** A student's status, in words (the colour only repeats them). */
export function StatusBadge({ status }: { status: StudentStatus }) {
  return <span className={`badge badge-sm whitespace-nowrap ${COLORS[status]}`}>{STUDENT_STATUS_LABELS[status]}</span>;
}
