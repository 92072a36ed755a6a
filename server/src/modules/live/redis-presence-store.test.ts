import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../platform/lib/logger';
import { createMemoryPresenceStore } from './live-presence';
import type { PresenceStore } from './live-presence';
import { PROCESS_ALIVE_MS, createRedisPresenceStore } from './redis-presence-store';

const TEST_REDIS_URL = process.env['TEST_REDIS_URL']?.trim() || undefined;
const STATUS = { qn: 2, answered: 1, marked: 0, unsent: 0, extension: false, clock: 1_000 };

const stores: PresenceStore[] = [];
afterEach(async () => {
  await Promise.all(stores.splice(0).map((store) => store.close()));
});

/** The rules every store keeps, with `a` and `b` as two server processes (one process twice for the memory store). */
function contract(make: () => { a: PresenceStore; b: PresenceStore }) {
  it('counts sockets on every process; the drop begins when the last one closes anywhere', async () => {
    const { a, b } = make();
    expect(await a.get('t', 'u')).toBeUndefined();
    expect(await a.arrive('t', 'u', 'websocket', 100)).toBeUndefined();
    await b.arrive('t', 'u', 'websocket', 110);
    expect(await b.get('t', 'u')).toMatchObject({ sockets: 2, via: 'websocket', disconnectedSince: null });
    expect(await a.leave('t', 'u', 120)).toMatchObject({ sockets: 1, disconnectedSince: null });
    expect(await a.claimDrop('t', 'u')).toBeNull();
    expect(await b.leave('t', 'u', 130)).toMatchObject({ sockets: 0, disconnectedSince: 130, dropWritten: false });
    await a.setStatus('t', 'u', STATUS, -5);
    expect(await b.get('t', 'u')).toMatchObject({ status: STATUS, clockOffsetMs: -5 });
    expect([...(await b.ofTest('t')).keys()]).toEqual(['u']);
    expect((await a.ofTest('t')).get('u')).toMatchObject({ sockets: 0, disconnectedSince: 130, status: STATUS });
  });

  it('a drop is claimed for the trail once, by whichever process asks first; a return ends it', async () => {
    const { a, b } = make();
    await a.arrive('t', 'u', 'websocket', 100);
    await a.leave('t', 'u', 200);
    const claims = await Promise.all([a.claimDrop('t', 'u'), b.claimDrop('t', 'u'), a.claimDrop('t', 'u'), b.claimDrop('t', 'u')]);
    expect(claims.filter((claim) => claim !== null)).toEqual([200]);
    // Back on the other process: the drop was written already, and is over.
    expect(await b.arrive('t', 'u', 'websocket', 300)).toMatchObject({ sockets: 0, disconnectedSince: 200, dropWritten: true });
    expect(await a.claimDrop('t', 'u')).toBeNull();
    // A reload across processes: back before anyone claimed, nothing to claim.
    await b.leave('t', 'u', 400);
    expect(await a.arrive('t', 'u', 'websocket', 401)).toMatchObject({ disconnectedSince: 400, dropWritten: false });
    expect(await b.claimDrop('t', 'u')).toBeNull();
    expect(await a.get('t', 'u')).toMatchObject({ sockets: 1, disconnectedSince: null });
  });

  it('an HTTP ping is presence too, kept apart per test', async () => {
    const { a, b } = make();
    await a.arrive('t', 'u', 'http', 500);
    expect(await b.get('t', 'u')).toMatchObject({ sockets: 0, lastHttpAt: 500, via: 'http', disconnectedSince: null });
    expect(await b.get('other', 'u')).toBeUndefined();
    expect((await b.ofTest('other')).size).toBe(0);
  });
}

describe('presence in memory (one process)', () => {
  contract(() => {
    const store = createMemoryPresenceStore();
    return { a: store, b: store };
  });
});

describe.skipIf(!TEST_REDIS_URL)('presence in Redis (processes sharing it)', () => {
  let prefix = '';
  const make = (processId: string) => {
    const store = createRedisPresenceStore(TEST_REDIS_URL as string, { logger: silentLogger, prefix, processId });
    stores.push(store);
    return store;
  };
  contract(() => {
    prefix = `test-${randomUUID()}:`;
    return { a: make('A'), b: make('B') };
  });

  it('the sockets of a process started a moment ago count at once on the processes started before it', async () => {
    prefix = `test-${randomUUID()}:`;
    const older = make('F');
    await older.get('t', 'u');
    const newer = make('G');
    await newer.arrive('t', 'u', 'websocket', 100);
    expect(await older.get('t', 'u')).toMatchObject({ sockets: 1, via: 'websocket' });
    expect((await older.ofTest('t')).get('u')).toMatchObject({ sockets: 1 });
    // Its departure too: the older process sees the last socket close.
    await newer.leave('t', 'u', 200);
    expect(await older.get('t', 'u')).toMatchObject({ sockets: 0, disconnectedSince: 200 });
  });

  it("a crashed process's sockets stop counting once it has been silent too long", async () => {
    prefix = `test-${randomUUID()}:`;
    const crashed = make('C');
    await crashed.arrive('t', 'u', 'websocket', 100);
    expect(await make('D').get('t', 'u')).toMatchObject({ sockets: 1 });
    // C stops saying it is alive (its last word is older than PROCESS_ALIVE_MS), then another process starts.
    const redis = new Redis(TEST_REDIS_URL as string);
    try {
      await crashed.close();
      await redis.zadd(`${prefix}presence-processes`, Date.now() - PROCESS_ALIVE_MS - 1_000, 'C');
    } finally {
      redis.disconnect();
    }
    const survivor = make('E');
    expect(await survivor.get('t', 'u')).toMatchObject({ sockets: 0 });
    expect((await survivor.ofTest('t')).get('u')).toMatchObject({ sockets: 0 });
  });
});
