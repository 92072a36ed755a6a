import { ACCESS_TOKEN_HEADER, API_PREFIX } from '@invigil/shared/api/http';
import type {
  BankFormat,
  BankImportPreview,
  BankImportReply,
  BankListReply,
  BankQuestion,
  BankQuestionInput,
  BankRenderReply,
} from '@invigil/shared/api/question-bank';
import { ofetch } from 'ofetch';
import * as z from 'zod/mini';
import { ApiError, LOGIN_REQUIRED_MESSAGE, toApiError } from '../../lib/api-client';
import { staffCall } from '../staff-auth/staff-api';
import { endStaffSession, staffSession } from '../staff-auth/staff-session';

// The question bank's calls (shared/api/question-bank.ts). Replies are checked for their shape's
// outline with zod/mini (the server's schemas are the full zod); the types come from shared.
const listSchema = z.looseObject({ items: z.array(z.looseObject({ id: z.string() })), total: z.number(), page: z.number(), page_size: z.number(), subjects: z.array(z.looseObject({ id: z.string(), name: z.string() })), chapters: z.array(z.string()) });
const questionReply = z.looseObject({ question: z.looseObject({ id: z.string(), version: z.number(), question: z.looseObject({ qt: z.number() }), editable: z.looseObject({ qt: z.number() }) }) });
const renderSchema = z.looseObject({ question: z.looseObject({ qt: z.number() }), issues: z.array(z.looseObject({ path: z.string(), message: z.string() })), problems: z.array(z.string()) });
const previewSchema = z.looseObject({ format: z.string(), questions: z.array(z.looseObject({ name: z.string() })), skipped: z.array(z.looseObject({ reason: z.string() })), warnings: z.array(z.looseObject({ message: z.string() })), files: z.number() });
const importSchema = z.looseObject({ imported: z.number(), ids: z.array(z.string()) });

const client = ofetch.create({ baseURL: API_PREFIX, retry: 0 });

function token(): string {
  const value = staffSession.value?.token;
  if (!value) {
    endStaffSession();
    throw new ApiError(LOGIN_REQUIRED_MESSAGE, 401);
  }
  return value;
}

export interface BankFilters {
  q: string;
  subject: string;
  chapter: string;
  difficulty: string;
  type: string;
  page: number;
}

export async function fetchBank(filters: BankFilters, signal?: AbortSignal): Promise<BankListReply> {
  const query: Record<string, string | number> = { page: filters.page };
  for (const key of ['q', 'subject', 'chapter', 'difficulty', 'type'] as const) if (filters[key]) query[key] = filters[key];
  return (await staffCall(listSchema, '/staff/bank', { query, signal })) as unknown as BankListReply;
}

const questionPath = (id: string) => `/staff/bank/${encodeURIComponent(id)}`;

export async function fetchBankQuestion(id: string, signal?: AbortSignal): Promise<BankQuestion> {
  return (await staffCall(questionReply, questionPath(id), { signal })).question as unknown as BankQuestion;
}

export async function saveBankQuestion(id: string | null, input: BankQuestionInput): Promise<BankQuestion> {
  const reply = await staffCall(questionReply, id === null ? '/staff/bank' : questionPath(id), { method: id === null ? 'POST' : 'PUT', body: { ...input } });
  return reply.question as unknown as BankQuestion;
}

export async function archiveBankQuestion(id: string): Promise<void> {
  try {
    await client(questionPath(id), { method: 'DELETE', headers: { [ACCESS_TOKEN_HEADER]: token() } });
  } catch (error) {
    throw toApiError(error, endStaffSession);
  }
}

export async function renderBankQuestion(question: BankQuestionInput['question'], signal?: AbortSignal): Promise<BankRenderReply> {
  return (await staffCall(renderSchema, '/staff/bank/render', { method: 'POST', body: { question }, signal })) as unknown as BankRenderReply;
}

function fileForm(file: File, format: BankFormat | ''): FormData {
  const form = new FormData();
  form.set('file', file);
  if (format) form.set('format', format);
  return form;
}

export async function previewImport(file: File, format: BankFormat | ''): Promise<BankImportPreview> {
  try {
    const data: unknown = await client('/staff/bank/import/preview', { method: 'POST', body: fileForm(file, format), headers: { [ACCESS_TOKEN_HEADER]: token() } });
    return z.parse(previewSchema, data) as unknown as BankImportPreview;
  } catch (error) {
    throw toApiError(error, endStaffSession);
  }
}

export async function confirmImport(file: File, format: BankFormat | ''): Promise<BankImportReply> {
  try {
    const data: unknown = await client('/staff/bank/import/confirm', { method: 'POST', body: fileForm(file, format), headers: { [ACCESS_TOKEN_HEADER]: token() } });
    return z.parse(importSchema, data) as unknown as BankImportReply;
  } catch (error) {
    throw toApiError(error, endStaffSession);
  }
}

function download(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** POST /staff/bank/export: the chosen questions as a Moodle XML file, downloaded. */
export async function exportQuestions(ids: string[]): Promise<void> {
  try {
    const blob = await client('/staff/bank/export', { method: 'POST', body: { ids }, responseType: 'blob', headers: { [ACCESS_TOKEN_HEADER]: token() } });
    download(blob, 'questions.moodle.xml');
  } catch (error) {
    throw toApiError(error, endStaffSession);
  }
}

/** GET /staff/bank/template.xlsx, downloaded. */
export async function downloadTemplate(): Promise<void> {
  try {
    const blob = await client('/staff/bank/template.xlsx', { responseType: 'blob', headers: { [ACCESS_TOKEN_HEADER]: token() } });
    download(blob, 'question-bank-template.xlsx');
  } catch (error) {
    throw toApiError(error, endStaffSession);
  }
}

export const TYPE_NAMES: Record<string, string> = {
  '3': 'Single correct (MCQ)',
  '4': 'Multiple correct (MCQ)',
  '5': 'Paragraph (passage + MCQ)',
  '6': 'Numerical',
  '7': 'Single choice (true/false...)',
  '1': 'Subjective',
  '8': 'Subjective (long)',
  description: 'Description (no marks)',
};

export const DIFFICULTY_NAMES: Record<string, string> = { '1': 'Easy', '2': 'Medium', '3': 'Hard' };
