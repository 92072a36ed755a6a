import type { ItemAnalysisReply, ItemStat } from '@invigil/shared/api/staff-results';
import { useEffect, useId, useRef, useState } from 'react';
import { Modal } from '../../ui/modal';
import { useOverflows } from '../../ui/use-keyboard-scroll';
import { StaffListBox } from '../staff-shell/staff-list-box';
import { dropQuestion, fetchItems, rekeyQuestion } from './results-api';
import { formatPercent, keyText } from './results-text';
import { useLoad } from './use-load';

const QT_KIND: Record<number, 'single' | 'multi' | 'numerical' | 'subjective'> = { 1: 'subjective', 3: 'single', 4: 'multi', 5: 'single', 6: 'numerical', 7: 'single', 8: 'subjective' };
const kindOf = (qt: number) => QT_KIND[qt] ?? 'subjective';

function discriminationText(value: number | null): string {
  if (value === null) return '— (no spread to compare)';
  const words = value >= 0.3 ? 'good' : value >= 0.15 ? 'fair' : value >= 0 ? 'weak' : 'negative: stronger students did worse';
  return `${value.toFixed(2)} (${words})`;
}

function OptionsTable({ item }: { item: ItemStat }) {
  const box = useRef<HTMLDivElement>(null);
  const scrolls = useOverflows(box, true);
  return (
    <div ref={box} className="overflow-x-auto" {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': `Options of question ${item.qn}` } : {})}>
      <table className="table table-sm">
        <caption className="sr-only">Options chosen in question {item.qn}</caption>
        <thead>
          <tr>
            <th scope="col">Option</th>
            <th scope="col">Chosen by</th>
            <th scope="col" className="whitespace-nowrap">Top third</th>
            <th scope="col" className="w-1/2 min-w-32"><span className="sr-only">Share</span></th>
          </tr>
        </thead>
        <tbody>
          {item.options.map((option) => (
            <tr key={option.label} className={option.is_key ? 'font-semibold' : ''}>
              <th scope="row" className="whitespace-nowrap font-normal">
                {option.label}
                {option.is_key ? <span className="badge badge-success badge-sm ml-2">Key</span> : null}
              </th>
              <td className="whitespace-nowrap">{option.count} ({formatPercent(option.percent)})</td>
              <td>{option.top_count}</td>
              <td>
                <div className="h-3 w-full rounded bg-base-200" aria-hidden="true">
                  <div className={`h-3 rounded ${option.is_key ? 'bg-success' : 'bg-base-content/50'}`} style={{ width: `${Math.min(100, Math.max(0, option.percent))}%` }} />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ItemCard({ item, topThird, onRekey, onDrop }: { item: ItemStat; topThird: number; onRekey: (item: ItemStat) => void; onDrop: (item: ItemStat) => void }) {
  const kind = kindOf(item.qt);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={`rounded-box border p-4 ${item.key_suspect ? 'border-warning bg-warning/10' : 'border-base-300'}`}>
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="text-lg font-semibold">Question {item.qn}</h3>
        {item.part ? <span className="text-sm opacity-80">{item.part}</span> : null}
        {item.key_suspect ? <span className="badge badge-warning">Key looks wrong</span> : null}
        {item.dropped ? <span className="badge badge-neutral">Dropped</span> : null}
        {item.changed ? <span className="badge badge-info badge-soft">Changed after the test</span> : null}
      </div>
      <p className="mb-3 break-words">{item.text || '(no text)'}</p>
      {item.key_suspect ? (
        <p className="mb-3 text-sm">Among the top third ({topThird} students by score), a distractor was chosen more often than the key.</p>
      ) : null}
      <dl className="mb-3 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium">Key</dt><dd>{kind === 'subjective' ? 'Graded by a teacher' : keyText(item.answer)}</dd>
        <dt className="font-medium">Marks</dt><dd>+{item.pm}{item.nm ? ` / −${Math.abs(item.nm)}` : ''}</dd>
        <dt className="font-medium">Facility</dt><dd>{formatPercent(item.facility)}</dd>
        <dt className="font-medium">Discrimination</dt><dd>{discriminationText(item.discrimination)}</dd>
        <dt className="font-medium">Answered</dt><dd>{item.answered} of {item.attempts}</dd>
      </dl>
      {item.options.length > 0 ? <OptionsTable item={item} /> : null}
      <div className="mt-3 flex flex-wrap gap-2">
        {kind !== 'subjective' && !item.dropped ? (
          <button type="button" className="btn btn-sm btn-outline" onClick={() => onRekey(item)}>Re-key question {item.qn}</button>
        ) : null}
        <button type="button" className="btn btn-sm btn-outline" onClick={() => onDrop(item)}>{item.dropped ? `Restore question ${item.qn}` : `Drop question ${item.qn}`}</button>
      </div>
    </section>
  );
}

function ReasonField({ value, onChange, autoFocus = false }: { value: string; onChange: (value: string) => void; autoFocus?: boolean }) {
  const id = useId();
  return (
    <div className="mt-3">
      <label htmlFor={id} className="label pb-1"><span className="label-text font-medium text-base-content">Reason (students see it)</span></label>
      <textarea id={id} className="textarea textarea-bordered w-full" rows={3} required maxLength={500} value={value} {...(autoFocus ? { 'data-first-field': '' } : {})} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}

function ChangeDialog({ testId, item, mode, onClose, onDone }: { testId: string; item: ItemStat; mode: 'rekey' | 'drop'; onClose: () => void; onDone: (message: string) => void }) {
  const kind = kindOf(item.qt);
  const keyed = new Set((item.answer === null ? [] : Array.isArray(item.answer) ? item.answer : [item.answer]).map((label) => label.toUpperCase()));
  const [chosen, setChosen] = useState<string[]>(item.options.filter((option) => keyed.has(option.label.toUpperCase())).map((option) => option.label));
  const [numeric, setNumeric] = useState(typeof item.answer === 'string' ? item.answer : '');
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const numericId = useId();
  const groupId = useId();
  const restoring = mode === 'drop' && item.dropped;
  const title = mode === 'rekey' ? `Re-key question ${item.qn}` : restoring ? `Restore question ${item.qn}` : `Drop question ${item.qn}`;

  async function submit() {
    if (reason.trim() === '') {
      setFailure('Give a reason: students are told why their score changed.');
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const reply =
        mode === 'rekey'
          ? await rekeyQuestion(testId, item.qn, kind === 'numerical' ? numeric : kind === 'single' ? (chosen[0] ?? '') : chosen, reason)
          : await dropQuestion(testId, item.qn, reason, restoring);
      const what = mode === 'rekey' ? 're-keyed' : restoring ? 'restored' : 'dropped';
      onDone(`Question ${item.qn} ${what}: ${reply.change.rescored} attempts scored again, ${reply.notified} students notified.`);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'Something went wrong!');
    } finally {
      setBusy(false);
    }
  }

  // The dialog opens on its first field, not on Close (the modal's showModal focuses Close first).
  useEffect(() => {
    document.querySelector<HTMLElement>('dialog[open] [data-first-field]')?.focus();
  }, []);

  const action = mode === 'rekey' ? 'Re-key and score again' : restoring ? 'Restore and score again' : 'Drop and score again';
  return (
    <Modal
      open
      title={title}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn" onClick={onClose}>Cancel</button>
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void submit()}>{busy ? 'Saving…' : action}</button>
        </>
      }
    >
      <p className="mb-2 break-words">{item.text}</p>
      {mode === 'rekey' ? (
        <>
          <p className="mb-2 text-sm">Now: {keyText(item.answer)}. Every submitted attempt is scored again with the new key.</p>
          {kind === 'numerical' ? (
            <div>
              <label htmlFor={numericId} className="label pb-1"><span className="label-text font-medium text-base-content">New key (a number, or a range like 2.4..2.6)</span></label>
              <input id={numericId} className="input input-bordered w-full" value={numeric} data-first-field="" onChange={(event) => setNumeric(event.target.value)} />
            </div>
          ) : (
            <fieldset aria-describedby={groupId}>
              <legend className="mb-1 font-medium">New key</legend>
              <p id={groupId} className="sr-only">{kind === 'single' ? 'Choose one option.' : 'Choose every right option.'}</p>
              <div className="flex flex-wrap gap-4">
                {item.options.map((option, index) => (
                  <label key={option.label} className="flex items-center gap-2">
                    <input
                      {...(index === 0 ? { 'data-first-field': '' } : {})}
                      type={kind === 'single' ? 'radio' : 'checkbox'}
                      name={`rekey-${item.qn}`}
                      className={kind === 'single' ? 'radio' : 'checkbox'}
                      checked={chosen.includes(option.label)}
                      onChange={(event) =>
                        setChosen((current) => (kind === 'single' ? [option.label] : event.target.checked ? [...current, option.label] : current.filter((label) => label !== option.label)))
                      }
                    />
                    Option {option.label}
                  </label>
                ))}
              </div>
            </fieldset>
          )}
        </>
      ) : (
        <p className="text-sm">
          {restoring ? 'The question counts again, its marks and its maximum, for every attempt.' : 'A dropped question counts for nobody: neither its marks nor its maximum. You can restore it later.'}
        </p>
      )}
      <ReasonField value={reason} onChange={setReason} autoFocus={mode === 'drop'} />
      {failure ? <p className="mt-3 text-error" role="alert">{failure}</p> : null}
    </Modal>
  );
}

export function ItemsTab({ testId, version, onChanged }: { testId: string; version: number; onChanged: (message: string) => void }) {
  const { reply, failure, refresh } = useLoad<ItemAnalysisReply>((signal) => fetchItems(testId, signal), `${testId}:${version}`);
  const [dialog, setDialog] = useState<{ item: ItemStat; mode: 'rekey' | 'drop' } | null>(null);
  return (
    <StaffListBox failure={failure} reply={reply} loadingLabel="Loading item analysis" onRetry={refresh}>
      {(reply) => (
        <div className="p-4">
          <p className="mb-4 text-sm">
            {reply.counted} counted attempts (void ones left out). Facility: the mean marks as a share of the question&apos;s marks. Discrimination: how the question&apos;s marks go with the rest of the test (−1 to 1).
          </p>
          {reply.items.length === 0 ? <p>The test has no questions.</p> : null}
          <div className="flex flex-col gap-4">
            {reply.items.map((item) => (
              <ItemCard key={item.qn} item={item} topThird={reply.top_third} onRekey={(target) => setDialog({ item: target, mode: 'rekey' })} onDrop={(target) => setDialog({ item: target, mode: 'drop' })} />
            ))}
          </div>
          {dialog ? (
            <ChangeDialog
              testId={testId}
              item={dialog.item}
              mode={dialog.mode}
              onClose={() => setDialog(null)}
              onDone={(message) => {
                setDialog(null);
                onChanged(message);
              }}
            />
          ) : null}
        </div>
      )}
    </StaffListBox>
  );
}
