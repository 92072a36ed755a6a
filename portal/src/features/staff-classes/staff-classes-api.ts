import type { StaffClass } from '@invigil/shared/api/staff-students';
import * as z from 'zod/mini';
import { staffCall } from '../staff-auth/staff-api';

// The replies of shared/api/staff-students.ts (classes), checked with zod/mini; `satisfies` keeps them in step.
export const classSchema = z.object({ id: z.string(), name: z.string(), studentCount: z.number() });
const listSchema = z.object({ classes: z.array(classSchema) });
const classReplySchema = z.object({ class: classSchema });
const movedSchema = z.object({ moved: z.number() });

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _inStep: Same<z.infer<typeof classSchema>, StaffClass> = true;
void _inStep;

const classPath = (classId: string) => `/staff/classes/${encodeURIComponent(classId)}`;

/** GET /staff/classes: the classes with their student counts (a teacher: their own). */
export async function fetchClasses(signal?: AbortSignal): Promise<StaffClass[]> {
  return (await staffCall(listSchema, '/staff/classes', { signal })).classes;
}

export async function createClass(name: string): Promise<StaffClass> {
  return (await staffCall(classReplySchema, '/staff/classes', { method: 'POST', body: { name } })).class;
}

export async function renameClass(classId: string, name: string): Promise<StaffClass> {
  return (await staffCall(classReplySchema, classPath(classId), { method: 'PATCH', body: { name } })).class;
}

/** Moves the students (of class `fromId`) to another class: how many moved. */
export async function moveStudents(fromId: string, studentIds: string[], toClassId: string): Promise<number> {
  return (await staffCall(movedSchema, `${classPath(fromId)}/move`, { method: 'POST', body: { studentIds, toClassId } })).moved;
}
