import { describe, expect, it } from 'vitest';

import { createPairRequest } from '@invigil/shared/protocol/pairing';
import type { ToExtensionMessage } from '@invigil/shared/protocol/messages';
import { randomId } from '@invigil/shared/protocol/messages';

import { handleBridgeMessage, trustedSender, type HandlerDeps, type ProctorRequests, type Sender } from './background-handler';
import { pageHidden, relayPortalMessage } from './bridge-messages';
import type { Pairing } from './pairing-state';
import type { PairingStore } from './pairing-store';

const ORIGIN = 'http://127.0.0.1:18080';

function memoryStore(): PairingStore & { map: Map<number, Pairing> } {
  const map = new Map<number, Pairing>();
  return {
    map,
    async get(tabId) {
      return map.get(tabId) ?? null;
    },
    async set(pairing) {
      map.set(pairing.tabId, pairing);
    },
    async remove(tabId) {
      map.delete(tabId);
    },
    async all() {
      return [...map.values()];
    },
  };
}

function setup() {
  const store = memoryStore();
  let clock = 1_000;
  const deps: HandlerDeps = { extensionId: 'EXT', extensionVersion: '0.1.0', allowed: [ORIGIN], store, now: () => clock++ };
  return { store, deps };
}

function sender(overrides: Partial<Sender> = {}): Sender {
  return { id: 'EXT', origin: ORIGIN, url: `${ORIGIN}/tests/1`, frameId: 0, documentId: 'DOC-1', tab: { id: 5 }, ...overrides };
}

function statusRequest(): ToExtensionMessage {
  return { channel: 'invigil', direction: 'to-extension', id: randomId(), type: 'STATUS_REQUEST', payload: {} };
}

describe('trustedSender', () => {
  const deps = { extensionId: 'EXT', allowed: [ORIGIN] };

  it('accepts our content script in the top frame of a tab on an allowed origin', () => {
    expect(trustedSender(sender(), deps)).toEqual({ origin: ORIGIN, tabId: 5 });
    expect(trustedSender(sender({ origin: undefined }), deps)).toEqual({ origin: ORIGIN, tabId: 5 });
  });

  it('rejects other extensions, frames, non-tabs and other origins', () => {
    expect(trustedSender(sender({ id: 'OTHER' }), deps)).toBeNull();
    expect(trustedSender(sender({ frameId: 2 }), deps)).toBeNull();
    expect(trustedSender(sender({ tab: undefined }), deps)).toBeNull();
    expect(trustedSender(sender({ tab: { id: -1 } }), deps)).toBeNull();
    expect(trustedSender(sender({ origin: 'http://127.0.0.1:18081', url: 'http://127.0.0.1:18081/' }), deps)).toBeNull();
    expect(trustedSender(sender({ origin: 'null', url: undefined }), deps)).toBeNull();
    expect(trustedSender(sender({ origin: undefined, url: undefined }), deps)).toBeNull();
  });

  it('rejects a sender whose origin and url disagree', () => {
    expect(trustedSender(sender({ url: 'http://evil.example/' }), deps)).toBeNull();
  });
});

describe('handleBridgeMessage', () => {
  it('acks a pair request and records the pairing for the tab', async () => {
    const { store, deps } = setup();
    const request = createPairRequest();
    const reply = await handleBridgeMessage(relayPortalMessage(request), sender(), deps);
    expect(reply).toMatchObject({ type: 'PAIR_ACK', id: request.id, payload: { nonce: request.payload.nonce, origin: ORIGIN } });
    expect(store.map.get(5)).toEqual({ origin: ORIGIN, tabId: 5, pairedAt: 1000, documentId: 'DOC-1' });
  });

  it('stays silent for a sender on another origin, even with a valid request', async () => {
    const { store, deps } = setup();
    const other = sender({ origin: 'http://127.0.0.1:18081', url: 'http://127.0.0.1:18081/' });
    expect(await handleBridgeMessage(relayPortalMessage(createPairRequest()), other, deps)).toBeNull();
    expect(store.map.size).toBe(0);
  });

  it('stays silent for malformed messages', async () => {
    const { store, deps } = setup();
    expect(await handleBridgeMessage(createPairRequest(), sender(), deps)).toBeNull();
    expect(await handleBridgeMessage({ relay: 'invigil-bridge', kind: 'portal', message: {} }, sender(), deps)).toBeNull();
    expect(store.map.size).toBe(0);
  });

  it('rejects another protocol version without pairing', async () => {
    const { store, deps } = setup();
    const request = createPairRequest();
    const future = { ...request, payload: { ...request.payload, protocolVersion: 99 } };
    expect(await handleBridgeMessage(relayPortalMessage(future), sender(), deps)).toMatchObject({ type: 'PAIR_REJECT' });
    expect(store.map.size).toBe(0);
  });

  it('reports status for the document that paired only', async () => {
    const { deps } = setup();
    const before = await handleBridgeMessage(relayPortalMessage(statusRequest()), sender(), deps);
    expect(before).toMatchObject({ type: 'STATUS', payload: { paired: false, origin: null } });
    await handleBridgeMessage(relayPortalMessage(createPairRequest()), sender(), deps);
    const after = await handleBridgeMessage(relayPortalMessage(statusRequest()), sender(), deps);
    expect(after).toMatchObject({ type: 'STATUS', payload: { paired: true, origin: ORIGIN } });
    const reloaded = await handleBridgeMessage(relayPortalMessage(statusRequest()), sender({ documentId: 'DOC-2' }), deps);
    expect(reloaded).toMatchObject({ type: 'STATUS', payload: { paired: false, origin: null } });
  });

  it('drops the pairing when its page goes away, but not for a newer document of the tab', async () => {
    const { store, deps } = setup();
    await handleBridgeMessage(relayPortalMessage(createPairRequest()), sender({ documentId: 'DOC-2' }), deps);
    expect(await handleBridgeMessage(pageHidden(), sender({ documentId: 'DOC-1' }), deps)).toBeNull();
    expect(store.map.has(5)).toBe(true);
    expect(await handleBridgeMessage(pageHidden(), sender({ documentId: 'DOC-2' }), deps)).toBeNull();
    expect(store.map.has(5)).toBe(false);
  });

  it('keeps pairings of different tabs apart', async () => {
    const { store, deps } = setup();
    await handleBridgeMessage(relayPortalMessage(createPairRequest()), sender({ tab: { id: 1 } }), deps);
    await handleBridgeMessage(relayPortalMessage(createPairRequest()), sender({ tab: { id: 2 } }), deps);
    await handleBridgeMessage(pageHidden(), sender({ tab: { id: 1 } }), deps);
    expect([...store.map.keys()]).toEqual([2]);
  });
});

describe('handleBridgeMessage: proctoring requests', () => {
  function withProctor() {
    const calls: { type: string; paired: boolean; tabId: number; documentId?: string | undefined }[] = [];
    const gone: number[] = [];
    const proctor: ProctorRequests = {
      async request(message, from, paired) {
        calls.push({ type: message.type, paired, tabId: from.tabId, documentId: from.documentId });
        return {
          channel: 'invigil', direction: 'to-portal', id: message.id, type: 'PROCTOR_STATUS',
          payload: { testId: message.payload.testId, session: message.payload.session, watching: paired, fullScreen: false, missed: [] },
        };
      },
      async shareScreen(message, from) {
        calls.push({ type: message.type, paired: true, tabId: from.tabId, documentId: from.documentId });
        return { channel: 'invigil', direction: 'to-portal', id: message.id, type: 'SCREEN_SHARE_GRANT', payload: { ...message.payload, grant: 'cancelled' } };
      },
      async pageGone(from) {
        gone.push(from.tabId);
      },
    };
    const { store, deps } = setup();
    return { calls, gone, store, deps: { ...deps, proctor } };
  }
  const share = (): ToExtensionMessage => ({ channel: 'invigil', direction: 'to-extension', id: randomId(), type: 'SCREEN_SHARE_REQUEST', payload: { testId: 't1', session: randomId() } });
  const stop = (): ToExtensionMessage => ({ channel: 'invigil', direction: 'to-extension', id: randomId(), type: 'STOP_PROCTORING', payload: { testId: 't1', session: randomId() } });

  it('hands them to the controller, saying whether this document is paired', async () => {
    const { calls, deps } = withProctor();
    await handleBridgeMessage(relayPortalMessage(stop()), sender(), deps);
    await handleBridgeMessage(relayPortalMessage(createPairRequest()), sender(), deps);
    const reply = await handleBridgeMessage(relayPortalMessage(stop()), sender(), deps);
    expect(reply).toMatchObject({ type: 'PROCTOR_STATUS', payload: { watching: true } });
    expect(calls).toEqual([
      { type: 'STOP_PROCTORING', paired: false, tabId: 5, documentId: 'DOC-1' },
      { type: 'STOP_PROCTORING', paired: true, tabId: 5, documentId: 'DOC-1' },
    ]);
  });

  it("hands a screen share request to the controller's picker", async () => {
    const { calls, deps } = withProctor();
    const reply = await handleBridgeMessage(relayPortalMessage(share()), sender(), deps);
    expect(reply).toMatchObject({ type: 'SCREEN_SHARE_GRANT', payload: { grant: 'cancelled' } });
    expect(calls).toEqual([{ type: 'SCREEN_SHARE_REQUEST', paired: true, tabId: 5, documentId: 'DOC-1' }]);
  });

  it('never reaches the controller from a foreign origin', async () => {
    const { calls, gone, deps } = withProctor();
    const foreign = sender({ origin: 'http://127.0.0.1:18081', url: 'http://127.0.0.1:18081/' });
    expect(await handleBridgeMessage(relayPortalMessage(share()), foreign, deps)).toBeNull();
    expect(await handleBridgeMessage(relayPortalMessage(stop()), foreign, deps)).toBeNull();
    expect(await handleBridgeMessage(pageHidden(), foreign, deps)).toBeNull();
    expect(calls).toEqual([]);
    expect(gone).toEqual([]);
  });

  it('tells the controller when a page goes away', async () => {
    const { gone, deps } = withProctor();
    await handleBridgeMessage(pageHidden(), sender(), deps);
    expect(gone).toEqual([5]);
  });
});
