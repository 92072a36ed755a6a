import type { Kysely } from 'kysely';
import type { UserConfig } from '@invigil/shared/api/auth';
import type { Database } from '../../platform/db';
import type { Logger } from '../../platform/lib/logger';
import { createUserRepository } from './user-repository';
import type { NewUser, UserRecord } from './user-repository';

/**
 * What the import, the seed, the warm-up and tests may do with the students (decision 0054): find
 * them, count them, add one, and change what an import may change. Sign-in, codes and passwords
 * stay inside auth.
 */
export interface StudentDirectory {
  findById(id: string): Promise<UserRecord | undefined>;
  /** By e-mail or registration number (any case). */
  findByIdentifier(identifier: string): Promise<UserRecord | undefined>;
  /** By registration numbers (any case), for imports. */
  findByRegNos(regNos: readonly string[]): Promise<UserRecord[]>;
  /** By e-mails (any case), for imports. */
  findByEmails(emails: readonly string[]): Promise<UserRecord[]>;
  count(): Promise<number>;
  /** Inserts unless the id, e-mail or registration number is taken; true if inserted. */
  insertIfAbsent(user: NewUser): Promise<boolean>;
  /** Updates what an import may change; a changed password also ends the user's sessions. */
  updateFromImport(id: string, fields: ImportedStudentFields): Promise<void>;
}

export interface ImportedStudentFields {
  email: string;
  name: string;
  phone: string;
  meritpoints?: number;
  config?: UserConfig;
  verified: boolean;
  password?: { hash: string; changedAt: number };
}

/** The students' directory on `db` (a transaction, in the import). */
export function createStudentDirectory(db: Kysely<Database>, logger: Logger): StudentDirectory {
  const users = createUserRepository(db, logger);
  return {
    findById: (id) => users.findById(id),
    findByIdentifier: (identifier) => users.findByIdentifier(identifier),
    findByRegNos: (regNos) => users.findByRegNos(regNos),
    findByEmails: (emails) => users.findByEmails(emails),
    count: () => users.count(),
    insertIfAbsent: (user) => users.insertIfAbsent(user),
    updateFromImport: (id, fields) => users.updateFromImport(id, fields),
  };
}

/** A student's merit points, as the exam charges them for a paid test (inside its transaction). */
export interface MeritPoints {
  balanceOf(userId: string): Promise<number>;
  /** Takes `cost` merit points if the student has them: the balance after, else undefined (nothing taken). */
  deduct(userId: string, cost: number): Promise<number | undefined>;
}

export function createMeritPoints(db: Kysely<Database>, logger: Logger): MeritPoints {
  const users = createUserRepository(db, logger);
  return {
    balanceOf: (userId) => users.meritPointsOf(userId),
    deduct: (userId, cost) => users.deductMeritPoints(userId, cost),
  };
}
