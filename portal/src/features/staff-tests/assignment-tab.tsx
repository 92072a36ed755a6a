import type { TestEditorOptions } from '@invigil/shared/api/staff-tests';
import type { StaffStudent } from '@invigil/shared/api/staff-students';
import { UserPlus, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { fetchStudents } from '../staff-students/staff-students-api';
import { CheckField, type TabProps } from './editor-fields';
import { fieldId } from './test-draft';

const SEARCH_DELAY_MS = 300;
const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Something went wrong!');

const toggled = (list: readonly string[], id: string, on: boolean) => (on ? [...new Set([...list, id])] : list.filter((item) => item !== id));

/** Students found by the search, each with Add (or "Added"). */
function StudentSearch({ chosen, onAdd }: { chosen: readonly string[]; onAdd: (student: StaffStudent) => void }) {
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<StaffStudent[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    const q = query.trim();
    if (q === '') {
      setFound(null);
      return;
    }
    const abort = new AbortController();
    const timer = setTimeout(() => {
      fetchStudents({ q, classId: '', status: '', page: 1 }, abort.signal).then(
        (reply) => {
          setFound(reply.items);
          setFailure(null);
        },
        (error: unknown) => {
          if (!abort.signal.aborted) setFailure(messageOf(error));
        },
      );
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [query]);
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={fieldId('student-search')} className="font-medium">Find a student</label>
      <input id={fieldId('student-search')} type="search" className="input input-bordered w-full" placeholder="Name or registration number" value={query} onChange={(event) => setQuery(event.target.value)} />
      {failure ? <p className="text-error" role="alert">{failure}</p> : null}
      {found !== null ? (
        <ul className="flex flex-col gap-1" aria-label="Students found" aria-live="polite">
          {found.length === 0 ? <li>No student matches “{query.trim()}”.</li> : null}
          {found.slice(0, 10).map((student) => {
            const added = chosen.includes(student.regNo);
            return (
              <li key={student.id} className="flex flex-wrap items-center gap-2 rounded-box bg-base-200 px-3 py-1">
                <span className="min-w-0 flex-1">{student.name} <span className="opacity-80">({student.regNo}{student.className ? `, ${student.className}` : ''})</span></span>
                <button type="button" className="btn btn-sm btn-outline gap-1" disabled={added} onClick={() => onAdd(student)} aria-label={added ? `${student.name} is added` : `Add ${student.name}`}>
                  <UserPlus className="h-4 w-4" aria-hidden="true" />{added ? 'Added' : 'Add'}
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}

/** Assignment: open to all, classes, students by registration number, and the proctors who watch it. */
export function AssignmentTab({ draft, change, options, names, onName }: TabProps & { options: TestEditorOptions; names: Readonly<Record<string, string>>; onName: (regNo: string, name: string) => void }) {
  return (
    <div className="flex flex-col gap-6">
      <CheckField
        id={fieldId('open_to_all')}
        label="Open to all students"
        checked={draft.open_to_all}
        onChange={(open_to_all) => change((current) => ({ ...current, open_to_all }))}
        hint="Every student sees it; the classes and students below then change nothing."
      />
      <fieldset className="flex flex-col gap-2 focus:outline-2 focus:outline-offset-2 focus:outline-primary" id={fieldId('classes')} tabIndex={-1}>
        <legend className="mb-1 text-lg font-bold">Classes</legend>
        {options.classes.length === 0 ? <p>No classes to choose from.</p> : null}
        <div className="grid gap-2 sm:grid-cols-2">
          {options.classes.map((item) => (
            <CheckField key={item.id} id={fieldId(`class-${item.id}`)} label={item.name} checked={draft.classes.includes(item.id)} onChange={(on) => change((current) => ({ ...current, classes: toggled(current.classes, item.id, on) }))} />
          ))}
        </div>
        {draft.classes.filter((id) => !options.classes.some((item) => item.id === id)).map((id) => (
          <CheckField key={id} id={fieldId(`class-${id}`)} label={`${id} (not one you may choose)`} checked onChange={() => change((current) => ({ ...current, classes: current.classes.filter((item) => item !== id) }))} />
        ))}
      </fieldset>
      <section aria-labelledby={fieldId('students-heading')} className="flex flex-col gap-3">
        <h3 id={fieldId('students-heading')} className="text-lg font-bold">Students</h3>
        <p className="text-sm opacity-80">Beside the classes: each by their registration number.</p>
        <ul className="flex flex-wrap gap-2 focus:outline-2 focus:outline-offset-2 focus:outline-primary" id={fieldId('students')} tabIndex={-1} aria-label="Students assigned">
          {draft.students.length === 0 ? <li>None.</li> : null}
          {draft.students.map((regNo) => (
            <li key={regNo} className="badge badge-lg h-auto gap-1 py-1 pr-0">
              <span>{names[regNo] ? `${names[regNo]} · ${regNo}` : regNo}</span>
              <button type="button" className="btn btn-ghost btn-xs btn-circle" aria-label={`Remove ${names[regNo] ?? regNo}`} onClick={() => change((current) => ({ ...current, students: current.students.filter((item) => item !== regNo) }))}>
                <X className="h-3 w-3" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
        <StudentSearch
          chosen={draft.students}
          onAdd={(student) => {
            onName(student.regNo, student.name);
            change((current) => ({ ...current, students: toggled(current.students, student.regNo, true) }));
          }}
        />
      </section>
      <fieldset className="flex flex-col gap-2 focus:outline-2 focus:outline-offset-2 focus:outline-primary" id={fieldId('proctors')} tabIndex={-1}>
        <legend className="mb-1 text-lg font-bold">Proctors</legend>
        <p className="text-sm opacity-80">They watch the test in the live console.</p>
        {options.proctors.length === 0 ? <p>No proctors to choose from.</p> : null}
        <div className="grid gap-2 sm:grid-cols-2">
          {options.proctors.map((proctor) => (
            <CheckField key={proctor.id} id={fieldId(`proctor-${proctor.id}`)} label={proctor.name} hint={proctor.email} checked={draft.proctors.includes(proctor.id)} onChange={(on) => change((current) => ({ ...current, proctors: toggled(current.proctors, proctor.id, on) }))} />
          ))}
        </div>
      </fieldset>
    </div>
  );
}
