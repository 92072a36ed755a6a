import { describe, expect, it } from 'vitest';

import { answerPortal, createPairRequest } from '@invigil/shared/protocol/pairing';

import { acceptPageMessage, acceptReply } from './bridge-filter';

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
