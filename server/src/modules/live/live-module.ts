import type { AppDatabase } from '../../platform/db';
import type { Config } from '../../platform/config';
import type { AppRoutes } from '../../platform/http/mount';
import type { Clock } from '../../platform/lib/clock';
import type { Logger } from '../../platform/lib/logger';
import type { UploadStore } from '../../platform/storage/upload-store';
import type { AuthService } from '../auth/auth-module';
import type { StaffModule } from '../staff/staff-module';
import type { AttemptService } from '../exam/exam-module';
import { createInProcessHub } from './live-hub';
import type { LiveHub } from './live-hub';
import type { PresenceStore } from './live-presence';
import { liveRoutes } from './live-routes';
import { createLiveService } from './live-service';
import type { LiveService } from './live-service';
import { proctorConsoleRoutes } from './proctor-console-routes';
import { videoProctoringRoutes } from './video-proctoring-routes';
import { createVideoProctoringService } from './video-proctoring-service';

// The live module's public face (decision 0054): what others may use of it. main.ts gives the
// Redis hub and presence store. Who may watch a test is the staff module's (issue 28).
export type { LiveHub } from './live-hub';
export type { PresenceStore } from './live-presence';
export type { LiveService } from './live-service';
export { createRedisHub } from './redis-live-hub';
export { createRedisPresenceStore } from './redis-presence-store';

export interface LiveDeps {
  db: AppDatabase;
  config: Config;
  clock: Clock;
  logger: Logger;
  auth: AuthService;
  /** The console's sign-in is the staff sign-in; its tests are the staff member's assigned ones. */
  staff: Pick<StaffModule, 'staffAuth' | 'assignedTests'>;
  /** The console ends a student's attempt through the exam's attempt service. */
  attempts: Pick<AttemptService, 'submitByServer'>;
  /** Where snapshots are read from for the console. */
  store: UploadStore;
  /** The live channel's hub (in-process unless given; main.ts gives the Redis one with REDIS_URL). */
  hub?: LiveHub | undefined;
  /** Where the live channel's presence is kept (this process's memory unless given). */
  presence?: PresenceStore | undefined;
}

export interface LiveModule {
  live: LiveService;
}

/** The live channel (chat, commands, presence), the proctor console and video proctoring rooms (API). */
export function mountLive({ api }: AppRoutes, { db, config, clock, logger, auth, staff, attempts, store, ...given }: LiveDeps): LiveModule {
  const proctorAuth = staff.staffAuth;
  const assignments = staff.assignedTests;
  const hub = given.hub ?? createInProcessHub({ logger });
  const live = createLiveService({ db: db.kysely, hub, ...(given.presence ? { presence: given.presence } : {}), attempts, assignments, store, clock, logger });
  api.route('/', proctorConsoleRoutes({ proctorAuth, live, trustProxy: config.trustProxy }));
  api.route('/', videoProctoringRoutes({ auth, proctorAuth, video: createVideoProctoringService({ db: db.kysely, assignments, jitsiDomain: config.jitsiDomain, secret: config.jwtSecret }) }));
  api.route('/', liveRoutes({ auth, proctorAuth, live, hub, logger, allowedOrigins: config.adminOrigin ? [config.adminOrigin] : [] }));
  return { live };
}
