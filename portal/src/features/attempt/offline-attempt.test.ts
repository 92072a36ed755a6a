import type { QuestionUpdate } from '@invigil/shared/api/attempt-sync';
import type { SavedQuestionState, TestInReply } from '@invigil/shared/api/tests';
import { describe, expect, it } from 'vitest';
import { anchorFromServer, secondsLeft } from './exam-timer';
import { keptOfOthers, paperEntries } from './kept-attempt-store';
import { afterSync, keepFrom, replyOffline } from './offline-attempt';
import { mergeStates } from './attempt-state-merge';

const saved = (qn: number, ua: string | null, rev: number): SavedQuestionState => ({ qn, ua, ats: 1, mts: null, vts: 1, s: 1, iu: [], vu: [], au: [], r: null, rev, late: false });
const update = (qn: number, rev: number, ua: string): QuestionUpdate => ({ qn, rev, ua, ats: 2, mts: null, vts: 2, s: 1, at: 2 });

// The server's clock runs 7 s ahead of the device's; the test ends 10 minutes after the reply.
const SERVER_AHEAD = 7_000;
const DEVICE_AT_REPLY = 1_000_000;
const reply = {
  userData: { server_time: DEVICE_AT_REPLY + SERVER_AHEAD, deadline: DEVICE_AT_REPLY + SERVER_AHEAD + 600_000, timeLeft: 600, test_data: [saved(1, 'A', 1)], acked_rev: 1, last_qn: 1 },
  paper: { version: 2, url: '/test/paper/t1/2', sealed_url: '/test/sealed-paper/t1/2', key: 'k'.repeat(43) },
} as unknown as TestInReply;

describe('a reload offline', () => {
  const kept = keepFrom('u1', 't1', reply, DEVICE_AT_REPLY);

  it('keeps the server clock offset measured at the reply', () => {
    expect(kept).toMatchObject({ attempt: 'u1:t1', userId: 'u1', testId: 't1', offsetMs: SERVER_AHEAD });
  });

  it('counts down from the same deadline: 4 minutes later the clock shows 6 minutes left, never 10', () => {
    const later = replyOffline(kept, DEVICE_AT_REPLY + 240_000);
    expect(later.userData.timeLeft).toBe(360);
    expect(secondsLeft(anchorFromServer(later.userData.deadline, later.userData.server_time, 0), 0)).toBe(360);
  });

  it('gives no time at all once the end passed while offline (the page then submits on the device)', () => {
    const after = replyOffline(kept, DEVICE_AT_REPLY + 700_000);
    expect(after.userData.timeLeft).toBe(0);
    expect(secondsLeft(anchorFromServer(after.userData.deadline, after.userData.server_time, 0), 0)).toBe(0);
  });
});

describe('what is kept after a sync', () => {
  const kept = keepFrom('u1', 't1', reply, DEVICE_AT_REPLY);

  it('holds every answer the server acknowledged (the journal forgets them), and not one it did not', () => {
    const next = afterSync(kept, [update(1, 2, 'B'), update(2, 3, 'C'), update(3, 4, 'D')], { acked_rev: 3, time_left: 590 }, DEVICE_AT_REPLY + 10_000);
    expect(next.reply.userData.test_data.map((state) => [state.qn, state.ua, state.rev])).toEqual([
      [1, 'B', 2],
      [2, 'C', 3],
    ]);
    expect(next.reply.userData.acked_rev).toBe(3);
    // A reload offline then shows them with the journal's unsent change on top.
    const merged = mergeStates([1, 2, 3], next.reply.userData.test_data, [update(3, 4, 'D')], next.reply.userData.acked_rev);
    expect([1, 2, 3].map((qn) => merged.get(qn)?.ua)).toEqual(['B', 'C', 'D']);
  });

  it('follows a deadline the proctor moved, and not a second of rounding', () => {
    const same = afterSync(kept, [], { acked_rev: 1, time_left: 589 }, DEVICE_AT_REPLY + 10_000);
    expect(same.reply.userData.deadline).toBe(reply.userData.deadline);
    const extended = afterSync(kept, [], { acked_rev: 1, time_left: 590 + 420 }, DEVICE_AT_REPLY + 10_000);
    expect(replyOffline(extended, DEVICE_AT_REPLY + 10_000).userData.timeLeft).toBe(1010);
  });
});

describe('what is dropped', () => {
  it('the paper and its sealed copy', () => {
    expect(paperEntries(reply)).toEqual(['/api/test/paper/t1/2', '/api/test/sealed-paper/t1/2']);
  });

  it("another student's kept attempts, never the signed-in student's", () => {
    expect(keptOfOthers([{ attempt: 'u1:t1', userId: 'u1' }, { attempt: 'u2:t1', userId: 'u2' }], 'u2')).toEqual(['u1:t1']);
  });
});
