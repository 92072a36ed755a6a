import type { StaffRole } from '@invigil/shared/api/staff';
import type { AuditItem, AuditReply } from '@invigil/shared/api/staff-audit';
import { AUDIT_MESSAGES, auditEntityLabel } from '@invigil/shared/api/staff-audit-text';
import { Fragment, useId, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import type { ScreenProps } from '../../lib/screen-props';
import { useOverflows } from '../../ui/use-keyboard-scroll';
import { ROLE_LABELS } from '../staff-auth/staff-roles';
import { StaffLayout } from '../staff-shell/staff-layout';
import { StaffListBox } from '../staff-shell/staff-list-box';
import { StaffListPages } from '../staff-shell/staff-list-pages';
import { useStaffList } from '../staff-shell/use-staff-list';
import { fetchAuditLog } from './audit-api';
import type { AuditFilters } from './audit-api';
import { changesOf } from './audit-diff';

const dateTimeText = (ms: number): string => new Date(ms).toLocaleString(undefined, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' });
const roleText = (role: string): string => ROLE_LABELS[role as StaffRole] ?? role;

/** The fields one entry changed, before and after. */
function ChangesTable({ item }: { item: AuditItem }) {
  const changes = changesOf(item.before, item.after);
  if (changes.length === 0) return <p>No field changed.</p>;
  return (
    <table className="table table-sm bg-base-200">
      <caption className="sr-only">Changes made at {dateTimeText(item.at)}</caption>
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Before</th>
          <th scope="col">After</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((change) => (
          <tr key={change.field}>
            <th scope="row" className="font-mono text-sm font-normal [overflow-wrap:anywhere]">{change.field}</th>
            <td className="max-w-md [overflow-wrap:anywhere]">{change.before === '' ? <span aria-label="nothing">—</span> : change.before}</td>
            <td className="max-w-md [overflow-wrap:anywhere]">{change.after === '' ? <span aria-label="nothing">—</span> : change.after}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function LogTable({ reply, onRecord }: { reply: AuditReply; onRecord: (type: string, id: string) => void }) {
  const box = useRef<HTMLDivElement>(null);
  const scrolls = useOverflows(box, true);
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <div ref={box} className="overflow-x-auto" {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': 'Audit log table' } : {})}>
      <table className="table table-sm lg:table-md">
        <caption className="sr-only">Changes made by staff, newest first</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Who</th>
            <th scope="col">What</th>
            <th scope="col">Record</th>
            <th scope="col">Changes</th>
          </tr>
        </thead>
        <tbody>
          {reply.items.map((item) => {
            const count = changesOf(item.before, item.after).length;
            const shown = open.has(item.id);
            const detailsId = `audit-changes-${item.id}`;
            return (
              <Fragment key={item.id}>
                <tr>
                  <td className="min-w-36 whitespace-nowrap">{dateTimeText(item.at)}</td>
                  <td className="min-w-32">
                    {item.actor_name}
                    <p className="text-sm">{roleText(item.actor_role)}</p>
                  </td>
                  <th scope="row" className="min-w-56 font-normal">
                    {item.summary}
                    {item.request && item.request !== item.summary ? <p className="break-all text-sm">{item.request}</p> : null}
                  </th>
                  <td className="min-w-40">
                    {auditEntityLabel(item.entity_type)}
                    {item.entity_id ? (
                      <p>
                        <button type="button" className="link link-primary break-all text-left text-sm" onClick={() => onRecord(item.entity_type, item.entity_id)}>
                          {item.entity_id}
                          <span className="sr-only">: show only this record</span>
                        </button>
                      </p>
                    ) : null}
                  </td>
                  <td className="whitespace-nowrap">
                    {count === 0 ? (
                      <span>None recorded</span>
                    ) : (
                      <button type="button" className="btn btn-sm btn-outline" aria-expanded={shown} aria-controls={detailsId} onClick={() => toggle(item.id)}>
                        {shown ? 'Hide' : 'Show'} {count === 1 ? '1 change' : `${count} changes`}
                      </button>
                    )}
                  </td>
                </tr>
                {shown ? (
                  <tr id={detailsId}>
                    <td colSpan={5}>
                      <ChangesTable item={item} />
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function AuditLog() {
  const ids = { person: useId(), record: useId(), recordId: useId(), from: useId(), to: useId() };
  const search = new URLSearchParams(useSearch());
  const { filters, setFilters, query, setQuery, reply, failure, refresh } = useStaffList<AuditFilters, AuditReply>(
    () => ({ q: search.get('entity_id') ?? '', actor: search.get('actor') ?? '', entityType: search.get('entity_type') ?? '', from: '', to: '', page: 1 }),
    fetchAuditLog,
  );
  const filtered = Boolean(filters.q || filters.actor || filters.entityType || filters.from || filters.to);
  const set = (change: Partial<AuditFilters>) => setFilters((current) => ({ ...current, ...change, page: 1 }));
  const label = (htmlFor: string, text: string) => (
    <label htmlFor={htmlFor} className="label pb-1">
      <span className="label-text font-medium text-base-content">{text}</span>
    </label>
  );
  return (
    <>
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1 basis-48">
          {label(ids.person, 'Person')}
          <select id={ids.person} className="select select-bordered w-full" value={filters.actor} onChange={(event) => set({ actor: event.target.value })}>
            <option value="">Everyone</option>
            {(reply?.actors ?? []).map((actor) => <option key={actor.id} value={actor.id}>{actor.name} ({roleText(actor.role)})</option>)}
          </select>
        </div>
        <div className="min-w-0 flex-1 basis-40">
          {label(ids.record, 'Record')}
          <select id={ids.record} className="select select-bordered w-full" value={filters.entityType} onChange={(event) => set({ entityType: event.target.value })}>
            <option value="">Every kind</option>
            {(reply?.entity_types ?? []).map((type) => <option key={type} value={type}>{auditEntityLabel(type)}</option>)}
          </select>
        </div>
        <div className="min-w-0 flex-1 basis-48">
          {label(ids.recordId, 'Record id')}
          <input id={ids.recordId} type="search" className="input input-bordered w-full" value={query} onChange={(event) => setQuery(event.target.value)} autoComplete="off" />
        </div>
        <div className="min-w-0 flex-1 basis-36 sm:flex-none">
          {label(ids.from, 'From')}
          <input id={ids.from} type="date" className="input input-bordered w-full" value={filters.from} max={filters.to || undefined} onChange={(event) => set({ from: event.target.value })} />
        </div>
        <div className="min-w-0 flex-1 basis-36 sm:flex-none">
          {label(ids.to, 'To')}
          <input id={ids.to} type="date" className="input input-bordered w-full" value={filters.to} min={filters.from || undefined} onChange={(event) => set({ to: event.target.value })} />
        </div>
        {filtered ? (
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => {
              setQuery('');
              setFilters({ q: '', actor: '', entityType: '', from: '', to: '', page: 1 });
            }}
          >
            Clear filters
          </button>
        ) : null}
      </div>
      <StaffListBox failure={failure} reply={reply} loadingLabel="Loading the audit log" onRetry={refresh}>
        {(reply) => (
          <>
            <p className="px-4 pt-3" role="status">{reply.total === 1 ? '1 change' : `${reply.total.toLocaleString()} changes`}</p>
            {reply.items.length === 0 ? (
              <p className="px-4 py-10 text-center">{filtered ? AUDIT_MESSAGES.empty : AUDIT_MESSAGES.emptyLog}</p>
            ) : (
              <LogTable
                reply={reply}
                onRecord={(type, id) => {
                  setQuery(id);
                  setFilters((current) => ({ ...current, entityType: type, q: id, page: 1 }));
                }}
              />
            )}
            <StaffListPages label="Audit log pages" page={reply.page} pageSize={reply.page_size} total={reply.total} shown={reply.items.length} onPage={(page) => setFilters((current) => ({ ...current, page }))} />
          </>
        )}
      </StaffListBox>
    </>
  );
}

/** /staff/audit (admin): every change made by staff, by person, by record and by period. */
export default function AuditPage({ title }: ScreenProps) {
  return (
    <StaffLayout roles={['admin']}>
      <main className="mx-auto w-full max-w-7xl px-4 py-6">
        <h1 className="mb-1 text-2xl font-bold">{title}</h1>
        <p className="mb-4">Every change made by staff, newest first: who made it, when, and the record before and after. Passwords and codes are never kept.</p>
        <AuditLog />
      </main>
    </StaffLayout>
  );
}
