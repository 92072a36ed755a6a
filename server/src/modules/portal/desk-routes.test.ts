import { describe, expect, it } from 'vitest';
import { bookmarkListReplySchema, BOOKMARK_MESSAGES, deleteBookmarksReplySchema } from '@invigil/shared/api/bookmarks';
import { errorReplySchema } from '@invigil/shared/api/common';
import { DESK_MESSAGES, deskReplySchema, markNoticeReadReplySchema } from '@invigil/shared/api/desk';
import { ACCESS_TOKEN_HEADER } from '@invigil/shared/api/http';
import { chapterNotesReplySchema, NOTES_MESSAGES } from '@invigil/shared/api/notes';
import {
  deleteTodosReplySchema,
  MAX_TODOS,
  saveTodoReplySchema,
  TODO_MESSAGES,
  TODO_TEXT_MAX_LENGTH,
  todoListReplySchema,
  updateTodosReplySchema,
} from '@invigil/shared/api/todos';
import { useTestApp } from '../../test-support/test-app';
import type { TestApp } from '../../test-support/test-app';

const makeApp = useTestApp();
// Rohan's demo config turns Desk and Certificate off (require-page.test.ts checks that); here he uses them, so his pages are on.
const newApp = async (...args: Parameters<typeof makeApp>) => {
  const t = await makeApp(...args);
  await t.setConfig('DEMO002', {});
  return t;
};

const HOUR = 3_600_000;

/**
 * Asha (DEMO001) in class A and Rohan (DEMO002) in class B, each with todos and bookmarks; notices
 * to everyone, to each class and to each student; two motivations. The demo's own rows of these
 * tables are removed first: this is the desk's data, whatever the demo has.
 */
async function deskApp(): Promise<TestApp & { asha: string; rohan: string }> {
  const t = await newApp();
  const db = t.db.kysely;
  const asha = t.userIds['DEMO001'] as string;
  const rohan = t.userIds['DEMO002'] as string;
  const now = t.clock.now();
  for (const table of ['todos', 'bookmarks', 'notice_reads', 'notices', 'motivations', 'chapter_notes'] as const) await db.deleteFrom(table).execute();
  await db.insertInto('classes').values([{ id: 'd-class-a', name: 'Class A' }, { id: 'd-class-b', name: 'Class B' }]).onConflict((oc) => oc.column('id').doNothing()).execute();
  await db.deleteFrom('student_profiles').where('user_id', 'in', [asha, rohan]).execute();
  await db
    .insertInto('student_profiles')
    .values([
      { user_id: asha, class_id: 'd-class-a', address: '', institute: '', city: '', updated_at: now },
      { user_id: rohan, class_id: 'd-class-b', address: '', institute: '', city: '', updated_at: now },
    ])
    .execute();
  const todo = (id: string, user_id: string, text: string, done: 0 | 1, age: number) => ({ id, user_id, text, done, created_at: now - age, updated_at: now - age });
  await db
    .insertInto('todos')
    .values([todo('a-todo-1', asha, 'Revise optics', 0, 3 * HOUR), todo('a-todo-2', asha, 'Solve worksheet', 1, 2 * HOUR), todo('r-todo-1', rohan, 'Rohan only', 0, HOUR)])
    .execute();
  const bookmark = (id: string, user_id: string, topic_id: string, subtopic: string | null, age: number) => ({
    id, user_id, subject_name: 'Physics', chapter_id: 'd-motion', chapter_name: 'Laws of Motion', topic_id, topic_name: `Topic ${topic_id}`,
    subtopic_id: subtopic, subtopic_name: subtopic === null ? null : `Sub ${subtopic}`, created_at: now - age,
  });
  await db
    .insertInto('bookmarks')
    .values([bookmark('a-mark-1', asha, 'first-law', null, 2 * HOUR), bookmark('a-mark-2', asha, 'second-law', 'momentum', HOUR), bookmark('r-mark-1', rohan, 'first-law', null, HOUR)])
    .execute();
  const notice = (id: string, audience: 'all' | 'class' | 'student', audience_id: string | null, age: number) => ({
    id, title: `Notice ${id}`, content: `About ${id}`, attachments: id === 'n-all' ? JSON.stringify(['/blobs/public/demo/formula-sheet.pdf']) : '[]', audience, audience_id, created_at: now - age,
  });
  await db
    .insertInto('notices')
    .values([
      notice('n-all', 'all', null, 5 * HOUR),
      notice('n-class-a', 'class', 'd-class-a', 4 * HOUR),
      notice('n-class-b', 'class', 'd-class-b', 3 * HOUR),
      notice('n-asha', 'student', asha, 2 * HOUR),
      notice('n-rohan', 'student', rohan, HOUR),
    ])
    .execute();
  await db.insertInto('notice_reads').values({ notice_id: 'n-all', user_id: asha, read_at: now - HOUR }).execute();
  await db
    .insertInto('motivations')
    .values([{ id: 'm-1', content: 'Keep going.', created_at: now - 2 * HOUR }, { id: 'm-2', content: 'One step at a time.', created_at: now - HOUR }])
    .execute();
  await db
    .insertInto('chapter_notes')
    .values({
      chapter_id: 'd-motion',
      subject_name: 'Physics',
      chapter_name: 'Laws of Motion',
      topics: JSON.stringify([
        { id: 'first-law', name: 'First law', content: '<p>Inertia.</p>', subtopics: [] },
        { id: 'second-law', name: 'Second law', content: '<p>F = ma.</p>', subtopics: [{ id: 'momentum', name: 'Momentum', content: '<p>p = mv</p>' }] },
        { name: 'No id: skipped' },
      ]),
      updated_at: now,
    })
    .execute();
  return { ...t, asha, rohan };
}

async function as(t: TestApp, who: string) {
  const headers = { [ACCESS_TOKEN_HEADER]: await t.token(who) };
  return {
    get: (path: string) => t.get(path, headers),
    post: (path: string, body: unknown) => t.postJson(path, body, headers),
  };
}

async function messageOf(response: Response) {
  return errorReplySchema.parse(await response.json()).message;
}

describe('GET /desk', () => {
  it('without login: motivations and the notices to everyone, none read, nothing personal', async () => {
    const t = await deskApp();
    const response = await t.get('/api/desk');
    expect(response.status).toBe(200);
    const reply = deskReplySchema.parse(await response.json());
    expect(reply.todos).toEqual([]);
    expect(reply.bookmarks).toEqual([]);
    expect(reply.motivations).toEqual([{ _id: 'm-2', content: 'One step at a time.' }, { _id: 'm-1', content: 'Keep going.' }]);
    expect(reply.notices.map((n) => [n._id, n.read_at])).toEqual([['n-all', null]]);
  });

  it("signed in: the student's own todos and bookmarks, and notices to all, their class and them with read_at", async () => {
    const t = await deskApp();
    const reply = deskReplySchema.parse(await (await (await as(t, 'DEMO001')).get('/api/desk')).json());
    expect(reply.todos).toEqual([{ _id: 'a-todo-1', text: 'Revise optics', done: false }, { _id: 'a-todo-2', text: 'Solve worksheet', done: true }]);
    expect(reply.bookmarks.map((b) => b._id)).toEqual(['a-mark-2', 'a-mark-1']);
    expect(reply.bookmarks[0]).toEqual({
      _id: 'a-mark-2', subject_name: 'Physics', chapter: { id: 'd-motion', name: 'Laws of Motion' }, topic: { id: 'second-law', name: 'Topic second-law' }, subtopic: { id: 'momentum', name: 'Sub momentum' },
    });
    expect(reply.bookmarks[1]?.subtopic).toBeNull();
    expect(reply.notices.map((n) => n._id)).toEqual(['n-asha', 'n-class-a', 'n-all']);
    expect(reply.notices.find((n) => n._id === 'n-all')).toMatchObject({ read_at: t.clock.now() - HOUR, attachments: ['/blobs/public/demo/formula-sheet.pdf'], title: 'Notice n-all', content: 'About n-all' });
    expect(reply.notices.find((n) => n._id === 'n-asha')?.read_at).toBeNull();
    expect(reply.motivations).toHaveLength(2);
  });

  it('a student without a class sees the notices to everyone and to them', async () => {
    const t = await deskApp();
    await t.db.kysely.deleteFrom('student_profiles').where('user_id', '=', t.rohan).execute();
    const reply = deskReplySchema.parse(await (await (await as(t, 'DEMO002')).get('/api/desk')).json());
    expect(reply.notices.map((n) => n._id)).toEqual(['n-rohan', 'n-all']);
    expect(reply.todos.map((todo) => todo._id)).toEqual(['r-todo-1']);
  });

  it('a token that is sent must be valid', async () => {
    const t = await deskApp();
    const response = await t.get('/api/desk', { [ACCESS_TOKEN_HEADER]: 'not-a-token' });
    expect(response.status).toBe(401);
  });
});

describe('POST /notices/mark-read', () => {
  it('marks a notice addressed to the student read, once', async () => {
    const t = await deskApp();
    const asha = await as(t, 'DEMO001');
    const first = markNoticeReadReplySchema.parse(await (await asha.post('/api/notices/mark-read', { id: 'n-class-a' })).json());
    expect(first.data).toMatchObject({ _id: 'n-class-a', read_at: t.clock.now() });
    t.clock.advance(HOUR);
    const again = markNoticeReadReplySchema.parse(await (await asha.post('/api/notices/mark-read', { id: 'n-class-a' })).json());
    expect(again.data.read_at).toBe(t.clock.now() - HOUR);
    // Only for her: Rohan does not see class A's notice, and his own reads are his.
    const desk = deskReplySchema.parse(await (await (await as(t, 'DEMO002')).get('/api/desk')).json());
    expect(desk.notices.find((n) => n._id === 'n-all')?.read_at).toBeNull();
  });

  it("refuses another class's or another student's notice, and an unknown one", async () => {
    const t = await deskApp();
    const asha = await as(t, 'DEMO001');
    for (const id of ['n-class-b', 'n-rohan', 'no-such-notice']) {
      const response = await asha.post('/api/notices/mark-read', { id });
      expect(response.status).toBe(404);
      expect(await messageOf(response)).toBe(DESK_MESSAGES.noticeNotFound);
    }
    expect(await t.db.kysely.selectFrom('notice_reads').select('notice_id').where('user_id', '=', t.asha).execute()).toEqual([{ notice_id: 'n-all' }]);
  });

  it('needs a login and an id', async () => {
    const t = await deskApp();
    expect((await t.postJson('/api/notices/mark-read', { id: 'n-all' })).status).toBe(401);
    const response = await (await as(t, 'DEMO001')).post('/api/notices/mark-read', {});
    expect(response.status).toBe(422);
    expect(await messageOf(response)).toMatch(/id/i);
  });
});

describe('/todo', () => {
  it('lists, saves (trimmed), updates and deletes the student own todos', async () => {
    const t = await deskApp();
    const asha = await as(t, 'DEMO001');
    const saved = saveTodoReplySchema.parse(await (await asha.post('/api/todo/save', { text: '  Read chapter 4  ' })).json());
    expect(saved).toMatchObject({ message: TODO_MESSAGES.saved, doc: { text: 'Read chapter 4', done: false } });
    const list = todoListReplySchema.parse(await (await asha.get('/api/todo/list')).json());
    expect(list.data.map((todo) => todo.text)).toEqual(['Revise optics', 'Solve worksheet', 'Read chapter 4']);

    const updated = updateTodosReplySchema.parse(await (await asha.post('/api/todo/update', { ids: ['a-todo-1', saved.doc._id], updates: { done: true } })).json());
    expect(updated).toMatchObject({ message: TODO_MESSAGES.updated, updated: 2 });
    expect(updated.data.map((todo) => todo.done)).toEqual([true, true, true]);
    const undone = updateTodosReplySchema.parse(await (await asha.post('/api/todo/update', { ids: ['a-todo-2'], done: false })).json());
    expect(undone.data.map((todo) => todo.done)).toEqual([true, false, true]);

    const deleted = deleteTodosReplySchema.parse(await (await asha.post('/api/todo/delete', { ids: ['a-todo-1', saved.doc._id] })).json());
    expect(deleted).toMatchObject({ message: TODO_MESSAGES.deleted, deleted: 2, data: [{ _id: 'a-todo-2', text: 'Solve worksheet', done: false }] });
  });

  it("refuses to touch another student's todos: nothing is changed or deleted", async () => {
    const t = await deskApp();
    const rohan = await as(t, 'DEMO002');
    const update = updateTodosReplySchema.parse(await (await rohan.post('/api/todo/update', { ids: ['a-todo-1', 'r-todo-1'], done: true })).json());
    expect(update.updated).toBe(1);
    expect(update.data).toEqual([{ _id: 'r-todo-1', text: 'Rohan only', done: true }]);
    const removal = deleteTodosReplySchema.parse(await (await rohan.post('/api/todo/delete', { ids: ['a-todo-1', 'a-todo-2'] })).json());
    expect(removal.deleted).toBe(0);
    const ashas = await t.db.kysely.selectFrom('todos').select(['id', 'done']).where('user_id', '=', t.asha).orderBy('id').execute();
    expect(ashas).toEqual([{ id: 'a-todo-1', done: 0 }, { id: 'a-todo-2', done: 1 }]);
  });

  it('refuses empty and too long text, and a missing done, with clear messages', async () => {
    const t = await deskApp();
    const asha = await as(t, 'DEMO001');
    const cases: [string, unknown, string | RegExp][] = [
      ['/api/todo/save', { text: '   ' }, TODO_MESSAGES.typeSomething],
      ['/api/todo/save', {}, TODO_MESSAGES.typeSomething],
      ['/api/todo/save', { text: 'x'.repeat(TODO_TEXT_MAX_LENGTH + 1) }, TODO_MESSAGES.tooLong],
      ['/api/todo/update', { ids: ['a-todo-1'] }, TODO_MESSAGES.doneRequired],
      ['/api/todo/update', { ids: ['a-todo-1'], done: 'yes' }, TODO_MESSAGES.doneRequired],
      ['/api/todo/delete', { ids: [] }, TODO_MESSAGES.noIds],
      ['/api/todo/delete', { ids: 'a-todo-1' }, TODO_MESSAGES.noIds],
    ];
    for (const [path, body, message] of cases) {
      const response = await asha.post(path, body);
      expect(response.status, `${path} ${JSON.stringify(body)}`).toBe(422);
      expect(await messageOf(response)).toMatch(message);
    }
    expect((await asha.post('/api/todo/save', 'not json')).status).toBe(400);
    // A todo of exactly the limit is fine.
    expect((await asha.post('/api/todo/save', { text: 'x'.repeat(TODO_TEXT_MAX_LENGTH) })).status).toBe(200);
  });

  it(`keeps at most ${MAX_TODOS} todos`, async () => {
    const t = await deskApp();
    const now = t.clock.now();
    const rows = Array.from({ length: MAX_TODOS - 2 }, (_, i) => ({ id: `bulk-${i}`, user_id: t.asha, text: `Todo ${i}`, done: 0 as const, created_at: now, updated_at: now }));
    await t.db.kysely.insertInto('todos').values(rows).execute();
    const asha = await as(t, 'DEMO001');
    const response = await asha.post('/api/todo/save', { text: 'One too many' });
    expect(response.status).toBe(409);
    expect(await messageOf(response)).toBe(TODO_MESSAGES.tooMany);
  });

  it('needs a login for every call', async () => {
    const t = await deskApp();
    expect((await t.get('/api/todo/list')).status).toBe(401);
    for (const path of ['/api/todo/save', '/api/todo/delete', '/api/todo/update']) expect((await t.postJson(path, {})).status).toBe(401);
  });
});

describe('/bookmark and /notes', () => {
  it('lists the student own bookmarks newest first and deletes them', async () => {
    const t = await deskApp();
    const asha = await as(t, 'DEMO001');
    const list = bookmarkListReplySchema.parse(await (await asha.get('/api/bookmark/list')).json());
    expect(list.data.map((b) => b._id)).toEqual(['a-mark-2', 'a-mark-1']);
    const reply = deleteBookmarksReplySchema.parse(await (await asha.post('/api/bookmark/delete', { ids: ['a-mark-2'] })).json());
    expect(reply).toMatchObject({ message: BOOKMARK_MESSAGES.deleted, deleted: 1 });
    expect(reply.data.map((b) => b._id)).toEqual(['a-mark-1']);
  });

  it("never deletes another student's bookmark", async () => {
    const t = await deskApp();
    const reply = deleteBookmarksReplySchema.parse(await (await (await as(t, 'DEMO002')).post('/api/bookmark/delete', { ids: ['a-mark-1', 'a-mark-2'] })).json());
    expect(reply.deleted).toBe(0);
    expect(reply.data.map((b) => b._id)).toEqual(['r-mark-1']);
    expect(await t.db.kysely.selectFrom('bookmarks').select('id').where('user_id', '=', t.asha).orderBy('id').execute()).toEqual([{ id: 'a-mark-1' }, { id: 'a-mark-2' }]);
  });

  it('refuses an empty selection and needs a login', async () => {
    const t = await deskApp();
    const response = await (await as(t, 'DEMO001')).post('/api/bookmark/delete', { ids: [] });
    expect(response.status).toBe(422);
    expect(await messageOf(response)).toBe(BOOKMARK_MESSAGES.noIds);
    expect((await t.get('/api/bookmark/list')).status).toBe(401);
    expect((await t.postJson('/api/bookmark/delete', { ids: ['a-mark-1'] })).status).toBe(401);
  });

  it("gives a chapter's notes: its topics with their subtopics, a malformed topic skipped", async () => {
    const t = await deskApp();
    const reply = chapterNotesReplySchema.parse(await (await (await as(t, 'DEMO002')).get('/api/notes/d-motion')).json());
    expect(reply.data).toMatchObject({ chapter_id: 'd-motion', subject_name: 'Physics', chapter_name: 'Laws of Motion' });
    expect(reply.data.topics.map((topic) => topic.id)).toEqual(['first-law', 'second-law']);
    expect(reply.data.topics[1]?.subtopics).toEqual([{ id: 'momentum', name: 'Momentum', content: '<p>p = mv</p>' }]);
  });

  it('says honestly when a chapter has no notes, and needs a login', async () => {
    const t = await deskApp();
    const asha = await as(t, 'DEMO001');
    for (const id of ['no-such-chapter', '..%2F..%2Fetc', 'x'.repeat(100)]) {
      const response = await asha.get(`/api/notes/${id}`);
      expect(response.status).toBe(404);
      expect(await messageOf(response)).toBe(NOTES_MESSAGES.notFound);
    }
    expect((await t.get('/api/notes/d-motion')).status).toBe(401);
  });
});
