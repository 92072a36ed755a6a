import type { AppDatabase } from '../../platform/db';
import type { AppRoutes } from '../../platform/http/mount';
import type { Clock } from '../../platform/lib/clock';
import type { Logger } from '../../platform/lib/logger';
import type { AuthService } from '../auth/auth-module';
import type { StaffModule } from '../staff/staff-module';
import { createRosterJobs } from './roster-jobs';
import { createStudentsService } from './students-service';
import { studentsRoutes } from './students-routes';

// The students module's public face (decision 0054): the staff's students and classes (issue 28)
// and the bulk student upload (decision 0055) that the JSON import and the benchmark use too.
export { readRosterFile, rosterTemplate } from './roster-file';
export type { RosterFile, RosterFileResult, RosterFileRow } from './roster-file';
export { checkRoster } from './roster-check';
export type { ExistingStudent, RosterCheck, RosterCheckOptions, RosterClass, RosterLookups, RosterPlanItem } from './roster-check';
export { hashRosterPasswords, loadRosterLookups, strengthenProvisionalPasswords, writeRoster } from './roster-writer';
export type { RosterProgress, RosterWriteResult, WriteRosterOptions } from './roster-writer';
export { confirmRoster, previewRoster } from './roster-upload';
export type { RosterConfirmResult, RosterPreviewResult } from './roster-upload';

/** Where the roster upload is posted (under /api): its body limit is the roster's, not the API's. */
export const ROSTER_UPLOAD_PATH = '/staff/students/upload/';

export interface StudentsDeps {
  db: AppDatabase;
  clock: Clock;
  logger: Logger;
  /** The staff sign-in, roles and a teacher's classes. */
  staff: StaffModule;
  /** Sends a student a one-time code (auth's outbox). */
  auth: Pick<AuthService, 'sendOneTimeCode'>;
}

export interface StudentsModule {
  /** Raises provisional passwords to full cost in the background: the given users, or every one left (at boot). */
  strengthenPasswords(userIds?: readonly string[]): Promise<unknown>;
  /** Resolves when the queued strengthening is over. */
  idle(): Promise<unknown>;
}

/** The staff's students and classes, and the roster upload (API). */
export function mountStudents({ api }: AppRoutes, { db, clock, logger, staff, auth }: StudentsDeps): StudentsModule {
  const students = createStudentsService(db.kysely, clock);
  const jobs = createRosterJobs({ db: db.kysely, clock, logger });
  api.route('/', studentsRoutes({ staff, students, jobs, auth, db: db.kysely }));
  return { strengthenPasswords: (userIds) => jobs.strengthen(userIds), idle: () => jobs.idle() };
}
