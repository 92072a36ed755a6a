import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from './e2e-env';
import { apiToken, forThisWorker, importFixture, signIn, type E2eStudent } from './student-session';

/**
 * Menu pages the institute turned off (student-portal.md section 2: the menu flags; decision 0003):
 * typing such a page's address shows that it is turned off, in words, with a way home — at 1280 and
 * 360 px, by keyboard, with no axe violation — and the server refuses the page's calls (403). A
 * page turned off after sign-in is caught too: the server's config is what counts, not the token's.
 */

const HIDDEN = { MY_FEE: false, CERTIFICATE: 'false', DESK: 0, VIDEO_LECTURE: '0' };
const STUDENT: E2eStudent = forThisWorker({ reg_no: 'E2EFLAG1', email: 'flags-e2e@example.edu', name: 'Farid Flags', password: 'flags-e2e-1', config: HIDDEN });
const LATER: E2eStudent = forThisWorker({ reg_no: 'E2EFLAG2', email: 'flags-later-e2e@example.edu', name: 'Lata Later', password: 'flags-e2e-2', config: {} });

test.beforeAll(() => {
  importFixture(E2E_DATA_DIR, `page-flags-e2e-${process.env.TEST_WORKER_INDEX ?? '0'}`, { students: [STUDENT, LATER] });
});

async function expectAccessible(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).setLegacyMode(true).exclude('[data-focus-guard]').analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), where).toEqual([]);
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(sideways, `${where}: no sideways scroll`).toBeLessThanOrEqual(0);
}

async function expectTurnedOff(page: Page, title: string) {
  await expect(page.getByRole('heading', { level: 1, name: `${title} is not available` })).toBeVisible();
  await expect(page.getByTestId('page-off-message')).toHaveText(`${title} is turned off for your account by your institute.`);
}

/** Tabs until the link is focused (at most 40 presses), then follows it with Enter. */
async function tabTo(page: Page, name: string) {
  const link = page.getByRole('link', { name, exact: true });
  for (let press = 0; press < 40; press += 1) {
    await page.keyboard.press('Tab');
    if (await link.evaluate((element) => element === document.activeElement).catch(() => false)) {
      await page.keyboard.press('Enter');
      return;
    }
  }
  throw new Error(`${name} was never focused by Tab`);
}

test('a turned-off page typed as an address says so, by keyboard at 1280 and 360 px; its calls are 403', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, STUDENT);
  await page.goto('/fee-list');
  await expectTurnedOff(page, 'My Fee');
  await expect(page.getByTestId('fee-table')).toHaveCount(0);
  await expect(page).toHaveTitle('My Fees');
  await expectAccessible(page, 'My Fee turned off, 1280');
  await page.screenshot({ path: test.info().outputPath('fee-list-off-1280.png') });
  await tabTo(page, 'Back to Home');
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('navigation', { name: 'Home tiles' }).getByRole('link', { name: 'My Fee' })).toHaveCount(0);

  await page.setViewportSize({ width: 360, height: 740 });
  for (const [path, title] of [['/certificates', 'Certificate'], ['/certificate-request', 'Certificate'], ['/desk', 'Desk'], ['/video-lecture', 'Video Lecture'], ['/study/demo-physics?type=video-lecture', 'Video Lecture']] as const) {
    await page.goto(path);
    await expectTurnedOff(page, title);
    await expectAccessible(page, `${title} turned off (${path}), 360`);
  }
  await page.screenshot({ path: test.info().outputPath('video-lecture-off-360.png') });
  // The other pages stay: the study list without the video lectures, the timetable.
  await page.goto('/study');
  await expect(page.getByLabel('Type')).toHaveValue('all');
  await expect(page.getByLabel('Type').locator('option', { hasText: 'Video-Lecture' })).toHaveCount(0);
  await page.goto('/timetable');
  await expect(page.getByTestId('page-off-message')).toHaveCount(0);

  const token = await apiToken(request, STUDENT);
  for (const [path, title] of [['/api/fee-list', 'My Fee'], ['/api/certificate-requests', 'Certificate'], ['/api/desk', 'Desk'], ['/api/study-material/list/authorwise?type=video-lecture', 'Video Lecture']] as const) {
    const reply = await request.get(path, { headers: { 'x-access-token': token } });
    expect([path, reply.status(), ((await reply.json()) as { message: string }).message]).toEqual([path, 403, `${title} is turned off for your account by your institute.`]);
  }
});

test('a page the institute turns off after sign-in is refused and the portal says so', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, LATER);
  await page.goto('/fee-list');
  await expect(page.getByTestId('fee-table')).toBeVisible();
  // The institute turns My Fee off (no password in the file: the student's sessions go on); the
  // student's token still carries the old config.
  const { password: _unchanged, ...withoutPassword } = LATER;
  importFixture(E2E_DATA_DIR, `page-flags-later-e2e-${process.env.TEST_WORKER_INDEX ?? '0'}`, { students: [{ ...withoutPassword, config: { MY_FEE: false } }] });
  const token = (await page.evaluate(() => localStorage.getItem('jwt_token'))) ?? '';
  const refused = await request.get('/api/fee-list', { headers: { 'x-access-token': token } });
  expect([refused.status(), ((await refused.json()) as { message: string }).message]).toEqual([403, 'My Fee is turned off for your account by your institute.']);
  await page.reload();
  await expectTurnedOff(page, 'My Fee');
  await expectAccessible(page, 'My Fee turned off after sign-in');
});
