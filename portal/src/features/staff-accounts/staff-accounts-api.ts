import type { StaffAccount, StaffAssignmentsRequest, StaffCreateRequest, StaffDirectoryReply, StaffListReply, StaffUpdateRequest } from '@invigil/shared/api/staff';
import * as z from 'zod/mini';
import { staffCall } from '../staff-auth/staff-api';

// The replies of shared/api/staff.ts, checked with zod/mini as the portal's other calls are (that
// module's schemas are the server's full zod); `satisfies` below keeps the two in step.
const id = z.string().check(z.minLength(1));
const accountSchema = z.object({
  id,
  name: z.string(),
  email: z.string(),
  role: z.enum(['admin', 'teacher', 'proctor']),
  disabled: z.boolean(),
  lastSignInAt: z.nullable(z.number()),
  createdAt: z.number(),
  classIds: z.array(z.string()),
  subjectIds: z.array(z.string()),
  testIds: z.array(z.string()),
});
const listSchema = z.object({ items: z.array(accountSchema), total: z.number(), page: z.number(), pageSize: z.number() });
const accountReplySchema = z.object({ account: accountSchema });
const named = z.object({ id, name: z.string() });
const directorySchema = z.object({ classes: z.array(named), subjects: z.array(named), tests: z.array(named) });

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _inStep: [Same<z.infer<typeof accountSchema>, StaffAccount>, Same<z.infer<typeof listSchema>, StaffListReply>, Same<z.infer<typeof directorySchema>, StaffDirectoryReply>] = [true, true, true];
void _inStep;

const accountPath = (accountId: string) => `/staff/accounts/${encodeURIComponent(accountId)}`;

/** GET /staff/accounts?q=&page=: one page of the staff, searched by name or email. */
export function fetchStaffAccounts(q: string, page: number, signal?: AbortSignal): Promise<StaffListReply> {
  return staffCall(listSchema, '/staff/accounts', { query: { q, page }, signal });
}

export async function createStaffAccount(body: StaffCreateRequest): Promise<StaffAccount> {
  return (await staffCall(accountReplySchema, '/staff/accounts', { method: 'POST', body: { ...body } })).account;
}

export async function updateStaffAccount(accountId: string, body: StaffUpdateRequest): Promise<StaffAccount> {
  return (await staffCall(accountReplySchema, accountPath(accountId), { method: 'PATCH', body: { ...body } })).account;
}

export async function resetStaffPassword(accountId: string, password: string): Promise<StaffAccount> {
  return (await staffCall(accountReplySchema, `${accountPath(accountId)}/password`, { method: 'POST', body: { password } })).account;
}

export async function setStaffAssignments(accountId: string, body: StaffAssignmentsRequest): Promise<StaffAccount> {
  return (await staffCall(accountReplySchema, `${accountPath(accountId)}/assignments`, { method: 'PUT', body: { ...body } })).account;
}

/** GET /staff/directory: the classes, subjects and tests that assignments pick from. */
export function fetchStaffDirectory(signal?: AbortSignal): Promise<StaffDirectoryReply> {
  return staffCall(directorySchema, '/staff/directory', { signal });
}
