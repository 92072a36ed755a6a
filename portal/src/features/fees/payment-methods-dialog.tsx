import type { PaymentMethod } from '@invigil/shared/api/fees';
import { formatRupees } from '@invigil/shared/domain/money';
import { FEE_MESSAGES, upiPayLink } from '@invigil/shared/api/fee-messages';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Modal } from '../../ui/modal';
import { fetchPaymentMethods } from './fees-api';

const UpiQrCode = lazy(() => import('./upi-qr-code').then((module) => ({ default: module.UpiQrCode })));

/**
 * The payment-methods dialog (spec: My Fees): UPI with its id, instructions and a QR code of a
 * upi://pay link (with the selected fees' balance as the amount when rows are selected); bank
 * transfer with its instructions; 'No Payment data available' when there are none.
 */
export function PaymentMethodsDialog({ open, onClose, amountPaise }: { open: boolean; onClose: () => void; amountPaise: number }) {
  const [methods, setMethods] = useState<PaymentMethod[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!open) return;
    let alive = true;
    setFailed(false);
    fetchPaymentMethods().then(
      (data) => alive && setMethods(data),
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
    };
  }, [open]);

  return (
    <Modal open={open} title="Payment Methods" onClose={onClose} actions={<button type="button" className="btn" onClick={onClose}>Close</button>}>
      {failed ? (
        <p role="alert" className="text-error">{FEE_MESSAGES.loadFailed}</p>
      ) : methods === null ? (
        <div className="flex justify-center py-8" role="status" aria-label="Loading payment methods">
          <span className="loading loading-spinner loading-lg" aria-hidden="true" />
        </div>
      ) : methods.length === 0 ? (
        <p className="py-6 text-center">{FEE_MESSAGES.noPaymentData}</p>
      ) : (
        <div className="space-y-4" data-testid="payment-methods">
          {methods.map((method) =>
            method.type === 'upi' ? (
              <section key={method._id} aria-labelledby={`pm-${method._id}`} className="rounded-box border border-base-300 p-3">
                <h3 id={`pm-${method._id}`} className="font-semibold">UPI</h3>
                <p className="break-all">
                  UPI ID: <span className="font-mono">{method.upi_id}</span>
                  {method.payee_name ? <span className="block text-sm opacity-80">{method.payee_name}</span> : null}
                </p>
                {amountPaise > 0 ? <p className="text-sm">Amount: {formatRupees(amountPaise)} (the selected fees)</p> : null}
                <div className="my-2 flex justify-center">
                  <Suspense fallback={<span className="loading loading-spinner" aria-hidden="true" />}>
                    <UpiQrCode link={amountPaise > 0 ? upiPayLink(method.upi_id, method.payee_name, amountPaise) : method.upi_qr_code} label={`UPI QR code to pay ${method.upi_id}`} />
                  </Suspense>
                </div>
                {method.instruction ? <p className="whitespace-pre-line text-sm">{method.instruction}</p> : null}
              </section>
            ) : (
              <section key={method._id} aria-labelledby={`pm-${method._id}`} className="rounded-box border border-base-300 p-3">
                <h3 id={`pm-${method._id}`} className="font-semibold">Bank transfer</h3>
                <p className="whitespace-pre-line text-sm">{method.instruction}</p>
              </section>
            ),
          )}
        </div>
      )}
    </Modal>
  );
}
