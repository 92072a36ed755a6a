import type { FeeHead, FeeRow, FeeRowsReply } from '@invigil/shared/api/staff-fees';
import type { StaffClass } from '@invigil/shared/api/staff-students';
import { FEE_STATUS_LABELS, FEE_STATUSES, FEE_TYPE_LABELS } from '@invigil/shared/api/staff-fees-text';
import type { FeeTypeName } from '@invigil/shared/api/staff-fees-text';
import { rupees as formatRupees } from './staff-fees-format';
import { useEffect, useId, useState } from 'react';
import type { ScreenProps } from '../../lib/screen-props';
import { fetchClasses } from '../staff-classes/staff-classes-api';
import { StaffLayout } from '../staff-shell/staff-layout';
import { StaffListBox } from '../staff-shell/staff-list-box';
import { StaffListPages } from '../staff-shell/staff-list-pages';
import { useStaffList } from '../staff-shell/use-staff-list';
import { ChargeDialog, DeleteFeeDialog, EditFeeDialog, HeadDialog, PaymentDialog } from './fee-dialogs';
import { FeeStatusBadge, ScrollBox, SelectField, messageOf } from './fee-fields';
import { downloadFeesCsv, fetchFees, fetchHeads } from './staff-fees-api';
import type { FeeFilters } from './staff-fees-api';

function HeadsSection({ heads, onEdit, onAdd }: { heads: FeeHead[]; onEdit: (head: FeeHead) => void; onAdd: () => void }) {
  return (
    <section aria-labelledby="fee-heads-title" className="mb-6 rounded-box bg-base-100 p-4 shadow">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h2 id="fee-heads-title" className="text-lg font-semibold">Fee heads</h2>
        <button type="button" className="btn btn-outline btn-sm gap-1" onClick={onAdd}>Add fee head</button>
      </div>
      {heads.length === 0 ? (
        <p>No fee heads yet: add one (Tuition Fee, Transport Fee...), then charge it to a class.</p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {heads.map((head) => (
            <li key={head.id} className="flex items-center gap-2 rounded-box border border-base-300 px-3 py-1">
              <span><span className="font-medium">{head.title}</span> <span className="text-sm opacity-80">{FEE_TYPE_LABELS[head.feeType as FeeTypeName] ?? head.feeType}, {head.charged} charged</span></span>
              <button type="button" className="btn btn-ghost btn-xs" aria-label={`Edit fee head ${head.title}`} onClick={() => onEdit(head)}>Edit</button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

type Dialog = { kind: 'head'; head: FeeHead | null } | { kind: 'charge' } | { kind: 'edit' | 'pay' | 'delete'; fee: FeeRow } | null;

function FeesTable({ reply, onAction }: { reply: FeeRowsReply; onAction: (dialog: Dialog) => void }) {
  return (
    <ScrollBox label="Students' fees table">
      <table className="table table-sm">
        <caption className="sr-only">Students' fees</caption>
        <thead>
          <tr>
            <th scope="col">Student</th>
            <th scope="col">Fee</th>
            <th scope="col">Due date</th>
            <th scope="col" className="text-right">Amount</th>
            <th scope="col" className="text-right">Fine</th>
            <th scope="col" className="text-right">Paid</th>
            <th scope="col" className="text-right">Balance</th>
            <th scope="col">Status</th>
            <th scope="col"><span className="sr-only">Actions</span></th>
          </tr>
        </thead>
        <tbody>
          {reply.items.map((fee) => (
            <tr key={fee.id}>
              <th scope="row" className="min-w-36 font-normal">
                <span className="font-semibold">{fee.studentName}</span>
                <span className="block text-xs opacity-80">{fee.regNo}{fee.className ? `, ${fee.className}` : ''}</span>
              </th>
              <td className="min-w-32">{fee.details}</td>
              <td className="whitespace-nowrap">{fee.dueDate}</td>
              <td className="whitespace-nowrap text-right">{formatRupees(fee.amountPaise)}</td>
              <td className="whitespace-nowrap text-right">{formatRupees(fee.finePaise)}</td>
              <td className="whitespace-nowrap text-right">{formatRupees(fee.paidPaise)}</td>
              <td className="whitespace-nowrap text-right font-semibold">{formatRupees(fee.balancePaise)}</td>
              <td><FeeStatusBadge status={fee.status} /></td>
              <td>
                <div className="flex flex-nowrap gap-1">
                  <button type="button" className="btn btn-ghost btn-xs" aria-label={`Edit ${fee.details} of ${fee.studentName}`} onClick={() => onAction({ kind: 'edit', fee })}>Edit</button>
                  {fee.balancePaise > 0 ? <button type="button" className="btn btn-ghost btn-xs" aria-label={`Record payment for ${fee.details} of ${fee.studentName}`} onClick={() => onAction({ kind: 'pay', fee })}>Record payment</button> : null}
                  {fee.deletable ? <button type="button" className="btn btn-ghost btn-xs text-error" aria-label={`Delete ${fee.details} of ${fee.studentName}`} onClick={() => onAction({ kind: 'delete', fee })}>Delete</button> : null}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}

function FeesScreen() {
  const searchId = useId();
  const { filters, setFilters, query, setQuery, reply, failure, refresh, reload } = useStaffList<FeeFilters, FeeRowsReply>({ q: '', classId: '', headId: '', status: '', page: 1 }, fetchFees);
  const [heads, setHeads] = useState<FeeHead[]>([]);
  const [classes, setClasses] = useState<StaffClass[]>([]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [downloadFailure, setDownloadFailure] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);

  useEffect(() => {
    const abort = new AbortController();
    fetchHeads(abort.signal).then(setHeads, () => undefined);
    fetchClasses(abort.signal).then(setClasses, () => undefined);
    return () => abort.abort();
  }, [reload]);

  const setFilter = (patch: Partial<FeeFilters>) => setFilters((current) => ({ ...current, ...patch, page: 1 }));
  const done = (message?: string) => {
    if (message) setNotice(message);
    refresh();
  };
  async function download() {
    setDownloading(true);
    setDownloadFailure(null);
    try {
      await downloadFeesCsv(filters);
    } catch (error) {
      setDownloadFailure(messageOf(error));
    } finally {
      setDownloading(false);
    }
  }

  const filtered = filters.q !== '' || filters.classId !== '' || filters.headId !== '' || filters.status !== '';
  return (
    <>
      <HeadsSection heads={heads} onAdd={() => setDialog({ kind: 'head', head: null })} onEdit={(head) => setDialog({ kind: 'head', head })} />
      <section aria-labelledby="student-fees-title">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <h2 id="student-fees-title" className="text-lg font-semibold">Students' fees</h2>
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn btn-primary btn-sm gap-1" disabled={heads.length === 0} onClick={() => setDialog({ kind: 'charge' })}>Charge a fee</button>
            <button type="button" className="btn btn-outline btn-sm gap-1" disabled={downloading} onClick={() => void download()}>{downloading ? 'Downloading…' : 'Download CSV'}</button>
          </div>
        </div>
        <div role="status" aria-live="polite">{notice ? <p className="alert alert-success mb-3 text-sm">{notice}</p> : null}</div>
        {downloadFailure ? <p className="alert alert-error mb-3 text-sm" role="alert">{downloadFailure}</p> : null}
        <div className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <div className="form-control min-w-0">
            <label htmlFor={searchId} className="label pb-1"><span className="label-text font-medium text-base-content">Search students</span></label>
            <input id={searchId} type="search" className="input input-bordered w-full" placeholder="Name or reg. no." value={query} onChange={(event) => setQuery(event.target.value)} />
          </div>
          <SelectField label="Class" value={filters.classId} onChange={(classId) => setFilter({ classId })}>
            <option value="">All classes</option>
            {classes.map((item) => <option key={item.id} value={item.id}>{item.name}</option>)}
          </SelectField>
          <SelectField label="Fee head" value={filters.headId} onChange={(headId) => setFilter({ headId })}>
            <option value="">All fee heads</option>
            {heads.map((item) => <option key={item.id} value={item.id}>{item.title}</option>)}
          </SelectField>
          <SelectField label="Status" value={filters.status} onChange={(status) => setFilter({ status: status as FeeFilters['status'] })}>
            <option value="">Any status</option>
            {FEE_STATUSES.map((status) => <option key={status} value={status}>{FEE_STATUS_LABELS[status]}</option>)}
          </SelectField>
        </div>
        <StaffListBox
          failure={failure}
          reply={reply}
          loadingLabel="Loading fees"
          onRetry={refresh}
          header={(current) => (
            <p className="flex flex-wrap gap-x-4 gap-y-1 border-b border-base-300 px-4 py-2 text-sm">
              <span>{current.total} fee{current.total === 1 ? '' : 's'}</span>
              <span>Due {formatRupees(current.sums.duePaise)}</span>
              <span>Paid {formatRupees(current.sums.paidPaise)}</span>
              <span className="font-semibold">Balance {formatRupees(current.sums.balancePaise)}</span>
            </p>
          )}
        >
          {(current) => (
            <>
              {current.items.length === 0 ? (
                <p className="px-4 py-10 text-center">{filtered ? 'No fees match the search and filters.' : 'No fees charged yet: add a fee head and charge it to a class.'}</p>
              ) : (
                <FeesTable reply={current} onAction={setDialog} />
              )}
              <StaffListPages label="Fee pages" page={current.page} pageSize={current.pageSize} total={current.total} shown={current.items.length} onPage={(page) => setFilters((prev) => ({ ...prev, page }))} />
            </>
          )}
        </StaffListBox>
      </section>
      {dialog?.kind === 'head' ? <HeadDialog head={dialog.head} onClose={() => setDialog(null)} onSaved={() => done()} /> : null}
      {dialog?.kind === 'charge' ? <ChargeDialog heads={heads} classes={classes} onClose={() => setDialog(null)} onCharged={done} /> : null}
      {dialog?.kind === 'edit' ? <EditFeeDialog fee={dialog.fee} onClose={() => setDialog(null)} onSaved={() => done('Fee saved.')} /> : null}
      {dialog?.kind === 'pay' ? <PaymentDialog fee={dialog.fee} onClose={() => setDialog(null)} onSaved={done} /> : null}
      {dialog?.kind === 'delete' ? <DeleteFeeDialog fee={dialog.fee} onClose={() => setDialog(null)} onDeleted={() => done('Fee deleted.')} /> : null}
    </>
  );
}

/** /staff/fees (admin): fee heads, charging, the students' fees with edits, payments and the CSV. */
export default function FeesPage({ title }: ScreenProps) {
  return (
    <StaffLayout roles={['admin']}>
      <main className="mx-auto w-full max-w-7xl px-4 py-6">
        <h1 className="mb-4 text-2xl font-bold">{title}</h1>
        <FeesScreen />
      </main>
    </StaffLayout>
  );
}
