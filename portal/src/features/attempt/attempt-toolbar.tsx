import { SUBMIT_HINT } from '@invigil/shared/domain/navigation';
import { useSignals } from '@preact/signals-react/runtime';
import { CloudOff, LayoutGrid, CloudUpload, CircleCheck, TriangleAlert } from 'lucide-react';
import type { ReactElement } from 'react';
import { ProctorStatusLine } from '../proctoring/proctor-status-line';
import { useAttempt } from './attempt-context';
import { saveStateText } from './save-state-text';
import { CompactTimeLeft } from './time-left';

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
  const text = saveStateText(state, session.unreachable.value, store.journalError.value, store.typingCount.value > 0, engine.unsavedAnswers.value);
  // A problem is a warning chip: warning-content on the toolbar's own colour failed axe's contrast.
  const problem = store.journalError.value !== null || state.status === 'offline' || state.status === 'error';
  const icon = STATUS_ICONS[problem ? (state.status === 'offline' ? 'offline' : 'problem') : state.status === 'saving' ? 'saving' : 'saved'];
  return (
    <p className={`flex min-w-0 items-center gap-1.5 text-sm ${problem ? 'max-w-full self-start rounded-field bg-warning px-1.5 font-semibold text-warning-content' : 'opacity-90'}`} role="status" aria-live="polite" data-testid="save-status">
      {icon}
      {/* On a phone it wraps rather than hide how many answers are unsaved. */}
      <span className="min-w-0 lg:truncate">{text}</span>
    </p>
  );
}

/**
 * The exam's toolbar. On a phone it has two rows, so the test name and the save state each get the
 * width to be read: the name, the navigator button and Submit; then the save state and the clocks.
 * On a desktop the clocks are in the navigator beside the question.
 */
export function AttemptToolbar({ onOpenNavigator, onSubmit }: { onOpenNavigator: () => void; onSubmit: () => void }) {
  useSignals();
  const { paper, session } = useAttempt();
  const canSubmit = session.canSubmit.value;
  return (
    <header className="grid grid-cols-[minmax(0,1fr)_auto_auto] items-center gap-x-2 gap-y-1 bg-primary px-3 py-2 text-primary-content lg:grid-cols-[minmax(0,1fr)_auto]">
      {/* Cut with an ellipsis when long: the full name is its title, and heads the phone's navigator. */}
      <h1 className="col-start-1 row-start-1 truncate text-base font-bold sm:text-lg" title={paper.name}>{paper.name}</h1>
      <div className="col-start-1 row-start-2 flex min-w-0 flex-col">
        <SaveStatus />
        <ProctorStatusLine />
      </div>
      <button type="button" className="btn btn-sm btn-ghost col-start-2 row-start-1 lg:hidden" aria-label="Open question navigator" onClick={onOpenNavigator}>
        <LayoutGrid className="h-5 w-5" aria-hidden="true" />
      </button>
      <div className="col-span-2 col-start-2 row-start-2 justify-self-end lg:hidden">
        <CompactTimeLeft />
      </div>
      <div className="col-start-3 row-start-1 flex flex-col items-end lg:col-start-2 lg:row-span-2">
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
