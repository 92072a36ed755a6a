import type {
  AttemptQuery,
  AttemptTableReply,
  ItemAnalysisReply,
  MarksheetPreviewReply,
  MarksheetsReply,
  ProduceMarksheetsReply,
  QuestionChangeReply,
  QuestionChangesReply,
  ReleaseRequest,
  ReleaseStateReply,
  ResultsTestListReply,
  StudentResultsReply,
} from '@invigil/shared/api/staff-results';
import { ACCESS_TOKEN_HEADER, API_PREFIX } from '@invigil/shared/api/http';
import { ofetch } from 'ofetch';
import * as z from 'zod/mini';
import { toApiError } from '../../lib/api-client';
import { staffCall } from '../staff-auth/staff-api';
import { endStaffSession, staffSession } from '../staff-auth/staff-session';

// Results' calls (shared/api/staff-results.ts). Replies are checked for their outline with
// zod/mini (the server's schemas are the full zod); the types come from shared.
const listSchema = z.looseObject({ items: z.array(z.looseObject({ id: z.string(), name: z.string() })), total: z.number(), page: z.number(), page_size: z.number() });
const tableSchema = z.looseObject({ test: z.looseObject({ id: z.string(), name: z.string() }), rows: z.array(z.looseObject({ attempt_id: z.string() })), total: z.number(), page: z.number(), page_size: z.number() });
const itemsSchema = z.looseObject({ counted: z.number(), items: z.array(z.looseObject({ qn: z.number(), options: z.array(z.looseObject({ label: z.string() })) })) });
const changeSchema = z.looseObject({ change: z.looseObject({ id: z.string() }), notified: z.number() });
const changesSchema = z.looseObject({ items: z.array(z.looseObject({ id: z.string() })) });
const marksheetsSchema = z.looseObject({ items: z.array(z.looseObject({ id: z.string() })) });
const previewSchema = z.looseObject({ id: z.string(), name: z.string(), html: z.string() });
const releaseSchema = z.looseObject({ review: z.looseObject({ rule: z.string() }) });
const studentSchema = z.looseObject({ student: z.looseObject({ id: z.string() }), items: z.array(z.looseObject({ test_id: z.string() })) });

const base = (testId: string) => `/staff/results/${encodeURIComponent(testId)}`;

export interface ResultsFilters {
  q: string;
  page: number;
}

export async function fetchResultsTests(filters: ResultsFilters, signal?: AbortSignal): Promise<ResultsTestListReply> {
  const query: Record<string, string | number> = { page: filters.page };
  if (filters.q) query['q'] = filters.q;
  return (await staffCall(listSchema, '/staff/results', { query, signal })) as unknown as ResultsTestListReply;
}

export type AttemptFilters = AttemptQuery;

function attemptQuery(filters: AttemptFilters, withPage: boolean): Record<string, string | number> {
  const query: Record<string, string | number> = { sort: filters.sort, dir: filters.dir };
  if (withPage) query['page'] = filters.page;
  if (filters.q) query['q'] = filters.q;
  if (filters.status) query['status'] = filters.status;
  if (filters.class) query['class'] = filters.class;
  return query;
}

export async function fetchAttempts(testId: string, filters: AttemptFilters, signal?: AbortSignal): Promise<AttemptTableReply> {
  return (await staffCall(tableSchema, `${base(testId)}/attempts`, { query: attemptQuery(filters, true), signal })) as unknown as AttemptTableReply;
}

/** Downloads the whole filtered table (the link needs the staff token, so it is fetched and saved as a file). */
export async function downloadAttempts(testId: string, filters: AttemptFilters, format: 'csv' | 'xlsx'): Promise<void> {
  const client = ofetch.create({ baseURL: API_PREFIX, retry: 0 });
  let blob: Blob;
  try {
    blob = await client(`${base(testId)}/attempts.${format}`, { query: attemptQuery(filters, false), responseType: 'blob', headers: { [ACCESS_TOKEN_HEADER]: staffSession.value?.token ?? '' } });
  } catch (error) {
    throw toApiError(error, endStaffSession);
  }
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `results-${testId.replace(/[^A-Za-z0-9._-]/g, '_')}.${format}`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export async function fetchItems(testId: string, signal?: AbortSignal): Promise<ItemAnalysisReply> {
  return (await staffCall(itemsSchema, `${base(testId)}/items`, { signal })) as unknown as ItemAnalysisReply;
}

export async function rekeyQuestion(testId: string, qn: number, answer: string | string[], reason: string): Promise<QuestionChangeReply> {
  return (await staffCall(changeSchema, `${base(testId)}/questions/${qn}/rekey`, { method: 'POST', body: { answer, reason } })) as unknown as QuestionChangeReply;
}

export async function dropQuestion(testId: string, qn: number, reason: string, restore = false): Promise<QuestionChangeReply> {
  return (await staffCall(changeSchema, `${base(testId)}/questions/${qn}/${restore ? 'restore' : 'drop'}`, { method: 'POST', body: { reason } })) as unknown as QuestionChangeReply;
}

export async function fetchChanges(testId: string, signal?: AbortSignal): Promise<QuestionChangesReply> {
  return (await staffCall(changesSchema, `${base(testId)}/changes`, { signal })) as unknown as QuestionChangesReply;
}

export async function fetchMarksheets(testId: string, signal?: AbortSignal): Promise<MarksheetsReply> {
  return (await staffCall(marksheetsSchema, `${base(testId)}/marksheets`, { signal })) as unknown as MarksheetsReply;
}

export async function produceMarksheets(testId: string): Promise<ProduceMarksheetsReply> {
  return (await staffCall(z.looseObject({ produced: z.number(), replaced: z.number(), items: z.array(z.unknown()) }), `${base(testId)}/marksheets`, { method: 'POST', body: {} })) as unknown as ProduceMarksheetsReply;
}

export async function fetchMarksheet(testId: string, id: string): Promise<MarksheetPreviewReply> {
  return (await staffCall(previewSchema, `${base(testId)}/marksheets/${encodeURIComponent(id)}`)) as unknown as MarksheetPreviewReply;
}

export async function fetchRelease(testId: string, signal?: AbortSignal): Promise<ReleaseStateReply> {
  return (await staffCall(releaseSchema, `${base(testId)}/release`, { signal })) as unknown as ReleaseStateReply;
}

export async function setRelease(testId: string, request: ReleaseRequest): Promise<ReleaseStateReply> {
  return (await staffCall(releaseSchema, `${base(testId)}/release`, { method: 'PUT', body: request as unknown as Record<string, unknown> })) as unknown as ReleaseStateReply;
}

export async function fetchStudentResults(userId: string, signal?: AbortSignal): Promise<StudentResultsReply> {
  return (await staffCall(studentSchema, `/staff/student-results/${encodeURIComponent(userId)}`, { signal })) as unknown as StudentResultsReply;
}
