import { uploadFileName } from '@invigil/shared/api/upload-types';
import { FileText, Trash2 } from 'lucide-react';
import { useState } from 'react';

export interface UploadedFilesProps {
  images?: readonly string[];
  pdfs?: readonly string[];
  /** Without it the list is read-only (after the test, in the review). */
  onDelete?: (url: string, kind: 'image' | 'pdf') => Promise<void>;
  /** What the files are, for screen readers: 'Uploaded answer images'. */
  label: string;
}

/**
 * Files already uploaded: image thumbnails and PDF links, opened in a new tab. Deleting asks once
 * more in place (an answer is not removed by one stray click).
 */
export function UploadedFiles({ images = [], pdfs = [], onDelete, label }: UploadedFilesProps) {
  const [confirming, setConfirming] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  if (images.length === 0 && pdfs.length === 0) return null;

  const remove = async (url: string, kind: 'image' | 'pdf') => {
    if (!onDelete) return;
    setBusy(url);
    try {
      await onDelete(url, kind);
    } finally {
      setBusy(null);
      setConfirming(null);
    }
  };

  const item = (url: string, kind: 'image' | 'pdf', index: number) => {
    const name = kind === 'image' ? `Image ${index + 1}` : `PDF ${index + 1}`;
    return (
      <li key={uploadFileName(url)} className="flex flex-col items-start gap-1 rounded-box border border-base-300 p-2">
        <a href={url} target="_blank" rel="noopener noreferrer" className="link link-primary flex items-center gap-2" aria-label={`Open ${name}`}>
          {kind === 'image' ? <img src={url} alt={name} loading="lazy" className="h-24 w-auto max-w-40 rounded object-contain" /> : <FileText className="h-8 w-8" aria-hidden="true" />}
          {kind === 'pdf' ? <span>{name}</span> : null}
        </a>
        {onDelete ? (
          confirming === url ? (
            <div className="flex gap-1" role="group" aria-label={`Delete ${name}?`}>
              <button type="button" className="btn btn-error btn-xs" disabled={busy === url} onClick={() => void remove(url, kind)}>Yes, delete</button>
              <button type="button" className="btn btn-ghost btn-xs" onClick={() => setConfirming(null)}>Keep</button>
            </div>
          ) : (
            <button type="button" className="btn btn-ghost btn-xs text-error" onClick={() => setConfirming(url)} aria-label={`Delete ${name}`}>
              <Trash2 className="h-3 w-3" aria-hidden="true" />
              Delete
            </button>
          )
        ) : null}
      </li>
    );
  };

  return (
    <ul className="flex flex-wrap gap-2" aria-label={label}>
      {images.map((url, index) => item(url, 'image', index))}
      {pdfs.map((url, index) => item(url, 'pdf', index))}
    </ul>
  );
}
