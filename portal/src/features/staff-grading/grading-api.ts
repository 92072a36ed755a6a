import type {
  GradingAnswerReply,
  GradingFilter,
  GradingQueueReply,
  GradingTestReply,
  GradingTestsReply,
  QuestionReportItem,
  QuestionReportsReply,
  RubricItem,
  RubricReply,
  SecondLookReply,
} from '@invigil/shared/api/staff-grading';
import * as z from 'zod/mini';
import { staffCall } from '../staff-auth/staff-api';

// Grading's calls (shared/api/staff-grading.ts). Replies are checked for their outline with
// zod/mini (the server's schemas are the full zod); the types come from shared.
const testsSchema = z.looseObject({ tests: z.array(z.looseObject({ id: z.string(), name: z.string() })), open_reports: z.number() });
const testSchema = z.looseObject({ test: z.looseObject({ id: z.string(), name: z.string() }), questions: z.array(z.looseObject({ qn: z.number() })), open_reports: z.number() });
const queueSchema = z.looseObject({ entries: z.array(z.looseObject({ attempt_id: z.string(), qn: z.number(), label: z.string() })), total: z.number(), graded: z.number() });
const answerSchema = z.looseObject({ attempt_id: z.string(), label: z.string(), question: z.looseObject({ qn: z.number(), text: z.string() }), range: z.looseObject({ min: z.number(), max: z.number() }), rubric: z.array(z.looseObject({ id: z.string() })) });
const reportsSchema = z.looseObject({ reports: z.array(z.looseObject({ id: z.string(), text: z.string() })) });
const reportSchema = z.looseObject({ id: z.string(), status: z.string() });
const rubricSchema = z.looseObject({ qn: z.number(), items: z.array(z.looseObject({ id: z.string() })) });
const secondLookSchema = z.looseObject({ second_look: z.boolean() });

const testPath = (testId: string) => `/staff/grading/tests/${encodeURIComponent(testId)}`;
const answerPath = (testId: string, attemptId: string, qn: number) => `${testPath(testId)}/answers/${encodeURIComponent(attemptId)}/${qn}`;

export async function fetchGradingTests(signal?: AbortSignal): Promise<GradingTestsReply> {
  return (await staffCall(testsSchema, '/staff/grading/tests', { signal })) as unknown as GradingTestsReply;
}

export async function fetchGradingTest(testId: string, signal?: AbortSignal): Promise<GradingTestReply> {
  return (await staffCall(testSchema, testPath(testId), { signal })) as unknown as GradingTestReply;
}

export interface QueueFilters {
  qn: number | null;
  filter: GradingFilter;
  names: boolean;
}

export async function fetchQueue(testId: string, filters: QueueFilters, signal?: AbortSignal): Promise<GradingQueueReply> {
  const query: Record<string, string> = { filter: filters.filter };
  if (filters.qn !== null) query['qn'] = String(filters.qn);
  if (filters.names) query['names'] = '1';
  return (await staffCall(queueSchema, `${testPath(testId)}/queue`, { query, signal })) as unknown as GradingQueueReply;
}

export async function fetchAnswer(testId: string, attemptId: string, qn: number, names: boolean): Promise<GradingAnswerReply> {
  return (await staffCall(answerSchema, answerPath(testId, attemptId, qn), { query: names ? { names: '1' } : {} })) as unknown as GradingAnswerReply;
}

export async function saveGrade(
  testId: string,
  attemptId: string,
  qn: number,
  body: { marks: number; rubric_items: string[]; comment: string; base_graded_at: number | null },
  names: boolean,
): Promise<GradingAnswerReply> {
  return (await staffCall(answerSchema, `${answerPath(testId, attemptId, qn)}/grade`, { method: 'PUT', body, query: names ? { names: '1' } : {} })) as unknown as GradingAnswerReply;
}

export async function setSecondLook(testId: string, attemptId: string, qn: number, on: boolean): Promise<SecondLookReply> {
  return (await staffCall(secondLookSchema, `${answerPath(testId, attemptId, qn)}/second-look`, { method: 'PUT', body: { on } })) as unknown as SecondLookReply;
}

export async function saveRubric(testId: string, qn: number, items: RubricItem[]): Promise<RubricReply> {
  return (await staffCall(rubricSchema, `${testPath(testId)}/rubrics/${qn}`, { method: 'PUT', body: { items } })) as unknown as RubricReply;
}

export async function fetchReports(status: 'open' | 'resolved' | 'all', signal?: AbortSignal): Promise<QuestionReportsReply> {
  return (await staffCall(reportsSchema, '/staff/grading/reports', { query: { status }, signal })) as unknown as QuestionReportsReply;
}

export async function resolveReport(id: string, note: string): Promise<QuestionReportItem> {
  return (await staffCall(reportSchema, `/staff/grading/reports/${encodeURIComponent(id)}/resolve`, { method: 'POST', body: { note } })) as unknown as QuestionReportItem;
}
