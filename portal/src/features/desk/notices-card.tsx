import type { Notice } from '@invigil/shared/api/desk';
import { DESK_MESSAGES } from '@invigil/shared/api/desk-messages';
import { ChevronDown, Megaphone, Paperclip } from 'lucide-react';
import { useId, useState } from 'react';
import { formatDateTime } from '../../lib/date-time';
import { NotificationsToggle } from '../notifications/notifications-toggle';

function fileName(url: string, index: number): string {
  const last = decodeURIComponent(url.split(/[?#]/)[0]?.split('/').pop() ?? '');
  return last || `Attachment ${index + 1}`;
}

function NoticeItem({ notice, onOpen }: { notice: Notice; onOpen: (notice: Notice) => void }) {
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  const unread = notice.read_at === null;
  return (
    <li className="py-1">
      <button
        type="button"
        className="flex w-full items-start gap-2 rounded-box px-2 py-2 text-left hover:bg-base-200"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => {
          setOpen(!open);
          if (!open && unread) onOpen(notice);
        }}
      >
        <span className={`mt-2 h-2 w-2 flex-none rounded-full ${unread ? 'bg-primary' : 'bg-transparent'}`} aria-hidden="true" />
        <span className="min-w-0 flex-1">
          <span className={`block break-words ${unread ? 'font-bold' : ''}`}>
            {notice.title}
            {unread ? (
              <>
                <span className="sr-only">,</span>{' '}
                <span className="badge badge-primary badge-sm ml-1 h-auto align-middle">Unread</span>
              </>
            ) : null}
            <span className="sr-only">,</span>{' '}
          </span>
          <span className="block text-sm opacity-80">{formatDateTime(notice.created_at)}</span>
        </span>
        <ChevronDown className={`mt-1 h-4 w-4 flex-none transition-transform ${open ? 'rotate-180' : ''}`} aria-hidden="true" />
      </button>
      <div id={bodyId} hidden={!open} className="px-6 pb-2">
        <p className="whitespace-pre-line break-words">{notice.content}</p>
        {notice.attachments.length > 0 ? (
          <ul className="mt-2 flex flex-col gap-1" aria-label="Attachments">
            {notice.attachments.map((url, index) => (
              <li key={url}>
                <a href={url} target="_blank" rel="noopener noreferrer" className="link link-primary inline-flex items-center gap-1 break-all">
                  <Paperclip className="h-4 w-4 flex-none" aria-hidden="true" />
                  {fileName(url, index)}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </li>
  );
}

/**
 * Exam updates and notices (spec: Home desk) with the notifications toggle. Unread ones are
 * marked; opening one marks it read.
 */
export function NoticesCard({ notices, failed, onOpen, onRetry }: { notices: Notice[] | null; failed: boolean; onOpen: (notice: Notice) => void; onRetry: () => void }) {
  const headingId = useId();
  const unread = notices?.filter((notice) => notice.read_at === null).length ?? 0;
  return (
    <section className="card bg-base-100 shadow" aria-labelledby={headingId}>
      <div className="card-body gap-3 p-4 sm:p-6">
        <h2 id={headingId} className="card-title flex-wrap">
          <Megaphone className="h-5 w-5 text-primary" aria-hidden="true" />
          Exam Updates
          {unread > 0 ? <span className="badge badge-primary h-auto">{unread} unread</span> : null}
        </h2>
        <NotificationsToggle />
        <div className="divider my-0" />
        {failed ? (
          <div className="flex flex-wrap items-center gap-2" role="alert">
            <span className="text-error">{DESK_MESSAGES.loadFailed}</span>
            <button type="button" className="btn btn-sm" onClick={onRetry}>Retry</button>
          </div>
        ) : notices === null ? null : notices.length === 0 ? (
          <p className="opacity-80">{DESK_MESSAGES.noNotices}</p>
        ) : (
          <ul className="max-h-96 overflow-y-auto" aria-label="Notices">
            {notices.map((notice) => <NoticeItem key={notice._id} notice={notice} onOpen={onOpen} />)}
          </ul>
        )}
      </div>
    </section>
  );
}
