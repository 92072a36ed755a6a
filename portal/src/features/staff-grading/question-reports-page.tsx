import type { QuestionReportItem, QuestionReportsReply } from '@invigil/shared/api/staff-grading';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import type { ScreenProps } from '../../lib/screen-props';
import { showSnackbar } from '../../lib/snackbar';
import { StaffLayout } from '../staff-shell/staff-layout';
import { StaffListBox } from '../staff-shell/staff-list-box';
import { useStaffList } from '../staff-shell/use-staff-list';
import { fetchReports, resolveReport } from './grading-api';
import { ageText } from './grading-time';

type Status = 'open' | 'resolved' | 'all';
const STATUS_LABELS: Record<Status, string> = { open: 'Open', resolved: 'Resolved', all: 'All' };

function ReportCard({ report, onResolved }: { report: QuestionReportItem; onResolved: () => void }) {
  const noteId = useId();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const headingId = useId();
  const resolve = async () => {
    setBusy(true);
    setError(null);
    try {
      await resolveReport(report.id, note);
      showSnackbar('Report resolved.', { color: 'success' });
      onResolved();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Something went wrong!');
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="rounded-box border border-base-300 p-4" aria-labelledby={headingId}>
      <h2 id={headingId} className="font-semibold break-words">
        {report.test_name}, question {report.qn}
      </h2>
      <p className="text-sm break-words opacity-80">{report.excerpt}</p>
      <p className="mt-2 break-words">
        <span className="font-medium">
          {report.student.name} ({report.student.reg_no})
        </span>
        , {ageText(report.created_at, Date.now())}:
      </p>
      <blockquote className="mt-1 border-l-4 border-base-300 pl-3 break-words whitespace-pre-wrap">{report.text}</blockquote>
      <p className="mt-2 text-sm">
        <Link href={`/staff/grading/${encodeURIComponent(report.test_id)}`} className="link link-primary">
          Grade answers of this test
        </Link>
      </p>
      {report.status === 'resolved' ? (
        <p className="mt-2 break-words">
          <span className="badge badge-success mr-2">Resolved</span>
          {report.resolution} {report.resolved_by ? `(${report.resolved_by})` : ''}
        </p>
      ) : (
        <div className="mt-3 flex flex-col gap-2">
          <label htmlFor={noteId} className="font-medium">
            What was done
          </label>
          <textarea id={noteId} className="textarea textarea-bordered w-full" rows={2} value={note} onChange={(event) => setNote(event.target.value)} />
          {error ? (
            <p className="text-error" role="alert">
              {error}
            </p>
          ) : null}
          <div>
            <button type="button" className="btn btn-primary btn-sm" disabled={busy} onClick={() => void resolve()}>
              Resolve
            </button>
          </div>
        </div>
      )}
    </li>
  );
}

/** /staff/grading/reports (admin, teacher): students' question reports, oldest open first, resolved with a note. */
export default function QuestionReportsPage({ title }: ScreenProps) {
  const statusId = useId();
  const { filters, setFilters, reply, failure, refresh } = useStaffList<{ q: string; page: number; status: Status }, QuestionReportsReply>({ q: '', page: 1, status: 'open' }, (current, signal) =>
    fetchReports(current.status, signal),
  );
  return (
    <StaffLayout roles={['admin', 'teacher']}>
      <main className="mx-auto w-full max-w-4xl px-4 py-6">
        <p className="mb-2">
          <Link href="/staff/grading" className="link link-primary">
            Back to grading
          </Link>
        </p>
        <h1 className="mb-4 text-2xl font-bold">{title}</h1>
        <div className="mb-4 max-w-56">
          <label htmlFor={statusId} className="label pb-1">
            <span className="label-text font-medium text-base-content">Show</span>
          </label>
          <select id={statusId} className="select select-bordered w-full" value={filters.status} onChange={(event) => setFilters((current) => ({ ...current, status: event.target.value as Status }))}>
            {(Object.keys(STATUS_LABELS) as Status[]).map((status) => (
              <option key={status} value={status}>
                {STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </div>
        <StaffListBox failure={failure} reply={reply} loadingLabel="Loading question reports" onRetry={refresh}>
          {(loaded) =>
            loaded.reports.length === 0 ? (
              <p className="px-4 py-10 text-center">{filters.status === 'open' ? 'No open question reports.' : 'No question reports.'}</p>
            ) : (
              <ul className="flex flex-col gap-3 p-3" aria-label="Question reports">
                {loaded.reports.map((report) => (
                  <ReportCard key={report.id} report={report} onResolved={refresh} />
                ))}
              </ul>
            )
          }
        </StaffListBox>
      </main>
    </StaffLayout>
  );
}
