import { SUBMIT_HINT } from '@invigil/shared/domain/navigation';
import { useSignals } from '@preact/signals-react/runtime';
import { CloudOff, LayoutGrid, CloudUpload, CircleCheck, TriangleAlert } from 'lucide-react';
import type { ReactElement } from 'react';
import { ProctorStatusLine } from '../proctoring/proctor-status-line';
import { useAttempt } from './attempt-context';
import { TimeLeft } from './question-navigator';
import { saveStateText } from './save-state-text';

const STATUS_ICONS: Record<'offline' | 'problem' | 'saving' | 'saved', ReactElement> = {
  offline: <CloudOff className="h-4 w-4 shrink-0" aria-hidden="true" />,
  problem: <TriangleAlert className="h-4 w-4 shrink-0" aria-hidden="true" />,
  saving: <CloudUpload className="h-4 w-4 shrink-0" aria-hidden="true" />,
  saved: <CircleCheck className="h-4 w-4 shrink-0" aria-hidden="true" />,
};

function SaveStatus() {
  useSignals();
  const { engine, session, store } = useAttempt();
  const state = engine.state.value;
  const text = saveStateText(state, session.unreachable.value, store.journalError.value, store.typingCount.value > 0);
  const problem = store.journalError.value !== null || state.status === 'offline' || state.status === 'error';
  const icon = STATUS_ICONS[problem ? (state.status === 'offline' ? 'offline' : 'problem') : state.status === 'saving' ? 'saving' : 'saved'];
  return (
    <p className={`flex min-w-0 items-center gap-1.5 text-sm ${problem ? 'text-warning-content' : 'opacity-90'}`} role="status" aria-live="polite" data-testid="save-status">
      {icon}
      <span className="truncate">{text}</span>
    </p>
  );
}

export function AttemptToolbar({ onOpenNavigator, onSubmit }: { onOpenNavigator: () => void; onSubmit: () => void }) {
  useSignals();
  const { paper, session } = useAttempt();
  const canSubmit = session.canSubmit.value;
  return (
    <header className="navbar min-h-0 gap-2 bg-primary px-3 py-2 text-primary-content">
      <div className="flex min-w-0 flex-1 flex-col">
        <h1 className="truncate text-base font-bold sm:text-lg">{paper.name}</h1>
        <SaveStatus />
        <ProctorStatusLine />
      </div>
      <div className="lg:hidden">
        <TimeLeft compact />
      </div>
      <button type="button" className="btn btn-sm btn-ghost lg:hidden" aria-label="Open question navigator" onClick={onOpenNavigator}>
        <LayoutGrid className="h-5 w-5" aria-hidden="true" />
      </button>
      <div className="flex flex-col items-end">
        <button
          type="button"
          className={`btn btn-sm ${canSubmit ? 'btn-accent' : 'cursor-not-allowed border-primary-content/30 bg-transparent text-primary-content/60 shadow-none'}`}
          aria-disabled={!canSubmit}
          aria-describedby={canSubmit ? undefined : 'submit-hint'}
          onClick={onSubmit}
        >
          Submit
        </button>
        <span id="submit-hint" className={`hidden text-[11px] ${canSubmit ? '' : 'xl:block'}`}>{SUBMIT_HINT}</span>
      </div>
    </header>
  );
}
