import type { TestListItem } from '@invigil/shared/api/tests';
import { isFlagOn } from '@invigil/shared/domain/config-flag';
import { useSignals } from '@preact/signals-react/runtime';
import { FileUp } from 'lucide-react';
import { useEffect, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { Modal } from '../../ui/modal';
import { userConfig } from '../auth/auth-state';
import { AnswerSheetUploads, type OverallFiles } from './answer-sheet-uploads';
import { fetchSubmittedUploads } from './upload-api';

/**
 * Scheduled Tests' PDF UPLOAD (spec): shown only with POST_PDF_UPLOAD, enabled only once the test
 * is attempted and cannot be resumed; answer-sheet PDFs added after submission.
 */
export function PdfUploadButton({ test }: { test: TestListItem }) {
  useSignals();
  const [open, setOpen] = useState(false);
  if (!isFlagOn(userConfig.value['POST_PDF_UPLOAD'])) return null;
  const enabled = test.attempted && !test.resumeable;
  return (
    <>
      <button type="button" className="btn btn-outline btn-sm" disabled={!enabled} onClick={() => setOpen(true)} aria-label={`PDF UPLOAD: ${test.name}`}>
        <FileUp className="h-4 w-4" aria-hidden="true" />
        PDF UPLOAD
      </button>
      {open ? <PostTestUploadDialog test={test} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function PostTestUploadDialog({ test, onClose }: { test: TestListItem; onClose: () => void }) {
  const [files, setFiles] = useState<OverallFiles | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetchSubmittedUploads(test._id, controller.signal)
      .then((reply) => setFiles({ iu: reply.userData.iu, pu: reply.userData.pu }))
      .catch((cause: unknown) => {
        if (!controller.signal.aborted) setError(cause instanceof ApiError ? cause.message : 'Something went wrong!');
      });
    return () => controller.abort();
  }, [test._id]);
  return (
    <Modal open title={`Answer sheets: ${test.name}`} onClose={onClose} actions={<button type="button" className="btn btn-primary" onClick={onClose}>Done</button>}>
      {error ? <p role="alert" className="alert alert-error text-sm">{error}</p> : null}
      {!files && !error ? <span className="loading loading-spinner" aria-label="Loading" /> : null}
      {files ? <AnswerSheetUploads testId={test._id} files={files} onChange={setFiles} /> : null}
    </Modal>
  );
}
