import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showCarriedSnackbar, showSnackbarThenReload } from './reload-with-message';
import { SNACKBAR_TIMEOUT_MS, snackbarMessages } from './snackbar';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() { return items.size; },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

const texts = () => snackbarMessages.value.map((message) => message.text);

describe('a message across a reload', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('sessionStorage', memoryStorage());
    snackbarMessages.value = [];
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows for its full time in all: before the reload and, for the rest, after it', () => {
    const reload = vi.fn();
    showSnackbarThenReload('Signed out successfully!', { color: 'success', reloadAfterMs: 500, reload });
    expect(texts()).toEqual(['Signed out successfully!']);
    vi.advanceTimersByTime(500);
    expect(reload).toHaveBeenCalledOnce();

    // The new page: the old page's messages are gone; the carried one comes back for 1500 ms.
    snackbarMessages.value = [];
    vi.advanceTimersByTime(300);
    showCarriedSnackbar();
    expect(snackbarMessages.value).toMatchObject([{ text: 'Signed out successfully!', color: 'success', timeout: SNACKBAR_TIMEOUT_MS - 500 }]);
    vi.advanceTimersByTime(SNACKBAR_TIMEOUT_MS - 501);
    expect(texts()).toEqual(['Signed out successfully!']);
    vi.advanceTimersByTime(1);
    expect(texts()).toEqual([]);

    // Shown once: another start shows nothing.
    showCarriedSnackbar();
    expect(texts()).toEqual([]);
  });

  it('drops a stale or broken carried message', () => {
    sessionStorage.setItem('carried_snackbar', JSON.stringify({ text: 'Old', color: 'info', remainingMs: 1000, savedAt: Date.now() - 60_000 }));
    showCarriedSnackbar();
    sessionStorage.setItem('carried_snackbar', '{not json');
    showCarriedSnackbar();
    expect(texts()).toEqual([]);
    expect(sessionStorage.getItem('carried_snackbar')).toBeNull();
  });
});
