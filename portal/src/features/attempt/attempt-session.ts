import type { SubmitReason, SyncReply } from '@invigil/shared/api/attempt-sync';
import { TERMINATED_BY_PROCTOR } from '@invigil/shared/api/live-messages';
import { pingIntervalTicks } from '@invigil/shared/domain/exam-clock';
import {
  canSubmitAt,
  isAccessible,
  jumpToQuestion,
  nextQuestion,
  prevQuestion,
  questionInActivePart,
  type NavResult,
  type PartwiseNav,
} from '@invigil/shared/domain/navigation';
import { partwiseStatusFromTimeLeft, type PartSchedule, type PartwiseStatus } from '@invigil/shared/domain/partwise-timing';
import { computed, signal, type ReadonlySignal } from '@preact/signals-react';
import type { SubmitIntent } from './answer-journal';
import type { AttemptClaim } from './attempt-claim';
import type { AttemptFlags } from './attempt-config';
import type { AttemptModel } from './attempt-paper';
import type { AttemptStore } from './attempt-store';
import { crossedMultiple, delayToNextTick, resyncAnchor, secondsLeft, ticksSince, timeWarning, type ClockAnchor } from './exam-timer';
import type { SubmitOutcome, SyncEngine } from './sync-engine';

export type AttemptPhase = 'running' | 'submitting' | 'submitted';

export interface AttemptSessionOptions {
  testId: string;
  model: AttemptModel;
  store: AttemptStore;
  engine: SyncEngine;
  anchor: ClockAnchor;
  flags: AttemptFlags;
  /** Part-wise timing schedule, or null for a test without it. */
  schedule: PartSchedule | null;
  /** The status ping: a sync with no updates. */
  ping: (qn: number) => Promise<SyncReply>;
  notify: (message: string, color: 'info' | 'error' | 'warning' | 'success') => void;
  /** The attempt is submitted on the server (by this page, an earlier one, or the server itself). */
  onFinished: (outcome: SubmitOutcome, reason: SubmitReason) => void;
  /** This tab's hold on the attempt (attempt-claim.ts): the newest tab keeps it. */
  claim?: AttemptClaim;
  /** A submit decided on an earlier page and still waiting in the journal. */
  pendingIntent?: SubmitIntent | null;
  perfNow?: () => number;
}

/**
 * The running attempt: the server-owned clock, periodic autosave and status ping, part-wise
 * timing, navigation rules and submit. The screen only reads its signals and calls its actions.
 */
export class AttemptSession {
  readonly timeLeft = signal(0);
  readonly partwise = signal<PartwiseStatus | null>(null);
  readonly phase = signal<AttemptPhase>('running');
  /** True while the status ping cannot reach the server. */
  readonly unreachable = signal(false);
  /** The attempt was opened in another tab or window, which now keeps it: this one stops. */
  readonly takenOver = signal(false);
  /** The proctor paused the test: the time shown stands still until it is resumed. */
  readonly paused = signal(false);
  readonly partwiseNav: ReadonlySignal<PartwiseNav | null>;
  readonly canSubmit: ReadonlySignal<boolean>;
  reason: SubmitReason = 'manual';

  private anchor: ClockAnchor;
  private readonly startPerf: number;
  private lastTick = 0;
  private nextPingTick: number;
  private pingsSent = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly perfNow: () => number;
  private submitFailureShown = false;
  /** The live channel's status ping rides on this session's ping ticks (no second timer). */
  private readonly pingListeners = new Set<() => Promise<void>>();

  constructor(private readonly options: AttemptSessionOptions) {
    this.perfNow = options.perfNow ?? (() => performance.now());
    this.anchor = options.anchor;
    this.startPerf = this.perfNow();
    this.nextPingTick = pingIntervalTicks(0, options.flags.pingInterval);
    this.timeLeft.value = secondsLeft(this.anchor, this.startPerf);
    this.partwise.value = this.partwiseAt(this.timeLeft.value);
    const ranges = options.model.partRanges;
    this.partwiseNav = computed(() => {
      const status = this.partwise.value;
      if (!status) return null;
      const active = status.phase === 'part' ? status.part : status.phase === 'before' ? 0 : -1;
      return { ranges, active };
    });
    const total = options.model.questions.length;
    this.canSubmit = computed(() => canSubmitAt(options.store.current.value, total));
    if (options.pendingIntent) {
      this.reason = options.pendingIntent.reason;
      this.phase.value = 'submitting';
    }
  }

  get currentQn(): number {
    return this.options.model.questions[this.options.store.current.value]?.question.qn ?? 1;
  }

  start(): void {
    this.options.store.begin();
    this.enterActivePart();
    this.schedule();
    if (typeof window !== 'undefined') {
      window.addEventListener('beforeunload', this.onBeforeUnload);
      document.addEventListener('visibilitychange', this.onVisibility);
      window.addEventListener('online', this.onOnline);
      window.addEventListener('pagehide', this.onPageHide);
    }
    this.options.claim?.onTakenOver(() => {
      if (this.phase.value === 'submitted') return;
      this.takenOver.value = true;
      void this.options.store.journaled().finally(() => this.stop());
    });
    if (this.timeLeft.value <= 0) void this.submit('TEST_TIME_OUT');
  }

  stop(): void {
    clearTimeout(this.timer);
    this.options.claim?.release();
    this.options.store.dispose();
    this.options.engine.stop();
    if (typeof window !== 'undefined') {
      window.removeEventListener('beforeunload', this.onBeforeUnload);
      document.removeEventListener('visibilitychange', this.onVisibility);
      window.removeEventListener('online', this.onOnline);
      window.removeEventListener('pagehide', this.onPageHide);
    }
  }

  /** Every sync reply carries the server's time left: the countdown follows it (not while paused). */
  onSyncReply(reply: Pick<SyncReply, 'time_left'>): void {
    this.unreachable.value = false;
    if (this.paused.value) return;
    const now = this.perfNow();
    this.anchor = resyncAnchor(this.anchor, reply.time_left, now);
    this.timeLeft.value = secondsLeft(this.anchor, now);
    this.unreachable.value = false;
  }

  /** The server's deadline as the live channel reports it (EXTEND_TEST, PAUSE, RESUME): the clock follows. */
  onServerDeadline(timeLeft: number, paused: boolean): void {
    if (paused) {
      this.paused.value = true;
      this.timeLeft.value = timeLeft;
      return;
    }
    if (this.paused.value) this.resume(timeLeft);
    else this.onSyncReply({ time_left: timeLeft });
  }

  /** PAUSE: the clock stands still at what it shows. */
  pause(): void {
    this.paused.value = true;
  }

  /** RESUME: the clock runs again from what it showed (or the server's time left). */
  resume(timeLeft = this.timeLeft.value): void {
    const now = this.perfNow();
    this.anchor = { remainingMs: timeLeft * 1000 + (timeLeft > 0 ? 500 : 0), perfAt: now };
    this.timeLeft.value = secondsLeft(this.anchor, now);
    this.paused.value = false;
  }

  /** Adds a listener called on every status ping tick; returns its removal. */
  onStatusPing(listener: () => Promise<void>): () => void {
    this.pingListeners.add(listener);
    return () => this.pingListeners.delete(listener);
  }

  /**
   * The proctor terminated the test: the server has submitted it already, so nothing is submitted
   * again; what the journal still holds is delivered by `deliver` (the already-submitted path).
   */
  async terminatedByProctor(deliver: () => Promise<void>, message: string): Promise<void> {
    if (this.phase.value === 'submitted') return;
    this.reason = 'PROCTOR_TERMINATE';
    this.phase.value = 'submitting';
    this.options.engine.stop();
    await this.options.store.journaled().catch(() => undefined);
    await deliver().catch(() => undefined);
    this.finished({ message });
  }

  /** True while something typed or journaled has not reached the server (warn before closing). */
  hasUnsent(): boolean {
    return this.options.store.hasUnjournaled || this.options.engine.state.value.unsent > 0 || this.phase.value === 'submitting';
  }

  isAccessible(qi: number): boolean {
    return isAccessible(qi, this.options.model.questions.length, this.partwiseNav.value);
  }

  next(): void {
    this.follow(nextQuestion(this.options.store.current.value, this.options.model.questions.length, this.partwiseNav.value));
  }

  prev(): void {
    this.follow(prevQuestion(this.options.store.current.value, this.options.model.questions.length, this.partwiseNav.value));
  }

  jump(qi: number): void {
    this.follow(jumpToQuestion(qi, this.options.model.questions.length, this.partwiseNav.value));
  }

  /** Save-Next: journals and sends at once, then moves on (or says why it cannot). */
  saveNext(): void {
    this.next();
    void this.options.store.flushNow();
  }

  toggleMark(): void {
    this.options.store.toggleMark(this.options.store.current.value);
    void this.options.store.flushNow();
  }

  clear(): void {
    this.options.store.clear(this.options.store.current.value);
    void this.options.store.flushNow();
  }

  /** Submits through the journal: delivered even if the network is down now. */
  async submit(reason: SubmitReason): Promise<void> {
    if (this.phase.value === 'submitted') return;
    if (this.phase.value === 'submitting' && reason === 'manual') return;
    this.reason = reason;
    this.phase.value = 'submitting';
    this.submitFailureShown = false;
    const { store, engine } = this.options;
    await store.journaled();
    await store.flushNow().catch(() => undefined);
    await engine.submit(reason, this.currentQn);
  }

  /** The server refused a submit: say so once (the intent stays journaled and is retried). */
  onSubmitFailed(message: string): void {
    if (this.submitFailureShown) return;
    this.submitFailureShown = true;
    if (typeof window !== 'undefined') window.alert(`Test Submit Failed : ${message}`);
  }

  /** Called by the sync engine once the server holds the submission. */
  finished(outcome: SubmitOutcome): void {
    if (this.phase.value === 'submitted') return;
    this.phase.value = 'submitted';
    this.stop();
    this.options.onFinished(outcome, this.reason);
  }

  /** Retries a submit at once (the engine also retries by itself). */
  retry(): void {
    void this.options.engine.flush();
  }

  private follow(result: NavResult): void {
    if (result.ok) this.options.store.goTo(result.qi);
    else if (result.message) this.options.notify(result.message, 'warning');
  }

  private partwiseAt(timeLeft: number): PartwiseStatus | null {
    return this.options.schedule ? partwiseStatusFromTimeLeft(this.options.schedule, timeLeft) : null;
  }

  /** Under part-wise timing, keeps the student inside the part that is open now. */
  private enterActivePart(): void {
    const nav = this.partwiseNav.value;
    if (!nav) return;
    const qi = questionInActivePart(this.options.store.current.value, nav);
    if (qi !== null) this.options.store.goTo(qi);
  }

  private schedule(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(this.tick, delayToNextTick(this.anchor, this.perfNow()));
  }

  private readonly tick = (): void => {
    const now = this.perfNow();
    const ticks = ticksSince(this.startPerf, now);
    const { store, flags } = this.options;
    if (ticks > this.lastTick && this.phase.value === 'running') {
      if (!this.paused.value) store.tickSeconds(ticks - this.lastTick);
      if (crossedMultiple(this.lastTick, ticks, flags.autosaveInterval)) void store.flushNow();
      if (ticks >= this.nextPingTick) {
        this.pingsSent += 1;
        this.nextPingTick = ticks + pingIntervalTicks(this.pingsSent, flags.pingInterval);
        void this.sendPing();
      }
    }
    this.lastTick = Math.max(this.lastTick, ticks);
    const left = this.paused.value ? this.timeLeft.value : secondsLeft(this.anchor, now);
    const warning = this.phase.value === 'running' ? timeWarning(this.timeLeft.value, left) : null;
    if (warning) this.options.notify(warning, 'warning');
    this.timeLeft.value = left;
    const before = this.partwise.value;
    const status = this.partwiseAt(left);
    if (JSON.stringify(before) !== JSON.stringify(status)) {
      this.partwise.value = status;
      if (before?.phase !== status?.phase || (before?.phase === 'part' && status?.phase === 'part' && before.part !== status.part)) this.enterActivePart();
    }
    if (left <= 0 && this.phase.value === 'running' && !this.paused.value) void this.submit('TEST_TIME_OUT');
    if (this.phase.value !== 'submitted') this.schedule();
  };

  private async sendPing(): Promise<void> {
    const { engine, ping } = this.options;
    // The live status first: a command it brings (PROCTOR_TERMINATE) is seen before the sync says 'submitted'.
    await Promise.all([...this.pingListeners].map((listener) => listener().catch(() => undefined)));
    if (this.phase.value !== 'running') return;
    if (engine.state.value.unsent > 0) return engine.flush();
    try {
      const reply = await ping(this.currentQn);
      this.onSyncReply(reply);
      if (reply.submitted) this.finished({ message: reply.terminated_by_proctor ? TERMINATED_BY_PROCTOR : 'Test already submitted.', type: 100 });
    } catch {
      this.unreachable.value = true;
    }
  }

  private readonly onBeforeUnload = (event: BeforeUnloadEvent): void => {
    if (!this.hasUnsent()) return;
    void this.options.store.journaled();
    event.preventDefault();
    event.returnValue = '';
  };

  private readonly onPageHide = (): void => {
    void this.options.store.journaled();
  };

  private readonly onVisibility = (): void => {
    if (document.visibilityState === 'hidden' && this.phase.value === 'running') void this.options.store.flushNow();
  };

  private readonly onOnline = (): void => {
    this.unreachable.value = false;
    void this.options.engine.flush();
  };
}
