import type { TestInfo, TestInstructionReply } from '@invigil/shared/api/tests';
import { ALREADY_SUBMITTED_MESSAGE } from '@invigil/shared/api/http';
import { accessCodeError } from '@invigil/shared/domain/access-code';
import { START_REDIRECT_MS } from '@invigil/shared/domain/constants';
import { testEndedLabel } from '@invigil/shared/domain/relative-time';
import { hasEnded } from '@invigil/shared/domain/test-card';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { ApiError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/date-time';
import { showSnackbar } from '../../lib/snackbar';
import { SafeHtml } from '../../ui/safe-html';
import { TextField } from '../../ui/text-field';
import { meritPoints, refreshUser } from '../auth/auth-state';
import { rememberedDevices } from './device-store';
import { fetchSealedPaper } from '../attempt/attempt-api';
import { handOverEntered } from '../attempt/entered-handoff';
import { startTest } from './tests-api';

// The pieces of the instruction screen, shared by /test/{id}/instruction and its chapter-test
// variant /chapter-test/{ids}/instruction, so both start a test by the same rules.

const START_FAILED = 'There was something wrong while creating test!';

export function LoadingInstructions() {
  return (
    <main className="flex justify-center py-16" role="status" aria-label="Loading instructions">
      <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
    </main>
  );
}

/** Duration, questions, max marks and parts of a test. */
export function TestFacts({ test }: { test: TestInfo }) {
  return (
    <dl className="mt-4 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
      <div><dt className="opacity-70">Duration</dt><dd className="font-semibold">{test.format.duration} min</dd></div>
      <div><dt className="opacity-70">Questions</dt><dd className="font-semibold">{test.format.noq}</dd></div>
      <div><dt className="opacity-70">Max marks</dt><dd className="font-semibold">{test.format.max_marks}</dd></div>
      <div><dt className="opacity-70">Parts</dt><dd className="font-semibold">{test.format.parts.length}</dd></div>
    </dl>
  );
}

/**
 * The instruction itself, the notices (part-wise timing, merit points, opening time), the
 * read-and-agree checkbox and Start (spec, Instructions): Start is disabled until the box is
 * ticked, time_to_start is 0 or less and no start is in progress; a test with an access code asks
 * for it first; once started, the test opens after 0.5 s.
 */
export function InstructionCard({ data, resume }: { data: TestInstructionReply; resume: boolean }) {
  useSignals();
  const [, navigate] = useLocation();
  const [agreed, setAgreed] = useState(false);
  const [starting, setStarting] = useState(false);
  const [askCode, setAskCode] = useState(false);
  const codeDialog = useRef<HTMLDialogElement>(null);
  // Modal, as every dialog here: the page behind is inert and Escape cancels.
  useEffect(() => {
    if (askCode && !codeDialog.current?.open) codeDialog.current?.showModal();
  }, [askCode]);
  const cancelCode = () => {
    setAskCode(false);
    setStarting(false);
  };
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);
  const { test } = data;

  useEffect(() => () => clearTimeout(redirect.current), []);

  // The sealed paper, fetched while the student reads: the start then carries only its key.
  const sealed = data.sealed_paper;
  useEffect(() => {
    if (sealed) void fetchSealedPaper(sealed);
  }, [sealed]);

  const opensLater = test.time_to_start > 0;
  // An ended test cannot start (the server refuses it), unless an attempt begun in time resumes.
  const ended = hasEnded(test) && !test.resumeable;
  const canStart = agreed && !opensLater && !ended && !starting;

  async function start(accessCode?: string) {
    setStarting(true);
    try {
      const reply = await startTest({ id: test._id, devices: rememberedDevices(test._id), access_code: accessCode, resume, enter: true });
      if ('type' in reply) {
        showSnackbar(reply.message, { color: 'info' });
        navigate(`/test-submitted?reason=${encodeURIComponent(ALREADY_SUBMITTED_MESSAGE)}&tid=${encodeURIComponent(test._id)}`);
        return;
      }
      setAskCode(false);
      if (reply.entered) handOverEntered(test._id, reply.entered);
      void refreshUser();
      const route = test.format.partwise_timing ? 'test-in-partwise' : 'in';
      redirect.current = setTimeout(() => navigate(`/test/${encodeURIComponent(test._id)}/${route}`), START_REDIRECT_MS);
    } catch (error) {
      const message = error instanceof ApiError && error.message ? error.message : START_FAILED;
      if (askCode) setCodeError(message);
      else showSnackbar(message, { color: 'error' });
      setStarting(false);
    }
  }

  function onStart() {
    if (!canStart) return;
    if (test.access_code && !resume) {
      setCode('');
      setCodeError(null);
      setAskCode(true);
      return;
    }
    void start();
  }

  function onSubmitCode(event: FormEvent) {
    event.preventDefault();
    const problem = accessCodeError(code);
    setCodeError(problem);
    if (!problem) void start(code.trim());
  }

  return (
    <>
      <section className="card mt-4 bg-base-100 shadow" aria-labelledby="instruction-heading">
        <div className="card-body">
          <h2 id="instruction-heading" className="card-title">Read carefully</h2>
          {data.instruction.trim() ? (
            <SafeHtml html={data.instruction} className="prose max-w-none" />
          ) : (
            <p className="opacity-80">This test has no special instructions. Answer every question within the time shown above.</p>
          )}
          {test.format.partwise_timing ? (
            <p className="alert alert-info mt-2 text-sm">
              Each part has its own time. When a part's time is over you move to the next part and cannot go back.
            </p>
          ) : null}
          {test.mp_cost > 0 && !test.attempted ? (
            <p className="alert alert-warning mt-2 text-sm">
              Starting this test uses {test.mp_cost} merit points. You have {meritPoints.value}.
            </p>
          ) : null}
          {opensLater ? (
            <p className="alert mt-2 text-sm" role="status">This test opens {formatDateTime(test.activation_date ?? Date.now() + test.time_to_start)}.</p>
          ) : null}
          {ended ? (
            <p id="start-blocked" className="alert alert-warning mt-2 text-sm" role="status">
              {testEndedLabel(test.time_to_start)}: it can no longer be started.
            </p>
          ) : null}
          <label className="mt-4 flex cursor-pointer items-start gap-3">
            <input type="checkbox" className="checkbox checkbox-primary mt-0.5" checked={agreed} onChange={(event) => setAgreed(event.target.checked)} />
            <span>I have read and understood the instructions, and I agree to follow them.</span>
          </label>
          <div className="card-actions mt-4 justify-end">
            <button type="button" className="btn btn-ghost" onClick={() => navigate('/test')}>Back</button>
            <button type="button" className="btn btn-primary" disabled={!canStart} aria-busy={starting} aria-describedby={ended ? 'start-blocked' : undefined} onClick={onStart}>
              {starting ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
              {resume ? 'Resume' : 'Start'}
            </button>
          </div>
        </div>
      </section>
      {askCode ? (
        <dialog
          ref={codeDialog}
          className="modal"
          aria-labelledby="access-code-heading"
          onCancel={(event) => {
            event.preventDefault();
            cancelCode();
          }}
        >
          <form className="modal-box" onSubmit={onSubmitCode} noValidate>
            <h2 id="access-code-heading" className="text-lg font-bold">This test needs an access code</h2>
            <p className="mt-1 text-sm opacity-80">Your invigilator gives you the code for this test.</p>
            <div className="mt-3">
              <TextField label="Access Code" value={code} onChange={setCode} error={codeError} autoComplete="off" autoFocus />
            </div>
            <div className="modal-action">
              <button type="button" className="btn btn-ghost" onClick={cancelCode}>Cancel</button>
              <button type="submit" className="btn btn-primary" disabled={starting}>Start</button>
            </div>
          </form>
        </dialog>
      ) : null}
    </>
  );
}
