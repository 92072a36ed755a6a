import type { TestInReply } from '@invigil/shared/api/tests';
import { describe, expect, it } from 'vitest';
import { handOverEntered, takeEntered } from './entered-handoff';

const reply = { userData: { timeLeft: 600, server_time: 1_000_000 }, paper: { version: 1, url: '/api/test/paper/t/1' } } as unknown as TestInReply;

describe("Start's attempt handed to the test page", () => {
  it('is taken once, for the same test, with its clock moved on by the wait', () => {
    handOverEntered('t', reply, 100);
    const taken = takeEntered('t', 2_600);
    expect(taken?.userData).toMatchObject({ timeLeft: 598, server_time: 1_002_500 });
    expect(taken?.paper).toEqual(reply.paper);
    expect(takeEntered('t', 2_700)).toBeNull();
  });

  it('is not used for another test, or once stale', () => {
    handOverEntered('t', reply, 0);
    expect(takeEntered('other', 10)).toBeNull();
    expect(takeEntered('t', 20)).toBeNull();
    handOverEntered('t', reply, 0);
    expect(takeEntered('t', 15_001)).toBeNull();
  });
});
