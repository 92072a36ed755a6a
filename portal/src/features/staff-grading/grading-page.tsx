import type { GradingTestsReply } from '@invigil/shared/api/staff-grading';
import { useRef } from 'react';
import { Link } from 'wouter';
import type { ScreenProps } from '../../lib/screen-props';
import { useOverflows } from '../../ui/use-keyboard-scroll';
import { StaffLayout } from '../staff-shell/staff-layout';
import { StaffListBox } from '../staff-shell/staff-list-box';
import { useStaffList } from '../staff-shell/use-staff-list';
import { fetchGradingTests } from './grading-api';
import { AssignmentsToGrade } from './assignments-to-grade';

function TestsTable({ reply }: { reply: GradingTestsReply }) {
  const box = useRef<HTMLDivElement>(null);
  const scrolls = useOverflows(box, true);
  return (
    <div ref={box} className="overflow-x-auto" {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': 'Tests to grade table' } : {})}>
      <table className="table table-sm lg:table-md">
        <caption className="sr-only">Tests with answers to grade</caption>
        <thead>
          <tr>
            <th scope="col">Test</th>
            <th scope="col">To grade</th>
            <th scope="col">Graded</th>
            <th scope="col">Second looks</th>
            <th scope="col">Open reports</th>
          </tr>
        </thead>
        <tbody>
          {reply.tests.map((test) => (
            <tr key={test.id}>
              <th scope="row" className="min-w-48 font-normal">
                <Link href={`/staff/grading/${encodeURIComponent(test.id)}`} className="link link-primary font-semibold">
                  {test.name}
                </Link>
                <p className="text-sm opacity-80">{test.id}</p>
              </th>
              <td className="whitespace-nowrap">{test.to_grade}</td>
              <td className="whitespace-nowrap">
                {test.graded} of {test.answers}
              </td>
              <td className="whitespace-nowrap">{test.second_looks}</td>
              <td className="whitespace-nowrap">{test.open_reports}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** /staff/grading (admin, teacher): the tests with answers to grade, and the question reports' count. */
export default function GradingPage({ title }: ScreenProps) {
  const { reply, failure, refresh } = useStaffList<{ q: string; page: number }, GradingTestsReply>({ q: '', page: 1 }, (_filters, signal) => fetchGradingTests(signal));
  return (
    <StaffLayout roles={['admin', 'teacher']}>
      <main className="mx-auto w-full max-w-7xl px-4 py-6">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-bold">{title}</h1>
          <Link href="/staff/grading/reports" className="btn btn-outline">
            Question reports{reply ? ` (${reply.open_reports} open)` : ''}
          </Link>
        </div>
        <StaffListBox failure={failure} reply={reply} loadingLabel="Loading tests to grade" onRetry={refresh}>
          {(loaded) =>
            loaded.tests.length === 0 ? (
              <p className="px-4 py-10 text-center">Nothing to grade yet: answers to subjective questions show here once students submit.</p>
            ) : (
              <TestsTable reply={loaded} />
            )
          }
        </StaffListBox>
        <AssignmentsToGrade />
      </main>
    </StaffLayout>
  );
}
