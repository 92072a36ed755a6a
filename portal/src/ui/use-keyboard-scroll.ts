import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether a scrolling box's content overflows it, watched while `active`. A box that scrolls must
 * be reachable by Tab, or keyboard users cannot scroll it (axe: scrollable-region-focusable); one
 * that does not scroll should not add a stop to the Tab order.
 */
export function useOverflows(ref: RefObject<HTMLElement | null>, active: boolean): boolean {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || !active) return;
    const check = () => setOverflows(element.scrollHeight > element.clientHeight + 1 || element.scrollWidth > element.clientWidth + 1);
    const sizes = new ResizeObserver(check);
    const watchChildren = () => {
      for (const child of element.children) sizes.observe(child);
    };
    sizes.observe(element);
    watchChildren();
    const changes = new MutationObserver(() => {
      watchChildren();
      check();
    });
    changes.observe(element, { childList: true });
    check();
    return () => {
      sizes.disconnect();
      changes.disconnect();
    };
  }, [ref, active]);
  return overflows;
}
