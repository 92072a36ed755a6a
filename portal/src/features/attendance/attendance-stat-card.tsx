import { ATTENDANCE_MESSAGES } from '@invigil/shared/api/attendance-rules';
import { useId } from 'react';
import { Link } from 'wouter';
import { useRetryableLoad } from '../../lib/use-retryable-load';
import { fetchAttendanceStat } from './attendance-api';

/** The three counts the spec's stat card shows, with the calendar's letters and colours. */
const STAT_ITEMS = [
  { key: 'present', label: 'Present', tone: 'bg-success text-success-content' },
  { key: 'absent', label: 'Absent', tone: 'bg-error text-error-content' },
  { key: 'late', label: 'Late', tone: 'bg-warning text-warning-content' },
] as const;

/** The card shows its own failure with a Retry. */
const ignoreFailure = () => {};

/**
 * Attendance statistics: present, absent and late (spec: Attendance; the desk's attendance card).
 * half_day and leave are counted apart on a line below (docs/decisions/0022-attendance-counting.md).
 * A failed load shows in the card with a Retry, not a snackbar: the desk loads several cards at once.
 */
export function AttendanceStatCard({ showCalendarLink = true, title = 'Attendance' }: { showCalendarLink?: boolean; title?: string } = {}) {
  const headingId = useId();
  const { data: stat, failed, retry } = useRetryableLoad(fetchAttendanceStat, ignoreFailure);

  return (
    <section className="card bg-base-100 shadow" aria-labelledby={headingId}>
      <div className="card-body gap-3 p-4 sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={headingId} className="card-title">{title}</h2>
          {showCalendarLink ? <Link href="/attendance" className="link link-primary text-sm">View calendar</Link> : null}
        </div>
        {failed ? (
          <div className="flex flex-wrap items-center gap-2" role="alert">
            <span className="text-error">{ATTENDANCE_MESSAGES.loadFailed}</span>
            <button type="button" className="btn btn-sm" onClick={retry}>Retry</button>
          </div>
        ) : stat === null ? (
          <div className="flex justify-center py-4" role="status" aria-label="Loading attendance">
            <span className="loading loading-spinner text-primary" aria-hidden="true" />
          </div>
        ) : (
          <>
            <dl className="grid grid-cols-3 gap-2 text-center">
              {STAT_ITEMS.map((item) => (
                <div key={item.key} className={`rounded-box px-1 py-2 ${item.tone}`}>
                  <dt className="text-sm font-medium">{item.label}</dt>
                  <dd className="text-2xl font-bold tabular-nums">{stat[item.key]}</dd>
                </div>
              ))}
            </dl>
            <p className="text-sm opacity-80">
              Half day: {stat.half_day} · Leave: {stat.leave}
            </p>
          </>
        )}
      </div>
    </section>
  );
}
