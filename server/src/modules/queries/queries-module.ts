import type { AppDatabase } from '../../platform/db';
import type { Config } from '../../platform/config';
import type { AppRoutes } from '../../platform/http/mount';
import type { JobLocks } from '../../platform/jobs/periodic-jobs';
import type { Clock } from '../../platform/lib/clock';
import type { UploadStore } from '../../platform/storage/upload-store';
import type { AuthService } from '../auth/auth-module';
import { createQueryRepository } from './query-repository';
import { queryAttachmentPutHandler, queryRoutes } from './query-routes';
import { createQueryService, QUERY_PUT_PREFIX } from './query-service';
import type { QueryService } from './query-service';
import type { StaffModule } from '../staff/staff-module';
import type { PushService } from '../notifications/notifications-module';
import { createStaffQueryRepository } from './staff-query-repository';
import { staffQueryRoutes } from './staff-query-routes';
import { createStaffQueryService } from './staff-query-service';

// The queries module's public face (decision 0054): what others may use of it.
export { QUERY_PUT_PREFIX } from './query-service';
export type { QueryService } from './query-service';
export { checkQueryReferences, queryRegNos, writeQuerySections } from './query-import';

export interface QueriesDeps {
  db: AppDatabase;
  config: Config;
  clock: Clock;
  auth: AuthService;
  /** Where query attachments are kept. */
  store: UploadStore;
  /** Leases across processes (job_locks): one query or reply per press. */
  locks: JobLocks;
  /** The staff console's side of this area (issue 30): who may change it, and push to students' browsers. */
  staff: Pick<StaffModule, 'staffAuth' | 'scopeOf'>;
  push: PushService;
}

export interface QueriesModule {
  queries: QueryService;
}

/** Support queries (API) and the signed-URL PUT of their attachments. */
export function mountQueries({ api, root }: AppRoutes, { db, config, clock, auth, store, locks, staff, push }: QueriesDeps): QueriesModule {
  const queries = createQueryService({ queries: createQueryRepository(db.kysely), store, clock, secret: config.jwtSecret, locks });
  api.route('/', queryRoutes({ auth, queries }));
  root.put(`${QUERY_PUT_PREFIX}/:file`, queryAttachmentPutHandler(queries));
  // Issue 30: the staff console's inbox, replies and close / reopen.
  const staffQueries = createStaffQueryService({ db: db.kysely, repo: createStaffQueryRepository(db.kysely), queries, store, clock, push });
  api.route('/', staffQueryRoutes({ staffAuth: staff.staffAuth, queries: staffQueries, scopeOf: (record) => staff.scopeOf(record) }));
  return { queries };
}
