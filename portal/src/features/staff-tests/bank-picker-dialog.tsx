import type { BankListReply } from '@invigil/shared/api/question-bank';
import type { DraftQuestion } from '@invigil/shared/api/staff-tests';
import { useEffect, useState } from 'react';
import { Modal } from '../../ui/modal';
import type { BankFilters } from '../staff-bank/bank-api';
import { DIFFICULTY_NAMES, fetchBank, fetchBankQuestion, TYPE_NAMES } from '../staff-bank/bank-api';
import { useStaffList } from '../staff-shell/use-staff-list';
import { SelectField } from './editor-fields';
import { fieldId } from './test-draft';

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Something went wrong!');
const withAll = (entries: readonly (readonly [string, string])[]) => [['', 'All'] as const, ...entries];

/** The bank's questions for one picked question: its full question (as the editor edits it, TeX) at its version. */
async function pickedQuestions(ids: readonly string[]): Promise<DraftQuestion[]> {
  const questions = await Promise.all(ids.map((id) => fetchBankQuestion(id)));
  return questions.map((item) => ({ bank: { id: item.id, version: item.version }, question: item.editable }));
}

/** "Add from bank": the bank searched with its filters, questions ticked, then added to a section. */
export function BankPickerDialog({ open, sectionName, onClose, onAdd }: { open: boolean; sectionName: string; onClose: () => void; onAdd: (questions: DraftQuestion[]) => void }) {
  const { filters, setFilters, query, setQuery, reply, failure, refresh } = useStaffList<BankFilters, BankListReply>({ q: '', subject: '', chapter: '', difficulty: '', type: '', page: 1 }, fetchBank);
  const [picked, setPicked] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [addFailure, setAddFailure] = useState<string | null>(null);
  useEffect(() => {
    if (open) document.getElementById(fieldId('bank-search'))?.focus();
  }, [open]);
  const set = (key: keyof BankFilters) => (value: string) => setFilters((current) => ({ ...current, [key]: value, page: 1 }));
  const pages = reply ? Math.max(1, Math.ceil(reply.total / reply.page_size)) : 1;

  async function add() {
    setBusy(true);
    setAddFailure(null);
    try {
      onAdd(await pickedQuestions(picked));
      setPicked([]);
    } catch (error) {
      setAddFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={open}
      title={`Add from the bank to ${sectionName || 'the section'}`}
      onClose={onClose}
      size="lg"
      actions={
        <>
          <button type="button" className="btn" onClick={onClose}>Cancel</button>
          <button type="button" className="btn btn-primary" disabled={picked.length === 0 || busy} onClick={() => void add()}>
            {busy ? 'Adding...' : `Add ${picked.length} question${picked.length === 1 ? '' : 's'}`}
          </button>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={fieldId('bank-search')} className="font-medium">Search the bank</label>
          <input id={fieldId('bank-search')} type="search" className="input input-bordered w-full" placeholder="Words of the name or text" value={query} onChange={(event) => setQuery(event.target.value)} />
        </div>
        <div className="grid grid-cols-2 gap-3">
          <SelectField id={fieldId('bank-subject')} label="Subject" value={filters.subject} onChange={set('subject')} options={withAll((reply?.subjects ?? []).map((subject) => [subject.id, subject.name] as const))} />
          <SelectField id={fieldId('bank-chapter')} label="Chapter" value={filters.chapter} onChange={set('chapter')} options={withAll((reply?.chapters ?? []).map((chapter) => [chapter, chapter] as const))} />
          <SelectField id={fieldId('bank-difficulty')} label="Difficulty" value={filters.difficulty} onChange={set('difficulty')} options={withAll(Object.entries(DIFFICULTY_NAMES))} />
          <SelectField id={fieldId('bank-type')} label="Type" value={filters.type} onChange={set('type')} options={withAll(Object.entries(TYPE_NAMES))} />
        </div>
        {failure && reply === null ? (
          <div className="alert alert-error" role="alert">
            <span>{failure}</span>
            <button type="button" className="btn btn-sm" onClick={refresh}>Retry</button>
          </div>
        ) : reply === null ? (
          <div className="flex justify-center py-8" role="status" aria-label="Loading questions">
            <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
          </div>
        ) : (
          <>
            <p aria-live="polite">{reply.total} question{reply.total === 1 ? '' : 's'}{picked.length > 0 ? `, ${picked.length} ticked` : ''}</p>
            {reply.items.length === 0 ? <p>{filters.q ? `No questions match “${filters.q}”.` : 'No questions match.'}</p> : null}
            <ul className="flex flex-col gap-1">
              {reply.items.map((item) => {
                const id = fieldId(`bank-pick-${item.id}`);
                return (
                  <li key={item.id} className="flex items-start gap-3 rounded-box bg-base-200 px-3 py-2">
                    <input id={id} type="checkbox" className="checkbox checkbox-sm mt-1" checked={picked.includes(item.id)} onChange={(event) => setPicked((current) => (event.target.checked ? [...current, item.id] : current.filter((entry) => entry !== item.id)))} />
                    <label htmlFor={id} className="min-w-0 flex-1">
                      <span className="font-semibold">{item.name}</span>
                      <span className="block text-sm opacity-80">
                        {item.kind === 'description' ? TYPE_NAMES['description'] : TYPE_NAMES[String(item.qt)]} · {item.kind === 'description' ? 'no marks' : item.nm > 0 ? `+${item.pm} / -${item.nm}` : `+${item.pm}`}
                        {item.subject ? ` · ${item.subject.name}` : ''}{item.chapter ? ` · ${item.chapter}` : ''}
                      </span>
                      {item.first_line && item.first_line !== item.name ? <span className="block line-clamp-2 text-sm">{item.first_line}</span> : null}
                    </label>
                  </li>
                );
              })}
            </ul>
            <nav aria-label="Bank pages" className="flex flex-wrap items-center justify-end gap-3 text-sm">
              <span>Page {reply.page} of {pages}</span>
              <button type="button" className="btn btn-sm" disabled={reply.page <= 1} onClick={() => setFilters((current) => ({ ...current, page: current.page - 1 }))}>Previous page</button>
              <button type="button" className="btn btn-sm" disabled={reply.page >= pages} onClick={() => setFilters((current) => ({ ...current, page: current.page + 1 }))}>Next page</button>
            </nav>
          </>
        )}
        {addFailure ? <p className="text-error" role="alert">{addFailure}</p> : null}
      </div>
    </Modal>
  );
}
