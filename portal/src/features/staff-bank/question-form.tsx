import type { BankRenderReply } from '@invigil/shared/api/question-bank';
import type { ImportQuestion } from '@invigil/shared/api/test-import';
import { Plus, Trash2 } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { renderBankQuestion, TYPE_NAMES } from './bank-api';

// The preview draws the student's own answer inputs, which live in the student's test chunk: it
// loads with that chunk when there is a first preview to show. A static import here would split
// them out into a chunk of their own that the student's test then loads too (about 1 KB gzip more).
const QuestionPreview = lazy(() => import('./question-preview').then((module) => ({ default: module.QuestionPreview })));

/**
 * A question's own fields as the bank's editor and the test editor's "write a question" edit them
 * (type, passage, text, options and key, marks, solution), with the live preview beside. The bank
 * adds its filing fields (name, subject, chapter...) around it.
 */
const LABELS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J'];
const CHOICE = new Set([3, 4, 5, 7]);

export interface QuestionForm {
  /** A question type ('3'), or 'description' (the bank's text without marks). */
  type: string;
  text: string;
  options: string[];
  single: string;
  multi: string[];
  from: string;
  to: string;
  pm: string;
  nm: string;
  solution: string;
  extra: string;
}

export const EMPTY_QUESTION_FORM: QuestionForm = { type: '3', text: '', options: ['', '', '', ''], single: '', multi: [], from: '', to: '', pm: '4', nm: '1', solution: '', extra: '' };

/** The form of a question (`description`: the bank's kind). */
export function toQuestionForm(q: ImportQuestion, description = false): QuestionForm {
  const labels = Object.keys(q.options).sort();
  // A tap section's options are labelled a..z: the form shows them as A..J.
  const lower = labels.some((label) => label >= 'a' && label <= 'z');
  const count = Math.max(q.noo ?? 0, labels.length, CHOICE.has(q.qt) ? 2 : 0);
  const answer = lower && CHOICE.has(q.qt) ? (Array.isArray(q.answer) ? q.answer.map((label) => label.toUpperCase()) : typeof q.answer === 'string' ? q.answer.toUpperCase() : q.answer) : q.answer;
  const [from, to] = typeof answer === 'string' && answer.includes('..') ? answer.split('..') : [answer === null || Array.isArray(answer) ? '' : String(answer), ''];
  return {
    type: description ? 'description' : String(q.qt),
    text: q.text,
    options: Array.from({ length: count }, (_, i) => q.options[lower ? (LABELS[i] as string).toLowerCase() : (LABELS[i] as string)] ?? ''),
    single: typeof answer === 'string' && CHOICE.has(q.qt) ? answer : '',
    multi: Array.isArray(answer) ? answer : [],
    from: q.qt === 6 ? (from ?? '') : '',
    to: q.qt === 6 ? (to ?? '') : '',
    pm: String(q.pm),
    nm: String(q.nm),
    solution: q.solution ?? '',
    extra: q.extra ?? '',
  };
}

/**
 * The question of a form; `base` keeps what the form does not edit (its number, PDF, attachments...).
 * `lowercase`: a tap section's question, its options labelled a..z.
 */
export function fromQuestionForm(form: QuestionForm, base?: Partial<ImportQuestion>, lowercase = false): ImportQuestion {
  const description = form.type === 'description';
  const qt = (description ? 1 : Number(form.type)) as ImportQuestion['qt'];
  const choice = CHOICE.has(qt);
  const label = (upper: string) => (lowercase ? upper.toLowerCase() : upper);
  const options: Record<string, string> = {};
  if (choice) form.options.forEach((html, i) => (options[label(LABELS[i] as string)] = html));
  const answer = description ? null : qt === 4 ? form.multi.map(label) : choice ? (form.single ? label(form.single) : null) : qt === 6 ? (form.to.trim() ? `${form.from.trim()}..${form.to.trim()}` : form.from.trim() || null) : null;
  const { noo: _noo, ...kept } = base ?? {};
  void _noo;
  return {
    so: false,
    pdf: null,
    pdf_images: [],
    difficulty: null,
    subject_id: null,
    attachments: [],
    ...kept,
    qt,
    pm: description ? 0 : Number(form.pm) || 0,
    nm: description ? 0 : Number(form.nm) || 0,
    ...(choice ? { noo: form.options.length } : {}),
    text: form.text,
    options,
    answer,
    solution: form.solution.trim() ? form.solution : null,
    extra: qt === 5 && form.extra.trim() ? form.extra : null,
  };
}

export function Field({ label, children, hint, wide = false }: { label: string; children: (id: string, hintId: string | undefined) => ReactNode; hint?: string; wide?: boolean }) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={`flex min-w-0 flex-col gap-1 ${wide ? 'col-span-full' : ''}`}>
      <label htmlFor={id} className="font-medium">{label}</label>
      {children(id, hintId)}
      {hint ? <p id={hintId} className="text-sm opacity-80">{hint}</p> : null}
    </div>
  );
}

const TOOLS: [string, string, string][] = [
  ['Bold', '<strong>', '</strong>'],
  ['Italic', '<em>', '</em>'],
  ['Subscript', '<sub>', '</sub>'],
  ['Superscript', '<sup>', '</sup>'],
  ['Inline math', '\\(', '\\)'],
  ['Display math', '$$', '$$'],
  ['Paragraph', '<p>', '</p>'],
];

/** An HTML textarea with a toolbar that wraps the selection in tags or TeX delimiters. */
export function HtmlArea({ id, hintId, value, onChange, label, rows = 4 }: { id: string; hintId?: string | undefined; value: string; onChange: (value: string) => void; label: string; rows?: number }) {
  const area = useRef<HTMLTextAreaElement>(null);
  const wrap = (before: string, after: string) => {
    const element = area.current;
    if (!element) return;
    const { selectionStart: start, selectionEnd: end } = element;
    const next = value.slice(0, start) + before + value.slice(start, end) + after + value.slice(end);
    onChange(next);
    requestAnimationFrame(() => {
      element.focus();
      element.setSelectionRange(start + before.length, end + before.length);
    });
  };
  return (
    <div className="flex flex-col gap-1">
      <div role="toolbar" aria-label={`${label} formatting`} className="flex flex-wrap gap-1">
        {TOOLS.map(([name, before, after]) => (
          <button key={name} type="button" className="btn btn-xs btn-outline" onClick={() => wrap(before, after)}>{name}</button>
        ))}
      </div>
      <textarea ref={area} id={id} aria-describedby={hintId} className="textarea textarea-bordered w-full font-mono text-sm" rows={rows} value={value} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}

/** The question's own fields. `description`: the bank's "Description (no marks)" type is offered. */
export function QuestionFields({ form, onChange, description = true }: { form: QuestionForm; onChange: (form: QuestionForm) => void; description?: boolean }) {
  const keyName = useId();
  const set = <K extends keyof QuestionForm>(key: K, value: QuestionForm[K]) => onChange({ ...form, [key]: value });
  const qt = form.type === 'description' ? 1 : Number(form.type);
  const choice = CHOICE.has(qt);
  const types = Object.entries(TYPE_NAMES).filter(([key]) => description || key !== 'description');
  return (
    <>
      <Field label="Type">
        {(fieldId) => (
          <select id={fieldId} className="select select-bordered w-full" value={form.type} onChange={(event) => set('type', event.target.value)}>
            {types.map(([key, name]) => <option key={key} value={key}>{name}</option>)}
          </select>
        )}
      </Field>
      {qt === 5 ? (
        <Field label="Passage" hint="Shown above the question (type 5).">
          {(fieldId, hintId) => <HtmlArea id={fieldId} hintId={hintId} label="Passage" value={form.extra} onChange={(value) => set('extra', value)} />}
        </Field>
      ) : null}
      <Field label="Question text" hint="HTML. Math as TeX between \( \) or $$ $$.">
        {(fieldId, hintId) => <HtmlArea id={fieldId} hintId={hintId} label="Question text" value={form.text} onChange={(value) => set('text', value)} rows={6} />}
      </Field>
      {choice ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 font-medium">Options and key</legend>
          {form.options.map((html, i) => {
            const label = LABELS[i] as string;
            return (
              <div key={label} className="flex items-center gap-2">
                {qt === 4 ? (
                  <input type="checkbox" className="checkbox" aria-label={`Option ${label} is correct`} checked={form.multi.includes(label)} onChange={(event) => set('multi', event.target.checked ? [...form.multi, label].sort() : form.multi.filter((item) => item !== label))} />
                ) : (
                  <input type="radio" name={keyName} className="radio" aria-label={`Option ${label} is correct`} checked={form.single === label} onChange={() => set('single', label)} />
                )}
                <input className="input input-bordered input-sm min-w-0 flex-1" aria-label={`Option ${label}`} value={html} onChange={(event) => set('options', form.options.map((item, j) => (j === i ? event.target.value : item)))} />
              </div>
            );
          })}
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn btn-sm btn-outline gap-1" disabled={form.options.length >= LABELS.length} onClick={() => set('options', [...form.options, ''])}>
              <Plus className="h-4 w-4" aria-hidden="true" />Add option
            </button>
            <button
              type="button"
              className="btn btn-sm btn-outline gap-1"
              disabled={form.options.length <= 2}
              onClick={() => {
                const last = LABELS[form.options.length - 1] as string;
                onChange({ ...form, options: form.options.slice(0, -1), single: form.single === last ? '' : form.single, multi: form.multi.filter((item) => item !== last) });
              }}
            >
              <Trash2 className="h-4 w-4" aria-hidden="true" />Remove last option
            </button>
          </div>
        </fieldset>
      ) : null}
      {qt === 6 ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Answer" hint="A number, e.g. 12.5.">
            {(fieldId, hintId) => <input id={fieldId} aria-describedby={hintId} inputMode="decimal" className="input input-bordered w-full" value={form.from} onChange={(event) => set('from', event.target.value)} />}
          </Field>
          <Field label="Answer up to (for a range)" hint="Leave empty for an exact answer.">
            {(fieldId, hintId) => <input id={fieldId} aria-describedby={hintId} inputMode="decimal" className="input input-bordered w-full" value={form.to} onChange={(event) => set('to', event.target.value)} />}
          </Field>
        </div>
      ) : null}
      {form.type !== 'description' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Marks">
            {(fieldId) => <input id={fieldId} type="number" min={0} step="any" className="input input-bordered w-full" value={form.pm} onChange={(event) => set('pm', event.target.value)} />}
          </Field>
          <Field label="Negative marks" hint="Taken away for a wrong answer.">
            {(fieldId, hintId) => <input id={fieldId} aria-describedby={hintId} type="number" min={0} step="any" className="input input-bordered w-full" value={form.nm} onChange={(event) => set('nm', event.target.value)} />}
          </Field>
        </div>
      ) : null}
      <Field label="Solution">
        {(fieldId) => <HtmlArea id={fieldId} label="Solution" value={form.solution} onChange={(value) => set('solution', value)} rows={3} />}
      </Field>
    </>
  );
}

/** The question as the student will see it, rendered on the server a moment after the last key (TeX as MathML). */
export function useQuestionRender(question: ImportQuestion | null): BankRenderReply | null {
  const [preview, setPreview] = useState<BankRenderReply | null>(null);
  const json = question ? JSON.stringify(question) : null;
  useEffect(() => {
    if (json === null) return;
    const abort = new AbortController();
    const timer = setTimeout(() => {
      renderBankQuestion(JSON.parse(json) as ImportQuestion, abort.signal).then(setPreview, () => undefined);
    }, 400);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [json]);
  return preview;
}

/** The preview panel: what is not right yet, then the question as the student sees it. */
export function QuestionPreviewPanel({ preview, headingLevel = 2 }: { preview: BankRenderReply | null; headingLevel?: 2 | 3 }) {
  const headingId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const issues = [...(preview?.issues.map((issue) => issue.message) ?? []), ...(preview?.problems ?? [])];
  return (
    <section aria-labelledby={headingId} className="min-w-0 rounded-box bg-base-100 p-4 shadow">
      <Heading id={headingId} className="mb-3 text-xl font-bold">Preview</Heading>
      {issues.length > 0 ? (
        <ul className="mb-3 list-inside list-disc text-sm text-warning-content" aria-label="Not right yet">
          {issues.map((message) => <li key={message} className="rounded bg-warning/20 px-2 py-1">{message}</li>)}
        </ul>
      ) : null}
      {preview ? (
        <Suspense fallback={<p className="opacity-80">The preview shows here as you type.</p>}>
          <QuestionPreview question={preview.question} solution />
        </Suspense>
      ) : <p className="opacity-80">The preview shows here as you type.</p>}
    </section>
  );
}
