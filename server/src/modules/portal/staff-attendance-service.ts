import type { Kysely } from 'kysely';
import { ATTENDANCE_LABELS, STAFF_ATTENDANCE_MESSAGES } from '@invigil/shared/api/staff-attendance';
import type { AttendanceChange, AttendanceSaveReply, AttendanceSaveRequest, StaffAttendanceReply } from '@invigil/shared/api/staff-attendance';
import type { AttendanceKind, Database } from '../../platform/db';
import { AppError } from '../../platform/lib/app-error';
import type { Clock } from '../../platform/lib/clock';
import { instituteDay } from '../../platform/lib/institute-day';
import { newObjectId } from '../../platform/lib/object-id';
import { auditHandled, recordAudit } from '../audit/audit-module';
import { createStaffAttendanceRepository } from './staff-attendance-repository';
import type { RegisterStudent } from './staff-attendance-repository';
import { createStaffTimetableRepository } from './staff-timetable-repository';
import type { StaffActor } from './staff-timetable-service';

export interface StaffAttendanceDeps {
  db: Kysely<Database>;
  clock: Clock;
  timeZone: string;
}

type Change = AttendanceChange['changes'][number];

function parseChanges(json: string): Change[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? (value as Change[]) : [];
  } catch {
    return [];
  }
}

/**
 * The staff attendance register (issue 30, decision 0064): a class's students for one institute
 * day, written to the student's own attendance_records, so their calendar and desk card show it on
 * their next load. A save writes only what changed, in one transaction with its history row and
 * an audit entry per student; a day before today is changed only with a reason.
 */
export function createStaffAttendanceService({ db, clock, timeZone }: StaffAttendanceDeps) {
  const today = () => instituteDay(clock.now(), timeZone).date;

  async function classesOf(actor: StaffActor) {
    return await createStaffTimetableRepository(db).classes(actor.scope === null ? null : actor.scope.classIds);
  }

  async function register(trx: Kysely<Database>, classes: { id: string; name: string }[], klass: { id: string; name: string } | null, date: string): Promise<StaffAttendanceReply> {
    const summary = { present: 0, absent: 0, late: 0, half_day: 0, leave: 0, unmarked: 0 };
    const base = { classes, class: klass, date, today: today() };
    if (!klass) return { ...base, rows: [], taken: false, summary, history: [] };
    const repo = createStaffAttendanceRepository(trx);
    const students = await repo.studentsOf(klass.id);
    const marks = await repo.marksOn(students.map((student) => student.id), date);
    const rows = students.map((student) => ({ studentId: student.id, regNo: student.regNo, name: student.name, attendance: marks.get(student.id) ?? null }));
    for (const row of rows) summary[row.attendance ?? 'unmarked'] += 1;
    const history = (await repo.history(klass.id, date)).map((change) => ({ id: change.id, at: Number(change.at), actorName: change.actorName, reason: change.reason, changes: parseChanges(change.changes) }));
    return { ...base, rows, taken: marks.size > 0, summary, history };
  }

  function checkDate(date: string) {
    if (date > today()) throw new AppError('unprocessable', STAFF_ATTENDANCE_MESSAGES.futureDay, { issues: [{ path: 'date', message: STAFF_ATTENDANCE_MESSAGES.futureDay }] });
  }

  return {
    async day(actor: StaffActor, classId: string, date: string): Promise<StaffAttendanceReply> {
      const classes = await classesOf(actor);
      const day = date === '' ? today() : date;
      checkDate(day);
      const klass = classId === '' ? (classes[0] ?? null) : classes.find((c) => c.id === classId);
      if (klass === undefined) throw new AppError('not_found', STAFF_ATTENDANCE_MESSAGES.classNotFound);
      return await register(db, classes, klass, day);
    },

    async save(actor: StaffActor, request: AttendanceSaveRequest): Promise<AttendanceSaveReply> {
      const classes = await classesOf(actor);
      const klass = classes.find((c) => c.id === request.classId);
      if (!klass) throw new AppError('not_found', STAFF_ATTENDANCE_MESSAGES.classNotFound);
      checkDate(request.date);
      const now = clock.now();
      return await db.transaction().execute(async (trx) => {
        const repo = createStaffAttendanceRepository(trx);
        const students = new Map<string, RegisterStudent>((await repo.studentsOf(klass.id)).map((student) => [student.id, student]));
        if (request.marks.some((mark) => !students.has(mark.studentId))) {
          throw new AppError('unprocessable', STAFF_ATTENDANCE_MESSAGES.notInClass, { issues: [{ path: 'marks', message: STAFF_ATTENDANCE_MESSAGES.notInClass }] });
        }
        const before = await repo.marksOn(request.marks.map((mark) => mark.studentId), request.date);
        const changes: Change[] = request.marks
          .filter((mark) => before.get(mark.studentId) !== mark.attendance)
          .map((mark) => ({ studentId: mark.studentId, name: students.get(mark.studentId)?.name ?? '', before: before.get(mark.studentId) ?? null, after: mark.attendance }));
        if (changes.length === 0) {
          // The same marks again: nothing to log, and no request entry either.
          auditHandled();
          return { ...(await register(trx, classes, klass, request.date)), changed: 0 };
        }
        const past = request.date < today();
        const reason = request.reason.trim();
        if (past && reason === '') throw new AppError('unprocessable', STAFF_ATTENDANCE_MESSAGES.reasonNeeded, { issues: [{ path: 'reason', message: STAFF_ATTENDANCE_MESSAGES.reasonNeeded }] });
        for (const change of changes) {
          await repo.setMark(change.studentId, request.date, change.after as AttendanceKind, now);
          const student = students.get(change.studentId);
          const label = (kind: AttendanceKind | null) => (kind ? ATTENDANCE_LABELS[kind] : 'not taken');
          await recordAudit(
            trx,
            {
              actor: actor.staff,
              action: 'attendance.mark',
              entityType: 'attendance_record',
              entityId: `${change.studentId} ${request.date}`,
              summary: `${student?.name ?? change.studentId} (${student?.regNo ?? ''}) on ${request.date}: ${label(change.before)} -> ${label(change.after)}${reason ? ` (${reason})` : ''}`,
              before: change.before === null ? null : { userId: change.studentId, date: request.date, attendance: change.before },
              after: { userId: change.studentId, date: request.date, attendance: change.after, ...(reason ? { reason } : {}) },
            },
            now,
          );
        }
        await repo.addChange({ id: newObjectId(now), classId: klass.id, date: request.date, at: now, actorId: actor.staff.id, actorName: actor.staff.name, reason: reason === '' ? null : reason, changes: JSON.stringify(changes) });
        return { ...(await register(trx, classes, klass, request.date)), changed: changes.length };
      });
    },
  };
}

export type StaffAttendanceService = ReturnType<typeof createStaffAttendanceService>;
