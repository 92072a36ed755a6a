import type { StaffClass, StaffStudentListReply, StudentStatus } from '@invigil/shared/api/staff-students';
import { NO_CLASS, STUDENT_STATUS_LABELS, STUDENT_STATUSES } from '@invigil/shared/api/staff-students-text';
import { useSignals } from '@preact/signals-react/runtime';
import { Upload, UserPlus } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link, useSearch } from 'wouter';
import type { ScreenProps } from '../../lib/screen-props';
import { formatDateTime } from '../../lib/date-time';
import { StaffListPages } from '../staff-shell/staff-list-pages';
import { StaffListBox } from '../staff-shell/staff-list-box';
import { useOverflows } from '../../ui/use-keyboard-scroll';
import { staffSession } from '../staff-auth/staff-session';
import { StaffLayout } from '../staff-shell/staff-layout';
import { useStaffList } from '../staff-shell/use-staff-list';
import { fetchClasses } from '../staff-classes/staff-classes-api';
import { fetchStudents } from './staff-students-api';
import type { StudentFilters } from './staff-students-api';
import { StatusBadge } from './status-badge';

const loadAddDialog = () => import('./add-student-dialog');
const AddStudentDialog = lazy(() => loadAddDialog().then((module) => ({ default: module.AddStudentDialog })));
const preloadAdd = () => void loadAddDialog().catch(() => undefined);

/** The search is sent this long after the last key. */

function StudentsTable({ reply }: { reply: StaffStudentListReply }) {
  const box = useRef<HTMLDivElement>(null);
  // A table wider than a phone scrolls inside its own box, which Tab then reaches (axe: scrollable-region-focusable).
  const scrolls = useOverflows(box, true);
  return (
    <div ref={box} className="overflow-x-auto" {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': 'Students table' } : {})}>
      <table className="table table-sm lg:table-md">
        <caption className="sr-only">Students</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Reg. No.</th>
            <th scope="col">Class</th>
            <th scope="col">Status</th>
            <th scope="col">Last sign-in</th>
          </tr>
        </thead>
        <tbody>
          {reply.items.map((student) => (
            <tr key={student.id}>
              <th scope="row" className="min-w-36 font-normal">
                <Link href={`/staff/students/${encodeURIComponent(student.id)}`} className="link link-primary font-semibold">{student.name}</Link>
              </th>
              <td className="whitespace-nowrap">{student.regNo}</td>
              <td className="whitespace-nowrap">{student.className ?? <span className="opacity-70">No class</span>}</td>
              <td><StatusBadge status={student.status} /></td>
              <td className="whitespace-nowrap">{student.lastSignInAt === null ? 'Never' : formatDateTime(student.lastSignInAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Select({ label, value, onChange, children }: { label: string; value: string; onChange: (value: string) => void; children: React.ReactNode }) {
  const id = useId();
  return (
    <div className="min-w-0 flex-1 basis-36 sm:flex-none sm:basis-44">
      <label htmlFor={id} className="label pb-1"><span className="label-text font-medium text-base-content">{label}</span></label>
      <select id={id} className="select select-bordered w-full" value={value} onChange={(event) => onChange(event.target.value)}>{children}</select>
    </div>
  );
}

function StudentsList({ isAdmin }: { isAdmin: boolean }) {
  const searchId = useId();
  const search = useSearch();
  // The Classes screen links here with ?class=<id>.
  const { filters, setFilters, query, setQuery, reply, failure, refresh, reload } = useStaffList<StudentFilters, StaffStudentListReply>(
    () => ({ q: '', classId: new URLSearchParams(search).get('class') ?? '', status: '', page: 1 }),
    fetchStudents,
  );
  const [classes, setClasses] = useState<StaffClass[]>([]);
  const [adding, setAdding] = useState(false);
  const [addWanted, setAddWanted] = useState(false);

  useEffect(() => {
    const abort = new AbortController();
    fetchClasses(abort.signal).then(setClasses, () => undefined);
    return () => abort.abort();
  }, [reload]);


  const filtered = filters.q !== '' || filters.classId !== '' || filters.status !== '';
  return (
    <>
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1 basis-56">
          <label htmlFor={searchId} className="label pb-1"><span className="label-text font-medium text-base-content">Search students</span></label>
          <input id={searchId} type="search" className="input input-bordered w-full" placeholder="Name, reg. no., email or phone" value={query} onChange={(event) => setQuery(event.target.value)} />
        </div>
        <Select label="Class" value={filters.classId} onChange={(classId) => setFilters((current) => ({ ...current, classId, page: 1 }))}>
          <option value="">All classes</option>
          {classes.map((item) => <option key={item.id} value={item.id}>{item.name}</option>)}
          {isAdmin ? <option value={NO_CLASS}>No class</option> : null}
        </Select>
        <Select label="Status" value={filters.status} onChange={(status) => setFilters((current) => ({ ...current, status: status as '' | StudentStatus, page: 1 }))}>
          <option value="">Any status</option>
          {STUDENT_STATUSES.map((status) => <option key={status} value={status}>{STUDENT_STATUS_LABELS[status]}</option>)}
        </Select>
        {isAdmin ? (
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn btn-primary gap-1" onPointerEnter={preloadAdd} onFocus={preloadAdd} onClick={() => { setAddWanted(true); setAdding(true); }}>
              <UserPlus className="h-4 w-4" aria-hidden="true" />Add student
            </button>
            <Link href="/staff/students/upload" className="btn btn-outline gap-1"><Upload className="h-4 w-4" aria-hidden="true" />Upload students</Link>
          </div>
        ) : null}
      </div>
      <StaffListBox failure={failure} reply={reply} loadingLabel="Loading students" onRetry={refresh}>
        {(reply) => (
          <>
            {reply.items.length === 0 ? (
              <p className="px-4 py-10 text-center">{filtered ? 'No students match the search and filters.' : isAdmin ? 'No students yet: add one or upload a spreadsheet.' : 'No students in your classes yet.'}</p>
            ) : (
              <StudentsTable reply={reply} />
            )}
            <StaffListPages label="Student pages" page={reply.page} pageSize={reply.pageSize} total={reply.total} shown={reply.items.length} onPage={(page) => setFilters((current) => ({ ...current, page }))} />
          </>
        )}
      </StaffListBox>
      {addWanted ? (
        <Suspense fallback={null}>
          <AddStudentDialog open={adding} classes={classes} onClose={() => setAdding(false)} onAdded={refresh} />
        </Suspense>
      ) : null}
    </>
  );
}

/** /staff/students (admin, teacher: their classes only): searched, filtered, paged; add, upload. */
export default function StaffStudentsPage({ title }: ScreenProps) {
  useSignals();
  const isAdmin = staffSession.value?.staff.role === 'admin';
  return (
    <StaffLayout roles={['admin', 'teacher']}>
      <main className="mx-auto w-full max-w-6xl px-4 py-6">
        <h1 className="mb-4 text-2xl font-bold">{title}</h1>
        <StudentsList isAdmin={isAdmin} />
      </main>
    </StaffLayout>
  );
}
