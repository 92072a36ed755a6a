/**
 * Where the live channel's messages meet: one channel per student's thread of a test and one per
 * test for its proctors. In-process now; a Redis pub/sub hub can implement the same two calls so
 * several server processes share the channel.
 */
export interface LiveHub {
  publish(channel: string, message: unknown): void;
  /** Returns the unsubscribe. */
  subscribe(channel: string, listener: (message: unknown) => void): () => void;
}

export const studentChannel = (testId: string, userId: string): string => `student:${testId}:${userId}`;
export const proctorChannel = (testId: string): string => `proctors:${testId}`;

export function createInProcessHub(): LiveHub {
  const listeners = new Map<string, Set<(message: unknown) => void>>();
  return {
    publish(channel, message) {
      for (const listener of listeners.get(channel) ?? []) listener(message);
    },
    subscribe(channel, listener) {
      const set = listeners.get(channel) ?? new Set();
      set.add(listener);
      listeners.set(channel, set);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(channel);
      };
    },
  };
}
