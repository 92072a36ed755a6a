import { describe, expect, it } from 'vitest';
import { errorReplySchema } from '@invigil/shared/api/common';
import { ACCESS_TOKEN_HEADER } from '@invigil/shared/api/http';
import {
  MAX_EVENTS_PER_REQUEST,
  MAX_SNAPSHOT_BYTES,
  PROCTOR_MESSAGES,
  PROCTOR_TOKEN_HEADER,
  proctorEventsReplySchema,
  proctorTimelineReplySchema,
  proctorTokenReplySchema,
  snapshotReplySchema,
} from '@invigil/shared/api/proctor';
import type { ProctorEvent } from '@invigil/shared/api/proctor';
import { TEST_MESSAGES } from '@invigil/shared/api/tests';
import { DEMO_TEST_IDS } from '../../seed/demo-tests';
import { useTestApp } from '../../test-support/test-app';
import type { TestApp } from '../../test-support/test-app';

const newApp = useTestApp();

const MCQ = DEMO_TEST_IDS.mcq; // 20 minutes, open to all
const OTHER = DEMO_TEST_IDS.mixed;
/** An 8x6 WebP (quality 70) and a PNG header: enough bytes for the type checks. */
const WEBP = Buffer.from('UklGRjYAAABXRUJQVlA4ICoAAADQAQCdASoIAAYAAkA4JaACdLoB+AADsAD+h9f/NgQM0Ppg/8lMoXQ16AA=', 'base64');
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('rest of a tiny png')]);

async function messageOf(response: Response): Promise<string> {
  return errorReplySchema.parse(await response.json()).message;
}

async function student(t: TestApp, who = 'DEMO001') {
  const token = await t.token(who);
  const headers = { [ACCESS_TOKEN_HEADER]: token };
  const post = (path: string, body: unknown, extra: Record<string, string> = headers) => t.postJson(path, body, extra);
  return {
    token,
    headers,
    post,
    start: async (id: string) => expect((await post('/api/test/start', { id, devices: [] })).status).toBe(200),
    submit: async (id: string) => expect((await post('/api/test/submit', { id, updates: [], terminated: 'manual' })).status).toBe(200),
    async proctorToken(id: string): Promise<string> {
      const reply = await post('/api/proctor/token', { test_id: id });
      expect(reply.status).toBe(200);
      return proctorTokenReplySchema.parse(await reply.json()).token;
    },
    timeline: (id: string) => t.get(`/api/proctor/events/${id}`, headers),
    postForm: (path: string, form: FormData, extra: Record<string, string> = headers) => t.app.request(path, { method: 'POST', headers: extra, body: form }),
  };
}

let counter = 0;
function event(kind: ProctorEvent['kind'], at: number, more: Partial<ProctorEvent> = {}): ProctorEvent {
  counter += 1;
  return { id: `evt-${String(counter).padStart(6, '0')}`, at, kind, source: 'page', ...more };
}

const eventsBody = (testId: string, sentAt: number, events: ProctorEvent[]) => ({ test_id: testId, sent_at: sentAt, events });

describe('proctor events', () => {
  it('stores a replayed request once and acknowledges every event of it', async () => {
    const t = await newApp();
    const asha = await student(t);
    await asha.start(MCQ);
    const now = t.clock.now();
    const batch = eventsBody(MCQ, now, [event('BLUR', now - 5000), event('FOCUS', now - 2000, { detail: { away_ms: 3000 } }), event('NO_FACE', now - 1000, { detail: { faces: 0 } })]);

    const first = await asha.post('/api/proctor/events', batch);
    expect(first.status).toBe(200);
    expect(proctorEventsReplySchema.parse(await first.json())).toEqual({ stored: 3, duplicates: 0, late: 0 });

    t.clock.advance(1000);
    const replay = await asha.post('/api/proctor/events', { ...batch, sent_at: t.clock.now() });
    expect(proctorEventsReplySchema.parse(await replay.json())).toEqual({ stored: 0, duplicates: 3, late: 0 });

    // The same id twice in one request, with one new event.
    const again = batch.events[0] as ProctorEvent;
    const mixed = await asha.post('/api/proctor/events', eventsBody(MCQ, t.clock.now(), [again, again, event('SPEECH', t.clock.now(), { detail: { ms: 1500 } })]));
    expect(proctorEventsReplySchema.parse(await mixed.json())).toEqual({ stored: 1, duplicates: 2, late: 0 });

    await asha.submit(MCQ);
    const timeline = proctorTimelineReplySchema.parse(await (await asha.timeline(MCQ)).json());
    expect(timeline.events.map((item) => item.kind)).toEqual(['BLUR', 'FOCUS', 'NO_FACE', 'SPEECH']);
    expect(timeline.events[1]).toMatchObject({ source: 'page', detail: { away_ms: 3000 }, evidence_url: null, late: false });
  });

  it('moves event times onto the server clock by the request offset, never past arrival', async () => {
    const t = await newApp();
    const asha = await student(t);
    await asha.start(MCQ);
    const server = t.clock.now();
    const skew = -7 * 60_000; // the student's clock is 7 minutes slow
    const client = server + skew;
    await asha.post('/api/proctor/events', eventsBody(MCQ, client, [event('BLUR', client - 4000, { id: 'skewed-1' }), event('FOCUS', client + 60_000, { id: 'future-1' })]));
    await asha.submit(MCQ);
    const timeline = proctorTimelineReplySchema.parse(await (await asha.timeline(MCQ)).json());
    const byId = new Map(timeline.events.map((item) => [item.id, item]));
    expect(byId.get('skewed-1')).toMatchObject({ at: server - 4000, client_at: client - 4000, received_at: server });
    expect(byId.get('future-1')?.at).toBe(server);
  });


  it("keeps a source's events in the order its device saw them when a slower request carried the earlier one", async () => {
    const t = await newApp();
    const asha = await student(t);
    await asha.start(MCQ);
    const device = t.clock.now();
    // The first request spent 900 ms on the way (sent_at is 900 ms before arrival); the event it
    // carries happened 5 ms before one that a later, quick request carries.
    t.clock.advance(900);
    await asha.post('/api/proctor/events', eventsBody(MCQ, device, [event('DETECTOR_UNAVAILABLE', device, { id: 'slow-first', detail: { detector: 'extension screen picker' } })]));
    t.clock.advance(10);
    await asha.post('/api/proctor/events', eventsBody(MCQ, device + 905, [event('SCREEN_SHARE_STARTED', device + 5, { id: 'quick-second', detail: { surface: 'monitor' } })]));
    await asha.submit(MCQ);
    const timeline = proctorTimelineReplySchema.parse(await (await asha.timeline(MCQ)).json());
    expect(timeline.events.map((item) => item.id)).toEqual(['slow-first', 'quick-second']);
    const byId = new Map(timeline.events.map((item) => [item.id, item]));
    expect(byId.get('slow-first')?.at).toBe(device + 900);
    expect(byId.get('quick-second')?.at).toBe(device + 900);
    expect(byId.get('quick-second')?.client_at).toBe(device + 5);
  });
  it('refuses malformed requests with a clear 4xx, never a 500', async () => {
    const t = await newApp();
    const asha = await student(t);
    await asha.start(MCQ);
    const now = t.clock.now();
    const cases: [unknown, number, RegExp][] = [
      ['{', 400, /not valid JSON/],
      [{ test_id: MCQ, sent_at: now }, 422, /Events is required/],
      [eventsBody(MCQ, now, []), 422, /at least one event/],
      [eventsBody(MCQ, now, Array.from({ length: MAX_EVENTS_PER_REQUEST + 1 }, (_, i) => event('BLUR', now, { id: `many-${String(i).padStart(4, '0')}` }))), 422, /at most 100 events/],
      [eventsBody(MCQ, now, [{ ...event('BLUR', now), kind: 'LOOKED_AWAY' as never }]), 422, /Kind is not valid/],
      [eventsBody(MCQ, now, [{ ...event('BLUR', now), source: 'server' as never }]), 422, /Source is not valid/],
      [eventsBody(MCQ, now, [event('BLUR', now, { id: 'no' })]), 422, /event id is 8 to 64/],
      [eventsBody(MCQ, now, [event('SPEECH', now, { detail: { text: 'x'.repeat(201) } })]), 422, /at most 200 characters/],
      [eventsBody(MCQ, now, [event('SPEECH', now, { detail: { Nested: 1 } })]), 422, /snake_case/],
      [eventsBody(MCQ, now, [event('SPEECH', now, { detail: { a: 1, b: 2, c: 3, d: 4, e: 5, f: 6, g: 7, h: 8, i: 9 } })]), 422, /at most 8 fields/],
      [eventsBody(MCQ, now, [event('NO_FACE', now, { evidence: '../../etc/passwd' })]), 422, /not a snapshot file name/],
      [eventsBody(MCQ, now, [{ ...event('BLUR', now), extra: true } as never]), 422, /Unknown field/],
      [eventsBody(MCQ, -1, [event('BLUR', now)]), 422, /Sent at/],
      [eventsBody(MCQ, now, [event('SPEECH', now, { detail: { text: 'a\u0000b' } })]), 422, /NUL/],
      [eventsBody('no-such-test', now, [event('BLUR', now)]), 404, /Test not found!/],
      [eventsBody(OTHER, now, [event('BLUR', now)]), 403, /start the test first/],
    ];
    for (const [body, status, message] of cases) {
      const response = await asha.post('/api/proctor/events', body);
      expect({ status: response.status, message: await messageOf(response) }).toEqual({ status, message: expect.stringMatching(message) });
    }
    const noAuth = await t.postJson('/api/proctor/events', eventsBody(MCQ, now, [event('BLUR', now)]));
    expect(noAuth.status).toBe(401);
    const badToken = await t.postJson('/api/proctor/events', eventsBody(MCQ, now, [event('BLUR', now)]), { [PROCTOR_TOKEN_HEADER]: 'pt1.abc.def' });
    expect(badToken.status).toBe(401);
    expect(await messageOf(badToken)).toBe(PROCTOR_MESSAGES.tokenInvalid);
    // Who is asking is checked before the body is read: no field list for a stranger.
    const strangers: Record<string, string>[] = [{}, { [ACCESS_TOKEN_HEADER]: 'a.b.c' }, { [PROCTOR_TOKEN_HEADER]: 'pt1.abc.def' }];
    for (const headers of strangers) {
      for (const body of [{}, { test_id: MCQ }, { events: 'nope' }]) {
        const stranger = await t.postJson('/api/proctor/events', body, headers);
        expect(stranger.status, JSON.stringify([headers, body])).toBe(401);
        expect(await stranger.clone().json(), JSON.stringify([headers, body])).not.toHaveProperty('issues');
      }
      const notJson = await t.app.request('/api/proctor/events', { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: '{oops' });
      expect(notJson.status).toBe(401);
    }
    expect(t.logger.errors).toEqual([]);
  });

  it('keeps events that arrive after submission and its grace, marked late', async () => {
    const t = await newApp();
    const asha = await student(t);
    await asha.start(MCQ);
    await asha.submit(MCQ);
    // Within the grace after submission: on time (a trailing event of the submit itself).
    const trailing = await asha.post('/api/proctor/events', eventsBody(MCQ, t.clock.now(), [event('AUTO_SUBMIT', t.clock.now(), { detail: { reason: 'BLUR_ALLOWED_COUNT' } })]));
    expect(proctorEventsReplySchema.parse(await trailing.json())).toEqual({ stored: 1, duplicates: 0, late: 0 });
    t.clock.advance(t.config.graceSeconds * 1000 + 1);
    const late = await asha.post('/api/proctor/events', eventsBody(MCQ, t.clock.now(), [event('FULLSCREEN_EXIT', t.clock.now())]));
    expect(proctorEventsReplySchema.parse(await late.json())).toEqual({ stored: 1, duplicates: 0, late: 1 });
    const timeline = proctorTimelineReplySchema.parse(await (await asha.timeline(MCQ)).json());
    expect(timeline.events.map((item) => [item.kind, item.late])).toEqual([
      ['AUTO_SUBMIT', false],
      ['FULLSCREEN_EXIT', true],
    ]);
  });
});

describe('proctor token', () => {
  it('is issued only for a running attempt, lets the extension report for that attempt only, and is no login', async () => {
    const t = await newApp();
    const asha = await student(t);
    const early = await asha.post('/api/proctor/token', { test_id: MCQ });
    expect(early.status).toBe(403);
    expect(await messageOf(early)).toBe(TEST_MESSAGES.notStarted);
    expect((await asha.post('/api/proctor/token', {})).status).toBe(422);
    expect((await t.postJson('/api/proctor/token', { test_id: MCQ })).status).toBe(401);

    await asha.start(MCQ);
    await asha.start(OTHER);
    const issued = proctorTokenReplySchema.parse(await (await asha.post('/api/proctor/token', { test_id: MCQ })).json());
    const attempt = await t.db.kysely.selectFrom('attempts').select(['deadline_ms']).where('user_id', '=', t.userIds['DEMO001'] as string).where('test_id', '=', MCQ).executeTakeFirstOrThrow();
    expect(issued.expires_at).toBe(Number(attempt.deadline_ms) + t.config.graceSeconds * 1000);
    const viaToken = { [PROCTOR_TOKEN_HEADER]: issued.token };
    const now = t.clock.now();

    const accepted = await t.postJson('/api/proctor/events', eventsBody(MCQ, now, [event('FULLSCREEN_EXIT', now, { source: 'extension', id: 'ext-0001' })]), viaToken);
    expect(accepted.status).toBe(200);
    expect(proctorEventsReplySchema.parse(await accepted.json()).stored).toBe(1);

    // Another test of the same student: refused.
    const otherTest = await t.postJson('/api/proctor/events', eventsBody(OTHER, now, [event('BLUR', now)]), viaToken);
    expect(otherTest.status).toBe(403);
    expect(await messageOf(otherTest)).toBe(PROCTOR_MESSAGES.tokenOtherTest);

    // Someone else's attempt: Rohan's, by a token edited to name it, does not verify.
    const rohan = await student(t, 'DEMO002');
    await rohan.start(MCQ);
    const rohanAttempt = await t.db.kysely.selectFrom('attempts').select('id').where('user_id', '=', t.userIds['DEMO002'] as string).executeTakeFirstOrThrow();
    const [prefix, payload, signature] = issued.token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const forged = `${prefix}.${Buffer.from(JSON.stringify({ ...claims, a: rohanAttempt.id, u: t.userIds['DEMO002'] })).toString('base64url')}.${signature}`;
    const foreign = await t.postJson('/api/proctor/events', eventsBody(MCQ, now, [event('BLUR', now)]), { [PROCTOR_TOKEN_HEADER]: forged });
    expect(foreign.status).toBe(401);
    // With the token, the token decides, whoever's access token comes with it.
    await t.postJson('/api/proctor/events', eventsBody(MCQ, now, [event('BLUR', now, { id: 'with-both-1' })]), { ...viaToken, ...rohan.headers });

    // Not a session: no signed-in call takes it, as either header.
    expect((await t.get('/api/user', { [ACCESS_TOKEN_HEADER]: issued.token })).status).toBe(401);
    expect((await t.get('/api/test/list', { [ACCESS_TOKEN_HEADER]: issued.token })).status).toBe(401);
    expect((await t.get(`/api/proctor/events/${MCQ}`, viaToken)).status).toBe(401);
    // And a session token is not a proctor token.
    expect((await t.postJson('/api/proctor/events', eventsBody(MCQ, now, [event('BLUR', now)]), { [PROCTOR_TOKEN_HEADER]: asha.token })).status).toBe(401);

    await asha.submit(MCQ);
    await rohan.submit(MCQ);
    const mine = proctorTimelineReplySchema.parse(await (await asha.timeline(MCQ)).json());
    expect(mine.events.map((item) => [item.id, item.source])).toEqual([
      ['ext-0001', 'extension'],
      ['with-both-1', 'page'],
    ]);
    const his = proctorTimelineReplySchema.parse(await (await rohan.timeline(MCQ)).json());
    expect(his.events).toEqual([]);
  });

  it('stops working once the deadline and grace have passed, and is not issued then', async () => {
    const t = await newApp();
    const asha = await student(t);
    await asha.start(MCQ);
    const token = await asha.proctorToken(MCQ);
    const viaToken = { [PROCTOR_TOKEN_HEADER]: token };
    const send = () => t.postJson('/api/proctor/events', eventsBody(MCQ, t.clock.now(), [event('BLUR', t.clock.now())]), viaToken);

    t.clock.advance(20 * 60_000 + t.config.graceSeconds * 1000);
    expect((await send()).status).toBe(200);
    t.clock.advance(1);
    const expired = await send();
    expect(expired.status).toBe(401);
    expect(await messageOf(expired)).toBe(PROCTOR_MESSAGES.tokenInvalid);
    const refused = await asha.post('/api/proctor/token', { test_id: MCQ });
    expect(refused.status).toBe(403);
    expect(await messageOf(refused)).toBe(PROCTOR_MESSAGES.notRunning);
  });

  it('answers the extension’s CORS preflight for the report calls, with the proctor token header only', async () => {
    const t = await newApp();
    const preflight = await t.app.request('/api/proctor/events', {
      method: 'OPTIONS',
      headers: { Origin: 'chrome-extension://abcdefghijklmnop', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type, x-proctor-token' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toContain(PROCTOR_TOKEN_HEADER);
    expect(preflight.headers.get('access-control-allow-headers')).not.toContain(ACCESS_TOKEN_HEADER);
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
  });
});

describe('proctor timeline', () => {
  it('is hidden until the attempt is submitted, with a clear message', async () => {
    const t = await newApp();
    const asha = await student(t);
    const notStarted = await asha.timeline(MCQ);
    expect(notStarted.status).toBe(403);
    expect(await messageOf(notStarted)).toBe(TEST_MESSAGES.notStarted);
    await asha.start(MCQ);
    const running = await asha.timeline(MCQ);
    expect(running.status).toBe(403);
    expect(await messageOf(running)).toBe(PROCTOR_MESSAGES.timelineAfterSubmit);
    expect((await t.get(`/api/proctor/events/${MCQ}`)).status).toBe(401);
    expect((await asha.timeline('no-such-test')).status).toBe(404);

    await asha.submit(MCQ);
    const done = await asha.timeline(MCQ);
    expect(done.status).toBe(200);
    const timeline = proctorTimelineReplySchema.parse(await done.json());
    expect(timeline).toMatchObject({ test_id: MCQ, events: [], snapshots: 0 });
    expect(timeline.submitted_at).toBeGreaterThanOrEqual(timeline.started_at);
  });
});

describe('proctor snapshots', () => {
  it('stores a WebP or PNG snapshot while the attempt runs; an event links it; only its signed URL opens it', async () => {
    const t = await newApp();
    const asha = await student(t);
    await asha.start(MCQ);
    const token = await asha.proctorToken(MCQ);

    // saveAIImage: multipart test_id and image (here from the extension, with its token).
    const form = new FormData();
    form.set('test_id', MCQ);
    form.set('reason', 'MULTI_FACE');
    form.set('image', new Blob([WEBP], { type: 'image/webp' }), 'snap.webp');
    const saved = await asha.postForm(`/api/saveAIImage/${MCQ}/png`, form, { [PROCTOR_TOKEN_HEADER]: token });
    expect(saved.status).toBe(200);
    const { fileName } = snapshotReplySchema.parse(await saved.json());
    expect(fileName).toMatch(/\.webp$/);

    // snapUpload: form test_id and data as a data URL (urlencoded), with the student's token.
    const urlencoded = new URLSearchParams({ test_id: MCQ, data: `data:image/png;base64,${PNG.toString('base64')}`, reason: 'NO_FACE' });
    const snap = await t.app.request(`/api/snapUpload/${MCQ}/png`, {
      method: 'POST',
      headers: { ...asha.headers, 'content-type': 'application/x-www-form-urlencoded' },
      body: urlencoded.toString(),
    });
    expect(snap.status).toBe(200);
    const png = snapshotReplySchema.parse(await snap.json()).fileName;
    expect(png).toMatch(/\.png$/);

    const now = t.clock.now();
    await t.postJson('/api/proctor/events', eventsBody(MCQ, now, [event('MULTI_FACE', now, { source: 'extension', evidence: fileName, detail: { faces: 2 } })]), { [PROCTOR_TOKEN_HEADER]: token });
    await asha.post('/api/proctor/events', eventsBody(MCQ, now, [event('NO_FACE', now + 1, { evidence: png })]));

    // Rohan cannot attach Asha's snapshot to his own trail.
    const rohan = await student(t, 'DEMO002');
    await rohan.start(MCQ);
    await rohan.post('/api/proctor/events', eventsBody(MCQ, now, [event('NO_FACE', now, { evidence: fileName })]));

    await asha.submit(MCQ);
    const timeline = proctorTimelineReplySchema.parse(await (await asha.timeline(MCQ)).json());
    expect(timeline.snapshots).toBe(2);
    const [multi, none] = timeline.events;
    expect(multi).toMatchObject({ kind: 'MULTI_FACE', source: 'extension', detail: { faces: 2 } });
    const url = multi?.evidence_url as string;
    expect(url).toContain(fileName);
    expect(none?.evidence_url).toContain(png);

    const file = await t.app.request(url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/webp');
    expect(Buffer.from(await file.arrayBuffer())).toEqual(WEBP);
    expect((await t.app.request(url.split('?')[0] as string)).status).toBe(403);
    expect((await t.app.request(url.replace(/s=[^&]+/, 's=AAAA'))).status).toBe(403);
    expect((await t.app.request(url.replace(fileName, png))).status).toBe(403);

    await rohan.submit(MCQ);
    const his = proctorTimelineReplySchema.parse(await (await rohan.timeline(MCQ)).json());
    expect(his.events[0]?.evidence_url).toBeNull();
    // Nor is the name stored: a proctor's trail would sign a link to any file it names.
    const stored = await t.db.kysely.selectFrom('proctor_events').innerJoin('attempts', 'attempts.id', 'proctor_events.attempt_id').select('proctor_events.evidence').where('attempts.user_id', '=', t.userIds['DEMO002']!).execute();
    expect(stored).toEqual([{ evidence: null }]);
  });

  it("keeps the identity check's FACE_MISMATCH with its snapshot and likeness, as a flag the student sees with the result", async () => {
    const t = await newApp();
    const asha = await student(t);
    await asha.start(MCQ);
    const urlencoded = new URLSearchParams({ test_id: MCQ, data: `data:image/png;base64,${PNG.toString('base64')}`, reason: 'FACE_MISMATCH' });
    const snap = await t.app.request(`/api/snapUpload/${MCQ}/png`, {
      method: 'POST',
      headers: { ...asha.headers, 'content-type': 'application/x-www-form-urlencoded' },
      body: urlencoded.toString(),
    });
    expect(snap.status).toBe(200);
    const evidence = snapshotReplySchema.parse(await snap.json()).fileName;
    const now = t.clock.now();
    const sent = await asha.post('/api/proctor/events', eventsBody(MCQ, now, [event('FACE_MISMATCH', now, { evidence, detail: { similarity: 0.21, looks: 3 } })]));
    expect(sent.status).toBe(200);
    await asha.submit(MCQ);
    const timeline = proctorTimelineReplySchema.parse(await (await asha.timeline(MCQ)).json());
    expect(timeline.events).toHaveLength(1);
    expect(timeline.events[0]).toMatchObject({ kind: 'FACE_MISMATCH', source: 'page', detail: { similarity: 0.21, looks: 3 } });
    expect(timeline.events[0]?.evidence_url).toContain(evidence);
  });

  it('refuses what is not an image, too large, for another test, missing, or after submission', async () => {
    const t = await newApp();
    const asha = await student(t);
    const upload = (bytes: Buffer | null, testId: string = MCQ, pathTest: string = MCQ, headers: Record<string, string> = asha.headers) => {
      const form = new FormData();
      form.set('test_id', testId);
      if (bytes) form.set('image', new Blob([bytes]), 'snap.webp');
      return t.app.request(`/api/saveAIImage/${pathTest}/png`, { method: 'POST', headers, body: form });
    };
    expect((await upload(WEBP)).status).toBe(403); // not started
    await asha.start(MCQ);
    const cases: [Response, number, string][] = [
      [await upload(Buffer.from('%PDF-1.4 not an image')), 422, PROCTOR_MESSAGES.snapshotNotImage],
      [await upload(Buffer.concat([WEBP, Buffer.alloc(MAX_SNAPSHOT_BYTES)])), 413, PROCTOR_MESSAGES.snapshotTooLarge],
      [await upload(WEBP, OTHER), 422, PROCTOR_MESSAGES.snapshotTestMismatch],
      [await upload(null), 422, PROCTOR_MESSAGES.snapshotRequired],
    ];
    for (const [response, status, message] of cases) {
      expect({ status: response.status, message: await messageOf(response) }).toEqual({ status, message });
    }
    const json = await asha.post(`/api/saveAIImage/${MCQ}/png`, { test_id: MCQ });
    expect(json.status).toBe(400);
    expect((await upload(WEBP, MCQ, MCQ, {})).status).toBe(401);
    const badExt = await t.app.request(`/api/snapUpload/${MCQ}/exe`, { method: 'POST', headers: asha.headers, body: new FormData() });
    expect(badExt.status).toBe(422);
    // Bigger than the route's body limit: refused before it is read.
    const huge = await t.app.request(`/api/snapUpload/${MCQ}/png`, {
      method: 'POST',
      headers: { ...asha.headers, 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(3 * 1024 * 1024) },
      body: 'x'.repeat(3 * 1024 * 1024),
    });
    expect(huge.status).toBe(413);

    await asha.submit(MCQ);
    const after = await upload(WEBP);
    expect(after.status).toBe(403);
    expect(await messageOf(after)).toBe(PROCTOR_MESSAGES.notRunning);
    expect(t.logger.errors).toEqual([]);
  });
});
