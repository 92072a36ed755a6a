import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Redis } from 'ioredis';
import type { CandidateStatus } from '@invigil/shared/api/live';
import type { Logger } from '../../platform/lib/logger';
import type { PresenceState, PresenceStore } from './live-presence';
import { connectRedis } from './redis-live-hub';

/** A process that has not said it is alive for this long has its sockets counted as gone (a crash). */
export const PROCESS_ALIVE_MS = 30_000;
const HEARTBEAT_MS = 5_000;
/** A test's presence outlives its last change by a day, then Redis forgets it. */
const PRESENCE_TTL_SECONDS = 24 * 60 * 60;

/**
 * One hash per test, fields per candidate: `uid|s|process` (that process's open sockets),
 * `uid|h` (last HTTP ping), `uid|d` (socket drop began), `uid|v` (via), `uid|st` (status and
 * clock offset, JSON), `uid|w` (the drop is on the trail). Only the sockets of this process and
 * of processes that said they were alive since ARGV[6] count, read from the processes' sorted set
 * (KEYS[2]) at each op: a process started a moment ago counts at once, on every process.
 * ARGV: uid, now, this process, ttl, op, alive-since. Each op runs whole inside Redis, so an
 * arrival and a drop's claim never interleave.
 */
const PRESENCE_SCRIPT = `
local key = KEYS[1]
local uid = ARGV[1]
local now = ARGV[2]
local own = uid .. '|s|' .. ARGV[3]
local ttl = ARGV[4]
local op = ARGV[5]
local alive = redis.call('ZRANGEBYSCORE', KEYS[2], ARGV[6], '+inf')
local seen = false
for _, p in ipairs(alive) do if p == ARGV[3] then seen = true end end
if not seen then table.insert(alive, ARGV[3]) end
local function read()
  local n = 0
  for _, p in ipairs(alive) do
    n = n + (tonumber(redis.call('HGET', key, uid .. '|s|' .. p)) or 0)
  end
  local f = redis.call('HMGET', key, uid .. '|h', uid .. '|d', uid .. '|v', uid .. '|st', uid .. '|w')
  return { n, f[1], f[2], f[3], f[4], f[5] }
end
if op == 'read' then return read() end
if op == 'claim' then
  local s = read()
  if s[1] > 0 or not s[3] or s[6] then return false end
  redis.call('HSET', key, uid .. '|w', '1')
  return s[3]
end
if op == 'leave' then
  local mine = tonumber(redis.call('HGET', key, own)) or 0
  if mine > 1 then redis.call('HINCRBY', key, own, -1) else redis.call('HDEL', key, own) end
  local after = read()
  if after[1] == 0 then
    redis.call('HSET', key, uid .. '|d', now)
    redis.call('HDEL', key, uid .. '|w')
    after = read()
  end
  redis.call('EXPIRE', key, ttl)
  return after
end
local before = read()
redis.call('HDEL', key, uid .. '|d', uid .. '|w')
if op == 'arrive-websocket' then
  redis.call('HINCRBY', key, own, 1)
  redis.call('HSET', key, uid .. '|v', 'websocket')
else
  redis.call('HSET', key, uid .. '|h', now, uid .. '|v', 'http')
end
redis.call('EXPIRE', key, ttl)
return before
`;

type Reply = [number, string | null, string | null, string | null, string | null, string | null];
type PresenceScript = (key: string, processesKey: string, ...args: (string | number)[]) => Promise<unknown>;

export interface RedisPresenceOptions {
  logger: Logger;
  prefix?: string;
  /** This process's name among those sharing the Redis (default: host, pid and a random part). */
  processId?: string;
}

function toState(reply: Reply | null): PresenceState | undefined {
  if (!Array.isArray(reply)) return undefined;
  const [sockets, h, d, v, st, w] = reply;
  if (!sockets && h === null && d === null && v === null && st === null) return undefined;
  const extra = st === null ? null : (JSON.parse(st) as { status: CandidateStatus | null; clockOffsetMs: number | null });
  return {
    sockets: Number(sockets),
    lastHttpAt: h === null ? null : Number(h),
    disconnectedSince: d === null ? null : Number(d),
    via: v === 'websocket' || v === 'http' ? v : 'none',
    status: extra?.status ?? null,
    clockOffsetMs: extra?.clockOffsetMs ?? null,
    dropWritten: w !== null,
  };
}

/**
 * Presence shared by every server process on one Redis (decision 0035). Each process says it is
 * alive every few seconds; sockets are counted per process, and those of a process silent for
 * PROCESS_ALIVE_MS (crashed) stop counting. Redis errors are logged and read as "no presence":
 * presence is shown, not relied on.
 */
export function createRedisPresenceStore(source: string | Redis, { logger, prefix = 'invigil:', processId = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}` }: RedisPresenceOptions): PresenceStore {
  const redis = typeof source === 'string' ? connectRedis(source, logger, 'presence') : source;
  redis.defineCommand('invigilPresence', { numberOfKeys: 2, lua: PRESENCE_SCRIPT });
  const script = (redis as unknown as { invigilPresence: PresenceScript }).invigilPresence.bind(redis);
  const procsKey = `${prefix}presence-processes`;
  const hashOf = (testId: string) => `${prefix}presence:${testId}`;

  async function heartbeat(): Promise<void> {
    const now = Date.now();
    try {
      await redis.zadd(procsKey, now, processId);
      await redis.zremrangebyscore(procsKey, 0, now - PRESENCE_TTL_SECONDS * 1000);
    } catch (error) {
      logger.warn('Presence: could not say this process is alive:', error);
    }
  }
  const started = heartbeat();
  const timer = setInterval(() => void heartbeat(), HEARTBEAT_MS);
  timer.unref();

  let closed = false;
  async function run(testId: string, userId: string, op: string, now: number): Promise<unknown> {
    await started;
    // Shutting down: the sockets' last departures are not recorded (the process's entry goes with it).
    if (closed) return null;
    return script(hashOf(testId), procsKey, userId, now, processId, PRESENCE_TTL_SECONDS, op, Date.now() - PROCESS_ALIVE_MS);
  }
  const failed = (what: string) => (error: unknown) => {
    logger.warn(`Presence: could not ${what}:`, error);
    return undefined;
  };

  return {
    async get(testId, userId) {
      return toState((await run(testId, userId, 'read', 0).catch(failed('read a candidate'))) as Reply | null);
    },

    async ofTest(testId) {
      await started;
      const found = new Map<string, PresenceState>();
      const [fields, alive] = await Promise.all([
        redis.hgetall(hashOf(testId)).catch(failed('read a test')),
        redis.zrangebyscore(procsKey, Date.now() - PROCESS_ALIVE_MS, '+inf').catch(failed('read the live processes')),
      ]);
      if (!fields) return found;
      const live = new Set([...(alive ?? []), processId]);
      const rows = new Map<string, Reply>();
      for (const [field, value] of Object.entries(fields)) {
        const [uid, kind, proc] = field.split('|');
        if (uid === undefined || kind === undefined) continue;
        const row = rows.get(uid) ?? [0, null, null, null, null, null];
        rows.set(uid, row);
        if (kind === 's') row[0] += proc !== undefined && live.has(proc) ? Number(value) || 0 : 0;
        else if (kind === 'h') row[1] = value;
        else if (kind === 'd') row[2] = value;
        else if (kind === 'v') row[3] = value;
        else if (kind === 'st') row[4] = value;
        else if (kind === 'w') row[5] = value;
      }
      for (const [uid, row] of rows) {
        const state = toState(row);
        if (state) found.set(uid, state);
      }
      return found;
    },

    async arrive(testId, userId, via, now) {
      return toState((await run(testId, userId, `arrive-${via}`, now).catch(failed('record an arrival'))) as Reply | null);
    },

    async leave(testId, userId, now) {
      const after = toState((await run(testId, userId, 'leave', now).catch(failed('record a departure'))) as Reply | null);
      return after ?? { sockets: 0, lastHttpAt: null, disconnectedSince: now, via: 'none', status: null, clockOffsetMs: null, dropWritten: false };
    },

    async setStatus(testId, userId, status, clockOffsetMs) {
      await started;
      if (closed) return;
      const key = hashOf(testId);
      await redis
        .multi()
        .hset(key, `${userId}|st`, JSON.stringify({ status, clockOffsetMs }))
        .expire(key, PRESENCE_TTL_SECONDS)
        .exec()
        .catch(failed('record a status'));
    },

    async claimDrop(testId, userId) {
      const since = await run(testId, userId, 'claim', 0).catch(failed('claim a drop for the trail'));
      return typeof since === 'string' || typeof since === 'number' ? Number(since) : null;
    },

    async close() {
      closed = true;
      clearInterval(timer);
      await started;
      await redis.zrem(procsKey, processId).catch(failed('say this process is leaving'));
      if (typeof source === 'string') await redis.quit().catch(() => undefined);
    },
  };
}
