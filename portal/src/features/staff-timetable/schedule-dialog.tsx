import type { ScheduleUpdateRequest, StaffSchedule, StaffTimetableReply } from '@invigil/shared/api/staff-timetable';
import { MAX_CLASS_MINUTES, MEETING_KINDS, MEETING_LABELS, STAFF_TIMETABLE_MESSAGES, isHttpsUrl } from '@invigil/shared/api/staff-timetable-text';
import type { MeetingKind } from '@invigil/shared/api/staff-timetable-text';
import { DAY_NAMES, TIMETABLE_SLOTS } from '@invigil/shared/api/timetable-messages';
import { useId, useState, type ReactNode } from 'react';
import { ApiError } from '../../lib/api-client';
import { showSnackbar } from '../../lib/snackbar';
import { Modal } from '../../ui/modal';
import { addSchedule, cancelDay, deleteSchedule, saveSchedule, undoCancel } from './staff-timetable-api';
import { nextOn, shortDate, startAfterPrevious, weekdayOf } from './week-dates';

type Field = 'subjectId' | 'day' | 'slot' | 'time' | 'durationMinutes' | 'teachers' | 'meeting' | 'meetingUrl' | 'date';
type Errors = Partial<Record<Field, string>>;

/** What the dialog opens on: a class to edit, or a new one's day and slot. */
export type DialogTarget = { schedule: StaffSchedule } | { day: number; slot: number };

const SLOTS = Array.from({ length: TIMETABLE_SLOTS }, (_, i) => i + 1);

/** The server's field problems (422/409 issues) by field; the message itself when none names one. */
function errorsOf(error: unknown): { fields: Errors; message: string } {
  const message = error instanceof Error ? error.message : 'Something went wrong!';
  const fields: Errors = {};
  const data = error instanceof ApiError ? (error.data as { issues?: { path: string; message: string }[] } | undefined) : undefined;
  for (const issue of data?.issues ?? []) {
    const field = issue.path.split('.')[0] as Field;
    fields[field] ??= issue.message;
  }
  return { fields, message };
}

function Labelled({ id, label, error, hint, children }: { id: string; label: string; error?: string | undefined; hint?: string; children: ReactNode }) {
  return (
    <div className="form-control w-full">
      <label htmlFor={id} className="label pb-1"><span className="label-text font-medium text-base-content">{label}</span></label>
      {children}
      {hint && !error ? <p id={`${id}-hint`} className="mt-1 text-sm opacity-80">{hint}</p> : null}
      {error ? <p id={`${id}-error`} className="mt-1 text-sm text-error" role="alert">{error}</p> : null}
    </div>
  );
}

const described = (id: string, error: string | undefined, hint = false) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined,
});

/**
 * A class of the week: add or edit it (subject, day and slot (a move), time, duration, teachers,
 * meeting), delete it, cancel one day of it or undo a cancel. Deleting and canceling ask first.
 */
export function ScheduleDialog({ week, target, onClose, onChanged }: { week: StaffTimetableReply; target: DialogTarget; onClose: () => void; onChanged: () => void }) {
  const base = useId();
  const existing = 'schedule' in target ? target.schedule : null;
  const [form, setForm] = useState(() => ({
    subjectId: existing?.subjectId ?? week.subjects[0]?.id ?? '',
    day: existing?.day ?? ('day' in target ? target.day : 1),
    slot: existing?.slot ?? ('slot' in target ? target.slot : 1),
    time: existing?.time ?? startAfterPrevious(week, 'day' in target ? target.day : 1, 'slot' in target ? target.slot : 1),
    durationMinutes: String(existing?.durationMinutes ?? 45),
    teachers: existing?.teachers.join(', ') ?? '',
    meeting: (existing?.meeting ?? (week.jitsi ? 'jitsi' : 'none')) as MeetingKind,
    meetingUrl: existing?.meetingUrl ?? '',
  }));
  const [errors, setErrors] = useState<Errors>({});
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<null | 'delete' | 'cancel'>(null);
  const [cancelDate, setCancelDate] = useState(() => (existing ? nextOn(week.today, existing.day) : week.today));
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) => setForm((current) => ({ ...current, [key]: value }));
  const id = (field: Field) => `${base}-${field}`;

  function request(): ScheduleUpdateRequest | null {
    const found: Errors = {};
    const duration = Number(form.durationMinutes);
    if (!form.subjectId) found.subjectId = 'Choose a subject.';
    if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(form.time)) found.time = 'Enter a start time.';
    if (!Number.isInteger(duration) || duration < 5 || duration > MAX_CLASS_MINUTES) found.durationMinutes = `A class lasts 5 to ${MAX_CLASS_MINUTES} minutes.`;
    if (form.meeting === 'link' && !form.meetingUrl.trim()) found.meetingUrl = STAFF_TIMETABLE_MESSAGES.linkNeeded;
    else if (form.meeting === 'link' && !isHttpsUrl(form.meetingUrl.trim())) found.meetingUrl = STAFF_TIMETABLE_MESSAGES.linkHttps;
    setErrors(found);
    if (Object.keys(found).length > 0) return null;
    return {
      subjectId: form.subjectId,
      day: form.day,
      slot: form.slot,
      time: form.time,
      durationMinutes: duration,
      teachers: form.teachers.split(',').map((name) => name.trim()).filter(Boolean),
      meeting: form.meeting,
      meetingUrl: form.meeting === 'link' ? form.meetingUrl.trim() : null,
    };
  }

  async function run(action: () => Promise<unknown>, done: string, close = true) {
    setBusy(true);
    setProblem('');
    try {
      await action();
      showSnackbar(done, { color: 'success' });
      onChanged();
      if (close) onClose();
    } catch (error) {
      const { fields, message } = errorsOf(error);
      setErrors(fields);
      // A problem of a field shows under it; only others at the top.
      setProblem(Object.keys(fields).length > 0 ? '' : message);
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  }

  function save() {
    const body = request();
    if (!body || !week.class) return;
    const klass = week.class;
    void run(() => (existing ? saveSchedule(existing.id, body) : addSchedule({ ...body, classId: klass.id })), existing ? 'Class saved.' : 'Class added.');
  }

  function askCancel() {
    if (!existing) return;
    const found: Errors = {};
    if (!/^\d{4}-\d{2}-\d{2}$/.test(cancelDate)) found.date = 'Choose a date.';
    else if (cancelDate < week.today) found.date = STAFF_TIMETABLE_MESSAGES.pastDate;
    else if (weekdayOf(cancelDate) !== existing.day) found.date = `${shortDate(cancelDate)} is not a ${DAY_NAMES[existing.day - 1]}; this class is on ${DAY_NAMES[existing.day - 1]}s.`;
    setErrors(found);
    if (Object.keys(found).length === 0) setConfirming('cancel');
  }

  const subjectName = existing?.subjectName ?? '';
  const title = existing ? `${subjectName}, ${DAY_NAMES[existing.day - 1]} slot ${existing.slot}` : 'Add a class';
  const actions = confirming === 'delete' ? (
    <>
      <p className="mr-auto self-center font-semibold" role="alert">Delete {subjectName} on {DAY_NAMES[(existing?.day ?? 1) - 1]}s for good?</p>
      <button type="button" className="btn" onClick={() => setConfirming(null)} disabled={busy}>Keep it</button>
      <button type="button" className="btn btn-error" disabled={busy} onClick={() => existing && void run(() => deleteSchedule(existing.id), 'Class deleted.')}>Yes, delete</button>
    </>
  ) : confirming === 'cancel' ? (
    <>
      <p className="mr-auto self-center font-semibold" role="alert">Cancel {subjectName} on {shortDate(cancelDate)}? The class&apos;s students are notified.</p>
      <button type="button" className="btn" onClick={() => setConfirming(null)} disabled={busy}>Keep the class</button>
      <button type="button" className="btn btn-error" disabled={busy} onClick={() => existing && void run(() => cancelDay(existing.id, cancelDate), `Canceled on ${shortDate(cancelDate)}; students notified.`, false)}>Yes, cancel that day</button>
    </>
  ) : (
    <>
      {existing ? <button type="button" className="btn btn-outline btn-error mr-auto" onClick={() => setConfirming('delete')} disabled={busy}>Delete class</button> : null}
      <button type="button" className="btn" onClick={onClose} disabled={busy}>Close</button>
      <button type="button" className="btn btn-primary" onClick={save} disabled={busy}>{existing ? 'Save class' : 'Add class'}</button>
    </>
  );

  return (
    <Modal open title={title} onClose={onClose} size="lg" actions={actions} dismissable={!busy}>
      <form className="grid gap-3 sm:grid-cols-2" onSubmit={(event) => { event.preventDefault(); save(); }} noValidate>
        {problem ? <p className="alert alert-error sm:col-span-2" role="alert">{problem}</p> : null}
        <Labelled id={id('subjectId')} label="Subject" error={errors.subjectId}>
          <select id={id('subjectId')} className="select select-bordered w-full" value={form.subjectId} onChange={(e) => set('subjectId', e.target.value)} {...described(id('subjectId'), errors.subjectId)}>
            {week.subjects.length === 0 ? <option value="">No subjects</option> : null}
            {week.subjects.map((subject) => <option key={subject.id} value={subject.id}>{subject.name}</option>)}
          </select>
        </Labelled>
        <div className="grid grid-cols-2 gap-3">
          <Labelled id={id('day')} label="Day" error={errors.day}>
            <select id={id('day')} className="select select-bordered w-full" value={form.day} onChange={(e) => set('day', Number(e.target.value))} {...described(id('day'), errors.day)}>
              {DAY_NAMES.map((name, index) => <option key={name} value={index + 1}>{name}</option>)}
            </select>
          </Labelled>
          <Labelled id={id('slot')} label="Slot" error={errors.slot}>
            <select id={id('slot')} className="select select-bordered w-full" value={form.slot} onChange={(e) => set('slot', Number(e.target.value))} {...described(id('slot'), errors.slot)}>
              {SLOTS.map((slot) => <option key={slot} value={slot}>Slot {slot}</option>)}
            </select>
          </Labelled>
        </div>
        <div className="grid grid-cols-2 gap-3">
          <Labelled id={id('time')} label="Start time" error={errors.time}>
            <input id={id('time')} type="time" className="input input-bordered w-full" value={form.time} onChange={(e) => set('time', e.target.value)} {...described(id('time'), errors.time)} />
          </Labelled>
          <Labelled id={id('durationMinutes')} label="Duration (minutes)" error={errors.durationMinutes}>
            <input id={id('durationMinutes')} type="number" inputMode="numeric" min={5} max={MAX_CLASS_MINUTES} step={5} className="input input-bordered w-full" value={form.durationMinutes} onChange={(e) => set('durationMinutes', e.target.value)} {...described(id('durationMinutes'), errors.durationMinutes)} />
          </Labelled>
        </div>
        <Labelled id={id('teachers')} label="Teachers" error={errors.teachers} hint="Names, separated by commas. Empty: the class's teachers of the subject.">
          <input id={id('teachers')} className="input input-bordered w-full" value={form.teachers} onChange={(e) => set('teachers', e.target.value)} {...described(id('teachers'), errors.teachers, true)} />
        </Labelled>
        <fieldset className="sm:col-span-2" aria-describedby={!week.jitsi ? `${base}-nojitsi` : undefined}>
          <legend className="label pb-1"><span className="label-text font-medium text-base-content">Online meeting</span></legend>
          <div className="flex flex-wrap gap-x-5 gap-y-2">
            {MEETING_KINDS.map((kind) => (
              <label key={kind} className="flex cursor-pointer items-center gap-2">
                <input type="radio" className="radio radio-sm" name={`${base}-meeting`} value={kind} checked={form.meeting === kind} disabled={kind === 'jitsi' && !week.jitsi} onChange={() => set('meeting', kind)} />
                <span>{MEETING_LABELS[kind]}</span>
              </label>
            ))}
          </div>
          {!week.jitsi ? <p id={`${base}-nojitsi`} className="mt-1 text-sm opacity-80">The institute has no Jitsi room set up.</p> : null}
          {errors.meeting ? <p className="mt-1 text-sm text-error" role="alert">{errors.meeting}</p> : null}
        </fieldset>
        {form.meeting === 'link' ? (
          <div className="sm:col-span-2">
            <Labelled id={id('meetingUrl')} label="Meeting link" error={errors.meetingUrl}>
              <input id={id('meetingUrl')} type="url" inputMode="url" className="input input-bordered w-full" placeholder="https://" value={form.meetingUrl} onChange={(e) => set('meetingUrl', e.target.value)} {...described(id('meetingUrl'), errors.meetingUrl)} />
            </Labelled>
          </div>
        ) : null}
        <button type="submit" className="hidden" tabIndex={-1} aria-hidden="true">Save</button>
      </form>
      {existing ? (
        <section aria-labelledby={`${base}-cancel`} className="mt-5 border-t border-base-300 pt-4">
          <h3 id={`${base}-cancel`} className="mb-2 font-semibold">Cancel one day</h3>
          <div className="flex flex-wrap items-end gap-3">
            <div className="min-w-0 flex-1 basis-44">
              <Labelled id={id('date')} label={`Date (a ${DAY_NAMES[existing.day - 1]})`} error={errors.date}>
                <input id={id('date')} type="date" className="input input-bordered w-full" min={week.today} step={7} value={cancelDate} onChange={(e) => setCancelDate(e.target.value)} {...described(id('date'), errors.date)} />
              </Labelled>
            </div>
            <button type="button" className="btn btn-outline btn-error" onClick={askCancel} disabled={busy || confirming !== null}>Cancel this day</button>
          </div>
          {existing.canceled.length > 0 ? (
            <>
              <h3 className="mb-1 mt-4 font-semibold">Canceled days</h3>
              <ul className="flex flex-col gap-1">
                {existing.canceled.map((date) => (
                  <li key={date} className="flex flex-wrap items-center gap-2">
                    <span className="badge badge-error h-auto">Canceled</span>
                    <span>{shortDate(date)}</span>
                    <button type="button" className="btn btn-ghost btn-sm" disabled={busy} onClick={() => void run(() => undoCancel(existing.id, date), `${shortDate(date)} is on again; students notified.`, false)} aria-label={`Undo the cancel on ${shortDate(date)}`}>
                      Undo cancel
                    </button>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </section>
      ) : null}
    </Modal>
  );
}
