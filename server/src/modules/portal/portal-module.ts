import type { AppDatabase } from '../../platform/db';
import type { Config } from '../../platform/config';
import type { AppRoutes } from '../../platform/http/mount';
import type { Clock } from '../../platform/lib/clock';
import type { Logger } from '../../platform/lib/logger';
import type { UploadStore } from '../../platform/storage/upload-store';
import type { AuthService } from '../auth/auth-module';
import type { TokenService } from '../auth/auth-module';
import { createAttendanceRepository } from './attendance-repository';
import { attendanceRoutes } from './attendance-routes';
import { createAttendanceService } from './attendance-service';
import { createBookmarkRepository } from './bookmark-repository';
import { bookmarkRoutes } from './bookmark-routes';
import { createBookmarkService } from './bookmark-service';
import { createDeskRepository } from './desk-repository';
import { deskRoutes } from './desk-routes';
import { createDeskService } from './desk-service';
import { createNotesRepository } from './notes-repository';
import { createNotesService } from './notes-service';
import { createProfileRepository } from './profile-repository';
import { avatarPutHandler, profileRoutes } from './profile-routes';
import { AVATAR_PUT_PREFIX, createProfileService } from './profile-service';
import type { ProfileService } from './profile-service';
import { createTimetableRepository } from './timetable-repository';
import { timetableRoutes } from './timetable-routes';
import { createTimetableService } from './timetable-service';
import { staffAttendanceRoutes } from './staff-attendance-routes';
import { createStaffAttendanceService } from './staff-attendance-service';
import { staffTimetableRoutes } from './staff-timetable-routes';
import { createStaffTimetableService } from './staff-timetable-service';
import { createTodoRepository } from './todo-repository';
import { todoRoutes } from './todo-routes';
import { createTodoService } from './todo-service';
import type { StaffModule } from '../staff/staff-module';
import type { PushService } from '../notifications/notifications-module';

// The portal module's public face (decision 0054): what others may use of it.
export { AVATAR_PUT_PREFIX } from './profile-service';
export { checkPortalReferences, portalRegNos, writePortalSections } from './portal-import';
export { createClassDirectory } from './class-directory';
export type { ClassDirectory, NamedRecord } from './class-directory';

export interface PortalDeps {
  db: AppDatabase;
  config: Config;
  clock: Clock;
  logger: Logger;
  auth: AuthService;
  /** The profile page renews the access token after a change of password. */
  tokens: TokenService;
  /** Where profile photos are kept. */
  store: UploadStore;
  /** The staff console's side of this area (issue 30): who may change it, and push to students' browsers. */
  staff: Pick<StaffModule, 'staffAuth' | 'scopeOf'>;
  push: PushService;
}

export interface PortalModule {
  profile: ProfileService;
}

/** The student's portal pages: timetable, attendance, profile (and its photo PUT), desk, todos, bookmarks and notes. */
export function mountPortal({ api, root }: AppRoutes, { db, config, clock, logger, auth, tokens, store, staff, push }: PortalDeps): PortalModule {
  api.route('/', timetableRoutes({ auth, timetable: createTimetableService({ timetable: createTimetableRepository(db.kysely), clock, timeZone: config.timeZone, jitsiDomain: config.jitsiDomain, secret: config.jwtSecret }) }));
  api.route('/', attendanceRoutes({ auth, attendance: createAttendanceService({ attendance: createAttendanceRepository(db.kysely), clock, timeZone: config.timeZone }) }));
  const profile = createProfileService({ profiles: createProfileRepository(db.kysely), auth, tokens, store, clock, logger, secret: config.jwtSecret });
  api.route('/', profileRoutes({ auth, profile, trustProxy: config.trustProxy }));
  const todos = createTodoService({ todos: createTodoRepository(db.kysely), clock });
  const bookmarks = createBookmarkService({ bookmarks: createBookmarkRepository(db.kysely) });
  api.route('/', deskRoutes({ auth, desk: createDeskService({ desk: createDeskRepository(db.kysely), todos, bookmarks, clock }) }));
  api.route('/', todoRoutes({ auth, todos }));
  api.route('/', bookmarkRoutes({ auth, bookmarks, notes: createNotesService({ notes: createNotesRepository(db.kysely) }) }));
  root.put(`${AVATAR_PUT_PREFIX}/:file`, avatarPutHandler(profile));
  // The staff console's timetable and attendance register (issue 30): the same tables the student reads.
  const staffTimetable = createStaffTimetableService({ db: db.kysely, clock, timeZone: config.timeZone, jitsiDomain: config.jitsiDomain, push });
  api.route('/', staffTimetableRoutes({ staffAuth: staff.staffAuth, scopeOf: staff.scopeOf, timetable: staffTimetable }));
  api.route('/', staffAttendanceRoutes({ staffAuth: staff.staffAuth, scopeOf: staff.scopeOf, attendance: createStaffAttendanceService({ db: db.kysely, clock, timeZone: config.timeZone }) }));
  return { profile };
}
