import type { Attachment } from '@invigil/shared/api/tests';
import { useSignals } from '@preact/signals-react/runtime';
import { ArrowLeft, FileText, Image as ImageIcon, Link as LinkIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useAttempt } from './attempt-context';
import { Modal } from '../../ui/modal';
import { isSafeUrl } from './safe-html';

const PdfViewer = lazy(() => import('./pdf-viewer'));

const isPdf = (item: Attachment) => item.type.toLowerCase() === 'pdf' || /\.pdf($|\?)/i.test(item.src);
const isImage = (item: Attachment) => item.type.toLowerCase() === 'image' || /\.(png|jpe?g|gif|webp)($|\?)/i.test(item.src);

/** The test's attachments and the current question's (its PDF included), with a PDF viewer. */
export function AttachmentsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  useSignals();
  const { paper, model, store } = useAttempt();
  const [opened, setOpened] = useState<Attachment | null>(null);
  const question = model.questions[store.current.value]?.question;
  const items: Attachment[] = [...paper.attachments, ...(question?.attachments ?? [])];
  if (question?.pdf) items.push({ type: 'pdf', src: question.pdf, name: `Question ${store.current.value + 1} PDF` });
  const safe = items.filter((item) => isSafeUrl(item.src));
  const close = () => {
    setOpened(null);
    onClose();
  };
  return (
    <Modal open={open} title={opened ? opened.name || 'Attachment' : 'Attachments'} onClose={close} size="lg">
      {opened ? (
        <div className="flex h-[70dvh] flex-col">
          <button type="button" className="btn btn-ghost btn-sm mb-2 self-start" onClick={() => setOpened(null)}>
            <ArrowLeft className="h-4 w-4" aria-hidden="true" />All attachments
          </button>
          {isPdf(opened) ? (
            <Suspense fallback={<span className="loading loading-spinner mx-auto" aria-label="Loading PDF viewer" />}>
              <PdfViewer url={opened.src} title={opened.name || 'PDF'} />
            </Suspense>
          ) : (
            <img src={opened.src} alt={opened.name} className="mx-auto max-h-full max-w-full object-contain" />
          )}
        </div>
      ) : safe.length === 0 ? (
        <p>No attachments for this test.</p>
      ) : (
        <ul className="menu w-full">
          {safe.map((item, i) => {
            const viewable = isPdf(item) || isImage(item);
            const Icon = isPdf(item) ? FileText : isImage(item) ? ImageIcon : LinkIcon;
            const label = item.name || item.src.split('/').pop() || `Attachment ${i + 1}`;
            return (
              <li key={`${item.src}-${i}`}>
                {viewable ? (
                  <button type="button" onClick={() => setOpened(item)}>
                    <Icon className="h-4 w-4" aria-hidden="true" />{label}
                  </button>
                ) : (
                  <a href={item.src} target="_blank" rel="noopener noreferrer">
                    <Icon className="h-4 w-4" aria-hidden="true" />{label}
                  </a>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Modal>
  );
}
