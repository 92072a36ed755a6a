import { signal } from '@preact/signals-react';

export interface ExtensionLink {
  extensionVersion: string;
  origin: string;
}

/** Set when the institute's extension answered our pairing request; null when absent. */
export const extensionLink = signal<ExtensionLink | null>(null);

/** True once pairing has an answer, or gave up waiting for one (no extension on this browser). */
export const extensionPairingSettled = signal(false);

/**
 * Starts pairing after the first paint. The protocol code (and its schema library) loads in its
 * own chunk so it never delays the sign-in screen.
 */
export function startExtensionPairing(): void {
  const start = () =>
    void import('./extension-link').then(
      (module) => module.pairWithExtension(),
      // No pairing code (a failed chunk load): nobody waits for an answer that cannot come.
      () => (extensionPairingSettled.value = true),
    );
  if ('requestIdleCallback' in window) window.requestIdleCallback(start, { timeout: 1500 });
  else setTimeout(start, 200);
}
