import { describe, expect, it } from 'vitest';

import { createPairRequest } from '@invigil/shared/protocol/pairing';

import { pageHidden, parseBridgeMessage, relayPortalMessage } from './bridge-messages';

describe('bridge messages', () => {
  it('round-trips a relayed request and a page-hidden notice', () => {
    const request = createPairRequest();
    expect(parseBridgeMessage(relayPortalMessage(request))).toEqual(relayPortalMessage(request));
    expect(parseBridgeMessage(pageHidden())).toEqual(pageHidden());
  });

  it('re-validates the relayed portal message', () => {
    const bad = { relay: 'invigil-bridge', kind: 'portal', message: { ...createPairRequest(), type: 'UNPAIR_EVERYONE' } };
    expect(parseBridgeMessage(bad)).toBeNull();
  });

  it('rejects anything else', () => {
    for (const data of [undefined, null, 42, {}, { kind: 'page-hidden' }, { relay: 'invigil-bridge', kind: 'other' }]) {
      expect(parseBridgeMessage(data)).toBeNull();
    }
  });
});
