import { signal } from '@preact/signals-react';

export type SnackbarColor = 'success' | 'error' | 'info' | 'warning';

export interface SnackbarMessage {
  id: number;
  text: string;
  color: SnackbarColor;
  timeout: number;
}

/** Spec section 9: snackbar default timeout 2000 ms. */
export const SNACKBAR_TIMEOUT_MS = 2000;

export const snackbarMessages = signal<SnackbarMessage[]>([]);
/**
 * Pixels kept free at the bottom of the window, so snackbars sit above a screen's own bottom bar
 * (the test's Prev / Save & Next) instead of over it.
 */
export const snackbarBottomClearance = signal(0);

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

/**
 * Shows a message for its timeout. The same message shown again while it is up is not stacked: it
 * stays one, its time starts again, and it gets a new id, so its node is new and read out again.
 */
export function showSnackbar(text: string, options: { color?: SnackbarColor; timeout?: number } = {}): void {
  const color = options.color ?? 'info';
  const message: SnackbarMessage = { id: nextId++, text, color, timeout: options.timeout ?? SNACKBAR_TIMEOUT_MS };
  const shown = snackbarMessages.value;
  const same = shown.find((item) => item.text === text && item.color === color);
  if (same) {
    clearTimeout(timers.get(same.id));
    timers.delete(same.id);
    snackbarMessages.value = shown.map((item) => (item === same ? message : item));
  } else {
    snackbarMessages.value = [...shown, message];
  }
  timers.set(
    message.id,
    setTimeout(() => dismissSnackbar(message.id), message.timeout),
  );
}

export function dismissSnackbar(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  snackbarMessages.value = snackbarMessages.value.filter((message) => message.id !== id);
}
