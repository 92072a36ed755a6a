import { storage } from '../../lib/storage';

/** How many applied ids are kept per attempt: far more than a proctor sends in one test. */
const KEEP = 200;

export interface KeyValueStore {
  get(key: string): string | null;
  set(key: string, value: string): void;
}

/**
 * The ids of the proctor's commands this attempt has acted on, kept on the device: the server
 * delivers a command at least once (again after a reconnect, a reload or a lost ack), and the page
 * must act on it once (a RELOAD applied twice would reload for ever, an EXTEND_TEST shown twice
 * would say the time grew twice).
 */
export class AppliedCommands {
  private readonly key: string;
  private ids: string[];

  constructor(uid: string, tid: string, private readonly store: KeyValueStore = storage) {
    this.key = `invigil-live-applied:${uid}:${tid}`;
    this.ids = AppliedCommands.read(store.get(this.key));
  }

  private static read(raw: string | null): string[] {
    try {
      const value: unknown = JSON.parse(raw ?? '[]');
      return Array.isArray(value) ? value.filter((each): each is string => typeof each === 'string').slice(-KEEP) : [];
    } catch {
      return [];
    }
  }

  has(id: string): boolean {
    return this.ids.includes(id);
  }

  /** Recorded before the effect can end the page (RELOAD, PROCTOR_TERMINATE). */
  add(id: string): void {
    if (this.has(id)) return;
    // Another tab of the same attempt may have added ids meanwhile: merge, never overwrite.
    const merged = [...new Set([...AppliedCommands.read(this.store.get(this.key)), ...this.ids, id])].slice(-KEEP);
    this.ids = merged;
    this.store.set(this.key, JSON.stringify(merged));
  }
}
