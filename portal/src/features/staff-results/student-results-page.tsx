import type { StudentResultsReply } from '@invigil/shared/api/staff-results';
import { ArrowLeft } from 'lucide-react';
import { useRef } from 'react';
import { Link } from 'wouter';
import type { ScreenProps } from '../../lib/screen-props';
import { useOverflows } from '../../ui/use-keyboard-scroll';
import { useRouteId } from '../results/use-route-id';
import { StaffLayout } from '../staff-shell/staff-layout';
import { StaffListBox } from '../staff-shell/staff-list-box';
import { AttemptStatusBadge } from './attempts-tab';
import { fetchStudentResults } from './results-api';
import { formatMarks, formatPercent, formatWhen } from './results-text';
import { useLoad } from './use-load';

function StudentResults({ userId }: { userId: string }) {
  const { reply, failure, refresh } = useLoad<StudentResultsReply>((signal) => fetchStudentResults(userId, signal), userId);
  const box = useRef<HTMLDivElement>(null);
  const scrolls = useOverflows(box, reply !== null);
  return (
    <StaffListBox
      failure={failure}
      reply={reply}
      loadingLabel="Loading results"
      onRetry={refresh}
      header={(reply) => (
        <p className="px-4 pt-3 font-semibold">
          {reply.student.name} · {reply.student.reg_no}
          {reply.student.class_name ? ` · ${reply.student.class_name}` : ''}
        </p>
      )}
    >
      {(reply) =>
        reply.items.length === 0 ? (
          <p className="px-4 py-10 text-center">No attempts at the tests you see.</p>
        ) : (
          <div ref={box} className="overflow-x-auto" {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': 'Results table' } : {})}>
            <table className="table table-sm">
              <caption className="sr-only">Results of {reply.student.name}</caption>
              <thead>
                <tr>
                  <th scope="col">Test</th>
                  <th scope="col">Score</th>
                  <th scope="col">Rank</th>
                  <th scope="col">Status</th>
                  <th scope="col">Submitted</th>
                </tr>
              </thead>
              <tbody>
                {reply.items.map((item) => (
                  <tr key={item.test_id}>
                    <th scope="row" className="min-w-48 font-normal">
                      <Link href={`/staff/results/${encodeURIComponent(item.test_id)}`} className="link link-primary font-semibold">{item.test_name}</Link>
                    </th>
                    <td className="whitespace-nowrap">{item.scored === null ? '—' : `${formatMarks(item.scored)} / ${formatMarks(item.max_marks)} (${formatPercent(item.percentage)})`}</td>
                    <td className="whitespace-nowrap">{item.rank === null ? '—' : `${item.rank} of ${item.of}`}</td>
                    <td><AttemptStatusBadge status={item.status} /></td>
                    <td className="whitespace-nowrap">{formatWhen(item.submitted_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
      }
    </StaffListBox>
  );
}

/** /staff/results/students/:id: every test of one student the staff member sees, with score, rank and status. */
export default function StudentResultsPage({ title }: ScreenProps) {
  const userId = useRouteId('/staff/results/students/:id');
  return (
    <StaffLayout roles={['admin', 'teacher']}>
      <main className="mx-auto w-full max-w-5xl px-4 py-6">
        <Link href="/staff/results" className="link mb-2 inline-flex items-center gap-1"><ArrowLeft className="h-4 w-4" aria-hidden="true" />Results</Link>
        <h1 className="mb-4 text-2xl font-bold">{title}</h1>
        <StudentResults key={userId} userId={userId} />
      </main>
    </StaffLayout>
  );
}
