import { randomInt } from 'node:crypto';
import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import { sql } from 'kysely';
import type { UserConfig } from '@invigil/shared/api/auth';
import { userConfigSchema } from '@invigil/shared/api/auth';
import type {
  ClassMoveRequest,
  StaffClass,
  StaffStudent,
  StaffStudentListQuery,
  StaffStudentListReply,
  StudentCreateRequest,
  StudentStatus,
  StudentUpdateRequest,
} from '@invigil/shared/api/staff-students';
import { NO_CLASS, STUDENT_MESSAGES, STUDENT_PAGE_SIZE, studentCreateRequestSchema } from '@invigil/shared/api/staff-students';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/lib/app-error';
import type { Clock } from '../../platform/lib/clock';
import { newObjectId } from '../../platform/lib/object-id';
import { hashPassword } from '../../platform/lib/password';
import { recordAudit } from '../audit/audit-module';
import type { AuditActor } from '../audit/audit-module';
import { initialPasswordChangedAt, normaliseEmail, normaliseRegNo, passwordChangedAtFor } from '../auth/auth-module';

/**
 * The staff's students and classes (issue 28). `scope` is what the signed-in staff member may see:
 * null for an admin (everything), else a teacher's class ids. Writes are checked for the admin
 * role by the routes; reads are narrowed to the scope here (a student outside it does not exist).
 */
export type StudentScope = { classIds: readonly string[] } | null;

const notFound = () => new AppError('not_found', STUDENT_MESSAGES.notFound);

/** LIKE's wildcards taken literally ('\' is the escape character of every pattern below). */
const likePattern = (text: string): string => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A password a person can read aloud: no 0/O, 1/l/I. */
export function generatePassword(length = 10): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('');
}

function statusOf(row: { disabled_at: number | string | null; verified: number | string }): StudentStatus {
  if (row.disabled_at !== null) return 'disabled';
  return Number(row.verified) === 1 ? 'active' : 'unverified';
}

function parseConfig(raw: string): UserConfig {
  try {
    const parsed = userConfigSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

type UsersEb = ExpressionBuilder<Database, 'users'>;

function statusConditions(eb: UsersEb, status: StaffStudentListQuery['status']): Expression<SqlBool>[] {
  if (status === 'disabled') return [eb('users.disabled_at', 'is not', null)];
  if (status === 'active') return [eb('users.disabled_at', 'is', null), eb('users.verified', '=', 1)];
  if (status === 'unverified') return [eb('users.disabled_at', 'is', null), eb('users.verified', '=', 0)];
  return [];
}

/** Name, registration number, e-mail or phone containing the text (e-mails are stored lowercased). */
function searchCondition(q: string): Expression<SqlBool> {
  const pattern = likePattern(q);
  return sql<SqlBool>`(lower(users.name) like ${pattern} escape '\\' or users.email like ${pattern} escape '\\' or lower(users.reg_no) like ${pattern} escape '\\' or users.phone like ${pattern} escape '\\')`;
}

/** A student as the audit log keeps it (issue 30): the fields staff change, no secrets. */
const auditedStudent = (student: StaffStudent) => ({
  regNo: student.regNo,
  name: student.name,
  email: student.email,
  phone: student.phone,
  classId: student.classId,
  className: student.className,
  status: student.status,
  config: student.config,
});

const studentLabel = (student: StaffStudent): string => `${student.name} (${student.regNo})`;

/** What changed between two versions of a student, in words. */
function studentChanges(before: StaffStudent, after: StaffStudent): string[] {
  const changes: string[] = [];
  if (after.name !== before.name) changes.push(`name "${before.name}" -> "${after.name}"`);
  if (after.email !== before.email) changes.push(`email ${before.email} -> ${after.email}`);
  if (after.phone !== before.phone) changes.push(`phone ${before.phone} -> ${after.phone}`);
  if (after.classId !== before.classId) changes.push(`class ${before.className ?? 'none'} -> ${after.className ?? 'none'}`);
  if (JSON.stringify(after.config) !== JSON.stringify(before.config)) changes.push('settings');
  if (after.status !== before.status) changes.push(after.status === 'disabled' ? 'disabled' : 'enabled again');
  return changes;
}

/**
 * Staff writes on students and classes are recorded in the audit log (issue 30) in the transaction
 * that makes them: `actor` is the signed-in staff member (requireStaff's record).
 */
export function createStudentsService(db: Kysely<Database>, clock: Clock) {
  const base = () =>
    db
      .selectFrom('users')
      .leftJoin('student_profiles', 'student_profiles.user_id', 'users.id')
      .leftJoin('classes', 'classes.id', 'student_profiles.class_id');

  const columns = [
    'users.id',
    'users.reg_no',
    'users.email',
    'users.name',
    'users.phone',
    'users.verified',
    'users.disabled_at',
    'users.last_sign_in_at',
    'users.created_at',
    'users.config',
    'student_profiles.class_id',
    'classes.name as class_name',
  ] as const;

  type Row = {
    id: string;
    reg_no: string;
    email: string;
    name: string;
    phone: string;
    verified: number;
    disabled_at: number | null;
    last_sign_in_at: number | null;
    created_at: number;
    config: string;
    class_id: string | null;
    class_name: string | null;
  };

  const toStudent = (row: Row): StaffStudent => ({
    id: row.id,
    regNo: row.reg_no,
    name: row.name,
    email: row.email,
    phone: row.phone,
    classId: row.class_id ?? null,
    className: row.class_name ?? null,
    status: statusOf(row),
    lastSignInAt: row.last_sign_in_at === null ? null : Number(row.last_sign_in_at),
    createdAt: Number(row.created_at),
    config: parseConfig(row.config),
  });

  async function find(id: string, scope: StudentScope, on: Kysely<Database> = db): Promise<StaffStudent> {
    let query = on
      .selectFrom('users')
      .leftJoin('student_profiles', 'student_profiles.user_id', 'users.id')
      .leftJoin('classes', 'classes.id', 'student_profiles.class_id')
      .select(columns)
      .where('users.id', '=', id);
    if (scope) {
      if (scope.classIds.length === 0) throw notFound();
      query = query.where('student_profiles.class_id', 'in', [...scope.classIds]);
    }
    const row = (await query.executeTakeFirst()) as Row | undefined;
    if (!row) throw notFound();
    return toStudent(row);
  }

  async function classExists(id: string): Promise<boolean> {
    return (await db.selectFrom('classes').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  }

  async function refuseTaken(fields: { regNo?: string; email?: string }, exceptId?: string): Promise<void> {
    if (fields.regNo !== undefined) {
      const row = await db.selectFrom('users').select('id').where('reg_no', '=', normaliseRegNo(fields.regNo)).executeTakeFirst();
      if (row && row.id !== exceptId) throw new AppError('conflict', STUDENT_MESSAGES.regNoTaken, { issues: [{ path: 'regNo', message: STUDENT_MESSAGES.regNoTaken }] });
    }
    if (fields.email !== undefined) {
      const row = await db.selectFrom('users').select('id').where('email', '=', normaliseEmail(fields.email)).executeTakeFirst();
      if (row && row.id !== exceptId) throw new AppError('conflict', STUDENT_MESSAGES.emailTaken, { issues: [{ path: 'email', message: STUDENT_MESSAGES.emailTaken }] });
    }
  }

  async function refuseUnknownClass(classId: string | null | undefined): Promise<void> {
    if (classId != null && !(await classExists(classId))) {
      throw new AppError('unprocessable', STUDENT_MESSAGES.noClass, { issues: [{ path: 'classId', message: STUDENT_MESSAGES.noClass }] });
    }
  }

  async function setClass(trx: Kysely<Database>, userId: string, classId: string | null, now: number): Promise<void> {
    await trx
      .insertInto('student_profiles')
      .values({ user_id: userId, class_id: classId, address: '', institute: '', city: '', updated_at: now })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ class_id: classId, updated_at: now }))
      .execute();
  }

  return {
    find,

    /** One page (25, by name) of the students matching a search, class and status, within the scope. */
    async list(query: StaffStudentListQuery, scope: StudentScope): Promise<StaffStudentListReply> {
      const empty = { items: [], total: 0, page: query.page, pageSize: STUDENT_PAGE_SIZE };
      if (scope && scope.classIds.length === 0) return empty;
      if (scope && query.class !== '' && !scope.classIds.includes(query.class)) return empty;
      // The count needs student_profiles only for a class filter or a teacher's scope, and classes never.
      const byClass = scope !== null || query.class !== '';
      const counted = byClass ? db.selectFrom('users').leftJoin('student_profiles', 'student_profiles.user_id', 'users.id') : db.selectFrom('users');
      const conditions = (eb: ExpressionBuilder<Database & { student_profiles: Database['student_profiles'] }, 'users' | 'student_profiles'>) => {
        const all: Expression<SqlBool>[] = [];
        if (scope) all.push(eb('student_profiles.class_id', 'in', [...scope.classIds]));
        if (query.class === NO_CLASS) all.push(eb('student_profiles.class_id', 'is', null));
        else if (query.class !== '') all.push(eb('student_profiles.class_id', '=', query.class));
        all.push(...statusConditions(eb, query.status));
        if (query.q !== '') all.push(searchCondition(query.q));
        return eb.and(all);
      };
      const [rows, count] = await Promise.all([
        base()
          .select(columns)
          .where((eb) => conditions(eb as never))
          .orderBy('users.name')
          .orderBy('users.id')
          .limit(STUDENT_PAGE_SIZE)
          .offset((query.page - 1) * STUDENT_PAGE_SIZE)
          .execute(),
        (byClass
          ? (counted as ReturnType<typeof base>).where((eb) => conditions(eb as never))
          : db.selectFrom('users').where((eb) => eb.and([...statusConditions(eb as never, query.status), ...(query.q === '' ? [] : [searchCondition(query.q)])]))
        )
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { items: (rows as Row[]).map(toStudent), total: Number(count.n), page: query.page, pageSize: STUDENT_PAGE_SIZE };
    },

    /** Adds one student; a password left out is generated and returned once. */
    async create(actor: AuditActor, request: StudentCreateRequest): Promise<{ student: StaffStudent; password?: string }> {
      const body = studentCreateRequestSchema.parse(request);
      await refuseTaken({ regNo: body.regNo, email: body.email });
      await refuseUnknownClass(body.classId);
      const password = body.password ?? generatePassword();
      const passwordHash = await hashPassword(password);
      const now = clock.now();
      const id = newObjectId(now);
      await db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('users')
          .values({
            id,
            reg_no: normaliseRegNo(body.regNo),
            email: normaliseEmail(body.email),
            name: body.name,
            phone: body.phone,
            password_hash: passwordHash,
            meritpoints: 0,
            avatar: null,
            config: '{}',
            verified: body.verified ? 1 : 0,
            otp_hash: null,
            otp_expires_at: null,
            password_changed_at: initialPasswordChangedAt(now),
            created_at: now,
          })
          .onConflict((oc) => oc.doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) throw new AppError('conflict', STUDENT_MESSAGES.regNoTaken);
        if (body.classId !== null) await setClass(trx, id, body.classId, now);
        const after = await find(id, null, trx);
        const summary = `Added student ${studentLabel(after)}${after.className ? ` to ${after.className}` : ''}`;
        await recordAudit(trx, { actor, action: 'student.create', entityType: 'student', entityId: id, summary, before: null, after: auditedStudent(after) }, now);
      });
      return { student: await find(id, null), ...(body.password === undefined ? { password } : {}) };
    },

    async update(actor: AuditActor, id: string, body: StudentUpdateRequest): Promise<StaffStudent> {
      const current = await find(id, null);
      await refuseTaken({ ...(body.email === undefined ? {} : { email: body.email }) }, id);
      await refuseUnknownClass(body.classId);
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        const set = {
          ...(body.name === undefined ? {} : { name: body.name }),
          ...(body.email === undefined ? {} : { email: normaliseEmail(body.email) }),
          ...(body.phone === undefined ? {} : { phone: body.phone }),
          ...(body.config === undefined ? {} : { config: JSON.stringify(body.config) }),
          ...(body.disabled === undefined || body.disabled === (current.status === 'disabled') ? {} : { disabled_at: body.disabled ? now : null }),
        };
        if (Object.keys(set).length > 0) await trx.updateTable('users').set(set).where('id', '=', id).execute();
        if (body.classId !== undefined && body.classId !== current.classId) await setClass(trx, id, body.classId, now);
        const after = await find(id, null, trx);
        const changes = studentChanges(current, after);
        // The action names the weightiest change: access first, then the class, else the details.
        const action =
          after.status !== current.status && (after.status === 'disabled' || current.status === 'disabled')
            ? after.status === 'disabled'
              ? 'student.disable'
              : 'student.enable'
            : after.classId !== current.classId
              ? 'student.class'
              : 'student.update';
        const summary = `Student ${studentLabel(current)}: ${changes.length > 0 ? changes.join(', ') : 'saved unchanged'}`;
        await recordAudit(trx, { actor, action, entityType: 'student', entityId: id, summary, before: auditedStudent(current), after: auditedStudent(after) }, now);
      });
      return find(id, null);
    },

    /** A new password (given, or generated and returned once); the student's sessions end. */
    async resetPassword(actor: AuditActor, id: string, given: string | undefined): Promise<{ student: StaffStudent; password?: string }> {
      const current = await db.selectFrom('users').select(['id', 'password_changed_at']).where('id', '=', id).executeTakeFirst();
      if (!current) throw notFound();
      const password = given ?? generatePassword();
      const passwordHash = await hashPassword(password);
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({ password_hash: passwordHash, password_changed_at: passwordChangedAtFor({ passwordChangedAt: Number(current.password_changed_at) }, now) })
          .where('id', '=', id)
          .execute();
        const student = await find(id, null, trx);
        // The log says a password was set (given or generated), never the password.
        const summary = `Set a new ${given === undefined ? 'generated ' : ''}password for ${studentLabel(student)}; their sessions ended`;
        await recordAudit(trx, { actor, action: 'student.password', entityType: 'student', entityId: id, summary, before: null, after: { password: 'new', generated: given === undefined } }, now);
      });
      return { student: await find(id, null), ...(given === undefined ? { password } : {}) };
    },

    /** The classes with their student counts, by name (a teacher: their own). */
    async classes(scope: StudentScope): Promise<StaffClass[]> {
      if (scope && scope.classIds.length === 0) return [];
      let query = db
        .selectFrom('classes')
        .leftJoin('student_profiles', 'student_profiles.class_id', 'classes.id')
        .select((eb) => ['classes.id', 'classes.name', eb.fn.count<number>('student_profiles.user_id').as('n')])
        .groupBy(['classes.id', 'classes.name'])
        .orderBy('classes.name')
        .orderBy('classes.id');
      if (scope) query = query.where('classes.id', 'in', [...scope.classIds]);
      return (await query.execute()).map((row) => ({ id: row.id, name: row.name, studentCount: Number(row.n) }));
    },

    /** Records that a one-time sign-in code was sent to the student (auth's outbox sent it). */
    async recordOneTimeCode(actor: AuditActor, student: StaffStudent): Promise<void> {
      const summary = `Sent a one-time sign-in code to ${studentLabel(student)} at ${student.email}`;
      await recordAudit(db, { actor, action: 'student.code', entityType: 'student', entityId: student.id, summary, before: null, after: { codeSentTo: student.email } }, clock.now());
    },

    async createClass(actor: AuditActor, name: string): Promise<StaffClass> {
      await refuseClassName(name);
      const now = clock.now();
      const id = newObjectId(now);
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('classes').values({ id, name }).execute();
        await recordAudit(trx, { actor, action: 'class.create', entityType: 'class', entityId: id, summary: `Added class "${name}"`, before: null, after: { name } }, now);
      });
      return { id, name, studentCount: 0 };
    },

    async renameClass(actor: AuditActor, id: string, name: string): Promise<StaffClass> {
      const current = await db.selectFrom('classes').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
      if (!current) throw new AppError('not_found', STUDENT_MESSAGES.noClass);
      await refuseClassName(name, id);
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('classes').set({ name }).where('id', '=', id).execute();
        const summary = `Renamed class "${current.name}" to "${name}"`;
        await recordAudit(trx, { actor, action: 'class.rename', entityType: 'class', entityId: id, summary, before: { name: current.name }, after: { name } }, now);
      });
      const found = (await this.classes(null)).find((item) => item.id === id);
      if (!found) throw new AppError('not_found', STUDENT_MESSAGES.noClass);
      return found;
    },

    /** Moves the given students of class `fromId` to another class; those not in it are left alone. */
    /**
     * One audit entry per move (not one per student): it is one act of the admin, and the log stays
     * readable; the entry lists the students moved (ids, names and registration numbers).
     */
    async move(actor: AuditActor, fromId: string, { studentIds, toClassId }: ClassMoveRequest): Promise<number> {
      const [from, to] = await Promise.all([fromId, toClassId].map((id) => db.selectFrom('classes').select(['id', 'name']).where('id', '=', id).executeTakeFirst()));
      if (!from) throw new AppError('not_found', STUDENT_MESSAGES.noClass);
      if (!to) {
        throw new AppError('unprocessable', STUDENT_MESSAGES.noClass, { issues: [{ path: 'toClassId', message: STUDENT_MESSAGES.noClass }] });
      }
      const ids = [...new Set(studentIds)];
      const now = clock.now();
      let moved = 0;
      await db.transaction().execute(async (trx) => {
        const students: { id: string; regNo: string; name: string }[] = [];
        for (let i = 0; i < ids.length; i += 500) {
          const slice = ids.slice(i, i + 500);
          const inClass = await trx
            .selectFrom('student_profiles')
            .innerJoin('users', 'users.id', 'student_profiles.user_id')
            .select(['users.id', 'users.reg_no', 'users.name'])
            .where('student_profiles.class_id', '=', fromId)
            .where('student_profiles.user_id', 'in', slice)
            .execute();
          students.push(...inClass.map((row) => ({ id: row.id, regNo: row.reg_no, name: row.name })));
          const result = await trx
            .updateTable('student_profiles')
            .set({ class_id: toClassId, updated_at: now })
            .where('class_id', '=', fromId)
            .where('user_id', 'in', slice)
            .executeTakeFirst();
          moved += Number(result.numUpdatedRows);
        }
        const named = students.slice(0, 3).map((student) => student.name).join(', ');
        const summary = `Moved ${moved} student${moved === 1 ? '' : 's'} from "${from.name}" to "${to.name}": ${named}${students.length > 3 ? ` and ${students.length - 3} more` : ''}`;
        await recordAudit(
          trx,
          { actor, action: 'class.move', entityType: 'class', entityId: fromId, summary, before: { classId: fromId, className: from.name, students }, after: { classId: toClassId, className: to.name, students } },
          now,
        );
      });
      return moved;
    },
  };

  async function refuseClassName(name: string, exceptId?: string): Promise<void> {
    const rows = await db.selectFrom('classes').select(['id', 'name']).execute();
    if (rows.some((row) => row.id !== exceptId && row.name.trim().toLowerCase() === name.trim().toLowerCase())) {
      throw new AppError('conflict', STUDENT_MESSAGES.classNameTaken, { issues: [{ path: 'name', message: STUDENT_MESSAGES.classNameTaken }] });
    }
  }
}

export type StudentsService = ReturnType<typeof createStudentsService>;
