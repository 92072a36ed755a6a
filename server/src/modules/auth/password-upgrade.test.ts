import { describe, expect, it } from 'vitest';
import { loginReplySchema } from '@invigil/shared/api/auth';
import { ACCESS_TOKEN_HEADER } from '@invigil/shared/api/http';
import { PROVISIONAL_N, hashPassword, strengthenHash, verifyPassword } from '../../platform/lib/password';
import { useTestApp } from '../../test-support/test-app';

// Decision 0055: a bulk upload stores provisional hashes; sign-in raises them to full cost.
const newApp = useTestApp();

describe('sign-in with a provisional password hash', () => {
  it('signs in and stores the password at full cost, keeping password_changed_at and the session', async () => {
    const t = await newApp();
    const id = t.userIds['DEMO001'] ?? '';
    const before = await t.db.kysely.selectFrom('users').select(['password_hash', 'password_changed_at']).where('id', '=', id).executeTakeFirstOrThrow();
    await t.db.kysely.updateTable('users').set({ password_hash: await hashPassword('Welcome@123', PROVISIONAL_N) }).where('id', '=', id).execute();

    const response = await t.postJson('/api/login', { phone: 'DEMO001', password: 'Welcome@123' });
    expect(response.status).toBe(200);
    const token = loginReplySchema.parse(await response.json()).token ?? '';
    const after = await t.db.kysely.selectFrom('users').select(['password_hash', 'password_changed_at']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(after.password_hash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await verifyPassword('Welcome@123', after.password_hash)).toBe(true);
    expect(Number(after.password_changed_at)).toBe(Number(before.password_changed_at));
    expect((await t.get('/api/user', { [ACCESS_TOKEN_HEADER]: token })).status).toBe(200);
  });

  it('leaves a wrong password and a strengthened hash as they are', async () => {
    const t = await newApp();
    const id = t.userIds['DEMO001'] ?? '';
    const provisional = await hashPassword('Welcome@123', PROVISIONAL_N);
    await t.db.kysely.updateTable('users').set({ password_hash: provisional }).where('id', '=', id).execute();
    expect((await t.postJson('/api/login', { phone: 'DEMO001', password: 'Welcome@124' })).status).toBe(401);
    const stored = async () => (await t.db.kysely.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow()).password_hash;
    expect(await stored()).toBe(provisional);

    const strong = (await strengthenHash(provisional)) ?? '';
    await t.db.kysely.updateTable('users').set({ password_hash: strong }).where('id', '=', id).execute();
    expect((await t.postJson('/api/login', { phone: 'DEMO001', password: 'Welcome@123' })).status).toBe(200);
    expect(await stored()).toBe(strong);
  });
});
