import type { OrdersReply, ReconcileReply, RejectionsReply, StaffRefund } from '@invigil/shared/api/staff-fees';
import { ORDER_FILTER_LABELS, ORDER_FILTERS, RECONCILE_LABELS } from '@invigil/shared/api/staff-fees-text';
import type { OrderFilterName, ReconcileKind } from '@invigil/shared/api/staff-fees-text';
import { rupees as formatRupees } from './staff-fees-format';
import { useCallback, useEffect, useId, useState } from 'react';
import type { ScreenProps } from '../../lib/screen-props';
import { dateTime as formatDateTime } from './staff-fees-format';
import { Modal } from '../../ui/modal';
import { StaffLayout } from '../staff-shell/staff-layout';
import { StaffListBox } from '../staff-shell/staff-list-box';
import { StaffListPages } from '../staff-shell/staff-list-pages';
import { StaffTabPanel, StaffTabs } from '../staff-shell/staff-tabs';
import { useStaffList } from '../staff-shell/use-staff-list';
import { FormError, InputField, ScrollBox, SelectField, messageOf } from './fee-fields';
import { fetchOrders, fetchRefunds, fetchRejections, markRefunded, reconcile, reconcileOpen, todayField } from './staff-fees-api';

const TABS = ['orders', 'refunds', 'refused', 'reconcile'] as const;
type Tab = (typeof TABS)[number];
const TAB_LABELS: Record<Tab, string> = { orders: 'Orders', refunds: 'Refunds owed', refused: 'Refused messages', reconcile: 'Reconciliation' };
const ORDER_STATUS_BADGES: Record<string, string> = { paid: 'badge-success', failed: 'badge-error', created: 'badge-ghost', attempted: 'badge-warning' };
const ORDER_STATUS_LABELS: Record<string, string> = { paid: 'Paid', failed: 'Failed', created: 'Open', attempted: 'Open (attempted)' };
const money = (paise: number | null) => (paise === null ? '—' : formatRupees(paise));

function OrdersTab() {
  const searchId = useId();
  const { filters, setFilters, query, setQuery, reply, failure, refresh } = useStaffList<{ q: string; status: OrderFilterName; page: number }, OrdersReply>({ q: '', status: '', page: 1 }, fetchOrders);
  const [running, setRunning] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  async function runReconcile() {
    setRunning(true);
    try {
      const result = await reconcileOpen();
      setNotice(`Asked the gateway about ${result.checked} open order${result.checked === 1 ? '' : 's'}: ${result.paid} found paid.`);
      refresh();
    } catch (error) {
      setNotice(messageOf(error));
    } finally {
      setRunning(false);
    }
  }
  return (
    <>
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <div className="form-control min-w-0 flex-1 basis-56">
          <label htmlFor={searchId} className="label pb-1"><span className="label-text font-medium text-base-content">Search orders</span></label>
          <input id={searchId} type="search" className="input input-bordered w-full" placeholder="Student, reg. no. or order id" value={query} onChange={(event) => setQuery(event.target.value)} />
        </div>
        <SelectField label="Orders" className="flex-1 basis-40 sm:flex-none sm:basis-44" value={filters.status} onChange={(status) => setFilters((current) => ({ ...current, status: status as OrderFilterName, page: 1 }))}>
          {ORDER_FILTERS.map((status) => <option key={status} value={status}>{ORDER_FILTER_LABELS[status]}</option>)}
        </SelectField>
        <button type="button" className="btn btn-outline gap-1" disabled={running} onClick={() => void runReconcile()}>
          {running ? 'Asking the gateway…' : 'Reconcile open orders now'}
        </button>
      </div>
      <div role="status" aria-live="polite">{notice ? <p className="alert mb-3 text-sm">{notice}</p> : null}</div>
      <StaffListBox failure={failure} reply={reply} loadingLabel="Loading orders" onRetry={refresh}>
        {(current) => (
          <>
            {current.items.length === 0 ? (
              <p className="px-4 py-10 text-center">No orders match.</p>
            ) : (
              <ScrollBox label="Orders table">
                <table className="table table-sm">
                  <caption className="sr-only">Online payment orders</caption>
                  <thead>
                    <tr>
                      <th scope="col">Student</th>
                      <th scope="col">For</th>
                      <th scope="col" className="text-right">Amount</th>
                      <th scope="col">Status</th>
                      <th scope="col">Created</th>
                      <th scope="col">Order and payments</th>
                    </tr>
                  </thead>
                  <tbody>
                    {current.items.map((order) => (
                      <tr key={order.id}>
                        <th scope="row" className="min-w-32 font-normal"><span className="font-semibold">{order.studentName}</span><span className="block text-xs opacity-80">{order.regNo}</span></th>
                        <td className="min-w-32">{order.description}</td>
                        <td className="whitespace-nowrap text-right">{formatRupees(order.amountPaise)}</td>
                        <td><span className={`badge badge-sm whitespace-nowrap ${ORDER_STATUS_BADGES[order.status] ?? 'badge-ghost'}`}>{ORDER_STATUS_LABELS[order.status] ?? order.status}</span></td>
                        <td className="whitespace-nowrap">{formatDateTime(order.createdAt)}{order.paidAt ? <span className="block text-xs opacity-80">Paid {formatDateTime(order.paidAt)}</span> : null}</td>
                        <td className="font-mono text-xs">{order.id}{order.paymentIds.map((id) => <span key={id} className="block">{id}</span>)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </ScrollBox>
            )}
            <StaffListPages label="Order pages" page={current.page} pageSize={current.pageSize} total={current.total} shown={current.items.length} onPage={(page) => setFilters((prev) => ({ ...prev, page }))} />
          </>
        )}
      </StaffListBox>
    </>
  );
}

function RefundDialog({ refund, onClose, onDone }: { refund: StaffRefund; onClose: () => void; onDone: (message: string) => void }) {
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function save() {
    if (!reference.trim()) return setError("Enter the gateway's refund reference.");
    setError(null);
    setBusy(true);
    try {
      await markRefunded(refund.paymentId, reference.trim());
      onDone(`Marked ${formatRupees(refund.refundPaise)} to ${refund.studentName} refunded.`);
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
      title="Mark refunded"
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose}>Cancel</button>
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void save()}>{busy ? 'Saving…' : 'Mark refunded'}</button>
        </>
      }
    >
      <form className="flex flex-col gap-2" onSubmit={(event) => { event.preventDefault(); void save(); }}>
        <p>Refund {formatRupees(refund.refundPaise)} of payment <span className="font-mono text-sm">{refund.paymentId}</span> to {refund.studentName} ({refund.regNo}) at the gateway first, then record its reference here.</p>
        <InputField label="Refund reference" value={reference} onChange={setReference} error={error} autoFocus hint="The gateway's refund id, e.g. rfnd_…" />
        <FormError message={failure} />
      </form>
    </Modal>
  );
}

function RefundsTab() {
  const [status, setStatus] = useState<'to_refund' | 'refunded'>('to_refund');
  const [items, setItems] = useState<StaffRefund[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  const [dialog, setDialog] = useState<StaffRefund | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const refresh = useCallback(() => setReload((value) => value + 1), []);
  useEffect(() => {
    const abort = new AbortController();
    fetchRefunds(status, abort.signal).then(
      (next) => {
        setItems(next);
        setFailure(null);
      },
      (error: unknown) => {
        if (!abort.signal.aborted) setFailure(messageOf(error));
      },
    );
    return () => abort.abort();
  }, [status, reload]);
  return (
    <>
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <SelectField label="Show" className="flex-1 basis-40 sm:flex-none sm:basis-52" value={status} onChange={(value) => setStatus(value as 'to_refund' | 'refunded')}>
          <option value="to_refund">Refunds owed</option>
          <option value="refunded">Refunded</option>
        </SelectField>
      </div>
      <div role="status" aria-live="polite">{notice ? <p className="alert alert-success mb-3 text-sm">{notice}</p> : null}</div>
      <StaffListBox failure={failure} reply={items} loadingLabel="Loading refunds" onRetry={refresh}>
        {(current) =>
          current.length === 0 ? (
            <p className="px-4 py-10 text-center">{status === 'to_refund' ? 'No refunds owed.' : 'Nothing refunded yet.'}</p>
          ) : (
            <ScrollBox label="Refunds table">
              <table className="table table-sm">
                <caption className="sr-only">{status === 'to_refund' ? 'Refunds owed' : 'Refunded payments'}</caption>
                <thead>
                  <tr>
                    <th scope="col">Student</th>
                    <th scope="col">For</th>
                    <th scope="col" className="text-right">Refund</th>
                    <th scope="col">Reason</th>
                    <th scope="col">Captured</th>
                    <th scope="col">Payment</th>
                    <th scope="col">{status === 'to_refund' ? <span className="sr-only">Actions</span> : 'Refunded'}</th>
                  </tr>
                </thead>
                <tbody>
                  {current.map((refund) => (
                    <tr key={refund.paymentId}>
                      <th scope="row" className="min-w-32 font-normal"><span className="font-semibold">{refund.studentName}</span><span className="block text-xs opacity-80">{refund.regNo}</span></th>
                      <td className="min-w-32">{refund.description}</td>
                      <td className="whitespace-nowrap text-right">{formatRupees(refund.refundPaise)}{refund.refundPaise !== refund.amountPaise ? <span className="block text-xs opacity-80">of {formatRupees(refund.amountPaise)}</span> : null}</td>
                      <td className="min-w-40">{refund.reason}</td>
                      <td className="whitespace-nowrap">{formatDateTime(refund.capturedAt)}</td>
                      <td className="font-mono text-xs">{refund.paymentId}</td>
                      <td>
                        {refund.status === 'to_refund' ? (
                          <button type="button" className="btn btn-outline btn-xs whitespace-nowrap" aria-label={`Mark refunded: ${formatRupees(refund.refundPaise)} to ${refund.studentName}`} onClick={() => setDialog(refund)}>Mark refunded</button>
                        ) : (
                          <span className="whitespace-nowrap">{refund.refundReference ?? '—'}<span className="block text-xs opacity-80">{refund.refundedAt ? formatDateTime(refund.refundedAt) : ''}</span></span>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollBox>
          )
        }
      </StaffListBox>
      {dialog ? <RefundDialog refund={dialog} onClose={() => setDialog(null)} onDone={(message) => { setNotice(message); refresh(); }} /> : null}
    </>
  );
}

function RefusedTab() {
  const { setFilters, reply, failure, refresh } = useStaffList<{ q: string; page: number }, RejectionsReply>({ q: '', page: 1 }, (filters, signal) => fetchRejections(filters.page, signal));
  return (
    <>
      <p className="mb-3 text-sm">Gateway messages the server refused (a bad signature, an unknown order, a wrong amount, a replayed event): nothing was counted for them.</p>
      <StaffListBox failure={failure} reply={reply} loadingLabel="Loading refused messages" onRetry={refresh}>
        {(current) => (
          <>
            {current.items.length === 0 ? (
              <p className="px-4 py-10 text-center">No refused messages.</p>
            ) : (
              <ScrollBox label="Refused messages table">
                <table className="table table-sm">
                  <caption className="sr-only">Refused gateway messages</caption>
                  <thead><tr><th scope="col">When</th><th scope="col">Source</th><th scope="col">Reason</th><th scope="col">Order</th></tr></thead>
                  <tbody>
                    {current.items.map((item) => (
                      <tr key={item.id}>
                        <td className="whitespace-nowrap">{formatDateTime(item.createdAt)}</td>
                        <td>{item.source}</td>
                        <td className="min-w-40">{item.reason}</td>
                        <td className="font-mono text-xs">{item.orderId ?? '—'}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </ScrollBox>
            )}
            <StaffListPages label="Refused message pages" page={current.page} pageSize={current.pageSize} total={current.total} shown={current.items.length} onPage={(page) => setFilters((prev) => ({ ...prev, page }))} />
          </>
        )}
      </StaffListBox>
    </>
  );
}

const daysBefore = (date: string, days: number) => {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() - days);
  return at.toISOString().slice(0, 10);
};
const RECONCILE_BADGES: Record<ReconcileKind, string> = { matched: 'badge-success', missing_here: 'badge-error', missing_at_gateway: 'badge-error', amount_mismatch: 'badge-warning' };

function ReconcileTab() {
  const [to, setTo] = useState(todayField());
  const [from, setFrom] = useState(() => daysBefore(todayField(), 6));
  const [report, setReport] = useState<ReconcileReply | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function run() {
    setBusy(true);
    setFailure(null);
    try {
      setReport(await reconcile(from, to));
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <p className="mb-3 text-sm">Our captured payments against what the gateway reports for the days chosen (at most 31).</p>
      <form className="mb-4 flex flex-wrap items-end gap-3" onSubmit={(event) => { event.preventDefault(); void run(); }}>
        <InputField label="From" type="date" className="flex-1 basis-40 sm:flex-none sm:basis-44" value={from} onChange={setFrom} />
        <InputField label="To" type="date" className="flex-1 basis-40 sm:flex-none sm:basis-44" value={to} onChange={setTo} />
        <button type="submit" className="btn btn-primary" disabled={busy || !from || !to}>{busy ? 'Comparing…' : 'Compare with the gateway'}</button>
      </form>
      <FormError message={failure} />
      {report ? (
        <div className="rounded-box bg-base-100 shadow">
          <ul className="flex flex-wrap gap-2 border-b border-base-300 px-4 py-3" aria-label="Reconciliation summary">
            {(Object.keys(RECONCILE_LABELS) as ReconcileKind[]).map((kind) => (
              <li key={kind}><span className={`badge ${RECONCILE_BADGES[kind]}`}>{RECONCILE_LABELS[kind]}: {report.counts[kind]}</span></li>
            ))}
          </ul>
          {report.lines.length === 0 ? (
            <p className="px-4 py-8 text-center">No payments in this period, here or at the gateway.</p>
          ) : (
            <ScrollBox label="Reconciliation table">
              <table className="table table-sm">
                <caption className="sr-only">Reconciliation from {report.from} to {report.to} with the {report.gateway} gateway</caption>
                <thead><tr><th scope="col">Result</th><th scope="col">Payment</th><th scope="col">Order</th><th scope="col" className="text-right">Here</th><th scope="col" className="text-right">Gateway</th><th scope="col">When</th></tr></thead>
                <tbody>
                  {report.lines.map((line) => (
                    <tr key={line.paymentId}>
                      <td><span className={`badge badge-sm whitespace-nowrap ${RECONCILE_BADGES[line.kind]}`}>{RECONCILE_LABELS[line.kind]}</span></td>
                      <td className="font-mono text-xs">{line.paymentId}</td>
                      <td className="font-mono text-xs">{line.orderId}</td>
                      <td className="whitespace-nowrap text-right">{money(line.ourPaise)}</td>
                      <td className="whitespace-nowrap text-right">{money(line.gatewayPaise)}</td>
                      <td className="whitespace-nowrap">{formatDateTime(line.at)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollBox>
          )}
        </div>
      ) : null}
    </>
  );
}

/** /staff/fees/payments (admin): online orders, refunds owed, refused gateway messages and the reconciliation. */
export default function PaymentsPage({ title }: ScreenProps) {
  const [tab, setTab] = useState<Tab>('orders');
  return (
    <StaffLayout roles={['admin']}>
      <main className="mx-auto w-full max-w-7xl px-4 py-6">
        <h1 className="mb-4 text-2xl font-bold">{title}</h1>
        <StaffTabs tabs={TABS} labels={TAB_LABELS} selected={tab} onSelect={setTab} label="Online payments" idPrefix="payments" />
        <StaffTabPanel tab={tab} idPrefix="payments">
          {tab === 'orders' ? <OrdersTab /> : tab === 'refunds' ? <RefundsTab /> : tab === 'refused' ? <RefusedTab /> : <ReconcileTab />}
        </StaffTabPanel>
      </main>
    </StaffLayout>
  );
}
