import { signal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { isFlagOn } from '@invigil/shared/domain/config-flag';
import { Modal } from '../../ui/modal';
import { userConfig } from '../auth/auth-state';
import { useAttempt } from './attempt-context';
import { loadAnswerSheetUploads, useLoadedPart } from './upload-parts';

/** Opened from the navigator tools and from the PDF-only notice of a question. */
export const answerSheetDialogOpen = signal(false);

/** The attempt's answer-sheet PDFs while the test runs (PDF_UPLOAD or ONLY_PDF_ANSWER). */
export function AnswerSheetDialog() {
  useSignals();
  const close = () => (answerSheetDialogOpen.value = false);
  return (
    <Modal
      open={answerSheetDialogOpen.value}
      title="Answer sheet"
      onClose={close}
      actions={<button type="button" className="btn btn-primary" onClick={close}>Done</button>}
    >
      <p className="mb-3 text-sm">Upload your written answers as a PDF. You can upload more than one file and delete one before you submit.</p>
      <AnswerSheetUploadsPart />
    </Modal>
  );
}

/** How many answer files still wait on this device: shown before submitting. */
export function WaitingUploadsWarning() {
  useSignals();
  const { uploadQueue } = useAttempt();
  const count = uploadQueue?.pending.value.length ?? 0;
  if (count === 0) return null;
  return (
    <p role="alert" className="alert alert-warning mt-3 text-sm">
      {count} {count === 1 ? 'file is' : 'files are'} still waiting to upload from this device. Stay online until they are sent: files cannot be added after you submit.
    </p>
  );
}

/** Spec: the pre-submit upload dialog, before the submit dialog unless HIDE_PRE_SUBMIT is set. */
export function PreSubmitDialog({ open, onBack, onContinue }: { open: boolean; onBack: () => void; onContinue: () => void }) {
  useSignals();
  const { flags, store } = useAttempt();
  const imageCount = store.states.reduce((sum, state) => sum + (state.value.iu?.length ?? 0), 0);
  return (
    <Modal
      open={open}
      title="Upload your answers"
      onClose={onBack}
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={onBack}>Back to test</button>
          <button type="button" className="btn btn-primary" onClick={onContinue}>Continue</button>
        </>
      }
    >
      <p className="text-sm">
        Before you submit, make sure every handwritten answer is uploaded.{' '}
        {isFlagOn(userConfig.value['POST_PDF_UPLOAD']) ? 'After you submit, only answer-sheet PDFs can be added, from Scheduled Tests.' : 'Nothing can be uploaded after you submit.'}
      </p>
      <p className="mt-2 text-sm" aria-live="polite">
        Answer photos uploaded on questions: <span className="font-semibold tabular-nums">{imageCount}</span>
      </p>
      {flags.takesPdf ? (
        <div className="mt-3">
          <h3 className="mb-2 font-semibold">Answer sheet (PDF)</h3>
          <AnswerSheetUploadsPart />
        </div>
      ) : null}
      <WaitingUploadsWarning />
    </Modal>
  );
}

/** The answer-sheet PDFs of this attempt (their own chunk: upload-parts.ts). */
function AnswerSheetUploadsPart() {
  useSignals();
  const { testId, files, uploadQueue, preview } = useAttempt();
  const part = useLoadedPart(loadAnswerSheetUploads);
  // A staff preview uploads nothing (its page says so).
  if (preview) return null;
  if (!part) return <p className="text-sm opacity-70">Loading the answer-sheet upload…</p>;
  return <part.AnswerSheetUploads testId={testId} files={files.value} onChange={(next) => (files.value = next)} queue={uploadQueue} />;
}
