import { lazy, Suspense } from 'react';
import { Modal } from '../../ui/modal';

// pdf.js loads only when a PDF is opened (its own chunk with the viewer).
const PdfViewer = lazy(() => import('../attempt/pdf-viewer'));

export interface ViewedFile {
  name: string;
  url: string;
  /** 'pdf', 'video', 'image', 'audio', 'link', or a content type. */
  type: string;
}

function kindOf(type: string): 'pdf' | 'video' | 'image' | 'audio' | 'other' {
  const lower = type.toLowerCase();
  if (lower === 'pdf' || lower === 'application/pdf') return 'pdf';
  if (lower === 'video' || lower.startsWith('video/')) return 'video';
  if (lower === 'image' || lower.startsWith('image/')) return 'image';
  if (lower === 'audio' || lower.startsWith('audio/')) return 'audio';
  return 'other';
}

/**
 * The full-screen attachment viewer (spec: Study material): PDFs on pdf.js, video lectures and
 * audio in the browser's player, images as they are; anything else in an embedded frame with a
 * link to open it in a new tab.
 */
export function AttachmentViewer({ file, onClose }: { file: ViewedFile | null; onClose: () => void }) {
  const kind = file ? kindOf(file.type) : 'other';
  return (
    <Modal open={file !== null} title={file?.name ?? ''} onClose={onClose} fullScreen>
      {file === null ? null : kind === 'pdf' ? (
        <Suspense fallback={<span className="loading loading-spinner mx-auto mt-6 block" aria-label="Loading PDF" />}>
          <PdfViewer url={file.url} title={file.name} />
        </Suspense>
      ) : kind === 'video' ? (
        <video src={file.url} controls playsInline className="mx-auto max-h-full w-full max-w-5xl bg-black" aria-label={file.name} data-testid="lecture-player" />
      ) : kind === 'image' ? (
        <img src={file.url} alt={file.name} className="mx-auto max-h-full max-w-full object-contain" />
      ) : kind === 'audio' ? (
        <audio src={file.url} controls className="w-full" aria-label={file.name} />
      ) : (
        <div className="flex h-full flex-col gap-2">
          <a href={file.url} target="_blank" rel="noopener noreferrer" className="link link-primary">Open {file.name} in a new tab</a>
          <iframe src={file.url} title={file.name} className="min-h-0 w-full flex-1 rounded-box border border-base-300" />
        </div>
      )}
    </Modal>
  );
}
