import { describe, expect, it } from 'vitest';
import { videoProctoringReplySchema } from '@invigil/shared/api/video-proctoring';
import type { VideoProctoringReply } from '@invigil/shared/api/video-proctoring';
import type { Config } from '../../platform/config';
import { addStaffAccount } from '../staff/staff-module';
import { DEMO_TEST_IDS } from '../../seed/demo-tests';
import { videoRoomOf } from './video-proctoring-service';
import { TEST_JWT_SECRET, useTestApp } from '../../test-support/test-app';

const makeApp = useTestApp();
const SINGLE = DEMO_TEST_IDS.mcq;
const MULTI = DEMO_TEST_IDS.mixed;
const DOMAIN = 'meet.example.edu';

/** Asha and Rohan started the single-room test; the demo proctor watches every demo test, another proctor none. */
async function setup(overrides: Partial<Config> = { jitsiDomain: DOMAIN }) {
  const t = await makeApp(overrides);
  const db = t.db.kysely;
  await db.updateTable('tests').set({ config: JSON.stringify({ PROCTOR_TYPE: 'jitsi-single' }) }).where('id', '=', SINGLE).execute();
  await db.updateTable('tests').set({ config: JSON.stringify({ PROCTOR_TYPE: 'jitsi-multiple' }) }).where('id', '=', MULTI).execute();
  const asha = await t.token('student@example.edu');
  const rohan = await t.token('second@example.edu');
  for (const token of [asha, rohan]) expect((await t.postJson('/api/test/start', { id: SINGLE, devices: [] }, { 'x-access-token': token })).status).toBe(200);
  const proctorLogin = async (email: string, password: string) => {
    const reply = await t.postJson('/api/proctor/login', { email, password });
    expect(reply.status).toBe(200);
    return ((await reply.json()) as { token: string }).token;
  };
  const proctor = await proctorLogin('proctor@example.edu', 'demo1234');
  await addStaffAccount(db, { email: 'other-proctor@example.edu', name: 'Other Proctor', role: 'proctor', password: 'other-pass-1', testIds: [DEMO_TEST_IDS.proctored] }, t.clock.now());
  const other = await proctorLogin('other-proctor@example.edu', 'other-pass-1');
  return { t, asha, rohan, proctor, other, ashaId: t.userIds['DEMO001'] as string, rohanId: t.userIds['DEMO002'] as string };
}

async function reply(response: Response): Promise<VideoProctoringReply> {
  expect(response.status).toBe(200);
  return videoProctoringReplySchema.parse(await response.json());
}

describe('video proctoring rooms', () => {
  it("single mode: each student gets their own room, named and locked by the server, with their name, 720 and the 2 s close; the proctor joins that same room under the proctor's name", async () => {
    const { t, asha, rohan, proctor, ashaId, rohanId } = await setup();
    const ashaRoom = await reply(await t.get(`/api/test/video/${SINGLE}`, { 'x-access-token': asha }));
    const expected = videoRoomOf(TEST_JWT_SECRET, SINGLE, ashaId);
    expect(ashaRoom).toEqual({ mode: 'single', configured: true, room: { domain: DOMAIN, ...expected, display_name: 'Asha Verma', resolution: 720, auto_close_ms: 2000 } });
    expect(expected.room).toMatch(/^invigil-vp-[0-9a-f]{32}$/);
    expect(expected.room).not.toContain(SINGLE);
    expect(expected.room).not.toContain(ashaId);

    const rohanRoom = await reply(await t.get(`/api/test/video/${SINGLE}`, { 'x-access-token': rohan }));
    expect(rohanRoom.room?.room).not.toBe(expected.room);
    expect(rohanRoom.room?.password).not.toBe(expected.password);

    const forProctor = await reply(await t.get(`/api/proctor/tests/${SINGLE}/video/${ashaId}`, { 'x-access-token': proctor }));
    expect(forProctor.room).toEqual({ ...ashaRoom.room, display_name: 'Priya Nair' });
    expect((await reply(await t.get(`/api/proctor/tests/${SINGLE}/video/${rohanId}`, { 'x-access-token': proctor }))).room?.room).toBe(rohanRoom.room?.room);
    // The test's own call says single mode, no shared room.
    expect(await reply(await t.get(`/api/proctor/tests/${SINGLE}/video`, { 'x-access-token': proctor }))).toEqual({ mode: 'single', configured: true, room: null });
  });

  it('multi mode (jitsi-multiple too): one room for the test, 180, no auto close, for students and the proctor alike', async () => {
    const { t, asha, rohan, proctor, rohanId } = await setup();
    for (const token of [asha, rohan]) expect((await t.postJson('/api/test/start', { id: MULTI, devices: [] }, { 'x-access-token': token })).status).toBe(200);
    const a = await reply(await t.get(`/api/test/video/${MULTI}`, { 'x-access-token': asha }));
    const r = await reply(await t.get(`/api/test/video/${MULTI}`, { 'x-access-token': rohan }));
    expect(a.mode).toBe('multi');
    expect(a.room).toMatchObject({ ...videoRoomOf(TEST_JWT_SECRET, MULTI, null), resolution: 180, auto_close_ms: null, display_name: 'Asha Verma' });
    expect(r.room).toMatchObject({ room: a.room?.room, password: a.room?.password, display_name: 'Rohan Mehta' });
    const test = await reply(await t.get(`/api/proctor/tests/${MULTI}/video`, { 'x-access-token': proctor }));
    expect(test.room).toEqual({ ...a.room, display_name: 'Priya Nair' });
    expect((await reply(await t.get(`/api/proctor/tests/${MULTI}/video/${rohanId}`, { 'x-access-token': proctor }))).room?.room).toBe(a.room?.room);
  });

  it('a test without video proctoring has no room; without JITSI_DOMAIN the room is null and configured false', async () => {
    const { t, asha, proctor } = await setup({});
    expect(await reply(await t.get(`/api/test/video/${SINGLE}`, { 'x-access-token': asha }))).toEqual({ mode: 'single', configured: false, room: null });
    expect(await reply(await t.get(`/api/proctor/tests/${MULTI}/video`, { 'x-access-token': proctor }))).toEqual({ mode: 'multi', configured: false, room: null });
    await t.db.kysely.updateTable('tests').set({ config: JSON.stringify({ PROCTOR_TYPE: 'none' }) }).where('id', '=', SINGLE).execute();
    expect(await reply(await t.get(`/api/test/video/${SINGLE}`, { 'x-access-token': asha }))).toEqual({ mode: 'none', configured: false, room: null });
  });

  it('a student gets a room only for a running attempt of a test they can see; no other way to ask for another room', async () => {
    const { t, asha, proctor } = await setup();
    expect((await t.get(`/api/test/video/${MULTI}`, { 'x-access-token': asha })).status).toBe(409);
    expect((await t.get(`/api/test/video/no-such-test`, { 'x-access-token': asha })).status).toBe(404);
    expect((await t.get(`/api/test/video/${SINGLE}`)).status).toBe(401);
    // A proctor's token is not a student's, and a student's not a proctor's.
    expect((await t.get(`/api/test/video/${SINGLE}`, { 'x-access-token': proctor })).status).toBe(401);
    expect((await t.get(`/api/proctor/tests/${SINGLE}/video`, { 'x-access-token': asha })).status).toBe(401);
    const submitted = await t.postJson('/api/test/submit', { id: SINGLE, updates: [], terminated: 'manual' }, { 'x-access-token': asha });
    expect(submitted.status).toBe(200);
    expect((await t.get(`/api/test/video/${SINGLE}`, { 'x-access-token': asha })).status).toBe(409);
  });

  it("a proctor gets rooms only of tests they are assigned to, and only of that test's candidates (404 otherwise)", async () => {
    const { t, other, proctor, ashaId } = await setup();
    expect((await t.get(`/api/proctor/tests/${SINGLE}/video`, { 'x-access-token': other })).status).toBe(404);
    expect((await t.get(`/api/proctor/tests/${SINGLE}/video/${ashaId}`, { 'x-access-token': other })).status).toBe(404);
    expect((await t.get(`/api/proctor/tests/${SINGLE}/video/not-a-candidate`, { 'x-access-token': proctor })).status).toBe(404);
    expect((await t.get(`/api/proctor/tests/${'x'.repeat(65)}/video`, { 'x-access-token': proctor })).status).toBeLessThan(500);
  });
});
