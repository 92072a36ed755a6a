import type { PaperQuestion, TestPaper } from '@invigil/shared/api/tests';
import type { TestPreviewReply } from '@invigil/shared/api/staff-tests';
import { newQuestionState } from '@invigil/shared/domain/answer-state';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildAttemptModel } from '../attempt/attempt-paper';
import { buildPreviewAttempt, PREVIEW_SEED, previewAnswers, PreviewSession, previewTestId } from './preview-attempt';

function question(qn: number, qt: PaperQuestion['qt'] = 3, extra: Partial<PaperQuestion> = {}): PaperQuestion {
  const options: Record<string, string> = qt === 3 || qt === 4 ? { A: `a${qn}`, B: `b${qn}`, C: `c${qn}`, D: `d${qn}` } : {};
  return {
    _id: `t.q${qn}`, qn, qnf: String(qn), qt, pm: 4, nm: 1, pi: 0, si: 0, noo: Object.keys(options).length, so: false,
    text: `<p>Q${qn}</p>`, options, extra: null, pdf: null, pdf_images: [], difficulty: null, subject_id: null, attachments: [], ...extra,
  };
}

/** Two parts of three questions; part-wise: 10 minutes each with a 1 minute gap (windows as the server sets them). */
function reply(options: { sq?: TestPaper['format']['sq']; partwise?: boolean; duration?: number } = {}): TestPreviewReply {
  const partwise = options.partwise ?? false;
  const section = (qns: number[], pi: number) => ({ name: `S${pi + 1}`, instruction: '', noq: qns.length, sq: false, so: false, tap: false, questions: qns.map((qn) => question(qn, qn === 6 ? 6 : 3, { pi })) });
  const part = (pi: number, qns: number[], window: [number, number] | null) => ({
    name: `Part ${pi + 1}`, fqn: qns[0] as number, lqn: qns.at(-1) as number, noq: qns.length, instruction: '', sq: false, so: false,
    time_lefts: window?.[0] ?? null, time_lefte: window?.[1] ?? null, sections: [section(qns, pi)],
  });
  const duration = options.duration ?? (partwise ? 21 * 60 : 30 * 60);
  return {
    paper: {
      _id: 't', version: 1, name: 'Preview test', description: '', type: 'live', mock_id: null, attachments: [],
      format: {
        duration: duration / 60, max_marks: 24, noq: 6, partwise_timing: partwise, partwise_time_gap: partwise ? 1 : 0, sq: options.sq ?? 'none',
        parts: [part(0, [1, 2, 3], partwise ? [21 * 60, 11 * 60] : null), part(1, [4, 5, 6], partwise ? [10 * 60, 0] : null)],
      },
    },
    config: { PROCTOR_TYPE: 'ai', FULL_SCREEN: 1, HIDE_PRE_SUBMIT: 0 },
    instructions: '<p>Read carefully.</p>',
    duration,
  };
}

const fetchSpy = vi.fn(() => Promise.reject(new Error('no network in a preview')));

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('fetch', fetchSpy);
  // No IndexedDB (another file of this worker may have loaded fake-indexeddb): a preview that
  // touched it would throw.
  vi.stubGlobal('indexedDB', undefined);
  fetchSpy.mockClear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const build = (preview: TestPreviewReply, onFinished = vi.fn()) => ({
  attempt: buildPreviewAttempt('chem-1', preview, { notify: vi.fn(), onFinished, perfNow: () => Date.now() }),
  onFinished,
});

describe('buildPreviewAttempt', () => {
  it('is a preview: not the real test id, no uploads, the test config and its flags as they are', () => {
    const preview = reply();
    const { attempt } = build(preview);
    expect(attempt.preview).toBe(true);
    expect(attempt.testId).toBe(previewTestId('chem-1'));
    expect(attempt.testId).not.toMatch(/^[A-Za-z0-9][A-Za-z0-9_-]*$/);
    expect(attempt.uploadQueue).toBeNull();
    expect(attempt.config).toBe(preview.config);
    expect(attempt.flags.hidePreSubmit).toBe(false);
    expect(attempt.instructions).toBe('<p>Read carefully.</p>');
  });

  it('shuffles as the student with the fixed preview seed would get it, the same each time', () => {
    const preview = reply({ sq: 'all' });
    const order = build(preview).attempt.model.questions.map((q) => q.question.qn);
    expect(order).toEqual(buildAttemptModel(preview.paper, preview.config, PREVIEW_SEED).questions.map((q) => q.question.qn));
    expect(build(preview).attempt.model.questions.map((q) => q.question.qn)).toEqual(order);
    expect(attemptUserId(preview)).toBe(PREVIEW_SEED);
  });

  it("counts down from the test's duration", async () => {
    const { attempt } = build(reply({ duration: 600 }));
    expect(attempt.session.timeLeft.value).toBe(600);
    attempt.session.start();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(attempt.session.timeLeft.value).toBe(595);
    attempt.session.stop();
  });

  it('follows the part-wise schedule of the paper', () => {
    const { attempt } = build(reply({ partwise: true }));
    expect(attempt.session.partwise.value).toMatchObject({ phase: 'part', part: 0 });
    expect(attempt.session.isAccessible(0)).toBe(true);
    expect(attempt.session.isAccessible(3)).toBe(false);
  });

  it("saves answers in memory only, and the test's Submit hands them over without any request", async () => {
    const { attempt, onFinished } = build(reply());
    attempt.session.start();
    void attempt.engine.start();
    attempt.store.setAnswer(0, 'B');
    attempt.store.setAnswer(5, '2.5', true);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(attempt.engine.state.value).toEqual({ status: 'saved', unsent: 0 });
    const submitted = attempt.session.submit('manual');
    await vi.advanceTimersByTimeAsync(500);
    await submitted;
    expect(attempt.session.phase.value).toBe('submitted');
    expect(onFinished).toHaveBeenCalledTimes(1);
    const [states, reason] = onFinished.mock.calls[0] as [ReturnType<typeof newQuestionState>[], string];
    expect(reason).toBe('manual');
    expect(previewAnswers(states)).toEqual([
      { qn: 1, ua: 'B' },
      { qn: 6, ua: '2.5' },
    ]);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('never counts anything as unsent, so leaving the preview asks nothing (the student\'s session would)', async () => {
    const { attempt } = build(reply());
    attempt.session.start();
    void attempt.engine.start();
    // A choice journaled, not yet delivered (the engine waits before it sends): a student's page would ask before leaving.
    attempt.store.setAnswer(0, 'B');
    await vi.advanceTimersByTimeAsync(200);
    expect(attempt.engine.state.value.unsent).toBeGreaterThan(0);
    expect(attempt.session.hasUnsent()).toBe(false);
    // A typed answer waiting for a pause in typing.
    attempt.store.setAnswer(5, '2.', true);
    expect(attempt.store.hasUnjournaled).toBe(true);
    expect(attempt.session.hasUnsent()).toBe(false);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(attempt.session.hasUnsent()).toBe(false);
    // While the preview's Submit runs.
    const submitted = attempt.session.submit('manual');
    expect(attempt.session.hasUnsent()).toBe(false);
    await vi.advanceTimersByTimeAsync(500);
    await submitted;
  });

  it('leaves the beforeunload event alone while answers wait', async () => {
    const target = new EventTarget();
    vi.stubGlobal('window', target);
    vi.stubGlobal('document', Object.assign(new EventTarget(), { visibilityState: 'visible' }));
    const { attempt } = build(reply());
    attempt.session.start();
    attempt.store.setAnswer(0, 'B');
    attempt.store.setAnswer(5, '2.', true);
    await vi.advanceTimersByTimeAsync(200);
    const event = new Event('beforeunload', { cancelable: true });
    // As in a browser's BeforeUnloadEvent, which the student's session sets to ask.
    Object.defineProperty(event, 'returnValue', { value: undefined, writable: true });
    target.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
    expect(attempt.session).toBeInstanceOf(PreviewSession);
    attempt.session.stop();
  });

  it('submits by itself when the time runs out', async () => {
    const { attempt, onFinished } = build(reply({ duration: 3 }));
    attempt.session.start();
    await vi.advanceTimersByTimeAsync(4_500);
    expect(onFinished).toHaveBeenCalledWith(expect.any(Array), 'TEST_TIME_OUT');
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});

function attemptUserId(preview: TestPreviewReply): string {
  return build(preview).attempt.userId;
}

describe('previewAnswers', () => {
  it('leaves out unanswered questions and empty choices, and normalises the rest', () => {
    const state = (qn: number, ua: ReturnType<typeof newQuestionState>['ua']) => ({ ...newQuestionState(qn), ua });
    expect(previewAnswers([state(1, null), state(2, []), state(3, ['C', 'A']), state(4, '  '), state(5, 'x')])).toEqual([
      { qn: 3, ua: ['A', 'C'] },
      { qn: 5, ua: 'x' },
    ]);
  });
});
