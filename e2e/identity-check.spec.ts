import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { E2E_BASE_URL, E2E_DATA_DIR } from './e2e-env';
import { FACE_FRAMES_DIR, faceVideos } from './face/face-harness';
import { apiToken, importFixture, submitFromLastQuestion, type E2eStudent } from './student-session';

/**
 * The identity check (issue 13, decision 0043) in the built portal on the built server: Chromium's
 * fake camera plays one person (the astronaut of python3-skimage's data, scripts/make-face-frames.mjs);
 * the student's profile photo is that person, another person, or none. The page describes the photo
 * and the camera's faces in its face worker and compares them on the device; only FACE_MISMATCH
 * (with its snapshot under IMAGE_CAPTURE) reaches the server.
 */

const student = (n: number, name: string): E2eStudent => ({ reg_no: `IDENT0${n}`, email: `ident0${n}@example.edu`, name, password: 'ident123' });
const SAME = student(1, 'Same Person');
const OTHER = student(2, 'Proxy Taker');
const NO_PHOTO = student(3, 'No Photo');

const paper = {
  duration: 30,
  parts: [{ name: 'Paper', sections: [{ name: 'Quick', questions: [{ qt: 3, pm: 1, text: '<p>One plus one?</p>', options: { A: 'One', B: 'Two' }, answer: 'B' }] }] }],
};
const TEST = {
  _id: 'e2e-identity',
  name: 'E2E: Identity check',
  // The face check every second (the floor), snapshots as evidence, and the identity check.
  config: { DETECT_MULTIFACE: true, IMAGE_CAPTURE: true, DETECT_FACE_NINTERVAL: 1, DETECT_FACE_DINTERVAL: 1, DETECT_FACE_MISMATCH: true },
  format: paper,
  assigned_to: [SAME.reg_no, OTHER.reg_no, NO_PHOTO.reg_no],
};

test.describe.configure({ mode: 'serial' });

test.beforeAll(() => {
  test.setTimeout(180_000);
  faceVideos();
  importFixture(E2E_DATA_DIR, 'identity-e2e', { students: [SAME, OTHER, NO_PHOTO], tests: [TEST] });
});

interface TimelineEvent {
  kind: string;
  source: string;
  detail: Record<string, unknown> | null;
  evidence_url: string | null;
}

const timeline = async (request: APIRequestContext, token: string): Promise<TimelineEvent[]> => {
  const reply = await request.get(`/api/proctor/events/${TEST._id}`, { headers: { 'x-access-token': token } });
  expect(reply.ok()).toBe(true);
  return ((await reply.json()) as { events: TimelineEvent[] }).events;
};

/** The profile photo, through the calls the profile page makes (presign, PUT, save). */
async function setProfilePhoto(request: APIRequestContext, token: string, frame: string): Promise<void> {
  const headers = { 'x-access-token': token };
  const presigned = await request.post('/api/presignAvatar', { data: { contentType: 'image/png' }, headers });
  expect(presigned.ok()).toBe(true);
  const { signedURL, fileName } = (await presigned.json()) as { signedURL: string; fileName: string };
  const put = await request.put(signedURL, { data: readFileSync(join(FACE_FRAMES_DIR, 'frames', frame)), headers: { 'content-type': 'image/png' } });
  expect(put.ok()).toBe(true);
  expect((await request.post('/api/saveAvatar', { data: { fileName }, headers })).ok()).toBe(true);
}

/** A browser whose fake camera plays the astronaut alone. */
const launch = (): Promise<Browser> =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${join(FACE_FRAMES_DIR, 'video/one-face.y4m')}`],
  });

/** Starts the test, opens it signed in, and waits until the camera's status line says `status`. */
async function openTest(browser: Browser, request: APIRequestContext, who: E2eStudent, status: string): Promise<{ page: Page; token: string; offOrigin: string[]; snapshotUploads: () => number }> {
  const token = await apiToken(request, who);
  expect((await request.post('/api/test/start', { data: { id: TEST._id, devices: [] }, headers: { 'x-access-token': token } })).ok()).toBe(true);
  const context = await browser.newContext();
  const offOrigin: string[] = [];
  let uploads = 0;
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (!url.startsWith(E2E_BASE_URL)) {
      offOrigin.push(url);
      return route.abort();
    }
    if (url.includes('/snapUpload/')) uploads += 1;
    return route.continue();
  });
  const page = await context.newPage();
  await page.goto(`${E2E_BASE_URL}/`);
  await page.evaluate((value) => localStorage.setItem('jwt_token', value), token);
  await page.goto(`${E2E_BASE_URL}/test/${TEST._id}/in`);
  await expect(page.getByRole('heading', { name: 'Question 1 of 1' })).toBeVisible();
  await expect(page.getByTestId('proctor-status')).toContainText(status, { timeout: 90_000 });
  return { page, token, offOrigin, snapshotUploads: () => uploads };
}

async function submit(page: Page): Promise<void> {
  await page.getByRole('radio', { name: /Option B/ }).check();
  await submitFromLastQuestion(page);
}

test('another person than the profile photo is flagged FACE_MISMATCH once, with a snapshot; advisory, shown with the result', async ({ request }) => {
  test.setTimeout(180_000);
  await setProfilePhoto(request, await apiToken(request, OTHER), '13-1-s1-left.png');
  const browser = await launch();
  try {
    const { page, token, offOrigin } = await openTest(browser, request, OTHER, 'Camera: face check on, a picture kept when it flags; compared with your profile photo on this device');
    // Three looks a second apart must all miss: wait for a few more than that (a look with its
    // description takes up to a second on a busy machine), then submit as a student does.
    await page.waitForTimeout(8_000);
    // Advisory: no warning over the test, and the test is still the student's to submit.
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await submit(page);

    const events = await timeline(request, token);
    const mismatches = events.filter((event) => event.kind === 'FACE_MISMATCH');
    expect(mismatches).toHaveLength(1);
    expect(mismatches[0]).toMatchObject({ source: 'page', detail: { looks: 3 } });
    expect(mismatches[0]!.detail!.similarity as number).toBeLessThan(0.6);
    expect(events.map((event) => event.kind)).not.toContain('AUTO_SUBMIT');
    expect(events.map((event) => event.kind)).not.toContain('WARNING_SHOWN');
    const image = await request.get(mismatches[0]!.evidence_url!);
    expect(image.ok()).toBe(true);
    expect(await sharp(await image.body()).metadata()).toMatchObject({ format: 'webp', width: 640 });
    expect(offOrigin).toEqual([]);

    await page.goto(`/test/${TEST._id}/result`);
    await page.getByRole('tab', { name: /Proctoring/ }).click();
    const panel = page.getByRole('tabpanel', { name: /Proctoring/ });
    await expect(panel.getByText('The face seen did not look like your profile photo').first()).toBeVisible();
    await expect(panel.getByText(/advisory: a person checks it/).first()).toBeVisible();
  } finally {
    await browser.close();
  }
});

test("the student's own photo matches: no flag, and nothing but the answers leaves the device", async ({ request }) => {
  test.setTimeout(180_000);
  await setProfilePhoto(request, await apiToken(request, SAME), '11-1-astronaut.png');
  const browser = await launch();
  try {
    const { page, token, offOrigin, snapshotUploads } = await openTest(browser, request, SAME, 'compared with your profile photo on this device');
    // Several looks, each of which would have flagged another person.
    await page.waitForTimeout(7_000);
    await submit(page);
    expect(await timeline(request, token)).toEqual([]);
    expect(snapshotUploads()).toBe(0);
    expect(offOrigin).toEqual([]);
  } finally {
    await browser.close();
  }
});

test('without a profile photo the student is told the face is not compared, and the proctor sees why in a note, not a flag', async ({ request }) => {
  test.setTimeout(180_000);
  const browser = await launch();
  try {
    const { page, token } = await openTest(browser, request, NO_PHOTO, 'not compared with your profile photo (there is no profile photo to compare with)');
    await submit(page);
    const events = await timeline(request, token);
    expect(events.map((event) => [event.kind, event.detail])).toEqual([['IDENTITY_CHECK_OFF', { text: 'There is no profile photo to compare with.' }]]);
    // The student's result counts no flag for it.
    await page.goto(`/test/${TEST._id}/result`);
    await page.getByRole('tab', { name: /Proctoring/ }).click();
    const panel = page.getByRole('tabpanel', { name: /Proctoring/ });
    await expect(panel.getByText('Your face was not compared with your profile photo')).toBeVisible();
    await expect(panel.getByText('No proctoring flags were raised.')).toBeVisible();
  } finally {
    await browser.close();
  }
});
