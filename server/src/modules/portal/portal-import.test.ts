import { createECDH, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ImportFileInput } from '@invigil/shared/api/test-import';
import { runImport } from '../../cli/import';
import type { PushTransport } from '../notifications/notifications-module';
import { findRepoRoot, loadConfig } from '../../platform/config';
import { createDatabase } from '../../platform/db';
import { useTestApp } from '../../test-support/test-app';
import type { TestApp } from '../../test-support/test-app';
import { ImportError, importData, parseImportFile } from '../../import/import-service';

const newApp = useTestApp();
const examplePath = join(findRepoRoot(), 'docs', 'examples', 'portal-import-example.json');
const example = (): ImportFileInput => JSON.parse(readFileSync(examplePath, 'utf8')) as ImportFileInput;

async function run(t: TestApp, input: unknown) {
  return importData(t.db.kysely, parseImportFile(input), t.clock, t.logger);
}

/** The problems of a file ("path: message"), from the schema or from the import's checks. */
async function issuesOf(t: TestApp, input: unknown): Promise<string[]> {
  try {
    await run(t, input);
  } catch (error) {
    if (error instanceof ImportError) return error.issues.map((issue) => `${issue.path || '(file)'}: ${issue.message}`);
    throw error;
  }
  throw new Error('expected an ImportError');
}

const TABLES = [
  'classes', 'subjects', 'class_subjects', 'student_profiles', 'schedules', 'schedule_cancellations', 'notifications', 'notification_reads',
  'notices', 'notice_reads', 'motivations', 'attendance_records', 'chapter_notes', 'bookmarks', 'todos', 'purchases', 'users',
] as const;

const counts = async (t: TestApp) =>
  Object.fromEntries(
    await Promise.all(
      TABLES.map(async (table) => {
        const row = await t.db.kysely.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
        return [table, Number(row.n)];
      }),
    ),
  );

const userId = async (t: TestApp, regNo: string) => (await t.db.kysely.selectFrom('users').select('id').where('reg_no', '=', regNo).executeTakeFirstOrThrow()).id;

describe("import of the portal's data", () => {
  it('loads the documented example: classes with subjects and teachers, profiles, the week, notifications, attendance, notes, bookmarks, todos, purchases', async () => {
    const t = await newApp();
    const before = await counts(t);
    const summary = await run(t, example());
    expect(summary.portal).toEqual({
      subjects: { inserted: 3, updated: 0 },
      classes: { inserted: 1, updated: 0 },
      profiles: { inserted: 2, updated: 0 },
      schedules: { inserted: 3, updated: 0 },
      notifications: { inserted: 3, updated: 0 },
      notices: { inserted: 1, updated: 0 },
      motivations: { inserted: 1, updated: 0 },
      attendance: { inserted: 5, updated: 0 },
      chapter_notes: { inserted: 1, updated: 0 },
      bookmarks: { inserted: 1, updated: 0 },
      todos: { inserted: 1, updated: 0 },
      purchases: { inserted: 1, updated: 0 },
      // New notifications are pushed, except those marked push: false (history).
      pushNotificationIds: ['n-timetable', 'n-formulas'],
    });
    const after = await counts(t);
    expect(after['class_subjects'] - (before['class_subjects'] ?? 0)).toBe(3);
    expect(after['schedule_cancellations'] - (before['schedule_cancellations'] ?? 0)).toBe(1);
    expect(after['notification_reads'] - (before['notification_reads'] ?? 0)).toBe(1);

    const db = t.db.kysely;
    const meera = await userId(t, 'SCI2025-001');
    const kabir = await userId(t, 'SCI2025-002');
    const maths = await db.selectFrom('class_subjects').selectAll().where('class_id', '=', 'class-9b').where('subject_id', '=', 'maths').executeTakeFirstOrThrow();
    expect(JSON.parse(maths.teachers)).toEqual(['Ms. S. Gupta', 'Mr. A. Khan']);
    expect(await db.selectFrom('student_profiles').select(['class_id', 'address', 'institute', 'city']).where('user_id', '=', kabir).executeTakeFirstOrThrow()).toEqual({
      class_id: 'class-9b',
      address: '',
      institute: 'Sunrise Science Academy',
      city: 'Chennai',
    });
    const monday = await db.selectFrom('schedules').selectAll().where('id', '=', '9b-mon-1').executeTakeFirstOrThrow();
    expect({ ...monday, created_at: 0 }).toEqual({
      id: '9b-mon-1', class_id: 'class-9b', subject_id: 'physics', day: 1, slot: 1, time: '09:00', duration_minutes: 45,
      teachers: '["Dr. R. Menon"]', meeting_url: 'https://meet.jit.si/sunrise-9b-physics', no_meeting: 0, created_at: 0,
    });
    expect(await db.selectFrom('schedule_cancellations').select(['schedule_id', 'date']).where('schedule_id', 'like', '9b-%').execute()).toEqual([{ schedule_id: '9b-mon-1', date: '2025-03-10' }]);
    const formulas = await db.selectFrom('notifications').selectAll().where('id', '=', 'n-formulas').executeTakeFirstOrThrow();
    expect([formulas.audience, formulas.audience_id, JSON.parse(formulas.attachments), Number(formulas.created_at)]).toEqual([
      'student', meera, ['/blobs/public/formula-sheet.pdf'], Date.parse('2025-03-02T18:30:00+05:30'),
    ]);
    const notice = await db.selectFrom('notices').selectAll().where('id', '=', 'notice-ptm').executeTakeFirstOrThrow();
    expect([notice.audience, notice.audience_id, Number(notice.created_at)]).toEqual(['all', null, t.clock.now()]);
    expect(await db.selectFrom('attendance_records').select(['attendance_date', 'attendance']).where('user_id', '=', kabir).orderBy('attendance_date').execute()).toEqual([
      { attendance_date: '2025-03-03', attendance: 'absent' },
      { attendance_date: '2025-03-04', attendance: 'leave' },
    ]);
    expect(await db.selectFrom('bookmarks').select(['user_id', 'subject_name', 'chapter_name', 'topic_name', 'subtopic_name']).where('id', '=', 'bm-1').executeTakeFirstOrThrow()).toEqual({
      user_id: meera, subject_name: 'Physics', chapter_name: 'Light: Reflection', topic_name: 'Spherical mirrors', subtopic_name: 'Concave mirror',
    });
    expect(await db.selectFrom('purchases').select(['user_id', 'meritpoints', 'amount_paise']).where('id', '=', 'pay-1').executeTakeFirstOrThrow()).toEqual({ user_id: meera, meritpoints: 100, amount_paise: 9900 });
  });

  it('updates on re-import instead of adding: same counts, edits applied, earlier canceled days and class subjects replaced, reads kept', async () => {
    const t = await newApp();
    await run(t, example());
    const before = await counts(t);
    const createdAt = Number((await t.db.kysely.selectFrom('notices').select('created_at').where('id', '=', 'notice-ptm').executeTakeFirstOrThrow()).created_at);
    t.clock.advance(60_000);
    const again = await run(t, example());
    expect(await counts(t)).toEqual(before);
    expect(again.portal.pushNotificationIds).toEqual([]);
    for (const [section, count] of Object.entries(again.portal)) {
      if (section !== 'pushNotificationIds') expect((count as { inserted: number }).inserted, section).toBe(0);
    }
    expect(again.portal.attendance).toEqual({ inserted: 0, updated: 5 });
    // A notice without created_at keeps the time it was first imported.
    expect(Number((await t.db.kysely.selectFrom('notices').select('created_at').where('id', '=', 'notice-ptm').executeTakeFirstOrThrow()).created_at)).toBe(createdAt);

    const edited = example();
    edited.schedules = (edited.schedules ?? []).map((schedule) => (schedule.id === '9b-mon-1' ? { ...schedule, time: '08:30', canceled: ['2025-03-03', '2025-03-17'] } : schedule));
    edited.classes = [{ id: 'class-9b', name: 'Class 9 - B', subjects: [{ subject_id: 'physics', teachers: ['Dr. P. Rao'] }] }];
    edited.attendance = [{ reg_no: 'SCI2025-002', date: '2025-03-03', attendance: 'present' }];
    edited.todos = [{ id: 'todo-1', reg_no: 'sci2025-001', text: 'Draw the ray diagrams', done: true }];
    edited.notifications = (edited.notifications ?? []).map((item) => ({ ...item, read_by: [] }));
    const third = await run(t, edited);
    expect(third.portal.schedules).toEqual({ inserted: 0, updated: 3 });
    const db = t.db.kysely;
    expect((await db.selectFrom('schedules').select('time').where('id', '=', '9b-mon-1').executeTakeFirstOrThrow()).time).toBe('08:30');
    expect((await db.selectFrom('schedule_cancellations').select('date').where('schedule_id', '=', '9b-mon-1').orderBy('date').execute()).map((row) => row.date)).toEqual(['2025-03-03', '2025-03-17']);
    expect(await db.selectFrom('class_subjects').select(['subject_id', 'teachers']).where('class_id', '=', 'class-9b').execute()).toEqual([{ subject_id: 'physics', teachers: '["Dr. P. Rao"]' }]);
    const kabir = await userId(t, 'SCI2025-002');
    expect((await db.selectFrom('attendance_records').select('attendance').where('user_id', '=', kabir).where('attendance_date', '=', '2025-03-03').executeTakeFirstOrThrow()).attendance).toBe('present');
    expect(Number((await db.selectFrom('todos').select('done').where('id', '=', 'todo-1').executeTakeFirstOrThrow()).done)).toBe(1);
    // Reads are only ever added: a student's read stays read.
    expect(await db.selectFrom('notification_reads').select('notification_id').where('notification_id', '=', 'n-welcome').execute()).toHaveLength(1);
  });

  it('sanitises the HTML of chapter notes', async () => {
    const t = await newApp();
    const file = example();
    file.chapter_notes = [
      {
        chapter_id: 'x',
        subject_name: 'Physics',
        chapter_name: 'X',
        topics: [{ id: 't', name: 'T', content: '<p onclick="alert(1)">Hi<script>alert(2)</script></p>', subtopics: [{ id: 's', name: 'S', content: '<a href="javascript:alert(3)">x</a><b>ok</b>' }] }],
      },
    ];
    file.bookmarks = [];
    await run(t, file);
    const row = await t.db.kysely.selectFrom('chapter_notes').select('topics').where('chapter_id', '=', 'x').executeTakeFirstOrThrow();
    const [topic] = JSON.parse(row.topics) as { content: string; subtopics: { content: string }[] }[];
    expect(topic?.content).toBe('<p>Hi</p>');
    expect(topic?.subtopics[0]?.content).not.toMatch(/javascript|alert/);
    expect(topic?.subtopics[0]?.content).toContain('<b>ok</b>');
  });

  it('reports every bad field of the file with its path, and writes nothing', async () => {
    const t = await newApp();
    const before = await counts(t);
    const file = example();
    const bad: ImportFileInput = {
      ...file,
      subjects: [...(file.subjects ?? []), { id: 'physics', name: 'Physics again' }],
      schedules: [
        ...(file.schedules ?? []),
        // Slot out of range, a bad day, a bad time.
        { id: 'bad-1', class_id: 'class-9b', subject_id: 'physics', day: 'Funday' as 'Monday', slot: 11, time: '9:00', duration: 45 },
        // The Monday slot 2 again, a canceled date on a Tuesday and one that does not exist.
        { id: 'bad-2', class_id: 'class-9b', subject_id: 'maths', day: 'Monday', slot: 2, time: '12:00', duration: 30, canceled: ['2025-03-04', '2025-02-30'] },
        // Overlaps 09:00-09:45 of the Monday slot 1.
        { id: 'bad-3', class_id: 'class-9b', subject_id: 'maths', day: 'Monday', slot: 5, time: '09:30', duration: 30 },
        { id: '9b-mon-2', class_id: 'class-9b', subject_id: 'maths', day: 'Friday', slot: 1, time: '23:30', duration: 60 },
      ],
      notifications: [{ id: 'n-1', title: 'To a class', audience: 'class' }, { id: 'n-2', title: 'Odd', audience: 'all', reg_no: 'SCI2025-001', attachments: ['javascript:alert(1)'] }],
      attendance: [
        { reg_no: 'SCI2025-001', date: '2025-3-5', attendance: 'present' },
        { reg_no: 'SCI2025-001', date: '2025-03-03', attendance: 'sick' as 'present' },
        { reg_no: 'SCI2025-001', date: '2025-03-03', attendance: 'late' },
      ],
      chapter_notes: [{ chapter_id: 'c', subject_name: 'P', chapter_name: 'C', topics: [{ id: 't', name: 'T' }, { id: 't', name: 'T2', subtopics: [{ id: 's', name: 'S' }, { id: 's', name: 'S2' }] }] }],
      todos: [{ id: 'todo-1', reg_no: 'SCI2025-001', text: '' }],
      purchases: [{ id: 'p', reg_no: 'SCI2025-001', meritpoints: -1, amount_paise: 1.5, created_at: 'yesterday' }],
    };
    expect(await issuesOf(t, bad)).toEqual([
      'schedules.3.day: The day is one of Monday, Tuesday, Wednesday, Thursday, Friday, Saturday, Sunday.',
      'schedules.3.slot: The slot is a whole number from 1 to 10.',
      'schedules.3.time: A time looks like 09:30 (HH:mm, 24-hour clock).',
      'schedules.4.canceled.1: This date does not exist.',
      'notifications.1.attachments.0: A link starts with https:// (or http://), or with / for a file on this server.',
      'attendance.0.date: A date looks like 2025-03-01 (yyyy-MM-dd).',
      'attendance.1.attendance: The attendance is one of present, absent, late, half_day, leave.',
      'todos.0.text: Please type something!',
      'purchases.0.meritpoints: Meritpoints is too small.',
      'purchases.0.amount_paise: Amount paise must be a whole number.',
      'purchases.0.created_at: A date-time looks like 2025-03-01T09:00:00+05:30 (with Z or an offset).',
    ]);

    // With the field formats right, the checks across fields.
    const across: ImportFileInput = {
      ...bad,
      schedules: [
        ...(file.schedules ?? []),
        { id: 'bad-2', class_id: 'class-9b', subject_id: 'maths', day: 'Monday', slot: 2, time: '12:00', duration: 30, canceled: ['2025-03-04'] },
        { id: 'bad-3', class_id: 'class-9b', subject_id: 'maths', day: 'Monday', slot: 5, time: '09:30', duration: 30 },
        { id: '9b-mon-2', class_id: 'class-9b', subject_id: 'maths', day: 'Friday', slot: 1, time: '23:30', duration: 60 },
      ],
      notifications: [{ id: 'n-1', title: 'To a class', audience: 'class' }, { id: 'n-2', title: 'Odd', audience: 'all', reg_no: 'SCI2025-001' }],
      attendance: [
        { reg_no: 'SCI2025-001', date: '2025-03-03', attendance: 'present' },
        { reg_no: 'SCI2025-001', date: '2025-03-03', attendance: 'late' },
      ],
      todos: [],
      purchases: [],
    };
    expect(await issuesOf(t, across)).toEqual([
      'subjects.3.id: Subject physics appears twice in the file.',
      'schedules.5.id: Schedule 9b-mon-2 appears twice in the file.',
      'attendance.1: The attendance of SCI2025-001 on 2025-03-03 appears twice in the file.',
      'schedules.3.canceled.0: 2025-03-04 is a Tuesday; this class is on Mondays.',
      'schedules.3.slot: Slot 2 on this day is already taken by schedule 9b-mon-2 (schedules.1).',
      'schedules.4.time: 09:30 for 30 minutes overlaps schedule 9b-mon-1 (schedules.0).',
      'schedules.5.duration: A class starting at 23:30 must end by midnight.',
      'notifications.0.class_id: The audience "class" needs the class (class_id).',
      'notifications.1.reg_no: reg_no goes with the audience "student".',
      'chapter_notes.0.topics.1.id: Topic t appears twice in c.',
      'chapter_notes.0.topics.1.subtopics.1.id: Subtopic s appears twice in topic t.',
    ]);
    expect(await counts(t)).toEqual(before);
  });

  it('checks references against the file and the database before writing anything', async () => {
    const t = await newApp();
    // Stored earlier: a class with a Monday slot 3 class, and another student's todo.
    await run(t, {
      version: 1,
      subjects: [{ id: 'physics', name: 'Physics' }],
      classes: [{ id: 'class-9b', name: 'Class 9 - B' }],
      schedules: [{ id: 'stored-mon-3', class_id: 'class-9b', subject_id: 'physics', day: 'Monday', slot: 3, time: '11:30', duration: 45 }],
      todos: [{ id: 'rohans-todo', reg_no: 'DEMO002', text: 'Mine' }],
    });
    const before = await counts(t);
    const file = example();
    const bad: ImportFileInput = {
      ...file,
      classes: [{ id: 'class-9b', name: 'Class 9 - B', subjects: [{ subject_id: 'chemistry' }] }],
      profiles: [{ reg_no: 'NOBODY', class_id: 'class-7z' }],
      schedules: [
        ...(file.schedules ?? []),
        { id: 'x-1', class_id: 'class-7z', subject_id: 'biology', day: 'Tuesday', slot: 1, time: '09:00', duration: 45 },
        { id: 'x-2', class_id: 'class-9b', subject_id: 'physics', day: 'Monday', slot: 3, time: '14:00', duration: 45 },
      ],
      notifications: [
        { id: 'n-1', title: 'A', audience: 'class', class_id: 'class-7z' },
        { id: 'n-2', title: 'B', audience: 'student', reg_no: 'NOBODY', read_by: ['SCI2025-001', 'GHOST'] },
      ],
      notices: [{ id: 'no-1', title: 'C', audience: 'student', reg_no: 'GHOST' }],
      attendance: [{ reg_no: 'GHOST', date: '2025-03-03', attendance: 'present' }],
      bookmarks: [
        { id: 'bm-1', reg_no: 'SCI2025-001', chapter_id: 'no-such-chapter', topic_id: 'laws' },
        { id: 'bm-2', reg_no: 'SCI2025-001', chapter_id: 'light-reflection', topic_id: 'lenses' },
        { id: 'bm-3', reg_no: 'SCI2025-001', chapter_id: 'light-reflection', topic_id: 'laws', subtopic_id: 'concave' },
      ],
      todos: [{ id: 'rohans-todo', reg_no: 'SCI2025-001', text: 'Not yours' }],
      purchases: [{ id: 'p-1', reg_no: 'GHOST', meritpoints: 1, amount_paise: 100, created_at: '2025-03-01T10:00:00Z' }],
    };
    expect(await issuesOf(t, bad)).toEqual([
      'classes.0.subjects.0.subject_id: There is no subject chemistry.',
      'profiles.0.reg_no: There is no student NOBODY.',
      'profiles.0.class_id: There is no class class-7z.',
      'schedules.3.class_id: There is no class class-7z.',
      'schedules.3.subject_id: There is no subject biology.',
      'schedules.4.slot: Slot 3 on this day is already taken by the stored schedule stored-mon-3 (Monday, slot 3, 11:30).',
      'notifications.0.class_id: There is no class class-7z.',
      'notifications.1.reg_no: There is no student NOBODY.',
      'notifications.1.read_by.1: There is no student GHOST.',
      'notices.0.reg_no: There is no student GHOST.',
      'attendance.0.reg_no: There is no student GHOST.',
      'bookmarks.0.chapter_id: There are no notes of chapter no-such-chapter.',
      'bookmarks.1.topic_id: Chapter light-reflection has no topic lenses.',
      'bookmarks.2.subtopic_id: Topic laws has no subtopic concave.',
      'todos.0.id: Todo rohans-todo belongs to another student.',
      'purchases.0.reg_no: There is no student GHOST.',
    ]);
    expect(await counts(t)).toEqual(before);

    // A file may hold one section alone, naming what is stored (the example's class and notes).
    await run(t, example());
    const alone = await run(t, { version: 1, bookmarks: [{ id: 'bm-9', reg_no: 'SCI2025-002', chapter_id: 'light-reflection', topic_id: 'laws' }] });
    expect(alone.portal.bookmarks).toEqual({ inserted: 1, updated: 0 });
  });
});

describe('npm run import with portal sections (the CLI)', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('prints a line for each portal section of the file, and refuses a bad one with every issue', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'invigil-cli-'));
    dirs.push(dataDir);
    const lines: string[] = [];
    const out = { log: (...args: unknown[]) => void lines.push(args.join(' ')), error: (...args: unknown[]) => void lines.push(args.join(' ')) };
    const env = { DATA_DIR: dataDir, INIT_CWD: findRepoRoot() };
    expect(await runImport(['docs/examples/portal-import-example.json'], out, env)).toBe(0);
    const printed = lines.join('\n');
    expect(printed).toContain('classes:            1 added, 0 updated');
    expect(printed).toContain('schedules:          3 added, 0 updated');
    expect(printed).toContain('attendance (days):  5 added, 0 updated');
    expect(printed).toContain('purchases:          1 added, 0 updated');

    lines.length = 0;
    writeFileSync(join(dataDir, 'bad.json'), JSON.stringify({ version: 1, attendance: [{ reg_no: 'GHOST', date: '2025-03-03', attendance: 'present' }] }));
    expect(await runImport([join(dataDir, 'bad.json')], out, env)).toBe(1);
    expect(lines).toEqual([`${join(dataDir, 'bad.json')} was refused: 1 problem. Nothing was imported.`, '  attendance.0.reg_no: There is no student GHOST.']);
  });

  it('pushes the new notifications to subscribed browsers after the import commits, never on --dry-run or on re-import', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'invigil-cli-'));
    dirs.push(dataDir);
    const lines: string[] = [];
    const out = { log: (...args: unknown[]) => void lines.push(args.join(' ')), error: (...args: unknown[]) => void lines.push(args.join(' ')) };
    // The stand-in push service is push.test.invalid, allowed as an institute allows its own (decision 0052).
    const env = { DATA_DIR: dataDir, INIT_CWD: findRepoRoot(), PUSH_ALLOWED_HOSTS: 'push.test.invalid' };

    // A local push service: Meera's browser accepts, Kabir's has gone (410).
    const received: string[] = [];
    const receiver = createServer((request, response) => {
      received.push(request.url ?? '');
      request.resume();
      request.on('end', () => {
        response.statusCode = request.url === '/push/kabir' ? 410 : 201;
        response.end();
      });
    });
    await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
    try {
      const port = (receiver.address() as AddressInfo).port;
      const base = `https://push.test.invalid:${port}`;
      // The https endpoint reaches the receiver on 127.0.0.1 (the server's own transport would refuse a local address).
      const transport: PushTransport = async (request) => {
        const reply = await fetch(request.endpoint.replace(base, `http://127.0.0.1:${port}`), { method: request.method, headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)])), body: request.body ? new Uint8Array(request.body) : null });
        return { status: reply.status, body: await reply.text() };
      };
      writeFileSync(join(dataDir, 'students.json'), JSON.stringify({ version: 1, students: example().students }));
      expect(await runImport([join(dataDir, 'students.json')], out, env)).toBe(0);
      const db = createDatabase({ sqlitePath: loadConfig(env).sqlitePath, logger: { info: () => {}, warn: () => {}, error: () => {} } });
      try {
        for (const [regNo, name] of [['SCI2025-001', 'meera'], ['SCI2025-002', 'kabir']] as const) {
          const user = await db.kysely.selectFrom('users').select('id').where('reg_no', '=', regNo).executeTakeFirstOrThrow();
          const key = createECDH('prime256v1');
          key.generateKeys();
          await db.kysely
            .insertInto('push_subscriptions')
            .values({ id: name, user_id: user.id, kind: 'webpush', endpoint: `${base}/push/${name}`, p256dh: key.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url'), created_at: Date.now() })
            .execute();
        }
      } finally {
        await db.destroy();
      }

      lines.length = 0;
      expect(await runImport(['docs/examples/portal-import-example.json', '--dry-run'], out, env, transport)).toBe(0);
      expect(received).toEqual([]);
      expect(lines.join('\n')).not.toContain('pushed:');

      // n-timetable to the class (Meera and Kabir), n-formulas to Meera; n-welcome is history (push: false).
      expect(await runImport(['docs/examples/portal-import-example.json'], out, env, transport)).toBe(0);
      expect(received.sort()).toEqual(['/push/kabir', '/push/meera', '/push/meera']);
      expect(lines.at(-1)).toBe('pushed:             2 new notifications, 2 sent to subscribed browsers (1 subscription gone and removed, 0 failed)');

      received.length = 0;
      lines.length = 0;
      expect(await runImport(['docs/examples/portal-import-example.json'], out, env, transport)).toBe(0);
      expect(received).toEqual([]);
      expect(lines.join('\n')).not.toContain('pushed:');
    } finally {
      await new Promise((done) => receiver.close(done));
    }
  });
});
