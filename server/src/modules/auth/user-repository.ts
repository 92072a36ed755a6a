import type { Kysely, Selectable } from 'kysely';
import { userConfigSchema } from '@invigil/shared/api/auth';
import type { UserConfig } from '@invigil/shared/api/auth';
import type { Database, UsersTable } from '../../platform/db';
import type { Logger } from '../../platform/lib/logger';
import { preparedQuery } from '../../platform/lib/prepared-query';

/** A user as the services see it: camelCase, real booleans and numbers, parsed config. */
export interface UserRecord {
  id: string;
  regNo: string;
  email: string;
  name: string;
  phone: string;
  passwordHash: string;
  meritpoints: number;
  avatar: string | null;
  config: UserConfig;
  verified: boolean;
  otpHash: string | null;
  otpExpiresAt: number | null;
  passwordChangedAt: number;
  createdAt: number;
  /** Epoch ms a staff member disabled the student (migration 0018), else null. */
  disabledAt: number | null;
}

export type NewUser = Omit<UserRecord, 'otpHash' | 'otpExpiresAt' | 'disabledAt'>;

/** E-mails are stored lowercased and registration numbers uppercased, so lookups ignore case. */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();
export const normaliseRegNo = (regNo: string): string => regNo.trim().toUpperCase();

function parseConfig(raw: string, userId: string, logger: Logger): UserConfig {
  try {
    const parsed = userConfigSchema.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data;
  } catch {
    // fall through
  }
  logger.warn(`User ${userId} has an invalid config; using {} instead.`);
  return {};
}

const toNumberOrNull = (value: number | string | null): number | null => (value === null ? null : Number(value));

/** Every signed-in request reads its user: compiled once. */
const findByIdQuery = preparedQuery(['id'], (db: Kysely<Database>, p) => db.selectFrom('users').selectAll().where('id', '=', p.id));
/**
 * The sign-in check of every request, in one round trip: the user, and whether this token's
 * session was ended by logging out (ended_sessions, migration 0007).
 */
const findForSessionQuery = preparedQuery(['id', 'hash'], (db: Kysely<Database>, p) =>
  db
    .selectFrom('users')
    .selectAll('users')
    .select((eb) => eb.exists(eb.selectFrom('ended_sessions').select('token_hash').where('token_hash', '=', p.hash)).as('session_ended'))
    .where('id', '=', p.id),
);
const meritPointsQuery = preparedQuery(['id'], (db: Kysely<Database>, p) => db.selectFrom('users').select('meritpoints').where('id', '=', p.id));

export function createUserRepository(db: Kysely<Database>, logger: Logger) {
  // Number() also covers a driver that hands BIGINT back as a string.
  const toRecord = (row: Selectable<UsersTable>): UserRecord => ({
    id: row.id,
    regNo: row.reg_no,
    email: row.email,
    name: row.name,
    phone: row.phone,
    passwordHash: row.password_hash,
    meritpoints: Number(row.meritpoints),
    avatar: row.avatar,
    config: parseConfig(row.config, row.id, logger),
    verified: Number(row.verified) === 1,
    otpHash: row.otp_hash,
    otpExpiresAt: toNumberOrNull(row.otp_expires_at),
    passwordChangedAt: Number(row.password_changed_at),
    createdAt: Number(row.created_at),
    disabledAt: toNumberOrNull(row.disabled_at),
  });

  return {
    async findById(id: string): Promise<UserRecord | undefined> {
      const row = (await findByIdQuery(db, { id })).rows[0];
      return row && toRecord(row);
    },

    /** The user of a session token, and whether that session was ended (by the token's SHA-256). */
    async findForSession(id: string, tokenHash: string): Promise<{ user: UserRecord; sessionEnded: boolean } | undefined> {
      const row = (await findForSessionQuery(db, { id, hash: tokenHash })).rows[0];
      if (!row) return undefined;
      const { session_ended: ended, ...user } = row;
      // SQLite answers exists() with 0/1, PostgreSQL with a boolean.
      return { user: toRecord(user), sessionEnded: ended === true || Number(ended) === 1 };
    },

    /** By e-mail or registration number, case-insensitively. */
    async findByIdentifier(identifier: string): Promise<UserRecord | undefined> {
      const row = await db
        .selectFrom('users')
        .selectAll()
        .where((eb) => eb.or([eb('email', '=', normaliseEmail(identifier)), eb('reg_no', '=', normaliseRegNo(identifier))]))
        .executeTakeFirst();
      return row && toRecord(row);
    },

    /** By registration numbers (any case), for imports. */
    async findByRegNos(regNos: readonly string[]): Promise<UserRecord[]> {
      const wanted = [...new Set(regNos.map(normaliseRegNo))];
      const found: UserRecord[] = [];
      for (let i = 0; i < wanted.length; i += 500) {
        const rows = await db.selectFrom('users').selectAll().where('reg_no', 'in', wanted.slice(i, i + 500)).execute();
        found.push(...rows.map(toRecord));
      }
      return found;
    },

    /** By e-mails (any case), for imports. */
    async findByEmails(emails: readonly string[]): Promise<UserRecord[]> {
      const wanted = [...new Set(emails.map(normaliseEmail))];
      const found: UserRecord[] = [];
      for (let i = 0; i < wanted.length; i += 500) {
        const rows = await db.selectFrom('users').selectAll().where('email', 'in', wanted.slice(i, i + 500)).execute();
        found.push(...rows.map(toRecord));
      }
      return found;
    },

    /** Updates what an import may change; a changed password also ends the user's sessions. */
    async updateFromImport(
      id: string,
      fields: { email: string; name: string; phone: string; meritpoints?: number; config?: UserConfig; verified: boolean; password?: { hash: string; changedAt: number } },
    ): Promise<void> {
      await db
        .updateTable('users')
        .set({
          email: normaliseEmail(fields.email),
          name: fields.name,
          phone: fields.phone,
          verified: fields.verified ? 1 : 0,
          ...(fields.meritpoints === undefined ? {} : { meritpoints: fields.meritpoints }),
          ...(fields.config === undefined ? {} : { config: JSON.stringify(fields.config) }),
          ...(fields.password === undefined ? {} : { password_hash: fields.password.hash, password_changed_at: fields.password.changedAt }),
        })
        .where('id', '=', id)
        .execute();
    },

    /** Takes `cost` merit points if the user has that many; false (nothing taken) otherwise. */
    /** Takes `cost` merit points if the student has them: the balance after, else undefined. */
    async deductMeritPoints(id: string, cost: number): Promise<number | undefined> {
      const row = await db
        .updateTable('users')
        .set((eb) => ({ meritpoints: eb('meritpoints', '-', cost) }))
        .where('id', '=', id)
        .where('meritpoints', '>=', cost)
        .returning('meritpoints')
        .executeTakeFirst();
      return row === undefined ? undefined : Number(row.meritpoints);
    },

    async meritPointsOf(id: string): Promise<number> {
      const row = (await meritPointsQuery(db, { id })).rows[0];
      return Number(row?.meritpoints ?? 0);
    },

    async count(): Promise<number> {
      const row = await db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Inserts unless the id, e-mail or registration number is taken; true if inserted. */
    async insertIfAbsent(user: NewUser): Promise<boolean> {
      const result = await db
        .insertInto('users')
        .values({
          id: user.id,
          reg_no: normaliseRegNo(user.regNo),
          email: normaliseEmail(user.email),
          name: user.name,
          phone: user.phone,
          password_hash: user.passwordHash,
          meritpoints: user.meritpoints,
          avatar: user.avatar,
          config: JSON.stringify(user.config),
          verified: user.verified ? 1 : 0,
          otp_hash: null,
          otp_expires_at: null,
          password_changed_at: user.passwordChangedAt,
          created_at: user.createdAt,
        })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    async setOtp(id: string, otpHash: string, expiresAt: number): Promise<void> {
      await db.updateTable('users').set({ otp_hash: otpHash, otp_expires_at: expiresAt }).where('id', '=', id).execute();
    },

    /** A staff member asked for a one-time code: the account must be confirmed again. */
    async markUnverified(id: string): Promise<void> {
      await db.updateTable('users').set({ verified: 0 }).where('id', '=', id).execute();
    },

    /** When the student last signed in (the staff's students list). */
    async recordSignIn(id: string, at: number): Promise<void> {
      await db.updateTable('users').set({ last_sign_in_at: at }).where('id', '=', id).execute();
    },

    async markVerified(id: string): Promise<void> {
      await db.updateTable('users').set({ verified: 1, otp_hash: null, otp_expires_at: null }).where('id', '=', id).execute();
    },

    async updatePassword(id: string, passwordHash: string, changedAt: number): Promise<void> {
      await db.updateTable('users').set({ password_hash: passwordHash, password_changed_at: changedAt }).where('id', '=', id).execute();
    },

    /**
     * The same password under a stronger hash (decision 0055): password_changed_at and sessions
     * are kept. Only if the stored hash is still `from` (not changed meanwhile); true if replaced.
     */
    async replacePasswordHash(id: string, from: string, to: string): Promise<boolean> {
      const result = await db.updateTable('users').set({ password_hash: to }).where('id', '=', id).where('password_hash', '=', from).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async deleteById(id: string): Promise<void> {
      await db.deleteFrom('users').where('id', '=', id).execute();
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
