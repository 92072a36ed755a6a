import { describe, expect, it } from 'vitest';
import { isProctorRequest, parseToExtension, parseToPortal, randomId } from './messages';

const start = {
  channel: 'invigil',
  direction: 'to-extension',
  id: randomId(),
  type: 'START_PROCTORING',
  payload: {
    testId: 'test-1',
    session: randomId(),
    apiBase: 'http://127.0.0.1:8080/api',
    proctorToken: 'pt1.abc.def',
    expiresAt: 1_700_000_000_000,
    settings: { autoTerminate: true, fullScreen: true, mouseOut: false, allowedCount: 50, maxAwayMs: 10_000, warningOffsetMs: 10_000, warningOffsetCount: 10 },
    blurCount: 0,
  },
};

const relay = {
  channel: 'invigil',
  direction: 'to-portal',
  id: randomId(),
  type: 'PROCTOR_EVENT',
  payload: {
    testId: 'test-1',
    session: start.payload.session,
    seq: 1,
    events: [{ id: 'e0000000010001abcdef', at: 1_700_000_000_000, kind: 'BLUR', source: 'extension', detail: { count: 1, cause: 'other_tab' } }],
    warning: { reason: 'BLUR_TIME', title: 'Warning', text: 'Come back.', submitAt: 1_700_000_010_000 },
  },
};

describe('proctoring messages', () => {
  it('parses a start request, and tells proctoring requests from pairing ones', () => {
    const parsed = parseToExtension(start);
    expect(parsed).toEqual(start);
    expect(parsed && isProctorRequest(parsed)).toBe(true);
    const ping = parseToExtension({ ...start, type: 'PROCTOR_PING', payload: { testId: 'test-1', session: start.payload.session, after: 3 } });
    expect(ping && isProctorRequest(ping)).toBe(true);
    const prompt = parseToExtension({ ...start, type: 'PROCTOR_PROMPT', payload: { testId: 'test-1', session: start.payload.session, open: true } });
    expect(prompt && isProctorRequest(prompt)).toBe(true);
    expect(parseToExtension({ ...start, type: 'PROCTOR_PROMPT', payload: { testId: 'test-1', session: start.payload.session, open: 'yes' } })).toBeNull();
    const status = parseToExtension({ ...start, type: 'STATUS_REQUEST', payload: {} });
    expect(status && isProctorRequest(status)).toBe(false);
  });

  it('refuses malformed or padded start requests', () => {
    const bad = [
      { ...start, payload: { ...start.payload, apiBase: 'not a url' } },
      { ...start, payload: { ...start.payload, session: 'short' } },
      { ...start, payload: { ...start.payload, extra: 1 } },
      { ...start, payload: { ...start.payload, settings: { ...start.payload.settings, maxAwayMs: 0 } } },
      { ...start, payload: { ...start.payload, settings: { ...start.payload.settings, allowedCount: -1 } } },
      { ...start, payload: { ...start.payload, blurCount: 1.5 } },
      { ...start, direction: 'to-portal' },
    ];
    for (const message of bad) expect(parseToExtension(message)).toBeNull();
  });

  it('parses relays with events the server takes, and nothing else', () => {
    expect(parseToPortal(relay)).toEqual(relay);
    expect(parseToPortal({ ...relay, payload: { ...relay.payload, submit: 'BLUR_TIME_OUT', warning: null } })).not.toBeNull();
    expect(parseToPortal({ ...relay, payload: { ...relay.payload, submit: 'manual' } })).toBeNull();
    expect(parseToPortal({ ...relay, payload: { ...relay.payload, events: [{ ...relay.payload.events[0], kind: 'HACKED' }] } })).toBeNull();
    expect(parseToPortal({ ...relay, payload: { ...relay.payload, seq: 0 } })).toBeNull();
  });

  it("parses the screen share request and its grants, and keeps a grant's stream id to its own kind", () => {
    const key = { testId: 'test-1', session: start.payload.session };
    const request = { channel: 'invigil', direction: 'to-extension', id: randomId(), type: 'SCREEN_SHARE_REQUEST', payload: key };
    const parsed = parseToExtension(request);
    expect(parsed).toEqual(request);
    expect(parsed && isProctorRequest(parsed)).toBe(false);
    expect(parseToExtension({ ...request, payload: { ...key, sources: ['tab'] } })).toBeNull();
    const grant = (payload: object) => parseToPortal({ channel: 'invigil', direction: 'to-portal', id: request.id, type: 'SCREEN_SHARE_GRANT', payload: { ...key, ...payload } });
    expect(grant({ grant: 'chosen', streamId: 'abc==' })).not.toBeNull();
    expect(grant({ grant: 'cancelled' })).not.toBeNull();
    expect(grant({ grant: 'unavailable', reason: 'No screen.' })).not.toBeNull();
    expect(grant({ grant: 'cancelled', streamId: 'abc==' })).toBeNull();
    expect(grant({ grant: 'chosen', streamId: '' })).toBeNull();
    expect(grant({ grant: 'granted' })).toBeNull();
  });
});
