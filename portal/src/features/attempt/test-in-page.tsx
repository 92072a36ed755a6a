import type { SubmitReason } from '@invigil/shared/api/attempt-sync';
import { SUBMITTED_NAVIGATE_MS } from '@invigil/shared/domain/constants';
import { useSignals } from '@preact/signals-react/runtime';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useRoute } from 'wouter';
import type { ScreenProps } from '../../lib/screen-props';
import { ApiError } from '../../lib/api-client';
import { testInProgress } from '../../lib/navigation-lock';
import { useShellCover } from '../../lib/shell-cover';
import { showSnackbar } from '../../lib/snackbar';
import { session as authSession } from '../auth/auth-state';
import { ALREADY_SUBMITTED_REASON, submittedPageUrl } from '../submitted/submitted-message';
import { AttemptContext } from './attempt-context';
import { loadAttempt, type LoadedAttempt } from './attempt-loader';
import { AttemptScreen } from './attempt-screen';
import { finishedNotice } from './finished-notice';
import type { SubmitOutcome } from './sync-engine';

type View = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready'; attempt: LoadedAttempt };

const SOMETHING_WRONG = 'Something went wrong!';
/**
 * The attempt is kept on the device for a reload offline (decision 0068) this long after the first
 * question shows, when the page is idle: never on the way to the first question.
 */
const KEEP_AFTER_MS = 1500;

/** Runs `task` once the page is idle, `delay` ms from now at the earliest; returns its cancel. */
function afterIdle(delay: number, task: () => void): () => void {
  let idle: number | undefined;
  const timer = setTimeout(() => {
    if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(task, { timeout: 3000 });
    else task();
  }, delay);
  return () => {
    clearTimeout(timer);
    if (idle !== undefined) cancelIdleCallback(idle);
  };
}

function LoadingOverlay() {
  useShellCover();
  return (
    <div className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-3 bg-base-100" role="status" aria-live="polite">
      <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      <p>Loading your test…</p>
    </div>
  );
}

function ErrorLayout({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <main className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-xl font-bold">The test could not be loaded</h1>
      <p className="mt-2" role="alert">{message}</p>
      <div className="mt-6 flex justify-center gap-2">
        <button type="button" className="btn btn-ghost" onClick={() => history.back()}>Back</button>
        <button type="button" className="btn btn-primary" onClick={onRetry} autoFocus>Retry</button>
      </div>
    </main>
  );
}

/** The in-test screen, for /test/{id}/in and /test/{id}/test-in-partwise (the paper decides part-wise timing). */
export default function TestInPage({ title }: ScreenProps) {
  useSignals();
  // The app renders screens outside a <Route>, so the id is read from the path here.
  const [, inParams] = useRoute<{ id: string }>('/test/:id/in');
  const [, partwiseParams] = useRoute<{ id: string }>('/test/:id/test-in-partwise');
  const id = inParams?.id ?? partwiseParams?.id ?? '';
  const [, navigate] = useLocation();
  const [view, setView] = useState<View>({ kind: 'loading' });
  const [attemptNo, setAttemptNo] = useState(0);
  const userId = authSession.value?.claims.id ?? '';
  const leaveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const goSubmitted = useCallback(
    (reason: string, delay: number) => {
      testInProgress.value = false;
      clearTimeout(leaveTimer.current);
      leaveTimer.current = setTimeout(() => navigate(submittedPageUrl(reason, id, userId), { replace: true }), delay);
    },
    [id, userId, navigate],
  );

  useEffect(() => {
    if (!userId) return;
    const controller = new AbortController();
    let loaded: LoadedAttempt | null = null;
    let cancelKeep = () => {};
    setView({ kind: 'loading' });
    const onFinished = (outcome: SubmitOutcome, reason: SubmitReason) => {
      // Submitted, terminated or ended: nothing of the paper or its key stays on the device.
      cancelKeep();
      void loaded?.keeper?.drop().catch(() => undefined);
      // The proctor's PROCTOR_TERMINATE: the server submitted it, the page says why.
      if (outcome.type === 100 && reason !== 'PROCTOR_TERMINATE') {
        showSnackbar(outcome.message || ALREADY_SUBMITTED_REASON, { color: 'warning' });
        goSubmitted(ALREADY_SUBMITTED_REASON, SUBMITTED_NAVIGATE_MS);
        return;
      }
      const notice = finishedNotice(outcome, reason);
      showSnackbar(notice.message, { color: notice.color });
      goSubmitted(reason, SUBMITTED_NAVIGATE_MS);
    };
    loadAttempt(id, userId, { notify: (message, color) => showSnackbar(message, { color }), onFinished }, controller.signal).then(
      (result) => {
        if (controller.signal.aborted) {
          if (result.kind === 'ready') result.attempt.session.stop();
          return;
        }
        if (result.kind === 'already-submitted') {
          showSnackbar(result.message, { color: 'warning' });
          goSubmitted(ALREADY_SUBMITTED_REASON, 0);
          return;
        }
        loaded = result.attempt;
        testInProgress.value = true;
        loaded.session.start();
        void loaded.engine.start();
        setView({ kind: 'ready', attempt: loaded });
        const { keeper, paper, session } = loaded;
        if (keeper) cancelKeep = afterIdle(KEEP_AFTER_MS, () => void (session.phase.value === 'submitted' ? undefined : keeper.keep(paper, location.pathname).catch(() => undefined)));
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message = error instanceof ApiError || error instanceof Error ? error.message || SOMETHING_WRONG : SOMETHING_WRONG;
        showSnackbar(message, { color: 'error' });
        setView({ kind: 'error', message });
      },
    );
    return () => {
      controller.abort();
      cancelKeep();
      loaded?.session.stop();
    };
  }, [id, userId, attemptNo, goSubmitted]);

  useEffect(() => () => clearTimeout(leaveTimer.current), []);

  useEffect(() => {
    document.title = view.kind === 'ready' ? `${view.attempt.paper.name} · ${title}` : title;
  }, [view, title]);

  if (view.kind === 'loading') return <LoadingOverlay />;
  if (view.kind === 'error') return <ErrorLayout message={view.message} onRetry={() => setAttemptNo((n) => n + 1)} />;
  return (
    <AttemptContext value={view.attempt}>
      <AttemptScreen />
    </AttemptContext>
  );
}
