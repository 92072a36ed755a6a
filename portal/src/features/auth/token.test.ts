import { describe, expect, it } from 'vitest';
import { isFlagOff, isFlagOn, isTokenExpired, readClaims } from './token';

function tokenWith(claims: object): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

const claims = { id: 'u1', name: 'Asha Vérma', email: 'a@example.edu', meritpoints: 3, avatar: null, config: {}, exp: 2_000_000_000 };

describe('readClaims', () => {
  it('reads the claims, unicode included', () => {
    expect(readClaims(tokenWith(claims))).toEqual(claims);
  });
  it('refuses garbage and tokens without the claims', () => {
    expect(readClaims('garbage')).toBeNull();
    expect(readClaims('a.b.c')).toBeNull();
    expect(readClaims(tokenWith({ id: 'u1' }))).toBeNull();
  });
});

describe('isTokenExpired', () => {
  it('is expired once exp has passed', () => {
    expect(isTokenExpired({ exp: 100 }, 100_000)).toBe(true);
    expect(isTokenExpired({ exp: 101 }, 100_000)).toBe(false);
  });
});

describe('config flags', () => {
  it('reads on and off in the forms institutes write', () => {
    expect(isFlagOn({ A: true, B: 'true', C: 1 }, 'A')).toBe(true);
    expect(isFlagOn({ B: 'true' }, 'B')).toBe(true);
    expect(isFlagOn({ A: 'false' }, 'A')).toBe(false);
    expect(isFlagOn({}, 'A')).toBe(false);
    expect(isFlagOff({ A: false }, 'A')).toBe(true);
    expect(isFlagOff({ A: 'false' }, 'A')).toBe(true);
    expect(isFlagOff({}, 'A')).toBe(false);
    expect(isFlagOff(null, 'A')).toBe(false);
  });
});
