import { UPLOAD_MESSAGES, uploadFileName } from '@invigil/shared/api/upload-types';
import { useSignals } from '@preact/signals-react/runtime';
import { Camera } from 'lucide-react';
import { useState } from 'react';
import { showSnackbar } from '../../lib/snackbar';
import { UploadedFiles } from '../../ui/uploaded-files';
import { deleteQuestionFile } from '../uploads/upload-api';
import { UploadDialog } from '../uploads/upload-dialog';
import { WaitingUploads } from '../uploads/waiting-uploads';
import { useAttempt } from './attempt-context';

/** A subjective question's answer photos: the ones uploaded (with delete) and Upload answer (question-files.tsx loads it). */
export function QuestionFilesPanel({ qi }: { qi: number }) {
  useSignals();
  const { model, store, testId, uploadQueue } = useAttempt();
  const [open, setOpen] = useState(false);
  const item = model.questions[qi];
  const state = store.states[qi]?.value;
  if (!item || !state) return null;
  const { qn } = item.question;
  const images = state.iu ?? [];

  const remove = async (url: string) => {
    try {
      const reply = await deleteQuestionFile(testId, qn, uploadFileName(url));
      if (!('pu' in reply.newData)) store.setUploads(qi, reply.newData);
      showSnackbar(UPLOAD_MESSAGES.deleted, { color: 'success' });
    } catch {
      showSnackbar(UPLOAD_MESSAGES.deleteFailed, { color: 'error' });
    }
  };

  return (
    <div className="mt-4 flex flex-col gap-2 rounded-box border border-dashed border-base-300 p-3">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm font-medium">Answer photos{images.length > 0 ? ` (${images.length})` : ''}</span>
        <button type="button" className="btn btn-outline btn-sm ml-auto" onClick={() => setOpen(true)}>
          <Camera className="h-4 w-4" aria-hidden="true" />
          Upload answer
        </button>
      </div>
      <UploadedFiles images={images} onDelete={remove} label={`Uploaded answer images for question ${qi + 1}`} />
      <WaitingUploads queue={uploadQueue} qn={qn} />
      <UploadDialog
        open={open}
        onClose={() => setOpen(false)}
        title={`Upload answer for question ${qi + 1}`}
        testId={testId}
        qn={qn}
        kinds={['image']}
        onUploaded={(reply) => {
          if (!('pu' in reply.newData)) store.setUploads(qi, reply.newData);
        }}
        {...(uploadQueue ? { onKeepOffline: (files) => uploadQueue.enqueue(files.map((file) => ({ ...file, testId }))) } : {})}
      />
    </div>
  );
}
