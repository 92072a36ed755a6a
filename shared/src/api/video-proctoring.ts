import { z } from 'zod';

/**
 * Video proctoring rooms (issue 12, decision 0034). The server names each room and its password
 * (an HMAC of its secret with the test, and the candidate in single mode) and gives them only to
 * that candidate and to the test's assigned proctors:
 *
 *   GET /test/video/{testId}                   -> VideoProctoringReply, the student's own room
 *   GET /proctor/tests/{testId}/video          -> the test's mode; its room in multi mode
 *   GET /proctor/tests/{testId}/video/{uid}    -> that candidate's room (the test's in multi)
 *
 * `room` is null when there is no room to join: the test is not video proctored, the institute
 * set no Jitsi domain (JITSI_DOMAIN), or (proctor, single mode) no candidate was named.
 */

export const VIDEO_MODES = ['none', 'single', 'multi'] as const;
export const videoModeSchema = z.enum(VIDEO_MODES);

export const videoRoomSchema = z.object({
  /** The Jitsi Meet host whose /external_api.js the page loads. */
  domain: z.string().min(1).max(253),
  room: z.string().regex(/^[a-z0-9-]{1,100}$/),
  password: z.string().min(8).max(100),
  /** The name the others in the room see: the student's, or the proctor's. */
  display_name: z.string().max(200),
  /** Video height in pixels: 720 single, 180 multi. */
  resolution: z.number().int().positive().max(2160),
  /** Single mode: the student's room closes this long after the proctor leaves; null otherwise. */
  auto_close_ms: z.number().int().positive().max(60_000).nullable(),
});
export type VideoRoom = z.infer<typeof videoRoomSchema>;

export const videoProctoringReplySchema = z.object({
  mode: videoModeSchema,
  /** The institute has a Jitsi domain (JITSI_DOMAIN): false means video proctoring cannot be reached. */
  configured: z.boolean(),
  room: videoRoomSchema.nullable(),
});
export type VideoProctoringReply = z.infer<typeof videoProctoringReplySchema>;

export const VIDEO_MESSAGES = {
  notStarted: 'Start the test first.',
  submitted: 'This test has already been submitted.',
} as const;
