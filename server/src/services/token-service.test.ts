import { describe, expect, it } from 'vitest';
import { decode } from 'hono/jwt';
import type { UserRecord } from '../repositories/user-repository';
import { fakeClock } from '../test-support/test-app';
import { createTokenService, initialPasswordChangedAt, issuedAtFor, passwordChangedAtFor } from './token-service';

const user = (passwordChangedAt: number): UserRecord => ({
  id: '0123456789abcdef01234567',
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
