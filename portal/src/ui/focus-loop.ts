/**
 * A focus loop: Tab from the last control goes to the first, Shift+Tab from the first to the last,
 * and the focus never leaves the page for the browser's toolbar. During a proctored test that
 * matters: the toolbar taking the focus is the window losing it, which counts as leaving the test.
 *
 * It works with two guards, focusable and empty, at the ends of the loop's scope: the browser's own
 * Tab order reaches a guard only when it would otherwise leave the scope, wherever the focus
 * started (a control, or a click on plain text), and the guard hands the focus on round the loop.
 */

const CANDIDATES = [
  'a[href]',
  'area[href]',
  'button',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  'iframe',
  'summary',
  'audio[controls]',
  'video[controls]',
  '[tabindex]',
  '[contenteditable]:not([contenteditable="false"])',
].join(',');

export const FOCUS_GUARD_ATTRIBUTE = 'data-focus-guard';

function reachable(element: HTMLElement): boolean {
  if (element.hasAttribute(FOCUS_GUARD_ATTRIBUTE) || element.tabIndex < 0) return false;
  if (element.matches(':disabled') || element.closest('[inert]')) return false;
  return element.checkVisibility({ visibilityProperty: true });
}

/** The controls Tab visits in `scope`, in document order; a group of radios counts once, as its checked one if any. */
function tabStops(scope: ParentNode): HTMLElement[][] {
  const stops: HTMLElement[][] = [];
  // Radios group by form and name.
  const groups = new Map<HTMLFormElement | null, Map<string, HTMLElement[]>>();
  for (const element of scope.querySelectorAll<HTMLElement>(CANDIDATES)) {
    if (!reachable(element)) continue;
    if (element instanceof HTMLInputElement && element.type === 'radio' && element.name) {
      const byName = groups.get(element.form) ?? new Map<string, HTMLElement[]>();
      groups.set(element.form, byName);
      const group = byName.get(element.name);
      if (group) group.push(element);
      else {
        const fresh = [element];
        byName.set(element.name, fresh);
        stops.push(fresh);
      }
      continue;
    }
    stops.push([element]);
  }
  return stops;
}

/** Where the focus lands on entering a stop: a radio group's checked radio, else its first (forward) or last (backward). */
function entry(stop: HTMLElement[], forward: boolean): HTMLElement | undefined {
  return stop.find((element) => (element as HTMLInputElement).checked) ?? (forward ? stop[0] : stop.at(-1));
}

/** Moves the focus to the first (forward) or last control in `scope`; false when it has none. */
export function focusEdge(scope: ParentNode, forward: boolean): boolean {
  const stops = tabStops(scope);
  const target = entry((forward ? stops[0] : stops.at(-1)) ?? [], forward);
  target?.focus();
  return target !== undefined;
}

/**
 * The focus moves while Tab is down (the key's default action), so a guard focused between a Tab's
 * keydown and its keyup was reached by that Tab; the time bound covers a keyup that never came.
 */
const TAB_PRESS_MS = 200;

/** Documents whose current Tab press is known: when it went down, and whether Shift was held. */
const lastTabs = new WeakMap<Document, { backward: boolean; at: number }>();

/** Notes each Tab press in `doc` (once per document), for the guards to know which way the focus is going. */
export function watchTabKey(doc: Document): void {
  if (lastTabs.has(doc)) return;
  const last = { backward: false, at: -Infinity };
  doc.addEventListener(
    'keydown',
    (event) => {
      if (event.key !== 'Tab') return;
      last.backward = event.shiftKey;
      last.at = performance.now();
    },
    true,
  );
  doc.addEventListener(
    'keyup',
    (event) => {
      if (event.key === 'Tab') last.at = -Infinity;
    },
    true,
  );
  lastTabs.set(doc, last);
}

/** How a guard is drawn: out of sight but focusable (display: none would take it out of the Tab order). */
export const FOCUS_GUARD_CLASS = 'pointer-events-none fixed top-0 left-0 h-px w-px overflow-hidden opacity-0';

/**
 * What a guard does when it gets the focus. Reached going forward (Tab), it focuses the scope's
 * first control; going backward (Shift+Tab), its last. So the guard at the end wraps Tab round to
 * the start and the guard at the start wraps Shift+Tab round to the end, while a Tab from nowhere
 * (a fresh page, or back from the toolbar) that meets the start guard first lands on the first
 * control. Focused otherwise (a dialog that opens focuses its first focusable: the start guard), it
 * goes forward.
 */
export function passFocusOn(guard: HTMLElement, scope: ParentNode): void {
  const last = lastTabs.get(guard.ownerDocument);
  const byTab = last !== undefined && performance.now() - last.at < TAB_PRESS_MS;
  focusEdge(scope, !(byTab && last.backward));
}

function createFocusGuard(doc: Document, at: 'start' | 'end'): HTMLElement {
  const guard = doc.createElement('span');
  guard.tabIndex = 0;
  guard.setAttribute(FOCUS_GUARD_ATTRIBUTE, at);
  guard.className = FOCUS_GUARD_CLASS;
  guard.addEventListener('focus', () => passFocusOn(guard, doc.body));
  return guard;
}

/**
 * A loop over the whole page while it runs (the test): guards as the first and last children of
 * the body. A modal <dialog> makes the body's guards inert while it is open; it keeps its own
 * (ui/modal.tsx). Returns the removal.
 */
export function installPageFocusLoop(doc: Document = document): () => void {
  watchTabKey(doc);
  const start = createFocusGuard(doc, 'start');
  const end = createFocusGuard(doc, 'end');
  const keepAtTheEnds = () => {
    if (doc.body.firstElementChild !== start) doc.body.prepend(start);
    if (doc.body.lastElementChild !== end) doc.body.append(end);
  };
  keepAtTheEnds();
  // Something added to the body later (a library's element) would otherwise sit outside the loop.
  const observer = new MutationObserver(keepAtTheEnds);
  observer.observe(doc.body, { childList: true });
  return () => {
    observer.disconnect();
    start.remove();
    end.remove();
  };
}
