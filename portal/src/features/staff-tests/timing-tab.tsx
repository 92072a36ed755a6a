import type { ShuffleMode } from '@invigil/shared/api/tests';
import { useState } from 'react';
import { CheckField, InputField, numberOf, SelectField, type TabProps } from './editor-fields';
import { fieldId, partwiseMinutes } from './test-draft';

const SHUFFLES: readonly (readonly [ShuffleMode, string])[] = [
  ['none', 'No shuffling (sections and parts may still shuffle their own)'],
  ['section', 'Within each section'],
  ['part', 'Within each part'],
  ['all', 'Across the whole test'],
];

/** A number field kept as typed (an empty field or "1." stays) that writes numbers to the draft. */
function MinutesField({ id, label, value, onChange, hint }: { id: string; label: string; value: number; onChange: (value: number) => void; hint?: string }) {
  const [text, setText] = useState(String(value));
  const shown = numberOf(text) === value ? text : String(value);
  return (
    <InputField
      id={id}
      label={label}
      type="number"
      min={0}
      step="any"
      value={shown}
      hint={hint}
      onChange={(next) => {
        setText(next);
        const number = numberOf(next);
        if (number !== null) onChange(number);
      }}
    />
  );
}

/** Timing: the duration, part-wise timing with its gap, and the test-wide shuffle. */
export function TimingTab({ draft, change }: TabProps) {
  const sum = partwiseMinutes(draft);
  return (
    <div className="flex flex-col gap-4">
      <MinutesField id={fieldId('duration')} label="Duration (minutes)" value={draft.duration} onChange={(duration) => change((current) => ({ ...current, duration }))} />
      <CheckField
        id={fieldId('partwise_timing')}
        label="Part-wise timing"
        checked={draft.partwise_timing}
        onChange={(partwise_timing) => change((current) => ({ ...current, partwise_timing }))}
        hint="Each part has its own time; a part's questions close when its time is over. Set each part's minutes on the Paper tab."
      />
      {draft.partwise_timing ? (
        <>
          <MinutesField id={fieldId('partwise_time_gap')} label="Rest between parts (minutes)" value={draft.partwise_time_gap} onChange={(partwise_time_gap) => change((current) => ({ ...current, partwise_time_gap }))} />
          <div className="rounded-box bg-base-200 p-3" aria-live="polite">
            {sum === null ? (
              <p>Give every part its minutes on the Paper tab: the parts and the rests between them must add up to the duration.</p>
            ) : (
              <>
                <p>
                  Parts {draft.parts.map((part) => part.duration ?? 0).join(' + ')}
                  {draft.parts.length > 1 && draft.partwise_time_gap > 0 ? ` + rests ${draft.parts.length - 1} × ${draft.partwise_time_gap}` : ''} = <strong>{sum} minutes</strong>
                  {sum === draft.duration ? ', the duration.' : `; the duration is ${draft.duration} minutes.`}
                </p>
                {sum !== draft.duration ? (
                  <button type="button" className="btn btn-sm btn-primary mt-2" onClick={() => change((current) => ({ ...current, duration: sum }))}>
                    Set duration to {sum} minutes
                  </button>
                ) : null}
              </>
            )}
          </div>
        </>
      ) : null}
      <SelectField id={fieldId('sq')} label="Shuffle questions" value={draft.sq} options={SHUFFLES} onChange={(sq) => change((current) => ({ ...current, sq: sq as ShuffleMode }))} hint="Each student gets the questions in their own order." />
    </div>
  );
}
