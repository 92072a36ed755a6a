import type { SubmitOverview } from '@invigil/shared/domain/answer-state';
import { restMessage } from '@invigil/shared/domain/partwise-timing';
import { useSignals } from '@preact/signals-react/runtime';
import { WaitingUploadsWarning } from './answer-sheet-dialog';
import { useAttempt } from './attempt-context';
import { terminatedOverlay } from './finished-notice';
import { Modal } from '../../ui/modal';
import { QuestionPages } from '../../ui/question-pages';
import { questionTypeName, type AttemptQuestion } from './attempt-paper';
import { sanitizeHtml } from './safe-html';
import { TimeLeft } from './time-left';

export function SubmitDialog({ open, overview, onCancel, onConfirm }: { open: boolean; overview: SubmitOverview | null; onCancel: () => void; onConfirm: () => void }) {
  const { model } = useAttempt();
  const rows: [string, number][] = overview
    ? [
        ['Total questions', model.questions.length],
        ['Attempted', overview.attempted],
        ['Marked for review', overview.marked],
        ['Skipped', overview.skipped],
        ['Images uploaded', overview.imageCount],
      ]
    : [];
  return (
    <Modal
      open={open}
      title="Submit Test"
      onClose={onCancel}
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={onCancel}>Cancel</button>
          <button type="button" className="btn btn-primary" onClick={onConfirm}>Submit</button>
        </>
      }
    >
      <p>Are you sure you want to submit the test? You cannot change your answers after submitting.</p>
      <WaitingUploadsWarning />
      <table className="table mt-3" aria-label="Submit overview">
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label}>
              <th scope="row" className="font-medium">{label}</th>
              <td className="text-right font-semibold tabular-nums">{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Modal>
  );
}

/** While a submit is on its way: says what happens, honestly, including offline. */
export function SubmittingOverlay() {
  useSignals();
  const { session, engine } = useAttempt();
  const phase = session.phase.value;
  if (phase === 'running') return null;
  const state = engine.state.value;
  const timeOut = session.reason === 'TEST_TIME_OUT';
  // A termination says so from the first word (issue 31), not only that the test was submitted.
  const terminated = terminatedOverlay(session.reason, phase === 'submitted');
  let body: string;
  if (phase === 'submitted') body = terminated?.body ?? 'Your test has been submitted.';
  else if (state.status === 'offline') {
    body = 'You are offline. Your answers and your submission are saved on this device and will be sent automatically as soon as the connection is back. Keep this page open.';
  } else if (state.status === 'error') body = `Test Submit Failed : ${state.message}. Retrying…`;
  else body = terminated?.body ?? 'Submitting your test…';
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-base-100/90 p-4" role="alertdialog" aria-modal="true" aria-labelledby="submitting-title" aria-describedby="submitting-body">
      <div className="max-w-md text-center">
        {phase === 'submitting' && state.status !== 'offline' ? <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" /> : null}
        <h2 id="submitting-title" className="mt-3 text-xl font-bold">{timeOut ? 'Time is up' : (terminated?.title ?? 'Submitting')}</h2>
        <p id="submitting-body" className="mt-2" aria-live="assertive">{body}</p>
        {phase === 'submitting' && state.status !== 'saving' ? (
          <button type="button" className="btn btn-primary mt-4" onClick={() => session.retry()}>Retry now</button>
        ) : null}
      </div>
    </div>
  );
}

/** The attempt was opened in another tab or window: only one may write answers. */
export function TakenOverOverlay() {
  useSignals();
  const { session } = useAttempt();
  if (!session.takenOver.value) return null;
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-base-100 p-4" role="alertdialog" aria-modal="true" aria-labelledby="taken-over-title">
      <div className="max-w-md text-center">
        <h2 id="taken-over-title" className="text-xl font-bold">This test is open in another tab</h2>
        <p className="mt-2">Your answers are kept. Continue in the other tab or window, or reload here to continue in this one.</p>
        <button type="button" className="btn btn-primary mt-4" onClick={() => window.location.reload()}>Continue here</button>
      </div>
    </div>
  );
}

/** Part-wise timing: the rest between parts. */
export function RestDialog() {
  useSignals();
  const { session, paper } = useAttempt();
  const status = session.partwise.value;
  const open = status?.phase === 'gap' && session.phase.value === 'running';
  const message = status?.phase === 'gap' ? restMessage(paper.format.parts[status.endedPart]?.name ?? `Part ${status.endedPart + 1}`, status.secondsToNext) : '';
  return (
    <Modal open={open} title="Break" dismissable={false}>
      <p role="status" aria-live="polite">{message}</p>
      <div className="mt-3">
        <TimeLeft announce={false} />
      </div>
    </Modal>
  );
}

/** How the question is answered, as the preview shows it: its options (bare labels too) or the kind of answer. */
function PreviewAnswerForm({ item }: { item: AttemptQuestion }) {
  if (item.options.length === 0) {
    return <p className="mt-2 text-sm text-base-content/70">{item.kind === 'numerical' ? 'Answer: a number' : 'Answer: written'}</p>;
  }
  if (item.options.every((option) => option.html.trim() === '')) {
    return (
      <p className="mt-2 text-sm">
        <span className="text-base-content/70">Options (given with the question): </span>
        <span className="font-semibold">{item.options.map((option) => option.display).join(', ')}</span>
      </p>
    );
  }
  return (
    <ul className="mt-2 flex flex-col gap-1" aria-label={`Options of question ${item.qi + 1}`}>
      {item.options.map((option) => (
        <li key={option.display} className="flex gap-2">
          <span className="font-semibold">({option.display})</span>
          <span className="question-html" dangerouslySetInnerHTML={{ __html: sanitizeHtml(option.html) }} />
        </li>
      ))}
    </ul>
  );
}

/** 'Test Preview ( Not for answering )': every question, read-only, in the student's order. */
export function PreviewDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { model } = useAttempt();
  return (
    <Modal open={open} title="Test Preview ( Not for answering )" onClose={onClose} fullScreen>
      {open ? (
        <ol className="mx-auto flex max-w-4xl flex-col gap-6">
          {model.questions.map((item) => (
            <li key={item.qi} className="border-b border-base-300 pb-4">
              <p className="text-sm text-base-content/70">
                <span className="font-bold text-base-content">Question {item.qi + 1}</span> · {item.sectionName || item.partName} · {questionTypeName(item.question)}
              </p>
              {item.question.extra ? (
                <div className="question-html mt-2 rounded-box border-l-4 border-info bg-base-200 p-3" dangerouslySetInnerHTML={{ __html: sanitizeHtml(item.question.extra) }} />
              ) : null}
              <div className="question-html mt-2" dangerouslySetInnerHTML={{ __html: sanitizeHtml(item.question.text) }} />
              <QuestionPages images={item.question.pdf_images} name={`Question ${item.qi + 1}`} className="mt-2" />
              <PreviewAnswerForm item={item} />
            </li>
          ))}
        </ol>
      ) : null}
    </Modal>
  );
}
