import type { Attachment } from '@invigil/shared/api/tests';
import { useSignals } from '@preact/signals-react/runtime';
import { ArrowLeft, FileText, Image as ImageIcon, Link as LinkIcon } from 'lucide-react';
import { useState } from 'react';
import { useAttempt } from './attempt-context';
import { Modal } from '../../ui/modal';
import { AttachmentView, isImage, isPdf } from './attachment-view';
import { isSafeUrl } from './safe-html';

/** The test's attachments and the current question's (its PDF included), each opened in place (attachment-view.tsx). */
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
          <AttachmentView item={opened} />
        </div>
      ) : safe.length === 0 ? (
        <p>No attachments for this test.</p>
      ) : (
        <ul className="menu w-full">
          {safe.map((item, i) => {
            const Icon = isPdf(item) ? FileText : isImage(item) ? ImageIcon : LinkIcon;
            const label = item.name || item.src.split('/').pop() || `Attachment ${i + 1}`;
            return (
              <li key={`${item.src}-${i}`}>
                <button type="button" onClick={() => setOpened(item)}>
                  <Icon className="h-4 w-4" aria-hidden="true" />{label}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </Modal>
  );
}
