import { describe, expect, it } from 'vitest';
import { pairAckSchema, parseToPortal, randomId } from './messages';
import { parsePairAck } from './pair-ack';

const ack = {
  channel: 'invigil',
  id: randomId(),
  direction: 'to-portal',
  type: 'PAIR_ACK',
  payload: { nonce: randomId(), protocolVersion: 1, extensionVersion: '0.1.0', origin: 'http://127.0.0.1:8080' },
};

const WRONG_VALUES: unknown[] = [undefined, null, '', 'x', ' ', 0, -1, 1.5, NaN, Infinity, 2 ** 53, true, [], {}, ['invigil']];
const ORIGINS = ['http://127.0.0.1:8080', ' http://127.0.0.1:8080 ', 'http://127.0.0.1:8080/\n', 'https://exam.example.edu', 'not a url', 'http:example.com', 'chrome-extension://abc', 'javascript:alert(1)', 'http://', ''];

/** Every message of one field changed (or dropped), top level and payload. */
function variants(): unknown[] {
  const out: unknown[] = [ack, null, undefined, 'PAIR_ACK', [ack], { ...ack, extra: 1 }, { ...ack, payload: { ...ack.payload, extra: 'x' } }];
  for (const key of Object.keys(ack) as (keyof typeof ack)[]) {
    const { [key]: _dropped, ...rest } = ack;
    out.push(rest);
    for (const value of [...WRONG_VALUES, 'PAIR_REJECT', 'to-extension', randomId()]) out.push({ ...ack, [key]: value });
  }
  for (const key of Object.keys(ack.payload) as (keyof typeof ack.payload)[]) {
    const { [key]: _dropped, ...rest } = ack.payload;
    out.push({ ...ack, payload: rest });
    for (const value of [...WRONG_VALUES, 2, 2 ** 53 - 1, 'x'.repeat(32), 'x'.repeat(33), 'a'.repeat(15), 'a'.repeat(64), 'a'.repeat(65), 'a+'.repeat(10), ...ORIGINS]) {
      out.push({ ...ack, payload: { ...ack.payload, [key]: value } });
    }
  }
  return out;
}

describe('parsePairAck', () => {
  it('takes exactly what pairAckSchema takes, and gives what it gives', () => {
    let taken = 0;
    for (const message of variants()) {
      const expected = pairAckSchema.safeParse(message);
      expect(parsePairAck(message), JSON.stringify(message)).toEqual(expected.success ? expected.data : null);
      if (expected.success) taken += 1;
    }
    // Not a vacuous comparison: some variants pass, most do not.
    expect(taken).toBeGreaterThan(5);
  });

  it('agrees with parseToPortal on acks', () => {
    expect(parsePairAck(ack)).toEqual(parseToPortal(ack));
    expect(parsePairAck({ ...ack, type: 'STATUS' })).toBeNull();
  });
});
