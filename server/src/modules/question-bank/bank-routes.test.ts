import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BANK_MESSAGES } from '@invigil/shared/api/question-bank';
import type { BankImportPreview, BankImportReply, BankListReply, BankQuestion, BankQuestionInput, BankRenderReply } from '@invigil/shared/api/question-bank';
import { DEMO_SUBJECTS } from '../../seed/demo-portal';
import { DEMO_STAFF } from '../../seed/demo-staff';
import type { TestApp } from '../../test-support/test-app';
import { useTestApp } from '../../test-support/test-app';
import { importMoodleXml } from './formats/moodle-xml-import';
import { sendAs as send, staffToken } from '../../test-support/staff-requests';

const newApp = useTestApp();
const FIXTURES = join(__dirname, 'formats', 'fixtures');
const fixture = (name: string) => readFileSync(join(FIXTURES, name));

const upload = (t: TestApp, path: string, token: string, name: string, bytes: Uint8Array, format?: string) => {
  const form = new FormData();
  form.set('file', new File([bytes], name));
  if (format) form.set('format', format);
  return t.app.request(path, { method: 'POST', headers: { 'x-access-token': token }, body: form });
};

const numerical = (overrides: Partial<BankQuestionInput> = {}): BankQuestionInput => ({
  name: 'Speed of a car',
  question: { qt: 6, pm: 4, nm: 1, text: '<p>A car covers 100 m in 8 s. Its speed \\(v = d/t\\) in m/s?</p>', answer: '12.4..12.6' },
  subject_id: DEMO_SUBJECTS.physics.id,
  chapter: 'Motion',
  difficulty: 1,
  labels: ['kinematics'],
  ...overrides,
});

const list = async (t: TestApp, token: string, query = '') => (await t.getJson(`/api/staff/bank${query}`, token)) as BankListReply;

describe('question bank: roles and scope', () => {
  it('lets admins and teachers in, not proctors nor students; a teacher sees their subjects and their own questions', async () => {
    const t = await newApp();
    const admin = await staffToken(t, DEMO_STAFF.admin.email);
    const teacher = await staffToken(t, DEMO_STAFF.teacher.email);
    const proctor = await staffToken(t, DEMO_STAFF.proctor.email);
    const student = await t.token('student@example.edu');
    expect((await t.get('/api/staff/bank', { 'x-access-token': proctor })).status).toBe(403);
    expect((await t.get('/api/staff/bank', { 'x-access-token': student })).status).toBe(401);
    expect((await t.get('/api/staff/bank')).status).toBe(401);

    const created = async (token: string, input: BankQuestionInput) => {
      const response = await send(t, 'POST', '/api/staff/bank', token, input);
      expect(response.status).toBe(201);
      return ((await response.json()) as { question: BankQuestion }).question;
    };
    const physics = await created(admin, numerical({ name: 'Physics by admin' }));
    const chemistry = await created(admin, numerical({ name: 'Chemistry by admin', subject_id: DEMO_SUBJECTS.chemistry.id }));
    const unfiled = await created(admin, numerical({ name: 'Unfiled by admin', subject_id: null }));
    const own = await created(teacher, numerical({ name: 'Teacher own unfiled', subject_id: null }));

    expect((await list(t, admin)).total).toBe(4);
    const seen = await list(t, teacher);
    expect(seen.items.map((item) => item.name).sort()).toEqual(['Physics by admin', 'Teacher own unfiled']);
    expect(seen.subjects.map((subject) => subject.name).sort()).toEqual(['Mathematics', 'Physics']);
    expect((await send(t, 'GET', `/api/staff/bank/${chemistry.id}`, teacher)).status).toBe(403);
    expect((await send(t, 'GET', `/api/staff/bank/${unfiled.id}`, teacher)).status).toBe(403);
    expect((await send(t, 'PUT', `/api/staff/bank/${chemistry.id}`, teacher, numerical())).status).toBe(403);
    expect((await send(t, 'DELETE', `/api/staff/bank/${chemistry.id}`, teacher)).status).toBe(403);
    expect((await send(t, 'GET', `/api/staff/bank/${physics.id}`, teacher)).status).toBe(200);
    expect((await send(t, 'GET', `/api/staff/bank/${own.id}`, admin)).status).toBe(200);

    // A teacher files questions only under their subjects.
    const refused = await send(t, 'POST', '/api/staff/bank', teacher, numerical({ subject_id: DEMO_SUBJECTS.chemistry.id }));
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(BANK_MESSAGES.subjectNotYours);
    expect((await send(t, 'POST', '/api/staff/bank', admin, numerical({ subject_id: 'no-such-subject' }))).status).toBe(422);
  });
});

describe('question bank: the editor', () => {
  it('validates with the test format checks and says what is wrong', async () => {
    const t = await newApp();
    const admin = await staffToken(t, DEMO_STAFF.admin.email);
    const cases: [BankQuestionInput, string][] = [
      [numerical({ question: { qt: 3, pm: 4, text: 'Pick', options: { A: 'a', B: 'b' }, answer: 'C' } }), 'question.answer'],
      [numerical({ question: { qt: 6, pm: 4, text: 'How much?', answer: '12..abc' } }), 'question.answer'],
      [numerical({ question: { qt: 3, pm: -1, text: 'Pick', options: { A: 'a', B: 'b' }, answer: 'A' } }), 'question.pm'],
      [numerical({ name: '' }), 'name'],
    ];
    for (const [input, path] of cases) {
      const response = await send(t, 'POST', '/api/staff/bank', admin, input);
      expect(response.status, path).toBe(422);
      const reply = (await response.json()) as { message: string; issues: { path: string; message: string }[] };
      expect(reply.issues.map((issue) => issue.path), JSON.stringify(reply)).toContain(path);
      expect(reply.message.length).toBeGreaterThan(5);
    }
    const wrongKey = await send(t, 'POST', '/api/staff/bank', admin, cases[0]![0]);
    expect(((await wrongKey.json()) as { message: string }).message).toMatch(/C/);
  });

  it('stores TeX as MathML, gives the TeX back to edit, searches and filters, makes a new version on each edit, archives', async () => {
    const t = await newApp();
    const admin = await staffToken(t, DEMO_STAFF.admin.email);
    const response = await send(t, 'POST', '/api/staff/bank', admin, numerical());
    const question = ((await response.json()) as { question: BankQuestion }).question;
    expect(question.version).toBe(1);
    expect(question.question.text).toContain('<math');
    expect(question.editable.text).toContain('\\(v = d/t\\)');
    expect(question.question.subject_id).toBe(DEMO_SUBJECTS.physics.id);

    await send(t, 'POST', '/api/staff/bank', admin, numerical({ name: 'Ohm', question: { qt: 3, pm: 1, text: 'Resistance unit?', options: { A: 'Ohm', B: 'Volt' }, answer: 'A' }, chapter: 'Electricity', difficulty: 2 }));
    expect((await list(t, admin, '?q=covers%20100')).items.map((item) => item.name)).toEqual(['Speed of a car']);
    expect((await list(t, admin, '?type=3')).items.map((item) => item.name)).toEqual(['Ohm']);
    expect((await list(t, admin, '?chapter=motion')).items.map((item) => item.name)).toEqual(['Speed of a car']);
    expect((await list(t, admin, '?difficulty=2')).items.map((item) => item.name)).toEqual(['Ohm']);
    expect((await list(t, admin, `?subject=${DEMO_SUBJECTS.physics.id}`)).total).toBe(2);
    const first = (await list(t, admin, '?q=covers')).items[0]!;
    expect(first).toMatchObject({ qt: 6, pm: 4, nm: 1, labels: ['kinematics'], subject: { name: 'Physics' } });
    expect(first.first_line).toContain('A car covers 100 m');
    expect((await list(t, admin)).chapters).toEqual(['Electricity', 'Motion']);
    expect((await send(t, 'GET', '/api/staff/bank?page=0', admin)).status).toBe(422);

    t.clock.advance(1000);
    const edited = await send(t, 'PUT', `/api/staff/bank/${question.id}`, admin, numerical({ name: 'Speed of a car (edited)' }));
    expect(edited.status).toBe(200);
    expect(((await edited.json()) as { question: BankQuestion }).question.version).toBe(2);
    const versions = await t.db.kysely.selectFrom('bank_question_versions').select(['version', 'name']).where('question_id', '=', question.id).orderBy('version').execute();
    expect(versions.map((row) => [Number(row.version), row.name])).toEqual([[1, 'Speed of a car'], [2, 'Speed of a car (edited)']]);

    expect((await send(t, 'DELETE', `/api/staff/bank/${question.id}`, admin)).status).toBe(200);
    expect((await send(t, 'GET', `/api/staff/bank/${question.id}`, admin)).status).toBe(404);
    expect((await list(t, admin)).total).toBe(1);
  });

  it('renders a preview with TeX as MathML and the problems, storing nothing', async () => {
    const t = await newApp();
    const teacher = await staffToken(t, DEMO_STAFF.teacher.email);
    const response = await send(t, 'POST', '/api/staff/bank/render', teacher, { question: { qt: 3, pm: 1, text: '$$x^2$$', options: { A: '\\(a\\)', B: 'b' }, answer: 'E' } });
    expect(response.status).toBe(200);
    const reply = (await response.json()) as BankRenderReply;
    expect(reply.question.text).toContain('<math');
    expect(reply.question.options['A']).toContain('<math');
    expect(reply.issues.map((issue) => issue.path)).toContain('answer');
    expect((await list(t, teacher)).total).toBe(0);
  });
});

describe('question bank: import and export', () => {
  it('previews a real Moodle export without writing, then imports it with its image stored and served; the Cloze question is skipped with its reason', async () => {
    const t = await newApp();
    const admin = await staffToken(t, DEMO_STAFF.admin.email);
    const bytes = fixture('moodle-old-image-tag.xml');
    const preview = await upload(t, '/api/staff/bank/import/preview', admin, 'moodle-old-image-tag.xml', bytes);
    expect(preview.status).toBe(200);
    const seen = (await preview.json()) as BankImportPreview;
    expect(seen.format).toBe('moodle-xml');
    expect(seen.questions.map((question) => question.name)).toEqual(['mcq with image']);
    expect(seen.skipped).toEqual([expect.objectContaining({ name: 'cloze question with image', reason: expect.stringMatching(/^Cloze/) })]);
    expect(seen.files).toBe(1);
    expect((await list(t, admin)).total).toBe(0);

    const confirm = await upload(t, '/api/staff/bank/import/confirm', admin, 'moodle-old-image-tag.xml', bytes);
    expect(confirm.status).toBe(201);
    const imported = (await confirm.json()) as BankImportReply;
    expect(imported.imported).toBe(1);
    const found = await list(t, admin, '?q=mcq%20with');
    expect(found.items.map((item) => item.name)).toEqual(['mcq with image']);
    const question = ((await t.getJson(`/api/staff/bank/${imported.ids[0]}`, admin)) as { question: BankQuestion }).question;
    const src = /<img src="([^"]+)"/.exec(question.question.text)?.[1];
    expect(src).toMatch(/^\/blobs\/public\/bank\/[0-9a-f]{64}\.png$/);
    const image = await t.get(src!);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).equals(Buffer.from(importMoodleXml(bytes).files[0]!.bytes))).toBe(true);
  });

  it('imports all or nothing, refuses a file with nothing to import and a file it cannot read, and lets a proctor do none of it', async () => {
    const t = await newApp();
    const admin = await staffToken(t, DEMO_STAFF.admin.email);
    const proctor = await staffToken(t, DEMO_STAFF.proctor.email);
    expect((await upload(t, '/api/staff/bank/import/preview', proctor, 'q.xml', fixture('moodle-essay.xml'))).status).toBe(403);
    const cloze = await upload(t, '/api/staff/bank/import/confirm', admin, 'cloze.xml', fixture('moodle-cloze-with-images.xml'));
    expect(cloze.status).toBe(422);
    expect(((await cloze.json()) as { message: string }).message).toBe(BANK_MESSAGES.nothingToImport);
    const broken = await upload(t, '/api/staff/bank/import/preview', admin, 'broken.xml', Buffer.from('<?xml version="1.0"?><quiz><question'));
    expect(broken.status).toBe(422);
    const unknown = await upload(t, '/api/staff/bank/import/preview', admin, 'notes.bin', Buffer.from([1, 2, 3]));
    expect(unknown.status).toBe(422);
    expect(((await unknown.json()) as { message: string }).message).toBe(BANK_MESSAGES.unknownFormat);
    // A file larger than the API's JSON limit (1 MB) is taken.
    const large = Buffer.concat([fixture('moodle-essay.xml'), Buffer.from(`<!-- ${'x'.repeat(2_000_000)} -->\n`)]);
    expect((await upload(t, '/api/staff/bank/import/preview', admin, 'large.xml', large)).status).toBe(200);
    const gift = await upload(t, '/api/staff/bank/import/preview', admin, 'questions.txt', fixture('moodle-questions.gift.txt'));
    expect(gift.status).toBe(200);
    expect(((await gift.json()) as BankImportPreview).format).toBe('gift');
    expect((await list(t, admin)).total).toBe(0);
    const template = await t.get('/api/staff/bank/template.xlsx', { 'x-access-token': admin });
    expect(template.status).toBe(200);
    expect(template.headers.get('content-type')).toContain('spreadsheetml');
  });

  it('exports a selection to Moodle XML that imports back to the same questions, the image embedded', async () => {
    const t = await newApp();
    const admin = await staffToken(t, DEMO_STAFF.admin.email);
    const imported = (await (await upload(t, '/api/staff/bank/import/confirm', admin, 'img.xml', fixture('moodle-old-image-tag.xml'))).json()) as BankImportReply;
    const created = ((await (await send(t, 'POST', '/api/staff/bank', admin, numerical())).json()) as { question: BankQuestion }).question;
    const response = await send(t, 'POST', '/api/staff/bank/export', admin, { ids: [imported.ids[0], created.id] });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('.xml');
    const back = importMoodleXml(await response.text());
    expect(back.skipped).toEqual([]);
    expect(back.questions.map((question) => question.name)).toEqual(['mcq with image', 'Speed of a car']);
    expect(back.files).toHaveLength(1);
    expect(back.questions[0]!.question).toMatchObject({ qt: 3, answer: 'C', options: { C: 'right answer' } });
    expect(back.questions[1]!.question).toMatchObject({ qt: 6, pm: 4 });
    expect(back.questions[1]!.question.text).toContain('<math');
    expect(back.questions[1]!.tags).toMatchObject({ subject: 'Physics', chapter: 'Motion', difficulty: 1 });
    expect((await send(t, 'POST', '/api/staff/bank/export', admin, { ids: [] })).status).toBe(422);
  });
});
