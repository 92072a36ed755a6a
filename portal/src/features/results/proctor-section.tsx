import type { ProctorTimelineReply } from '@invigil/shared/api/proctor';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/date-time';
import { LoadError, LoadingBlock } from './page-status';
import { CLASS_LABELS, decisionLine, NO_FLAGS_MESSAGE, timelineRows, VERDICT_WORDS, type TimelineRow } from './proctor-labels';
import { fetchProctorTimeline } from './results-api';

export const PROCTORING_LOAD_FAILED = 'The proctoring record could not be loaded.';

export type ProctorTimelineState = { status: 'loading' } | { status: 'ready'; data: ProctorTimelineReply } | { status: 'failed'; message: string };

/** Loads the attempt's proctoring timeline once (and again on retry). */
export function useProctorTimeline(testId: string): { state: ProctorTimelineState; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<{ key: string; state: ProctorTimelineState } | null>(null);
  const key = `${testId}#${attempt}`;
  useEffect(() => {
    let alive = true;
    fetchProctorTimeline(testId).then(
      (data) => {
        if (alive) setLoaded({ key, state: { status: 'ready', data } });
      },
      (error: unknown) => {
        if (alive) setLoaded({ key, state: { status: 'failed', message: error instanceof ApiError && error.message ? error.message : PROCTORING_LOAD_FAILED } });
      },
    );
    return () => {
      alive = false;
    };
  }, [testId, key]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state: loaded?.key === key ? loaded.state : { status: 'loading' }, retry };
}

/** The number of flags in a loaded timeline (for the tab's label); null until loaded. */
export function flagCount(state: ProctorTimelineState): number | null {
  return state.status === 'ready' ? timelineRows(state.data).flags : null;
}

const CLASS_BADGES: Record<TimelineRow['kindClass'], string> = { flag: 'badge-warning', action: 'badge-info', info: 'badge-ghost' };

/** The snapshot that goes with an entry: a thumbnail linking to the full image. */
function Evidence({ row }: { row: TimelineRow }) {
  if (!row.event.evidence_url) return null;
  return (
    <a href={row.event.evidence_url} target="_blank" rel="noopener noreferrer" className="link inline-block">
      <img src={row.event.evidence_url} alt={`Snapshot: ${row.label} at ${row.clock}`} className="h-12 w-16 rounded object-cover" loading="lazy" />
    </a>
  );
}

function TimelineTable({ rows }: { rows: TimelineRow[] }) {
  return (
    <div className="overflow-x-auto rounded-box bg-base-100">
      <table className="table table-sm">
        <caption className="sr-only">Proctoring timeline, oldest first</caption>
        <thead>
          <tr>
            {/* On a phone the clock time goes under the time into the test, the source and snapshot under the event. */}
            <th scope="col">Into the test</th>
            <th scope="col" className="hidden sm:table-cell">Time</th>
            <th scope="col">What happened</th>
            <th scope="col" className="hidden sm:table-cell">Seen by</th>
            <th scope="col" className="hidden sm:table-cell">Evidence</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.event.id} className={row.kindClass === 'info' ? 'opacity-80' : undefined}>
              <td className="font-mono">
                {row.offset}
                <span className="block whitespace-nowrap text-xs sm:hidden">{row.clock}</span>
              </td>
              <td className="hidden whitespace-nowrap font-mono sm:table-cell">{row.clock}</td>
              <th scope="row" className="font-normal">
                <div className="flex flex-wrap items-center gap-2">
                  <span className={`badge badge-sm ${CLASS_BADGES[row.kindClass]}`}>{CLASS_LABELS[row.kindClass]}</span>
                  <span className="font-semibold">{row.label}</span>
                  {row.event.late ? <span className="badge badge-sm badge-outline">Arrived after the test ended</span> : null}
                </div>
                {row.detail ? <div className="text-sm opacity-80">{row.detail}</div> : null}
                {row.event.verdict ? (
                  // A reviewer's verdict on the flag, and their note: the student sees why it was confirmed.
                  <div className="mt-1 text-sm">
                    <span className={`badge badge-sm ${row.event.verdict.verdict === 'confirmed' ? 'badge-error' : 'badge-success'}`}>{VERDICT_WORDS[row.event.verdict.verdict]}</span>
                    {row.event.verdict.note ? <span className="ml-1">{row.event.verdict.note}</span> : null}
                  </div>
                ) : null}
                <div className="text-xs opacity-80 sm:hidden">Seen by: {row.source}</div>
                {row.event.evidence_url ? <div className="mt-1 sm:hidden"><Evidence row={row} /></div> : null}
              </th>
              <td className="hidden sm:table-cell">{row.source}</td>
              <td className="hidden sm:table-cell">{row.event.evidence_url ? <Evidence row={row} /> : <span aria-label="None">-</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Timeline({ reply }: { reply: ProctorTimelineReply }) {
  const { rows, flags } = useMemo(() => timelineRows(reply), [reply]);
  return (
    <div className="flex flex-col gap-3">
      {reply.decision ? (
        <p className={`alert ${reply.decision.decision === 'void' ? 'alert-error' : reply.decision.decision === 'under_review' ? 'alert-warning' : 'alert-success'}`} role="status">
          <span><span className="font-semibold">Review decision: </span>{decisionLine(reply.decision)}</span>
        </p>
      ) : null}
      {flags === 0 ? (
        <p className="alert alert-success" role="status">{NO_FLAGS_MESSAGE}</p>
      ) : (
        <p className="alert" role="status">
          {flags === 1 ? '1 proctoring flag was raised.' : `${flags} proctoring flags were raised.`} Each is listed below with when it
          happened and what noticed it.
        </p>
      )}
      {rows.length > 0 ? <TimelineTable rows={rows} /> : null}
      <p className="text-sm opacity-80">
        Started {formatDateTime(reply.started_at)}; submitted {formatDateTime(reply.submitted_at)}.
        {reply.snapshots > 0
          ? ` The camera took ${reply.snapshots === 1 ? '1 snapshot' : `${reply.snapshots} snapshots`} during the test; those that go with an entry above are linked there.`
          : ''}
      </p>
    </div>
  );
}

/**
 * The Proctoring tab of the result page: every record the proctoring kept for this attempt, so
 * nothing is held against the student unseen.
 */
export function ProctorSection({ state, onRetry }: { state: ProctorTimelineState; onRetry: () => void }) {
  return (
    <section aria-labelledby="proctoring-heading" className="flex flex-col gap-3">
      <h2 id="proctoring-heading" className="text-lg font-bold">Proctoring</h2>
      <p className="opacity-80">
        This is everything the proctoring recorded while you took this test, in order. A flag is a note for your teacher to
        look at, not a penalty by itself. If something here looks wrong, tell your teacher.
      </p>
      {state.status === 'loading' ? <LoadingBlock label="Loading the proctoring record" /> : null}
      {state.status === 'failed' ? <LoadError message={state.message} onRetry={onRetry} /> : null}
      {state.status === 'ready' ? <Timeline reply={state.data} /> : null}
    </section>
  );
}
