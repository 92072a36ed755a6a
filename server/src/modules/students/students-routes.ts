import type { Context } from 'hono';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { RosterJob, StaffClass, StaffClassListReply, StaffStudentListReply, StudentReply } from '@invigil/shared/api/staff-students';
import {
  classMoveRequestSchema,
  classNameRequestSchema,
  STUDENT_MESSAGES,
  staffStudentListQuerySchema,
  studentCreateRequestSchema,
  studentPasswordRequestSchema,
  studentUpdateRequestSchema,
} from '@invigil/shared/api/staff-students';
import type { RosterPreview } from '@invigil/shared/api/student-roster';
import { ROSTER_LIMITS } from '@invigil/shared/api/student-roster';
import type { Database } from '../../platform/db';
import { checkedBody, INVALID_FORM_MESSAGE, validateJson } from '../../platform/http/validate-json';
import { AppError } from '../../platform/lib/app-error';
import type { AuthService } from '../auth/auth-module';
import { requireStaff } from '../staff/staff-module';
import type { StaffEnv, StaffModule } from '../staff/staff-module';
import type { RosterJobs } from './roster-jobs';
import { rosterTemplate } from './roster-file';
import { previewRoster } from './roster-upload';
import type { StudentScope, StudentsService } from './students-service';

export interface StudentsRoutesDeps {
  staff: StaffModule;
  students: StudentsService;
  jobs: RosterJobs;
  auth: Pick<AuthService, 'sendOneTimeCode'>;
  db: Kysely<Database>;
}

const idParam = z.string().min(1).max(64);

/** The uploaded file: a multipart form's `file`, or the raw body. 422 when there is none. */
async function uploadedBytes(c: Context): Promise<Uint8Array> {
  const type = c.req.header('content-type')?.toLowerCase() ?? '';
  let bytes: Uint8Array;
  if (type.startsWith('multipart/form-data')) {
    let form: Record<string, unknown>;
    try {
      form = await c.req.parseBody();
    } catch {
      throw new AppError('bad_request', INVALID_FORM_MESSAGE);
    }
    const file = form['file'];
    if (!(file instanceof File)) throw new AppError('unprocessable', STUDENT_MESSAGES.noFile, { issues: [{ path: 'file', message: STUDENT_MESSAGES.noFile }] });
    bytes = new Uint8Array(await file.arrayBuffer());
  } else bytes = new Uint8Array(await c.req.arrayBuffer());
  if (bytes.byteLength === 0) throw new AppError('unprocessable', STUDENT_MESSAGES.noFile, { issues: [{ path: 'file', message: STUDENT_MESSAGES.noFile }] });
  return bytes;
}

/**
 * The staff's students and classes (shared/api/staff-students.ts). Every route checks the staff
 * session and role before the body is read: an admin reads and writes; a teacher reads their
 * own classes' students and classes, and is refused every write with the reason.
 */
export function studentsRoutes({ staff, students, jobs, auth, db }: StudentsRoutesDeps) {
  const routes = new Hono<StaffEnv>();
  const reader = requireStaff(staff.staffAuth, ['admin', 'teacher']);
  const writer = [
    reader,
    createMiddleware<StaffEnv>(async (c, next) => {
      if (c.get('staff').role !== 'admin') throw new AppError('forbidden', STUDENT_MESSAGES.teacherReadOnly);
      await next();
    }),
  ] as const;
  const scopeOf = async (c: Context<StaffEnv>): Promise<StudentScope> => {
    const scope = await staff.scopeOf(c.get('staff'));
    return scope && { classIds: scope.classIds };
  };

  // The fixed paths first: /staff/students/:id would take them.
  routes.get('/staff/students/template.xlsx', ...writer, async (c) => {
    c.header('content-disposition', 'attachment; filename="students-template.xlsx"');
    return c.body(new Uint8Array(await rosterTemplate('xlsx')), 200, { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
  });
  routes.get('/staff/students/template.csv', ...writer, async (c) => {
    c.header('content-disposition', 'attachment; filename="students-template.csv"');
    return c.body(new Uint8Array(await rosterTemplate('csv')), 200, { 'content-type': 'text/csv; charset=utf-8' });
  });

  routes.post('/staff/students/upload/preview', ...writer, async (c) => {
    const result = await previewRoster(db, await uploadedBytes(c), { limits: ROSTER_LIMITS });
    if (!result.ok) throw new AppError('unprocessable', result.message, { issues: [{ path: 'file', message: result.message }] });
    return c.json(result.preview satisfies RosterPreview);
  });
  routes.post('/staff/students/upload/confirm', ...writer, async (c) => {
    // Read, checked again and written in the background; a file that cannot be read ends the job as failed.
    return c.json({ job: jobs.start(await uploadedBytes(c), c.get('staff')) } satisfies { job: RosterJob }, 202);
  });
  routes.get('/staff/students/upload/:job', ...writer, (c) => {
    const job = jobs.get(c.req.param('job'));
    if (!job) throw new AppError('not_found', STUDENT_MESSAGES.noJob);
    return c.json({ job } satisfies { job: RosterJob });
  });

  routes.get('/staff/students', reader, async (c) => {
    const query = checkedBody(staffStudentListQuerySchema, c.req.query());
    return c.json((await students.list(query, await scopeOf(c))) satisfies StaffStudentListReply);
  });
  routes.post('/staff/students', ...writer, validateJson(studentCreateRequestSchema), async (c) =>
    c.json((await students.create(c.get('staff'), c.get('body'))) satisfies StudentReply, 201),
  );
  routes.get('/staff/students/:id', reader, async (c) =>
    c.json({ student: await students.find(checkedBody(idParam, c.req.param('id')), await scopeOf(c)) } satisfies StudentReply),
  );
  routes.patch('/staff/students/:id', ...writer, validateJson(studentUpdateRequestSchema), async (c) =>
    c.json({ student: await students.update(c.get('staff'), checkedBody(idParam, c.req.param('id')), c.get('body')) } satisfies StudentReply),
  );
  routes.post('/staff/students/:id/password', ...writer, validateJson(studentPasswordRequestSchema), async (c) =>
    c.json((await students.resetPassword(c.get('staff'), checkedBody(idParam, c.req.param('id')), c.get('body').password)) satisfies StudentReply),
  );
  routes.post('/staff/students/:id/one-time-code', ...writer, async (c) => {
    const id = checkedBody(idParam, c.req.param('id'));
    if (!(await auth.sendOneTimeCode(id))) throw new AppError('not_found', STUDENT_MESSAGES.notFound);
    const student = await students.find(id, null);
    await students.recordOneTimeCode(c.get('staff'), student);
    return c.json({ student, message: STUDENT_MESSAGES.codeSent(student.email) } satisfies StudentReply);
  });

  routes.get('/staff/classes', reader, async (c) => c.json({ classes: await students.classes(await scopeOf(c)) } satisfies StaffClassListReply));
  routes.post('/staff/classes', ...writer, validateJson(classNameRequestSchema), async (c) =>
    c.json({ class: await students.createClass(c.get('staff'), c.get('body').name) } satisfies { class: StaffClass }, 201),
  );
  routes.patch('/staff/classes/:id', ...writer, validateJson(classNameRequestSchema), async (c) =>
    c.json({ class: await students.renameClass(c.get('staff'), checkedBody(idParam, c.req.param('id')), c.get('body').name) } satisfies { class: StaffClass }),
  );
  routes.post('/staff/classes/:id/move', ...writer, validateJson(classMoveRequestSchema), async (c) =>
    c.json({ moved: await students.move(c.get('staff'), checkedBody(idParam, c.req.param('id')), c.get('body')) } satisfies { moved: number }),
  );

  return routes;
}
