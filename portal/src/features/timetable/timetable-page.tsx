import { API_PREFIX } from '@invigil/shared/api/http';
import type { LiveClassReply, Schedule } from '@invigil/shared/api/timetable';
import { DAY_NAMES, DAY_SHORT_NAMES, NO_CLASS_MESSAGE, TIMETABLE_SLOTS, dayName, joinOnlyOnMessage } from '@invigil/shared/api/timetable-messages';
import { useRef, useState } from 'react';
import { showSnackbar } from '../../lib/snackbar';
import { useRetryableLoad } from '../../lib/use-retryable-load';
import { Modal } from '../../ui/modal';
import { useOverflows } from '../../ui/use-keyboard-scroll';
import { EmptyState, LoadError, LoadingBlock } from '../results/page-status';
import { formatClassDate, formatClassTime } from './schedule-view';
import { fetchWeek } from './timetable-api';
import { useIsMobile } from './use-is-mobile';

const LOAD_FAILED = 'Error loading the timetable!';
const NO_SCHEDULE = 'No classes are scheduled for your class yet.';
const SLOTS = Array.from({ length: TIMETABLE_SLOTS }, (_, i) => i + 1);
const WEEK = [1, 2, 3, 4, 5, 6, 7];
/** Spec: day buttons Mon to Sat on a phone; Sunday joins them only when it has classes or is today. */
const PHONE_DAYS = [1, 2, 3, 4, 5, 6];

/** The live-class page of a class, for JOIN: the class id, its date and the API endpoint (spec section 2). */
export function liveClassHref(schedule: Schedule): string {
  const api = `${window.location.origin}${API_PREFIX}`;
  return `/live-class/${encodeURIComponent(schedule._id)}?date=${schedule.date}&api=${encodeURIComponent(api)}`;
}

const isCanceled = (schedule: Schedule) => schedule.canceled_at !== null;

/** One class in a cell: subject in uppercase, time and duration in mins, teachers; canceled in red and in words. */
function ClassButton({ schedule, onOpen }: { schedule: Schedule; onOpen: (schedule: Schedule) => void }) {
  const canceled = isCanceled(schedule);
  return (
    <button
      type="button"
      className={`flex w-full flex-col items-start gap-0.5 rounded-box border px-1.5 py-2 text-left text-[0.8125rem] leading-snug transition hover:shadow focus-visible:shadow ${
        canceled ? 'border-error bg-error text-error-content' : 'border-base-300 bg-base-100 hover:bg-base-200'
      }`}
      onClick={() => onOpen(schedule)}
    >
      <span className="font-bold tracking-tight [overflow-wrap:anywhere]">{schedule.subject_name.toUpperCase()}</span>
      <span className="tabular-nums">{formatClassTime(schedule.time)}</span>
      <span>{schedule.duration} mins</span>
      {schedule.teacher_name ? <span className="break-words opacity-90">{schedule.teacher_name}</span> : null}
      {canceled ? <span className="font-semibold">Canceled</span> : null}
    </button>
  );
}

function cellOf(schedules: readonly Schedule[], day: number, slot: number): Schedule[] {
  return schedules.filter((s) => s.day === day && s.slot === slot);
}

/** Wide screens: days Monday to Sunday by 10 slots, a real table with row and column headers. */
function WeekGrid({ week, onOpen }: { week: LiveClassReply; onOpen: (schedule: Schedule) => void }) {
  const box = useRef<HTMLDivElement>(null);
  const scrolls = useOverflows(box, true);
  return (
    <div
      ref={box}
      className="overflow-x-auto rounded-box bg-base-100 shadow"
      {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': 'Weekly timetable, scrolls sideways' } : {})}
    >
      <table className="table table-fixed min-w-[60rem] border-separate border-spacing-1 p-1">
        <caption className="sr-only">Weekly timetable{week.class_name ? ` of ${week.class_name}` : ''}: days Monday to Sunday by slots 1 to {TIMETABLE_SLOTS}</caption>
        <thead>
          <tr>
            <th scope="col" className="w-24">Day</th>
            {SLOTS.map((slot) => <th key={slot} scope="col" className="text-center">Slot {slot}</th>)}
          </tr>
        </thead>
        <tbody>
          {WEEK.map((day) => {
            const today = day === week.day;
            return (
              <tr key={day} className={today ? 'bg-base-200' : undefined} aria-current={today ? 'date' : undefined}>
                <th scope="row" className="align-top">
                  {dayName(day)}
                  {today ? <span className="badge badge-primary badge-sm mt-1 block h-auto w-fit">Today</span> : null}
                </th>
                {SLOTS.map((slot) => {
                  const classes = cellOf(week.schedules, day, slot);
                  return (
                    <td key={slot} className="p-0.5 align-top">
                      {classes.length === 0 ? <span className="sr-only">No class</span> : null}
                      <div className="flex flex-col gap-1">
                        {classes.map((schedule) => <ClassButton key={schedule._id} schedule={schedule} onOpen={onOpen} />)}
                      </div>
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** Phones (500 px or less): day buttons and the 10 slots of the chosen day, today first chosen. */
function DayView({ week, onOpen }: { week: LiveClassReply; onOpen: (schedule: Schedule) => void }) {
  const [day, setDay] = useState(week.day);
  const days = week.day === 7 || week.schedules.some((s) => s.day === 7) ? WEEK : PHONE_DAYS;
  return (
    <div className="flex flex-col gap-3">
      <div role="group" aria-label="Day" className="grid gap-1" style={{ gridTemplateColumns: `repeat(${days.length}, minmax(0, 1fr))` }}>
        {days.map((d) => (
          <button
            key={d}
            type="button"
            className={`btn btn-sm px-0 ${d === day ? 'btn-primary' : 'btn-outline'}`}
            aria-pressed={d === day}
            // The name starts with what is seen ("Mon, Monday"), for voice control and axe's label-content-name-mismatch.
            aria-label={`${DAY_SHORT_NAMES[d - 1]}, ${DAY_NAMES[d - 1]}${d === week.day ? ', today' : ''}`}
            onClick={() => setDay(d)}
          >
            {DAY_SHORT_NAMES[d - 1]}
          </button>
        ))}
      </div>
      <section aria-labelledby="day-heading" className="flex flex-col gap-2">
        <h2 id="day-heading" className="text-lg font-semibold">
          {dayName(day)}
          {day === week.day ? <span className="badge badge-primary badge-sm ml-2 h-auto align-middle">Today</span> : null}
        </h2>
        <ol className="flex flex-col gap-2" aria-label={`Slots of ${dayName(day)}`}>
          {SLOTS.map((slot) => {
            const classes = cellOf(week.schedules, day, slot);
            return (
              <li key={slot} className="flex items-start gap-2">
                <span className="w-14 shrink-0 pt-2 text-sm font-medium">Slot {slot}</span>
                <div className="flex min-w-0 flex-1 flex-col gap-1">
                  {classes.length === 0 ? <span className="py-2 text-sm opacity-70">No class</span> : null}
                  {classes.map((schedule) => <ClassButton key={schedule._id} schedule={schedule} onOpen={onOpen} />)}
                </div>
              </li>
            );
          })}
        </ol>
      </section>
    </div>
  );
}

/** The cell's dialog: subject, teachers, start time, duration; CLOSE and JOIN (or CANCELED). */
function ClassDialog({ schedule, today, onClose }: { schedule: Schedule | null; today: number; onClose: () => void }) {
  const canceled = schedule !== null && isCanceled(schedule);
  const joinable = schedule !== null && !canceled && schedule.day === today;
  return (
    <Modal
      open={schedule !== null}
      title={schedule ? schedule.subject_name.toUpperCase() : ''}
      onClose={onClose}
      actions={
        schedule ? (
          <>
            <button type="button" className="btn" onClick={onClose}>CLOSE</button>
            {canceled ? (
              <button type="button" className="btn btn-error" disabled>CANCELED</button>
            ) : joinable ? (
              <a className="btn btn-primary" href={liveClassHref(schedule)} target="_blank" rel="noopener" onClick={() => setTimeout(onClose, 0)}>
                JOIN<span className="sr-only"> (opens in a new window)</span>
              </a>
            ) : (
              <button type="button" className="btn btn-primary" disabled aria-describedby="join-day-note">JOIN</button>
            )}
          </>
        ) : null
      }
    >
      {schedule ? (
        <div className="flex flex-col gap-3">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="font-medium">Teachers</dt>
            <dd>{schedule.teacher_name || 'Not named'}</dd>
            <dt className="font-medium">Start time</dt>
            <dd className="tabular-nums">{formatClassTime(schedule.time)}</dd>
            <dt className="font-medium">Duration</dt>
            <dd>{schedule.duration} mins</dd>
            <dt className="font-medium">Date</dt>
            <dd>{formatClassDate(schedule.date)}</dd>
          </dl>
          {canceled ? <p className="font-semibold">This class is canceled on {formatClassDate(schedule.date)}.</p> : null}
          {!canceled && !joinable ? <p id="join-day-note" className="alert alert-info">{joinOnlyOnMessage(schedule.day)}</p> : null}
        </div>
      ) : null}
    </Modal>
  );
}

/**
 * Timetable (spec section 2): the student's class's week. Wide screens see the whole grid; phones
 * pick a day. A cell opens the class's dialog; only today's classes join, in a new window.
 */
export default function TimetablePage({ title }: { title: string }) {
  const { data: week, failed, retry } = useRetryableLoad(fetchWeek, (error) =>
    showSnackbar(error instanceof Error && error.message ? error.message : LOAD_FAILED, { color: 'error' }),
  );
  const mobile = useIsMobile();
  const [open, setOpen] = useState<Schedule | null>(null);
  // The dialog unmounts on close, so the browser cannot return the focus: the cell that opened it gets it back.
  const opener = useRef<HTMLElement | null>(null);
  const openClass = (schedule: Schedule) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setOpen(schedule);
  };
  const closeClass = () => {
    setOpen(null);
    requestAnimationFrame(() => opener.current?.isConnected && opener.current.focus());
  };
  return (
    <main className="mx-auto flex w-full max-w-7xl flex-col gap-4 px-4 py-6">
      <div>
        <h1 className="text-2xl font-bold">{title}</h1>
        {week?.class_name ? <p className="opacity-80">{week.class_name}. Today is {formatClassDate(week.date)}.</p> : null}
      </div>
      {week === null && !failed ? <LoadingBlock label="Loading the timetable" /> : null}
      {week === null && failed ? <LoadError message={LOAD_FAILED} onRetry={retry} /> : null}
      {week !== null && week.class_name === null ? <EmptyState text={NO_CLASS_MESSAGE} /> : null}
      {week !== null && week.class_name !== null && week.schedules.length === 0 ? <EmptyState text={NO_SCHEDULE} /> : null}
      {week !== null && week.schedules.length > 0 ? (
        mobile ? <DayView week={week} onOpen={openClass} /> : <WeekGrid week={week} onOpen={openClass} />
      ) : null}
      {week ? <ClassDialog schedule={open} today={week.day} onClose={closeClass} /> : null}
    </main>
  );
}
