import type { TestDraft, TestEditorReply, TestEditorStatus, TestListReply, TestPublishReply } from '@invigil/shared/api/staff-tests';
import * as z from 'zod/mini';
import { staffCall } from '../staff-auth/staff-api';

// The test editor's calls (shared/api/staff-tests.ts). Replies are checked for their outline with
// zod/mini (the server's schemas are the full zod); the types come from shared.
const listSchema = z.looseObject({ items: z.array(z.looseObject({ id: z.string(), name: z.string(), status: z.string() })), total: z.number(), page: z.number(), page_size: z.number() });
const editorSchema = z.looseObject({
  draft: z.looseObject({ id: z.string(), name: z.string(), parts: z.array(z.looseObject({ sections: z.array(z.looseObject({ questions: z.array(z.looseObject({ question: z.looseObject({ qt: z.number() }) })) })) })) }),
  status: z.string(),
  updated_at: z.number(),
  issues: z.array(z.looseObject({ path: z.string(), message: z.string() })),
  options: z.looseObject({ classes: z.array(z.looseObject({ id: z.string() })), proctors: z.array(z.looseObject({ id: z.string() })) }),
});
const publishSchema = z.looseObject({ editor: editorSchema, new_version: z.boolean(), rescored: z.number() });

export interface TestFilters {
  q: string;
  status: '' | TestEditorStatus;
  page: number;
}

const testPath = (id: string) => `/staff/tests/${encodeURIComponent(id)}`;

/** GET /staff/tests: one page of the tests matching the search and status. */
export async function fetchTests(filters: TestFilters, signal?: AbortSignal): Promise<TestListReply> {
  const query: Record<string, string | number> = { page: filters.page };
  if (filters.q) query['q'] = filters.q;
  if (filters.status) query['status'] = filters.status;
  return (await staffCall(listSchema, '/staff/tests', { query, signal })) as unknown as TestListReply;
}

/** GET /staff/tests/{id}: the draft as the editor edits it, its status, issues and pickers. */
export async function fetchTest(id: string, signal?: AbortSignal): Promise<TestEditorReply> {
  return (await staffCall(editorSchema, testPath(id), { signal })) as unknown as TestEditorReply;
}

/** POST /staff/tests: a new draft (409: the id is taken). */
export async function createTest(draft: Pick<TestDraft, 'id' | 'name' | 'duration'>): Promise<TestEditorReply> {
  return (await staffCall(editorSchema, '/staff/tests', { method: 'POST', body: { draft } })) as unknown as TestEditorReply;
}

/** PUT /staff/tests/{id}: saves the draft over the one it started from (409: someone saved meanwhile). */
export async function saveTest(draft: TestDraft, baseUpdatedAt: number): Promise<TestEditorReply> {
  return (await staffCall(editorSchema, testPath(draft.id), { method: 'PUT', body: { draft, base_updated_at: baseUpdatedAt } })) as unknown as TestEditorReply;
}

/** POST /staff/tests/{id}/publish: the saved draft becomes the students' test (422 with issues, 409 while students write it). */
export async function publishTest(id: string, baseUpdatedAt: number): Promise<TestPublishReply> {
  return (await staffCall(publishSchema, `${testPath(id)}/publish`, { method: 'POST', body: { base_updated_at: baseUpdatedAt } })) as unknown as TestPublishReply;
}

/** DELETE /staff/tests/{id}/draft: back to the published test. */
export async function discardDraft(id: string): Promise<TestEditorReply> {
  return (await staffCall(editorSchema, `${testPath(id)}/draft`, { method: 'DELETE' })) as unknown as TestEditorReply;
}

/** DELETE /staff/tests/{id}: a test nobody has started. */
export async function deleteTest(id: string): Promise<void> {
  await staffCall(z.unknown(), testPath(id), { method: 'DELETE' });
}

/** POST /staff/tests/{id}/duplicate: a new draft with the same paper and settings. */
export async function duplicateTest(id: string, copy: { id: string; name: string }): Promise<TestEditorReply> {
  return (await staffCall(editorSchema, `${testPath(id)}/duplicate`, { method: 'POST', body: copy })) as unknown as TestEditorReply;
}
