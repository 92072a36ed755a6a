import type { FeeItem, ReceiptContentType } from '@invigil/shared/api/fees';
import { FEE_MESSAGES, RECEIPT_ACCEPT, RECEIPT_MAX_BYTES, feeDetails } from '@invigil/shared/api/fee-messages';
import { useEffect, useId, useState } from 'react';
import { showSnackbar } from '../../lib/snackbar';
import { Modal } from '../../ui/modal';
import { uploadReceipt } from './fees-api';

const TYPES: Record<string, ReceiptContentType> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg' };

/** The receipt image's content type by its name (spec section 5: png, jpeg, jpg), or null. */
export function receiptType(name: string): ReceiptContentType | null {
  return TYPES[name.split('.').pop()?.toLowerCase() ?? ''] ?? null;
}

/** 'yyyy-MM-dd' of today on this device (the date input's max). */
const todayValue = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

/**
 * The upload-receipt dialog (spec: My Fees; section 5): the receipt image (png, jpeg, jpg) with a
 * preview, the transaction date (required: UPLOAD stays disabled without it), an optional
 * transaction ID, the cheque number for a cheque payment only, and a comment.
 */
export function UploadReceiptDialog({ fee, onClose, onUploaded }: { fee: FeeItem | null; onClose: () => void; onUploaded: () => void }) {
  const ids = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [date, setDate] = useState('');
  const [transactionId, setTransactionId] = useState('');
  const [byCheque, setByCheque] = useState(false);
  const [cheque, setCheque] = useState('');
  const [comment, setComment] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setFile(null);
    setDate('');
    setTransactionId('');
    setByCheque(false);
    setCheque('');
    setComment('');
    setProgress(null);
    setError(null);
  }, [fee]);

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const type = file ? receiptType(file.name) : null;
  const fileProblem = file && !type ? FEE_MESSAGES.receiptType : file && file.size > RECEIPT_MAX_BYTES ? FEE_MESSAGES.receiptTooLarge : null;
  const busy = progress !== null;
  const canUpload = !!fee && !!file && !!type && !fileProblem && date !== '' && !busy;

  async function submit() {
    if (!fee || !file || !type || !canUpload) return;
    setError(null);
    setProgress(0);
    try {
      const reply = await uploadReceipt(file, type, { id: fee._id, transaction_date: date, transaction_id: transactionId.trim(), cheque_number: byCheque ? cheque.trim() : '', comment: comment.trim() }, setProgress);
      showSnackbar(reply.message, { color: 'success' });
      onUploaded();
      onClose();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setProgress(null);
    }
  }

  return (
    <Modal
      open={fee !== null}
      title="Upload Receipt"
      onClose={onClose}
      dismissable={!busy}
      actions={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={busy}>Cancel</button>
          <button type="button" className="btn btn-primary" disabled={!canUpload} onClick={() => void submit()}>
            {busy ? `Uploading ${Math.round((progress ?? 0) * 100)}%` : 'Upload'}
          </button>
        </>
      }
    >
      {fee ? (
        <form
          className="space-y-3"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <p className="font-medium">{feeDetails(fee)}</p>
          <div>
            <label htmlFor={`${ids}-file`} className="label pb-1"><span className="label-text font-medium text-base-content">Receipt image (.png, .jpeg, .jpg)</span></label>
            <input
              id={`${ids}-file`}
              type="file"
              accept={RECEIPT_ACCEPT}
              className={`file-input file-input-bordered w-full ${fileProblem ? 'file-input-error' : ''}`}
              disabled={busy}
              aria-invalid={fileProblem ? true : undefined}
              aria-describedby={fileProblem ? `${ids}-file-error` : undefined}
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
            {fileProblem ? <p id={`${ids}-file-error`} role="alert" className="mt-1 text-sm text-error">{fileProblem}</p> : null}
            {preview && type ? (
              <img
                src={preview}
                alt="Receipt preview"
                className="mt-2 max-h-48 rounded border border-base-300"
                onError={() => {
                  showSnackbar(FEE_MESSAGES.previewFailed, { color: 'error' });
                  setPreview(null);
                }}
              />
            ) : null}
          </div>
          <div>
            <label htmlFor={`${ids}-date`} className="label pb-1"><span className="label-text font-medium text-base-content">Transaction Date *</span></label>
            <input id={`${ids}-date`} type="date" className="input input-bordered w-full" required max={todayValue()} value={date} disabled={busy} onChange={(event) => setDate(event.target.value)} aria-describedby={`${ids}-date-hint`} />
            {date === '' ? <p id={`${ids}-date-hint`} className="mt-1 text-sm opacity-80">{FEE_MESSAGES.transactionDateRequired}</p> : <span id={`${ids}-date-hint`} hidden />}
          </div>
          <div>
            <label htmlFor={`${ids}-tid`} className="label pb-1"><span className="label-text font-medium text-base-content">Transaction ID (optional)</span></label>
            <input id={`${ids}-tid`} type="text" className="input input-bordered w-full" maxLength={200} value={transactionId} disabled={busy} onChange={(event) => setTransactionId(event.target.value)} />
          </div>
          <label className="flex cursor-pointer items-center gap-2">
            <input type="checkbox" className="checkbox checkbox-sm" checked={byCheque} disabled={busy} onChange={(event) => setByCheque(event.target.checked)} />
            <span>Paid by cheque</span>
          </label>
          {byCheque ? (
            <div>
              <label htmlFor={`${ids}-cheque`} className="label pb-1"><span className="label-text font-medium text-base-content">Cheque Number</span></label>
              <input id={`${ids}-cheque`} type="text" inputMode="numeric" className="input input-bordered w-full" maxLength={200} value={cheque} disabled={busy} onChange={(event) => setCheque(event.target.value)} />
            </div>
          ) : null}
          <div>
            <label htmlFor={`${ids}-comment`} className="label pb-1"><span className="label-text font-medium text-base-content">Comment</span></label>
            <textarea id={`${ids}-comment`} className="textarea textarea-bordered w-full" rows={2} maxLength={1000} value={comment} disabled={busy} onChange={(event) => setComment(event.target.value)} />
          </div>
          {busy ? <progress className="progress progress-primary w-full" value={Math.round((progress ?? 0) * 100)} max={100} aria-label="Upload progress" /> : null}
          {error ? <p role="alert" className="text-sm text-error">{error}</p> : null}
        </form>
      ) : null}
    </Modal>
  );
}
