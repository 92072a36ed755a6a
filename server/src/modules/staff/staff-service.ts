import type {
  StaffAccount,
  StaffAssignmentsRequest,
  StaffCreateRequest,
  StaffDirectoryReply,
  StaffListReply,
  StaffUpdateRequest,
} from '@invigil/shared/api/staff';
import { STAFF_MESSAGES, STAFF_PAGE_SIZE } from '@invigil/shared/api/staff';
import { AppError } from '../../platform/lib/app-error';
import type { Clock } from '../../platform/lib/clock';
import { hashPassword } from '../../platform/lib/password';
import { newObjectId } from '../../platform/lib/object-id';
import type { StaffAssignments, StaffRecord, StaffRepository } from './staff-repository';

/** What assignments pick from: the institute's classes, subjects and tests, owned by other modules. */
export interface StaffDirectory {
  classes(): Promise<{ id: string; name: string }[]>;
  subjects(): Promise<{ id: string; name: string }[]>;
  tests(): Promise<{ id: string; name: string }[]>;
}

export interface StaffServiceDeps {
  accounts: StaffRepository;
  directory: StaffDirectory;
  clock: Clock;
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

/** The admin's management of staff accounts (issue 28). The caller checked the admin role. */
export function createStaffService({ accounts, directory, clock }: StaffServiceDeps) {
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

    async create(request: StaffCreateRequest): Promise<StaffAccount> {
      if (await accounts.findByEmail(request.email)) throw new AppError('conflict', STAFF_MESSAGES.emailTaken, { issues: [{ path: 'email', message: STAFF_MESSAGES.emailTaken }] });
      const now = clock.now();
      const id = newObjectId(now);
      try {
        await accounts.insert({ id, email: request.email, name: request.name, role: request.role, passwordHash: await hashPassword(request.password) }, now);
      } catch (error) {
        // Two admins adding the same email at once: the unique index decides.
        if (await accounts.findByEmail(request.email)) throw new AppError('conflict', STAFF_MESSAGES.emailTaken, { issues: [{ path: 'email', message: STAFF_MESSAGES.emailTaken }] });
        throw error;
      }
      return account(id);
    },

    async update(id: string, change: StaffUpdateRequest): Promise<StaffAccount> {
      const record = await accounts.findById(id);
      if (!record) throw new AppError('not_found', STAFF_MESSAGES.notFound);
      const disabled = change.disabled ?? record.disabledAt !== null;
      await keepAnAdmin(record, { role: change.role ?? record.role, disabled });
      const now = clock.now();
      await accounts.update(
        id,
        {
          ...(change.name === undefined ? {} : { name: change.name }),
          ...(change.role === undefined ? {} : { role: change.role }),
          ...(change.disabled === undefined ? {} : { disabledAt: change.disabled ? (record.disabledAt ?? now) : null }),
        },
        now,
      );
      return account(id);
    },

    async resetPassword(id: string, password: string): Promise<StaffAccount> {
      if (!(await accounts.findById(id))) throw new AppError('not_found', STAFF_MESSAGES.notFound);
      await accounts.update(id, { passwordHash: await hashPassword(password) }, clock.now());
      return account(id);
    },

    async setAssignments(id: string, request: StaffAssignmentsRequest): Promise<StaffAccount> {
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
      await accounts.setAssignments(id, request);
      return account(id);
    },

    async directory(): Promise<StaffDirectoryReply> {
      const [classes, subjects, tests] = await Promise.all([directory.classes(), directory.subjects(), directory.tests()]);
      return { classes, subjects, tests };
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
