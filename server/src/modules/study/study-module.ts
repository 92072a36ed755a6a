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
  return { study };
}
