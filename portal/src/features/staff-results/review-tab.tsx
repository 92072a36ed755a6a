import type { ReleaseRequest, ReleaseStateReply } from '@invigil/shared/api/staff-results';
import { useId, useState } from 'react';
import { StaffListBox } from '../staff-shell/staff-list-box';
import { fetchRelease, setRelease } from './results-api';
import { formatWhen, isoFromLocalInput, localInputValue, reviewText } from './results-text';
import { useLoad } from './use-load';

const RULE_LABELS = { default: 'The default for this test', after_end: 'After the test is over', on_submit: 'As soon as each student submits' } as const;
type RuleChoice = keyof typeof RULE_LABELS;

export function ReviewTab({ testId, version }: { testId: string; version: number }) {
  const { reply, failure, refresh } = useLoad<ReleaseStateReply>((signal) => fetchRelease(testId, signal), `${testId}:${version}`);
  const [state, setState] = useState<ReleaseStateReply | null>(null);
  const [at, setAt] = useState(() => localInputValue(Date.now() + 60 * 60 * 1000));
  const [rule, setRule] = useState<RuleChoice>('default');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const atId = useId();
  const ruleId = useId();
  const shown = state ?? reply;

  async function send(request: ReleaseRequest, done: string) {
    setBusy(true);
    setMessage(null);
    try {
      setState(await setRelease(testId, request));
      setMessage({ text: done, error: false });
    } catch (error) {
      setMessage({ text: error instanceof Error ? error.message : 'Something went wrong!', error: true });
    } finally {
      setBusy(false);
    }
  }

  function releaseAt() {
    const iso = isoFromLocalInput(at);
    if (iso === null) {
      setMessage({ text: 'Choose a date and time.', error: true });
      return;
    }
    void send({ mode: 'at', at: iso }, `The review will be released at ${formatWhen(Date.parse(iso))}.`);
  }

  return (
    <StaffListBox failure={failure} reply={shown} loadingLabel="Loading the review's release" onRetry={refresh}>
      {(current) => (
        <div className="flex flex-col gap-6 p-4">
          <div>
            <h3 className="text-lg font-semibold">Now</h3>
            <p data-testid="review-state">{reviewText(current.review, Date.now())}</p>
            <p className="text-sm">The review shows each student their answers, the keys, the solutions, the result and the ranking.</p>
          </div>
          <div aria-live="polite">{message ? <p className={message.error ? 'text-error' : ''} role={message.error ? 'alert' : undefined}>{message.text}</p> : null}</div>
          <div>
            <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void send({ mode: 'now' }, 'The review is released: students see it now.')}>Release now</button>
          </div>
          <div className="flex flex-wrap items-end gap-3">
            <div className="min-w-0 flex-1 basis-56 sm:flex-none">
              <label htmlFor={atId} className="label pb-1"><span className="label-text font-medium text-base-content">Release at</span></label>
              <input id={atId} type="datetime-local" className="input input-bordered w-full" value={at} onChange={(event) => setAt(event.target.value)} />
            </div>
            <button type="button" className="btn btn-outline" disabled={busy} onClick={releaseAt}>Release at this time</button>
          </div>
          <div className="flex flex-wrap items-end gap-3">
            <div className="min-w-0 flex-1 basis-56 sm:flex-none">
              <label htmlFor={ruleId} className="label pb-1"><span className="label-text font-medium text-base-content">Follow a rule instead</span></label>
              <select id={ruleId} className="select select-bordered w-full" value={rule} onChange={(event) => setRule(event.target.value as RuleChoice)}>
                {(Object.keys(RULE_LABELS) as RuleChoice[]).map((choice) => <option key={choice} value={choice}>{RULE_LABELS[choice]}</option>)}
              </select>
            </div>
            <button type="button" className="btn btn-outline" disabled={busy} onClick={() => void send({ mode: 'rule', rule: rule === 'default' ? null : rule }, 'The review follows the rule now.')}>Follow the rule</button>
          </div>
        </div>
      )}
    </StaffListBox>
  );
}
