import { describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { decode, sign } from 'hono/jwt';
import type { UserRecord } from './user-repository';
import { fakeClock } from '../../test-support/test-app';
import { createTokenService, initialPasswordChangedAt, issuedAtFor, passwordChangedAtFor } from './token-service';

const user = (passwordChangedAt: number): UserRecord => ({
  id: '0123456789abcdef01234567',
  disabledAt: null,
  regNo: 'R1',
  email: 'a@example.edu',
  name: 'A',
  phone: '',
  passwordHash: '',
  meritpoints: 0,
  avatar: null,
  config: {},
  verified: true,
  otpHash: null,
  otpExpiresAt: null,
  passwordChangedAt,
  createdAt: 0,
});

describe('token dating around password changes', () => {
  it('ends every token issued before a change, even within the same second', () => {
    const t0 = 1_800_000_000_250;
    let record = user(initialPasswordChangedAt(t0));
    const before = issuedAtFor(record, t0 + 500);
    for (let i = 0; i < 3; i++) {
      record = { ...record, passwordChangedAt: passwordChangedAtFor(record, t0 + 600) };
      expect(before * 1000).toBeLessThan(record.passwordChangedAt);
      const after = issuedAtFor(record, t0 + 700);
      expect(after * 1000).toBeGreaterThanOrEqual(record.passwordChangedAt);
    }
    // Later sign-ins are dated normally again.
    expect(issuedAtFor(record, t0 + 10_000)).toBe(Math.floor((t0 + 10_000) / 1000));
  });
});

describe('token service', () => {
  it('verifies its own tokens against the injected clock', async () => {
    const clock = fakeClock(1_800_000_000_000);
    const tokens = createTokenService('s'.repeat(40), 60, clock);
    const token = await tokens.issue(user(0));
    expect(decode(token).payload).toMatchObject({ iat: 1_800_000_000, exp: 1_800_000_060 });
    expect(await tokens.verify(token)).toMatchObject({ id: '0123456789abcdef01234567' });
    clock.advance(60_000);
    expect(await tokens.verify(token)).toBeNull();
    expect(await createTokenService('t'.repeat(40), 60, fakeClock(1_800_000_000_000)).verify(token)).toBeNull();
  });
});

describe('token verification', () => {
  const secret = 's'.repeat(40);
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const hs256 = (data: string, key = secret) => createHmac('sha256', key).update(data).digest('base64url');

  it('refuses tokens that are forged, altered, of another algorithm or malformed, and remembered ones once expired', async () => {
    const clock = fakeClock(1_800_000_000_000);
    const tokens = createTokenService(secret, 60, clock);
    const token = await tokens.issue(user(0));
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = decode(token).payload;

    // Tokens signed by hono's own signer (the issuing side) verify, also from the cache.
    expect(tokens.verify(await sign(claims, secret, 'HS256'))).toMatchObject({ id: user(0).id });
    expect(tokens.verify(token)).toMatchObject({ id: user(0).id });
    expect(tokens.verify(token)).toMatchObject({ id: user(0).id });

    const altered = b64({ ...claims, id: 'ffffffffffffffffffffffff' });
    const refused = [
      '',
      'abc',
      `${header}.${payload}`,
      `${header}.${payload}.${signature}.x`,
      `${header}.${altered}.${signature}`,
      `${header}.${payload}.${hs256(`${header}.${payload}`, 'x'.repeat(40))}`,
      `${header}.${payload}.${signature.slice(0, -2)}`,
      `${header}.${payload}.${signature}AA`,
      `${header}.${payload}.${signature.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`,
      `${header}.${payload}.!${signature.slice(1)}`,
      // alg none, another HMAC, a critical header, another type: refused even when "signed".
      `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`,
      ...[{ alg: 'HS512', typ: 'JWT' }, { alg: 'HS256', typ: 'JWT', crit: ['x'] }, { alg: 'HS256', typ: 'JOSE' }].map((h) => {
        const data = `${b64(h)}.${payload}`;
        return `${data}.${hs256(data)}`;
      }),
      // Genuine signature over claims that are not ours.
      ...[{ ...claims, iat: undefined }, { ...claims, exp: 'soon' }, 'text'].map((p) => {
        const data = `${header}.${b64(p)}`;
        return `${data}.${hs256(data)}`;
      }),
    ];
    for (const candidate of refused) expect(tokens.verify(candidate), candidate).toBeNull();

    // Remembered tokens are still checked against the clock.
    clock.advance(60_000);
    expect(tokens.verify(token)).toBeNull();
  });
});
