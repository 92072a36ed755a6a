import { describe, expect, it } from 'vitest';
import { parseToExtension, parseToPortal } from './messages';
import { parsePairAck } from './pair-ack';
import { answerPortal, createPairRequest, isAckFor, isAllowedOrigin, normaliseOrigin, parseOriginList } from './pairing';

const PORTAL = 'http://127.0.0.1:8080';

describe('origins', () => {
  it('normalises and refuses what is not an http(s) origin', () => {
    expect(normaliseOrigin('HTTP://LOCALHOST:8080/path')).toBe('http://localhost:8080');
    expect(normaliseOrigin('https://exam.example.edu:443')).toBe('https://exam.example.edu');
    expect(normaliseOrigin('javascript:alert(1)')).toBeNull();
    expect(normaliseOrigin('chrome-extension://abc')).toBeNull();
    expect(normaliseOrigin('not a url')).toBeNull();
  });
  it('parses an allow-list and matches exact origins only', () => {
    const allowed = parseOriginList(' http://127.0.0.1:8080 , https://exam.example.edu/, junk ,http://127.0.0.1:8080');
    expect(allowed).toEqual(['http://127.0.0.1:8080', 'https://exam.example.edu']);
    expect(isAllowedOrigin('http://127.0.0.1:8080', allowed)).toBe(true);
    expect(isAllowedOrigin('http://127.0.0.1:8081', allowed)).toBe(false);
    expect(isAllowedOrigin('https://exam.example.edu.evil.com', allowed)).toBe(false);
    expect(isAllowedOrigin(undefined, allowed)).toBe(false);
    expect(parseOriginList(undefined)).toEqual([]);
  });
});

describe('handshake', () => {
  it('acks a pair request with its nonce, and the portal accepts that ack', () => {
    const request = createPairRequest();
    expect(parseToExtension(request)).toEqual(request);
    const reply = answerPortal(request, PORTAL, { pairedOrigin: null, extensionVersion: '0.1.0' });
    expect(reply.type).toBe('PAIR_ACK');
    const parsed = parseToPortal(reply);
    expect(parsed?.type === 'PAIR_ACK' && isAckFor(parsed, request, PORTAL)).toBe(true);
    // The pairing every page does checks the ack alone, as parseToPortal does.
    expect(parsePairAck(reply)).toEqual(parsed);
  });
  it('refuses an ack for another request, nonce or origin', () => {
    const request = createPairRequest();
    const ack = answerPortal(request, PORTAL, { pairedOrigin: null, extensionVersion: '0.1.0' });
    if (ack.type !== 'PAIR_ACK') throw new Error('expected an ack');
    expect(isAckFor({ ...ack, id: createPairRequest().id }, request, PORTAL)).toBe(false);
    expect(isAckFor({ ...ack, payload: { ...ack.payload, nonce: createPairRequest().payload.nonce } }, request, PORTAL)).toBe(false);
    expect(isAckFor(ack, request, 'http://127.0.0.1:9999')).toBe(false);
  });
  it('rejects another protocol version', () => {
    const request = createPairRequest();
    request.payload.protocolVersion = 99;
    expect(answerPortal(request, PORTAL, { pairedOrigin: null, extensionVersion: '0.1.0' }).type).toBe('PAIR_REJECT');
  });
  it('reports status for the asking origin only', () => {
    const status = answerPortal({ channel: 'invigil', direction: 'to-extension', id: createPairRequest().id, type: 'STATUS_REQUEST', payload: {} }, 'http://other.example', {
      pairedOrigin: PORTAL,
      extensionVersion: '0.1.0',
    });
    expect(status.type === 'STATUS' && status.payload.paired).toBe(false);
  });
  it('ignores anything malformed', () => {
    for (const junk of [null, 'PAIR_REQUEST', {}, { channel: 'invigil', type: 'PAIR_REQUEST' }, { ...createPairRequest(), direction: 'to-portal' }, { ...createPairRequest(), id: 'x' }]) {
      expect(parseToExtension(junk)).toBeNull();
    }
    expect(parseToPortal({ channel: 'invigil', direction: 'to-portal', type: 'PAIR_ACK', id: createPairRequest().id, payload: {} })).toBeNull();
  });
});
