import type { QuestionUpdate, SyncReply } from '@invigil/shared/api/attempt-sync';
import type { SavedQuestionState, TestInReply, TestPaper } from '@invigil/shared/api/tests';
import { attemptKey } from './answer-journal';

/**
 * A running attempt kept on the device so that a reload offline shows the test and the student goes
 * on answering (decision 0068). Kept: the attempt's last reply (its answers as the server
 * acknowledged them since, the deadline, the paper's address and the sealed copy's key) and the
 * server's clock offset; the paper stays where the page already keeps it (the sealed copy, or the
 * plain paper by its ETag, in the paper cache); the journal holds what is not yet sent; the
 * service worker keeps the test page's code (sw.js). All of it only while the attempt runs: its
 * submission, termination or end, or another student signing in on this device, drops it.
 * Here: what is kept and the pure rules; the storing and dropping (kept-attempt-store.ts) load in
 * the background, after the first question, so the test page's opening carries none of it.
 */
export interface KeptAttempt {
  /** attemptKey(userId, testId). */
  attempt: string;
  userId: string;
  testId: string;
  /** The attempt as the server last described it, with every answer it acknowledged since. */
  reply: TestInReply;
  /** The server's clock minus the device's (ms), measured at that reply. */
  offsetMs: number;
}

/** What is kept of an attempt from the server's reply, received at `deviceNow` (Date.now()). */
export function keepFrom(userId: string, testId: string, reply: TestInReply, deviceNow: number): KeptAttempt {
  return { attempt: attemptKey(userId, testId), userId, testId, reply, offsetMs: reply.userData.server_time - deviceNow };
}

/**
 * The reply a reload offline starts from: the server's time now, from the device's clock and the
 * last known offset, so the countdown goes on from the same deadline (a reload never extends it;
 * a deadline passed while offline gives 0 and the page submits on the device, as it does offline).
 */
export function replyOffline(kept: KeptAttempt, deviceNow: number): TestInReply {
  const { userData } = kept.reply;
  const serverNow = deviceNow + kept.offsetMs;
  return { ...kept.reply, userData: { ...userData, server_time: serverNow, timeLeft: Math.max(0, Math.floor((userData.deadline - serverNow) / 1000)) } };
}

/**
 * After a sync: the answers the server acknowledged join the kept answers (the journal drops them),
 * and a deadline the server moved (a proctor's extension) moves the kept one.
 */
export function afterSync(kept: KeptAttempt, sent: readonly QuestionUpdate[], reply: Pick<SyncReply, 'acked_rev' | 'time_left'>, deviceNow: number): KeptAttempt {
  const { userData } = kept.reply;
  const states = new Map(userData.test_data.map((state) => [state.qn, state] as const));
  for (const update of sent) {
    if (update.rev > reply.acked_rev) continue;
    const held = states.get(update.qn);
    if (held && held.rev >= update.rev) continue;
    const base: SavedQuestionState = held ?? { qn: update.qn, ua: null, ats: null, mts: null, vts: null, s: 0, iu: [], vu: [], au: [], r: null, rev: 0, late: false };
    states.set(update.qn, { ...base, ua: update.ua, ats: update.ats, mts: update.mts, vts: update.vts, s: update.s, rev: update.rev });
  }
  const serverNow = deviceNow + kept.offsetMs;
  const deadline = Math.abs((userData.deadline - serverNow) / 1000 - reply.time_left) > 1 ? serverNow + reply.time_left * 1000 + 500 : userData.deadline;
  const test_data = [...states.values()].sort((a, b) => a.qn - b.qn);
  return { ...kept, reply: { ...kept.reply, userData: { ...userData, test_data, acked_rev: Math.max(userData.acked_rev, reply.acked_rev), deadline } } };
}

const store = () => import('./kept-attempt-store');

/**
 * The attempt's keeper for the loader: its record follows every sync in memory; `keep()` (called
 * in the background once the first question is usable) stores it, makes sure the paper is held,
 * and asks the service worker for the page's code; from then on each sync is written through.
 */
export class AttemptKeeper {
  private stored = false;
  private dropped = false;

  constructor(
    private kept: KeptAttempt,
    /** Loaded from the kept record (offline): already on the device, nothing to fetch. */
    readonly fromKept: boolean,
  ) {}

  synced(sent: readonly QuestionUpdate[], reply: Pick<SyncReply, 'acked_rev' | 'time_left'>): void {
    if (this.dropped) return;
    this.kept = afterSync(this.kept, sent, reply, Date.now());
    if (this.stored) void store().then((kept) => kept.putKept(this.kept)).catch(() => undefined);
  }

  async keep(paper: TestPaper, page: string): Promise<void> {
    if (this.dropped) return;
    const kept = await store();
    if (this.dropped) return;
    this.stored = true;
    await kept.keepAttempt(this.kept, paper, !this.fromKept);
    if (this.dropped) return void (await kept.dropKeptAttempt(this.kept.attempt));
    kept.keepTestPage(page);
  }

  /** The attempt is over (submitted, terminated, ended): nothing of it stays. */
  async drop(): Promise<void> {
    this.dropped = true;
    this.stored = false;
    await (await store()).dropKeptAttempt(this.kept.attempt);
  }
}
