import type { AppDatabase } from '../../platform/db';
import type { Config } from '../../platform/config';
import type { AppRoutes } from '../../platform/http/mount';
import type { Clock } from '../../platform/lib/clock';
import type { UploadStore } from '../../platform/storage/upload-store';
import type { AuthService } from '../auth/auth-module';
import { proctorRoutes } from './proctor-routes';
import { createProctorService } from './proctor-service';
import type { ProctorService, ProctorServiceDeps } from './proctor-service';

// The proctoring module's public face (decision 0054): what others may use of it. The app's body
// limit gives snapshots their own; the live console adds to and reads an attempt's trail through
// ProctorTrail.
export { SNAPSHOT_BODY_LIMIT_BYTES, isSnapshotPath } from './proctor-routes';
export type { ProctorEventRecord } from './proctor-repository';
export { createProctorTrail } from './proctor-trail';
export type { ProctorTrail } from './proctor-trail';
export type { ProctorService } from './proctor-service';

export interface ProctoringDeps {
  db: AppDatabase;
  config: Config;
  clock: Clock;
  auth: AuthService;
  /** Where snapshots and identity photos are kept. */
  store: UploadStore;
  /** Told of newly stored events (the live console shows flags as they arrive). */
  onStored: NonNullable<ProctorServiceDeps['onStored']>;
}

export interface ProctoringModule {
  proctor: ProctorService;
}

/** Proctoring events, snapshots and the identity check (API). */
export function mountProctoring({ api }: AppRoutes, { db, config, clock, auth, store, onStored }: ProctoringDeps): ProctoringModule {
  const proctor = createProctorService({ db: db.kysely, store, clock, graceMs: config.graceSeconds * 1000, secret: config.jwtSecret, onStored });
  api.route('/', proctorRoutes({ auth, proctor }));
  return { proctor };
}
