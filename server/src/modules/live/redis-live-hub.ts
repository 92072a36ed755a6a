import { Redis } from 'ioredis';
import type { Logger } from '../../platform/lib/logger';
import { createBulkDelivery } from './live-bulk-delivery';
import type { LiveHub } from './live-hub';

/** The channel of publishMany's batches (no socket's channel has this name). */
const BATCH_CHANNEL = '__batch';
/** Entries per batch message: a few hundred KB, far below Redis's output buffer limits for a subscriber. */
const BATCH_ENTRIES = 1_000;

/** The few calls of a Redis connection the hub makes (ioredis's Redis has them; unit tests fake them). */
export interface RedisPublisher {
  publish(channel: string, message: string): Promise<unknown>;
  quit(): Promise<unknown>;
  on(event: 'error', listener: (error: Error) => void): unknown;
}
export interface RedisSubscriber {
  subscribe(channel: string): Promise<unknown>;
  unsubscribe(channel: string): Promise<unknown>;
  quit(): Promise<unknown>;
  on(event: 'message', listener: (channel: string, message: string) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

export interface RedisHubOptions {
  logger: Logger;
  /** Prepended to every channel name, so deployments (and test runs) sharing one Redis stay apart. */
  prefix?: string;
  /** How long `ready()` waits for Redis to confirm subscriptions before going on anyway (Redis down). */
  readyTimeoutMs?: number;
}

/** A Redis connection that retries for ever (ioredis reconnects) and logs its errors at most every few seconds. */
export function connectRedis(url: string, logger: Logger, role: string, { subscriber = false } = {}): Redis {
  // Commands sent in the same tick go in one write (presence, publishes); a subscriber's do not need it.
  const redis = new Redis(url, { maxRetriesPerRequest: 3, enableAutoPipelining: !subscriber });
  let lastLoggedAt = 0;
  redis.on('error', (error: Error) => {
    const now = Date.now();
    if (now - lastLoggedAt < 10_000) return;
    lastLoggedAt = now;
    logger.warn(`Redis (${role}): ${error.message}`);
  });
  return redis;
}

/**
 * The live channel over Redis pub/sub (decision 0035): one connection publishes, one listens.
 * A process subscribes to a channel once, while at least one of its sockets listens to it
 * (counted per channel), and hands each message to its own listeners; a message published here
 * comes back through Redis like any other, so every listener hears it once, wherever it was
 * sent. Redis errors are logged, never thrown at a request: the database stays the truth, and a
 * page that missed a push gets it on its next status or reconnection. A batch's entries are handed
 * to the sockets a chunk per turn of the event loop (live-bulk-delivery.ts): a command that comes
 * from Redis right behind a chat to all is handed over at once, not after 10,000 socket sends.
 */
export function createRedisHub(source: string | { publisher: RedisPublisher; subscriber: RedisSubscriber }, { logger, prefix = 'invigil:', readyTimeoutMs = 2_000 }: RedisHubOptions): LiveHub {
  const { publisher, subscriber } =
    typeof source === 'string' ? { publisher: connectRedis(source, logger, 'live publisher'), subscriber: connectRedis(source, logger, 'live subscriber', { subscriber: true }) } : source;
  const listeners = new Map<string, Set<(message: unknown) => void>>();
  // Shutting down: the sockets' last goodbyes have nowhere to go, and that is not worth a warning.
  let closed = false;

  const deliver = (channel: string, message: unknown) => {
    const set = listeners.get(channel);
    if (!set) return;
    for (const listener of [...set]) {
      try {
        listener(message);
      } catch (error) {
        logger.warn(`Live channel: a listener of ${channel} failed:`, error);
      }
    }
  };
  const bulk = createBulkDelivery(deliver, { onError: (error) => logger.warn('Live channel: a listener failed:', error) });
  // Replies on one connection come in order: once the latest SUBSCRIBE is confirmed, so is every earlier one.
  // Every process hears the batches (publishMany) and hands each entry to its own listeners of that channel.
  const batchChannel = `${prefix}${BATCH_CHANNEL}`;
  let lastSubscribe: Promise<unknown> = subscriber.subscribe(batchChannel).catch((error: unknown) => logger.warn('Live channel: could not subscribe to batches:', error));

  subscriber.on('message', (redisChannel: string, text: string) => {
    if (!redisChannel.startsWith(prefix)) return;
    const channel = redisChannel.slice(prefix.length);
    if (channel !== BATCH_CHANNEL && !listeners.has(channel)) return;
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      logger.warn(`Live channel: a message on ${redisChannel} is not JSON; dropped.`);
      return;
    }
    if (channel !== BATCH_CHANNEL) {
      bulk.flushBefore(channel, message);
      return deliver(channel, message);
    }
    if (!Array.isArray(message)) return;
    const entries: [string, unknown][] = [];
    for (const entry of message as unknown[]) {
      if (Array.isArray(entry) && typeof entry[0] === 'string' && listeners.has(entry[0])) entries.push([entry[0], entry[1]]);
    }
    bulk.enqueue(entries);
  });

  const logged = (what: string) => (error: unknown) => {
    // Publishes still in flight when the connection is closed on shutdown: nothing to report.
    if (!closed) logger.warn(`Live channel: could not ${what}:`, error);
  };

  return {
    publish(channel, message) {
      if (closed) return;
      let text: string;
      try {
        text = JSON.stringify(message);
      } catch (error) {
        return logged(`encode a message for ${channel}`)(error);
      }
      publisher.publish(prefix + channel, text).catch(logged(`publish on ${channel}`));
    },

    publishMany(entries) {
      if (closed || entries.length === 0) return;
      for (let from = 0; from < entries.length; from += BATCH_ENTRIES) {
        let text: string;
        try {
          text = JSON.stringify(entries.slice(from, from + BATCH_ENTRIES));
        } catch (error) {
          return logged('encode a batch')(error);
        }
        publisher.publish(batchChannel, text).catch(logged('publish a batch'));
      }
    },

    subscribe(channel, listener) {
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        lastSubscribe = subscriber.subscribe(prefix + channel).catch(logged(`subscribe to ${channel}`));
      }
      set.add(listener);
      let subscribed = true;
      return () => {
        if (!subscribed) return;
        subscribed = false;
        set.delete(listener);
        // The last local listener gone: this process stops hearing the channel. Commands on one
        // connection run in order, so a SUBSCRIBE right after this UNSUBSCRIBE still holds.
        if (set.size === 0 && listeners.get(channel) === set) {
          listeners.delete(channel);
          if (closed) return;
          subscriber.unsubscribe(prefix + channel).catch(logged(`unsubscribe from ${channel}`));
        }
      };
    },

    async ready() {
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([lastSubscribe, new Promise((resolve) => (timer = setTimeout(resolve, readyTimeoutMs)))]);
      clearTimeout(timer);
    },

    async close() {
      closed = true;
      listeners.clear();
      bulk.clear();
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}
