import type { AttendanceKind } from '@invigil/shared/api/attendance-rules';
import type { StaffAttendanceReply } from '@invigil/shared/api/staff-attendance';
import { ATTENDANCE_KEYS, ATTENDANCE_KEY_OF, ATTENDANCE_LABELS, MAX_REASON, REGISTER_KINDS, STAFF_ATTENDANCE_MESSAGES } from '@invigil/shared/api/staff-attendance-text';
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useSearch } from 'wouter';
import { ApiError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/date-time';
import type { ScreenProps } from '../../lib/screen-props';
import { showSnackbar } from '../../lib/snackbar';
import { StaffLayout } from '../staff-shell/staff-layout';
import { fetchRegister, saveRegister } from './staff-attendance-api';

type Marks = Record<string, AttendanceKind>;

const MARK_STYLE: Record<AttendanceKind, string> = {
  present: 'peer-checked:bg-success peer-checked:text-success-content peer-checked:border-success',
  absent: 'peer-checked:bg-error peer-checked:text-error-content peer-checked:border-error',
  late: 'peer-checked:bg-warning peer-checked:text-warning-content peer-checked:border-warning',
  half_day: 'peer-checked:bg-info peer-checked:text-info-content peer-checked:border-info',
  leave: 'peer-checked:bg-neutral peer-checked:text-neutral-content peer-checked:border-neutral',
};

const label = (kind: AttendanceKind | null) => (kind ? ATTENDANCE_LABELS[kind] : 'Not taken');

/** The marks a register opens with: what was saved, else Present. */
const initialMarks = (reply: StaffAttendanceReply): Marks => Object.fromEntries(reply.rows.map((row) => [row.studentId, row.attendance ?? 'present']));

function Register({ reply, marks, onMark, onSave }: { reply: StaffAttendanceReply; marks: Marks; onMark: (studentId: string, kind: AttendanceKind) => void; onSave: () => void }) {
  const list = useRef<HTMLOListElement>(null);
  const focusRow = (index: number) => {
    const rows = list.current?.querySelectorAll<HTMLElement>('[data-row]');
    const row = rows?.[Math.max(0, Math.min(index, (rows?.length ?? 1) - 1))];
    row?.querySelector<HTMLInputElement>('input:checked')?.focus();
  };
  function onKeyDown(event: KeyboardEvent<HTMLOListElement>) {
    const row = (event.target as HTMLElement).closest<HTMLElement>('[data-row]');
    if (!row) return;
    const index = Number(row.dataset.row);
    const studentId = row.dataset.student ?? '';
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      onSave();
      return;
    }
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const kind = ATTENDANCE_KEYS[event.key.toLowerCase()];
    if (kind) {
      event.preventDefault();
      onMark(studentId, kind);
      // After the mark renders, the next student's checked mark takes the focus.
      requestAnimationFrame(() => focusRow(index + 1));
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      focusRow(index + (event.key === 'ArrowDown' ? 1 : -1));
    }
  }
  return (
    <ol ref={list} className="flex flex-col divide-y divide-base-300 rounded-box bg-base-100 shadow" onKeyDown={onKeyDown} aria-label={`Register of ${reply.class?.name ?? ''} on ${reply.date}`}>
      {reply.rows.map((row, index) => {
        const mark = marks[row.studentId] ?? 'present';
        const changed = mark !== row.attendance;
        return (
          <li key={row.studentId} data-row={index} data-student={row.studentId} className="px-3 py-2">
            <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-2">
              <legend className="sr-only">{row.name} ({row.regNo})</legend>
              <div className="min-w-0 flex-1 basis-48" aria-hidden="true">
                <span className="font-semibold">{row.name}</span> <span className="text-sm opacity-80">{row.regNo}</span>
                {row.attendance !== null && changed ? <span className="ml-2 text-sm opacity-80">(saved: {label(row.attendance)})</span> : null}
              </div>
              <div className="flex flex-wrap gap-1">
                {REGISTER_KINDS.map((kind) => (
                  <label key={kind} className="cursor-pointer">
                    <input type="radio" className="peer sr-only" name={`mark-${row.studentId}`} value={kind} checked={mark === kind} onChange={() => onMark(row.studentId, kind)} />
                    <span className={`btn btn-sm btn-outline peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary ${MARK_STYLE[kind]}`}>
                      {ATTENDANCE_LABELS[kind]} <kbd className="kbd kbd-xs" aria-hidden="true">{ATTENDANCE_KEY_OF[kind]}</kbd>
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
          </li>
        );
      })}
    </ol>
  );
}

function Summary({ reply }: { reply: StaffAttendanceReply }) {
  const { summary } = reply;
  const items: [string, number][] = [['Present', summary.present], ['Absent', summary.absent], ['Late', summary.late], ['Half day', summary.half_day], ['Leave', summary.leave], ['Not taken', summary.unmarked]];
  return (
    <section aria-labelledby="attendance-summary" className="mb-4">
      <h2 id="attendance-summary" className="sr-only">Saved for this day</h2>
      <dl className="flex flex-wrap gap-2">
        {items.map(([name, count]) => (
          <div key={name} className="rounded-box bg-base-100 px-3 py-1 shadow">
            <dt className="inline text-sm">{name}: </dt>
            <dd className="inline font-bold tabular-nums">{count}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function History({ reply }: { reply: StaffAttendanceReply }) {
  if (reply.history.length === 0) return null;
  return (
    <section aria-labelledby="attendance-history" className="mt-6">
      <h2 id="attendance-history" className="mb-2 text-lg font-semibold">History of this day</h2>
      <ol className="flex flex-col gap-2">
        {reply.history.map((change) => (
          <li key={change.id} className="rounded-box bg-base-100 px-3 py-2 shadow">
            <p className="text-sm">
              <span className="font-semibold">{formatDateTime(change.at)}</span> by {change.actorName}
              {change.reason ? <> — reason: <q>{change.reason}</q></> : null}
            </p>
            <ul className="mt-1 text-sm">
              {change.changes.map((item) => (
                <li key={item.studentId}>{item.name}: {label(item.before)} → {label(item.after)}</li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** /staff/attendance (admin: every class; teacher: theirs): a class's register for a day, by keyboard. */
export default function AttendancePage({ title }: ScreenProps) {
  const search = useSearch();
  const [want, setWant] = useState(() => ({ classId: new URLSearchParams(search).get('class') ?? '', date: '' }));
  const [reply, setReply] = useState<StaffAttendanceReply | null>(null);
  const [marks, setMarks] = useState<Marks>({});
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState('');
  const [failure, setFailure] = useState('');
  const [saving, setSaving] = useState(false);
  const [reload, setReload] = useState(0);
  const ids = { klass: useId(), date: useId(), reason: useId(), keys: useId() };

  useEffect(() => {
    const abort = new AbortController();
    fetchRegister(want.classId, want.date, abort.signal).then(
      (next) => {
        setReply(next);
        setMarks(initialMarks(next));
        setReason('');
        setReasonError('');
        setFailure('');
      },
      (error: unknown) => {
        if (!abort.signal.aborted) setFailure(error instanceof Error ? error.message : 'Error loading the register!');
      },
    );
    return () => abort.abort();
  }, [want, reload]);

  const past = reply !== null && reply.date < reply.today;
  // Marks pressed and not saved: asked about before another class or day replaces them.
  const dirty = reply !== null && reply.rows.some((row) => marks[row.studentId] !== (row.attendance ?? 'present'));
  const go = (next: { classId: string; date: string }) => {
    if (dirty && !window.confirm('Leave this register without saving the marks you changed?')) return;
    setWant(next);
  };
  const changes = reply ? reply.rows.filter((row) => marks[row.studentId] !== row.attendance).length : 0;

  const save = useCallback(async () => {
    if (!reply?.class || saving) return;
    if (past && changes > 0 && reason.trim() === '') {
      setReasonError(STAFF_ATTENDANCE_MESSAGES.reasonNeeded);
      document.getElementById(ids.reason)?.focus();
      return;
    }
    setSaving(true);
    try {
      const saved = await saveRegister({ classId: reply.class.id, date: reply.date, marks: reply.rows.map((row) => ({ studentId: row.studentId, attendance: marks[row.studentId] ?? 'present' })), reason: reason.trim() });
      setReply(saved);
      setMarks(initialMarks(saved));
      setReason('');
      setReasonError('');
      showSnackbar(saved.changed === 0 ? 'Nothing changed: the register was already saved.' : `Attendance saved (${saved.changed} ${saved.changed === 1 ? 'student' : 'students'}).`, { color: 'success' });
    } catch (error) {
      const data = error instanceof ApiError ? (error.data as { issues?: { path: string; message: string }[] } | undefined) : undefined;
      const onReason = data?.issues?.find((issue) => issue.path === 'reason');
      if (onReason) setReasonError(onReason.message);
      else showSnackbar(error instanceof Error ? error.message : 'Something went wrong!', { color: 'error' });
    } finally {
      setSaving(false);
    }
  }, [reply, saving, past, changes, reason, marks, ids.reason]);

  return (
    <StaffLayout roles={['admin', 'teacher']}>
      <main className="mx-auto w-full max-w-5xl px-4 py-6">
        <h1 className="mb-4 text-2xl font-bold">{title}</h1>
        {failure ? (
          <div className="alert alert-error mb-4" role="alert">
            <span>{failure}</span>
            <button type="button" className="btn btn-sm" onClick={() => setReload((n) => n + 1)}>Try again</button>
          </div>
        ) : null}
        {reply === null ? (
          failure ? null : <p className="py-10 text-center" role="status">Loading the register…</p>
        ) : reply.class === null ? (
          <p className="py-10 text-center">No classes to show: a teacher sees the classes assigned to them.</p>
        ) : (
          <>
            <div className="mb-4 flex flex-wrap items-end gap-3">
              <div className="min-w-0 flex-1 basis-48 sm:flex-none sm:basis-64">
                <label htmlFor={ids.klass} className="label pb-1"><span className="label-text font-medium text-base-content">Class</span></label>
                <select id={ids.klass} className="select select-bordered w-full" value={reply.class.id} onChange={(event) => go({ classId: event.target.value, date: reply.date })}>
                  {reply.classes.map((klass) => <option key={klass.id} value={klass.id}>{klass.name}</option>)}
                </select>
              </div>
              <div className="min-w-0 flex-1 basis-40 sm:flex-none sm:basis-48">
                <label htmlFor={ids.date} className="label pb-1"><span className="label-text font-medium text-base-content">Date</span></label>
                <input id={ids.date} type="date" className="input input-bordered w-full" max={reply.today} value={reply.date} onChange={(event) => {
                  const date = event.target.value;
                  if (/^\d{4}-\d{2}-\d{2}$/.test(date) && date <= reply.today) go({ classId: reply.class?.id ?? '', date });
                }} />
              </div>
              <p className="basis-full text-sm" role="status">
                {reply.taken ? 'Taken: showing what was saved.' : 'Not taken yet: everyone is Present until you mark them.'}
                {past ? ' A past day is changed only with a reason.' : ''}
              </p>
            </div>
            <Summary reply={reply} />
            <p id={ids.keys} className="mb-2 text-sm">
              Keys: <kbd className="kbd kbd-sm">P</kbd> Present, <kbd className="kbd kbd-sm">A</kbd> Absent, <kbd className="kbd kbd-sm">L</kbd> Late, <kbd className="kbd kbd-sm">H</kbd> Half day, <kbd className="kbd kbd-sm">V</kbd> Leave (then the next student); <kbd className="kbd kbd-sm">↑</kbd> <kbd className="kbd kbd-sm">↓</kbd> move; <kbd className="kbd kbd-sm">Ctrl</kbd>+<kbd className="kbd kbd-sm">Enter</kbd> save.
            </p>
            {reply.rows.length === 0 ? (
              <p className="rounded-box bg-base-100 px-4 py-10 text-center shadow">No students in this class.</p>
            ) : (
              <Register reply={reply} marks={marks} onMark={(studentId, kind) => setMarks((current) => ({ ...current, [studentId]: kind }))} onSave={() => void save()} />
            )}
            <div className="mt-4 flex flex-wrap items-end gap-3">
              {past ? (
                <div className="min-w-0 flex-1 basis-64">
                  <label htmlFor={ids.reason} className="label pb-1"><span className="label-text font-medium text-base-content">Reason for changing a past day</span></label>
                  <input
                    id={ids.reason}
                    className={`input input-bordered w-full ${reasonError ? 'input-error' : ''}`}
                    maxLength={MAX_REASON}
                    value={reason}
                    onChange={(event) => setReason(event.target.value)}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
                        event.preventDefault();
                        void save();
                      }
                    }}
                    aria-invalid={reasonError ? true : undefined}
                    aria-describedby={reasonError ? `${ids.reason}-error` : undefined}
                  />
                  {reasonError ? <p id={`${ids.reason}-error`} className="mt-1 text-sm text-error" role="alert">{reasonError}</p> : null}
                </div>
              ) : null}
              <p className="text-sm" aria-live="polite">{changes === 0 ? 'No unsaved changes.' : `${changes} unsaved ${changes === 1 ? 'change' : 'changes'}.`}</p>
              <button type="button" className="btn btn-primary" onClick={() => void save()} disabled={saving || reply.rows.length === 0} aria-describedby={ids.keys}>
                {saving ? 'Saving…' : 'Save attendance'}
              </button>
            </div>
            <History reply={reply} />
          </>
        )}
      </main>
    </StaffLayout>
  );
}
