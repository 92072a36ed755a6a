import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { EDITOR_TAB_LABELS, EDITOR_TABS, type EditorTab } from './test-draft';

// The editor's own tabs, the WAI-ARIA pattern of features/results/tabs.tsx: importing that file here
// would split it out of the student's result chunk into one shared with the staff side, and the
// student's result route would load one more file (bench:bundle).
const tabId = (tab: EditorTab) => `te-tab-${tab}`;
const panelId = (tab: EditorTab) => `te-panel-${tab}`;

/** Tabs with automatic activation: arrow keys move and select, Home and End jump; they wrap on a phone. */
export function EditorTabs({ selected, onSelect }: { selected: EditorTab; onSelect: (tab: EditorTab) => void }) {
  const refs = useRef(new Map<EditorTab, HTMLButtonElement>());
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const current = EDITOR_TABS.indexOf(selected);
    const last = EDITOR_TABS.length - 1;
    const next = event.key === 'ArrowRight' ? (current + 1) % EDITOR_TABS.length : event.key === 'ArrowLeft' ? (current + last) % EDITOR_TABS.length : event.key === 'Home' ? 0 : event.key === 'End' ? last : null;
    if (next === null) return;
    event.preventDefault();
    const tab = EDITOR_TABS[next] as EditorTab;
    onSelect(tab);
    refs.current.get(tab)?.focus();
  }
  return (
    <div role="tablist" aria-label="Test editor sections" className="tabs tabs-border mb-4 flex-wrap" onKeyDown={onKeyDown}>
      {EDITOR_TABS.map((tab) => {
        const active = tab === selected;
        return (
          <button
            key={tab}
            ref={(element) => {
              if (element) refs.current.set(tab, element);
              else refs.current.delete(tab);
            }}
            type="button"
            role="tab"
            id={tabId(tab)}
            aria-selected={active}
            aria-controls={panelId(tab)}
            tabIndex={active ? 0 : -1}
            className={`tab whitespace-nowrap ${active ? 'tab-active font-semibold' : ''}`}
            onClick={() => onSelect(tab)}
          >
            {EDITOR_TAB_LABELS[tab]}
          </button>
        );
      })}
    </div>
  );
}

export function EditorTabPanel({ tab, children }: { tab: EditorTab; children: ReactNode }) {
  return (
    <div role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)} tabIndex={0}>
      {children}
    </div>
  );
}
