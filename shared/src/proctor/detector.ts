/**
 * The one shape every proctoring signal has (face count, voice activity, visibility and focus,
 * full screen, mouse-out, screen share): `start(ctx)` begins watching and resolves to a `stop`
 * function; while running, the detector reports what it sees through `ctx.emit`. Detectors only
 * observe; the policies beside them (face-policy.ts...) turn observations into flags, warnings and
 * auto-submit reasons from the test config. The extension's offscreen document and the portal's
 * in-page host run the same detectors; they only differ in the context they pass.
 */

/** Timers the detector schedules with: the host passes the real ones, tests a fake clock. */
export interface Clock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface DetectorContext<E> {
  clock: Clock;
  emit(event: E): void;
}

/** Ends a running detector: no event is emitted after it returns. Calling it twice is harmless. */
export type Stop = () => void;

export interface Detector<E> {
  /** The signal this detector watches, e.g. 'face'. */
  readonly signal: string;
  /** Starts watching. Rejects when the signal cannot be watched here (no camera, no model). */
  start(ctx: DetectorContext<E>): Promise<Stop>;
}

/** A Clock on the host's own timers (browsers, workers, extension contexts and Node all have them). */
export function hostClock(timers: { setTimeout(run: () => void, ms: number): unknown; clearTimeout(handle: never): void }): Clock {
  return {
    now: () => Date.now(),
    setTimeout: (run, ms) => timers.setTimeout(run, ms),
    clearTimeout: (handle) => timers.clearTimeout(handle as never),
  };
}
