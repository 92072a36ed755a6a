import type { Attachment } from '@invigil/shared/api/tests';
import { signal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { lazy, Suspense, type MouseEvent } from 'react';
import { Modal } from '../../ui/modal';
import { patientImport } from '../../lib/patient-import';
import { isSafeUrl } from './safe-html';

// Patient: offline, the viewer waits with its spinner instead of failing the test screen.
const PdfViewer = lazy(() => patientImport(() => import('./pdf-viewer')));

function pathOf(src: string): string {
  try {
    return new URL(src, location.href).pathname;
  } catch {
    return src;
  }
}
const hasExtension = (src: string, pattern: RegExp) => pattern.test(pathOf(src));
export const isPdf = (item: Attachment): boolean => item.type.toLowerCase() === 'pdf' || hasExtension(item.src, /\.pdf$/i);
export const isImage = (item: Attachment): boolean => item.type.toLowerCase() === 'image' || hasExtension(item.src, /\.(png|jpe?g|gif|webp)$/i);
const isVideo = (item: Attachment) => item.type.toLowerCase() === 'video' || hasExtension(item.src, /\.(mp4|webm|ogv)$/i);
const isAudio = (item: Attachment) => item.type.toLowerCase() === 'audio' || hasExtension(item.src, /\.(mp3|wav|ogg|oga|m4a)$/i);
function isSameOrigin(src: string): boolean {
  try {
    return new URL(src, location.href).origin === location.origin;
  } catch {
    return false;
  }
}

/**
 * One attachment, shown inside the test (a new tab would be leaving a proctored test): a PDF in the
 * pdf.js viewer, an image, a player, any other page of this site in a sandboxed frame (no pop-ups,
 * no navigating the test away). A page elsewhere is refused by the portal's CSP in a frame, so the
 * student is told it opens after the test, with its address.
 */
export function AttachmentView({ item }: { item: Attachment }) {
  const name = item.name || 'Attachment';
  if (!isSafeUrl(item.src)) return <p role="alert">This attachment cannot be opened.</p>;
  if (isPdf(item)) {
    return (
      <Suspense fallback={<span className="loading loading-spinner mx-auto" aria-label="Loading PDF viewer" />}>
        <PdfViewer url={item.src} title={name} />
      </Suspense>
    );
  }
  if (isImage(item)) return <img src={item.src} alt={name} className="mx-auto max-h-full max-w-full object-contain" />;
  if (isVideo(item)) return <video src={item.src} controls className="mx-auto max-h-full max-w-full" aria-label={name} />;
  if (isAudio(item)) return <audio src={item.src} controls className="mx-auto w-full" aria-label={name} />;
  if (isSameOrigin(item.src)) {
    return <iframe src={item.src} title={name} sandbox="allow-scripts allow-forms" referrerPolicy="no-referrer" className="h-full w-full rounded-box border border-base-300 bg-base-100" />;
  }
  return (
    <div role="note" className="alert alert-info flex flex-col items-start">
      <p>This link leads outside the test, so it cannot be opened during the test. You can open it after you submit.</p>
      <p className="break-all font-mono text-sm">{item.src}</p>
    </div>
  );
}

/** The attachment the test shows over the question (a link in a question, the question's PDF, an answer photo). */
export const viewedAttachment = signal<Attachment | null>(null);

/** Shows `viewedAttachment` in a dialog of its own. */
export function AttachmentViewerDialog() {
  useSignals();
  const item = viewedAttachment.value;
  return (
    <Modal open={item !== null} title={item?.name || 'Attachment'} onClose={() => (viewedAttachment.value = null)} size="lg">
      {item ? (
        <div className="flex h-[70dvh] flex-col">
          <AttachmentView item={item} />
        </div>
      ) : null}
    </Modal>
  );
}

/**
 * For the test screen's click (and middle-click) handler: a link anywhere in the test (a question's
 * own HTML, an uploaded answer photo) opens in the attachment viewer instead of a new tab or in
 * place of the test.
 */
export function openLinksInViewer(event: MouseEvent<HTMLElement>): void {
  const link = (event.target as Element | null)?.closest?.('a[href]');
  if (!(link instanceof HTMLAnchorElement) || !event.currentTarget.contains(link)) return;
  const href = link.getAttribute('href') ?? '';
  // A jump within the page stays in the test.
  if (href.startsWith('#')) return;
  event.preventDefault();
  if (event.type === 'click' && event.button === 0) {
    const label = (link.getAttribute('aria-label') ?? link.textContent ?? '').trim().replace(/^Open /, '');
    viewedAttachment.value = { type: '', src: href, name: label.slice(0, 300) };
  }
}
