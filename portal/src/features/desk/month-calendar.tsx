import { addDays, format, isSameDay, isSameMonth, startOfMonth, startOfWeek } from 'date-fns';
import { CalendarDays } from 'lucide-react';
import { useId } from 'react';

const WEEKDAYS = [
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
  ['Sun', 'Sunday'],
] as const;

/** The weeks (Monday first, as the timetable) that hold the month of `today`. */
export function monthWeeks(today: Date): Date[][] {
  const first = startOfMonth(today);
  let day = startOfWeek(first, { weekStartsOn: 1 });
  const weeks: Date[][] = [];
  while (weeks.length === 0 || isSameMonth(day, today)) {
    const week = Array.from({ length: 7 }, (_, i) => addDays(day, i));
    weeks.push(week);
    day = addDays(day, 7);
  }
  return weeks;
}

/** The desk's read-only calendar (spec: Home desk): this month, today marked. */
export function MonthCalendar({ today = new Date() }: { today?: Date }) {
  const headingId = useId();
  const weeks = monthWeeks(today);
  return (
    <section className="card bg-base-100 shadow" aria-labelledby={headingId}>
      <div className="card-body gap-3 p-4 sm:p-6">
        <h2 id={headingId} className="card-title">
          <CalendarDays className="h-5 w-5 text-primary" aria-hidden="true" />
          {format(today, 'LLLL yyyy')}
        </h2>
        <table className="w-full table-fixed text-center text-sm" aria-labelledby={headingId}>
          <thead>
            <tr>
              {WEEKDAYS.map(([short, full]) => (
                <th key={short} scope="col" className="pb-1 font-semibold">
                  <abbr title={full} className="no-underline">{short}</abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week[0]?.toISOString()}>
                {week.map((day) => {
                  const inMonth = isSameMonth(day, today);
                  const isToday = isSameDay(day, today);
                  return (
                    <td key={day.toISOString()} className="p-0.5">
                      {inMonth ? (
                        <span
                          className={`mx-auto flex h-8 w-8 items-center justify-center rounded-full tabular-nums ${isToday ? 'bg-primary font-bold text-primary-content' : ''}`}
                          aria-current={isToday ? 'date' : undefined}
                        >
                          {format(day, 'd')}
                          {isToday ? <span className="sr-only">, today</span> : null}
                        </span>
                      ) : null}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
