import { CalendarClock } from 'lucide-react';
import { Link } from 'wouter';
import { useRetryableLoad } from '../../lib/use-retryable-load';
import { firstUpcomingClass, formatClassTime, hasStarted, todaysClasses } from './schedule-view';
import { fetchWeek } from './timetable-api';

const NO_MORE_CLASSES = 'No more classes today';
const NO_CLASSES = 'No classes today';
const LOAD_FAILED = 'Error loading your classes!';

/** Home (spec section 1): the first class still to come today (or under way), with a link to the timetable. */
export function UpcomingClassCard() {
  const { data, failed, retry } = useRetryableLoad(fetchWeek, () => {});
  const next = data ? firstUpcomingClass(data) : null;
  return (
    <section className="card bg-base-100 shadow" aria-labelledby="upcoming-class-heading">
      <div className="card-body flex-row flex-wrap items-center gap-3 p-4 sm:p-6">
        <CalendarClock className="h-8 w-8 shrink-0 text-primary" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <h2 id="upcoming-class-heading" className="text-sm font-medium opacity-80">
            {next && data && hasStarted(next, data) ? 'Class now' : 'Next class today'}
          </h2>
          {data === null && !failed ? (
            <p role="status" className="flex items-center gap-2">
              <span className="loading loading-spinner loading-sm" aria-hidden="true" />
              Loading your classes
            </p>
          ) : null}
          {data === null && failed ? (
            <p role="alert" className="flex flex-wrap items-center gap-2">
              {LOAD_FAILED}
              <button type="button" className="btn btn-xs" onClick={retry}>Retry</button>
            </p>
          ) : null}
          {data !== null && next === null ? <p className="text-lg font-semibold">{todaysClasses(data).length > 0 ? NO_MORE_CLASSES : NO_CLASSES}</p> : null}
          {next ? (
            <p className="flex flex-wrap items-baseline gap-x-3">
              <span className="text-lg font-bold">{next.subject_name.toUpperCase()}</span>
              <span className="tabular-nums">{formatClassTime(next.time)}, {next.duration} mins</span>
              {next.teacher_name ? <span className="opacity-80">{next.teacher_name}</span> : null}
            </p>
          ) : null}
        </div>
        <Link href="/timetable" className="btn btn-sm btn-outline">Timetable</Link>
      </div>
    </section>
  );
}
