import type { BankListItem, BankListReply } from '@invigil/shared/api/question-bank';
import { FileDown, FileUp, Plus } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import type { ScreenProps } from '../../lib/screen-props';
import { showSnackbar } from '../../lib/snackbar';
import { useOverflows } from '../../ui/use-keyboard-scroll';
import { StaffLayout } from '../staff-shell/staff-layout';
import { useStaffList } from '../staff-shell/use-staff-list';
import type { BankFilters } from './bank-api';
import { DIFFICULTY_NAMES, exportQuestions, fetchBank, TYPE_NAMES } from './bank-api';
import { StaffListBox } from '../staff-shell/staff-list-box';

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Something went wrong!');
const typeName = (item: Pick<BankListItem, 'kind' | 'qt'>) => (item.kind === 'description' ? TYPE_NAMES['description'] : TYPE_NAMES[String(item.qt)]) ?? `Type ${item.qt}`;

function Select({ label, value, onChange, options }: { label: string; value: string; onChange: (value: string) => void; options: [string, string][] }) {
  const id = useId();
  return (
    <div className="min-w-0 flex-1 basis-40">
      <label htmlFor={id} className="label pb-1"><span className="label-text font-medium text-base-content">{label}</span></label>
      <select id={id} className="select select-bordered w-full" value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">All</option>
        {options.map(([key, name]) => <option key={key} value={key}>{name}</option>)}
      </select>
    </div>
  );
}

function QuestionsTable({ reply, selected, onSelect }: { reply: BankListReply; selected: Set<string>; onSelect: (ids: string[], on: boolean) => void }) {
  const box = useRef<HTMLDivElement>(null);
  const scrolls = useOverflows(box, true);
  const all = reply.items.length > 0 && reply.items.every((item) => selected.has(item.id));
  return (
    <div ref={box} className="overflow-x-auto" {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': 'Questions table' } : {})}>
      <table className="table table-sm lg:table-md">
        <caption className="sr-only">Questions</caption>
        <thead>
          <tr>
            <th scope="col" className="w-8">
              <input type="checkbox" className="checkbox checkbox-sm" aria-label="Select every question on this page" checked={all} onChange={(event) => onSelect(reply.items.map((item) => item.id), event.target.checked)} />
            </th>
            <th scope="col">Question</th>
            <th scope="col">Type</th>
            <th scope="col">Marks</th>
            <th scope="col">Tags</th>
          </tr>
        </thead>
        <tbody>
          {reply.items.map((item) => (
            <tr key={item.id}>
              <td>
                <input type="checkbox" className="checkbox checkbox-sm" aria-label={`Select ${item.name}`} checked={selected.has(item.id)} onChange={(event) => onSelect([item.id], event.target.checked)} />
              </td>
              <th scope="row" className="min-w-56 max-w-xl font-normal">
                <Link href={`/staff/bank/${item.id}`} className="link link-primary font-semibold">{item.name}</Link>
                {item.first_line && item.first_line !== item.name ? <p className="line-clamp-2 text-sm opacity-80">{item.first_line}</p> : null}
              </th>
              <td className="whitespace-nowrap">{typeName(item)}</td>
              <td className="whitespace-nowrap">{item.kind === 'description' ? '-' : item.nm > 0 ? `+${item.pm} / -${item.nm}` : `+${item.pm}`}</td>
              <td className="min-w-40">
                <ul className="flex flex-wrap gap-1" aria-label="Tags">
                  {item.subject ? <li className="badge badge-sm badge-primary badge-outline">{item.subject.name}</li> : null}
                  {item.chapter ? <li className="badge badge-sm badge-outline">{item.chapter}</li> : null}
                  {item.difficulty ? <li className="badge badge-sm badge-outline">{DIFFICULTY_NAMES[String(item.difficulty)]}</li> : null}
                  {item.labels.map((label) => <li key={label} className="badge badge-sm badge-ghost">{label}</li>)}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Bank() {
  const searchId = useId();
  const { filters, setFilters, query, setQuery, reply, failure, refresh } = useStaffList<BankFilters, BankListReply>(
    { q: '', subject: '', chapter: '', difficulty: '', type: '', page: 1 },
    fetchBank,
  );
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [exporting, setExporting] = useState(false);


  const set = (key: keyof BankFilters) => (value: string) => setFilters((current) => ({ ...current, [key]: value, page: 1 }));
  const select = (ids: string[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) if (on) next.add(id); else next.delete(id);
      return next;
    });

  async function runExport() {
    setExporting(true);
    try {
      await exportQuestions([...selected]);
      showSnackbar(`${selected.size} question${selected.size === 1 ? '' : 's'} exported to Moodle XML.`, { color: 'success' });
    } catch (error) {
      showSnackbar(messageOf(error), { color: 'error' });
    } finally {
      setExporting(false);
    }
  }

  const pages = reply ? Math.max(1, Math.ceil(reply.total / reply.page_size)) : 1;
  return (
    <>
      <div className="mb-3 flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1 basis-64">
          <label htmlFor={searchId} className="label pb-1"><span className="label-text font-medium text-base-content">Search questions</span></label>
          <input id={searchId} type="search" className="input input-bordered w-full" placeholder="Words of the name or text" value={query} onChange={(event) => setQuery(event.target.value)} />
        </div>
        <Link href="/staff/bank/new" className="btn btn-primary gap-1"><Plus className="h-4 w-4" aria-hidden="true" />Add question</Link>
        <Link href="/staff/bank/import" className="btn btn-outline gap-1"><FileUp className="h-4 w-4" aria-hidden="true" />Import questions</Link>
      </div>
      <div className="mb-4 flex flex-wrap gap-3">
        <Select label="Subject" value={filters.subject} onChange={set('subject')} options={(reply?.subjects ?? []).map((subject) => [subject.id, subject.name])} />
        <Select label="Chapter" value={filters.chapter} onChange={set('chapter')} options={(reply?.chapters ?? []).map((chapter) => [chapter, chapter])} />
        <Select label="Difficulty" value={filters.difficulty} onChange={set('difficulty')} options={Object.entries(DIFFICULTY_NAMES)} />
        <Select label="Type" value={filters.type} onChange={set('type')} options={Object.entries(TYPE_NAMES)} />
      </div>
      <StaffListBox
        failure={failure}
        reply={reply}
        loadingLabel="Loading questions"
        onRetry={refresh}
        header={(reply) => (
          <div className="flex flex-wrap items-center gap-3 border-b border-base-300 px-4 py-2 text-sm">
            <p aria-live="polite">{reply.total} question{reply.total === 1 ? '' : 's'}{selected.size > 0 ? `, ${selected.size} selected` : ''}</p>
            <button type="button" className="btn btn-sm btn-outline ml-auto gap-1" disabled={selected.size === 0 || exporting} onClick={() => void runExport()}>
              <FileDown className="h-4 w-4" aria-hidden="true" />Export selected to Moodle XML
            </button>
          </div>
        )}
      >
        {(reply) => (
          <>
            {reply.items.length === 0 ? (
              <p className="px-4 py-10 text-center">{filters.q ? `No questions match “${filters.q}”.` : 'No questions yet: add one or import a file.'}</p>
            ) : (
              <QuestionsTable reply={reply} selected={selected} onSelect={select} />
            )}
            <nav aria-label="Question pages" className="flex flex-wrap items-center justify-end gap-3 px-4 py-3 text-sm">
              <span>Page {reply.page} of {pages}</span>
              <button type="button" className="btn btn-sm" disabled={reply.page <= 1} onClick={() => setFilters((current) => ({ ...current, page: current.page - 1 }))}>Previous page</button>
              <button type="button" className="btn btn-sm" disabled={reply.page >= pages} onClick={() => setFilters((current) => ({ ...current, page: current.page + 1 }))}>Next page</button>
            </nav>
          </>
        )}
      </StaffListBox>
    </>
  );
}

/** /staff/bank (admin, teacher): the question bank, searched, filtered and paged; add, import, export. */
export default function BankPage({ title }: ScreenProps) {
  return (
    <StaffLayout roles={['admin', 'teacher']}>
      <main className="mx-auto w-full max-w-6xl px-4 py-6">
        <h1 className="mb-4 text-2xl font-bold">{title}</h1>
        <Bank />
      </main>
    </StaffLayout>
  );
}
