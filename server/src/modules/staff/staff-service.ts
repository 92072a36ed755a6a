import type {
  StaffAccount,
  StaffAssignmentsRequest,
  StaffCreateRequest,
  StaffDirectoryReply,
  StaffListReply,
  StaffUpdateRequest,
} from '@invigil/shared/api/staff';
import { STAFF_MESSAGES, STAFF_PAGE_SIZE } from '@invigil/shared/api/staff';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/lib/app-error';
import type { Clock } from '../../platform/lib/clock';
import { hashPassword } from '../../platform/lib/password';
import { newObjectId } from '../../platform/lib/object-id';
import type { AuditEntry } from '../audit/audit-module';
import { createStaffRepository } from './staff-repository';
import type { StaffAssignments, StaffRecord, StaffRepository } from './staff-repository';

/** What assignments pick from: the institute's classes, subjects and tests, owned by other modules. */
export interface StaffDirectory {
  classes(): Promise<{ id: string; name: string }[]>;
  subjects(): Promise<{ id: string; name: string }[]>;
  tests(): Promise<{ id: string; name: string }[]>;
}

export interface StaffServiceDeps {
  /** The database the accounts live in: each change and its audit entry are one transaction. */
  db: Kysely<Database>;
  accounts: StaffRepository;
  directory: StaffDirectory;
  clock: Clock;
  /**
   * The audit module's recordAudit, passed in by the app: the audit module's routes use this
   * module's requireStaff, so importing it here would make a cycle.
   */
  recordAudit(db: Kysely<Database>, entry: AuditEntry, at: number): Promise<void>;
}

const toAccount = (record: StaffRecord, assignments: StaffAssignments | undefined): StaffAccount => ({
  id: record.id,
  name: record.name,
  email: record.email,
  role: record.role,
  disabled: record.disabledAt !== null,
  lastSignInAt: record.lastSignInAt,
  createdAt: record.createdAt,
  classIds: assignments?.classIds ?? [],
  subjectIds: assignments?.subjectIds ?? [],
  testIds: assignments?.testIds ?? [],
});

/** An account as the audit log keeps it (no password hash; the ids of its assignments). */
const auditedAccount = (account: StaffAccount) => ({
  name: account.name,
  email: account.email,
  role: account.role,
  disabled: account.disabled,
  classIds: account.classIds,
  subjectIds: account.subjectIds,
  testIds: account.testIds,
});

const countOf = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** The staff member changing an account (requireStaff's record). */
type Actor = StaffRecord;

/**
 * The admin's management of staff accounts (issue 28). The caller checked the admin role. Every
 * change is recorded in the audit log (issue 30) in its own transaction, before and after.
 */
export function createStaffService({ db, accounts, directory, clock, recordAudit }: StaffServiceDeps) {
  /** Runs a change with the repository on one transaction. */
  const inTransaction = <T>(work: (repository: StaffRepository, trx: Kysely<Database>) => Promise<T>): Promise<T> =>
    db.transaction().execute((trx) => work(createStaffRepository(trx), trx));

  async function accountIn(repository: StaffRepository, id: string): Promise<StaffAccount> {
    const record = await repository.findById(id);
    if (!record) throw new AppError('not_found', STAFF_MESSAGES.notFound);
    return toAccount(record, (await repository.assignmentsOf([id])).get(id));
  }

  async function account(id: string): Promise<StaffAccount> {
    const record = await accounts.findById(id);
    if (!record) throw new AppError('not_found', STAFF_MESSAGES.notFound);
    return toAccount(record, (await accounts.assignmentsOf([id])).get(id));
  }

  /** Refuses a change that would leave no active admin (nobody could manage staff again). */
  async function keepAnAdmin(record: StaffRecord, after: { role: StaffRecord['role']; disabled: boolean }): Promise<void> {
    const wasActiveAdmin = record.role === 'admin' && record.disabledAt === null;
    const staysActiveAdmin = after.role === 'admin' && !after.disabled;
    if (wasActiveAdmin && !staysActiveAdmin && (await accounts.countActiveAdmins()) <= 1) throw new AppError('conflict', STAFF_MESSAGES.lastAdmin);
  }

  return {
    account,

    async list(q: string, page: number): Promise<StaffListReply> {
      const { items, total } = await accounts.list(q, (page - 1) * STAFF_PAGE_SIZE, STAFF_PAGE_SIZE);
      const assignments = await accounts.assignmentsOf(items.map((item) => item.id));
      return { items: items.map((item) => toAccount(item, assignments.get(item.id))), total, page, pageSize: STAFF_PAGE_SIZE };
    },

    async create(actor: Actor, request: StaffCreateRequest): Promise<StaffAccount> {
      if (await accounts.findByEmail(request.email)) throw new AppError('conflict', STAFF_MESSAGES.emailTaken, { issues: [{ path: 'email', message: STAFF_MESSAGES.emailTaken }] });
      const now = clock.now();
      const id = newObjectId(now);
      const passwordHash = await hashPassword(request.password);
      try {
        await inTransaction(async (repository, trx) => {
          await repository.insert({ id, email: request.email, name: request.name, role: request.role, passwordHash }, now);
          const after = await accountIn(repository, id);
          const summary = `Added the ${after.role} account of ${after.name} (${after.email})`;
          await recordAudit(trx, { actor, action: 'account.create', entityType: 'staff_account', entityId: id, summary, before: null, after: auditedAccount(after) }, now);
        });
      } catch (error) {
        // Two admins adding the same email at once: the unique index decides.
        if (await accounts.findByEmail(request.email)) throw new AppError('conflict', STAFF_MESSAGES.emailTaken, { issues: [{ path: 'email', message: STAFF_MESSAGES.emailTaken }] });
        throw error;
      }
      return account(id);
    },

    async update(actor: Actor, id: string, change: StaffUpdateRequest): Promise<StaffAccount> {
      const record = await accounts.findById(id);
      if (!record) throw new AppError('not_found', STAFF_MESSAGES.notFound);
      const disabled = change.disabled ?? record.disabledAt !== null;
      await keepAnAdmin(record, { role: change.role ?? record.role, disabled });
      const now = clock.now();
      return inTransaction(async (repository, trx) => {
        const before = await accountIn(repository, id);
        await repository.update(
          id,
          {
            ...(change.name === undefined ? {} : { name: change.name }),
            ...(change.role === undefined ? {} : { role: change.role }),
            ...(change.disabled === undefined ? {} : { disabledAt: change.disabled ? (record.disabledAt ?? now) : null }),
          },
          now,
        );
        const after = await accountIn(repository, id);
        const changes: string[] = [];
        if (after.name !== before.name) changes.push(`renamed "${before.name}" to "${after.name}"`);
        if (after.role !== before.role) changes.push(`role ${before.role} -> ${after.role}`);
        if (after.disabled !== before.disabled) changes.push(after.disabled ? 'disabled' : 'enabled again');
        // The action names the weightiest change: access first, then the role, else the details.
        const action = after.disabled !== before.disabled ? (after.disabled ? 'account.disable' : 'account.enable') : after.role !== before.role ? 'account.role' : 'account.update';
        const summary = `Staff account of ${before.name}: ${changes.length > 0 ? changes.join(', ') : 'saved unchanged'}`;
        await recordAudit(trx, { actor, action, entityType: 'staff_account', entityId: id, summary, before: auditedAccount(before), after: auditedAccount(after) }, now);
        return after;
      });
    },

    async resetPassword(actor: Actor, id: string, password: string): Promise<StaffAccount> {
      if (!(await accounts.findById(id))) throw new AppError('not_found', STAFF_MESSAGES.notFound);
      const passwordHash = await hashPassword(password);
      const now = clock.now();
      return inTransaction(async (repository, trx) => {
        await repository.update(id, { passwordHash }, now);
        const after = await accountIn(repository, id);
        // The log says a new password was set, never the password (nor its hash).
        await recordAudit(trx, { actor, action: 'account.password', entityType: 'staff_account', entityId: id, summary: `Set a new password for ${after.name}`, before: null, after: { password: 'new' } }, now);
        return after;
      });
    },

    async setAssignments(actor: Actor, id: string, request: StaffAssignmentsRequest): Promise<StaffAccount> {
      if (!(await accounts.findById(id))) throw new AppError('not_found', STAFF_MESSAGES.notFound);
      const [classes, subjects, tests] = await Promise.all([directory.classes(), directory.subjects(), directory.tests()]);
      const check = (ids: readonly string[], known: { id: string }[], message: (value: string) => string, field: string) => {
        const set = new Set(known.map((item) => item.id));
        const unknown = ids.find((value) => !set.has(value));
        if (unknown !== undefined) throw new AppError('bad_request', message(unknown), { issues: [{ path: field, message: message(unknown) }] });
      };
      check(request.classIds, classes, STAFF_MESSAGES.unknownClass, 'classIds');
      check(request.subjectIds, subjects, STAFF_MESSAGES.unknownSubject, 'subjectIds');
      check(request.testIds, tests, STAFF_MESSAGES.unknownTest, 'testIds');
      const now = clock.now();
      return inTransaction(async (repository, trx) => {
        const before = await accountIn(repository, id);
        await repository.setAssignments(id, request);
        const after = await accountIn(repository, id);
        const names = (ids: readonly string[], known: { id: string; name: string }[]) => ids.map((value) => known.find((item) => item.id === value)?.name ?? value).join(', ') || 'none';
        const parts = [`classes: ${names(after.classIds, classes)}`, `subjects: ${names(after.subjectIds, subjects)}`, `tests: ${countOf(after.testIds.length, 'test')}`];
        await recordAudit(
          trx,
          {
            actor,
            action: 'account.assign',
            entityType: 'staff_account',
            entityId: id,
            summary: `Assigned ${after.name}: ${parts.join('; ')}`,
            before: { classIds: before.classIds, subjectIds: before.subjectIds, testIds: before.testIds },
            after: { classIds: after.classIds, subjectIds: after.subjectIds, testIds: after.testIds },
          },
          now,
        );
        return after;
      });
    },

    async directory(): Promise<StaffDirectoryReply> {
      const [classes, subjects, tests] = await Promise.all([directory.classes(), directory.subjects(), directory.tests()]);
      return { classes, subjects, tests };
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
