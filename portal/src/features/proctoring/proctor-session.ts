import type { SubmitReason } from '@invigil/shared/api/attempt-sync';
import { uploadSnapshot } from './proctor-api';
import type { ProctorContext, ProctorModule, ProctorWarning } from './proctor-module';
import { trailReporter } from './trail-reporter';

export interface ProctorSessionOptions {
  testId: string;
  attemptKey: string;
  config: Readonly<Record<string, unknown>>;
  modules: readonly ProctorModule[];
  onWarnings: (warnings: ProctorWarning[]) => void;
  onSubmit: (reason: SubmitReason) => void;
  win?: Window;
}

let eventCounter = 0;

/**
 * Unique, and in the order this page reported them: the server breaks ties between events of the
 * same millisecond (a blur and the submission it caused) by id.
 */
export function eventId(): string {
  eventCounter = (eventCounter + 1) % 36 ** 4;
  const random = Math.random().toString(36).slice(2, 10).padEnd(8, '0');
  return `p${Date.now().toString(36).padStart(9, '0')}${eventCounter.toString(36).padStart(4, '0')}${random}`;
}

/**
 * The page's own proctoring for one attempt (no extension, or alongside it): starts every module
 * with one context, delivers their events to the trail (with retry; undelivered ones wait in the
 * tab's session storage), keeps their warnings, and submits once when one of them says so.
 */
export function startProctorSession(options: ProctorSessionOptions): () => void {
  const win = options.win ?? window;
  const reporter = trailReporter(options.testId, `invigil-proctor-queue:${options.attemptKey}`);
  const warnings = new Map<string, ProctorWarning>();
  let submitted = false;
  let stopped = false;

  const ctx: ProctorContext = {
    testId: options.testId,
    attemptKey: options.attemptKey,
    config: options.config,
    win,
    record(kind, { at, detail, evidence } = {}) {
      reporter.report({ id: eventId(), at: at ?? Date.now(), kind, source: 'page', ...(detail ? { detail } : {}), ...(evidence ? { evidence } : {}) });
    },
    warn(source, warning) {
      if (stopped) return;
      if (warning) warnings.set(source, { ...warning, source });
      else warnings.delete(source);
      options.onWarnings([...warnings.values()]);
    },
    submit(reason) {
      if (submitted || stopped) return;
      submitted = true;
      options.onSubmit(reason);
    },
    async uploadSnapshot(image, reason) {
      try {
        return (await uploadSnapshot(options.testId, image, reason)).fileName;
      } catch {
        return null;
      }
    },
  };

  const stops: (() => void)[] = [];
  for (const module of options.modules) {
    Promise.resolve()
      .then(() => module.start(ctx))
      .then((stop) => (stopped ? stop() : stops.push(stop)))
      .catch((error: unknown) => {
        ctx.record('DETECTOR_UNAVAILABLE', { detail: { detector: module.name, text: (error instanceof Error ? error.message : String(error)).slice(0, 200) } });
      });
  }
  const onOnline = () => void reporter.flush();
  win.addEventListener('online', onOnline);

  return () => {
    if (stopped) return;
    stopped = true;
    win.removeEventListener('online', onOnline);
    // Last started, first stopped: the camera and microphone modules follow the focus module's word
    // on the extension, and must not take over for a moment when it stops first.
    for (const stop of stops.splice(0).reverse()) stop();
    // What is still queued goes now; it stays in session storage if this fails.
    void reporter.flush().finally(() => reporter.stop());
  };
}
