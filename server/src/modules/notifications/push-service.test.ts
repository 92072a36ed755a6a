import { createCipheriv, createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { pushPayloadSchema } from '@invigil/shared/api/notifications';
import type { PushPayload } from '@invigil/shared/api/notifications';
import { createPushSubscriptionRepository } from './push-subscription-repository';
import { useTestApp } from '../../test-support/test-app';
import type { TestApp } from '../../test-support/test-app';
import type { FcmSender } from './fcm-sender';
import { loadFcmSender } from './fcm-sender';
import { isNonPublicAddress, publicOnlyLookup } from './push-endpoint';
import { createPushService, notificationUrl, pushOverHttps, PUSH_TTL_SECONDS } from './push-service';
import type { PushTransport } from './push-service';

const makeApp = useTestApp();
// The stand-in push service below is https://push.test.invalid:{port} (reached on 127.0.0.1 by the
// test transport), allowed as an institute allows its own push service (decision 0052).
const newApp = () => makeApp({ pushAllowedHosts: ['push.test.invalid', 'push.example.net'] });

/**
 * A push service of our own, standing in for a browser's (which cannot be reached from here): it
 * checks each request as a real one would (the VAPID JWT's ES256 signature with the key in the
 * Authorization header, its audience and expiry) and decrypts the aes128gcm body (RFC 8291) with
 * the subscribed browser's private key, then answers with the status set for that subscription.
 */
interface Received {
  subscription: string;
  payload: PushPayload;
  ttl: string | undefined;
  vapidKey: string;
  claims: { aud: string; exp: number; sub: string };
}

interface FakeBrowser {
  name: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  ecdh: ReturnType<typeof createECDH>;
  authSecret: Buffer;
  /** What the push service answers for it. */
  status: number;
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 / RFC 8188: the browser's side of Web Push message encryption, single record. */
function decryptAes128gcm(body: Buffer, browser: { ecdh: ReturnType<typeof createECDH>; authSecret: Buffer }): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  expect(idLength).toBe(65);
  expect(ciphertext.length).toBeLessThanOrEqual(recordSize);
  const receiverPublic = browser.ecdh.getPublicKey();
  const ecdhSecret = browser.ecdh.computeSecret(senderPublic);
  const prkKey = hmac(browser.authSecret, ecdhSecret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverPublic, senderPublic, Buffer.from([1])]);
  const ikm = hmac(prkKey, keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  expect(padded[end]).toBe(2);
  return padded.subarray(0, end);
}

/** Checks "vapid t=<jwt>, k=<key>": ES256 over header.claims with the key k. */
function checkVapid(authorization: string | undefined, origin: string): { key: string; claims: Received['claims'] } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`not a VAPID Authorization header: ${authorization}`);
  const [, jwt, key] = match as unknown as [string, string, string];
  const [header, claims, signature] = jwt.split('.') as [string, string, string];
  expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ typ: 'JWT', alg: 'ES256' });
  const point = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
  const valid = verify('sha256', Buffer.from(`${header}.${claims}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!valid) throw new Error('the VAPID signature does not verify');
  const parsed = JSON.parse(Buffer.from(claims, 'base64url').toString()) as Received['claims'];
  expect(parsed.aud).toBe(origin);
  const now = Math.floor(Date.now() / 1000);
  expect(parsed.exp).toBeGreaterThan(now);
  expect(parsed.exp).toBeLessThanOrEqual(now + 24 * 60 * 60);
  return { key, claims: parsed };
}

const servers: ReturnType<typeof createServer>[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** Starts the receiver; endpoints are https:// (as a browser's are); the test transport reaches them over http. */
async function startPushService() {
  const browsers = new Map<string, FakeBrowser>();
  const received: Received[] = [];
  const rejected: string[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const browser = browsers.get(request.url ?? '');
      try {
        if (!browser) throw new Error(`unknown subscription ${request.url}`);
        expect(request.method).toBe('POST');
        expect(request.headers['content-encoding']).toBe('aes128gcm');
        const { key, claims } = checkVapid(request.headers.authorization, origin);
        const payload = pushPayloadSchema.parse(JSON.parse(decryptAes128gcm(Buffer.concat(chunks), browser).toString('utf8')));
        received.push({ subscription: browser.name, payload, ttl: request.headers.ttl as string | undefined, vapidKey: key, claims });
        response.statusCode = browser.status;
        response.end(browser.status >= 400 ? 'push service says no' : '');
      } catch (error) {
        rejected.push(error instanceof Error ? error.message : String(error));
        response.statusCode = 400;
        response.end('bad request');
      }
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const origin = `https://push.test.invalid:${port}`;
  const transport: PushTransport = async (request) => {
    const url = request.endpoint.replace(/^https:\/\/push\.test\.invalid:/, 'http://127.0.0.1:');
    const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
    const response = await fetch(url, { method: request.method, headers, body: request.body ? new Uint8Array(request.body) : null });
    return { status: response.status, body: await response.text() };
  };
  const browser = (name: string, status = 201): FakeBrowser => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const authSecret = randomBytes(16);
    const path = `/push/${name}-${randomBytes(6).toString('hex')}`;
    const created: FakeBrowser = {
      name, endpoint: `${origin}${path}`, p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url'), ecdh, authSecret, status,
    };
    browsers.set(path, created);
    return created;
  };
  return { transport, browser, received, rejected };
}

async function subscribe(t: TestApp, regNo: string, browser: FakeBrowser) {
  await createPushSubscriptionRepository(t.db.kysely).upsert({ user_id: t.userIds[regNo]!, kind: 'webpush', endpoint: browser.endpoint, p256dh: browser.p256dh, auth: browser.auth }, t.clock.now());
}

async function addNotification(t: TestApp, id: string, audience: 'all' | 'class' | 'student', audienceId: string | null, content = `Content of ${id}`) {
  await t.db.kysely.insertInto('notifications').values({ id, title: `Title ${id}`, content, attachments: '[]', audience, audience_id: audienceId, created_at: t.clock.now() }).execute();
}

const subscriptionCount = async (t: TestApp) => (await t.db.kysely.selectFrom('push_subscriptions').select('id').execute()).length;

describe('createPushService (Web Push with VAPID)', () => {
  it("sends each notification, signed and encrypted, to every subscription of its audience only", async () => {
    const t = await newApp();
    const push = await startPushService();
    const ashaLaptop = push.browser('asha-laptop');
    const ashaPhone = push.browser('asha-phone');
    const rohanLaptop = push.browser('rohan-laptop');
    await subscribe(t, 'DEMO001', ashaLaptop);
    await subscribe(t, 'DEMO001', ashaPhone);
    await subscribe(t, 'DEMO002', rohanLaptop);
    await addNotification(t, 'to-asha', 'student', t.userIds['DEMO001']!, '<p>Your <b>result</b> &amp; remarks</p>');
    await addNotification(t, 'to-class', 'class', 'demo-class-10a');
    await addNotification(t, 'to-other-class', 'class', 'no-such-class');
    const service = createPushService({ db: t.db.kysely, config: t.config, logger: t.logger, transport: push.transport });

    const totals = await service.sendNotifications(['to-asha', 'to-class', 'to-other-class', 'no-such-id']);
    expect(push.rejected).toEqual([]);
    expect(totals).toEqual({ sent: 5, removed: 0, failed: 0 });
    const bySubscription = (id: string) => push.received.filter((item) => item.payload.id === id).map((item) => item.subscription).sort();
    expect(bySubscription('to-asha')).toEqual(['asha-laptop', 'asha-phone']);
    expect(bySubscription('to-class')).toEqual(['asha-laptop', 'asha-phone', 'rohan-laptop']);
    expect(bySubscription('to-other-class')).toEqual([]);
    const toAsha = push.received.find((item) => item.payload.id === 'to-asha')!;
    expect(toAsha.payload).toEqual({ id: 'to-asha', title: 'Title to-asha', body: 'Your result & remarks', url: notificationUrl('to-asha') });
    expect(toAsha.vapidKey).toBe(t.config.vapid.publicKey);
    expect(toAsha.claims.sub).toBe(t.config.vapid.subject);
    expect(toAsha.ttl).toBe(String(PUSH_TTL_SECONDS));
  });

  it('reaches everyone for a notification to all', async () => {
    const t = await newApp();
    const push = await startPushService();
    await subscribe(t, 'DEMO001', push.browser('asha'));
    await subscribe(t, 'DEMO002', push.browser('rohan'));
    await addNotification(t, 'to-all', 'all', null);
    const service = createPushService({ db: t.db.kysely, config: t.config, logger: t.logger, transport: push.transport });
    expect(await service.sendNotifications(['to-all', 'to-all'])).toEqual({ sent: 2, removed: 0, failed: 0 });
    expect(push.received.map((item) => item.subscription).sort()).toEqual(['asha', 'rohan']);
  });

  it('removes subscriptions the push service says are gone (404, 410) and counts other failures, keeping those', async () => {
    const t = await newApp();
    const push = await startPushService();
    const warnings: unknown[][] = [];
    const logger = { ...t.logger, warn: (...args: unknown[]) => void warnings.push(args) };
    await subscribe(t, 'DEMO001', push.browser('expired', 410));
    await subscribe(t, 'DEMO001', push.browser('unknown', 404));
    await subscribe(t, 'DEMO001', push.browser('overloaded', 503));
    await subscribe(t, 'DEMO001', push.browser('fine', 201));
    await addNotification(t, 'one', 'student', t.userIds['DEMO001']!);
    await addNotification(t, 'two', 'all', null);
    const service = createPushService({ db: t.db.kysely, config: t.config, logger, transport: push.transport });
    expect(await service.sendNotifications(['one', 'two'])).toEqual({ sent: 2, removed: 2, failed: 2 });
    expect(await subscriptionCount(t)).toBe(2);
    expect(warnings.map((args) => String(args[0]))).toEqual([expect.stringMatching(/503/), expect.stringMatching(/503/)]);
    expect(push.rejected).toEqual([]);
  });

  it('survives a push service that cannot be reached (counted as failed, subscription kept)', async () => {
    const t = await newApp();
    await createPushSubscriptionRepository(t.db.kysely).upsert(
      { user_id: t.userIds['DEMO001']!, kind: 'webpush', endpoint: 'https://push.test.invalid:1/push/nobody', p256dh: createECDH('prime256v1').generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') },
      t.clock.now(),
    );
    await addNotification(t, 'lost', 'all', null);
    const transport: PushTransport = async () => {
      throw new Error('connect ECONNREFUSED');
    };
    const service = createPushService({ db: t.db.kysely, config: t.config, logger: t.logger, transport });
    expect(await service.sendNotifications(['lost'])).toEqual({ sent: 0, removed: 0, failed: 1 });
    expect(await subscriptionCount(t)).toBe(1);
  });

  it('sends nothing to an endpoint the rule refuses at send time (a local address, or a host no longer allowed); the transport never sees it', async () => {
    const t = await newApp();
    const repository = createPushSubscriptionRepository(t.db.kysely);
    const key = () => ({ p256dh: createECDH('prime256v1').generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') });
    for (const endpoint of ['https://10.0.0.8/push', 'https://[::1]/push', 'https://push.elsewhere.example/push']) {
      await repository.upsert({ user_id: t.userIds['DEMO001']!, kind: 'webpush', endpoint, ...key() }, t.clock.now());
    }
    await addNotification(t, 'kept-home', 'all', null);
    const seen: string[] = [];
    const transport: PushTransport = async (request) => {
      seen.push(request.endpoint);
      return { status: 201, body: '' };
    };
    const service = createPushService({ db: t.db.kysely, config: t.config, logger: t.logger, transport });
    expect(await service.sendNotifications(['kept-home'])).toEqual({ sent: 0, removed: 0, failed: 3 });
    expect(seen).toEqual([]);
  });

  it('the HTTPS transport refuses a name that resolves to a local address, before connecting', async () => {
    await expect(pushOverHttps({ endpoint: 'https://localhost:1/push', method: 'POST', headers: {}, body: null })).rejects.toMatchObject({ code: 'EPUSHNOTPUBLIC' });
    const looked = await new Promise<NodeJS.ErrnoException | null>((resolve) => publicOnlyLookup('localhost', {}, (error) => resolve(error)));
    expect(looked?.message).toMatch(/non-public address/);
    for (const address of ['127.0.0.1', '10.2.3.4', '172.31.255.255', '192.168.0.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', '::', 'fe80::1', 'fd12::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '64:ff9b::a00:1', '224.0.0.1']) {
      expect([address, isNonPublicAddress(address)]).toEqual([address, true]);
    }
    for (const address of ['8.8.8.8', '142.250.183.10', '2607:f8b0:4004:c07::5f', '::ffff:8.8.8.8']) expect([address, isNonPublicAddress(address)]).toEqual([address, false]);
  });

  it('sends at most a few at a time', async () => {
    const t = await newApp();
    await addNotification(t, 'busy', 'all', null);
    const repository = createPushSubscriptionRepository(t.db.kysely);
    for (let index = 0; index < 30; index += 1) {
      await repository.upsert({ user_id: t.userIds['DEMO001']!, kind: 'webpush', endpoint: `https://push.example.net/${index}`, p256dh: createECDH('prime256v1').generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') }, t.clock.now());
    }
    let inFlight = 0;
    let most = 0;
    const transport: PushTransport = async () => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight -= 1;
      return { status: 201, body: '' };
    };
    const service = createPushService({ db: t.db.kysely, config: t.config, logger: t.logger, transport });
    expect(await service.sendNotifications(['busy'])).toEqual({ sent: 30, removed: 0, failed: 0 });
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(8);
  });

  it('the encryption check itself refuses a body encrypted for another browser', async () => {
    // Guards the receiver: a wrong key must not decrypt (so a pass above means a real decryption).
    const browser = { ecdh: createECDH('prime256v1'), authSecret: randomBytes(16) };
    browser.ecdh.generateKeys();
    const other = createECDH('prime256v1');
    other.generateKeys();
    const salt = randomBytes(16);
    const header = Buffer.alloc(21);
    salt.copy(header, 0);
    header.writeUInt32BE(4096, 16);
    header[20] = 65;
    const cipher = createCipheriv('aes-128-gcm', randomBytes(16), randomBytes(12));
    const sealed = Buffer.concat([cipher.update(Buffer.from('hello\x02')), cipher.final(), cipher.getAuthTag()]);
    expect(() => decryptAes128gcm(Buffer.concat([header, other.getPublicKey(), sealed]), browser)).toThrow();
  });
});

describe('FCM tokens (optional Firebase adapter)', () => {
  async function withFcmToken(t: TestApp, token: string) {
    await createPushSubscriptionRepository(t.db.kysely).upsert({ user_id: t.userIds['DEMO001']!, kind: 'fcm', endpoint: token, p256dh: null, auth: null }, t.clock.now());
  }

  it('sends through the adapter and removes tokens FCM no longer knows', async () => {
    const t = await newApp();
    await withFcmToken(t, 'token-live');
    await withFcmToken(t, 'token-dead');
    await addNotification(t, 'fcm-note', 'student', t.userIds['DEMO001']!);
    const sent: [string, PushPayload][] = [];
    const fcm: FcmSender = {
      send: async (token, payload) => {
        sent.push([token, payload]);
        return token === 'token-dead' ? 'gone' : 'sent';
      },
    };
    const service = createPushService({ db: t.db.kysely, config: t.config, logger: t.logger, fcm });
    expect(await service.sendNotifications(['fcm-note'])).toEqual({ sent: 1, removed: 1, failed: 0 });
    expect(sent.map(([token]) => token).sort()).toEqual(['token-dead', 'token-live']);
    expect(sent[0]![1]).toMatchObject({ id: 'fcm-note', title: 'Title fcm-note', url: notificationUrl('fcm-note') });
    expect(await t.db.kysely.selectFrom('push_subscriptions').select('endpoint').execute()).toEqual([{ endpoint: 'token-live' }]);
  });

  it('skips FCM tokens (kept, counted failed) when Firebase is not configured', async () => {
    const t = await newApp();
    await withFcmToken(t, 'token-orphan');
    await addNotification(t, 'no-fcm', 'all', null);
    const service = createPushService({ db: t.db.kysely, config: t.config, logger: t.logger });
    expect(await service.sendNotifications(['no-fcm'])).toEqual({ sent: 0, removed: 0, failed: 1 });
    expect(await subscriptionCount(t)).toBe(1);
  });

  it('loads firebase-admin at run time, and says how to install it when it is missing', async () => {
    const t = await newApp();
    const errors: unknown[][] = [];
    const logger = { ...t.logger, error: (...args: unknown[]) => void errors.push(args) };
    const missing = await loadFcmSender('/nonexistent.json', logger, async (specifier) => {
      throw new Error(`Cannot find package '${specifier}'`);
    });
    expect(missing).toBeNull();
    expect(String(errors[0]?.[0])).toMatch(/npm install firebase-admin/);

    // A stand-in for firebase-admin's modular API.
    const { writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const accountPath = join(t.config.dataDir, 'service-account.json');
    writeFileSync(accountPath, JSON.stringify({ project_id: 'demo-project', client_email: 'x@demo-project.iam.gserviceaccount.com', private_key: 'unused' }));
    const messages: object[] = [];
    const modules: Record<string, unknown> = {
      'firebase-admin/app': { getApps: () => [], getApp: () => ({}), cert: (account: object) => ({ account }), initializeApp: (options: object) => ({ options }) },
      'firebase-admin/messaging': {
        getMessaging: () => ({
          send: async (message: { token: string }) => {
            messages.push(message);
            if (message.token === 'gone') throw Object.assign(new Error('not registered'), { code: 'messaging/registration-token-not-registered' });
            if (message.token === 'flaky') throw Object.assign(new Error('unavailable'), { code: 'messaging/server-unavailable' });
            return 'projects/demo-project/messages/1';
          },
        }),
      },
    };
    const sender = await loadFcmSender(accountPath, logger, async (specifier) => modules[specifier]);
    expect(sender).not.toBeNull();
    const payload: PushPayload = { id: 'n1', title: 'Hello', body: 'World', url: '/?notification=n1' };
    expect(await sender!.send('ok', payload)).toBe('sent');
    expect(await sender!.send('gone', payload)).toBe('gone');
    expect(await sender!.send('flaky', payload)).toEqual({ error: 'unavailable' });
    expect(messages[0]).toEqual({ token: 'ok', notification: { title: 'Hello', body: 'World' }, data: { id: 'n1', url: '/?notification=n1' } });
  });
});
