import { legendCounts, navigatorCell, type LegendCountKey, type NavigatorState } from '@invigil/shared/domain/navigator-state';
import { useSignalEffect } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { Eye, FileUp, Paperclip, Type } from 'lucide-react';
import { memo, useState } from 'react';
import { afterPaint } from './attempt-store';
import { answerSheetDialogOpen } from './answer-sheet-dialog';
import { useAttempt } from './attempt-context';
import { largeText, setLargeText } from './text-size';
import { TimeLeft } from './time-left';

type CellCode = NavigatorState | 'marked-answered';

export const STATE_LABELS: Record<NavigatorState, string> = {
  answered: 'Answered',
  visited: 'Not answered',
  marked: 'Marked for review',
  selected: 'Current question',
  inaccessible: 'Not accessible now',
  'not-visited': 'Not visited',
};

const CELL_CLASSES: Record<CellCode, string> = {
  answered: 'bg-success text-success-content border-success',
  visited: 'bg-error text-error-content border-error',
  marked: 'bg-secondary text-secondary-content border-secondary',
  'marked-answered': 'bg-secondary text-secondary-content border-success border-b-4',
  selected: 'bg-primary text-primary-content border-primary ring-2 ring-primary ring-offset-2 ring-offset-base-100',
  // Dimmed but still readable (4.5:1): the number says which question is locked.
  inaccessible: 'bg-base-300 text-base-content/70 border-base-300 cursor-not-allowed',
  'not-visited': 'bg-base-100 text-base-content border-base-300',
};

const cellCode = (state: NavigatorState, markedAnswered: boolean): CellCode => (markedAnswered ? 'marked-answered' : state);

/** Cell updates wait for the frame that shows the change itself: they all run together right after it. */
let pendingCellUpdates: (() => void)[] = [];
function afterThisFrame(update: () => void): void {
  pendingCellUpdates.push(update);
  if (pendingCellUpdates.length > 1) return;
  void afterPaint().then(() => {
    const updates = pendingCellUpdates;
    pendingCellUpdates = [];
    for (const run of updates) run();
  });
}

/**
 * One navigator button: subscribes only to its own question and to whether it is selected. It
 * repaints in the frame after the one showing the next question (bench:test-ui): the question
 * the student asked for comes first, the navigator follows 16 ms later.
 */
const NavigatorCell = memo(function NavigatorCell({ qi, onPick }: { qi: number; onPick?: () => void }) {
  const { store, session } = useAttempt();
  const compute = (): CellCode => {
    const state = store.states[qi]?.value;
    if (!state) return 'not-visited';
    const cell = navigatorCell(state, { selected: store.selected[qi]?.value ?? false, accessible: session.isAccessible(qi) });
    return cellCode(cell.state, cell.markedAnswered);
  };
  const [code, setCode] = useState<CellCode>(compute);
  useSignalEffect(() => {
    const next = compute();
    afterThisFrame(() => setCode(next));
  });
  const label = code === 'marked-answered' ? 'Marked for review, answered' : STATE_LABELS[code];
  return (
    <li>
      <button
        type="button"
        className={`h-9 w-full min-w-9 rounded-field border text-sm font-semibold ${CELL_CLASSES[code]}`}
        aria-label={`Question ${qi + 1}, ${label}`}
        aria-current={code === 'selected' ? 'step' : undefined}
        onClick={() => {
          session.jump(qi);
          onPick?.();
        }}
      >
        {qi + 1}
      </button>
    </li>
  );
});

function Legend() {
  const { store, session } = useAttempt();
  const compute = () => ({
    counts: legendCounts(
      store.states.map((state) => state.value),
      (qi) => session.isAccessible(qi),
    ),
    partwise: session.partwiseNav.value !== null,
  });
  // Like the cells, the counts follow in the frame after the one that shows the next question.
  const [{ counts, partwise }, setLegend] = useState(compute);
  useSignalEffect(() => {
    const next = compute();
    afterThisFrame(() => setLegend(next));
  });
  // The current question is where the student is, not something done: it has no count.
  const shown: (LegendCountKey | 'selected')[] = ['answered', 'visited', 'marked', 'not-visited', 'selected'];
  if (partwise) shown.push('inaccessible');
  return (
    <ul className="grid grid-cols-2 gap-x-3 gap-y-1 text-xs" aria-label="Legend">
      {shown.map((state) => (
        <li key={state} className="flex items-center gap-1.5">
          <span className={`inline-block h-4 w-4 shrink-0 rounded-sm border ${state === 'selected' ? 'border-primary bg-primary' : CELL_CLASSES[state]}`} aria-hidden="true" />
          <span>{STATE_LABELS[state]}</span>
          {state === 'selected' ? null : <span className="ml-auto font-semibold tabular-nums">{counts[state]}</span>}
        </li>
      ))}
    </ul>
  );
}

export function QuestionGrid({ onPick }: { onPick?: () => void }) {
  const { model } = useAttempt();
  return (
    <ol className="grid grid-cols-[repeat(auto-fill,minmax(2.5rem,1fr))] gap-1.5" aria-label="Questions">
      {model.questions.map((question) => (
        <NavigatorCell key={question.qi} qi={question.qi} onPick={onPick} />
      ))}
    </ol>
  );
}

export function NavigatorTools({ onPreview, onAttachments }: { onPreview: () => void; onAttachments: () => void }) {
  useSignals();
  const { flags } = useAttempt();
  return (
    <div className="flex flex-col gap-2">
      {flags.hideTestPreview ? null : (
        <button type="button" className="btn btn-outline btn-sm justify-start" onClick={onPreview}>
          <Eye className="h-4 w-4" aria-hidden="true" />Preview All Questions
        </button>
      )}
      <button type="button" className="btn btn-outline btn-sm justify-start" onClick={onAttachments}>
        <Paperclip className="h-4 w-4" aria-hidden="true" />Show Attachments
      </button>
      {flags.takesPdf ? (
        <button type="button" className="btn btn-outline btn-sm justify-start" onClick={() => (answerSheetDialogOpen.value = true)}>
          <FileUp className="h-4 w-4" aria-hidden="true" />Upload Answer Sheet
        </button>
      ) : null}
      <label className="flex cursor-pointer items-center gap-2 text-sm">
        <Type className="h-4 w-4" aria-hidden="true" />
        <span>Normal</span>
        <input
          type="checkbox"
          role="switch"
          className="toggle toggle-sm toggle-primary"
          aria-label="Large text"
          checked={largeText.value}
          onChange={(event) => setLargeText(event.target.checked)}
        />
        <span>Large</span>
      </label>
    </div>
  );
}

/** The desktop navigator: time left, legend, the question grid and the tools. */
export function QuestionNavigator({ onPreview, onAttachments }: { onPreview: () => void; onAttachments: () => void }) {
  return (
    <nav aria-label="Question navigator" className="flex h-full flex-col gap-3">
      <TimeLeft />
      <Legend />
      <div className="min-h-0 flex-1 overflow-y-auto p-1">
        <QuestionGrid />
      </div>
      <NavigatorTools onPreview={onPreview} onAttachments={onAttachments} />
    </nav>
  );
}

export { Legend as NavigatorLegend };
