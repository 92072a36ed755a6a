import type { TestListItem } from '@invigil/shared/api/tests';
import { useEffect, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { Modal } from '../../ui/modal';
import { AnswerSheetUploads, type OverallFiles } from './answer-sheet-uploads';
import { fetchSubmittedUploads } from './upload-api';

/** PDF UPLOAD's dialog: its own chunk, so the Scheduled Tests list does not carry the upload code. */
export function PostTestUploadDialog({ test, onClose }: { test: TestListItem; onClose: () => void }) {
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
