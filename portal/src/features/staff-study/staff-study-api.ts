import type {
  AttachmentUrlReply,
  StaffStudyItemReply,
  StaffStudyListReply,
  StaffStudyOptions,
  StudyAttachmentInput,
  StudyGradingListReply,
  SubmissionQueueReply,
  SubmissionReply,
} from '@invigil/shared/api/staff-study';
import type { StaffStudyType, StudyAttachmentContentType } from '@invigil/shared/api/staff-study-text';
import { ofetch } from 'ofetch';
import * as z from 'zod/mini';
import { ApiError, toApiError } from '../../lib/api-client';
import { staffCall } from '../staff-auth/staff-api';

// Study material's calls (shared/api/staff-study.ts). Replies are checked for their outline with
// zod/mini (the server's schemas are the full zod); the types come from shared.
const optionsSchema = z.looseObject({ classes: z.array(z.looseObject({ id: z.string(), name: z.string() })), subjects: z.array(z.looseObject({ id: z.string(), name: z.string() })), everyone: z.boolean() });
const listSchema = z.looseObject({ items: z.array(z.looseObject({ id: z.string(), title: z.string() })), total: z.number(), page: z.number(), pageSize: z.number() });
const itemSchema = z.looseObject({ item: z.looseObject({ id: z.string(), title: z.string() }), submissions: z.array(z.looseObject({ user_id: z.string() })) });
const messageSchema = z.looseObject({ message: z.string() });
const attachmentSchema = z.looseObject({ file: z.string(), url: z.string() });
const gradingSchema = z.looseObject({ items: z.array(z.looseObject({ id: z.string(), to_grade: z.number() })) });
const queueSchema = z.looseObject({ item: z.looseObject({ id: z.string(), title: z.string() }), entries: z.array(z.looseObject({ user_id: z.string(), label: z.string() })), total: z.number(), graded: z.number() });
const submissionSchema = z.looseObject({ user_id: z.string(), label: z.string(), files: z.array(z.looseObject({ url: z.string() })) });

export interface StudyFilters {
  q: string;
  page: number;
  type: '' | StaffStudyType;
  classId: string;
  subjectId: string;
}

const itemPath = (id: string) => `/staff/study/items/${encodeURIComponent(id)}`;

export async function fetchStudyOptions(signal?: AbortSignal): Promise<StaffStudyOptions> {
  return (await staffCall(optionsSchema, '/staff/study/options', { signal })) as unknown as StaffStudyOptions;
}

export async function fetchStudyItems(filters: StudyFilters, signal?: AbortSignal): Promise<StaffStudyListReply> {
  const query: Record<string, string | number> = { page: filters.page };
  if (filters.q) query['q'] = filters.q;
  if (filters.type) query['type'] = filters.type;
  if (filters.classId) query['class'] = filters.classId;
  if (filters.subjectId) query['subject'] = filters.subjectId;
  return (await staffCall(listSchema, '/staff/study/items', { query, signal })) as unknown as StaffStudyListReply;
}

export async function fetchStudyItem(id: string, signal?: AbortSignal): Promise<StaffStudyItemReply> {
  return (await staffCall(itemSchema, itemPath(id), { signal })) as unknown as StaffStudyItemReply;
}

export interface StudyItemBody {
  type: StaffStudyType;
  title: string;
  description: string;
  class_id: string | null;
  subject_id: string;
  due_at: number | null;
  max_marks: number | null;
  attachments: StudyAttachmentInput[];
}

export async function saveStudyItem(id: string | null, body: StudyItemBody): Promise<StaffStudyItemReply> {
  return (await staffCall(itemSchema, id === null ? '/staff/study/items' : itemPath(id), { method: id === null ? 'POST' : 'PUT', body: { ...body } })) as unknown as StaffStudyItemReply;
}

export async function deleteStudyItem(id: string, withSubmissions: boolean): Promise<string> {
  return (await staffCall(messageSchema, itemPath(id), { method: 'DELETE', query: withSubmissions ? { confirm: 'submissions' } : {} })).message;
}

export async function publishScores(id: string): Promise<StaffStudyItemReply> {
  return (await staffCall(itemSchema, `${itemPath(id)}/publish-scores`, { method: 'POST' })) as unknown as StaffStudyItemReply;
}

/** Uploads a file for an attachment: a signed URL from the server, then the bytes; returns the key to save with the item. */
export async function uploadAttachment(file: File, contentType: StudyAttachmentContentType): Promise<string> {
  const reply = (await staffCall(attachmentSchema, '/staff/study/attachments', { method: 'POST', body: { content_type: contentType, size: file.size } })) as unknown as AttachmentUrlReply;
  try {
    await ofetch(reply.url, { method: 'PUT', body: file, headers: { 'content-type': contentType }, retry: 0 });
  } catch (error) {
    throw toApiError(error);
  }
  return reply.file;
}

export async function fetchStudyGrading(signal?: AbortSignal): Promise<StudyGradingListReply> {
  return (await staffCall(gradingSchema, '/staff/study/grading', { signal })) as unknown as StudyGradingListReply;
}

export async function fetchSubmissionQueue(id: string, names: boolean, signal?: AbortSignal): Promise<SubmissionQueueReply> {
  return (await staffCall(queueSchema, `${itemPath(id)}/submissions`, { query: names ? { names: '1' } : {}, signal })) as unknown as SubmissionQueueReply;
}

export async function fetchSubmission(id: string, userId: string, names: boolean): Promise<SubmissionReply> {
  return (await staffCall(submissionSchema, `${itemPath(id)}/submissions/${encodeURIComponent(userId)}`, { query: names ? { names: '1' } : {} })) as unknown as SubmissionReply;
}

export async function saveScore(id: string, userId: string, body: { marks: number; comment: string; base_graded_at: number | null }, names: boolean): Promise<SubmissionReply> {
  return (await staffCall(submissionSchema, `${itemPath(id)}/submissions/${encodeURIComponent(userId)}/score`, { method: 'PUT', body, query: names ? { names: '1' } : {} })) as unknown as SubmissionReply;
}

/** The field problems of a 422 reply, by path ('title', 'attachments.0.file'...). */
export function issuesOf(error: unknown): Record<string, string> {
  const data = error instanceof ApiError ? (error.data as { issues?: { path: string; message: string }[] } | undefined) : undefined;
  const result: Record<string, string> = {};
  for (const issue of data?.issues ?? []) if (!(issue.path in result)) result[issue.path] = issue.message;
  return result;
}

export const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Something went wrong!');
