import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_HEADER } from '@invigil/shared/api/http';
import type { ImportFileInput } from '@invigil/shared/api/test-import';
import {
  answerSheetReplySchema,
  myResultsReplySchema,
  rankingReplySchema,
  testGetReplySchema,
  testListReplySchema,
  testOutReplySchema,
} from '@invigil/shared/api/tests';
import { DEMO_TEST_IDS } from '../../seed/demo-tests';
import { importData, ImportError, parseImportFile } from '../../import/import-service';
import { useTestApp } from '../../test-support/test-app';
import type { TestApp } from '../../test-support/test-app';

// Decision 0051: the review (keys, solutions, correctness, result, ranking) of a submitted
// attempt is released by the test's rule, and the server enforces it on every route.

const newApp = useTestApp();
const MINUTE = 60_000;

/** Every object key anywhere in a JSON value. */
function deepKeys(value: unknown, keys = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) deepKeys(item, keys);
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      keys.add(key);
      deepKeys(item, keys);
    }
  }
  return keys;
}

const iso = (ms: number) => new Date(ms).toISOString();

const STUDENTS = [
  { reg_no: 'REL001', email: 'rel001@example.edu', name: 'Early Submitter', password: 'demo1234' },
  { reg_no: 'REL002', email: 'rel002@example.edu', name: 'Still Writing', password: 'demo1234' },
  { reg_no: 'REL003', email: 'rel003@example.edu', name: 'Hidden Review', password: 'demo1234', config: { HIDE_TEST_REVIEW: 'true' } },
];

/** A live test of two MCQs (key B, C) with a solution each, assigned to the three students. */
function releaseTest(id: string, more: Record<string, unknown>) {
  const question = (text: string, answer: string) => ({ qt: 3 as const, pm: 4, nm: 1, text, options: { A: 'a', B: 'b', C: 'c', D: 'd' }, answer, solution: `<p>Because ${answer}.</p>` });
  return {
    _id: id,
    name: `Release ${id}`,
    format: { duration: 5, parts: [{ name: 'Part', sections: [{ name: 'S', questions: [question('<p>One</p>', 'B'), question('<p>Two</p>', 'C')] }] }] },
    assigned_to: STUDENTS.map((student) => student.reg_no),
    ...more,
  };
}

async function load(t: TestApp, file: Omit<ImportFileInput, 'version'>) {
  return importData(t.db.kysely, parseImportFile({ version: 1, ...file }), t.clock, t.logger);
}

async function student(t: TestApp, regNo: string) {
  const token = await t.token(regNo);
  const headers = { [ACCESS_TOKEN_HEADER]: token };
  const json = async (path: string) => {
    const response = await t.get(path, headers);
    expect(response.status, path).toBe(200);
    return (await response.json()) as unknown;
  };
  return {
    json,
    out: async (id: string) => testOutReplySchema.parse(await json(`/api/test/out/${id}`)),
    ranking: async (id: string) => rankingReplySchema.parse(await json(`/api/test/out/${id}/ranking`)),
    sheet: async (id: string) => answerSheetReplySchema.parse(await json(`/api/test/answer/${id}`)),
    myResults: async () => myResultsReplySchema.parse(await json('/api/test/myresults')),
    detail: async (id: string) => testGetReplySchema.parse(await json(`/api/test/get/${id}`)),
    list: async () => testListReplySchema.parse(await json('/api/test/list')),
    /** Starts, answers 1 B (right) and 2 A (wrong), and submits. */
    take: async (id: string) => {
      expect((await t.postJson('/api/test/start', { id, devices: [] }, headers)).status).toBe(200);
      const at = t.clock.now();
      const updates = [
        { qn: 1, rev: 1, ua: 'B', ats: at, mts: null, vts: at, s: 10, at },
        { qn: 2, rev: 2, ua: 'A', ats: at, mts: null, vts: at, s: 10, at },
      ];
      expect((await t.postJson('/api/test/submit', { id, updates, terminated: 'manual' }, headers)).status).toBe(200);
    },
    start: async (id: string) => expect((await t.postJson('/api/test/start', { id, devices: [] }, headers)).status).toBe(200),
  };
}

type Student = Awaited<ReturnType<typeof student>>;

/** Every route a submitted student reads: none may carry a key, a solution, a result or a rank. */
async function expectNothingReleased(who: Student, id: string) {
  const out = await who.out(id);
  expect(out.review.released).toBe(false);
  expect(out.result).toBeNull();
  expect(out.userData.result).toBeNull();
  // Their own answers are there.
  expect(out.userData.test_data.map((state) => [state.qn, state.ua])).toEqual([
    [1, 'B'],
    [2, 'A'],
  ]);
  const sheet = await who.sheet(id);
  expect(sheet.userData.result).toBeNull();
  expect(sheet.review.released).toBe(false);
  const ranking = await who.ranking(id);
  expect(ranking).toMatchObject({ live: true, ranks: [], released: false });
  const row = (await who.myResults()).find((item) => item._id === id);
  expect(row?.result).toBeNull();
  expect(row?.review.released).toBe(false);
  const detail = await who.detail(id);
  expect(detail.results.map((item) => item.result)).toEqual([null]);
  for (const [name, body] of [
    ['out', out],
    ['answer sheet', sheet],
    ['ranking', ranking],
    ['myresults', row],
    ['get', detail],
  ] as const) {
    const keys = deepKeys(body);
    for (const key of ['answer', 'solution', 'scored', 'correct', 'wrong', 'graded', 'ic']) expect(keys.has(key), `${name} has ${key}`).toBe(false);
  }
  return out;
}

describe('review release: after the test is over (the default for a test with an end time)', () => {
  it('withholds keys, solutions, result and ranking from an early submitter until the end + duration + grace', async () => {
    const t = await newApp();
    const endsAt = t.clock.now() + 10 * MINUTE;
    await load(t, { students: STUDENTS, tests: [releaseTest('rel-after', { activation_date: iso(t.clock.now() - MINUTE), ends_at: iso(endsAt) })] });
    const early = await student(t, 'REL001');
    await early.take('rel-after');

    const out = await expectNothingReleased(early, 'rel-after');
    const opensAt = endsAt + 5 * MINUTE + t.config.graceSeconds * 1000;
    expect(out.review).toEqual({ released: false, reviewOpensAt: opensAt, rule: 'after_end', hidden: false });
    expect((await early.list()).find((item) => item._id === 'rel-after')?.review).toEqual(out.review);

    t.clock.advance(opensAt - t.clock.now() - 1);
    await expectNothingReleased(early, 'rel-after');

    t.clock.advance(1);
    const released = await early.out('rel-after');
    expect(released.review.released).toBe(true);
    const questions = released.testData.format.parts.flatMap((part) => part.sections.flatMap((section) => section.questions));
    expect(questions.map((question) => [question.answer, question.solution])).toEqual([
      ['B', '<p>Because B.</p>'],
      ['C', '<p>Because C.</p>'],
    ]);
    expect(released.result).toMatchObject({ scored: 3, correct: 1, wrong: 1 });
    expect((await early.sheet('rel-after')).userData.result).toMatchObject({ scored: 3 });
    expect((await early.myResults()).find((item) => item._id === 'rel-after')?.result).toMatchObject({ scored: 3 });
    expect((await early.ranking('rel-after')).ranks.map(([rank, name, , result]) => [rank, name, result.scored])).toEqual([[1, 'Early Submitter', 3]]);
  });

  it('stays closed while a classmate’s attempt still runs past the end (an extension), until it is over', async () => {
    const t = await newApp();
    const endsAt = t.clock.now() + 10 * MINUTE;
    await load(t, { students: STUDENTS, tests: [releaseTest('rel-ext', { ends_at: iso(endsAt) })] });
    const early = await student(t, 'REL001');
    const late = await student(t, 'REL002');
    await early.take('rel-ext');
    t.clock.advance(9 * MINUTE);
    await late.start('rel-ext');
    // A proctor gives the late student 20 more minutes.
    const lateDeadline = t.clock.now() + 25 * MINUTE;
    await t.db.kysely.updateTable('attempts').set({ deadline_ms: lateDeadline }).where('submitted_at', 'is', null).where('test_id', '=', 'rel-ext').execute();
    const nominal = endsAt + 5 * MINUTE + t.config.graceSeconds * 1000;
    t.clock.advance(nominal - t.clock.now() + 1000);
    const out = await expectNothingReleased(early, 'rel-ext');
    expect(out.review.reviewOpensAt).toBe(lateDeadline + t.config.graceSeconds * 1000);

    await late.take('rel-ext');
    expect((await early.out('rel-ext')).review.released).toBe(true);
  });
});

describe('review release: the other rules', () => {
  it('on submission: a test without an end time (practice) opens its review at once', async () => {
    const t = await newApp();
    await load(t, { students: STUDENTS, tests: [releaseTest('rel-practice', {})] });
    const early = await student(t, 'REL001');
    await early.take('rel-practice');
    const out = await early.out('rel-practice');
    expect(out.review).toMatchObject({ released: true, rule: 'on_submit' });
    expect(out.result).toMatchObject({ scored: 3 });
    expect(deepKeys(out).has('answer')).toBe(true);
  });

  it('when the institute releases it: closed (no opening time) until the import sets one, then open from that time', async () => {
    const t = await newApp();
    await load(t, { students: STUDENTS, tests: [releaseTest('rel-manual', { ends_at: iso(t.clock.now() + MINUTE), review: 'manual' })] });
    const early = await student(t, 'REL001');
    await early.take('rel-manual');
    t.clock.advance(60 * MINUTE);
    expect((await expectNothingReleased(early, 'rel-manual')).review).toMatchObject({ reviewOpensAt: null, rule: 'manual' });

    const releaseAt = t.clock.now() + 2 * MINUTE;
    const summary = await load(t, { review_releases: [{ test_id: 'rel-manual', released_at: iso(releaseAt) }] });
    expect(summary.reviewReleases).toBe(1);
    expect((await expectNothingReleased(early, 'rel-manual')).review.reviewOpensAt).toBe(releaseAt);
    t.clock.advance(2 * MINUTE);
    expect((await early.out('rel-manual')).result).toMatchObject({ scored: 3 });
    expect((await early.ranking('rel-manual')).ranks).toHaveLength(1);

    // Withdrawn again (released_at null); a test re-imported without its release fields keeps them.
    await load(t, { review_releases: [{ test_id: 'rel-manual', released_at: null }] });
    expect((await early.out('rel-manual')).review.released).toBe(false);
    await load(t, { tests: [releaseTest('rel-manual', { ends_at: iso(t.clock.now() - MINUTE), review: 'manual', review_released_at: iso(t.clock.now()) })] });
    expect((await early.out('rel-manual')).review.released).toBe(true);
    await load(t, { tests: [releaseTest('rel-manual', { ends_at: iso(t.clock.now() - MINUTE) })] });
    expect((await early.out('rel-manual')).review).toMatchObject({ released: true, rule: 'manual' });
  });

  it('refuses release fields that cannot work, with the path of the field', async () => {
    const t = await newApp();
    const issues = async (file: Omit<ImportFileInput, 'version'>): Promise<string[]> => {
      try {
        await load(t, file);
      } catch (error) {
        if (error instanceof ImportError) return error.issues.map((issue) => `${issue.path}: ${issue.message}`);
        throw error;
      }
      return [];
    };
    expect(await issues({ tests: [releaseTest('rel-bad', { review: 'after_end' })] })).toEqual([
      'tests.0.review: A test without ends_at never ends: use "on_submit" or "manual", or give ends_at.',
    ]);
    expect(await issues({ tests: [releaseTest('rel-bad', { review_released_at: iso(t.clock.now()) })] })).toEqual([
      'tests.0.review_released_at: review_released_at needs "review": "manual" (or use review_releases to release a stored test).',
    ]);
    expect(await issues({ review_releases: [{ test_id: 'nothing-here', released_at: null }] })).toEqual(['review_releases.0.test_id: There is no test nothing-here.']);
  });
});

describe('review release: HIDE_TEST_REVIEW and the ranking', () => {
  it('never gives a student whose config hides the review a key or a solution, released or not; the result comes at release', async () => {
    const t = await newApp();
    await load(t, { students: STUDENTS, tests: [releaseTest('rel-hidden', {})] });
    const hidden = await student(t, 'REL003');
    await hidden.take('rel-hidden');
    const out = await hidden.out('rel-hidden');
    expect(out.review).toMatchObject({ released: true, hidden: true });
    expect(out.result).toMatchObject({ scored: 3 });
    const keys = deepKeys([out, await hidden.sheet('rel-hidden'), await hidden.detail('rel-hidden'), await hidden.myResults()]);
    expect(keys.has('answer') || keys.has('solution')).toBe(false);
  });

  it('shows classmates by name and score, never by their id or e-mail: an opaque token per test, the student’s own id on their own row', async () => {
    const t = await newApp();
    const asha = await student(t, 'DEMO001');
    const ranking = await asha.ranking(DEMO_TEST_IDS.attempted);
    expect(ranking.released).toBe(true);
    const [rohanRow, ashaRow] = ranking.ranks;
    expect([rohanRow?.[1], ashaRow?.[1]]).toEqual(['Rohan Mehta', 'Asha Verma']);
    expect(ashaRow?.[2]).toBe(t.userIds['DEMO001']);
    const text = JSON.stringify(ranking);
    expect(text).not.toContain(t.userIds['DEMO002'] ?? 'missing');
    expect(text).not.toContain('@');
    expect(rohanRow?.[2]).toMatch(/^r-[A-Za-z0-9_-]{16}$/);
    // Stable for the test; Rohan sees his own id where Asha sees the token.
    expect((await asha.ranking(DEMO_TEST_IDS.attempted)).ranks[0]?.[2]).toBe(rohanRow?.[2]);
    const rohan = await student(t, 'DEMO002');
    const his = await rohan.ranking(DEMO_TEST_IDS.attempted);
    expect(his.ranks.map((row) => row[2])).toEqual([t.userIds['DEMO002'], expect.stringMatching(/^r-/)]);
    expect(JSON.stringify(his)).not.toContain(t.userIds['DEMO001'] ?? 'missing');
  });
});
