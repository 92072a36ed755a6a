import type { BankFormat, BankImportPreview } from '@invigil/shared/api/question-bank';
import { useId, useState } from 'react';
import { useLocation } from 'wouter';
import type { ScreenProps } from '../../lib/screen-props';
import { showSnackbar } from '../../lib/snackbar';
import { StaffLayout } from '../staff-shell/staff-layout';
import { confirmImport, downloadTemplate, previewImport, TYPE_NAMES } from './bank-api';

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Something went wrong!');
const FORMAT_NAMES: Record<BankFormat, string> = { 'moodle-xml': 'Moodle XML', gift: 'GIFT', spreadsheet: 'Spreadsheet template (XLSX, CSV)' };

function Importer() {
  const fileId = useId();
  const formatId = useId();
  const [, navigate] = useLocation();
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState<BankFormat | ''>('');
  const [preview, setPreview] = useState<BankImportPreview | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function check(event: React.FormEvent) {
    event.preventDefault();
    if (!file) return setFailure('Choose a file to import.');
    setBusy(true);
    setFailure(null);
    setPreview(null);
    try {
      setPreview(await previewImport(file, format));
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  }

  async function confirm() {
    if (!file || !preview) return;
    setBusy(true);
    setFailure(null);
    try {
      const reply = await confirmImport(file, preview.format);
      showSnackbar(`${reply.imported} question${reply.imported === 1 ? '' : 's'} imported.`, { color: 'success' });
      navigate('/staff/bank');
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  }

  const count = preview?.questions.length ?? 0;
  return (
    <div className="flex flex-col gap-4">
      <form className="flex flex-col gap-4 rounded-box bg-base-100 p-4 shadow" onSubmit={(event) => void check(event)}>
        <p>
          A Moodle XML or GIFT export, or the spreadsheet template (one row a question;{' '}
          <button type="button" className="link link-primary" onClick={() => void downloadTemplate().catch((error: unknown) => showSnackbar(messageOf(error), { color: 'error' }))}>download the template</button>).
          Nothing is stored until you confirm.
        </p>
        <div className="flex flex-wrap items-end gap-3">
          <div className="flex min-w-0 flex-1 basis-64 flex-col gap-1">
            <label htmlFor={fileId} className="font-medium">Question file</label>
            <input
              id={fileId}
              type="file"
              accept=".xml,.gift,.txt,.xlsx,.csv"
              className="file-input file-input-bordered w-full"
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setPreview(null);
              }}
            />
          </div>
          <div className="flex min-w-0 flex-1 basis-48 flex-col gap-1">
            <label htmlFor={formatId} className="font-medium">Format</label>
            <select id={formatId} className="select select-bordered w-full" value={format} onChange={(event) => setFormat(event.target.value as BankFormat | '')}>
              <option value="">Find out from the file</option>
              {Object.entries(FORMAT_NAMES).map(([key, name]) => <option key={key} value={key}>{name}</option>)}
            </select>
          </div>
          <button type="submit" className="btn btn-primary" disabled={busy || !file}>Check the file</button>
        </div>
      </form>
      {failure ? <div className="alert alert-error" role="alert"><span>{failure}</span></div> : null}
      {busy ? (
        <div className="flex justify-center py-6" role="status" aria-label="Working">
          <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
        </div>
      ) : null}
      {preview ? (
        <section aria-labelledby="import-preview-heading" className="flex flex-col gap-4 rounded-box bg-base-100 p-4 shadow">
          <h2 id="import-preview-heading" className="text-xl font-bold">What would be imported</h2>
          <p aria-live="polite">
            {FORMAT_NAMES[preview.format]}: {count} question{count === 1 ? '' : 's'} to import, {preview.skipped.length} skipped, {preview.warnings.length} warning{preview.warnings.length === 1 ? '' : 's'}, {preview.files} image{preview.files === 1 ? '' : 's'} or file{preview.files === 1 ? '' : 's'}.
          </p>
          {preview.skipped.length > 0 ? (
            <div>
              <h3 className="mb-1 font-semibold">Skipped</h3>
              <ul className="flex flex-col gap-1" aria-label="Skipped questions">
                {preview.skipped.map((skip, i) => (
                  <li key={i} className="rounded bg-error/10 px-3 py-2"><span className="font-semibold">{skip.name}</span>: {skip.reason}</li>
                ))}
              </ul>
            </div>
          ) : null}
          {preview.warnings.length > 0 ? (
            <div>
              <h3 className="mb-1 font-semibold">Warnings</h3>
              <ul className="flex flex-col gap-1" aria-label="Warnings">
                {preview.warnings.map((warning, i) => (
                  <li key={i} className="rounded bg-warning/20 px-3 py-2"><span className="font-semibold">{warning.ref}</span>: {warning.message}</li>
                ))}
              </ul>
            </div>
          ) : null}
          {count > 0 ? (
            <div>
              <h3 className="mb-1 font-semibold">To import</h3>
              <ul className="flex flex-col gap-1" aria-label="Questions to import">
                {preview.questions.map((question, i) => (
                  <li key={i} className="rounded bg-base-200 px-3 py-2">
                    <span className="font-semibold">{question.name}</span> <span className="badge badge-sm badge-outline">{question.kind === 'description' ? TYPE_NAMES['description'] : TYPE_NAMES[String(question.qt)]}</span>
                    {question.first_line && question.first_line !== question.name ? <p className="text-sm opacity-80">{question.first_line}</p> : null}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn btn-primary" disabled={busy || count === 0} onClick={() => void confirm()}>
              Import {count} question{count === 1 ? '' : 's'}
            </button>
            <button type="button" className="btn" onClick={() => navigate('/staff/bank')}>Cancel</button>
          </div>
        </section>
      ) : null}
    </div>
  );
}

/** /staff/bank/import (admin, teacher): a file checked first, every skipped question with its reason; then all of it or nothing. */
export default function BankImportPage({ title }: ScreenProps) {
  return (
    <StaffLayout roles={['admin', 'teacher']}>
      <main className="mx-auto w-full max-w-4xl px-4 py-6">
        <h1 className="mb-4 text-2xl font-bold">{title}</h1>
        <Importer />
      </main>
    </StaffLayout>
  );
}
