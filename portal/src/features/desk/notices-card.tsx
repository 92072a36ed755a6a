import type { Notice } from '@invigil/shared/api/desk';
import { DESK_MESSAGES } from '@invigil/shared/api/desk-messages';
import { Megaphone } from 'lucide-react';
import { useId, useState } from 'react';
import { formatDateTime } from '../../lib/date-time';
import { MessageItem } from '../../ui/message-item';
import { NotificationsToggle } from '../notifications/notifications-toggle';

function NoticeItem({ notice, onOpen }: { notice: Notice; onOpen: (notice: Notice) => void }) {
  const [open, setOpen] = useState(false);
  const unread = notice.read_at === null;
  return (
    <MessageItem
      title={notice.title}
      unread={unread}
      time={formatDateTime(notice.created_at)}
      content={notice.content}
      attachments={notice.attachments}
      expanded={open}
      onToggle={() => {
        setOpen(!open);
        if (!open && unread) onOpen(notice);
      }}
    />
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
