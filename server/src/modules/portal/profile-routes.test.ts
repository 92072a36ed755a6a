import { decode as decodeJwt } from 'hono/jwt';
import { describe, expect, it } from 'vitest';
import { errorReplySchema } from '@invigil/shared/api/common';
import { ACCESS_TOKEN_HEADER } from '@invigil/shared/api/http';
import { userReplySchema } from '@invigil/shared/api/auth';
import {
  AVATAR_MAX_BYTES,
  PROFILE_MESSAGES,
  PROFILE_RULES,
  RECENT_LOGIN_WINDOW_SECONDS,
  REQUIRES_RECENT_LOGIN,
  presignAvatarReplySchema,
  profileReplySchema,
  recentLoginErrorSchema,
  saveAvatarReplySchema,
  updatePasswordReplySchema,
} from '@invigil/shared/api/profile';
import { newObjectId } from '../../platform/lib/object-id';
import { hashPassword } from '../../platform/lib/password';
import { useTestApp } from '../../test-support/test-app';
import type { TestApp } from '../../test-support/test-app';

const newApp = useTestApp();

const PASSWORD = 'secret12';
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('rest of a tiny png')]);
const JPG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('rest of a tiny jpeg')]);

interface Student {
  id: string;
  regNo: string;
  token: string;
  headers: Record<string, string>;
  post(path: string, body: unknown): Promise<Response>;
  profile(): Promise<ReturnType<typeof profileReplySchema.parse>['data']>;
}

/** A student of our own (demo data may change under the demo students), signed in now. */
async function student(t: TestApp, regNo: string, fields: { phone?: string } = {}): Promise<Student> {
  const id = newObjectId(t.clock.now());
  await t.users.insertIfAbsent({
    id, regNo, email: `${regNo.toLowerCase()}@example.edu`, name: `Student ${regNo}`, phone: fields.phone ?? '', passwordHash: await hashPassword(PASSWORD),
    meritpoints: 0, avatar: null, config: {}, verified: true, passwordChangedAt: 0, createdAt: 0,
  });
  return signIn(t, id, regNo);
}

async function signIn(t: TestApp, id: string, regNo: string, password = PASSWORD): Promise<Student> {
  const token = await t.token(regNo, password);
  const headers = { [ACCESS_TOKEN_HEADER]: token };
  return {
    id, regNo, token, headers,
    post: (path, body) => t.postJson(path, body, headers),
    profile: async () => profileReplySchema.parse(await t.getJson('/api/user/profile', token)).data,
  };
}

async function messageOf(response: Response): Promise<string> {
  return errorReplySchema.parse(await response.json()).message;
}

async function expectRefused(response: Response, status: number, message: string): Promise<void> {
  expect(response.status).toBe(status);
  expect(await messageOf(response)).toBe(message);
}

async function giveClass(t: TestApp, userId: string, classId: string, extra: { address?: string; institute?: string } = {}): Promise<void> {
  await t.db.kysely.insertInto('student_profiles').values({ user_id: userId, class_id: classId, address: extra.address ?? '', institute: extra.institute ?? '', city: '', updated_at: 0 }).execute();
}

async function seedClasses(t: TestApp): Promise<void> {
  await t.db.kysely.insertInto('classes').values([{ id: 't-class-a', name: 'Class 9 - A' }, { id: 't-class-b', name: 'Class 9 - B' }]).execute();
  await t.db.kysely.insertInto('subjects').values([{ id: 't-phy', name: 'Physics' }, { id: 't-bio', name: 'Biology' }, { id: 't-art', name: 'Art' }]).execute();
  await t.db.kysely.insertInto('class_subjects').values([
    { class_id: 't-class-a', subject_id: 't-phy', teachers: '[]' },
    { class_id: 't-class-a', subject_id: 't-bio', teachers: '[]' },
    { class_id: 't-class-b', subject_id: 't-art', teachers: '[]' },
  ]).execute();
}

describe('GET /user/profile', () => {
  it("gives the student's own profile: class, the class's subjects, address, institute, and their own purchases newest first in rupees", async () => {
    const t = await newApp();
    await seedClasses(t);
    const asha = await student(t, 'PRO001', { phone: '9876500000' });
    const rohan = await student(t, 'PRO002');
    await giveClass(t, asha.id, 't-class-a', { address: '12 MG Road', institute: 'Test Institute' });
    await giveClass(t, rohan.id, 't-class-b');
    await t.db.kysely.insertInto('purchases').values([
      { id: 'p1', user_id: asha.id, meritpoints: 100, amount_paise: 49_900, created_at: 1_000 },
      { id: 'p2', user_id: asha.id, meritpoints: 250, amount_paise: 99_950, created_at: 2_000 },
      { id: 'p3', user_id: rohan.id, meritpoints: 10, amount_paise: 100, created_at: 3_000 },
    ]).execute();

    expect(await asha.profile()).toEqual({
      name: 'Student PRO001',
      email: 'pro001@example.edu',
      phone: '9876500000',
      avatar: null,
      class: 'Class 9 - A',
      subjects: [{ id: 't-bio', name: 'Biology' }, { id: 't-phy', name: 'Physics' }],
      address: '12 MG Road',
      institute: 'Test Institute',
      payments: [{ created_at: 2_000, meritpoints: 250, amount: 999.5 }, { created_at: 1_000, meritpoints: 100, amount: 499 }],
    });
    const rohans = await rohan.profile();
    expect(rohans.subjects).toEqual([{ id: 't-art', name: 'Art' }]);
    expect(rohans.payments).toEqual([{ created_at: 3_000, meritpoints: 10, amount: 1 }]);
  });

  it('gives empty fields to a student the institute has not placed in a class', async () => {
    const t = await newApp();
    const neha = await student(t, 'PRO003');
    expect(await neha.profile()).toMatchObject({ class: null, subjects: [], address: '', institute: '', payments: [], avatar: null, phone: '' });
  });

  it('needs a sign-in', async () => {
    const t = await newApp();
    await expectRefused(await t.get('/api/user/profile'), 401, 'Log in required!');
  });
});

describe('POST /update/basic/name', () => {
  it("changes the student's name (GET /user shows it) after the section 5 rules", async () => {
    const t = await newApp();
    const asha = await student(t, 'PRO010');
    for (const [body, message] of [[{}, PROFILE_RULES.required], [{ name: '  ' }, PROFILE_RULES.required], [{ name: 'Al' }, PROFILE_RULES.minName], [{ name: 7 }, 'Must be text.']] as const) {
      await expectRefused(await asha.post('/api/update/basic/name', body), 422, message);
    }
    const response = await asha.post('/api/update/basic/name', { name: '  Asha V. Rao ' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: PROFILE_MESSAGES.updated });
    expect(userReplySchema.parse(await t.getJson('/api/user', asha.token)).user.name).toBe('Asha V. Rao');
  });

  it('works with an old sign-in (only the e-mail and the password need a recent one)', async () => {
    const t = await newApp();
    const asha = await student(t, 'PRO011');
    t.clock.advance(3600_000);
    expect((await asha.post('/api/update/basic/name', { name: 'Asha Later' })).status).toBe(200);
  });

  it('refuses an unknown field, and without a sign-in', async () => {
    const t = await newApp();
    const asha = await student(t, 'PRO012');
    await expectRefused(await asha.post('/api/update/basic/phone', { phone: '1' }), 404, PROFILE_MESSAGES.unknownField);
    await expectRefused(await t.postJson('/api/update/basic/name', { name: 'Nobody Here' }), 401, 'Log in required!');
  });
});

describe('POST /update/basic/email', () => {
  it('changes the e-mail (lowercased) after the rules; the new one signs in; a taken one is a 409', async () => {
    const t = await newApp();
    const asha = await student(t, 'PRO020');
    await student(t, 'PRO021');
    for (const [body, message] of [[{}, PROFILE_RULES.required], [{ email: '' }, PROFILE_RULES.required], [{ email: 'asha@' }, PROFILE_RULES.email], [{ email: 'a b@c.de' }, PROFILE_RULES.email]] as const) {
      await expectRefused(await asha.post('/api/update/basic/email', body), 422, message);
    }
    await expectRefused(await asha.post('/api/update/basic/email', { email: 'PRO021@example.edu' }), 409, PROFILE_MESSAGES.emailTaken);
    expect((await asha.post('/api/update/basic/email', { email: 'pro020@example.edu' })).status).toBe(200); // unchanged is fine
    const response = await asha.post('/api/update/basic/email', { email: ' Asha.New@Example.edu ' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: PROFILE_MESSAGES.updated });
    expect((await asha.profile()).email).toBe('asha.new@example.edu');
    expect(await t.token('asha.new@example.edu', PASSWORD)).toBeTruthy();
  });

  it(`needs a sign-in of the last ${RECENT_LOGIN_WINDOW_SECONDS / 60} minutes: an older one gets 403 auth/requires-recent-login and nothing changes`, async () => {
    const t = await newApp();
    const asha = await student(t, 'PRO022');
    // iat is in whole seconds: a second's margin either side.
    t.clock.advance((RECENT_LOGIN_WINDOW_SECONDS - 1) * 1000);
    expect((await asha.post('/api/update/basic/email', { email: 'just.in.time@example.edu' })).status).toBe(200);
    t.clock.advance(2000);
    const late = await asha.post('/api/update/basic/email', { email: 'too.late@example.edu' });
    expect(late.status).toBe(403);
    expect(recentLoginErrorSchema.parse(await late.json())).toEqual({ message: PROFILE_MESSAGES.requiresRecentLogin, code: REQUIRES_RECENT_LOGIN });
    expect((await asha.profile()).email).toBe('just.in.time@example.edu');
    // Logging in again makes it recent.
    const again = await signIn(t, asha.id, 'PRO022');
    expect((await again.post('/api/update/basic/email', { email: 'too.late@example.edu' })).status).toBe(200);
  });
});

describe('POST /update/basic/password', () => {
  it('needs the current password; the change ends other sessions and gives this one a new token', async () => {
    const t = await newApp();
    const asha = await student(t, 'PRO030');
    const otherDevice = await signIn(t, asha.id, 'PRO030');
    const rules: [unknown, string][] = [
      [{ current_password: PASSWORD }, PROFILE_RULES.required],
      [{ password: '', current_password: PASSWORD }, PROFILE_RULES.required],
      [{ password: 'abc12', current_password: PASSWORD }, PROFILE_RULES.minPassword],
      [{ password: 'newpass1' }, PROFILE_RULES.required],
    ];
    for (const [body, message] of rules) await expectRefused(await asha.post('/api/update/basic/password', body), 422, message);
    const wrong = await asha.post('/api/update/basic/password', { password: 'newpass1', current_password: 'not-it' });
    expect(wrong.status).toBe(422);
    expect(errorReplySchema.parse(await wrong.json())).toEqual({
      message: PROFILE_MESSAGES.wrongCurrentPassword,
      issues: [{ path: 'current_password', message: PROFILE_MESSAGES.wrongCurrentPassword }],
    });

    t.clock.advance(1000);
    const response = await asha.post('/api/update/basic/password', { password: 'newpass1', current_password: PASSWORD });
    expect(response.status).toBe(200);
    const reply = updatePasswordReplySchema.parse(await response.json());
    expect(reply.message).toBe(PROFILE_MESSAGES.updated);
    await expectRefused(await t.get('/api/user', asha.headers), 401, 'Log in required!');
    await expectRefused(await t.get('/api/user', otherDevice.headers), 401, 'Log in required!');
    expect((await t.get('/api/user', { [ACCESS_TOKEN_HEADER]: reply.token })).status).toBe(200);
    expect(await t.token('PRO030', 'newpass1')).toBeTruthy();
    expect((await t.postJson('/api/login', { phone: 'PRO030', password: PASSWORD })).status).toBe(401);
  });

  it('with an old sign-in is a 403 auth/requires-recent-login, even with the right password, and the password stays', async () => {
    const t = await newApp();
    const asha = await student(t, 'PRO031');
    t.clock.advance(RECENT_LOGIN_WINDOW_SECONDS * 1000 + 1000);
    const response = await asha.post('/api/update/basic/password', { password: 'newpass1', current_password: PASSWORD });
    expect(response.status).toBe(403);
    expect(recentLoginErrorSchema.parse(await response.json()).code).toBe(REQUIRES_RECENT_LOGIN);
    expect((await t.get('/api/user', asha.headers)).status).toBe(200);
    expect(await t.token('PRO031', PASSWORD)).toBeTruthy();
  });
});

describe('POST /update/other', () => {
  it('saves phone, institute and address (creating the profile row if needed); the class only as the institute set it', async () => {
    const t = await newApp();
    await seedClasses(t);
    const asha = await student(t, 'PRO040');
    const neha = await student(t, 'PRO041');
    await giveClass(t, asha.id, 't-class-a', { address: 'Old address', institute: 'Old institute' });

    const response = await asha.post('/api/update/other', { phone: '9123456780', institute: 'New Institute', calss: 'Class 9 - A', address: 'New address' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: PROFILE_MESSAGES.updated });
    expect(await asha.profile()).toMatchObject({ phone: '9123456780', institute: 'New Institute', address: 'New address', class: 'Class 9 - A' });
    // Only what is sent changes; `class` is accepted for `calss`, by name or id.
    expect((await asha.post('/api/update/other', { address: '', class: 't-class-a' })).status).toBe(200);
    expect(await asha.profile()).toMatchObject({ phone: '9123456780', institute: 'New Institute', address: '' });

    await expectRefused(await asha.post('/api/update/other', { calss: 'Class 9 - B' }), 422, PROFILE_MESSAGES.classSetByInstitute);
    await expectRefused(await neha.post('/api/update/other', { calss: 'Class 9 - A' }), 422, PROFILE_MESSAGES.classSetByInstitute);
    expect((await neha.post('/api/update/other', { address: 'Neha lives here', institute: 'Somewhere' })).status).toBe(200);
    expect(await neha.profile()).toMatchObject({ address: 'Neha lives here', institute: 'Somewhere', class: null });
    expect((await asha.profile()).address).toBe('');
  });

  it('refuses an address over 255 characters, an institute over 200 and a phone that is not 10 digits', async () => {
    const t = await newApp();
    const asha = await student(t, 'PRO042');
    await expectRefused(await asha.post('/api/update/other', { address: 'x'.repeat(256) }), 422, PROFILE_RULES.address);
    expect((await asha.post('/api/update/other', { address: 'x'.repeat(255) })).status).toBe(200);
    await expectRefused(await asha.post('/api/update/other', { institute: 'x'.repeat(201) }), 422, PROFILE_RULES.institute);
    await expectRefused(await asha.post('/api/update/other', { phone: '12345' }), 422, PROFILE_RULES.phone);
    await expectRefused(await asha.post('/api/update/other', { phone: '98765432101' }), 422, PROFILE_RULES.phone);
    expect((await asha.post('/api/update/other', { phone: '' })).status).toBe(200);
    await expectRefused(await t.postJson('/api/update/other', { address: 'a' }), 401, 'Log in required!');
  });
});

describe('avatar: POST /presignAvatar, PUT, POST /saveAvatar', () => {
  async function upload(t: TestApp, who: Student, contentType: string, bytes: Buffer): Promise<{ fileName: string; signedURL: string; put: Response }> {
    const presigned = await who.post('/api/presignAvatar', { contentType });
    expect(presigned.status).toBe(200);
    const { fileName, signedURL } = presignAvatarReplySchema.parse(await presigned.json());
    expect(signedURL.startsWith('/blobs/avatar/')).toBe(true);
    const put = await t.app.request(signedURL, { method: 'PUT', headers: { 'content-type': contentType }, body: bytes });
    return { fileName, signedURL, put };
  }

  it('sets a .png, then a .jpg avatar; the profile gives a URL that opens it; the replaced image is removed', async () => {
    const t = await newApp();
    const asha = await student(t, 'PRO050');
    const first = await upload(t, asha, 'image/png', PNG);
    expect(first.put.status).toBe(200);
    const saved = await asha.post('/api/saveAvatar', { fileName: first.fileName });
    expect(saved.status).toBe(200);
    const reply = saveAvatarReplySchema.parse(await saved.json());
    expect(reply.message).toBe(PROFILE_MESSAGES.updated);
    const avatar = (await asha.profile()).avatar as string;
    expect(avatar).toBe(reply.avatar);
    const image = await t.app.request(avatar);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
    // The saved avatar is what the identity check compares against: its upload link cannot replace it.
    await expectRefused(await t.app.request(first.signedURL, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: Buffer.concat([PNG, Buffer.from('other')]) }), 403, PROFILE_MESSAGES.avatarBadLink);
    expect(Buffer.from(await (await t.app.request(avatar)).arrayBuffer()).equals(PNG)).toBe(true);

    const second = await upload(t, asha, 'image/jpeg', JPG);
    expect(second.put.status).toBe(200);
    expect(second.fileName.endsWith('.jpg')).toBe(true);
    expect((await asha.post('/api/saveAvatar', { fileName: second.fileName })).status).toBe(200);
    expect((await t.app.request((await asha.profile()).avatar as string)).status).toBe(200);
    expect((await t.app.request(avatar)).status).toBe(404);

    // GET /user gives the same link the browser can open; a new token carries none (a signed link would expire in it).
    const user = (await t.getJson('/api/user', asha.token)) as { user: { avatar: string | null } };
    expect(user.user.avatar).toBe((await asha.profile()).avatar);
    const relogged = await signIn(t, asha.id, asha.regNo);
    expect(decodeJwt(relogged.token).payload['avatar']).toBeNull();
  });

  it('accepts only image/png and image/jpeg', async () => {
    const t = await newApp();
    const asha = await student(t, 'PRO051');
    for (const contentType of ['image/gif', 'image/webp', 'application/pdf', '']) {
      await expectRefused(await asha.post('/api/presignAvatar', { contentType }), 422, PROFILE_MESSAGES.avatarType);
    }
    await expectRefused(await asha.post('/api/presignAvatar', {}), 422, PROFILE_MESSAGES.avatarType);
    expect((await asha.post('/api/presignAvatar', { content_type: 'image/jpeg' })).status).toBe(200);
  });

  it('refuses bytes that are not the image type, a file over 2 MB, another Content-Type, and a forged link', async () => {
    const t = await newApp();
    const asha = await student(t, 'PRO052');
    const notPng = await upload(t, asha, 'image/png', JPG);
    await expectRefused(notPng.put, 422, PROFILE_MESSAGES.avatarNotImage);
    const huge = await upload(t, asha, 'image/png', Buffer.concat([PNG, Buffer.alloc(AVATAR_MAX_BYTES)]));
    await expectRefused(huge.put, 413, PROFILE_MESSAGES.avatarTooLarge);

    const presigned = presignAvatarReplySchema.parse(await (await asha.post('/api/presignAvatar', { contentType: 'image/png' })).json());
    const asJpeg = await t.app.request(presigned.signedURL, { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: PNG });
    await expectRefused(asJpeg, 403, PROFILE_MESSAGES.avatarBadLink);
    const forged = await t.app.request(presigned.signedURL.replace(/s=[^&]+/, 's=forged'), { method: 'PUT', headers: { 'content-type': 'image/png' }, body: PNG });
    await expectRefused(forged, 403, PROFILE_MESSAGES.avatarBadLink);
    // The answer uploads' PUT does not take an avatar's link.
    const elsewhere = await t.app.request(presigned.signedURL.replace('/blobs/avatar/', '/blobs/upload/'), { method: 'PUT', headers: { 'content-type': 'image/png' }, body: PNG });
    expect(elsewhere.status).toBe(403);
    // A link that has expired.
    t.clock.advance(16 * 60_000);
    const expired = await t.app.request(presigned.signedURL, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: PNG });
    await expectRefused(expired, 403, PROFILE_MESSAGES.avatarBadLink);
  });

  it("refuses saving another student's image or one not uploaded yet", async () => {
    const t = await newApp();
    const asha = await student(t, 'PRO053');
    const rohan = await student(t, 'PRO054');
    const ashas = await upload(t, asha, 'image/png', PNG);
    expect(ashas.put.status).toBe(200);
    await expectRefused(await rohan.post('/api/saveAvatar', { fileName: ashas.fileName }), 404, PROFILE_MESSAGES.avatarBadFile);
    expect((await rohan.profile()).avatar).toBeNull();
    await expectRefused(await rohan.post('/api/saveAvatar', { fileName: '../etc/passwd' }), 422, PROFILE_MESSAGES.avatarBadFile);
    const pending = presignAvatarReplySchema.parse(await (await rohan.post('/api/presignAvatar', { contentType: 'image/png' })).json());
    await expectRefused(await rohan.post('/api/saveAvatar', { fileName: pending.fileName }), 409, PROFILE_MESSAGES.avatarNotUploaded);
    await expectRefused(await t.postJson('/api/presignAvatar', { contentType: 'image/png' }), 401, 'Log in required!');
  });
});
