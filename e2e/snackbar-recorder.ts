import { expect, type BrowserContext, type Page } from '@playwright/test';

/**
 * Snackbars last 2 s; on a loaded machine a check may come later than that. Every snackbar the page
 * shows is recorded (text and colour) as it appears, and each check takes one recorded match.
 */
export async function recordSnackbars(target: Page | BrowserContext): Promise<void> {
  await target.addInitScript(() => {
    const shown: { text: string; color: string }[] = [];
    const take = (text: string, color: string) => {
      const index = shown.findIndex((item) => item.text === text && item.color === color);
      return index < 0 ? false : (shown.splice(index, 1), true);
    };
    Object.assign(window, { e2eTakeSnackbar: take });
    new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        for (const node of Array.from(mutation.addedNodes)) {
          if (node instanceof HTMLElement && node.matches('.toast .alert')) {
            const color = ['success', 'error', 'info', 'warning'].find((name) => node.classList.contains(`alert-${name}`)) ?? '';
            shown.push({ text: node.querySelector('span')?.textContent ?? '', color });
          }
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

/** A snackbar of that colour (green success, red error, blue info) with that text was shown. */
export async function expectSnackbar(page: Page, text: string, color: 'success' | 'error' | 'info' | 'warning'): Promise<void> {
  await expect
    .poll(() => page.evaluate((shown) => (window as unknown as { e2eTakeSnackbar: (t: string, c: string) => boolean }).e2eTakeSnackbar(shown.text, shown.color), { text, color }), {
      message: `snackbar '${text}' (${color})`,
    })
    .toBe(true);
}
