import { useSignals } from '@preact/signals-react/runtime';
import { CloudOff } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import type { UploadQueue } from './upload-queue';

/** Files kept on this device for one question (or, with qn 0, the attempt) until they can be uploaded. */
export function WaitingUploads({ queue, qn }: { queue: UploadQueue | null; qn: number }) {
  useSignals();
  const pending = queue?.pending.value;
  const files = useMemo(() => (pending ?? []).filter((file) => file.qn === qn), [pending, qn]);
  const previews = useMemo(() => new Map(files.filter((file) => file.ext !== 'pdf').map((file) => [file.id, URL.createObjectURL(file.blob)])), [files]);
  useEffect(() => () => previews.forEach((url) => URL.revokeObjectURL(url)), [previews]);
  if (!queue || files.length === 0) return null;
  return (
    <div className="flex flex-col gap-2 rounded-box border border-warning bg-warning/10 p-2" role="status">
      <p className="flex items-center gap-2 text-sm font-medium">
        <CloudOff className="h-4 w-4" aria-hidden="true" />
        Waiting to upload: {files.length} {files.length === 1 ? 'file' : 'files'} kept on this device
      </p>
      <ul className="flex flex-wrap gap-2" aria-label="Files waiting to upload">
        {files.map((file) => (
          <li key={file.id} className="flex flex-col items-start gap-1 text-xs">
            {previews.has(file.id) ? <img src={previews.get(file.id)} alt={`Waiting: ${file.name}`} className="h-16 w-auto rounded object-contain" /> : <span>{file.name}</span>}
            {file.refused ? (
              <>
                <span className="text-error">{file.refused}</span>
                <button type="button" className="btn btn-ghost btn-xs" onClick={() => void queue.remove(file.id)}>Remove</button>
              </>
            ) : null}
          </li>
        ))}
      </ul>
      <div>
        <button type="button" className="btn btn-outline btn-xs" onClick={() => void queue.retry()}>Try now</button>
      </div>
    </div>
  );
}
