import type { FeeItem, Receipt } from '@invigil/shared/api/fees';
import { formatRupees } from '@invigil/shared/domain/money';
import { FEE_MESSAGES, feeDetails } from '@invigil/shared/api/fee-messages';
import { useEffect, useState } from 'react';
import { formatDateTime } from '../../lib/date-time';
import { Modal } from '../../ui/modal';
import { FeeStatusChip } from './fee-status-chip';
import { fetchReceipts } from './fees-api';

/** The detail dialog (spec: My Fees): the fee's every field and the receipts uploaded for it, with their status. */
export function FeeDetailDialog({ fee, onClose, onUploadReceipt, receiptsVersion }: { fee: FeeItem | null; onClose: () => void; onUploadReceipt: (fee: FeeItem) => void; receiptsVersion: number }) {
  const [receipts, setReceipts] = useState<Receipt[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!fee) return;
    let alive = true;
    setReceipts(null);
    setFailed(false);
    fetchReceipts(fee._id).then(
      (data) => alive && setReceipts(data),
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
    };
  }, [fee, receiptsVersion]);

  const row = (label: string, value: React.ReactNode) => (
    <div className="flex justify-between gap-4 border-b border-base-200 py-1.5">
      <dt className="opacity-80">{label}</dt>
      <dd className="text-right font-medium">{value}</dd>
    </div>
  );

  return (
    <Modal
      open={fee !== null}
      title="Fee Details"
      onClose={onClose}
      actions={
        fee ? (
          <>
            {fee.payment_status !== 'paid' ? <button type="button" className="btn" onClick={() => onUploadReceipt(fee)}>Upload Receipt</button> : null}
            <button type="button" className="btn btn-primary" onClick={onClose}>Close</button>
          </>
        ) : null
      }
    >
      {fee ? (
        <div>
          <dl>
            {row('Fee details', feeDetails(fee))}
            {row('Due date', fee.due_date)}
            {row('Fee amount', formatRupees(fee.fee_amount))}
            {row('Fine', formatRupees(fee.fine_amount))}
            {row('Total amount', formatRupees(fee.fee_amount + fee.fine_amount))}
            {row('Paid (with fine)', formatRupees(fee.pay_amount))}
            {row('Balance', formatRupees(fee.balance))}
            {row('Status', <FeeStatusChip fee={fee} />)}
          </dl>
          <h3 className="mt-4 mb-2 font-semibold">Uploaded receipts</h3>
          {failed ? (
            <p role="alert" className="text-error">{FEE_MESSAGES.loadFailed}</p>
          ) : receipts === null ? (
            <span className="loading loading-spinner" role="status" aria-label="Loading receipts" />
          ) : receipts.length === 0 ? (
            <p className="text-sm opacity-80">No receipts uploaded.</p>
          ) : (
            <ul className="space-y-2" data-testid="fee-receipts">
              {receipts.map((receipt) => (
                <li key={receipt._id} className="flex gap-3 rounded-box border border-base-300 p-2">
                  <a href={receipt.url} target="_blank" rel="noreferrer" className="shrink-0">
                    <img src={receipt.url} alt={`Receipt of ${receipt.transaction_date}`} className="h-14 w-14 rounded object-cover" />
                  </a>
                  <div className="min-w-0 text-sm">
                    <p className="font-medium">{receipt.status}</p>
                    {receipt.reason ? <p className="break-words">Reason: {receipt.reason}</p> : null}
                    <p>Transaction date: {receipt.transaction_date}</p>
                    {receipt.transaction_id ? <p className="break-all">Transaction ID: {receipt.transaction_id}</p> : null}
                    {receipt.cheque_number ? <p>Cheque Number: {receipt.cheque_number}</p> : null}
                    {receipt.comment ? <p className="break-words">{receipt.comment}</p> : null}
                    <p className="opacity-80">Uploaded {formatDateTime(receipt.created_at)}</p>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </Modal>
  );
}
