import type { MediaState } from '@invigil/shared/protocol/messages';
import type { Watch } from './proctor-watch';

const MEDIA_WORDS: Record<MediaState, string> = {
  off: 'off',
  starting: 'starting',
  running: 'on',
  unavailable: 'not available here (the test page checks instead)',
};

/**
 * What the popup tells the student the extension watches during a test, in plain words: the same
 * signals the device check lists, as they are now. Nothing is hidden from the student.
 */
export function watchSummary(watch: Watch | null): string[] {
  if (!watch) return [];
  const lines = [`Tab and window switches: ${watch.focus.count === 1 ? '1 time away so far' : `${watch.focus.count} times away so far`}`];
  if (watch.settings.fullScreen) lines.push(`Full screen: ${watch.fullScreen ? 'on' : 'left'}`);
  if (watch.media?.face) lines.push(`Camera face check: ${MEDIA_WORDS[watch.mediaStatus?.camera ?? 'starting']}`);
  if (watch.media?.speech) lines.push(`Speech detection: ${MEDIA_WORDS[watch.mediaStatus?.microphone ?? 'starting']}`);
  return lines;
}
