/** How often the page looks whether the payment window was closed. */
export const WINDOW_POLL_MS = 500;

/**
 * Opens the admin page where the student pays (spec: Pay Now) and calls `onClosed` once that
 * window is closed. Not `noopener`: the page must see its window close. When a popup blocker
 * refuses the window, the admin page opens in this tab instead. Returns a stop function.
 */
export function openPaymentWindow(url: string, onClosed: () => void, win: Window = window): () => void {
  const opened = win.open(url, 'certificate-payment');
  if (!opened) {
    win.location.assign(url);
    return () => {};
  }
  const timer = win.setInterval(() => {
    if (!opened.closed) return;
    win.clearInterval(timer);
    onClosed();
  }, WINDOW_POLL_MS);
  return () => win.clearInterval(timer);
}
