import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_HEADER } from '@invigil/shared/api/http';
import { submitReplySchema, syncReplySchema } from '@invigil/shared/api/attempt-sync';
import type { QuestionUpdate } from '@invigil/shared/api/attempt-sync';
import { testOutReplySchema } from '@invigil/shared/api/tests';
import { DEMO_TEST_IDS } from '../../seed/demo-tests';
import { useTestApp } from '../../test-support/test-app';
import type { TestApp } from '../../test-support/test-app';

const newApp = useTestApp();
const SECOND = 1000;
const MINUTE = 60 * SECOND;

// The demo mixed paper runs under part-wise timing: Part A (questions 1-5) for the first 10
// minutes, a 1-minute rest, then Part B (questions 6-10) for 10 minutes.
const ID = DEMO_TEST_IDS.mixed;
const PART_A_END = 10 * MINUTE;
const PART_B_START = 11 * MINUTE;

const change = (qn: number, rev: number, ua: QuestionUpdate['ua'], at: number): QuestionUpdate => ({ qn, rev, ua, ats: ua === null ? null : at, mts: null, vts: at, s: 5, at });

async function started(t: TestApp) {
  const headers = { [ACCESS_TOKEN_HEADER]: await t.token('DEMO001') };
  expect((await t.postJson('/api/test/start', { id: ID, devices: [] }, headers)).status).toBe(200);
  const startedAt = t.clock.now();
  /** Moves the server's clock to `ms` after the start. */
  const at = (ms: number) => t.clock.advance(startedAt + ms - t.clock.now());
  const sync = async (updates: QuestionUpdate[], qn = updates[0]?.qn ?? 1) => {
    const response = await t.postJson('/api/test/sync', { id: ID, updates, qn }, headers);
    expect(response.status).toBe(200);
    return syncReplySchema.parse(await response.json());
  };
  const submit = async (updates: QuestionUpdate[]) => {
    const response = await t.postJson('/api/test/submit', { id: ID, updates, terminated: 'manual' }, headers);
    expect(response.status).toBe(200);
    return submitReplySchema.parse(await response.json());
  };
  const out = async () => testOutReplySchema.parse(await t.getJson(`/api/test/out/${ID}`, headers[ACCESS_TOKEN_HEADER]));
  const rows = async () =>
    (
      await t.db.kysely
        .selectFrom('answers')
        .innerJoin('attempts', 'attempts.id', 'answers.attempt_id')
        .select(['answers.qn', 'answers.late', 'answers.rev', 'answers.ua'])
        .where('attempts.test_id', '=', ID)
        .orderBy('answers.qn')
        .orderBy('answers.late')
        .execute()
    ).map((row) => [Number(row.qn), Number(row.late), Number(row.rev), JSON.parse(row.ua) as unknown]);
  return { at, sync, submit, out, rows, now: () => t.clock.now() };
}

describe('part-wise timing on the server', () => {
  it('accepts a change in the open part, and keeps a change to a part not open yet as late', async () => {
    const t = await newApp();
    const { at, sync, rows, now } = await started(t);
    at(1 * MINUTE);
    expect(await sync([change(1, 1, 'B', now())])).toEqual({ success: true, acked_rev: 1, time_left: 20 * 60, late: false, submitted: false });
    // Part B opens at 11 minutes: a change to it now (a tampered or confused portal) is kept, late.
    expect(await sync([change(2, 2, 'C', now()), change(6, 3, '5', now())], 6)).toEqual({
      success: true,
      acked_rev: 3,
      time_left: 20 * 60,
      late: false,
      submitted: false,
      closed_part_qns: [6],
    });
    // One millisecond before Part B opens: still closed (no tolerance before a part opens).
    at(PART_B_START - 1);
    expect((await sync([change(7, 4, '19.6', now())])).closed_part_qns).toEqual([7]);
    // Once it is open, the same questions are on time.
    at(PART_B_START);
    const open = await sync([change(6, 5, '5', now()), change(7, 6, '19.6', now())]);
    expect(open).toEqual({ success: true, acked_rev: 6, time_left: 10 * 60, late: false, submitted: false });
    expect(await rows()).toEqual([
      [1, 0, 1, 'B'],
      [2, 0, 2, 'C'],
      [6, 0, 5, '5'],
      [6, 1, 3, '5'],
      [7, 0, 6, '19.6'],
      [7, 1, 4, '19.6'],
    ]);
  });

  it('keeps a change to a closed part, after its grace, as late and does not score it, without failing the sync', async () => {
    const t = await newApp();
    const { at, sync, submit, out, rows, now } = await started(t);
    at(1 * MINUTE);
    await sync([change(1, 1, 'B', now())]);
    // Part A closed at 10 minutes; its grace ends at 10 minutes + GRACE_SECONDS.
    at(PART_A_END + t.config.graceSeconds * SECOND + 1);
    const reply = await sync([change(1, 2, 'A', now()), change(6, 3, '5', now())], 6);
    expect(reply).toMatchObject({ success: true, acked_rev: 3, late: false, submitted: false, closed_part_qns: [1] });
    // A replay of the same batch changes nothing and is acknowledged the same way.
    expect(await sync([change(1, 2, 'A', now()), change(6, 3, '5', now())], 6)).toEqual(reply);

    // The submit's own changes follow the same rule.
    const submitted = await submit([change(2, 4, 'C', now()), change(7, 5, '19.6', now())]);
    expect(submitted).toMatchObject({ success: true, late: false, acked_rev: 5, closed_part_qns: [2] });
    expect(await rows()).toEqual([
      [1, 0, 1, 'B'],
      [1, 1, 2, 'A'],
      [2, 1, 4, 'C'],
      [6, 0, 3, '5'],
      [7, 0, 5, '19.6'],
    ]);

    // Scored on what arrived while each part was open: 1 B (+4, not the late A), 6 and 7 (+4 each); 2 not scored.
    const review = await out();
    expect(review.result).toMatchObject({ scored: 12, correct: 3, wrong: 0, attempted: 3 });
    expect(review.result?.partResults.map((part) => [part.name, part.scored, part.attempted])).toEqual([
      ['Part A', 4, 1],
      ['Part B', 8, 2],
    ]);
    // Nothing is dropped: the late changes are there, marked late.
    expect(review.userData.test_data.filter((q) => q.qn <= 2).map((q) => [q.qn, q.ua, q.late])).toEqual([
      [1, 'A', true],
      [2, 'C', true],
    ]);
  });

  it('accepts a change to a part that arrives within the grace after the part closed', async () => {
    const t = await newApp();
    const { at, sync, submit, out, rows, now } = await started(t);
    // Made just before Part A closed, delivered at the last moment of its grace.
    at(PART_A_END - SECOND);
    const madeAt = now();
    at(PART_A_END + t.config.graceSeconds * SECOND);
    expect(await sync([change(3, 1, ['A', 'C'], madeAt)])).toEqual({ success: true, acked_rev: 1, time_left: 21 * 60 - 12 * 60, late: false, submitted: false });
    at(PART_B_START + MINUTE);
    await submit([]);
    expect(await rows()).toEqual([[3, 0, 1, ['A', 'C']]]);
    expect((await out()).result).toMatchObject({ scored: 4, correct: 1 });
  });

  it('leaves tests without part-wise timing alone until the overall deadline', async () => {
    const t = await newApp();
    const headers = { [ACCESS_TOKEN_HEADER]: await t.token('DEMO001') };
    await t.postJson('/api/test/start', { id: DEMO_TEST_IDS.mcq, devices: [] }, headers);
    t.clock.advance(19 * MINUTE);
    const reply = syncReplySchema.parse(await (await t.postJson('/api/test/sync', { id: DEMO_TEST_IDS.mcq, updates: [change(5, 1, 'B', t.clock.now())], qn: 5 }, headers)).json());
    expect(reply).toEqual({ success: true, acked_rev: 1, time_left: 60, late: false, submitted: false });
  });
});
