/**
 * Pairing records, one per tab, as kept in chrome.storage.session under `pairing:<tabId>`.
 * One key per tab means writers never read-modify-write a shared object, so two tabs pairing at
 * once cannot overwrite each other. These helpers are pure; lib/pairing-store.ts does the I/O.
 * (No zod here: the popup imports this module and stays small without it.)
 */
export interface Pairing {
  origin: string;
  tabId: number;
  pairedAt: number;
  /** The document that paired (sender.documentId): a late "page hidden" from an older document of
   * the same tab must not drop a newer pairing. */
  documentId?: string;
}

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/** The stored value as a Pairing, or null when it is not one. */
export function asPairing(value: unknown): Pairing | null {
  if (typeof value !== 'object' || value === null) return null;
  const { origin, tabId, pairedAt, documentId } = value as Record<string, unknown>;
  if (typeof origin !== 'string' || origin === '' || !isCount(tabId) || !isCount(pairedAt)) return null;
  if (documentId !== undefined && typeof documentId !== 'string') return null;
  return documentId === undefined ? { origin, tabId, pairedAt } : { origin, tabId, pairedAt, documentId };
}

const PREFIX = 'pairing:';

export function pairingKey(tabId: number): string {
  return `${PREFIX}${tabId}`;
}

/** The valid pairings among everything in the storage area (other keys and bad values are skipped). */
export function pairingsFromStorage(items: Record<string, unknown>): Pairing[] {
  const pairings: Pairing[] = [];
  for (const [key, value] of Object.entries(items)) {
    if (!key.startsWith(PREFIX)) continue;
    const pairing = asPairing(value);
    if (pairing && pairingKey(pairing.tabId) === key) pairings.push(pairing);
  }
  return pairings;
}

/** The most recent pairing, or null. */
export function latestPairing(pairings: readonly Pairing[]): Pairing | null {
  let latest: Pairing | null = null;
  for (const pairing of pairings) {
    if (!latest || pairing.pairedAt > latest.pairedAt) latest = pairing;
  }
  return latest;
}

/**
 * Whether `pairing` belongs to the document that `sender` is: same origin and, when both sides know
 * it, the same document. A "page hidden" notice ends only its own document's pairing, and a
 * STATUS request from a newer document of the tab does not see an older document's pairing.
 */
export function pairingBelongsTo(pairing: Pairing, sender: { origin: string; documentId?: string | undefined }): boolean {
  if (pairing.origin !== sender.origin) return false;
  if (pairing.documentId !== undefined && sender.documentId !== undefined) {
    return pairing.documentId === sender.documentId;
  }
  return true;
}

/** What the popup says. */
export function statusText(pairing: Pairing | null): string {
  return pairing ? `Connected to ${pairing.origin}` : 'Not connected';
}
