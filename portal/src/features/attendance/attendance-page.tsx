import type { AttendanceReply } from '@invigil/shared/api/attendance';
import { ATTENDANCE_MESSAGES } from '@invigil/shared/api/attendance-rules';
import { DAY_NAMES, DAY_SHORT_NAMES } from '@invigil/shared/api/timetable-messages';
import { format } from 'date-fns';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useState } from 'react';
import { showSnackbar } from '../../lib/snackbar';
import { fetchAttendances } from './attendance-api';
import { AttendanceStatCard } from './attendance-stat-card';
import { LEGEND, MARK_STYLES, firstAndLast, localToday, marksOf, monthOf, monthWeeks, shiftMonth, type DayCell, type Month } from './month-grid';

function Legend() {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-2 text-sm" aria-label="Legend">
      {LEGEND.map((mark) => {
        const style = MARK_STYLES[mark];
        return (
          <li key={mark} className="flex items-center gap-1.5">
            <span className={`inline-flex h-6 min-w-6 items-center justify-center rounded px-1 text-xs font-bold ${style.tone}`} aria-hidden="true">
              {style.letter}
            </span>
            <span>{style.letter} = {style.label}</span>
          </li>
        );
      })}
      <li className="flex items-center gap-1.5">Sunday: blank</li>
    </ul>
  );
}

function DayCellView({ cell, reply }: { cell: DayCell; reply: { marks: ReturnType<typeof marksOf>; today: string } }) {
  const mark = reply.marks.get(cell.date) ?? 'none';
  const style = MARK_STYLES[mark];
  const isToday = cell.date === reply.today;
  const words = `${format(new Date(`${cell.date}T00:00:00`), 'EEEE, d MMMM yyyy')}${isToday ? ' (today)' : ''}: ${style.label}`;
  return (
    <td className="p-0.5 align-top sm:p-1">
      <div
        className={`flex h-12 flex-col items-center justify-between rounded-md py-0.5 sm:h-16 sm:py-1 ${style.tone || 'bg-base-100'} ${isToday ? 'outline-2 outline-offset-1 outline-base-content' : ''}`}
      >
        <span className="self-start px-1 text-xs tabular-nums" aria-hidden="true">{cell.day}</span>
        <span className="text-sm font-bold sm:text-base" aria-hidden="true">{style.letter}</span>
        <span className="sr-only">{words}</span>
      </div>
    </td>
  );
}

/** Spec: a stat card (present, absent, late), a legend, and a monthly calendar with Prev and Next. */
export default function AttendancePage({ title }: { title: string }) {
  const [month, setMonth] = useState<Month>(() => monthOf(localToday()));
  const [loaded, setLoaded] = useState<{ key: string; reply: AttendanceReply | null } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const { start, end } = firstAndLast(month);
  const key = `${start}:${attempt}`;

  useEffect(() => {
    const controller = new AbortController();
    fetchAttendances(start, end, controller.signal).then(
      (reply) => setLoaded({ key, reply }),
      () => {
        if (controller.signal.aborted) return;
        setLoaded({ key, reply: null });
        showSnackbar(ATTENDANCE_MESSAGES.loadFailed, { color: 'error' });
      },
    );
    return () => controller.abort();
  }, [start, end, key]);

  const current = loaded?.key === key ? loaded : null;
  const reply = current?.reply ?? null;
  const marks = reply ? { marks: marksOf(month, reply.data, reply.today, reply.since), today: reply.today } : null;
  const monthName = format(new Date(month.year, month.month - 1, 1), 'MMMM yyyy');

  return (
    <main className="mx-auto w-full max-w-4xl px-4 py-6">
      <h1 className="mb-4 text-2xl font-bold">{title}</h1>
      <div className="flex flex-col gap-4">
        <AttendanceStatCard showCalendarLink={false} title="Statistics" />
        <section className="card bg-base-100 shadow" aria-labelledby="attendance-month">
          <div className="card-body gap-3 p-3 sm:p-6">
            <div className="flex items-center justify-between gap-2">
              <button type="button" className="btn btn-sm" onClick={() => setMonth((m) => shiftMonth(m, -1))}>
                <ChevronLeft className="h-4 w-4" aria-hidden="true" />
                Prev
              </button>
              <h2 id="attendance-month" className="text-lg font-semibold" aria-live="polite">{monthName}</h2>
              <button type="button" className="btn btn-sm" onClick={() => setMonth((m) => shiftMonth(m, 1))}>
                Next
                <ChevronRight className="h-4 w-4" aria-hidden="true" />
              </button>
            </div>
            <Legend />
            {current === null ? (
              <div className="flex justify-center py-12" role="status" aria-label="Loading attendance">
                <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
              </div>
            ) : marks === null ? (
              <div className="alert alert-error flex flex-wrap" role="alert">
                <span>{ATTENDANCE_MESSAGES.loadFailed}</span>
                <button type="button" className="btn btn-sm" onClick={() => setAttempt((n) => n + 1)}>Retry</button>
              </div>
            ) : (
              <table className="w-full table-fixed border-separate border-spacing-0 text-center">
                <caption className="sr-only">Attendance in {monthName}</caption>
                <thead>
                  <tr>
                    {DAY_SHORT_NAMES.map((short, index) => (
                      <th key={short} scope="col" className="pb-1 text-xs font-semibold sm:text-sm">
                        <abbr title={DAY_NAMES[index]} className="no-underline">{short}</abbr>
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {monthWeeks(month).map((week) => (
                    <tr key={week.find((cell) => cell)?.date}>
                      {week.map((cell, index) => (cell ? <DayCellView key={cell.date} cell={cell} reply={marks} /> : <td key={`blank-${index}`} />))}
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </div>
        </section>
      </div>
    </main>
  );
}
