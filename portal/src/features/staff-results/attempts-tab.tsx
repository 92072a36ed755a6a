import type { AttemptRow, AttemptSort, AttemptStatus, AttemptTableReply } from '@invigil/shared/api/staff-results';
import { ATTEMPT_STATUS_LABELS, ATTEMPT_STATUSES } from '@invigil/shared/api/staff-results-text';
import { useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import { StaffListPages } from '../staff-shell/staff-list-pages';
import { useOverflows } from '../../ui/use-keyboard-scroll';
import { StaffListBox } from '../staff-shell/staff-list-box';
import { useStaffList } from '../staff-shell/use-staff-list';
import type { AttemptFilters } from './results-api';
import { downloadAttempts, fetchAttempts } from './results-api';
import { formatDuration, formatMarks, formatPercent } from './results-text';

const STATUS_BADGE: Record<AttemptStatus, string> = {
  submitted: 'badge-success',
  late: 'badge-warning',
  terminated: 'badge-error',
  running: 'badge-info',
  under_review: 'badge-warning',
  void: 'badge-neutral',
};

export function AttemptStatusBadge({ status }: { status: AttemptStatus }) {
  return <span className={`badge badge-soft whitespace-nowrap ${STATUS_BADGE[status]}`}>{ATTEMPT_STATUS_LABELS[status]}</span>;
}

/** Scores and ranks go high first by default; the rest A to Z. */
const FIRST_DIR: Record<AttemptSort, 'asc' | 'desc'> = { rank: 'asc', name: 'asc', reg_no: 'asc', class: 'asc', score: 'desc', time: 'asc', flags: 'desc', status: 'asc', correct: 'desc', wrong: 'desc' };

function SortHeader({ label, sort, filters, onSort, className = '' }: { label: string; sort: AttemptSort; filters: AttemptFilters; onSort: (sort: AttemptSort) => void; className?: string }) {
  const active = filters.sort === sort;
  return (
    <th scope="col" aria-sort={active ? (filters.dir === 'asc' ? 'ascending' : 'descending') : 'none'} className={className}>
      <button type="button" className="inline-flex items-center gap-1 whitespace-nowrap rounded font-semibold hover:underline focus-visible:outline-2 focus-visible:outline-offset-2" onClick={() => onSort(sort)}>
        {label}
        <span aria-hidden="true" className={active ? '' : 'opacity-40'}>{active ? (filters.dir === 'asc' ? '▲' : '▼') : '↕'}</span>
      </button>
    </th>
  );
}

function AttemptsTable({ reply, filters, onSort }: { reply: AttemptTableReply; filters: AttemptFilters; onSort: (sort: AttemptSort) => void }) {
  const box = useRef<HTMLDivElement>(null);
  const scrolls = useOverflows(box, true);
  const header = (label: string, sort: AttemptSort, className?: string) => <SortHeader label={label} sort={sort} filters={filters} onSort={onSort} className={className} />;
  return (
    <div ref={box} className="overflow-x-auto" {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': 'Attempts table' } : {})}>
      <table className="table table-sm">
        <caption className="sr-only">Attempts of {reply.test.name}, sorted by {filters.sort} ({filters.dir === 'asc' ? 'ascending' : 'descending'})</caption>
        <thead>
          <tr>
            {header('Rank', 'rank')}
            {header('Student', 'name')}
            {header('Class', 'class')}
            {header('Score', 'score')}
            {reply.test.part_names.map((name) => <th key={name} scope="col" className="whitespace-nowrap">{name}</th>)}
            {header('Correct', 'correct')}
            {header('Wrong', 'wrong')}
            <th scope="col" className="whitespace-nowrap">Partial / skipped / pending</th>
            {header('Time taken', 'time')}
            {header('Flags', 'flags')}
            {header('Status', 'status')}
          </tr>
        </thead>
        <tbody>
          {reply.rows.map((row: AttemptRow) => (
            <tr key={row.attempt_id}>
              <td>{row.rank ?? '—'}</td>
              <th scope="row" className="min-w-40 font-normal">
                <Link href={`/staff/results/students/${encodeURIComponent(row.user_id)}`} className="link link-primary font-semibold">{row.name}</Link>
                <p className="text-sm opacity-80">{row.reg_no}</p>
              </th>
              <td className="min-w-28">{row.class_name ?? '—'}</td>
              <td className="whitespace-nowrap">{row.scored === null ? '—' : `${formatMarks(row.scored)} / ${formatMarks(row.max_marks)} (${formatPercent(row.percentage)})`}</td>
              {reply.test.part_names.map((name, index) => (
                <td key={name} className="whitespace-nowrap">{row.scored === null ? '—' : `${formatMarks(row.parts[index]?.scored ?? 0)} / ${formatMarks(row.parts[index]?.max_marks ?? 0)}`}</td>
              ))}
              <td>{row.scored === null ? '—' : row.correct}</td>
              <td>{row.scored === null ? '—' : row.wrong}</td>
              <td className="whitespace-nowrap">{row.scored === null ? '—' : `${row.partial} / ${row.skipped} / ${row.pending}`}</td>
              <td className="whitespace-nowrap">{formatDuration(row.time_spent)}</td>
              <td>{row.flags}</td>
              <td><AttemptStatusBadge status={row.status} /></td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function AttemptsTab({ testId, version }: { testId: string; version: number }) {
  const searchId = useId();
  const statusId = useId();
  const classId = useId();
  const [downloading, setDownloading] = useState<'csv' | 'xlsx' | null>(null);
  const [downloadFailure, setDownloadFailure] = useState<string | null>(null);
  const { filters, setFilters, query, setQuery, reply, failure, refresh } = useStaffList<AttemptFilters & { version: number }, AttemptTableReply>(
    { q: '', status: '', class: '', sort: 'rank', dir: 'asc', page: 1, version },
    (current, signal) => fetchAttempts(testId, current, signal),
  );
  if (filters.version !== version) setFilters((current) => ({ ...current, version }));
  const onSort = (sort: AttemptSort) =>
    setFilters((current) => ({ ...current, sort, dir: current.sort === sort ? (current.dir === 'asc' ? 'desc' : 'asc') : FIRST_DIR[sort], page: 1 }));
  async function download(format: 'csv' | 'xlsx') {
    setDownloading(format);
    setDownloadFailure(null);
    try {
      await downloadAttempts(testId, filters, format);
    } catch (error) {
      setDownloadFailure(error instanceof Error ? error.message : 'The download failed.');
    } finally {
      setDownloading(null);
    }
  }
  return (
    <>
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1 basis-56">
          <label htmlFor={searchId} className="label pb-1"><span className="label-text font-medium text-base-content">Search students</span></label>
          <input id={searchId} type="search" className="input input-bordered w-full" placeholder="Name or registration number" value={query} onChange={(event) => setQuery(event.target.value)} />
        </div>
        <div className="min-w-0 flex-1 basis-36 sm:flex-none sm:basis-48">
          <label htmlFor={statusId} className="label pb-1"><span className="label-text font-medium text-base-content">Status</span></label>
          <select id={statusId} className="select select-bordered w-full" value={filters.status} onChange={(event) => setFilters((current) => ({ ...current, status: event.target.value as AttemptFilters['status'], page: 1 }))}>
            <option value="">Any status</option>
            {ATTEMPT_STATUSES.map((status) => <option key={status} value={status}>{ATTEMPT_STATUS_LABELS[status]}</option>)}
          </select>
        </div>
        <div className="min-w-0 flex-1 basis-36 sm:flex-none sm:basis-48">
          <label htmlFor={classId} className="label pb-1"><span className="label-text font-medium text-base-content">Class</span></label>
          <select id={classId} className="select select-bordered w-full" value={filters.class} onChange={(event) => setFilters((current) => ({ ...current, class: event.target.value, page: 1 }))}>
            <option value="">Every class</option>
            {(reply?.classes ?? []).map((entry) => <option key={entry.id} value={entry.id}>{entry.name}</option>)}
          </select>
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn btn-outline" disabled={downloading !== null} onClick={() => void download('csv')}>{downloading === 'csv' ? 'Downloading…' : 'Download CSV'}</button>
          <button type="button" className="btn btn-outline" disabled={downloading !== null} onClick={() => void download('xlsx')}>{downloading === 'xlsx' ? 'Downloading…' : 'Download XLSX'}</button>
        </div>
      </div>
      {downloadFailure ? <p className="mb-3 text-error" role="alert">{downloadFailure}</p> : null}
      <StaffListBox
        failure={failure}
        reply={reply}
        loadingLabel="Loading attempts"
        onRetry={refresh}
        header={(reply) => (
          <p className="px-4 pt-3 text-sm" aria-live="polite">
            {reply.summary.counted} counted attempts · average {formatPercent(reply.summary.average)} · highest {formatMarks(reply.summary.highest)} · lowest {formatMarks(reply.summary.lowest)} of {formatMarks(reply.test.max_marks)}
          </p>
        )}
      >
        {(reply) => (
          <>
            {reply.rows.length === 0 ? (
              <p className="px-4 py-10 text-center">{filters.q || filters.status || filters.class ? 'No attempts match the search and filters.' : 'Nobody has taken this test yet.'}</p>
            ) : (
              <AttemptsTable reply={reply} filters={filters} onSort={onSort} />
            )}
            <StaffListPages label="Attempt pages" page={reply.page} pageSize={reply.page_size} total={reply.total} shown={reply.rows.length} onPage={(page) => setFilters((current) => ({ ...current, page }))} />
          </>
        )}
      </StaffListBox>
    </>
  );
}
