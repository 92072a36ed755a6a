import type { Clock } from './detector';

/**
 * Browser prompts the test itself opens (the screen picker of 'Share your screen', the file chooser
 * of the upload dialog) take the focus from the page while they are open: measured here, the window
 * blurs as soon as either opens (and an occluding file chooser hides the page). Counted as time
 * away, they would warn, and with AUTO_TERMINATE submit, a student who only did what the test asked.
 * While such a prompt is open, and for PROMPT_SETTLE_MS after it closes (the focus comes back a
 * moment later), the page's focus detector does not report time away. The grace ends after
 * PROMPT_GRACE_MS whatever happens, so a prompt left open cannot hide time spent elsewhere; each
 * prompt is put on the trail (BROWSER_PROMPT) with how long it held the page.
 */
export const PROMPT_GRACE_MS = 60_000;
export const PROMPT_SETTLE_MS = 2_000;

/**
 * 'camera app': a phone's camera opened by the upload dialog's file input; 'permission prompt': the
 * browser asking for the camera or microphone (measured: it blurs the page too).
 */
export type BrowserPromptName = 'screen picker' | 'file chooser' | 'camera app' | 'permission prompt';

/** A prompt whose grace ended: which, when it opened, and how long it was open (at most PROMPT_GRACE_MS). */
export interface PromptEnd {
  prompt: BrowserPromptName;
  at: number;
  ms: number;
}

export class PromptGrace {
  private current: { prompt: BrowserPromptName; openedAt: number; closedAt: number | null; timer: unknown } | null = null;
  private readonly listeners = new Set<(ended: PromptEnd | null) => void>();

  constructor(private readonly clock: Clock) {}

  /** True while a prompt the test opened may hold the focus. */
  active(): boolean {
    return this.current !== null;
  }

  /**
   * A prompt opens now (call it before the prompt, so its blur finds the grace on). Returns the
   * function to call when it closes; calling it twice, or after a newer prompt opened, is harmless.
   */
  open(prompt: BrowserPromptName): () => void {
    if (this.current) this.end();
    const openedAt = this.clock.now();
    const entry = { prompt, openedAt, closedAt: null as number | null, timer: null as unknown };
    entry.timer = this.clock.setTimeout(() => this.end(), PROMPT_GRACE_MS);
    this.current = entry;
    this.notify(null);
    return () => {
      if (this.current !== entry || entry.closedAt !== null) return;
      entry.closedAt = this.clock.now();
      this.clock.clearTimeout(entry.timer);
      entry.timer = this.clock.setTimeout(() => this.end(), PROMPT_SETTLE_MS);
    };
  }

  /** Calls back when the grace starts (null) and when it ends (with the prompt's record). */
  subscribe(run: (ended: PromptEnd | null) => void): () => void {
    this.listeners.add(run);
    return () => this.listeners.delete(run);
  }

  private end(): void {
    const entry = this.current;
    if (!entry) return;
    this.clock.clearTimeout(entry.timer);
    this.current = null;
    const closedAt = entry.closedAt ?? Math.min(this.clock.now(), entry.openedAt + PROMPT_GRACE_MS);
    this.notify({ prompt: entry.prompt, at: entry.openedAt, ms: Math.max(0, closedAt - entry.openedAt) });
  }

  private notify(ended: PromptEnd | null): void {
    for (const run of [...this.listeners]) run(ended);
  }
}
