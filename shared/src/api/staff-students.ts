import { z } from 'zod';
import { userConfigSchema } from './auth';
import type { RosterPreview, RosterSummary } from './student-roster';
import { STUDENT_STATUSES } from './staff-students-text';
import type { RosterJobPhase } from './staff-students-text';

export * from './staff-students-text';

/**
 * The staff side's students and classes (issue 28). An admin reads and writes everything; a
 * teacher reads the students of their own classes (no writes); a proctor and a student nothing.
 *
 *   GET   /api/staff/students?q=&class=&status=&page=  staffStudentListReplySchema (25 a page, by name)
 *   POST  /api/staff/students                          admin: studentCreateRequestSchema -> {student, password?}
 *   GET   /api/staff/students/{id}                     {student}
 *   PATCH /api/staff/students/{id}                     admin: studentUpdateRequestSchema -> {student}
 *   POST  /api/staff/students/{id}/password            admin: {password?} -> {student, password?} (generated when absent)
 *   POST  /api/staff/students/{id}/one-time-code       admin: marks unverified, sends a code -> {student, message}
 *   GET   /api/staff/students/template.xlsx | .csv     the upload's template
 *   POST  /api/staff/students/upload/preview           admin: the file (multipart `file`, or the raw body) -> RosterPreview
 *   POST  /api/staff/students/upload/confirm           admin: the same file -> {job} (202), written in the background
 *   GET   /api/staff/students/upload/{job}             admin: rosterJobSchema (poll until phase is done or failed)
 *   GET   /api/staff/classes                           {classes} (a teacher: their classes)
 *   POST  /api/staff/classes                           admin: {name} -> {class}
 *   PATCH /api/staff/classes/{id}                      admin: {name} -> {class}
 *   POST  /api/staff/classes/{id}/move                 admin: {studentIds, toClassId} -> {moved}
 */

export const studentStatusSchema = z.enum(STUDENT_STATUSES, { message: 'A status is active, disabled or unverified.' });
export type StudentStatus = z.infer<typeof studentStatusSchema>;


const id = z.string().trim().min(1).max(64);
const name = z.string().trim().min(1, 'Enter a name.').max(200, 'A name has at most 200 characters.');
const email = z.string().trim().max(254, 'An email has at most 254 characters.').pipe(z.email({ message: 'Enter a valid email.' }));
const regNo = z
  .string()
  .trim()
  .min(1, 'Enter a registration number.')
  .max(64, 'A registration number has at most 64 characters.');
const phone = z.string().trim().max(32, 'A phone number has at most 32 characters.').regex(/^[0-9+\-() ]*$/, 'A phone number has digits, spaces, +, - and brackets only.');
export const STUDENT_PASSWORD_MIN = 6;
const password = z
  .string()
  .min(STUDENT_PASSWORD_MIN, `A password has at least ${STUDENT_PASSWORD_MIN} characters.`)
  .max(200, 'A password has at most 200 characters.');
const classId = id.nullable();

export const staffStudentSchema = z.object({
  id,
  regNo: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  classId: z.string().nullable(),
  className: z.string().nullable(),
  status: studentStatusSchema,
  /** Epoch ms of the last sign-in, null before the first (or before migration 0018). */
  lastSignInAt: z.number().nullable(),
  createdAt: z.number(),
  config: userConfigSchema,
});
export type StaffStudent = z.infer<typeof staffStudentSchema>;

export const staffStudentListQuerySchema = z.object({
  q: z.string().trim().max(200, 'A search has at most 200 characters.').default(''),
  /** A class id, NO_CLASS, or '' for every class. */
  class: z.string().trim().max(64).default(''),
  status: z.enum(['', ...STUDENT_STATUSES], { message: 'A status is active, disabled or unverified.' }).default(''),
  page: z.coerce.number().int().min(1, 'page starts at 1.').max(100_000).default(1),
});
export type StaffStudentListQuery = z.infer<typeof staffStudentListQuerySchema>;

export const staffStudentListReplySchema = z.object({
  items: z.array(staffStudentSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type StaffStudentListReply = z.infer<typeof staffStudentListReplySchema>;

/** Add one student: with a password (generated when left out), verified now or by a one-time code. */
export const studentCreateRequestSchema = z.strictObject({
  regNo,
  name,
  email,
  phone: phone.default(''),
  classId: classId.default(null),
  password: password.optional(),
  /** false: the student confirms the account with a one-time code at their first sign-in. */
  verified: z.boolean().default(true),
});
export type StudentCreateRequest = z.input<typeof studentCreateRequestSchema>;

export const studentUpdateRequestSchema = z
  .strictObject({
    name: name.optional(),
    email: email.optional(),
    phone: phone.optional(),
    classId: classId.optional(),
    config: userConfigSchema.optional(),
    disabled: z.boolean().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'Change at least one of name, email, phone, class, config or disabled.');
export type StudentUpdateRequest = z.infer<typeof studentUpdateRequestSchema>;

/** Reset a password: the admin's, or one generated by the server (returned once). */
export const studentPasswordRequestSchema = z.strictObject({ password: password.optional() });

export const studentReplySchema = z.object({ student: staffStudentSchema, password: z.string().optional(), message: z.string().optional() });
export type StudentReply = z.infer<typeof studentReplySchema>;

export const staffClassSchema = z.object({ id, name: z.string(), studentCount: z.number().int() });
export type StaffClass = z.infer<typeof staffClassSchema>;
export const staffClassListReplySchema = z.object({ classes: z.array(staffClassSchema) });
export type StaffClassListReply = z.infer<typeof staffClassListReplySchema>;

export const classNameRequestSchema = z.strictObject({ name: z.string().trim().min(1, 'Enter a class name.').max(200, 'A class name has at most 200 characters.') });
export const classMoveRequestSchema = z.strictObject({
  studentIds: z.array(id).min(1, 'Pick at least one student.').max(10_000, 'Move at most 10,000 students at a time.'),
  toClassId: id,
});
export type ClassMoveRequest = z.infer<typeof classMoveRequestSchema>;

/** The background write of a confirmed upload, polled by the screen's progress bar. */
export interface RosterJob {
  id: string;
  phase: RosterJobPhase;
  done: number;
  total: number;
  /** Once done. */
  summary?: RosterSummary;
  failures?: { rowNumber: number; message: string }[];
  /** Once failed: why. */
  message?: string;
}
export type { RosterPreview, RosterSummary };



