import { describe, expect, it } from 'vitest';
import { chatEnabled } from './chat-config';

describe('chatEnabled', () => {
  it('is off by default (spec: chat disabled)', () => {
    expect(chatEnabled({}, {})).toBe(false);
    expect(chatEnabled(null, undefined)).toBe(false);
  });
  it('shows when the test or the user turns DISABLE_CHAT off', () => {
    expect(chatEnabled({ DISABLE_CHAT: false }, {})).toBe(true);
    expect(chatEnabled({}, { DISABLE_CHAT: 'false' })).toBe(true);
  });
  it('either side turning it on hides it', () => {
    expect(chatEnabled({ DISABLE_CHAT: false }, { DISABLE_CHAT: true })).toBe(false);
    expect(chatEnabled({ DISABLE_CHAT: 'true' }, { DISABLE_CHAT: false })).toBe(false);
  });
});
