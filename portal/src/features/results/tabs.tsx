import { useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem {
  key: string;
  label: string;
}

const tabId = (prefix: string, key: string) => `${prefix}-tab-${key}`;
const panelId = (prefix: string, key: string) => `${prefix}-panel-${key}`;

/**
 * WAI-ARIA tabs with automatic activation: arrow keys move and select, Home and End jump, and only
 * the selected tab is in the tab order.
 */
export function Tabs({ label, items, selected, onSelect, idPrefix, className = '' }: {
  label: string;
  items: readonly TabItem[];
  selected: string;
  onSelect: (key: string) => void;
  idPrefix: string;
  className?: string;
}) {
  const refs = useRef(new Map<string, HTMLButtonElement>());

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const current = items.findIndex((item) => item.key === selected);
    let next: number | null = null;
    if (event.key === 'ArrowRight') next = (current + 1) % items.length;
    else if (event.key === 'ArrowLeft') next = (current - 1 + items.length) % items.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = items.length - 1;
    if (next === null) return;
    event.preventDefault();
    const item = items[next];
    if (!item) return;
    onSelect(item.key);
    refs.current.get(item.key)?.focus();
  }

  // The tabs wrap onto a second row rather than scroll: on a phone every tab stays in sight.
  return (
    <div role="tablist" aria-label={label} className={`tabs flex-wrap ${className}`} onKeyDown={onKeyDown}>
      {items.map((item) => {
        const active = item.key === selected;
        return (
          <button
            key={item.key}
            ref={(element) => {
              if (element) refs.current.set(item.key, element);
              else refs.current.delete(item.key);
            }}
            type="button"
            role="tab"
            id={tabId(idPrefix, item.key)}
            aria-selected={active}
            aria-controls={panelId(idPrefix, item.key)}
            tabIndex={active ? 0 : -1}
            className={`tab whitespace-nowrap ${active ? 'tab-active font-semibold' : ''}`}
            onClick={() => onSelect(item.key)}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}

export function TabPanel({ idPrefix, tabKey, children, className = '' }: { idPrefix: string; tabKey: string; children: ReactNode; className?: string }) {
  return (
    <div role="tabpanel" id={panelId(idPrefix, tabKey)} aria-labelledby={tabId(idPrefix, tabKey)} tabIndex={0} className={className}>
      {children}
    </div>
  );
}
