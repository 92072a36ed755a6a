import { describe, expect, it } from 'vitest';

import { answerPortal, createPairRequest } from '@invigil/shared/protocol/pairing';

import { acceptPageMessage, acceptPush, acceptReply } from './bridge-filter';

const self = { name: 'the window' };
const context = { self, pageOrigin: 'http://127.0.0.1:18080', allowed: ['http://127.0.0.1:18080'] };

describe('acceptPageMessage', () => {
  const request = createPairRequest();

  it('accepts a well-formed request the allowed page posted to itself', () => {
    expect(acceptPageMessage({ source: self, origin: context.pageOrigin, data: request }, context)).toEqual(request);
  });

  it('ignores messages from other windows (frames, openers)', () => {
    expect(acceptPageMessage({ source: {}, origin: context.pageOrigin, data: request }, context)).toBeNull();
    expect(acceptPageMessage({ source: null, origin: context.pageOrigin, data: request }, context)).toBeNull();
  });

  it('ignores a foreign event origin', () => {
    expect(acceptPageMessage({ source: self, origin: 'http://evil.example', data: request }, context)).toBeNull();
  });

  it('ignores pages that are not on the allow-list', () => {
    const other = { ...context, pageOrigin: 'http://127.0.0.1:18081' };
    expect(acceptPageMessage({ source: self, origin: other.pageOrigin, data: request }, other)).toBeNull();
    const opaque = { ...context, pageOrigin: 'null' };
    expect(acceptPageMessage({ source: self, origin: 'null', data: request }, opaque)).toBeNull();
  });

  it('ignores malformed data, replies and other channels', () => {
    const reply = answerPortal(request, context.pageOrigin, { pairedOrigin: null, extensionVersion: '0.1.0' });
    for (const data of [null, 'PAIR_REQUEST', {}, { ...request, channel: 'other' }, { ...request, id: 'short' }, reply]) {
      expect(acceptPageMessage({ source: self, origin: context.pageOrigin, data }, context)).toBeNull();
    }
  });
});

describe('acceptReply', () => {
  const request = createPairRequest();
  const ack = answerPortal(request, 'http://127.0.0.1:18080', { pairedOrigin: null, extensionVersion: '0.1.0' });

  it('passes a valid answer to the request', () => {
    expect(acceptReply(ack, request)).toEqual(ack);
  });

  it('drops nothing-replies, malformed replies and answers to other requests', () => {
    expect(acceptReply(undefined, request)).toBeNull();
    expect(acceptReply({ ...ack, direction: 'to-extension' }, request)).toBeNull();
    expect(acceptReply(ack, createPairRequest())).toBeNull();
  });
});

describe('acceptPush', () => {
  const relay = {
    channel: 'invigil', direction: 'to-portal', id: 'pushpushpushpushpush', type: 'PROCTOR_EVENT',
    payload: { testId: 't1', session: 'session-aaaaaaaaaaaa', seq: 1, events: [{ id: 'e-0000001', at: 1, kind: 'BLUR', source: 'extension' }], warning: null },
  };
  it('passes a well-formed relay from our own worker', () => {
    expect(acceptPush(relay, { id: 'EXT' }, 'EXT')).toEqual(relay);
  });
  it('drops pushes from content scripts, other extensions, and anything but a relay', () => {
    expect(acceptPush(relay, { id: 'EXT', tab: { id: 3 } }, 'EXT')).toBeNull();
    expect(acceptPush(relay, { id: 'OTHER' }, 'EXT')).toBeNull();
    const ack = answerPortal(createPairRequest(), 'http://127.0.0.1:18080', { pairedOrigin: null, extensionVersion: '0.1.0' });
    expect(acceptPush(ack, { id: 'EXT' }, 'EXT')).toBeNull();
    expect(acceptPush({ ...relay, payload: { ...relay.payload, submit: 'EVERYTHING' } }, { id: 'EXT' }, 'EXT')).toBeNull();
  });
});
