import {
  proctorCommandsSentSchema,
  proctorTestSnapshotSchema,
  proctorTestsReplySchema,
  proctorTrailReplySchema,
  chatMessageSchema,
  type ChatMessage,
  type ProctorCommand,
  type ProctorCommandRequest,
  type ProctorTest,
  type ProctorTestSnapshot,
  type ProctorTrailReply,
} from '@invigil/shared/api/live';
import { videoProctoringReplySchema, type VideoProctoringReply } from '@invigil/shared/api/video-proctoring';
import * as z from 'zod/mini';
import { staffCall } from '../staff-auth/staff-api';

/**
 * A console call with the staff token (never the student's; the server takes a staff session on
 * /proctor/*); a 401 ends the staff session (staff-auth/staff-api.ts).
 */
const proctorCall = staffCall;

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
