import type { AnswerValue, QuestionUpdate } from '@invigil/shared/api/attempt-sync';
import {
  addTime,
  applyAnswer,
  applyUploads,
  clearAnswer,
  markVisited,
  submitOverview,
  toggleMark,
  toQuestionUpdate,
  type QuestionState,
  type SubmitOverview,
  type Uploads,
} from '@invigil/shared/domain/answer-state';
import type { QuestionType } from '@invigil/shared/domain/question';
import { batch, signal, type ReadonlySignal, type Signal } from '@preact/signals-react';

/** Resolves once the next frame is painted, or after 100 ms at the latest (a hidden tab paints none). */
export function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 100);
  });
}

/** What the student calls the question's answer: the answer given and whether it is marked for review. */
const answerKey = (state: QuestionState) => JSON.stringify([state.ua, state.mts !== null]);

export interface AttemptStoreDeps {
  /**
   * Journals a change durably and schedules its delivery (SyncEngine.record); `answerChange`: the
   * change touched the answer or the mark (not only a visit or the time spent).
   */
  record: (update: QuestionUpdate, answerChange: boolean) => Promise<void>;
  /** Sends what is journaled now (SyncEngine.flush). */
  flush: () => Promise<void>;
  now?: () => number;
  /** Called with the new position whenever the student moves (kept locally for a reload). */
  onMove?: (qi: number) => void;
  /** Typed answers (numerical, subjective) are journaled after this pause in typing. */
  typingDebounceMs?: number;
}

/**
 * The student's answers while the test runs: one signal per question (so a change re-renders only
 * that question's view and navigator cell) and the current position. Every change goes to the
 * journal through `record`, one at a time and in revision order: a revision is given out when a
 * change is journaled, never before, so the journal never holds a lower revision after a higher
 * one the server may already have acknowledged.
 */
export class AttemptStore {
  readonly states: Signal<QuestionState>[];
  readonly current: Signal<number>;
  /** Per question, whether it is the current one: a navigator cell follows only its own flag. */
  readonly selected: ReadonlySignal<boolean>[];
  /** How many questions have typed changes waiting for a pause in typing (the save state shows them). */
  readonly typingCount = signal(0);
  /** Set when the local journal refused a write (storage full or unavailable). */
  readonly journalError = signal<string | null>(null);
  private rev: number;
  private chain: Promise<void> = Promise.resolve();
  /** Changes with their revision, waiting for the frame to be painted before they are journaled. */
  private queue: { update: QuestionUpdate; answerChange: boolean }[] = [];
  /** Per question, its answer and mark as last journaled, to tell an answer change from a visit. */
  private readonly journaledAnswers: string[];
  private drainScheduled = false;
  private readonly typing = new Map<number, ReturnType<typeof setTimeout>>();
  private secondsOnCurrent = 0;
  private readonly now: () => number;

  constructor(
    private readonly types: readonly QuestionType[],
    initial: readonly QuestionState[],
    startQi: number,
    revisionBase: number,
    private readonly deps: AttemptStoreDeps,
  ) {
    this.states = initial.map((state) => signal(state));
    this.current = signal(Math.min(Math.max(0, startQi), Math.max(0, initial.length - 1)));
    this.selected = initial.map((_, qi) => signal(qi === this.current.value));
    this.rev = revisionBase;
    this.journaledAnswers = initial.map(answerKey);
    this.now = deps.now ?? Date.now;
  }

  get total(): number {
    return this.states.length;
  }

  /** The highest revision given out so far. */
  get lastRev(): number {
    return this.rev;
  }

  /** True while changes wait for their pause or their frame (warn before the tab closes). */
  get hasUnjournaled(): boolean {
    return this.typing.size > 0 || this.queue.length > 0;
  }

  /** Records the first visit of the question shown at start. */
  begin(): void {
    this.update(this.current.value, (state, now) => markVisited(state, now, state.rev));
  }

  /** Sets an answer: choices are journaled at once, typed values after a pause in typing. */
  setAnswer(qi: number, answer: AnswerValue, typed = false): void {
    const qt = this.types[qi];
    if (qt === undefined) return;
    const state = this.states[qi] as Signal<QuestionState>;
    const next = applyAnswer(state.value, qt, answer, this.now(), state.value.rev);
    state.value = next;
    if (!typed) return this.journal(qi);
    clearTimeout(this.typing.get(qi));
    this.typing.set(qi, setTimeout(() => this.journal(qi), this.deps.typingDebounceMs ?? 600));
    this.typingCount.value = this.typing.size;
  }

  /** The question's files changed on the server (an upload or a delete): its answered state follows. */
  setUploads(qi: number, uploads: Uploads): void {
    const qt = this.types[qi];
    if (qt === undefined) return;
    this.update(qi, (state, now) => applyUploads(state, qt, uploads, now, state.rev));
  }

  toggleMark(qi: number): void {
    this.update(qi, (state, now) => toggleMark(state, now, state.rev));
  }

  clear(qi: number): void {
    const qt = this.types[qi];
    if (qt === undefined) return;
    this.update(qi, (state, now) => clearAnswer(state, qt, now, state.rev));
  }

  /** Seconds on the current question (folded into its state when the student leaves it). */
  tickSeconds(seconds = 1): void {
    if (Number.isFinite(seconds) && seconds > 0) this.secondsOnCurrent += Math.floor(seconds);
  }

  /** Moves to another question: the time spent and any typed change of the one left are journaled. */
  goTo(qi: number): void {
    if (qi < 0 || qi >= this.total || qi === this.current.value) return;
    this.leaveCurrent();
    const previous = this.current.value;
    batch(() => {
      this.current.value = qi;
      (this.selected[previous] as Signal<boolean>).value = false;
      (this.selected[qi] as Signal<boolean>).value = true;
    });
    this.deps.onMove?.(qi);
    this.update(qi, (state, now) => markVisited(state, now, state.rev));
  }

  /** Journals what waits (typing, time on the current question) and sends everything now. */
  flushNow(): Promise<void> {
    this.foldTime();
    for (const qi of [...this.typing.keys()]) this.journal(qi);
    return afterPaint().then(() => {
      this.drain();
      return this.chain.then(() => this.deps.flush());
    });
  }

  /** Resolves once every change made so far is in the journal. */
  journaled(): Promise<void> {
    for (const qi of [...this.typing.keys()]) this.journal(qi);
    this.drain();
    return this.chain;
  }

  overview(): SubmitOverview {
    return submitOverview(
      this.states.map((state) => state.value),
      this.total,
    );
  }

  /** Stops pending timers (the page is going away or the attempt is over). */
  dispose(): void {
    for (const timer of this.typing.values()) clearTimeout(timer);
    this.typing.clear();
    this.typingCount.value = 0;
  }

  private leaveCurrent(): void {
    const qi = this.current.value;
    if (this.typing.has(qi)) this.journal(qi);
    this.foldTime();
  }

  private foldTime(): void {
    const seconds = this.secondsOnCurrent;
    this.secondsOnCurrent = 0;
    if (seconds > 0) this.update(this.current.value, (state) => addTime(state, seconds, state.rev));
  }

  private update(qi: number, change: (state: QuestionState, now: number) => QuestionState): void {
    const state = this.states[qi];
    if (!state) return;
    const next = change(state.value, this.now());
    if (next === state.value) return;
    state.value = next;
    this.journal(qi);
  }

  /** Gives the question's current state a fresh revision and appends it to the journal, in order. */
  private journal(qi: number): void {
    clearTimeout(this.typing.get(qi));
    this.typing.delete(qi);
    this.typingCount.value = this.typing.size;
    const state = this.states[qi];
    if (!state) return;
    this.rev += 1;
    const next = { ...state.value, rev: this.rev };
    state.value = next;
    const key = answerKey(next);
    const answerChange = key !== this.journaledAnswers[qi];
    this.journaledAnswers[qi] = key;
    this.queue.push({ update: toQuestionUpdate(next, this.now()), answerChange });
    this.scheduleDrain();
  }

  /**
   * The screen answers first: journaling (IndexedDB) starts once the frame showing the change is
   * painted, or after 100 ms at the latest (a hidden tab paints no frames).
   */
  private scheduleDrain(): void {
    if (this.drainScheduled) return;
    this.drainScheduled = true;
    const run = () => {
      if (this.drainScheduled) this.drain();
    };
    void afterPaint().then(run);
  }

  /** Appends every queued change to the journal, one after another, in revision order. */
  private drain(): void {
    this.drainScheduled = false;
    const updates = this.queue;
    if (updates.length === 0) return;
    this.queue = [];
    for (const { update, answerChange } of updates) this.append(update, answerChange);
  }

  private append(update: QuestionUpdate, answerChange: boolean): void {
    this.chain = this.chain
      .then(() => this.deps.record(update, answerChange))
      .then(
        () => {
          if (this.journalError.value) this.journalError.value = null;
        },
        (error: unknown) => {
          this.journalError.value = `Answers could not be stored on this device: ${error instanceof Error ? error.message : String(error)}`;
        },
      );
  }
}
