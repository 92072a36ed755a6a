import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type {
  AttemptTableReply,
  ItemAnalysisReply,
  MarksheetPreviewReply,
  MarksheetsReply,
  ProduceMarksheetsReply,
  QuestionChangeReply,
  QuestionChangesReply,
  ReleaseStateReply,
  ResultsTestListReply,
  StudentResultsReply,
} from '@invigil/shared/api/staff-results';
import { ATTEMPT_EXPORT_HEADER, REASON_REQUIRED_MESSAGE, RESULTS_MESSAGES } from '@invigil/shared/api/staff-results';
import { DEMO_CLASS_ID } from '../../seed/demo-portal';
import { DEMO_STAFF } from '../../seed/demo-staff';
import { useTestApp } from '../../test-support/test-app';
import { importData, parseImportFile } from '../../import/import-service';
import { jsonOf as json, sendAs as send, staffToken } from '../../test-support/staff-requests';

const newApp = useTestApp();
const TEST_ID = 'results-rk';
const MINUTE = 60_000;

const mcq = (answer: string) => ({ qt: 3, pm: 4, nm: 1, text: '<p>Pick one</p>', options: { A: 'a', B: 'b', C: 'c', D: 'd' }, answer });

/**
 * A hand-computed example. Part A: q1 key B, q2 key A (wrong: C is right), q4 key D (4 marks, -1);
 * Part B: q3 numerical 2.5 (2 marks, no negative). Scores with the wrong key:
 *   Asha  (DEMO001) B C 2.5 D -> 4 - 1 + 2 + 4 = 9
 *   Rohan (DEMO002) B A 2.4 A -> 4 + 4 + 0 - 1 = 7
 *   Neha  (DEMO003) C C 2.5 - -> -1 - 1 + 2 + 0 = 0
 * With q2 re-keyed to C: Asha 14, Neha 5, Rohan 2.
 */
async function setUp() {
  const t = await newApp();
  const now = t.clock.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  const attempt = (regNo: string, answers: { qn: number; ua: string }[], minutes: number) => ({
    test_id: TEST_ID,
    reg_no: regNo,
    started_at: iso(now - 2 * 60 * MINUTE),
    submitted_at: iso(now - 2 * 60 * MINUTE + minutes * MINUTE),
    answers: answers.map((answer) => ({ ...answer, s: 30 })),
  });
  await importData(
    t.db.kysely,
    parseImportFile({
      version: 1,
      tests: [
        {
          _id: TEST_ID,
          name: 'Results Key Test',
          format: {
            duration: 30,
            parts: [
              { name: 'Part A', sections: [{ name: 'S', questions: [mcq('B'), mcq('A')] }] },
              { name: 'Part B', sections: [{ name: 'S', questions: [{ qt: 6, pm: 2, nm: 0, text: '<p>How much?</p>', answer: '2.5' }, mcq('D')] }] },
            ],
          },
          activation_date: iso(now - 3 * 60 * MINUTE),
          ends_at: iso(now - 90 * MINUTE),
          review: 'manual',
          open_to_all: true,
        },
      ],
      attempts: [
        attempt('DEMO001', [{ qn: 1, ua: 'B' }, { qn: 2, ua: 'C' }, { qn: 3, ua: '2.5' }, { qn: 4, ua: 'D' }], 10),
        attempt('DEMO002', [{ qn: 1, ua: 'B' }, { qn: 2, ua: 'A' }, { qn: 3, ua: '2.4' }, { qn: 4, ua: 'A' }], 12),
        attempt('DEMO003', [{ qn: 1, ua: 'C' }, { qn: 2, ua: 'C' }, { qn: 3, ua: '2.5' }], 14),
      ],
    }),
    t.clock,
    t.logger,
  );
  const admin = await staffToken(t, DEMO_STAFF.admin.email);
  const teacher = await staffToken(t, DEMO_STAFF.teacher.email);
  const table = async (token: string, query = '') => json<AttemptTableReply>(await send(t, 'GET', `/api/staff/results/${TEST_ID}/attempts${query}`, token), 200);
  const items = async (token: string) => json<ItemAnalysisReply>(await send(t, 'GET', `/api/staff/results/${TEST_ID}/items`, token), 200);
  const scores = async () => Object.fromEntries((await table(admin)).rows.map((row) => [row.reg_no, [row.rank, row.scored, row.max_marks]]));
  return { t, admin, teacher, table, items, scores };
}

describe('results: roles and teacher scope', () => {
  it('lets admins in, teachers only to their tests (403 otherwise), not proctors (403) nor students (401)', async () => {
    const { t, admin, teacher } = await setUp();
    const proctor = await staffToken(t, DEMO_STAFF.proctor.email);
    const student = await t.token('DEMO001');
    for (const path of [`/api/staff/results`, `/api/staff/results/${TEST_ID}/attempts`, `/api/staff/results/${TEST_ID}/items`, `/api/staff/results/${TEST_ID}/attempts.csv`]) {
      expect((await send(t, 'GET', path, proctor)).status, path).toBe(403);
      expect((await send(t, 'GET', path, student)).status, path).toBe(401);
      expect((await send(t, 'GET', path, 'nonsense')).status, path).toBe(401);
    }
    // Refused before the body is read.
    expect((await send(t, 'POST', `/api/staff/results/${TEST_ID}/questions/2/rekey`, proctor, '{not json')).status).toBe(403);
    expect((await send(t, 'POST', `/api/staff/results/${TEST_ID}/questions/2/rekey`, student, '{not json')).status).toBe(401);

    // The admin's list has the test; the teacher's does not until it is published to their class.
    const adminList = await json<ResultsTestListReply>(await send(t, 'GET', '/api/staff/results?q=results key', admin), 200);
    expect(adminList.items.map((item) => item.id)).toEqual([TEST_ID]);
    expect(adminList.items[0]).toMatchObject({ submitted: 3, running: 0, void: 0, max_marks: 14, questions: 4, average: 38.1, pending_grading: 0, review: { rule: 'manual', open: false } });
    expect((await json<ResultsTestListReply>(await send(t, 'GET', '/api/staff/results', teacher), 200)).items.map((item) => item.id)).not.toContain(TEST_ID);
    const refused = await json<{ message: string }>(await send(t, 'GET', `/api/staff/results/${TEST_ID}/attempts`, teacher), 403);
    expect(refused.message).toBe(RESULTS_MESSAGES.notYours);
    expect((await send(t, 'POST', `/api/staff/results/${TEST_ID}/questions/2/drop`, teacher, { reason: 'No.' })).status).toBe(403);
    expect((await send(t, 'PUT', `/api/staff/results/${TEST_ID}/release`, teacher, { mode: 'now' })).status).toBe(403);

    await t.db.kysely.insertInto('test_classes').values({ test_id: TEST_ID, class_id: DEMO_CLASS_ID }).execute();
    expect((await json<ResultsTestListReply>(await send(t, 'GET', '/api/staff/results', teacher), 200)).items.map((item) => item.id)).toContain(TEST_ID);
    expect((await send(t, 'GET', `/api/staff/results/${TEST_ID}/attempts`, teacher)).status).toBe(200);
    expect((await send(t, 'GET', '/api/staff/results/no-such-test/attempts', admin)).status).toBe(404);
  });
});

describe('results: the attempts table and exports', () => {
  it('ranks, sorts, filters and pages; a void attempt has no score or rank; CSV and XLSX hold the filtered table', async () => {
    const { t, admin, table } = await setUp();
    const reply = await table(admin);
    expect(reply.test).toMatchObject({ id: TEST_ID, max_marks: 14, part_names: ['Part A', 'Part B'] });
    expect(reply.rows.map((row) => [row.rank, row.reg_no, row.scored, row.status])).toEqual([
      [1, 'DEMO001', 9, 'submitted'],
      [2, 'DEMO002', 7, 'submitted'],
      [3, 'DEMO003', 0, 'submitted'],
    ]);
    expect(reply.rows[0]).toMatchObject({ name: 'Asha Verma', correct: 3, wrong: 1, skipped: 0, time_spent: 600, flags: 0, percentage: 64.29, parts: [{ name: 'Part A', scored: 3, max_marks: 8 }, { name: 'Part B', scored: 6, max_marks: 6 }] });
    expect(reply.summary).toEqual({ counted: 3, average: 38.1, highest: 9, lowest: 0 });

    expect((await table(admin, '?sort=name&dir=desc')).rows.map((row) => row.reg_no)).toEqual(['DEMO002', 'DEMO003', 'DEMO001']);
    expect((await table(admin, '?sort=score&dir=asc')).rows.map((row) => row.reg_no)).toEqual(['DEMO003', 'DEMO002', 'DEMO001']);
    expect((await table(admin, '?q=rohan')).rows.map((row) => row.reg_no)).toEqual(['DEMO002']);
    expect((await table(admin, `?class=${DEMO_CLASS_ID}`)).rows.map((row) => row.reg_no)).toContain('DEMO001');
    expect((await table(admin, '?page=2')).rows).toEqual([]);
    const bad = await json<{ message: string }>(await send(t, 'GET', `/api/staff/results/${TEST_ID}/attempts?sort=shoe`, admin), 422);
    expect(bad.message).toContain('The sort is one of');

    // Flags: flag-class events count, the others do not.
    const ashaAttempt = reply.rows[0]?.attempt_id ?? '';
    const event = (id: string, kind: string) => ({ attempt_id: ashaAttempt, event_id: id, kind, source: 'page', via: 'student', client_at: 1, at: 1, received_at: 1, detail: null, late: 0 as const });
    await t.db.kysely.insertInto('proctor_events').values([event('e1', 'BLUR'), event('e2', 'FOCUS'), event('e3', 'MULTI_FACE')]).execute();

    // Neha's attempt is voided: no score, no rank, left out of the summary; the others rank without her.
    const nehaAttempt = reply.rows[2]?.attempt_id ?? '';
    await t.db.kysely.insertInto('attempt_reviews').values({ attempt_id: nehaAttempt, decision: 'void', reason: 'Another person wrote it.', reviewer_id: null, decided_at: t.clock.now() }).execute();
    const voided = await table(admin);
    expect(voided.rows.map((row) => [row.rank, row.reg_no, row.scored, row.status, row.flags])).toEqual([
      [1, 'DEMO001', 9, 'submitted', 2],
      [2, 'DEMO002', 7, 'submitted', 0],
      [null, 'DEMO003', null, 'void', 0],
    ]);
    expect(voided.summary).toEqual({ counted: 2, average: 57.15, highest: 9, lowest: 7 });
    expect((await table(admin, '?status=void')).rows.map((row) => row.reg_no)).toEqual(['DEMO003']);

    const csv = await send(t, 'GET', `/api/staff/results/${TEST_ID}/attempts.csv?sort=name`, admin);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toContain('results-results-rk.csv');
    const lines = (await csv.text()).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe([...ATTEMPT_EXPORT_HEADER, 'Part A (score)', 'Part B (score)'].join(','));
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 6))).toEqual([
      ['1', 'Asha Verma', 'DEMO001', 'Class 10 - A', 'Submitted', '9'],
      ['', 'Neha Singh', 'DEMO003', expect.any(String), 'Void', ''],
      ['2', 'Rohan Mehta', 'DEMO002', expect.any(String), 'Submitted', '7'],
    ]);
    expect((await (await send(t, 'GET', `/api/staff/results/${TEST_ID}/attempts.csv?status=void`, admin)).text()).trim().split('\r\n')).toHaveLength(2);

    const xlsx = await send(t, 'GET', `/api/staff/results/${TEST_ID}/attempts.xlsx`, admin);
    expect(xlsx.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await xlsx.arrayBuffer());
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).getCell(1).value).toBe('Rank');
    expect(sheet?.getRow(2).getCell(2).value).toBe('Asha Verma');
    expect(sheet?.rowCount).toBe(4);
  });
});

describe('results: item analysis', () => {
  it('computes facility, discrimination and option counts on a hand-computed example, and flags the wrong key', async () => {
    const { t, admin, items } = await setUp();
    const reply = await items(admin);
    expect(reply).toMatchObject({ counted: 3, top_third: 1 });
    const [q1, q2, q3, q4] = reply.items;
    // q1: marks 4, 4, -1 -> facility 7/3/4; rest of the test 5, 3, 1 -> r = 10 / sqrt(16.67 * 8) = 0.87.
    expect(q1).toMatchObject({ qn: 1, facility: 58.33, discrimination: 0.87, key_suspect: false, answered: 3 });
    // q2: marks -1, 4, -1 -> 16.67 %; rest 10, 3, 1 -> r = -0.31. Asha (the top third) chose C, not the key A.
    expect(q2).toMatchObject({ qn: 2, facility: 16.67, discrimination: -0.31, key_suspect: true, answer: 'A', part: 'Part A' });
    expect(q2?.options).toEqual([
      { label: 'A', count: 1, percent: 33.33, top_count: 0, is_key: true },
      { label: 'B', count: 0, percent: 0, top_count: 0, is_key: false },
      { label: 'C', count: 2, percent: 66.67, top_count: 1, is_key: false },
      { label: 'D', count: 0, percent: 0, top_count: 0, is_key: false },
    ]);
    expect(q3).toMatchObject({ qn: 3, options: [], facility: 66.67, key_suspect: false });
    expect(q4).toMatchObject({ qn: 4, answered: 2, key_suspect: false });

    // A void attempt is left out.
    const neha = await t.db.kysely.selectFrom('attempts').innerJoin('users', 'users.id', 'attempts.user_id').select('attempts.id').where('users.reg_no', '=', 'DEMO003').where('attempts.test_id', '=', TEST_ID).executeTakeFirstOrThrow();
    await t.db.kysely.insertInto('attempt_reviews').values({ attempt_id: neha.id, decision: 'void', reason: 'x', reviewer_id: null, decided_at: t.clock.now() }).execute();
    const without = await items(admin);
    expect(without.counted).toBe(2);
    expect(without.items[1]?.options.find((option) => option.label === 'C')?.count).toBe(1);
  });
});

describe('results: re-key, drop and restore', () => {
  it('re-scores every attempt, records the change, updates the ranking and the editor draft, and notifies the students', async () => {
    const { t, admin, scores, items } = await setUp();
    const rekey = (body: unknown, qn = 2) => send(t, 'POST', `/api/staff/results/${TEST_ID}/questions/${qn}/rekey`, admin, body);
    // Bad input: 4xx with a message.
    expect((await json<{ message: string }>(await rekey({ answer: 'C' }), 422)).message).toBe(REASON_REQUIRED_MESSAGE);
    expect((await json<{ message: string }>(await rekey({ answer: 'C', reason: '   ' }), 422)).message).toBe(REASON_REQUIRED_MESSAGE);
    expect((await json<{ message: string }>(await rekey({ answer: 'E', reason: 'r' }), 422)).message).toBe(RESULTS_MESSAGES.notChoice('A, B, C, D'));
    expect((await json<{ message: string }>(await rekey({ answer: ['A', 'C'], reason: 'r' }), 422)).message).toBe(RESULTS_MESSAGES.singleOne);
    expect((await json<{ message: string }>(await rekey({ answer: 'a', reason: 'r' }), 422)).message).toBe(RESULTS_MESSAGES.sameKey);
    expect((await json<{ message: string }>(await rekey({ answer: 'two', reason: 'r' }, 3), 422)).message).toBe(RESULTS_MESSAGES.numericKey);
    expect((await json<{ message: string }>(await rekey({ answer: 'C', reason: 'r' }, 9), 404)).message).toBe(RESULTS_MESSAGES.questionNotFound(9));
    expect((await rekey({ answer: 'C', reason: 'r' }, 0)).status).toBe(422);
    expect((await rekey('{oops')).status).toBe(400);

    // The editor opens the test (its draft made from the stored test), so a draft row exists to keep in step.
    const opened = await json<{ updated_at: number; draft: unknown }>(await send(t, 'GET', `/api/staff/tests/${TEST_ID}`, admin), 200);
    await json(await send(t, 'PUT', `/api/staff/tests/${TEST_ID}`, admin, { draft: opened.draft, base_updated_at: opened.updated_at }), 200);

    t.clock.advance(1_000);
    const changed = await json<QuestionChangeReply>(await rekey({ answer: 'c', reason: 'The right answer is C.' }), 200);
    expect(changed).toMatchObject({ notified: 3, change: { qn: 2, kind: 'rekey', before: '{"answer":"A","dropped":false}', after: '{"answer":"C","dropped":false}', reason: 'The right answer is C.', rescored: 3, by: DEMO_STAFF.admin.name } });
    expect(await scores()).toEqual({ DEMO001: [1, 14, 14], DEMO003: [2, 5, 14], DEMO002: [3, 2, 14] });
    expect((await items(admin)).items[1]).toMatchObject({ answer: 'C', key_suspect: false, changed: true, facility: 58.33 });

    // The student sees a notification, and the ranking (released now) in the new order.
    const rohan = await t.token('DEMO002');
    const notifications = (await t.getJson('/api/notifications', rohan)) as { title: string; content: string }[] | { items?: { title: string }[] };
    expect(JSON.stringify(notifications)).toContain('Your score in Results Key Test changed');
    await json<ReleaseStateReply>(await send(t, 'PUT', `/api/staff/results/${TEST_ID}/release`, admin, { mode: 'now' }), 200);
    const ranking = (await t.getJson(`/api/test/out/${TEST_ID}/ranking`, rohan)) as { ranks?: [number, string, string, { scored: number }][] } & Record<string, unknown>;
    const ranks = JSON.stringify(ranking);
    expect(ranks.indexOf('Asha Verma')).toBeLessThan(ranks.indexOf('Neha Singh'));
    expect(ranks.indexOf('Neha Singh')).toBeLessThan(ranks.indexOf('Rohan Mehta'));

    // The editor's draft has the new key, and publishing it again keeps it.
    const draft = await json<{ updated_at: number; draft: { parts: { sections: { questions: { question: { answer: unknown } }[] }[] }[] } }>(await send(t, 'GET', `/api/staff/tests/${TEST_ID}`, admin), 200);
    expect(draft.draft.parts[0]?.sections[0]?.questions[1]?.question.answer).toBe('C');

    // Drop q4: neither its marks nor its maximum count; publishing from the editor keeps the drop; restore brings it back.
    t.clock.advance(1_000);
    expect((await json<{ message: string }>(await send(t, 'POST', `/api/staff/results/${TEST_ID}/questions/4/drop`, admin, {}), 422)).message).toBe(REASON_REQUIRED_MESSAGE);
    const dropped = await json<QuestionChangeReply>(await send(t, 'POST', `/api/staff/results/${TEST_ID}/questions/4/drop`, admin, { reason: 'Ambiguous.' }), 200);
    expect(dropped.change).toMatchObject({ kind: 'drop', rescored: 3 });
    expect(await scores()).toEqual({ DEMO001: [1, 10, 10], DEMO003: [2, 5, 10], DEMO002: [3, 3, 10] });
    expect((await send(t, 'POST', `/api/staff/results/${TEST_ID}/questions/4/drop`, admin, { reason: 'Again.' })).status).toBe(409);
    // The student's review says the question was dropped.
    const review = JSON.stringify(await t.getJson(`/api/test/out/${TEST_ID}`, rohan));
    expect(review.match(/"dropped":true/g)).toHaveLength(1);
    expect((await send(t, 'POST', `/api/staff/results/${TEST_ID}/questions/4/rekey`, admin, { answer: 'A', reason: 'r' })).status).toBe(409);
    const published = await json<{ rescored: number }>(await send(t, 'POST', `/api/staff/tests/${TEST_ID}/publish`, admin, { base_updated_at: draft.updated_at > 0 ? (await json<{ updated_at: number }>(await send(t, 'GET', `/api/staff/tests/${TEST_ID}`, admin), 200)).updated_at : 0 }), 200);
    expect(published).toBeDefined();
    expect(await scores()).toEqual({ DEMO001: [1, 10, 10], DEMO003: [2, 5, 10], DEMO002: [3, 3, 10] });
    const key = JSON.parse((await t.db.kysely.selectFrom('tests').select('answer_key').where('id', '=', TEST_ID).executeTakeFirstOrThrow()).answer_key) as { questions: { qn: number; answer: unknown; dropped?: boolean }[] };
    expect(key.questions.map((question) => [question.qn, question.answer, question.dropped === true])).toEqual([
      [1, 'B', false],
      [2, 'C', false],
      [3, '2.5', false],
      [4, 'D', true],
    ]);

    t.clock.advance(1_000);
    await json<QuestionChangeReply>(await send(t, 'POST', `/api/staff/results/${TEST_ID}/questions/4/restore`, admin, { reason: 'Counted after all.' }), 200);
    expect(await scores()).toEqual({ DEMO001: [1, 14, 14], DEMO003: [2, 5, 14], DEMO002: [3, 2, 14] });
    const history = await json<QuestionChangesReply>(await send(t, 'GET', `/api/staff/results/${TEST_ID}/changes`, admin), 200);
    expect(history.items.map((item) => [item.kind, item.qn, item.reason])).toEqual([
      ['restore', 4, 'Counted after all.'],
      ['drop', 4, 'Ambiguous.'],
      ['rekey', 2, 'The right answer is C.'],
    ]);
  });
});

describe('results: marksheets, release and a student\'s results', () => {
  it('produces marksheets (again: replaced, not added; none for a void attempt), releases the review now, at a time or by the rule', async () => {
    const { t, admin, teacher } = await setUp();
    const produced = await json<ProduceMarksheetsReply>(await send(t, 'POST', `/api/staff/results/${TEST_ID}/marksheets`, admin, {}), 200);
    expect(produced).toMatchObject({ produced: 3, replaced: 0 });
    const neha = await t.db.kysely.selectFrom('attempts').innerJoin('users', 'users.id', 'attempts.user_id').select(['attempts.id', 'users.id as user_id']).where('users.reg_no', '=', 'DEMO003').where('attempts.test_id', '=', TEST_ID).executeTakeFirstOrThrow();
    await t.db.kysely.insertInto('attempt_reviews').values({ attempt_id: neha.id, decision: 'void', reason: 'x', reviewer_id: null, decided_at: t.clock.now() }).execute();
    const again = await json<ProduceMarksheetsReply>(await send(t, 'POST', `/api/staff/results/${TEST_ID}/marksheets`, admin, {}), 200);
    expect(again).toMatchObject({ produced: 0, replaced: 2 });
    const list = await json<MarksheetsReply>(await send(t, 'GET', `/api/staff/results/${TEST_ID}/marksheets`, admin), 200);
    expect(list.items.map((item) => item.reg_no)).toEqual(['DEMO001', 'DEMO002']);
    const asha = list.items[0];
    const preview = await json<MarksheetPreviewReply>(await send(t, 'GET', `/api/staff/results/${TEST_ID}/marksheets/${asha?.id}`, admin), 200);
    expect(preview.html).toContain('<b>Asha Verma</b> (DEMO001)');
    expect(preview.html).toContain('<th>Total</th><th>9</th><th>14</th>');
    expect((await send(t, 'GET', `/api/staff/results/${TEST_ID}/marksheets/nope`, admin)).status).toBe(404);
    // The student sees it at /marksheet.
    const ashaToken = await t.token('DEMO001');
    expect(JSON.stringify(await t.getJson('/api/marksheets?page=1', ashaToken))).toContain('Results Key Test Marksheet');

    // Release at a future time: closed until then.
    const at = new Date(t.clock.now() + 10 * MINUTE).toISOString();
    const later = await json<ReleaseStateReply>(await send(t, 'PUT', `/api/staff/results/${TEST_ID}/release`, admin, { mode: 'at', at }), 200);
    expect(later.review).toMatchObject({ rule: 'manual', released_at: Date.parse(at), open: false });
    const out = async () => ((await t.getJson(`/api/test/out/${TEST_ID}`, ashaToken)) as { review?: { released: boolean } }).review?.released;
    expect(await out()).toBe(false);
    t.clock.advance(11 * MINUTE);
    expect((await json<ReleaseStateReply>(await send(t, 'GET', `/api/staff/results/${TEST_ID}/release`, admin), 200)).review.open).toBe(true);
    expect(await out()).toBe(true);
    const byRule = await json<ReleaseStateReply>(await send(t, 'PUT', `/api/staff/results/${TEST_ID}/release`, admin, { mode: 'rule', rule: null }), 200);
    expect(byRule.review).toMatchObject({ rule: 'after_end', stored_rule: null, released_at: null, open: true });
    expect((await send(t, 'PUT', `/api/staff/results/${TEST_ID}/release`, admin, { mode: 'later' })).status).toBe(422);
    expect((await send(t, 'PUT', `/api/staff/results/${TEST_ID}/release`, admin, { mode: 'at', at: 'tomorrow' })).status).toBe(422);

    // A student's results: every test in scope; the teacher sees only a student of their class or tests.
    const ashaId = t.userIds['DEMO001'] ?? '';
    const mine = await json<StudentResultsReply>(await send(t, 'GET', `/api/staff/student-results/${ashaId}`, admin), 200);
    expect(mine.student).toMatchObject({ reg_no: 'DEMO001', name: 'Asha Verma' });
    expect(mine.items.find((item) => item.test_id === TEST_ID)).toMatchObject({ scored: 9, rank: 1, of: 2, status: 'submitted' });
    const teachers = await json<StudentResultsReply>(await send(t, 'GET', `/api/staff/student-results/${ashaId}`, teacher), 200);
    expect(teachers.items.map((item) => item.test_id)).not.toContain(TEST_ID);
    expect((await send(t, 'GET', '/api/staff/student-results/nobody', admin)).status).toBe(404);
  });
});
