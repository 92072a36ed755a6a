import { signal } from '@preact/signals-react';
import { describe, expect, it } from 'vitest';
import type { AttemptSessionOptions } from '../attempt/attempt-session';
import { AttemptSession } from '../attempt/attempt-session';

/** A session with only what the clock needs: the proctor's EXTEND_TEST, PAUSE and RESUME act on it. */
function sessionAt(secondsLeft: number) {
  let now = 0;
  const options = {
    testId: 't1',
    model: { questions: [], partRanges: [], indexOfQn: new Map() },
    store: { current: signal(0) },
    engine: { state: signal({ status: 'saved', unsent: 0 }) },
    anchor: { remainingMs: secondsLeft * 1000, perfAt: 0 },
    flags: { pingInterval: 20, autosaveInterval: 300 },
    schedule: null,
    ping: () => Promise.reject(new Error('unused')),
    notify: () => undefined,
    onFinished: () => undefined,
    perfNow: () => now,
  } as unknown as AttemptSessionOptions;
  const session = new AttemptSession(options);
  return { session, advance: (ms: number) => (now += ms) };
}

describe('the attempt clock under the proctor', () => {
  it("follows the server's time left after an extension", () => {
    const { session } = sessionAt(600);
    session.onServerDeadline(900, false);
    expect(session.timeLeft.value).toBe(900);
  });

  it('stands still while paused, ignores sync replies then, and runs again on resume', () => {
    const { session, advance } = sessionAt(600);
    session.onServerDeadline(590, true);
    expect(session.paused.value).toBe(true);
    advance(30_000);
    session.onSyncReply({ time_left: 560 });
    expect(session.timeLeft.value).toBe(590);
    session.onServerDeadline(590, false);
    expect(session.paused.value).toBe(false);
    expect(session.timeLeft.value).toBe(590);
  });

  it('resumes from the time it showed when the RESUME command comes before the server says so', () => {
    const { session, advance } = sessionAt(300);
    session.pause();
    advance(10_000);
    session.resume();
    expect(session.timeLeft.value).toBe(300);
  });
});
