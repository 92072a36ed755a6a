import type { AttemptReviewReply, ReviewEntry } from '@invigil/shared/api/staff-review';
import type { AttemptDecisionKind, FlagVerdict } from '@invigil/shared/api/staff-review-text';
import { ATTEMPT_DECISIONS, DECISION_LABELS, REVIEW_MESSAGES, VERDICT_LABELS } from '@invigil/shared/api/staff-review-text';
import { PROCTOR_KIND_CLASS } from '@invigil/shared/api/proctor-kinds';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { FormEvent, KeyboardEvent as ReactKeyboardEvent } from 'react';
import { Link, useParams, useSearch } from 'wouter';
import type { ScreenProps } from '../../lib/screen-props';
import { Modal } from '../../ui/modal';
import { useOverflows } from '../../ui/use-keyboard-scroll';
import { StaffLayout } from '../staff-shell/staff-layout';
import { DecisionBadge } from './decision-badge';
import { fetchAttemptReview, saveDecision, saveVerdict } from './review-api';
import { clockText, dateTimeText, detailText, entryText, lengthText, offsetText, STAFF_SOURCE_LABELS } from './review-text';

type EventEntry = Extract<ReviewEntry, { type: 'event' }>;
const isFlag = (entry: ReviewEntry): entry is EventEntry => entry.type === 'event' && PROCTOR_KIND_CLASS[entry.kind] === 'flag';

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Something went wrong!');

/** True when a key press belongs to a text field (the review's keys then do nothing). */
const typing = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement && (target.isContentEditable || target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT');

function Coverage({ reply }: { reply: AttemptReviewReply }) {
  const box = useRef<HTMLDivElement>(null);
  const scrolls = useOverflows(box, true);
  return (
    <section aria-labelledby="coverage-heading" className="rounded-box bg-base-100 p-4 shadow">
      <h2 id="coverage-heading" className="mb-2 text-lg font-bold">Coverage</h2>
      <div ref={box} className="overflow-x-auto" {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': 'Coverage table' } : {})}>
        <table className="table table-sm">
          <caption className="sr-only">Which signals were watched, their flags and how long each was off</caption>
          <thead>
            <tr>
              <th scope="col">Signal</th>
              <th scope="col">Reported by</th>
              <th scope="col">Flags</th>
              <th scope="col">Time off</th>
            </tr>
          </thead>
          <tbody>
            {reply.coverage.map((row) => (
              <tr key={row.signal}>
                <th scope="row" className="font-normal">{row.signal}</th>
                <td>
                  {row.watched_by.length === 0 ? 'Nothing reported' : row.watched_by.map((source) => STAFF_SOURCE_LABELS[source]).join(', ')}
                  {row.unavailable ? <span className="block text-sm text-error">Could not run on the device</span> : null}
                </td>
                <td>{row.flags}</td>
                <td className="whitespace-nowrap">{row.off_ms > 0 ? lengthText(row.off_ms) : '–'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-2 text-sm">{REVIEW_MESSAGES.noEvidence}</p>
    </section>
  );
}

function FlagControls({ attemptId, entry, index, onSaved }: { attemptId: string; entry: EventEntry; index: number; onSaved: (entry: EventEntry) => void }) {
  const noteId = useId();
  const [note, setNote] = useState(entry.verdict?.note ?? '');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const save = async (verdict: FlagVerdict) => {
    if (verdict === 'confirmed' && note.trim() === '') {
      setMessage({ ok: false, text: REVIEW_MESSAGES.noteRequired });
      document.getElementById(noteId)?.focus();
      return;
    }
    setBusy(true);
    try {
      const reply = await saveVerdict(attemptId, entry.id, verdict, note.trim());
      onSaved({ ...entry, verdict: reply.verdict });
      setMessage({ ok: true, text: `${VERDICT_LABELS[verdict]}.` });
    } catch (error) {
      setMessage({ ok: false, text: messageOf(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="mt-2 flex flex-wrap items-end gap-2" data-flag-controls={entry.id}>
      <div className="min-w-0 flex-1 basis-48">
        <label htmlFor={noteId} className="label py-0.5"><span className="label-text text-base-content">Note on flag {index + 1}</span></label>
        <input
          id={noteId}
          className="input input-bordered input-sm w-full"
          value={note}
          maxLength={500}
          onChange={(event) => setNote(event.target.value)}
          // Enter confirms with this note (f on the flag comes here first when the note is empty).
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              void save('confirmed');
            }
          }}
        />
      </div>
      <button type="button" className="btn btn-sm" disabled={busy} data-verdict="cleared" onClick={() => void save('cleared')}>Clear</button>
      <button type="button" className="btn btn-sm btn-error" disabled={busy} data-verdict="confirmed" onClick={() => void save('confirmed')}>Confirm</button>
      <p className={`basis-full text-sm ${message?.ok === false ? 'text-error' : ''}`} role="status">{message?.text ?? ''}</p>
    </div>
  );
}

function Timeline({ reply, onEntry, onImage }: { reply: AttemptReviewReply; onEntry: (entry: EventEntry) => void; onImage: (url: string, label: string) => void }) {
  const flags = reply.entries.filter(isFlag);
  const items = useRef<(HTMLLIElement | null)[]>([]);
  const [current, setCurrent] = useState(0);

  const focusFlag = useCallback((index: number) => {
    const target = items.current[Math.max(0, Math.min(flags.length - 1, index))];
    target?.focus();
  }, [flags.length]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || typing(event.target) || document.querySelector('dialog[open]')) return;
      const key = event.key.toLowerCase();
      if (key === 'j') {
        event.preventDefault();
        focusFlag(document.activeElement === items.current[current] ? current + 1 : current);
      } else if (key === 'k') {
        event.preventDefault();
        focusFlag(document.activeElement === items.current[current] ? current - 1 : current);
      } else if (key === 'c' || key === 'f') {
        const item = items.current[current];
        if (!item || !item.contains(document.activeElement)) return;
        event.preventDefault();
        item.querySelector<HTMLButtonElement>(`[data-verdict="${key === 'c' ? 'cleared' : 'confirmed'}"]`)?.click();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [current, focusFlag]);

  const onItemKey = (event: ReactKeyboardEvent<HTMLLIElement>, index: number) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      focusFlag(index + 1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      focusFlag(index - 1);
    }
  };

  let flagIndex = -1;
  return (
    <section aria-labelledby="trail-heading" className="rounded-box bg-base-100 p-4 shadow">
      <h2 id="trail-heading" className="text-lg font-bold">Trail</h2>
      <p className="mb-3 text-sm" id="trail-keys">
        Keys (outside text fields): <kbd className="kbd kbd-sm">j</kbd> / <kbd className="kbd kbd-sm">k</kbd> next and previous flag (or <kbd className="kbd kbd-sm">↓</kbd> / <kbd className="kbd kbd-sm">↑</kbd> on a flag),{' '}
        <kbd className="kbd kbd-sm">c</kbd> clear the flag, <kbd className="kbd kbd-sm">f</kbd> confirm it (type the note, then <kbd className="kbd kbd-sm">Enter</kbd>).
      </p>
      {reply.entries.length === 0 ? <p>Nothing was recorded for this attempt.</p> : null}
      <ol className="space-y-2">
        {reply.entries.map((entry) => {
          const flag = isFlag(entry);
          if (flag) flagIndex += 1;
          const index = flagIndex;
          const detail = entry.type === 'event' ? detailText(entry.detail) : '';
          const evidence = entry.type === 'event' || entry.type === 'snapshot' ? entry.evidence_url : null;
          const label = `${entryText(entry)} at ${offsetText(entry.at - reply.attempt.started_at)}`;
          return (
            <li
              key={`${entry.type}-${entry.id}`}
              ref={flag ? (element) => { items.current[index] = element; } : undefined}
              {...(flag ? { tabIndex: -1, 'aria-describedby': 'trail-keys', onFocus: () => setCurrent(index), onKeyDown: (event: ReactKeyboardEvent<HTMLLIElement>) => onItemKey(event, index) } : {})}
              className={`rounded-box border p-3 focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary ${flag ? 'border-warning bg-warning/10 focus:ring-2 focus:ring-primary' : 'border-base-300'}`}
            >
              <div className="flex flex-wrap items-start gap-x-3 gap-y-1">
                <span className="font-mono text-sm whitespace-nowrap">{offsetText(entry.at - reply.attempt.started_at)}</span>
                <span className="text-sm whitespace-nowrap">{clockText(entry.at)}</span>
                <span className="min-w-0 flex-1 basis-48 break-words">
                  {flag ? <span className="badge badge-warning badge-sm mr-2">Flag {index + 1}</span> : null}
                  <span className="font-medium">{entryText(entry)}</span>
                  {detail ? <span className="block text-sm">{detail}</span> : null}
                  {entry.type === 'event' && entry.kind === 'DISCONNECTED' ? (
                    <span className="block text-sm">{entry.gap_ms === null ? 'Not back before the attempt ended' : `Lost for ${lengthText(entry.gap_ms)}`}</span>
                  ) : null}
                  {entry.type === 'command' ? <span className="block text-sm">{entry.applied_at !== null ? 'Applied' : entry.delivered_at !== null ? 'Delivered' : 'Sent'}</span> : null}
                  {entry.type === 'event' && entry.late ? <span className="block text-sm">Arrived after the submission</span> : null}
                </span>
                <span className="text-sm whitespace-nowrap">{entry.type === 'event' || entry.type === 'snapshot' ? STAFF_SOURCE_LABELS[entry.source] : entry.type === 'command' ? 'Proctor' : 'Chat'}</span>
              </div>
              {evidence ? (
                <button type="button" className="mt-2 block rounded focus-visible:outline-2 focus-visible:outline-primary" onClick={() => onImage(evidence, label)} aria-label={`Open the snapshot: ${label}`}>
                  <img src={evidence} alt="" className="h-20 w-auto rounded border border-base-300" loading="lazy" />
                </button>
              ) : null}
              {flag ? (
                <>
                  {entry.verdict ? (
                    <p className="mt-2 text-sm">
                      <span className={`badge badge-sm mr-1 ${entry.verdict.verdict === 'confirmed' ? 'badge-error' : 'badge-success'}`}>{VERDICT_LABELS[entry.verdict.verdict]}</span>
                      {entry.verdict.reviewer_name ? `by ${entry.verdict.reviewer_name}, ` : ''}{dateTimeText(entry.verdict.reviewed_at)}{entry.verdict.note ? `: ${entry.verdict.note}` : ''}
                    </p>
                  ) : (
                    <p className="mt-2 text-sm">No verdict yet.</p>
                  )}
                  <FlagControls attemptId={reply.attempt.id} entry={entry} index={index} onSaved={onEntry} />
                </>
              ) : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function DecisionForm({ reply, onSaved }: { reply: AttemptReviewReply; onSaved: (decision: NonNullable<AttemptReviewReply['decision']>) => void }) {
  const reasonId = useId();
  const [decision, setDecision] = useState<AttemptDecisionKind>(reply.decision?.decision ?? 'no_concern');
  const [reason, setReason] = useState(reply.decision?.reason ?? '');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const running = reply.attempt.submitted_at === null;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (decision !== 'no_concern' && reason.trim() === '') {
      setMessage({ ok: false, text: REVIEW_MESSAGES.reasonRequired });
      document.getElementById(reasonId)?.focus();
      return;
    }
    setBusy(true);
    try {
      const saved = await saveDecision(reply.attempt.id, decision, reason.trim());
      onSaved(saved.decision);
      setMessage({ ok: true, text: `${REVIEW_MESSAGES.decisionSaved} The student is notified.` });
    } catch (error) {
      setMessage({ ok: false, text: messageOf(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="decision-heading" className="rounded-box bg-base-100 p-4 shadow">
      <h2 id="decision-heading" className="mb-2 text-lg font-bold">Decision</h2>
      {reply.decision ? (
        <p className="mb-2 text-sm">
          Now: <DecisionBadge decision={reply.decision.decision} /> {reply.decision.reviewer_name ? `by ${reply.decision.reviewer_name}, ` : ''}
          {dateTimeText(reply.decision.decided_at)}{reply.decision.reason ? `: ${reply.decision.reason}` : ''}
        </p>
      ) : null}
      <form onSubmit={(event) => void submit(event)} noValidate>
        <fieldset disabled={running || busy}>
          <legend className="mb-1 font-medium">The attempt</legend>
          <div className="flex flex-wrap gap-x-5 gap-y-1">
            {ATTEMPT_DECISIONS.map((kind) => (
              <label key={kind} className="label cursor-pointer gap-2">
                <input type="radio" name="decision" className="radio radio-sm" value={kind} checked={decision === kind} onChange={() => setDecision(kind)} />
                <span className="label-text text-base-content">{DECISION_LABELS[kind]}</span>
              </label>
            ))}
          </div>
          <label htmlFor={reasonId} className="label pb-1"><span className="label-text text-base-content">Reason {decision === 'no_concern' ? '(optional)' : ''}</span></label>
          <textarea id={reasonId} className="textarea textarea-bordered w-full" rows={2} maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} />
          <p className="mt-1 text-sm">The student sees the decision and its reason beside their flags; a void attempt shows no score.</p>
          <button type="submit" className="btn btn-primary mt-3">Save decision</button>
        </fieldset>
        {running ? <p className="mt-2 text-sm">{REVIEW_MESSAGES.notSubmitted}</p> : null}
        <p className={`mt-2 text-sm ${message?.ok === false ? 'text-error' : ''}`} role="status">{message?.text ?? ''}</p>
      </form>
    </section>
  );
}

function AttemptReview({ id, title }: { id: string; title: string }) {
  const search = useSearch();
  const [reply, setReply] = useState<AttemptReviewReply | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  const [image, setImage] = useState<{ url: string; label: string } | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    setReply(null);
    setFailure(null);
    fetchAttemptReview(id, abort.signal).then(setReply, (error: unknown) => {
      if (!abort.signal.aborted) setFailure(messageOf(error));
    });
    return () => abort.abort();
  }, [id, reload]);

  const back = `/staff/review${search ? `?${search}` : ''}`;
  if (!reply) {
    return (
      <main className="mx-auto w-full max-w-5xl px-4 py-6">
        <h1 className="mb-4 text-2xl font-bold">{title}</h1>
        {failure ? (
          <div className="alert alert-error" role="alert">
            <span>{failure}</span>
            <button type="button" className="btn btn-sm" onClick={() => setReload((n) => n + 1)}>Retry</button>
          </div>
        ) : (
          <div className="flex justify-center py-16" role="status" aria-label="Loading the attempt">
            <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
          </div>
        )}
        <Link href={back} className="link mt-4 inline-block">Back to the queue</Link>
      </main>
    );
  }
  const { attempt } = reply;
  return (
    <main className="mx-auto w-full max-w-5xl space-y-4 px-4 py-6">
      <nav aria-label="Review" className="flex flex-wrap justify-between gap-2">
        <Link href={back} className="link">Back to the queue</Link>
        {reply.next_attempt_id ? <Link href={`/staff/review/${encodeURIComponent(reply.next_attempt_id)}${search ? `?${search}` : ''}`} className="link link-primary">Next attempt needing a look</Link> : <span>No other attempt of this test needs a look.</span>}
      </nav>
      <header className="rounded-box bg-base-100 p-4 shadow">
        <h1 className="text-2xl font-bold break-words">{title}: {attempt.student_name}</h1>
        <p className="break-words">{attempt.test_name}</p>
        <dl className="mt-2 grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
          <div><dt className="inline font-medium">Registration no: </dt><dd className="inline">{attempt.reg_no}</dd></div>
          <div><dt className="inline font-medium">Started: </dt><dd className="inline">{dateTimeText(attempt.started_at)}</dd></div>
          <div><dt className="inline font-medium">Submitted: </dt><dd className="inline">{attempt.submitted_at === null ? 'Still running' : `${dateTimeText(attempt.submitted_at)}${attempt.submit_reason ? ` (${attempt.submit_reason.replace(/_/g, ' ').toLowerCase()})` : ''}`}</dd></div>
          <div><dt className="inline font-medium">Flags: </dt><dd className="inline">{reply.flags}</dd></div>
          <div><dt className="inline font-medium">Disconnected: </dt><dd className="inline">{reply.disconnected_ms > 0 ? lengthText(reply.disconnected_ms) : 'never'}</dd></div>
          <div><dt className="inline font-medium">Decision: </dt><dd className="inline"><DecisionBadge decision={reply.decision?.decision ?? null} /></dd></div>
        </dl>
      </header>
      <Coverage reply={reply} />
      <Timeline
        reply={reply}
        onEntry={(entry) => setReply((current) => (current ? { ...current, entries: current.entries.map((item) => (item.type === 'event' && item.id === entry.id ? entry : item)) } : current))}
        onImage={(url, label) => setImage({ url, label })}
      />
      <DecisionForm key={reply.attempt.id} reply={reply} onSaved={(decision) => setReply((current) => (current ? { ...current, decision } : current))} />
      <Modal open={image !== null} title={image?.label ?? 'Snapshot'} onClose={() => setImage(null)} size="lg">
        {image ? <img src={image.url} alt={`Snapshot: ${image.label}`} className="mx-auto h-auto max-h-[75dvh] w-full object-contain" /> : null}
      </Modal>
    </main>
  );
}

/** /staff/review/:attemptId (admin; proctor: the tests they proctor): the trail, verdicts and the decision. */
export default function AttemptReviewPage({ title }: ScreenProps) {
  const params = useParams<{ attemptId: string }>();
  return (
    <StaffLayout roles={['proctor']}>
      <AttemptReview id={params.attemptId ?? ''} title={title} />
    </StaffLayout>
  );
}
