import type { CandidateStatus } from '@invigil/shared/api/live';

export type PresenceVia = 'websocket' | 'http';

/** How a candidate's page reaches the server, as every server process sees it. */
export interface PresenceState {
  /** Open sockets, on every server process together. */
  sockets: number;
  lastHttpAt: number | null;
  /** When the last socket closed (null while one is open, or never opened). */
  disconnectedSince: number | null;
  via: PresenceVia | 'none';
  status: CandidateStatus | null;
  clockOffsetMs: number | null;
  /** The current socket drop is on the trail already. */
  dropWritten: boolean;
}

/**
 * Where presence is kept; the rules (online, the drop's grace, what goes on the trail) stay in
 * live-service.ts. In memory for one process; in Redis when several share the channel
 * (redis-presence-store.ts, decision 0035). Each call is one step as every process sees it: an
 * arrival and a drop's claim never interleave, so a drop goes on the trail once.
 */
export interface PresenceStore {
  get(testId: string, userId: string): Promise<PresenceState | undefined>;
  /** Every candidate of the test with presence, by user id (the console's snapshot). */
  ofTest(testId: string): Promise<Map<string, PresenceState>>;
  /**
   * The page is here: a socket opened on this process, or an HTTP ping. Ends the drop (if any)
   * and returns how it was before, for the trail.
   */
  arrive(testId: string, userId: string, via: PresenceVia, now: number): Promise<PresenceState | undefined>;
  /** A socket of this process closed; returns the state after (a drop begins when no socket is left anywhere). */
  leave(testId: string, userId: string, now: number): Promise<PresenceState>;
  setStatus(testId: string, userId: string, status: CandidateStatus, clockOffsetMs: number): Promise<void>;
  /**
   * The drop under way, if no socket came back anywhere and it is not on the trail yet, is
   * claimed for the trail: returns when it began. Returns null to every other caller.
   */
  claimDrop(testId: string, userId: string): Promise<number | null>;
  close(): Promise<void>;
}

const fresh = (): PresenceState => ({ sockets: 0, lastHttpAt: null, disconnectedSince: null, via: 'none', status: null, clockOffsetMs: null, dropWritten: false });

/** One process's presence, in a Map (each call's change is made before it returns its promise). */
export function createMemoryPresenceStore(): PresenceStore {
  const presence = new Map<string, PresenceState>();
  const keyOf = (testId: string, userId: string) => `${testId}\u0000${userId}`;
  const stateOf = (testId: string, userId: string): PresenceState => {
    const key = keyOf(testId, userId);
    let found = presence.get(key);
    if (!found) {
      found = fresh();
      presence.set(key, found);
    }
    return found;
  };
  return {
    get(testId, userId) {
      const found = presence.get(keyOf(testId, userId));
      return Promise.resolve(found && { ...found });
    },
    ofTest(testId) {
      const prefix = `${testId}\u0000`;
      const found = new Map<string, PresenceState>();
      for (const [key, state] of presence) if (key.startsWith(prefix)) found.set(key.slice(prefix.length), { ...state });
      return Promise.resolve(found);
    },
    arrive(testId, userId, via, now) {
      const before = presence.get(keyOf(testId, userId));
      const copy = before && { ...before };
      const p = stateOf(testId, userId);
      p.disconnectedSince = null;
      p.dropWritten = false;
      if (via === 'websocket') p.sockets += 1;
      else p.lastHttpAt = now;
      p.via = via;
      return Promise.resolve(copy);
    },
    leave(testId, userId, now) {
      const p = stateOf(testId, userId);
      p.sockets = Math.max(0, p.sockets - 1);
      if (p.sockets === 0) {
        p.disconnectedSince = now;
        p.dropWritten = false;
      }
      return Promise.resolve({ ...p });
    },
    setStatus(testId, userId, status, clockOffsetMs) {
      const p = stateOf(testId, userId);
      p.status = status;
      p.clockOffsetMs = clockOffsetMs;
      return Promise.resolve();
    },
    claimDrop(testId, userId) {
      const p = presence.get(keyOf(testId, userId));
      if (!p || p.sockets > 0 || p.disconnectedSince === null || p.dropWritten) return Promise.resolve(null);
      p.dropWritten = true;
      return Promise.resolve(p.disconnectedSince);
    },
    close: () => Promise.resolve(),
  };
}
