import { describe, expect, it } from 'vitest';

import type { Pairing } from './pairing-state';
import { currentPairing, sessionPairingStore } from './pairing-store';

/** The subset of chrome.storage.StorageArea the store uses, in memory. */
function memoryArea(): { area: chrome.storage.StorageArea; items: Record<string, unknown> } {
  const items: Record<string, unknown> = {};
  const area = {
    async get(keys: string | null) {
      if (keys === null) return { ...items };
      return keys in items ? { [keys]: items[keys] } : {};
    },
    async set(values: Record<string, unknown>) {
      Object.assign(items, structuredClone(values));
    },
    async remove(key: string) {
      delete items[key];
    },
  };
  return { area: area as unknown as chrome.storage.StorageArea, items };
}

const p3: Pairing = { origin: 'http://127.0.0.1:18080', tabId: 3, pairedAt: 1000 };
const p7: Pairing = { origin: 'http://localhost:8080', tabId: 7, pairedAt: 2000, documentId: 'D7' };

describe('sessionPairingStore', () => {
  it('stores, reads and drops pairings per tab', async () => {
    const { area, items } = memoryArea();
    const store = sessionPairingStore(area);
    await store.set(p3);
    await store.set(p7);
    expect(Object.keys(items).sort()).toEqual(['pairing:3', 'pairing:7']);
    expect(await store.get(3)).toEqual(p3);
    expect(await store.get(4)).toBeNull();
    expect(await store.all()).toEqual([p3, p7]);
    await store.remove(3);
    expect(await store.get(3)).toBeNull();
    expect(await store.all()).toEqual([p7]);
  });

  it('ignores garbage in the area', async () => {
    const { area, items } = memoryArea();
    items['pairing:5'] = { origin: 5 };
    const store = sessionPairingStore(area);
    expect(await store.get(5)).toBeNull();
    expect(await store.all()).toEqual([]);
  });
});

describe('currentPairing', () => {
  it('reports the most recent pairing of a live tab and forgets dead tabs', async () => {
    const { area } = memoryArea();
    const store = sessionPairingStore(area);
    await store.set(p3);
    await store.set(p7);
    expect(await currentPairing(store, async () => true)).toEqual(p7);
    expect(await currentPairing(store, async (tabId) => tabId !== 7)).toEqual(p3);
    expect(await store.get(7)).toBeNull();
    expect(await currentPairing(store, async () => false)).toBeNull();
    expect(await store.all()).toEqual([]);
  });
});
