import type { AppDatabase } from '../../platform/db';
import type { AppRoutes } from '../../platform/http/mount';
import type { Clock } from '../../platform/lib/clock';
import type { UploadStore } from '../../platform/storage/upload-store';
import type { AuthService } from '../auth/auth-module';
import { createStudyRepository } from './study-repository';
import { studyPutHandler, studyRoutes } from './study-routes';
import { createStudyService, STUDY_PUT_PREFIX } from './study-service';
import type { StudyService } from './study-service';
import type { StaffModule } from '../staff/staff-module';
import type { PushService } from '../notifications/notifications-module';
import { createStaffStudyRepository } from './staff-study-repository';
import { staffStudyPutHandler, staffStudyRoutes } from './staff-study-routes';
import { createStaffStudyService, STAFF_STUDY_PUT_PREFIX } from './staff-study-service';

// The study module's public face (decision 0054): what others may use of it.
export { STUDY_PUT_PREFIX } from './study-service';
export type { StudyService } from './study-service';
export { checkStudyReferences, studyRegNos, writeStudySections } from './study-import';

export interface StudyDeps {
  db: AppDatabase;
  clock: Clock;
  /** Where assignment uploads are kept. */
  store: UploadStore;
}

export interface StudyStaffDeps {
  /** The staff console's side of this area (issue 30): who may change it, and push to students' browsers. */
  staff: Pick<StaffModule, 'staffAuth' | 'scopeOf'>;
  push: PushService;
}

export interface StudyModule {
  study: StudyService;
}

/** The study service on its own (the periodic jobs prune abandoned assignment uploads with it). */
export function createStudy({ db, store, clock }: StudyDeps): StudyService {
  return createStudyService({ study: createStudyRepository(db.kysely), store, clock });
}

/** Study material, home work, assignments and video lectures (API) and the assignment upload PUT. */
export function mountStudy({ api, root }: AppRoutes, deps: StudyDeps & StudyStaffDeps & { auth: AuthService }): StudyModule {
  const study = createStudy(deps);
  api.route('/', studyRoutes({ auth: deps.auth, study }));
  root.put(`${STUDY_PUT_PREFIX}/:file`, studyPutHandler(study));
  // The staff console's side (issue 30): items, attachments, submissions, scores.
  const staffStudy = createStaffStudyService({ db: deps.db, repo: createStaffStudyRepository(deps.db.kysely), store: deps.store, clock: deps.clock, push: deps.push });
  api.route('/', staffStudyRoutes({ staffAuth: deps.staff.staffAuth, study: staffStudy, scopeOf: (record) => deps.staff.scopeOf(record) }));
  root.put(`${STAFF_STUDY_PUT_PREFIX}/:file`, staffStudyPutHandler(staffStudy));
  return { study };
}
