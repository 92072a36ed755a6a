import {
  proctorCommandsSentSchema,
  proctorLoginReplySchema,
  proctorTestSnapshotSchema,
  proctorTestsReplySchema,
  proctorTrailReplySchema,
  chatMessageSchema,
  type ChatMessage,
  type ProctorCommand,
  type ProctorCommandRequest,
  type ProctorLoginReply,
  type ProctorTest,
  type ProctorTestSnapshot,
  type ProctorTrailReply,
} from '@invigil/shared/api/live';
import { ACCESS_TOKEN_HEADER, API_PREFIX } from '@invigil/shared/api/http';
import { videoProctoringReplySchema, type VideoProctoringReply } from '@invigil/shared/api/video-proctoring';
import { ofetch } from 'ofetch';
import * as z from 'zod/mini';
import { ApiError, toApiError } from '../../lib/api-client';
import { endProctorSession, proctorSession } from './proctor-auth';

const client = ofetch.create({ baseURL: API_PREFIX, retry: 0 });

/** A console call with the proctor's token (never the student's); a 401 ends the proctor's session. */
async function proctorCall<S extends z.ZodMiniType>(schema: S, path: string, options: { method?: 'GET' | 'POST'; body?: Record<string, unknown>; signal?: AbortSignal; auth?: boolean } = {}): Promise<z.infer<S>> {
  const token = proctorSession.value?.token;
  if (options.auth !== false && !token) throw new ApiError('Log in required!', 401);
  let data: unknown;
  try {
    data = await client(path, {
      method: options.method ?? 'GET',
      body: options.body,
      signal: options.signal,
      headers: options.auth !== false && token ? { [ACCESS_TOKEN_HEADER]: token } : {},
    });
  } catch (error) {
    throw toApiError(error, options.auth === false ? undefined : endProctorSession);
  }
  const parsed = z.safeParse(schema, data);
  if (!parsed.success) throw new ApiError('Something went wrong!', null);
  return parsed.data;
}

export function proctorLogin(email: string, password: string): Promise<ProctorLoginReply> {
  return proctorCall(proctorLoginReplySchema, '/proctor/login', { method: 'POST', body: { email, password }, auth: false });
}

/** POST /proctor/logout: the server refuses this token from now on. Best effort: the session ends here either way. */
export async function proctorLogout(): Promise<void> {
  await proctorCall(z.unknown(), '/proctor/logout', { method: 'POST', body: {} }).catch(() => undefined);
}

export function fetchProctorTests(signal?: AbortSignal): Promise<ProctorTest[]> {
  return proctorCall(proctorTestsReplySchema, '/proctor/tests', { signal });
}

export function fetchProctorTest(id: string, signal?: AbortSignal): Promise<ProctorTestSnapshot> {
  return proctorCall(proctorTestSnapshotSchema, `/proctor/tests/${encodeURIComponent(id)}`, { signal });
}

export function fetchTrail(id: string, uid: string, signal?: AbortSignal): Promise<ProctorTrailReply> {
  return proctorCall(proctorTrailReplySchema, `/proctor/tests/${encodeURIComponent(id)}/trail/${encodeURIComponent(uid)}`, { signal });
}

/** POST /proctor/tests/{id}/chat: one message per candidate it went to. */
export async function postProctorChat(id: string, body: { id: string; uid: string | null; m: string }): Promise<ChatMessage[]> {
  return (await proctorCall(z.object({ messages: z.array(chatMessageSchema) }), `/proctor/tests/${encodeURIComponent(id)}/chat`, { method: 'POST', body })).messages;
}

/** POST /proctor/tests/{id}/read: the proctor has read the candidate's messages up to `upTo`. */
export async function postProctorRead(id: string, uid: string, upTo: number): Promise<void> {
  await proctorCall(z.unknown(), `/proctor/tests/${encodeURIComponent(id)}/read`, { method: 'POST', body: { uid, upTo } });
}

export async function postProctorCommand(id: string, command: ProctorCommandRequest): Promise<ProctorCommand[]> {
  return (await proctorCall(proctorCommandsSentSchema, `/proctor/tests/${encodeURIComponent(id)}/commands`, { method: 'POST', body: { ...command } })).commands;
}

/** GET /proctor/tests/{id}/video: the test's video proctoring mode, and its one room in multi mode. */
export function fetchTestVideo(id: string, signal?: AbortSignal): Promise<VideoProctoringReply> {
  return proctorCall(videoProctoringReplySchema, `/proctor/tests/${encodeURIComponent(id)}/video`, { signal });
}

/** GET /proctor/tests/{id}/video/{uid}: the room the proctor meets that candidate in. */
export function fetchCandidateVideo(id: string, uid: string, signal?: AbortSignal): Promise<VideoProctoringReply> {
  return proctorCall(videoProctoringReplySchema, `/proctor/tests/${encodeURIComponent(id)}/video/${encodeURIComponent(uid)}`, { signal });
}
