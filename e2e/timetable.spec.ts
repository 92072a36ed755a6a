import AxeBuilder from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { E2E_DATA_DIR, E2E_JITSI_DOMAIN } from './e2e-env';
import { apiToken, importFixture, type E2eStudent } from './student-session';

/**
 * The timetable, its class dialog, the live-class page JOIN opens and Home's next class, by the
 * spec's labels. A student and class of this spec's own, with classes dated from today (the
 * server's zone is this machine's), so the journeys hold whatever the weekday and the hour:
 * today's Physics (with a meeting link) runs all day, today's Biology has no link (the
 * institute's Jitsi room), today's English is canceled, and Chemistry is tomorrow.
 */

const STUDENT: E2eStudent = { reg_no: 'E2ETT001', email: 'timetable-e2e@example.edu', name: 'Tara Timetable', password: 'timetable-1' };
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

const localDate = (at: Date) => `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
const TODAY = localDate(new Date());
const TODAY_INDEX = (new Date().getDay() + 6) % 7;
const TODAY_NAME = DAYS[TODAY_INDEX]!;
const TOMORROW_NAME = DAYS[(TODAY_INDEX + 1) % 7]!;

const schedule = (id: string, subject_id: string, day: string, slot: number, time: string, duration: number, extra: Record<string, unknown> = {}) => ({
  id, class_id: 'e2e-tt-class', subject_id, day, slot, time, duration, ...extra,
});

test.beforeAll(() => {
  importFixture(E2E_DATA_DIR, 'timetable-e2e', {
    students: [STUDENT],
    classes: [{ id: 'e2e-tt-class', name: 'Class 9 - Timetable', subjects: [{ subject_id: 'demo-biology', teachers: ['Dr. Meena Das'] }] }],
    profiles: [{ reg_no: STUDENT.reg_no, class_id: 'e2e-tt-class' }],
    schedules: [
      // Classes may not overlap: Physics holds the day from 00:01 to 23:59, between a canceled
      // English and Biology's last minute, so Home's next class is Physics at any test time but 23:59.
      schedule('e2e-tt-english', 'demo-english', TODAY_NAME, 1, '00:00', 1, { teachers: ['Ms. Kavita Rao'], canceled: [TODAY] }),
      schedule('e2e-tt-physics', 'demo-physics', TODAY_NAME, 2, '00:01', 1438, { teachers: ['Dr. Anil Kumar'], meeting_url: 'https://meet.example.edu/tt-physics' }),
      schedule('e2e-tt-biology', 'demo-biology', TODAY_NAME, 3, '23:59', 1),
      schedule('e2e-tt-chemistry', 'demo-chemistry', TOMORROW_NAME, 1, '09:00', 45, { teachers: ['Ms. Priya Nair'] }),
    ],
  });
});

/** A signed-in context (the token stored as the portal stores it): its new windows are signed in too. */
async function signedInContext(context: BrowserContext, request: Parameters<typeof apiToken>[0]): Promise<void> {
  const token = await apiToken(request, STUDENT);
  await context.addInitScript((value) => localStorage.setItem('jwt_token', value), token);
}

/**
 * axe on this spec's own states (the accessibility spec scans each route as it opens): the part
 * that is new in that state, not inside the stand-in room.
 */
async function expectNoAxeViolations(page: Page, where: string, include: string) {
  const results = await new AxeBuilder({ page }).setLegacyMode(true).include(include).options({ iframes: false }).exclude('[data-focus-guard]').analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), where).toEqual([]);
}

/** The Jitsi IFrame API of the institute's domain, stood in for by routes: a script and a room page. */
async function standInForJitsi(context: BrowserContext) {
  await context.route(`https://${E2E_JITSI_DOMAIN}/external_api.js`, (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: `window.JitsiMeetExternalAPI = function (domain, options) {
        var frame = document.createElement('iframe');
        frame.src = 'https://' + domain + '/' + options.roomName;
        frame.style.cssText = 'width:100%;height:100%;border:0';
        options.parentNode.appendChild(frame);
        this.getIFrame = function () { return frame; };
        this.dispose = function () { frame.remove(); };
      };`,
    }),
  );
  await context.route(new RegExp(`^https://${E2E_JITSI_DOMAIN.replace(/\./g, '\\.')}/invigil-`), (route) =>
    route.fulfill({ contentType: 'text/html', body: `<!doctype html><html lang="en"><title>Room</title><h1>Stand-in Jitsi room ${new URL(route.request().url()).pathname.slice(1)}</h1></html>` }),
  );
}

test('wide screens: the week grid of days by slots, canceled classes and the class dialog', async ({ context, page, request }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signedInContext(context, request);

  await page.goto('/timetable');

  // The grid: a table of days Monday to Sunday by 10 slots, today marked.
  const grid = page.getByRole('table');
  await expect(grid.getByRole('columnheader')).toHaveText(['Day', ...Array.from({ length: 10 }, (_, i) => `Slot ${i + 1}`)]);
  await expect(grid.getByRole('rowheader')).toHaveText(DAYS.map((day) => (day === TODAY_NAME ? `${day}Today` : day)));
  const physics = grid.getByRole('button', { name: /^PHYSICS/ });
  await expect(physics).toContainText('12:01 AM');
  await expect(physics).toContainText('1438 mins');
  await expect(physics).toContainText('Dr. Anil Kumar');

  // A canceled class: red, and saying so in words; its dialog offers CANCELED, not JOIN.
  const english = grid.getByRole('button', { name: /^ENGLISH/ });
  await expect(english).toContainText('Canceled');
  await expect(english).toHaveClass(/bg-error/);
  await english.click();
  let dialog = page.getByRole('dialog', { name: 'ENGLISH' });
  await expect(dialog.getByRole('button', { name: 'CANCELED', exact: true })).toBeDisabled();
  await expect(dialog.getByRole('link', { name: /JOIN/ })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'CLOSE', exact: true }).click();
  await expect(dialog).toBeHidden();

  // Tomorrow's class, by keyboard: it joins only on its day.
  await grid.getByRole('button', { name: /^CHEMISTRY/ }).focus();
  await page.keyboard.press('Enter');
  dialog = page.getByRole('dialog', { name: 'CHEMISTRY' });
  await expect(dialog).toContainText(`Class can be joined only on ${TOMORROW_NAME}`);
  await expect(dialog).toContainText('Ms. Priya Nair');
  await expect(dialog).toContainText('09:00 AM');
  await expect(dialog).toContainText('45 mins');
  await expect(dialog.getByRole('button', { name: 'JOIN', exact: true })).toBeDisabled();
  await expectNoAxeViolations(page, 'the class dialog at 1280 px', 'dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(grid.getByRole('button', { name: /^CHEMISTRY/ })).toBeFocused();
});

test("JOIN opens today's class in a new window with its meeting link; another day's class is refused", async ({ context, page, request }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signedInContext(context, request);
  await page.goto('/timetable');

  // Today's class: JOIN opens the live-class page in a new window with the class id, date and API.
  await page.getByRole('table').getByRole('button', { name: /^PHYSICS/ }).click();
  const dialog = page.getByRole('dialog', { name: 'PHYSICS' });
  const opened = context.waitForEvent('page');
  await dialog.getByRole('link', { name: /^JOIN/ }).click();
  const live = await opened;
  await expect(live).toHaveURL((url) => url.pathname === '/live-class/e2e-tt-physics' && url.searchParams.get('date') === TODAY && url.searchParams.get('api') === `${new URL(page.url()).origin}/api`);
  await expect(live.getByRole('heading', { name: 'Live Class', level: 1 })).toBeVisible();
  await expect(live.getByRole('heading', { name: 'PHYSICS' })).toBeVisible();
  await expect(live.getByText('Class 9 - Timetable')).toBeVisible();
  await expect(live.getByText('Dr. Anil Kumar')).toBeVisible();
  await expect(live.getByRole('link', { name: 'Join the meeting' })).toHaveAttribute('href', 'https://meet.example.edu/tt-physics');

  // Another day's class is refused by the server with the timetable's words.
  await live.goto(`/live-class/e2e-tt-chemistry?date=${TODAY}`);
  await expect(live.getByRole('alert')).toContainText(`Class can be joined only on ${TOMORROW_NAME}`);
});

test("a class without a link meets in the institute's embedded Jitsi room, or says honestly that it cannot be reached", async ({ context, page, request }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signedInContext(context, request);
  await standInForJitsi(context);
  await page.goto(`/live-class/e2e-tt-biology?date=${TODAY}`);
  const room = page.frameLocator('iframe[title="Meeting room of Biology"]');
  await expect(room.getByRole('heading', { name: /^Stand-in Jitsi room invigil-[0-9a-f]{32}$/ })).toBeVisible();
  await expect(page.getByText('Dr. Meena Das')).toBeVisible();
  await expectNoAxeViolations(page, 'the live class with its Jitsi room', 'main');

  // When the Jitsi script cannot be loaded: an honest message, never a blank frame; Try again retries.
  await context.unrouteAll();
  await context.route(`https://${E2E_JITSI_DOMAIN}/**`, (route) => route.abort('connectionrefused'));
  await page.reload();
  await expect(page.getByRole('alert')).toHaveText(/The meeting room could not be reached\. Check your internet connection and try again\./);
  await expect(page.locator('iframe')).toHaveCount(0);
  await context.unrouteAll();
  await standInForJitsi(context);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(room.getByRole('heading', { name: /^Stand-in Jitsi room/ })).toBeVisible();
});

test('phones: Home\'s next class, then day buttons Mon to Sat with today chosen and the slots of the chosen day, no sideways scroll', async ({ context, page, request }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signedInContext(context, request);

  // Home: the first class still on today, with a link to the timetable.
  await page.goto('/');
  const upcoming = page.getByRole('region', { name: /^(Class now|Next class today)$/ });
  await expect(upcoming).toContainText('PHYSICS');
  await expect(upcoming).toContainText('Dr. Anil Kumar');
  await upcoming.getByRole('link', { name: 'Timetable' }).click();
  await expect(page).toHaveURL('/timetable');

  const days = page.getByRole('group', { name: 'Day' });
  const buttons = days.getByRole('button');
  const shown = TODAY_INDEX === 6 || TOMORROW_NAME === 'Sunday' ? DAYS : DAYS.slice(0, 6);
  await expect(buttons).toHaveText(shown.map((day) => day.slice(0, 3)));
  await expect(days.getByRole('button', { name: `${TODAY_NAME}, today` })).toHaveAttribute('aria-pressed', 'true');
  // Each button's name starts with the text it shows ("Mon, Monday"): what a voice-control user says reaches it.
  for (const day of shown) await expect(days.getByRole('button', { name: new RegExp(`^${day.slice(0, 3)}, ${day}`) })).toHaveText(day.slice(0, 3));
  await expect(page.getByRole('table')).toHaveCount(0);
  const slots = page.getByRole('list', { name: `Slots of ${TODAY_NAME}` });
  await expect(slots.getByRole('listitem')).toHaveCount(10);
  await expect(slots.getByRole('button', { name: /^PHYSICS/ })).toBeVisible();
  await expect(slots.getByRole('button', { name: /^ENGLISH/ })).toContainText('Canceled');

  await days.getByRole('button', { name: new RegExp(`^${TOMORROW_NAME.slice(0, 3)}, ${TOMORROW_NAME}`) }).click();
  await page.getByRole('list', { name: `Slots of ${TOMORROW_NAME}` }).getByRole('button', { name: /^CHEMISTRY/ }).click();
  const dialog = page.getByRole('dialog', { name: 'CHEMISTRY' });
  await expect(dialog).toContainText(`Class can be joined only on ${TOMORROW_NAME}`);
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(sideways).toBeLessThanOrEqual(0);
});
