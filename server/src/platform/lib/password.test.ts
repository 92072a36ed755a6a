import { describe, expect, it } from 'vitest';
import { PROVISIONAL_N, hashPassword, needsRehash, strengthenHash, verifyPassword } from './password';

describe('password hashing', () => {
  it('salts each hash and verifies only the right password', async () => {
    const [a, b] = await Promise.all([hashPassword('demo1234'), hashPassword('demo1234')]);
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('demo1234', a)).toBe(true);
    expect(await verifyPassword('demo12345', a)).toBe(false);
    expect(await verifyPassword('', a)).toBe(false);
  });

  it('treats malformed stored values as a mismatch', async () => {
    for (const stored of ['', 'plain', 'scrypt$1$2$3', 'bcrypt$16384$8$1$c2FsdA$aGFzaA', 'scrypt$99999999$8$1$c2FsdA$aGFzaA', 'scrypt$16384$8$1$$']) {
      expect(await verifyPassword('demo1234', stored), stored).toBe(false);
    }
  });

  it('raises a provisional hash to full cost without the password (decision 0055)', async () => {
    const provisional = await hashPassword('Welcome@123', PROVISIONAL_N);
    expect(provisional).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(needsRehash(provisional)).toBe(true);
    const strong = await strengthenHash(provisional);
    expect(strong).toMatch(/^scrypt2\$1024\$8\$1\$[\w-]+\$16384\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(needsRehash(strong ?? '')).toBe(false);
    expect(await verifyPassword('Welcome@123', strong ?? '')).toBe(true);
    expect(await verifyPassword('Welcome@124', strong ?? '')).toBe(false);
    // Neither a full-cost hash, a strengthened one nor a foreign value is strengthened again.
    expect(await strengthenHash(await hashPassword('demo1234'))).toBeUndefined();
    expect(await strengthenHash(strong ?? '')).toBeUndefined();
    expect(await strengthenHash('plain')).toBeUndefined();
    for (const stored of [`${strong}$x`, (strong ?? '').replace('$16384$', '$0$'), (strong ?? '').replace(/\$[\w-]+$/, '$')]) {
      expect(await verifyPassword('Welcome@123', stored), stored).toBe(false);
    }
  });
});
