import { proctorDetailSchema, reportedEventKindSchema } from '@invigil/shared/api/proctor';
import { MAX_SNAPSHOT_BYTES } from '@invigil/shared/api/proctor-kinds';
import { cameraLabelSchema, mediaSettingsSchema, mediaStateSchema, mediaWarningSchema, type MediaSettings } from '@invigil/shared/protocol/messages';
import { z } from 'zod';

/**
 * Messages between the background worker and the offscreen document that runs the camera and
 * microphone detectors (decision 0016). They never leave the extension (chrome.runtime messages
 * between its own contexts), but are parsed all the same: `target` tells them apart from the
 * portal's relayed protocol messages.
 */
export const OFFSCREEN_TARGET = 'invigil-offscreen';
export const BACKGROUND_MEDIA_TARGET = 'invigil-background-media';
/** The offscreen document's page in the build (tabs/offscreen.tsx). */
export const OFFSCREEN_PATH = 'tabs/offscreen.html';
/** The page that asks once for the camera and microphone for the extension (tabs/media-permission.tsx). */
export const MEDIA_PERMISSION_PATH = 'tabs/media-permission.html';

/** A snapshot as a data URL: at most the server's snapshot size, base64 (4 characters for 3 bytes). */
export const MAX_SNAPSHOT_DATA_URL = Math.ceil((MAX_SNAPSHOT_BYTES * 4) / 3) + 64;
const snapshotDataUrlSchema = z.string().max(MAX_SNAPSHOT_DATA_URL).regex(/^data:image\/(webp|png|jpeg);base64,/);

const key = z.strictObject({ testId: z.string().min(1).max(64), session: z.string().min(1).max(64) });

/** Background -> offscreen: run these detectors for this watch (null: run none). */
export const mediaCommandSchema = z.strictObject({
  target: z.literal(OFFSCREEN_TARGET),
  type: z.literal('MEDIA_RUN'),
  run: z.strictObject({ ...key.shape, media: mediaSettingsSchema }).nullable(),
});
export type MediaCommand = z.infer<typeof mediaCommandSchema>;

/** Offscreen -> background: what its detectors saw, their warnings, their state; or, on load, a request for MEDIA_RUN. */
export const mediaReportSchema = z.discriminatedUnion('type', [
  z.strictObject({
    target: z.literal(BACKGROUND_MEDIA_TARGET),
    type: z.literal('MEDIA_REPORT'),
    ...key.shape,
    events: z
      .array(
        z.strictObject({
          kind: reportedEventKindSchema,
          at: z.number().int().nonnegative(),
          detail: z.optional(proctorDetailSchema),
          /** The flagged check's snapshot as a data URL (runtime messages carry no Blobs), for the background to upload as its evidence. */
          image: snapshotDataUrlSchema.optional(),
        }),
      )
      .max(20),
    warnings: z.array(mediaWarningSchema).max(4),
    status: z.strictObject({ camera: z.optional(mediaStateSchema), microphone: z.optional(mediaStateSchema), cameraLabel: z.optional(cameraLabelSchema) }).optional(),
  }),
  z.strictObject({ target: z.literal(BACKGROUND_MEDIA_TARGET), type: z.literal('MEDIA_HELLO') }),
]);
export type MediaReportMessage = z.infer<typeof mediaReportSchema>;

export function parseMediaReport(data: unknown): MediaReportMessage | null {
  const parsed = mediaReportSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

export function parseMediaCommand(data: unknown): MediaCommand | null {
  const parsed = mediaCommandSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

/** The command for a watch: its media settings, or null when it asks for none. */
export function mediaCommand(watch: { testId: string; session: string; media?: MediaSettings } | null): MediaCommand {
  return { target: OFFSCREEN_TARGET, type: 'MEDIA_RUN', run: watch?.media ? { testId: watch.testId, session: watch.session, media: watch.media } : null };
}
