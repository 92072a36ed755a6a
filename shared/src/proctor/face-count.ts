import type { Detector, DetectorContext, Stop } from './detector';
import { countFaces, type FaceCountOptions, type FaceModel, type Frame } from './face-model';
import { faceReason, type FaceCheckSettings, type FaceReason, needsConfirmation, nextFaceCheckMs, settleFaceCount } from './face-policy';

/** What the face-count detector reports. */
export type FaceEvent =
  /** A settled check: `faces` is what it settled on, `counts` what each frame saw. */
  | { signal: 'face'; type: 'check'; at: number; faces: number; counts: number[]; reason: FaceReason | null }
  /** A check that could not run: no camera frame, or the model failed. The next check still comes. */
  | { signal: 'face'; type: 'error'; at: number; message: string };

/** Camera frames, grabbed on demand. null when the camera has no frame to give (not ready, ended). */
export interface FrameSource {
  grab(): Promise<Frame | null>;
}

export interface FaceCountDetectorOptions {
  source: FrameSource;
  /** Loads (or connects to) the model; called by start, disposed by stop. */
  loadModel(): Promise<FaceModel>;
  settings: Pick<FaceCheckSettings, 'normalIntervalMs' | 'detectedIntervalMs' | 'confirmFrames' | 'confirmGapMs'>;
  count: FaceCountOptions;
}

class NoFrameError extends Error {}

/**
 * The face-count detector: the first check comes one normal interval after start (the camera has
 * settled by then), each later one after the interval the previous check's result asks for. Checks
 * never overlap: the next is scheduled when the previous has settled.
 */
export function createFaceCountDetector(options: FaceCountDetectorOptions): Detector<FaceEvent> {
  return {
    signal: 'face',
    async start(ctx: DetectorContext<FaceEvent>): Promise<Stop> {
      const model = await options.loadModel();
      const { clock } = ctx;
      let stopped = false;
      let timer: unknown = null;

      const schedule = (ms: number, run: () => void) => {
        timer = clock.setTimeout(() => {
          timer = null;
          if (!stopped) run();
        }, ms);
      };
      const wait = (ms: number) => new Promise<void>((resolve) => schedule(ms, resolve));

      const countOne = async (): Promise<number> => {
        const frame = await options.source.grab();
        if (!frame) throw new NoFrameError('No camera frame');
        return countFaces(await model.detect(frame), options.count);
      };

      const check = async () => {
        let next = options.settings.normalIntervalMs;
        try {
          const counts = [await countOne()];
          if (needsConfirmation(counts[0]!, options.settings)) {
            while (counts.length < options.settings.confirmFrames && !stopped) {
              await wait(options.settings.confirmGapMs);
              if (stopped) return;
              counts.push(await countOne());
            }
          }
          if (stopped) return;
          const faces = settleFaceCount(counts);
          ctx.emit({ signal: 'face', type: 'check', at: clock.now(), faces, counts, reason: faceReason(faces) });
          next = nextFaceCheckMs(faces, options.settings);
        } catch (error) {
          if (stopped) return;
          ctx.emit({ signal: 'face', type: 'error', at: clock.now(), message: error instanceof Error ? error.message : String(error) });
        }
        if (!stopped) schedule(next, () => void check());
      };

      schedule(options.settings.normalIntervalMs, () => void check());
      return () => {
        if (stopped) return;
        stopped = true;
        if (timer !== null) clock.clearTimeout(timer);
        timer = null;
        model.dispose();
      };
    },
  };
}
