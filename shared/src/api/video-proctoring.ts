// zod/mini: the test page parses this reply (classic zod would add its whole core to that page).
import * as z from 'zod/mini';

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
  domain: z.string().check(z.minLength(1), z.maxLength(253)),
  room: z.string().check(z.regex(/^[a-z0-9-]{1,100}$/)),
  password: z.string().check(z.minLength(8), z.maxLength(100)),
  /** The name the others in the room see: the student's, or the proctor's. */
  display_name: z.string().check(z.maxLength(200)),
  /** Video height in pixels: 720 single, 180 multi. */
  resolution: z.int().check(z.positive(), z.maximum(2160)),
  /** Single mode: the student's room closes this long after the proctor leaves; null otherwise. */
  auto_close_ms: z.nullable(z.int().check(z.positive(), z.maximum(60_000))),
});
export type VideoRoom = z.infer<typeof videoRoomSchema>;

export const videoProctoringReplySchema = z.object({
  mode: videoModeSchema,
  /** The institute has a Jitsi domain (JITSI_DOMAIN): false means video proctoring cannot be reached. */
  configured: z.boolean(),
  room: z.nullable(videoRoomSchema),
});
export type VideoProctoringReply = z.infer<typeof videoProctoringReplySchema>;

export const VIDEO_MESSAGES = {
  notStarted: 'Start the test first.',
  submitted: 'This test has already been submitted.',
} as const;
