import type { Kysely } from 'kysely';
import { STAFF_TIMETABLE_MESSAGES, overlapMessage, slotTakenMessage, wrongWeekdayMessage } from '@invigil/shared/api/staff-timetable';
import type { ScheduleCreateRequest, ScheduleUpdateRequest, StaffSchedule, StaffTimetableReply } from '@invigil/shared/api/staff-timetable';
import { dayName } from '@invigil/shared/api/timetable-messages';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/lib/app-error';
import type { Clock } from '../../platform/lib/clock';
import { instituteDay, weekdayOf } from '../../platform/lib/institute-day';
import { newObjectId } from '../../platform/lib/object-id';
import { auditHandled, recordAudit } from '../audit/audit-module';
import { notifyStudents, pushNotified } from '../notifications/notifications-module';
import type { PushService } from '../notifications/notifications-module';
import type { StaffRecord } from '../staff/staff-module';
import { createStaffTimetableRepository } from './staff-timetable-repository';
import type { ScheduleValues, StaffScheduleRow } from './staff-timetable-repository';

export interface StaffActor {
  staff: StaffRecord;
  /** null: every class (an admin); else the teacher's classes. */
  scope: { classIds: string[] } | null;
}

export interface StaffTimetableDeps {
  db: Kysely<Database>;
  clock: Clock;
  timeZone: string;
  jitsiDomain: string | undefined;
  push: PushService | null;
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** 'Monday 7 December 2026'. */
export function longDate(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
}

/**
 * The staff timetable (issue 30, decision 0064): a class's week as the student sees it, edited by
 * an admin (every class) or the class's teacher. Every write is audited with before and after in
 * its transaction; a cancel (and its undo) notifies the class's students.
 */
export function createStaffTimetableService({ db, clock, timeZone, jitsiDomain, push }: StaffTimetableDeps) {
  const repo = createStaffTimetableRepository(db);
  const today = () => instituteDay(clock.now(), timeZone);
  const inScope = (actor: StaffActor, classId: string) => actor.scope === null || actor.scope.classIds.includes(classId);

  const meetingOf = (row: StaffScheduleRow): StaffSchedule['meeting'] => (row.meetingUrl ? 'link' : row.noMeeting || !jitsiDomain ? 'none' : 'jitsi');
  const toSchedule = (row: StaffScheduleRow, canceled: string[]): StaffSchedule => ({
    id: row.id,
    classId: row.classId,
    subjectId: row.subjectId,
    subjectName: row.subjectName,
    day: row.day,
    slot: row.slot,
    time: row.time,
    durationMinutes: row.durationMinutes,
    teachers: row.teachers,
    shownTeachers: row.teachers.length > 0 ? row.teachers : row.classTeachers,
    meeting: meetingOf(row),
    meetingUrl: row.meetingUrl,
    canceled,
  });
  /** The plain record the audit log keeps. */
  const auditRecord = (schedule: StaffSchedule) => {
    const { shownTeachers: _shown, ...record } = schedule;
    return record;
  };

  async function classOf(actor: StaffActor, classId: string) {
    const [found] = inScope(actor, classId) ? await repo.classes([classId]) : [];
    if (!found) throw new AppError('not_found', STAFF_TIMETABLE_MESSAGES.classNotFound);
    return found;
  }

  async function scheduleOf(actor: StaffActor, id: string, trx: Kysely<Database> = db) {
    const row = await createStaffTimetableRepository(trx).find(id);
    if (!row || !inScope(actor, row.classId)) throw new AppError('not_found', STAFF_TIMETABLE_MESSAGES.scheduleNotFound);
    return row;
  }

  async function shown(id: string, trx: Kysely<Database>): Promise<StaffSchedule> {
    const tx = createStaffTimetableRepository(trx);
    const row = await tx.find(id);
    if (!row) throw new AppError('not_found', STAFF_TIMETABLE_MESSAGES.scheduleNotFound);
    return toSchedule(row, (await tx.canceledFrom([id], today().date)).get(id) ?? []);
  }

  /** Subject of the class, meeting possible, no other class in the slot or overlapping in time that day. */
  async function checked(trx: Kysely<Database>, classId: string, request: ScheduleUpdateRequest, selfId: string | null): Promise<ScheduleValues> {
    const tx = createStaffTimetableRepository(trx);
    const subjects = await tx.subjectsOf(classId);
    if (!subjects.some((subject) => subject.id === request.subjectId)) {
      throw new AppError('unprocessable', STAFF_TIMETABLE_MESSAGES.subjectNotOfClass, { issues: [{ path: 'subjectId', message: STAFF_TIMETABLE_MESSAGES.subjectNotOfClass }] });
    }
    if (request.meeting === 'jitsi' && !jitsiDomain) throw new AppError('unprocessable', STAFF_TIMETABLE_MESSAGES.noJitsi, { issues: [{ path: 'meeting', message: STAFF_TIMETABLE_MESSAGES.noJitsi }] });
    const start = minutesOf(request.time);
    for (const other of await tx.weekOf(classId)) {
      if (other.id === selfId || other.day !== request.day) continue;
      if (other.slot === request.slot) {
        const message = slotTakenMessage(request.slot, dayName(request.day), other.subjectName, other.time);
        throw new AppError('conflict', message, { issues: [{ path: 'slot', message }] });
      }
      const otherStart = minutesOf(other.time);
      if (start < otherStart + other.durationMinutes && otherStart < start + request.durationMinutes) {
        const message = overlapMessage(request.time, request.durationMinutes, other.subjectName, other.time, other.slot);
        throw new AppError('conflict', message, { issues: [{ path: 'time', message }] });
      }
    }
    return {
      subjectId: request.subjectId,
      day: request.day,
      slot: request.slot,
      time: request.time,
      durationMinutes: request.durationMinutes,
      teachers: request.teachers,
      meetingUrl: request.meeting === 'link' ? request.meetingUrl : null,
      noMeeting: request.meeting === 'none',
    };
  }

  const describe = (s: StaffSchedule, className: string) => `${s.subjectName} on ${dayName(s.day)}, slot ${s.slot} (${s.time}) for ${className}`;

  return {
    async week(actor: StaffActor, classId: string): Promise<StaffTimetableReply> {
      const classes = await repo.classes(actor.scope === null ? null : actor.scope.classIds);
      const day = today();
      const base = { classes, today: day.date, weekday: day.weekday, jitsi: Boolean(jitsiDomain) };
      const chosen = classId === '' ? classes[0] : classes.find((klass) => klass.id === classId);
      if (!chosen) {
        if (classId !== '') throw new AppError('not_found', STAFF_TIMETABLE_MESSAGES.classNotFound);
        return { ...base, class: null, subjects: [], schedules: [] };
      }
      const rows = await repo.weekOf(chosen.id);
      const canceled = await repo.canceledFrom(rows.map((row) => row.id), day.date);
      return { ...base, class: chosen, subjects: await repo.subjectsOf(chosen.id), schedules: rows.map((row) => toSchedule(row, canceled.get(row.id) ?? [])) };
    },

    async create(actor: StaffActor, request: ScheduleCreateRequest): Promise<StaffSchedule> {
      const klass = await classOf(actor, request.classId);
      const now = clock.now();
      return await db.transaction().execute(async (trx) => {
        const values = await checked(trx, klass.id, request, null);
        const id = newObjectId(now);
        await createStaffTimetableRepository(trx).insert(id, klass.id, values, now);
        const after = await shown(id, trx);
        await recordAudit(trx, { actor: actor.staff, action: 'timetable.add', entityType: 'schedule', entityId: id, summary: `Added ${describe(after, klass.name)}`, before: null, after: auditRecord(after) }, now);
        return after;
      });
    },

    async update(actor: StaffActor, id: string, request: ScheduleUpdateRequest): Promise<StaffSchedule> {
      const existing = await scheduleOf(actor, id);
      const klass = await classOf(actor, existing.classId);
      const now = clock.now();
      return await db.transaction().execute(async (trx) => {
        const before = await shown(id, trx);
        const values = await checked(trx, klass.id, request, id);
        await createStaffTimetableRepository(trx).update(id, values);
        const after = await shown(id, trx);
        if (JSON.stringify(auditRecord(before)) === JSON.stringify(auditRecord(after))) {
          // Nothing changed: nothing to log, and no request entry either.
          auditHandled();
          return after;
        }
        const moved = before.day !== after.day || before.slot !== after.slot;
        await recordAudit(
          trx,
          {
            actor: actor.staff,
            action: moved ? 'timetable.move' : 'timetable.edit',
            entityType: 'schedule',
            entityId: id,
            summary: moved ? `Moved ${describe(before, klass.name)} to ${dayName(after.day)}, slot ${after.slot} (${after.time})` : `Edited ${describe(after, klass.name)}`,
            before: auditRecord(before),
            after: auditRecord(after),
          },
          now,
        );
        return after;
      });
    },

    async remove(actor: StaffActor, id: string): Promise<string> {
      const existing = await scheduleOf(actor, id);
      const klass = await classOf(actor, existing.classId);
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        const before = await shown(id, trx);
        await createStaffTimetableRepository(trx).remove(id);
        await recordAudit(trx, { actor: actor.staff, action: 'timetable.delete', entityType: 'schedule', entityId: id, summary: `Deleted ${describe(before, klass.name)}`, before: auditRecord(before), after: null }, now);
      });
      return id;
    },

    /** Cancels one day's class (today or later, on its weekday); a repeated cancel changes nothing. */
    async cancel(actor: StaffActor, id: string, date: string): Promise<StaffSchedule> {
      const existing = await scheduleOf(actor, id);
      const klass = await classOf(actor, existing.classId);
      if (date < today().date) throw new AppError('unprocessable', STAFF_TIMETABLE_MESSAGES.pastDate, { issues: [{ path: 'date', message: STAFF_TIMETABLE_MESSAGES.pastDate }] });
      if (weekdayOf(date) !== existing.day) {
        const message = wrongWeekdayMessage(date, dayName(weekdayOf(date)), dayName(existing.day));
        throw new AppError('unprocessable', message, { issues: [{ path: 'date', message }] });
      }
      const now = clock.now();
      let notified: string[] = [];
      const after = await db.transaction().execute(async (trx) => {
        const tx = createStaffTimetableRepository(trx);
        const before = await shown(id, trx);
        if (await tx.isCanceled(id, date)) {
          auditHandled();
          return before;
        }
        await tx.cancel(id, date, now);
        const after = await shown(id, trx);
        await recordAudit(
          trx,
          { actor: actor.staff, action: 'timetable.cancel', entityType: 'schedule', entityId: id, summary: `Canceled ${after.subjectName} on ${date} (${after.time}) for ${klass.name}`, before: { ...auditRecord(before), date, canceled: false }, after: { ...auditRecord(after), date, canceled: true } },
          now,
        );
        notified = await notifyStudents(
          trx,
          await tx.studentIdsOf(klass.id),
          { title: `Class canceled: ${after.subjectName}`, content: `${after.subjectName} at ${after.time} on ${longDate(date)} is canceled (${klass.name}).` },
          now,
        );
        return after;
      });
      pushNotified(push, notified);
      return after;
    },

    /** Undoes a cancel of a day from today on; the students are told the class is on again. */
    async uncancel(actor: StaffActor, id: string, date: string): Promise<StaffSchedule> {
      const existing = await scheduleOf(actor, id);
      const klass = await classOf(actor, existing.classId);
      if (date < today().date) throw new AppError('unprocessable', STAFF_TIMETABLE_MESSAGES.undoPast);
      const now = clock.now();
      let notified: string[] = [];
      const after = await db.transaction().execute(async (trx) => {
        const tx = createStaffTimetableRepository(trx);
        if (!(await tx.isCanceled(id, date))) throw new AppError('not_found', STAFF_TIMETABLE_MESSAGES.notCanceled);
        const before = await shown(id, trx);
        await tx.uncancel(id, date);
        const after = await shown(id, trx);
        await recordAudit(
          trx,
          { actor: actor.staff, action: 'timetable.uncancel', entityType: 'schedule', entityId: id, summary: `Undid the cancel of ${after.subjectName} on ${date} (${after.time}) for ${klass.name}`, before: { ...auditRecord(before), date, canceled: true }, after: { ...auditRecord(after), date, canceled: false } },
          now,
        );
        notified = await notifyStudents(
          trx,
          await tx.studentIdsOf(klass.id),
          { title: `Class on again: ${after.subjectName}`, content: `${after.subjectName} at ${after.time} on ${longDate(date)} takes place after all (${klass.name}).` },
          now,
        );
        return after;
      });
      pushNotified(push, notified);
      return after;
    },
  };
}

export type StaffTimetableService = ReturnType<typeof createStaffTimetableService>;
