import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissSnackbar, showSnackbar, snackbarMessages, SNACKBAR_TIMEOUT_MS } from './snackbar';

const texts = () => snackbarMessages.value.map((message) => message.text);

describe('snackbar', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    for (const message of snackbarMessages.value) dismissSnackbar(message.id);
    vi.useRealTimers();
  });

  it('goes after the spec default of 2000 ms', () => {
    showSnackbar('Saved');
    vi.advanceTimersByTime(SNACKBAR_TIMEOUT_MS - 1);
    expect(texts()).toEqual(['Saved']);
    vi.advanceTimersByTime(1);
    expect(texts()).toEqual([]);
  });

  it('shows a repeated message once, its time started again', () => {
    showSnackbar('You have reached last question of the Part.', { color: 'warning' });
    vi.advanceTimersByTime(1500);
    showSnackbar('You have reached last question of the Part.', { color: 'warning' });
    showSnackbar('You have reached last question of the Part.', { color: 'warning' });
    expect(texts()).toEqual(['You have reached last question of the Part.']);
    // The first showing's timer no longer takes it away.
    vi.advanceTimersByTime(1000);
    expect(texts()).toHaveLength(1);
    vi.advanceTimersByTime(1000);
    expect(texts()).toEqual([]);
  });

  it('gives the repeated message a new id (read out again), keeping its place among others', () => {
    showSnackbar('First');
    const firstId = snackbarMessages.value[0]?.id;
    showSnackbar('Second', { color: 'error' });
    showSnackbar('First');
    expect(texts()).toEqual(['First', 'Second']);
    expect(snackbarMessages.value[0]?.id).not.toBe(firstId);
    // The same words in another colour are another message.
    showSnackbar('Second');
    expect(texts()).toEqual(['First', 'Second', 'Second']);
  });
});
