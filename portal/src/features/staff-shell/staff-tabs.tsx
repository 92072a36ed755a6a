import { useRef, type KeyboardEvent, type ReactNode } from 'react';

// The staff screens' tabs (the test editor, a test's results): the WAI-ARIA tabs pattern of the
// student's features/results/tabs.tsx, in a file of the staff side's own: importing the student's
// would split it out of the student's result chunk into one shared with the staff side.

interface StaffTabsProps<T extends string> {
  tabs: readonly T[];
  labels: Record<T, string>;
  selected: T;
  onSelect: (tab: T) => void;
  /** The tab list's accessible name. */
  label: string;
  /** Makes the tabs' and panels' ids unique on the page. */
  idPrefix: string;
}

const tabId = (prefix: string, tab: string) => `${prefix}-tab-${tab}`;
const panelId = (prefix: string, tab: string) => `${prefix}-panel-${tab}`;

/** Tabs with automatic activation: arrow keys move and select, Home and End jump; they wrap on a phone. */
export function StaffTabs<T extends string>({ tabs, labels, selected, onSelect, label, idPrefix }: StaffTabsProps<T>) {
  const refs = useRef(new Map<T, HTMLButtonElement>());
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const current = tabs.indexOf(selected);
    const last = tabs.length - 1;
    const next = event.key === 'ArrowRight' ? (current + 1) % tabs.length : event.key === 'ArrowLeft' ? (current + last) % tabs.length : event.key === 'Home' ? 0 : event.key === 'End' ? last : null;
    if (next === null) return;
    event.preventDefault();
    const tab = tabs[next] as T;
    onSelect(tab);
    refs.current.get(tab)?.focus();
  }
  return (
    <div role="tablist" aria-label={label} className="tabs tabs-border mb-4 flex-wrap" onKeyDown={onKeyDown}>
      {tabs.map((tab) => {
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
            id={tabId(idPrefix, tab)}
            aria-selected={active}
            aria-controls={panelId(idPrefix, tab)}
            tabIndex={active ? 0 : -1}
            className={`tab whitespace-nowrap ${active ? 'tab-active font-semibold' : ''}`}
            onClick={() => onSelect(tab)}
          >
            {labels[tab]}
          </button>
        );
      })}
    </div>
  );
}

export function StaffTabPanel({ tab, idPrefix, children }: { tab: string; idPrefix: string; children: ReactNode }) {
  return (
    <div role="tabpanel" id={panelId(idPrefix, tab)} aria-labelledby={tabId(idPrefix, tab)} tabIndex={0} className="focus-visible:outline-2 focus-visible:outline-offset-4">
      {children}
    </div>
  );
}
