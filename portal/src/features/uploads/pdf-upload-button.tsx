import type { TestListItem } from '@invigil/shared/api/tests';
import { isFlagOn } from '@invigil/shared/domain/config-flag';
import { useSignals } from '@preact/signals-react/runtime';
import { FileUp } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Modal } from '../../ui/modal';
import { userConfig } from '../auth/auth-state';

const loadDialog = () => import('./post-test-upload-dialog');
const PostTestUploadDialog = lazy(() => loadDialog().then((module) => ({ default: module.PostTestUploadDialog })));

/**
 * Scheduled Tests' PDF UPLOAD (spec): shown only with POST_PDF_UPLOAD, enabled only once the test
 * is attempted and cannot be resumed; answer-sheet PDFs added after submission. The dialog's code
 * is fetched when the button is pointed at or focused, not with the list.
 */
export function PdfUploadButton({ test }: { test: TestListItem }) {
  useSignals();
  const [open, setOpen] = useState(false);
  if (!isFlagOn(userConfig.value['POST_PDF_UPLOAD'])) return null;
  const enabled = test.attempted && !test.resumeable;
  const close = () => setOpen(false);
  const title = `Answer sheets: ${test.name}`;
  return (
    <>
      <button
        type="button"
        className="btn btn-outline btn-sm"
        disabled={!enabled}
        onPointerEnter={() => void loadDialog().catch(() => undefined)}
        onFocus={() => void loadDialog().catch(() => undefined)}
        onClick={() => setOpen(true)}
        aria-label={`PDF UPLOAD: ${test.name}`}
      >
        <FileUp className="h-4 w-4" aria-hidden="true" />
        PDF UPLOAD
      </button>
      {open ? (
        <Suspense fallback={<Modal open title={title} onClose={close}><span className="loading loading-spinner" aria-label="Loading" /></Modal>}>
          <PostTestUploadDialog test={test} onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}
