import type { AnswerValue, SubmitReason, SyncReply } from '@invigil/shared/api/attempt-sync';
import type { TestPreviewReply } from '@invigil/shared/api/staff-tests';
import { newQuestionState, normaliseAnswer, type QuestionState } from '@invigil/shared/domain/answer-state';
import { signal } from '@preact/signals-react';
import type { OverallFiles } from '../uploads/answer-sheet-uploads';
import { attemptFlags } from '../attempt/attempt-config';
import { partSchedule, type LoadedAttempt } from '../attempt/attempt-loader';
import { buildAttemptModel } from '../attempt/attempt-paper';
import { AttemptSession } from '../attempt/attempt-session';
import { AttemptStore } from '../attempt/attempt-store';
import type { ClockAnchor } from '../attempt/exam-timer';
import { SyncEngine, type SubmitOutcome, type SyncTransport } from '../attempt/sync-engine';
import { MemoryJournal } from './memory-journal';

/**
 * The shuffle seed of every preview: buildAttemptModel shuffles questions and options by the
 * student's id, so a preview shows the order one student would get, the same each time.
 */
export const PREVIEW_SEED = 'staff-preview';

/** The preview's test id on the attempt: not a test id (":" is not allowed in one), so no student call could reach a real test. */
export const previewTestId = (testId: string) => `preview:${testId}`;

export const PREVIEW_SUBMITTED = 'The preview is over: nothing was stored.';

/**
 * The student's session, for a preview: nothing it records is ever sent or kept, so nothing is
 * unsent. Leaving the page (a reload, a full navigation, closing the tab) asks nothing: the
 * session's "leave page?" prompt follows hasUnsent(), which for a student means answers not yet
 * on the server (in the journal, typed and waiting, or a submit under way). Defined here, not in
 * attempt/, so the student's test chunk carries none of it.
 */
export class PreviewSession extends AttemptSession {
  override hasUnsent(): boolean {
    return false;
  }
}

export interface PreviewCallbacks {
  notify: (message: string, color: 'info' | 'error' | 'warning' | 'success') => void;
  /** The test's own submit ran (Submit, or the time ran out): `states` are the answers as they stand. */
  onFinished: (states: QuestionState[], reason: SubmitReason) => void;
  perfNow?: () => number;
}

/**
 * A preview attempt: the student's test screen state (model, store, sync engine, session) built
 * from the staff preview reply, with nothing behind it. The journal lives in memory, the
 * transport answers locally (no student API is called: no attempt exists), the countdown runs from
 * the test's duration, part-wise timing follows the paper's part windows, and the config is the
 * test's own. The screen runs it without proctoring, live channel or uploads (`preview`).
 */
export function buildPreviewAttempt(id: string, reply: TestPreviewReply, callbacks: PreviewCallbacks): LoadedAttempt {
  const perfNow = callbacks.perfNow ?? (() => performance.now());
  const { paper, config } = reply;
  const testId = previewTestId(id);
  const userId = PREVIEW_SEED;
  // The memory journal's key (one attempt per journal).
  const attempt = testId;
  const flags = attemptFlags(config);
  const model = buildAttemptModel(paper, config, PREVIEW_SEED);
  const anchor: ClockAnchor = { remainingMs: Math.max(0, reply.duration) * 1000, perfAt: perfNow() };
  let acked = 0;
  // Whole seconds left, floored as the server floors them (exam-timer's secondsLeft).
  const timeLeft = () => Math.max(0, Math.floor((anchor.perfAt + anchor.remainingMs - perfNow()) / 1000));
  const syncReply = (): SyncReply => ({ success: true, acked_rev: acked, time_left: timeLeft(), late: false, submitted: false });
  const transport: SyncTransport = {
    sync(updates) {
      for (const update of updates) acked = Math.max(acked, update.rev);
      return Promise.resolve(syncReply());
    },
    submit: () => Promise.resolve({ message: PREVIEW_SUBMITTED }),
  };
  let session: PreviewSession | null = null;
  const engine = new SyncEngine({
    journal: new MemoryJournal(),
    attempt,
    transport,
    currentQn: () => session?.currentQn ?? 1,
    onSubmitted: (outcome: SubmitOutcome) => session?.finished(outcome),
  });
  const store = new AttemptStore(
    model.questions.map((q) => q.question.qt),
    model.questions.map((q) => newQuestionState(q.question.qn)),
    0,
    0,
    { record: (update) => engine.record(update), flush: () => engine.flush() },
  );
  session = new PreviewSession({
    testId,
    model,
    store,
    engine,
    anchor,
    flags,
    schedule: partSchedule(paper),
    ping: () => Promise.resolve(syncReply()),
    notify: callbacks.notify,
    onFinished: (_outcome, reason) => callbacks.onFinished(store.states.map((state) => state.value), reason),
    perfNow,
  });
  const files = signal<OverallFiles>({ iu: [], pu: [] });
  return { testId, userId, paper, config, flags, instructions: reply.instructions, model, store, engine, session, files, uploadQueue: null, preview: true };
}

/** The answers to score: every question answered, as the server would hold them. */
export function previewAnswers(states: readonly QuestionState[]): { qn: number; ua: AnswerValue }[] {
  return states.flatMap((state) => {
    const ua = normaliseAnswer(state.ua);
    return ua === null || (Array.isArray(ua) && ua.length === 0) ? [] : [{ qn: state.qn, ua }];
  });
}
