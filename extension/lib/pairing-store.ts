import { asPairing, latestPairing, pairingKey, pairingsFromStorage, type Pairing } from './pairing-state';

/** Where pairings live. The background and the popup use the chrome.storage.session one. */
export interface PairingStore {
  get(tabId: number): Promise<Pairing | null>;
  set(pairing: Pairing): Promise<void>;
  remove(tabId: number): Promise<void>;
  all(): Promise<Pairing[]>;
}

/**
 * chrome.storage.session: in memory, cleared when the browser or the extension restarts, and by
 * default readable only by the extension's own pages and worker (not by content scripts).
 */
export function sessionPairingStore(area: chrome.storage.StorageArea = chrome.storage.session): PairingStore {
  return {
    async get(tabId) {
      const key = pairingKey(tabId);
      const items = await area.get(key);
      return asPairing(items[key]);
    },
    async set(pairing) {
      await area.set({ [pairingKey(pairing.tabId)]: pairing });
    },
    async remove(tabId) {
      await area.remove(pairingKey(tabId));
    },
    async all() {
      return pairingsFromStorage(await area.get(null));
    },
  };
}

/** The pairing the popup reports: the most recent one whose tab still exists. */
export async function currentPairing(
  store: PairingStore,
  tabExists: (tabId: number) => Promise<boolean>,
): Promise<Pairing | null> {
  const pairings = await store.all();
  const live: Pairing[] = [];
  for (const pairing of pairings) {
    if (await tabExists(pairing.tabId)) live.push(pairing);
    else await store.remove(pairing.tabId);
  }
  return latestPairing(live);
}
