import type { BankQuestion, BankQuestionInput, BankSubject } from '@invigil/shared/api/question-bank';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useParams } from 'wouter';
import type { ScreenProps } from '../../lib/screen-props';
import { showSnackbar } from '../../lib/snackbar';
import { StaffLayout } from '../staff-shell/staff-layout';
import { archiveBankQuestion, DIFFICULTY_NAMES, fetchBank, fetchBankQuestion, saveBankQuestion } from './bank-api';
import { EMPTY_QUESTION_FORM, Field, fromQuestionForm, QuestionFields, QuestionPreviewPanel, toQuestionForm, useQuestionRender, type QuestionForm } from './question-form';

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Something went wrong!');

/** The bank's form: the question's own fields (question-form.tsx) and how the bank files it. */
interface Form extends QuestionForm {
  name: string;
  subjectId: string;
  chapter: string;
  difficulty: string;
  labels: string;
}

const EMPTY: Form = { ...EMPTY_QUESTION_FORM, name: '', subjectId: '', chapter: '', difficulty: '', labels: '' };

function toForm(question: BankQuestion): Form {
  return {
    ...toQuestionForm(question.editable, question.kind === 'description'),
    name: question.name,
    subjectId: question.subject?.id ?? '',
    chapter: question.chapter ?? '',
    difficulty: question.difficulty ? String(question.difficulty) : '',
    labels: question.labels.join(', '),
  };
}

function toInput(form: Form): BankQuestionInput {
  return {
    name: form.name.trim() || (form.text.replace(/<[^>]*>/g, ' ').trim().slice(0, 80) || 'Untitled question'),
    kind: form.type === 'description' ? 'description' : 'question',
    question: fromQuestionForm(form),
    subject_id: form.subjectId || null,
    chapter: form.chapter.trim() || null,
    difficulty: form.difficulty ? (Number(form.difficulty) as 1 | 2 | 3) : null,
    labels: form.labels.split(',').map((label) => label.trim()).filter(Boolean),
  };
}

function Editor({ id }: { id: string | null }) {
  const [, navigate] = useLocation();
  const [form, setForm] = useState<Form | null>(id === null ? EMPTY : null);
  const [loaded, setLoaded] = useState<BankQuestion | null>(null);
  const [subjects, setSubjects] = useState<BankSubject[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
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
  const question = useMemo(() => (form ? fromQuestionForm(form) : null), [form]);
  const preview = useQuestionRender(question);

  if (failure) return <div className="alert alert-error" role="alert"><span>{failure}</span></div>;
  if (!form) {
    return (
      <div className="flex justify-center py-16" role="status" aria-label="Loading the question">
        <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      </div>
    );
  }

  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((current) => (current ? { ...current, [key]: value } : current));

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

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <form className="flex min-w-0 flex-col gap-4 rounded-box bg-base-100 p-4 shadow" onSubmit={(event) => void save(event)} noValidate>
        {loaded ? <p className="text-sm opacity-80">Version {loaded.version}. Saving makes a new version; tests that used an earlier one keep it.</p> : null}
        <Field label="Name" hint="For the bank's list; the text's first words when left empty.">
          {(fieldId, hintId) => <input id={fieldId} aria-describedby={hintId} className="input input-bordered w-full" value={form.name} onChange={(event) => set('name', event.target.value)} />}
        </Field>
        <QuestionFields form={form} onChange={(next) => setForm((current) => (current ? { ...current, ...next } : current))} />
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
      <QuestionPreviewPanel preview={preview} />
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
