import type { Logger } from '../../platform/lib/logger';
import { consoleLogger } from '../../platform/lib/logger';
import { createBulkDelivery } from './live-bulk-delivery';

/**
 * Where the live channel's messages meet: one channel per student's thread of a test and one per
 * test for its proctors. In-process by default; with REDIS_URL the Redis hub (redis-live-hub.ts)
 * implements the same calls so several server processes share the channel (decision 0035).
 */
export interface LiveHub {
  publish(channel: string, message: unknown): void;
  /** Many messages at once (a chat to all): across processes, a few Redis messages instead of one per channel. */
  publishMany(entries: readonly (readonly [channel: string, message: unknown])[]): void;
  /** Returns the unsubscribe. */
  subscribe(channel: string, listener: (message: unknown) => void): () => void;
  /**
   * Resolves once the subscriptions asked for so far hear what is published anywhere (at once
   * in-process; after Redis confirms them otherwise), so a welcome read after it misses nothing.
   */
  ready(): Promise<void>;
  /** Lets go of connections (the Redis hub); nothing in-process. */
  close(): Promise<void>;
}

export const studentChannel = (testId: string, userId: string): string => `student:${testId}:${userId}`;
export const proctorChannel = (testId: string): string => `proctors:${testId}`;

/**
 * One process's channel. A single publish reaches its listeners at once; publishMany's entries
 * (a chat to all) go a chunk per turn of the event loop (live-bulk-delivery.ts), so a command
 * published meanwhile does not wait for thousands of socket sends.
 */
export function createInProcessHub({ logger = consoleLogger }: { logger?: Logger } = {}): LiveHub {
  const listeners = new Map<string, Set<(message: unknown) => void>>();
  const deliver = (channel: string, message: unknown) => {
    for (const listener of listeners.get(channel) ?? []) listener(message);
  };
  const bulk = createBulkDelivery(deliver, { onError: (error) => logger.warn('Live channel: a listener failed:', error) });
  return {
    publish(channel, message) {
      bulk.flushBefore(channel, message);
      deliver(channel, message);
    },
    publishMany(entries) {
      // A channel nobody here listens to is not queued (as Redis does not send it to a process that has not subscribed).
      bulk.enqueue(entries.filter(([channel]) => listeners.has(channel)));
    },
    subscribe(channel, listener) {
      const set = listeners.get(channel) ?? new Set();
      set.add(listener);
      listeners.set(channel, set);
      return () => {
        set.delete(listener);
        if (set.size === 0 && listeners.get(channel) === set) listeners.delete(channel);
      };
    },
    ready: () => Promise.resolve(),
    close: () => {
      bulk.clear();
      return Promise.resolve();
    },
  };
}
