import type { AppDatabase } from '../../platform/db';
import type { Config } from '../../platform/config';
import type { AppRoutes } from '../../platform/http/mount';
import type { Clock } from '../../platform/lib/clock';
import type { EndedSessionRepository, LoginLimiter } from '../auth/auth-module';
import { createStaffAuth } from './staff-auth';
import type { StaffAuth } from './staff-auth';
import { createStaffRepository } from './staff-repository';
import { staffRoutes } from './staff-routes';
import { createStaffService } from './staff-service';
import type { StaffDirectory, StaffServiceDeps } from './staff-service';
import type { StaffRecord } from './staff-repository';

// The staff module's public face (decision 0054): the staff sign-in and roles every staff area
// checks (requireStaff), what the live console asks about a proctor's tests, and the writes of
// the JSON import's `proctors` section and of the seed.
export type { StaffAuth } from './staff-auth';
export { roleAllows, toStaffMember } from './staff-auth';
export { requireStaff } from './require-staff';
export type { StaffEnv } from './require-staff';
export type { StaffRecord } from './staff-repository';
export type { StaffDirectory } from './staff-service';
export { addStaffAccount, assignStaff, checkStaffImport, writeStaffImport } from './staff-import';
// The test editor's proctors of a test (decision 0058).
export { activeProctors, proctorsOfTest, setTestProctors } from './test-proctors';
export type { ProctorChoice } from './test-proctors';

export interface StaffDeps {
  db: AppDatabase;
  config: Config;
  clock: Clock;
  /** The staff sign-in shares the students' login limiter and signed-out sessions. */
  limiter: LoginLimiter;
  endedSessions: EndedSessionRepository;
  /** The classes, subjects and tests that teachers and proctors are assigned to. */
  directory: StaffDirectory;
  /** The audit module's recordAudit (issue 30): each account change is recorded in its transaction. */
  recordAudit: StaffServiceDeps['recordAudit'];
}

export interface StaffModule {
  staffAuth: StaffAuth;
  /** The tests an account may open in the live console (proctor_tests). */
  assignedTests: {
    testIdsOf(staffId: string): Promise<string[]>;
    isAssigned(staffId: string, testId: string): Promise<boolean>;
  };
  /**
   * What a staff member may see and change of the institute's students and papers: null for an
   * admin (everything), else a teacher's classes and subjects (a proctor has none).
   */
  scopeOf(staff: StaffRecord): Promise<{ classIds: string[]; subjectIds: string[] } | null>;
}

/** Staff sign-in and sessions, and the admin's management of staff accounts (API). */
export function mountStaff({ api }: AppRoutes, { db, config, clock, limiter, endedSessions, directory, recordAudit }: StaffDeps): StaffModule {
  const accounts = createStaffRepository(db.kysely);
  const staffAuth = createStaffAuth({ accounts, endedSessions, limiter, secret: config.jwtSecret, ttlSeconds: config.tokenTtlSeconds, clock });
  const staff = createStaffService({ db: db.kysely, accounts, directory, clock, recordAudit });
  api.route('/', staffRoutes({ staffAuth, staff, trustProxy: config.trustProxy }));
  return {
    staffAuth,
    assignedTests: { testIdsOf: (staffId) => accounts.testIdsOf(staffId), isAssigned: (staffId, testId) => accounts.isAssignedTest(staffId, testId) },
    async scopeOf(staff) {
      if (staff.role === 'admin') return null;
      if (staff.role !== 'teacher') return { classIds: [], subjectIds: [] };
      const assignments = (await accounts.assignmentsOf([staff.id])).get(staff.id);
      return { classIds: assignments?.classIds ?? [], subjectIds: assignments?.subjectIds ?? [] };
    },
  };
}
