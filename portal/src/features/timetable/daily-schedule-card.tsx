import type { Schedule } from '@invigil/shared/api/timetable';
import { CalendarClock } from 'lucide-react';
import { Link } from 'wouter';
import { useRetryableLoad } from '../../lib/use-retryable-load';
import { formatClassTime, todaysClasses } from './schedule-view';
import { fetchWeek } from './timetable-api';

const LOAD_FAILED = 'Error loading the schedule!';
const NO_CLASSES = 'No classes today';

function ClassRow({ schedule }: { schedule: Schedule }) {
  const canceled = schedule.canceled_at !== null;
  return (
    <li className={`flex flex-wrap items-baseline gap-x-3 gap-y-0.5 py-2 ${canceled ? 'text-error' : ''}`}>
      <span className="w-20 shrink-0 text-sm tabular-nums">{formatClassTime(schedule.time)}</span>
      <span className="min-w-0 flex-1">
        <span className="font-semibold">{schedule.subject_name.toUpperCase()}</span>
        {canceled ? <span className="badge badge-error badge-sm ml-2 h-auto">Canceled</span> : null}
        <span className="block text-sm opacity-80">
          {schedule.duration} mins{schedule.teacher_name ? `, ${schedule.teacher_name}` : ''}
        </span>
      </span>
    </li>
  );
}

/**
 * The desk's daily schedule card (spec section 2, Home desk): today's classes of the student's
 * class, canceled ones marked, with a link to the whole week on /timetable.
 */
export function DailyScheduleCard() {
  const { data, failed, retry } = useRetryableLoad(fetchWeek, () => {});
  const classes = data ? todaysClasses(data) : [];
  return (
    <section className="card bg-base-100 shadow" aria-labelledby="daily-schedule-heading">
      <div className="card-body gap-2 p-4 sm:p-6">
        <h2 id="daily-schedule-heading" className="card-title">
          <CalendarClock className="h-5 w-5 text-primary" aria-hidden="true" />
          Daily Schedule
        </h2>
        {data === null && !failed ? (
          <div className="flex justify-center py-4" role="status" aria-label="Loading the schedule">
            <span className="loading loading-spinner text-primary" aria-hidden="true" />
          </div>
        ) : null}
        {data === null && failed ? (
          <div className="flex flex-wrap items-center gap-2" role="alert">
            <span>{LOAD_FAILED}</span>
            <button type="button" className="btn btn-sm" onClick={retry}>Retry</button>
          </div>
        ) : null}
        {data !== null && classes.length === 0 ? <p className="py-2 opacity-80">{NO_CLASSES}</p> : null}
        {classes.length > 0 ? (
          <ul className="divide-y divide-base-300" aria-label="Today's classes">
            {classes.map((schedule) => <ClassRow key={schedule._id} schedule={schedule} />)}
          </ul>
        ) : null}
        <div className="card-actions justify-end">
          <Link href="/timetable" className="btn btn-primary btn-sm">Timetable</Link>
        </div>
      </div>
    </section>
  );
}
