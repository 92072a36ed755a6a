import { z } from 'zod';

/**
 * The staff side's accounts (issue 28, part 1): one sign-in and one session model for the
 * institute's people. Roles:
 *   admin    the institute: everything, and the only role that manages staff
 *   teacher  their classes and subjects: students (read), tests, questions, grading, material
 *   proctor  the live console of the tests they are assigned to
 *
 *   POST  /api/staff/login                     {email, password} -> {token, staff}   (rate limited as students)
 *   POST  /api/staff/logout                    ends this session on the server
 *   GET   /api/staff/me                        {staff}
 *   GET   /api/staff/accounts?q=&page=         admin: staffListReplySchema
 *   POST  /api/staff/accounts                  admin: staffCreateRequestSchema -> {account}
 *   PATCH /api/staff/accounts/{id}             admin: staffUpdateRequestSchema -> {account}
 *   POST  /api/staff/accounts/{id}/password    admin: staffPasswordResetRequestSchema -> {account}
 *   PUT   /api/staff/accounts/{id}/assignments admin: staffAssignmentsRequestSchema -> {account}
 *   GET   /api/staff/directory                 admin: the classes, subjects and tests assignments pick from
 *
 * A staff token is never a student session: it is signed under a key of its own and carries no
 * student claims, so the student routes refuse it, and the staff routes refuse a student's token.
 */

export const STAFF_ROLES = ['admin', 'teacher', 'proctor'] as const;
export const staffRoleSchema = z.enum(STAFF_ROLES, { message: 'A role is admin, teacher or proctor.' });
export type StaffRole = z.infer<typeof staffRoleSchema>;

/** What each role is called on screen. */
export const STAFF_ROLE_LABELS: Record<StaffRole, string> = { admin: 'Admin', teacher: 'Teacher', proctor: 'Proctor' };

export const STAFF_PASSWORD_MIN = 8;
export const STAFF_PAGE_SIZE = 25;

const email = z.email({ message: 'Enter a valid email.' }).max(254);
const name = z.string().trim().min(1, 'Enter a name.').max(200, 'A name has at most 200 characters.');
const password = z
  .string()
  .min(STAFF_PASSWORD_MIN, `A password has at least ${STAFF_PASSWORD_MIN} characters.`)
  .max(200, 'A password has at most 200 characters.');
const id = z.string().min(1).max(64);

export const staffLoginRequestSchema = z.strictObject({
  email: z.string().trim().min(1, 'Enter your email.').max(254),
  password: z.string().min(1, 'Enter your password.').max(200),
});
export type StaffLoginRequest = z.infer<typeof staffLoginRequestSchema>;

/** The signed-in staff member, as every staff screen knows them. */
export const staffMemberSchema = z.object({ id, name: z.string(), email: z.string(), role: staffRoleSchema });
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffLoginReplySchema = z.object({ token: z.string(), staff: staffMemberSchema });
export type StaffLoginReply = z.infer<typeof staffLoginReplySchema>;

export const staffMeReplySchema = z.object({ staff: staffMemberSchema });

/** A staff account as the admin's Staff screen shows it. */
export const staffAccountSchema = staffMemberSchema.extend({
  disabled: z.boolean(),
  /** Epoch ms of the last sign-in, null before the first. */
  lastSignInAt: z.number().nullable(),
  createdAt: z.number(),
  /** A teacher's classes and subjects. */
  classIds: z.array(id),
  subjectIds: z.array(id),
  /** The tests whose live console this person may open. */
  testIds: z.array(id),
});
export type StaffAccount = z.infer<typeof staffAccountSchema>;

export const staffListQuerySchema = z.object({
  q: z.string().trim().max(200).default(''),
  page: z.coerce.number().int().min(1, 'page starts at 1.').max(100_000).default(1),
});
export const staffListReplySchema = z.object({
  items: z.array(staffAccountSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type StaffListReply = z.infer<typeof staffListReplySchema>;

export const staffCreateRequestSchema = z.strictObject({ name, email, role: staffRoleSchema, password });
export type StaffCreateRequest = z.infer<typeof staffCreateRequestSchema>;

export const staffUpdateRequestSchema = z
  .strictObject({ name: name.optional(), role: staffRoleSchema.optional(), disabled: z.boolean().optional() })
  .refine((body) => Object.keys(body).length > 0, 'Change at least one of name, role or disabled.');
export type StaffUpdateRequest = z.infer<typeof staffUpdateRequestSchema>;

export const staffPasswordResetRequestSchema = z.strictObject({ password });

export const staffAssignmentsRequestSchema = z.strictObject({
  classIds: z.array(id).max(1_000).default([]),
  subjectIds: z.array(id).max(1_000).default([]),
  testIds: z.array(id).max(10_000).default([]),
});
export type StaffAssignmentsRequest = z.infer<typeof staffAssignmentsRequestSchema>;

export const staffAccountReplySchema = z.object({ account: staffAccountSchema });

const named = z.object({ id, name: z.string() });
export const staffDirectoryReplySchema = z.object({ classes: z.array(named), subjects: z.array(named), tests: z.array(named) });
export type StaffDirectoryReply = z.infer<typeof staffDirectoryReplySchema>;

/** Messages the staff side shows as written (tests assert them). */
export const STAFF_MESSAGES = {
  loginFailed: 'Invalid email or password.',
  disabled: 'This staff account is disabled. Ask your institute\'s admin.',
  adminOnly: 'Only an admin can do this.',
  roleRequired: (roles: readonly StaffRole[]) => `This needs the ${roles.map((role) => STAFF_ROLE_LABELS[role]).join(' or ')} role.`,
  emailTaken: 'A staff account with this email already exists.',
  notFound: 'No such staff account.',
  lastAdmin: 'The institute needs at least one active admin: this change would leave none.',
  unknownClass: (value: string) => `No class ${value}.`,
  unknownSubject: (value: string) => `No subject ${value}.`,
  unknownTest: (value: string) => `No test ${value}.`,
} as const;
