import type { AttendanceReply, AttendanceStatReply } from '@invigil/shared/api/attendance';
import { apiCall } from '../../lib/api-client';

export const fetchAttendanceStat = (signal?: AbortSignal) => apiCall<AttendanceStatReply>('/attendances/stat', { signal });

/** The student's records from `startDate` to `endDate` ('yyyy-MM-dd', both included). */
export const fetchAttendances = (startDate: string, endDate: string, signal?: AbortSignal) =>
  apiCall<AttendanceReply>('/attendances', { query: { startDate, endDate }, signal });
