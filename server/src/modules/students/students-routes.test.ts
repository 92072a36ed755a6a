import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@invigil/shared/api/auth';
import { STAFF_MESSAGES } from '@invigil/shared/api/staff';
import type { RosterJob, StaffClass, StaffStudent, StaffStudentListReply } from '@invigil/shared/api/staff-students';
import { STUDENT_MESSAGES } from '@invigil/shared/api/staff-students';
import type { RosterPreview } from '@invigil/shared/api/student-roster';
import { DEMO_CLASS_ID } from '../../seed/demo-portal';
import { DEMO_STAFF } from '../../seed/demo-staff';
import { DEMO_PASSWORD } from '../../seed/demo-seed';
import type { TestApp } from '../../test-support/test-app';
import { useTestApp } from '../../test-support/test-app';
import { sendAs as send, staffToken } from '../../test-support/staff-requests';

const newApp = useTestApp();

const upload = (t: TestApp, path: string, token: string, csv: string) => {
  const form = new FormData();
  form.set('file', new File([csv], 'students.csv', { type: 'text/csv' }));
  return t.app.request(path, { method: 'POST', headers: { 'x-access-token': token }, body: form });
};

const messageOf = async (response: Response): Promise<string> => ((await response.json()) as { message: string }).message;

async function studentCount(t: TestApp): Promise<number> {
  return Number((await t.db.kysely.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
}

describe('students list and roles', () => {
  it('an admin searches by name, reg no, email and phone, filters by class and status, 25 a page', async () => {
    const t = await newApp();
    const admin = await staffToken(t, DEMO_STAFF.admin.email);
    const all = (await t.getJson('/api/staff/students', admin)) as StaffStudentListReply;
    expect(all.total).toBeGreaterThanOrEqual(3);
    expect(all.pageSize).toBe(25);
    const asha = all.items.find((item) => item.regNo === 'DEMO001');
    expect(asha).toMatchObject({ name: expect.stringContaining('Asha'), classId: DEMO_CLASS_ID, className: 'Class 10 - A', status: 'active' });
    for (const q of ['asha', 'demo001', 'STUDENT@example', asha!.phone.slice(-4)]) {
      const found = (await t.getJson(`/api/staff/students?q=${encodeURIComponent(q)}`, admin)) as StaffStudentListReply;
      expect(found.items.map((item) => item.regNo)).toContain('DEMO001');
    }
    // LIKE's wildcards are taken literally.
    expect(((await t.getJson('/api/staff/students?q=%25', admin)) as StaffStudentListReply).total).toBe(0);
    const unverified = (await t.getJson('/api/staff/students?status=unverified', admin)) as StaffStudentListReply;
    expect(unverified.items.map((item) => item.email)).toContain('new@example.edu');
    expect(unverified.items.every((item) => item.status === 'unverified')).toBe(true);
    const inClass = (await t.getJson(`/api/staff/students?class=${DEMO_CLASS_ID}`, admin)) as StaffStudentListReply;
    expect(inClass.items.every((item) => item.classId === DEMO_CLASS_ID)).toBe(true);
    const bad = await t.get('/api/staff/students?status=gone&page=0', { 'x-access-token': admin });
    expect(bad.status).toBe(422);
    expect(await messageOf(bad)).toBe('A status is active, disabled or unverified.');
  });

  it("a teacher sees only their classes' students, cannot write; a proctor and a student see nothing", async () => {
    const t = await newApp();
    const admin = await staffToken(t, DEMO_STAFF.admin.email);
    const teacher = await staffToken(t, DEMO_STAFF.teacher.email);
    const proctor = await staffToken(t, DEMO_STAFF.proctor.email);
    const student = await t.token('student@example.edu');

    // Another class, with Rohan in it: the teacher (Class 10 - A) does not see it or him.
    const created = await send(t, 'POST', '/api/staff/classes', admin, { name: 'Class 9 - B' });
    expect(created.status).toBe(201);
    const other = ((await created.json()) as { class: StaffClass }).class;
    const rohanId = t.userIds['DEMO002']!;
    const moved = await send(t, 'POST', `/api/staff/classes/${DEMO_CLASS_ID}/move`, admin, { studentIds: [rohanId], toClassId: other.id });
    expect(await moved.json()).toEqual({ moved: 1 });

    const seen = (await t.getJson('/api/staff/students', teacher)) as StaffStudentListReply;
    expect(seen.items.map((item) => item.regNo)).toEqual(['DEMO001']);
    expect(((await t.getJson(`/api/staff/students?class=${other.id}`, teacher)) as StaffStudentListReply).total).toBe(0);
    expect((await t.get(`/api/staff/students/${rohanId}`, { 'x-access-token': teacher })).status).toBe(404);
    expect((await t.get(`/api/staff/students/${t.userIds['DEMO001']}`, { 'x-access-token': teacher })).status).toBe(200);
    const classes = (await t.getJson('/api/staff/classes', teacher)) as { classes: StaffClass[] };
    expect(classes.classes.map((item) => item.name)).toEqual(['Class 10 - A']);

    for (const [method, path, body] of [
      ['POST', '/api/staff/students', { regNo: 'T1', name: 'T', email: 't1@example.edu' }],
      ['PATCH', `/api/staff/students/${t.userIds['DEMO001']}`, { disabled: true }],
      ['POST', '/api/staff/classes', { name: 'X' }],
      ['POST', '/api/staff/students/upload/preview', undefined],
      ['GET', '/api/staff/students/template.csv', undefined],
    ] as const) {
      const refused = await send(t, method, path, teacher, body);
      expect(refused.status).toBe(403);
      expect(await messageOf(refused)).toBe(STUDENT_MESSAGES.teacherReadOnly);
    }
    const proctorRefused = await t.get('/api/staff/students', { 'x-access-token': proctor });
    expect(proctorRefused.status).toBe(403);
    expect(await messageOf(proctorRefused)).toBe(STAFF_MESSAGES.roleRequired(['admin', 'teacher']));
    expect((await t.get('/api/staff/students', { 'x-access-token': student })).status).toBe(401);
    expect((await t.get('/api/staff/classes')).status).toBe(401);
    // Auth before the body: a stranger's malformed body is a 401, not a 400.
    expect((await t.app.request('/api/staff/students', { method: 'POST', body: '{not json' })).status).toBe(401);
  });
});

describe('one student', () => {
  it('adds with a generated password or a one-time code, validates with messages, refuses duplicates', async () => {
    const t = await newApp();
    const admin = await staffToken(t, DEMO_STAFF.admin.email);
    const invalid = await send(t, 'POST', '/api/staff/students', admin, { regNo: '', name: 'X', email: 'not-an-email' });
    expect(invalid.status).toBe(422);
    expect(await messageOf(invalid)).toBe('Enter a registration number.');
    expect((await send(t, 'POST', '/api/staff/students', admin, { regNo: 'N1', name: 'X', email: 'x@example.edu', extra: 1 })).status).toBe(422);
    expect((await t.app.request('/api/staff/students', { method: 'POST', headers: { 'x-access-token': admin }, body: '{' })).status).toBe(400);

    const added = await send(t, 'POST', '/api/staff/students', admin, { regNo: 'n-100', name: 'Nisha Rao', email: 'Nisha@Example.edu', phone: '98765 43210', classId: DEMO_CLASS_ID });
    expect(added.status).toBe(201);
    const reply = (await added.json()) as { student: StaffStudent; password: string };
    expect(reply.student).toMatchObject({ regNo: 'N-100', email: 'nisha@example.edu', className: 'Class 10 - A', status: 'active', lastSignInAt: null });
    expect(reply.password).toMatch(/^[A-Za-z0-9]{10}$/);
    expect((await t.postJson('/api/login', { phone: 'N-100', password: reply.password })).status).toBe(200);
    const signedIn = (await t.getJson(`/api/staff/students/${reply.student.id}`, admin)) as { student: StaffStudent };
    expect(signedIn.student.lastSignInAt).toBe(t.clock.now());

    const taken = await send(t, 'POST', '/api/staff/students', admin, { regNo: 'N-100', name: 'Other', email: 'other@example.edu', password: 'secret12' });
    expect(taken.status).toBe(409);
    expect(await messageOf(taken)).toBe(STUDENT_MESSAGES.regNoTaken);
    const noClass = await send(t, 'POST', '/api/staff/students', admin, { regNo: 'N-101', name: 'Other', email: 'other@example.edu', classId: 'nope' });
    expect(noClass.status).toBe(422);
    expect(await messageOf(noClass)).toBe(STUDENT_MESSAGES.noClass);

    const byCode = await send(t, 'POST', '/api/staff/students', admin, { regNo: 'N-102', name: 'Code', email: 'code@example.edu', password: 'secret12', verified: false });
    expect(((await byCode.json()) as { student: StaffStudent }).student.status).toBe('unverified');
    const first = (await (await t.postJson('/api/login', { phone: 'N-102', password: 'secret12' })).json()) as { verifyOTP: boolean };
    expect(first.verifyOTP).toBe(true);
    expect(t.outbox().at(-1)).toMatchObject({ to: 'code@example.edu', reg_no: 'N-102' });
  });

  it('disabling stops sign-in and every session at once; enabling lets them back', async () => {
    const t = await newApp();
    const admin = await staffToken(t, DEMO_STAFF.admin.email);
    const token = await t.token('second@example.edu');
    const rohanId = t.userIds['DEMO002']!;
    expect((await t.get('/api/user', { 'x-access-token': token })).status).toBe(200);
    const disabled = await send(t, 'PATCH', `/api/staff/students/${rohanId}`, admin, { disabled: true });
    expect(((await disabled.json()) as { student: StaffStudent }).student.status).toBe('disabled');
    const session = await t.get('/api/user', { 'x-access-token': token });
    expect(session.status).toBe(401);
    expect(await messageOf(session)).toBe(AUTH_MESSAGES.accountDisabled);
    const login = await t.postJson('/api/login', { phone: 'second@example.edu', password: DEMO_PASSWORD });
    expect(login.status).toBe(403);
    expect(await messageOf(login)).toBe(AUTH_MESSAGES.accountDisabled);
    // A wrong password still says only that the credentials are wrong.
    expect(await messageOf(await t.postJson('/api/login', { phone: 'second@example.edu', password: 'wrong-one' }))).toBe(AUTH_MESSAGES.wrongCredentials);
    const listed = (await t.getJson('/api/staff/students?status=disabled', admin)) as StaffStudentListReply;
    expect(listed.items.map((item) => item.id)).toEqual([rohanId]);

    await send(t, 'PATCH', `/api/staff/students/${rohanId}`, admin, { disabled: false });
    expect((await t.get('/api/user', { 'x-access-token': token })).status).toBe(200);
  });

  it('edits fields and config flags, resets a password, sends a one-time code', async () => {
    const t = await newApp();
    const admin = await staffToken(t, DEMO_STAFF.admin.email);
    const ashaId = t.userIds['DEMO001']!;
    const token = await t.token('student@example.edu');
    const edited = await send(t, 'PATCH', `/api/staff/students/${ashaId}`, admin, { name: 'Asha V.', phone: '+91 99999 00000', classId: null, config: { HIDE_TEST_REVIEW: true, MY_FEE: false } });
    expect(edited.status).toBe(200);
    expect(((await edited.json()) as { student: StaffStudent }).student).toMatchObject({ name: 'Asha V.', classId: null, config: { HIDE_TEST_REVIEW: true, MY_FEE: false } });
    expect(await messageOf(await send(t, 'PATCH', `/api/staff/students/${ashaId}`, admin, {}))).toMatch(/Change at least one/);
    expect((await send(t, 'PATCH', `/api/staff/students/${ashaId}`, admin, { email: 'second@example.edu' })).status).toBe(409);
    expect((await send(t, 'PATCH', '/api/staff/students/nobody', admin, { name: 'X' })).status).toBe(404);

    const short = await send(t, 'POST', `/api/staff/students/${ashaId}/password`, admin, { password: '123' });
    expect(short.status).toBe(422);
    t.clock.advance(2000);
    const reset = await send(t, 'POST', `/api/staff/students/${ashaId}/password`, admin, { password: 'fresh-pass' });
    expect(reset.status).toBe(200);
    expect((await t.get('/api/user', { 'x-access-token': token })).status).toBe(401);
    expect((await t.postJson('/api/login', { phone: 'DEMO001', password: 'fresh-pass' })).status).toBe(200);
    const generated = (await (await send(t, 'POST', `/api/staff/students/${ashaId}/password`, admin, {})).json()) as { password: string };
    expect(generated.password).toHaveLength(10);

    const code = await send(t, 'POST', `/api/staff/students/${ashaId}/one-time-code`, admin);
    const codeReply = (await code.json()) as { student: StaffStudent; message: string };
    expect(codeReply.student.status).toBe('unverified');
    expect(codeReply.message).toBe(STUDENT_MESSAGES.codeSent('student@example.edu'));
    const line = t.outbox().at(-1)!;
    expect(line.to).toBe('student@example.edu');
    const next = (await (await t.postJson('/api/login', { phone: 'DEMO001', password: generated.password })).json()) as { verifyOTP: boolean };
    expect(next.verifyOTP).toBe(true);
    const verified = await t.postJson('/api/verifyOTP', { phone: 'DEMO001', password: generated.password, otp: t.outbox().at(-1)!.otp });
    expect(verified.status).toBe(200);
  });
});

describe('classes', () => {
  it('lists with counts, creates, renames, refuses a taken name and a bad move', async () => {
    const t = await newApp();
    const admin = await staffToken(t, DEMO_STAFF.admin.email);
    const before = (await t.getJson('/api/staff/classes', admin)) as { classes: StaffClass[] };
    expect(before.classes).toEqual([{ id: DEMO_CLASS_ID, name: 'Class 10 - A', studentCount: 2 }]);
    const made = ((await (await send(t, 'POST', '/api/staff/classes', admin, { name: ' Class 11 ' })).json()) as { class: StaffClass }).class;
    expect(made).toMatchObject({ name: 'Class 11', studentCount: 0 });
    const dup = await send(t, 'POST', '/api/staff/classes', admin, { name: 'class 10 - a' });
    expect(dup.status).toBe(409);
    expect(await messageOf(dup)).toBe(STUDENT_MESSAGES.classNameTaken);
    expect(await messageOf(await send(t, 'POST', '/api/staff/classes', admin, { name: '' }))).toBe('Enter a class name.');
    const renamed = await send(t, 'PATCH', `/api/staff/classes/${made.id}`, admin, { name: 'Class 11 - B' });
    expect(((await renamed.json()) as { class: StaffClass }).class.name).toBe('Class 11 - B');
    expect((await send(t, 'POST', `/api/staff/classes/${made.id}/move`, admin, { studentIds: [], toClassId: DEMO_CLASS_ID })).status).toBe(422);
    expect((await send(t, 'POST', `/api/staff/classes/${DEMO_CLASS_ID}/move`, admin, { studentIds: ['x'], toClassId: 'nope' })).status).toBe(422);
    const moved = await send(t, 'POST', `/api/staff/classes/${DEMO_CLASS_ID}/move`, admin, { studentIds: [t.userIds['DEMO001'], t.userIds['DEMO002'], t.userIds['DEMO003']], toClassId: made.id });
    expect(await moved.json()).toEqual({ moved: 2 });
    const after = (await t.getJson('/api/staff/classes', admin)) as { classes: StaffClass[] };
    expect(after.classes.map((item) => [item.name, item.studentCount])).toEqual([['Class 10 - A', 0], ['Class 11 - B', 2]]);
  });
});

describe('roster upload', () => {
  const BAD = ['Registration No,Name,Email,Class,Password', 'U-1,Uma,uma@example.edu,Class 10 - A,secret12', 'U-2,Ved,not-an-email,Class 10 - A,secret12', 'U-3,Zoya,zoya@example.edu,Class 99,secret12', ''].join('\n');

  it('previews every bad row with its reason and writes nothing; confirm writes, then the job reports a summary', async () => {
    const t = await newApp();
    const admin = await staffToken(t, DEMO_STAFF.admin.email);
    const count = await studentCount(t);
    const previewed = await upload(t, '/api/staff/students/upload/preview', admin, BAD);
    expect(previewed.status).toBe(200);
    const preview = (await previewed.json()) as RosterPreview;
    expect(preview.counts).toEqual({ new: 1, update: 0, unchanged: 0, error: 2 });
    expect(preview.rows.filter((row) => row.status === 'error').map((row) => [row.rowNumber, row.errors.map((e) => e.message)])).toEqual([
      [3, ['Email is not a valid e-mail address.']],
      [4, ["no class named 'Class 99'."]],
    ]);
    expect(await studentCount(t)).toBe(count);

    // The raw body works too; an empty one and an unreadable one get a reason.
    const raw = await t.app.request('/api/staff/students/upload/preview', { method: 'POST', headers: { 'x-access-token': admin, 'content-type': 'text/csv' }, body: BAD });
    expect(raw.status).toBe(200);
    expect(await messageOf(await t.app.request('/api/staff/students/upload/preview', { method: 'POST', headers: { 'x-access-token': admin } }))).toBe(STUDENT_MESSAGES.noFile);
    const notSheet = await t.app.request('/api/staff/students/upload/preview', { method: 'POST', headers: { 'x-access-token': admin }, body: new Uint8Array([0, 1, 2, 3, 255]) });
    expect(notSheet.status).toBe(422);

    const fixed = BAD.replace('not-an-email', 'ved@example.edu').replace('Class 99', 'Class 10 - A');
    const started = await upload(t, '/api/staff/students/upload/confirm', admin, fixed);
    expect(started.status).toBe(202);
    const { job } = (await started.json()) as { job: RosterJob };
    let state = job;
    for (let i = 0; i < 200 && state.phase !== 'done' && state.phase !== 'failed'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      state = ((await t.getJson(`/api/staff/students/upload/${job.id}`, admin)) as { job: RosterJob }).job;
    }
    expect(state).toMatchObject({ phase: 'done', summary: { created: 3, updated: 0, unchanged: 0, failed: 0 }, failures: [] });
    expect(await studentCount(t)).toBe(count + 3);
    const listed = (await t.getJson('/api/staff/students?q=U-', admin)) as StaffStudentListReply;
    expect(listed.items.map((item) => item.regNo).sort()).toEqual(['U-1', 'U-2', 'U-3']);
    expect(listed.items.every((item) => item.className === 'Class 10 - A')).toBe(true);
    // Provisional hashes (decision 0055) still sign in.
    expect((await t.postJson('/api/login', { phone: 'U-1', password: 'secret12' })).status).toBe(200);
    expect((await t.get('/api/staff/students/upload/unknown', { 'x-access-token': admin })).status).toBe(404);
  });

  it("takes a file over the API's 1 MB JSON limit (the roster's own 10 MB)", async () => {
    const t = await newApp();
    const admin = await staffToken(t, DEMO_STAFF.admin.email);
    const rows = Array.from({ length: 15_000 }, (_, i) => `B-${i},Bulk Student Number ${i},bulk-student-${i}@example.edu,Class 10 - A,secret12`);
    const big = ['Registration No,Name,Email,Class,Password', ...rows].join('\n');
    expect(big.length).toBeGreaterThan(1024 * 1024);
    const previewed = await upload(t, '/api/staff/students/upload/preview', admin, big);
    expect(previewed.status).toBe(200);
    expect(((await previewed.json()) as RosterPreview).counts.new).toBe(15_000);
  });

  it('serves the templates', async () => {
    const t = await newApp();
    const admin = await staffToken(t, DEMO_STAFF.admin.email);
    const csv = await t.get('/api/staff/students/template.csv', { 'x-access-token': admin });
    expect(csv.status).toBe(200);
    expect(await csv.text()).toContain('Registration No,Name,Email');
    const xlsx = await t.get('/api/staff/students/template.xlsx', { 'x-access-token': admin });
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
    expect(new Uint8Array(await xlsx.arrayBuffer()).slice(0, 2)).toEqual(new Uint8Array([0x50, 0x4b]));
  });
});
