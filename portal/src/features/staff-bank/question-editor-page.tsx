import type { BankQuestion, BankQuestionInput, BankRenderReply, BankSubject } from '@invigil/shared/api/question-bank';
import type { ImportQuestion } from '@invigil/shared/api/test-import';
import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useLocation, useParams } from 'wouter';
import type { ScreenProps } from '../../lib/screen-props';
import { showSnackbar } from '../../lib/snackbar';
import { StaffLayout } from '../staff-shell/staff-layout';
import { archiveBankQuestion, DIFFICULTY_NAMES, fetchBank, fetchBankQuestion, renderBankQuestion, saveBankQuestion, TYPE_NAMES } from './bank-api';
import { QuestionPreview } from './question-preview';

const LABELS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J'];
const CHOICE = new Set([3, 4, 5, 7]);
const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Something went wrong!');

interface Form {
  name: string;
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
  subjectId: string;
  chapter: string;
  difficulty: string;
  labels: string;
}

const EMPTY: Form = { name: '', type: '3', text: '', options: ['', '', '', ''], single: '', multi: [], from: '', to: '', pm: '4', nm: '1', solution: '', extra: '', subjectId: '', chapter: '', difficulty: '', labels: '' };

function toForm(question: BankQuestion): Form {
  const q = question.editable;
  const labels = Object.keys(q.options).sort();
  const count = Math.max(q.noo ?? 0, labels.length, CHOICE.has(q.qt) ? 2 : 0);
  const answer = q.answer;
  const [from, to] = typeof answer === 'string' && answer.includes('..') ? answer.split('..') : [answer === null || Array.isArray(answer) ? '' : String(answer), ''];
  return {
    name: question.name,
    type: question.kind === 'description' ? 'description' : String(q.qt),
    text: q.text,
    options: Array.from({ length: count }, (_, i) => q.options[LABELS[i] as string] ?? ''),
    single: typeof answer === 'string' && CHOICE.has(q.qt) ? answer : '',
    multi: Array.isArray(answer) ? answer : [],
    from: q.qt === 6 ? (from ?? '') : '',
    to: q.qt === 6 ? (to ?? '') : '',
    pm: String(q.pm),
    nm: String(q.nm),
    solution: q.solution ?? '',
    extra: q.extra ?? '',
    subjectId: question.subject?.id ?? '',
    chapter: question.chapter ?? '',
    difficulty: question.difficulty ? String(question.difficulty) : '',
    labels: question.labels.join(', '),
  };
}

function toInput(form: Form): BankQuestionInput {
  const description = form.type === 'description';
  const qt = (description ? 1 : Number(form.type)) as ImportQuestion['qt'];
  const choice = CHOICE.has(qt);
  const options: Record<string, string> = {};
  if (choice) form.options.forEach((html, i) => (options[LABELS[i] as string] = html));
  const answer = description ? null : qt === 4 ? form.multi : choice ? form.single || null : qt === 6 ? (form.to.trim() ? `${form.from.trim()}..${form.to.trim()}` : form.from.trim() || null) : null;
  return {
    name: form.name.trim() || (form.text.replace(/<[^>]*>/g, ' ').trim().slice(0, 80) || 'Untitled question'),
    kind: description ? 'description' : 'question',
    question: {
      qt,
      pm: description ? 0 : Number(form.pm) || 0,
      nm: description ? 0 : Number(form.nm) || 0,
      ...(choice ? { noo: form.options.length } : {}),
      text: form.text,
      options,
      answer,
      solution: form.solution.trim() ? form.solution : null,
      extra: qt === 5 && form.extra.trim() ? form.extra : null,
    },
    subject_id: form.subjectId || null,
    chapter: form.chapter.trim() || null,
    difficulty: form.difficulty ? (Number(form.difficulty) as 1 | 2 | 3) : null,
    labels: form.labels.split(',').map((label) => label.trim()).filter(Boolean),
  };
}

function Field({ label, children, hint, wide = false }: { label: string; children: (id: string, hintId: string | undefined) => ReactNode; hint?: string; wide?: boolean }) {
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
function HtmlArea({ id, hintId, value, onChange, label, rows = 4 }: { id: string; hintId?: string | undefined; value: string; onChange: (value: string) => void; label: string; rows?: number }) {
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

function Editor({ id }: { id: string | null }) {
  const [, navigate] = useLocation();
  const [form, setForm] = useState<Form | null>(id === null ? EMPTY : null);
  const [loaded, setLoaded] = useState<BankQuestion | null>(null);
  const [subjects, setSubjects] = useState<BankSubject[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [preview, setPreview] = useState<BankRenderReply | null>(null);
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);

  useEffect(() => {
    const abort = new AbortController();
    fetchBank({ q: '', subject: '', chapter: '', difficulty: '', type: '', page: 1 }, abort.signal).then((reply) => setSubjects(reply.subjects), () => undefined);
    if (id !== null) {
      fetchBankQuestion(id, abort.signal).then(
        (question) => {
          setLoaded(question);
          setForm(toForm(question));
        },
        (error: unknown) => {
          if (!abort.signal.aborted) setFailure(messageOf(error));
        },
      );
    }
    return () => abort.abort();
  }, [id]);

  // The preview follows the form, a moment after the last key (TeX is converted on the server).
  useEffect(() => {
    if (!form) return;
    const abort = new AbortController();
    const timer = setTimeout(() => {
      renderBankQuestion(toInput(form).question, abort.signal).then(setPreview, () => undefined);
    }, 400);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [form]);

  if (failure) return <div className="alert alert-error" role="alert"><span>{failure}</span></div>;
  if (!form) {
    return (
      <div className="flex justify-center py-16" role="status" aria-label="Loading the question">
        <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      </div>
    );
  }

  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((current) => (current ? { ...current, [key]: value } : current));
  const qt = form.type === 'description' ? 1 : Number(form.type);
  const choice = CHOICE.has(qt);

  async function save(event: React.FormEvent) {
    event.preventDefault();
    if (!form) return;
    setSaving(true);
    setErrors([]);
    try {
      const saved = await saveBankQuestion(id, toInput(form));
      showSnackbar(`Saved: version ${saved.version}.`, { color: 'success' });
      setLoaded(saved);
      if (id === null) navigate(`/staff/bank/${saved.id}`, { replace: true });
    } catch (error) {
      const issues = (error as { issues?: { message: string }[] }).issues;
      setErrors(issues && issues.length > 0 ? issues.map((issue) => issue.message) : [messageOf(error)]);
    } finally {
      setSaving(false);
    }
  }

  async function archive() {
    if (id === null || !window.confirm('Archive this question? Tests that use it keep it.')) return;
    try {
      await archiveBankQuestion(id);
      showSnackbar('The question is archived.', { color: 'success' });
      navigate('/staff/bank');
    } catch (error) {
      showSnackbar(messageOf(error), { color: 'error' });
    }
  }

  const issues = [...(preview?.issues.map((issue) => issue.message) ?? []), ...(preview?.problems ?? [])];
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <form className="flex min-w-0 flex-col gap-4 rounded-box bg-base-100 p-4 shadow" onSubmit={(event) => void save(event)} noValidate>
        {loaded ? <p className="text-sm opacity-80">Version {loaded.version}. Saving makes a new version; tests that used an earlier one keep it.</p> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Type">
            {(fieldId) => (
              <select id={fieldId} className="select select-bordered w-full" value={form.type} onChange={(event) => set('type', event.target.value)}>
                {Object.entries(TYPE_NAMES).map(([key, name]) => <option key={key} value={key}>{name}</option>)}
              </select>
            )}
          </Field>
          <Field label="Name" hint="For the bank's list; the text's first words when left empty.">
            {(fieldId, hintId) => <input id={fieldId} aria-describedby={hintId} className="input input-bordered w-full" value={form.name} onChange={(event) => set('name', event.target.value)} />}
          </Field>
        </div>
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
                    <input type="radio" name="key" className="radio" aria-label={`Option ${label} is correct`} checked={form.single === label} onChange={() => set('single', label)} />
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
                  setForm({ ...form, options: form.options.slice(0, -1), single: form.single === last ? '' : form.single, multi: form.multi.filter((item) => item !== last) });
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
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Subject">
            {(fieldId) => (
              <select id={fieldId} className="select select-bordered w-full" value={form.subjectId} onChange={(event) => set('subjectId', event.target.value)}>
                <option value="">None</option>
                {subjects.map((subject) => <option key={subject.id} value={subject.id}>{subject.name}</option>)}
              </select>
            )}
          </Field>
          <Field label="Chapter">
            {(fieldId) => <input id={fieldId} className="input input-bordered w-full" value={form.chapter} onChange={(event) => set('chapter', event.target.value)} />}
          </Field>
          <Field label="Difficulty">
            {(fieldId) => (
              <select id={fieldId} className="select select-bordered w-full" value={form.difficulty} onChange={(event) => set('difficulty', event.target.value)}>
                <option value="">Not set</option>
                {Object.entries(DIFFICULTY_NAMES).map(([key, name]) => <option key={key} value={key}>{name}</option>)}
              </select>
            )}
          </Field>
          <Field label="Tags" hint="Separated by commas.">
            {(fieldId, hintId) => <input id={fieldId} aria-describedby={hintId} className="input input-bordered w-full" value={form.labels} onChange={(event) => set('labels', event.target.value)} />}
          </Field>
        </div>
        {errors.length > 0 ? (
          <div className="alert alert-error flex-col items-start" role="alert">
            {errors.map((message) => <p key={message}>{message}</p>)}
          </div>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <button type="submit" className="btn btn-primary" disabled={saving}>{saving ? 'Saving...' : 'Save question'}</button>
          <button type="button" className="btn" onClick={() => navigate('/staff/bank')}>Back to the bank</button>
          {id !== null ? <button type="button" className="btn btn-outline btn-error ml-auto" onClick={() => void archive()}>Archive</button> : null}
        </div>
      </form>
      <section aria-labelledby="preview-heading" className="min-w-0 rounded-box bg-base-100 p-4 shadow">
        <h2 id="preview-heading" className="mb-3 text-xl font-bold">Preview</h2>
        {issues.length > 0 ? (
          <ul className="mb-3 list-inside list-disc text-sm text-warning-content" aria-label="Not right yet">
            {issues.map((message) => <li key={message} className="rounded bg-warning/20 px-2 py-1">{message}</li>)}
          </ul>
        ) : null}
        {preview ? <QuestionPreview question={preview.question as ImportQuestion} solution /> : <p className="opacity-80">The preview shows here as you type.</p>}
      </section>
    </div>
  );
}

/** /staff/bank/new and /staff/bank/:id (admin, teacher): a question of the bank, edited beside its live preview. */
export default function QuestionEditorPage({ title }: ScreenProps) {
  const params = useParams<{ id?: string }>();
  const id = params.id && params.id !== 'new' ? params.id : null;
  return (
    <StaffLayout roles={['admin', 'teacher']}>
      <main className="mx-auto w-full max-w-7xl px-4 py-6">
        <h1 className="mb-4 text-2xl font-bold">{title}</h1>
        <Editor key={id ?? 'new'} id={id} />
      </main>
    </StaffLayout>
  );
}
