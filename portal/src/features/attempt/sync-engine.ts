import type { QuestionUpdate, SubmitReason, SyncReply } from '@invigil/shared/api/attempt-sync';
import { ALREADY_SUBMITTED_TYPE } from '@invigil/shared/api/http';
import { TERMINATED_BY_PROCTOR } from '@invigil/shared/api/live-messages';
import { signal, type Signal } from '@preact/signals-react';
import { ApiError } from '../../lib/api-client';
import type { AttemptJournal, SubmitIntent } from './answer-journal';

/** What the student sees about their answers: never claim "saved" before the server said so. */
export type SaveState =
  | { status: 'saved'; unsent: 0 }
  | { status: 'saving'; unsent: number }
  | { status: 'offline'; unsent: number }
  | { status: 'error'; unsent: number; message: string };

export interface SubmitOutcome {
  message: string;
  /** 100 when the server already had the attempt submitted. */
  type?: number;
}

export interface SyncTransport {
  sync(updates: QuestionUpdate[], qn: number): Promise<SyncReply>;
  submit(updates: QuestionUpdate[], intent: SubmitIntent): Promise<SubmitOutcome>;
}

export interface SyncEngineOptions {
  journal: AttemptJournal;
  attempt: string;
  transport: SyncTransport;
  /** The question the student is on, sent with every sync for resuming there. */
  currentQn: () => number;
  /** Called once the server has the attempt submitted (by us, earlier, or at the deadline). */
  onSubmitted?: (outcome: SubmitOutcome) => void;
  /**
   * Called when the server refused a submit (not a network failure, which is retried quietly):
   * the intent stays journaled and is retried, but the student must be told.
   */
  onSubmitFailed?: (message: string) => void;
  /** Delay before a change is sent on its own (Save-Next, Mark and Clear flush at once). */
  debounceMs?: number;
  /** Waits between retries while the server cannot be reached. */
  retryDelaysMs?: readonly number[];
}

const SAVE_FAILED = 'Answer save failed!';
const DEFAULT_RETRY_DELAYS_MS = [1000, 2000, 4000, 8000, 15000] as const;

/** Is this failure the network (retry quietly) rather than a refusal by the server? */
const isNetworkFailure = (error: unknown) => error instanceof ApiError && error.status === null;
const isAlreadySubmitted = (error: unknown) =>
  error instanceof ApiError &&
  typeof error.data === 'object' &&
  error.data !== null &&
  (error.data as { type?: unknown }).type === ALREADY_SUBMITTED_TYPE;

/**
 * Delivers the journal to the server in order until it is acknowledged, and delivers a submit
 * even when it was decided offline (for example when time ran out with the network down).
 */
export class SyncEngine {
  readonly state: Signal<SaveState> = signal({ status: 'saved', unsent: 0 });
  /**
   * Of the unsent changes, how many questions have their answer or mark among them: the number the
   * student is told ("3 unsaved answers"); `state.unsent` also counts visits and time on questions.
   */
  readonly unsavedAnswers = signal(0);
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<void> | null = null;
  private again = false;
  private failures = 0;
  private stopped = false;
  private submitted = false;
  private readonly onOnline = () => void this.flush();

  constructor(private readonly options: SyncEngineOptions) {
    if (typeof window !== 'undefined') window.addEventListener('online', this.onOnline);
  }

  /** Resumes a journal left by an earlier page: replays its changes and any pending submit. */
  async start(): Promise<void> {
    await this.refreshCount();
    if (this.state.value.unsent > 0 || (await this.options.journal.submitIntent(this.options.attempt))) await this.flush();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    if (typeof window !== 'undefined') window.removeEventListener('online', this.onOnline);
  }

  /** Journals a change (durably) and schedules its delivery; `answerChange`: it touched the answer or mark. */
  async record(update: QuestionUpdate, answerChange = true): Promise<void> {
    await this.options.journal.append(this.options.attempt, update, answerChange);
    await this.refreshCount('saving');
    this.schedule(this.options.debounceMs ?? 1500);
  }

  /** Sends what is waiting now; resolves when this round is delivered or has failed. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.deliver().finally(() => {
      this.running = null;
      if (this.again && !this.stopped) {
        this.again = false;
        void this.flush();
      }
    });
    return this.running;
  }

  /** Records the decision to submit, then delivers it with every unsent change. */
  async submit(reason: SubmitReason, qn?: number): Promise<void> {
    await this.options.journal.setSubmitIntent(this.options.attempt, { reason, at: Date.now(), qn });
    await this.flush();
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), delay);
  }

  /** The unsent changes, with the unsaved answers set from the same read of the journal. */
  private async countPending(): Promise<number> {
    const { journal, attempt } = this.options;
    const { changes, answers } = journal.pendingSummary ? await journal.pendingSummary(attempt) : { changes: await journal.pendingCount(attempt), answers: undefined };
    this.unsavedAnswers.value = answers ?? changes;
    return changes;
  }

  private async refreshCount(busy?: 'saving'): Promise<void> {
    const unsent = await this.countPending();
    const current = this.state.value;
    if (unsent === 0) this.state.value = { status: 'saved', unsent: 0 };
    else if (current.status === 'offline' || current.status === 'error') this.state.value = { ...current, unsent };
    else this.state.value = { status: busy ?? 'saving', unsent };
  }

  private async deliver(): Promise<void> {
    const { journal, attempt, transport } = this.options;
    if (this.submitted) return;
    let submitting = false;
    try {
      const intent = await journal.submitIntent(attempt);
      const pending = await journal.pending(attempt);
      if (!intent && pending.length === 0) {
        await this.refreshCount();
        return;
      }
      this.state.value = { status: 'saving', unsent: await journal.pendingCount(attempt) };
      if (intent) {
        submitting = true;
        const outcome = await transport.submit(pending, intent);
        await this.finish(outcome);
        return;
      }
      const reply = await transport.sync(pending, this.options.currentQn());
      await journal.acknowledge(attempt, reply.acked_rev);
      this.failures = 0;
      if (reply.submitted) {
        await this.finish({ message: reply.terminated_by_proctor ? TERMINATED_BY_PROCTOR : 'Test already submitted.', type: ALREADY_SUBMITTED_TYPE });
        return;
      }
      await this.refreshCount();
      if (this.state.value.unsent > 0) this.again = true;
    } catch (error) {
      if (isAlreadySubmitted(error)) {
        await this.finish({ message: (error as ApiError).message, type: ALREADY_SUBMITTED_TYPE });
        return;
      }
      const unsent = await this.countPending();
      const message = error instanceof ApiError && error.message ? error.message : SAVE_FAILED;
      this.state.value = isNetworkFailure(error) ? { status: 'offline', unsent } : { status: 'error', unsent, message };
      if (submitting && !isNetworkFailure(error)) this.options.onSubmitFailed?.(message);
      const delays = this.options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
      this.schedule(delays[Math.min(this.failures, delays.length - 1)] ?? 15000);
      this.failures += 1;
    }
  }

  private async finish(outcome: SubmitOutcome): Promise<void> {
    this.submitted = true;
    await this.options.journal.forget(this.options.attempt);
    this.unsavedAnswers.value = 0;
    this.state.value = { status: 'saved', unsent: 0 };
    this.stop();
    this.options.onSubmitted?.(outcome);
  }
}
