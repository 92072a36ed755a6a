import { signal } from '@preact/signals-react';
import { storage } from '../../lib/storage';

/** The Large/Normal text size switch of the in-test screen, remembered locally (spec: large_text). */
export const LARGE_TEXT_KEY = 'large_text';

export const largeText = signal(storage.get(LARGE_TEXT_KEY) === 'true');

export function setLargeText(on: boolean): void {
  largeText.value = on;
  storage.set(LARGE_TEXT_KEY, on ? 'true' : 'false');
}
