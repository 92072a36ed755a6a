import type { ScreenChoice } from '../../protocol/messages';
import type { Detector, DetectorContext, Stop } from '../detector';
import type { ScreenShareObservation } from '../screen-share-policy';

/** Whether this browser can share its screen at all (not most phones). */
export function canShareScreen(win: Window): boolean {
  return typeof win.navigator.mediaDevices?.getDisplayMedia === 'function';
}

export interface ScreenShareOptions {
  /**
   * The paired extension's picker (chrome.desktopCapture, entire screens only; decision 0013). When
   * it gives a stream id the page opens that screen; when the student closes it, sharing did not
   * start; when it is unavailable, `onPickerUnavailable` hears why and the page's own picker opens.
   */
  pickScreen?: () => Promise<ScreenChoice>;
  onPickerUnavailable?: (reason: string) => void;
}

/** A screen the extension's picker chose, opened in this page (Chrome's desktop-capture constraints). */
function openChosenScreen(media: MediaDevices, streamId: string): Promise<MediaStream> {
  const constraints = { audio: false, video: { mandatory: { chromeMediaSource: 'desktop', chromeMediaSourceId: streamId } } };
  return media.getUserMedia(constraints as unknown as MediaStreamConstraints);
}

const failure = (error: unknown): string | null => {
  const name = error instanceof Error ? error.name : '';
  return name === 'NotAllowedError' || name === 'AbortError' ? null : error instanceof Error ? error.message : String(error);
};

/**
 * One screen share, started with the extension's picker or getDisplayMedia: call `start` from a
 * click (browsers ask only then). Reports 'started' with the surface the student picked ('monitor' is an entire screen),
 * then 'ended' when the share stops (the browser's 'Stop sharing', or the screen went away).
 * A closed picker or a failure is reported as 'not-started' (the promise still resolves, to a
 * no-op stop). The picture is never read, recorded or sent: the share is held open and watched.
 * `stop` ends the share (its tracks are stopped, so the browser's sharing bar goes away).
 */
export function screenShareDetector(win: Window, options: ScreenShareOptions = {}): Detector<ScreenShareObservation> {
  return {
    signal: 'screen share',
    async start(ctx: DetectorContext<ScreenShareObservation>): Promise<Stop> {
      const media = win.navigator.mediaDevices;
      if (!media || typeof media.getDisplayMedia !== 'function') {
        ctx.emit({ type: 'unsupported', at: ctx.clock.now() });
        return () => undefined;
      }
      let stream: MediaStream | null = null;
      let picker: 'extension' | 'page' = 'page';
      try {
        const choice = options.pickScreen ? await options.pickScreen() : null;
        if (choice?.grant === 'cancelled') {
          ctx.emit({ type: 'not-started', at: ctx.clock.now(), message: null });
          return () => undefined;
        }
        if (choice?.grant === 'unavailable') options.onPickerUnavailable?.(choice.reason);
        if (choice?.grant === 'chosen') {
          picker = 'extension';
          stream = await openChosenScreen(media, choice.streamId);
        } else {
          // The picker opens on "Entire screen"; the test's own tab is not offered.
          stream = await media.getDisplayMedia({
            video: { displaySurface: 'monitor' },
            audio: false,
            monitorTypeSurfaces: 'include',
            selfBrowserSurface: 'exclude',
            surfaceSwitching: 'exclude',
          } as DisplayMediaStreamOptions);
        }
      } catch (error) {
        ctx.emit({ type: 'not-started', at: ctx.clock.now(), message: failure(error) });
        return () => undefined;
      }
      const [track] = stream.getVideoTracks();
      let stopped = false;
      const stopTracks = () => {
        for (const each of stream.getTracks()) each.stop();
      };
      if (!track || track.readyState === 'ended') {
        stopTracks();
        ctx.emit({ type: 'not-started', at: ctx.clock.now(), message: 'the shared screen has no picture' });
        return () => undefined;
      }
      const onEnded = () => {
        if (stopped) return;
        stopped = true;
        track.removeEventListener('ended', onEnded);
        stopTracks();
        ctx.emit({ type: 'ended', at: ctx.clock.now() });
      };
      track.addEventListener('ended', onEnded);
      const surface = (track.getSettings() as MediaTrackSettings & { displaySurface?: string }).displaySurface ?? null;
      ctx.emit({ type: 'started', at: ctx.clock.now(), surface, picker });
      return () => {
        if (stopped) return;
        stopped = true;
        track.removeEventListener('ended', onEnded);
        stopTracks();
      };
    },
  };
}
