import type { AttendanceReply, AttendanceStatReply } from '@invigil/shared/api/attendance';
import { apiCall, getCall } from '../../lib/api-client';

export const fetchAttendanceStat = getCall('/attendances/stat', { pick: (reply: AttendanceStatReply) => reply.data });

/** The student's records from `startDate` to `endDate` ('yyyy-MM-dd', both included). */
export const fetchAttendances = (startDate: string, endDate: string, signal?: AbortSignal) =>
  apiCall<AttendanceReply>('/attendances', { query: { startDate, endDate }, signal });
