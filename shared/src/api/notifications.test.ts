import { describe, expect, it } from 'vitest';
import { parsePushToken } from './notifications';

const keys = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) };

describe('parsePushToken', () => {
  it('takes a Web Push subscription as an object or as its JSON text', () => {
    const subscription = { endpoint: 'https://push.example.net/send/abc', expirationTime: null, keys };
    expect(parsePushToken(subscription)).toEqual({ ok: true, value: { kind: 'webpush', subscription } });
    expect(parsePushToken(JSON.stringify(subscription))).toEqual({ ok: true, value: { kind: 'webpush', subscription } });
  });

  it('takes any other text of token characters as an FCM registration token', () => {
    const token = `cX1:APA91b${'x'.repeat(140)}`;
    expect(parsePushToken(token)).toEqual({ ok: true, value: { kind: 'fcm', token } });
  });

  it('names the first problem of a bad subscription or token', () => {
    const refused = (token: Parameters<typeof parsePushToken>[0]) => {
      const result = parsePushToken(token);
      return result.ok ? 'accepted' : result.message;
    };
    expect(refused({ endpoint: 'http://push.example.net/x', keys })).toMatch(/token\.endpoint: .*https/);
    expect(refused({ endpoint: 'https://push.example.net/x', keys: { ...keys, auth: 'short' } })).toMatch(/token\.keys\.auth/);
    expect(refused({ endpoint: 'https://push.example.net/x', keys: { ...keys, p256dh: '+/+/'.repeat(22) } })).toMatch(/base64url/);
    expect(refused('{"endpoint": ')).toBe('The token is not valid JSON.');
    expect(refused('too short')).toMatch(/FCM registration token/);
  });
});
