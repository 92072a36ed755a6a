import type { Config } from '../../platform/config';
import type { AppDatabase } from '../../platform/db';
import type { Clock } from '../../platform/lib/clock';
import type { Logger } from '../../platform/lib/logger';
import { createTestRepository } from './test-repository';
import { createAttemptService } from './attempt-service';
import { createPaperCache } from './paper-cache';
import { createTestService } from './test-service';
import { createUploadService } from './upload-service';
import { createBlobStore } from '../../platform/storage/blob-store';
import type { BlobStore } from '../../platform/storage/blob-store';
import { createUploadStore } from '../../platform/storage/upload-store';

export interface TestModuleDeps {
  db: AppDatabase;
  config: Pick<Config, 'graceSeconds' | 'blobDir' | 'jwtSecret' | 's3'>;
  /** The blob store (default: the one the configuration names: S3 with S3_*, else BLOB_DIR). */
  blobs?: BlobStore;
  clock: Clock;
  logger: Logger;
}

/** The timed-test services, built once and shared by the routes and the deadline sweeper. */
export function createTestModule({ db, config, clock, logger, blobs = createBlobStore(config) }: TestModuleDeps) {
  const papers = createPaperCache(createTestRepository(db.kysely), config.jwtSecret);
  const graceMs = config.graceSeconds * 1000;
  const uploadStore = createUploadStore(blobs, config.jwtSecret);
  const uploads = createUploadService({ db: db.kysely, papers, store: uploadStore, clock, graceMs });
  return {
    papers,
    /** Every stored file: uploads, public/ and certificates/ (the routes serve them through it). */
    blobs,
    uploadStore,
    uploads,
    catalog: createTestService({ db: db.kysely, papers, clock, graceMs }),
    attempts: createAttemptService({ db: db.kysely, dbKind: db.kind, papers, clock, logger, graceMs, uploads, rankTokenSecret: config.jwtSecret }),
  };
}

export type TestModule = ReturnType<typeof createTestModule>;
