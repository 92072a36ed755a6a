import type { Detector, DetectorContext, Stop } from '../detector';
import type { ScreenShareObservation } from '../screen-share-policy';

/** Whether this browser can share its screen at all (not most phones). */
export function canShareScreen(win: Window): boolean {
  return typeof win.navigator.mediaDevices?.getDisplayMedia === 'function';
}

/**
 * One screen share, started with getDisplayMedia: call `start` from a click (browsers ask only
 * then). Reports 'started' with the surface the student picked ('monitor' is an entire screen),
 * then 'ended' when the share stops (the browser's 'Stop sharing', or the screen went away).
 * A closed picker or a failure is reported as 'not-started' (the promise still resolves, to a
 * no-op stop). The picture is never read, recorded or sent: the share is held open and watched.
 * `stop` ends the share (its tracks are stopped, so the browser's sharing bar goes away).
 */
export function screenShareDetector(win: Window): Detector<ScreenShareObservation> {
  return {
    signal: 'screen share',
    async start(ctx: DetectorContext<ScreenShareObservation>): Promise<Stop> {
      const media = win.navigator.mediaDevices;
      if (!media || typeof media.getDisplayMedia !== 'function') {
        ctx.emit({ type: 'unsupported', at: ctx.clock.now() });
        return () => undefined;
      }
      let stream: MediaStream;
      try {
        // The picker opens on "Entire screen"; the test's own tab is not offered.
        stream = await media.getDisplayMedia({
          video: { displaySurface: 'monitor' },
          audio: false,
          monitorTypeSurfaces: 'include',
          selfBrowserSurface: 'exclude',
          surfaceSwitching: 'exclude',
        } as DisplayMediaStreamOptions);
      } catch (error) {
        const name = error instanceof Error ? error.name : '';
        ctx.emit({ type: 'not-started', at: ctx.clock.now(), message: name === 'NotAllowedError' || name === 'AbortError' ? null : error instanceof Error ? error.message : String(error) });
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
      ctx.emit({ type: 'started', at: ctx.clock.now(), surface });
      return () => {
        if (stopped) return;
        stopped = true;
        track.removeEventListener('ended', onEnded);
        stopTracks();
      };
    },
  };
}
