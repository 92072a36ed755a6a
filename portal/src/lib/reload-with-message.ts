import { SNACKBAR_TIMEOUT_MS, showSnackbar, type SnackbarColor } from './snackbar';

const CARRIED_KEY = 'carried_snackbar';
/** A carried message older than this when the page starts is stale (its reload never came). */
const CARRY_LIMIT_MS = 10_000;

interface CarriedMessage {
  text: string;
  color: SnackbarColor;
  /** How long it still has to show. */
  remainingMs: number;
  savedAt: number;
}

function sessionStore(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/**
 * Shows a message, then reloads the page after `reloadAfterMs` (logout: spec, 'reloads after 500
 * ms'). A reload would wipe the message after half a second, so what is left of its time is kept
 * in session storage and `showCarriedSnackbar` shows it again for that long on the new page.
 */
export function showSnackbarThenReload(
  text: string,
  { color = 'info', reloadAfterMs, reload = () => window.location.reload() }: { color?: SnackbarColor; reloadAfterMs: number; reload?: () => void },
): void {
  const shownAt = Date.now();
  showSnackbar(text, { color });
  setTimeout(() => {
    const now = Date.now();
    const remainingMs = SNACKBAR_TIMEOUT_MS - (now - shownAt);
    if (remainingMs > 0) {
      try {
        sessionStore()?.setItem(CARRIED_KEY, JSON.stringify({ text, color, remainingMs, savedAt: now } satisfies CarriedMessage));
      } catch {
        // Storage is unavailable: the message ends with this page.
      }
    }
    reload();
  }, reloadAfterMs);
}

/** On start: the message a reload interrupted, for the rest of its time (once). */
export function showCarriedSnackbar(): void {
  const store = sessionStore();
  let carried: Partial<CarriedMessage> | null = null;
  try {
    const raw = store?.getItem(CARRIED_KEY);
    store?.removeItem(CARRIED_KEY);
    carried = raw ? (JSON.parse(raw) as Partial<CarriedMessage>) : null;
  } catch {
    return;
  }
  if (!carried || typeof carried.text !== 'string' || typeof carried.remainingMs !== 'number' || typeof carried.savedAt !== 'number') return;
  const age = Date.now() - carried.savedAt;
  if (age < 0 || age > CARRY_LIMIT_MS) return;
  const color: SnackbarColor = carried.color === 'success' || carried.color === 'error' || carried.color === 'warning' ? carried.color : 'info';
  showSnackbar(carried.text, { color, timeout: Math.min(carried.remainingMs, SNACKBAR_TIMEOUT_MS) });
}
