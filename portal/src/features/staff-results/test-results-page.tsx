import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { ScreenProps } from '../../lib/screen-props';
import { useRouteId } from '../results/use-route-id';
import { StaffLayout } from '../staff-shell/staff-layout';
import { AttemptsTab } from './attempts-tab';
import { ChangesTab } from './changes-tab';
import { ItemsTab } from './items-tab';
import { MarksheetsTab } from './marksheets-tab';
import { fetchResultsTests } from './results-api';
import { StaffTabPanel, StaffTabs } from '../staff-shell/staff-tabs';
import { RESULT_TAB_LABELS, RESULT_TABS, type ResultTab } from './results-tabs';
import { ReviewTab } from './review-tab';
import { useLoad } from './use-load';

function TestResults({ testId }: { testId: string }) {
  const [tab, setTab] = useState<ResultTab>('attempts');
  // Bumped after a re-key, drop or restore: every tab fetches again.
  const [version, setVersion] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  const { reply } = useLoad((signal) => fetchResultsTests({ q: testId, page: 1 }, signal), testId);
  const name = reply?.items.find((item) => item.id === testId)?.name ?? testId;
  return (
    <>
      <h2 className="mb-4 text-lg font-semibold">{name}</h2>
      <div aria-live="polite">
        {notice ? (
          <div className="alert alert-success mb-4">
            <span>{notice}</span>
            <button type="button" className="btn btn-sm" onClick={() => setNotice(null)}>Dismiss</button>
          </div>
        ) : null}
      </div>
      <StaffTabs tabs={RESULT_TABS} labels={RESULT_TAB_LABELS} selected={tab} onSelect={setTab} label="Results sections" idPrefix="rs" />
      <StaffTabPanel tab={tab} idPrefix="rs">
        {tab === 'attempts' ? <AttemptsTab testId={testId} version={version} /> : null}
        {tab === 'items' ? (
          <ItemsTab
            testId={testId}
            version={version}
            onChanged={(message) => {
              setNotice(message);
              setVersion((n) => n + 1);
            }}
          />
        ) : null}
        {tab === 'changes' ? <ChangesTab testId={testId} version={version} /> : null}
        {tab === 'marksheets' ? <MarksheetsTab testId={testId} version={version} /> : null}
        {tab === 'review' ? <ReviewTab testId={testId} version={version} /> : null}
      </StaffTabPanel>
    </>
  );
}

/** /staff/results/:testId: the attempts, item analysis, changes, marksheets and the review's release of one test. */
export default function TestResultsPage({ title }: ScreenProps) {
  const testId = useRouteId('/staff/results/:id');
  return (
    <StaffLayout roles={['admin', 'teacher']}>
      <main className="mx-auto w-full max-w-7xl px-4 py-6">
        <Link href="/staff/results" className="link mb-2 inline-flex items-center gap-1"><ArrowLeft className="h-4 w-4" aria-hidden="true" />Results</Link>
        <h1 className="text-2xl font-bold">{title}</h1>
        <TestResults key={testId} testId={testId} />
      </main>
    </StaffLayout>
  );
}
