import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** One entry of a student's proctoring timeline, as GET /api/proctor/events/{testId} gives it. */
export interface TimelineEvent {
  id: string;
  kind: string;
  source: string;
  detail: Record<string, unknown> | null;
  evidence_url: string | null;
}

/** The student's proctoring timeline of a submitted test, through the API with their token. */
export async function timeline(request: APIRequestContext, token: string, testId: string): Promise<TimelineEvent[]> {
  const reply = await request.get(`/api/proctor/events/${testId}`, { headers: { 'x-access-token': token } });
  expect(reply.ok()).toBe(true);
  return ((await reply.json()) as { events: TimelineEvent[] }).events;
}

/** Why the attempt was submitted (userData.terminated): 'manual', BLUR_ALLOWED_COUNT... */
export async function submitReason(request: APIRequestContext, token: string, testId: string): Promise<string | null> {
  const reply = await request.get(`/api/test/answer/${testId}`, { headers: { 'x-access-token': token } });
  expect(reply.ok()).toBe(true);
  return ((await reply.json()) as { userData: { terminated: string | null } }).userData.terminated;
}

/**
 * Nothing was held against the student: the test is still open with no warning shown, they submit
 * it (through the API), and its trail is empty.
 */
export async function submitWithEmptyTrail(page: Page, request: APIRequestContext, token: string, testId: string): Promise<void> {
  await expect(page.getByRole('dialog', { name: 'Warning' })).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/test/${testId}/in`));
  const submit = await request.post('/api/test/submit', { data: { id: testId, updates: [], terminated: 'manual' }, headers: { 'x-access-token': token } });
  expect(submit.ok()).toBe(true);
  expect(await submitReason(request, token, testId)).toBe('manual');
  expect((await timeline(request, token, testId)).map((event) => event.kind)).toEqual([]);
}
