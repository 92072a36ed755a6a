import type { SubmitReason } from '@invigil/shared/api/attempt-sync';
import { TERMINATED_BY_PROCTOR } from '@invigil/shared/api/live-messages';
import type { TestConfig, TestInReply, TestPaper } from '@invigil/shared/api/tests';
import { scheduleFromTimeLeftWindows, type PartSchedule } from '@invigil/shared/domain/partwise-timing';
import { newQuestionState } from '@invigil/shared/domain/answer-state';
import { signal as createSignal, type Signal } from '@preact/signals-react';
import type { OverallFiles } from '../uploads/answer-sheet-uploads';
import { UploadOutbox } from '../uploads/upload-outbox';
import { UploadQueue } from '../uploads/upload-queue';
import { ApiError } from '../../lib/api-client';
import { storage } from '../../lib/storage';
import { AnswerJournal, attemptKey } from './answer-journal';
import { claimAttempt, type AttemptClaim } from './attempt-claim';
import { fetchPaper, fetchTestIn, submitAnswers, syncAnswers } from './attempt-api';
import { openSealedPaper } from './sealed-paper';
import { takeEntered } from './entered-handoff';
import { attemptFlags, type AttemptFlags } from './attempt-config';
import { buildAttemptModel, type AttemptModel } from './attempt-paper';
import { AttemptSession } from './attempt-session';
import { mergeStates, revisionBase } from './attempt-state-merge';
import { AttemptStore } from './attempt-store';
import { anchorFromServer } from './exam-timer';
import { AttemptKeeper, keepFrom, replyOffline } from './offline-attempt';
import { SyncEngine, type SubmitOutcome, type SyncTransport } from './sync-engine';

export interface LoadedAttempt {
  testId: string;
  userId: string;
  paper: TestPaper;
  config: TestConfig;
  flags: AttemptFlags;
  instructions: string;
  model: AttemptModel;
  store: AttemptStore;
  engine: SyncEngine;
  session: AttemptSession;
  /** The attempt's own uploads (answer-sheet PDFs, images), as the server last listed them. */
  files: Signal<OverallFiles>;
  /** Answer files kept on the device until they can be uploaded (null where IndexedDB is unavailable). */
  uploadQueue: UploadQueue | null;
  /** A staff member's preview (staff-test-preview): no proctoring, no live channel, no uploads. */
  preview?: boolean;
  /** Keeps the running attempt on the device for a reload offline (decision 0068); absent in a preview. */
  keeper?: AttemptKeeper;
}

export type LoadResult = { kind: 'already-submitted'; message: string } | { kind: 'ready'; attempt: LoadedAttempt };

export interface LoadCallbacks {
  notify: (message: string, color: 'info' | 'error' | 'warning' | 'success') => void;
  onFinished: (outcome: SubmitOutcome, reason: SubmitReason) => void;
}

/** Part-wise timing from the parts' time windows (null when the test has none or they are missing). */
export function partSchedule(paper: TestPaper): PartSchedule | null {
  const { format } = paper;
  if (!format.partwise_timing || format.parts.length === 0) return null;
  const windows = format.parts.map((part) => ({ time_lefts: part.time_lefts, time_lefte: part.time_lefte }));
  if (windows.some((w) => w.time_lefts === null || w.time_lefte === null)) return null;
  return scheduleFromTimeLeftWindows(windows as { time_lefts: number; time_lefte: number }[], format.partwise_time_gap * 60);
}

let journalPromise: Promise<AnswerJournal> | null = null;

/** One journal connection per page. */
export function openJournal(): Promise<AnswerJournal> {
  journalPromise ??= AnswerJournal.open().catch((error: unknown) => {
    journalPromise = null;
    throw error;
  });
  return journalPromise;
}

async function paperOf(reply: TestInReply, signal?: AbortSignal): Promise<TestPaper> {
  if (reply.testData) return reply.testData;
  return (await openSealedPaper(reply.paper)) ?? fetchPaper(reply.paper, signal);
}

/**
 * The attempt is already submitted (at the deadline, or from another tab) but this browser still
 * holds changes it never delivered: the server keeps such late updates (marked late), so send them
 * once with a submit, then forget the journal.
 */
export async function deliverLeftovers(testId: string, userId: string): Promise<void> {
  const journal = await openJournal();
  const attempt = attemptKey(userId, testId);
  const [pending, intent] = await Promise.all([journal.pending(attempt), journal.submitIntent(attempt)]);
  if (pending.length === 0 && !intent) return;
  if (pending.length > 0) {
    await submitAnswers({ id: testId, updates: pending, terminated: intent?.reason ?? 'manual', qn: intent?.qn, submitted_at: intent?.at ?? Date.now() });
  }
  await journal.forget(attempt);
}

/**
 * Loads an attempt: the student's saved state and the paper, merged with what the local journal
 * still holds unsent; then resumes delivering that journal (including a submit decided earlier).
 */
export async function loadAttempt(testId: string, userId: string, callbacks: LoadCallbacks, signal?: AbortSignal): Promise<LoadResult> {
  const attempt = attemptKey(userId, testId);
  // Another tab with this attempt journals what it has and stops before this one reads the journal.
  // Right after Start, its reply already carries the attempt (entered-handoff.ts).
  const entered = takeEntered(testId);
  // No connection: an attempt this device keeps (decision 0068) loads from what it holds.
  const fromKept = { used: false };
  const asked = entered ? Promise.resolve(entered) : fetchTestIn(testId, signal).catch((error: unknown) => keptReplyOr(error, attempt, userId, fromKept));
  const replied = asked.then((reply) => ({ reply, at: performance.now(), deviceAt: Date.now() }));
  // The paper and the journal's database are asked for at once, beside the claim (the journal is
  // only read once the claim is held): on a slow phone these steps in a row were a visible wait.
  // (An attempt already submitted needs no paper: its promise then never settles, and nobody waits on it.)
  const paper = replied.then(({ reply }) => ('type' in reply ? new Promise<TestPaper>(() => {}) : paperOf(reply, signal)));
  paper.catch(() => undefined);
  openJournal().catch(() => undefined);
  const [{ reply, at: repliedAt, deviceAt }, claim] = await Promise.all([replied, claimAttempt(`invigil-attempt:${attempt}`)]);
  try {
    if ('type' in reply) {
      await deliverLeftovers(testId, userId).catch(() => undefined);
      await import('./kept-attempt-store').then((kept) => kept.dropKeptAttempt(attempt)).catch(() => undefined);
      claim.release();
      return { kind: 'already-submitted', message: reply.message };
    }
    const keeper = new AttemptKeeper(keepFrom(userId, testId, reply, deviceAt), fromKept.used);
    return await prepareAttempt(testId, userId, reply, paper, repliedAt, claim, callbacks, keeper);
  } catch (error) {
    claim.release();
    throw error;
  }
}

/** The kept attempt's reply when the server cannot be reached; otherwise the error as it was. */
async function keptReplyOr(error: unknown, attempt: string, userId: string, fromKept: { used: boolean }): Promise<TestInReply> {
  if (!(error instanceof ApiError) || error.status !== null) throw error;
  const kept = await import('./kept-attempt-store').then((store) => store.keptAttempt(attempt)).catch(() => null);
  if (!kept || kept.userId !== userId) throw error;
  fromKept.used = true;
  return replyOffline(kept, Date.now());
}

async function prepareAttempt(
  testId: string,
  userId: string,
  reply: TestInReply,
  paperLoad: Promise<TestPaper>,
  /** performance.now() when the reply's clock was current: the countdown starts from there, not after the paper. */
  repliedAt: number,
  claim: AttemptClaim,
  callbacks: LoadCallbacks,
  keeper: AttemptKeeper,
): Promise<LoadResult> {
  const [paper, journal] = await Promise.all([paperLoad, openJournal()]);
  const config: TestConfig = { ...reply.test.config, ...reply.testConfig };
  const flags = attemptFlags(config);
  const model = buildAttemptModel(paper, config, userId);
  const attempt = attemptKey(userId, testId);
  const [pending, lastRev, intent] = await Promise.all([journal.pending(attempt), journal.lastRev(attempt), journal.submitIntent(attempt)]);
  const { userData } = reply;
  const qns = model.questions.map((q) => q.question.qn);
  const merged = mergeStates(qns, userData.test_data, pending, userData.acked_rev);
  const states = qns.map((qn) => merged.get(qn) ?? newQuestionState(qn));
  // The question the student was on: this browser's own record wins (the server's last_qn may lag
  // behind when the last moves could not be sent).
  const positionKey = `invigil-position:${attempt}`;
  const localQn = Number(storage.get(positionKey));
  const startQi = model.indexOfQn.get(localQn) ?? model.indexOfQn.get(userData.last_qn) ?? 0;

  let session: AttemptSession | null = null;
  const transport: SyncTransport = {
    async sync(updates, qn) {
      const result = await syncAnswers({ id: testId, updates, qn });
      keeper.synced(updates, result);
      session?.onSyncReply(result);
      return result;
    },
    async submit(updates, submitIntent) {
      const result = await submitAnswers({ id: testId, updates, terminated: submitIntent.reason, qn: submitIntent.qn, submitted_at: submitIntent.at });
      if (!('type' in result)) return { message: result.message };
      return { message: result.terminated_by_proctor ? TERMINATED_BY_PROCTOR : result.message, type: result.type };
    },
  };
  const engine = new SyncEngine({
    journal,
    attempt,
    transport,
    currentQn: () => session?.currentQn ?? userData.last_qn,
    onSubmitted: (outcome) => session?.finished(outcome),
    onSubmitFailed: (message) => session?.onSubmitFailed(message),
  });
  const store = new AttemptStore(
    model.questions.map((q) => q.question.qt),
    states,
    startQi,
    revisionBase(lastRev, userData.acked_rev, userData.test_data),
    {
      record: (update, answerChange) => engine.record(update, answerChange),
      flush: () => engine.flush(),
      onMove: (qi) => storage.set(positionKey, String(model.questions[qi]?.question.qn ?? '')),
    },
  );
  session = new AttemptSession({
    testId,
    model,
    store,
    engine,
    anchor: anchorFromServer(userData.deadline, userData.server_time, repliedAt),
    flags,
    schedule: partSchedule(paper),
    ping: (qn) => syncAnswers({ id: testId, updates: [], qn }),
    notify: callbacks.notify,
    onFinished: callbacks.onFinished,
    pendingIntent: intent,
    claim,
  });
  // Loaded from what the device keeps: the server could not be reached a moment ago; say so until it answers.
  if (keeper.fromKept) session.unreachable.value = true;
  const files = createSignal<OverallFiles>({ iu: userData.iu, pu: userData.pu });
  const outbox = await UploadOutbox.open().catch(() => null);
  const uploadQueue = outbox
    ? new UploadQueue(outbox, attempt, (uploaded) => {
        const { newData } = uploaded;
        if ('pu' in newData) files.value = { iu: newData.iu, pu: newData.pu };
        else {
          const qi = model.indexOfQn.get(newData.qn);
          if (qi !== undefined) store.setUploads(qi, newData);
        }
      })
    : null;
  return { kind: 'ready', attempt: { testId, userId, paper, config, flags, instructions: reply.instructions, model, store, engine, session, files, uploadQueue, keeper } };
}
