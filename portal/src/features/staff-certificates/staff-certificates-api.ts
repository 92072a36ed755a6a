import type { StaffCertificateFilter, StaffCertificateListReply, StaffCertificateReply } from '@invigil/shared/api/staff-certificates';
import { ACCESS_TOKEN_HEADER, API_PREFIX } from '@invigil/shared/api/http';
import { ofetch } from 'ofetch';
import * as z from 'zod/mini';
import { ApiError, LOGIN_REQUIRED_MESSAGE, toApiError } from '../../lib/api-client';
import { staffCall } from '../staff-auth/staff-api';
import { endStaffSession, staffSession } from '../staff-auth/staff-session';

// The replies of shared/api/staff-certificates.ts (their types; the server builds them with `satisfies`).
const reply = <T,>() => z.custom<T>((value) => typeof value === 'object' && value !== null);

export interface CertificateFilters {
  q: string;
  status: StaffCertificateFilter;
  page: number;
}

const path = (id: string) => `/staff/certificates/${encodeURIComponent(id)}`;

export const fetchCertificates = (filters: CertificateFilters, signal?: AbortSignal) =>
  staffCall(reply<StaffCertificateListReply>(), '/staff/certificates', { query: { status: filters.status, q: filters.q, page: filters.page }, signal });
export const markProcessing = (id: string) => staffCall(reply<StaffCertificateReply>(), `${path(id)}/processing`, { method: 'POST', body: {} });
export const rejectCertificate = (id: string, reason: string) => staffCall(reply<StaffCertificateReply>(), `${path(id)}/reject`, { method: 'POST', body: { reason } });

// The PDF: a form with a file, not JSON, so not through staffCall; same token and 401 handling.
const client = ofetch.create({ baseURL: API_PREFIX, retry: 0 });

export async function deliverCertificate(id: string, file: File): Promise<StaffCertificateReply> {
  const token = staffSession.value?.token;
  if (!token) {
    endStaffSession();
    throw new ApiError(LOGIN_REQUIRED_MESSAGE, 401);
  }
  const form = new FormData();
  form.set('file', file);
  try {
    return await client<StaffCertificateReply>(`${path(id)}/deliver`, { method: 'POST', body: form, headers: { [ACCESS_TOKEN_HEADER]: token } });
  } catch (error) {
    throw toApiError(error, endStaffSession);
  }
}
