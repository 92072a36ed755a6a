import type { StaffReceipt, StaffReceiptsReply } from '@invigil/shared/api/staff-fees';
import { RECEIPT_STATUS_LABELS, RECEIPT_STATUSES, amountError, parseRupees, rupeesField } from '@invigil/shared/api/staff-fees-text';
import type { ReceiptStatusName } from '@invigil/shared/api/staff-fees-text';
import { rupees as formatRupees } from './staff-fees-format';
import { useState } from 'react';
import type { ScreenProps } from '../../lib/screen-props';
import { dateTime as formatDateTime } from './staff-fees-format';
import { Modal } from '../../ui/modal';
import { StaffLayout } from '../staff-shell/staff-layout';
import { StaffListBox } from '../staff-shell/staff-list-box';
import { StaffListPages } from '../staff-shell/staff-list-pages';
import { StaffTabPanel, StaffTabs } from '../staff-shell/staff-tabs';
import { useStaffList } from '../staff-shell/use-staff-list';
import { FormError, InputField, MoneyField, messageOf } from './fee-fields';
import { acceptReceipt, fetchReceipts, rejectReceipt } from './staff-fees-api';

type Filters = { q: string; status: ReceiptStatusName; page: number };

function ImageDialog({ receipt, onClose }: { receipt: StaffReceipt; onClose: () => void }) {
  const [zoomed, setZoomed] = useState(false);
  return (
    <Modal
      open
      size="lg"
      title={`Receipt of ${receipt.studentName}`}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn btn-outline gap-1" aria-pressed={zoomed} onClick={() => setZoomed((value) => !value)}>
            {zoomed ? 'Fit to the window' : 'Zoom in'}
          </button>
          <a className="btn btn-outline gap-1" href={receipt.imageUrl} target="_blank" rel="noreferrer">
            Open full size<span className="sr-only"> (new tab)</span>
          </a>
        </>
      }
    >
      <div className={zoomed ? 'overflow-auto' : ''}>
        <img src={receipt.imageUrl} alt={`Receipt uploaded by ${receipt.studentName} for ${receipt.feeDetails}`} className={zoomed ? 'max-w-none' : 'mx-auto max-h-[65dvh] w-auto max-w-full object-contain'} style={zoomed ? { width: '200%' } : undefined} />
      </div>
    </Modal>
  );
}

function AcceptDialog({ receipt, onClose, onDone }: { receipt: StaffReceipt; onClose: () => void; onDone: (message: string) => void }) {
  const [amount, setAmount] = useState(rupeesField(receipt.balancePaise));
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function accept() {
    const paise = parseRupees(amount);
    if (paise === null || paise <= 0) return setError(amountError);
    if (paise > receipt.balancePaise) return setError(`At most the balance, ${formatRupees(receipt.balancePaise)}.`);
    setError(null);
    setBusy(true);
    setFailure(null);
    try {
      await acceptReceipt(receipt.id, paise);
      onDone(`Accepted ${formatRupees(paise)} from ${receipt.studentName}'s receipt.`);
      onClose();
    } catch (caught) {
      setFailure(messageOf(caught));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Modal
      open
      title="Accept the receipt"
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose}>Cancel</button>
          <button type="button" className="btn btn-success" disabled={busy} onClick={() => void accept()}>{busy ? 'Accepting…' : 'Accept payment'}</button>
        </>
      }
    >
      <form className="flex flex-col gap-2" onSubmit={(event) => { event.preventDefault(); void accept(); }}>
        <p>{receipt.studentName} ({receipt.regNo}), {receipt.feeDetails}. Balance: <strong>{formatRupees(receipt.balancePaise)}</strong>.</p>
        <MoneyField label="Amount received" value={amount} onChange={setAmount} error={error} autoFocus hint="What the receipt shows was paid; at most the balance." />
        <FormError message={failure} />
      </form>
    </Modal>
  );
}

function RejectDialog({ receipt, onClose, onDone }: { receipt: StaffReceipt; onClose: () => void; onDone: (message: string) => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function reject() {
    if (!reason.trim()) return setError('Give the reason the receipt is rejected.');
    setError(null);
    setBusy(true);
    setFailure(null);
    try {
      await rejectReceipt(receipt.id, reason.trim());
      onDone(`Rejected ${receipt.studentName}'s receipt.`);
      onClose();
    } catch (caught) {
      setFailure(messageOf(caught));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Modal
      open
      title="Reject the receipt"
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose}>Cancel</button>
          <button type="button" className="btn btn-error" disabled={busy} onClick={() => void reject()}>{busy ? 'Rejecting…' : 'Reject receipt'}</button>
        </>
      }
    >
      <form className="flex flex-col gap-2" onSubmit={(event) => { event.preventDefault(); void reject(); }}>
        <p>{receipt.studentName} ({receipt.regNo}), {receipt.feeDetails}. The student is told the reason.</p>
        <InputField label="Reason" value={reason} onChange={setReason} error={error} autoFocus hint="For example: the amount is not readable; upload a clearer photo." />
        <FormError message={failure} />
      </form>
    </Modal>
  );
}

type Dialog = { kind: 'image' | 'accept' | 'reject'; receipt: StaffReceipt } | null;

function ReceiptCard({ receipt, onAction }: { receipt: StaffReceipt; onAction: (dialog: Dialog) => void }) {
  const row = (label: string, value: string) => (value ? <><dt className="opacity-80">{label}</dt><dd className="min-w-0 break-words">{value}</dd></> : null);
  return (
    <li className="flex flex-col gap-3 border-b border-base-300 p-4 last:border-b-0 sm:flex-row">
      <button type="button" className="btn btn-ghost h-auto shrink-0 self-start p-1" onClick={() => onAction({ kind: 'image', receipt })}>
        <img src={receipt.imageUrl} alt="" className="h-28 w-28 rounded object-cover" loading="lazy" />
        <span className="sr-only">View the receipt image of {receipt.studentName}</span>
      </button>
      <div className="min-w-0 flex-1">
        <h2 className="font-semibold">{receipt.studentName} <span className="font-normal opacity-80">({receipt.regNo}{receipt.className ? `, ${receipt.className}` : ''})</span></h2>
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
          {row('Fee', receipt.feeDetails)}
          {receipt.status === 'pending' ? row('Balance', formatRupees(receipt.balancePaise)) : null}
          {row('Transaction date', receipt.transactionDate)}
          {row('Transaction id', receipt.transactionId)}
          {row('Cheque number', receipt.chequeNumber)}
          {row('Comment', receipt.comment)}
          {row('Uploaded', formatDateTime(receipt.createdAt))}
          {receipt.amountPaise !== null ? row('Accepted amount', formatRupees(receipt.amountPaise)) : null}
          {receipt.rejectReason ? row('Reason', receipt.rejectReason) : null}
          {receipt.reviewedBy ? row('Reviewed by', `${receipt.reviewedBy}${receipt.reviewedAt ? `, ${formatDateTime(receipt.reviewedAt)}` : ''}`) : null}
        </dl>
      </div>
      {receipt.status === 'pending' ? (
        <div className="flex shrink-0 flex-wrap gap-2 self-start">
          <button type="button" className="btn btn-success btn-sm" aria-label={`Accept the receipt of ${receipt.studentName}`} onClick={() => onAction({ kind: 'accept', receipt })}>Accept</button>
          <button type="button" className="btn btn-outline btn-error btn-sm" aria-label={`Reject the receipt of ${receipt.studentName}`} onClick={() => onAction({ kind: 'reject', receipt })}>Reject</button>
        </div>
      ) : null}
    </li>
  );
}

function ReceiptsScreen() {
  const { filters, setFilters, reply, failure, refresh } = useStaffList<Filters, StaffReceiptsReply>({ q: '', status: 'pending', page: 1 }, fetchReceipts);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const done = (message: string) => {
    setNotice(message);
    refresh();
  };
  return (
    <>
      <StaffTabs tabs={RECEIPT_STATUSES} labels={RECEIPT_STATUS_LABELS} selected={filters.status} onSelect={(status) => setFilters((current) => ({ ...current, status, page: 1 }))} label="Receipts" idPrefix="receipts" />
      <div role="status" aria-live="polite">{notice ? <p className="alert alert-success mb-3 text-sm">{notice}</p> : null}</div>
      <StaffTabPanel tab={filters.status} idPrefix="receipts">
        <StaffListBox failure={failure} reply={reply} loadingLabel="Loading receipts" onRetry={refresh}>
          {(current) => (
            <>
              {current.items.length === 0 ? (
                <p className="px-4 py-10 text-center">{filters.status === 'pending' ? 'No receipts to verify.' : `No ${RECEIPT_STATUS_LABELS[filters.status].toLowerCase()} receipts.`}</p>
              ) : (
                <ul aria-label={`${RECEIPT_STATUS_LABELS[filters.status]} receipts`}>
                  {current.items.map((receipt) => <ReceiptCard key={receipt.id} receipt={receipt} onAction={setDialog} />)}
                </ul>
              )}
              <StaffListPages label="Receipt pages" page={current.page} pageSize={current.pageSize} total={current.total} shown={current.items.length} onPage={(page) => setFilters((prev) => ({ ...prev, page }))} />
            </>
          )}
        </StaffListBox>
      </StaffTabPanel>
      {dialog?.kind === 'image' ? <ImageDialog receipt={dialog.receipt} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'accept' ? <AcceptDialog receipt={dialog.receipt} onClose={() => setDialog(null)} onDone={done} /> : null}
      {dialog?.kind === 'reject' ? <RejectDialog receipt={dialog.receipt} onClose={() => setDialog(null)} onDone={done} /> : null}
    </>
  );
}

/** /staff/fees/receipts (admin): the students' uploaded receipts, oldest first; accept with an amount or reject with a reason. */
export default function ReceiptsPage({ title }: ScreenProps) {
  return (
    <StaffLayout roles={['admin']}>
      <main className="mx-auto w-full max-w-5xl px-4 py-6">
        <h1 className="mb-4 text-2xl font-bold">{title}</h1>
        <ReceiptsScreen />
      </main>
    </StaffLayout>
  );
}
