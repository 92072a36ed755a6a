import type { MediaState } from '@invigil/shared/protocol/messages';
import { extensionPairingSettled } from '../extension/extension-status';
import { extensionMedia } from './extension-focus-module';

/** How long the page waits for a paired extension to start its detector before running its own. */
export const HANDOVER_WAIT_MS = 30_000;

type Stop = () => void;

/**
 * Whether the page stands down for this detector: the extension runs it, or is still starting it,
 * or pairing has not answered yet (`settled` false: an extension may be about to take it, and
 * opening the camera and loading the face model for a second would be for nothing).
 */
export function extensionRuns(value: typeof extensionMedia.value, kind: 'camera' | 'microphone', waited: boolean, settled = true): boolean {
  if (value === null) return !settled && !waited;
  if (value === 'pending') return !waited;
  const state: MediaState = value[kind];
  return state === 'running' || (state === 'starting' && !waited);
}

/**
 * Runs a page module's detector only while the paired extension does not (decision 0016), so a face
 * or a word is never counted twice: `start(byExtension)` is called with false to run the page's own
 * detector, with true while the extension runs it (the module may keep what only the page does,
 * e.g. image proctoring). While the extension is still starting its detector the page waits, at
 * most HANDOVER_WAIT_MS; when the extension reports it unavailable, or stops answering (the
 * focus module's fallback sets extensionMedia to null), the page's own detector starts again.
 */
export function handOver(kind: 'camera' | 'microphone', start: (byExtension: boolean) => Stop | Promise<Stop>, win: Window = window): Stop {
  let stopped = false;
  let waited = false;
  let mode: boolean | null = null;
  let current: Promise<Stop> | null = null;

  const switchTo = (byExtension: boolean) => {
    if (stopped || mode === byExtension) return;
    mode = byExtension;
    const previous = current;
    current = (async () => {
      if (previous) (await previous)();
      return start(byExtension);
    })().catch(() => () => undefined);
  };
  const decide = () => switchTo(extensionRuns(extensionMedia.value, kind, waited, extensionPairingSettled.value));
  const timer = win.setTimeout(() => {
    waited = true;
    decide();
  }, HANDOVER_WAIT_MS);
  const unsubscribe = extensionMedia.subscribe(decide);
  const unsubscribeSettled = extensionPairingSettled.subscribe(decide);

  return () => {
    if (stopped) return;
    stopped = true;
    win.clearTimeout(timer);
    unsubscribe();
    unsubscribeSettled();
    void current?.then((stop) => stop());
  };
}
