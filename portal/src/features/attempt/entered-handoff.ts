import type { TestInReply } from '@invigil/shared/api/tests';

/**
 * Start's reply carries the attempt (POST /test/start with `enter`, decision 0044), so the test
 * page need not ask GET /test/in again right after: one request fewer per student at an exam's
 * opening minute. Handed over in memory, once, for the same test, while fresh; a reload, another
 * tab or a late page asks the server as before.
 */

/** Start waits START_REDIRECT_MS before the test page; anything much older is asked for again. */
const FRESH_MS = 15_000;

let handed: { testId: string; at: number; reply: TestInReply } | null = null;

export function handOverEntered(testId: string, reply: TestInReply, now = performance.now()): void {
  handed = { testId, at: now, reply };
}

/**
 * The handed-over attempt of `testId`, once, with its clock moved on by the time it waited (the
 * server's time and the seconds left, so the countdown is not generous by the wait).
 */
export function takeEntered(testId: string, now = performance.now()): TestInReply | null {
  const found = handed;
  handed = null;
  if (!found || found.testId !== testId) return null;
  const waited = now - found.at;
  if (waited < 0 || waited > FRESH_MS) return null;
  const { userData } = found.reply;
  return {
    ...found.reply,
    userData: { ...userData, server_time: userData.server_time + Math.round(waited), timeLeft: Math.max(0, userData.timeLeft - Math.floor(waited / 1000)) },
  };
}
