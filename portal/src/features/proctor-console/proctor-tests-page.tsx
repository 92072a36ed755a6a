import type { ProctorTest } from '@invigil/shared/api/live';
import { useState } from 'react';
import { Link } from 'wouter';
import type { ScreenProps } from '../../lib/screen-props';
import { formatDateTime } from '../../lib/date-time';
import { useRetryableLoad } from '../../lib/use-retryable-load';
import { ConsoleLayout, useProctorGuard } from './console-layout';
import { fetchProctorTests } from './proctor-console-api';

function TestList() {
  const [message, setMessage] = useState('');
  const { data, failed, retry } = useRetryableLoad<ProctorTest[]>(
    () => fetchProctorTests(),
    (error) => setMessage(error instanceof Error && error.message ? error.message : 'Something went wrong!'),
  );
  if (failed && data === null) {
    return (
      <div className="alert alert-error" role="alert">
        <span>{message}</span>
        <button type="button" className="btn btn-sm" onClick={retry}>Retry</button>
      </div>
    );
  }
  if (data === null) {
    return <div className="flex justify-center py-16" role="status" aria-label="Loading tests"><span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" /></div>;
  }
  if (data.length === 0) return <p className="py-16 text-center text-lg opacity-80">No tests are assigned to you.</p>;
  return (
    <ul className="grid gap-4 sm:grid-cols-2" aria-label="Your tests">
      {data.map((test) => (
        <li key={test.id} className="card bg-base-100 shadow">
          <div className="card-body gap-2">
            <h2 className="card-title">{test.name}</h2>
            <p className="text-sm">
              {test.candidates} candidate{test.candidates === 1 ? '' : 's'}
              {test.starts_at !== null ? <> · opens {formatDateTime(test.starts_at)}</> : null}
              {test.ends_at !== null ? <> · ends {formatDateTime(test.ends_at)}</> : null}
            </p>
            <div className="card-actions justify-end">
              <Link href={`/proctor/test/${encodeURIComponent(test.id)}`} className="btn btn-primary btn-sm" aria-label={`Watch ${test.name}`}>Watch</Link>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** /proctor: the tests this proctor watches. */
export default function ProctorTestsPage({ title }: ScreenProps) {
  const signedIn = useProctorGuard();
  return (
    <ConsoleLayout>
      <main className="mx-auto w-full max-w-5xl px-4 py-6">
        <h1 className="mb-4 text-2xl font-bold">{title}</h1>
        {signedIn ? <TestList /> : null}
      </main>
    </ConsoleLayout>
  );
}
