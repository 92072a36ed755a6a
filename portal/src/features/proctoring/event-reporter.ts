import type { ProctorEvent } from '@invigil/shared/api/proctor';
import { MAX_EVENTS_PER_REQUEST } from '@invigil/shared/api/proctor-kinds';
import { ApiError } from '../../lib/api-client';

export interface EventReporterOptions {
  send: (events: readonly ProctorEvent[]) => Promise<unknown>;
  /** Kept across reloads of the tab (sessionStorage): what was seen but not yet delivered. */
  store?: { get(): ProctorEvent[]; set(events: ProctorEvent[]): void };
  retryMs?: number;
}

/**
 * Delivers proctoring events in order, in batches, and keeps undelivered ones (in memory and the
 * tab's session storage) to try again: a network drop loses no event, and a replay is harmless
 * (the server stores each id once). A 4xx other than 401/408/429 drops the batch: the server will
 * never take it, and holding it would block every later event.
 */
export class EventReporter {
  private queue: ProctorEvent[];
  private sending = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;

  constructor(private readonly options: EventReporterOptions) {
    this.queue = options.store?.get() ?? [];
    if (this.queue.length > 0) this.schedule(0);
  }

  report(event: ProctorEvent): void {
    this.queue.push(event);
    this.options.store?.set(this.queue);
    this.schedule(0);
  }

  get pending(): number {
    return this.queue.length;
  }

  /** Tries once more now (e.g. back online); resolves when this attempt is over. */
  async flush(): Promise<void> {
    if (this.sending || this.queue.length === 0) return;
    this.sending = true;
    const batch = this.queue.slice(0, MAX_EVENTS_PER_REQUEST);
    try {
      await this.options.send(batch);
      this.drop(batch.length);
    } catch (error) {
      const status = error instanceof ApiError ? error.status : null;
      if (status !== null && status >= 400 && status < 500 && ![401, 408, 429].includes(status)) this.drop(batch.length);
      else this.schedule(this.options.retryMs ?? 5000);
    } finally {
      this.sending = false;
    }
    if (this.queue.length > 0 && !this.timer) this.schedule(0);
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private drop(count: number): void {
    this.queue = this.queue.slice(count);
    this.options.store?.set(this.queue);
  }

  private schedule(ms: number): void {
    if (this.stopped || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, ms);
  }
}
