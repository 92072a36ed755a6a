import type { ReviewQueueReply, ReviewTestsReply } from '@invigil/shared/api/staff-review';
import type { ReviewState } from '@invigil/shared/api/staff-review-text';
import { REVIEW_MESSAGES, REVIEW_STATE_LABELS, REVIEW_STATES } from '@invigil/shared/api/staff-review-text';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useSearch } from 'wouter';
import type { ScreenProps } from '../../lib/screen-props';
import { StaffListPages } from '../staff-shell/staff-list-pages';
import { useOverflows } from '../../ui/use-keyboard-scroll';
import { StaffLayout } from '../staff-shell/staff-layout';
import { StaffListBox } from '../staff-shell/staff-list-box';
import { useStaffList } from '../staff-shell/use-staff-list';
import { fetchQueue, fetchReviewTests } from './review-api';
import type { ReviewFilters } from './review-api';
import { DecisionBadge } from './decision-badge';
import { dateTimeText } from './review-text';

function QueueTable({ reply, from }: { reply: ReviewQueueReply; from: string }) {
  const box = useRef<HTMLDivElement>(null);
  const scrolls = useOverflows(box, true);
  return (
    <div ref={box} className="overflow-x-auto" {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': 'Attempts table' } : {})}>
      <table className="table table-sm lg:table-md">
        <caption className="sr-only">Attempts, most needing a look first</caption>
        <thead>
          <tr>
            <th scope="col">Student</th>
            <th scope="col">Test</th>
            <th scope="col">Flags</th>
            <th scope="col">Cleared / confirmed</th>
            <th scope="col">Decision</th>
            <th scope="col">Submitted</th>
          </tr>
        </thead>
        <tbody>
          {reply.items.map((row) => (
            <tr key={row.attempt_id}>
              <th scope="row" className="min-w-44 font-normal">
                <Link href={`/staff/review/${encodeURIComponent(row.attempt_id)}${from}`} className="link link-primary font-semibold">{row.student_name}</Link>
                <p className="text-sm">{row.reg_no}</p>
              </th>
              <td className="min-w-44">{row.test_name}</td>
              <td>{row.flags}</td>
              <td className="whitespace-nowrap">{row.cleared} / {row.confirmed}</td>
              <td><DecisionBadge decision={row.decision} /></td>
              <td className="min-w-36">{row.submitted_at === null ? 'Still running' : dateTimeText(row.submitted_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const stateOf = (value: string | null): ReviewState => (REVIEW_STATES as readonly string[]).includes(value ?? '') ? (value as ReviewState) : 'needs_look';

function ReviewQueue() {
  const testId = useId();
  const stateId = useId();
  const search = new URLSearchParams(useSearch());
  const { filters, setFilters, reply, failure, refresh } = useStaffList<ReviewFilters, ReviewQueueReply>(
    () => ({ q: '', test: search.get('test') ?? '', state: stateOf(search.get('state')), page: 1 }),
    fetchQueue,
  );
  const [tests, setTests] = useState<ReviewTestsReply['tests']>([]);
  useEffect(() => {
    const abort = new AbortController();
    fetchReviewTests(abort.signal).then((reply) => setTests(reply.tests), () => undefined);
    return () => abort.abort();
  }, []);
  // The attempt page's "Next attempt" keeps the filters the reviewer came with.
  const from = `?${new URLSearchParams({ ...(filters.test ? { test: filters.test } : {}), state: filters.state }).toString()}`;
  return (
    <>
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1 basis-56">
          <label htmlFor={testId} className="label pb-1"><span className="label-text font-medium text-base-content">Test</span></label>
          <select id={testId} className="select select-bordered w-full" value={filters.test} onChange={(event) => setFilters((current) => ({ ...current, test: event.target.value, page: 1 }))}>
            <option value="">Every test</option>
            {tests.map((test) => <option key={test.id} value={test.id}>{test.name}</option>)}
          </select>
        </div>
        <div className="min-w-0 flex-1 basis-40 sm:flex-none sm:basis-52">
          <label htmlFor={stateId} className="label pb-1"><span className="label-text font-medium text-base-content">Show</span></label>
          <select id={stateId} className="select select-bordered w-full" value={filters.state} onChange={(event) => setFilters((current) => ({ ...current, state: event.target.value as ReviewState, page: 1 }))}>
            {REVIEW_STATES.map((state) => <option key={state} value={state}>{REVIEW_STATE_LABELS[state]}</option>)}
          </select>
        </div>
      </div>
      <StaffListBox failure={failure} reply={reply} loadingLabel="Loading attempts" onRetry={refresh}>
        {(reply) => (
          <>
            {reply.items.length === 0 ? (
              <p className="px-4 py-10 text-center">{filters.state === 'needs_look' ? 'Nothing needs a look: every flagged attempt has a decision.' : REVIEW_MESSAGES.emptyQueue}</p>
            ) : (
              <QueueTable reply={reply} from={from} />
            )}
            <StaffListPages label="Attempt pages" page={reply.page} pageSize={reply.page_size} total={reply.total} shown={reply.items.length} onPage={(page) => setFilters((current) => ({ ...current, page }))} />
          </>
        )}
      </StaffListBox>
    </>
  );
}

/** /staff/review (admin; proctor: the tests they proctor): attempts, most needing a look first. */
export default function ReviewQueuePage({ title }: ScreenProps) {
  return (
    <StaffLayout roles={['proctor']}>
      <main className="mx-auto w-full max-w-7xl px-4 py-6">
        <h1 className="mb-1 text-2xl font-bold">{title}</h1>
        <p className="mb-4">Confirmed flags first, then attempts under review, then the most flagged.</p>
        <ReviewQueue />
      </main>
    </StaffLayout>
  );
}
