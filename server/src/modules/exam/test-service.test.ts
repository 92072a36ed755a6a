import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_HEADER } from '@invigil/shared/api/http';
import { myResultsReplySchema, testGetReplySchema, testInstructionReplySchema, testListReplySchema } from '@invigil/shared/api/tests';
import { DEMO_TEST_IDS } from '../../seed/demo-tests';
import { useTestApp } from '../../test-support/test-app';

const newApp = useTestApp();

describe('chapter tests', () => {
  it('are listed with their type to the students they are assigned to, and give their chapters', async () => {
    const t = await newApp();
    const asha = await t.token('DEMO001');
    const list = testListReplySchema.parse(await t.getJson('/api/test/list', asha));
    expect(list.find((item) => item._id === DEMO_TEST_IDS.chapter)).toMatchObject({
      name: 'Chapter Test: Motion and Energy',
      type: 'chapter',
      SKIP_PREPARE: true,
      time_to_start: 0,
      attempted: false,
    });
    const instruction = testInstructionReplySchema.parse(await t.getJson(`/api/test/instruction/${DEMO_TEST_IDS.chapter}`, asha));
    expect(instruction.chapters).toEqual([{ name: 'Laws of Motion' }, { name: 'Work, Energy and Power' }]);
    expect(instruction.test).toMatchObject({ type: 'chapter', format: { noq: 4, duration: 10 } });

    // Assigned to Asha only.
    const rohan = await t.token('DEMO002');
    expect(testListReplySchema.parse(await t.getJson('/api/test/list', rohan)).map((item) => item._id)).not.toContain(DEMO_TEST_IDS.chapter);
    expect((await t.get(`/api/test/instruction/${DEMO_TEST_IDS.chapter}`, { [ACCESS_TOKEN_HEADER]: rohan })).status).toBe(404);
  });

  it('carry their type and chapters into the results list and the test detail', async () => {
    const t = await newApp();
    const asha = await t.token('DEMO001');
    const headers = { [ACCESS_TOKEN_HEADER]: asha };
    expect((await t.postJson('/api/test/start', { id: DEMO_TEST_IDS.chapter, devices: [] }, headers)).status).toBe(200);
    const at = t.clock.now();
    const updates = [{ qn: 1, rev: 1, ua: 'C', ats: at, mts: null, vts: at, s: 20, at }];
    expect((await t.postJson('/api/test/submit', { id: DEMO_TEST_IDS.chapter, updates, terminated: 'manual' }, headers)).status).toBe(200);

    const rows = myResultsReplySchema.parse(await t.getJson('/api/test/myresults', asha));
    expect(rows.map((row) => [row._id, row.type, row.chapters.map((chapter) => chapter.name), row.result?.scored])).toEqual([
      [DEMO_TEST_IDS.chapter, 'chapter', ['Laws of Motion', 'Work, Energy and Power'], 4],
      [DEMO_TEST_IDS.attempted, 'live', ['Atoms and Molecules'], 7],
    ]);
    const detail = testGetReplySchema.parse(await t.getJson(`/api/test/get/${DEMO_TEST_IDS.chapter}`, asha));
    expect(detail.results.map((row) => row.type)).toEqual(['chapter']);
    // Ranking is for live tests only.
    expect(await t.getJson(`/api/test/out/${DEMO_TEST_IDS.chapter}/ranking`, asha)).toMatchObject({ live: false, ranks: [], released: true });
  });
});
