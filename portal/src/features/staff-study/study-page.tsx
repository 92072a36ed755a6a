import type { StaffStudyItem, StaffStudyListReply, StaffStudyOptions } from '@invigil/shared/api/staff-study';
import { STAFF_STUDY_TYPE_LABELS, STAFF_STUDY_TYPES, submittedText, takesSubmissions } from '@invigil/shared/api/staff-study-text';
import type { StaffStudyType } from '@invigil/shared/api/staff-study-text';
import { Plus } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { ScreenProps } from '../../lib/screen-props';
import { useOverflows } from '../../ui/use-keyboard-scroll';
import { StaffLayout } from '../staff-shell/staff-layout';
import { StaffListBox } from '../staff-shell/staff-list-box';
import { StaffListPages } from '../staff-shell/staff-list-pages';
import { useStaffList } from '../staff-shell/use-staff-list';
import { fetchStudyItems, fetchStudyOptions } from './staff-study-api';
import type { StudyFilters } from './staff-study-api';
import { dateTimeText } from './study-text';

function ItemsTable({ items }: { items: StaffStudyItem[] }) {
  const box = useRef<HTMLDivElement>(null);
  // A table wider than a phone scrolls inside its own box, which Tab then reaches (axe: scrollable-region-focusable).
  const scrolls = useOverflows(box, true);
  return (
    <div ref={box} className="overflow-x-auto" {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': 'Study items table' } : {})}>
      <table className="table table-sm lg:table-md">
        <caption className="sr-only">Study items</caption>
        <thead>
          <tr>
            <th scope="col">Title</th>
            <th scope="col">Type</th>
            <th scope="col">Class</th>
            <th scope="col">Subject</th>
            <th scope="col">Due</th>
            <th scope="col">Submissions</th>
            <th scope="col">Graded</th>
            <th scope="col">Scores</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => {
            const submits = takesSubmissions(item.type);
            return (
              <tr key={item.id}>
                <th scope="row" className="min-w-48 font-normal">
                  <Link href={`/staff/study/${encodeURIComponent(item.id)}`} className="link link-primary font-semibold break-words">
                    {item.title}
                  </Link>
                  <p className="text-sm opacity-80">Published {dateTimeText(item.published_at)}</p>
                </th>
                <td className="whitespace-nowrap">{STAFF_STUDY_TYPE_LABELS[item.type]}</td>
                <td className="whitespace-nowrap">{item.class_name ?? 'Everyone'}</td>
                <td className="whitespace-nowrap">{item.subject_name}</td>
                <td className="whitespace-nowrap">{item.due_at === null ? '—' : dateTimeText(item.due_at)}</td>
                <td className="whitespace-nowrap">{submits ? submittedText(item.submitted, item.audience) : '—'}</td>
                <td className="whitespace-nowrap">{submits ? `${item.graded} graded` : '—'}</td>
                <td className="whitespace-nowrap">{submits ? item.result_published ? <span className="badge badge-success">Published</span> : <span className="badge badge-ghost">Not published</span> : '—'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function Select({ label, value, onChange, children }: { label: string; value: string; onChange: (value: string) => void; children: ReactNode }) {
  const id = useId();
  return (
    <div className="min-w-0 flex-1 basis-36 sm:flex-none sm:basis-44">
      <label htmlFor={id} className="label pb-1">
        <span className="label-text font-medium text-base-content">{label}</span>
      </label>
      <select id={id} className="select select-bordered w-full" value={value} onChange={(event) => onChange(event.target.value)}>
        {children}
      </select>
    </div>
  );
}

/** /staff/study (admin, teacher: their classes and subjects): the study items, filtered and searched, with their submissions. */
export default function StudyPage({ title }: ScreenProps) {
  const searchId = useId();
  const { filters, setFilters, query, setQuery, reply, failure, refresh } = useStaffList<StudyFilters, StaffStudyListReply>({ q: '', page: 1, type: '', classId: '', subjectId: '' }, fetchStudyItems);
  const [options, setOptions] = useState<StaffStudyOptions | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    fetchStudyOptions(abort.signal).then(setOptions, () => undefined);
    return () => abort.abort();
  }, []);
  const filtered = filters.q !== '' || filters.type !== '' || filters.classId !== '' || filters.subjectId !== '';
  return (
    <StaffLayout roles={['admin', 'teacher']}>
      <main className="mx-auto w-full max-w-7xl px-4 py-6">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-bold">{title}</h1>
          <Link href="/staff/study/new" className="btn btn-primary gap-1">
            <Plus className="h-4 w-4" aria-hidden="true" />
            New study item
          </Link>
        </div>
        <div className="mb-4 flex flex-wrap items-end gap-3">
          <div className="min-w-0 flex-1 basis-56">
            <label htmlFor={searchId} className="label pb-1">
              <span className="label-text font-medium text-base-content">Search titles</span>
            </label>
            <input id={searchId} type="search" className="input input-bordered w-full" value={query} onChange={(event) => setQuery(event.target.value)} />
          </div>
          <Select label="Type" value={filters.type} onChange={(type) => setFilters((current) => ({ ...current, type: type as '' | StaffStudyType, page: 1 }))}>
            <option value="">All types</option>
            {STAFF_STUDY_TYPES.map((type) => (
              <option key={type} value={type}>
                {STAFF_STUDY_TYPE_LABELS[type]}
              </option>
            ))}
          </Select>
          <Select label="Class" value={filters.classId} onChange={(classId) => setFilters((current) => ({ ...current, classId, page: 1 }))}>
            <option value="">All classes</option>
            {options?.everyone ? <option value="everyone">Everyone</option> : null}
            {options?.classes.map((item) => (
              <option key={item.id} value={item.id}>
                {item.name}
              </option>
            ))}
          </Select>
          <Select label="Subject" value={filters.subjectId} onChange={(subjectId) => setFilters((current) => ({ ...current, subjectId, page: 1 }))}>
            <option value="">All subjects</option>
            {options?.subjects.map((item) => (
              <option key={item.id} value={item.id}>
                {item.name}
              </option>
            ))}
          </Select>
        </div>
        <StaffListBox failure={failure} reply={reply} loadingLabel="Loading study items" onRetry={refresh}>
          {(loaded) => (
            <>
              {loaded.items.length === 0 ? (
                <p className="px-4 py-10 text-center">{filtered ? 'No study items match the search and filters.' : 'No study items yet: publish one with “New study item”.'}</p>
              ) : (
                <ItemsTable items={loaded.items} />
              )}
              <StaffListPages label="Study item pages" page={loaded.page} pageSize={loaded.pageSize} total={loaded.total} shown={loaded.items.length} onPage={(page) => setFilters((current) => ({ ...current, page }))} />
            </>
          )}
        </StaffListBox>
      </main>
    </StaffLayout>
  );
}
