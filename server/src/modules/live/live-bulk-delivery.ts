/** Entries handed to listeners per turn of the event loop: about 10 ms of socket sends, then other work (a command) goes. */
export const BULK_CHUNK = 200;

interface QueuedEntry {
  channel: string;
  message: unknown;
  key: string;
}

/**
 * The order that must hold on a channel: two messages of one type (two chats, two commands, two
 * candidate updates) keep theirs; messages of different types are independent (the page files a
 * chat and a command apart, each merged by id), so a command may pass a chat still queued.
 */
function orderKey(channel: string, message: unknown): string {
  const type = typeof message === 'object' && message !== null ? (message as { type?: unknown }).type : undefined;
  return `${channel}\u0000${typeof type === 'string' ? type : ''}`;
}

export interface BulkDelivery {
  /** Queues entries (those of channels with a listener here); they are handed over a chunk per turn of the event loop. */
  enqueue(entries: Iterable<readonly [channel: string, message: unknown]>): void;
  /**
   * Call before handing over a single message: the queued entries of its channel and type are
   * handed over first (a few, not the whole fan-out), so it never overtakes one of its kind.
   */
  flushBefore(channel: string, message: unknown): void;
  /** Resolves once nothing is queued. */
  idle(): Promise<void>;
  /** Drops what is queued (closing). */
  clear(): void;
}

/**
 * A chat to all is thousands of entries (decision 0035): handed to the sockets all at once, it
 * holds the event loop for most of a second, and a command that arrives meanwhile (from Redis or
 * from the console) waits for the whole fan-out. Here the entries go a chunk per turn, with
 * I/O between chunks, while single messages are handed over at once by the hub.
 */
export function createBulkDelivery(deliver: (channel: string, message: unknown) => void, { chunk = BULK_CHUNK, onError }: { chunk?: number; onError: (error: unknown) => void }): BulkDelivery {
  let queue: (QueuedEntry | undefined)[] = [];
  let head = 0;
  /** Queued entries per order key, so a single message looks through the queue only when one of its kind waits there. */
  const waiting = new Map<string, number>();
  let scheduled = false;
  let idleWaiters: (() => void)[] = [];

  const handOver = (entry: QueuedEntry) => {
    const left = (waiting.get(entry.key) ?? 1) - 1;
    if (left === 0) waiting.delete(entry.key);
    else waiting.set(entry.key, left);
    try {
      deliver(entry.channel, entry.message);
    } catch (error) {
      onError(error);
    }
  };

  const settle = () => {
    queue = [];
    head = 0;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  };

  const drain = () => {
    scheduled = false;
    let handed = 0;
    while (head < queue.length && handed < chunk) {
      const entry = queue[head];
      queue[head] = undefined;
      head += 1;
      if (!entry) continue; // handed over early by flushBefore
      handed += 1;
      handOver(entry);
    }
    if (head >= queue.length) return settle();
    // What was handed over is not kept: the queue of a long fan-out does not grow for ever.
    if (head > 10_000 && head * 2 > queue.length) {
      queue = queue.slice(head);
      head = 0;
    }
    schedule();
  };

  function schedule() {
    if (scheduled) return;
    scheduled = true;
    setImmediate(drain);
  }

  return {
    enqueue(entries) {
      for (const [channel, message] of entries) {
        const key = orderKey(channel, message);
        waiting.set(key, (waiting.get(key) ?? 0) + 1);
        queue.push({ channel, message, key });
      }
      if (head < queue.length) schedule();
    },

    flushBefore(channel, message) {
      const key = orderKey(channel, message);
      if (!waiting.has(key)) return;
      for (let index = head; index < queue.length && waiting.has(key); index += 1) {
        const entry = queue[index];
        if (entry?.key !== key) continue;
        queue[index] = undefined;
        handOver(entry);
      }
    },

    idle() {
      if (head >= queue.length) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },

    clear() {
      waiting.clear();
      settle();
    },
  };
}
