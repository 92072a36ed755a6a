import { availableParallelism } from 'node:os';
import type { Kysely } from 'kysely';
import type { RosterSummary } from '@invigil/shared/api/student-roster';
import type { Database } from '../../platform/db';
import { newObjectId } from '../../platform/lib/object-id';
import { PROVISIONAL_N, hashPassword, strengthenHash } from '../../platform/lib/password';
import { initialPasswordChangedAt, normaliseEmail, normaliseRegNo, passwordChangedAtFor } from '../auth/auth-module';
import type { ExistingStudent, RosterLookups, RosterPlanItem } from './roster-check';
import type { RosterFileRow } from './roster-file';

/**
 * Reads what the roster check needs and writes what a confirmed upload does (issue 28, decision
 * 0055): passwords hashed first at the provisional cost on every core (scrypt runs on libuv's
 * thread pool, so concurrent calls are enough), then the rows in transactions of `batchSize`, so
 * a 10,000-row upload never holds SQLite's single writer for more than a moment and a progress
 * bar moves. Each batch checks again, inside its transaction, that no one took a row's
 * registration number or e-mail since the preview; such rows are counted as failed.
 */

const CHUNK = 500;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

async function storedStudents(db: Kysely<Database>, column: 'reg_no' | 'email', values: readonly string[]): Promise<(ExistingStudent & { passwordChangedAt: number })[]> {
  const found: (ExistingStudent & { passwordChangedAt: number })[] = [];
  for (const part of chunks([...new Set(values)].filter((value) => value !== ''), CHUNK)) {
    const rows = await db
      .selectFrom('users')
      .leftJoin('student_profiles', 'student_profiles.user_id', 'users.id')
      .select(['users.id', 'users.reg_no', 'users.email', 'users.name', 'users.phone', 'users.verified', 'users.password_changed_at', 'student_profiles.class_id'])
      .where(`users.${column}`, 'in', part)
      .execute();
    for (const row of rows) {
      found.push({
        id: row.id,
        regNo: row.reg_no,
        email: row.email,
        name: row.name,
        phone: row.phone,
        verified: Number(row.verified) === 1,
        classId: row.class_id ?? null,
        passwordChangedAt: Number(row.password_changed_at),
      });
    }
  }
  return found;
}

/** The stored students and classes the rows refer to, as `checkRoster` takes them. */
export async function loadRosterLookups(db: Kysely<Database>, rows: readonly RosterFileRow[]): Promise<RosterLookups> {
  const byRegNo = new Map((await storedStudents(db, 'reg_no', rows.map((row) => normaliseRegNo(row.values.reg_no)))).map((s) => [s.regNo, s]));
  const byEmail = new Map((await storedStudents(db, 'email', rows.map((row) => normaliseEmail(row.values.email)))).map((s) => [s.email, s]));
  const classes = await db.selectFrom('classes').select(['id', 'name']).execute();
  return { byRegNo: (regNo) => byRegNo.get(regNo), byEmail: (email) => byEmail.get(email), classes };
}

export interface RosterProgress {
  phase: 'hash' | 'write';
  done: number;
  total: number;
}

export interface WriteRosterOptions {
  now: number;
  /** Rows a transaction (default 500). */
  batchSize?: number;
  /** Passwords hashed at once (default: the number of cores). */
  concurrency?: number;
  onProgress?: (progress: RosterProgress) => void;
  /** Hashes made beforehand by `hashRosterPasswords` (the benchmark times the two apart). */
  hashes?: Map<number, string>;
}

export interface RosterWriteResult {
  summary: RosterSummary;
  /** Rows refused while writing, with the reason (taken since the preview). */
  failures: { rowNumber: number; message: string }[];
  /** Rows whose password is stored provisionally: pass to `strengthenProvisionalPasswords`. */
  provisionalUserIds: string[];
}

/** Provisional hashes of the plan's passwords, by row number. */
export async function hashRosterPasswords(plan: readonly RosterPlanItem[], options: Pick<WriteRosterOptions, 'concurrency' | 'onProgress'> = {}): Promise<Map<number, string>> {
  const work = plan.filter((item) => item.password !== undefined);
  const hashes = new Map<number, string>();
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < work.length) {
      const item = work[next++];
      if (!item) return;
      hashes.set(item.rowNumber, await hashPassword(item.password ?? '', PROVISIONAL_N));
      if (hashes.size % 100 === 0 || hashes.size === work.length) options.onProgress?.({ phase: 'hash', done: hashes.size, total: work.length });
    }
  };
  const concurrency = Math.max(1, Math.min(options.concurrency ?? availableParallelism(), 16));
  await Promise.all(Array.from({ length: concurrency }, worker));
  return hashes;
}

/** Writes the confirmed plan (rows without errors from `checkRoster`). `preview errors` are counted by the caller. */
export async function writeRoster(db: Kysely<Database>, plan: readonly RosterPlanItem[], options: WriteRosterOptions): Promise<RosterWriteResult> {
  const { now } = options;
  const hashes = options.hashes ?? (await hashRosterPasswords(plan, options));
  const summary: RosterSummary = { created: 0, updated: 0, unchanged: 0, failed: 0 };
  const failures: RosterWriteResult['failures'] = [];
  const provisionalUserIds: string[] = [];
  const total = plan.length;
  let done = 0;

  for (const batch of chunks(plan, options.batchSize ?? CHUNK)) {
    await db.transaction().execute(async (trx) => {
      const regNos = new Map((await storedStudents(trx, 'reg_no', batch.map((item) => normaliseRegNo(item.row.reg_no)))).map((s) => [s.regNo, s]));
      const emails = new Map((await storedStudents(trx, 'email', batch.map((item) => normaliseEmail(item.row.email)))).map((s) => [s.email, s]));
      const fail = (item: RosterPlanItem, message: string): void => {
        summary.failed += 1;
        failures.push({ rowNumber: item.rowNumber, message });
      };

      const inserts: (RosterPlanItem & { id: string })[] = [];
      for (const item of batch) {
        const regNo = normaliseRegNo(item.row.reg_no);
        const email = normaliseEmail(item.row.email);
        const current = regNos.get(regNo);
        const owner = emails.get(email);
        if (item.status === 'new') {
          if (current) fail(item, `reg_no ${item.row.reg_no} was added by someone else since the preview.`);
          else if (owner) fail(item, `Email ${item.row.email} now belongs to student ${owner.regNo}.`);
          else inserts.push({ ...item, id: newObjectId(now) });
          continue;
        }
        if (!current || current.id !== item.existingId) {
          fail(item, `Student ${item.row.reg_no} was changed or removed since the preview.`);
          continue;
        }
        if (owner && owner.id !== current.id) {
          fail(item, `Email ${item.row.email} now belongs to student ${owner.regNo}.`);
          continue;
        }
        if (item.status === 'unchanged') {
          summary.unchanged += 1;
          continue;
        }
        const hash = hashes.get(item.rowNumber);
        await trx
          .updateTable('users')
          .set({
            name: item.row.name,
            email,
            phone: item.row.phone,
            ...(item.row.verified === undefined ? {} : { verified: item.row.verified ? 1 : 0 }),
            ...(hash === undefined ? {} : { password_hash: hash, password_changed_at: passwordChangedAtFor(current, now) }),
          })
          .where('id', '=', current.id)
          .execute();
        if (item.classId !== undefined) {
          await trx
            .insertInto('student_profiles')
            .values({ user_id: current.id, class_id: item.classId, address: '', institute: '', city: '', updated_at: now })
            .onConflict((oc) => oc.column('user_id').doUpdateSet({ class_id: item.classId ?? null, updated_at: now }))
            .execute();
        }
        if (hash !== undefined) provisionalUserIds.push(current.id);
        summary.updated += 1;
      }

      if (inserts.length > 0) {
        const changedAt = initialPasswordChangedAt(now);
        const inserted = await trx
          .insertInto('users')
          .values(
            inserts.map((item) => ({
              id: item.id,
              reg_no: normaliseRegNo(item.row.reg_no),
              email: normaliseEmail(item.row.email),
              name: item.row.name,
              phone: item.row.phone,
              password_hash: hashes.get(item.rowNumber) ?? '',
              meritpoints: 0,
              avatar: null,
              config: '{}',
              verified: item.row.verified === false ? 0 : 1,
              otp_hash: null,
              otp_expires_at: null,
              password_changed_at: changedAt,
              created_at: now,
            })),
          )
          .onConflict((oc) => oc.doNothing())
          .returning('id')
          .execute();
        const ids = new Set(inserted.map((row) => row.id));
        for (const item of inserts) {
          if (ids.has(item.id)) {
            summary.created += 1;
            provisionalUserIds.push(item.id);
          } else fail(item, `reg_no ${item.row.reg_no} or email ${item.row.email} was taken while writing.`);
        }
        const profiles = inserts.filter((item) => ids.has(item.id) && item.classId != null);
        if (profiles.length > 0) {
          await trx
            .insertInto('student_profiles')
            .values(profiles.map((item) => ({ user_id: item.id, class_id: item.classId ?? null, address: '', institute: '', city: '', updated_at: now })))
            .execute();
        }
      }
    });
    done += batch.length;
    options.onProgress?.({ phase: 'write', done, total });
  }
  return { summary, failures, provisionalUserIds };
}

/**
 * Raises provisional hashes to full cost without the passwords (decision 0055): the given users,
 * or every user still holding one. One hash at a time, so one core stays free for the server;
 * a user whose hash changed meanwhile (signed in, new password) is skipped. Safe to run again
 * (after a restart); returns how many it strengthened.
 */
export async function strengthenProvisionalPasswords(
  db: Kysely<Database>,
  options: { userIds?: readonly string[]; signal?: AbortSignal; onProgress?: (done: number) => void } = {},
): Promise<number> {
  const provisional = `scrypt$${PROVISIONAL_N}$%`;
  let strengthened = 0;
  const pending = options.userIds ? chunks(options.userIds, CHUNK) : undefined;
  for (;;) {
    if (options.signal?.aborted) break;
    let query = db.selectFrom('users').select(['id', 'password_hash']).where('password_hash', 'like', provisional);
    if (pending) {
      const ids = pending.shift();
      if (!ids) break;
      query = query.where('id', 'in', ids);
    } else query = query.limit(CHUNK);
    const rows = await query.execute();
    if (rows.length === 0 && !pending) break;
    let progressed = false;
    for (const row of rows) {
      if (options.signal?.aborted) break;
      const strong = await strengthenHash(row.password_hash);
      if (strong === undefined) continue;
      const result = await db.updateTable('users').set({ password_hash: strong }).where('id', '=', row.id).where('password_hash', '=', row.password_hash).executeTakeFirst();
      progressed = true;
      if (Number(result.numUpdatedRows) > 0) {
        strengthened += 1;
        options.onProgress?.(strengthened);
      }
    }
    if (!pending && !progressed) break;
  }
  return strengthened;
}
