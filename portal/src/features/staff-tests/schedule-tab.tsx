import type { ReviewRule } from '@invigil/shared/domain/review-release';
import { useState } from 'react';
import { CheckField, InputField, numberOf, SelectField, type TabProps } from './editor-fields';
import { fieldId, isoToLocalInput, localInputToIso, offsetText } from './test-draft';

const REVIEW_CHOICES: readonly (readonly [ReviewRule | '', string])[] = [
  ['', 'The default: after the end when the test has one, else on submission'],
  ['after_end', 'After the test ends'],
  ['on_submit', 'As soon as a student submits'],
  ['manual', 'When the institute releases it'],
];

/** A date-time field of the draft (ISO with offset), shown in this computer's time. */
function DateTimeField({ id, label, value, onChange, hint }: { id: string; label: string; value: string | null; onChange: (value: string | null) => void; hint: string }) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <InputField id={id} label={label} type="datetime-local" value={isoToLocalInput(value)} onChange={(next) => onChange(localInputToIso(next))} hint={hint} />
      {value ? <button type="button" className="btn btn-xs btn-ghost self-start" onClick={() => onChange(null)}>Clear {label.toLowerCase()}</button> : null}
    </div>
  );
}

/** Schedule & access: opens, ends, the access code, merit cost, device check, resume, and when the review is released. */
export function ScheduleTab({ draft, change, accessCodeSet }: TabProps & { accessCodeSet: boolean }) {
  const zone = `this computer's time (UTC${offsetText(new Date())})`;
  const [cost, setCost] = useState(String(draft.mp_cost));
  const keptCode = accessCodeSet && draft.keep_access_code && draft.access_code === null;
  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <DateTimeField id={fieldId('activation_date')} label="Opens" value={draft.activation_date} onChange={(activation_date) => change((current) => ({ ...current, activation_date }))} hint={`Empty: open at once. In ${zone}.`} />
        <DateTimeField id={fieldId('ends_at')} label="Ends" value={draft.ends_at} onChange={(ends_at) => change((current) => ({ ...current, ends_at }))} hint={`Empty: never ends. In ${zone}.`} />
      </div>
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={fieldId('access_code')} className="font-medium">Access code</label>
        <input
          id={fieldId('access_code')}
          className="input input-bordered w-full font-mono"
          autoComplete="off"
          spellCheck={false}
          aria-describedby={`${fieldId('access_code')}-hint`}
          value={draft.access_code ?? ''}
          onChange={(event) => {
            const code = event.target.value;
            change((current) => ({ ...current, access_code: code.trim() ? code : null }));
          }}
        />
        <p id={`${fieldId('access_code')}-hint`} className="text-sm opacity-80">
          {keptCode ? 'A code is set; type a new one to replace it.' : 'Students type it to start. Empty: no code.'}
        </p>
        {keptCode ? (
          <button type="button" className="btn btn-sm btn-outline self-start" onClick={() => change((current) => ({ ...current, keep_access_code: false, access_code: null }))}>
            Clear the code
          </button>
        ) : null}
      </div>
      <InputField
        id={fieldId('mp_cost')}
        label="Merit points to start"
        type="number"
        min={0}
        step={1}
        value={cost}
        hint="Taken once, when a student starts. 0: free."
        onChange={(text) => {
          setCost(text);
          const value = numberOf(text);
          change((current) => ({ ...current, mp_cost: value !== null && value >= 0 ? Math.floor(value) : 0 }));
        }}
      />
      <CheckField id={fieldId('skip_prepare')} label="Skip the device check" checked={draft.skip_prepare} onChange={(skip_prepare) => change((current) => ({ ...current, skip_prepare }))} hint="Students go straight to the instructions, without the camera and microphone check." />
      <CheckField id={fieldId('allow_resume')} label="Allow resume" checked={draft.allow_resume} onChange={(allow_resume) => change((current) => ({ ...current, allow_resume }))} hint="A student whose browser closed may go back in and go on." />
      <SelectField
        id={fieldId('review')}
        label="Review released"
        value={draft.review ?? ''}
        options={REVIEW_CHOICES}
        onChange={(rule) => change((current) => ({ ...current, review: rule === '' ? null : (rule as ReviewRule), review_released_at: rule === 'manual' ? current.review_released_at : null }))}
        hint="When students see the keys, solutions, their result and ranks."
      />
      {draft.review === 'manual' ? (
        <DateTimeField id={fieldId('review_released_at')} label="Release time" value={draft.review_released_at} onChange={(review_released_at) => change((current) => ({ ...current, review_released_at }))} hint={`Empty: not released yet. In ${zone}.`} />
      ) : null}
    </div>
  );
}
