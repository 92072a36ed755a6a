import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_HEADER } from '@invigil/shared/api/http';
import { emptyPortalSummary } from '@invigil/shared/api/portal-import';
import { emptyQuerySummary } from '@invigil/shared/api/query-import';
import { emptyCertificateSummary } from '@invigil/shared/api/certificate-import';
import { emptyFeeSummary } from '@invigil/shared/api/fee-import';
import type { ImportFileInput } from '@invigil/shared/api/test-import';
import { answerSheetReplySchema, myResultsReplySchema, rankingReplySchema, startReplySchema, testInReplySchema, testOutReplySchema } from '@invigil/shared/api/tests';
import { progressLine, runImport } from '../cli/import';
import { findRepoRoot } from '../platform/config';
import { DEMO_TEST_IDS, demoImportFile } from '../seed/demo-tests';
import { useTestApp } from '../test-support/test-app';
import type { TestApp } from '../test-support/test-app';
import { ImportError, importData, parseImportFile } from './import-service';

const newApp = useTestApp();
const examplePath = join(findRepoRoot(), 'docs', 'examples', 'import-example.json');
const example = (): ImportFileInput => JSON.parse(readFileSync(examplePath, 'utf8')) as ImportFileInput;

async function run(t: TestApp, input: unknown) {
  return importData(t.db.kysely, parseImportFile(input), t.clock, t.logger);
}

async function issuesOf(promise: Promise<unknown>): Promise<string[]> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ImportError) return error.issues.map((issue) => `${issue.path || '(file)'}: ${issue.message}`);
    throw error;
  }
  throw new Error('expected an ImportError');
}

const counts = async (t: TestApp) =>
  Object.fromEntries(
    await Promise.all(
      (['users', 'tests', 'test_assignments', 'attempts', 'answers', 'marksheets', 'grades'] as const).map(async (table) => {
        const row = await t.db.kysely.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
        return [table, Number(row.n)];
      }),
    ),
  );

describe('import', () => {
  it('loads the documented example: students, a test with its key kept apart, a marksheet and a scored attempt', async () => {
    const t = await newApp();
    const summary = await run(t, example());
    expect(summary).toEqual({
      students: { inserted: 2, updated: 0 },
      tests: { inserted: 1, updated: 0, newVersions: 0 },
      marksheets: { inserted: 1, updated: 0 },
      attempts: { inserted: 1, updated: 0 },
      grades: { inserted: 1, updated: 0 },
      reviewReleases: 0,
      portal: emptyPortalSummary(),
      queries: emptyQuerySummary(),
      study: { inserted: 0, updated: 0 },
      certificates: emptyCertificateSummary(),
      fees: emptyFeeSummary(),
      proctors: { inserted: 0, updated: 0 },
    });
    const row = await t.db.kysely.selectFrom('tests').selectAll().where('id', '=', 'sci-unit-2').executeTakeFirstOrThrow();
    expect(row.paper).not.toMatch(/"(answer|solution)"/);
    expect(row.answer_key).toContain('"answer":"B"');
    expect(row.access_code_hash).toMatch(/^scrypt\$4096\$/);
    expect(row.access_code_hash).not.toContain('LIGHT-2');
    expect(Number(row.duration_seconds)).toBe(27 * 60);

    // The new student signs in with the imported password and takes the test with its code.
    const token = await t.token('meera.iyer@example.edu', 'welcome123');
    const start = await t.postJson('/api/test/start', { id: 'sci-unit-2', devices: [], access_code: 'LIGHT-2' }, { [ACCESS_TOKEN_HEADER]: token });
    expect(startReplySchema.parse(await start.json()).meritpoints).toBe(100);
    const inReply = testInReplySchema.parse(await t.getJson('/api/test/in/sci-unit-2', token));
    const parts = inReply.testData?.format.parts ?? [];
    expect(parts.map((part) => [part.fqn, part.lqn, part.time_lefts, part.time_lefte])).toEqual([
      [1, 4, 1620, 720],
      [5, 7, 600, 0],
    ]);
    expect(parts[1]?.sections[2]).toMatchObject({ tap: true, questions: [{ qn: 7, noo: 5, qnf: '7', _id: 'sci-unit-2.q7' }] });
    expect(parts[0]?.sections[0]?.questions[0]?.options).toEqual({ A: 'acceleration', B: 'speed', C: 'displacement', D: 'force' });

    // The past attempt was scored: 1 B +4, 2 [A] partial 0, 3 600 +4, 5 A wrong -1, 6 graded 3.5 of 5 (partial).
    await t.db.kysely.updateTable('users').set({ verified: 1 }).where('reg_no', '=', 'SCI2025-002').execute();
    const kabir = await t.token('SCI2025-002', 'welcome123');
    const out = testOutReplySchema.parse(await t.getJson('/api/test/out/sci-unit-2', kabir));
    expect(out.result).toMatchObject({ scored: 10.5, correct: 2, partial: 2, wrong: 1, pending: 0, attempted: 5, skipped: 2, total: 7, max_marks: 26, time_spent: 25 * 60 });
    expect(out.userData.test_data.find((q) => q.qn === 6)).toMatchObject({ graded: 3.5, r: 'Good example; say why the light bends (its speed changes).' });
    expect(out.userData.remark).toBe('Revise vectors.');
    expect(out.userData.test_data.find((q) => q.qn === 5)?.mts).toEqual(expect.any(Number));
  });

  it('updates on re-import: same ids, the same version while the paper is unchanged, a new one when it changes', async () => {
    const t = await newApp();
    await run(t, example());
    const before = await counts(t);
    const again = await run(t, example());
    expect(again).toEqual({
      students: { inserted: 0, updated: 2 },
      tests: { inserted: 0, updated: 1, newVersions: 0 },
      marksheets: { inserted: 0, updated: 1 },
      attempts: { inserted: 0, updated: 1 },
      grades: { inserted: 0, updated: 1 },
      reviewReleases: 0,
      portal: emptyPortalSummary(),
      queries: emptyQuerySummary(),
      study: { inserted: 0, updated: 0 },
      certificates: emptyCertificateSummary(),
      fees: emptyFeeSummary(),
      proctors: { inserted: 0, updated: 0 },
    });
    expect(await counts(t)).toEqual(before);
    const version = async () => Number((await t.db.kysely.selectFrom('tests').select('version').where('id', '=', 'sci-unit-2').executeTakeFirstOrThrow()).version);
    expect(await version()).toBe(1);

    const changed = example();
    const test = changed.tests?.[0];
    if (!test) throw new Error('example has a test');
    test.name = 'Science Unit Test 2 (corrected)';
    test.assigned_to = ['SCI2025-001'];
    const student = changed.students?.[0];
    if (student) student.meritpoints = 5;
    expect((await run(t, changed)).tests.newVersions).toBe(1);
    expect(await version()).toBe(2);
    expect((await t.users.findByIdentifier('SCI2025-001'))?.meritpoints).toBe(5);
    expect((await counts(t))['test_assignments']).toBe(before['test_assignments'] - 1);
    const paper = JSON.parse((await t.db.kysely.selectFrom('tests').select('paper').where('id', '=', 'sci-unit-2').executeTakeFirstOrThrow()).paper) as { version: number; name: string };
    expect(paper).toMatchObject({ version: 2, name: 'Science Unit Test 2 (corrected)' });
  });

  it('scores submitted attempts again when only the key changes (same paper version)', async () => {
    const t = await newApp();
    const asha = await t.token('DEMO001');
    const rohan = await t.token('DEMO002');
    const scored = async (token: string) => testOutReplySchema.parse(await t.getJson(`/api/test/out/${DEMO_TEST_IDS.attempted}`, token)).result?.scored;
    expect([await scored(asha), await scored(rohan)]).toEqual([7, 16]);
    // The key of question 3 was wrong: C, not A. Keys are not in the paper, so its version stays.
    const test = demoImportFile(t.clock.now()).tests?.find((item) => item._id === DEMO_TEST_IDS.attempted);
    const question = test?.format.parts[0]?.sections[0]?.questions[2];
    if (!test || !question) throw new Error('demo test missing');
    question.answer = 'C';
    const summary = await run(t, { version: 1, tests: [test] });
    expect(summary.tests).toEqual({ inserted: 0, updated: 1, newVersions: 0 });
    expect([await scored(asha), await scored(rohan)]).toEqual([12, 11]);
    const paper = testOutReplySchema.parse(await t.getJson(`/api/test/out/${DEMO_TEST_IDS.attempted}`, asha)).testData;
    expect(paper.version).toBe(1);
    expect(paper.format.parts[0]?.sections[0]?.questions[2]?.answer).toBe('C');
  });

  it('reports every bad field with its path, and writes nothing', async () => {
    const t = await newApp();
    const before = await counts(t);
    const bad = example() as Record<string, unknown> & { students: Record<string, unknown>[]; tests: Record<string, unknown>[] };
    bad['extra'] = true;
    bad.students[0] = { ...bad.students[0], email: 'not-an-email', password: '123' };
    bad.students[1] = { ...bad.students[1], reg_no: 'SCI2025-001', meritpoints: -3 };
    const test = bad.tests[0] as { format: { duration: number; parts: { sections: { questions: Record<string, unknown>[] }[] }[] }; ends_at: string; _id: string };
    test._id = 'bad id';
    test.ends_at = '2024-01-01T00:00:00Z';
    test.format.duration = 30;
    const questions = test.format.parts[0]?.sections[0]?.questions ?? [];
    questions[0] = { ...questions[0], answer: 'E', qt: 3 };
    questions[1] = { ...questions[1], answer: 'A' };
    const tapQuestions = test.format.parts[1]?.sections[2]?.questions ?? [];
    tapQuestions[0] = { ...tapQuestions[0], options: { A: 'upper case in a tap section' } };
    const issues = await issuesOf(run(t, bad));
    expect(issues).toEqual(
      expect.arrayContaining([
        '(file): Unknown field: "extra".',
        'students.1.reg_no: Registration number SCI2025-001 appears twice in the file.',
        'students.0.email: Email is not a valid e-mail address.',
        'students.0.password: Password must be at least 6 characters.',
        'students.1.meritpoints: Meritpoints is too small.',
        'tests.0._id: An id is 1 to 64 letters, digits, "-" or "_", starting with a letter or digit.',
        'tests.0.format.parts.0.sections.0.questions.0.answer: The answer "E" is not one of the options A, B, C, D.',
        'tests.0.format.parts.0.sections.0.questions.1.answer: The answer of a multiple-choice question is a non-empty list of option labels, e.g. ["A", "C"].',
        'tests.0.format.parts.1.sections.2.questions.0.options.A: Option A is not one of a, b, c, d, e (tap sections use a..z).',
        'tests.0.ends_at: The test must end after it opens (ends_at after activation_date).',
        'tests.0.format.duration: Under part-wise timing the duration must be the part durations plus the gaps: 27 minutes, not 30.',
      ]),
    );
    expect(await counts(t)).toEqual(before);
  });

  it('checks references against the database before writing anything', async () => {
    const t = await newApp();
    const before = await counts(t);
    const input = example();
    input.tests?.[0]?.assigned_to?.push('NOBODY');
    input.marksheets?.push({ _id: 'ms-2', reg_no: 'GHOST', name: 'x', html: '<p>x</p>' });
    input.attempts?.push({ test_id: 'missing-test', reg_no: 'DEMO001', started_at: '2025-01-01T00:00:00Z', submitted_at: '2025-01-01T00:10:00Z', answers: [] });
    input.attempts?.push({ test_id: DEMO_TEST_IDS.mcq, reg_no: 'DEMO002', started_at: '2025-01-01T00:00:00Z', submitted_at: '2025-01-01T00:10:00Z', answers: [{ qn: 6, ua: 'A' }] });
    input.students?.push({ reg_no: 'NEW-1', email: 'student@example.edu', name: 'Copycat' });
    expect(await issuesOf(run(t, input))).toEqual([
      'students.2.password: Password is required for a new student (NEW-1).',
      'students.2.email: student@example.edu already belongs to DEMO001.',
      'tests.0.assigned_to.2: There is no student NOBODY.',
      'marksheets.1.reg_no: There is no student GHOST.',
      'attempts.1.test_id: There is no test missing-test.',
      'attempts.2.answers.0.qn: Test demo-mcq has 5 questions.',
    ]);
    expect(await counts(t)).toEqual(before);
  });

  it('rolls everything back when a write fails half way', async () => {
    const t = await newApp();
    const before = await counts(t);
    // A new student first, then two students swapping e-mails: the second update breaks the unique e-mail.
    const input: ImportFileInput = {
      version: 1,
      students: [
        { reg_no: 'NEW-2', email: 'new2@example.edu', name: 'New Two', password: 'secret12' },
        { reg_no: 'DEMO001', email: 'second@example.edu', name: 'Asha Verma' },
        { reg_no: 'DEMO002', email: 'student@example.edu', name: 'Rohan Mehta' },
      ],
    };
    await expect(run(t, input)).rejects.toThrow();
    expect(await counts(t)).toEqual(before);
    expect(await t.users.findByIdentifier('NEW-2')).toBeUndefined();
    expect((await t.users.findByIdentifier('DEMO001'))?.email).toBe('student@example.edu');
  });
});

describe("import of teachers' grades", () => {
  const MINUTE = 60_000;
  const change = (qn: number, rev: number, ua: string | null, at: number) => ({ qn, rev, ua, ats: ua === null ? null : at, mts: null, vts: at, s: 30, at });

  /**
   * Asha and Rohan take the demo mixed paper (q8 type 1 and q9 type 8 are subjective, 5 marks,
   * no negative marks): both get q1 right (+4); Asha writes an answer to q8 in Part B.
   */
  async function takeMixedPaper(t: TestApp) {
    const id = DEMO_TEST_IDS.mixed;
    const asha = { [ACCESS_TOKEN_HEADER]: await t.token('DEMO001') };
    const rohan = { [ACCESS_TOKEN_HEADER]: await t.token('DEMO002') };
    for (const who of [asha, rohan]) {
      expect((await t.postJson('/api/test/start', { id, devices: [] }, who)).status).toBe(200);
      await t.postJson('/api/test/sync', { id, updates: [change(1, 1, 'B', t.clock.now())], qn: 1 }, who);
    }
    // Part B (questions 6 to 10) opens after Part A's 10 minutes and the 1-minute rest.
    t.clock.advance(12 * MINUTE);
    await t.postJson('/api/test/sync', { id, updates: [change(8, 2, '<p>A body keeps its state of rest or motion.</p>', t.clock.now())], qn: 8 }, asha);
    for (const who of [asha, rohan]) expect((await t.postJson('/api/test/submit', { id, updates: [], terminated: 'manual' }, who)).status).toBe(200);
    const out = async (who: Record<string, string>) => testOutReplySchema.parse(await (await t.get(`/api/test/out/${id}`, who)).json());
    const ranks = async (who: Record<string, string>) =>
      rankingReplySchema.parse(await (await t.get(`/api/test/out/${id}/ranking`, who)).json()).ranks.map(([rank, name, , result]) => [rank, name, result.scored]);
    const sheet = async (who: Record<string, string>) => answerSheetReplySchema.parse(await (await t.get(`/api/test/answer/${id}`, who)).json());
    return { id, asha, rohan, out, ranks, sheet };
  }

  it('stores grades, scores the attempts again with them and shows them in result, review, answer sheet and ranking', async () => {
    const t = await newApp();
    const { id, asha, rohan, out, ranks, sheet } = await takeMixedPaper(t);
    const before = await out(asha);
    expect(before.result).toMatchObject({ scored: 4, correct: 1, pending: 1, attempted: 2 });
    expect(before.userData.test_data.find((q) => q.qn === 8)?.graded).toBeUndefined();
    // Equal scores and times share the rank, the earlier submission first.
    await t.db.kysely.updateTable('attempts').set({ submitted_at: t.clock.now() - 1 }).where('user_id', '=', t.userIds['DEMO002'] ?? '').execute();
    expect(await ranks(asha)).toEqual([
      [1, 'Rohan Mehta', 4],
      [1, 'Asha Verma', 4],
    ]);

    // Asha by e-mail: q8 4 of 5 with a remark, q9 (answered on paper) 2.5; Rohan by reg_no: q9 1.
    const summary = await run(t, {
      version: 1,
      grades: [
        {
          test_id: id,
          students: [
            { email: 'Student@Example.edu', questions: [{ qn: 8, marks: 4, r: 'State it for a net force of zero.' }, { qn: 9, marks: 2.5, r: 'Diagram on paper: rays drawn well.' }] },
            { reg_no: 'demo002', questions: [{ qn: 9, marks: 1 }] },
          ],
        },
      ],
    });
    expect(summary.grades).toEqual({ inserted: 3, updated: 0 });

    const after = await out(asha);
    // 1 +4, 8 graded 4 (partial), 9 graded 2.5 (partial, with no typed answer): no question pending.
    expect(after.result).toMatchObject({ scored: 10.5, correct: 1, partial: 2, pending: 0, attempted: 3, skipped: 7 });
    expect(after.result?.partResults.map((part) => [part.name, part.scored])).toEqual([
      ['Part A', 4],
      ['Part B', 6.5],
    ]);
    expect(after.userData.test_data.filter((q) => q.qn >= 8).map((q) => [q.qn, q.graded, q.r, q.ua])).toEqual([
      [8, 4, 'State it for a net force of zero.', '<p>A body keeps its state of rest or motion.</p>'],
      [9, 2.5, 'Diagram on paper: rays drawn well.', null],
    ]);
    expect((await sheet(asha)).userData.test_data.find((q) => q.qn === 9)).toMatchObject({ graded: 2.5, r: 'Diagram on paper: rays drawn well.' });
    expect((await sheet(asha)).userData.result).toMatchObject({ scored: 10.5 });
    expect((await out(rohan)).result).toMatchObject({ scored: 5, partial: 1 });
    expect(await ranks(rohan)).toEqual([
      [1, 'Asha Verma', 10.5],
      [2, 'Rohan Mehta', 5],
    ]);
    const myResults = myResultsReplySchema.parse(await (await t.get('/api/test/myresults', asha)).json());
    expect(myResults.find((row) => row._id === id)?.result?.scored).toBe(10.5);

    // Regrading replaces the grade, remark included.
    const regrade = await run(t, { version: 1, grades: [{ test_id: id, students: [{ reg_no: 'DEMO001', questions: [{ qn: 8, marks: 5 }] }] }] });
    expect(regrade.grades).toEqual({ inserted: 0, updated: 1 });
    const regraded = await out(asha);
    expect(regraded.result).toMatchObject({ scored: 11.5, correct: 2, partial: 1 });
    expect(regraded.userData.test_data.find((q) => q.qn === 8)).toMatchObject({ graded: 5, r: null });

    // A later change of the key scores the attempt again, grades included.
    const test = demoImportFile(t.clock.now()).tests?.find((item) => item._id === id);
    const question = test?.format.parts[0]?.sections[0]?.questions[0];
    if (!test || !question) throw new Error('demo test missing');
    question.answer = 'A';
    await run(t, { version: 1, tests: [test] });
    expect((await out(asha)).result).toMatchObject({ scored: 6.5, wrong: 1, partial: 1, correct: 1 });
  });

  it('refuses grades that do not fit, with the path of each, and writes nothing', async () => {
    const t = await newApp();
    const { id } = await takeMixedPaper(t);
    const before = await counts(t);
    const input = example();
    input.grades = [
      // A test in the file: checked by the schema against its questions.
      { test_id: 'sci-unit-2', students: [{ reg_no: 'SCI2025-002', questions: [{ qn: 6, marks: 6 }, { qn: 1, marks: -2 }, { qn: 8, marks: 1 }, { qn: 6, marks: 1.234 }] }] },
      // A stored test: checked against its stored key.
      {
        test_id: id,
        students: [
          { reg_no: 'DEMO001', questions: [{ qn: 8, marks: -1 }, { qn: 9, marks: 5.5 }, { qn: 11, marks: 1 }] },
          { email: 'nobody@example.edu', questions: [{ qn: 8, marks: 1 }] },
          { reg_no: 'DEMO003', questions: [{ qn: 8, marks: 1 }] },
          { reg_no: 'DEMO002', email: 'second@example.edu', questions: [{ qn: 8, marks: 1 }] },
        ],
      },
      { test_id: 'no-such-test', students: [{ reg_no: 'DEMO001', questions: [{ qn: 1, marks: 1 }] }] },
    ];
    const issues = await issuesOf(run(t, input));
    expect(issues).toEqual(
      expect.arrayContaining([
        'grades.0.students.0.questions.0.marks: Marks must be between 0 and 5 for question 6 of sci-unit-2, not 6.',
        'grades.0.students.0.questions.1.marks: Marks must be between -1 and 4 for question 1 of sci-unit-2, not -2.',
        'grades.0.students.0.questions.2.qn: Test sci-unit-2 has 7 questions.',
        'grades.0.students.0.questions.3.qn: Question 6 is graded twice.',
        'grades.0.students.0.questions.3.marks: Marks have at most 2 decimals.',
        'grades.1.students.3.reg_no: Name the student by reg_no or by email (one of them).',
      ]),
    );
    expect(issues).toHaveLength(6);

    // The same file without the problems the schema sees: what only the database can tell.
    input.grades = [
      { test_id: id, students: input.grades[1]?.students.slice(0, 3) ?? [] },
      { test_id: 'no-such-test', students: [{ reg_no: 'DEMO001', questions: [{ qn: 1, marks: 1 }] }] },
    ];
    expect(await issuesOf(run(t, input))).toEqual([
      'grades.0.students.0.questions.0.marks: Marks must be between 0 and 5 for question 8 of demo-mixed, not -1.',
      'grades.0.students.0.questions.1.marks: Marks must be between 0 and 5 for question 9 of demo-mixed, not 5.5.',
      'grades.0.students.0.questions.2.qn: Test demo-mixed has 10 questions.',
      'grades.0.students.1.email: There is no student nobody@example.edu.',
      'grades.0.students.2: DEMO003 has no submitted attempt at test demo-mixed.',
      'grades.1.test_id: There is no test no-such-test.',
    ]);
    expect(await counts(t)).toEqual(before);
    expect((await t.db.kysely.selectFrom('grades').selectAll().execute()).length).toBe(0);
  });

  it('refuses grades of an attempt that is still running', async () => {
    const t = await newApp();
    const token = await t.token('DEMO001');
    await t.postJson('/api/test/start', { id: DEMO_TEST_IDS.mcq, devices: [] }, { [ACCESS_TOKEN_HEADER]: token });
    expect(await issuesOf(run(t, { version: 1, grades: [{ test_id: DEMO_TEST_IDS.mcq, students: [{ reg_no: 'DEMO001', questions: [{ qn: 1, marks: 1 }] }] }] }))).toEqual([
      'grades.0.students.0: DEMO001 has no submitted attempt at test demo-mcq yet.',
    ]);
  });
});

describe('npm run import (the CLI)', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('imports a file into DATA_DIR, prints what it did, and refuses a bad file with every issue', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'invigil-cli-'));
    dirs.push(dataDir);
    const lines: string[] = [];
    const out = { log: (...args: unknown[]) => void lines.push(args.join(' ')), error: (...args: unknown[]) => void lines.push(args.join(' ')) };
    const env = { DATA_DIR: dataDir, INIT_CWD: findRepoRoot() };

    expect(await runImport(['docs/examples/import-example.json', '--dry-run'], out, env)).toBe(0);
    expect(lines.join('\n')).toContain('Dry run (nothing written)');
    expect(await runImport(['docs/examples/import-example.json'], out, env)).toBe(0);
    expect(lines.join('\n')).toContain('students:           2 added, 0 updated');
    // A long import says how it goes, on stderr: each step's start and end at least.
    expect(lines).toEqual(expect.arrayContaining(['Hashing passwords: 0 of 2 (0%)', 'Hashing passwords: 2 of 2 (100%)', 'Writing students: 2 of 2 (100%)']));

    lines.length = 0;
    writeFileSync(join(dataDir, 'bad.json'), JSON.stringify({ version: 1, students: [{ reg_no: 'X', name: '' }], tests: [{ _id: 't' }] }));
    expect(await runImport([join(dataDir, 'bad.json')], out, env)).toBe(1);
    expect(lines).toEqual([
      `${join(dataDir, 'bad.json')} was refused: 4 problems. Nothing was imported.`,
      '  students.0.email: Email is required.',
      '  students.0.name: Name is required.',
      '  tests.0.name: Name is required.',
      '  tests.0.format: Format is required.',
    ]);
    writeFileSync(join(dataDir, 'broken.json'), '{"version": 1,');
    expect(await runImport([join(dataDir, 'broken.json')], out, env)).toBe(1);
    expect(await runImport([], out, env)).toBe(2);
  });
});

describe('npm run import progress', () => {
  it('prints a step\'s start and end, and at most one line every 2 s between', () => {
    const lines: string[] = [];
    let now = 0;
    const report = progressLine({ error: (line: string) => void lines.push(line) }, () => now);
    report('passwords', 0, 10_000);
    for (let done = 8; done < 10_000; done += 8) {
      now += 10;
      report('passwords', done, 10_000);
    }
    report('passwords', 10_000, 10_000);
    expect(lines[0]).toBe('Hashing passwords: 0 of 10,000 (0%)');
    expect(lines.at(-1)).toBe('Hashing passwords: 10,000 of 10,000 (100%)');
    // 12.5 s of hashing: a line every 2 s, not one per batch.
    expect(lines.length).toBeGreaterThanOrEqual(7);
    expect(lines.length).toBeLessThanOrEqual(9);
  });
});
