import 'fake-indexeddb/auto';
import type { QuestionUpdate, SyncReply } from '@invigil/shared/api/attempt-sync';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { AnswerJournal, attemptKey } from './answer-journal';
import { newQuestionState } from '@invigil/shared/domain/answer-state';
import { AttemptStore } from './attempt-store';
import { saveStateText } from './save-state-text';
import { SyncEngine, type SubmitOutcome, type SyncTransport } from './sync-engine';

const attempt = attemptKey('u1', 't1');
const update = (qn: number, rev: number, ua: QuestionUpdate['ua'] = 'A'): QuestionUpdate => ({
  qn, rev, ua, ats: 1, mts: null, vts: 1, s: 1, at: 1,
});

/** A fake server: stores the newest rev per question, can be taken offline. */
function fakeServer() {
  const answers = new Map<number, QuestionUpdate>();
  let offline = false;
  let submitted: string | null = null;
  const apply = (updates: QuestionUpdate[]) => {
    for (const item of updates) {
      const held = answers.get(item.qn);
      if (!held || held.rev < item.rev) answers.set(item.qn, item);
    }
  };
  const ackedRev = () => Math.max(0, ...[...answers.values()].map((item) => item.rev));
  const transport: SyncTransport = {
    sync: vi.fn(async (updates: QuestionUpdate[]): Promise<SyncReply> => {
      if (offline) throw new ApiError('Please check your internet connection!', null);
      if (submitted) throw new ApiError('Test already submitted.', 412, { type: 100, message: 'Test already submitted.' });
      apply(updates);
      return { success: true, acked_rev: ackedRev(), time_left: 100, late: false, submitted: false };
    }),
    submit: vi.fn(async (updates: QuestionUpdate[], intent): Promise<SubmitOutcome> => {
      if (offline) throw new ApiError('Please check your internet connection!', null);
      if (submitted) throw new ApiError('Test already submitted.', 412, { type: 100, message: 'Test already submitted.' });
      apply(updates);
      submitted = intent.reason;
      return { message: 'Your test has been submitted successfully.' };
    }),
  };
  return { answers, transport, setOffline: (value: boolean) => (offline = value), submittedReason: () => submitted };
}

let journal: AnswerJournal;
beforeEach(async () => {
  journal = await AnswerJournal.open(`engine-${Math.random()}`);
});
afterEach(() => journal.close());

const engineFor = (transport: SyncTransport, onSubmitted?: (outcome: SubmitOutcome) => void) =>
  new SyncEngine({ journal, attempt, transport, currentQn: () => 1, onSubmitted, debounceMs: 5, retryDelaysMs: [5] });

describe('SyncEngine', () => {
  it('shows saving until the server acknowledges, then saved', async () => {
    const server = fakeServer();
    const engine = engineFor(server.transport);
    await engine.record(update(1, 1));
    expect(engine.state.value).toEqual({ status: 'saving', unsent: 1 });
    await engine.flush();
    expect(engine.state.value).toEqual({ status: 'saved', unsent: 0 });
    expect(server.answers.get(1)?.ua).toBe('A');
    engine.stop();
  });

  it('keeps answering offline, counts unsent changes and delivers them all when back', async () => {
    const server = fakeServer();
    const engine = engineFor(server.transport);
    server.setOffline(true);
    await engine.record(update(1, 1, 'A'));
    await engine.record(update(2, 2, 'B'));
    await engine.flush();
    await engine.record(update(1, 3, 'C'));
    expect(engine.state.value).toEqual({ status: 'offline', unsent: 3 });
    server.setOffline(false);
    await vi.waitFor(() => expect(engine.state.value.status).toBe('saved'));
    expect(server.answers.get(1)?.ua).toBe('C');
    expect(server.answers.get(2)?.ua).toBe('B');
    engine.stop();
  });

  it('replays a journal left by a crashed page', async () => {
    const server = fakeServer();
    await journal.append(attempt, update(4, 7, ['A', 'B']));
    const engine = engineFor(server.transport);
    await engine.start();
    expect(server.answers.get(4)?.ua).toEqual(['A', 'B']);
    expect(await journal.pendingCount(attempt)).toBe(0);
    engine.stop();
  });

  it('delivers a time-out submit decided offline, with the answers, when the network returns', async () => {
    const server = fakeServer();
    const onSubmitted = vi.fn();
    const engine = engineFor(server.transport, onSubmitted);
    server.setOffline(true);
    await engine.record(update(1, 1, 'D'));
    await engine.submit('TEST_TIME_OUT', 1);
    expect(engine.state.value.status).toBe('offline');
    expect(await journal.submitIntent(attempt)).toMatchObject({ reason: 'TEST_TIME_OUT' });
    server.setOffline(false);
    await vi.waitFor(() => expect(onSubmitted).toHaveBeenCalledOnce());
    expect(server.submittedReason()).toBe('TEST_TIME_OUT');
    expect(server.answers.get(1)?.ua).toBe('D');
    expect(await journal.submitIntent(attempt)).toBeNull();
  });

  it('stops and reports when the server says the test was already submitted', async () => {
    const server = fakeServer();
    const onSubmitted = vi.fn();
    const first = engineFor(server.transport);
    await first.submit('manual');
    const engine = engineFor(server.transport, onSubmitted);
    await engine.record(update(2, 2));
    await engine.flush();
    expect(onSubmitted).toHaveBeenCalledWith({ message: 'Test already submitted.', type: 100 });
  });

  it('says the proctor terminated the test when a sync finds it submitted by PROCTOR_TERMINATE', async () => {
    const server = fakeServer();
    const transport: SyncTransport = {
      ...server.transport,
      sync: vi.fn(async (): Promise<SyncReply> => ({ success: true, acked_rev: 1, time_left: 0, late: true, submitted: true, terminated_by_proctor: true })),
    };
    const onSubmitted = vi.fn();
    const engine = engineFor(transport, onSubmitted);
    await engine.record(update(1, 1));
    await engine.flush();
    expect(onSubmitted).toHaveBeenCalledWith({ message: 'The test was terminated by proctor.', type: 100 });
  });

  it('shows the server refusal and keeps the change', async () => {
    const transport: SyncTransport = {
      sync: vi.fn(async () => { throw new ApiError('The answer is too long.', 422); }),
      submit: vi.fn(),
    };
    const engine = engineFor(transport);
    await engine.record(update(1, 1));
    await engine.flush();
    expect(engine.state.value).toEqual({ status: 'error', unsent: 1, message: 'The answer is too long.' });
    expect(await journal.pendingCount(attempt)).toBe(1);
    engine.stop();
  });
  it('tells the student once when the server refuses a submit, and keeps the intent to retry', async () => {
    const server = fakeServer();
    vi.mocked(server.transport.submit).mockRejectedValue(new ApiError('Please start the test first.', 404));
    const onSubmitFailed = vi.fn();
    const engine = new SyncEngine({ journal, attempt, transport: server.transport, currentQn: () => 1, onSubmitFailed, debounceMs: 5, retryDelaysMs: [5] });
    await engine.submit('manual', 1);
    expect(onSubmitFailed).toHaveBeenCalledWith('Please start the test first.');
    expect(engine.state.value).toMatchObject({ status: 'error', message: 'Please start the test first.' });
    expect(await journal.submitIntent(attempt)).toMatchObject({ reason: 'manual' });
    engine.stop();
  });

  it('does not report a network failure of a submit as a refusal', async () => {
    const server = fakeServer();
    server.setOffline(true);
    const onSubmitFailed = vi.fn();
    const engine = new SyncEngine({ journal, attempt, transport: server.transport, currentQn: () => 1, onSubmitFailed, debounceMs: 5, retryDelaysMs: [5] });
    await engine.submit('TEST_TIME_OUT', 1);
    expect(onSubmitFailed).not.toHaveBeenCalled();
    expect(engine.state.value.status).toBe('offline');
    engine.stop();
  });

  it('tells an offline student how many answers are unsaved, not how many visits and marks (issue 31)', async () => {
    const server = fakeServer();
    server.setOffline(true);
    // No retry while the text is read (a retry in flight shows "Saving…").
    const quiet = () => new SyncEngine({ journal, attempt, transport: server.transport, currentQn: () => 1, debounceMs: 60_000, retryDelaysMs: [60_000] });
    const engine = quiet();
    const store = new AttemptStore([3, 3, 6], [1, 2, 3].map((qn) => newQuestionState(qn)), 0, 0, {
      record: (change, answerChange) => engine.record(change, answerChange),
      flush: () => engine.flush(),
    });
    // The e2e's walk: answer 1, Save-Next, answer and mark 2, Save-Next, type 3: 7 changes, 3 answers.
    store.begin();
    store.setAnswer(0, 'C');
    store.goTo(1);
    store.setAnswer(1, 'C');
    store.toggleMark(1);
    store.goTo(2);
    store.setAnswer(2, '9', true);
    await store.flushNow();
    expect(engine.state.value).toEqual({ status: 'offline', unsent: 7 });
    const text = () => saveStateText(engine.state.value, false, null, false, engine.unsavedAnswers.value);
    expect(text()).toBe('Offline: 3 unsaved answers');

    // A visit alone adds nothing to say; a reload counts the same from the journal.
    store.goTo(0);
    await store.flushNow();
    expect(text()).toBe('Offline: 3 unsaved answers');
    engine.stop();
    const reloaded = quiet();
    await reloaded.start();
    expect(saveStateText(reloaded.state.value, false, null, false, reloaded.unsavedAnswers.value)).toBe('Offline: 3 unsaved answers');

    server.setOffline(false);
    await reloaded.flush();
    expect(reloaded.unsavedAnswers.value).toBe(0);
    expect(reloaded.state.value).toEqual({ status: 'saved', unsent: 0 });
    reloaded.stop();
  });
});
