import { describe, expect, it } from 'vitest';

import { asPairing, latestPairing, pairingBelongsTo, pairingKey, pairingsFromStorage, statusText, type Pairing } from './pairing-state';

const a: Pairing = { origin: 'http://127.0.0.1:18080', tabId: 3, pairedAt: 1000, documentId: 'DOC-A' };
const b: Pairing = { origin: 'https://exam.example.edu', tabId: 7, pairedAt: 2000 };

describe('pairing state', () => {
  it('keys one record per tab', () => {
    expect(pairingKey(3)).toBe('pairing:3');
  });

  it('reads the valid pairings out of the storage area', () => {
    const items = {
      [pairingKey(3)]: a,
      [pairingKey(7)]: b,
      [pairingKey(8)]: { ...b, tabId: 9 }, // key and record disagree
      [pairingKey(9)]: { origin: 'x', tabId: -1, pairedAt: 1 },
      unrelated: { origin: 'x', tabId: 1, pairedAt: 1 },
    };
    expect(pairingsFromStorage(items)).toEqual([a, b]);
  });

  it('validates stored values', () => {
    expect(asPairing(a)).toEqual(a);
    expect(asPairing({ ...a, extra: true })).toEqual(a);
    expect(asPairing({ ...a, documentId: 5 })).toBeNull();
    expect(asPairing({ ...a, pairedAt: 1.5 })).toBeNull();
    expect(asPairing({ ...a, origin: '' })).toBeNull();
    expect(asPairing('pairing')).toBeNull();
  });

  it('picks the most recent pairing', () => {
    expect(latestPairing([])).toBeNull();
    expect(latestPairing([a, b])).toEqual(b);
    expect(latestPairing([b, a])).toEqual(b);
  });

  it('ties a pairing to its origin and, when known, its document', () => {
    expect(pairingBelongsTo(a, { origin: a.origin, documentId: 'DOC-A' })).toBe(true);
    expect(pairingBelongsTo(a, { origin: a.origin, documentId: 'DOC-B' })).toBe(false);
    expect(pairingBelongsTo(a, { origin: a.origin })).toBe(true);
    expect(pairingBelongsTo(a, { origin: 'http://127.0.0.1:18081', documentId: 'DOC-A' })).toBe(false);
    expect(pairingBelongsTo(b, { origin: b.origin, documentId: 'ANY' })).toBe(true);
  });

  it('words the popup status', () => {
    expect(statusText(null)).toBe('Not connected');
    expect(statusText(a)).toBe('Connected to http://127.0.0.1:18080');
  });
});
