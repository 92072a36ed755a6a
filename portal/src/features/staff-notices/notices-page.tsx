import type { NoticeDetailReply, NoticeKind, NoticeListItem, NoticeListReply } from '@invigil/shared/api/staff-notices';
import { NOTICE_KIND_LABELS, NOTICE_KINDS, readByText } from '@invigil/shared/api/staff-notices-text';
import { Plus } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import type { ScreenProps } from '../../lib/screen-props';
import { formatDateTime } from '../../lib/date-time';
import { showSnackbar } from '../../lib/snackbar';
import { Modal } from '../../ui/modal';
import { useOverflows } from '../../ui/use-keyboard-scroll';
import { StaffLayout } from '../staff-shell/staff-layout';
import { StaffListBox } from '../staff-shell/staff-list-box';
import { StaffListPages } from '../staff-shell/staff-list-pages';
import { useStaffList } from '../staff-shell/use-staff-list';
import { fetchNotice, fetchNotices, withdrawNotice } from './staff-notices-api';
import type { NoticeFilters } from './staff-notices-api';

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Something went wrong!');

/** One sent notice: what the student sees, who read it and who has not; Withdraw (confirmed). */
function NoticeDialog({ item, onClose, onWithdrawn }: { item: NoticeListItem; onClose: () => void; onWithdrawn: () => void }) {
  const [detail, setDetail] = useState<NoticeDetailReply | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const abort = new AbortController();
    fetchNotice(item.kind, item.id, abort.signal).then(setDetail, (error: unknown) => {
      if (!abort.signal.aborted) setFailure(messageOf(error));
    });
    return () => abort.abort();
  }, [item]);
  const read = detail?.readers.filter((reader) => reader.readAt !== null) ?? [];
  const unread = detail?.readers.filter((reader) => reader.readAt === null) ?? [];

  async function withdraw() {
    setBusy(true);
    try {
      showSnackbar((await withdrawNotice(item.kind, item.id)).message, { color: 'success' });
      onWithdrawn();
    } catch (error) {
      setFailure(messageOf(error));
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      title={item.title}
      onClose={onClose}
      size="lg"
      actions={
        confirming ? (
          <>
            <span className="mr-auto self-center font-medium">Withdraw it? Students will no longer see it.</span>
            <button type="button" className="btn" onClick={() => setConfirming(false)} disabled={busy}>Keep it</button>
            <button type="button" className="btn btn-error" onClick={() => void withdraw()} disabled={busy}>Yes, withdraw</button>
          </>
        ) : (
          <>
            {detail?.canWithdraw ? <button type="button" className="btn btn-outline btn-error" onClick={() => setConfirming(true)}>Withdraw</button> : null}
            <button type="button" className="btn" onClick={onClose}>Close</button>
          </>
        )
      }
    >
      <p className="text-sm">
        {NOTICE_KIND_LABELS[item.kind]} to <strong>{item.audienceName}</strong>, sent {formatDateTime(item.sentAt)}
        {item.sentBy ? ` by ${item.sentBy}` : ' by the import'}.
      </p>
      {failure ? <p className="mt-2 text-error" role="alert">{failure}</p> : null}
      {detail === null ? (
        failure ? null : <p className="py-6 text-center" role="status">Loading…</p>
      ) : (
        <>
          <div className="mt-3 rounded-box border border-base-300 p-3">
            <p className="whitespace-pre-line break-words">{detail.notice.text}</p>
            {detail.notice.links.length > 0 ? (
              <ul className="mt-2 flex flex-col gap-1" aria-label="Attachments">
                {detail.notice.links.map((url) => <li key={url}><a href={url} target="_blank" rel="noopener noreferrer" className="link link-primary break-all">{url}</a></li>)}
              </ul>
            ) : null}
          </div>
          <p className="mt-3 font-semibold">{readByText(read.length, detail.readers.length)}</p>
          <div className="mt-2 grid gap-4 sm:grid-cols-2">
            <section aria-labelledby={`${item.id}-unread`}>
              <h3 id={`${item.id}-unread`} className="font-semibold">Not read yet ({unread.length})</h3>
              {unread.length === 0 ? <p className="text-sm">Everyone has read it.</p> : (
                <ul className="mt-1 text-sm">{unread.map((reader) => <li key={reader.id}>{reader.name} <span className="opacity-80">({reader.regNo})</span></li>)}</ul>
              )}
            </section>
            <section aria-labelledby={`${item.id}-read`}>
              <h3 id={`${item.id}-read`} className="font-semibold">Read ({read.length})</h3>
              {read.length === 0 ? <p className="text-sm">Nobody yet.</p> : (
                <ul className="mt-1 text-sm">{read.map((reader) => <li key={reader.id}>{reader.name} <span className="opacity-80">({reader.regNo}, {formatDateTime(reader.readAt)})</span></li>)}</ul>
              )}
            </section>
          </div>
        </>
      )}
    </Modal>
  );
}

function NoticesTable({ reply, onOpen }: { reply: NoticeListReply; onOpen: (item: NoticeListItem) => void }) {
  const box = useRef<HTMLDivElement>(null);
  const scrolls = useOverflows(box, true);
  return (
    <div ref={box} className="overflow-x-auto" {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': 'Sent notices table' } : {})}>
      <table className="table table-sm lg:table-md">
        <caption className="sr-only">Notices and notifications sent, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Title</th>
            <th scope="col">Kind</th>
            <th scope="col">Audience</th>
            <th scope="col">Sent by</th>
            <th scope="col">Sent</th>
            <th scope="col">Read</th>
          </tr>
        </thead>
        <tbody>
          {reply.items.map((item) => (
            <tr key={`${item.kind}-${item.id}`}>
              <th scope="row" className="min-w-40 font-normal">
                <button type="button" className="link link-primary text-left font-semibold" onClick={() => onOpen(item)}>{item.title}</button>
              </th>
              <td>{NOTICE_KIND_LABELS[item.kind]}</td>
              <td className="min-w-32">{item.audienceName}</td>
              <td>{item.sentBy ?? <span className="opacity-80">Import</span>}</td>
              <td className="whitespace-nowrap">{formatDateTime(item.sentAt)}</td>
              <td className="whitespace-nowrap">{readByText(item.readCount, item.audienceSize)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** /staff/notices (admin; teacher: their classes'): what was sent, newest first, with reads. */
export default function NoticesPage({ title }: ScreenProps) {
  const kindId = useId();
  const { filters, setFilters, reply, failure, refresh } = useStaffList<NoticeFilters, NoticeListReply>({ q: '', kind: '', page: 1 }, fetchNotices);
  const [open, setOpen] = useState<NoticeListItem | null>(null);
  return (
    <StaffLayout roles={['admin', 'teacher']}>
      <main className="mx-auto w-full max-w-6xl px-4 py-6">
        <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
          <h1 className="text-2xl font-bold">{title}</h1>
          <Link href="/staff/notices/new" className="btn btn-primary gap-1"><Plus className="h-4 w-4" aria-hidden="true" />Compose a notice</Link>
        </div>
        <div className="mb-4 max-w-56">
          <label htmlFor={kindId} className="label pb-1"><span className="label-text font-medium text-base-content">Kind</span></label>
          <select id={kindId} className="select select-bordered w-full" value={filters.kind} onChange={(event) => setFilters((current) => ({ ...current, kind: event.target.value as '' | NoticeKind, page: 1 }))}>
            <option value="">Notifications and notices</option>
            {NOTICE_KINDS.map((kind) => <option key={kind} value={kind}>{NOTICE_KIND_LABELS[kind]}s</option>)}
          </select>
        </div>
        <StaffListBox failure={failure} reply={reply} loadingLabel="Loading notices" onRetry={refresh}>
          {(reply) => (
            <>
              {reply.items.length === 0 ? <p className="px-4 py-10 text-center">Nothing sent yet: compose a notice.</p> : <NoticesTable reply={reply} onOpen={setOpen} />}
              <StaffListPages label="Notice pages" page={reply.page} pageSize={reply.pageSize} total={reply.total} shown={reply.items.length} onPage={(page) => setFilters((current) => ({ ...current, page }))} />
            </>
          )}
        </StaffListBox>
        {open ? <NoticeDialog item={open} onClose={() => setOpen(null)} onWithdrawn={() => { setOpen(null); refresh(); }} /> : null}
      </main>
    </StaffLayout>
  );
}
