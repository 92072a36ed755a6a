import type { FeeItem, FeeListReply } from '@invigil/shared/api/fees';
import { formatRupees } from '@invigil/shared/domain/money';
import { TablePages } from '../../ui/table-pages';
import { pageOf } from '../../ui/table-rows';
import type { PaymentReturnOutcome } from '@invigil/shared/api/payments';
import { FEE_MESSAGES, FEE_PAGE_SIZES, feeDetails } from '@invigil/shared/api/fee-messages';
import { CreditCard, Printer, QrCode, Upload, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { showSnackbar } from '../../lib/snackbar';
import { useRetryableLoad } from '../../lib/use-retryable-load';
import { LoadError, LoadingBlock } from '../results/page-status';
import { FeeDetailDialog } from './fee-detail-dialog';
import { fineOf } from './fee-fine';
import { FeeStatusChip } from './fee-status-chip';
import { fetchFeeList, fetchOrder, payOnline } from './fees-api';
import { PaymentMethodsDialog } from './payment-methods-dialog';
import { printReceipt } from './print-receipt';
import { UploadReceiptDialog } from './upload-receipt-dialog';

type PerPage = (typeof FEE_PAGE_SIZES)[number];

const RETURN_MESSAGES: Record<PaymentReturnOutcome, { text: string; color: 'success' | 'info' | 'error' }> = {
  paid: { text: FEE_MESSAGES.paymentVerified, color: 'success' },
  pending: { text: FEE_MESSAGES.paymentPending, color: 'info' },
  failed: { text: FEE_MESSAGES.paymentFailed, color: 'error' },
  cancelled: { text: FEE_MESSAGES.paymentCancelled, color: 'info' },
  // Paid from a tab left open after the fee was settled: not counted, kept for a refund.
  refund: { text: FEE_MESSAGES.paymentRefund, color: 'info' },
};

const ALERT_CLASS = { success: 'alert-success', info: 'alert-info', error: 'alert-error' } as const;

function TotalCard({ label, paise, tone }: { label: string; paise: number; tone: string }) {
  return (
    <div className={`rounded-box border-l-4 bg-base-100 p-3 shadow ${tone}`}>
      <p className="text-sm opacity-80">{label}</p>
      <p className="text-lg font-bold sm:text-xl" data-testid={`fee-total-${label.toLowerCase().replace(/\s+/g, '-')}`}>{formatRupees(paise)}</p>
    </div>
  );
}

/** What the gateway's return said, and the fee its order paid (once the order is read). */
interface Returned {
  outcome: PaymentReturnOutcome;
  feeId: string | null;
}

/** The paid amount, and the fine under it: paid with the fee, or still due (then it is in the balance). */
function PaidWithFine({ fee }: { fee: FeeItem }) {
  const fine = fineOf(fee);
  return (
    <>
      {fine.paid > 0 ? <span className="block text-xs opacity-80">incl. Fine <span className="whitespace-nowrap">{formatRupees(fine.paid)}</span></span> : null}
      {fine.due > 0 ? <span className="block text-xs font-semibold text-error">Fine <span className="whitespace-nowrap">{formatRupees(fine.due)}</span> due</span> : null}
    </>
  );
}

/** /fee-list (spec: My Fees): the four totals, the selectable fee table, and its dialogs; online payment through the gateway. */
export default function FeeListPage({ title }: { title: string }) {
  const [version, setVersion] = useState(0);
  const { data, failed, retry } = useRetryableLoad<FeeListReply>(fetchFeeList, () => showSnackbar(FEE_MESSAGES.loadFailed, { color: 'error' }));
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState<PerPage>(10);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [detail, setDetail] = useState<FeeItem | null>(null);
  const [uploadFor, setUploadFor] = useState<FeeItem | null>(null);
  const [methodsOpen, setMethodsOpen] = useState(false);
  const [paying, setPaying] = useState<string | null>(null);
  const [printing, setPrinting] = useState<string | null>(null);
  const [receiptsVersion, setReceiptsVersion] = useState(0);
  const search = useSearch();
  const [location, navigate] = useLocation();
  // Back from the gateway: how it went, in the page above the table (a snackbar covered a Balance
  // cell), and the fee the order was for, shown on its page and highlighted.
  const [returned, setReturned] = useState<Returned | null>(null);
  const shownFee = useRef<string | null>(null);

  // Say how it went, once, and drop the query (a reload or Back does not say it again).
  useEffect(() => {
    const params = new URLSearchParams(search);
    const outcome = params.get('payment') as PaymentReturnOutcome | null;
    if (!outcome || !(outcome in RETURN_MESSAGES)) return;
    const orderId = params.get('order_id');
    setReturned({ outcome, feeId: null });
    shownFee.current = null;
    navigate(location, { replace: true });
    if (orderId) {
      fetchOrder(orderId)
        .then((order) => {
          if (order.purpose_kind === 'fee') setReturned((now) => (now && now.outcome === outcome ? { ...now, feeId: order.purpose_id } : now));
        })
        .catch(() => {});
    }
  }, [search, location, navigate]);

  // A payment the gateway has not confirmed yet is usually confirmed by its webhook within seconds.
  const pendingReturn = returned?.outcome === 'pending';
  useEffect(() => {
    if (!pendingReturn) return;
    const timer = window.setTimeout(() => setVersion((n) => n + 1), 3000);
    return () => window.clearTimeout(timer);
  }, [pendingReturn]);

  useEffect(() => {
    if (version > 0) retry();
  }, [version, retry]);

  const items = data?.fee_collections ?? [];
  const { rows, page: current, pages, first } = pageOf(items, page, perPage);
  const returnedFee = returned?.feeId ? (items.find((item) => item._id === returned.feeId) ?? null) : null;

  // The fee just paid may be on another page: go to its page, then bring its row into view with
  // the keyboard's focus on its name (once per return).
  const returnedIndex = returnedFee ? items.indexOf(returnedFee) : -1;
  useEffect(() => {
    if (returnedIndex < 0 || !returnedFee || shownFee.current === returnedFee._id) return;
    const onPage = Math.floor(returnedIndex / perPage) + 1;
    if (onPage !== current) {
      setPage(onPage);
      return;
    }
    shownFee.current = returnedFee._id;
    const row = document.querySelector<HTMLElement>(`tr[data-fee-id="${CSS.escape(returnedFee._id)}"]`);
    row?.querySelector<HTMLElement>('th button')?.focus({ preventScroll: true });
    row?.scrollIntoView({ block: 'center' });
  }, [returnedIndex, returnedFee, perPage, current]);
  const selectedBalance = items.filter((item) => selected.has(item._id)).reduce((sum, item) => sum + item.balance, 0);
  const allOnPageSelected = rows.length > 0 && rows.every((row) => selected.has(row._id));

  const toggle = (id: string) =>
    setSelected((before) => {
      const next = new Set(before);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  async function pay(fee: FeeItem) {
    setPaying(fee._id);
    try {
      const order = await payOnline(fee._id);
      // The gateway's page, with the order_id in its address (spec: an external page carrying an order_id).
      window.location.assign(order.checkout_url);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // A tab left open after the fee was paid elsewhere: say so and show the fee as it is now.
      if (message === FEE_MESSAGES.alreadyPaid) {
        showSnackbar(message, { color: 'info' });
        setVersion((n) => n + 1);
      } else showSnackbar(message, { color: 'error' });
      setPaying(null);
    }
  }

  async function print(fee: FeeItem) {
    setPrinting(fee._id);
    try {
      await printReceipt(fee.print_url);
    } finally {
      setPrinting(null);
    }
  }

  return (
    <main className="mx-auto w-full max-w-6xl px-3 py-6 sm:px-4">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{title}</h1>
        <button type="button" className="btn btn-outline gap-2" onClick={() => setMethodsOpen(true)}>
          <QrCode className="h-4 w-4" aria-hidden="true" />Payment Methods
        </button>
      </div>
      {data === null && failed ? (
        <LoadError message={FEE_MESSAGES.loadFailed} onRetry={retry} />
      ) : data === null ? (
        <LoadingBlock label="Loading fees" />
      ) : (
        <>
          <section aria-label="Fee totals" className="mb-4 grid grid-cols-2 gap-3 lg:grid-cols-4">
            <TotalCard label="Total Fee" paise={data.total_fee} tone="border-info" />
            <TotalCard label="Paid" paise={data.total_paid_fee} tone="border-success" />
            <TotalCard label="Balance" paise={data.balance} tone="border-error" />
            <TotalCard label="Advance" paise={data.advance_fee} tone="border-warning" />
          </section>
          {returned ? (
            <div role="status" data-testid="payment-outcome" className={`alert mb-3 flex items-start justify-between gap-2 ${ALERT_CLASS[RETURN_MESSAGES[returned.outcome].color]}`}>
              <p>
                <span className="font-semibold">{RETURN_MESSAGES[returned.outcome].text}</span>
                {returnedFee ? <span className="block text-sm">{feeDetails(returnedFee)}: {returnedFee.payment_status === 'paid' ? 'Paid' : `Balance ${formatRupees(returnedFee.balance)}`} (highlighted below)</span> : null}
              </p>
              <button type="button" className="btn btn-ghost btn-xs btn-square" aria-label="Dismiss the payment message" onClick={() => setReturned(null)}>
                <X className="h-4 w-4" aria-hidden="true" />
              </button>
            </div>
          ) : null}
          {selected.size > 0 ? (
            <p className="mb-2 text-sm" aria-live="polite">
              {selected.size} selected · Balance {formatRupees(selectedBalance)}
            </p>
          ) : null}
          <div className="rounded-box bg-base-100 shadow">
            <table className="table table-sm lg:table-md" data-testid="fee-table">
              <caption className="sr-only">Your fees</caption>
              <thead>
                <tr>
                  <th scope="col" className="w-8">
                    <input
                      type="checkbox"
                      className="checkbox checkbox-sm"
                      aria-label="Select all fees on this page"
                      checked={allOnPageSelected}
                      onChange={() =>
                        setSelected((before) => {
                          const next = new Set(before);
                          for (const row of rows) {
                            if (allOnPageSelected) next.delete(row._id);
                            else next.add(row._id);
                          }
                          return next;
                        })
                      }
                    />
                  </th>
                  <th scope="col">Fee Details</th>
                  <th scope="col" className="hidden md:table-cell">Due Date</th>
                  <th scope="col" className="hidden md:table-cell">Total Amount</th>
                  <th scope="col" className="hidden md:table-cell">Paid (with Fine)</th>
                  <th scope="col" className="hidden md:table-cell">Balance</th>
                  <th scope="col" className="hidden sm:table-cell">Status</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {rows.length === 0 ? (
                  <tr>
                    <td colSpan={8} className="py-10 text-center opacity-80">No fees.</td>
                  </tr>
                ) : (
                  rows.map((fee) => {
                    const name = feeDetails(fee);
                    return (
                      <tr key={fee._id} data-fee-id={fee._id} className={fee._id === returnedFee?._id ? 'bg-success/10 outline-2 -outline-offset-2 outline-success' : undefined}>
                        <td>
                          <input type="checkbox" className="checkbox checkbox-sm" aria-label={`Select ${name}`} checked={selected.has(fee._id)} onChange={() => toggle(fee._id)} />
                        </td>
                        <th scope="row" className="font-normal">
                          <button type="button" className="link link-hover text-left font-semibold" onClick={() => setDetail(fee)} aria-label={`${name}: details`}>
                            {name}
                          </button>
                          <span className="block text-xs md:hidden">Due {fee.due_date}</span>
                          <span className="block text-xs md:hidden">Total <span className="whitespace-nowrap">{formatRupees(fee.fee_amount + fee.fine_amount)}</span></span>
                          <span className="block text-xs md:hidden">Paid <span className="whitespace-nowrap">{formatRupees(fee.pay_amount)}</span></span>
                          <span className="block md:hidden"><PaidWithFine fee={fee} /></span>
                          <span className="block text-xs md:hidden">Balance <span className="whitespace-nowrap">{formatRupees(fee.balance)}</span></span>
                          <span className="mt-1 block sm:hidden"><FeeStatusChip fee={fee} /></span>
                        </th>
                        <td className="hidden whitespace-nowrap md:table-cell">{fee.due_date}</td>
                        <td className="hidden whitespace-nowrap md:table-cell">{formatRupees(fee.fee_amount + fee.fine_amount)}</td>
                        <td className="hidden whitespace-nowrap md:table-cell">
                          {formatRupees(fee.pay_amount)}
                          <PaidWithFine fee={fee} />
                        </td>
                        <td className="hidden whitespace-nowrap md:table-cell">{formatRupees(fee.balance)}</td>
                        <td className="hidden sm:table-cell"><FeeStatusChip fee={fee} /></td>
                        <td>
                          <div className="flex flex-col items-stretch gap-1 lg:flex-row">
                            <button type="button" className="btn btn-primary btn-xs gap-1 whitespace-nowrap" disabled={fee.payment_status === 'paid' || paying !== null} onClick={() => void pay(fee)} aria-label={`Pay online: ${name}`}>
                              <CreditCard className="h-3.5 w-3.5" aria-hidden="true" />{paying === fee._id ? 'Opening…' : 'PAY ONLINE'}
                            </button>
                            <button type="button" className="btn btn-xs gap-1 whitespace-nowrap" disabled={fee.pay_amount <= 0 || printing !== null} onClick={() => void print(fee)} aria-label={`Print Receipt: ${name}`}>
                              <Printer className="h-3.5 w-3.5" aria-hidden="true" />Print Receipt
                            </button>
                            {fee.payment_status !== 'paid' ? (
                              <button type="button" className="btn btn-ghost btn-xs gap-1 whitespace-nowrap" onClick={() => setUploadFor(fee)} aria-label={`Upload Receipt: ${name}`}>
                                <Upload className="h-3.5 w-3.5" aria-hidden="true" />Upload Receipt
                              </button>
                            ) : null}
                          </div>
                        </td>
                      </tr>
                    );
                  })
                )}
              </tbody>
            </table>
            <TablePages
              label="Fee table pages"
              sizes={FEE_PAGE_SIZES}
              total={items.length}
              page={current}
              pages={pages}
              first={first}
              shown={rows.length}
              perPage={perPage}
              onPage={setPage}
              onPerPage={(next) => {
                setPerPage(next);
                setPage(1);
              }}
            />
          </div>
        </>
      )}
      <FeeDetailDialog fee={detail} onClose={() => setDetail(null)} onUploadReceipt={(fee) => { setDetail(null); setUploadFor(fee); }} receiptsVersion={receiptsVersion} />
      <UploadReceiptDialog fee={uploadFor} onClose={() => setUploadFor(null)} onUploaded={() => { setReceiptsVersion((n) => n + 1); }} />
      <PaymentMethodsDialog open={methodsOpen} onClose={() => setMethodsOpen(false)} amountPaise={selectedBalance} />
    </main>
  );
}
