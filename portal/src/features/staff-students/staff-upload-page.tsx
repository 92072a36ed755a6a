import type { RosterJob } from '@invigil/shared/api/staff-students';
import { ROSTER_PHASE_LABELS } from '@invigil/shared/api/staff-students-text';
import type { RosterPreview, RosterPreviewRow } from '@invigil/shared/api/student-roster';
import { ArrowLeft, FileDown } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import type { ScreenProps } from '../../lib/screen-props';
import { showSnackbar } from '../../lib/snackbar';
import { useOverflows } from '../../ui/use-keyboard-scroll';
import { StaffLayout } from '../staff-shell/staff-layout';
import { confirmUpload, downloadTemplate, fetchUploadJob, previewUpload } from './staff-students-api';

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Something went wrong!');
const POLL_MS = 500;
const count = (n: number) => n.toLocaleString('en-IN');
/** The good rows shown in the preview (every bad row is shown). */
const SHOWN_GOOD_ROWS = 50;

function ScrollBox({ label, children }: { label: string; children: React.ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const scrolls = useOverflows(box, true);
  return (
    <div ref={box} className="max-h-[32rem] overflow-auto" {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': label } : {})}>
      {children}
    </div>
  );
}

function Counts({ preview }: { preview: RosterPreview }) {
  const items = [
    ['New', preview.counts.new, ''],
    ['Update', preview.counts.update, ''],
    ['Unchanged', preview.counts.unchanged, ''],
    ['Errors', preview.counts.error, preview.counts.error > 0 ? 'text-error' : ''],
  ] as const;
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label="Rows in the file">
      {items.map(([label, value, color]) => (
        <div key={label} className="rounded-box bg-base-100 p-3 shadow">
          <dt className="text-sm">{label}</dt>
          <dd className={`text-2xl font-bold ${color}`}>{count(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

function RowsTable({ caption, rows, withReasons }: { caption: string; rows: readonly RosterPreviewRow[]; withReasons: boolean }) {
  return (
    <ScrollBox label={caption}>
      <table className="table table-sm">
        <caption className="px-2 py-2 text-left font-semibold">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Row</th>
            <th scope="col">Reg. No.</th>
            <th scope="col">Name</th>
            <th scope="col">Email</th>
            <th scope="col">Class</th>
            <th scope="col">{withReasons ? 'Reason' : 'Will be'}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.rowNumber}>
              <th scope="row">{row.rowNumber}</th>
              <td className="whitespace-nowrap">{row.values.reg_no}</td>
              <td className="min-w-32">{row.values.name}</td>
              <td className="whitespace-nowrap">{row.values.email}</td>
              <td className="whitespace-nowrap">{row.values.class}</td>
              <td className={withReasons ? 'min-w-64 text-error' : ''}>
                {withReasons ? (
                  <ul>{row.errors.map((error, index) => <li key={index}>{error.message}</li>)}</ul>
                ) : row.status === 'new' ? 'Added' : row.status === 'update' ? 'Updated' : 'Unchanged'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}

function Progress({ job }: { job: RosterJob }) {
  const id = useId();
  const label = `${ROSTER_PHASE_LABELS[job.phase]}${job.total > 0 ? `: ${count(job.done)} of ${count(job.total)}` : ''}`;
  return (
    <div className="flex flex-col gap-1" aria-live="polite">
      <label htmlFor={id}>{label}</label>
      <progress id={id} className="progress progress-primary w-full" {...(job.total > 0 ? { value: job.done, max: job.total } : {})} />
    </div>
  );
}

function Summary({ job }: { job: RosterJob }) {
  if (job.phase === 'failed') return <div className="alert alert-error" role="alert"><span>{job.message ?? 'The upload stopped.'}</span></div>;
  const summary = job.summary;
  if (!summary) return null;
  return (
    <div className="flex flex-col gap-3">
      <div className="alert alert-success" role="status">
        <span>
          Import finished: {count(summary.created)} added, {count(summary.updated)} updated, {count(summary.unchanged)} unchanged, {count(summary.failed)} not imported.
        </span>
      </div>
      {job.failures && job.failures.length > 0 ? (
        <ScrollBox label="Rows not imported">
          <table className="table table-sm">
            <caption className="px-2 py-2 text-left font-semibold">Rows not imported</caption>
            <thead><tr><th scope="col">Row</th><th scope="col">Reason</th></tr></thead>
            <tbody>{job.failures.map((failure, index) => <tr key={index}><th scope="row">{failure.rowNumber}</th><td>{failure.message}</td></tr>)}</tbody>
          </table>
        </ScrollBox>
      ) : null}
      <Link href="/staff/students" className="btn btn-primary self-start">See the students</Link>
    </div>
  );
}

function Upload() {
  const fileId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<RosterPreview | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [job, setJob] = useState<RosterJob | null>(null);

  // Poll the write until it is done or failed.
  useEffect(() => {
    if (!job || job.phase === 'done' || job.phase === 'failed') return;
    const timer = setTimeout(() => {
      fetchUploadJob(job.id).then(setJob, (error: unknown) => setFailure(messageOf(error)));
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [job]);

  async function check(event: FormEvent) {
    event.preventDefault();
    if (!file) return setFailure('Choose a CSV or XLSX file to upload.');
    setFailure(null);
    setBusy(true);
    setPreview(null);
    try {
      setPreview(await previewUpload(file));
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  }

  async function confirm() {
    if (!file) return;
    setBusy(true);
    try {
      setJob(await confirmUpload(file));
    } catch (error) {
      showSnackbar(messageOf(error), { color: 'error', timeout: 5000 });
    } finally {
      setBusy(false);
    }
  }

  function startOver() {
    setFile(null);
    setPreview(null);
    setJob(null);
    setFailure(null);
    if (fileInput.current) fileInput.current.value = '';
  }

  const toWrite = preview ? preview.counts.new + preview.counts.update : 0;
  const bad = preview ? preview.rows.filter((row) => row.status === 'error') : [];
  const good = preview ? preview.rows.filter((row) => row.status !== 'error').slice(0, SHOWN_GOOD_ROWS) : [];
  const writing = job !== null && job.phase !== 'done' && job.phase !== 'failed';

  return (
    <div className="flex flex-col gap-4">
      <section className="rounded-box bg-base-100 p-4 shadow" aria-labelledby="template-heading">
        <h2 id="template-heading" className="mb-2 text-lg font-semibold">1. The template</h2>
        <p className="mb-3 text-sm">One student a row: Registration No, Name and Email are required; Phone, Class (its name), Password (required for a new student) and Verified (Yes or No) are optional.</p>
        <div className="flex flex-wrap gap-2">
          {(['xlsx', 'csv'] as const).map((format) => (
            <button key={format} type="button" className="btn btn-outline btn-sm gap-1" onClick={() => void downloadTemplate(format).catch((error: unknown) => showSnackbar(messageOf(error), { color: 'error' }))}>
              <FileDown className="h-4 w-4" aria-hidden="true" />Download template ({format.toUpperCase()})
            </button>
          ))}
        </div>
      </section>

      <section className="rounded-box bg-base-100 p-4 shadow" aria-labelledby="file-heading">
        <h2 id="file-heading" className="mb-2 text-lg font-semibold">2. Check the file</h2>
        <form className="flex flex-wrap items-end gap-3" onSubmit={(event) => void check(event)} noValidate>
          <div className="min-w-0 flex-1 basis-64">
            <label htmlFor={fileId} className="label pb-1"><span className="label-text font-medium text-base-content">Spreadsheet (CSV or XLSX)</span></label>
            <input
              ref={fileInput}
              id={fileId}
              type="file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              className="file-input file-input-bordered w-full"
              disabled={writing}
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setPreview(null);
                setJob(null);
                setFailure(null);
              }}
            />
          </div>
          <button type="submit" className="btn btn-primary" disabled={busy || writing || !file}>Check file</button>
        </form>
        {failure ? <p className="mt-3 text-error" role="alert">{failure}</p> : null}
        {busy && !preview && !job ? <p role="status" className="mt-3">Checking every row…</p> : null}
      </section>

      {preview ? (
        <section className="flex flex-col gap-3" aria-labelledby="preview-heading">
          <h2 id="preview-heading" className="text-lg font-semibold">3. Preview: nothing is written yet</h2>
          <Counts preview={preview} />
          {bad.length > 0 ? (
            <div className="rounded-box bg-base-100 shadow">
              <RowsTable caption={`Rows with errors (${count(bad.length)}): these are not imported`} rows={bad} withReasons />
            </div>
          ) : null}
          {good.length > 0 ? (
            <div className="rounded-box bg-base-100 shadow">
              <RowsTable caption={preview.rows.length - bad.length > SHOWN_GOOD_ROWS ? `The first ${SHOWN_GOOD_ROWS} good rows` : 'Good rows'} rows={good} withReasons={false} />
            </div>
          ) : null}
          {job === null ? (
            <div className="flex flex-wrap items-center gap-2">
              <button type="button" className="btn btn-primary" disabled={busy || toWrite === 0} onClick={() => void confirm()}>
                Import {count(toWrite)} {toWrite === 1 ? 'student' : 'students'}
              </button>
              <button type="button" className="btn btn-ghost" onClick={startOver}>Choose another file</button>
              {toWrite === 0 ? <p className="text-sm">Nothing to import: fix the rows with errors, or the file matches what is stored.</p> : null}
            </div>
          ) : writing ? (
            <Progress job={job} />
          ) : (
            <>
              <Summary job={job} />
              <button type="button" className="btn btn-ghost self-start" onClick={startOver}>Upload another file</button>
            </>
          )}
        </section>
      ) : null}
    </div>
  );
}

/** /staff/students/upload (admin): template, preview with every bad row's reason, import with progress, summary. */
export default function StaffUploadPage({ title }: ScreenProps) {
  return (
    <StaffLayout roles={['admin']}>
      <main className="mx-auto w-full max-w-6xl px-4 py-6">
        <Link href="/staff/students" className="link mb-2 inline-flex items-center gap-1"><ArrowLeft className="h-4 w-4" aria-hidden="true" />Students</Link>
        <h1 className="mb-4 text-2xl font-bold">{title}</h1>
        <Upload />
      </main>
    </StaffLayout>
  );
}
