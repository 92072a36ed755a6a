import type { StudyGradingListReply } from '@invigil/shared/api/staff-study';
import { STAFF_STUDY_TYPE_LABELS } from '@invigil/shared/api/staff-study-text';
import { useRef } from 'react';
import { Link } from 'wouter';
import { useOverflows } from '../../ui/use-keyboard-scroll';
import { StaffListBox } from '../staff-shell/staff-list-box';
import { useStaffList } from '../staff-shell/use-staff-list';
import { fetchStudyGrading } from '../staff-study/staff-study-api';
import { whenText } from './grading-time';

function AssignmentsTable({ reply }: { reply: StudyGradingListReply }) {
  const box = useRef<HTMLDivElement>(null);
  const scrolls = useOverflows(box, true);
  return (
    <div ref={box} className="overflow-x-auto" {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': 'Assignments to grade table' } : {})}>
      <table className="table table-sm lg:table-md">
        <caption className="sr-only">Assignments and home work with submissions</caption>
        <thead>
          <tr>
            <th scope="col">Assignment</th>
            <th scope="col">Class</th>
            <th scope="col">To grade</th>
            <th scope="col">Graded</th>
            <th scope="col">Due</th>
          </tr>
        </thead>
        <tbody>
          {reply.items.map((item) => (
            <tr key={item.id}>
              <th scope="row" className="min-w-48 font-normal">
                <Link href={`/staff/grading/assignments/${encodeURIComponent(item.id)}`} className="link link-primary font-semibold break-words">
                  {item.title}
                </Link>
                <p className="text-sm opacity-80">
                  {STAFF_STUDY_TYPE_LABELS[item.type]}, {item.subject_name}
                </p>
              </th>
              <td className="whitespace-nowrap">{item.class_name ?? 'Everyone'}</td>
              <td className="whitespace-nowrap">{item.to_grade}</td>
              <td className="whitespace-nowrap">
                {item.graded} of {item.submitted}
              </td>
              <td className="whitespace-nowrap">{item.due_at === null ? '—' : whenText(item.due_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The grading start page's "Assignments" (issue 30): assignments and home work with submissions, what waits to be graded. */
export function AssignmentsToGrade() {
  const { reply, failure, refresh } = useStaffList<{ q: string; page: number }, StudyGradingListReply>({ q: '', page: 1 }, (_filters, signal) => fetchStudyGrading(signal));
  return (
    <section aria-labelledby="assignments-heading" className="mt-8">
      <h2 id="assignments-heading" className="mb-3 text-xl font-bold">
        Assignments
      </h2>
      <StaffListBox failure={failure} reply={reply} loadingLabel="Loading assignments to grade" onRetry={refresh}>
        {(loaded) =>
          loaded.items.length === 0 ? <p className="px-4 py-10 text-center">No submissions yet: assignments and home work show here once students hand in files.</p> : <AssignmentsTable reply={loaded} />
        }
      </StaffListBox>
    </section>
  );
}
