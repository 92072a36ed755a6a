import { describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  changePasswordReplySchema,
  loginReplySchema,
  logoutReplySchema,
  tokenClaimsSchema,
  userReplySchema,
} from '@invigil/shared/api/auth';
import { errorReplySchema } from '@invigil/shared/api/common';
import { ACCESS_TOKEN_HEADER } from '@invigil/shared/api/http';
import { decode, sign } from 'hono/jwt';
import { OBJECT_ID_PATTERN } from '../../platform/lib/object-id';
import { TEST_JWT_SECRET, useTestApp } from '../../test-support/test-app';
import { createUserRepository } from './user-repository';

const newApp = useTestApp();
const auth = (token: string) => ({ [ACCESS_TOKEN_HEADER]: token });

async function errorOf(response: Response) {
  return errorReplySchema.parse(await response.json());
}

describe('POST /api/login', () => {
  it('signs in by e-mail and returns a token with the claims of the spec', async () => {
    const t = await newApp();
    const response = await t.postJson('/api/login', { phone: 'student@example.edu', password: 'demo1234' });
    expect(response.status).toBe(200);
    const reply = loginReplySchema.parse(await response.json());
    expect(reply.verifyOTP).toBe(false);
    expect(reply.message).toBeTruthy();
    const { payload, header } = decode(reply.token ?? '');
    expect(header.alg).toBe('HS256');
    const claims = tokenClaimsSchema.strict().parse(payload);
    expect(claims).toMatchObject({ name: 'Asha Verma', email: 'student@example.edu', meritpoints: 120, avatar: null, config: {} });
    expect(claims.id).toMatch(OBJECT_ID_PATTERN);
    expect(claims.exp - (claims.iat ?? 0)).toBe(t.config.tokenTtlSeconds);
    expect(Object.keys(payload).sort()).toEqual(['avatar', 'config', 'email', 'exp', 'iat', 'id', 'meritpoints', 'name']);
  });

  it('signs in by registration number or e-mail in any case, with spaces around', async () => {
    const t = await newApp();
    for (const phone of ['DEMO001', 'demo001', ' Demo001 ', 'STUDENT@EXAMPLE.EDU']) {
      const response = await t.postJson('/api/login', { phone, password: 'demo1234' });
      expect(response.status, phone).toBe(200);
      expect(loginReplySchema.parse(await response.json()).token).toBeTruthy();
    }
  });

  it('answers 401 with one message for a wrong password and an unknown user', async () => {
    const t = await newApp();
    const wrongPassword = await t.postJson('/api/login', { phone: 'DEMO001', password: 'wrong-password' });
    const unknownUser = await t.postJson('/api/login', { phone: 'nobody@example.edu', password: 'demo1234' });
    expect(wrongPassword.status).toBe(401);
    expect(unknownUser.status).toBe(401);
    expect(await errorOf(wrongPassword)).toEqual({ message: AUTH_MESSAGES.wrongCredentials });
    expect(await errorOf(unknownUser)).toEqual({ message: AUTH_MESSAGES.wrongCredentials });
  });

  it('answers 422 with readable messages and field paths for invalid bodies', async () => {
    const t = await newApp();
    const short = await t.postJson('/api/login', { phone: 'DEMO001', password: '123' });
    expect(short.status).toBe(422);
    expect(await errorOf(short)).toEqual({
      message: 'Password must be at least 6 characters.',
      issues: [{ path: 'password', message: 'Password must be at least 6 characters.' }],
    });

    const missing = await errorOf(await t.postJson('/api/login', {}));
    expect(missing.message).toBe('Email or registration number is required.');
    expect(missing.issues?.map((issue) => issue.path)).toEqual(['phone', 'password']);

    const wrongType = await errorOf(await t.postJson('/api/login', { phone: 42, password: 'demo1234' }));
    expect(wrongType.message).toBe('Email or registration number must be text.');

    const tooLong = await errorOf(await t.postJson('/api/login', { phone: 'x'.repeat(300), password: 'demo1234' }));
    expect(tooLong.message).toBe('Email or registration number must be at most 254 characters.');

    const nul = await t.postJson('/api/login', { phone: 'DEMO001\u0000', password: 'demo1234' });
    expect(nul.status).toBe(422);
    expect((await errorOf(nul)).issues).toEqual([{ path: 'phone', message: 'Text must not contain NUL characters.' }]);

    for (const body of ['[]', 'null', '"DEMO001"', '12']) {
      const response = await t.postJson('/api/login', body);
      expect(response.status, body).toBe(422);
      expect((await errorOf(response)).message).toBe('The request body must be a JSON object.');
    }
  });

  it('answers 400 for a body that is not JSON', async () => {
    const t = await newApp();
    for (const body of ['{"phone": "DEMO001",', '', 'phone=DEMO001&password=demo1234']) {
      const response = await t.postJson('/api/login', body);
      expect(response.status, body).toBe(400);
      expect(await errorOf(response)).toEqual({ message: 'The request body is not valid JSON.' });
    }
  });

  it('limits failures per account: 429 with Retry-After, even with the right password, until the window ends', async () => {
    const t = await newApp();
    const ip = { 'x-forwarded-for': '203.0.113.7' };
    for (let attempt = 1; attempt <= t.config.loginMaxFailures; attempt++) {
      // Alternate e-mail and registration number: both count for the same account.
      const phone = attempt % 2 ? 'student@example.edu' : 'DEMO001';
      expect((await t.postJson('/api/login', { phone, password: 'wrong-password' }, ip)).status).toBe(401);
    }
    const blocked = await t.postJson('/api/login', { phone: 'DEMO001', password: 'demo1234' }, ip);
    expect(blocked.status).toBe(429);
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBe(t.config.loginWindowSeconds);
    expect(await errorOf(blocked)).toEqual({ message: AUTH_MESSAGES.tooManyAttempts(retryAfter) });

    // Another account from the same IP is not affected by this account's counter.
    expect((await t.postJson('/api/login', { phone: 'DEMO002', password: 'demo1234' }, ip)).status).toBe(200);

    t.clock.advance(60_000);
    const later = await t.postJson('/api/login', { phone: 'DEMO001', password: 'demo1234' }, ip);
    expect(later.status).toBe(429);
    expect(Number(later.headers.get('retry-after'))).toBe(t.config.loginWindowSeconds - 60);

    t.clock.advance(t.config.loginWindowSeconds * 1000);
    expect((await t.postJson('/api/login', { phone: 'DEMO001', password: 'demo1234' }, ip)).status).toBe(200);
  });

  it('resets the account counter on a successful sign-in', async () => {
    const t = await newApp();
    const fail = () => t.postJson('/api/login', { phone: 'DEMO001', password: 'wrong-password' });
    for (let i = 1; i < t.config.loginMaxFailures; i++) expect((await fail()).status).toBe(401);
    expect((await t.postJson('/api/login', { phone: 'DEMO001', password: 'demo1234' })).status).toBe(200);
    for (let i = 1; i < t.config.loginMaxFailures; i++) expect((await fail()).status).toBe(401);
    expect((await fail()).status).toBe(401);
    expect((await fail()).status).toBe(429);
  });

  it('limits unknown identifiers and client IPs too', async () => {
    const t = await newApp({ loginMaxFailuresPerIp: 4, loginMaxFailures: 2 });
    const unknown = { phone: 'ghost@example.edu', password: 'whatever1' };
    const ipA = { 'x-forwarded-for': '198.51.100.1' };
    expect((await t.postJson('/api/login', unknown, ipA)).status).toBe(401);
    expect((await t.postJson('/api/login', unknown, ipA)).status).toBe(401);
    expect((await t.postJson('/api/login', unknown, ipA)).status).toBe(429);

    // Two more failures from the same IP on other identifiers reach the IP limit (4).
    const ipB = { 'x-forwarded-for': '10.0.0.1, 198.51.100.2' };
    expect((await t.postJson('/api/login', { phone: 'a@example.edu', password: 'whatever1' }, ipB)).status).toBe(401);
    expect((await t.postJson('/api/login', { phone: 'b@example.edu', password: 'whatever1' }, ipB)).status).toBe(401);
    expect((await t.postJson('/api/login', { phone: 'c@example.edu', password: 'whatever1' }, ipB)).status).toBe(401);
    expect((await t.postJson('/api/login', { phone: 'd@example.edu', password: 'whatever1' }, ipB)).status).toBe(401);
    const blockedIp = await t.postJson('/api/login', { phone: 'DEMO001', password: 'demo1234' }, ipB);
    expect(blockedIp.status).toBe(429);
    // Only the last X-Forwarded-For entry (the one our proxy appended) identifies the client.
    const otherIp = await t.postJson('/api/login', { phone: 'DEMO001', password: 'demo1234' }, { 'x-forwarded-for': '198.51.100.2, 10.0.0.9' });
    expect(otherIp.status).toBe(200);
  });
});

describe('one-time code for unverified accounts', () => {
  it('login asks for a code, writes it to the outbox, and verifyOTP with it signs in', async () => {
    const t = await newApp();
    const login = await t.postJson('/api/login', { phone: 'new@example.edu', password: 'demo1234' });
    expect(login.status).toBe(200);
    expect(loginReplySchema.parse(await login.json())).toEqual({ message: AUTH_MESSAGES.otpRequired, verifyOTP: true });
    const sent = t.outbox();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: 'new@example.edu', reg_no: 'DEMO003' });
    const otp = sent[0]?.otp ?? '';
    expect(otp).toMatch(/^\d{6}$/);
    expect(new Date(sent[0]?.at ?? '').getTime()).toBe(t.clock.now());

    // The code is stored hashed, never as is.
    const stored = await t.users.findByIdentifier('DEMO003');
    expect(stored?.otpHash).toBeTruthy();
    expect(stored?.otpHash).not.toContain(otp);

    const verify = await t.postJson('/api/verifyOTP', { phone: 'DEMO003', password: 'demo1234', otp });
    expect(verify.status).toBe(200);
    const reply = loginReplySchema.parse(await verify.json());
    expect(reply.verifyOTP).toBe(false);
    const user = userReplySchema.parse(await (await t.get('/api/user', auth(reply.token ?? ''))).json());
    expect(user.user.name).toBe('Neha Singh');

    // Verified now: a plain login gives a token, and no new code is sent.
    const again = loginReplySchema.parse(await (await t.postJson('/api/login', { phone: 'DEMO003', password: 'demo1234' })).json());
    expect(again.verifyOTP).toBe(false);
    expect(again.token).toBeTruthy();
    expect(t.outbox()).toHaveLength(1);
  });

  it('refuses a wrong or expired code with 401 and counts it as a failure', async () => {
    const t = await newApp();
    await t.postJson('/api/login', { phone: 'DEMO003', password: 'demo1234' });
    const otp = t.outbox()[0]?.otp ?? '';
    const wrongCode = otp === '000000' ? '111111' : '000000';

    const wrong = await t.postJson('/api/verifyOTP', { phone: 'DEMO003', password: 'demo1234', otp: wrongCode });
    expect(wrong.status).toBe(401);
    expect(await errorOf(wrong)).toEqual({ message: AUTH_MESSAGES.otpWrong });

    const wrongPassword = await t.postJson('/api/verifyOTP', { phone: 'DEMO003', password: 'not-the-one', otp });
    expect(wrongPassword.status).toBe(401);
    expect(await errorOf(wrongPassword)).toEqual({ message: AUTH_MESSAGES.wrongCredentials });

    t.clock.advance(10 * 60 * 1000 + 1);
    const expired = await t.postJson('/api/verifyOTP', { phone: 'DEMO003', password: 'demo1234', otp });
    expect(expired.status).toBe(401);
    expect(await errorOf(expired)).toEqual({ message: AUTH_MESSAGES.otpWrong });

    // Three failures so far; two more reach the limit of five.
    for (let i = 0; i < 2; i++) await t.postJson('/api/verifyOTP', { phone: 'DEMO003', password: 'demo1234', otp: wrongCode });
    expect((await t.postJson('/api/verifyOTP', { phone: 'DEMO003', password: 'demo1234', otp })).status).toBe(429);
  });

  it('sends a fresh code on every login and only the latest one works', async () => {
    const t = await newApp();
    await t.postJson('/api/login', { phone: 'DEMO003', password: 'demo1234' });
    await t.postJson('/api/login', { phone: 'DEMO003', password: 'demo1234' });
    const [first, second] = t.outbox();
    expect(second).toBeDefined();
    if (first?.otp !== second?.otp) {
      expect((await t.postJson('/api/verifyOTP', { phone: 'DEMO003', password: 'demo1234', otp: first?.otp })).status).toBe(401);
    }
    expect((await t.postJson('/api/verifyOTP', { phone: 'DEMO003', password: 'demo1234', otp: second?.otp })).status).toBe(200);
  });

  it('validates the code format', async () => {
    const t = await newApp();
    const response = await t.postJson('/api/verifyOTP', { phone: 'DEMO003', password: 'demo1234', otp: '12ab' });
    expect(response.status).toBe(422);
    expect(await errorOf(response)).toEqual({ message: 'The code has 6 digits.', issues: [{ path: 'otp', message: 'The code has 6 digits.' }] });
  });

  it('gives an unverified account no token through the API', async () => {
    const t = await newApp();
    const stored = await t.users.findByIdentifier('DEMO003');
    const forged = await sign({ id: stored?.id, name: 'x', email: 'new@example.edu', meritpoints: 0, avatar: null, config: {}, iat: Math.floor(t.clock.now() / 1000), exp: Math.floor(t.clock.now() / 1000) + 60 }, TEST_JWT_SECRET, 'HS256');
    expect((await t.get('/api/user', auth(forged))).status).toBe(401);
  });
});

describe('GET /api/user', () => {
  it('returns the current user with fresh config from the database', async () => {
    const t = await newApp();
    const token = await t.token('second@example.edu');
    const response = await t.get('/api/user', auth(token));
    expect(response.status).toBe(200);
    const { user } = userReplySchema.strict().parse(await response.json());
    expect(user).toEqual({
      id: expect.stringMatching(OBJECT_ID_PATTERN),
      name: 'Rohan Mehta',
      phone: '9876543211',
      email: 'second@example.edu',
      meritpoints: 80,
      avatar: null,
      config: { ALLOW_CHANGE_PASSWORD: true, POST_PDF_UPLOAD: true, MY_FEE: false, CERTIFICATE: false, VIDEO_LECTURE: false, DESK: false },
    });

    await t.db.kysely.updateTable('users').set({ config: JSON.stringify({ SKIP_PREPARE: 'true' }) }).where('id', '=', user.id).execute();
    const fresh = userReplySchema.parse(await (await t.get('/api/user', auth(token))).json());
    expect(fresh.user.config).toEqual({ SKIP_PREPARE: 'true' });
  });

  it('answers 401 "Log in required!" without a valid token', async () => {
    const t = await newApp();
    const token = await t.token('DEMO001');
    const otherSecret = await sign({ ...decode(token).payload }, 'another-secret-another-secret-another-secret', 'HS256');
    const [header, , signature] = token.split('.');
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...decode(token).payload, meritpoints: 9999 })).toString('base64url')}.${signature}`;
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${token.split('.')[1]}.`;
    const cases: [string, Record<string, string>][] = [
      ['missing', {}],
      ['empty', auth('')],
      ['garbage', auth('not-a-token')],
      ['three garbage parts', auth('a.b.c')],
      ['other secret', auth(otherSecret)],
      ['tampered', auth(tampered)],
      ['alg none', auth(unsigned)],
      ['bearer header only', { authorization: `Bearer ${token}` }],
    ];
    for (const [name, headers] of cases) {
      const response = await t.get('/api/user', headers);
      expect(response.status, name).toBe(401);
      expect(await errorOf(response), name).toEqual({ message: AUTH_MESSAGES.loginRequired });
    }
    expect(t.logger.errors).toEqual([]);
  });

  it('answers 401 once the token has expired', async () => {
    const t = await newApp();
    const token = await t.token('DEMO001');
    t.clock.advance(t.config.tokenTtlSeconds * 1000 - 2000);
    expect((await t.get('/api/user', auth(token))).status).toBe(200);
    t.clock.advance(3000);
    expect((await t.get('/api/user', auth(token))).status).toBe(401);
  });

  it('answers 401 for a token of a deleted user', async () => {
    const t = await newApp();
    const token = await t.token('DEMO001');
    const { user } = userReplySchema.parse(await (await t.get('/api/user', auth(token))).json());
    await createUserRepository(t.db.kysely, t.logger).deleteById(user.id);
    expect((await t.get('/api/user', auth(token))).status).toBe(401);
  });
});

describe('POST /api/changePassword', () => {
  const change = { old_password: 'demo1234', password: 'new-secret-1', password_confirmation: 'new-secret-1' };

  it('needs a token', async () => {
    const t = await newApp();
    const response = await t.postJson('/api/changePassword', change);
    expect(response.status).toBe(401);
    expect(await errorOf(response)).toEqual({ message: AUTH_MESSAGES.loginRequired });
  });

  it('answers 422 for a wrong old password and for a confirmation that does not match', async () => {
    const t = await newApp();
    const token = await t.token('DEMO002');
    const wrongOld = await t.postJson('/api/changePassword', { ...change, old_password: 'not-my-password' }, auth(token));
    expect(wrongOld.status).toBe(422);
    expect((await errorOf(wrongOld)).message).toBe(AUTH_MESSAGES.wrongOldPassword);

    const mismatch = await t.postJson('/api/changePassword', { ...change, password_confirmation: 'something-else' }, auth(token));
    expect(mismatch.status).toBe(422);
    expect(await errorOf(mismatch)).toEqual({
      message: "Password doesn't match",
      issues: [{ path: 'password_confirmation', message: "Password doesn't match" }],
    });

    const short = await t.postJson('/api/changePassword', { old_password: 'demo1234', password: 'abc', password_confirmation: 'abc' }, auth(token));
    expect(short.status).toBe(422);
    expect((await errorOf(short)).issues?.[0]?.path).toBe('password');

    // Nothing changed: the old password still works.
    expect((await t.postJson('/api/login', { phone: 'DEMO002', password: 'demo1234' })).status).toBe(200);
  });

  it('changes the password, ends older sessions at once and returns a working token', async () => {
    const t = await newApp();
    const oldToken = await t.token('DEMO002');
    const otherSession = await t.token('second@example.edu');

    // Same second as the sign-ins: older tokens must still die.
    const response = await t.postJson('/api/changePassword', change, auth(oldToken));
    expect(response.status).toBe(200);
    const reply = changePasswordReplySchema.parse(await response.json());
    expect(reply.message).toBe('Password updated!');

    expect((await t.get('/api/user', auth(oldToken))).status).toBe(401);
    expect((await t.get('/api/user', auth(otherSession))).status).toBe(401);
    expect((await t.get('/api/user', auth(reply.token))).status).toBe(200);

    expect((await t.postJson('/api/login', { phone: 'DEMO002', password: 'demo1234' })).status).toBe(401);
    const relogin = await t.token('DEMO002', 'new-secret-1');
    expect((await t.get('/api/user', auth(relogin))).status).toBe(200);

    t.clock.advance(5000);
    expect((await t.get('/api/user', auth(reply.token))).status).toBe(200);
    expect((await t.get('/api/user', auth(oldToken))).status).toBe(401);
  });
});

describe('POST /api/logout', () => {
  it('ends this session on the server: its token gets 401 everywhere, another session of the student goes on', async () => {
    const t = await newApp();
    const laptop = await t.token('DEMO001');
    t.clock.advance(1000);
    const phone = await t.token('DEMO001');
    expect((await t.get('/api/user', auth(laptop))).status).toBe(200);

    const response = await t.postJson('/api/logout', {}, auth(laptop));
    expect(response.status).toBe(200);
    expect(logoutReplySchema.parse(await response.json())).toEqual({ message: AUTH_MESSAGES.signedOut });

    for (const path of ['/api/user', '/api/test/list']) {
      const after = await t.get(path, auth(laptop));
      expect(after.status, path).toBe(401);
      expect(await errorOf(after), path).toEqual({ message: AUTH_MESSAGES.loginRequired });
    }
    expect((await t.postJson('/api/logout', {}, auth(laptop))).status).toBe(401);
    expect((await t.get('/api/user', auth(phone))).status).toBe(200);
    // Signing in again gives a working session.
    t.clock.advance(1000);
    expect((await t.get('/api/user', auth(await t.token('DEMO001')))).status).toBe(200);
  });

  it('answers 401 without a valid token, before reading the body', async () => {
    const t = await newApp();
    const missing = await t.app.request('/api/logout', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{not json' });
    expect(missing.status).toBe(401);
    expect(await errorOf(missing)).toEqual({ message: AUTH_MESSAGES.loginRequired });
    expect((await t.postJson('/api/logout', {}, auth('a.b.c'))).status).toBe(401);
  });

  it('keeps an ended session only until its token would have expired', async () => {
    const t = await newApp();
    await t.postJson('/api/logout', {}, auth(await t.token('DEMO001')));
    const rows = () => t.db.kysely.selectFrom('ended_sessions').selectAll().execute();
    expect(await rows()).toHaveLength(1);
    t.clock.advance(t.config.tokenTtlSeconds * 1000 + 1000);
    await t.postJson('/api/logout', {}, auth(await t.token('DEMO002')));
    expect((await rows()).map((row) => row.token_hash)).toHaveLength(1);
  });
});
