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
let nextId = 1;

export function showSnackbar(text: string, options: { color?: SnackbarColor; timeout?: number } = {}): void {
  const message: SnackbarMessage = {
    id: nextId++,
    text,
    color: options.color ?? 'info',
    timeout: options.timeout ?? SNACKBAR_TIMEOUT_MS,
  };
  snackbarMessages.value = [...snackbarMessages.value, message];
  setTimeout(() => dismissSnackbar(message.id), message.timeout);
}

export function dismissSnackbar(id: number): void {
  snackbarMessages.value = snackbarMessages.value.filter((message) => message.id !== id);
}
