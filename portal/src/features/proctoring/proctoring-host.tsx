import type { SubmitReason } from '@invigil/shared/api/attempt-sync';
import { isFlagOn } from '@invigil/shared/domain/config-flag';
import { focusSettings } from '@invigil/shared/proctor/focus-policy';
import { useSignals } from '@preact/signals-react/runtime';
import { Maximize, TriangleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Modal } from '../../ui/modal';
import { userConfig } from '../auth/auth-state';
import { proctorRestarts } from '../live/live-signals';
import { extensionWatch } from './extension-focus-module';
import { enterFullScreen } from './focus-module';
import type { ProctorWarning } from './proctor-module';
import { PROCTOR_MODULES } from './proctor-modules';
import { startProctorSession } from './proctor-session';

export interface ProctoringHostProps {
  testId: string;
  attemptKey: string;
  config: Readonly<Record<string, unknown>>;
  /** False once the attempt is submitting: nothing more is watched. */
  running: boolean;
  onSubmit: (reason: SubmitReason) => void;
}

function secondsUntil(at: number | null): number | null {
  return at === null ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

function useCountdown(at: number | null): number | null {
  const [left, setLeft] = useState(() => secondsUntil(at));
  useEffect(() => {
    setLeft(secondsUntil(at));
    if (at === null) return;
    const timer = setInterval(() => setLeft(secondsUntil(at)), 250);
    return () => clearInterval(timer);
  }, [at]);
  return left;
}

/** A warning as a dialog, with the seconds left before an automatic submission when one is coming. */
function WarningDialog({ warning, onClose }: { warning: ProctorWarning; onClose: () => void }) {
  const left = useCountdown(warning.submitAt);
  const { action } = warning;
  return (
    <Modal
      open
      title={warning.title}
      dismissable={!action}
      onClose={onClose}
      actions={
        action ? (
          <button type="button" className="btn btn-primary" onClick={action.run}>
            {action.icon ?? <Maximize className="h-4 w-4" aria-hidden="true" />}
            {action.label}
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

/** A warning over the whole screen (spec: 'Multiple Faces Detected!'); it stays until its cause is gone. */
function WarningOverlay({ warning }: { warning: ProctorWarning }) {
  const left = useCountdown(warning.submitAt);
  return (
    <div className="fixed inset-0 z-[60] flex items-center justify-center bg-error/95 p-6 text-error-content" role="alertdialog" aria-modal="true" aria-labelledby="proctor-overlay-title" aria-describedby="proctor-overlay-text">
      <div className="max-w-lg text-center">
        <TriangleAlert className="mx-auto h-12 w-12" aria-hidden="true" />
        <h2 id="proctor-overlay-title" className="mt-3 text-2xl font-bold">{warning.title}</h2>
        <p id="proctor-overlay-text" className="mt-2 text-lg">{warning.text}</p>
        {left !== null ? <p className="mt-3 text-lg font-bold tabular-nums">Automatic submission in {left} s</p> : null}
      </div>
    </div>
  );
}

/**
 * Runs the page's own proctoring while the attempt runs (unless the student's NO_PROCTOR is set):
 * shows its warnings and asks the attempt to submit when a module says so. With full-screen
 * detection, the test starts by asking for full screen (a browser enters it only on a click).
 */
export function ProctoringHost({ testId, attemptKey, config, running, onSubmit }: ProctoringHostProps) {
  useSignals();
  const noProctor = isFlagOn(userConfig.value['NO_PROCTOR']);
  const [warnings, setWarnings] = useState<ProctorWarning[]>([]);
  const [dismissed, setDismissed] = useState<readonly ProctorWarning[]>([]);
  const [needsFullScreen, setNeedsFullScreen] = useState(false);
  const [refused, setRefused] = useState(false);
  // The proctor's RELOAD_IMAGE / RELOAD_VIDEO / SELECT_WEBCAM start the proctoring again.
  const restarts = proctorRestarts.value;

  useEffect(() => {
    if (noProctor || !running) return;
    if (focusSettings(config, window.innerWidth).fullScreen && document.fullscreenElement === null) setNeedsFullScreen(true);
    return startProctorSession({ testId, attemptKey, config, modules: PROCTOR_MODULES, onWarnings: setWarnings, onSubmit });
  }, [noProctor, running, testId, attemptKey, config, onSubmit, restarts]);

  if (noProctor || !running) return null;
  // The extension puts the window in full screen itself (decision 0014) and warns when it is left:
  // while it watches, this gate would cover its countdown warning.
  if (needsFullScreen && extensionWatch.value === null) {
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
  const overlay = warnings.find((warning) => warning.overlay);
  if (overlay) return <WarningOverlay warning={overlay} />;
  // The latest dialog warning the student has not closed: closing one uncovers an earlier one still
  // standing (a dialog with an action, e.g. 'Share your screen', cannot be closed).
  const latest = [...warnings].reverse().find((warning) => !warning.overlay && !dismissed.includes(warning));
  if (!latest) return null;
  const close = () => setDismissed((list) => [...list.filter((warning) => warnings.includes(warning)), latest]);
  return <WarningDialog key={`${latest.source}:${latest.reason}:${latest.submitAt ?? ''}:${latest.text}`} warning={latest} onClose={close} />;
}
