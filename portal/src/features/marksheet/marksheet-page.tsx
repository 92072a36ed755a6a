import type { Marksheet } from '@invigil/shared/api/tests';
import { ArrowLeft, Printer } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { useRouteId } from '../results/use-route-id';
import { showSnackbar } from '../../lib/snackbar';
import { formatDateTime } from '../../lib/date-time';
import { useEarlyReply } from '../../lib/use-early-reply';
import { LoadError, LoadingBlock } from '../results/page-status';
import { imagesSettled, IsolatedHtml } from './isolated-html';
import { dataFetchFailed, messageOf, printFailed, wantsPrint } from './marksheet-messages';
import { marksheetCall } from './marksheet-api';

const PRINT_AREA_ID = 'marksheet-print-area';

/** While this page is open, printing shows the marksheet alone (the shell and buttons are hidden). */
const PRINT_CSS = `@media print {
  body * { visibility: hidden !important; }
  #${PRINT_AREA_ID}, #${PRINT_AREA_ID} * { visibility: visible !important; }
  #${PRINT_AREA_ID} { position: absolute; inset: 0 auto auto 0; width: 100%; margin: 0; box-shadow: none; }
}`;

function printNow() {
  try {
    window.print();
  } catch (error) {
    showSnackbar(printFailed(messageOf(error)), { color: 'error' });
  }
}

export default function MarksheetPage({ title }: { title: string }) {
  const id = useRouteId('/marksheet/:id');
  const search = useSearch();
  const print = wantsPrint(search);
  const { early, skipLoad } = useEarlyReply(() => marksheetCall(id).settled());
  const [loaded, setLoaded] = useState<{ id: string; marksheet: Marksheet | null; error?: string } | null>(early ? { id, marksheet: early.value } : null);
  const [attempt, setAttempt] = useState(0);
  const printedFor = useRef<string | null>(null);

  useEffect(() => {
    if (skipLoad()) return;
    let alive = true;
    marksheetCall(id)().then(
      (marksheet) => {
        if (alive) setLoaded({ id, marksheet });
      },
      (error: unknown) => {
        if (!alive) return;
        const message = dataFetchFailed(messageOf(error));
        setLoaded({ id, marksheet: null, error: message });
        showSnackbar(message, { color: 'error' });
      },
    );
    return () => {
      alive = false;
    };
  }, [id, attempt, skipLoad]);

  const retry = useCallback(() => {
    setLoaded(null);
    setAttempt((n) => n + 1);
  }, []);

  // ?print=true: open the print dialog once, after the marksheet (and its images) are in the page.
  const onRendered = useCallback(
    (root: ShadowRoot) => {
      if (!print || printedFor.current === id) return;
      printedFor.current = id;
      void imagesSettled(root).then(() => requestAnimationFrame(printNow));
    },
    [print, id],
  );

  const current = loaded?.id === id ? loaded : null;
  const marksheet = current?.marksheet ?? null;

  return (
    <main className="mx-auto flex w-full max-w-5xl flex-col gap-4 px-4 py-6">
      <style>{PRINT_CSS}</style>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h1 className="text-2xl font-bold">{marksheet?.name ?? title}</h1>
          {marksheet ? <p className="text-sm opacity-70">Updated {formatDateTime(marksheet.updated_at)}</p> : null}
        </div>
        <div className="flex gap-2">
          <Link href="/marksheet" className="btn btn-sm gap-1">
            <ArrowLeft className="h-4 w-4" aria-hidden="true" />Back
          </Link>
          <button type="button" className="btn btn-primary btn-sm gap-1" disabled={!marksheet} onClick={printNow}>
            <Printer className="h-4 w-4" aria-hidden="true" />Print
          </button>
        </div>
      </div>
      {current === null ? <LoadingBlock label="Loading marksheet" /> : null}
      {current && !marksheet ? <LoadError message={current.error ?? dataFetchFailed('Something went wrong!')} onRetry={retry} /> : null}
      {marksheet ? (
        <div id={PRINT_AREA_ID} className="overflow-x-auto rounded-box bg-white p-4 shadow sm:p-8">
          <IsolatedHtml html={marksheet.marksheet} label={`Marksheet: ${marksheet.name}`} onRendered={onRendered} />
        </div>
      ) : null}
    </main>
  );
}
