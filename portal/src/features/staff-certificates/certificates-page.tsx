import type { StaffCertificateFilter, StaffCertificateItem, StaffCertificateListReply } from '@invigil/shared/api/staff-certificates';
import {
  CERTIFICATE_PDF_MAX_BYTES,
  REJECT_REASON_MAX,
  REJECT_REASON_MIN,
  rupeesText,
  STAFF_CERTIFICATE_FILTER_LABELS,
  STAFF_CERTIFICATE_FILTERS,
  STAFF_CERTIFICATE_MESSAGES,
  STAFF_CERTIFICATE_STATUS_LABELS,
} from '@invigil/shared/api/staff-certificates-text';
import { useId, useRef, useState } from 'react';
import type { ScreenProps } from '../../lib/screen-props';
import { formatDateTime } from '../../lib/date-time';
import { showSnackbar } from '../../lib/snackbar';
import { Modal } from '../../ui/modal';
import { useOverflows } from '../../ui/use-keyboard-scroll';
import { StaffLayout } from '../staff-shell/staff-layout';
import { StaffListBox } from '../staff-shell/staff-list-box';
import { StaffListPages } from '../staff-shell/staff-list-pages';
import { useStaffList } from '../staff-shell/use-staff-list';
import { deliverCertificate, fetchCertificates, markProcessing, rejectCertificate } from './staff-certificates-api';
import type { CertificateFilters } from './staff-certificates-api';

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Something went wrong!');
const BADGE: Record<StaffCertificateItem['status'], string> = { pending: 'badge-warning', processing: 'badge-info', delivered: 'badge-success', rejected: 'badge-error' };

type Action = { kind: 'deliver' | 'reject'; item: StaffCertificateItem };

/** Deliver (a PDF) or Reject (a reason), each in a dialog with its field, error and confirmation button. */
function ActionDialog({ action, onClose, onDone }: { action: Action; onClose: () => void; onDone: () => void }) {
  const fieldId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { item } = action;
  const delivering = action.kind === 'deliver';

  async function confirm() {
    let problem: string | null = null;
    if (delivering) {
      if (!file) problem = STAFF_CERTIFICATE_MESSAGES.fileRequired;
      else if (file.type !== 'application/pdf' && !file.name.toLowerCase().endsWith('.pdf')) problem = STAFF_CERTIFICATE_MESSAGES.notPdf;
      else if (file.size > CERTIFICATE_PDF_MAX_BYTES) problem = STAFF_CERTIFICATE_MESSAGES.tooLarge;
    } else if (reason.trim() === '') problem = STAFF_CERTIFICATE_MESSAGES.reasonRequired;
    else if (reason.trim().length < REJECT_REASON_MIN) problem = STAFF_CERTIFICATE_MESSAGES.reasonShort;
    setError(problem);
    if (problem) {
      document.getElementById(fieldId)?.focus();
      return;
    }
    setBusy(true);
    try {
      const done = delivering && file ? await deliverCertificate(item.id, file) : await rejectCertificate(item.id, reason.trim());
      showSnackbar(done.message, { color: 'success' });
      onDone();
    } catch (failure) {
      setError(messageOf(failure));
      document.getElementById(fieldId)?.focus();
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      title={delivering ? `Deliver ${item.typeName}` : `Reject ${item.typeName}`}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn" onClick={onClose}>Cancel</button>
          <button type="button" className={delivering ? 'btn btn-primary' : 'btn btn-error'} disabled={busy} onClick={() => void confirm()}>{busy ? 'Saving…' : delivering ? 'Deliver' : 'Reject request'}</button>
        </>
      }
    >
      <p className="mb-3">
        For <strong>{item.studentName}</strong> ({item.regNo}), paid {rupeesText(item.feePaise)}{item.paidAt ? ` on ${formatDateTime(item.paidAt)}` : ''}.
      </p>
      {delivering ? (
        <>
          <label htmlFor={fieldId} className="label pb-1"><span className="label-text font-medium text-base-content">Certificate PDF</span></label>
          <input id={fieldId} type="file" accept="application/pdf,.pdf" className="file-input file-input-bordered w-full" onChange={(event) => setFile(event.target.files?.[0] ?? null)} aria-describedby={`${fieldId}-hint${error ? ` ${fieldId}-error` : ''}`} {...(error ? { 'aria-invalid': true } : {})} />
          <p id={`${fieldId}-hint`} className="mt-1 text-sm">A PDF of at most {CERTIFICATE_PDF_MAX_BYTES / 1024 / 1024} MB. The student is notified and can download it at once.</p>
        </>
      ) : (
        <>
          <label htmlFor={fieldId} className="label pb-1"><span className="label-text font-medium text-base-content">Reason (the student sees it)</span></label>
          <textarea id={fieldId} className="textarea textarea-bordered min-h-24 w-full" maxLength={REJECT_REASON_MAX} value={reason} onChange={(event) => setReason(event.target.value)} aria-describedby={`${fieldId}-hint${error ? ` ${fieldId}-error` : ''}`} {...(error ? { 'aria-invalid': true } : {})} />
          <p id={`${fieldId}-hint`} className="mt-1 text-sm">The fee of {rupeesText(item.feePaise)} is listed as a refund owed in Fees.</p>
        </>
      )}
      {error ? <p id={`${fieldId}-error`} className="mt-1 text-sm text-error">{error}</p> : null}
    </Modal>
  );
}

function CertificatesTable({ reply, busyId, onProcessing, onAction }: { reply: StaffCertificateListReply; busyId: string | null; onProcessing: (item: StaffCertificateItem) => void; onAction: (action: Action) => void }) {
  const box = useRef<HTMLDivElement>(null);
  const scrolls = useOverflows(box, true);
  return (
    <div ref={box} className="overflow-x-auto" {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': 'Certificate requests table' } : {})}>
      <table className="table table-sm lg:table-md">
        <caption className="sr-only">Paid certificate requests</caption>
        <thead>
          <tr>
            <th scope="col">Student</th>
            <th scope="col">Certificate</th>
            <th scope="col">Fee paid</th>
            <th scope="col">Paid at</th>
            <th scope="col">Status</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {reply.items.map((item) => {
            const open = item.status === 'pending' || item.status === 'processing';
            return (
              <tr key={item.id}>
                <th scope="row" className="min-w-32 font-semibold">{item.studentName}<span className="block text-xs font-normal">{item.regNo}{item.className ? `, ${item.className}` : ''}</span></th>
                <td className="min-w-32">{item.typeName}</td>
                <td className="whitespace-nowrap">{rupeesText(item.feePaise)}</td>
                <td className="whitespace-nowrap">{item.paidAt ? formatDateTime(item.paidAt) : '-'}</td>
                <td className="min-w-28">
                  <span className={`badge badge-sm whitespace-nowrap ${BADGE[item.status]}`}>{STAFF_CERTIFICATE_STATUS_LABELS[item.status]}</span>
                  {item.status === 'rejected' && item.rejectReason ? <span className="mt-1 block text-xs">{item.rejectReason}</span> : null}
                  {item.status === 'delivered' && item.deliveredAt ? <span className="mt-1 block text-xs">{formatDateTime(item.deliveredAt)}</span> : null}
                </td>
                <td>
                  <div className="flex flex-wrap gap-1">
                    {open ? (
                      <>
                        <button type="button" className="btn btn-primary btn-xs" onClick={() => onAction({ kind: 'deliver', item })}>Deliver<span className="sr-only"> {item.typeName} to {item.studentName}</span></button>
                        {item.status === 'pending' ? <button type="button" className="btn btn-outline btn-xs" disabled={busyId === item.id} onClick={() => onProcessing(item)}>Mark processing<span className="sr-only"> ({item.typeName}, {item.studentName})</span></button> : null}
                        <button type="button" className="btn btn-outline btn-error btn-xs" onClick={() => onAction({ kind: 'reject', item })}>Reject<span className="sr-only"> {item.typeName} of {item.studentName}</span></button>
                      </>
                    ) : item.fileUrl ? (
                      <a href={item.fileUrl} target="_blank" rel="noopener noreferrer" className="link link-primary text-sm">View PDF<span className="sr-only"> of {item.typeName} for {item.studentName}</span></a>
                    ) : null}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** /staff/certificates (admin): paid requests oldest first; deliver a PDF, mark processing, reject with a reason. */
export default function CertificatesPage({ title }: ScreenProps) {
  const ids = { search: useId(), status: useId() };
  const { filters, setFilters, query, setQuery, reply, failure, refresh } = useStaffList<CertificateFilters, StaffCertificateListReply>({ q: '', status: 'open', page: 1 }, fetchCertificates);
  const [action, setAction] = useState<Action | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  async function processing(item: StaffCertificateItem) {
    setBusyId(item.id);
    try {
      showSnackbar((await markProcessing(item.id)).message, { color: 'success' });
      refresh();
    } catch (error) {
      showSnackbar(messageOf(error), { color: 'error' });
    } finally {
      setBusyId(null);
    }
  }

  return (
    <StaffLayout roles={['admin']}>
      <main className="mx-auto w-full max-w-6xl px-4 py-6">
        <h1 className="mb-4 text-2xl font-bold">{title}</h1>
        <div className="mb-4 flex flex-wrap items-end gap-3">
          <div className="min-w-0 flex-1 basis-56">
            <label htmlFor={ids.search} className="label pb-1"><span className="label-text font-medium text-base-content">Search</span></label>
            <input id={ids.search} type="search" className="input input-bordered w-full" placeholder="Student, reg. no. or certificate" value={query} onChange={(event) => setQuery(event.target.value)} />
          </div>
          <div className="min-w-0 flex-1 basis-36 sm:flex-none sm:basis-44">
            <label htmlFor={ids.status} className="label pb-1"><span className="label-text font-medium text-base-content">Show</span></label>
            <select id={ids.status} className="select select-bordered w-full" value={filters.status} onChange={(event) => setFilters((current) => ({ ...current, status: event.target.value as StaffCertificateFilter, page: 1 }))}>
              {STAFF_CERTIFICATE_FILTERS.map((status) => <option key={status} value={status}>{STAFF_CERTIFICATE_FILTER_LABELS[status]}</option>)}
            </select>
          </div>
        </div>
        <StaffListBox failure={failure} reply={reply} loadingLabel="Loading certificate requests" onRetry={refresh}>
          {(reply) => (
            <>
              {reply.items.length === 0 ? <p className="px-4 py-10 text-center">{filters.status === 'open' && filters.q === '' ? 'No paid requests waiting.' : 'No requests match.'}</p> : <CertificatesTable reply={reply} busyId={busyId} onProcessing={(item) => void processing(item)} onAction={setAction} />}
              <StaffListPages label="Certificate request pages" page={reply.page} pageSize={reply.pageSize} total={reply.total} shown={reply.items.length} onPage={(page) => setFilters((current) => ({ ...current, page }))} />
            </>
          )}
        </StaffListBox>
        {action ? <ActionDialog action={action} onClose={() => setAction(null)} onDone={() => { setAction(null); refresh(); }} /> : null}
      </main>
    </StaffLayout>
  );
}
