import type { SubmitReason } from '@invigil/shared/api/attempt-sync';
import type { FocusWarning } from '@invigil/shared/proctor/focus-policy';
import { isFlagOn } from '@invigil/shared/domain/config-flag';
import { useSignals } from '@preact/signals-react/runtime';
import { Maximize } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Modal } from '../../ui/modal';
import { userConfig } from '../auth/auth-state';
import { startInPageProctor } from './in-page-proctor';

export interface ProctoringHostProps {
  testId: string;
  attemptKey: string;
  config: Readonly<Record<string, unknown>>;
  /** False once the attempt is submitting: nothing more is watched. */
  running: boolean;
  onSubmit: (reason: SubmitReason) => void;
}

async function enterFullScreen(): Promise<boolean> {
  try {
    await document.documentElement.requestFullscreen({ navigationUI: 'hide' });
    return true;
  } catch {
    return false;
  }
}

function secondsUntil(at: number | null): number | null {
  return at === null ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/** The warning dialog, with the seconds left before an automatic submission when one is coming. */
function WarningDialog({ warning, onClose }: { warning: FocusWarning; onClose: () => void }) {
  const [left, setLeft] = useState(() => secondsUntil(warning.submitAt));
  useEffect(() => {
    if (warning.submitAt === null) return;
    const timer = setInterval(() => setLeft(secondsUntil(warning.submitAt)), 250);
    return () => clearInterval(timer);
  }, [warning.submitAt]);
  const fullScreen = warning.reason === 'FULLSCREEN';
  return (
    <Modal
      open
      title={warning.title}
      dismissable={!fullScreen}
      onClose={onClose}
      actions={
        fullScreen ? (
          <button type="button" className="btn btn-primary" onClick={() => void enterFullScreen()}>
            <Maximize className="h-4 w-4" aria-hidden="true" />
            Return to full screen
          </button>
        ) : (
          <button type="button" className="btn btn-primary" onClick={onClose}>I understand</button>
        )
      }
    >
      <div role="alert">
        <p>{warning.text}</p>
        {left !== null ? <p className="mt-3 text-lg font-bold tabular-nums">Automatic submission in {left} s</p> : null}
      </div>
    </Modal>
  );
}

/**
 * Runs the page's own proctoring while the attempt runs (unless the student's NO_PROCTOR is set):
 * shows its warnings and asks the attempt to submit when the policy says so. With full-screen
 * detection, the test starts by asking for full screen (a browser lets a page enter it only on a
 * click).
 */
export function ProctoringHost({ testId, attemptKey, config, running, onSubmit }: ProctoringHostProps) {
  useSignals();
  const noProctor = isFlagOn(userConfig.value['NO_PROCTOR']);
  const [warning, setWarning] = useState<FocusWarning | null>(null);
  const [needsFullScreen, setNeedsFullScreen] = useState(false);
  const [refused, setRefused] = useState(false);

  useEffect(() => {
    if (noProctor || !running) return;
    const proctor = startInPageProctor({ testId, attemptKey, config, onWarning: setWarning, onSubmit });
    if (proctor.settings.fullScreen && document.fullscreenElement === null) setNeedsFullScreen(true);
    return () => proctor.stop();
  }, [noProctor, running, testId, attemptKey, config, onSubmit]);

  if (noProctor || !running) return null;
  if (needsFullScreen) {
    return (
      <Modal
        open
        title="Full screen required"
        dismissable={false}
        actions={
          <button
            type="button"
            className="btn btn-primary"
            onClick={() =>
              void enterFullScreen().then((entered) => {
                setRefused(!entered);
                if (entered) setNeedsFullScreen(false);
              })
            }
          >
            <Maximize className="h-4 w-4" aria-hidden="true" />
            Enter full screen
          </button>
        }
      >
        <p>This test runs in full screen. Leaving full screen during the test shows a warning, and the test is submitted automatically if you do not return.</p>
        {refused ? <p role="alert" className="alert alert-warning mt-3">The browser did not enter full screen. Please allow full screen for this site and try again.</p> : null}
      </Modal>
    );
  }
  return warning ? <WarningDialog key={`${warning.reason}:${warning.submitAt ?? ''}:${warning.text}`} warning={warning} onClose={() => setWarning(null)} /> : null;
}
