import { useRef, type KeyboardEvent, type ReactNode } from 'react';

// The results page's own tabs, the WAI-ARIA pattern of the editor's tabs (a copy: importing the
// student's or the editor's would share a chunk between them and this page).
export const RESULT_TABS = ['attempts', 'items', 'changes', 'marksheets', 'review'] as const;
export type ResultTab = (typeof RESULT_TABS)[number];
export const RESULT_TAB_LABELS: Record<ResultTab, string> = { attempts: 'Attempts', items: 'Item analysis', changes: 'Changes', marksheets: 'Marksheets', review: 'Review' };

const tabId = (tab: ResultTab) => `rs-tab-${tab}`;
const panelId = (tab: ResultTab) => `rs-panel-${tab}`;

/** Tabs with automatic activation: arrow keys move and select, Home and End jump; they wrap on a phone. */
export function ResultTabs({ selected, onSelect }: { selected: ResultTab; onSelect: (tab: ResultTab) => void }) {
  const refs = useRef(new Map<ResultTab, HTMLButtonElement>());
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const current = RESULT_TABS.indexOf(selected);
    const last = RESULT_TABS.length - 1;
    const next = event.key === 'ArrowRight' ? (current + 1) % RESULT_TABS.length : event.key === 'ArrowLeft' ? (current + last) % RESULT_TABS.length : event.key === 'Home' ? 0 : event.key === 'End' ? last : null;
    if (next === null) return;
    event.preventDefault();
    const tab = RESULT_TABS[next] as ResultTab;
    onSelect(tab);
    refs.current.get(tab)?.focus();
  }
  return (
    <div role="tablist" aria-label="Results sections" className="tabs tabs-border mb-4 flex-wrap" onKeyDown={onKeyDown}>
      {RESULT_TABS.map((tab) => {
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
            {RESULT_TAB_LABELS[tab]}
          </button>
        );
      })}
    </div>
  );
}

export function ResultTabPanel({ tab, children }: { tab: ResultTab; children: ReactNode }) {
  return (
    <div role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)} tabIndex={0} className="focus-visible:outline-2 focus-visible:outline-offset-4">
      {children}
    </div>
  );
}
