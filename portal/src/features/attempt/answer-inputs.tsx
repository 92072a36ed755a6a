import type { AnswerValue } from '@invigil/shared/api/attempt-sync';
import { KEYPAD_KEYS, pressKey } from '@invigil/shared/domain/numeric-keypad';
import { Delete } from 'lucide-react';
import { useId } from 'react';
import type { AttemptQuestion } from './attempt-paper';
import { sanitizeHtml } from './safe-html';

interface AnswerProps {
  question: AttemptQuestion;
  value: AnswerValue;
  readOnly: boolean;
  onChange: (value: AnswerValue, typed?: boolean) => void;
}

/**
 * Single and multiple choice: native radios / checkboxes, so arrow keys and Space work as usual.
 * Options given only by their number (the texts are in the question or its PDF, as on an OMR sheet)
 * are offered as their bare labels, in a row of large targets.
 */
export function ChoiceAnswer({ question, value, readOnly, onChange }: AnswerProps) {
  const multi = question.kind === 'multi';
  const chosen = new Set(Array.isArray(value) ? value : value === null ? [] : [value]);
  const name = `answer-q${question.question.qn}`;
  const bare = question.options.every((option) => option.html.trim() === '');
  const toggle = (original: string, checked: boolean) => {
    if (!multi) return onChange(original);
    const next = new Set(chosen);
    if (checked) next.add(original);
    else next.delete(original);
    onChange([...next]);
  };
  // One daisyUI colour class per control: checkbox-primary on a radio paints its checked dot white.
  const control = multi ? 'checkbox checkbox-primary' : 'radio radio-primary';
  const rowState = (checked: boolean) => (checked ? 'border-primary bg-primary/10 ring-1 ring-primary' : 'border-base-300 hover:bg-base-200');
  return (
    <fieldset className="mt-4" disabled={readOnly}>
      <legend className="mb-2 text-sm text-base-content/70">{multi ? 'Choose one or more answers' : 'Choose one answer'}</legend>
      {bare ? <p className="mb-2 text-sm text-base-content/70">The options are given with the question: choose by letter.</p> : null}
      <div className={bare ? 'flex flex-wrap gap-2' : 'flex flex-col gap-2'}>
        {question.options.map((option) => {
          const checked = chosen.has(option.original);
          const input = (
            <input
              type={multi ? 'checkbox' : 'radio'}
              className={`${control} ${bare ? '' : 'mt-0.5'}`}
              name={name}
              value={option.display}
              checked={checked}
              onChange={(event) => toggle(option.original, event.target.checked)}
            />
          );
          if (bare) {
            return (
              <label key={option.display} className={`flex min-h-12 min-w-20 cursor-pointer items-center gap-3 rounded-box border px-4 py-2 ${rowState(checked)}`}>
                {input}
                <span className="text-lg font-bold" aria-hidden="true">{option.display}</span>
                <span className="sr-only">Option {option.display}</span>
              </label>
            );
          }
          return (
            <label key={option.display} className={`flex cursor-pointer items-start gap-3 rounded-box border p-3 ${rowState(checked)}`}>
              {input}
              <span className="font-semibold" aria-hidden="true">({option.display})</span>
              <span className="sr-only">Option {option.display}:</span>
              <span className="question-html min-w-0 flex-1" dangerouslySetInnerHTML={{ __html: sanitizeHtml(option.html) }} />
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

const NUMERIC_PATTERN = /^-?\d*\.?\d*$/;
const KEY_LABELS: Record<string, string> = { backspace: 'Backspace', clear: 'Clear all', '-': 'Minus (toggle sign)', '.': 'Decimal point' };

/** Numerical: typed or entered on the keypad (digits, one '.', '-' toggles a leading minus, backspace, clear). */
export function NumericAnswer({ question, value, readOnly, onChange }: AnswerProps) {
  const id = useId();
  const text = typeof value === 'string' ? value : '';
  const set = (next: string) => onChange(next === '' ? null : next, true);
  return (
    <div className="mt-4 max-w-xs">
      <label htmlFor={id} className="mb-1 block text-sm font-medium">Your answer (a number)</label>
      <input
        id={id}
        className="input input-bordered w-full font-mono text-lg"
        type="text"
        inputMode="decimal"
        autoComplete="off"
        spellCheck={false}
        readOnly={readOnly}
        value={text}
        data-qn={question.question.qn}
        onKeyDown={(event) => {
          if (event.key !== '-' || readOnly) return;
          event.preventDefault();
          set(pressKey(text, '-'));
        }}
        onChange={(event) => {
          const next = event.target.value.trim();
          if (NUMERIC_PATTERN.test(next)) set(next);
        }}
      />
      <div className="mt-2 grid grid-cols-4 gap-1.5" role="group" aria-label="Numeric keypad">
        {KEYPAD_KEYS.map((key) => (
          <button
            key={key}
            type="button"
            className={`btn btn-sm ${key === 'clear' ? 'col-span-2 btn-outline' : 'btn-soft'}`}
            disabled={readOnly}
            aria-label={KEY_LABELS[key] ?? key}
            onClick={() => set(pressKey(text, key))}
          >
            {key === 'backspace' ? <Delete className="h-4 w-4" aria-hidden="true" /> : key === 'clear' ? 'Clear' : key}
          </button>
        ))}
      </div>
    </div>
  );
}

export function SubjectiveAnswer({ value, readOnly, onChange }: AnswerProps) {
  const id = useId();
  const text = typeof value === 'string' ? value : '';
  return (
    <div className="mt-4">
      <label htmlFor={id} className="mb-1 block text-sm font-medium">Your answer</label>
      <textarea
        id={id}
        className="textarea textarea-bordered min-h-48 w-full text-base"
        readOnly={readOnly}
        value={text}
        maxLength={20_000}
        onChange={(event) => onChange(event.target.value, true)}
      />
      <p className="mt-1 text-right text-xs text-base-content/60" aria-hidden="true">{text.length} / 20000</p>
    </div>
  );
}

export function AnswerInput(props: AnswerProps) {
  switch (props.question.kind) {
    case 'single':
    case 'multi':
      return <ChoiceAnswer {...props} />;
    case 'numerical':
      return <NumericAnswer {...props} />;
    case 'subjective':
      return <SubjectiveAnswer {...props} />;
  }
}
