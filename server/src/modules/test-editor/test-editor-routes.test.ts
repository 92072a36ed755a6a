import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_HEADER } from '@invigil/shared/api/http';
import type { TestDraftInput, TestEditorReply, TestListReply, TestPreviewReply, TestPreviewScoreReply, TestPublishReply } from '@invigil/shared/api/staff-tests';
import { submittedStructureMessage, TEST_EDITOR_MESSAGES, writingNowMessage } from '@invigil/shared/api/staff-tests';
import { testListReplySchema } from '@invigil/shared/api/tests';
import { DEMO_CLASS_ID } from '../../seed/demo-portal';
import { DEMO_STAFF, DEMO_TEACHER_DRAFT_ID } from '../../seed/demo-staff';
import { DEMO_TEST_IDS } from '../../seed/demo-tests';
import type { TestApp } from '../../test-support/test-app';
import { useTestApp } from '../../test-support/test-app';
import { importData, parseImportFile } from '../../import/import-service';
import { jsonOf as json, sendAs as send, staffToken } from '../../test-support/staff-requests';

const newApp = useTestApp();
const OTHER_CLASS = 'editor-class-b';

type QuestionInput = NonNullable<NonNullable<NonNullable<TestDraftInput['parts']>[number]['sections']>[number]['questions']>[number];
type QuestionFields = QuestionInput['question'];

const choice = (overrides: Partial<QuestionFields> = {}): QuestionInput => ({
  bank: null,
  question: { qt: 3, pm: 4, nm: 1, text: '<p>Which is right?</p>', options: { A: 'a', B: 'b', C: 'c', D: 'd' }, answer: 'B', ...overrides },
});
const numerical = (overrides: Partial<QuestionFields> = {}): QuestionInput => ({ bank: null, question: { qt: 6, pm: 2, nm: 0, text: '<p>How much?</p>', answer: '2.5', ...overrides } });

function draftOf(id: string, overrides: Partial<TestDraftInput> = {}): TestDraftInput {
  return {
    id,
    name: `Editor test ${id}`,
    duration: 30,
    parts: [{ name: 'Part A', sections: [{ name: 'Section 1', questions: [choice(), numerical()] }] }],
    ...overrides,
  };
}

/** The app with a second class, Class 10 - B (DEMO002 moved into it), beside the demo's Class 10 - A (DEMO001). */
async function setUp() {
  const t = await newApp();
  await t.db.kysely.insertInto('classes').values({ id: OTHER_CLASS, name: 'Class 10 - B' }).execute();
  await t.db.kysely.updateTable('student_profiles').set({ class_id: OTHER_CLASS }).where('user_id', '=', t.userIds['DEMO002'] ?? '').execute();
  const admin = await staffToken(t, DEMO_STAFF.admin.email);
  const teacher = await staffToken(t, DEMO_STAFF.teacher.email);
  const create = async (token: string, draft: TestDraftInput) => json<TestEditorReply>(await send(t, 'POST', '/api/staff/tests', token, { draft }), 201);
  const save = async (token: string, reply: TestEditorReply, change: Partial<TestDraftInput>, status = 200) =>
    json<TestEditorReply>(await send(t, 'PUT', `/api/staff/tests/${reply.draft.id}`, token, { draft: { ...reply.draft, ...change }, base_updated_at: reply.updated_at }), status);
  const publish = async (token: string, reply: TestEditorReply, status = 200) =>
    json<TestPublishReply>(await send(t, 'POST', `/api/staff/tests/${reply.draft.id}/publish`, token, { base_updated_at: reply.updated_at }), status);
  const open = async (token: string, id: string) => json<TestEditorReply>(await send(t, 'GET', `/api/staff/tests/${id}`, token), 200);
  const studentList = async (regNo: string) => {
    const token = await t.token(regNo);
    return testListReplySchema.parse(await t.getJson('/api/test/list', token)).map((item) => item._id);
  };
  return { t, admin, teacher, create, save, publish, open, studentList };
}

const storedTest = (t: TestApp, id: string) => t.db.kysely.selectFrom('tests').select(['version', 'paper_hash', 'access_code_hash', 'answer_key']).where('id', '=', id).executeTakeFirstOrThrow();

describe('test editor: roles and scope', () => {
  it('lets admins and teachers in, not proctors (403) nor students (401); a teacher sees their tests and their classes\' only', async () => {
    const { t, admin, teacher, create, publish, open } = await setUp();
    const proctor = await staffToken(t, DEMO_STAFF.proctor.email);
    const student = await t.token('student@example.edu');
    expect((await send(t, 'GET', '/api/staff/tests', proctor)).status).toBe(403);
    expect((await send(t, 'POST', '/api/staff/tests', proctor, { draft: draftOf('by-proctor') })).status).toBe(403);
    expect((await send(t, 'GET', '/api/staff/tests', student)).status).toBe(401);
    expect((await t.get('/api/staff/tests')).status).toBe(401);

    const mine = await create(teacher, draftOf('teacher-own', { classes: [DEMO_CLASS_ID], students: ['DEMO001'] }));
    expect(mine.status).toBe('draft');
    const adminOnly = await create(admin, draftOf('admin-only'));
    const forClass = await create(admin, draftOf('admin-for-class', { classes: [DEMO_CLASS_ID] }));

    // Unpublished, an admin's draft for the teacher's class is not theirs yet; published, it is.
    expect((await send(t, 'GET', '/api/staff/tests/admin-for-class', teacher)).status).toBe(403);
    await publish(admin, forClass);
    expect((await open(teacher, 'admin-for-class')).draft.classes).toEqual([DEMO_CLASS_ID]);
    const refused = await send(t, 'GET', `/api/staff/tests/${adminOnly.draft.id}`, teacher);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(TEST_EDITOR_MESSAGES.notYours);
    expect((await send(t, 'DELETE', '/api/staff/tests/admin-only', teacher)).status).toBe(403);

    const teacherList = await json<TestListReply>(await send(t, 'GET', '/api/staff/tests', teacher), 200);
    // The demo teacher's own draft (the seed's) is theirs too.
    expect(teacherList.items.map((item) => item.id).sort()).toEqual(['admin-for-class', DEMO_TEACHER_DRAFT_ID, 'teacher-own']);
    const adminList = await json<TestListReply>(await send(t, 'GET', '/api/staff/tests', admin), 200);
    expect(adminList.total).toBe(Object.keys(DEMO_TEST_IDS).length + 3 + 1); // + the demo teacher's draft

    // A teacher assigns only their classes and their classes' students.
    const otherClass = await send(t, 'POST', '/api/staff/tests', teacher, { draft: draftOf('teacher-b', { classes: [OTHER_CLASS] }) });
    expect(otherClass.status).toBe(403);
    expect(await otherClass.json()).toMatchObject({ message: TEST_EDITOR_MESSAGES.classNotYours, issues: [{ path: 'classes.0' }] });
    const otherStudent = await send(t, 'PUT', '/api/staff/tests/teacher-own', teacher, { draft: { ...mine.draft, students: ['DEMO001', 'DEMO002'] }, base_updated_at: mine.updated_at });
    expect(otherStudent.status).toBe(403);
    expect(await otherStudent.json()).toMatchObject({ message: TEST_EDITOR_MESSAGES.studentNotYours, issues: [{ path: 'students.1' }] });
    // The editor's pickers offer the teacher's classes only.
    expect(mine.options.classes.map((item) => item.id)).toEqual([DEMO_CLASS_ID]);
    expect(mine.options.proctors.map((item) => item.email)).toEqual([DEMO_STAFF.proctor.email]);
    expect(mine.student_names).toEqual([{ reg_no: 'DEMO001', name: 'Asha Verma' }]);
  });
});

describe('test editor: drafts', () => {
  it('creates, saves with optimistic concurrency, refuses a taken id and malformed bodies', async () => {
    const { t, admin, create, save } = await setUp();
    const created = await create(admin, draftOf('quiz-1'));
    expect(created).toMatchObject({ status: 'draft', published: null, issues: [], attempts: { running: 0, submitted: 0 }, access_code_set: false });
    const taken = await send(t, 'POST', '/api/staff/tests', admin, { draft: draftOf('quiz-1') });
    expect(taken.status).toBe(409);
    expect(((await taken.json()) as { message: string }).message).toBe(TEST_EDITOR_MESSAGES.idTaken);
    expect((await send(t, 'POST', '/api/staff/tests', admin, { draft: draftOf(DEMO_TEST_IDS.mcq) })).status).toBe(409);

    const saved = await save(admin, created, { name: 'Renamed' });
    expect(saved.draft.name).toBe('Renamed');
    expect(saved.updated_at).toBeGreaterThan(created.updated_at);
    // A second save from the same starting point: someone saved meanwhile.
    const stale = await save(admin, created, { name: 'Mine' }, 409);
    expect(stale).toEqual({ message: TEST_EDITOR_MESSAGES.savedMeanwhile });
    expect((await send(t, 'POST', '/api/staff/tests/quiz-1/publish', admin, { base_updated_at: created.updated_at })).status).toBe(409);

    expect((await send(t, 'PUT', '/api/staff/tests/quiz-1', admin, { draft: { ...saved.draft, id: 'other' }, base_updated_at: saved.updated_at })).status).toBe(422);
    expect((await send(t, 'PUT', '/api/staff/tests/quiz-1', admin, '{not json')).status).toBe(400);
    const bad = await send(t, 'PUT', '/api/staff/tests/quiz-1', admin, { draft: { ...saved.draft, duration: -1 }, base_updated_at: saved.updated_at });
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { issues: { path: string }[] }).issues[0]?.path).toBe('draft.duration');
    expect((await send(t, 'POST', '/api/staff/tests', admin, { draft: { ...draftOf('x'), surprise: 1 } })).status).toBe(422);
    expect((await send(t, 'GET', '/api/staff/tests/no-such-test', admin)).status).toBe(404);
    expect((await send(t, 'GET', '/api/staff/tests/bad%20id', admin)).status).toBe(422);
  });

  it('lists what stops publishing with paths into the draft, and refuses to publish (422)', async () => {
    const { t, admin, create, publish } = await setUp();
    const reply = await create(
      admin,
      draftOf('broken', {
        partwise_timing: true,
        parts: [
          { name: 'A', sections: [{ name: 'S1', questions: [choice({ answer: 'E' }), { bank: { id: 'gone', version: 1 }, question: choice().question }] }, { name: 'Empty' }] },
        ],
        classes: ['no-such-class'],
        students: ['NOPE1'],
        proctors: ['no-such-proctor'],
      }),
    );
    const paths = reply.issues.map((issue) => issue.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'parts.0.sections.0.questions.0.question.answer',
        'parts.0.sections.1.questions',
        'parts.0.duration',
        'parts.0.sections.0.questions.1.bank',
        'classes.0',
        'students.0',
        'proctors.0',
      ]),
    );
    expect(reply.issues.find((issue) => issue.path === 'students.0')?.message).toBe(TEST_EDITOR_MESSAGES.unknownStudent);
    const refused = await publish(admin, reply, 422);
    expect(refused).toMatchObject({ message: TEST_EDITOR_MESSAGES.cannotPublish });
    expect((refused as unknown as { issues: unknown[] }).issues).toEqual(reply.issues);
    expect((await send(t, 'GET', '/api/staff/tests/broken/preview', admin)).status).toBe(422);
    expect(await t.db.kysely.selectFrom('tests').select('id').where('id', '=', 'broken').executeTakeFirst()).toBeUndefined();
  });

  it('stores TeX written in the test as MathML and gives it back as TeX', async () => {
    const { t, admin, create } = await setUp();
    const reply = await create(admin, draftOf('math', { parts: [{ name: 'A', sections: [{ name: 'S', questions: [choice({ text: '<p>Speed \\(v = d/t\\)?</p>' })] }] }] }));
    expect(reply.draft.parts[0]?.sections[0]?.questions[0]?.question.text).toBe('<p>Speed \\(v = d/t\\)?</p>');
    const row = await t.db.kysely.selectFrom('test_drafts').select('document').where('test_id', '=', 'math').executeTakeFirstOrThrow();
    expect(row.document).toContain('<math');
    expect(row.document).not.toContain('\\\\(v');
  });
});

describe('test editor: publishing', () => {
  it('publishes a draft through the import: students of an assigned class see it, others do not; proctors are set', async () => {
    const { t, admin, create, publish, studentList } = await setUp();
    const proctorId = (await t.db.kysely.selectFrom('staff_accounts').select('id').where('email', '=', DEMO_STAFF.proctor.email).executeTakeFirstOrThrow()).id;
    const draft = await create(admin, draftOf('class-test', { classes: [DEMO_CLASS_ID], proctors: [proctorId], access_code: 'LET-ME-IN' }));
    expect(await studentList('DEMO001')).not.toContain('class-test');
    const published = await publish(admin, draft);
    expect(published).toMatchObject({ new_version: false, rescored: 0, editor: { status: 'published', published: { version: 1 }, access_code_set: true } });
    expect(await studentList('DEMO001')).toContain('class-test');
    expect(await studentList('DEMO002')).not.toContain('class-test');
    expect((await t.db.kysely.selectFrom('test_classes').selectAll().where('test_id', '=', 'class-test').execute()).map((row) => row.class_id)).toEqual([DEMO_CLASS_ID]);
    expect((await t.db.kysely.selectFrom('proctor_tests').select('proctor_id').where('test_id', '=', 'class-test').execute()).map((row) => row.proctor_id)).toEqual([proctorId]);
    // The live console's roster: the students of the class, who have not started yet.
    const proctor = await staffToken(t, DEMO_STAFF.proctor.email);
    const snapshot = (await t.getJson('/api/proctor/tests/class-test', proctor)) as { candidates: { uid: string }[] };
    expect(snapshot.candidates.map((candidate) => candidate.uid)).toEqual([t.userIds['DEMO001']]);
    // The access code works as an imported one does.
    const asha = await t.token('DEMO001');
    expect((await t.postJson('/api/test/start', { id: 'class-test', devices: [] }, { [ACCESS_TOKEN_HEADER]: asha })).status).toBe(422);
    expect((await t.postJson('/api/test/start', { id: 'class-test', devices: [], access_code: 'LET-ME-IN' }, { [ACCESS_TOKEN_HEADER]: asha })).status).toBe(200);
  });

  it('refuses a paper change while a student writes; settings alone publish; after submission corrections publish and rescore, structure changes do not', async () => {
    const { t, admin, create, save, publish, open } = await setUp();
    const first = await publish(admin, await create(admin, draftOf('live-test', { students: ['DEMO001'] })));
    const asha = await t.token('DEMO001');
    const headers = { [ACCESS_TOKEN_HEADER]: asha };
    expect((await t.postJson('/api/test/start', { id: 'live-test', devices: [] }, headers)).status).toBe(200);
    const before = await storedTest(t, 'live-test');

    // The paper changes (the text of question 1): refused while Asha writes.
    const reworded = [{ ...first.editor.draft.parts[0]!, sections: [{ ...first.editor.draft.parts[0]!.sections[0]!, questions: [choice({ text: '<p>Which one is right?</p>' }), numerical()] }] }];
    const changed = await save(admin, first.editor, { parts: reworded });
    expect(changed.status).toBe('changed');
    expect(changed.attempts).toEqual({ running: 1, submitted: 0 });
    expect(await publish(admin, changed, 409)).toEqual({ message: writingNowMessage(1) });
    expect((await storedTest(t, 'live-test')).paper_hash).toBe(before.paper_hash);

    // Settings only (the paper as it is): published now.
    const settingsOnly = await save(admin, await open(admin, 'live-test'), { parts: first.editor.draft.parts, mp_cost: 0, ends_at: new Date(t.clock.now() + 86_400_000).toISOString() });
    const settled = await publish(admin, settingsOnly);
    expect(settled.new_version).toBe(false);
    expect((await storedTest(t, 'live-test')).version).toBe(1);

    // Asha answers B (right under the first key) and submits.
    const now = t.clock.now();
    const submit = await t.postJson('/api/test/submit', { id: 'live-test', updates: [{ qn: 1, rev: 1, ua: 'B', ats: now, mts: null, vts: now, s: 5, at: now }], terminated: 'manual' }, headers);
    expect(submit.status).toBe(200);

    // Reworded, with a corrected key (C), the same structure: a new version, Asha's attempt scored again.
    const corrected = await save(admin, settled.editor, {
      parts: [{ ...first.editor.draft.parts[0]!, sections: [{ ...first.editor.draft.parts[0]!.sections[0]!, questions: [choice({ text: '<p>Which one is right?</p>', answer: 'C' }), numerical()] }] }],
    });
    const republished = await publish(admin, corrected);
    expect(republished).toMatchObject({ new_version: true, rescored: 1, editor: { published: { version: 2 }, attempts: { running: 0, submitted: 1 } } });
    const result = await t.db.kysely.selectFrom('attempts').select('result').where('test_id', '=', 'live-test').executeTakeFirstOrThrow();
    expect((JSON.parse(result.result ?? '{}') as { scored: number }).scored).toBe(-1);

    // A question more: refused once students have submitted.
    const grown = await save(admin, republished.editor, { parts: [{ name: 'Part A', sections: [{ name: 'Section 1', questions: [choice({ answer: 'C' }), numerical(), numerical()] }] }] });
    expect(await publish(admin, grown, 409)).toEqual({ message: submittedStructureMessage(1) });
    // A changed type too.
    const retyped = await save(admin, await open(admin, 'live-test'), { parts: [{ name: 'Part A', sections: [{ name: 'Section 1', questions: [choice({ answer: 'C' }), choice()] }] }] });
    expect(await publish(admin, retyped, 409)).toEqual({ message: submittedStructureMessage(1) });

    // Started: it cannot be deleted.
    const started = await send(t, 'DELETE', '/api/staff/tests/live-test', admin);
    expect(started.status).toBe(409);
    expect(((await started.json()) as { message: string }).message).toBe(TEST_EDITOR_MESSAGES.startedCannotDelete);
  });

  it('opens every imported demo test as a draft that publishes unchanged: the same paper hash, no new version, the access code kept', async () => {
    const { t, admin, open, publish } = await setUp();
    for (const id of Object.values(DEMO_TEST_IDS)) {
      const before = await storedTest(t, id);
      const reply = await open(admin, id);
      expect(reply.status, id).toBe('published');
      expect(reply.issues, id).toEqual([]);
      expect(reply.draft.keep_access_code, id).toBe(before.access_code_hash !== null);
      const published = await publish(admin, reply);
      expect(published.new_version, id).toBe(false);
      expect(published.rescored, id).toBe(0);
      const after = await storedTest(t, id);
      expect(after, id).toEqual(before);
      expect(published.editor.status, id).toBe('published');
    }
  });

  it('shows the test as `npm run import` wrote it after the editor published it (a draft without changes of its own)', async () => {
    const { t, admin, create, save, publish, open } = await setUp();
    const published = await publish(admin, await create(admin, draftOf('imported-later', { access_code: 'KEEP-1' })));
    t.clock.advance(1_000);
    const file = {
      version: 1,
      tests: [{ _id: 'imported-later', name: 'Named by the import', format: { duration: 45, parts: [{ name: 'P', sections: [{ name: 'S', questions: [choice().question] }] }] } }],
    };
    await importData(t.db.kysely, parseImportFile(file), t.clock, t.logger);
    const reopened = await open(admin, 'imported-later');
    expect(reopened).toMatchObject({ status: 'published', draft: { name: 'Named by the import', duration: 45, access_code: null, keep_access_code: false }, published: { version: 2 } });
    expect(reopened.updated_at).toBeGreaterThan(published.editor.updated_at);
    const listed = await json<TestListReply>(await send(t, 'GET', '/api/staff/tests?q=imported-later', admin), 200);
    expect(listed.items[0]).toMatchObject({ name: 'Named by the import', status: 'published', duration: 45, questions: 1, updated_at: reopened.updated_at });
    // The search matches the name the list shows, not the draft's old one.
    const search = async (q: string) => (await json<TestListReply>(await send(t, 'GET', `/api/staff/tests?q=${encodeURIComponent(q)}`, admin), 200)).items.map((item) => item.id);
    expect(await search('named by the import')).toEqual(['imported-later']);
    expect(await search('Editor test imported')).toEqual([]);
    // The draft the editor last saw is out of date: its save is refused; one made from the reopened test goes through.
    expect((await send(t, 'PUT', '/api/staff/tests/imported-later', admin, { draft: published.editor.draft, base_updated_at: published.editor.updated_at })).status).toBe(409);
    const saved = await save(admin, reopened, { name: 'Edited after the import' });
    expect(saved.status).toBe('changed');
    expect((await publish(admin, saved)).editor).toMatchObject({ status: 'published', draft: { name: 'Edited after the import' } });
  });

  it('discards unpublished changes, deletes unstarted tests and duplicates one as a new draft of the asker', async () => {
    const { t, admin, teacher, create, save, publish } = await setUp();
    const published = await publish(admin, await create(admin, draftOf('to-change')));
    const changed = await save(admin, published.editor, { name: 'Changed name' });
    expect(changed.status).toBe('changed');
    const discarded = await json<TestEditorReply>(await send(t, 'DELETE', '/api/staff/tests/to-change/draft', admin), 200);
    expect(discarded).toMatchObject({ status: 'published', draft: { name: 'Editor test to-change' } });
    expect((await send(t, 'DELETE', '/api/staff/tests/to-change/draft', admin)).status).toBe(409);
    await create(admin, draftOf('never-published'));
    const never = await send(t, 'DELETE', '/api/staff/tests/never-published/draft', admin);
    expect(((await never.json()) as { message: string }).message).toBe(TEST_EDITOR_MESSAGES.neverPublished);

    const copy = await json<TestEditorReply>(await send(t, 'POST', '/api/staff/tests/to-change/duplicate', admin, { id: 'to-change-2', name: 'Copy' }), 201);
    expect(copy).toMatchObject({ status: 'draft', draft: { id: 'to-change-2', name: 'Copy' }, attempts: { running: 0, submitted: 0 } });
    expect((await send(t, 'POST', '/api/staff/tests/to-change/duplicate', admin, { id: 'to-change-2', name: 'Again' })).status).toBe(409);

    expect((await send(t, 'DELETE', '/api/staff/tests/to-change', admin)).status).toBe(204);
    expect((await send(t, 'DELETE', '/api/staff/tests/never-published', admin)).status).toBe(204);
    expect((await send(t, 'GET', '/api/staff/tests/to-change', admin)).status).toBe(404);
    expect(await t.db.kysely.selectFrom('tests').select('id').where('id', '=', 'to-change').executeTakeFirst()).toBeUndefined();
    // The teacher cannot see the admin's copy.
    expect((await send(t, 'GET', '/api/staff/tests/to-change-2', teacher)).status).toBe(403);
  });
});

describe('test editor: versions of a deleted test\'s id', () => {
  it('never repeats a version: a test made again with a deleted test\'s id, by the editor or the import, goes on from its last version', async () => {
    const { t, admin, create, save, publish } = await setUp();
    const first = await publish(admin, await create(admin, draftOf('reused-id')));
    const second = await publish(admin, await save(admin, first.editor, { parts: [{ name: 'Part A', sections: [{ name: 'Section 1', questions: [choice({ text: '<p>Reworded</p>' })] }] }] }));
    expect(second).toMatchObject({ new_version: true, editor: { published: { version: 2 } } });
    expect((await send(t, 'DELETE', '/api/staff/tests/reused-id', admin)).status).toBe(204);
    expect(await t.db.kysely.selectFrom('retired_test_versions').select(['test_id', 'last_version']).execute()).toEqual([{ test_id: 'reused-id', last_version: 2 }]);

    // Made again in the editor: version 3, and the student's sealed paper URL names it (not the deleted test's 1).
    const remade = await create(admin, draftOf('reused-id', { name: 'A different test', open_to_all: true }));
    expect((await json<TestPreviewReply>(await send(t, 'GET', '/api/staff/tests/reused-id/preview', admin), 200)).paper.version).toBe(3);
    const again = await publish(admin, remade);
    expect(again).toMatchObject({ new_version: false, editor: { published: { version: 3 } } });
    expect(await storedTest(t, 'reused-id')).toMatchObject({ version: 3 });
    const token = await t.token('DEMO001');
    expect((await t.app.request('/api/test/sealed-paper/reused-id/3', { headers: { [ACCESS_TOKEN_HEADER]: token } })).status).toBe(200);
    expect((await t.app.request('/api/test/sealed-paper/reused-id/1', { headers: { [ACCESS_TOKEN_HEADER]: token } })).status).not.toBe(200);

    // Deleted again and written by the JSON import: version 4.
    expect((await send(t, 'DELETE', '/api/staff/tests/reused-id', admin)).status).toBe(204);
    const file = { version: 1, tests: [{ _id: 'reused-id', name: 'Imported', format: { duration: 30, parts: [{ name: 'P', sections: [{ name: 'S', questions: [choice().question] }] }] } }] };
    await importData(t.db.kysely, parseImportFile(file), t.clock, t.logger);
    expect(await storedTest(t, 'reused-id')).toMatchObject({ version: 4 });
    expect(await t.db.kysely.selectFrom('retired_test_versions').select(['test_id', 'last_version']).execute()).toEqual([{ test_id: 'reused-id', last_version: 3 }]);
  });
});

describe('test editor: preview and list', () => {
  it('previews the draft as the student\'s paper (no keys) and scores answers without storing anything', async () => {
    const { t, admin, create } = await setUp();
    await create(admin, draftOf('preview-me', { instruction: '<p>Read carefully.</p>', config: { PROCTOR_TYPE: 'none' } }));
    const preview = await json<TestPreviewReply>(await send(t, 'GET', '/api/staff/tests/preview-me/preview', admin), 200);
    expect(preview).toMatchObject({ duration: 1800, instructions: '<p>Read carefully.</p>', config: { PROCTOR_TYPE: 'none' }, paper: { _id: 'preview-me', version: 1, format: { noq: 2, max_marks: 6 } } });
    expect(JSON.stringify(preview.paper)).not.toMatch(/"(answer|solution)"/);
    const score = await json<TestPreviewScoreReply>(await send(t, 'POST', '/api/staff/tests/preview-me/preview/score', admin, { answers: [{ qn: 1, ua: 'A' }, { qn: 2, ua: '2.5' }] }), 200);
    expect(score).toEqual({
      score: 1,
      max_marks: 6,
      questions: [
        { qn: 1, marks: -1, correct: false, answer: 'B' },
        { qn: 2, marks: 2, correct: true, answer: '2.5' },
      ],
    });
    expect((await send(t, 'POST', '/api/staff/tests/preview-me/preview/score', admin, { answers: [{ qn: 0, ua: 'A' }] })).status).toBe(422);
    expect(await t.db.kysely.selectFrom('attempts').select('id').where('test_id', '=', 'preview-me').executeTakeFirst()).toBeUndefined();
  });

  it('lists tests by search and status with attempt counts, paged', async () => {
    const { t, admin, create, save, publish } = await setUp();
    await create(admin, draftOf('alpha-draft', { name: 'Alpha zebra' }));
    const published = await publish(admin, await create(admin, draftOf('beta-published', { name: 'Beta zebra', classes: [DEMO_CLASS_ID] })));
    await save(admin, published.editor, { name: 'Beta zebra (changed)' });
    const list = async (query: string) => json<TestListReply>(await send(t, 'GET', `/api/staff/tests${query}`, admin), 200);
    expect((await list('?q=zebra')).items.map((item) => [item.id, item.status])).toEqual([
      ['beta-published', 'changed'],
      ['alpha-draft', 'draft'],
    ]);
    expect((await list('?status=draft')).items.map((item) => item.id).sort()).toEqual(['alpha-draft', DEMO_TEACHER_DRAFT_ID]);
    expect((await list('?status=changed')).items.map((item) => item.id)).toEqual(['beta-published']);
    const publishedOnly = await list('?status=published');
    expect(publishedOnly.total).toBe(Object.keys(DEMO_TEST_IDS).length);
    const attempted = publishedOnly.items.find((item) => item.id === DEMO_TEST_IDS.attempted);
    expect(attempted?.attempts.submitted).toBeGreaterThanOrEqual(1);
    expect(attempted?.questions).toBeGreaterThan(0);
    const beta = (await list('?q=BETA')).items[0];
    expect(beta).toMatchObject({ name: 'Beta zebra (changed)', questions: 2, max_marks: 6, duration: 30, classes: [{ id: DEMO_CLASS_ID, name: 'Class 10 - A' }] });
    expect((await list('?q=demo-m')).items.map((item) => item.id).sort()).toEqual([DEMO_TEST_IDS.mcq, DEMO_TEST_IDS.merit, DEMO_TEST_IDS.mixed].sort());
    expect((await list('?page=2')).items).toEqual([]);
    expect((await list('?q=100%25')).items).toEqual([]);
    expect((await send(t, 'GET', '/api/staff/tests?status=nope', admin)).status).toBe(422);
  });

  it('pages through 1,000 tests quickly (aggregate queries, no query per test)', async () => {
    const { t, admin } = await setUp();
    const now = t.clock.now();
    const document = (id: string, name: string) => JSON.stringify({ ...draftOf(id), name, description: '', type: 'live', instruction: '', chapters: [], config: {}, partwise_timing: false, partwise_time_gap: 0, sq: 'none', attachments: [], activation_date: null, ends_at: null, access_code: null, keep_access_code: false, mp_cost: 0, skip_prepare: false, allow_resume: true, open_to_all: false, classes: [], students: [], proctors: [], review: null, review_released_at: null });
    const rows = Array.from({ length: 1_000 }, (_, index) => {
      const id = `bulk-${String(index).padStart(4, '0')}`;
      return { test_id: id, owner_id: null, name: `Bulk ${index}`, document: document(id, `Bulk ${index}`), document_hash: 'h', published_hash: null, published_document: null, updated_at: now + index, updated_by: null, created_at: now };
    });
    for (let at = 0; at < rows.length; at += 100) await t.db.kysely.insertInto('test_drafts').values(rows.slice(at, at + 100)).execute();
    const started = performance.now();
    const page = await json<TestListReply>(await send(t, 'GET', '/api/staff/tests?page=3', admin), 200);
    const searched = await json<TestListReply>(await send(t, 'GET', '/api/staff/tests?q=bulk%2099&status=draft', admin), 200);
    const elapsed = performance.now() - started;
    expect(page.total).toBe(1_000 + Object.keys(DEMO_TEST_IDS).length + 1); // + the demo teacher's draft
    expect(page.items).toHaveLength(25);
    expect(page.items[0]?.id).toBe('bulk-0949');
    expect(page.items[0]).toMatchObject({ status: 'draft', questions: 2, max_marks: 6 });
    expect(searched.items.map((item) => item.name).slice(0, 3)).toEqual(['Bulk 999', 'Bulk 998', 'Bulk 997']);
    expect(searched.total).toBe(11);
    expect(elapsed).toBeLessThan(2_000);
  });
});
