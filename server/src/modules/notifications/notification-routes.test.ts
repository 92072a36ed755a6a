import { createECDH, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { errorReplySchema } from '@invigil/shared/api/common';
import { ACCESS_TOKEN_HEADER } from '@invigil/shared/api/http';
import {
  MAX_NOTIFICATIONS,
  NOTIFICATION_MESSAGES,
  fcmTokenReplySchema,
  markAllReadReplySchema,
  markReadReplySchema,
  notificationsReplySchema,
  pushPublicKeyReplySchema,
} from '@invigil/shared/api/notifications';
import { subscriptionId } from './push-subscription-repository';
import { PUSH_ENDPOINT_MESSAGES } from './push-endpoint';
import { useTestApp } from '../../test-support/test-app';
import type { TestApp } from '../../test-support/test-app';

const makeApp = useTestApp();
// The tests' stand-in push service is push.example.net: allowed as an institute would allow its own (decision 0052).
const newApp = (overrides: Parameters<typeof makeApp>[0] = {}) => makeApp({ pushAllowedHosts: ['push.example.net'], ...overrides });

/** The demo data's notifications (server/src/seed/demo-portal.ts). */
const ASHA_FORMULA = 'demo-notification-formula';
const ROHAN_OWN = 'demo-notification-rohan';

interface Student {
  id: string;
  headers: Record<string, string>;
  post(path: string, body?: unknown): Promise<Response>;
  del(path: string, body: unknown): Promise<Response>;
  list(): Promise<ReturnType<typeof notificationsReplySchema.parse>>;
}

async function signIn(t: TestApp, regNo: string): Promise<Student> {
  const token = await t.token(regNo);
  const headers = { [ACCESS_TOKEN_HEADER]: token };
  return {
    id: t.userIds[regNo]!,
    headers,
    post: (path, body = {}) => t.postJson(path, body, headers),
    del: async (path, body) => await t.app.request(path, { method: 'DELETE', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }),
    list: async () => notificationsReplySchema.parse(await t.getJson('/api/notifications', token)),
  };
}

const messageOf = async (response: Response) => errorReplySchema.parse(await response.json()).message;

/** A subscription as a browser's PushSubscription.toJSON() gives it. */
function browserSubscription(endpoint = `https://push.example.net/send/${randomBytes(12).toString('hex')}`) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { endpoint, expirationTime: null, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') } };
}

async function addNotification(t: TestApp, id: string, audience: 'all' | 'class' | 'student', audienceId: string | null, createdAt: number) {
  await t.db.kysely
    .insertInto('notifications')
    .values({ id, title: `Title ${id}`, content: `Content ${id}`, attachments: '[]', audience, audience_id: audienceId, created_at: createdAt })
    .execute();
}

describe('GET /notifications', () => {
  it("lists the student's notifications newest first (everyone's, the class's, their own) with read state", async () => {
    const t = await newApp();
    const asha = await signIn(t, 'DEMO001');
    const reply = await asha.list();
    expect(reply.data.map((item) => item.id)).toEqual([
      ASHA_FORMULA,
      'demo-notification-exam',
      'demo-notification-class',
      'demo-notification-holiday',
      'demo-notification-fee',
    ]);
    expect(reply.unread).toBe(3);
    const formula = reply.data[0]!;
    expect(formula.data).toEqual({ title: 'Your formula sheet', content: 'Asha, here is the formula sheet you asked for.' });
    expect(formula.attachments).toEqual(['/blobs/public/demo/formula-sheet.pdf']);
    expect(formula.read_at).toBeNull();
    expect(reply.data.find((item) => item.id === 'demo-notification-holiday')!.read_at).toEqual(expect.any(Number));
    expect(reply.data.map((item) => item.created_at)).toEqual([...reply.data.map((item) => item.created_at)].sort((a, b) => b - a));
    // Rohan's own notification is not Asha's.
    expect(reply.data.some((item) => item.id === ROHAN_OWN)).toBe(false);
  });

  it("never lists another student's or another class's notifications; a student without a class gets everyone's only", async () => {
    const t = await newApp();
    await t.db.kysely.insertInto('classes').values({ id: 'other-class', name: 'Class 9 - B' }).execute();
    await addNotification(t, 'other-class-note', 'class', 'other-class', t.clock.now());
    const rohan = await signIn(t, 'DEMO002');
    const ids = (await rohan.list()).data.map((item) => item.id);
    expect(ids).toContain(ROHAN_OWN);
    expect(ids).toContain('demo-notification-class');
    expect(ids).not.toContain(ASHA_FORMULA);
    expect(ids).not.toContain('demo-notification-fee');
    expect(ids).not.toContain('other-class-note');

    await t.db.kysely.updateTable('student_profiles').set({ class_id: null }).where('user_id', '=', rohan.id).execute();
    const classless = (await rohan.list()).data.map((item) => item.id);
    expect(classless).not.toContain('demo-notification-class');
    expect(classless).toContain('demo-notification-exam');
  });

  it(`lists at most ${MAX_NOTIFICATIONS}, the newest`, async () => {
    const t = await newApp();
    const rows = Array.from({ length: MAX_NOTIFICATIONS + 5 }, (_, index) => ({
      id: `bulk-${String(index).padStart(3, '0')}`, title: 'Bulk', content: '', attachments: '[]', audience: 'all' as const, audience_id: null, created_at: t.clock.now() + index,
    }));
    await t.db.kysely.insertInto('notifications').values(rows).execute();
    const reply = await (await signIn(t, 'DEMO002')).list();
    expect(reply.data).toHaveLength(MAX_NOTIFICATIONS);
    expect(reply.data[0]!.id).toBe(`bulk-${MAX_NOTIFICATIONS + 4}`);
  });

  it('keeps only web links and server paths as attachments', async () => {
    const t = await newApp();
    await t.db.kysely
      .insertInto('notifications')
      .values({ id: 'links', title: 'Links', content: '', attachments: JSON.stringify(['https://example.edu/a.pdf', '/api/blobs/public/b.pdf', 'javascript:alert(1)', '//evil.example/x', 42]), audience: 'all', audience_id: null, created_at: t.clock.now() })
      .execute();
    const reply = await (await signIn(t, 'DEMO002')).list();
    expect(reply.data.find((item) => item.id === 'links')!.attachments).toEqual(['https://example.edu/a.pdf', '/api/blobs/public/b.pdf']);
  });

  it('needs a signed-in student', async () => {
    const t = await newApp();
    const response = await t.get('/api/notifications');
    expect(response.status).toBe(401);
    expect(await messageOf(response)).toBe('Log in required!');
  });
});

describe('POST /notifications/mark-read', () => {
  it('marks one read, keeps the first read time when repeated, and leaves other students unread', async () => {
    const t = await newApp();
    const asha = await signIn(t, 'DEMO001');
    const rohan = await signIn(t, 'DEMO002');
    const first = await asha.post('/api/notifications/mark-read', { id: 'demo-notification-exam' });
    expect(first.status).toBe(200);
    const read = markReadReplySchema.parse(await first.json()).data;
    expect(read.read_at).toBe(t.clock.now());
    t.clock.advance(60_000);
    const again = markReadReplySchema.parse(await (await asha.post('/api/notifications/mark-read', { id: 'demo-notification-exam' })).json()).data;
    expect(again.read_at).toBe(read.read_at);
    expect((await asha.list()).unread).toBe(2);
    // The same 'all' notification is still unread for Rohan.
    expect((await rohan.list()).data.find((item) => item.id === 'demo-notification-exam')!.read_at).toBeNull();
  });

  it("refuses another student's notification as not found, and an unknown id", async () => {
    const t = await newApp();
    const rohan = await signIn(t, 'DEMO002');
    for (const id of [ASHA_FORMULA, 'no-such-notification']) {
      const response = await rohan.post('/api/notifications/mark-read', { id });
      expect(response.status).toBe(404);
      expect(await messageOf(response)).toBe(NOTIFICATION_MESSAGES.notFound);
    }
    const asha = await signIn(t, 'DEMO001');
    expect((await asha.list()).data.find((item) => item.id === ASHA_FORMULA)!.read_at).toBeNull();
    const rows = await t.db.kysely.selectFrom('notification_reads').selectAll().where('user_id', '=', rohan.id).execute();
    expect(rows).toEqual([]);
  });

  it('answers 4xx with a message for a malformed request', async () => {
    const t = await newApp();
    const rohan = await signIn(t, 'DEMO002');
    const missing = await rohan.post('/api/notifications/mark-read', {});
    expect(missing.status).toBe(422);
    expect(await messageOf(missing)).toMatch(/id/i);
    const notJson = await rohan.post('/api/notifications/mark-read', '{oops');
    expect(notJson.status).toBe(400);
    const unsigned = await t.postJson('/api/notifications/mark-read', { id: ROHAN_OWN });
    expect(unsigned.status).toBe(401);
  });
});

describe('POST /notifications/mark-all-read', () => {
  it("marks every unread notification of the student read, and only theirs", async () => {
    const t = await newApp();
    const rohan = await signIn(t, 'DEMO002');
    const asha = await signIn(t, 'DEMO001');
    const before = await rohan.list();
    expect(before.unread).toBeGreaterThan(0);
    const first = markAllReadReplySchema.parse(await (await rohan.post('/api/notifications/mark-all-read')).json());
    expect(first.marked).toBe(before.unread);
    expect((await rohan.list()).unread).toBe(0);
    expect((await rohan.list()).data.every((item) => item.read_at !== null)).toBe(true);
    expect(markAllReadReplySchema.parse(await (await rohan.post('/api/notifications/mark-all-read')).json()).marked).toBe(0);
    expect((await asha.list()).unread).toBe(3);
  });

  it('needs a signed-in student', async () => {
    const t = await newApp();
    expect((await t.postJson('/api/notifications/mark-all-read', {})).status).toBe(401);
  });
});

describe('push subscriptions (/push/public-key, /fcm-token)', () => {
  it('gives the VAPID public key without sign-in', async () => {
    const t = await newApp();
    const response = await t.get('/api/push/public-key');
    expect(response.status).toBe(200);
    const { publicKey } = pushPublicKeyReplySchema.parse(await response.json());
    expect(publicKey).toBe(t.config.vapid.publicKey);
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
  });

  it('stores a Web Push subscription (object or JSON string) once per browser, moving it to whoever registers it last', async () => {
    const t = await newApp();
    const asha = await signIn(t, 'DEMO001');
    const rohan = await signIn(t, 'DEMO002');
    const subscription = browserSubscription();
    const response = await asha.post('/api/fcm-token', { token: subscription });
    expect(response.status).toBe(200);
    expect(fcmTokenReplySchema.parse(await response.json()).kind).toBe('webpush');
    expect((await asha.post('/api/fcm-token', { token: JSON.stringify(subscription) })).status).toBe(200);
    const rows = await t.db.kysely.selectFrom('push_subscriptions').selectAll().execute();
    expect(rows).toEqual([
      expect.objectContaining({ id: subscriptionId(subscription.endpoint), user_id: asha.id, kind: 'webpush', endpoint: subscription.endpoint, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth }),
    ]);
    // A shared computer: the next student's registration takes the browser over.
    expect((await rohan.post('/api/fcm-token', { token: subscription })).status).toBe(200);
    const moved = await t.db.kysely.selectFrom('push_subscriptions').select(['user_id']).execute();
    expect(moved).toEqual([{ user_id: rohan.id }]);
  });

  it('refuses a subscription that is not https or whose keys are not base64url keys', async () => {
    const t = await newApp();
    const asha = await signIn(t, 'DEMO001');
    const good = browserSubscription();
    const bad = [
      { ...good, endpoint: 'http://push.example.net/send/abc' },
      { ...good, endpoint: 'not a url' },
      { ...good, keys: { ...good.keys, p256dh: 'short' } },
      { ...good, keys: { ...good.keys, auth: '!!!!!!!!!!!!!!!!!!!!!!!!' } },
      { endpoint: good.endpoint },
    ];
    for (const token of bad) {
      const response = await asha.post('/api/fcm-token', { token });
      expect(response.status, JSON.stringify(token)).toBe(422);
      expect(await messageOf(response)).not.toBe('');
    }
    const asString = await asha.post('/api/fcm-token', { token: JSON.stringify({ ...good, endpoint: 'http://x.example/1' }) });
    expect(asString.status).toBe(422);
    expect(await messageOf(asString)).toMatch(/https/);
    expect((await asha.post('/api/fcm-token', { token: '{not json' })).status).toBe(422);
    expect((await asha.post('/api/fcm-token', {})).status).toBe(422);
    expect(await t.db.kysely.selectFrom('push_subscriptions').selectAll().execute()).toEqual([]);
    expect((await t.postJson('/api/fcm-token', { token: good })).status).toBe(401);
  });

  it('takes only a web push service\'s endpoint: the browsers\' own or one the institute allows; never a local or private address, however written', async () => {
    const t = await newApp({ pushAllowedHosts: ['push.example.net', '*.push.example.edu', '127.0.0.1', '10.1.2.3'] });
    const asha = await signIn(t, 'DEMO001');
    const accepted = [
      'https://fcm.googleapis.com/fcm/send/abc:APA91b',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://wns2-pn1p.notify.windows.com/w/?token=BQYAAA',
      'https://web.push.apple.com/QGx5',
      'https://api.push.apple.com/3/device/x',
      'https://push.example.net/send/1',
      'https://eu.push.example.edu/send/2',
    ];
    for (const endpoint of accepted) expect([endpoint, (await asha.post('/api/fcm-token', { token: browserSubscription(endpoint) })).status]).toEqual([endpoint, 200]);
    const refused: [string, string][] = [
      ['https://127.0.0.1/push', PUSH_ENDPOINT_MESSAGES.local], // listed in PUSH_ALLOWED_HOSTS, still local
      ['https://2130706433/push', PUSH_ENDPOINT_MESSAGES.local], // 127.0.0.1 as a number
      ['https://0x7f.1/push', PUSH_ENDPOINT_MESSAGES.local],
      ['https://[::1]/push', PUSH_ENDPOINT_MESSAGES.local],
      ['https://[::ffff:127.0.0.1]/push', PUSH_ENDPOINT_MESSAGES.local],
      ['https://10.1.2.3/push', PUSH_ENDPOINT_MESSAGES.local],
      ['https://192.168.1.10/push', PUSH_ENDPOINT_MESSAGES.local],
      ['https://172.20.0.1/push', PUSH_ENDPOINT_MESSAGES.local],
      ['https://169.254.169.254/latest/meta-data', PUSH_ENDPOINT_MESSAGES.local],
      ['https://[fe80::1]/push', PUSH_ENDPOINT_MESSAGES.local],
      ['https://[fd00::1]/push', PUSH_ENDPOINT_MESSAGES.local],
      ['https://localhost/push', PUSH_ENDPOINT_MESSAGES.local],
      ['https://push.localhost/push', PUSH_ENDPOINT_MESSAGES.local],
      ['https://8.8.8.8/push', PUSH_ENDPOINT_MESSAGES.unknownHost],
      ['https://evil.example.com/push', PUSH_ENDPOINT_MESSAGES.unknownHost],
      ['https://fcm.googleapis.com.evil.example.com/push', PUSH_ENDPOINT_MESSAGES.unknownHost],
      ['https://push.apple.com/push', PUSH_ENDPOINT_MESSAGES.unknownHost],
      ['https://push.example.edu/push', PUSH_ENDPOINT_MESSAGES.unknownHost],
      ['https://user:secret@fcm.googleapis.com/fcm/send/x', PUSH_ENDPOINT_MESSAGES.notHttps],
    ];
    for (const [endpoint, message] of refused) {
      const response = await asha.post('/api/fcm-token', { token: browserSubscription(endpoint) });
      expect([endpoint, response.status, await messageOf(response)]).toEqual([endpoint, 422, message]);
    }
    expect(await t.db.kysely.selectFrom('push_subscriptions').select('endpoint').execute()).toHaveLength(accepted.length);
  });

  it('without PUSH_ALLOWED_HOSTS only the browsers\' push services are taken', async () => {
    const t = await makeApp();
    const asha = await signIn(t, 'DEMO001');
    const response = await asha.post('/api/fcm-token', { token: browserSubscription() });
    expect([response.status, await messageOf(response)]).toEqual([422, PUSH_ENDPOINT_MESSAGES.unknownHost]);
    expect((await asha.post('/api/fcm-token', { token: browserSubscription('https://fcm.googleapis.com/fcm/send/x') })).status).toBe(200);
  });

  const fcmToken = `${randomBytes(16).toString('hex')}:APA91b${randomBytes(60).toString('base64url')}`;

  it('refuses an FCM registration token when the institute has not configured Firebase', async () => {
    const t = await newApp();
    const refused = await (await signIn(t, 'DEMO001')).post('/api/fcm-token', { token: fcmToken });
    expect(refused.status).toBe(422);
    expect(await messageOf(refused)).toBe(NOTIFICATION_MESSAGES.fcmNotConfigured);
  });

  it('takes an FCM registration token when the institute configured Firebase', async () => {
    const t = await newApp({ firebaseServiceAccount: '/nonexistent/service-account.json' });
    const asha = await signIn(t, 'DEMO001');
    const response = await asha.post('/api/fcm-token', { token: fcmToken });
    expect(response.status).toBe(200);
    expect(fcmTokenReplySchema.parse(await response.json()).kind).toBe('fcm');
    expect(await t.db.kysely.selectFrom('push_subscriptions').select(['kind', 'endpoint', 'p256dh']).execute()).toEqual([{ kind: 'fcm', endpoint: fcmToken, p256dh: null }]);
  });

  it("DELETE /fcm-token removes the student's own subscription only", async () => {
    const t = await newApp();
    const asha = await signIn(t, 'DEMO001');
    const rohan = await signIn(t, 'DEMO002');
    const subscription = browserSubscription();
    await asha.post('/api/fcm-token', { token: subscription });
    const byRohan = await rohan.del('/api/fcm-token', { token: subscription.endpoint });
    expect(byRohan.status).toBe(200);
    expect(await byRohan.json()).toEqual({ removed: 0 });
    expect(await t.db.kysely.selectFrom('push_subscriptions').select('id').execute()).toHaveLength(1);
    expect(await (await asha.del('/api/fcm-token', { token: subscription })).json()).toEqual({ removed: 1 });
    expect(await (await asha.del('/api/fcm-token', { token: subscription.endpoint })).json()).toEqual({ removed: 0 });
    expect((await asha.del('/api/fcm-token', {})).status).toBe(422);
  });
});
