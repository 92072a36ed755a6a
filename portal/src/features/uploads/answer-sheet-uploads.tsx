import type { OverallUploads } from '@invigil/shared/api/uploads';
import { UPLOAD_MESSAGES, uploadFileName } from '@invigil/shared/api/upload-types';
import { Upload } from 'lucide-react';
import { useState } from 'react';
import { showSnackbar } from '../../lib/snackbar';
import { deleteOverallFile } from './upload-api';
import { UploadDialog } from './upload-dialog';
import type { UploadQueue } from './upload-queue';
import { WaitingUploads } from './waiting-uploads';
import { UploadedFiles } from '../../ui/uploaded-files';

export type OverallFiles = Omit<OverallUploads, 'qn'>;

export interface AnswerSheetUploadsProps {
  testId: string;
  files: OverallFiles;
  onChange: (files: OverallFiles) => void;
  /** During the attempt: PDFs that cannot be sent now are kept on the device and sent later. */
  queue?: UploadQueue | null;
}

/** The attempt's answer-sheet PDFs (qn 0): the list with delete, and Upload PDF. */
export function AnswerSheetUploads({ testId, files, onChange, queue = null }: AnswerSheetUploadsProps) {
  const [open, setOpen] = useState(false);
  const remove = async (url: string, kind: 'image' | 'pdf') => {
    try {
      const reply = await deleteOverallFile(testId, uploadFileName(url), kind);
      if ('pu' in reply.newData) onChange({ iu: reply.newData.iu, pu: reply.newData.pu });
      showSnackbar(UPLOAD_MESSAGES.deleted, { color: 'success' });
    } catch {
      showSnackbar(UPLOAD_MESSAGES.deleteFailed, { color: 'error' });
    }
  };
  return (
    <div className="flex flex-col gap-2">
      {files.pu.length === 0 ? <p className="text-sm text-base-content/70">No answer sheet uploaded yet.</p> : null}
      <UploadedFiles pdfs={files.pu} onDelete={remove} label="Uploaded answer sheets" />
      <WaitingUploads queue={queue} qn={0} />
      <div>
        <button type="button" className="btn btn-outline btn-sm" onClick={() => setOpen(true)}>
          <Upload className="h-4 w-4" aria-hidden="true" />
          Upload PDF
        </button>
      </div>
      <UploadDialog
        open={open}
        onClose={() => setOpen(false)}
        title="Upload answer sheet (PDF)"
        testId={testId}
        qn={0}
        kinds={['pdf']}
        onUploaded={(reply) => {
          if ('pu' in reply.newData) onChange({ iu: reply.newData.iu, pu: reply.newData.pu });
        }}
        {...(queue ? { onKeepOffline: (kept) => queue.enqueue(kept.map((file) => ({ ...file, testId }))) } : {})}
      />
    </div>
  );
}
