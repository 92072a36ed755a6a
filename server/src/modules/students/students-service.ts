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

  async function find(id: string, scope: StudentScope): Promise<StaffStudent> {
    let query = base().select(columns).where('users.id', '=', id);
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
    async create(request: StudentCreateRequest): Promise<{ student: StaffStudent; password?: string }> {
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
      });
      return { student: await find(id, null), ...(body.password === undefined ? { password } : {}) };
    },

    async update(id: string, body: StudentUpdateRequest): Promise<StaffStudent> {
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
      });
      return find(id, null);
    },

    /** A new password (given, or generated and returned once); the student's sessions end. */
    async resetPassword(id: string, given: string | undefined): Promise<{ student: StaffStudent; password?: string }> {
      const current = await db.selectFrom('users').select(['id', 'password_changed_at']).where('id', '=', id).executeTakeFirst();
      if (!current) throw notFound();
      const password = given ?? generatePassword();
      const now = clock.now();
      await db
        .updateTable('users')
        .set({ password_hash: await hashPassword(password), password_changed_at: passwordChangedAtFor({ passwordChangedAt: Number(current.password_changed_at) }, now) })
        .where('id', '=', id)
        .execute();
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

    async createClass(name: string): Promise<StaffClass> {
      await refuseClassName(name);
      const id = newObjectId(clock.now());
      await db.insertInto('classes').values({ id, name }).execute();
      return { id, name, studentCount: 0 };
    },

    async renameClass(id: string, name: string): Promise<StaffClass> {
      if (!(await classExists(id))) throw new AppError('not_found', STUDENT_MESSAGES.noClass);
      await refuseClassName(name, id);
      await db.updateTable('classes').set({ name }).where('id', '=', id).execute();
      const found = (await this.classes(null)).find((item) => item.id === id);
      if (!found) throw new AppError('not_found', STUDENT_MESSAGES.noClass);
      return found;
    },

    /** Moves the given students of class `fromId` to another class; those not in it are left alone. */
    async move(fromId: string, { studentIds, toClassId }: ClassMoveRequest): Promise<number> {
      if (!(await classExists(fromId))) throw new AppError('not_found', STUDENT_MESSAGES.noClass);
      if (!(await classExists(toClassId))) {
        throw new AppError('unprocessable', STUDENT_MESSAGES.noClass, { issues: [{ path: 'toClassId', message: STUDENT_MESSAGES.noClass }] });
      }
      const ids = [...new Set(studentIds)];
      const now = clock.now();
      let moved = 0;
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < ids.length; i += 500) {
          const result = await trx
            .updateTable('student_profiles')
            .set({ class_id: toClassId, updated_at: now })
            .where('class_id', '=', fromId)
            .where('user_id', 'in', ids.slice(i, i + 500))
            .executeTakeFirst();
          moved += Number(result.numUpdatedRows);
        }
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
