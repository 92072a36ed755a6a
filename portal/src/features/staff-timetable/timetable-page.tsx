import type { StaffSchedule, StaffTimetableReply } from '@invigil/shared/api/staff-timetable';
import { MEETING_LABELS } from '@invigil/shared/api/staff-timetable-text';
import { DAY_NAMES, DAY_SHORT_NAMES, TIMETABLE_SLOTS } from '@invigil/shared/api/timetable-messages';
import { Plus } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import type { ScreenProps } from '../../lib/screen-props';
import { StaffLayout } from '../staff-shell/staff-layout';
import { ScheduleDialog } from './schedule-dialog';
import type { DialogTarget } from './schedule-dialog';
import { fetchWeek } from './staff-timetable-api';
import { clockLabel, dateInWeek, shortDate } from './week-dates';

const SLOTS = Array.from({ length: TIMETABLE_SLOTS }, (_, i) => i + 1);
const WEEK = [1, 2, 3, 4, 5, 6, 7];

type Target = { id: string } | { day: number; slot: number };

/** Canceled on this week's date of its day: red, as the student's timetable shows it. */
const canceledThisWeek = (week: StaffTimetableReply, schedule: StaffSchedule) => schedule.canceled.includes(dateInWeek(week.today, schedule.day));

function ClassButton({ week, schedule, onOpen }: { week: StaffTimetableReply; schedule: StaffSchedule; onOpen: (target: Target) => void }) {
  const canceled = canceledThisWeek(week, schedule);
  const later = schedule.canceled.filter((date) => date !== dateInWeek(week.today, schedule.day));
  return (
    <button
      type="button"
      className={`flex w-full flex-col items-start gap-0.5 rounded-box border px-1.5 py-2 text-left text-[0.8125rem] leading-snug transition hover:shadow focus-visible:shadow ${
        canceled ? 'border-error bg-error text-error-content' : 'border-base-300 bg-base-100 hover:bg-base-200'
      }`}
      onClick={() => onOpen({ id: schedule.id })}
    >
      <span className="sr-only">Edit {DAY_NAMES[schedule.day - 1]} slot {schedule.slot}: </span>
      <span className="font-bold tracking-tight [overflow-wrap:anywhere]">{schedule.subjectName.toUpperCase()}</span>
      <span className="tabular-nums">{clockLabel(schedule.time)}</span>
      <span>{schedule.durationMinutes} mins</span>
      {schedule.shownTeachers.length > 0 ? <span className="break-words opacity-90">{schedule.shownTeachers.join(', ')}</span> : null}
      <span className="text-xs opacity-90">{schedule.meeting === 'link' ? 'Link' : schedule.meeting === 'jitsi' ? 'Jitsi room' : 'No meeting'}</span>
      {canceled ? <span className="font-semibold">Canceled</span> : null}
      {later.length > 0 ? <span className="text-xs font-semibold">Canceled {later.map(shortDate).join('; ')}</span> : null}
    </button>
  );
}

function AddButton({ day, slot, onOpen, tabbable }: { day: number; slot: number; onOpen: (target: Target) => void; tabbable: boolean }) {
  return (
    <button
      type="button"
      className="btn btn-ghost btn-sm h-auto min-h-10 w-full border border-dashed border-base-300 opacity-70 hover:opacity-100"
      aria-label={`Add a class on ${DAY_NAMES[day - 1]}, slot ${slot}`}
      tabIndex={tabbable ? 0 : -1}
      onClick={() => onOpen({ day, slot })}
    >
      <Plus className="h-4 w-4" aria-hidden="true" />
    </button>
  );
}

const cellOf = (week: StaffTimetableReply, day: number, slot: number) => week.schedules.filter((s) => s.day === day && s.slot === slot);

/** Wide screens: Monday..Sunday by 10 slots, as the student sees it. Empty cells add by mouse; "Add class" by keyboard. */
function WeekGrid({ week, onOpen }: { week: StaffTimetableReply; onOpen: (target: Target) => void }) {
  return (
    <div className="hidden rounded-box bg-base-100 shadow lg:block">
      <table className="table table-fixed w-full border-separate border-spacing-1 p-1">
        <caption className="sr-only">Weekly timetable of {week.class?.name}: days Monday to Sunday by slots 1 to {TIMETABLE_SLOTS}</caption>
        <thead>
          <tr>
            <th scope="col" className="w-24 px-1">Day</th>
            {SLOTS.map((slot) => <th key={slot} scope="col" className="px-1 text-center">Slot {slot}</th>)}
          </tr>
        </thead>
        <tbody>
          {WEEK.map((day) => (
            <tr key={day} className={day === week.weekday ? 'bg-base-200' : undefined} aria-current={day === week.weekday ? 'date' : undefined}>
              <th scope="row" className="px-1 align-top">
                {DAY_NAMES[day - 1]}
                {day === week.weekday ? <span className="badge badge-primary badge-sm mt-1 block h-auto w-fit">Today</span> : null}
              </th>
              {SLOTS.map((slot) => {
                const classes = cellOf(week, day, slot);
                return (
                  <td key={slot} className="p-0.5 align-top">
                    <div className="flex flex-col gap-1">
                      {classes.map((schedule) => <ClassButton key={schedule.id} week={week} schedule={schedule} onOpen={onOpen} />)}
                      {classes.length === 0 ? <AddButton day={day} slot={slot} onOpen={onOpen} tabbable={false} /> : null}
                    </div>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Phones and narrow windows: day buttons, then the chosen day's 10 slots. */
function DayView({ week, onOpen }: { week: StaffTimetableReply; onOpen: (target: Target) => void }) {
  const [day, setDay] = useState(week.weekday);
  const headingId = useId();
  return (
    <div className="flex flex-col gap-3 lg:hidden">
      <div role="group" aria-label="Day" className="grid grid-cols-7 gap-1">
        {WEEK.map((d) => (
          <button key={d} type="button" className={`btn btn-sm px-0 ${d === day ? 'btn-primary' : 'btn-outline'}`} aria-pressed={d === day} aria-label={`${DAY_NAMES[d - 1]}${d === week.weekday ? ', today' : ''}`} onClick={() => setDay(d)}>
            {DAY_SHORT_NAMES[d - 1]}
          </button>
        ))}
      </div>
      <section aria-labelledby={headingId} className="flex flex-col gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          {DAY_NAMES[day - 1]}
          {day === week.weekday ? <span className="badge badge-primary badge-sm ml-2 h-auto align-middle">Today</span> : null}
        </h2>
        <ol className="flex flex-col gap-2" aria-label={`Slots of ${DAY_NAMES[day - 1]}`}>
          {SLOTS.map((slot) => {
            const classes = cellOf(week, day, slot);
            return (
              <li key={slot} className="flex items-start gap-2">
                <span className="w-14 shrink-0 pt-2 text-sm font-medium">Slot {slot}</span>
                <div className="flex min-w-0 flex-1 flex-col gap-1">
                  {classes.map((schedule) => <ClassButton key={schedule.id} week={week} schedule={schedule} onOpen={onOpen} />)}
                  {classes.length === 0 ? <AddButton day={day} slot={slot} onOpen={onOpen} tabbable /> : null}
                </div>
              </li>
            );
          })}
        </ol>
      </section>
    </div>
  );
}

/** The first free slot of today (else of the week): where "Add class" starts. */
function firstFree(week: StaffTimetableReply): { day: number; slot: number } {
  for (const day of [week.weekday, ...WEEK]) for (const slot of SLOTS) if (cellOf(week, day, slot).length === 0) return { day, slot };
  return { day: 1, slot: 1 };
}

/** /staff/timetable (admin: every class; teacher: theirs): a class's week; add, edit, move, delete, cancel a day. */
export default function TimetablePage({ title }: ScreenProps) {
  const search = useSearch();
  const [classId, setClassId] = useState(() => new URLSearchParams(search).get('class') ?? '');
  const [week, setWeek] = useState<StaffTimetableReply | null>(null);
  const [failure, setFailure] = useState('');
  const [target, setTarget] = useState<Target | null>(null);
  // Focus goes back to what opened the dialog (the class's button stays, by its key, after a save).
  const opener = useRef<HTMLElement | null>(null);
  const open = useCallback((next: Target) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setTarget(next);
  }, []);
  const close = useCallback(() => {
    setTarget(null);
    requestAnimationFrame(() => {
      if (opener.current?.isConnected) opener.current.focus();
    });
  }, []);
  const [reload, setReload] = useState(0);
  const selectId = useId();

  useEffect(() => {
    const abort = new AbortController();
    fetchWeek(classId, abort.signal).then(
      (reply) => {
        setWeek(reply);
        setFailure('');
      },
      (error: unknown) => {
        if (!abort.signal.aborted) setFailure(error instanceof Error ? error.message : 'Error loading the timetable!');
      },
    );
    return () => abort.abort();
  }, [classId, reload]);
  const refresh = useCallback(() => setReload((n) => n + 1), []);

  // The dialog edits the class as last loaded (its canceled days follow a cancel at once).
  const dialogTarget: DialogTarget | null = !target || !week ? null : 'id' in target ? (() => {
    const schedule = week.schedules.find((s) => s.id === target.id);
    return schedule ? { schedule } : null;
  })() : target;

  return (
    <StaffLayout roles={['admin', 'teacher']}>
      <main className="mx-auto w-full max-w-7xl px-4 py-6">
        <h1 className="mb-4 text-2xl font-bold">{title}</h1>
        {failure ? (
          <div className="alert alert-error mb-4" role="alert">
            <span>{failure}</span>
            <button type="button" className="btn btn-sm" onClick={refresh}>Try again</button>
          </div>
        ) : null}
        {week === null ? (
          failure ? null : <p className="py-10 text-center" role="status">Loading the timetable…</p>
        ) : week.class === null ? (
          <p className="py-10 text-center">No classes to show: a teacher sees the classes assigned to them.</p>
        ) : (
          <>
            <div className="mb-4 flex flex-wrap items-end gap-3">
              <div className="min-w-0 flex-1 basis-56 sm:flex-none sm:basis-72">
                <label htmlFor={selectId} className="label pb-1"><span className="label-text font-medium text-base-content">Class</span></label>
                <select id={selectId} className="select select-bordered w-full" value={week.class.id} onChange={(event) => setClassId(event.target.value)}>
                  {week.classes.map((klass) => <option key={klass.id} value={klass.id}>{klass.name}</option>)}
                </select>
              </div>
              <button type="button" className="btn btn-primary gap-1" onClick={() => open(firstFree(week))}>
                <Plus className="h-4 w-4" aria-hidden="true" />Add class
              </button>
              <p className="basis-full text-sm opacity-80">
                Today is {shortDate(week.today)}. Students see changes on their next load; a canceled day shows in red on their timetable. New classes default to {MEETING_LABELS[week.jitsi ? 'jitsi' : 'none'].toLowerCase()}.
              </p>
            </div>
            <WeekGrid week={week} onOpen={open} />
            <DayView key={week.class.id} week={week} onOpen={open} />
            {dialogTarget ? <ScheduleDialog key={'schedule' in dialogTarget ? dialogTarget.schedule.id : `${dialogTarget.day}-${dialogTarget.slot}`} week={week} target={dialogTarget} onClose={close} onChanged={refresh} /> : null}
          </>
        )}
      </main>
    </StaffLayout>
  );
}
