import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../platform/lib/logger';
import type { LiveHub } from './live-hub';
import { createRedisHub } from './redis-live-hub';
import type { RedisPublisher, RedisSubscriber } from './redis-live-hub';

const TEST_REDIS_URL = process.env['TEST_REDIS_URL']?.trim() || undefined;

/** A fake Redis pair: publishes loop back to the subscriber of channels it subscribed to, as Redis does. */
function fakeRedis() {
  const calls: string[] = [];
  const subscribed = new Set<string>();
  let onMessage: ((channel: string, message: string) => void) | undefined;
  const subscriber: RedisSubscriber = {
    subscribe: (channel) => {
      calls.push(`SUBSCRIBE ${channel}`);
      subscribed.add(channel);
      return Promise.resolve(1);
    },
    unsubscribe: (channel) => {
      calls.push(`UNSUBSCRIBE ${channel}`);
      subscribed.delete(channel);
      return Promise.resolve(0);
    },
    quit: () => Promise.resolve('OK'),
    on: ((event: string, listener: (channel: string, message: string) => void) => {
      if (event === 'message') onMessage = listener;
    }) as RedisSubscriber['on'],
  };
  const publisher: RedisPublisher = {
    publish: (channel, message) => {
      calls.push(`PUBLISH ${channel}`);
      if (subscribed.has(channel)) queueMicrotask(() => onMessage?.(channel, message));
      return Promise.resolve(subscribed.has(channel) ? 1 : 0);
    },
    quit: () => Promise.resolve('OK'),
    on: () => undefined,
  };
  return { publisher, subscriber, calls, deliver: (channel: string, message: string) => onMessage?.(channel, message) };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the Redis hub (fake Redis)', () => {
  it('subscribes a channel once however many listeners it has, and unsubscribes with the last', async () => {
    const redis = fakeRedis();
    const hub = createRedisHub(redis, { logger: silentLogger, prefix: 'x:' });
    const heard: string[] = [];
    const stopA = hub.subscribe('student:t:u', (m) => heard.push(`a ${JSON.stringify(m)}`));
    const stopB = hub.subscribe('student:t:u', (m) => heard.push(`b ${JSON.stringify(m)}`));
    await hub.ready();
    expect(redis.calls).toEqual(['SUBSCRIBE x:__batch', 'SUBSCRIBE x:student:t:u']);

    hub.publish('student:t:u', { n: 1 });
    await tick();
    expect(heard).toEqual(['a {"n":1}', 'b {"n":1}']);

    stopA();
    stopA();
    expect(redis.calls).toEqual(['SUBSCRIBE x:__batch', 'SUBSCRIBE x:student:t:u', 'PUBLISH x:student:t:u']);
    hub.publish('student:t:u', { n: 2 });
    await tick();
    expect(heard).toEqual(['a {"n":1}', 'b {"n":1}', 'b {"n":2}']);

    stopB();
    expect(redis.calls.at(-1)).toBe('UNSUBSCRIBE x:student:t:u');
    hub.publish('student:t:u', { n: 3 });
    await tick();
    expect(heard).toHaveLength(3);

    // Subscribed again after the last left: SUBSCRIBE again.
    hub.subscribe('student:t:u', () => heard.push('c'));
    expect(redis.calls.at(-1)).toBe('SUBSCRIBE x:student:t:u');
  });

  it('delivers a local publish once, only through Redis; ignores other prefixes, bad JSON and a failing listener', async () => {
    const redis = fakeRedis();
    const hub = createRedisHub(redis, { logger: silentLogger, prefix: 'x:' });
    const heard: unknown[] = [];
    hub.subscribe('proctors:t', () => {
      throw new Error('a broken socket');
    });
    hub.subscribe('proctors:t', (m) => heard.push(m));
    hub.publish('proctors:t', { type: 'chat' });
    // Not synchronously: a message sent here goes the same way as one sent by another process.
    expect(heard).toEqual([]);
    await tick();
    expect(heard).toEqual([{ type: 'chat' }]);
    redis.deliver('y:proctors:t', '{}');
    redis.deliver('x:proctors:t', 'not json');
    expect(heard).toHaveLength(1);
  });

  it('publishes many messages as one batch, heard by the listeners of each channel once', async () => {
    const redis = fakeRedis();
    const hub = createRedisHub(redis, { logger: silentLogger, prefix: 'x:' });
    const heard: string[] = [];
    hub.subscribe('student:t:a', (m) => heard.push(`a ${JSON.stringify(m)}`));
    hub.subscribe('proctors:t', (m) => heard.push(`p ${JSON.stringify(m)}`));
    hub.publishMany([
      ['student:t:a', { n: 1 }],
      ['student:t:b', { n: 2 }],
      ['proctors:t', { n: 1 }],
      ['proctors:t', { n: 2 }],
    ]);
    await tick();
    expect(redis.calls.filter((call) => call.startsWith('PUBLISH'))).toEqual(['PUBLISH x:__batch']);
    expect(heard).toEqual(['a {"n":1}', 'p {"n":1}', 'p {"n":2}']);
  });

  it('hands a message from Redis over at once, ahead of a batch of 5,000 still being delivered, never ahead of one of its type on its channel', async () => {
    const redis = fakeRedis();
    const hub = createRedisHub(redis, { logger: silentLogger, prefix: 'x:' });
    const heard: string[] = [];
    for (let i = 0; i < 5_000; i += 1) hub.subscribe(`student:t:${i}`, (m) => heard.push(`${i} ${(m as { type: string }).type}`));
    await hub.ready();
    hub.publishMany(Array.from({ length: 5_000 }, (_, i) => [`student:t:${i}`, { type: 'chat' }] as const));
    hub.publish('student:t:4999', { type: 'command' });
    hub.publish('student:t:4998', { type: 'chat', second: true });
    // Both came back from Redis behind the 5 batches: neither waited for their 5,000 sends.
    await Promise.resolve();
    await Promise.resolve();
    expect(heard.length).toBeLessThan(5_000);
    expect(heard.slice(0, 3)).toEqual(['4999 command', '4998 chat', '4998 chat']);
    for (let turns = 0; turns < 100 && heard.length < 5_002; turns += 1) await new Promise((resolve) => setImmediate(resolve));
    expect(heard).toHaveLength(5_002);
    expect(heard.filter((entry) => entry.startsWith('4999 '))).toEqual(['4999 command', '4999 chat']);
  });

  it('never throws into its caller when Redis fails', async () => {
    const redis = fakeRedis();
    redis.publisher.publish = () => Promise.reject(new Error('down'));
    redis.subscriber.subscribe = () => Promise.reject(new Error('down'));
    const warnings: unknown[] = [];
    const hub = createRedisHub(redis, { logger: { ...silentLogger, warn: (...args) => void warnings.push(args) }, prefix: 'x:' });
    hub.subscribe('student:t:u', () => {});
    hub.publish('student:t:u', { n: 1 });
    await hub.ready();
    await tick();
    expect(warnings.length).toBe(3);
  });
});

describe.skipIf(!TEST_REDIS_URL)('the Redis hub (a real Redis)', () => {
  const hubs: LiveHub[] = [];
  afterEach(async () => {
    await Promise.all(hubs.splice(0).map((hub) => hub.close()));
  });

  it('two processes: what one publishes, every listener of either hears once', async () => {
    const prefix = `test-${randomUUID()}:`;
    const [a, b] = [createRedisHub(TEST_REDIS_URL as string, { logger: silentLogger, prefix }), createRedisHub(TEST_REDIS_URL as string, { logger: silentLogger, prefix })] as [LiveHub, LiveHub];
    hubs.push(a, b);
    const heard: string[] = [];
    a.subscribe('proctors:t', (m) => heard.push(`a1 ${(m as { n: number }).n}`));
    a.subscribe('proctors:t', (m) => heard.push(`a2 ${(m as { n: number }).n}`));
    b.subscribe('proctors:t', (m) => heard.push(`b ${(m as { n: number }).n}`));
    await Promise.all([a.ready(), b.ready()]);
    a.publish('proctors:t', { n: 1 });
    b.publish('proctors:t', { n: 2 });
    b.publishMany([
      ['proctors:t', { n: 3 }],
      ['student:t:u', { n: 4 }],
    ]);
    const deadline = Date.now() + 3000;
    while (heard.length < 9 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard.sort()).toEqual(['a1 1', 'a1 2', 'a1 3', 'a2 1', 'a2 2', 'a2 3', 'b 1', 'b 2', 'b 3']);
  });

  it('two processes: a command published on one right after a chat to 5,000 reaches the other before that fan-out is done', async () => {
    const prefix = `test-${randomUUID()}:`;
    const [a, b] = [createRedisHub(TEST_REDIS_URL as string, { logger: silentLogger, prefix }), createRedisHub(TEST_REDIS_URL as string, { logger: silentLogger, prefix })] as [LiveHub, LiveHub];
    hubs.push(a, b);
    const heard: string[] = [];
    // About 20 µs a socket, as a send is: the fan-out takes a tenth of a second.
    const busy = (us: number) => {
      const until = performance.now() + us / 1000;
      while (performance.now() < until);
    };
    for (let i = 0; i < 5_000; i += 1) {
      b.subscribe(`student:t:${i}`, (m) => {
        busy(20);
        heard.push(`${i} ${(m as { type: string }).type}`);
      });
    }
    await b.ready();
    a.publishMany(Array.from({ length: 5_000 }, (_, i) => [`student:t:${i}`, { type: 'chat' }] as const));
    a.publish('student:t:4999', { type: 'command' });
    const deadline = Date.now() + 5_000;
    while (heard.length < 5_001 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(heard).toHaveLength(5_001);
    expect(heard.indexOf('4999 command')).toBeLessThan(4_000);
    expect(heard.filter((entry) => entry.startsWith('4999 '))).toEqual(['4999 command', '4999 chat']);
  });
});
